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
from rummylib.errors import NotationError, RequestError
from rummylib.notation import parse_pieces
from rummylib.rules import ScoringScheme
from rummylib.scoring import score_contract_round


def _score_contract_op(req: Request) -> dict[str, Any]:
    items = req.field("hands", list, what="a list of strings")
    if not items:
        raise RequestError("field 'hands' must hold at least one hand", code="bad-field")
    if len(items) > req.rules.max_players:
        raise RequestError(
            f"field 'hands' has {len(items)} hands, but {req.rules.title} is for at most "
            f"{req.rules.max_players} players",
            code="bad-field",
        )
    hands = []
    for i, item in enumerate(items):
        if not isinstance(item, str):
            raise RequestError(f"field 'hands' item {i} must be a string", code="bad-field")
        try:
            hands.append(parse_pieces(item, rules=req.rules))
        except NotationError as exc:
            raise NotationError(f"hands[{i}]: {exc.message}", text=exc.text, column=exc.column) from None
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
