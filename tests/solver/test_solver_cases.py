"""Worked cases for the Rummikub solver, each citing the rule of docs/rules/rummikub.md it exercises."""

from __future__ import annotations

from collections import Counter

import attrs
import pytest

from rummylib import (
    GIN_RUMMY,
    JOKER,
    RUMMIKUB,
    Color,
    InvalidMeldError,
    InvalidPiecesError,
    Meld,
    PieceCount,
    RuleSet,
    RuleSetError,
    RummyError,
    SearchLimitReached,
    SolverError,
    SolverInputError,
    Tile,
    is_valid_meld,
    parse_pieces,
)
from rummylib.rummikub import Budget, Objective, Solution, arrange, playable_tiles, solve, validate_turn


def _melds(sol: Solution) -> list[str]:
    return [str(m) for m in sol.table_after]


def _assert_legal(table: str, rack: str, sol: Solution, rules: RuleSet = RUMMIKUB, *, opened: bool = True) -> None:
    """The solver's answer passes the turn validator (docs/rules/rummikub.md, the four end-of-turn conditions)."""
    if sol.tiles_placed == 0:
        return
    report = validate_turn(table, rack, list(sol.table_after), rules=rules, initial_meld_done=opened)
    assert report.valid, (str(report), _melds(sol))
    assert Counter(report.played) == Counter(sol.played)


# --- jokers in runs, at every position (docs/rules/rummikub.md "Jokers") ---------------------------------


@pytest.mark.parametrize("length", [3, 4, 5, 6])
def test_joker_at_every_position_of_a_run(length: int) -> None:
    """A joker may stand anywhere in a run of any length: the whole rack goes down as one run."""
    for at in range(length):
        numbers = range(4, 4 + length)
        rack = [JOKER if i == at else Tile(Color.RED, n) for i, n in enumerate(numbers)]
        text = " ".join(str(p) for p in rack)
        sol = solve("", rack, rules=RUMMIKUB, initial_meld_done=True)
        assert sol.tiles_placed == length, text
        _assert_legal("", text, sol)


def test_joker_extends_a_run_past_its_end_and_before_its_start() -> None:
    sol = solve("r11 r12 r13", "*", rules=RUMMIKUB, initial_meld_done=True)
    assert sol.tiles_placed == 1
    assert _melds(sol) == ["* R11 R12 R13"]  # nothing follows 13: the joker is the 10
    sol = solve("r1 r2 r3", "*", rules=RUMMIKUB, initial_meld_done=True)
    assert _melds(sol) == ["R1 R2 R3 *"]


def test_both_jokers_in_one_set() -> None:
    """``r5 * *`` is valid: both jokers may sit in one set."""
    sol = solve("", "r5 * *", rules=RUMMIKUB, initial_meld_done=True)
    assert sol.tiles_placed == 3
    _assert_legal("", "r5 * *", sol)


def test_joker_completes_a_group_of_three_and_of_four() -> None:
    sol = solve("", "r7 b7 *", rules=RUMMIKUB, initial_meld_done=True)
    assert sol.tiles_placed == 3
    sol = solve("k7 b7 y7", "*", rules=RUMMIKUB, initial_meld_done=True)
    assert sol.tiles_placed == 1 and sol.table_after[0].pieces.count(JOKER) == 1
    _assert_legal("k7 b7 y7", "*", sol)


def test_joker_on_the_table_can_be_moved_but_stays_on_the_table() -> None:
    """Manipulation: a table joker may leave its set but must be placed again (condition 2)."""
    table = "r4 * r6 | k9 b9 y9"
    sol = solve(table, "r5 r9", rules=RUMMIKUB, initial_meld_done=True)
    assert sol.tiles_placed == 2
    assert sum(m.pieces.count(JOKER) for m in sol.table_after) == 1
    _assert_legal(table, "r5 r9", sol)


