"""The brute-force contract oracle: the fewest points left over every meld-down that passes the checker.

Every sub-multiset of the hand that the meld engine reads as a set or a run of a size the contract
can use is a candidate, once for each distinct way of laying it (the order of a run's pieces
decides what its jokers stand for, so ``* 2c *`` and ``2c * *`` are different runs); every choice
of as many candidates as the contract has melds, each card used at most once, is judged by
`is_legal_contract`. Slow: small hands only.
"""

from __future__ import annotations

import itertools
from collections import Counter

import attrs

from rummylib import Contract, Meld, MeldKind, RuleSet, contract_for, is_legal_contract, meld_readings
from rummylib.pieces import Piece, PieceCount, piece_sort_key


def _fits(kind: MeldKind, size: int, contract: Contract) -> bool:
    if kind is MeldKind.GROUP:
        want, slots = contract.set_size, contract.sets
    else:
        want, slots = contract.run_size, contract.runs
    return slots > 0 and (size == want if contract.exact else size >= want)


def brute_force(
    hand: str | list[Piece] | tuple[Piece, ...],
    *,
    round_number: int | None = None,
    contract: Contract | None = None,
    rules: RuleSet,
) -> int | None:
    """Fewest points left over every meld-down of the hand that passes the checker, or ``None``."""
    wanted = contract_for(rules=rules, round_number=round_number, contract=contract)
    pieces = tuple(PieceCount.of(hand)) if isinstance(hand, str) else tuple(hand)
    # short melds still read, so that every candidate of the contract's own sizes is seen
    mrules = attrs.evolve(rules, min_run=3, group_min=2)
    held = Counter(pieces)
    distinct = sorted(held, key=piece_sort_key)
    candidates: list[tuple[Counter[Piece], Meld]] = []
    for counts in itertools.product(*(range(held[p] + 1) for p in distinct)):
        size = sum(counts)
        if size < 2:
            continue
        meld = Meld([p for p, n in zip(distinct, counts, strict=True) for _ in range(n)])
        layings = {Meld(r.ordered_pieces()) for r in meld_readings(meld, rules=mrules) if _fits(r.kind, size, wanted)}
        candidates.extend((Counter(meld.pieces), laid) for laid in sorted(layings, key=str))
    need = wanted.sets + wanted.runs
    best: int | None = None
    total = sum(rules.piece_points(p) for p in pieces)

    def walk(start: int, left: Counter[Piece], picked: list[Meld]) -> None:
        nonlocal best
        if len(picked) == need:
            if is_legal_contract(picked, contract=wanted, rules=rules, hand=pieces):
                used = sum(rules.piece_points(p) for m in picked for p in m.pieces)
                if best is None or total - used < best:
                    best = total - used
            return
        for i in range(start, len(candidates)):
            counts, meld = candidates[i]
            if all(left[p] >= n for p, n in counts.items()):
                walk(i, left - counts, [*picked, meld])

    walk(0, held, [])
    return best
