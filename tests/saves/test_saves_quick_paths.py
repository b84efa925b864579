"""The quick paths of reading and writing saves give exactly what the general codec gives.

A Rummikub save is mostly its history; its turn records are written by a direct writer, and the
codec reads each field with its object's path, writing an item's or a field's path only when it
refuses one. Neither may change a save or the words of a refusal (docs/reference/saves.md).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.rummikub.bots import BOTS

from rummylib import RUMMIKUB, SaveError
from rummylib.referee import STATE_CODEC
from rummylib.rummikub import Draw, RummikubGame, Timeout
from rummylib.rummikub.game import _record_json, _write_record
from rummylib.saves import from_json

GAMES = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
TIMED = RUMMIKUB.with_options({"turn_time_limit": 60})


def _game(seed: int, steps: int) -> RummikubGame:
    """A timed game after ``steps`` turns: draws with and without a time, timeouts and plays."""
    rng = random.Random(seed)
    game = RummikubGame.deal(rules=TIMED, players=2 + seed % 3, seed=seed)
    for _ in range(steps):
        if game.is_over:
            break
        choice = rng.random()
        if choice < 0.3 and game.stock:
            game = game.apply(Draw(game.to_move, elapsed=None if choice < 0.2 else 12.5))
        elif choice < 0.4:
            game = game.apply(Timeout(game.to_move, elapsed=75.0))
        else:
            game = BOTS.greedy_bot(game)
    return game


@GAMES
@given(seed=st.integers(0, 10**6), steps=st.integers(1, 40))
def test_every_record_is_written_as_the_codec_writes_it(seed: int, steps: int) -> None:
    game = _game(seed, steps)
    for record in game.history:
        direct = _write_record(record)
        general = STATE_CODEC.encode_attrs(record)
        assert direct == general
        assert list(direct) == list(general)  # the same keys in the same order: the same text
        first = _record_json(record)
        first["drawn"] = "edited"  # a caller may edit what it is given
        again = _record_json(record)
        assert again == general and again is not first


def _leaves(data: Any, path: str) -> list[tuple[str, list[Any] | dict[str, Any], Any]]:
    """Every scalar inside ``data``: its path as a refusal names it, its container and its key."""
    found: list[tuple[str, list[Any] | dict[str, Any], Any]] = []
    items = enumerate(data) if isinstance(data, list) else data.items()
    for key, value in items:
        where = f"{path}[{key}]" if isinstance(data, list) else f"{path}.{key}"
        if isinstance(value, dict | list):
            found.extend(_leaves(value, where))
        else:
            found.append((where, data, key))
    return found


@GAMES
@given(seed=st.integers(0, 10**6), steps=st.integers(1, 30), pick=st.integers(0, 10**6))
def test_a_refusal_names_the_field_or_item_it_refuses(seed: int, steps: int, pick: int) -> None:
    data = _game(seed, steps).to_json()
    state = data["state"]
    parts = ("state.history", "state.hands", "state.stock", "state.table")
    leaves = [leaf for leaf in _leaves(state, "state") if leaf[0].startswith(parts)]
    where, container, key = leaves[pick % len(leaves)]
    container[key] = {"not": ["a value this field holds"]}  # type: ignore[index]
    with pytest.raises(SaveError) as caught:
        from_json(data)
    assert caught.value.message.startswith(f"not a valid save: {where}: ")
