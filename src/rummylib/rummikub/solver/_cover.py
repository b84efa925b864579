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

The sets through each cell are made once per shape and board (`_table`, flat lists indexed by
cell), each with a bitmask of the numbers (a run) or colours (a group) it needs; the search keeps
per colour and per number a bitmask of what is left, so choosing a tile and filtering its sets
are a few mask tests. Jokers that must go down (``forced_jokers``) are jokers the search may use
anywhere and must have used by the end; one still unused then gets a set of its own from the
tiles left. Every tile may be
needed (a whole table's layout), not only chosen ones. `extensions` answers, for every tile at
once, whether one more of it could go down with the needed ones.
"""

from __future__ import annotations

from itertools import combinations

from rummylib.rummikub.solver._dp import Item, Shape

__all__ = ["GaveUp", "cover", "extensions", "pack"]

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
        self.failed: set[tuple[int, int]] = set()
        self.unsure = False
        """Set once a failure depended on the sets laid on the way (see `tuck`): failures are then not kept."""
        self.spare = 0
        """Jokers that may stay on the rack; the others (in the pool too) must go down."""
        self.rows: list[int] = []
        """Per colour, the numbers with a tile left (bits); kept by `take` and `put`."""
        self.cols: list[int] = []
        """Per number, the colours with a tile left (bits)."""
        self.wanted: list[int] = []
        """Per colour, the numbers with a needed tile left (bits)."""
        self.code = 0
        """The counts left and needed, as one number (`bits` per cell): the key of a state."""
        self.bits = 2
        self.reachable: dict[tuple[int, int], bool] = {}
        self.target = 0
        self.found = 0
        self.done = False
        longest = 2 * shape.min_run - 1
        if shape.max_run is not None:
            longest = min(longest, shape.max_run)
        self.longest = longest
        table = _table(ncol, top, shape, longest)
        self.near = table.near
        self.full = table.full
        self.lean = table.lean

    def tick(self) -> None:
        """Count one step; past the limit, give up."""
        self.steps += 1
        if self.steps > self.limit:
            raise GaveUp

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
        key = (self.code, jokers)
        if key in self.failed:
            return False
        pick = self.pick(jokers)
        if pick >= 0:
            options = self.candidates(pick // width, pick % width, jokers)
        elif jokers <= self.spare or self.tuck(jokers - self.spare, runs, groups):
            return True
        else:
            # Every needed tile is covered, but a joker that must go down is not: a new set for
            # it. Such a set holds no needed tile, so it is some tiles left over and at least one
            # joker (a short one is enough, as for the needed tiles), through any tile left.
            options = []
            for cell in self.cells_left(avail):
                options.extend(t for t in self.candidates(cell // width, cell % width, jokers) if t.jokers)
        self.tick()
        for t in options:
            took = self.take(need, avail, t.cells)
            laid = runs if t.is_run else groups
            laid.append(t.items)
            if self.go(need, avail, jokers - t.jokers, runs, groups):
                return True
            laid.pop()
            self.put(need, avail, t.cells, took)
        if not self.unsure:
            self.failed.add(key)
        return False

    def tuck(self, jokers: int, runs: list[tuple[Item, ...]], groups: list[tuple[Item, ...]]) -> bool:
        """Put ``jokers`` that must go down into the sets laid so far, when they have room for them.

        A run takes a joker at either end until it is as long as a run may be, a group one until
        it holds a tile of every colour allowed. When the room is short, the answer depends on the
        sets laid on the way here, not only on the state: from then on a failed state is no longer
        remembered (``self.unsure``), so that no state is wrongly marked as failed.
        """
        longest = self.top if self.shape.max_run is None else min(self.top, self.shape.max_run)
        room = sum(longest - len(r) for r in runs) + sum(self.shape.group_max - len(g) for g in groups)
        if room < jokers:
            self.unsure = True
            return False
        for i in range(len(runs)):
            while jokers and len(runs[i]) < longest:
                run = runs[i]
                c, first, last = run[0][0], run[0][1], run[-1][1]
                runs[i] = (*run, (c, last + 1, True)) if last < self.top else ((c, first - 1, True), *run)
                jokers -= 1
        for i in range(len(groups)):
            while jokers and len(groups[i]) < self.shape.group_max:
                groups[i] = (*groups[i], (-1, groups[i][0][1], True))
                jokers -= 1
        return True

    def lay(
        self,
        need: list[int],
        avail: list[int],
        jokers: int,
        runs: list[tuple[Item, ...]],
        groups: list[tuple[Item, ...]],
    ) -> int:
        """Cover every needed tile with at most ``jokers`` jokers: how many are left, or -1 when it cannot be done.

        The search of `go`, but it only covers: a joker left over is the caller's (`cover` puts
        those that must go down into the sets laid, `tuck`), so it tries only the sets that
        need each of their jokers. A failed state (the tiles left and needed, and the jokers) is
        remembered: it cannot be covered with that many jokers, whichever way it was reached.
        """
        key = (self.code, jokers)
        if key in self.failed:
            return -1
        pick = self.pick(jokers)
        if pick < 0:
            return jokers
        width = self.top + 1
        self.tick()
        for t in self.candidates(pick // width, pick % width, jokers, True):
            took = self.take(need, avail, t.cells)
            laid = runs if t.is_run else groups
            laid.append(t.items)
            left = self.lay(need, avail, jokers - t.jokers, runs, groups)
            if left >= 0:
                return left
            laid.pop()
            self.put(need, avail, t.cells, took)
        self.failed.add(key)
        return -1

    def cells_left(self, avail: list[int]) -> list[int]:
        """The cells with a tile left."""
        width = self.top + 1
        return [cell for cell in range(len(avail)) if avail[cell] and cell % width]

    def setup(self, need: list[int], avail: list[int]) -> None:
        """The bitmasks `pick` and `candidates` read, made from the counts (then kept by `take`)."""
        width = self.top + 1
        self.rows = [0] * self.ncol
        self.cols = [0] * width
        self.wanted = [0] * self.ncol
        # Wide enough for any count of the search (a needed tile is always one of those left).
        self.bits = bits = max(2, (max(avail, default=0) + 1).bit_length())
        code = 0
        n = len(avail)
        for cell in range(n):
            if cell % width == 0:
                continue
            c, v = divmod(cell, width)
            if avail[cell]:
                self.rows[c] |= 1 << v
                self.cols[v] |= 1 << c
            if need[cell]:
                self.wanted[c] |= 1 << v
            code |= avail[cell] << (bits * cell) | need[cell] << (bits * (n + cell))
        self.code = code

    def take(self, need: list[int], avail: list[int], cells: list[int]) -> list[bool]:
        """Lay one tile of each cell: which of them were needed."""
        width = self.top + 1
        bits, n = self.bits, len(avail)
        took: list[bool] = []
        code = self.code
        for cell in cells:
            avail[cell] -= 1
            code -= 1 << (bits * cell)
            hit = need[cell] > 0
            if hit:
                need[cell] -= 1
                code -= 1 << (bits * (n + cell))
            if not avail[cell] or (hit and not need[cell]):
                c, v = divmod(cell, width)
                if not avail[cell]:
                    self.rows[c] &= ~(1 << v)
                    self.cols[v] &= ~(1 << c)
                if hit and not need[cell]:
                    self.wanted[c] &= ~(1 << v)
            took.append(hit)
        self.code = code
        return took

    def put(self, need: list[int], avail: list[int], cells: list[int], took: list[bool]) -> None:
        """Undo `take`."""
        width = self.top + 1
        bits, n = self.bits, len(avail)
        code = self.code
        for cell, hit in zip(cells, took, strict=True):
            if not avail[cell] or (hit and not need[cell]):
                c, v = divmod(cell, width)
                if not avail[cell]:
                    self.rows[c] |= 1 << v
                    self.cols[v] |= 1 << c
                if hit and not need[cell]:
                    self.wanted[c] |= 1 << v
            avail[cell] += 1
            code += 1 << (bits * cell)
            if hit:
                need[cell] += 1
                code += 1 << (bits * (n + cell))
        self.code = code

    def pick(self, jokers: int) -> int:
        """The needed tile with the fewest partners left (a quick count), or -1 when none is needed.

        Its partners: the jokers, the other colours present at its number and the tiles of its
        colour up to two away, counted on the bitmasks of what is present per colour and number.
        A tile with fewer than two partners is in no set: it is picked at once (and fails).
        """
        width = self.top + 1
        rows, near = self.rows, self.near
        # The colours at each number: a needed tile is one of them, so the others are one fewer.
        others = [x.bit_count() - 1 + jokers for x in self.cols]
        pick = -1
        fewest = 1 << 30
        for c in range(self.ncol):
            left = self.wanted[c]
            if not left:
                continue
            row = rows[c]
            while left:
                low = left & -left
                left ^= low
                v = low.bit_length() - 1
                partners = others[v] + (row & near[v]).bit_count()
                if partners < fewest:
                    pick, fewest = c * width + v, partners
                    if partners < 2:
                        return pick
        return pick

    def reach(self, need: list[int], avail: list[int], jokers: int, extra: int) -> bool:
        """Whether the needed tiles can still be covered; what the first way found lays is kept.

        The search of `go`, stopped (with ``self.done``) at the first way that covers the needed
        tiles. Whether a state can be finished is remembered, and does not depend on the
        question that reached it, so later questions share it. The way found adds to
        ``self.found``, as bits, the tiles it laid beyond the needed ones (``extra``, along the
        way: bit ``cell``) and those the tiles and jokers left over could make a set with, and
        bit ``len(avail)`` when one more joker than must go down could.
        """
        key = (self.code, jokers)
        got = self.reachable.get(key)
        if got is not None:
            if got:
                self.add(extra)
            return got
        self.tick()
        width = self.top + 1
        ok = False
        pick = self.pick(jokers)
        if pick < 0 and jokers <= self.spare:
            more = self.leftover(avail, jokers)
            if jokers < self.spare:
                more |= 1 << len(avail)
            self.add(extra | more)
            self.done = True  # one way found is enough: the caller asks again for what is left
            return True
        elif pick < 0:
            # A joker that must go down still needs a set of tiles left over: each is tried.
            for cell in self.cells_left(avail):
                for t in self.candidates(cell // width, cell % width, jokers):
                    if t.jokers and self.follow(need, avail, jokers, t.cells, t.jokers, extra):
                        ok = True
                    if self.done:
                        return ok
        else:
            for t in self.candidates(pick // width, pick % width, jokers):
                if self.follow(need, avail, jokers, t.cells, t.jokers, extra):
                    ok = True
                if self.done:
                    return ok
        self.reachable[key] = ok
        return ok

    def add(self, bits: int) -> None:
        """Tiles found to go down with the needed ones."""
        self.found |= bits
        if self.found & self.target == self.target:
            self.done = True

    def follow(self, need: list[int], avail: list[int], jokers: int, cells: list[int], used: int, extra: int) -> bool:
        """Lay one set (its cells and ``used`` jokers) and go on: whether that way can be finished."""
        took = self.take(need, avail, cells)
        for cell, hit in zip(cells, took, strict=True):
            if not hit:
                extra |= 1 << cell
        ok = self.reach(need, avail, jokers - used, extra)
        self.put(need, avail, cells, took)
        return ok

    def leftover(self, avail: list[int], jokers: int) -> int:
        """The cells (bits) of the tiles left that some set of tiles left and jokers could hold.

        Bit ``len(avail)`` too when such a set could take a joker.
        """
        width = self.top + 1
        known = self.found
        out = known & (1 << len(avail))
        joker_bit = 1 << len(avail)
        for cell in self.cells_left(avail):
            if known >> cell & 1 and (out & joker_bit or not jokers):
                continue
            for t in self.candidates(cell // width, cell % width, jokers):
                out |= 1 << cell
                if t.jokers:
                    out |= joker_bit
                    break
                if not jokers or out & joker_bit:
                    break
        return out

    def candidates(self, c: int, v: int, jokers: int, lean: bool = False) -> list[_Template]:
        """Every short run and every group holding a tile of colour c and number v.

        Fewest jokers first, then the sets that use most tiles. The sets are made once per shape
        and cell (`_table`); here they are only filtered by what is left: the numbers of
        colour c present (a bitmask) for runs, the colours present at v for groups. With
        ``lean``, only the sets that need each of their jokers.
        """
        row = self.rows[c]
        column = self.cols[v]
        out: list[_Template] = []
        cell = c * (self.top + 1) + v
        for t in self.lean[cell] if lean else self.full[cell]:
            if t.jokers > jokers:
                break  # sorted by jokers: none further fits
            if t.mask & ~(row if t.is_run else column) == 0:
                out.append(t)
        return out


class _Template:
    """One set that could hold a given cell: the cells of its natural tiles and its jokers."""

    def __init__(self, cells: list[int], jokers: int, items: tuple[Item, ...], is_run: bool, mask: int) -> None:
        self.cells = cells
        self.jokers = jokers
        self.items = items
        self.is_run = is_run
        self.mask = mask
        """The numbers (a run) or the colours (a group) whose tiles it needs, as bits."""


class _Table:
    """The sets through every cell for one shape and board (`_templates`), in flat lists indexed by cell.

    A cell is ``colour * (top + 1) + number``; number 0 is no tile and has no sets. Made once
    per shape and board and kept (`_TABLES`), so that a search only indexes a list.
    """

    def __init__(self, ncol: int, top: int, shape: Shape, longest: int) -> None:
        width = top + 1
        self.full: list[list[_Template]] = []
        """Per cell, every set through it (the first list of `_templates`)."""
        self.lean: list[list[_Template]] = []
        """Per cell, the sets that need each of their jokers (the second list of `_templates`)."""
        for c in range(ncol):
            for v in range(width):
                full, lean = _templates(ncol, top, shape, longest, c, v) if v else ([], [])
                self.full.append(full)
                self.lean.append(lean)
        self.near = [sum(1 << x for x in (v - 2, v - 1, v + 1, v + 2) if 1 <= x <= top) for v in range(width)]
        """For each number, the numbers up to two away (the run partners counted by `_Cover.pick`)."""


_TABLES: dict[tuple[int, int, int, int, int, int], _Table] = {}
"""The tables made so far, per board and shape (colours, top number, shortest run, longest run
searched, smallest and largest group). A handful of shapes are ever seen; should more than
`_TABLES_MAX` be, the cache is emptied and fills again, so it never grows without bound."""

_TABLES_MAX = 32


def _table(ncol: int, top: int, shape: Shape, longest: int) -> _Table:
    """The table of sets for a board and shape, made on first use and kept in `_TABLES`."""
    key = (ncol, top, shape.min_run, longest, shape.group_min, shape.group_max)
    found = _TABLES.get(key)
    if found is None:
        if len(_TABLES) >= _TABLES_MAX:
            _TABLES.clear()
        _TABLES[key] = found = _Table(ncol, top, shape, longest)
    return found


def _templates(
    ncol: int, top: int, shape: Shape, longest: int, c: int, v: int
) -> tuple[list[_Template], list[_Template]]:
    """Every short run and every group holding a tile of colour c and number v, jokers anywhere else.

    Runs are at most ``longest`` long, with fewer than ``shape.min_run`` jokers (a longer run, or
    one with more, is never needed: see the module); sorted by jokers, then by tiles (most first).
    Two sets of the same tiles and as many jokers are one for the search (``R5 R6 *`` and
    ``* R5 R6``): the first is kept. Then, second, the lean list: only the sets that need each of
    their jokers, that is none of whose jokers could be taken out leaving a valid set (a joker at
    either end of a run longer than the shortest, any joker of a group larger than the smallest).
    A set that holds a joker it does not need is as good as the set without it and the joker put
    in at the end (`_Cover.tuck`), so a search that does that can leave such sets out.
    """
    width = top + 1
    most_jokers = shape.min_run - 1
    out: list[_Template] = []
    for length in range(shape.min_run, longest + 1):
        for a in range(max(1, v - length + 1), min(v, top - length + 1) + 1):
            places = [x for x in range(a, a + length) if x != v]
            for k in range(min(most_jokers, len(places)) + 1):
                for wild in combinations(places, k):
                    naturals = [x for x in range(a, a + length) if x not in wild]
                    mask = 0
                    for x in naturals:
                        mask |= 1 << x
                    cells = [c * width + x for x in naturals]
                    items = tuple((c, x, x in wild) for x in range(a, a + length))
                    out.append(_Template(cells, k, items, True, mask))
    others = [d for d in range(ncol) if d != c]
    for size in range(shape.group_min, shape.group_max + 1):
        for k in range(min(most_jokers, size - 1) + 1):
            naturals_n = size - k
            if naturals_n - 1 > len(others):
                continue
            for mates in combinations(others, naturals_n - 1):
                colours = (c, *mates)
                mask = 0
                for d in colours:
                    mask |= 1 << d
                cells = [d * width + v for d in colours]
                items = tuple((d, v, False) for d in sorted(colours)) + ((-1, v, True),) * k
                out.append(_Template(cells, k, items, False, mask))
    out.sort(key=_template_order)
    seen: set[tuple[tuple[int, ...], int]] = set()
    distinct: list[_Template] = []
    for t in out:
        same = (tuple(t.cells), t.jokers)
        if same not in seen:
            seen.add(same)
            distinct.append(t)
    lean = [t for t in distinct if not t.jokers or not _spare_joker(t, shape)]
    return distinct, lean


def _spare_joker(t: _Template, shape: Shape) -> bool:
    """Whether one of the set's jokers can be taken out, the rest still a valid set."""
    if t.is_run:
        return len(t.items) > shape.min_run and (t.items[0][2] or t.items[-1][2])
    return len(t.items) > shape.group_min


