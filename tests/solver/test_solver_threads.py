"""Solving from several threads at once gives the same answers as solving one after another.

A game server may answer requests on a thread pool. The search keeps tables of run states that
outlive one call (see `rummylib.rummikub.solver._dp`), one set per thread, so that no search sees its
tables grow under it. Races are timing-dependent; this is a smoke test of concurrent use, not a
proof that there are none.
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

import attrs

from rummylib import JOKER, RUMMIKUB, Meld, Piece, Tile, piece_sort_key
from rummylib.rummikub import solve


def _positions(n: int) -> list[tuple[list[Meld], list[Piece]]]:
    """Tables of five random sets (some with a joker) and racks of 16 from what is left."""
    rng = random.Random(6)
    out = []
    for _ in range(n):
        pool = Counter([Tile(c, v) for c in RUMMIKUB.colors for v in range(1, 14) for _ in range(2)])
        pool[JOKER] = 2
        table: list[Meld] = []
        while len(table) < 5:
            if rng.random() < 0.5:
                color, start = rng.choice(RUMMIKUB.colors), rng.randint(1, 10)
                pieces: list[Piece] = [Tile(color, v) for v in range(start, start + 4)]
            else:
                number = rng.randint(1, 13)
                pieces = [Tile(c, number) for c in rng.sample(RUMMIKUB.colors, 3)]
            if rng.random() < 0.2:
                pieces[rng.randrange(len(pieces))] = JOKER
            need = Counter(pieces)
            if all(pool[p] >= k for p, k in need.items()):
                pool -= need
                table.append(Meld(tuple(pieces)))
        rest = sorted(pool.elements(), key=piece_sort_key)
        rng.shuffle(rest)
        out.append((table, rest[:16]))
    return out


# Runs of four or more: run rules no other test uses, so their tables start empty here.
LONG_RUNS = attrs.evolve(RUMMIKUB, min_run=4)


def _answer(pos: tuple[list[Meld], list[Piece]]) -> tuple[int, int, tuple[str, ...]]:
    table, rack = pos
    sol = solve(table, rack, rules=LONG_RUNS, initial_meld_done=True, keep_sets=False)
    return sol.tiles_placed, sol.value_placed, tuple(str(m) for m in sol.table_after)


def test_threads_agree_with_one_after_another() -> None:
    positions = _positions(16)
    # Threads first, switching as often as the interpreter allows, while the tables are new.
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        with ThreadPoolExecutor(max_workers=4) as pool:
            together = list(pool.map(_answer, positions))
    finally:
        sys.setswitchinterval(interval)
    alone = [_answer(p) for p in positions]
    assert together == alone
