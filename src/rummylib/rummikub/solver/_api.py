"""The public face of the Rummikub solver: `solve`, `arrange`, `playable_tiles`."""

from __future__ import annotations

import functools
import time
from collections.abc import Iterable, Sequence
from enum import StrEnum
from typing import cast

import attrs

from rummylib import _inputs
from rummylib._inputs import PIECE_TYPES
from rummylib.errors import (
    ErrorCode,
    InvalidMeldError,
    RuleSetError,
    RummyError,
    SearchLimitReached,
    Violation,
)
from rummylib.melds import Meld, MeldLike, meld_violations
from rummylib.pieces import JOKER, Joker, Piece, PieceCount, PiecesLike, piece_sort_key
from rummylib.rules import JokerRetrieval, RuleSet
from rummylib.rummikub.errors import SolverInputError
from rummylib.rummikub.solver._dp import Plan, Shape, search, stranded
from rummylib.rummikub.solver._encoding import encode
from rummylib.rummikub.solver._first import UNKNOWN, near_sets, quick_cover
from rummylib.table import Table, TableLike
from rummylib.tiles import Drawable, Tile

__all__ = [
    "Budget",
    "Objective",
    "Solution",
    "TableLike",
    "arrange",
    "can_play",
    "lay_down",
    "playable_tiles",
    "solve",
]


class Objective(StrEnum):
    """What `solve` maximises.

    Examples:
        >>> Objective("value") is Objective.VALUE
        True
    """

    TILES = "tiles"
    """Most rack tiles placed (a joker counts one), then highest value placed, then fewest table
    sets changed."""
    VALUE = "value"
    """Most points shed from the rack (a joker counts ``rules.joker_points``), then most tiles,
    then fewest table sets changed."""
    FEWEST_CHANGES = "fewest_changes"
    """Most rack tiles placed, then fewest table sets changed, then highest value placed."""


@attrs.frozen
class Budget:
    """A limit on one call's work; running out never gives a wrong answer.

    When the budget runs out, `solve` answers with the best legal play it has found so far,
    marked ``proved=False``, and raises `SearchLimitReached` only when it has found no play at
    all by then; `arrange` and `playable_tiles` raise it when they cannot yet say.

    Examples:
        >>> Budget(nodes=10_000).nodes, Budget(seconds=0.5).seconds
        (10000, 0.5)
    """

    nodes: int | None = None
    """Most search states to expand (summed over every search the call makes), or ``None``."""
    seconds: float | None = None
    """Most wall-clock seconds for the whole call (every search it makes, counted from its
    start), or ``None``. The clock is read every hundred or so states, so a call may run over by
    a few milliseconds (more on a busy machine), plus the time to build its answer."""


@attrs.frozen
class Solution(Drawable):
    """The best play found by `solve` and the whole table after it.

    Examples:
        >>> from rummylib import RUMMIKUB
        >>> s = solve("r1 r2 r3", "r4 b9", rules=RUMMIKUB, initial_meld_done=True)
        >>> s.tiles_placed, s.value_placed, [str(p) for p in s.played], [str(m) for m in s.table_after]
        (1, 4, ['R4'], ['R1 R2 R3 R4'])
        >>> s.changed_sets, s.changes_proved
        (1, True)
    """

    tiles_placed: int
    """How many rack pieces the play lays (a joker counts one); 0 when nothing can be played."""
    value_placed: int
    """Points shed from the rack (a joker counts ``rules.joker_points``)."""
    played: tuple[Piece, ...]
    """The rack pieces laid, in canonical order."""
    table_after: tuple[Meld, ...]
    """Every set on the table after the play: untouched sets first, as given, then the others."""
    changed_sets: int
    """How many of the table's sets (when the table was given as sets) do not survive unchanged."""
    initial_meld: bool
    """True when this play is (or would have been) the player's initial meld."""
    nodes: int = 0
    """Search states expanded, summed over every search made for this answer."""
    changes_proved: bool = True
    """True when ``changed_sets`` is proved the fewest any play as good can have; False when
    that tie-break was skipped (``keep_sets=False``) or its allowance ran out first."""
    proved: bool = True
    """True when no legal play scores better under the objective; False when the caller's
    budget ran out first and this is the best legal play found by then (then ``changes_proved``
    is False too, unless the table is untouched)."""

    @property
    def is_pass(self) -> bool:
        """True when no rack piece can be played: the player must draw."""
        return self.tiles_placed == 0


# ------------------------------------------------------------------------------------------
# Input handling
# ------------------------------------------------------------------------------------------


def _check_rules(rules: RuleSet, jokers: bool) -> None:
    """Refuse the house rules of tile games that the solver cannot play (card games are refused first)."""
    if not rules.group_distinct:
        raise RuleSetError(
            "the solver needs groups of distinct colours (group_distinct)", code=ErrorCode.UNSUPPORTED_RULES
        )
    if jokers and (rules.joker_ratio or rules.max_jokers_per_meld is not None):
        raise RuleSetError(
            "the solver does not support limits on jokers per meld (joker_ratio, max_jokers_per_meld)",
            code=ErrorCode.UNSUPPORTED_RULES,
        )


def _read_table(table: TableLike, rules: RuleSet) -> tuple[tuple[Meld, ...] | None, tuple[Piece, ...]]:
    """``(sets or None when only tiles were given, every table piece)``; pieces checked later."""
    if isinstance(table, PieceCount):
        return None, tuple(table)
    sets = cast(Table | str | Iterable[MeldLike], table)  # anything else is refused by Table.of
    if not isinstance(table, Table | str) and isinstance(table, Iterable):
        items = tuple(table)
        if items and PIECE_TYPES.issuperset(map(type, items)):
            return None, cast(tuple[Piece, ...], items)  # just the table's tiles (a Meld's, say)
        sets = cast(tuple[MeldLike, ...], items)  # the sets, read below (a generator is read once)
    melds = Table.of(sets, rules=rules).melds
    return melds, tuple(p for m in melds for p in m.pieces)


