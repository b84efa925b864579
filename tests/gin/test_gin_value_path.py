"""The value path (`deadwood_value`) and the fast reading of a hand against the full `deadwood`.

`deadwood_value` reads the hand by its own, cheaper pass and searches without building melds;
`deadwood` reads, searches and builds in one call of the engine. Both must say what the reading
by `read_hand` and the search with the discard's tie rules say, and refuse the same input with
the same error.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from rummylib import (
    CONTRACT_RUMMY,
    GIN_RUMMY,
    INDIAN_RUMMY,
    JOKER,
    RUMMIKUB,
    SHANGHAI,
    Card,
    Rank,
    RuleSet,
    Suit,
    Tile,
    format_pieces,
)
from rummylib.errors import RummyError
from rummylib.gin import deadwood, deadwood_value, is_legal_knock, knock_violations
from rummylib.gin._engine import _removals, _set_choices, encode, min_deadwood, read_hand, tables_for
from rummylib.gin.deadwood import _least

DECK = [Card(r, s) for s in Suit for r in Rank]

# Gin, with its ace low; other card games' meld rules (ace high, wild cards to refuse) too.
RULES = st.sampled_from(
    [
        GIN_RUMMY,
        GIN_RUMMY.with_options({"gin_only": True}),
        CONTRACT_RUMMY,
        SHANGHAI,
        INDIAN_RUMMY,
    ]
)

hands = st.one_of(
    st.lists(st.sampled_from(DECK), min_size=0, max_size=11, unique=True),
    st.integers(1, 9).flatmap(
        lambda low: st.lists(
            st.sampled_from([c for c in DECK if low <= c.rank < low + 5]), min_size=9, max_size=11, unique=True
        )
    ),
)


def _forms(hand: list[Card]) -> list[Any]:
    """The hand as a tuple, a list, notation and an iterator: every form the readers take."""
    return [tuple(hand), list(hand), format_pieces(hand), iter(hand)]


def _outcome(fn: Any) -> tuple[str, Any]:
    """What a call returns, or the class, code and message of the rummylib error it raises."""
    try:
        return "ok", fn()
    except RummyError as exc:
        return "error", (type(exc), exc.code, str(exc))


@given(hands, RULES)
def test_the_value_path_is_the_deadwood_of_the_full_result(hand: list[Card], rules: RuleSet) -> None:
    full = _outcome(lambda: deadwood(hand, rules=rules))
    for form in _forms(hand):
        value = _outcome(lambda form=form: deadwood_value(form, rules=rules))
        if full[0] == "ok":
            assert value == ("ok", full[1].deadwood)
        else:
            assert value == full


@given(hands, RULES)
def test_the_one_call_result_is_the_read_then_searched_result(hand: list[Card], rules: RuleSet) -> None:
    """`deadwood` (read, search and build in the engine) against the steps taken one by one."""

    def by_steps() -> Any:
        t = tables_for(rules)
        cards, masks = read_hand(hand, rules, "hand")
        return _least(cards, masks, t)

    expected = _outcome(by_steps)
    for form in _forms(hand):
        assert _outcome(lambda form=form: deadwood(form, rules=rules)) == expected


@given(hands, st.sampled_from([GIN_RUMMY, GIN_RUMMY.with_options({"gin_only": True})]))
def test_knock_checks_from_the_number_agree_with_the_full_result(hand: list[Card], rules: RuleSet) -> None:
    if len(hand) < 10:
        return
    result = deadwood(hand, rules=rules)
    limit = 0 if rules.gin_only else rules.knock_limit
    problems = knock_violations(hand, rules=rules)
    assert (problems == ()) is (result.deadwood <= limit) is is_legal_knock(hand, rules=rules)
    if problems:
        assert f"the knocker has {result.deadwood} deadwood" in problems[0].message
        assert problems[0].pieces == tuple(hand)


strangers = st.sampled_from([5, None, "x", JOKER, Tile.parse("r5"), Card.parse("2h"), Card.parse("2h")])
bad_hands = st.lists(st.one_of(st.sampled_from(DECK), strangers), min_size=0, max_size=13)


@given(bad_hands, RULES)
def test_bad_input_is_refused_alike(hand: list[Any], rules: RuleSet) -> None:
    """A stranger, a joker, a tile, a wild card, a card twice, too many cards: the same error."""

    def by_steps() -> Any:
        cards, masks = read_hand(tuple(hand), rules, "hand")
        return _least(cards, masks, tables_for(rules))

    expected = _outcome(by_steps)
    for form in (tuple(hand), list(hand), iter(hand)):
        got = _outcome(lambda form=form: deadwood(form, rules=rules))
        assert got == expected
    value = _outcome(lambda: deadwood_value(list(hand), rules=rules))
    assert value == (expected if expected[0] == "error" else ("ok", expected[1].deadwood))


@pytest.mark.parametrize("hand", ["Ah 2h 14h", "Ah Ah 2h", "Ah *", 5, None, b"Ah"])
def test_bad_notation_and_values_are_refused_alike(hand: Any) -> None:
    full = _outcome(lambda: deadwood(hand, rules=GIN_RUMMY))
    assert full[0] == "error"
    assert _outcome(lambda: deadwood_value(hand, rules=GIN_RUMMY)) == full


def test_tile_rules_are_refused_alike() -> None:
    full = _outcome(lambda: deadwood("Ah 2h 3h", rules=RUMMIKUB))
    assert full[0] == "error"
    assert _outcome(lambda: deadwood_value("Ah 2h 3h", rules=RUMMIKUB)) == full


def test_rule_sets_in_turn_each_get_their_own_tables() -> None:
    """The engine remembers the last rule set asked for: switching back and forth stays right."""
    hand = "Jh Qh Kh Ah 2c 3c 4c 5c"  # the ace is low only in Gin: J Q K A is no run there
    for _ in range(3):
        assert deadwood_value(hand, rules=GIN_RUMMY) == deadwood(hand, rules=GIN_RUMMY).deadwood == 1
        assert deadwood_value(hand, rules=CONTRACT_RUMMY) == deadwood(hand, rules=CONTRACT_RUMMY).deadwood == 0


def test_cards_read_before_are_read_right_however_many_there_are() -> None:
    """The engine knows cards it read before by identity, a bounded number of them: new card
    objects by the thousand (beyond the bound, with ids freed and reused) read as they should,
    against the search on masks built straight from each card's rank and suit."""
    rng = random.Random(7)
    t = tables_for(GIN_RUMMY)
    for _ in range(1500):
        hand = [Card(c.rank, c.suit) for c in rng.sample(DECK, 10)]  # new objects every time
        expected = min_deadwood(encode(hand), t)
        assert deadwood_value(hand, rules=GIN_RUMMY) == expected == deadwood(hand, rules=GIN_RUMMY).deadwood


def _removals_one_by_one(masks: list[int], group_min: int, group_max: int) -> list[tuple[int, ...]]:
    """Every choice of sets, built set by set from the suits holding each rank (the reference)."""
    combos: list[tuple[int, ...]] = [(0, 0, 0, 0)]
    for r in range(13):
        low = 1 << r
        suits = [s for s in range(4) if masks[s] & low]
        choices = [
            tuple(low if s in combo else 0 for s in range(4))
            for size in range(group_min, min(group_max, len(suits)) + 1)
            for combo in itertools.combinations(suits, size)
        ]
        combos += [tuple(p | q for p, q in zip(old, choice, strict=True)) for old in combos for choice in choices]
    return combos


@given(hands, st.sampled_from([(3, 4), (3, 3), (2, 4), (1, 4)]))
def test_the_choices_of_sets_are_every_choice_in_order(hand: list[Card], group: tuple[int, int]) -> None:
    """The order matters: ties between equal deadwood go to the first choice found."""
    rules = GIN_RUMMY
    t = attrs.evolve(tables_for(rules), group_min=group[0], group_max=group[1], set_choices=_set_choices(*group))
    masks = encode(hand)
    assert [tuple(r) for r in _removals(masks, t)] == _removals_one_by_one(masks, *group)
