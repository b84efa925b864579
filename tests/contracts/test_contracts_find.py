"""Finding the best meld-down: exact, fewest points left, deterministic ties."""

import random

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st
from tests.oracles.contracts import brute_force as _brute_force

from rummylib import (
    CONTRACT_RUMMY,
    JOKER,
    SHANGHAI,
    Card,
    Contract,
    RuleSetError,
    SearchLimitReached,
    format_pieces,
    parse_pieces,
)
from rummylib.contracts import check_contract, find_contract
from rummylib.decks import full_set
from rummylib.pieces import Piece

CR = CONTRACT_RUMMY
SH = SHANGHAI


def melds_of(plan) -> list[str]:
    return [str(m) for m in plan.melds]


def test_best_plan_and_points_left() -> None:
    """Points: joker 25, ace 15, J Q K 10, others face value (docs/rules/contract-rummy.md and docs/rules/shanghai.md)."""
    plan = find_contract("7h 7s 7d 8c 8s 8h Kd 4c", round_number=1, rules=CR)
    assert melds_of(plan) == ["7d 7h 7s", "8c 8h 8s"]
    assert format_pieces(plan.left) == "4c Kd"
    assert plan.points_left == 14
    assert plan.contract == CR.round(1).contract


def test_exact_contract_uses_exactly_the_cards_needed() -> None:
    """docs/rules/contract-rummy.md: a set of exactly 3, so a fourth 7 stays in hand."""
    plan = find_contract("7h 7s 7d 7c 8c 8s 8h", round_number=1, rules=CR)
    assert [len(m) for m in plan.melds] == [3, 3]
    assert plan.points_left == 7


def test_minimum_contract_melds_as_much_as_it_can() -> None:
    """docs/rules/shanghai.md: sizes are minimums, so every 7 goes in the set and the run grows."""
    plan = find_contract("7h 7s 7d 7c 4c 5c 6c 8c 9c Kd", round_number=2, rules=SH)
    assert plan.points_left == 10
    assert sum(len(m) for m in plan.melds) == 9  # the 7c goes in the set or in the run 4c-9c


def test_prefers_melding_jokers_to_leave_fewer_points() -> None:
    """A joker costs 25 in hand: the plan melds it rather than a cheaper natural card."""
    plan = find_contract("5c 6c 7c 8c * 9h 9s 9d Kd Qd", round_number=2, rules=CR)
    assert JOKER not in plan.left
    assert format_pieces(plan.left) == "5c Qd Kd"
    assert plan.points_left == 25


def test_impossible_is_none() -> None:
    assert find_contract("7h 7s 8d 8c 9c Kd", round_number=1, rules=CR) is None
    assert find_contract("4c 5c 6c 7c 8c 9c 10c 11c"[:0] + "4c 5c 6c 7c 8c 9c 10c Jc", round_number=3, rules=CR) is None


def test_two_runs_of_one_suit_never_continue() -> None:
    """2c..9c is one run, not two (docs/rules/contract-rummy.md); with a gap they are two runs."""
    assert find_contract("2c 3c 4c 5c 6c 7c 8c 9c", round_number=3, rules=CR) is None
    plan = find_contract("2c 3c 4c 5c 7c 8c 9c 10c", round_number=3, rules=CR)
    assert melds_of(plan) == ["2c 3c 4c 5c", "7c 8c 9c 10c"]
    # A joker may fill the gap's neighbour only where the runs still do not touch.
    plan = find_contract("2c 3c 4c 7c 8c 9c 10c *", round_number=3, rules=SH)
    assert plan is not None
    assert check_contract(plan.melds, round_number=3, rules=SH)


def test_round_7_whole_hand() -> None:
    """docs/rules/contract-rummy.md round 7: three runs holding the whole hand but at most one card."""
    hand = "4c 5c 6c 7c 8c 9h 10h Jh Qh * 3s 4s 5s Kd"
    plan = find_contract(hand, round_number=7, rules=CR)
    assert plan is not None
    assert len(plan.left) == 1
    assert plan.points_left == 10
    assert find_contract(hand + " Qd", round_number=7, rules=CR) is None


def test_ace_high_and_low() -> None:
    plan = find_contract("Jc Qc Kc Ac 2h 3h 4h Ah", round_number=3, rules=CR)
    assert melds_of(plan) == ["Jc Qc Kc Ac", "Ah 2h 3h 4h"]


def test_deuces_wild_and_their_points() -> None:
    """docs/rules/contract-rummy.md deuces_wild: every 2 is also a joker and counts 25 in hand."""
    rules = CR.with_options({"deuces_wild": True})
    assert find_contract("7h 7s 2d 8c 8s Kd", round_number=1, rules=CR) is None
    plan = find_contract("7h 7s 2d 8c 8s 2c Kd", round_number=1, rules=rules)
    assert plan is not None
    assert plan.points_left == 10
    plan = find_contract("7h 7s 7d 8c 8s 8d 2h", round_number=1, rules=rules)
    assert plan.points_left == 7  # the 2 (25 points) replaces a natural 7...
    assert sum(len(m) for m in plan.melds) == 6
    assert len(plan.left) == 1


