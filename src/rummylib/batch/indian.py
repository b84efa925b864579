"""Batch ops for Indian Rummy: ``declare`` (a declaration), ``points`` (a losing hand), ``score`` (a deal).

* ``declare``: ``{"melds": ["...", ...]}`` → ``{"valid", "problems"}``;
* ``points``: ``{"hand": "..."}`` → ``{"points"}``, the fewest points the hand can be arranged to;
* ``score``: ``{"hands": ["...", ...], "winner": seat}`` → ``{"scores"}``, the points of a deal
  after a valid declaration by ``winner``: 0 for the declarer, each other hand's ``points``
  (`rummylib.indian.score_deal`).

Examples:
    >>> from rummylib.batch import handle_request
    >>> handle_request({"op": "points", "game": "indian_rummy", "rules": {"wild_ranks": ["5"]},
    ...                 "hand": "4s 5s 6s 7h 8h Kd Kc 2c 9d 3h 3d Qs 5d"})
    {'points': 47}
    >>> no_sequence, one_pure = "Kh Kd Ks Qh Qd Qs 9h 9d 9s 7c 7d 7h 2c", "Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh"
    >>> handle_request({"op": "score", "game": "indian_rummy", "winner": 0, "hands": ["", no_sequence, one_pure]})
    {'scores': [0, 80, 0]}
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


def _score_op(req: Request) -> dict[str, Any]:
    hands = req.piece_lists("hands")
    req.rules.check_players(len(hands))
    winner = req.field("winner", int, what="a seat number (the player who declared)")
    return {"scores": list(indian.score_deal(hands, winner=winner, rules=req.rules))}


_INDIAN = frozenset({ScoringScheme.INDIAN})

OPS: tuple[Op, ...] = (
    Op("declare", frozenset({"melds"}), _declare_op, _INDIAN),
    Op("points", frozenset({"hand"}), _points_op, _INDIAN),
    Op("score", frozenset({"hands", "winner"}), _score_op, _INDIAN),
)
"""``declare``, ``points`` and ``score`` (Indian Rummy)."""
