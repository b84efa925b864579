"""Batch ops for Gin Rummy: ``deadwood`` (a hand), ``score`` (a knocked hand), ``defender_layoffs``.

* ``deadwood``: ``{"hand": "..."}`` → ``{"deadwood", "melds", "discard"}``;
* ``score``: ``{"hands": [knocker's, defender's], "knocker": 0, "first_upcard": "..."}`` (the last
  two optional: the knocker is the first hand unless told, the first upcard is for Oklahoma) →
  ``{"scores", "winner", "kind", "points", "knocker_melds", "layoffs"}``: ``scores`` has one entry
  per hand (the winner's points, 0 for the other), ``winner`` is a seat, ``layoffs`` the
  defender's lay-offs on ``knocker_melds``;
* ``defender_layoffs``: ``{"melds": ["..."], "hand": "..."}`` (the knocker's melds, the
  defender's cards) → ``{"valid", "layoffs", "melds", "deadwood", "defender_melds", "unmelded",
  "problems"}``, the defender's best lay-offs (`rummylib.gin.layoffs`); ``valid`` is false, with
  the problems, when a knocker's meld is not a valid meld.

Lay-offs are ``[{"card": "7c", "meld": 0}, ...]`` in both answers: each card with the index of the
knocker's meld it goes on. Laying given cards off on one meld is the ``layoff`` op of every card
game (`rummylib.batch.layoffs`).

Examples:
    >>> from rummylib.batch import handle_request
    >>> handle_request({"op": "deadwood", "game": "gin_rummy", "hand": "Ah 2h 3h 9c Kd"})
    {'deadwood': 19, 'melds': ['Ah 2h 3h'], 'discard': None}
    >>> answer = handle_request({"op": "defender_layoffs", "game": "gin", "melds": ["4c 5c 6c", "9d 9h 9s"],
    ...                          "hand": "3c 7c 9c Kd Kh 2d"})
    >>> answer["layoffs"], answer["deadwood"], answer["unmelded"]
    ([{'card': '3c', 'meld': 0}, {'card': '7c', 'meld': 0}, {'card': '9c', 'meld': 1}], 22, '2d Kd Kh')
    >>> handle_request({"op": "score", "game": "gin",
    ...                 "hands": ["Ah 2h 3h 7c 7d 7s 4c 5c 6c 2d", "Kc Kd 9c 10c Jc 8h 9h 10h Jh Qh"]})
    ... # doctest: +NORMALIZE_WHITESPACE
    {'scores': [18, 0], 'winner': 0, 'kind': 'knock', 'points': 18,
     'knocker_melds': ['7c 7d 7s', '4c 5c 6c', 'Ah 2h 3h'], 'layoffs': []}
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


def _layoffs_json(layoffs: Any) -> list[dict[str, Any]]:
    return [{"card": str(lo.card), "meld": lo.meld} for lo in layoffs]


def _score_op(req: Request) -> dict[str, Any]:
    hands = req.piece_lists("hands")
    if len(hands) != 2:
        raise RequestError(
            f"field 'hands' must hold 2 hands (Gin Rummy is for 2 players), not {len(hands)}", code=ErrorCode.BAD_FIELD
        )
    knocker = req.field("knocker", int, default=0, what="a seat (0 or 1)")
    if knocker not in (0, 1):
        raise RequestError(f"field 'knocker' must be seat 0 or 1, not {knocker}", code=ErrorCode.BAD_FIELD)
    result = gin.score_hand(
        hands[knocker], hands[1 - knocker], rules=req.rules, first_upcard=req.piece("first_upcard", default=None)
    )
    winner = knocker if result.winner == "knocker" else 1 - knocker
    scores = [0, 0]
    scores[winner] = result.points
    return {
        "scores": scores,
        "winner": winner,
        "kind": result.kind.value,
        "points": result.points,
        "knocker_melds": [str(m) for m in result.knocker_melds],
        "layoffs": _layoffs_json(result.layoffs),
    }


def _defender_layoffs_op(req: Request) -> dict[str, Any]:
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
        "layoffs": _layoffs_json(found.layoffs),
        "melds": [str(m) for m in found.melds_after],
        "deadwood": found.deadwood,
        "defender_melds": [str(m) for m in found.defender_melds],
        "unmelded": format_pieces(found.unmelded),
        "problems": [],
    }


_GIN = frozenset({ScoringScheme.GIN})

OPS: tuple[Op, ...] = (
    Op("deadwood", frozenset({"hand"}), _deadwood_op, _GIN),
    Op("score", frozenset({"hands", "knocker", "first_upcard"}), _score_op, _GIN),
    Op("defender_layoffs", frozenset({"melds", "hand"}), _defender_layoffs_op, _GIN),
)
"""``deadwood``, ``score`` and ``defender_layoffs`` (Gin Rummy)."""
