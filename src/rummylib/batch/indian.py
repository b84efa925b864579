"""Batch ops for Indian Rummy: ``declare`` (is this a valid declaration) and ``points`` (a losing hand).

* ``declare``: ``{"melds": ["...", ...]}`` → ``{"valid", "problems"}``;
* ``points``: ``{"hand": "..."}`` → ``{"points"}``, the fewest points the hand can be arranged to.

Examples:
    >>> from rummylib.batch import handle_request
    >>> handle_request({"op": "points", "game": "indian_rummy", "rules": {"wild_ranks": ["5"]},
    ...                 "hand": "4s 5s 6s 7h 8h Kd Kc 2c 9d 3h 3d Qs 5d"})
    {'points': 47}
"""

from __future__ import annotations

from typing import Any

from rummylib import indian
from rummylib.batch.protocol import Op, Request
from rummylib.rules import ScoringScheme


def _declare_op(req: Request) -> dict[str, Any]:
    melds = req.piece_lists("melds")
    problems = indian.declaration_violations(melds, rules=req.rules)
    return {"valid": not problems, "problems": [v.to_json() for v in problems]}


def _points_op(req: Request) -> dict[str, Any]:
    return {"points": indian.losing_points(req.pieces("hand"), rules=req.rules)}


_INDIAN = frozenset({ScoringScheme.INDIAN})

OPS: tuple[Op, ...] = (
    Op("declare", frozenset({"melds"}), _declare_op, _INDIAN),
    Op("points", frozenset({"hand"}), _points_op, _INDIAN),
)
"""``declare`` and ``points`` (Indian Rummy)."""
