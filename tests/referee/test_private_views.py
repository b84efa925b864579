"""Property tests: a seat's view holds what that seat may know, and nothing more.

Positions come from random play. For a seat and a position, a twin position is made by dealing
the cards hidden from that seat again: the stock and the unknown cards of the other hands are
shuffled together and shared out anew, every hand keeping its size and its known cards. The twin
is a position a real game could reach (no `problems`), and the seat's view of it is the same
value, with the same JSON, as its view of the position itself. A view never shows a card of
another hand that is not known: hidden hands are ``None``, and the known cards of each hand are
in that hand.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummylib import (
    CONTRACT_RUMMY,
    GIN_RUMMY,
    INDIAN_RUMMY,
    RUMMIKUB,
    SHANGHAI,
    Piece,
    RuleSet,
    SaveError,
    piece_sort_key,
)
from rummylib.contracts import Buy, ContractGame, ContractRound, DeclineBuy, Discard, DrawDiscard, DrawStock, Phase
from rummylib.gin import DrawDiscard as GinDrawDiscard
from rummylib.gin import GinGame, GinHand
from rummylib.indian import Declare, IndianDeal
from rummylib.rummikub import RummikubGame

CONTRACT_VARIANTS: list[RuleSet] = [
    CONTRACT_RUMMY.with_options({"max_reshuffles": 1}),
    SHANGHAI.with_options({"max_reshuffles": 1}),
    CONTRACT_RUMMY.with_options({"max_reshuffles": 1, "multiple_buys": True, "deuces_wild": True}),
    SHANGHAI.with_options({"max_reshuffles": 1, "layoff_same_turn": True, "swapped_joker_must_be_used": False}),
]


def positions(state: Any, rng: random.Random, steps: int) -> Iterator[Any]:
    """A random game's positions, taking the upcard and buying often (so that cards become known)."""
    for _ in range(steps):
        yield state
        if state.is_over:
            return
        legal = state.legal_actions()
        keen = [a for a in legal if isinstance(a, DrawDiscard | Buy) or type(a).kind in ("lay-down", "swap-joker")]
        state = state.apply(rng.choice(keen) if keen and rng.random() < 0.5 else rng.choice(legal))


def _sorted(pieces: list[Piece]) -> tuple[Piece, ...]:
    return tuple(sorted(pieces, key=piece_sort_key))


def deal_hidden_again(
    hands: tuple[tuple[Piece, ...], ...],
    known: tuple[tuple[Piece, ...], ...],
    stock: tuple[Piece, ...],
    seat: int,
    rng: random.Random,
) -> tuple[tuple[tuple[Piece, ...], ...], tuple[Piece, ...]]:
    """The hands and stock with every card hidden from ``seat`` shared out anew (sizes and known cards kept)."""
    unknown = {o: list((Counter(h) - Counter(known[o])).elements()) for o, h in enumerate(hands) if o != seat}
    pool = [*stock, *(c for cards in unknown.values() for c in cards)]
    rng.shuffle(pool)
    new_stock, at = tuple(pool[: len(stock)]), len(stock)
    new_hands = list(hands)
    for o, cards in unknown.items():
        new_hands[o] = _sorted([*known[o], *pool[at : at + len(cards)]])
        at += len(cards)
    return tuple(new_hands), new_stock


def assert_same_view(state: Any, twin: Any, seat: int) -> None:
    assert twin.problems() == ()
    assert twin.view(seat) == state.view(seat)
    assert twin.view(seat).to_json() == state.view(seat).to_json()


def assert_nothing_unknown_shown(view: Any, hands: tuple[tuple[Piece, ...], ...], seat: int) -> None:
    for other, hand in enumerate(hands):
        if other != seat:
            assert view.hands[other] is None
            assert not Counter(view.known[other]) - Counter(hand)


@settings(max_examples=30, deadline=None)
@given(variant=st.sampled_from(range(len(CONTRACT_VARIANTS))), seed=st.integers(0, 10**6), steps=st.integers(1, 300))
def test_contract_views_hide_exactly_what_is_not_known(variant: int, seed: int, steps: int) -> None:
    rules = CONTRACT_VARIANTS[variant]
    rng = random.Random(seed)
    state = ContractRound.deal(rules=rules, players=rules.min_players + seed % 3, seed=seed, round_number=1 + seed % 7)
    for position in positions(state, rng, steps):
        if rng.random() < 0.2 or position.is_over:
            seat = rng.randrange(position.players)
            assert_nothing_unknown_shown(position.view(seat), position.hands, seat)
            hands, stock = deal_hidden_again(position.hands, position.known, position.stock, seat, rng)
            assert_same_view(position, attrs.evolve(position, hands=hands, stock=stock), seat)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(1, 60), oklahoma=st.booleans())