def _read_rack(rack: PiecesLike, rules: RuleSet) -> tuple[Piece, ...]:
    return _inputs.pieces(rack, rules=rules, what="the rack", check=False)  # checked with the table


def _check_pieces(table_pieces: tuple[Piece, ...], rack: tuple[Piece, ...], rules: RuleSet) -> None:
    _inputs.pieces(table_pieces, rules=rules, what="the table")
    _inputs.pieces(rack, rules=rules, what="the rack")
    try:
        rules.check_piece_counts((*table_pieces, *rack), what="the table and rack together")
    except RummyError:
        # Both parts pass whenever the whole does, so only now is it worth saying which one fails.
        rules.check_piece_counts(table_pieces, what="the table")
        rules.check_piece_counts(rack, what="the rack")
        raise


def _check_sets(melds: Sequence[Meld], rules: RuleSet) -> None:
    problems = _set_problems(tuple(melds), rules)
    if problems:
        raise InvalidMeldError(list(problems))


@functools.lru_cache(maxsize=256)
def _set_problems(melds: tuple[Meld, ...], rules: RuleSet) -> tuple[Violation, ...]:
    """What is wrong with a table's sets, remembered: a game loop asks about one table many times."""
    return tuple(v.at(i) for i, m in enumerate(melds) for v in meld_violations(m, rules=rules))


def clear_cache() -> None:
    """Forget the table sets judged so far (`rummylib.rummikub.clear_caches` calls this)."""
    _set_problems.cache_clear()


def _shape(rules: RuleSet) -> Shape:
    shape = rules.meld_shape
    gmax = len(rules.colors) if shape.group_max is None else min(shape.group_max, len(rules.colors))
    return Shape(shape.run_min, rules.max_run, shape.group_min, gmax)


# ------------------------------------------------------------------------------------------
# Weights and decoding
# ------------------------------------------------------------------------------------------


class _Weights:
    """Integer scores per rack tile and per rack joker for one objective."""

    def __init__(self, rules: RuleSet, objective: Objective | None) -> None:
        top, ncol = rules.max_number, len(rules.colors)
        most_value = rules.total_pieces * max(top, rules.joker_points) + 1
        per_tile = rules.total_pieces + 1
        if objective is None:  # feasibility only
            tile = [0] * (top + 1)
            joker = 0
        elif objective is Objective.VALUE:
            tile = [v * per_tile + 1 for v in range(top + 1)]
            joker = rules.joker_points * per_tile + 1
        elif objective is Objective.FEWEST_CHANGES:
            tile = [1] * (top + 1)
            joker = 1
        else:
            tile = [most_value + v for v in range(top + 1)]
            joker = most_value + rules.joker_points
        self.tile = tuple(tuple(tile) for _ in range(ncol))
        self.joker = joker
        # One "unit" of the main criterion: a tile for "tiles", a point for "value".
        self.step = most_value if objective is Objective.TILES else per_tile if objective is Objective.VALUE else 1

    @classmethod
    def counting(cls, rules: RuleSet, pieces: Sequence[Piece]) -> _Weights:
        """One point for each rack piece of the same kind as one of ``pieces``, none for the others."""
        index = {c: i for i, c in enumerate(rules.colors)}
        tile = [[0] * (rules.max_number + 1) for _ in rules.colors]
        joker = 0
        for p in pieces:
            if isinstance(p, Tile):
                tile[index[p.color]][p.number] = 1
            else:
                joker = 1
        out = cls(rules, None)
        out.tile = tuple(tuple(row) for row in tile)
        out.joker = joker
        out.step = 1
        return out


def _ranking(rules: RuleSet, objective: Objective) -> _Weights:
    """The weights of the full ranking: tiles then value, or value then tiles for ``value``."""
    return _Weights(rules, Objective.VALUE if objective is Objective.VALUE else Objective.TILES)


@functools.lru_cache(maxsize=64)
def _box(rules: RuleSet) -> tuple[tuple[Tile, ...], ...]:
    """``box[c][v]``: the tile of colour index c and number v (index 0 unused), made once."""
    return tuple((Tile(color, 1), *(Tile(color, v) for v in range(1, rules.max_number + 1))) for color in rules.colors)


def _plan_melds(plan: Plan, rules: RuleSet) -> list[Meld]:
    box = _box(rules)
    runs = sorted(plan.runs, key=lambda r: (r[0][0], r[0][1], len(r)))
    melds = [Meld(tuple(JOKER if j else box[c][v] for c, v, j in run)) for run in runs]
    for grp in sorted(plan.groups, key=lambda g: g[0][1]):
        naturals = sorted((i for i in grp if not i[2]), key=lambda i: i[0])
        jokers = [i for i in grp if i[2]]
        melds.append(Meld(tuple(JOKER if j else box[c][v] for c, v, j in (*naturals, *jokers))))
    return melds


def _plan_played(plan: Plan, rules: RuleSet) -> tuple[Piece, ...]:
    box = _box(rules)
    pieces: list[Piece] = [box[c][v] for c, v in plan.rack_naturals]
    pieces.extend([JOKER] * plan.rack_jokers)
    return tuple(sorted(pieces, key=piece_sort_key))


