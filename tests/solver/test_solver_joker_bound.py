"""The bound that shares the jokers among the colours: never below the optimum, never above the plain one.

A joker in a run belongs to one colour, so the search's upper bound shares the jokers left among
the colours' runs (see docs/explanation/solver.md, "Sharing the jokers"). A bound below the best
play would cut it off; the brute-force references of ``test_solver_oracle`` give the best play.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from rummylib import JOKER, RUMMIKUB, Piece, RuleSet, Tile
from rummylib.rummikub.solver import _api, _dp
from rummylib.rummikub.solver._encoding import encode

_spec = importlib.util.spec_from_file_location("_solver_oracle_ref", Path(__file__).with_name("test_solver_oracle.py"))
assert _spec is not None and _spec.loader is not None
_oracle: Any = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_oracle)
SMALL: RuleSet = _oracle.SMALL
VARIANTS: list[RuleSet] = _oracle.VARIANTS
arrangeable = _oracle.arrangeable
brute_best = _oracle.brute_best


def _root(table: list[Piece], rack: list[Piece], rules: RuleSet) -> tuple[_dp._Search, int, int]:
    """The search of the default objective at its root, with its shared and its plain bound."""
    weights = _api._ranking(rules, _api.Objective.TILES)
    budget = _dp._Budget(None, None)
    s = _dp._Search(
        encode(table, rack, rules=rules), _api._shape(rules), weights.tile, weights.joker, None, budget, False
    )
    shared = s.shared(0, s.start) if s.share else s.hope(0, s.start)
    return s, shared, s.hope(0, s.start)


def _score(rules: RuleSet, tiles: int, value: int) -> int:
    """The default objective's score of a play of ``tiles`` rack pieces worth ``value`` points."""
    return tiles * (rules.total_pieces * max(rules.max_number, rules.joker_points) + 1) + value


@settings(max_examples=60)
@given(st.sampled_from([SMALL, *VARIANTS]), st.randoms(use_true_random=False))
def test_shared_bound_is_between_the_optimum_and_the_plain_bound(rules: RuleSet, rnd: Any) -> None:
    box: list[Piece] = [Tile(c, n) for c in rules.colors for n in range(1, rules.max_number + 1)]
    box = box * rules.copies + [JOKER] * rules.box_jokers
    rnd.shuffle(box)
    k = rnd.randint(0, 8)
    table, rack = box[:k], box[k : k + rnd.randint(1, 6)]
    if not arrangeable(table, rules):
        table = []
    _s, shared, plain = _root(table, rack, rules)
    assert shared <= plain
    tiles, value = brute_best(table, rack, rules, initial=False, objective="tiles")
    if tiles or value:
        assert shared >= _score(rules, tiles, value)


def test_two_jokers_are_not_counted_by_every_colour() -> None:
    # Each of three colours could make a run of three from its two rack tiles and a joker; with two
    # jokers only two of those runs can be made, and the plain bound counts all three.
    c0, c1, c2 = RUMMIKUB.colors[:3]
    table: list[Piece] = [Tile(c0, 1), Tile(c1, 1), Tile(c2, 1)]
    rack: list[Piece] = [Tile(c0, 3), Tile(c0, 4), Tile(c1, 7), Tile(c1, 8), Tile(c2, 11), Tile(c2, 12), JOKER, JOKER]
    s, shared, plain = _root(table, rack, RUMMIKUB)
    assert s.share
    assert shared < plain
    sol = _api.solve(table, rack, rules=RUMMIKUB, initial_meld_done=True)
    assert sol.tiles_placed == 6
    assert shared >= _score(RUMMIKUB, sol.tiles_placed, sol.value_placed)
