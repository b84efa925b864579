"""Batch ops for Gin Rummy: ``deadwood`` (a hand), ``score`` (a knocked hand), ``layoff`` (the defender's).

* ``deadwood``: ``{"hand": "..."}`` → ``{"deadwood", "melds", "discard"}``;
* ``score``: ``{"knocker": "...", "defender": "...", "upcard": "..."}`` (``upcard`` optional) →
  ``{"winner", "kind", "points", "layoffs"}``;
* ``layoff``: ``{"melds": ["..."], "hand": "..."}`` (the knocker's melds, the defender's cards) →
  ``{"valid", "layoffs", "melds", "deadwood", "defender_melds", "unmelded", "problems"}``, the
  defender's best lay-offs (`rummylib.gin.layoffs`); ``valid`` is false, with the problems, when
  a knocker's meld is not a valid meld.

Examples:
    >>> from rummylib.batch import handle_request
    >>> handle_request({"op": "deadwood", "game": "gin_rummy", "hand": "Ah 2h 3h 9c Kd"})
    {'deadwood': 19, 'melds': ['Ah 2h 3h'], 'discard': None}
    >>> answer = handle_request({"op": "layoff", "game": "gin", "melds": ["4c 5c 6c", "9d 9h 9s"],
    ...                          "hand": "3c 7c 9c Kd Kh 2d"})
    >>> answer["layoffs"], answer["deadwood"], answer["unmelded"]
    ([{'card': '3c', 'meld': 0}, {'card': '7c', 'meld': 0}, {'card': '9c', 'meld': 1}], 22, '2d Kd Kh')
"""

from __future__ import annotations

from typing import Any

from rummylib import gin
from rummylib.batch.protocol import Op, Request
from rummylib.errors import ErrorCode, InvalidMeldError, RequestError
from rummylib.pieces import format_pieces
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


def _layoff_op(req: Request) -> dict[str, Any]:
    if not req.has("melds"):
        raise RequestError("missing field 'melds'", code=ErrorCode.MISSING_FIELD)
    melds = req.table("melds")
    hand = req.pieces("hand")
    try:
        found = gin.layoffs(melds, hand, rules=req.rules)
    except InvalidMeldError as exc:
        return {
            "valid": False,
            "layoffs": None,
            "melds": None,
            "deadwood": None,
            "defender_melds": None,
            "unmelded": None,
            "problems": [v.to_json() for v in exc.violations],
        }
    return {
        "valid": True,
        "layoffs": [{"card": str(lo.card), "meld": lo.meld} for lo in found.layoffs],
        "melds": [str(m) for m in found.melds_after],
        "deadwood": found.deadwood,
        "defender_melds": [str(m) for m in found.defender_melds],
        "unmelded": format_pieces(found.unmelded),
        "problems": [],
    }


_GIN = frozenset({ScoringScheme.GIN})

OPS: tuple[Op, ...] = (
    Op("deadwood", frozenset({"hand"}), _deadwood_op, _GIN),
    Op("score", frozenset({"knocker", "defender", "upcard"}), _score_op, _GIN),
    Op("layoff", frozenset({"melds", "hand"}), _layoff_op, _GIN),
)
"""``deadwood``, ``score`` and ``layoff`` (Gin Rummy)."""