class _Searcher:
    """Runs searches for one call, sharing the budget."""

    def __init__(self, rules: RuleSet, budget: Budget | int | None) -> None:
        if isinstance(budget, bool) or not isinstance(budget, Budget | int | None):
            raise TypeError(f"budget must be a Budget, an int (nodes) or None, not {type(budget).__name__}")
        if isinstance(budget, int):
            budget = Budget(nodes=budget)
        self.rules = rules
        self.shape = _shape(rules)
        self.budget = budget or Budget()
        seconds = self.budget.seconds
        self.deadline = None if seconds is None else time.perf_counter() + seconds
        self.nodes = [0]
        self.keep_sets = True

    def run(
        self,
        table: Sequence[Piece],
        rack: Sequence[Piece],
        weights: _Weights,
        threshold: int | None = None,
        cap: int | None = None,
        bounded: bool = False,
        at_least: int | None = None,
        both_ways: bool = False,
    ) -> Plan | None:
        limit = None if self.budget.nodes is None else self.budget.nodes - self.nodes[0]
        if cap is not None:
            limit = cap if limit is None else min(cap, limit)
        return search(
            encode(table, rack, rules=self.rules),
            self.shape,
            weights=weights.tile,
            joker_weight=weights.joker,
            threshold=threshold,
            step=weights.step,
            node_limit=limit,
            deadline=self.deadline,
            spent=self.nodes,
            bounded=bounded,
            at_least=at_least,
            both_ways=both_ways,
        )


# ------------------------------------------------------------------------------------------
# Public functions
# ------------------------------------------------------------------------------------------


def arrange(tiles: TableLike, *, rules: RuleSet, budget: Budget | int | None = None) -> tuple[Meld, ...] | None:
    """Lay all the given tiles (and jokers) out as valid sets, or ``None`` when it cannot be done.

    ``tiles`` may be notation, melds (their grouping is ignored) or just pieces.

    Raises:
        NotationError: bad notation.
        InvalidPiecesError: more copies of a tile than the box holds.
        RuleSetError: a rule set the solver does not support, a card game first among them (code
            ``unsupported-rules``).
        SearchLimitReached: the budget ran out first.

    Examples:
        >>> from rummylib import RUMMIKUB, parse_pieces
        >>> [str(m) for m in arrange(parse_pieces("r3 r4 r5 b5 k5 r6 y5"), rules=RUMMIKUB)]
        ['R3 R4 R5 R6', 'K5 B5 Y5']
        >>> arrange("r1 r2", rules=RUMMIKUB) is None
        True
    """
    rules = _inputs.tile_rules(rules, what="the solver")
    _melds, pieces = _read_table(tiles, rules)
    _check_rules(rules, any(isinstance(p, Joker) for p in pieces))
    _check_pieces(pieces, (), rules)
    if not pieces:
        return ()
    plan = _Searcher(rules, budget).run(pieces, (), _Weights(rules, None))
    return None if plan is None else tuple(_plan_melds(plan, rules))


def playable_tiles(
    table: TableLike,
    rack: PiecesLike,
    *,
    rules: RuleSet,
    initial_meld_done: bool,
    budget: Budget | int | None = None,
) -> tuple[Piece, ...]:
    """The rack pieces that could each be played on their own right now (each distinct piece once).

    A piece counts when the table plus that one piece can be rearranged into valid sets. Before
    the initial meld no single piece can be played (the first play is whole sets from the rack),
    so the answer is empty.

    Raises:
        NotationError: bad notation.
        InvalidPiecesError: more copies of a tile than the box holds.
        InvalidMeldError: a table set is not valid.
        RuleSetError: a rule set the solver does not support (code ``unsupported-rules``).
        SearchLimitReached: the budget ran out first.

    Examples:
        >>> from rummylib import RUMMIKUB
        >>> tiles = playable_tiles("r1 r2 r3 | b7 k7 y7", "r4 r7 b9 *", rules=RUMMIKUB, initial_meld_done=True)
        >>> [str(p) for p in tiles]
        ['R4', 'R7', '*']
    """
    rules = _inputs.tile_rules(rules, what="the solver")
    melds, table_pieces = _read_table(table, rules)
    rack_pieces = _read_rack(rack, rules)
    _check_rules(rules, any(isinstance(p, Joker) for p in (*table_pieces, *rack_pieces)))
    _check_pieces(table_pieces, rack_pieces, rules)
    if melds is not None:
        _check_sets(melds, rules)
    if not _inputs.flag(initial_meld_done, what="initial_meld_done"):
        return ()
    searcher = _Searcher(rules, budget)
    out = []
    for piece in sorted(set(rack_pieces), key=piece_sort_key):
        if searcher.run((*table_pieces, piece), (), _Weights(rules, None)) is not None:
            out.append(piece)
    return tuple(out)


