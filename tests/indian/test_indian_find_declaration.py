"""`find_declaration` against a brute-force oracle on small hands, under house rules too.

The oracle asks the meld engine about every subset of the hand and tries every way of covering the
hand with disjoint valid melds, counting sequences and pure sequences as `declaration_violations`
does. `find_declaration` must find a declaration exactly when the oracle does, and what it finds
must be valid, hold every card, and not depend on the order of the cards.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Sequence

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from rummylib import INDIAN_RUMMY, JOKER, Card, MeldKind, Piece, PieceCount, Rank, RuleSet, Suit, meld_readings
from rummylib.indian import (
    best_arrangement,
    declaration_violations,
    find_declaration,
    is_valid_declaration,
    with_wild_joker,
)

HOUSE = [
    {},
    {"joker_ratio": True},
    {"max_jokers_per_meld": 1},
    {"min_sequences": 1},
    {"min_sequences": 0, "min_pure_sequences": 0},
    {"min_pure_sequences": 2},
    {"group_min": 2},
    {"group_distinct": False, "group_max": None},
    {"ace_high": False},
    {"max_run": 4},
    {"deuces_wild": True},
]


def oracle(hand: Sequence[Piece], rules: RuleSet) -> bool:
    n = len(hand)
    melds: list[tuple[int, bool, bool]] = []
    for size in range(2, n + 1):
        for combo in itertools.combinations(range(n), size):
            readings = meld_readings([hand[i] for i in combo], rules=rules)
            if readings:
                runs = [r for r in readings if r.kind is MeldKind.RUN]
                melds.append((sum(1 << i for i in combo), bool(runs), any(r.is_pure for r in runs)))

    @functools.cache
    def cover(left: int, seqs: int, pures: int) -> bool:
        if not left:
            return seqs >= rules.min_sequences and pures >= rules.min_pure_sequences
        low = left & -left
        return any(
            mask & low and mask & left == mask and cover(left & ~mask, min(seqs + s, 3), min(pures + p, 3))
            for mask, s, p in melds
        )

    return cover((1 << n) - 1, 0, 0)


@st.composite
def small_hands(draw: st.DrawFn) -> tuple[list[Piece], RuleSet]:
    """A small hand from a narrow pool (so that melds are likely) and a house variant."""
    rng = random.Random(draw(st.integers(0, 2**32)))
    options = dict(rng.choice(HOUSE))
    options["hand_size"] = rng.choice([6, 7, 7, 8])
    rules = INDIAN_RUMMY.with_options(options)
    if rng.random() < 0.8:
        rules = with_wild_joker(rng.choice(["5h", "Ac", "Kd", "9s"]), rules=rules)
    suits = rng.sample(list(Suit), 2)
    low = rng.randint(1, 10)
    pool: list[Piece] = [Card(Rank(r), s) for s in suits for r in range(low, low + 4)] * 2
    pool += [Card(Rank(low), s) for s in Suit] + [Card(Rank.FIVE, s) for s in Suit] + [JOKER] * 3
    while True:
        hand = rng.sample(pool, rules.hand_size)
        if max(PieceCount.of(hand).counter().values()) <= 2:
            return hand, rules


@st.composite
def built_hands(draw: st.DrawFn) -> tuple[list[Piece], RuleSet]:
    """A small hand built from two or three groups (often a declaration), maybe with one card changed."""
    rng = random.Random(draw(st.integers(0, 2**32)))
    options = dict(rng.choice(HOUSE))
    wild = rng.choice(["5h", "Ac", "Kd", "9s"])
    hand: list[Piece] = []
    for k in range(rng.choice([2, 3])):
        size = rng.choice([3, 3, 4])
        if k == 0 or rng.random() < 0.5:
            suit = rng.choice(list(Suit))
            low = rng.randint(1, 15 - size)
            group: list[Piece] = [Card(Rank(1 if q == 14 else q), suit) for q in range(low, low + size)]
        else:
            group = [Card(rng.choice(list(Rank)), s) for s in rng.sample(list(Suit), size)]
        if k and rng.random() < 0.6:
            group[rng.randrange(size)] = rng.choice([JOKER, Card.parse(wild)])
        hand += group
    if rng.random() < 0.3:
        hand[rng.randrange(len(hand))] = rng.choice([JOKER, Card(rng.choice(list(Rank)), rng.choice(list(Suit)))])
    options["hand_size"] = len(hand)
    rules = with_wild_joker(wild, rules=INDIAN_RUMMY.with_options(options))
    assume(max(PieceCount.of(hand).counter().values()) <= 2 and hand.count(JOKER) <= 4)
    return hand, rules


@settings(max_examples=150)
@given(st.one_of(small_hands(), built_hands()))
def test_find_declaration_agrees_with_the_oracle(case: tuple[list[Piece], RuleSet]) -> None:
    hand, rules = case
    found = find_declaration(hand, rules=rules)
    assert (found is not None) == oracle(hand, rules)
    if found is not None:
        assert declaration_violations(found, rules=rules) == ()
        assert PieceCount.of(p for m in found for p in m) == PieceCount.of(hand)
        assert find_declaration(list(reversed(hand)), rules=rules) == found


def test_every_card_must_be_placed_jokers_too() -> None:
    """A hand of 0 points may still not declare: a joker left over must go into a group."""
    hand = "Ah 2h 3h 4c 5c 6c 9s 9d 9h Jc Qc Kc *"
    no_jokers_in_melds = INDIAN_RUMMY.with_options({"max_jokers_per_meld": 0})
    assert best_arrangement(hand, rules=no_jokers_in_melds).points == 0
    assert find_declaration(hand, rules=no_jokers_in_melds) is None
    found = find_declaration(hand, rules=INDIAN_RUMMY)
    assert found is not None and is_valid_declaration(found, rules=INDIAN_RUMMY)
    assert [str(m) for m in found] == ["4c 5c 6c", "Jc Qc Kc", "9d 9h 9s", "Ah 2h 3h *"]


@pytest.mark.parametrize(
    ("hand", "declares"),
    [
        ("Ah 2h 3h 4c 5c 6c 9s 9d 9h Jc Qc Kc *", True),
        ("Ah 2h 3h 4c 5h 6c 9s 9d 9h Jc Qc Kc Ac", True),  # 5h is wild: 4c 5h 6c is the second sequence
        ("Ah 2h 3h 4c 5c 6c 9s 9d 9h Jc Qc Kc 2d", False),
        ("Kh Kd Ks Qh Qd Qs 9h 9d 9s 7c 7d 7h 2c", False),  # no sequence at all
        ("Qh Kh Ah 2s 3s 4s 10d Jd Qd 8c 8d 8h 8s", True),  # the ace high
        ("Kh Ah 2h 2s 3s 4s 10d Jd Qd 8c 8d 8h 8s", False),  # no wrap K-A-2
    ],
)
def test_rule_book_hands(hand: str, declares: bool) -> None:
    rules = with_wild_joker("5h", rules=INDIAN_RUMMY)
    assert (find_declaration(hand, rules=rules) is not None) is declares


def test_not_thirteen_cards_never_declare() -> None:
    assert find_declaration("Ah 2h 3h 4c 5c 6c", rules=INDIAN_RUMMY) is None
