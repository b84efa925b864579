"""The exact search: dynamic programming over the numbers, one colour at a time.

Works only on ints and tuples (see `_encoding`). The numbers 1..top are swept from low to high;
for every colour the state records the open runs of that colour as a sorted tuple of small codes
(the run's length, capped where longer makes no difference, and, when jokers could fill a whole
run, whether it holds a natural tile yet). At each number and colour the search decides how many
tiles of that cell to use and where each goes: onto an open run, into a new run, or into the
groups of that number. After the last colour of a number the groups are formed (the tiles sent
to groups, plus jokers) and checked. States that agree on everything still relevant are merged,
keeping the best score, so the work is polynomial for a fixed box. The numbers may as well be
swept from high to low (the mirrored position is the same problem), and which way is cheap
depends on the position, so `search` can run both in turns (``both_ways``).

A caller's budget (nodes, a deadline) is checked as the search goes. The search remembers the
best complete layout it has reached so far; when the budget runs out it returns that one, marked
not proved (`Plan.proved`), and raises `SearchLimitReached` only when it has none worth giving.
"""

from __future__ import annotations

import functools
import math
import operator
import threading
import time
from collections.abc import Iterator, Sequence
from itertools import product

import attrs

from rummylib.errors import SearchLimitReached
from rummylib.rummikub.solver._encoding import Encoded

__all__ = ["Plan", "Shape", "Tables", "search", "stranded"]

# One item of a planned meld: (colour index, number, is_joker).
Item = tuple[int, int, bool]


@attrs.frozen
class Shape:
    """The meld rules the search needs, as ints."""

    min_run: int
    max_run: int | None
    group_min: int
    group_max: int


@attrs.frozen
class Plan:
    """What the search found: its score, the melds (runs first, then groups) and jokers played."""

    score: int
    runs: tuple[tuple[Item, ...], ...]
    groups: tuple[tuple[Item, ...], ...]
    rack_jokers: int
    rack_naturals: tuple[tuple[int, int], ...]
    nodes: int
    proved: bool = True
    """False when the budget ran out first: the best layout reached so far, not proved the best."""


_Option = tuple[tuple[int, ...], int, int, int, tuple[int, ...], int, int]
"""One way to use a cell: new runs, rack tiles placed, jokers, group tiles, actions, new runs."""
_Move = tuple[int, int, int, int, tuple[int, ...], int, int]
"""An option with its new runs as a run-state number (see `_Search.intern`)."""
_Decision = tuple[tuple[int, ...], int, int, int] | int
"""What was decided at a cell (actions, runs started, joker runs, group tiles) or at a number's
groups (jokers added)."""
_TIGHTEN_AFTER = 1000
"""Nodes after which a failed first pass pays for tuning the group multipliers (tests lower it)."""
_TIGHTEN_ROUNDS = 3
"""Subgradient rounds on the group multipliers; each rebuilds the colours' bounds."""
_DIVE = 1024
"""States a budgeted search may spend on a first dive for some play before aiming high."""


_TURN = 1024
"""States the first search of a two-way search (see `search`) spends before the other one starts."""


class _Found(Exception):
    """The dive reached a play worth remembering."""


class _Pause(Exception):
    """A search of a two-way search has spent its turn (``_Search.pause_at`` states)."""


class _RunStates:
    """Run states (sorted tuples of run codes) numbered on first sight, with their moves.

    The numbers and moves depend only on the run rules, so searches under the same rules in one
    thread share one table (see `_run_states`). A search packs the numbers into fixed-width
    fields, so a table must not grow under it from another thread: each thread has its own.
    """

    __slots__ = ("done", "moves", "rid_of", "runs_of")

    def __init__(self) -> None:
        self.runs_of: list[tuple[int, ...]] = [()]
        self.rid_of: dict[tuple[int, ...], int] = {(): 0}
        self.done: list[bool] = [True]
        self.moves: dict[object, list[_Move]] = {}
        """By run state, table tiles, rack tiles, jokers and room: one packed int while they are small."""


_THREAD = threading.local()
"""Per-thread state: ``run_states``, one `_RunStates` per run rules (see `_run_states`)."""


def _run_states() -> dict[tuple[int, int | None, int, bool], _RunStates]:
    """This thread's run-state tables, by run rules (shortest run, longest run, cap, joker runs)."""
    tables: dict[tuple[int, int | None, int, bool], _RunStates] | None = getattr(_THREAD, "run_states", None)
    if tables is None:
        tables = {}
        _THREAD.run_states = tables
    return tables


class Tables:
    """The colours' bound tables, shared by the searches of one call (pass one to `search`).

    What a colour's bound is worth from a number on depends only on that colour's cells from
    there to the top (its tiles, the weights, which groups could form), the jokers in play and
    the run rules. The searches of one call (the fewest-changes tie-break makes a dozen small
    ones, each with a few sets released) share most of these suffixes, so each suffix is numbered
    once (`suffix`) and its tables are kept under that number: a later search with the same
    suffix finds them built. The values are the same as a fresh search would compute, so the
    searches expand the same states and give the same answers, only sooner.
    """

    __slots__ = ("bounds", "ids", "orders", "rows", "splits", "states")

    def __init__(self) -> None:
        self.states: _RunStates | None = None
        self.ids: dict[object, int] = {}
        self.bounds: list[dict[int, int]] = []
        self.splits: list[dict[int, int]] = []
        self.rows: list[dict[int, list[int]]] = []
        self.orders: list[dict[int, list[tuple[int, _Move]]]] = []

    def reset(self, states: _RunStates) -> None:
        """Forget every table: they number the run states of another table than ``states``."""
        self.states = states
        self.ids = {}
        self.bounds = []
        self.splits = []
        self.rows = []
        self.orders = []

    def suffix(self, key: object) -> int:
        """The number of a suffix (its last cell and the number of the suffix after it)."""
        got = self.ids.get(key)
        if got is None:
            got = len(self.bounds)
            self.ids[key] = got
            self.bounds.append({})
            self.splits.append({})
            self.rows.append({})
            self.orders.append({})
        return got


_first = operator.itemgetter(0)
"""The rating of a rated move (sorting by it alone keeps equal ratings in their order)."""


class _Budget:
    __slots__ = ("deadline", "limit", "nodes")

    def __init__(self, limit: int | None, deadline: float | None) -> None:
        self.nodes = 0
        self.limit = limit
        self.deadline = deadline

    def spend(self, n: int) -> None:
        self.nodes += n
        if self.limit is not None and self.nodes > self.limit:
            raise SearchLimitReached(f"node budget of {self.limit} spent before the optimum was proved")
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise SearchLimitReached("time budget spent before the optimum was proved")


