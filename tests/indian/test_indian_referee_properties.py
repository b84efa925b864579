"""Properties of the Indian Rummy referees: random deals and games of every format, played to the end.

* every card is conserved and the state has no problems at every step;
* a save restores the same state anywhere, and play goes on identically;
* a refused action changes nothing, and an accepted one leads where a listed action leads;
* every listed action is accepted, and no two listed actions lead to the same state;
* a random `Declare` the referee accepts leads to the state of a listed `Declare`.
"""

from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from tests.indian.positions import choose

from rummylib import INDIAN_RUMMY, JOKER, Card, IllegalActionError, Meld, Piece, Rank, RuleSet, Suit
from rummylib.decks import full_set
from rummylib.indian import (
    Declare,
    Discard,
    DrawDiscard,
    DrawStock,
    Drop,
    IndianAction,
    IndianDeal,
    IndianGame,
    IndianPhase,
    SeatStatus,
    declaration_violations,
    with_wild_joker,
)
from rummylib.pieces import PieceCount, piece_sort_key
from rummylib.saves import from_json

State = IndianDeal | IndianGame

FORMATS = [
    {},
    {"indian_format": "pool"},
    {"indian_format": "pool", "pool_limit": 201},
    {"indian_format": "deals", "deal_count": 3},
]


@st.composite
def rule_sets(draw: st.DrawFn) -> RuleSet:
    options = dict(draw(st.sampled_from(FORMATS)))
    options["max_reshuffles"] = draw(st.integers(0, 2))
    options["draw_discarded_joker"] = draw(st.booleans())
    return INDIAN_RUMMY.with_options(options)


def play(state: State, rng: random.Random, patience: float, steps: int) -> State:
    for _ in range(steps):
        if state.is_over:
            break
        state = state.apply(choose(rng, state.legal_actions(state.to_move), patience))
    return state


starts = st.builds(
    lambda cls, rules, players, seed: cls.deal(rules=rules, players=players, seed=seed),
    st.sampled_from([IndianDeal, IndianGame]),
    rule_sets(),
    st.integers(2, 6),
    st.integers(0, 10**6),
)
patience = st.sampled_from([0.0, 0.6, 0.97])
randoms = st.integers(0, 2**32).map(random.Random)  # one draw: a long game would overrun hypothesis's buffer


@settings(max_examples=15)
@given(starts, randoms, patience)
def test_random_play_to_the_end_conserves_every_card(start: State, rng: random.Random, calm: float) -> None:
    state = start
    pack = PieceCount.of(full_set(state.rules, players=state.players))
    steps = 0
    while not state.is_over:
        if steps % 5 == 0:
            assert state.all_pieces() == pack
            assert state.problems() == ()
        state = state.apply(choose(rng, state.legal_actions(state.to_move), calm))
        steps += 1
        assert steps < 20_000
    assert state.problems() == () and state.all_pieces() == pack
    assert state.to_move is None and state.legal_actions() == ()
    outcome = state.result()
    assert len(outcome.scores) == state.players and all(0 <= w < state.players for w in outcome.winners)
    if isinstance(state, IndianGame) and state.rules.indian_format.value == "points":
        assert sum(outcome.scores) == 0


@settings(max_examples=25)
@given(starts, randoms, patience, st.integers(0, 300))
def test_save_and_restore_anywhere_changes_nothing(start: State, rng: random.Random, calm: float, steps: int) -> None:
    state = play(start, rng, calm, steps)
    data = json.loads(json.dumps(state.to_json()))
    restored = type(state).from_json(data)
    assert restored == state and from_json(data) == state
    assert restored.view(0).to_json() == state.view(0).to_json()
    follow = random.Random(steps)
    a, b = state, restored
    for _ in range(30):
        if a.is_over:
            break
        action = choose(follow, a.legal_actions(a.to_move), calm)
        a, b = a.apply(action), b.apply(action)
        assert a == b


@st.composite
def any_actions(draw: st.DrawFn, state: State) -> IndianAction:
    """Any action at all: of any seat, with cards held or not, and groupings of every sort."""
    seat = draw(st.integers(-1, state.players))
    deal = state.round if isinstance(state, IndianGame) else state
    pool = list(dict.fromkeys((*deal.hands[deal.to_move or 0], *deal.discards[-3:], JOKER, Card.parse("Ah"))))
    card = draw(st.sampled_from(pool))
    kind = draw(st.sampled_from(["stock", "discard-pile", "discard", "declare", "drop"]))
    if kind == "stock":
        return DrawStock(seat)
    if kind == "discard-pile":
        return DrawDiscard(seat)
    if kind == "drop":
        return Drop(seat)
    if kind == "discard":
        return Discard(seat, card)
    rest = list(deal.hands[deal.to_move or 0])
    if card in rest and draw(st.booleans()):
        rest.remove(card)
    order = draw(st.permutations(rest))
    cuts = sorted(draw(st.sets(st.integers(1, max(1, len(order) - 1)), max_size=5)))
    groups = [order[i:j] for i, j in zip([0, *cuts], [*cuts, len(order)], strict=False) if order[i:j]]
    return Declare(seat, [Meld(g) for g in groups] or [Meld(())], card)


