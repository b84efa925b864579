"""The tile-choice questions of `rummylib.agents.envs.rummikub_v0` on tile-kind counts (private; compiled).

The environment asks, at each tile choice, `_masks.lay_out` with the table, the chosen tiles and
the rest of the rack. This module answers the same question, by the same searches in the same
order, with the same answer (the same layout), from counts per tile kind the environment already
keeps: no pieces are counted, sorted or removed from lists on the way, and what depends on the
table alone (its counts, which of its sets hold which numbers and tiles) is worked out once per
table (`TableFacts`). Kinds are numbered as the environment numbers them: colour (in the order of
`KIND_COLORS`) × 13 + number − 1, and 52 the joker.
"""

from __future__ import annotations

from collections.abc import Sequence

from rummylib.melds import Meld
from rummylib.pieces import JOKER, Piece
from rummylib.rules import RuleSet
from rummylib.rummikub.solver._api import _counted, _plan_melds, _Searcher, _shape
from rummylib.rummikub.solver._cover import GaveUp, cover, pack
from rummylib.rummikub.solver._dp import Plan, Shape, stranded
from rummylib.rummikub.solver._encoding import Encoded
from rummylib.rummikub.solver._first import COVER_ALONE, COVER_STEPS, UNKNOWN
from rummylib.tiles import Color, Tile

__all__ = ["KINDS", "KindBox", "TableFacts", "lay_out_kinds", "table_facts"]

KINDS = 53
"""Tile kinds: 4 colours × 13 numbers, and the joker (52)."""
_JOKER = 52
KIND_COLORS = (Color.BLACK, Color.BLUE, Color.YELLOW, Color.RED)
"""The colours in the order of the kinds (as `rummylib.agents.envs._base.tile_kind` numbers them)."""