def _template_order(t: _Template) -> tuple[int, int]:
    return (t.jokers, -len(t.cells))


def cover(
    need: tuple[tuple[int, ...], ...],
    avail: tuple[tuple[int, ...], ...],
    jokers: int,
    shape: Shape,
    limit: int = 2000,
    forced_jokers: int = 0,
) -> Layout | None:
    """Sets covering every ``need`` tile from ``avail`` tiles (which include them) and ``jokers``.

    ``need[c][v]`` and ``avail[c][v]`` count tiles per colour index and number (index 0 unused);
    ``jokers`` may be used or not, ``forced_jokers`` must all go down too. Needs fewer jokers in
    all than ``shape.min_run`` and than ``shape.group_min`` (so that no set is jokers only).
    Returns the runs and groups found, or ``None`` when there are none.

    Raises:
        GaveUp: the search took more than ``limit`` steps.
    """
    ncol, top = len(need), len(need[0]) - 1
    search = _Cover(ncol, top, shape, limit)
    flat_need = [n for row in need for n in row]
    flat_avail = [n for row in avail for n in row]
    runs: list[tuple[Item, ...]] = []
    groups: list[tuple[Item, ...]] = []
    search.setup(flat_need, flat_avail)
    left = search.lay(flat_need, flat_avail, jokers + forced_jokers, runs, groups)
    if left < 0:
        return None
    if left <= jokers or search.tuck(left - jokers, runs, groups):
        return tuple(runs), tuple(groups)
    # The jokers that must go down do not fit in the sets found (every one full): the whole
    # search, which lays them in sets of their own too.
    again = _Cover(ncol, top, shape, limit - search.steps)
    again.spare = jokers
    flat_need = [n for row in need for n in row]
    flat_avail = [n for row in avail for n in row]
    runs, groups = [], []
    again.setup(flat_need, flat_avail)
    found = again.go(flat_need, flat_avail, jokers + forced_jokers, runs, groups)
    return (tuple(runs), tuple(groups)) if found else None


