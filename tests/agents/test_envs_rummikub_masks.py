"""rummikub_v0's masks against the solver's public answers, along random play.

The environment answers "can the chosen tiles plus one more of kind k still all go down" from
witnesses, refusals and answers it remembers, and asks the solver only what those do not settle.
Here every "choose" index is held to `lay_down` with the rest of the rack as ``extra`` (after the
initial meld with the table; before it, on its own), and "play" to `can_play`, at every step;
and the observation, whose state part is remembered per state, to one encoded afresh.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummylib.agents.envs import rummikub_v0
from rummylib.agents.envs._base import tile_kind
from rummylib.rummikub.solver import can_play, lay_down

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


@settings(max_examples=6, deadline=None)
@given(players=st.integers(2, 3), seed=st.integers(0, 10**6))
def test_masks_equal_the_public_answers(players: int, seed: int) -> None:
    env = rummikub_v0.raw_env(players=players)
    env.reset(seed=seed)
    rng = random.Random(seed)
    for _ in range(120):
        agent = env.agent_selection
        if env.terminations[agent] or env.truncations[agent]:
            break
        state, seat = env.referee, env.possible_agents.index(agent)
        done = state.initial_meld_done[seat]
        table = state.table if done else ""
        rack = list(state.rack(seat))
        for p in env.chosen:
            rack.remove(p)
        seen = env.observe(agent)
        mask = seen["action_mask"]
        env._seen = None  # the state's part of the observation, encoded afresh, is the one remembered
        assert np.array_equal(env.observe(agent)["observation"], seen["observation"])
        for piece in dict.fromkeys(rack):
            want = (*env.chosen, piece)
            rest = list(rack)
            rest.remove(piece)
            opens = lay_down(table, want, extra=rest, rules=state.rules, initial_meld_done=True) is not None
            assert bool(mask[5 + tile_kind(piece)]) == opens, (want, rest)
        kinds = {tile_kind(p) for p in rack}
        assert not any(mask[5 + k] for k in range(53) if k not in kinds)
        playable = bool(env.chosen) and can_play(state.table, env.chosen, rules=state.rules, initial_meld_done=done)
        assert bool(mask[3]) == playable
        legal = mask.nonzero()[0].tolist()
        # lean towards choosing, so that longer choices are asked about
        choosing = [i for i in legal if i >= 5]
        env.step(rng.choice(choosing if choosing and rng.random() < 0.7 else legal))
