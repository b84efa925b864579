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

import functools
from typing import Any

from rummylib.batch import Op, Request, _json_type
from rummylib.errors import RequestError, RummyError
from rummylib.melds import Meld
from rummylib.notation import parse_pieces
from rummylib.pieces import Piece
from rummylib.rules import RuleSet, ScoringScheme
from rummylib.scoring import score_rummikub
from rummylib.table import Table, validate_turn

_SHORT = 200  # notation this short is cached (a set is at most 13 tiles: about 50 characters)


@functools.lru_cache(maxsize=8192)
def _parse_set(text: str, rules: RuleSet) -> tuple[Piece, ...]:
    """One set's notation, parsed (cached: a server sees the same sets turn after turn)."""
    return parse_pieces(text, rules=rules)


def _table(req: Request, name: str) -> Table:
    value = req.field(name, (list, str), default=[], what="a list of sets in notation (or one '|' string)")
    if isinstance(value, str):
        try:
            return Table.parse(value, rules=req.rules)
        except RummyError as exc:
            exc.args = (f"{name}: {exc.message}",)  # keep the error's class and code
            raise exc from None
    if len(value) > 10_000:
        raise RequestError(f"field {name!r} has {len(value)} items; the limit is 10000", code="too-large")
    melds = []
    for i, item in enumerate(value):
        if not isinstance(item, str):
            raise RequestError(f"field {name!r} item {i} must be a string, not {_json_type(item)}", code="bad-field")
        try:
            pieces = _parse_set(item, req.rules) if len(item) <= _SHORT else parse_pieces(item, rules=req.rules)
        except RummyError as exc:
            exc.args = (f"{name}[{i}]: {exc.message}",)
            raise exc from None
        melds.append(Meld(pieces))
    return Table(melds)


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