@settings(max_examples=40)
@given(starts, randoms, patience, st.integers(0, 200), st.data())
def test_refused_actions_change_nothing_and_accepted_ones_are_listed(
    start: State, rng: random.Random, calm: float, steps: int, data: st.DataObject
) -> None:
    state = play(start, rng, calm, steps)
    for _ in range(5):
        action = data.draw(any_actions(state))
        before = copy.deepcopy(state)
        if not state.is_legal(action):
            with pytest.raises(IllegalActionError) as info:
                state.apply(action)
            assert info.value.violations and info.value.violations == state.action_violations(action)
            assert state == before
            continue
        after = state.apply(action)
        assert state == before and state.is_legal(action)
        assert after in [state.apply(a) for a in state.legal_actions()]


@settings(max_examples=30)
@given(starts, randoms, patience, st.integers(0, 200))
def test_listed_actions_are_all_accepted_and_all_different(
    start: State, rng: random.Random, calm: float, steps: int
) -> None:
    state = play(start, rng, calm, steps)
    if state.is_over:
        return
    mover = state.to_move
    legal = state.legal_actions()
    assert legal and legal == state.legal_actions(mover)
    assert all(a.player == mover for a in legal)
    assert all(state.legal_actions(p) == () for p in range(state.players) if p != mover)
    results = [state.apply(a) for a in legal]
    assert len(set(results)) == len(results), "two listed actions lead to the same state"
    assert all(state.action_violations(a) == () for a in legal)


# --- declarations ---------------------------------------------------------------------------------------


def declaration(rng: random.Random, rules: RuleSet) -> list[list[Piece]]:
    """Groups of a random valid declaration of 13 cards under ``rules`` (sevens wild)."""
    while True:
        groups: list[list[Piece]] = []
        left = 13
        while left >= 3:
            size = rng.randint(3, min(5, left)) if left >= 6 else left
            if not groups or rng.random() < 0.5:
                suit = rng.choice(list(Suit))
                low = rng.randint(1, 14 - size + 1)
                group: list[Piece] = [Card(Rank(1 if q == 14 else q), suit) for q in range(low, low + size)]
            else:
                group = [Card(rng.choice(list(Rank)), s) for s in rng.sample(list(Suit), min(size, 4))]
            if groups and rng.random() < 0.5:
                group[rng.randrange(len(group))] = rng.choice([JOKER, Card(Rank.SEVEN, Suit.HEARTS)])
            groups.append(group)
            left -= len(group)
        pieces = [p for g in groups for p in g]
        if len(pieces) != 13 or max(PieceCount.of(pieces).counter().values()) > 2 or pieces.count(JOKER) > 4:
            continue
        if not declaration_violations(groups, rules=rules):
            return groups


@st.composite
def declaring_deals(draw: st.DrawFn) -> tuple[IndianDeal, list[list[Piece]], Piece]:
    """A deal where player 0 holds a valid declaration and one more card, in the discard phase."""
    rules = with_wild_joker("7s", rules=INDIAN_RUMMY)
    rng = random.Random(draw(st.integers(0, 2**32)))
    groups = declaration(rng, rules)
    declared = [p for g in groups for p in g]
    rest = sorted(PieceCount.of(full_set(rules, players=2)) - PieceCount.of(declared), key=piece_sort_key)
    sevens = [p for p in rest if isinstance(p, Card) and p.rank is Rank.SEVEN]
    assume(bool(sevens))
    wild = sevens[0]
    rest.remove(wild)
    order = list(rest)
    rng.shuffle(order)
    extra, other, pile, stock = order[0], order[1:14], order[14:15], order[15:]
    deal = IndianDeal(
        rules=with_wild_joker(wild, rules=INDIAN_RUMMY),
        seed=0,
        dealer=1,
        hands=(tuple(sorted((*declared, extra), key=piece_sort_key)), tuple(sorted(other, key=piece_sort_key))),
        stock=tuple(stock),
        discards=tuple(pile),
        wild_card=wild,
        to_move=0,
        phase=IndianPhase.DISCARD,
        status=(SeatStatus.IN, SeatStatus.IN),
        drawn=(True, False),
        known=((), ()),
    )
    return deal, groups, extra


@settings(max_examples=40)
@given(declaring_deals(), st.data())
def test_an_accepted_declaration_leads_where_a_listed_one_does(
    position: tuple[IndianDeal, list[list[Piece]], Piece], data: st.DataObject
) -> None:
    deal, groups, extra = position
    assert deal.problems() == ()
    listed = {a: deal.apply(a) for a in deal.legal_actions() if isinstance(a, Declare)}
    # the valid grouping, shuffled: groups in any order, cards in any order within a group
    shuffled = [data.draw(st.permutations(g)) for g in data.draw(st.permutations(groups))]
    valid = deal.apply(Declare(0, [Meld(g) for g in shuffled], extra))
    assert valid.is_over and valid.winner == 0 and valid.problems() == ()
    assert valid in listed.values()
    # any grouping at all of the same cards, with any finishing discard
    hand = list(deal.hands[0])
    discard = data.draw(st.sampled_from(hand))
    hand.remove(discard)
    order = data.draw(st.permutations(hand))
    cuts = sorted(data.draw(st.sets(st.integers(1, 12), max_size=6)))
    anyhow = [Meld(order[i:j]) for i, j in zip([0, *cuts], [*cuts, 13], strict=False) if order[i:j]]
    after = deal.apply(Declare(0, anyhow, discard))
    assert after in listed.values()
    same_discard = [s for a, s in listed.items() if a.discard == discard]
    assert after in same_discard and len(same_discard) in (1, 2)
