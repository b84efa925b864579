"""A small exact search for layout questions without a table: sets that cover the chosen tiles.

The question: can every chosen tile go into valid sets, with any of some other tiles (and jokers)
as partners? Only sets holding a chosen tile matter, and such a set never needs to be long: a run
of ``2 * min_run`` tiles or more splits into two runs that each hold a natural tile (fewer jokers
than ``min_run`` are in play), and a part without a chosen tile can be left out. So the search
takes the chosen tile with the fewest partners left (a quick count of the tiles beside it in a
run or at its number, and the jokers), tries each set that could hold it, then goes on with the
rest; a state that failed once is remembered. It works on counts only, like the dynamic
programme in `_dp`, and gives up (`GaveUp`) past a number of steps, for the caller to ask the
dynamic programme instead.
"""

from __future__ import annotations

from itertools import combinations

from rummylib.rummikub.solver._dp import Item, Shape

__all__ = ["GaveUp", "cover", "pack"]

Layout = tuple[tuple[tuple[Item, ...], ...], tuple[tuple[Item, ...], ...]]
"""Runs, then groups, each a tuple of ``(colour, number, is_joker)`` items."""


class GaveUp(Exception):
    """The search took more steps than it was allowed: ask the dynamic programme instead."""


class _Cover:
    """One search: the counts, the shape and the failed states."""

    def __init__(self, ncol: int, top: int, shape: Shape, limit: int) -> None:
        self.ncol = ncol
        self.top = top
        self.shape = shape
        self.limit = limit
        self.steps = 0
        self.failed: set[tuple[tuple[int, ...], tuple[int, ...], int]] = set()
        longest = 2 * shape.min_run - 1
        if shape.max_run is not None:
            longest = min(longest, shape.max_run)
        self.longest = longest

    def go(
        self,
        need: list[int],
        avail: list[int],
        jokers: int,
        runs: list[tuple[Item, ...]],
        groups: list[tuple[Item, ...]],
    ) -> bool:
        """Cover every needed tile (``need``, ``avail`` flat: colour * (top + 1) + number)."""
        width = self.top + 1
        key = (tuple(need), tuple(avail), jokers)
        if key in self.failed:
            return False
        # The needed tile with the fewest partners left (a quick count), then its sets.
        pick = -1
        fewest = 1 << 30
        ncol, top = self.ncol, self.top
        for cell in range(len(need)):
            if need[cell]:
                c, v = divmod(cell, width)
                partners = jokers
                for d in range(ncol):
                    if d != c and avail[d * width + v]:
                        partners += 1
                for x in (v - 2, v - 1, v + 1, v + 2):
                    if 1 <= x <= top and avail[c * width + x]:
                        partners += 1
                if partners < fewest:
                    pick, fewest = cell, partners
        if pick < 0:
            return True
        best = self.candidates(pick // width, pick % width, avail, jokers)
        self.steps += 1
        if self.steps > self.limit:
            raise GaveUp
        for cells, used_jokers, items, is_run in best:
            took: list[tuple[int, bool]] = []
            for cell in cells:
                avail[cell] -= 1
                hit = need[cell] > 0
                if hit:
                    need[cell] -= 1
                took.append((cell, hit))
            (runs if is_run else groups).append(items)
            if self.go(need, avail, jokers - used_jokers, runs, groups):
                return True
            (runs if is_run else groups).pop()
            for cell, hit in took:
                avail[cell] += 1
                if hit:
                    need[cell] += 1
        self.failed.add(key)
        return False

    def candidates(
        self, c: int, v: int, avail: list[int], jokers: int
    ) -> list[tuple[list[int], int, tuple[Item, ...], bool]]:
        """Every short run and every group holding a tile of colour c and number v."""
        width = self.top + 1
        shape = self.shape
        out: list[tuple[list[int], int, tuple[Item, ...], bool]] = []
        # Runs of colour c through v: each other place holds a natural tile or a joker.
        for length in range(shape.min_run, self.longest + 1):
            for a in range(max(1, v - length + 1), min(v, self.top - length + 1) + 1):
                places = [x for x in range(a, a + length) if x != v]
                for k in range(min(jokers, len(places)) + 1):
                    for wild in combinations(places, k):
                        if any(x not in wild and not avail[c * width + x] for x in places):
                            continue
                        cells = [c * width + x for x in range(a, a + length) if x not in wild]
                        items = tuple((c, x, x in wild) for x in range(a, a + length))
                        out.append((cells, k, items, True))
        # Groups at v holding colour c: other colours present, jokers for the rest.
        others = [d for d in range(self.ncol) if d != c and avail[d * width + v]]
        for size in range(shape.group_min, shape.group_max + 1):
            for k in range(min(jokers, size - 1) + 1):
                naturals = size - k
                if naturals - 1 > len(others):
                    continue
                for mates in combinations(others, naturals - 1):
                    colours = (c, *mates)
                    cells = [d * width + v for d in colours]
                    items = tuple((d, v, False) for d in sorted(colours)) + ((-1, v, True),) * k
                    out.append((cells, k, items, False))
        # Fewest jokers first, then the sets that use most of the tiles still needed.
        out.sort(key=lambda o: (o[1], -len(o[0])))
        return out


def cover(
    need: tuple[tuple[int, ...], ...],
    avail: tuple[tuple[int, ...], ...],
    jokers: int,
    shape: Shape,
    limit: int = 2000,
) -> Layout | None:
    """Sets covering every ``need`` tile from ``avail`` tiles (which include them) and ``jokers``.

    ``need[c][v]`` and ``avail[c][v]`` count tiles per colour index and number (index 0 unused);
    ``jokers`` may be used or not. Needs fewer jokers than ``shape.min_run``. Returns the runs and
    groups found, or ``None`` when there are none.

    Raises:
        GaveUp: the search took more than ``limit`` steps.
    """
    ncol, top = len(need), len(need[0]) - 1
    search = _Cover(ncol, top, shape, limit)
    flat_need = [n for row in need for n in row]
    flat_avail = [n for row in avail for n in row]
    runs: list[tuple[Item, ...]] = []
    groups: list[tuple[Item, ...]] = []
    found = search.go(flat_need, flat_avail, jokers, runs, groups)
    return (tuple(runs), tuple(groups)) if found else None


def pack(avail: list[list[int]], shape: Shape) -> tuple[list[tuple[Item, ...]], list[tuple[Item, ...]]]:
    """Some valid sets of natural tiles taken greedily from ``avail`` (which loses them): runs, groups.

    Not the most tiles: a quick way to make a play larger, runs of each colour first (as long as
    they go, cut at the longest run allowed), then groups of what is left.
    """
    ncol, top = len(avail), len(avail[0]) - 1
    runs: list[tuple[Item, ...]] = []
    groups: list[tuple[Item, ...]] = []
    longest = top if shape.max_run is None else shape.max_run
    for c in range(ncol):
        row = avail[c]
        for _copy in range(max(row)):
            v = 1
            while v <= top:
                if not row[v]:
                    v += 1
                    continue
                end = v
                while end + 1 <= top and row[end + 1] and end + 1 - v < longest:
                    end += 1
                if end - v + 1 >= shape.min_run:
                    runs.append(tuple((c, x, False) for x in range(v, end + 1)))
                    for x in range(v, end + 1):
                        row[x] -= 1
                v = end + 1
    for v in range(1, top + 1):
        while True:
            colours = [c for c in range(ncol) if avail[c][v]][: shape.group_max]
            if len(colours) < shape.group_min:
                break
            groups.append(tuple((c, v, False) for c in colours))
            for c in colours:
                avail[c][v] -= 1
    return runs, groups