def extensions(
    need: tuple[tuple[int, ...], ...],
    avail: tuple[tuple[int, ...], ...],
    jokers: int,
    shape: Shape,
    forced_jokers: int = 0,
    limit: int = 2000,
) -> tuple[list[list[bool]], bool] | None:
    """Which more tiles could go down with the ``need`` ones, as `cover` asks: each cell, a joker.

    ``out[c][v]`` is True when one more tile of colour c and number v (beyond the needed ones,
    from ``avail``) can go down with them, and the flag when one more joker can (beyond the
    ``forced_jokers``, from ``jokers``). ``None`` when the needed tiles cannot go down at all.
    Same limits on jokers as `cover`.

    Few searches answer every tile: a tile in no set at all (with every tile and joker free) is
    never asked about; each way found to lay the needed tiles answers yes for every tile it lays
    beside them and every tile the tiles left over could make a set with; only a tile still
    unknown then is asked about (the needed tiles and it), and the answer of every state met is
    shared by all these searches (it does not depend on which question reached it).

    Raises:
        GaveUp: the searches took more than ``limit`` steps in all.
    """
    ncol, top = len(need), len(need[0]) - 1
    width = top + 1
    search = _Cover(ncol, top, shape, limit)
    search.spare = jokers
    flat_need = [n for row in need for n in row]
    flat_avail = [n for row in avail for n in row]
    pool = jokers + forced_jokers
    joker_bit = 1 << len(flat_avail)
    target = 0
    for cell, n in enumerate(flat_avail):
        if n > flat_need[cell]:
            target |= 1 << cell
    if jokers:
        target |= joker_bit
    # A tile in no set at all, with every tile and joker free, never goes down: not asked about.
    search.setup(flat_need, flat_avail)
    target &= search.leftover(flat_avail, pool)
    search.target = target
    if not search.reach(flat_need, flat_avail, pool, 0):
        return None
    while True:
        left = target & ~search.found
        if not left:
            break
        bit = left & -left
        search.done = False
        if bit == joker_bit:
            # One more joker that must go down: another question (the memo assumed the spare).
            more = _Cover(ncol, top, shape, limit - search.steps)
            more.spare = jokers - 1
            more.target = target
            more.setup(flat_need, flat_avail)
            if more.reach(flat_need, flat_avail, pool, 0):
                search.found |= more.found | joker_bit
            else:
                target &= ~joker_bit
            search.steps += more.steps
            continue
        cell = bit.bit_length() - 1
        flat_need[cell] += 1
        search.setup(flat_need, flat_avail)
        if search.reach(flat_need, flat_avail, pool, 0):
            search.found |= bit
        else:
            target &= ~bit
        flat_need[cell] -= 1
        search.setup(flat_need, flat_avail)
    got = search.found & target
    cells = [[bool(got >> (c * width + v) & 1) for v in range(width)] for c in range(ncol)]
    return cells, bool(got & joker_bit)


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
