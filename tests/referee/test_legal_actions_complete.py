"""Property tests: `legal_actions` lists every distinct legal action, each once (docs/rules/contract-rummy.md, shanghai.md and gin-rummy.md).

Positions come from random play (rule sets with the ``max_reshuffles`` house rule, so that every
random round ends). At each position checked:

(a) every listed action is accepted by ``apply``, and no two listed actions leave the same state;
(b) candidate actions are generated broadly (draws, buys and declines of every seat, every discard,
    every joker swap, single cards and random groups of cards laid off on every meld with both
    joker ends, lay-downs assembled from the hand: the contract found in random parts of the hand,
    its melds and cards shuffled, after a joker swap too, and the listed lay-downs written in other
    orders; Gin's discards, knocks and big gin), and each one the referee accepts leaves a state
    that some listed action leaves.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rummylib import CONTRACT_RUMMY, GIN_RUMMY, SHANGHAI, IllegalActionError, Piece, RuleSet, RummyError, is_valid_meld
from rummylib.contracts import (
    Buy,
    ContractAction,
    ContractRound,
    DeclineBuy,
    Discard,
    DrawDiscard,
    DrawStock,
    LayDown,
    LayOff,
    Phase,
    SwapJoker,
    check_substitution,
    find_contract,
)
from rummylib.gin import Discard as GinDiscard
from rummylib.gin import DrawDiscard as GinDrawDiscard
from rummylib.gin import DrawStock as GinDrawStock
from rummylib.gin import GinHand, Knock

Builder = Callable[..., ContractRound]

CONTRACT_VARIANTS: list[RuleSet] = [
    CONTRACT_RUMMY.with_options({"max_reshuffles": 1}),
    SHANGHAI.with_options({"max_reshuffles": 1}),
    CONTRACT_RUMMY.with_options({"max_reshuffles": 1, "deuces_wild": True}),
    SHANGHAI.with_options({"max_reshuffles": 1, "deuces_wild": True, "joker_ratio": True}),
    SHANGHAI.with_options(
        {"max_reshuffles": 1, "joker_ratio": True, "go_out_by_discard": False, "down_player_may_buy": False}
    ),
    SHANGHAI.with_options(
        {"max_reshuffles": 1, "layoff_same_turn": True, "swapped_joker_must_be_used": False, "jokers": "all"}
    ),
    CONTRACT_RUMMY.with_options({"max_reshuffles": 1, "layoff_same_turn": True, "multiple_buys": True}),
    CONTRACT_RUMMY.with_options(
        {"max_reshuffles": 1, "multiple_buys": True, "deuces_wild": True, "buy_penalty_cards": 2, "jokers": "all"}
    ),
    SHANGHAI.with_options({"max_reshuffles": 1, "layoff_same_turn": True, "joker_swap_requires_contract": True}),
]

GIN_VARIANTS: list[RuleSet] = [
    GIN_RUMMY,
    GIN_RUMMY.with_options({"oklahoma": True}),
    GIN_RUMMY.with_options({"gin_only": True}),
    GIN_RUMMY.with_options({"knock_limit": 5}),
]


def play_on(state: Any, rng: random.Random, steps: int) -> Iterator[Any]:
    """The positions of a random game, up to ``steps`` actions, leaning towards actions that end it."""
    for _ in range(steps):
        if state.is_over:
            return
        yield state
        legal = state.legal_actions()
        forward = [a for a in legal if type(a).kind in ("lay-down", "lay-off", "swap-joker", "knock")]
        if forward and rng.random() < 0.5:
            state = state.apply(rng.choice(forward))
        elif state.phase is Phase.BUY if isinstance(state, ContractRound) else False:
            state = state.apply(rng.choice(legal) if rng.random() < 0.3 else DeclineBuy(state.to_move))
        else:
            state = state.apply(rng.choice(legal))


def listed_results(state: Any) -> dict[Any, Any]:
    """(a): every listed action is accepted, and each leaves a state no other listed action leaves."""
    results: dict[Any, Any] = {}
    for action in state.legal_actions():
        after = state.apply(action)  # raises if a listed action is refused
        assert after not in results, f"{action!r} and {results[after]!r} are one move\n{state}"
        results[after] = action
    return results


def assert_listed(state: Any, candidates: Iterator[Any], results: dict[Any, Any]) -> None:
    """(b): every candidate the referee accepts leaves a state that a listed action leaves."""
    for action in candidates:
        try:
            after = state.apply(action)
        except IllegalActionError:
            continue
        assert after in results, f"{action!r} is legal but no listed action does what it does\n{state}"


# --- contract games ----------------------------------------------------------------------------


def _shuffled_melds(melds: list[list[Piece]], rng: random.Random) -> list[list[Piece]]:
    melds = [list(m) for m in melds]
    for m in melds:
        if rng.random() < 0.6:
            rng.shuffle(m)
    rng.shuffle(melds)
    return melds


def _lay_downs(state: ContractRound, rng: random.Random, hand: list[Piece]) -> Iterator[LayDown]:
    """Lay-downs assembled from the hand: contracts found in random parts of it, written in any order."""
    p = state.current
    for _ in range(12):
        part = [c for c in hand if rng.random() < 0.8]
        try:
            plan = find_contract(part, round_number=state.round_number, rules=state.rules, budget=20_000)
        except RummyError:
            continue
        if plan is not None:
            yield LayDown(p, _shuffled_melds([list(m.pieces) for m in plan.melds], rng))
    contract = state.rules.round(state.round_number).contract
    sizes = [contract.set_size] * contract.sets + [contract.run_size] * contract.runs
    for _ in range(12):  # melds of random cards: rarely legal, always judged
        cards = rng.sample(hand, min(len(hand), sum(sizes)))
        melds, at = [], 0
        for size in sizes:
            melds.append(cards[at : at + size])
            at += size
        yield LayDown(p, [m for m in melds if m] or [hand[:1]])


def contract_candidates(state: ContractRound, rng: random.Random, listed: Any) -> Iterator[ContractAction]:
    """Actions of every kind, legal or not, for (b)."""
    for seat in range(-1, state.players + 1):
        yield from (DrawStock(seat), DrawDiscard(seat), Buy(seat), DeclineBuy(seat))
    if state.phase is not Phase.PLAY:
        return
    p = state.current
    hand = list(state.hands[p])
    table = range(len(state.table))
    for card in set(hand):
        yield Discard(p, card)
        for i in table:
            yield SwapJoker(p, card, i)
            yield LayOff(p, (card,), i)
            yield LayOff(p, (card,), i, joker_end="low")
    if table:
        for _ in range(40):
            cards = rng.sample(hand, rng.randint(1, min(5, len(hand))))
            yield LayOff(p, cards, rng.choice(table), joker_end=rng.choice(["high", "low"]))
    if state.down[p]:
        return
    yield from _lay_downs(state, rng, hand)
    for action in rng.sample(list(listed), min(15, len(listed))):
        if isinstance(action, LayDown):  # another way of writing a listed lay-down
            yield LayDown(p, _shuffled_melds([list(m.pieces) for m in action.melds], rng), swaps=action.swaps)
    for card in set(hand):  # a joker swap, then a contract found in the hand it leaves
        for i in table:
            try:
                swap = check_substitution(state.table[i].reading, card, rules=state.rules, player_down=False)
            except RummyError:
                continue
            rest = list(hand)
            rest.remove(card)
            try:
                plan = find_contract(
                    [*rest, swap.joker], round_number=state.round_number, rules=state.rules, budget=20_000
                )
            except RummyError:
                continue
            if plan is not None:
                yield LayDown(p, _shuffled_melds([list(m.pieces) for m in plan.melds], rng), swaps=[(card, i)])


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    variant=st.sampled_from(range(len(CONTRACT_VARIANTS))),
    seed=st.integers(0, 10**6),
    extra_players=st.integers(0, 2),
    steps=st.integers(1, 400),
)
def test_contract_rounds_list_every_distinct_legal_action(
    variant: int, seed: int, extra_players: int, steps: int
) -> None:
    rules = CONTRACT_VARIANTS[variant]
    rng = random.Random(seed)
    players = rules.min_players + extra_players
    state = ContractRound.deal(
        rules=rules, players=players, seed=seed, round_number=rng.randrange(len(rules.rounds)) + 1, dealer=0
    )
    positions = list(play_on(state, rng, steps))
    plays = [s for s in positions if s.phase is Phase.PLAY]
    for position in rng.sample(plays, min(3, len(plays))) or positions[-1:]:
        results = listed_results(position)
        assert_listed(position, contract_candidates(position, rng, tuple(results.values())), results)


def test_every_lay_down_of_a_hand_is_listed_once(build: Builder) -> None:
    # docs/rules/contract-rummy.md "two sets" (of exactly 3): the sevens and the eights, with the joker in either set.
    r = build(CONTRACT_RUMMY, ["7h 7s 7d 8c 8s 8h * Kd", "9c"], stock="Kd", discards="2c")
    downs = {" | ".join(str(m) for m in a.melds) for a in r.legal_actions() if isinstance(a, LayDown)}
    assert downs == {
        "7d 7h 7s | 8c 8h 8s",
        "7d 7h 7s | 8c 8h *",
        "7d 7h 7s | 8c 8s *",
        "7d 7h 7s | 8h 8s *",
        "7d 7h * | 8c 8h 8s",
        "7d 7s * | 8c 8h 8s",
        "7h 7s * | 8c 8h 8s",
    }
    results = listed_results(r)
    assert_listed(r, contract_candidates(r, random.Random(1), tuple(results.values())), results)


@pytest.mark.parametrize("rules", [CONTRACT_RUMMY, SHANGHAI], ids=["contract_rummy", "shanghai"])
def test_a_joker_in_each_place_of_a_run_is_its_own_lay_down(build: Builder, rules: RuleSet) -> None:
    # docs/rules/contract-rummy.md "the order given is the reading": the joker below the run or above it are two lay-downs.
    r = build(rules, ["7h 7s 7d 4c 5c 6c * Kd", "9c", "9d"], stock="Kd", discards="2c", round_number=2)
    downs = [" | ".join(str(m) for m in a.melds) for a in r.legal_actions() if isinstance(a, LayDown)]
    assert sorted(downs) == ["7d 7h 7s | * 4c 5c 6c", "7d 7h 7s | 4c 5c 6c *"]
    after = {r.apply(LayDown(0, d)).table[1].reading.jokers[0] for d in downs}
    assert {str(c) for c in after} == {"3c", "7c"}


# --- Gin ---------------------------------------------------------------------------------------


def gin_candidates(state: GinHand) -> Iterator[Any]:
    for seat in (-1, 0, 1, 2):
        yield from (GinDrawStock(seat), GinDrawDiscard(seat), Knock(seat))
        for card in {*state.hands[0], *state.hands[1]}:
            yield from (GinDiscard(seat, card), Knock(seat, card))


@settings(max_examples=25, deadline=None)
@given(variant=st.sampled_from(range(len(GIN_VARIANTS))), seed=st.integers(0, 10**6), steps=st.integers(1, 60))
def test_gin_hands_list_every_distinct_legal_action(variant: int, seed: int, steps: int) -> None:
    rng = random.Random(seed)
    state = GinHand.deal(rules=GIN_VARIANTS[variant], seed=seed)
    for position in play_on(state, rng, steps):
        if rng.random() < 0.3:
            results = listed_results(position)
            assert_listed(position, gin_candidates(position), results)


# --- every lay-down of a small hand, against brute force ---------------------------------------

SMALL_POOL = [f"{r}{s}" for r in range(3, 9) for s in "ch"] + ["*", "*", "2c", "2h", "Ac"]


def brute_force_lay_downs(state: ContractRound) -> set[ContractRound]:
    """Every state a lay-down of an exact contract leaves: each split of the hand into the contract's
    melds, a run holding a wild piece in every order of its cards that reads as a meld (a set of
    exactly 3 counts as a set whatever its order), the melds in both orders."""
    p = state.current
    hand = state.hands[p]
    rules = state.rules
    contract = rules.round(state.round_number).contract
    assert contract.exact
    sizes = [contract.set_size] * contract.sets + [contract.run_size] * contract.runs
    found: set[ContractRound] = set()

    def splits(free: tuple[int, ...], k: int) -> Iterator[list[tuple[int, ...]]]:
        if k == len(sizes):
            yield []
            return
        for chosen in itertools.combinations(free, sizes[k]):
            rest = tuple(i for i in free if i not in chosen)
            for tail in splits(rest, k + 1):
                yield [chosen, *tail]

    for split in splits(tuple(range(len(hand))), 0):
        orders = []
        for k, chosen in enumerate(split):
            cards = tuple(hand[i] for i in chosen)
            if k >= contract.sets and any(rules.is_wild(c) for c in cards):
                orders.append([m for m in set(itertools.permutations(cards)) if is_valid_meld(m, rules=rules)])
            else:
                orders.append([cards] if is_valid_meld(cards, rules=rules) else [])
        for melds in itertools.product(*orders):
            for written in {melds, melds[::-1]}:
                try:
                    found.add(state.apply(LayDown(p, [list(m) for m in written])))
                except IllegalActionError:
                    pass
    return found


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    cards=st.lists(st.sampled_from(SMALL_POOL), min_size=7, max_size=8),
    round_number=st.sampled_from([1, 2, 3]),
    house=st.sampled_from([{}, {"deuces_wild": True}, {"deuces_wild": True, "joker_ratio": True}]),
)
def test_every_lay_down_of_a_small_hand_against_brute_force(
    build: Builder, cards: list[str], round_number: int, house: dict[str, object]
) -> None:
    # docs/rules/contract-rummy.md "The contract is laid down in one turn, with exactly the cards it needs".
    rules = CONTRACT_RUMMY.with_options(house)  # the builder fixture keeps no state
    twice = {c: cards.count(c) for c in cards}
    if any(n > 2 for n in twice.values()):  # two decks
        return
    r = build(rules, [" ".join(cards), "Kd"], stock="Kd Qd", discards="Ks", round_number=round_number)
    listed = {r.apply(a) for a in r.legal_actions() if isinstance(a, LayDown)}
    assert listed == brute_force_lay_downs(r)