def test_point_options() -> None:
    """docs/rules/contract-rummy.md options number_cards_flat and joker_points change what a plan leaves."""
    flat = CR.with_options({"number_cards_flat": True})
    assert find_contract("7h 7s 7d 8c 8s 8h 9d", round_number=1, rules=flat).points_left == 5
    cheap = CR.with_options({"joker_points": 15})
    assert find_contract("7h 7s 7d 8c 8s 8h *", round_number=1, rules=cheap).points_left in (7, 8)


def test_joker_ratio_respected() -> None:
    """docs/rules/shanghai.md joker_ratio: no meld may hold more jokers than natural cards."""
    rules = SH.with_options({"joker_ratio": True})
    assert find_contract("8h * * Kc Kd Kh", round_number=1, rules=rules) is None
    assert find_contract("8h * * Kc Kd Kh", round_number=1, rules=SH) is not None


def test_user_contract() -> None:
    mine = Contract(sets=1, runs=1, set_size=4, run_size=6)
    plan = find_contract("7h 7s 7d 7c 3d 4d 5d 6d 7d 8d 9d Kc", contract=mine, rules=SH)
    assert plan is not None
    assert plan.points_left == 10


def test_budget() -> None:
    with pytest.raises(SearchLimitReached):
        find_contract("7h 7s 7d 8c 8s 8h Kd 4c * *", round_number=1, rules=CR, budget=2)
    assert find_contract("7h 7s 7d 8c 8s 8h Kd 4c", round_number=1, rules=CR, budget=10_000) is not None


def test_bad_input() -> None:
    from rummylib import RUMMIKUB, InvalidPiecesError, NotationError

    with pytest.raises(RuleSetError):
        find_contract("7h 7s 7d", round_number=11, rules=SH)
    with pytest.raises(NotationError):
        find_contract("7h 7s 7z", round_number=1, rules=SH)
    with pytest.raises(InvalidPiecesError):
        find_contract("7h 7h 7h 7h", round_number=1, rules=SH)
    with pytest.raises(RuleSetError):
        find_contract("r1 r2 r3", contract=Contract(runs=1, run_size=3), rules=RUMMIKUB)


def test_worst_real_hands_finish() -> None:
    """13+ cards, 4 jokers, deuces wild — the search ends (no timeout, exact)."""
    rules = CR.with_options({"deuces_wild": True, "jokers": "all"})
    rng = random.Random(4)
    deck = [p for p in full_set(rules, players=5) if p != JOKER]
    for rnd in range(1, 8):
        hand = [*rng.sample(deck, rules.round(rnd).cards + 5), JOKER, JOKER, JOKER, JOKER]
        plan = find_contract(hand, round_number=rnd, rules=rules)
        if plan is not None:
            check_contract(plan.melds, round_number=rnd, rules=rules, hand=hand)


# --- properties ------------------------------------------------------------------------------

GAMES = [
    CR,
    SH,
    CR.with_options({"deuces_wild": True}),
    SH.with_options({"joker_ratio": True}),
    SH.with_options({"deuces_wild": True, "joker_ratio": True}),
    SH.with_options({"group_distinct": True, "group_max": 4}),
    CR.with_options({"wild_ranks": ["5"], "max_jokers_per_meld": 2, "ace_high": False}),
]
CONTRACTS = [
    Contract(sets=2, exact=True),
    Contract(sets=1, runs=1, exact=True),
    Contract(runs=2, exact=True),
    Contract(sets=1, runs=1),
    Contract(runs=2),
    Contract(sets=2),
    Contract(runs=2, whole_hand=True),
    Contract(sets=1, runs=1, run_size=5),
    Contract(runs=2, run_size=3),
]


@st.composite
def small_cases(draw: st.DrawFn, *, low: int = 6, high: int = 9) -> tuple:
    """A rule set, a contract and a small hand dense in melds (few ranks, few suits)."""
    rules = draw(st.sampled_from(GAMES))
    contract = draw(st.sampled_from(CONTRACTS))
    lo = draw(st.integers(1, 10))
    suits = draw(st.sets(st.sampled_from("cdhs"), min_size=1, max_size=2))
    deck = [
        p
        for p in full_set(rules, players=5)
        if isinstance(p, Card) and (lo <= p.rank <= lo + 3 or p.rank == 2) and p.suit.value in suits
    ]
    size = draw(st.integers(low, high))
    jokers = draw(st.integers(0, min(2, rules.max_jokers)))
    picks = draw(st.lists(st.integers(0, len(deck) - 1), min_size=size - jokers, max_size=size - jokers, unique=True))
    hand: list[Piece] = [deck[i] for i in picks] + [JOKER] * jokers
    return rules, contract, tuple(draw(st.permutations(hand)))


