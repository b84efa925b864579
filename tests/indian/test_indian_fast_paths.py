"""The Indian Rummy engine's fast paths, each held to the slower form it replaces.

The declaration search's lower bound on the fillers a hand needs (`Finder._needy`), counted on the
kinds of card held, against the union of linked cards one by one it was first written as; the
shuffle of a deal against `random.Random.shuffle`; a deal's copy with fields changed against
`attrs.evolve`.
"""

from __future__ import annotations

import random
from collections import Counter

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.indian.test_indian_find_declaration import HOUSE

from rummylib import INDIAN_RUMMY, Card
from rummylib.cards import Rank, Suit
from rummylib.indian import IndianDeal, _state
from rummylib.indian._finder import Finder
from rummylib.indian.actions import DrawStock, IndianPhase


def _needy_by_card(finder: Finder, naturals: tuple[tuple[int, int], ...]) -> int:
    """`Finder._needy` as first written: a union of every linked pair of cards, one card at a time."""
    n = len(naturals)
    family = list(range(n))

    def root(i: int) -> int:
        while family[i] != i:
            family[i] = family[family[i]]
            i = family[i]
        return i

    # One rank: linked across suits (and within a suit when copies may share a set).
    by_rank: dict[int, list[int]] = {}
    for i, (_, rank) in enumerate(naturals):
        by_rank.setdefault(rank, []).append(i)
    for members in by_rank.values():
        for a, i in enumerate(members):
            for j in members[a + 1 :]:
                if naturals[i][0] != naturals[j][0] or not finder.shape.distinct:
                    family[root(i)] = root(j)
    # One suit, one or two places apart: linking each card with every card of the nearest lower
    # place held (when it is within two) links the same families as linking every such pair.
    by_suit: dict[int, list[tuple[int, int]]] = {}
    for i, (suit, rank) in enumerate(naturals):
        for place in finder._positions(rank):
            by_suit.setdefault(suit, []).append((place, i))
    for spots in by_suit.values():
        spots.sort()
        below: list[int] = []
        below_place = -10
        here: list[int] = []
        here_place = -10
        for place, i in spots:
            if place != here_place:
                below, below_place, here, here_place = here, here_place, [], place
            if 0 < place - below_place <= 2:
                for j in below:
                    family[root(i)] = root(j)
            here.append(i)
    sizes = Counter(root(i) for i in range(n))
    return sum(1 for size in sizes.values() if size < finder.smallest)


@settings(max_examples=400)
@given(st.integers(0, 2**32), st.sampled_from(HOUSE), st.integers(0, 14))
def test_needy_counts_the_families_of_the_cards(seed: int, options: dict[str, object], size: int) -> None:
    rng = random.Random(seed)
    rules = INDIAN_RUMMY.with_options(options)
    pool = [(s.order, int(r)) for s in Suit for r in Rank] * 2
    if rng.random() < 0.5:  # a narrow pool: families that link
        low = rng.randint(1, 10)
        pool = [c for c in pool if low <= c[1] <= low + 4 or c[1] == 1]
    naturals = tuple(sorted(rng.sample(pool, min(size, len(pool)))))
    finder = Finder([Card(Rank(1), Suit.SPADES)], rules)
    assert finder._needy(naturals) == _needy_by_card(finder, naturals)


@settings(max_examples=100)
@given(st.integers(0, 2**64), st.integers(0, 300))
def test_the_shuffle_draws_as_random_does(seed: int, size: int) -> None:
    mine, theirs = list(range(size)), list(range(size))
    _state.shuffle(mine, random.Random(seed))
    random.Random(seed).shuffle(theirs)
    assert mine == theirs


class _Drawing(random.Random):
    """A generator of its own: the deal shuffles with its ``shuffle``."""

    def shuffle(self, x: list[object]) -> None:  # type: ignore[override]
        x.reverse()


def test_a_generator_of_its_own_shuffles_its_own_way() -> None:
    from rummylib.decks import full_set, shuffled
    from rummylib.indian.deal import _shuffled

    pieces = full_set(INDIAN_RUMMY, players=2)[:10]
    assert _shuffled(pieces, _Drawing(1)) == shuffled(pieces, _Drawing(1)) == pieces[::-1]
    assert _shuffled(pieces, random.Random(1)) == shuffled(pieces, random.Random(1)) != pieces


@settings(max_examples=60)
@given(st.integers(0, 10**6), st.integers(2, 6), st.data())
def test_a_deal_changed_is_what_attrs_evolve_makes(seed: int, players: int, data: st.DataObject) -> None:
    from rummylib.indian.deal import _evolve

    deal = IndianDeal.deal(rules=INDIAN_RUMMY, players=players, seed=seed)
    after = deal.apply(DrawStock(deal.to_move or 0))
    names = data.draw(st.sets(st.sampled_from([a.name for a in attrs.fields(IndianDeal)])))
    changes = {name: getattr(after, name) for name in names}
    mine = _evolve(deal, **changes)
    theirs = attrs.evolve(deal, **changes)
    assert type(mine) is IndianDeal
    assert mine == theirs
    assert all(getattr(mine, a.name) is getattr(theirs, a.name) for a in attrs.fields(IndianDeal))
    assert mine.to_json() == theirs.to_json()
    assert _evolve(deal, phase=IndianPhase.DISCARD).phase is IndianPhase.DISCARD


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.integers(2, 4))
def test_listed_declarations_are_the_actions_the_public_constructor_makes(seed: int, players: int) -> None:
    from rummylib.indian.actions import Declare

    rng = random.Random(seed)
    deal = IndianDeal.deal(rules=INDIAN_RUMMY.with_options({"max_reshuffles": 1}), players=players, seed=seed)
    checked = 0
    while not deal.is_over and checked < 6:
        listed = list(deal.legal_actions())
        for action in listed:
            if isinstance(action, Declare):
                checked += 1
                public = Declare(action.player, action.melds, action.discard)
                written = Declare(action.player, [str(m) for m in action.melds], str(action.discard))
                assert action == public == written
                assert hash(action) == hash(public) and repr(action) == repr(public)
                assert type(action.melds) is tuple and action.melds == public.melds
        deal = deal.apply(rng.choice([a for a in listed if not isinstance(a, Declare)] or listed))
