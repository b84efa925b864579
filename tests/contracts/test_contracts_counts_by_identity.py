"""The lay-down search's hand counts, taken by identity first, against `collections.Counter`.

`_moves._counts` counts each object of a hand once by its identity and then merges equal
objects. Over random hands of shared and freshly built (equal but distinct) cards and jokers,
it gives `Counter`'s counts in `Counter`'s order (each piece where an equal one was first met),
keyed by the first object met of each.
"""

from __future__ import annotations

import copy
from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from rummylib.cards import Card, Rank, Suit
from rummylib.contracts._moves import _counts
from rummylib.pieces import JOKER, Piece

_SHARED: list[Piece] = [Card(Rank(r), s) for r in (1, 2, 7, 13) for s in (Suit.CLUBS, Suit.HEARTS)] + [JOKER]


@given(st.lists(st.tuples(st.integers(0, len(_SHARED) - 1), st.booleans()), max_size=30))
def test_counts_match_counter(picks: list[tuple[int, bool]]) -> None:
    hand = [copy.copy(_SHARED[i]) if fresh else _SHARED[i] for i, fresh in picks]
    got = _counts(hand)
    want = Counter(hand)
    assert list(got.items()) == list(want.items())
    firsts: dict[Piece, Piece] = {}
    for p in hand:
        firsts.setdefault(p, p)
    assert all(k is firsts[k] for k in got)