class KindBox:
    """What a rule set's colour order makes of the kinds: each kind's row and number in an `Encoded`, and its piece."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.shape = _shape(rules)
        self.ncol = len(rules.colors)
        self.top = rules.max_number
        rows = [rules.colors.index(c) for c in KIND_COLORS]
        self.row = [rows[k // 13] for k in range(_JOKER)]
        """Per natural kind, its colour's row in an `Encoded`."""
        self.number = [k % 13 + 1 for k in range(_JOKER)]
        self.kind_of_row = [KIND_COLORS.index(c) * 13 for c in rules.colors]
        """Per row of an `Encoded`, the kind of its number 1."""
        pieces: list[Piece] = [Tile(KIND_COLORS[k // 13], k % 13 + 1) for k in range(_JOKER)]
        pieces.append(JOKER)
        self.piece = pieces

    def grid(self, counts: Sequence[int], more: Sequence[int] | None) -> tuple[tuple[tuple[int, ...], ...], int]:
        """``counts`` (plus ``more``) as an `Encoded` grid, and the jokers."""
        rows = [[0] * (self.top + 1) for _ in range(self.ncol)]
        row, number = self.row, self.number
        for k in range(_JOKER):
            n = counts[k] if more is None else counts[k] + more[k]
            if n:
                rows[row[k]][number[k]] += n
        jokers = counts[_JOKER] if more is None else counts[_JOKER] + more[_JOKER]
        return tuple([tuple(r) for r in rows]), jokers

    def pieces(self, counts: Sequence[int]) -> list[Piece]:
        """The pieces of ``counts``, kind by kind."""
        out: list[Piece] = []
        piece = self.piece
        for k in range(KINDS):
            n = counts[k]
            if n:
                out.extend([piece[k]] * n)
        return out


class TableFacts:
    """What a table's sets give once: their pieces, their counts, and per set what `near_sets` looks at."""

    def __init__(
        self,
        melds: tuple[Meld, ...],
        pieces: tuple[Piece, ...],
        counts: list[int],
        numbers: list[int],
        tiles: list[int],
        jokers: list[bool],
        each: list[list[int]],
    ) -> None:
        self.melds = melds
        self.pieces = pieces
        self.counts = counts
        self.numbers = numbers
        """Per set, the numbers of its tiles (bit ``v``)."""
        self.tiles = tiles
        """Per set, its natural kinds (bit ``k``)."""
        self.jokers = jokers
        """Per set, whether it holds a joker."""
        self.each = each
        """Per set, its counts per kind."""


def table_facts(melds: tuple[Meld, ...], kinds: KindBox) -> TableFacts:
    """The facts of a table's sets (see `TableFacts`)."""
    colour = {c: i for i, c in enumerate(KIND_COLORS)}
    counts = [0] * KINDS
    numbers: list[int] = []
    tiles: list[int] = []
    jokers: list[bool] = []
    each: list[list[int]] = []
    for m in melds:
        num = 0
        bits = 0
        joker = False
        mine = [0] * KINDS
        for p in m.pieces:
            if isinstance(p, Tile):
                k = colour[p.color] * 13 + p.number - 1
                num |= 1 << p.number
                bits |= 1 << k
            else:
                k = _JOKER
                joker = True
            mine[k] += 1
            counts[k] += 1
        numbers.append(num)
        tiles.append(bits)
        jokers.append(joker)
        each.append(mine)
    pieces = tuple(p for m in melds for p in m.pieces)
    return TableFacts(melds, pieces, counts, numbers, tiles, jokers, each)


def lay_out_kinds(
    facts: TableFacts | None,
    want: list[int],
    rest: list[int],
    kinds: KindBox,
    with_melds: bool,
) -> tuple[list[int], tuple[Meld, ...] | None] | None:
    """`_masks.lay_out` (after the initial meld) on kind counts: the rack kinds laid and the table after, or None.

    ``facts`` is the table (None: no table), ``want`` the chosen kinds (all laid), ``rest`` the
    other rack kinds (any laid). The same searches as `_api._lay_down` in the same order, so the
    same layout. Returns the counts per kind of the rack tiles laid (the chosen ones and the others
    the layout took) and, when ``with_melds``, the whole table after the play.
    """
    shape = kinds.shape
    table = facts.counts if facts is not None else None
    melds: tuple[Meld, ...] = facts.melds if facts is not None else ()
    grid, jokers = kinds.grid(want, table)
    rack, rack_jokers = kinds.grid(rest, None)
    enc = Encoded(kinds.ncol, kinds.top, grid, rack, jokers, rack_jokers)
    if not any(rest) and stranded(enc, shape):
        # (`_lay_down` asks it of every question; with optional tiles, where it next to never
        # settles one, it is left out: its "no" is the searches' too, so the answer is the same.)
        return None
    has_table = facts is not None and len(facts.pieces) > 0
    if facts is not None and len(melds) > 1:
        # The sets near the chosen tiles (`near_sets`): a set sharing a number with them, or
        # holding a tile up to two away in a run, or any set when a joker is chosen (or it holds one).
        joker = want[_JOKER] > 0
        numbers = 0
        close = 0
        for k in range(_JOKER):
            if want[k]:
                v = k % 13 + 1
                numbers |= 1 << v
                base = k - (v - 1)
                for x in range(max(1, v - 2), min(13, v + 2) + 1):
                    close |= 1 << (base + x - 1)
        near = [0] * KINDS
        kept: list[Meld] = []
        released = False
        for i, m in enumerate(melds):
            if joker or facts.jokers[i] or facts.numbers[i] & numbers or facts.tiles[i] & close:
                released = True
                mine = facts.each[i]
                for k in range(KINDS):
                    near[k] += mine[k]
            else:
                kept.append(m)
        if kept:
            ngrid, njokers = kinds.grid(want, near if released else None)
            near_found = _quick(shape, ngrid, rack, njokers, rack_jokers, True)
            if isinstance(near_found, Plan):
                return _laid(near_found, near, kinds), _after(tuple(kept), near_found, kinds, with_melds)
    found = _quick(shape, grid, rack, jokers, rack_jokers, has_table)
    if found is None:
        return None
    if isinstance(found, Plan):
        return _laid(found, table, kinds), _after((), found, kinds, with_melds)
    assert found is UNKNOWN
    searcher = _Searcher(kinds.rules, None)
    table_pieces: Sequence[Piece] = facts.pieces if facts is not None else ()
    plan = _counted(searcher, table_pieces, kinds.pieces(want), kinds.pieces(rest), None)
    if plan is None:
        return None
    return _laid(plan, table, kinds), _after((), plan, kinds, with_melds)


def _quick(
    shape: Shape,
    need: tuple[tuple[int, ...], ...],
    rack: tuple[tuple[int, ...], ...],
    table_jokers: int,
    rack_jokers: int,
    table: bool,
) -> Plan | object | None:
    """`_first.quick_cover` with no threshold: a plan of its sets only, None, or `UNKNOWN`.

    The same sets in the same order (the counts `_first.covering` adds to its plan are not needed here).
    """
    if table_jokers + rack_jokers >= min(shape.min_run, shape.group_min):
        return UNKNOWN
    avail = tuple([tuple([t + r for t, r in zip(tr, rr, strict=True)]) for tr, rr in zip(need, rack, strict=True)])
    try:
        found = cover(
            need,
            avail,
            rack_jokers,
            shape,
            COVER_STEPS if table else COVER_ALONE,
            forced_jokers=table_jokers,
        )
    except GaveUp:
        return UNKNOWN
    if found is None:
        return None
    runs, groups = found
    if any(any(row) for row in rack):
        # as `_first.covering`: the sets the rack tiles left over make, greedily, added
        left = [list(row) for row in avail]
        for s in runs:
            for c, v, j in s:
                if not j:
                    left[c][v] -= 1
        for s in groups:
            for c, v, j in s:
                if not j:
                    left[c][v] -= 1
        more_runs, more_groups = pack(left, shape)
        runs, groups = (*runs, *more_runs), (*groups, *more_groups)
    return Plan(0, runs, groups, 0, (), 0)


def _laid(plan: Plan, base: Sequence[int] | None, kinds: KindBox) -> list[int]:
    """The kinds in the plan's sets, less ``base`` (the table tiles it laid again)."""
    out = [0] * KINDS if base is None else [-n for n in base]
    kind_of_row = kinds.kind_of_row
    for s in plan.runs:
        for c, v, j in s:
            out[_JOKER if j else kind_of_row[c] + v - 1] += 1
    for s in plan.groups:
        for c, v, j in s:
            out[_JOKER if j else kind_of_row[c] + v - 1] += 1
    return out


def _after(kept: tuple[Meld, ...], plan: Plan, kinds: KindBox, with_melds: bool) -> tuple[Meld, ...] | None:
    """The table after the plan: the sets kept, then the plan's (as `_masks.lay_out` gives it)."""
    if not with_melds:
        return None
    return (*kept, *_plan_melds(plan, kinds.rules))


# ------------------------------------------------------------------------------------------
# Choices as layers of bits (see `rummylib.agents.envs.rummikub_v0`): layer ``i`` holds the
# kinds with more than ``i`` copies.
# ------------------------------------------------------------------------------------------


def layers(counts: Sequence[int]) -> tuple[int, ...]:
    """Counts per kind as bitmasks: layer ``i`` has bit ``k`` when kind ``k`` has more than ``i``."""
    out: list[int] = []
    for k in range(len(counts)):
        n = counts[k]
        if n > 0:
            bit = 1 << k
            while len(out) < n:
                out.append(0)
            for i in range(n):
                out[i] |= bit
    return tuple(out)


def within(small: tuple[int, ...], large: tuple[int, ...]) -> bool:
    """Whether every kind has no more copies in ``small`` than in ``large``."""
    if len(small) > len(large):
        return False
    over = 0
    for i in range(len(small)):
        over |= small[i] & ~large[i]
    return not over


def more(large: tuple[int, ...], small: tuple[int, ...]) -> int:
    """The kinds with more copies in ``large`` than in ``small``, as a bitmask."""
    out = 0
    n = len(small)
    for i in range(len(large)):
        g = large[i]
        out |= g & ~small[i] if i < n else g
    return out


def spare_kinds(live: list[tuple[int, ...]], chosen: tuple[int, ...]) -> int:
    """The kinds one more of which some witness of ``live`` holding ``chosen`` holds, as a bitmask."""
    spare = 0
    for w in live:
        if within(chosen, w):
            spare |= more(w, chosen)
    return spare


def blocked_kinds(refused: list[tuple[int, ...]], chosen: tuple[int, ...]) -> int:
    """The kinds one more of which makes ``chosen`` hold a refused choice (a bitmask); -1 when it holds one."""
    blocked = 0
    for r in refused:
        over = more(r, chosen)
        if not over:
            return -1
        if over & (over - 1) == 0:
            # exactly one kind more: refused when it is exactly one copy more
            steps = 0
            for i in range(len(r)):
                g = r[i]
                if (g & ~chosen[i] if i < len(chosen) else g) & over:
                    steps += 1
            if steps == 1:
                blocked |= over
    return blocked


def alone(rack: Sequence[int], shape: Shape) -> int | None:
    """The rack kinds in some set of rack tiles (bit ``k``): `_masks.addable` with nothing chosen.

    One valid set holding the tile is all it takes: a run of the shortest length through it, or a
    group of the fewest tiles at its number, with the rack's jokers filling what is missing; the
    joker, when some such set has room for it. ``None`` with as many jokers as `addable` leaves to
    `lay_down` (the rack kinds counted as `KINDS`, 4 colours × 13).
    """
    jokers = rack[_JOKER]
    if jokers >= min(shape.min_run, shape.group_min):
        return None
    width = shape.min_run
    runs = shape.max_run is None or shape.max_run >= width
    groups = shape.group_max >= shape.group_min
    out = 0
    joker_fits = False
    for c in range(4):
        base = c * 13
        for v in range(1, 14):
            k = base + v - 1
            if groups:
                present = 0
                for d in range(4):
                    if rack[d * 13 + v - 1]:
                        present += 1
                if present and shape.group_min - present <= jokers:
                    if rack[k]:
                        out |= 1 << k
                    joker_fits = True
            if runs and v + width - 1 <= 13:
                # the window v .. v + width - 1 of colour c
                present = 0
                for x in range(v, v + width):
                    if rack[base + x - 1]:
                        present += 1
                if present and width - present <= jokers:
                    joker_fits = True
                    for x in range(v, v + width):
                        if rack[base + x - 1]:
                            out |= 1 << (base + x - 1)
    if jokers and joker_fits:
        out |= 1 << _JOKER
    return out
