"""Batch ops for Rummikub (see `rummylib.batch`): ``turn`` and ``score``.

Examples:
    >>> from rummylib.batch import handle_request
    >>> answer = handle_request({"op": "turn", "game": "rummikub", "table_before": ["r1 r2 r3"],
    ...                          "rack": "r4 k9", "table_after": ["r1 r2 r3 r4"], "initial_meld_done": True})
    >>> answer["valid"], answer["played"], answer["problems"]
    (True, 'R4', [])
    >>> handle_request({"op": "score", "game": "rummikub", "racks": ["", "r5 k3", "*"], "winner": 0})
    {'scores': [38, -8, -30]}
"""

from __future__ import annotations

from typing import Any

from rummylib.batch import Op, Request
from rummylib.errors import RequestError, RummyError
from rummylib.melds import Meld
from rummylib.pieces import Piece
from rummylib.rules import ScoringScheme
from rummylib.scoring import score_rummikub
from rummylib.table import Table, validate_turn


def _table(req: Request, name: str) -> Table:
    value = req.field(name, (list, str), default=[], what="a list of sets in notation (or one '|' string)")
    if isinstance(value, str):
        try:
            return Table.parse(value, rules=req.rules)
        except RummyError as exc:
            raise type(exc)(f"{name}: {exc.message}", code=exc.code) from None
    return Table(Meld(pieces) for pieces in req.piece_lists(name))


def _turn_op(req: Request) -> dict[str, Any]:
    if not req.has("table_after"):
        raise RequestError("missing field 'table_after'", code="missing-field")
    report = validate_turn(
        _table(req, "table_before"),
        req.pieces("rack", default=""),
        _table(req, "table_after"),
        rules=req.rules,
        initial_meld_done=req.boolean("initial_meld_done", default=False),
    )
    return report.to_json()


def _score_op(req: Request) -> dict[str, Any]:
    racks: list[tuple[Piece, ...]] = req.piece_lists("racks")
    req.rules.check_players(len(racks))
    req.rules.check_piece_counts([p for rack in racks for p in rack], what="racks")
    winner = req.field("winner", int, default=None, what="a player number or null")
    return {"scores": list(score_rummikub(racks, winner=winner, rules=req.rules))}


OPS: tuple[Op, ...] = (
    Op(
        "turn",
        frozenset({"table_before", "rack", "table_after", "initial_meld_done"}),
        _turn_op,
        frozenset({ScoringScheme.RACK}),
    ),
    Op("score", frozenset({"racks", "winner"}), _score_op, frozenset({ScoringScheme.RACK})),
)
"""Ops registered by this module: ``turn`` and ``score`` (Rummikub)."""
