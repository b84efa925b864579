"""Brute-force references for the solver tests: slow, obviously right, small inputs only."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from functools import cache
from itertools import combinations
from typing import Any

from rummylib import Meld, Piece, RuleSet, is_valid_meld, meld_readings, piece_sort_key


def _canon(pieces: Sequence[Piece]) -> tuple[Piece, ...]:
    return tuple(sorted(pieces, key=piece_sort_key))


def sub_multisets(pieces: Sequence[Piece]) -> Iterator[tuple[Piece, ...]]:
    """Every distinct sub-multiset, each once."""
    seen: set[tuple[Piece, ...]] = set()
    items = _canon(pieces)
    for n in range(len(items) + 1):
        for combo in combinations(items, n):
            if combo not in seen:
                seen.add(combo)
                yield combo


def partitions(pieces: Sequence[Piece], rules: RuleSet) -> Iterator[list[tuple[Piece, ...]]]:
    """Every way to split the pieces into valid melds (each meld as a canonical tuple)."""
    items = _canon(pieces)

    @cache
    def go(rest: tuple[Piece, ...]) -> tuple[tuple[tuple[Piece, ...], ...], ...]:
        if not rest:
            return ((),)
        first, others = rest[0], rest[1:]
        out = []
        seen: set[tuple[Piece, ...]] = set()
        for n in range(min(rules.group_min, rules.min_run) - 1, len(others) + 1):
            for combo in combinations(range(len(others)), n):
                chosen = (first, *(others[i] for i in combo))
                if chosen in seen:
                    continue
                seen.add(chosen)
                if not is_valid_meld(Meld(chosen), rules=rules):
                    continue
                left = list(others)
                for i in sorted(combo, reverse=True):
                    del left[i]
                for tail in go(tuple(left)):
                    out.append((chosen, *tail))
        return tuple(out)

    for p in go(items):
        yield list(p)


def arrangeable(pieces: Sequence[Piece], rules: RuleSet) -> bool:
    return next(partitions(pieces, rules), None) is not None


def best_meld_value(pieces: Sequence[Piece], rules: RuleSet) -> int:
    """The most points a split of the pieces into valid melds is worth (-1 if none)."""
    best = -1
    for split in partitions(pieces, rules):
        total = sum(max(r.value or 0 for r in meld_readings(Meld(m), rules=rules)) for m in split)
        best = max(best, total)
    return best


def brute_best(
    table: Sequence[Piece], rack: Sequence[Piece], rules: RuleSet, *, initial: bool, objective: str = "tiles"
) -> tuple[int, int]:
    """``(tiles placed, value placed)`` of the best play, by trying every subset of the rack."""
    best = (0, 0)
    for played in sub_multisets(rack):
        if not played:
            continue
        if initial:
            ok = best_meld_value(played, rules) >= rules.initial_meld_points
        else:
            ok = arrangeable((*table, *played), rules)
        if not ok:
            continue
        score = (len(played), sum(rules.piece_points(p) for p in played))
        key = score if objective != "value" else (score[1], score[0])
        best_key = best if objective != "value" else (best[1], best[0])
        if key > best_key:
            best = score
    return best


# ------------------------------------------------------------------------------------------
# Property tests against the oracle
# ------------------------------------------------------------------------------------------

import attrs  # noqa: E402
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from rummylib import JOKER, RUMMIKUB, Color, SearchLimitReached, Tile  # noqa: E402
from rummylib.rummikub import (  # noqa: E402
    Budget,
    Solution,
    arrange,
    playable_tiles,
    solve,
    validate_turn,
)

# A small box (3 colours, numbers 1-6, two copies, two jokers) so that random positions interact
# and brute force stays quick; the initial meld threshold is lowered to fit the small numbers.
SMALL = attrs.evolve(
    RUMMIKUB, colors=(Color.BLACK, Color.BLUE, Color.RED), group_max=3, max_number=6, initial_meld_points=12
)
BOX = [Tile(c, n) for c in SMALL.colors for n in range(1, 7) for _ in range(2)] + [JOKER, JOKER]


@st.composite
def positions(draw: st.DrawFn, max_table: int = 7, max_rack: int = 4) -> tuple[list[Meld], list[Piece]]:
    """A small table of valid melds and a rack, never more copies than the box holds."""
    pool = Counter(BOX)
    table: list[Meld] = []
    for _ in range(draw(st.integers(0, 2))):
        kind = draw(st.sampled_from(["run", "group"]))
        if kind == "run":
            color = draw(st.sampled_from(SMALL.colors))
            length = draw(st.integers(3, 4))
            start = draw(st.integers(1, 7 - length))
            pieces: list[Piece] = [Tile(color, n) for n in range(start, start + length)]
        else:
            number = draw(st.integers(1, 6))
            pieces = [Tile(c, number) for c in SMALL.colors]
        if draw(st.booleans()) and pool[JOKER]:
            pieces[draw(st.integers(0, len(pieces) - 1))] = JOKER
        need = Counter(pieces)
        if sum(len(m) for m in table) + len(pieces) > max_table or any(pool[p] < n for p, n in need.items()):
            continue
        pool -= need
        table.append(Meld(tuple(pieces)))
    rest = sorted(pool.elements(), key=piece_sort_key)
    idx = draw(st.lists(st.integers(0, len(rest) - 1), max_size=max_rack, unique=True))
    return table, [rest[i] for i in idx]


def _check_solution(
    sol: Solution, table: list[Meld], rack: list[Piece], rules: RuleSet, *, opened: bool = True
) -> None:
    """Every answer passes the turn validator (docs/rules/rummikub.md, end of turn), and the counts agree."""
    if sol.tiles_placed:
        report = validate_turn(table, rack, list(sol.table_after), rules=rules, initial_meld_done=opened)
        assert report.valid, str(report)
        assert Counter(report.played) == Counter(sol.played)
    for m in sol.table_after:
        assert is_valid_meld(m, rules=rules), str(m)
    before = Counter(p for m in table for p in m.pieces)
    after = Counter(p for m in sol.table_after for p in m.pieces)
    assert after - before == Counter(sol.played)
    assert before - after == Counter()
    assert not Counter(sol.played) - Counter(rack)
    assert sol.tiles_placed == len(sol.played)
    assert sol.value_placed == sum(rules.piece_points(p) for p in sol.played)


@settings(max_examples=40)
@given(positions())
def test_matches_brute_force_after_initial_meld(pos: tuple[list[Meld], list[Piece]]) -> None:
    table, rack = pos
    sol = solve(table, rack, rules=SMALL, initial_meld_done=True)
    _check_solution(sol, table, rack, SMALL)
    tiles = [p for m in table for p in m.pieces]
    assert (sol.tiles_placed, sol.value_placed) == brute_best(tiles, rack, SMALL, initial=False)


@settings(max_examples=30)
@given(positions(), st.integers(min_value=1, max_value=400))
def test_budgeted_answers_are_legal_and_a_generous_budget_proves_the_optimum(
    pos: tuple[list[Meld], list[Piece]], nodes: int
) -> None:
    """Under a budget the search climbs from play to better play; given room it proves the optimum."""
    table, rack = pos
    tiles = [p for m in table for p in m.pieces]
    optimum = brute_best(tiles, rack, SMALL, initial=False)
    roomy = solve(table, rack, rules=SMALL, initial_meld_done=True, budget=Budget(nodes=10_000_000))
    _check_solution(roomy, table, rack, SMALL)
    assert roomy.proved
    assert (roomy.tiles_placed, roomy.value_placed) == optimum
    try:
        tight = solve(table, rack, rules=SMALL, initial_meld_done=True, budget=Budget(nodes=nodes))
    except SearchLimitReached:
        return
    _check_solution(tight, table, rack, SMALL)
    assert (tight.tiles_placed, tight.value_placed) <= optimum
    if tight.proved:
        assert (tight.tiles_placed, tight.value_placed) == optimum


@settings(max_examples=25)
@given(positions())
def test_value_objective_matches_brute_force(pos: tuple[list[Meld], list[Piece]]) -> None:
    table, rack = pos
    sol = solve(table, rack, rules=SMALL, initial_meld_done=True, objective="value")
    _check_solution(sol, table, rack, SMALL)
    tiles = [p for m in table for p in m.pieces]
    assert (sol.tiles_placed, sol.value_placed) == brute_best(tiles, rack, SMALL, initial=False, objective="value")


@settings(max_examples=30)
@given(positions(max_table=0, max_rack=7))
def test_initial_meld_matches_brute_force(pos: tuple[list[Meld], list[Piece]]) -> None:
    """docs/rules/rummikub.md initial meld: sets from the rack alone worth at least the threshold, or nothing."""
    _table, rack = pos
    sol = solve([], rack, rules=SMALL, initial_meld_done=False)
    _check_solution(sol, [], rack, SMALL, opened=False)
    assert sol.tiles_placed == brute_best([], rack, SMALL, initial=True)[0]
    if sol.tiles_placed:
        assert best_meld_value(sol.played, SMALL) >= SMALL.initial_meld_points
        values = sum(max(r.value or 0 for r in meld_readings(m, rules=SMALL)) for m in sol.table_after)
        assert values >= SMALL.initial_meld_points


@settings(max_examples=30)
@given(positions(), st.sampled_from(BOX))
def test_adding_a_tile_never_lowers_the_optimum(pos: tuple[list[Meld], list[Piece]], extra: Piece) -> None:
    table, rack = pos
    everything = Counter(p for m in table for p in m.pieces) + Counter(rack) + Counter([extra])
    if any(n > 2 for n in everything.values()):
        return
    before = solve(table, rack, rules=SMALL, initial_meld_done=True)
    after = solve(table, [*rack, extra], rules=SMALL, initial_meld_done=True)
    assert after.tiles_placed >= before.tiles_placed


@settings(max_examples=30)
@given(positions(max_table=0, max_rack=8))
def test_arrange_matches_brute_force(pos: tuple[list[Meld], list[Piece]]) -> None:
    _table, pieces = pos
    found = arrange(pieces, rules=SMALL)
    assert (found is not None) == arrangeable(pieces, SMALL)
    if found is not None:
        assert Counter(p for m in found for p in m.pieces) == Counter(pieces)
        assert all(is_valid_meld(m, rules=SMALL) for m in found)


@settings(max_examples=20)
@given(positions())
def test_playable_tiles_match_brute_force(pos: tuple[list[Meld], list[Piece]]) -> None:
    table, rack = pos
    tiles = [p for m in table for p in m.pieces]
    got = playable_tiles(table, rack, rules=SMALL, initial_meld_done=True)
    expected = tuple(p for p in sorted(set(rack), key=piece_sort_key) if arrangeable((*tiles, p), SMALL))
    assert got == expected
    assert playable_tiles(table, rack, rules=SMALL, initial_meld_done=False) == ()


VARIANTS = [
    attrs.evolve(SMALL, box_jokers=3),  # runs of jokers alone become possible (and must be refused)
    attrs.evolve(SMALL, min_run=4, max_number=7, box_jokers=3),
    attrs.evolve(SMALL, max_run=4, max_number=7),
    attrs.evolve(SMALL, max_run=3, group_min=2),
    attrs.evolve(SMALL, copies=1, group_min=2),
]


@settings(max_examples=40)
@given(st.sampled_from(VARIANTS), st.randoms(use_true_random=False), st.booleans())
def test_other_rule_sets_match_brute_force(rules: RuleSet, rnd: Any, opened: bool) -> None:
    """Rule sets beyond the box: other run and group lengths, copies and jokers."""
    box: list[Piece] = [Tile(c, n) for c in rules.colors for n in range(1, rules.max_number + 1)]
    box = box * rules.copies + [JOKER] * rules.box_jokers
    rnd.shuffle(box)
    k = rnd.randint(0, 6)
    table, rack = box[:k], box[k : k + rnd.randint(0, 5)]
    if not arrangeable(table, rules):
        table = []
    sol = solve(table, rack, rules=rules, initial_meld_done=opened)
    assert all(is_valid_meld(m, rules=rules) for m in sol.table_after)
    assert Counter(p for m in sol.table_after for p in m.pieces) == Counter(table) + Counter(sol.played)
    assert (sol.tiles_placed, sol.value_placed) == brute_best(table, rack, rules, initial=not opened)
