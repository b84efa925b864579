"""Batch ops for Contract Rummy and Shanghai: contracts, the best meld-down, round scores.

* ``contract``: ``{"round": n, "melds": ["7h 7s 7d", ...], "hand": "..."}`` (``hand`` optional)
  → ``{"valid": bool, "problems": [...]}``;
* ``find_contract``: ``{"round": n, "hand": "..."}`` → ``{"valid": bool, "melds": [...] or
  null, "points_left": int or null}`` (``valid``: the contract can be met);
* ``score``: ``{"hands": [...], "out_in_one_turn": bool, "joker_used": bool}`` → ``{"scores": [...]}``,
  the penalty points of one round.

Instead of ``round``, ``contract`` and ``find_contract`` accept ``"contract": {"sets": 1, "runs":
1, "set_size": 3, "run_size": 4, "exact": false, "whole_hand": false}`` (fields as in
`rummylib.rules.Contract`, all optional). A round the game does not have is an error
(``unknown-round``).

Examples:
    >>> from rummylib.batch import handle_request
    >>> handle_request({"op": "contract", "game": "contract_rummy", "round": 2,
    ...                 "melds": ["7h 7s 7d", "4c 5c 6c 7c"]})
    {'valid': True, 'problems': []}
    >>> handle_request({"op": "find_contract", "game": "shanghai", "round": 1, "hand": "7h 7s 7d 8c 8s * Kd"})
    {'valid': True, 'melds': ['7d 7h 7s', '8c 8s *'], 'points_left': 10}
    >>> handle_request({"op": "contract", "game": "shanghai", "round": 11, "melds": []})["error"]["code"]
    'unknown-round'
    >>> handle_request({"op": "score", "game": "shanghai", "hands": ["", "* Ah 7c", "Kd"],
    ...                 "out_in_one_turn": True, "joker_used": False})
    {'scores': [-50, 47, 10]}
"""

from __future__ import annotations

from typing import Any

import attrs

from rummylib.batch.protocol import Op, Request
from rummylib.contracts import contract_violations, find_contract, score_contract_round
from rummylib.errors import ErrorCode, RequestError, RuleSetError
from rummylib.melds import Meld
from rummylib.rules import Contract, ScoringScheme

_CONTRACT_FIELDS = {f.name: f.type for f in attrs.fields(Contract)}


def _contract(req: Request) -> tuple[int | None, Contract | None]:
    """The round number, or the contract object given instead."""
    if req.has("contract"):
        if req.has("round"):
            raise RequestError("give 'round' or 'contract', not both", code=ErrorCode.BAD_FIELD)
        spec = req.field("contract", dict)
        unknown = sorted(set(spec) - set(_CONTRACT_FIELDS))
        if unknown:
            raise RequestError(f"field 'contract' has unknown keys {unknown}", code=ErrorCode.BAD_FIELD)
        values: dict[str, Any] = {}
        for name, value in spec.items():
            boolean = name in ("exact", "whole_hand")
            if boolean != isinstance(value, bool) or not isinstance(value, int):
                kind = "true or false" if boolean else "an integer"
                raise RequestError(f"field 'contract': {name!r} must be {kind}", code=ErrorCode.BAD_FIELD)
            values[name] = value
        try:
            return None, Contract(**values)
        except RuleSetError as exc:
            raise RequestError(f"field 'contract': {exc.message}", code=ErrorCode.BAD_FIELD) from None
    number = req.integer("round")
    req.rules.round(number)  # unknown-round before anything else
    return number, None


def _contract_op(req: Request) -> dict[str, Any]:
    number, contract = _contract(req)
    melds = [Meld(m) for m in req.piece_lists("melds")]
    hand = req.pieces("hand") if req.has("hand") else None
    problems = contract_violations(melds, round_number=number, contract=contract, rules=req.rules, hand=hand)
    return {"valid": not problems, "problems": [v.to_json() for v in problems]}


DEFAULT_FIND_BUDGET = 100_000
"""Search nodes a ``find_contract`` request may use when it names no ``budget``.

Real hands (even 30+ cards after many buys, with deuces wild) need far fewer; a pathological hand
gets an explicit ``search-limit`` error within seconds instead of holding the stream for a minute.
"""


def _find_contract_op(req: Request) -> dict[str, Any]:
    number, contract = _contract(req)
    hand = req.pieces("hand")
    budget = req.integer("budget", default=DEFAULT_FIND_BUDGET)
    if budget < 1:
        raise RequestError("field 'budget' must be a positive integer", code=ErrorCode.BAD_FIELD)
    plan = find_contract(hand, round_number=number, contract=contract, rules=req.rules, budget=budget)
    if plan is None:
        return {"valid": False, "melds": None, "points_left": None}
    return {"valid": True, "melds": [str(m) for m in plan.melds], "points_left": plan.points_left}


def _score_contract_op(req: Request) -> dict[str, Any]:
    hands = req.piece_lists("hands")
    if not hands:
        raise RequestError("field 'hands' must hold at least one hand", code=ErrorCode.BAD_FIELD)
    if len(hands) > req.rules.max_players:
        raise RequestError(
            f"field 'hands' has {len(hands)} hands, but {req.rules.title} is for at most "
            f"{req.rules.max_players} players",
            code=ErrorCode.BAD_FIELD,
        )
    req.rules.check_piece_counts([p for hand in hands for p in hand], what="the hands together")
    scores = score_contract_round(
        hands,
        rules=req.rules,
        out_in_one_turn=req.boolean("out_in_one_turn", default=False),
        joker_used=req.boolean("joker_used", default=False),
    )
    return {"scores": list(scores)}


_CONTRACT_GAMES = frozenset({ScoringScheme.CONTRACT})

OPS: tuple[Op, ...] = (
    Op("contract", frozenset({"round", "contract", "melds", "hand"}), _contract_op, _CONTRACT_GAMES),
    Op("find_contract", frozenset({"round", "contract", "hand", "budget"}), _find_contract_op, _CONTRACT_GAMES),
    Op("score", frozenset({"hands", "out_in_one_turn", "joker_used"}), _score_contract_op, _CONTRACT_GAMES),
)
"""``contract``, ``find_contract`` and ``score`` (Contract Rummy and Shanghai; ``layoff`` is in
`rummylib.batch.layoffs`)."""
