"""The fewest-changed-sets tie-break against brute force over which table sets stay untouched.

The default objective breaks ties by the fewest table sets changed, and
``fewest_changes`` puts that before the value. The oracle tries every choice of sets to keep,
largest first, and asks the brute-force solver whether the best play still fits.
"""

from __future__ import annotations

import importlib.util
from collections import Counter
from itertools import combinations
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rummylib import JOKER, Meld, Piece, RuleSet, Tile, piece_sort_key
from rummylib.rummikub import solve

# The brute-force references live next to this file (tests run with --import-mode=importlib).
_spec = importlib.util.spec_from_file_location("_changes_oracle_ref", Path(__file__).with_name("test_solver_oracle.py"))
assert _spec is not None and _spec.loader is not None
_oracle: Any = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_oracle)
SMALL: RuleSet = _oracle.SMALL
brute_best = _oracle.brute_best
_check_solution = _oracle._check_solution

BOX = [Tile(c, n) for c in SMALL.colors for n in range(1, 7) for _ in range(2)] + [JOKER, JOKER]


@st.composite
def crowded(draw: st.DrawFn) -> tuple[list[Meld], list[Piece]]:
    """Two to four small sets on the table and one to three rack tiles, from the small box."""
    pool = Counter(BOX)
    table: list[Meld] = []
    for _ in range(draw(st.integers(2, 4))):
        if draw(st.booleans()):
            color = draw(st.sampled_from(SMALL.colors))
            start = draw(st.integers(1, 4))
            pieces: list[Piece] = [Tile(color, n) for n in range(start, start + 3)]
        else:
            number = draw(st.integers(1, 6))
            pieces = [Tile(c, number) for c in SMALL.colors]
        if draw(st.integers(0, 5)) == 0 and pool[JOKER]:
            pieces[draw(st.integers(0, 2))] = JOKER
        need = Counter(pieces)
        if any(pool[p] < n for p, n in need.items()):
            continue
        pool -= need
        table.append(Meld(tuple(pieces)))
    rest = sorted(pool.elements(), key=piece_sort_key)
    # Mostly tiles next to a table tile, so that plays (and choices between them) are common.
    on_table = {p for m in table for p in m.pieces if isinstance(p, Tile)}
    near = [
        p
        for p in rest
        if not isinstance(p, Tile)
        or any(q.number == p.number or (q.color is p.color and abs(q.number - p.number) == 1) for q in on_table)
    ]
    pick = near if near and draw(st.integers(0, 4)) else rest
    idx = draw(st.lists(st.integers(0, len(pick) - 1), min_size=1, max_size=3, unique=True))
    return table, [pick[i] for i in idx]


def fewest_changed(table: list[Meld], rack: list[Piece], objective: str) -> int:
    """Brute force: the fewest table sets a best play must change."""
    tiles = [p for m in table for p in m.pieces]
    best = brute_best(tiles, rack, SMALL, initial=False)
    for size in range(len(table), -1, -1):
        for keep in combinations(range(len(table)), size):
            released = [p for i, m in enumerate(table) if i not in keep for p in m.pieces]
            got = brute_best(released, rack, SMALL, initial=False)
            if got == best or (objective == "fewest_changes" and got[0] == best[0]):
                return len(table) - size
    raise AssertionError("releasing every set always works")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(crowded(), st.sampled_from(["tiles", "fewest_changes"]))
def test_fewest_changed_sets_is_exact(pos: tuple[list[Meld], list[Piece]], objective: str) -> None:
    table, rack = pos
    sol = solve(table, rack, rules=SMALL, initial_meld_done=True, objective=objective)
    _check_solution(sol, table, rack, SMALL)
    assert sol.changes_proved
    if sol.tiles_placed:
        assert sol.changed_sets == fewest_changed(table, rack, objective)
    else:
        assert sol.changed_sets == 0
    kept = [str(m) for m in sol.table_after[: len(table) - sol.changed_sets]]
    assert Counter(kept) <= Counter(str(m) for m in table)


def test_a_play_that_fits_two_ways_keeps_the_sets_it_can() -> None:
    """Two equally good plays: one breaks a set, the other extends one; the hint takes the second."""
    table = [Meld.parse("r1 r2 r3", rules=SMALL), Meld.parse("k4 b4 r4", rules=SMALL)]
    sol = solve(table, "r4", rules=SMALL, initial_meld_done=True)
    assert sol.tiles_placed == 1 and sol.changed_sets == 1 and sol.changes_proved
    assert [str(m) for m in sol.table_after][0] == "K4 B4 R4"


def test_breaking_one_set_beats_growing_two() -> None:
    """y5 and y6 could each join a group (two sets changed), or make a run with the y4 taken from
    the group of four (one set changed): the tie-break must find the second."""
    from rummylib import RUMMIKUB

    for objective in ("tiles", "fewest_changes"):
        sol = solve(
            "k5 b5 r5 | k6 b6 r6 | k4 b4 r4 y4", "y5 y6", rules=RUMMIKUB, initial_meld_done=True, objective=objective
        )
        assert (sol.tiles_placed, sol.changed_sets, sol.changes_proved) == (2, 1, True)
        assert sorted(str(m) for m in sol.table_after) == ["K4 B4 R4", "K5 B5 R5", "K6 B6 R6", "Y4 Y5 Y6"]


def test_an_exhausted_allowance_still_gives_a_best_play(monkeypatch: Any) -> None:
    """With no allowance for the tie-break, the answer is still a best play, marked not proved."""
    from rummylib import RUMMIKUB, parse_pieces
    from rummylib.rummikub.solver import _api

    monkeypatch.setattr(_api, "_KEEP_ALLOWANCE", 0)
    monkeypatch.setattr(_api, "_KEEP_SHARE", 0)
    table = "k5 b5 r5 | k6 b6 r6 | k4 b4 r4 y4"
    sol = solve(table, "y5 y6", rules=RUMMIKUB, initial_meld_done=True)
    assert sol.tiles_placed == 2 and not sol.changes_proved
    melds = [Meld.parse(m, rules=RUMMIKUB) for m in table.split("|")]
    _oracle._check_solution(sol, melds, list(parse_pieces("y5 y6", rules=RUMMIKUB)), RUMMIKUB)
