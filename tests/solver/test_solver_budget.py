"""Budgets: the whole call stays within one; running out gives the best play found so far, marked."""

from __future__ import annotations

import pytest

from rummylib import RUMMIKUB, SearchLimitReached
from rummylib.batch import handle_request
from rummylib.rummikub import Budget, Solution, solve, validate_turn

# A position whose proof takes tens of thousands of states in either direction of the sweep (two
# jokers on the table, 25 tiles go down; more states find more value).
HARD_TABLE = (
    "R2 Y2 K2 | R6 R7 R8 R9 R10 | K6 K7 K8 K9 K10 K11 | Y9 B9 R9 * | R8 B8 K8 | B9 * B11 B12 "
    "| K9 K10 K11 K12 K13 | Y11 Y12 Y13 | B7 K7 Y7 | K2 B2 R2 | B6 R6 K6 | Y3 Y4 Y5 Y6 Y7"
)
HARD_RACK = "B1 R4 K5 B8 Y11 K13 R11 R4 R7 Y1 Y9 B4 R12 Y1 R12 Y12 B3 R1 R5 Y4 B4 B1 B6 R10 B3 Y6 Y8 B12"

# Nothing can be played here, and proving it takes about a thousand states.
STUCK_TABLE = (
    "B2 K2 R2 Y2 | R9 Y9 * | * B7 K7 Y7 | B7 B8 B9 | K11 B11 Y11 | K1 B1 R1 Y1 | B3 R3 K3 | R3 R4 R5 "
    "| B11 B12 B13 | B3 B4 B5 | Y5 K5 B5 R5 | B13 Y13 R13"
)
STUCK_RACK = "R13 R9"


def _solve(table: str, rack: str, budget: Budget | int | None) -> Solution:
    return solve(table, rack, rules=RUMMIKUB, initial_meld_done=True, budget=budget)


def _legal(table: str, rack: str, sol: Solution) -> None:
    report = validate_turn(table, rack, list(sol.table_after), rules=RUMMIKUB, initial_meld_done=True)
    assert report.valid, str(report)
    assert sorted(map(str, report.played)) == sorted(map(str, sol.played))


@pytest.fixture(scope="module")
def best() -> Solution:
    return _solve(HARD_TABLE, HARD_RACK, None)


def test_without_a_budget_the_answer_is_proved(best: Solution) -> None:
    assert best.proved
    assert (best.tiles_placed, best.value_placed) == (25, 163)


@pytest.mark.parametrize("nodes", [1, 1_000, 10_000, 15_000])
def test_a_budget_that_runs_out_gives_the_best_play_found_marked(best: Solution, nodes: int) -> None:
    sol = _solve(HARD_TABLE, HARD_RACK, Budget(nodes=nodes))
    assert not sol.proved and not sol.changes_proved
    assert 0 < sol.tiles_placed <= best.tiles_placed
    assert (sol.tiles_placed, sol.value_placed) <= (best.tiles_placed, best.value_placed)
    _legal(HARD_TABLE, HARD_RACK, sol)


def test_more_states_find_a_better_play_here(best: Solution) -> None:
    small = _solve(HARD_TABLE, HARD_RACK, 1_000)
    large = _solve(HARD_TABLE, HARD_RACK, 30_000)
    ranks = [(s.tiles_placed, s.value_placed) for s in (small, large, best)]
    assert ranks[0] < ranks[1] == ranks[2]


def test_an_int_budget_counts_states() -> None:
    assert _solve(HARD_TABLE, HARD_RACK, 1_000) == _solve(HARD_TABLE, HARD_RACK, Budget(nodes=1_000))


def test_a_budget_large_enough_for_the_play_but_not_the_tie_break(best: Solution) -> None:
    sol = _solve(HARD_TABLE, HARD_RACK, 25_000)
    assert sol.proved and not sol.changes_proved
    assert (sol.tiles_placed, sol.value_placed) == (best.tiles_placed, best.value_placed)
    _legal(HARD_TABLE, HARD_RACK, sol)


def test_no_play_found_in_the_budget_raises() -> None:
    with pytest.raises(SearchLimitReached):
        _solve(STUCK_TABLE, STUCK_RACK, 500)
    sol = _solve(STUCK_TABLE, STUCK_RACK, None)
    assert sol.is_pass and sol.proved


def test_a_spent_time_budget_still_answers_with_a_play() -> None:
    # The deadline has passed before the first check: the dive's play is the answer.
    sol = _solve(HARD_TABLE, HARD_RACK, Budget(seconds=1e-9))
    assert not sol.proved and sol.tiles_placed > 0
    _legal(HARD_TABLE, HARD_RACK, sol)


def test_a_time_budget_is_for_the_whole_call() -> None:
    # Every search of the call (the play, then the tie-break's) shares one deadline: once it has
    # passed, the tie-break cannot start, so the count of changed sets is not proved.
    sol = _solve(HARD_TABLE, HARD_RACK, Budget(seconds=1e-9))
    assert not sol.changes_proved