def can_play(
    table: TableLike,
    tiles: PiecesLike,
    *,
    rules: RuleSet,
    initial_meld_done: bool,
    budget: Budget | int | None = None,
) -> bool:
    """Whether these rack pieces, every one of them, can go down together as one play.

    After the initial meld, the table may be rearranged: the answer is True when the table's
    tiles and these pieces can all be laid out as valid sets. Before it, the table is not
    touched: the pieces must make valid sets on their own worth at least
    ``rules.initial_meld_points`` (jokers counting as what they stand for). No pieces is no play
    (False). The answer is exact, and the same as asking `solve` with exactly these pieces as
    the rack whether it places them all, only much faster: the search stops at the first layout
    it finds, and a few counts often settle the question before any search. `lay_down` gives
    the table of such a play.

    Raises:
        NotationError: bad notation.
        InvalidPiecesError: more copies of a tile than the box holds.
        InvalidMeldError: a set given on the table is not valid.
        SolverInputError: the table's tiles cannot be laid out as valid sets (code ``unsolvable-table``).
        RuleSetError: a rule set the solver does not support (code ``unsupported-rules``).
        SearchLimitReached: the budget ran out before the answer was known.

    Examples:
        >>> from rummylib import RUMMIKUB
        >>> can_play("r1 r2 r3 | b7 k7 y7", "r4 r7", rules=RUMMIKUB, initial_meld_done=True)
        True
        >>> can_play("r1 r2 r3 | b7 k7 y7", "r4 b9", rules=RUMMIKUB, initial_meld_done=True)
        False
        >>> can_play("", "r10 r11 r12", rules=RUMMIKUB, initial_meld_done=False)
        True
        >>> can_play("", "r1 r2 r3", rules=RUMMIKUB, initial_meld_done=False)  # 6 points: short of 30
        False
    """
    return _first_play(table, tiles, (), rules, initial_meld_done, budget) is not None


def lay_down(
    table: TableLike,
    tiles: PiecesLike,
    *,
    rules: RuleSet,
    initial_meld_done: bool,
    extra: PiecesLike = (),
    budget: Budget | int | None = None,
) -> tuple[Meld, ...] | None:
    """A play laying every one of ``tiles`` (and any of ``extra``): the whole table after it, or None.

    The question of `can_play`, with the layout: the first one the search finds, not the best
    (`solve` finds that). ``extra`` are more rack pieces the play may also use; before the
    initial meld, the pieces laid together must be worth ``rules.initial_meld_points``. The table
    after lists first the table sets the search could leave out of its layout (as given), then
    the sets it laid; before the initial meld the table is not touched and the new sets follow it.

    Raises:
        NotationError: bad notation.
        InvalidPiecesError: more copies of a tile than the box holds (``tiles`` and ``extra``
            counted with the table).
        InvalidMeldError: a set given on the table is not valid.
        SolverInputError: the table's tiles cannot be laid out as valid sets (code ``unsolvable-table``).
        RuleSetError: a rule set the solver does not support (code ``unsupported-rules``).
        SearchLimitReached: the budget ran out before the answer was known.

    Examples:
        >>> from rummylib import RUMMIKUB
        >>> after = lay_down("r1 r2 r3 | b7 k7 y7", "r4", extra="r7 b9", rules=RUMMIKUB, initial_meld_done=True)
        >>> [str(m) for m in after]
        ['B7 K7 Y7', 'R1 R2 R3 R4']
        >>> lay_down("r1 r2 r3", "b9", rules=RUMMIKUB, initial_meld_done=True) is None
        True
    """
    found = _first_play(table, tiles, extra, rules, initial_meld_done, budget)
    if found is None:
        return None
    plan, kept, searcher = found
    return (*kept, *_plan_melds(plan, searcher.rules))


def _first_play(
    table: TableLike,
    tiles: PiecesLike,
    extra: PiecesLike,
    rules: RuleSet,
    initial_meld_done: bool,
    budget: Budget | int | None,
) -> tuple[Plan, tuple[Meld, ...], _Searcher] | None:
    """The checks of `can_play` and `lay_down`, then the search: the plan, the sets it keeps."""
    rules = _inputs.tile_rules(rules, what="the solver")
    _inputs.flag(initial_meld_done, what="initial_meld_done")
    melds, table_pieces = _read_table(table, rules)
    pieces = _read_rack(tiles, rules)
    more = _read_rack(extra, rules)
    _check_rules(rules, any(isinstance(p, Joker) for p in (*table_pieces, *pieces, *more)))
    _check_pieces(table_pieces, (*pieces, *more), rules)
    if melds is not None:
        _check_sets(melds, rules)
    searcher = _Searcher(rules, budget)
    if not initial_meld_done:
        sets = _table_as_sets(melds, table_pieces, searcher)  # refuses a table that cannot be laid out
        if not pieces:
            return None
        found = _lay_down(searcher, None, (), pieces, more, rules.initial_meld_points or None)
        return None if found is None else (found[0], sets, searcher)
    if not pieces:
        return None
    locked: tuple[Meld, ...] = ()
    if rules.joker_retrieval is JokerRetrieval.REPLACE and any(isinstance(p, Joker) for p in table_pieces):
        # As in `solve`: under the box rule a set holding a joker stays as it is.
        sets = _table_as_sets(melds, table_pieces, searcher)
        locked = tuple(m for m in sets if any(isinstance(p, Joker) for p in m.pieces))
        melds = tuple(m for m in sets if not any(isinstance(p, Joker) for p in m.pieces))
        table_pieces = tuple(p for m in melds for p in m.pieces)
    found = _lay_down(searcher, melds, table_pieces, pieces, more)
    if found is not None:
        return found[0], (*locked, *found[1]), searcher
    if melds is None and table_pieces:
        _table_as_sets(None, table_pieces, searcher)  # refuses a table that cannot be laid out
    return None


