"""rummikub_v0's questions on kind counts against the solver's answers on pieces.

The environment asks `_env_search.lay_out_kinds` (kind counts) where it asked `_masks.lay_out`
(pieces), and `_env_search.alone` (one count per rack) where it asked `_masks.addable`: these
tests hold each to the slow question, the layout itself included, on tables and racks met in
random play and on random racks.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummylib import RUMMIKUB
from rummylib.agents.envs import rummikub_v0
from rummylib.agents.envs._base import kind_tile, tile_kind
from rummylib.pieces import Piece
from rummylib.rummikub.solver._env_search import KINDS, KindBox, alone, lay_out_kinds, layers, table_facts
from rummylib.rummikub.solver._masks import addable, lay_out

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


def _counts(pieces: list[Piece]) -> list[int]:
    out = [0] * KINDS
    for p in pieces:
        out[tile_kind(p)] += 1
    return out


@settings(max_examples=200, deadline=None)
@given(
    kinds=st.lists(st.integers(0, 51), max_size=20),
    jokers=st.integers(0, 2),
)
def test_alone_is_addable_with_nothing_chosen(kinds: list[int], jokers: int) -> None:
    rack = [kind_tile(k) for k in kinds] + [kind_tile(52)] * jokers
    counts = _counts(rack)
    counts = [min(n, 2) for n in counts]  # no more than the box holds
    rack = [kind_tile(k) for k in range(KINDS) for _ in range(counts[k])]
    box = KindBox(RUMMIKUB)
    got = alone(counts, box.shape)
    want = addable((), rack, RUMMIKUB)
    if want is None:
        assert got is None
        return
    assert got is not None
    assert {k for k in range(KINDS) if got >> k & 1} == {tile_kind(p) for p in want}


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_lay_out_kinds_is_lay_out(seed: int) -> None:
    """Along random play: chosen tiles and one more, with the rest of the rack, asked both ways."""
    env = rummikub_v0.raw_env(players=2)
    env.reset(seed=seed)
    rng = random.Random(seed)
    box = KindBox(RUMMIKUB)
    for _ in range(150):
        agent = env.agent_selection
        if env.terminations[agent] or env.truncations[agent]:
            break
        state, seat = env.referee, env.possible_agents.index(agent)
        table = state.table.melds if state.initial_meld_done[seat] else ()
        rack = list(state.rack(seat))
        rng.shuffle(rack)
        want, rest = rack[: rng.randint(1, 4)], rack[4:]
        slow = lay_out(table, want, rest, RUMMIKUB)
        fast = lay_out_kinds(table_facts(table, box) if table else None, _counts(want), _counts(rest), box, True)
        if slow is None:
            assert fast is None
        else:
            assert fast is not None
            laid, after = fast
            assert after == slow
            on_table = _counts([p for m in table for p in m.pieces])
            assert layers(laid) == layers(
                [a - b for a, b in zip(_counts([p for m in slow for p in m.pieces]), on_table, strict=True)]
            )
        mask = env.observe(agent)["action_mask"]
        legal = mask.nonzero()[0].tolist()
        env.step(rng.choice(legal))
