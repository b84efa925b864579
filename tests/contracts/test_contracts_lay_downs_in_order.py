"""The lazy, best-first lay-down stream gives exactly the full, sorted list.

`lay_downs_in_order` fills the collections of melds in the order of a bound on what each leaves
in hand, and gives a way once no collection still to fill could come before it; `lay_downs`
fills them all and sorts. Over random hands (rich in pairs, runs and wild pieces), every round's
contract and house rules, the two agree way for way and in order, and so do the referee's
lazy lay-downs and its full list.
"""

from __future__ import annotations

import itertools
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rummylib import CONTRACT_RUMMY, SHANGHAI
from rummylib.cards import Card, Rank, Suit
from rummylib.contracts import ContractRound
from rummylib.contracts._moves import lay_downs, lay_downs_in_order
from rummylib.contracts.actions import Buy, LayDown, Phase
from rummylib.pieces import JOKER, Piece
from rummylib.rules import RuleSet

RULES: list[RuleSet] = [
    CONTRACT_RUMMY,
    SHANGHAI,
    CONTRACT_RUMMY.with_options({"deuces_wild": True}),
    SHANGHAI.with_options({"deuces_wild": True, "joker_ratio": True}),
    SHANGHAI.with_options({"go_out_by_discard": False}),
    CONTRACT_RUMMY.with_options({"jokers": "all"}),
]


def _hand(rng: random.Random, size: int, ranks: int, rules: RuleSet) -> list[Piece]:
    """A hand from a few neighbouring ranks of two decks and some jokers (many lay-downs)."""
    low = rng.randrange(1, 14 - ranks + 1)
    pool: list[Piece] = [Card(Rank(r), s) for r in range(low, low + ranks) for s in Suit for _ in range(2)]
    pool += [JOKER] * min(4, rules.max_jokers) + [Card(Rank.TWO, s) for s in Suit]
    return rng.sample(pool, size)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    variant=st.sampled_from(range(len(RULES))),
    round_number=st.integers(1, 7),
    seed=st.integers(0, 10**9),
    size=st.integers(6, 13),
    ranks=st.integers(3, 7),
    jokers_owed=st.integers(0, 2),
)
def test_the_stream_is_the_sorted_list(
    variant: int, round_number: int, seed: int, size: int, ranks: int, jokers_owed: int
) -> None:
    rules = RULES[variant]
    contract = rules.round(1 + (round_number - 1) % len(rules.rounds)).contract
    rng = random.Random(seed)
    hand = _hand(rng, size, ranks, rules)
    must = [p for p in hand if p == JOKER][:jokers_owed]
    full = lay_downs(hand, contract, rules, must_use=must)
    assert list(lay_downs_in_order(hand, contract, rules, must_use=must)) == full
    # Taking only the first few gives the first few.
    assert list(itertools.islice(lay_downs_in_order(hand, contract, rules, must_use=must), 2)) == full[:2]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(variant=st.sampled_from(range(len(RULES))), seed=st.integers(0, 10**6), players=st.integers(3, 5))
def test_the_referee_lists_the_legal_ways_of_the_full_search_in_order(variant: int, seed: int, players: int) -> None:
    rules = RULES[variant]
    r = ContractRound.deal(rules=rules, players=players, seed=seed, round_number=1 + seed % len(rules.rounds))
    rng = random.Random(seed)
    contract = rules.round(r.round_number).contract
    for _ in range(80):  # random play that never lays down: the hands grow richer in melds
        if r.is_over:
            break
        player = r.current
        listed = list(r.legal_actions())
        if r.phase is Phase.PLAY and not r.down[player]:
            expected = [LayDown(player, w.melds) for w in lay_downs(r.hands[player], contract, rules)]
            expected = [a for a in expected if r.is_legal(a)]
            lays = [a for a in listed if isinstance(a, LayDown)]
            assert [a for a in lays if not a.swaps] == expected
            assert lays[: len(expected)] == expected  # the lay-downs after joker swaps come after
        others = [a for a in listed if not isinstance(a, LayDown | Buy)]
        r = r.apply(rng.choice(others))
