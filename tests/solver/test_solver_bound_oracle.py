"""The solver's group multipliers (a Lagrangian upper bound) never cut off the optimum.

The search only tunes the multipliers on jokerless positions that its first pass could not settle
within a thousand states, which the brute-force-sized positions of ``test_solver_oracle`` never
reach. Here the threshold is lowered to zero, so every small position whose first pass fails
runs with tuned multipliers, and the answers must still match brute force exactly.
"""

from __future__ import annotations

import importlib.util
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummylib import JOKER, Piece, RuleSet, Tile, is_valid_meld
from rummylib.rummikub import solve
from rummylib.rummikub.solver import _dp

# The brute-force references live next to this file (tests run with --import-mode=importlib).
_spec = importlib.util.spec_from_file_location("_solver_oracle_ref", Path(__file__).with_name("test_solver_oracle.py"))
assert _spec is not None and _spec.loader is not None
_oracle: Any = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_oracle)
SMALL: RuleSet = _oracle.SMALL
VARIANTS: list[RuleSet] = _oracle.VARIANTS
arrangeable = _oracle.arrangeable
brute_best = _oracle.brute_best


@pytest.fixture(autouse=True, scope="module")
def _always_tighten() -> Iterator[None]:
    saved = _dp._TIGHTEN_AFTER
    _dp._TIGHTEN_AFTER = 0
    try:
        yield
    finally:
        _dp._TIGHTEN_AFTER = saved


def _deal(rules: RuleSet, rnd: Any) -> tuple[list[Piece], list[Piece]]:
    box: list[Piece] = [Tile(c, n) for c in rules.colors for n in range(1, rules.max_number + 1)]
    # The multipliers are only tuned with no joker in play, so most deals leave the jokers out.
    box = box * rules.copies + [JOKER] * (rules.box_jokers if rnd.random() < 0.25 else 0)
    rnd.shuffle(box)
    k = rnd.randint(0, 8)
    table, rack = box[:k], box[k : k + rnd.randint(1, 6)]
    if not arrangeable(table, rules):
        table = []
    return table, rack


@settings(max_examples=40)
@given(st.sampled_from([SMALL, *VARIANTS]), st.randoms(use_true_random=False), st.sampled_from(["tiles", "value"]))
def test_tuned_bound_keeps_the_optimum(rules: RuleSet, rnd: Any, objective: str) -> None:
    table, rack = _deal(rules, rnd)
    sol = solve(table, rack, rules=rules, initial_meld_done=True, objective=objective)
    assert all(is_valid_meld(m, rules=rules) for m in sol.table_after)
    assert Counter(p for m in sol.table_after for p in m.pieces) == Counter(table) + Counter(sol.played)
    assert (sol.tiles_placed, sol.value_placed) == brute_best(table, rack, rules, initial=False, objective=objective)


def test_threshold_is_lowered_here() -> None:
    """The fixture above is in force (else the tests of this file would prove nothing new)."""
    assert _dp._TIGHTEN_AFTER == 0