def _lay_down(
    searcher: _Searcher,
    melds: tuple[Meld, ...] | None,
    table_pieces: Sequence[Piece],
    forced: Sequence[Piece],
    optional: Sequence[Piece],
    threshold: int | None = None,
) -> tuple[Plan, tuple[Meld, ...]] | None:
    """A layout of the table's tiles, every ``forced`` piece and any of ``optional``, or None.

    Returns the plan found and the table sets it leaves as they are (its melds are the rest).
    ``threshold``: the plan's sets must be worth that many points (an initial meld; then the
    table must be empty). A feasibility search, stopped at the first layout found; a few counts
    answer "no" first when some piece could never be in a set. With the table's sets known, the
    sets near the pieces are tried on their own first (the others kept): a layout found so is a
    layout of everything.
    """
    rules = searcher.rules
    enc = encode((*table_pieces, *forced), optional, rules=rules)
    if stranded(enc, searcher.shape):
        return None
    budgeted = searcher.budget.nodes is not None or searcher.budget.seconds is not None
    near: tuple[Meld, ...] = ()
    kept: tuple[Meld, ...] = ()
    if melds and len(melds) > 1:
        near, kept = near_sets(melds, forced)
    released = [p for m in near for p in m.pieces]
    # The short search for sets covering the pieces (and the table's tiles, all needed) first:
    # with no table it settles nearly every question; with one, it often settles it in a few
    # steps, and hands the others over soon (not under a budget: it counts no states). The sets
    # near the pieces alone first when there are others to keep. When it cannot say, the
    # dynamic programme takes the whole table at once: on the near sets first, it spent more
    # states than it saved. Under a budget, the dynamic programme tries the near sets first.
    cover_first = not budgeted or not table_pieces
    if cover_first:
        if kept:
            found = quick_cover(searcher.shape, encode((*released, *forced), optional, rules=rules), threshold, True)
            if isinstance(found, Plan):
                return found, kept
        found = quick_cover(searcher.shape, enc, threshold, bool(table_pieces))
        if found is not UNKNOWN:
            return (found, ()) if isinstance(found, Plan) else None
    if kept and not cover_first:
        plan = _counted(searcher, released, forced, optional, threshold)
        if plan is not None:
            return plan, kept
    plan = _counted(searcher, table_pieces, forced, optional, threshold)
    return None if plan is None else (plan, ())


def _counted(
    searcher: _Searcher,
    table: Sequence[Piece],
    forced: Sequence[Piece],
    optional: Sequence[Piece],
    threshold: int | None,
) -> Plan | None:
    """The search for a layout of the table, every forced piece and any optional ones.

    First a plain layout search of at most `_QUICK` states, which settles most easy questions
    (the bound's tables cost more to build than such a question takes). Then the forced pieces
    go in as rack pieces worth one point each, the play asked to score them
    all: the search's bound then counts the forced pieces each colour can still place, and
    prunes far more than a bare layout question would. Only a forced piece that has an optional
    twin (the same tile, or a joker with an optional joker) goes in as a table piece instead, so
    that no point is ever scored for an optional piece.
    """
    rules = searcher.rules
    try:  # first a plain layout search, a few hundred states at most: most easy questions end here
        return searcher.run((*table, *forced), optional, _Weights(rules, None), threshold, cap=_QUICK)
    except SearchLimitReached:
        pass
    twins = set(optional)
    hard = [p for p in forced if p in twins]
    soft = [p for p in forced if p not in twins]
    if not soft:
        return searcher.run((*table, *hard), optional, _Weights(rules, None), threshold, bounded=True, both_ways=True)
    weights = _Weights.counting(rules, soft)
    return searcher.run((*table, *hard), (*soft, *optional), weights, threshold, at_least=len(soft), both_ways=True)


_QUICK = 128
"""States a plain layout search may spend before the bounded one takes over."""


