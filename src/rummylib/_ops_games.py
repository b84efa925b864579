"""Batch ops for the game referees and round scorers (see `rummylib.batch`).

``score`` for the contract games (Contract Rummy, Shanghai): the penalty points of one round.

Examples:
    >>> from rummylib.batch import handle_request
    >>> handle_request({"op": "score", "game": "shanghai", "hands": ["", "* Ah 7c", "Kd"],
    ...                 "out_in_one_turn": True, "joker_used": False})
    {'scores': [-50, 47, 10]}
"""

from __future__ import annotations

from typing import Any

from rummylib.batch import Op, Request
from rummylib.contracts import score_contract_round
from rummylib.errors import RequestError
from rummylib.rules import ScoringScheme


def _score_contract_op(req: Request) -> dict[str, Any]:
    hands = req.piece_lists("hands")
    if not hands:
        raise RequestError("field 'hands' must hold at least one hand", code="bad-field")
    if len(hands) > req.rules.max_players:
        raise RequestError(
            f"field 'hands' has {len(hands)} hands, but {req.rules.title} is for at most "
            f"{req.rules.max_players} players",
            code="bad-field",
        )
    req.rules.check_piece_counts([p for hand in hands for p in hand], what="the hands together")
    scores = score_contract_round(
        hands,
        rules=req.rules,
        out_in_one_turn=req.boolean("out_in_one_turn", default=False),
        joker_used=req.boolean("joker_used", default=False),
    )
    return {"scores": list(scores)}


OPS: tuple[Op, ...] = (
    Op(
        "score",
        frozenset({"hands", "out_in_one_turn", "joker_used"}),
        _score_contract_op,
        frozenset({ScoringScheme.CONTRACT}),
    ),
)
"""Ops registered by this module."""
