"""Indian Rummy hand points against a brute-force oracle on small hands.

The oracle asks the meld engine about every subset of the hand, tries every collection of
disjoint melds and applies the three cases of docs/rules/indian-rummy.md literally.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Sequence

import attrs
from hypothesis import given
from hypothesis import strategies as st

from rummylib import INDIAN_RUMMY, JOKER, Card, MeldKind, Rank, Suit, is_valid_meld, meld_readings
from rummylib.indian import best_arrangement, declaration_violations
from rummylib.pieces import Piece
from rummylib.rules import RuleSet


def oracle_points(hand: Sequence[Piece], rules: RuleSet) -> int:
    n = len(hand)
    points = [rules.piece_points(p) for p in hand]
    total = sum(points)
    melds: list[tuple[int, bool, bool]] = []  # (mask, is_sequence, is_pure_sequence)
    for size in range(3, n + 1):
        for combo in itertools.combinations(range(n), size):
            pieces = [hand[i] for i in combo]
            readings = meld_readings(pieces, rules=rules)
            if not readings:
                continue
            runs = [r for r in readings if r.kind is MeldKind.RUN]
            melds.append((sum(1 << i for i in combo), bool(runs), any(r.is_pure for r in runs)))

    def cost(mask: int) -> int:
        return sum(points[i] for i in range(n) if mask >> i & 1)

    best = total  # no pure sequence: every card counts
    for mask, _, pure in melds:
        if pure:  # a pure sequence but no second sequence: cards outside it count
            best = min(best, total - cost(mask))

    @functools.cache
    def search(left: int, seqs: int, pures: int) -> int:
        result = cost(left) if seqs >= rules.min_sequences and pures >= rules.min_pure_sequences else 10**9
        if not left:
            return result
        low = (left & -left).bit_length() - 1
        result = min(result, search(left & ~(1 << low), seqs, pures) + points[low])
        for mask, is_seq, pure in melds:
            if mask >> low & 1 and mask & left == mask:
                result = min(
                    result,
                    search(left & ~mask, min(seqs + is_seq, 2), min(pures + pure, 1)),
                )
        return result

    full = (1 << n) - 1
    # Cards left out of every meld count; search() also lets the lowest card count.
    return min(best, search(full, 0, 0))


def small_hand(rng: random.Random) -> tuple[list[Piece], RuleSet]:
    wild = rng.choice([None, *range(1, 8)])
    rules = INDIAN_RUMMY if wild is None else attrs.evolve(INDIAN_RUMMY, wild_ranks={Rank(wild)})
    suits = rng.sample(list(Suit), 2)
    low = rng.choice([1, 1, 2, 9, 10, 11])
    pool: list[Piece] = [Card(Rank(r), s) for s in suits for r in range(low, min(low + 5, 14)) for _ in range(2)]
    if rng.random() < 0.5:
        pool += [Card(Rank(r), s) for s in Suit for r in rng.sample(range(1, 14), 2)]
    pool += [JOKER] * 2
    if rng.random() < 0.5:
        pool.append(Card(Rank.ACE, suits[0]))
    size = rng.randint(3, 9)
    hand = rng.sample(pool, size)
    while sum(1 for p in hand if p == JOKER) > 4 or any(hand.count(c) > 2 for c in hand if c != JOKER):
        hand = rng.sample(pool, size)
    return hand, rules


@given(st.integers(min_value=0, max_value=2**32))
def test_hand_points_match_oracle(seed: int) -> None:
    hand, rules = small_hand(random.Random(seed))
    arrangement = best_arrangement(hand, rules=rules)
    assert arrangement.raw_points == oracle_points(hand, rules)
    assert arrangement.points == min(arrangement.raw_points, 80)
    # The arrangement is made of melds the engine accepts, of the hand's own pieces.
    used = [p for m in arrangement.melds for p in m.pieces] + list(arrangement.counted)
    assert sorted(map(str, used)) == sorted(map(str, hand))
    for meld in arrangement.melds:
        assert is_valid_meld(meld, rules=rules)
    assert sum(rules.piece_points(p) for p in arrangement.counted) == arrangement.raw_points
    if arrangement.case == "full":
        readings = [[r for r in meld_readings(m, rules=rules) if r.kind is MeldKind.RUN] for m in arrangement.melds]
        assert sum(1 for r in readings if r) >= 2
        assert any(any(x.is_pure for x in r) for r in readings)
    elif arrangement.case == "pure-only":
        assert len(arrangement.melds) == 1
        assert any(r.is_pure and r.kind is MeldKind.RUN for r in meld_readings(arrangement.melds[0], rules=rules))
    else:
        assert arrangement.melds == ()


@given(st.integers(min_value=0, max_value=2**32))
def test_order_of_the_hand_does_not_matter(seed: int) -> None:
    rng = random.Random(seed)
    hand, rules = small_hand(rng)
    shuffled = list(hand)
    rng.shuffle(shuffled)
    assert best_arrangement(hand, rules=rules).raw_points == best_arrangement(shuffled, rules=rules).raw_points


@given(st.integers(min_value=0, max_value=2**32))
def test_a_full_arrangement_of_thirteen_is_a_valid_declaration(seed: int) -> None:
    """A 13-card hand whose best arrangement leaves nothing is a declaration the checker accepts."""
    rng = random.Random(seed)
    wild = Rank(rng.randint(1, 13))
    rules = attrs.evolve(INDIAN_RUMMY, wild_ranks={wild})
    suit = rng.choice(list(Suit))
    start = rng.randint(1, 9)
    pure = [Card(Rank(r), suit) for r in range(start, start + 4)]
    other = rng.choice([s for s in Suit if s != suit])
    start2 = rng.randint(1, 10)
    second: list[Piece] = [Card(Rank(r), other) for r in range(start2, start2 + 3)]
    second[1] = JOKER
    rank = Rank(rng.randint(1, 13))
    group: list[Piece] = [Card(rank, s) for s in list(Suit)[:3]]
    rank2 = Rank(rng.randint(1, 13))
    group2: list[Piece] = [Card(rank2, s) for s in list(Suit)[1:]]
    hand = pure + second + group + group2
    rng.shuffle(hand)
    if any(hand.count(c) > 2 for c in hand):
        return
    arrangement = best_arrangement(hand, rules=rules)
    assert arrangement.raw_points == 0
    assert arrangement.case == "full"
    if not arrangement.counted:
        assert not declaration_violations(list(arrangement.melds), rules=rules)