def solve(
    table: TableLike,
    rack: PiecesLike,
    *,
    rules: RuleSet,
    initial_meld_done: bool,
    objective: Objective | str = Objective.TILES,
    budget: Budget | int | None = None,
    keep_sets: bool = True,
) -> Solution:
    """The best play from ``rack`` onto ``table``, with the whole table after it.

    Before the initial meld the play is sets from the rack alone worth at least
    ``rules.initial_meld_points`` (jokers counting as what they stand for), with the table
    untouched, or nothing. After it, the whole table may be rearranged; every table tile stays on
    the table. The answer is exact: no legal play scores better under ``objective``.

    The count of changed table sets is proved the fewest when ``Solution.changes_proved`` is
    True. That proof has a small allowance of work (1,500 search states, or half what the
    search for the play spent when that is more; ten times that for ``objective="fewest_changes"``);
    when it runs out, the answer keeps the most sets found so far, still a best play, and says so.
    With ``keep_sets=False`` the tie-break is skipped (faster): the table is laid out as the search
    found it, with the sets it happens to leave whole listed first (``fewest_changes`` always looks
    for them).

    With a ``budget`` (a `Budget`, or an int counting search states), the whole call stays within
    it. When it runs out before the optimum is proved, the answer is the best legal play found by
    then, with ``Solution.proved`` False; only when no play at all has been found by then does
    the call raise `SearchLimitReached`.

    Raises:
        NotationError: bad notation.
        InvalidPiecesError: more copies of a tile than the box holds.
        InvalidMeldError: a set given on the table is not valid.
        SolverInputError: the table's tiles cannot be laid out as valid sets (code ``unsolvable-table``),
            or ``objective`` is not an `Objective` (code ``bad-objective``).
        RuleSetError: a rule set the solver does not support, a card game first among them (code
            ``unsupported-rules``).
        SearchLimitReached: the budget ran out before any legal play was found (when it runs out
            later, the answer is the best play found by then, with ``proved`` False).

    Examples:
        >>> from rummylib import RUMMIKUB
        >>> s = solve("r3 r4 r5 | k7 b7 y7", "r6 r7 r8 k9", rules=RUMMIKUB, initial_meld_done=True)
        >>> s.tiles_placed, s.changed_sets, [str(m) for m in s.table_after]
        (3, 0, ['R3 R4 R5', 'K7 B7 Y7', 'R6 R7 R8'])
        >>> s = solve("r3 r4 r5 | k7 b7 y7", "r6 r7 b8 *", rules=RUMMIKUB, initial_meld_done=True)
        >>> s.tiles_placed, s.changed_sets, [str(m) for m in s.table_after]
        (4, 2, ['B7 B8 *', 'R3 R4 R5 R6', 'K7 Y7 R7'])
        >>> solve("", "r10 r11 r12 k1", rules=RUMMIKUB, initial_meld_done=False).tiles_placed
        3
        >>> solve("", "r1 r2 r3 k1", rules=RUMMIKUB, initial_meld_done=False).tiles_placed
        0
    """
    rules = _inputs.tile_rules(rules, what="the solver")
    try:
        objective = Objective(objective)
    except ValueError:
        allowed = ", ".join(o.value for o in Objective)
        raise SolverInputError(
            f"unknown objective {objective!r}: expected one of {allowed}", code=ErrorCode.BAD_OBJECTIVE
        ) from None
    _inputs.flag(initial_meld_done, what="initial_meld_done")
    melds, table_pieces = _read_table(table, rules)
    rack_pieces = _read_rack(rack, rules)
    _check_rules(rules, any(isinstance(p, Joker) for p in (*table_pieces, *rack_pieces)))
    _check_pieces(table_pieces, rack_pieces, rules)
    if melds is not None:
        _check_sets(melds, rules)
    searcher = _Searcher(rules, budget)
    searcher.keep_sets = _inputs.flag(keep_sets, what="keep_sets")
    if not initial_meld_done:
        return _solve_initial(melds, table_pieces, rack_pieces, rules, objective, searcher)
    if rules.joker_retrieval is JokerRetrieval.REPLACE and any(isinstance(p, Joker) for p in table_pieces):
        # Under the box rule a set holding a joker stays together; the solver leaves such sets as
        # they are and plays with the rest of the table (see the how-to page for this limit).
        sets = _table_as_sets(melds, table_pieces, searcher)
        locked = tuple(m for m in sets if any(isinstance(p, Joker) for p in m.pieces))
        free = tuple(m for m in sets if m not in locked)
        free_pieces = tuple(p for m in free for p in m.pieces)
        sol = _solve_open(free, free_pieces, rack_pieces, rules, objective, searcher)
        after = sol.table_after if sol.tiles_placed else free
        return attrs.evolve(sol, table_after=(*locked, *after), nodes=searcher.nodes[0])
    return _solve_open(melds, table_pieces, rack_pieces, rules, objective, searcher)


def _table_as_sets(
    melds: tuple[Meld, ...] | None, table_pieces: Sequence[Piece], searcher: _Searcher
) -> tuple[Meld, ...]:
    if melds is not None:
        return melds
    if not table_pieces:
        return ()
    plan = searcher.run(table_pieces, (), _Weights(searcher.rules, None))
    if plan is None:
        raise SolverInputError("the table's tiles cannot be laid out as valid sets")
    return tuple(_plan_melds(plan, searcher.rules))


def _nothing(sets: tuple[Meld, ...], initial: bool, searcher: _Searcher) -> Solution:
    return Solution(0, 0, (), sets, 0, initial, searcher.nodes[0])


def _finish(plan: Plan, kept: tuple[Meld, ...], initial: bool, searcher: _Searcher) -> Solution:
    """The plan's play with every one of ``kept`` untouched, the plan's sets after them."""
    rules = searcher.rules
    everything = frozenset(range(len(kept)))
    melds, played = _plan_melds(plan, rules), _plan_played(plan, rules)
    return _lay_out(kept, everything, melds, played, True, searcher, initial, plan.proved)


def _solve_initial(
    melds: tuple[Meld, ...] | None,
    table_pieces: Sequence[Piece],
    rack: Sequence[Piece],
    rules: RuleSet,
    objective: Objective,
    searcher: _Searcher,
) -> Solution:
    sets = _table_as_sets(melds, table_pieces, searcher)
    threshold = rules.initial_meld_points or None
    plan = searcher.run((), rack, _ranking(rules, objective), threshold)
    if plan is None or not (plan.rack_naturals or plan.rack_jokers):
        return _nothing(sets, True, searcher)
    return _finish(plan, sets, True, searcher)


def _solve_open(
    melds: tuple[Meld, ...] | None,
    table_pieces: Sequence[Piece],
    rack: Sequence[Piece],
    rules: RuleSet,
    objective: Objective,
    searcher: _Searcher,
) -> Solution:
    final_weights = _ranking(rules, objective)
    target_weights = final_weights if objective is not Objective.FEWEST_CHANGES else _Weights(rules, objective)
    fallback = _rack_alone(melds, rack, target_weights, searcher)
    try:
        plan = searcher.run(table_pieces, rack, target_weights, both_ways=True)
    except SearchLimitReached:
        if fallback is None:
            raise
        plan = None
    beaten = plan is None or (not plan.proved and fallback is not None and fallback.score > plan.score)
    if melds is not None and fallback is not None and beaten:
        # The budget ran out before the search found a better play than the rack's own sets.
        sol = _finish(fallback, melds, False, searcher)
        return attrs.evolve(sol, proved=False, changes_proved=False)
    if plan is None:
        raise SolverInputError("the table's tiles cannot be laid out as valid sets")
    if not (plan.rack_naturals or plan.rack_jokers):
        return _nothing(_table_as_sets(melds, table_pieces, searcher), False, searcher)
    if not plan.proved:  # the budget ran out: the best play found, as the search laid it out
        return _as_found(melds or (), plan, searcher)
    if melds is None:
        if target_weights is not final_weights:
            best = _value_search(table_pieces, rack, final_weights, searcher)
            if best is None:
                return attrs.evolve(_finish(plan, (), False, searcher), proved=False)
            plan = best
        return _finish(plan, (), False, searcher)
    if not searcher.keep_sets and objective is not Objective.FEWEST_CHANGES:
        return _as_found(melds, plan, searcher)
    generous = objective is Objective.FEWEST_CHANGES  # asked for: worth a larger allowance
    keep, layout, played, proved = _most_kept(melds, rack, target_weights, plan, searcher, generous)
    optimal = True
    if target_weights is not final_weights:
        # The sets to keep are settled by the tile count; the value is then the best they allow.
        released = [p for i, m in enumerate(melds) if i not in keep for p in m.pieces]
        best = _value_search(released, rack, final_weights, searcher)
        if best is None:
            optimal = proved = False
        else:
            layout, played = _plan_melds(best, rules), _plan_played(best, rules)
    return _lay_out(melds, keep, layout, played, proved, searcher, optimal=optimal)