def test_table_joker_frees_and_lets_more_tiles_go_down() -> None:
    table = "b3 b4 *"
    sol = solve(table, "b5 k8 k9", rules=RUMMIKUB, initial_meld_done=True)
    assert sol.tiles_placed == 3  # B3 B4 B5 and K8 K9 with the freed joker
    _assert_legal(table, "b5 k8 k9", sol)


# --- the whole table may be rearranged (docs/rules/rummikub.md "A turn after the initial meld") -------------


def test_split_a_run_and_add_a_tile() -> None:
    table = "r3 r4 r5 r6 r7 r8"
    sol = solve(table, "r5 b1", rules=RUMMIKUB, initial_meld_done=True)
    assert sol.tiles_placed == 1
    assert sorted(len(m) for m in sol.table_after) == [3, 4]
    _assert_legal(table, "r5 b1", sol)


def test_take_the_fourth_tile_of_a_group_for_a_new_set() -> None:
    table = "k7 b7 y7 r7"
    sol = solve(table, "r8 r9", rules=RUMMIKUB, initial_meld_done=True)
    assert sol.tiles_placed == 2
    assert sol.changed_sets == 1
    _assert_legal(table, "r8 r9", sol)


def test_three_sets_rearranged_at_once() -> None:
    table = "r1 r2 r3 | b1 b2 b3 | k1 k2 k3"
    sol = solve(table, "y1 y2 y3 r4", rules=RUMMIKUB, initial_meld_done=True)
    assert sol.tiles_placed == 4
    _assert_legal(table, "y1 y2 y3 r4", sol)


def test_nothing_playable_leaves_the_table_unchanged() -> None:
    table = "r1 r2 r3"
    sol = solve(table, "b9 k12", rules=RUMMIKUB, initial_meld_done=True)
    assert sol.is_pass and sol.played == () and _melds(sol) == ["R1 R2 R3"] and sol.changed_sets == 0


# --- objectives -------------------------------------------------------------------


def test_default_objective_breaks_ties_by_value() -> None:
    """Most tiles first; among plays of equal size, the highest value."""
    sol = solve("", "r1 r2 r3 b11 b12 b13", rules=RUMMIKUB, initial_meld_done=True)
    assert sol.tiles_placed == 6
    sol = solve("r4 b4 k4", "r1 r2 r3 b11 b12 b13 y4", rules=RUMMIKUB, initial_meld_done=True)
    assert sol.tiles_placed == 7


def test_value_objective_prefers_points_to_tiles() -> None:
    """``value``: the most points shed, a joker counting ``rules.joker_points`` (30)."""
    rack = "k1 b1 y1 r1 r12 r13 *"
    tiles = solve("", rack, rules=RUMMIKUB, initial_meld_done=True)
    value = solve("", rack, rules=RUMMIKUB, initial_meld_done=True, objective="value")
    assert tiles.tiles_placed == 7
    assert value.value_placed == 1 + 1 + 1 + 1 + 12 + 13 + 30
    lighter = RUMMIKUB.with_options({"joker_points": 0})
    assert solve("", "r5 r6 *", rules=lighter, initial_meld_done=True, objective="value").value_placed == 11


def test_value_objective_can_place_fewer_tiles() -> None:
    rack = "r1 r2 r3 k1 b1 y13 b13 k13"
    # a group of 1s with r1 (3 tiles + r2 r3 cannot then make a run) or the 13s plus the 1-2-3 run
    sol = solve("", rack, rules=RUMMIKUB, initial_meld_done=True, objective=Objective.VALUE)
    assert sol.value_placed == 6 + 39


def test_fewest_changes_keeps_table_sets() -> None:
    table = "r1 r2 r3 | b5 b6 b7 | k9 b9 y9"
    sol = solve(table, "r4 y5 y6 y7", rules=RUMMIKUB, initial_meld_done=True, objective="fewest_changes")
    assert sol.tiles_placed == 4
    assert sol.changed_sets == 1
    assert "B5 B6 B7" in _melds(sol) and "K9 B9 Y9" in _melds(sol)
    _assert_legal(table, "r4 y5 y6 y7", sol)