@functools.lru_cache(maxsize=256)
def _group_jokers(ncol_max: int, copies: int, shape: Shape, jokers: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """``table[S][mg]``: the joker counts that can complete groups from S tiles (at most mg per colour)."""
    gmin, gmax = shape.group_min, shape.group_max
    out: list[tuple[tuple[int, ...], ...]] = []
    for s in range(ncol_max * copies + 1):
        row: list[tuple[int, ...]] = []
        for mg in range(copies + 1):
            allowed: set[int] = set()
            if s == 0:
                allowed.add(0)
            for g in range(max(mg, 1), s + 1):
                q, rem = divmod(s, g)
                if q + (1 if rem else 0) > gmax:
                    continue
                jmin = rem * max(0, gmin - q - 1) + (g - rem) * max(0, gmin - q)
                jmax = g * gmax - s
                allowed.update(range(jmin, min(jmax, jokers) + 1))
            row.append(tuple(sorted(allowed)))
        out.append(tuple(row))
    return tuple(out)


def _split_groups(counts: Sequence[int], jokers: int, shape: Shape) -> list[list[tuple[int, bool]]]:
    """Deal group tiles (per colour counts) and jokers into valid groups: ``(colour, is_joker)``."""
    s = sum(counts)
    gmin, gmax = shape.group_min, shape.group_max
    mg = max(counts)
    for g in range(max(mg, 1), s + 1):
        q, rem = divmod(s, g)
        if q + (1 if rem else 0) > gmax:
            continue
        jmin = rem * max(0, gmin - q - 1) + (g - rem) * max(0, gmin - q)
        if not jmin <= jokers <= g * gmax - s:
            continue
        order = sorted(range(len(counts)), key=lambda c: -counts[c])
        seq = [c for c in order for _ in range(counts[c])]
        groups: list[list[tuple[int, bool]]] = [[] for _ in range(g)]
        for k, c in enumerate(seq):
            groups[k % g].append((c, False))
        left = jokers
        for grp in groups:
            need = max(0, gmin - len(grp))
            grp.extend([(-1, True)] * need)
            left -= need
        for grp in groups:
            extra = min(left, gmax - len(grp))
            grp.extend([(-1, True)] * extra)
            left -= extra
        assert left == 0
        return groups
    raise AssertionError("group split not feasible")  # pragma: no cover - the search checked it


def _hopeful(enc: Encoded, shape: Shape, jokers: int) -> tuple[tuple[int, ...], ...]:
    """The rack without tiles that could never be in any set, even with every other tile free."""
    ncol, top = enc.colors, enc.top
    rack = [list(row) for row in enc.rack]
    if jokers >= min(shape.min_run, shape.group_min) - 1:
        return enc.rack
    width = shape.min_run

    def present(c: int, v: int) -> bool:
        return 1 <= v <= top and enc.table[c][v] + rack[c][v] > 0

    changed = True
    while changed:
        changed = False
        for c in range(ncol):
            for v in range(1, top + 1):
                if not rack[c][v]:
                    continue
                others = sum(1 for d in range(ncol) if d != c and present(d, v))
                if others + jokers >= shape.group_min - 1:
                    continue
                fits = False
                for a in range(max(1, v - width + 1), min(v, top - width + 1) + 1):
                    missing = sum(1 for x in range(a, a + width) if x != v and not present(c, x))
                    if missing <= jokers:
                        fits = True
                        break
                if not fits:
                    rack[c][v] = 0
                    changed = True
    return tuple(tuple(row) for row in rack)


def stranded(enc: Encoded, shape: Shape) -> bool:
    """True when some table tile can never be in a set, even with every other tile free.

    A quick proof that a layout question has no answer: the rack tiles that could never be in a
    set are dropped first (`_hopeful`), then each table tile needs enough other colours at its
    number, or a run window, from what is left (jokers filling the gaps).
    """
    jokers = enc.table_jokers + enc.rack_jokers
    if jokers >= min(shape.min_run, shape.group_min) - 1:
        return False
    ncol, top, width = enc.colors, enc.top, shape.min_run
    tab = enc.table
    rck = _hopeful(enc, shape, jokers)
    for c in range(ncol):
        for v in range(1, top + 1):
            if not tab[c][v]:
                continue
            others = 0
            for d in range(ncol):
                if d != c and tab[d][v] + rck[d][v] > 0:
                    others += 1
            if others + jokers >= shape.group_min - 1:
                continue
            fits = False
            for a in range(max(1, v - width + 1), min(v, top - width + 1) + 1):
                missing = 0
                for x in range(a, a + width):
                    if x != v and tab[c][x] + rck[c][x] == 0:
                        missing += 1
                if missing <= jokers:
                    fits = True
                    break
            if not fits:
                return True
    return False


def search(
    enc: Encoded,
    shape: Shape,
    *,
    weights: Sequence[Sequence[int]],
    joker_weight: int,
    threshold: int | None = None,
    step: int = 1,
    node_limit: int | None = None,
    deadline: float | None = None,
    spent: list[int] | None = None,
    bounded: bool = False,
    at_least: int | None = None,
    both_ways: bool = False,
    tables: Tables | None = None,
) -> Plan | None:
    """Find the best-scoring way to lay every table tile and any rack tiles in valid melds.

    ``weights[c][v]`` scores one rack tile of colour c and number v; ``joker_weight`` one rack
    joker. With ``threshold``, the melds must be worth at least that many points (jokers
    counting as what they stand for). Returns ``None`` when the table tiles cannot be laid.
    A pure layout question (all weights 0) skips the upper bound unless ``bounded``: the bound
    mostly pays off when the answer is no. With ``at_least``, only a play scoring at least that
    much is wanted: the search makes one pass aimed there and returns ``None`` when there is none.

    With ``both_ways`` (and no ``threshold``), a search that has not finished after `_TURN` states
    is joined by a second one over the numbers in reverse order (the same problem, mirrored), and
    the two take turns, each turn doubling what that one has spent, until either finishes: how
    hard a position is depends much on the direction of the sweep.

    ``deadline`` is a `time.perf_counter` reading. When the budget runs out, the answer is the best
    layout reached so far (``Plan.proved`` False): for a scored search one that places something
    (and scores at least ``at_least``), for a layout question any. Without one,
    `SearchLimitReached` is raised.

    ``tables``: the colours' bound tables of earlier searches of the same call, to reuse and add
    to (see `Tables`); the answer is the same with or without.
    """
    if node_limit is not None and node_limit <= 0:
        raise SearchLimitReached("node budget spent before this search could start")
    budget = _Budget(node_limit, deadline)
    try:
        return _search(enc, shape, weights, joker_weight, threshold, step, budget, bounded, at_least, both_ways, tables)
    finally:
        if spent is not None:
            spent[0] += budget.nodes


class _Search:
    """One search: the position, the tables built for it and the memo."""

    def __init__(
        self,
        enc: Encoded,
        shape: Shape,
        weights: Sequence[Sequence[int]],
        joker_weight: int,
        threshold: int | None,
        budget: _Budget,
        bounded: bool,
        tables: Tables | None = None,
    ) -> None:
        self.shape = shape
        self.budget = budget
        self.weights = [list(row) for row in weights]
        self.joker_weight = joker_weight
        ncol, top = enc.colors, enc.top
        self.ncol = ncol
        self.top = top
        tab = [list(row) for row in enc.table]
        self.tab = tab
        self.jt = enc.table_jokers
        jtot = enc.table_jokers + enc.rack_jokers
        self.jtot = jtot
        min_run, max_run = shape.min_run, shape.max_run
        self.min_run = min_run
        self.max_run = max_run
        self.room = [min(top - v, min_run) for v in range(top + 1)]
        """Per number: how many numbers are left above it, up to a shortest run (what a move may still start)."""
        rck = [list(row) for row in _hopeful(enc, shape, jtot)]
        self.rck = rck
        cap = min_run if max_run is None else min(max_run, top)
        track = jtot >= min_run  # could a run be made of jokers alone?
        # Run codes: 1..cap for runs holding a natural, cap+1..2cap for joker-only runs.
        ncodes = 2 * cap + 1
        ext_nat = [0] * ncodes
        ext_jok = [0] * ncodes
        complete = [False] * ncodes
        length = [0] * ncodes
        for code in range(1, ncodes):
            natural = code <= cap
            n = code if natural else code - cap
            length[code] = n
            complete[code] = natural and n >= min_run
            can_grow = max_run is None or n < max_run
            if can_grow:
                m = min(n + 1, cap)
                ext_nat[code] = m
                ext_jok[code] = m if natural else m + cap
        self.ext_nat = ext_nat
        self.ext_jok = ext_jok
        self.complete = complete
        self.length = length
        self.start_jok = 1 + cap if track else 1
        copies_max = max(1, *(tab[c][v] + rck[c][v] for c in range(ncol) for v in range(top + 1)))
        self.gtab = _group_jokers(ncol, copies_max, shape, jtot)
        self.small = copies_max < 64 and jtot < 64 and min_run < 64
        """Whether a cell's tiles, the jokers and a move's room all fit six bits (see `moves_for`)."""
        self.points_cap = threshold if threshold is not None else 0
        known = _run_states()
        states = known.get((min_run, max_run, cap, track))
        if states is None or len(states.moves) > 200_000 or len(states.runs_of) > 50_000:
            states = known[min_run, max_run, cap, track] = _RunStates()
        self.states = states
        # Upper bound: each colour alone, any tile free to join a group where one could form.
        # A group holding a tile of a number with too few other colours present needs jokers for
        # the rest; the bound charges them to that colour's jokers. With g tiles of a colour in
        # g groups, each group needs group_min - 1 tiles of other colours, at most one per colour
        # per group; what the other colours cannot give must be jokers.
        groupable = [[False] * (top + 2) for _ in range(ncol)]
        group_jokers = [[[0] * (copies_max + 1) for _ in range(top + 2)] for _ in range(ncol)]
        for v in range(1, top + 1):
            counts = [tab[c][v] + rck[c][v] for c in range(ncol)]
            present = sum(1 for n in counts if n)
            if not present:
                continue
            for c in range(ncol):
                if not counts[c]:
                    continue
                groupable[c][v] = present - 1 + jtot >= shape.group_min - 1
                row = group_jokers[c][v]
                for g in range(1, copies_max + 1):
                    partners = 0
                    for d in range(ncol):
                        if d != c:
                            partners += counts[d] if counts[d] < g else g
                    row[g] = max(0, g * (shape.group_min - 1) - partners)
        self.groupable = groupable
        self.group_jokers = group_jokers
        # Lagrangian coupling of the colours through the groups of each number. Groups at v hold
        # at least group_min members and at most one tile of a colour each, so for every colour c:
        # (group_min - 1) * g[c][v] <= sum of g[d][v] over the other colours + jokers in groups
        # at v. Moving these constraints into the objective with multipliers lam[c][v] >= 0 gives
        # each group tile of colour c at v an extra score mu[c][v] (the others' multipliers minus
        # its own, times group_min - 1), and the jokers at most (jokers left) * the largest sum of
        # multipliers at a number still to come. Any multipliers give a valid bound; `tighten`
        # picks them.
        self.lam = [[0] * (top + 2) for _ in range(ncol)]
        self.mu = [[0] * (top + 2) for _ in range(ncol)]
        self.lam_from = [[0] * (top + 2) for _ in range(ncol + 1)]  # sum of lam[e][v] for e >= c
        self.lam_suffix = [0] * (top + 2)  # max over v' >= v of the sum of lam[e][v']
        # The colours' tables, per colour and number (`bound` of colour c at number v in
        # ``bound_memo[c][v]``, by run state and jokers left), shared with the other searches of
        # the call through ``tables`` (see `Tables`).
        self.bound_memo: list[list[dict[int, int]]] = []
        self.split_memo: list[list[dict[int, int]]] = []
        self.row_memo: list[list[dict[int, list[int]]]] = []
        self.order_memo: list[list[dict[int, list[tuple[int, _Move]]]]] = []
        if tables is None:
            self.private_tables()
        else:
            self.shared_tables(tables)
        self.joker_bonus = enc.rack_jokers * joker_weight
        self.per_number = ncol + 1
        self.last = top * (ncol + 1)
        # A state is one int: each colour's open runs as a run-state number (`intern`), then the
        # jokers used, the tiles sent to this number's groups, the most of one colour among them
        # and the points laid (counted only up to an initial-meld threshold), each in its field.
        kinds = 2 * cap
        most_runs = copies_max + jtot
        # Room for every run state numbered so far and every one this search could add.
        rb = (len(states.runs_of) + math.comb(kinds + most_runs, most_runs)).bit_length()
        self.rb = rb
        self.rmask = (1 << rb) - 1
        self.ush = ncol * rb
        self.umask = (1 << jtot.bit_length()) - 1 if jtot else 0
        self.ssh = self.ush + max(1, jtot.bit_length())
        self.smask = (1 << (ncol * copies_max).bit_length()) - 1
        self.msh = self.ssh + (ncol * copies_max).bit_length()
        self.mmask = (1 << copies_max.bit_length()) - 1
        self.psh = self.msh + copies_max.bit_length()
        self.runs_part = (1 << self.ush) - 1
        self.ib = (self.last + 1).bit_length()
        self.rid_done = states.done
        self.start = 0
        self.memo: dict[int, int] = {}
        """Per state (layer and key): twice its value, plus one when exact (else an upper bound)."""
        self.chosen: dict[int, object] = {}
        """The best decision at each state with an exact value: the next key and the decision."""
        self.ticks = 0
        self.scored = bounded or joker_weight > 0 or any(w for row in weights for w in row)
        # Share the jokers among the colours' bounds (see `shared`) when any is in play.
        self.share = jtot > 0 and self.scored
        self.loose = 0
        """The plain bound `shared` saw last."""
        self.tuned = False
        # The path of the node being expanded, layer by layer (see `record`), and the best complete
        # layout reached so far: its score and its decisions.
        self.path_key = [-1] * (self.last + 1)
        self.path_next = [0] * (self.last + 1)
        self.path_move = [0] * (self.last + 1)
        """Per layer of the path: the jokers added (a number's groups) or the move's place in ``path_rated``."""
        self.path_rated: list[list[tuple[int, _Move]]] = [[] for _ in range(self.last + 1)]
        """Per colour layer of the path: the moves it is going through (the move itself is not stored, to
        spare the compiled build a new tuple per child)."""
        self.best_seen = NEG // 2
        self.best_path: dict[int, tuple[int, _Decision]] | None = None
        self.goal: int | None = None
        """While set, reaching a play scoring at least this much ends the pass (`_Found`)."""
        self.pause_at = 1 << 62
        """The states after which the search pauses (`_Pause`), to let the other of two take a turn."""
        self.climbed = 0
        """The bound the budgeted climb has proved so far (see `_climb`)."""
        self.outcome: tuple[int, bool] | None = None
        """When the passes are over: the score proved and whether the remembered path reaches it."""

    def private_tables(self) -> None:
        """Fresh colour tables of this search's own."""
        size = self.top + 2
        self.bound_memo = [[{} for _ in range(size)] for _ in range(self.ncol)]
        self.split_memo = [[{} for _ in range(size)] for _ in range(self.ncol)]
        self.row_memo = [[{} for _ in range(size)] for _ in range(self.ncol)]
        self.order_memo = [[{} for _ in range(size)] for _ in range(self.ncol)]

    def shared_tables(self, tables: Tables) -> None:
        """The colour tables of ``tables`` for this search's suffixes (see `Tables`)."""
        if tables.states is not self.states:  # a new run-state table numbers the states anew
            tables.reset(self.states)
        top = self.top
        base = tables.suffix((-1, -1, self.jtot, -1))  # past the top: only the jokers matter
        bounds, splits, rows, orders = tables.bounds, tables.splits, tables.rows, tables.orders
        for c in range(self.ncol):
            tab, rck, weights = self.tab[c], self.rck[c], self.weights[c]
            groupable, fills = self.groupable[c], self.group_jokers[c]
            b_row: list[dict[int, int]] = [{}] * (top + 2)
            s_row: list[dict[int, int]] = [{}] * (top + 2)
            r_row: list[dict[int, list[int]]] = [{}] * (top + 2)
            o_row: list[dict[int, list[tuple[int, _Move]]]] = [{}] * (top + 2)
            after = base
            b_row[top + 1], s_row[top + 1], r_row[top + 1], o_row[top + 1] = (
                bounds[base],
                splits[base],
                rows[base],
                orders[base],
            )
            for v in range(top, 0, -1):
                t, r = tab[v], rck[v]
                # Only what the colour's moves at this cell can see: a weight with rack tiles to
                # place, the jokers groups need with groups possible (up to the tiles there),
                # packed into one int while they are small (as they are in any real box).
                w = weights[v] if r else 0
                key: object = None
                if t < 64 and r < 64:
                    fill_key = -1  # no group at this cell: what its groups need is never read
                    if groupable[v]:
                        fill = fills[v]
                        fill_key = 0
                        for g in range(1, t + r + 1):
                            if fill[g] >= 64:
                                fill_key = -2
                                break
                            fill_key = fill_key * 64 + fill[g]
                    if fill_key != -2:
                        key = (t * 64 + r, fill_key, w, after)
                if key is None:
                    key = (t, r, w, tuple(fills[v][: t + r + 1]) if groupable[v] else None, after, 0)
                after = tables.suffix(key)
                b_row[v], s_row[v], r_row[v], o_row[v] = bounds[after], splits[after], rows[after], orders[after]
            self.bound_memo.append(b_row)
            self.split_memo.append(s_row)
            self.row_memo.append(r_row)
            self.order_memo.append(o_row)

    def record(self, end: int, total: int) -> None:
        """Remember the current path to layer ``end`` (the memo's choices go on from there)."""
        path: dict[int, tuple[int, _Decision]] = {}
        key = self.start
        ib = self.ib
        path_key, path_next, path_move, path_rated = self.path_key, self.path_next, self.path_move, self.path_rated
        per_number, ncol = self.per_number, self.ncol
        for i in range(end):
            mk = (key << ib) | i
            if path_key[i] != mk:
                continue  # a layer with nothing to decide: the state goes on unchanged
            dec: _Decision
            if i % per_number == ncol:
                dec = path_move[i]
            else:
                move = path_rated[i][path_move[i]][1]
                dec = (move[4], move[5], move[6], move[3])
            key = path_next[i]
            path[mk] = (key, dec)
        self.best_seen = total
        self.best_path = path
        if self.goal is not None and total >= self.goal:
            raise _Found

    def options(self, runs: tuple[int, ...], t: int, r: int, jr: int, room: int) -> list[_Option]:
        """Every way to use a cell of t table and r rack tiles with these open runs and jr jokers.

        They depend only on the run rules, so `moves_for` keeps them for later searches.
        """
        complete, ext_nat, ext_jok, length = self.complete, self.ext_nat, self.ext_jok, self.length
        min_run = self.min_run
        avail = t + r
        choices = []
        for code in runs:
            a = []
            if complete[code]:
                a.append(0)
            if ext_nat[code] and avail:
                a.append(1)
            if ext_jok[code] and jr:
                a.append(2)
            choices.append(a)
        found: dict[tuple[tuple[int, ...], int, int, int], _Option] = {}
        may_start = room >= min_run - 1
        for acts in product(*choices):
            n_nat = acts.count(1)
            n_jok = acts.count(2)
            if n_nat > avail or n_jok > jr:
                continue
            kept = []
            dead = False
            for code, act in zip(runs, acts, strict=True):
                if act == 1:
                    nc = ext_nat[code]
                elif act == 2:
                    nc = ext_jok[code]
                else:
                    continue
                if not complete[nc] and min_run - length[nc] > room:
                    dead = True
                    break
                kept.append(nc)
            if dead:
                continue
            # Ending a run while starting another of the same colour here is never better than
            # carrying the ended run on with the new run's tile (unless runs have a longest length).
            start_ok = may_start and (self.max_run is not None or 0 not in acts)
            for ns in range(avail - n_nat + 1 if start_ok else 1):
                for nj in range(jr - n_jok + 1 if start_ok else 1):
                    new = tuple(sorted(kept + [1] * ns + [self.start_jok] * nj))
                    jc = n_jok + nj
                    for g in range(avail - n_nat - ns + 1):
                        used = n_nat + ns + g
                        if used < t:
                            continue
                        k = (new, used - t, jc, g)
                        if k not in found:
                            found[k] = (new, used - t, jc, g, acts, ns, nj)
        return sorted(found.values(), key=_option_order)

    def intern(self, runs: tuple[int, ...]) -> int:
        """The number of a run state (a sorted tuple of run codes), given out on first sight."""
        states = self.states
        rid = states.rid_of.get(runs)
        if rid is None:
            rid = len(states.runs_of)
            states.rid_of[runs] = rid
            states.runs_of.append(runs)
            complete = self.complete
            states.done.append(all(complete[x] for x in runs))
        return rid

    def moves_for(self, rid: int, t: int, r: int, jr: int, room: int) -> list[_Move]:
        """`options` for a run-state number, with the new run states as numbers too."""
        moves = self.states.moves
        # As in any real box, one int (cheaper than a tuple) when every part fits six bits.
        key: object = (((rid * 64 + t) * 64 + r) * 64 + jr) * 64 + room if self.small else (rid, t, r, jr, room)
        hit = moves.get(key)
        if hit is not None:
            return hit
        out = [
            (self.intern(new), placed, jc, g, acts, ns, nj)
            for new, placed, jc, g, acts, ns, nj in self.options(self.states.runs_of[rid], t, r, jr, room)
        ]
        moves[key] = out
        return out

    def bound(self, c: int, v: int, rid: int, left: int) -> int:
        """Colour c alone from number v with open runs ``rid`` and ``left`` jokers still free."""
        if v > self.top:
            return 0 if self.rid_done[rid] else NEG
        memos = self.bound_memo[c]
        memo = memos[v]
        stride = self.jtot + 1
        key = rid * stride + left
        hit = memo.get(key)
        if hit is not None:
            return hit
        best = NEG
        w = self.weights[c][v]
        can_group = self.groupable[c][v]
        fill = self.group_jokers[c][v]
        extra = self.mu[c][v]
        nv = v + 1
        memo_next = memos[nv]
        for new, placed, jc, g, _a, _ns, _nj in self.moves_for(rid, self.tab[c][v], self.rck[c][v], left, self.room[v]):
            rest = left - jc
            val = placed * w
            if g:
                if not can_group:
                    continue
                rest -= fill[g]
                if rest < 0:
                    continue
                val += g * extra
            after = memo_next.get(new * stride + rest)
            val += self.bound(c, nv, new, rest) if after is None else after
            if val > best:  # noqa: PLR1730 - faster than max() in this hot loop
                best = val
        memo[key] = best
        return best

    def split(self, c: int, v: int, rid: int, r: int, t: int) -> int:
        """`bound` with at most r jokers in colour c's runs and t jokers in all (r <= t).

        The jokers that colour c's groups need come out of t only: groups are shared by the
        colours, so their jokers are not charged to one colour's runs (see `shared`).
        """
        if r >= t:
            return self.bound(c, v, rid, t)
        if v > self.top:
            return 0 if self.rid_done[rid] else NEG
        memo = self.split_memo[c][v]
        stride = self.jtot + 1
        key = (rid * stride + r) * stride + t
        hit = memo.get(key)
        if hit is not None:
            return hit
        best = NEG
        w = self.weights[c][v]
        can_group = self.groupable[c][v]
        fill = self.group_jokers[c][v]
        extra = self.mu[c][v]
        nv = v + 1
        for new, placed, jc, g, _a, _ns, _nj in self.moves_for(rid, self.tab[c][v], self.rck[c][v], r, self.room[v]):
            rr = r - jc
            tt = t - jc
            val = placed * w
            if g:
                if not can_group:
                    continue
                tt -= fill[g]
                if tt < 0:
                    continue
                val += g * extra
            if rr >= tt:
                val += self.bound(c, nv, new, tt)
            else:
                val += self.split(c, nv, new, rr, tt)
            if val > best:  # noqa: PLR1730 - faster than max() in this hot loop
                best = val
        memo[key] = best
        return best

    def joker_row(self, c: int, v: int, rid: int, left: int) -> list[int]:
        """Colour c's `split` for every r <= t <= left, flat: entry t * (t + 1) // 2 + r."""
        key = rid * (self.jtot + 1) + left
        memo = self.row_memo[c][v]
        hit = memo.get(key)
        if hit is not None:
            return hit
        row: list[int] = []
        for t in range(left + 1):
            for r in range(t + 1):
                row.append(self.split(c, v, rid, r, t))
        memo[key] = row
        return row

    def shared(self, i: int, key: int) -> int:
        """A tighter `hope` with jokers in play: the jokers in runs shared among the colours.

        Each colour's own bound may use every joker left; but a joker in a run belongs to one
        colour. With S jokers in runs in all (R_d of colour d), colour d may use R_d of them
        and, for its groups, the L - S that are in no run (groups are shared, so each colour may
        count them). The bound is the best over S and the R_d summing to S. The plain `hope` (each
        colour with every joker) is left in ``self.loose``. Only with jokers in play, where the
        group multipliers are never tuned.
        """
        per_number = self.per_number
        v = i // per_number + 1
        c = i % per_number
        left = self.jtot - ((key >> self.ush) & self.umask)
        if left == 0:
            self.loose = loose = self.hope(i, key)
            return loose
        ncol = self.ncol
        rb, rmask = self.rb, self.rmask
        bonus = self.joker_bonus
        stride = self.jtot + 1
        row_memo = self.row_memo
        if left == 1:  # entries: (0,0) at 0, (0,1) at 1, (1,1) at 2
            none = 0
            zero = 0
            full = bonus
            gain = NEG
            for d in range(ncol):
                vd = v + 1 if d < c else v
                rid = (key >> (d * rb)) & rmask
                row = row_memo[d][vd].get(rid * stride + 1)
                if row is None:
                    row = self.joker_row(d, vd, rid, 1)
                none += row[1]
                zero += row[0]
                full += row[2]
                if row[2] - row[0] > gain:  # noqa: PLR1730 - faster than max() here
                    gain = row[2] - row[0]
            best = none if none > zero + gain else zero + gain
            self.loose = full
            return min(full, bonus + best)
        if left == 2:  # (0,0) 0, (0,1) 1, (1,1) 2, (0,2) 3, (1,2) 4, (2,2) 5
            s0 = 0
            s1 = 0
            s2 = 0
            full = bonus
            g1 = NEG
            g2 = NEG
            top1 = NEG
            top2 = NEG
            for d in range(ncol):
                vd = v + 1 if d < c else v
                rid = (key >> (d * rb)) & rmask
                row = row_memo[d][vd].get(rid * stride + 2)
                if row is None:
                    row = self.joker_row(d, vd, rid, 2)
                s0 += row[3]
                s1 += row[1]
                s2 += row[0]
                full += row[5]
                if row[4] - row[1] > g1:  # noqa: PLR1730 - faster than max() here
                    g1 = row[4] - row[1]
                if row[5] - row[0] > g2:  # noqa: PLR1730 - faster than max() here
                    g2 = row[5] - row[0]
                one = row[2] - row[0]
                if one > top1:
                    top1, top2 = one, top1
                elif one > top2:
                    top2 = one
            best = s0
            if s1 + g1 > best:  # noqa: PLR1730 - faster than max() here
                best = s1 + g1
            pair = top1 + top2 if top2 > NEG else NEG
            if s2 + g2 > best:  # noqa: PLR1730 - faster than max() here
                best = s2 + g2
            if s2 + pair > best:  # noqa: PLR1730 - faster than max() here
                best = s2 + pair
            self.loose = full
            return min(full, bonus + best)
        rows: list[list[int]] = []
        full = bonus
        for d in range(ncol):
            rows.append(self.joker_row(d, v + 1 if d < c else v, (key >> (d * rb)) & rmask, left))
            full += rows[-1][-1]
        self.loose = full
        best = NEG
        for total in range(left + 1):
            base = left - total
            cur = [NEG] * (total + 1)
            cur[0] = 0
            for row in rows:
                nxt = [NEG] * (total + 1)
                for a in range(total + 1):
                    ca = cur[a]
                    if ca < NEG // 2:
                        continue
                    for b in range(total + 1 - a):
                        t = base + b
                        val = ca + row[t * (t + 1) // 2 + b]
                        if val > nxt[a + b]:  # noqa: PLR1730 - faster than max() here
                            nxt[a + b] = val
                cur = nxt
            for val in cur:
                if val > best:  # noqa: PLR1730 - faster than max() here
                    best = val
        return min(full, bonus + best)

    def hope(self, i: int, key: int) -> int:
        """An upper bound on what is still to gain from layer i in state key."""
        if not self.scored:  # a pure feasibility question: the bound costs more than it saves
            return 0
        per_number = self.per_number
        v = i // per_number + 1
        c = i % per_number
        left = self.jtot - ((key >> self.ush) & self.umask)
        total = self.joker_bonus
        bound_memo = self.bound_memo
        rb, rmask = self.rb, self.rmask
        stride = self.jtot + 1
        for d in range(self.ncol):
            vd = v + 1 if d < c else v
            rid = (key >> (d * rb)) & rmask
            part = bound_memo[d][vd].get(rid * stride + left)
            total += self.bound(d, vd, rid, left) if part is None else part
        if self.tuned:
            total += ((key >> self.ssh) & self.smask) * self.lam_from[c][v] + left * self.lam_suffix[v]
        return total

    def dfs(self, i: int, key: int, need: int, acc: int) -> int:
        """Best gain from layer i on, exact when at least ``need``, else an upper bound.

        ``acc`` is what the path from the root to here has gained; complete layouts better than
        any seen are remembered (see `record`).
        """
        per_number = self.per_number
        ncol = self.ncol
        jtot = self.jtot
        tab = self.tab
        rck = self.rck
        rb, rmask = self.rb, self.rmask
        ush, umask = self.ush, self.umask
        while True:  # step over layers with nothing to decide
            if i == self.last:
                u0 = (key >> ush) & umask
                if u0 < self.jt or (self.points_cap and (key >> self.psh) < self.points_cap):
                    return NEG
                done = self.rid_done
                for d in range(ncol):
                    if not done[(key >> (d * rb)) & rmask]:
                        return NEG
                val = (u0 - self.jt) * self.joker_weight
                if acc + val > self.best_seen:
                    self.record(i, acc + val)
                return val
            c = i % per_number
            if c == ncol:
                if (key >> self.ssh) & self.smask:
                    break
            elif (key >> (c * rb)) & rmask or (key >> ush) & umask != jtot:
                break
            else:
                v = i // per_number + 1
                if tab[c][v] or rck[c][v]:
                    break
            i += 1  # no group tiles at this number, or an empty cell with no open run or joker
        memo = self.memo
        mk = (key << self.ib) | i
        hit = memo.get(mk)
        known = 0
        if hit is not None:
            known = hit >> 1
            if hit & 1:
                if acc + known > self.best_seen:
                    self.record(i, acc + known)
                return known
            if known < need:
                return known
        full = NEG
        have_full = False
        if hit is None:
            if self.share:
                ceiling = self.shared(i, key)
                full = self.loose
            else:
                full = ceiling = self.hope(i, key)
            have_full = True
        else:
            ceiling = known
        if ceiling < need:
            memo[mk] = ceiling * 2
            return ceiling
        self.path_key[i] = mk
        path_next = self.path_next
        path_move = self.path_move
        self.ticks += 1
        if self.ticks & 127 == 0:
            self.budget.spend(128)
            if self.ticks >= self.pause_at:
                raise _Pause
        best = NEG
        best_next = 0
        best_move = -1
        v = i // per_number + 1
        c = i % per_number
        u = (key >> ush) & umask
        s_tot = (key >> self.ssh) & self.smask
        mg = (key >> self.msh) & self.mmask
        psh = self.psh
        pts = key >> psh
        points_cap = self.points_cap
        scored = self.scored
        if c == ncol:  # form the groups of number v
            runs_only = key & self.runs_part
            for jg in self.gtab[s_tot][mg]:
                if u + jg > jtot:
                    break
                nk = runs_only | ((u + jg) << ush)
                if points_cap:
                    nk |= min(points_cap, pts + jg * v) << psh
                path_next[i] = nk
                path_move[i] = jg
                val = self.dfs(i + 1, nk, need if need > best else best + 1, acc)
                if val > best:
                    best, best_next, best_move = val, nk, jg
                    if best >= ceiling:
                        break
            if best >= need:
                self.chosen[mk] = (best_next, best_move)
        else:
            t = tab[c][v]
            w = self.weights[c][v]
            lone = not self.groupable[c][v]
            left = jtot - u
            rest = 0
            bound_memo = self.bound_memo
            lam_from = self.lam_from
            stride = jtot + 1
            rid = (key >> (c * rb)) & rmask
            # What the other colours can still add (at this node's jokers, so it bounds every child).
            if scored and have_full:  # the bound just computed, less this colour's part
                own = bound_memo[c][v].get(rid * stride + left)
                rest = full - s_tot * lam_from[c][v] - (self.bound(c, v, rid, left) if own is None else own)
            elif scored:
                rest = self.joker_bonus + left * self.lam_suffix[v]
                for d in range(ncol):
                    if d != c:
                        rest += self.bound(d, v + 1 if d < c else v, (key >> (d * rb)) & rmask, left)
            rated: list[tuple[int, _Move]]
            base = 0
            if scored:
                # Most promising first: a good play found early prunes the rest harder. The order
                # and the moves' own ratings depend only on the colour, number, runs and jokers.
                order = self.order_memo[c][v]
                okey = rid * stride + left
                cached = order.get(okey)
                if cached is None:
                    cached = self.rate(c, v, rid, left)
                    order[okey] = cached
                rated = cached
                base = rest + s_tot * lam_from[c + 1][v] if self.tuned else rest
            else:
                rated = []
                for move in self.moves_for(rid, t, rck[c][v], left, self.room[v]):
                    if not (move[3] and lone):
                        rated.append((0, move))
            shift = c * rb
            self.path_rated[i] = rated
            index = -1
            for partial, move in rated:
                index += 1
                rough = base + partial
                new, placed, jc, g, _acts, _ns, _nj = move
                gain = placed * w
                if scored and rough < (need if need > best else best + 1):
                    best = max(best, rough)
                    break
                nk = key + ((new - rid) << shift) + (jc << ush) + (g << self.ssh)
                if g > mg:
                    nk += (g - mg) << self.msh
                if points_cap:
                    nk += (min(points_cap, pts + (placed + t + jc) * v) - pts) << psh
                path_next[i] = nk
                path_move[i] = index
                val = gain + self.dfs(i + 1, nk, (need if need > best else best + 1) - gain, acc + gain)
                if val > best:
                    best, best_next, best_move = val, nk, index
                    if best >= ceiling:
                        break
            if best >= need and best_move >= 0:
                chosen_move = rated[best_move][1]
                self.chosen[mk] = (best_next, (chosen_move[4], chosen_move[5], chosen_move[6], chosen_move[3]))
        if best >= need:
            memo[mk] = best * 2 + 1
        else:
            memo[mk] = best * 2
        return best

    def rate(self, c: int, v: int, rid: int, left: int) -> list[tuple[int, _Move]]:
        """The moves of colour c at number v, each with its gain plus colour c's bound after it, best first.

        The search adds what the other colours can still gain, the same for every move of a node.
        """
        stride = self.jtot + 1
        nv = v + 1
        memo_c = self.bound_memo[c][nv]  # looked up inline: most of these are hits
        w = self.weights[c][v]
        lone = not self.groupable[c][v]
        extra = self.lam_from[c + 1][v] if self.tuned else 0
        rated: list[tuple[int, _Move]] = []
        for move in self.moves_for(rid, self.tab[c][v], self.rck[c][v], left, self.room[v]):
            if move[3] and lone:
                continue
            child = memo_c.get(move[0] * stride + left - move[2])
            if child is None:
                child = self.bound(c, nv, move[0], left - move[2])
            rated.append((move[1] * w + child + move[3] * extra, move))
        rated.sort(key=_first, reverse=True)
        return rated

    def set_multipliers(self, new_lam: list[list[int]]) -> None:
        """Put new group multipliers in force (see `tighten`); the colours' bounds start again."""
        ncol, top = self.ncol, self.top
        lam, mu, lam_from, lam_suffix = self.lam, self.mu, self.lam_from, self.lam_suffix
        self.tuned = any(any(row) for row in new_lam)
        for c in range(ncol):
            lam[c][:] = new_lam[c]
        for v in range(1, top + 1):
            total = sum(lam[c][v] for c in range(ncol))
            for c in range(ncol):
                mu[c][v] = total - lam[c][v] - (self.shape.group_min - 1) * lam[c][v]
            for c in range(ncol - 1, -1, -1):
                lam_from[c][v] = lam_from[c + 1][v] + lam[c][v]
        lam_suffix[top + 1] = 0
        for v in range(top, 0, -1):
            lam_suffix[v] = max(lam_suffix[v + 1], lam_from[0][v])
        self.private_tables()  # tables of the multipliers' own (shared ones stay as they are)

    def trace(self, c: int) -> list[int]:
        """Group tiles per number on a path that reaches colour c's bound with every joker."""
        runs = 0
        left = self.jtot
        top = self.top
        out = [0] * (top + 2)
        for v in range(1, top + 1):
            target = self.bound(c, v, runs, left)
            found = False
            for new, placed, jc, g, _a, _ns, _nj in self.moves_for(
                runs, self.tab[c][v], self.rck[c][v], left, self.room[v]
            ):
                rest = left - jc
                val = placed * self.weights[c][v]
                if g:
                    if not self.groupable[c][v] or rest < self.group_jokers[c][v][g]:
                        continue
                    rest -= self.group_jokers[c][v][g]
                    val += g * self.mu[c][v]
                if val + self.bound(c, v + 1, new, rest) == target:
                    out[v] = g
                    runs, left = new, rest
                    found = True
                    break
            if not found:  # pragma: no cover - the bound's own options reach it
                break
        return out

    def tighten(self, rounds: int) -> None:
        """A few subgradient steps on the multipliers; keep those with the lowest root bound."""
        scale = max(max(row) for row in self.weights)
        ncol, top = self.ncol, self.top
        lam = self.lam
        best_lam = [row[:] for row in lam]
        best_val = self.hope(0, self.start)
        for k in range(rounds):
            if any(self.bound(c, 1, 0, self.jtot) < NEG // 2 for c in range(ncol)):
                break
            gs = [self.trace(c) for c in range(ncol)]
            alpha = scale // (8 * (k + 1))
            moved = False
            new_lam = [row[:] for row in lam]
            for v in range(1, top + 1):
                total = sum(gs[c][v] for c in range(ncol))
                for c in range(ncol):
                    h = (self.shape.group_min - 1) * gs[c][v] - (total - gs[c][v])
                    nl = max(0, lam[c][v] + alpha * h)
                    if nl != lam[c][v]:
                        new_lam[c][v] = nl
                        moved = True
            if not moved:
                break
            self.set_multipliers(new_lam)
            val = self.hope(0, self.start)
            if val < best_val:
                best_val, best_lam = val, [row[:] for row in lam]
        self.set_multipliers(best_lam)


NEG = -(1 << 60)
"""Minus infinity for the search: no valid layout."""


def _option_order(o: _Option) -> tuple[int, int]:
    return (-o[1], o[2])


def _dive(s: _Search, budget: _Budget) -> None:
    """Depth first to the first play worth remembering, within `_DIVE` states (then on as usual)."""
    s.budget = _Budget(_DIVE if budget.limit is None else min(_DIVE, budget.limit - budget.nodes), budget.deadline)
    s.goal = s.best_seen + 1
    try:
        s.dfs(0, s.start, NEG // 4, 0)
    except (_Found, SearchLimitReached, _Pause):
        pass
    finally:
        s.goal = None
        spent = s.budget.nodes
        s.budget = budget
    budget.spend(spent)


def _climb(s: _Search) -> int:
    """Aim one point above the best play found; at the first play reaching it, again.

    A budgeted search wants a good play early, and the aim-high passes of the exact search find
    none until they succeed. Each pass here stops at the first play better than the best so far
    (`_Found`), and starts again, aiming above it; the memo keeps what every pass proved. A pass
    that finds no better play proves the best one the optimum. Returns the bound proved by that
    last pass (at most the best play's score), or the bound it started from when there is no
    play to start from. The bound is kept in ``s.climbed``, so a paused climb goes on from it.
    """
    while s.best_path is not None:
        goal = s.best_seen + 1
        if goal > s.climbed:
            break
        s.goal = goal
        try:
            s.climbed = min(s.climbed, s.dfs(0, s.start, goal, 0))
        except _Found:
            pass  # a better play: aim above it
        finally:
            s.goal = None
    return s.climbed


def _passes(s: _Search, step: int, budget: _Budget, at_least: int | None) -> Iterator[None]:
    """The passes of one search (see `search`), leaving the outcome in ``s.outcome``.

    Yields whenever the search pauses (`_Pause`, at ``s.pause_at`` states); resumed, it makes the
    same pass again, and the memo takes it quickly back to where it stopped.
    """
    jtot = s.jtot
    start = s.start
    neg = NEG
    top_hope = s.shared(0, start) if s.share else s.hope(0, start)
    if top_hope < 0:
        return  # no layout: ``s.outcome`` stays None
    # Aim at the bound; on failure aim a unit (a tile, a point) lower or at the bound the failed
    # pass proved, whichever is less; after three failures run one plain branch and bound.
    need = top_hope
    if at_least is not None:
        if top_hope < at_least:
            return
        need = at_least
    # Layouts worth remembering in case the budget runs out: any for a layout question, else
    # one that places something (and reaches ``at_least`` when that is asked).
    if at_least is not None:
        s.best_seen = at_least - 1
    elif s.joker_weight > 0 or any(w for row in s.weights for w in row):
        s.best_seen = 0
    got = neg
    use_path = False
    if s.best_seen >= 0 and at_least is None and (budget.limit is not None or budget.deadline is not None):
        # A caller with a budget wants some play even if it runs out: first a plain dive,
        # best move first, to the first complete layout that places something.
        _dive(s, budget)
        # Then better and better plays, each found quickly, rather than one long exact pass.
        s.climbed = need
        while True:
            try:
                need = min(need, _climb(s))
                break
            except _Pause:
                yield
        if s.best_path is not None and need <= s.best_seen:
            got = need = s.best_seen  # no play beats the best found: it is the optimum
            use_path = True
    attempt = 0
    while attempt < (0 if use_path else 4):
        try:
            got = s.dfs(0, start, need, 0)
        except _Pause:
            yield
            continue
        if got >= need:
            break
        if got < neg // 2 or at_least is not None:
            return
        if attempt == 0 and s.scored and not jtot and s.ticks >= _TIGHTEN_AFTER:
            # Not proved at once: worth a few rounds on the group multipliers. (With jokers in
            # play their share of the multipliers mostly cancels the gain, so only without.)
            s.tighten(_TIGHTEN_ROUNDS)
        need = min(got, need - step) if attempt < 2 else neg // 4
        attempt += 1
    s.outcome = (got, use_path)


def _advance(runs: Iterator[None]) -> bool:
    """Run a search on to its next pause; True when it has finished."""
    try:
        next(runs)
    except StopIteration:
        return True
    return False


def _mirror(enc: Encoded) -> Encoded:
    """The position with its numbers reversed (v becomes top + 1 - v): the same problem."""
    return Encoded(
        enc.colors, enc.top, _mirror_rows(enc.table), _mirror_rows(enc.rack), enc.table_jokers, enc.rack_jokers
    )


def _mirror_rows(rows: Sequence[Sequence[int]]) -> tuple[tuple[int, ...], ...]:
    """Rows indexed by number (index 0 unused) with the numbers reversed."""
    return tuple((row[0], *reversed(row[1:])) for row in rows)


def _unmirror(plan: Plan, top: int) -> Plan:
    """A plan of the mirrored position as a plan of the position itself."""
    flip = top + 1
    return attrs.evolve(
        plan,
        runs=tuple(tuple((c, flip - v, j) for c, v, j in reversed(run)) for run in plan.runs),
        groups=tuple(tuple((c, flip - v, j) for c, v, j in grp) for grp in plan.groups),
        rack_naturals=tuple((c, flip - v) for c, v in plan.rack_naturals),
    )


def _search(
    enc: Encoded,
    shape: Shape,
    weights: Sequence[Sequence[int]],
    joker_weight: int,
    threshold: int | None,
    step: int,
    budget: _Budget,
    bounded: bool,
    at_least: int | None,
    both_ways: bool,
    tables: Tables | None,
) -> Plan | None:
    """Run one search (see `search`), or two that take turns (``both_ways``); rebuild the melds."""
    s = _Search(enc, shape, weights, joker_weight, threshold, budget, bounded, tables)
    runs = _passes(s, step, budget, at_least)
    searches = [(s, runs)]
    both_ways = both_ways and threshold is None
    try:
        if both_ways:
            s.pause_at = _TURN
        done = _advance(runs)
        turn = 0
        while not done:
            if len(searches) == 1:
                back = _Search(_mirror(enc), shape, _mirror_rows(weights), joker_weight, None, budget, bounded, tables)
                searches.append((back, _passes(back, step, budget, at_least)))
            turn = 1 - turn
            s, runs = searches[turn]
            # Each turn at least doubles what that search has spent, so neither wastes much.
            s.pause_at = s.ticks + max(_TURN, s.ticks)
            done = _advance(runs)
    except SearchLimitReached:
        for t, _runs in searches:
            budget.nodes += t.ticks & 127
        ready = [t for t, _runs in searches if t.best_path is not None]
        if not ready:
            raise
        s = max(ready, key=lambda t: t.best_seen)
        plan = _plan_of(s, s.best_seen, s.best_path or {}, budget, False)
        return plan if s is searches[0][0] else _unmirror(plan, enc.top)
    for t, _runs in searches:
        budget.nodes += t.ticks & 127  # the last few states, counted but not charged: the search is over
    if s.outcome is None:
        return None
    got, use_path = s.outcome
    plan = _plan_of(s, got, s.best_path if use_path and s.best_path is not None else {}, budget, True)
    return plan if s is searches[0][0] else _unmirror(plan, enc.top)


def _plan_of(s: _Search, best: int, found: dict[int, tuple[int, _Decision]], budget: _Budget, proved: bool) -> Plan:
    """The melds of the play the search settled on: the decisions of ``found``, then the memo's."""
    ncol, top, jt = s.ncol, s.top, s.jt
    shape = s.shape
    per_number = s.per_number
    memo = s.memo
    tab = s.tab
    ext_nat, ext_jok, start_jok = s.ext_nat, s.ext_jok, s.start_jok
    last = s.last
    # Follow the chosen decisions (those of the remembered path first, when the budget ran out,
    # then the memo's), and replay them forward to build the melds.
    decisions: list[_Decision] = []
    key = s.start
    for i in range(last):
        mk = (key << s.ib) | i
        taken = found.get(mk)
        if taken is not None:
            key, dec = taken
            decisions.append(dec)
            continue
        entry = memo.get(mk)
        if entry is None:  # a layer with nothing to decide (see the fast paths in dfs)
            decisions.append(0 if i % per_number == ncol else ((), 0, 0, 0))
            continue
        assert entry & 1
        step_taken = s.chosen[mk]
        assert isinstance(step_taken, tuple)
        key, dec = step_taken
        decisions.append(dec)

    runs_out: list[tuple[Item, ...]] = []
    groups_out: list[tuple[Item, ...]] = []
    rack_nat: list[tuple[int, int]] = []
    open_runs: list[list[tuple[int, list[Item]]]] = [[] for _ in range(ncol)]
    idx = 0
    jokers_used = 0
    for v in range(1, top + 1):
        gcounts = [0] * ncol
        for c in range(ncol):
            dec = decisions[idx]
            idx += 1
            assert isinstance(dec, tuple)
            acts, ns, nj, g = dec
            current = open_runs[c]
            nxt_runs: list[tuple[int, list[Item]]] = []
            used = 0
            for (code, items), act in zip(current, acts, strict=True):
                if act == 0:
                    runs_out.append(tuple(items))
                elif act == 1:
                    items.append((c, v, False))
                    nxt_runs.append((ext_nat[code], items))
                    used += 1
                else:
                    items.append((c, v, True))
                    nxt_runs.append((ext_jok[code], items))
                    jokers_used += 1
            for _ in range(ns):
                nxt_runs.append((1, [(c, v, False)]))
                used += 1
            for _ in range(nj):
                nxt_runs.append((start_jok, [(c, v, True)]))
                jokers_used += 1
            nxt_runs.sort(key=lambda cr: cr[0])
            open_runs[c] = nxt_runs
            gcounts[c] = g
            used += g
            rack_nat.extend([(c, v)] * (used - tab[c][v]))
        jg = decisions[idx]
        idx += 1
        assert isinstance(jg, int)
        jokers_used += jg
        if sum(gcounts):
            for grp in _split_groups(gcounts, jg, shape):
                groups_out.append(tuple((c, v, j) for c, j in grp))
    for current in open_runs:
        runs_out.extend(tuple(items) for _code, items in current)
    return Plan(best, tuple(runs_out), tuple(groups_out), jokers_used - jt, tuple(rack_nat), budget.nodes, proved)