def _value_search(table: Sequence[Piece], rack: Sequence[Piece], weights: _Weights, searcher: _Searcher) -> Plan | None:
    """The best play by the full ranking, or None when the budget ran out before it was proved."""
    try:
        best = searcher.run(table, rack, weights, both_ways=True)
    except SearchLimitReached:
        return None
    return best if best is not None and best.proved else None


def _rack_alone(
    melds: tuple[Meld, ...] | None, rack: Sequence[Piece], weights: _Weights, searcher: _Searcher
) -> Plan | None:
    """Under a budget, the best sets of the rack alone, beside the table as it is.

    A legal play found cheaply first, to give if the budget runs out before the whole search
    has found a better one.
    """
    if melds is None or (searcher.budget.nodes is None and searcher.budget.seconds is None):
        return None
    try:
        plan = searcher.run((), rack, weights)
    except SearchLimitReached:
        return None
    return plan if plan is not None and (plan.rack_naturals or plan.rack_jokers) else None


class _Spent(Exception):
    """The fewest-changes tie-break ran out of its allowance."""


def _most_kept(
    melds: tuple[Meld, ...],
    rack: Sequence[Piece],
    weights: _Weights,
    first: Plan,
    searcher: _Searcher,
    generous: bool,
) -> tuple[frozenset[int], list[Meld], tuple[Piece, ...], bool]:
    """The most table sets that can stay untouched while a play still scores ``first.score``.

    Returns the sets kept, the new sets laid from the rest and the pieces played, and whether the
    count is proved the best (False when the allowance ran out first).

    Keeping more sets never helps a play, so the sets that can stay together form a family closed
    under subsets. First a quick greedy pass lays the play already found while releasing as few
    sets as it can (each test is a small layout question). Then the proof: a list of conflicts
    (groups of sets that no play as good can keep together) is grown; the complement of a
    smallest set meeting every conflict is the best candidate left. When some play as good fits
    that candidate, it is the answer; when none does, the candidate is shrunk to a smallest part
    that still fails (a new conflict) and the loop goes on.
    """
    rules = searcher.rules
    everything = frozenset(range(len(melds)))
    target = first.score
    played_first = _plan_played(first, rules)
    layouts: dict[frozenset[int], tuple[list[Meld], tuple[Piece, ...]]] = {
        frozenset(): (_plan_melds(first, rules), played_first)
    }
    failed: list[frozenset[int]] = []
    spent_before = searcher.nodes[0]
    scale = _GENEROUS if generous else 1
    allowance = scale * max(_KEEP_ALLOWANCE, spent_before * _KEEP_SHARE // 100)
    feasible = _Weights(rules, None)
    charged = [0]  # what the allowance pays besides search states: each search's set-up, the hitting sets

    def left() -> int:
        rest = allowance - (searcher.nodes[0] - spent_before) - charged[0]
        if rest <= 0:
            raise _Spent
        return rest

    def start_search() -> int:
        """The states the next search may spend, its set-up paid first."""
        left()
        if searcher.deadline is not None and time.perf_counter() > searcher.deadline:
            raise _Spent  # a search of fewer than 128 states would never look at the clock
        charged[0] += _SEARCH_CHARGE
        return left()

    def released(keep: frozenset[int]) -> list[Piece]:
        return [p for i, m in enumerate(melds) if i not in keep for p in m.pieces]

    def fits_first(keep: frozenset[int]) -> bool:
        """Whether the play already found can be laid with these sets kept: a small layout question."""
        if any(keep <= good for good in layouts):
            return True
        try:
            found = searcher.run(
                (*released(keep), *played_first), (), feasible, cap=start_search(), bounded=True, both_ways=True
            )
        except SearchLimitReached:
            raise _Spent from None
        if found is None:
            return False
        layouts[keep] = (_plan_melds(found, rules), played_first)
        return True

    def reaches(keep: frozenset[int]) -> bool:
        """Can any play as good as the best be made with these sets kept?"""
        if any(bad <= keep for bad in failed):
            return False
        if any(keep <= good for good in layouts):
            return True
        try:
            found = searcher.run(released(keep), rack, weights, cap=start_search(), at_least=target, both_ways=True)
        except SearchLimitReached:
            raise _Spent from None
        if found is None:
            failed.append(keep)
            return False
        layouts[keep] = (_plan_melds(found, rules), _plan_played(found, rules))
        return True

    def greedy() -> None:
        """Release sets nearest the play first until it fits, then try to keep each again."""
        if fits_first(everything):
            return
        order = sorted(everything, key=lambda i: (-_relevance(melds[i], played_first), i))
        low, high = 1, len(order)
        while low < high:  # more released sets never hurt, so a binary search finds the prefix
            mid = (low + high) // 2
            if fits_first(everything - frozenset(order[:mid])):
                high = mid
            else:
                low = mid + 1
        keep = everything - frozenset(order[:low])
        for i in reversed(order[: low - 1]):
            if fits_first(keep | {i}):
                keep = keep | {i}

    def smallest_failing(keep: frozenset[int]) -> frozenset[int]:
        """A part of ``keep`` (which fails) that fails while every smaller part of it works."""
        order = sorted(keep, key=lambda i: (-_relevance(melds[i], rack), i))

        def split(base: frozenset[int], added: bool, items: list[int]) -> list[int]:
            if added and not reaches(base):
                return []
            if len(items) == 1:
                return items
            half = len(items) // 2
            low, high = items[:half], items[half:]
            tail = split(base | frozenset(low), True, high)
            head = split(base | frozenset(tail), bool(tail), low)
            return head + tail

        return frozenset(split(frozenset(), False, order))

    conflicts: list[frozenset[int]] = []
    proved = False
    try:
        greedy()
        while True:
            steps = min(_HITTING_LIMIT, left() * _HITTING_STEPS_PER_STATE)
            release, used = _smallest_hitting_set(conflicts, steps)
            charged[0] += used // _HITTING_STEPS_PER_STATE
            if release is None:
                raise _Spent
            candidate = everything - release
            if reaches(candidate):
                proved = True
                break
            conflicts.append(smallest_failing(candidate))
    except _Spent:
        pass
    keep = max(layouts, key=lambda g: (len(g), sorted(g)))
    return keep, *layouts[keep], proved


_KEEP_ALLOWANCE = 1500
"""Search states the fewest-changes tie-break may always spend..."""
_KEEP_SHARE = 50
"""... or this share (in per cent) of what the search for the play itself spent, whichever is more."""
_SEARCH_CHARGE = 25
"""What each search of the tie-break costs its allowance, in states, for its set-up."""
_GENEROUS = 10
"""How many times larger the allowance is for ``objective="fewest_changes"``."""
_HITTING_LIMIT = 200_000
"""Steps the smallest-hitting-set search may ever take before the tie-break gives up..."""
_HITTING_STEPS_PER_STATE = 5
"""... and how many of its steps cost the allowance one state."""


def _smallest_hitting_set(conflicts: Sequence[frozenset[int]], limit: int) -> tuple[frozenset[int] | None, int]:
    """A smallest set meeting every conflict, and the steps taken.

    A deepening search; the set is None when it takes more than ``limit`` steps.
    """
    steps = [0]

    def hit(chosen: frozenset[int], room: int) -> frozenset[int] | None:
        steps[0] += 1
        if steps[0] > limit:
            return None
        missed = [c for c in conflicts if not c & chosen]
        if not missed:
            return chosen
        if room == 0:
            return None
        smallest = min(missed, key=len)
        for i in sorted(smallest):
            found = hit(chosen | {i}, room - 1)
            if found is not None:
                return found
        return None

    for size in range(len(conflicts) + 1):
        found = hit(frozenset(), size)
        if found is not None:
            return found, steps[0]
        if steps[0] > limit:
            return None, steps[0]
    return None, steps[0]  # pragma: no cover - one element of each conflict always hits them all


def _lay_out(
    melds: tuple[Meld, ...],
    keep: frozenset[int],
    layout: Sequence[Meld],
    played: tuple[Piece, ...],
    proved: bool,
    searcher: _Searcher,
    initial: bool = False,
    optimal: bool = True,
) -> Solution:
    """Kept sets as given first, then the new layout (a new set equal to a released one counts as kept)."""
    pool: dict[tuple[Piece, ...], list[int]] = {}
    for k, m in enumerate(layout):
        pool.setdefault(_contents(m), []).append(k)
    kept: list[Meld] = []
    taken: set[int] = set()
    for i, m in enumerate(melds):
        if i in keep:
            kept.append(m)
            continue
        same = pool.get(_contents(m))
        if same:
            kept.append(m)
            taken.add(same.pop())
    new = [m for k, m in enumerate(layout) if k not in taken]
    value = sum(searcher.rules.piece_points(p) for p in played)
    return Solution(
        len(played), value, played, (*kept, *new), len(melds) - len(kept), initial, searcher.nodes[0], proved, optimal
    )


def _as_found(melds: tuple[Meld, ...], plan: Plan, searcher: _Searcher) -> Solution:
    """The search's own layout, with the table sets it happens to leave whole listed first."""
    rules = searcher.rules
    layout, played = _plan_melds(plan, rules), _plan_played(plan, rules)
    return _lay_out(melds, frozenset(), layout, played, False, searcher, optimal=plan.proved)


def _contents(meld: Meld) -> tuple[Piece, ...]:
    """A meld's pieces in canonical order: equal for two melds of the same tiles."""
    return tuple(sorted(meld.pieces, key=piece_sort_key))


def _relevance(meld: Meld, rack: Sequence[Piece]) -> int:
    """How close a table set's tiles are to the rack's (0: far; jokers are close to anything)."""
    score = 0
    rack_tiles = [p for p in rack if isinstance(p, Tile)]
    for p in meld.pieces:
        if isinstance(p, Joker):
            score += 1
            continue
        assert isinstance(p, Tile)
        for q in rack_tiles:
            if q.number == p.number or (q.color is p.color and abs(q.number - p.number) <= 2):
                score += 1
    return score