def test_default_objective_also_keeps_untouched_sets_first() -> None:
    table = "k9 b9 y9 | r1 r2 r3"
    sol = solve(table, "r4", rules=RUMMIKUB, initial_meld_done=True)
    assert _melds(sol) == ["K9 B9 Y9", "R1 R2 R3 R4"]
    assert sol.changed_sets == 1


def test_unknown_objective_is_an_error() -> None:
    with pytest.raises(SolverInputError) as exc:
        solve("", "r1", rules=RUMMIKUB, initial_meld_done=True, objective="most-fun")
    assert exc.value.code == "bad-objective"
    # bad input: a ValueError and a RummyError, not a SolverError (kept for a search's own failure)
    assert isinstance(exc.value, ValueError) and isinstance(exc.value, RummyError)
    assert not isinstance(exc.value, SolverError)


# --- initial meld (docs/rules/rummikub.md "The initial meld") ---------------------------------------------------


def test_initial_meld_must_reach_the_threshold() -> None:
    assert solve("", "r1 r2 r3 k4 b4 y4", rules=RUMMIKUB, initial_meld_done=False).tiles_placed == 0
    sol = solve("", "r9 r10 r11 k1", rules=RUMMIKUB, initial_meld_done=False)
    assert sol.tiles_placed == 3 and sol.initial_meld
    _assert_legal("", "r9 r10 r11 k1", sol, opened=False)


def test_initial_meld_exactly_thirty_counts() -> None:
    sol = solve("", "k10 b10 y10", rules=RUMMIKUB, initial_meld_done=False)
    assert sol.tiles_placed == 3


def test_initial_meld_sums_several_sets() -> None:
    sol = solve("", "r1 r2 r3 k8 b8 y8 y2", rules=RUMMIKUB, initial_meld_done=False)
    assert sol.tiles_placed == 6


def test_initial_meld_counts_the_joker_as_the_tile_it_stands_for() -> None:
    """``r13 * *`` is a group of 13s worth 39 (rule 2 of the joker reading)."""
    sol = solve("", "r13 * *", rules=RUMMIKUB, initial_meld_done=False)
    assert sol.tiles_placed == 3
    _assert_legal("", "r13 * *", sol, opened=False)
    sol = solve("", "r9 r10 *", rules=RUMMIKUB, initial_meld_done=False)
    assert sol.tiles_placed == 3  # 9 + 10 + 11 = 30
    assert solve("", "r8 r9 *", rules=RUMMIKUB, initial_meld_done=False).tiles_placed == 0  # 27 at most


def test_initial_meld_never_touches_the_table() -> None:
    table = "r1 r2 r3 | k5 b5 y5"
    sol = solve(table, "r4 r10 r11 r12 r5", rules=RUMMIKUB, initial_meld_done=False)
    assert sol.tiles_placed == 3
    assert _melds(sol) == ["R1 R2 R3", "K5 B5 Y5", "R10 R11 R12"]
    _assert_legal(table, "r4 r10 r11 r12 r5", sol, opened=False)


def test_initial_meld_threshold_is_an_option() -> None:
    low = RUMMIKUB.with_options({"initial_meld_points": 6})
    assert solve("", "r1 r2 r3", rules=low, initial_meld_done=False).tiles_placed == 3
    zero = RUMMIKUB.with_options({"initial_meld_points": 0})
    assert solve("", "r1 r2 r3 b7", rules=zero, initial_meld_done=False).tiles_placed == 3


# --- table given as tiles, arrange, playable tiles ---------------------------------


