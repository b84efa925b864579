"""`gin_rummy_v0` reads its masks, actions and observations from the engine's ints: against the referee.

Along random masked play (house rules and both encodings included), at every step: the mask is
exactly the indices of the referee's `legal_actions` (as the environment listed them from the
referee's list), each index takes the same action, and the observation is the one encoded from
the seat's view. The wrapper `wrap` gives the same play as PettingZoo's own two wrappers, with
their errors.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pettingzoo.utils import wrappers

from rummylib import GIN_RUMMY
from rummylib.agents.envs import gin_rummy_v0

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")

KINDS: list[dict[str, Any]] = [
    {},
    {"encoding": "rlcard"},
    {"game": "game"},
    {"game": "game", "encoding": "rlcard"},
    {"rules": GIN_RUMMY.with_options({"oklahoma": True})},
    {"rules": GIN_RUMMY.with_options({"gin_only": True}), "encoding": "rlcard"},
    {"rules": GIN_RUMMY.with_options({"knock_limit": 40})},
    {"rules": GIN_RUMMY.with_options({"knock_limit": 40}), "encoding": "rlcard", "game": "game"},
]


@settings(max_examples=12, deadline=None)
@given(kind=st.sampled_from(range(len(KINDS))), seed=st.integers(0, 10**6))
def test_masks_actions_and_observations_are_the_referees(kind: int, seed: int) -> None:
    env = gin_rummy_v0.env(**KINDS[kind])
    raw = env.unwrapped
    assert isinstance(raw, gin_rummy_v0.raw_env)
    env.reset(seed=seed)
    rng = random.Random(seed)
    for _ in range(300):
        agent = env.agent_selection
        if env.terminations[agent] or env.truncations[agent]:
            env.step(None)
            if not env.agents:
                env.reset(seed=rng.randrange(10**9))
            continue
        seat = raw.possible_agents.index(agent)
        state = raw.referee
        listed = raw._moves_listed(state, seat)
        moves = raw.legal_moves()
        assert list(moves) == list(listed)
        assert all(moves[i] == listed[i] for i in listed)
        assert set(listed.values()) == set(state.legal_actions(seat))
        obs = env.observe(agent)
        assert obs is not None
        assert sorted(obs["action_mask"].nonzero()[0].tolist()) == sorted(listed)
        expected = raw._encode_view(state, seat)
        assert obs["observation"].dtype == expected.dtype and obs["observation"].shape == expected.shape
        assert np.array_equal(obs["observation"], expected)
        legal = obs["action_mask"].nonzero()[0]
        env.step(int(legal[rng.randrange(len(legal))]))


@settings(max_examples=6, deadline=None)
@given(kind=st.sampled_from(range(len(KINDS))), seed=st.integers(0, 10**6))
def test_the_wrapper_plays_as_pettingzoos_wrappers(kind: int, seed: int) -> None:
    ours = gin_rummy_v0.env(**KINDS[kind])
    theirs = wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(gin_rummy_v0.raw_env(**KINDS[kind])))
    ours.reset(seed=seed)
    theirs.reset(seed=seed)
    rng = random.Random(seed)
    for step in range(200):
        agent = ours.agent_selection
        assert theirs.agent_selection == agent and ours.agents == theirs.agents
        assert ours.rewards == theirs.rewards and ours.terminations == theirs.terminations
        assert ours.truncations == theirs.truncations and ours.infos == theirs.infos
        if ours.terminations[agent] or ours.truncations[agent]:
            ours.step(None)
            theirs.step(None)
            if not ours.agents:
                break
            continue
        a, b = ours.observe(agent), theirs.observe(agent)
        assert a is not None and b is not None
        assert np.array_equal(a["observation"], b["observation"])
        assert np.array_equal(a["action_mask"], b["action_mask"])
        legal = a["action_mask"].nonzero()[0]
        action = legal[rng.randrange(len(legal))]
        chosen = int(action) if step % 2 else action  # a NumPy integer takes the wrappers' own road
        ours.step(chosen)
        theirs.step(chosen)


def test_the_wrappers_errors_stay() -> None:
    env = gin_rummy_v0.env()
    with pytest.raises(AttributeError, match="cannot be accessed before reset"):
        _ = env.agent_selection
    with pytest.raises(AttributeError, match="cannot be accessed before reset"):
        _ = env.terminations
    env.reset(seed=1)
    with pytest.raises(AssertionError, match="action is not in action space"):
        env.step(107)
    with pytest.raises(AssertionError, match="action is not in action space"):
        env.step(-1)
    assert str(env) == str(wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(gin_rummy_v0.raw_env())))