def test_gin_views_hide_exactly_what_is_not_known(seed: int, steps: int, oklahoma: bool) -> None:
    rng = random.Random(seed)
    state = GinHand.deal(rules=GIN_RUMMY.with_options({"oklahoma": oklahoma}), seed=seed)
    for position in positions(state, rng, steps):
        if rng.random() < 0.7 and not position.is_over:
            continue
        seat = rng.randrange(2)
        view = position.view(seat)
        assert not Counter(view.known[1 - seat]) - Counter(position.hands[1 - seat])
        if view.shown is None:
            assert len(view.hand) == len(position.hands[seat])
        hands, stock = deal_hidden_again(position.hands, position.known, position.stock, seat, rng)
        assert_same_view(position, attrs.evolve(position, hands=(hands[0], hands[1]), stock=stock), seat)


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(1, 120))
def test_rummikub_views_hide_every_other_rack(seed: int, steps: int) -> None:
    rng = random.Random(seed)
    state = RummikubGame.deal(rules=RUMMIKUB, players=2 + seed % 3, seed=seed)
    for position in positions(state, rng, steps):
        if rng.random() < 0.7 and not position.is_over:
            continue
        seat = rng.randrange(position.players)
        if position.is_over:  # the racks are shown for the count
            assert position.view(seat).hands == position.hands
            continue
        assert position.view(seat).hands is None
        nothing = tuple(() for _ in position.hands)
        racks, pool = deal_hidden_again(position.hands, nothing, position.stock, seat, rng)
        twin = attrs.evolve(position, hands=racks, stock=pool)
        assert twin.view(seat) == position.view(seat)
        assert twin.view(seat).to_json() == position.view(seat).to_json()


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(1, 150), pickup=st.booleans())
def test_indian_views_hide_exactly_what_is_not_known(seed: int, steps: int, pickup: bool) -> None:
    rng = random.Random(seed)
    rules = INDIAN_RUMMY.with_options({"draw_discarded_joker": pickup})
    state = IndianDeal.deal(rules=rules, players=2 + seed % 5, seed=seed)
    for _ in range(steps):
        if state.is_over:
            break
        if rng.random() < 0.3:
            seat = rng.randrange(state.players)
            view = state.view(seat)
            for other, hand in enumerate(state.hands):
                if other != seat:
                    assert not Counter(view.known[other]) - Counter(hand)
            # a seat out by a wrong declaration shows its hand: all of it is known
            known = tuple(h if view.shown[o] is not None else state.known[o] for o, h in enumerate(state.hands))
            hands, stock = deal_hidden_again(state.hands, known, state.stock, seat, rng)
            assert_same_view(state, attrs.evolve(state, hands=hands, stock=stock), seat)
        # random play that seldom drops or declares wrongly, so that deals last
        legal = state.legal_actions()
        careful = [a for a in legal if a.kind != "drop" and not (isinstance(a, Declare) and len(a.melds) > 5)]
        state = state.apply(rng.choice(careful if careful and rng.random() < 0.95 else legal))


def test_a_card_taken_or_bought_is_known_until_it_leaves_the_hand(build: Any) -> None:
    # docs/rules/contract-rummy.md Buying: "they take it plus one penalty card" - the card bought is seen, the penalty card is not.
    rules = CONTRACT_RUMMY
    r = build(rules, ["7h 8h", "9c 10c", "2s 3s"], stock="Kd Qd Jd 10d", discards="4c Ac", phase=Phase.DRAW)
    r = r.apply(DrawStock(0)).apply(Buy(1)).apply(DeclineBuy(2))
    view = r.view(2)
    assert [str(c) for c in view.known[1]] == ["Ac"]  # not the penalty card Kd
    assert view.hands[1] is None and view.hand_sizes[1] == 4
    r = r.apply(Discard(0, "7h")).apply(DrawDiscard(1))  # the upcard taken is seen too
    assert [str(c) for c in r.view(0).known[1]] == ["Ac", "7h"]
    r = r.apply(Discard(1, "Ac"))  # and forgotten once discarded
    assert [str(c) for c in r.view(0).known[1]] == ["7h"]
    assert [str(c) for c in r.view(0).to_json()["known"][1].split()] == ["7h"]


def test_game_views_carry_the_totals() -> None:
    game = ContractGame.deal(rules=SHANGHAI, players=3, seed=2)
    assert game.view(0).totals == (0, 0, 0)
    gin = GinGame.deal(rules=GIN_RUMMY, seed=3)
    assert gin.view(1).totals == (0, 0)
    assert gin.view(1).known == ((), ())


def test_what_is_known_is_saved_and_checked() -> None:
    # The known cards are part of the state: saved, read back, and refused when not in the hand.
    r = ContractRound.deal(rules=CONTRACT_RUMMY, players=3, seed=5)
    upcard = r.upcard
    r = r.apply(DrawDiscard(r.current))
    assert ContractRound.from_json(r.to_json()) == r
    assert r.known[r.current] == (upcard,)
    other = (r.current + 1) % 3
    forged = attrs.evolve(r, known=tuple((upcard,) if seat == other else () for seat in range(3)))
    if upcard not in r.hands[other]:
        assert forged.problems() == (f"player {other} is known to hold {upcard}, which the hand does not hold",)
        with pytest.raises(SaveError):
            ContractRound.from_json(forged.to_json())
    hand = GinHand.deal(rules=GIN_RUMMY, seed=4)
    taken = hand.apply(GinDrawDiscard(hand.to_move))
    assert GinHand.from_json(taken.to_json()) == taken
    swapped = attrs.evolve(taken, known=(taken.known[1], taken.known[0]))
    assert swapped.problems() == (
        f"player {1 - hand.to_move} is known to hold {hand.first_upcard}, which the hand does not hold",
    )
    with pytest.raises(SaveError):
        GinHand.from_json(swapped.to_json())
