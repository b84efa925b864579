"""The colours' bound tables shared by the searches of one call change nothing but the time.

`solve` hands one `_dp.Tables` to every search it makes (the play's, then the fewest-changes
tie-break's many small ones); a search finds there the bound tables of the suffixes of cells it
shares with an earlier one. Here each answer is held equal, field by field (the states expanded
included, since the tie-break's allowance is counted in them), to the answer of the same call
with every search building its own tables, as before the sharing.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummylib import JOKER, RUMMIKUB, Meld, Piece, SearchLimitReached, Tile, is_valid_meld
from rummylib.rummikub import Budget, Solution, solve
from rummylib.rummikub.solver import _api, _dp


def _position(rnd: random.Random, most_sets: int) -> tuple[list[Meld], list[Piece]]:
    """Up to ``most_sets`` random valid sets from one box (some with a joker), and a rack from the rest."""
    pool: Counter[Piece] = Counter([JOKER, JOKER])
    pool.update(Tile(c, n) for c in RUMMIKUB.colors for n in range(1, 14) for _ in range(2))
    table: list[Meld] = []
    for _ in range(rnd.randint(0, most_sets)):
        if rnd.random() < 0.5:
            color, length = rnd.choice(RUMMIKUB.colors), rnd.choice((3, 4, 5))
            start = rnd.randint(1, 14 - length)
            pieces: list[Piece] = [Tile(color, n) for n in range(start, start + length)]
        else:
            number = rnd.randint(1, 13)
            pieces = [Tile(c, number) for c in rnd.sample(RUMMIKUB.colors, rnd.choice((3, 4)))]
        if rnd.random() < 0.25 and pool[JOKER]:
            pieces[rnd.randrange(len(pieces))] = JOKER
        need: Counter[Piece] = Counter(pieces)
        if all(pool[p] >= n for p, n in need.items()):
            pool -= need
            table.append(Meld(tuple(pieces)))
    rest = sorted(pool.elements(), key=str)
    rnd.shuffle(rest)
    return table, rest[: rnd.randint(3, 16)]


def _unshared(table: Sequence[Meld], rack: Sequence[Piece], **kwargs: Any) -> Solution:
    """The same call with no tables shared: each search builds its own, as before."""
    with mock.patch.object(_api, "Tables", return_value=None):
        return solve(table, rack, rules=RUMMIKUB, initial_meld_done=True, **kwargs)


@settings(max_examples=30, deadline=None)
@given(
    st.randoms(use_true_random=False),
    st.sampled_from(["tiles", "value", "fewest_changes"]),
    st.sampled_from([None, 300, 3_000]),
)
def test_shared_tables_give_the_same_answer(rnd: Any, objective: str, nodes: int | None) -> None:
    table, rack = _position(rnd, 6)
    budget = None if nodes is None else Budget(nodes=nodes)
    kwargs: dict[str, Any] = {"objective": objective, "budget": budget}
    try:
        before = _unshared(table, rack, **kwargs)
    except SearchLimitReached:
        with pytest.raises(SearchLimitReached):
            solve(table, rack, rules=RUMMIKUB, initial_meld_done=True, **kwargs)
        return
    after = solve(table, rack, rules=RUMMIKUB, initial_meld_done=True, **kwargs)
    assert after == before  # every field: the play, the table after, the flags and the states
    assert all(is_valid_meld(m, rules=RUMMIKUB) for m in after.table_after)


def test_shared_tables_with_tuned_multipliers(monkeypatch: pytest.MonkeyPatch) -> None:
    """A search that tunes its group multipliers leaves the shared tables as they were."""
    monkeypatch.setattr(_dp, "_TIGHTEN_AFTER", 0)
    rnd = random.Random(11)
    for _ in range(12):
        table, rack = _position(rnd, 5)
        table = [m for m in table if JOKER not in m.pieces]  # the multipliers are tuned only without jokers
        rack = [p for p in rack if p != JOKER]
        assert solve(table, rack, rules=RUMMIKUB, initial_meld_done=True) == _unshared(table, rack)


def test_searches_of_one_call_share_the_tables() -> None:
    """The tie-break's searches do find tables built by earlier ones (the sharing is not idle)."""
    made: list[_dp.Tables] = []
    searches = [0]
    search = _dp.search

    def counting() -> _dp.Tables:
        made.append(_dp.Tables())
        return made[-1]

    def counted(*args: Any, **kwargs: Any) -> _dp.Plan | None:
        searches[0] += 1
        return search(*args, **kwargs)

    table = [Meld.parse(m, rules=RUMMIKUB) for m in ("r1 r2 r3", "b4 b5 b6", "k7 y7 r7", "y9 y10 y11", "b12 k12 r12")]
    rack = [Tile(c, n) for c, n in ((RUMMIKUB.colors[0], 4), (RUMMIKUB.colors[1], 7), (RUMMIKUB.colors[2], 12))]
    with mock.patch.object(_api, "Tables", counting), mock.patch.object(_api, "search", counted):
        sol = solve(table, rack, rules=RUMMIKUB, initial_meld_done=True)
    assert sol == _unshared(table, rack)
    assert len(made) == 1
    assert searches[0] >= 10  # the play's search, then the tie-break's
    cells = len(RUMMIKUB.colors) * RUMMIKUB.max_number
    # Unshared, each search would number at least one suffix per cell; shared, most recur.
    assert len(made[0].bounds) * 3 < searches[0] * cells
