"""The moves of a run state are kept under one packed int, or a tuple when a part is too large.

In any real box every part of the key (a cell's tiles, the jokers, the room left) fits six bits,
so the search packs them into one int; the tuple key stays for larger boxes. Here every answer
made with the tuple keys alone is held equal, field by field (the states expanded included), to
the answer made with the packed ones.
"""

from __future__ import annotations

from typing import Any
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummylib import JOKER, RUMMIKUB, Meld, Piece, SearchLimitReached, Tile
from rummylib.rummikub import Budget, arrange, solve
from rummylib.rummikub.solver import _dp

pytestmark = pytest.mark.skipif(
    not hasattr(_dp._Search.moves_for, "__code__"), reason="the compiled search cannot be patched"
)


def _position(rnd: Any) -> tuple[tuple[Meld, ...], list[Piece]]:
    """A random box dealt into a table of up to six sets' worth of tiles (laid out) and a rack."""
    box: list[Piece] = [Tile(c, n) for c in RUMMIKUB.colors for n in range(1, 14) for _ in range(2)]
    box += [JOKER, JOKER]
    rnd.shuffle(box)
    rack = box[: rnd.randint(3, 16)]
    for size in range(rnd.randint(0, 24), -1, -1):  # the largest pile of what is left that lays out
        table = arrange(box[len(rack) : len(rack) + size], rules=RUMMIKUB)
        if table is not None:
            return table, rack
    raise AssertionError("an empty table always lays out")  # pragma: no cover


def _with_tuple_keys(*args: Any, **kwargs: Any) -> Any:
    """`solve` with every search keying its moves by tuples, in run-state tables of its own."""
    init = _dp._Search.__init__

    def tuple_keys(self: _dp._Search, *a: Any, **k: Any) -> None:
        init(self, *a, **k)
        self.small = False

    saved = getattr(_dp._THREAD, "run_states", None)
    _dp._THREAD.run_states = {}
    try:
        with mock.patch.object(_dp._Search, "__init__", tuple_keys):
            return solve(*args, **kwargs)
    finally:
        _dp._THREAD.run_states = saved


@settings(max_examples=25, deadline=None)
@given(
    st.randoms(use_true_random=False),
    st.sampled_from(["tiles", "value", "fewest_changes"]),
    st.sampled_from([None, 300]),
)
def test_packed_keys_give_the_same_answer(rnd: Any, objective: str, nodes: int | None) -> None:
    table, rack = _position(rnd)
    kwargs: dict[str, Any] = {"rules": RUMMIKUB, "initial_meld_done": True, "objective": objective}
    if nodes is not None:
        kwargs["budget"] = Budget(nodes=nodes)
    try:
        before = _with_tuple_keys(table, rack, **kwargs)
    except SearchLimitReached:
        with pytest.raises(SearchLimitReached):
            solve(table, rack, **kwargs)
        return
    assert solve(table, rack, **kwargs) == before  # every field, the states expanded included
