"""The two-way search: a second search over the numbers in reverse order takes turns with the first.

The mirrored position (every number v read as ``top + 1 - v``) is the same problem, so both give
the same best score, and a plan found in the mirror, turned back, is a legal play of the position.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from rummylib import JOKER, RUMMIKUB, Piece, Tile, parse_pieces
from rummylib.rummikub import solve, validate_turn
from rummylib.rummikub.solver import _api, _dp
from rummylib.rummikub.solver._encoding import encode


def _search(table: list[Piece], rack: list[Piece], both: bool) -> tuple[_dp.Plan | None, int]:
    weights = _api._ranking(RUMMIKUB, _api.Objective.TILES)
    spent = [0]
    plan = _dp.search(
        encode(table, rack, rules=RUMMIKUB),
        _api._shape(RUMMIKUB),
        weights=weights.tile,
        joker_weight=weights.joker,
        step=weights.step,
        spent=spent,
        both_ways=both,
    )
    return plan, spent[0]


def _deal(seed: int) -> tuple[list[list[Piece]], list[Piece]]:
    """A table of eight random runs and groups (some with a joker) and a rack of what is left."""
    rng = random.Random(seed)
    pool = Counter[Piece]({Tile(c, n): 2 for c in RUMMIKUB.colors for n in range(1, 14)})
    pool[JOKER] = 2
    table: list[list[Piece]] = []
    for _ in range(8):
        if rng.random() < 0.5:
            color, start = rng.choice(RUMMIKUB.colors), rng.randint(1, 10)
            meld: list[Piece] = [Tile(color, n) for n in range(start, start + rng.randint(3, 4))]
        else:
            number = rng.randint(1, 13)
            meld = [Tile(c, number) for c in rng.sample(RUMMIKUB.colors, 3)]
        if rng.random() < 0.3:
            meld[rng.randrange(len(meld))] = JOKER
        if all(pool[p] >= n for p, n in Counter(meld).items()):
            pool -= Counter(meld)
            table.append(meld)
    rest = list(pool.elements())
    rng.shuffle(rest)
    return table, rest[: rng.randint(8, 20)]


@pytest.mark.parametrize("seed", range(12))
def test_the_mirror_has_the_same_best_score(seed: int) -> None:
    sets, rack = _deal(seed)
    table = [p for meld in sets for p in meld]
    one, _ = _search(table, rack, False)
    both, _ = _search(table, rack, True)
    assert one is not None and both is not None
    assert one.score == both.score


def test_a_plan_of_the_mirror_turned_back_is_the_same_play() -> None:
    sets, rack = _deal(5)
    enc = encode([p for meld in sets for p in meld], rack, rules=RUMMIKUB)
    weights = _api._ranking(RUMMIKUB, _api.Objective.TILES)
    back = _dp.search(
        _dp._mirror(enc),
        _api._shape(RUMMIKUB),
        weights=_dp._mirror_rows(weights.tile),
        joker_weight=weights.joker,
        step=weights.step,
    )
    assert back is not None
    plan = _dp._unmirror(back, enc.top)
    melds = _api._plan_melds(plan, RUMMIKUB)
    played = _api._plan_played(plan, RUMMIKUB)
    report = validate_turn(sets, rack, melds, rules=RUMMIKUB, initial_meld_done=True)
    assert report.valid, str(report)
    assert plan.runs and (plan.rack_naturals or plan.rack_jokers)
    assert sorted(map(str, report.played)) == sorted(map(str, played))


def test_a_position_hard_one_way_is_answered_from_the_other() -> None:
    # From the solver benchmark's sweep (seed 202600897): about 193,000 states from 1 upwards and
    # a few hundred from 13 downwards; taking turns costs the first turn and the mirror's search.
    table = (
        "Y7 Y8 Y9 | B12 K12 R12 | Y3 Y4 Y5 Y6 | B5 B6 B7 B8 B9 | Y3 B3 K3 R3 | Y5 R5 B5 K5 | R2 B2 Y2 K2 "
        "| R8 R9 R10 R11 R12 | Y6 Y7 Y8 Y9 | B2 B3 B4 | * B10 B11 B12 | R5 R6 R7 | K5 K6 K7 K8 | K6 K7 K8 "
        "| Y4 B4 K4 R4"
    )
    rack = "R2 K13 K13 B10 Y11 B11 R1 K3 K4 B1 Y1 R1 R6 B6 B8 Y11 K1 K2 Y2 K10 Y13 K11 K9 R8 R9 K10"
    pieces = [p for part in table.split(" | ") for p in parse_pieces(part, rules=RUMMIKUB)]
    plan, states = _search(pieces, list(parse_pieces(rack, rules=RUMMIKUB)), True)
    assert plan is not None and plan.proved
    assert states < 5_000
    sol = solve(table, rack, rules=RUMMIKUB, initial_meld_done=True, keep_sets=False)
    assert (sol.tiles_placed, sol.value_placed) == (23, 143)
    assert sol.nodes < 5_000
    report = validate_turn(table, rack, list(sol.table_after), rules=RUMMIKUB, initial_meld_done=True)
    assert report.valid, str(report)