@st.composite
def meldy_cases(draw: st.DrawFn) -> tuple:
    """A rule set, a contract and a hand built from near-melds (many hands can meet the contract)."""
    rules = draw(st.sampled_from(GAMES))
    contract = draw(st.sampled_from(CONTRACTS))
    hand: list[Piece] = []
    for _ in range(draw(st.integers(2, 3))):
        if draw(st.booleans()):
            rank = draw(st.integers(1, 13))
            suits = draw(st.lists(st.sampled_from("cdhs"), min_size=2, max_size=4))
            hand += [Card.parse(f"{_RANKS[rank - 1]}{s}") for s in suits]
        else:
            suit = draw(st.sampled_from("cdhs"))
            length = draw(st.integers(3, 5))
            start = draw(st.integers(1, 14 - length + 1))
            hand += [Card.parse(f"{_RANKS[(p - 1) % 13]}{suit}") for p in range(start, start + length)]
    hand = hand[:10]
    hand += [JOKER] * draw(st.integers(0, min(2, rules.max_jokers)))
    if any(hand.count(p) > (rules.copies if p != JOKER else rules.max_jokers) for p in hand):
        hand = list(dict.fromkeys(hand))
    return rules, contract, tuple(draw(st.permutations(hand)))


_RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


@given(st.one_of(small_cases(), meldy_cases()))
def test_plan_passes_the_checker(case) -> None:
    rules, contract, hand = case
    plan = find_contract(hand, contract=contract, rules=rules)
    if plan is not None:
        down = check_contract(plan.melds, contract=contract, rules=rules, hand=hand)
        assert down.readings == plan.readings or len(down.readings) == len(plan.readings)
        assert plan.points_left == sum(rules.piece_points(p) for p in plan.left)
        used = [p for m in plan.melds for p in m.pieces]
        assert sorted(map(str, used + list(plan.left))) == sorted(map(str, hand))


@settings(max_examples=80)
@given(st.one_of(small_cases(), meldy_cases()))
def test_agrees_with_brute_force(case) -> None:
    """On small hands, the same answer as trying every meld-down."""
    rules, contract, hand = case
    plan = find_contract(hand, contract=contract, rules=rules)
    oracle = _brute_force(hand, contract=contract, rules=rules)
    event("possible" if oracle is not None else "impossible")
    assert (plan is None) == (oracle is None)
    if plan is not None:
        assert plan.points_left == oracle


@given(st.one_of(small_cases(), meldy_cases()), st.randoms(use_true_random=False))
def test_adding_a_card_keeps_it_possible(case, rng) -> None:
    """A possible contract stays possible with one more card (not whole-hand ones,
    where an extra card can be one too many to leave)."""
    rules, contract, hand = case
    if contract.whole_hand or find_contract(hand, contract=contract, rules=rules) is None:
        return
    extra = rng.choice([p for p in full_set(rules, players=5) if hand.count(p) < (rules.copies if p != JOKER else 2)])
    bigger = (*hand, extra)
    if JOKER in bigger and bigger.count(JOKER) > rules.max_jokers:
        return
    assert find_contract(bigger, contract=contract, rules=rules) is not None


@given(small_cases(), st.randoms(use_true_random=False))
def test_hand_order_does_not_matter(case, rng) -> None:
    """Ties are broken the same way whatever the order of the hand."""
    rules, contract, hand = case
    shuffled = list(hand)
    rng.shuffle(shuffled)
    a = find_contract(hand, contract=contract, rules=rules)
    b = find_contract(shuffled, contract=contract, rules=rules)
    assert (a is None and b is None) or (a is not None and b is not None and a.melds == b.melds and a.left == b.left)


def test_larger_hands_agree_with_brute_force() -> None:
    """A few 10-card hands with jokers, checked against the oracle (fixed seeds)."""
    rng = random.Random(11)
    for _ in range(6):
        rules = rng.choice(GAMES)
        contract = rng.choice(CONTRACTS)
        lo = rng.randint(1, 9)
        deck = [
            p
            for p in full_set(rules, players=5)
            if isinstance(p, Card) and lo <= p.rank <= lo + 4 and p.suit.value in "ch"
        ]
        hand = [*rng.sample(deck, 9), JOKER]
        plan = find_contract(hand, contract=contract, rules=rules)
        oracle = _brute_force(hand, contract=contract, rules=rules)
        assert (None if plan is None else plan.points_left) == oracle, (format_pieces(hand), contract)


def test_parse_pieces_hand() -> None:
    assert find_contract(parse_pieces("7h 7s 7d 8c 8s 8h"), round_number=1, rules=CR).points_left == 0
