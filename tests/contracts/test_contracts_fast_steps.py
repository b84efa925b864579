"""The round's own fast paths against the public values they stand for.

The referee builds each next round by copying its fields (`round._evolve`, not `attrs.evolve`),
and remembers the discard actions it lists. Along random play of both games the copy is equal,
field by field, to the round `attrs.evolve` builds with the same changes, and the listed discards
are equal to the actions made afresh.
"""

from __future__ import annotations

import random

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st

from rummylib import CONTRACT_RUMMY, SHANGHAI
from rummylib.contracts import ContractRound, Discard
from rummylib.contracts.actions import Phase
from rummylib.contracts.round import _evolve

_NAMES = [a.name for a in attrs.fields(ContractRound)]


def _rounds(seed: int, game: int, players: int, steps: int) -> list[ContractRound]:
    rules = (CONTRACT_RUMMY, SHANGHAI)[game].with_options({"max_reshuffles": 1})
    rng = random.Random(seed)
    r = ContractRound.deal(
        rules=rules,
        players=players,
        seed=seed,
        round_number=1 + seed % len(rules.rounds),
    )
    seen = [r]
    for _ in range(steps):
        if r.is_over:
            break
        actions = list(r.legal_actions())
        r = r.apply(actions[rng.randrange(len(actions))])
        seen.append(r)
    return seen


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    game=st.integers(0, 1),
    players=st.integers(3, 5),
    fields=st.lists(st.sampled_from(_NAMES), max_size=6, unique=True),
)
def test_the_fast_copy_is_attrs_evolve(seed: int, game: int, players: int, fields: list[str]) -> None:
    seen = _rounds(seed, game, players, 120)
    for a, b in zip(seen, seen[::-1], strict=True):
        changes = {name: getattr(b, name) for name in fields}
        fast, slow = _evolve(a, **changes), attrs.evolve(a, **changes)
        assert fast == slow
        assert all(getattr(fast, n) is getattr(slow, n) for n in _NAMES if n != "known" or slow.known)
        assert fast.to_json() == slow.to_json()
    emptied = _evolve(seen[0], known=())
    assert emptied == attrs.evolve(seen[0], known=()) and emptied.known == ((),) * players


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), game=st.integers(0, 1), players=st.integers(3, 5))
def test_the_listed_discards_are_the_actions_made_afresh(seed: int, game: int, players: int) -> None:
    for r in _rounds(seed, game, players, 150):
        if r.phase is not Phase.PLAY:
            continue
        listed = [a for a in r.legal_actions() if isinstance(a, Discard)]
        hand = r.hands[r.current]
        fresh = [Discard(r.current, c) for c in dict.fromkeys(hand) if r.is_legal(Discard(r.current, c))]
        assert listed == fresh
        assert all(any(a.card is c for c in hand) for a in listed)
