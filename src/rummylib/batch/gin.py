"""Batch ops for Gin Rummy: ``deadwood`` (the least deadwood of a hand) and ``score`` (a knocked hand).

* ``deadwood``: ``{"hand": "..."}`` → ``{"deadwood", "melds", "discard"}``;
* ``score``: ``{"knocker": "...", "defender": "...", "upcard": "..."}`` (``upcard`` optional) →
  ``{"winner", "kind", "points", "layoffs"}``.

Examples:
    >>> from rummylib.batch import handle_request
    >>> handle_request({"op": "deadwood", "game": "gin_rummy", "hand": "Ah 2h 3h 9c Kd"})
    {'deadwood': 19, 'melds': ['Ah 2h 3h'], 'discard': None}
"""

from __future__ import annotations

from typing import Any

from rummylib import gin
from rummylib.batch.protocol import Op, Request
from rummylib.rules import ScoringScheme


def _deadwood_op(req: Request) -> dict[str, Any]:
    result = gin.deadwood(req.pieces("hand"), rules=req.rules)
    return {
        "deadwood": result.deadwood,
        "melds": [str(m) for m in result.melds],
        "discard": None if result.discard is None else str(result.discard),
    }


def _score_op(req: Request) -> dict[str, Any]:
    result = gin.score_hand(
        req.pieces("knocker"),
        req.pieces("defender"),
        rules=req.rules,
        upcard=req.piece("upcard", default=None),
    )
    return {
        "winner": result.winner,
        "kind": result.kind.value,
        "points": result.points,
        "layoffs": result.layoff_text,
    }


_GIN = frozenset({ScoringScheme.GIN})

OPS: tuple[Op, ...] = (
    Op("deadwood", frozenset({"hand"}), _deadwood_op, _GIN),
    Op("score", frozenset({"knocker", "defender", "upcard"}), _score_op, _GIN),
)
"""``deadwood`` and ``score`` (Gin Rummy)."""
