"""Batch ops for Rummikub: ``turn`` (judge a turn), ``score`` (a finished game), ``solve`` and ``can_play``.

Examples:
    >>> from rummylib.batch import handle_request
    >>> answer = handle_request({"op": "turn", "game": "rummikub", "table_before": ["r1 r2 r3"],
    ...                          "rack": "r4 k9", "table_after": ["r1 r2 r3 r4"], "initial_meld_done": True})
    >>> answer["valid"], answer["played"], answer["problems"]
    (True, 'R4', [])
    >>> handle_request({"op": "score", "game": "rummikub", "hands": ["", "r5 k3", "*"], "winner": 0})
    {'scores': [38, -8, -30]}
    >>> handle_request({"op": "solve", "game": "rummikub", "table": ["r1 r2 r3"], "rack": "r4 b9",
    ...                 "initial_meld_done": True})
    {'tiles_placed': 1, 'value_placed': 4, 'played': 'R4', 'table_after': ['R1 R2 R3 R4']}
    >>> handle_request({"op": "can_play", "game": "rummikub", "table": ["r1 r2 r3"], "tiles": "r4 b9",
    ...                 "initial_meld_done": True})
    {'valid': False}
"""

from __future__ import annotations

import math
from typing import Any

from rummylib import rummikub
from rummylib.batch.protocol import Op, Request
from rummylib.errors import ErrorCode, RequestError
from rummylib.pieces import Piece, format_pieces
from rummylib.rules import ScoringScheme
from rummylib.rummikub.turns import _batch_answer


def _turn_op(req: Request) -> dict[str, Any]:
    if not req.has("table_after"):
        raise RequestError("missing field 'table_after'", code=ErrorCode.MISSING_FIELD)
    answer = _batch_answer(req.data, req.rules)  # the usual request, straight from its text
    if answer is not None:
        return answer
    report = rummikub.validate_turn(
        req.table("table_before"),
        req.pieces("rack"),
        req.table("table_after"),
        rules=req.rules,
        initial_meld_done=req.boolean("initial_meld_done", default=False),
    )
    return report.to_json()


def _score_op(req: Request) -> dict[str, Any]:
    racks: list[tuple[Piece, ...]] = req.piece_lists("hands")
    req.rules.check_players(len(racks))
    winner = req.field("winner", int, default=None, what="a player number or null")
    return {"scores": list(rummikub.score_rummikub(racks, winner=winner, rules=req.rules))}


def _budget(req: Request) -> rummikub.Budget | None:
    """The ``budget`` field: a count of search states, or ``{"nodes": ..., "seconds": ...}``."""
    value = req.field("budget", (int, dict), default=None, what="a positive integer or an object")
    if value is None:
        return None
    if isinstance(value, int):
        if value < 1:
            raise RequestError("field 'budget' must be a positive integer", code=ErrorCode.BAD_FIELD)
        return rummikub.Budget(nodes=value)
    unknown = sorted(set(value) - {"nodes", "seconds"})
    if unknown or not value:
        raise RequestError(
            "field 'budget' must name 'nodes' (a positive integer) and/or 'seconds' (a positive number)",
            code=ErrorCode.BAD_FIELD,
        )
    nodes = value.get("nodes")
    seconds = value.get("seconds")
    if nodes is not None and (isinstance(nodes, bool) or not isinstance(nodes, int) or nodes < 1):
        raise RequestError("budget 'nodes' must be a positive integer", code=ErrorCode.BAD_FIELD)
    if seconds is not None and (
        isinstance(seconds, bool) or not isinstance(seconds, int | float) or not math.isfinite(seconds) or seconds <= 0
    ):
        raise RequestError("budget 'seconds' must be a positive number", code=ErrorCode.BAD_FIELD)
    return rummikub.Budget(nodes=nodes, seconds=None if seconds is None else float(seconds))


_TIME_SHARE = 0.8
"""The share of the server's time limit a search may use, leaving the rest to build its answer."""


def _capped(budget: rummikub.Budget | None, max_seconds: float | None) -> rummikub.Budget | None:
    """The client's budget, its seconds capped by the server's time limit.

    The search then stops with its best play so far, before the limit stops the request.
    """
    if max_seconds is None:
        return budget
    cap = max_seconds * _TIME_SHARE
    if budget is None:
        return rummikub.Budget(seconds=cap)
    return rummikub.Budget(nodes=budget.nodes, seconds=cap if budget.seconds is None else min(budget.seconds, cap))


def _solve_op(req: Request) -> dict[str, Any]:
    solution = rummikub.solve(
        list(req.table("table").melds),
        req.pieces("rack"),
        rules=req.rules,
        initial_meld_done=req.boolean("initial_meld_done"),
        objective=req.text("objective", default="tiles"),
        budget=_capped(_budget(req), req.max_seconds),
    )
    out: dict[str, Any] = {
        "tiles_placed": solution.tiles_placed,
        "value_placed": solution.value_placed,
        "played": format_pieces(solution.played),
        "table_after": [str(m) for m in solution.table_after],
    }
    if not solution.proved:
        out["proved"] = False
    return out


def _can_play_op(req: Request) -> dict[str, Any]:
    table = list(req.table("table").melds)
    tiles = req.pieces("tiles")
    done = req.boolean("initial_meld_done")
    budget = _budget(req)
    if not req.boolean("layout", default=False):
        return {"valid": rummikub.can_play(table, tiles, rules=req.rules, initial_meld_done=done, budget=budget)}
    after = rummikub.lay_down(table, tiles, rules=req.rules, initial_meld_done=done, budget=budget)
    if after is None:
        return {"valid": False}
    return {"valid": True, "table_after": [str(m) for m in after]}


_RUMMIKUB = frozenset({ScoringScheme.RACK})

OPS: tuple[Op, ...] = (
    Op("turn", frozenset({"table_before", "rack", "table_after", "initial_meld_done"}), _turn_op, _RUMMIKUB),
    Op("score", frozenset({"hands", "winner"}), _score_op, _RUMMIKUB),
    Op("solve", frozenset({"table", "rack", "initial_meld_done", "objective", "budget"}), _solve_op, _RUMMIKUB),
    Op("can_play", frozenset({"table", "tiles", "initial_meld_done", "layout", "budget"}), _can_play_op, _RUMMIKUB),
)
"""``turn``, ``score``, ``solve`` and ``can_play`` (Rummikub)."""
