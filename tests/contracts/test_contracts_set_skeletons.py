"""The lay-down search's sets, found from one record per card, against the plain enumeration.

`_moves._group_skeletons` reads each card of the hand once (its sort key, wildness, points and
packed place kept beside it) and skips the sets too small for the wild pieces to fill. The plain
way here takes every sub-multiset of each rank's cards and asks the rules about each card again.
Over random hands rich in sets and wild pieces, every contract and house rules, the two give the
same sets, field for field, in the same order.
"""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rummylib import CONTRACT_RUMMY, SHANGHAI
from rummylib.cards import Card, Rank, Suit
from rummylib.contracts._moves import _group_skeletons, _Packing, _sub_multisets
from rummylib.pieces import JOKER, Piece, piece_sort_key
from rummylib.rules import Contract, RuleSet

RULES: list[RuleSet] = [
    CONTRACT_RUMMY,
    SHANGHAI,
    CONTRACT_RUMMY.with_options({"deuces_wild": True}),
    SHANGHAI.with_options({"deuces_wild": True, "joker_ratio": True}),
    CONTRACT_RUMMY.with_options({"jokers": "all"}),
]
_FIELDS = (
    "kind",
    "key",
    "suit",
    "low",
    "high",
    "naturals",
    "slots",
    "barred",
    "rank",
    "uses",
    "wild_naturals",
)


def _plain(cnt: dict[Piece, int], contract: Contract, rules: RuleSet, packing: _Packing) -> list[tuple[object, ...]]:
    """Every set the hand's cards make with the wild pieces it holds, one sub-multiset at a time."""
    shape = rules.meld_shape
    biggest = contract.set_size if contract.exact else sum(cnt.values())
    if shape.group_max is not None:
        biggest = min(biggest, shape.group_max)
    wild_total = sum(n for p, n in cnt.items() if rules.is_wild(p))
    out = []
    for rank in sorted({int(p.rank) for p in cnt if isinstance(p, Card)}):
        naturals = sorted(
            ((p, n) for p, n in cnt.items() if isinstance(p, Card) and int(p.rank) == rank),
            key=lambda x: piece_sort_key(x[0]),
        )
        fill = wild_total - sum(n for p, n in naturals if rules.is_wild(p))
        for nat in _sub_multisets(naturals, biggest):
            a = len(nat)
            if not a or (shape.distinct and len({p.suit for p in nat if isinstance(p, Card)}) < a):
                continue
            most = rules.most_jokers(a)
            top = min(biggest - a, fill, most if most is not None else fill)
            if shape.distinct:
                top = min(top, 4 - a)
            wild_naturals = tuple(c for c in nat if rules.is_wild(c))
            for f in range(max(0, contract.set_size - a), top + 1):
                if contract.exact and a + f != contract.set_size:
                    continue
                keys = tuple(piece_sort_key(c) for c in nat)
                uses = sum(1 << (8 * packing.index[c]) for c in nat)
                points = sum(rules.piece_points(c) for c in nat)
                out.append(
                    (
                        "group",
                        (0, rank, keys, f),
                        -1,
                        rank,
                        rank,
                        nat,
                        (0,) * f,
                        (None,) * f,
                        rank,
                        uses,
                        wild_naturals,
                    )
                    + (points, a - len(wild_naturals))
                )
    return sorted(out, key=lambda t: t[1])  # type: ignore[arg-type,return-value]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    variant=st.sampled_from(range(len(RULES))),
    round_number=st.integers(1, 7),
    seed=st.integers(0, 10**9),
    size=st.integers(4, 14),
    ranks=st.integers(2, 6),
)
def test_the_sets_are_those_of_the_plain_enumeration(
    variant: int, round_number: int, seed: int, size: int, ranks: int
) -> None:
    rules = RULES[variant]
    contract = rules.round(1 + (round_number - 1) % len(rules.rounds)).contract
    if not contract.sets:
        contract = RULES[0].round(1).contract
    rng = random.Random(seed)
    low = rng.randrange(1, 14 - ranks + 1)
    pool: list[Piece] = [Card(Rank(r), s) for r in range(low, low + ranks) for s in Suit for _ in range(2)]
    pool += [JOKER] * min(4, rules.max_jokers) + [Card(Rank.TWO, s) for s in Suit]
    cnt = dict(Counter(rng.sample(pool, min(size, len(pool)))))
    packing = _Packing(cnt)
    found = [
        (m.kind.value, *(getattr(m, f) for f in _FIELDS[1:]), m.points, m.plain)
        for m in _group_skeletons(cnt, contract, rules, packing)
    ]
    assert found == _plain(cnt, contract, rules, packing)