def test_table_as_tiles_only() -> None:
    tiles = parse_pieces("r1 r2 r3 b5 k5 y5")
    sol = solve(tiles, "r4", rules=RUMMIKUB, initial_meld_done=True)
    assert sol.tiles_placed == 1 and sol.changed_sets == 0
    assert all(is_valid_meld(m, rules=RUMMIKUB) for m in sol.table_after)
    same = solve(PieceCount.of(tiles), "r4", rules=RUMMIKUB, initial_meld_done=True)
    assert same.tiles_placed == 1
    with pytest.raises(SolverInputError) as exc:
        solve(parse_pieces("r1 r2"), "r9", rules=RUMMIKUB, initial_meld_done=True)
    assert exc.value.code == "unsolvable-table"


def test_arrange() -> None:
    found = arrange("r1 r2 r3 r4 b4 k4 *", rules=RUMMIKUB)
    assert found is not None
    assert Counter(p for m in found for p in m.pieces) == Counter(parse_pieces("r1 r2 r3 r4 b4 k4 *"))
    assert arrange("r1 r2 r4", rules=RUMMIKUB) is None
    assert arrange("", rules=RUMMIKUB) == ()
    assert arrange("* * r1", rules=RUMMIKUB) is not None
    assert arrange("* *", rules=RUMMIKUB) is None  # a meld needs a natural tile


def test_playable_tiles() -> None:
    table = "r1 r2 r3 | k7 b7 y7"
    got = playable_tiles(table, "r4 r4 r7 b9 k1", rules=RUMMIKUB, initial_meld_done=True)
    assert [str(p) for p in got] == ["R4", "R7"]
    assert playable_tiles(table, "r4", rules=RUMMIKUB, initial_meld_done=False) == ()


# --- rule sets beyond the box -----------------------------------------------------


def test_six_colours_numbers_to_twenty_three_copies_four_jokers() -> None:
    big = attrs.evolve(
        RUMMIKUB,
        colors=(Color.BLACK, Color.BLUE, Color.YELLOW, Color.RED, Color.GREEN, Color.PURPLE),
        max_number=20,
        copies=3,
        box_jokers=4,
        group_max=6,
    )
    rack = "g18 g19 g20 p20 k20 b20 * r15 r15 r15"
    sol = solve("g17 g16 g15", rack, rules=big, initial_meld_done=True)
    assert sol.tiles_placed >= 8
    _assert_legal("g17 g16 g15", rack, sol, rules=big)
    sol = solve("", "k20 b20 y20 r20 g20 p20", rules=big, initial_meld_done=True)
    assert sol.tiles_placed == 6 and len(sol.table_after) == 1


def test_longer_minimum_run_and_larger_groups() -> None:
    strict = attrs.evolve(RUMMIKUB, min_run=4, group_min=4)
    assert solve("", "r1 r2 r3 k5 b5 y5", rules=strict, initial_meld_done=True).tiles_placed == 0
    sol = solve("", "r1 r2 r3 * k5 b5 y5 r5", rules=strict, initial_meld_done=True)
    assert sol.tiles_placed == 8
    _assert_legal("", "r1 r2 r3 * k5 b5 y5 r5", sol, rules=strict)


def test_runs_of_jokers_alone_are_never_made() -> None:
    many = attrs.evolve(RUMMIKUB, box_jokers=4)
    sol = solve("", "* * * * r5", rules=many, initial_meld_done=True)
    assert all(any(p is not JOKER for p in m.pieces) for m in sol.table_after)
    assert sol.tiles_placed == 5
    _assert_legal("", "* * * * r5", sol, rules=many)


def test_one_copy_and_capped_runs() -> None:
    single = attrs.evolve(RUMMIKUB, copies=1, max_run=4)
    sol = solve("", "r1 r2 r3 r4 r5 r6", rules=single, initial_meld_done=True)
    assert sol.tiles_placed == 6 and all(len(m) <= 4 for m in sol.table_after)


