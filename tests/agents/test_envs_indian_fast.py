"""indian_rummy_v0's discard-phase mask, made from one search of the hand, against the referee's listing.

In the discard phase the environment asks the deal which cards can be discarded and which of them
leave a valid declaration, and makes an index's action only when it is read. Here every index,
its place in the mask's order and its action are held equal to what the referee's
`legal_actions` gives, along random play and on hands built to hold declarations (and the card counts of the
observation to a float32 addition per card, as they were first written); and the
referee's verdict on each listed declaration (one search of the hand) to `declaration_violations`.
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.indian.test_indian_find_declaration import built_hands, small_hands

from rummylib import INDIAN_RUMMY, Card, Piece, RuleSet, parse_pieces
from rummylib.agents.envs import indian_rummy_v0
from rummylib.agents.envs._base import card_kind
from rummylib.indian import IndianDeal, declaration_violations
from rummylib.indian.actions import (
    Declare,
    Discard,
    DrawDiscard,
    DrawStock,
    Drop,
    IndianPhase,
    SeatStatus,
)
from rummylib.referee import Referee

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


def _listed(state: Referee, seat: int) -> dict[int, Any]:
    """The indices and actions as the environment numbers the referee's listing (its rule, written out)."""
    out: dict[int, Any] = {}
    for a in state.legal_actions(seat):
        if isinstance(a, DrawStock):
            out[0] = a
        elif isinstance(a, DrawDiscard):
            out[1] = a
        elif isinstance(a, Drop):
            out[2] = a
        elif isinstance(a, Discard):
            out[3 + card_kind(a.card)] = a
        else:
            assert isinstance(a, Declare)
            wrong = all(len(m.pieces) == 1 for m in a.melds)
            out[(109 if wrong else 56) + card_kind(a.discard)] = a
    return out


def _same(moves: dict[int, Any], listed: dict[int, Any]) -> None:
    assert list(moves) == list(listed)
    assert [moves[i] for i in moves] == list(listed.values())
    assert dict(moves) == listed
    assert list(moves.items()) == list(listed.items())


def _card_by_card(env: Any, state: Referee, seat: int) -> np.ndarray[Any, Any]:
    """The observation's card counts as the encoding first wrote them: a float32 addition per card."""
    out = env._encode(state, seat).copy()
    view, lay, cp = state.view(seat), env.layout, env.copies
    fields = [("hand", view.hand), ("discards", view.discards[:-1])]
    for name, _ in fields:
        out[lay.offset[name] : lay.offset[name] + 53] = 0.0
    for name, cards in fields:
        for c in cards:
            out[lay.offset[name] + card_kind(c)] += cp[card_kind(c)]
    at, n = lay.offset["known"], env.seats
    out[at : at + 53 * (n - 1)] = 0.0
    for r in range(1, n):
        s = (seat + r) % n
        shown = view.shown[s] if view.shown else None
        for c in shown if shown is not None else view.known[s]:
            out[at + (r - 1) * 53 + card_kind(c)] += cp[card_kind(c)]
    clipped: np.ndarray[Any, Any] = np.clip(out, 0.0, 1.0)
    return clipped


@settings(max_examples=10, deadline=None)
@given(
    players=st.integers(2, 4),
    game=st.sampled_from(["deal", "game"]),
    seed=st.integers(0, 10**6),
)
def test_masks_equal_the_listing_along_random_play(players: int, game: str, seed: int) -> None:
    env = indian_rummy_v0.raw_env(
        rules=INDIAN_RUMMY.with_options({"max_reshuffles": 1}),
        players=players,
        game=game,
    )
    env.reset(seed=seed)
    rng = random.Random(seed)
    for _ in range(300):
        agent = env.agent_selection
        if env.terminations[agent] or env.truncations[agent]:
            env.step(None)
            if not env.agents:
                env.reset(seed=rng.randrange(10**9))
            continue
        seat = env.possible_agents.index(agent)
        listed = _listed(env.referee, seat)
        _same(env.legal_moves(), listed)
        seen = env.observe(agent)
        assert seen["action_mask"].nonzero()[0].tolist() == sorted(listed)
        assert np.array_equal(seen["observation"], _card_by_card(env, env.referee, seat))
        env.step(rng.choice(sorted(listed)))


_CARDS = [Card.parse(f"{r}{s}") for s in "shdc" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10")]


@settings(max_examples=150, deadline=None)
@given(st.one_of(small_hands(), built_hands()), st.integers(0, 2**32))
def test_declarations_on_built_hands(case: tuple[list[Piece], RuleSet], seed: int) -> None:
    hand, rules = case
    rng = random.Random(seed)
    drawn = rng.choice([c for c in _CARDS if hand.count(c) < 2])
    held = sorted(hand + [drawn], key=lambda p: (not isinstance(p, Card), str(p)))
    base = IndianDeal.deal(rules=INDIAN_RUMMY, players=2, seed=seed % 1000)
    seat = base.to_move
    assert seat is not None
    deal = attrs.evolve(
        base,
        rules=rules,
        hands=tuple(tuple(held) if p == seat else h for p, h in enumerate(base.hands)),
        phase=IndianPhase.DISCARD,
    )
    env = indian_rummy_v0.raw_env(players=2)
    listed = _listed(deal, seat)
    _same(env._moves(deal, seat), listed)
    for action in listed.values():
        if isinstance(action, Declare):
            wrong = deal.apply(action).status[seat] is SeatStatus.WRONG_DECLARATION
            assert wrong == bool(declaration_violations(action.melds, rules=rules))


def test_a_hand_with_a_declaration_opens_its_index() -> None:
    rules = INDIAN_RUMMY.with_options({"wild_ranks": []})
    hand = list(parse_pieces("As 2s 3s 4s 4h 5h 6h 7c 8c 9c Jd Qd Kd 5d"))
    base = IndianDeal.deal(rules=INDIAN_RUMMY, players=2, seed=1)
    seat = base.to_move
    assert seat is not None
    deal = attrs.evolve(
        base,
        rules=rules,
        hands=(tuple(hand), base.hands[1]) if seat == 0 else (base.hands[0], tuple(hand)),
        phase=IndianPhase.DISCARD,
    )
    moves = indian_rummy_v0.raw_env(players=2)._moves(deal, seat)
    opened = sorted(i - 56 for i in moves if 56 <= i < 109)
    assert opened == [card_kind(Card.parse("5d"))]
    assert deal.apply(moves[56 + card_kind(Card.parse("5d"))]).winner == seat
    assert deal.apply(moves[109 + card_kind(Card.parse("5d"))]).status[seat] is SeatStatus.WRONG_DECLARATION
