"""The covering search of `can_play` and `lay_down` (private; compiled).

A layout question (the table's tiles and the chosen ones all needed, any of the optional ones)
asked of `rummylib.rummikub.solver._cover.cover` first: it settles nearly every question with no
table, and many with one, in few steps; when it cannot say, the caller's dynamic programme
(`_api._counted`) takes over. The inputs are trusted (counted by `encode`, checked by the caller).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from rummylib.melds import Meld
from rummylib.pieces import Piece
from rummylib.rummikub.solver._cover import GaveUp, cover, pack
from rummylib.rummikub.solver._dp import Plan, Shape
from rummylib.rummikub.solver._encoding import Encoded
from rummylib.tiles import Color, Tile

__all__ = ["UNKNOWN", "Unknown", "near_sets", "quick_cover"]


class Unknown:
    """The covering search could not say (it gave up, or the question is not one for it)."""


UNKNOWN = Unknown()


def quick_cover(shape: Shape, enc: Encoded, threshold: int | None, table: bool) -> Plan | Unknown | None:
    """`covering` when the question suits it: a plan, None (no layout), or `UNKNOWN`."""
    if enc.table_jokers + enc.rack_jokers >= min(shape.min_run, shape.group_min) or (table and threshold is not None):
        return UNKNOWN
    try:
        return covering(enc, shape, threshold, COVER_STEPS if table else COVER_ALONE)
    except GaveUp:
        return UNKNOWN


def covering(enc: Encoded, shape: Shape, threshold: int | None, limit: int) -> Plan | None:
    """`cover` for a layout question (the table's tiles and the chosen ones needed): a plan, or None.

    Raises:
        GaveUp: a question for the dynamic programme.
    """
    if threshold is not None:
        if any(any(row) for row in enc.rack) or enc.rack_jokers or enc.table_jokers:
            raise GaveUp  # the points of a play with extra tiles: a question for the search
        if sum(v * n for row in enc.table for v, n in enumerate(row)) < threshold:
            return None
    avail = tuple(tuple(t + r for t, r in zip(tr, rr, strict=True)) for tr, rr in zip(enc.table, enc.rack, strict=True))
    found = cover(enc.table, avail, enc.rack_jokers, shape, limit, forced_jokers=enc.table_jokers)
    if found is None:
        return None
    runs, groups = found
    items = [i for s in (*runs, *groups) for i in s]
    if any(any(row) for row in enc.rack):
        # A larger play is as good an answer and says more (a caller may keep it as a witness):
        # add what sets the rack tiles left over make, greedily.
        left = [list(row) for row in avail]
        for c, v, j in items:
            if not j:
                left[c][v] -= 1
        more_runs, more_groups = pack(left, shape)
        runs, groups = (*runs, *more_runs), (*groups, *more_groups)
        items = [i for s in (*runs, *groups) for i in s]
    placed = Counter((c, v) for c, v, j in items if not j)  # the rack tiles laid: all but the chosen ones
    placed.subtract({(c, v): n for c, row in enumerate(enc.table) for v, n in enumerate(row) if n})
    jokers = sum(1 for _c, _v, j in items if j) - enc.table_jokers  # the optional ones laid
    return Plan(0, runs, groups, jokers, tuple(sorted(placed.elements())), 0)


COVER_ALONE = 2000
"""Steps the covering search may take with no table before the dynamic programme takes over..."""
COVER_STEPS = 300
"""... and with one (its table tiles are all needed: the search is longer, and fails slower)."""


def near_sets(melds: Sequence[Meld], pieces: Sequence[Piece]) -> tuple[tuple[Meld, ...], tuple[Meld, ...]]:
    """The table sets that share a number with the pieces or hold a tile close in a run, and the rest."""
    numbers: set[int] = set()
    close: set[tuple[Color, int]] = set()
    joker = False
    for p in pieces:
        if isinstance(p, Tile):
            numbers.add(p.number)
            close.update((p.color, p.number + d) for d in range(-2, 3))
        else:
            joker = True
    near: list[Meld] = []
    rest: list[Meld] = []
    for m in melds:
        hit = joker or any(
            not isinstance(p, Tile) or p.number in numbers or (p.color, p.number) in close for p in m.pieces
        )
        (near if hit else rest).append(m)
    return tuple(near), tuple(rest)
