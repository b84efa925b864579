"""The covering search's table of sets, made once per shape and board, against the sets made per cell.

`_cover._table` keeps, in flat lists indexed by cell, the sets `_cover._templates` makes for each
cell; the search reads only the table. These tests hold the table equal, set by set and in order,
to a fresh `_templates` for every cell of many boards and shapes, and check that the cache of
tables stays within its bound.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rummylib.rummikub.solver import _cover
from rummylib.rummikub.solver._dp import Shape


def _fields(ts: list[_cover._Template]) -> list[tuple[list[int], int, tuple[tuple[int, int, bool], ...], bool, int]]:
    return [(t.cells, t.jokers, t.items, t.is_run, t.mask) for t in ts]


@st.composite
def boards(draw: st.DrawFn) -> tuple[int, int, Shape]:
    ncol = draw(st.integers(2, 5))
    top = draw(st.integers(4, 13))
    min_run = draw(st.integers(2, 4))
    max_run = draw(st.none() | st.integers(min_run, top))
    group_min = draw(st.integers(2, min(4, ncol)))
    group_max = draw(st.integers(group_min, ncol))
    return ncol, top, Shape(min_run, max_run, group_min, group_max)


@settings(max_examples=60, deadline=None)
@given(boards())
def test_the_table_holds_the_sets_made_for_each_cell(board: tuple[int, int, Shape]) -> None:
    ncol, top, shape = board
    search = _cover._Cover(ncol, top, shape, 10)
    table = _cover._table(ncol, top, shape, search.longest)
    assert _cover._table(ncol, top, shape, search.longest) is table
    assert search.full is table.full and search.lean is table.lean and search.near is table.near
    width = top + 1
    assert len(table.full) == len(table.lean) == ncol * width
    for c in range(ncol):
        for v in range(1, width):
            full, lean = _cover._templates(ncol, top, shape, search.longest, c, v)
            assert _fields(table.full[c * width + v]) == _fields(full)
            assert _fields(table.lean[c * width + v]) == _fields(lean)
            assert table.full[c * width + v], "every cell is in some set on a board this size"
        assert table.full[c * width] == table.lean[c * width] == []
    for v in range(width):
        assert table.near[v] == sum(1 << x for x in range(1, top + 1) if 0 < abs(x - v) <= 2)


def test_the_cache_of_tables_stays_bounded() -> None:
    for top in range(4, 4 + _cover._TABLES_MAX + 5):
        _cover._table(4, top, Shape(3, None, 3, 4), 5)
        assert 0 < len(_cover._TABLES) <= _cover._TABLES_MAX