def test_value_objective_with_a_budget() -> None:
    sol = solve(HARD_TABLE, HARD_RACK, rules=RUMMIKUB, initial_meld_done=True, objective="value", budget=2_000)
    assert not sol.proved and sol.tiles_placed > 0
    _legal(HARD_TABLE, HARD_RACK, sol)


def test_before_the_initial_meld_with_a_budget() -> None:
    rack = "r10 r11 r12 k10 b10 y10 k1 k2 k3 *"
    full = solve("", rack, rules=RUMMIKUB, initial_meld_done=False)
    sol = solve("", rack, rules=RUMMIKUB, initial_meld_done=False, budget=1)
    assert sol.initial_meld and sol.tiles_placed <= full.tiles_placed
    assert sol.proved or sol.value_placed >= RUMMIKUB.initial_meld_points


# --- the batch op ----------------------------------------------------------------------------------


def _ask(**fields: object) -> dict[str, object]:
    base: dict[str, object] = {"op": "solve", "game": "rummikub", "initial_meld_done": True}
    return handle_request({**base, **fields})


def test_batch_budget_in_states(best: Solution) -> None:
    out = _ask(table=HARD_TABLE.split(" | "), rack=HARD_RACK, budget=1_000)
    assert out["proved"] is False
    assert out == {**_ask(table=HARD_TABLE.split(" | "), rack=HARD_RACK, budget={"nodes": 1_000})}
    assert isinstance(out["tiles_placed"], int) and 0 < out["tiles_placed"] <= best.tiles_placed
    report = validate_turn(HARD_TABLE, HARD_RACK, out["table_after"], rules=RUMMIKUB, initial_meld_done=True)
    assert report.valid


def test_batch_answer_without_a_budget_has_no_proved_key() -> None:
    out = _ask(table=["r1 r2 r3"], rack="r4 b9")
    assert "proved" not in out
    assert _ask(table=["r1 r2 r3"], rack="r4 b9", budget={"seconds": 30}) == out


def test_batch_budget_that_finds_nothing_is_a_search_limit_error() -> None:
    out = _ask(table=STUCK_TABLE.split(" | "), rack=STUCK_RACK, budget=500)
    assert out["error"]["code"] == "search-limit"  # type: ignore[index]


@pytest.mark.parametrize(
    "budget",
    [0, -5, True, 1.5, "100", {"nodes": 0}, {"seconds": 0}, {"seconds": -1}, {"seconds": "1"}, {"minutes": 1}, {}, []],
)
def test_batch_bad_budgets(budget: object) -> None:
    out = _ask(table=["r1 r2 r3"], rack="r4", budget=budget)
    assert out["error"]["code"] == "bad-field", out  # type: ignore[index]


# --- the fewest-changes tie-break's allowance ------------------------------------------------------


@pytest.mark.parametrize(
    ("table", "rack"),
    [
        (HARD_TABLE, HARD_RACK),
        ("r1 r2 r3 | b4 b5 b6 | k7 k8 k9 | y10 y11 y12 | k1 b1 y1", "r4 r5 b7 k10 y9 y13 k2 b2 r9 b9 *"),
        ("k5 b5 r5 | k6 b6 r6 | k4 b4 r4 y4 | r7 r8 r9 | b9 b10 b11 b12", "y5 y6 r10 b8 k8 *"),
    ],
)
def test_the_tie_break_costs_a_fraction_of_the_play(table: str, rack: str) -> None:
    """The proof of fewest changed sets spends at most about half the play's search, or 1,500 states."""
    play = solve(table, rack, rules=RUMMIKUB, initial_meld_done=True, keep_sets=False)
    tidy = solve(table, rack, rules=RUMMIKUB, initial_meld_done=True)
    assert (tidy.tiles_placed, tidy.value_placed) == (play.tiles_placed, play.value_placed)
    assert tidy.proved and play.proved
    # Each of its searches may run over by up to one check interval (128 states).
    assert tidy.nodes - play.nodes <= max(1_500, play.nodes // 2) + 128 * 4
    _legal(table, rack, tidy)


def test_the_rack_alone_is_the_answer_when_the_search_finds_nothing_better() -> None:
    # Two jokers on the table: neither the search nor its mirror finds a layout in 1,500 states
    # here, but the rack's own sets beside the untouched table are a legal play found first.
    table = (
        "Y13 B13 R13 | R3 R4 R5 R6 R7 | K8 K9 K10 K11 K12 | Y9 Y10 Y11 Y12 | B5 B6 B7 B8 * B10 | K13 R13 Y13 "
        "| Y4 Y5 Y6 | K2 K3 K4 | Y1 Y2 Y3 Y4 Y5 Y6"
    )
    rack = "R2 B2 K11 R4 K6 K7 R8 B8 K1 B7 Y2 R9 B1 Y8 B10 Y3 B3 K8 R1 B11 K1 R10 B3 R9 *"
    sol = _solve(table, rack, 1_500)
    assert not sol.proved and sol.tiles_placed > 0 and sol.changed_sets == 0
    _legal(table, rack, sol)
    assert solve("", rack, rules=RUMMIKUB, initial_meld_done=True).tiles_placed == sol.tiles_placed