def test_replace_rule_keeps_joker_sets_together() -> None:
    """Option ``joker_retrieval = replace``: a set holding a joker is kept together."""
    boxed = RUMMIKUB.with_options({"joker_retrieval": "replace"})
    table = "r1 r2 * | k5 b5 y5"
    sol = solve(table, "r5 b4 b6", rules=boxed, initial_meld_done=True)
    assert "R1 R2 *" in _melds(sol)
    _assert_legal(table, "r5 b4 b6", sol, rules=boxed)


# --- bad input and budgets ---------------------------------------------------------------------


def test_cards_are_not_supported() -> None:
    # the one check of every tile-only operation: a RuleSetError, as for the turn judge
    with pytest.raises(RuleSetError) as exc:
        solve("", "", rules=GIN_RUMMY, initial_meld_done=True)
    assert exc.value.code == "unsupported-rules"


def test_too_many_copies_across_table_and_rack() -> None:
    with pytest.raises(InvalidPiecesError):
        solve("r5 r6 r7 | r5 b5 k5", "r5", rules=RUMMIKUB, initial_meld_done=True)


def test_invalid_table_set_is_reported_with_its_index() -> None:
    with pytest.raises(InvalidMeldError) as exc:
        solve("r1 r2 r3 | r5 r6", "b1", rules=RUMMIKUB, initial_meld_done=True)
    assert exc.value.violations[0].meld_index == 1


def test_budget_never_answers_wrong() -> None:
    """A small budget gives a legal play, the optimum whenever it says ``proved``."""
    table = "r1 r2 r3 | b4 b5 b6 | k7 k8 k9 | y10 y11 y12 | k1 b1 y1"
    rack = "r4 r5 b7 k10 y9 y13 k2 b2 r9 b9 *"
    full = solve(table, rack, rules=RUMMIKUB, initial_meld_done=True, budget=Budget(seconds=60.0))
    _assert_legal(table, rack, full)
    assert full.proved
    for budget in (Budget(nodes=5), 3):
        try:
            sol = solve(table, rack, rules=RUMMIKUB, initial_meld_done=True, budget=budget)
        except SearchLimitReached:
            continue
        _assert_legal(table, rack, sol)
        assert sol.tiles_placed > 0
        if sol.proved:
            assert (sol.tiles_placed, sol.value_placed) == (full.tiles_placed, full.value_placed)


def test_solution_is_frozen() -> None:
    sol = solve("", "r1 r2 r3", rules=RUMMIKUB, initial_meld_done=True)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        sol.tiles_placed = 0  # type: ignore[misc]
    assert isinstance(sol.table_after[0], Meld)


def test_the_largest_box_eight_colours_twenty_six_numbers_four_copies() -> None:
    huge = attrs.evolve(RUMMIKUB, colors=tuple(Color), max_number=26, copies=4, box_jokers=4, group_max=8)
    table = "g24 g25 g26 | m1 c1 p1"
    rack = "g23 g23 g22 g21 m20 c20 p20 k20 b20 y20 r20 g20 * * * * m1 m1 m2"
    sol = solve(table, rack, rules=huge, initial_meld_done=True)
    assert sol.tiles_placed == 19
    _assert_legal(table, rack, sol, rules=huge)


def test_keep_sets_false_skips_the_tie_break_only() -> None:
    table = "r1 r2 r3 | b5 b6 b7 | k9 b9 y9 | y1 y2 y3 y4"
    rack = "r4 y5 y6 y7 k1"
    fast = solve(table, rack, rules=RUMMIKUB, initial_meld_done=True, keep_sets=False)
    full = solve(table, rack, rules=RUMMIKUB, initial_meld_done=True)
    assert (fast.tiles_placed, fast.value_placed) == (full.tiles_placed, full.value_placed)
    assert fast.changed_sets >= full.changed_sets
    _assert_legal(table, rack, fast)
    unchanged = [str(m) for m in fast.table_after[: 4 - fast.changed_sets]]
    assert all(m in ["R1 R2 R3", "B5 B6 B7", "K9 B9 Y9", "Y1 Y2 Y3 Y4"] for m in unchanged)
