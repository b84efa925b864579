"""Batch ops for Gin Rummy and Indian Rummy (see `rummylib.batch`).

* ``deadwood`` (Gin): ``{"deadwood", "melds", "discard"}``;
* ``score`` (Gin): ``{"winner", "kind", "points", "layoffs"}``;
* ``declare`` (Indian): ``{"valid", "problems"}``;
* ``points`` (Indian): ``{"points"}``, the fewest points the hand can be arranged to.

Examples:
    >>> from rummylib.batch import handle_request
    >>> handle_request({"op": "deadwood", "game": "gin_rummy", "hand": "Ah 2h 3h 9c Kd"})
    {'deadwood': 19, 'melds': ['Ah 2h 3h'], 'discard': None}
    >>> handle_request({"op": "points", "game": "indian_rummy", "wild_rank": "5",
    ...                 "hand": "4s 5s 6s 7h 8h Kd Kc 2c 9d 3h 3d Qs 5d"})
    {'points': 47}
"""

from __future__ import annotations

from typing import Any

from rummylib import gin, indian
from rummylib.batch import Op, Request
from rummylib.rules import ScoringScheme


def _deadwood_op(req: Request) -> dict[str, Any]:
    result = gin.deadwood(req.pieces("hand"), rules=req.rules)
    return {
        "deadwood": result.deadwood,
        "melds": [str(m) for m in result.melds],
        "discard": None if result.discard is None else str(result.discard),
    }


def _gin_score_op(req: Request) -> dict[str, Any]:
    upcard = req.pieces("upcard") if req.has("upcard") else None
    if upcard is not None and len(upcard) != 1:
        from rummylib.errors import RequestError

        raise RequestError(f"field 'upcard' must be one card, not {len(upcard)}", code="bad-field")
    result = gin.score_hand(
        req.pieces("knocker"),
        req.pieces("defender"),
        rules=req.rules,
        upcard=upcard[0] if upcard else None,
    )
    return {
        "winner": result.winner,
        "kind": result.kind.value,
        "points": result.points,
        "layoffs": result.layoff_text,
    }


def _declare_op(req: Request) -> dict[str, Any]:
    groups = req.piece_lists("groups")
    problems = indian.declaration_violations(groups, rules=req.rules)
    return {"valid": not problems, "problems": [v.to_json() for v in problems]}


def _indian_points_op(req: Request) -> dict[str, Any]:
    return {"points": indian.losing_points(req.pieces("hand"), rules=req.rules)}


OPS: tuple[Op, ...] = (
    Op("deadwood", frozenset({"hand"}), _deadwood_op, frozenset({ScoringScheme.GIN})),
    Op("score", frozenset({"knocker", "defender", "upcard"}), _gin_score_op, frozenset({ScoringScheme.GIN})),
    Op("declare", frozenset({"groups"}), _declare_op, frozenset({ScoringScheme.INDIAN})),
    Op("points", frozenset({"hand"}), _indian_points_op, frozenset({ScoringScheme.INDIAN})),
)
"""Ops registered by this module."""
