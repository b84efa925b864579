"""The shared base's shortcuts answer as the plain code they replace.

* ``np_random`` is made when first asked for: after any run of resets (seeded or not, with draws
  from the generator in between or not), it and the deal's ``rng`` are in exactly the state the
  eager code (``seeding.np_random(seed)`` at every seeded reset) leaves them in.
* The action mask equals the mask built as ``zeros``, then ones at ``list(legal)``.
* The wrapper's short roads (reset, dead steps, ``last``) leave everything as PettingZoo's own
  ``OrderEnforcingWrapper(AssertOutOfBoundsWrapper(env))`` does.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from gymnasium.utils import seeding
from hypothesis import given, settings
from hypothesis import strategies as st
from pettingzoo.utils import wrappers

from rummylib.agents.envs import gin_rummy_v0, rummikub_v0
from rummylib.agents.envs._base import RummyEnv, seed_of

sys.path.insert(0, str(Path(__file__).parent))
from test_envs import FACTORIES

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")

NAMES = sorted(FACTORIES) + ["rummikub"]


def make(name: str) -> Any:
    return rummikub_v0.env(players=2) if name == "rummikub" else FACTORIES[name]()


class _Eager:
    """The generators as the eager reset made them: a new ``seeding.np_random`` at every seeded reset."""

    def __init__(self) -> None:
        self.np_random: np.random.Generator | None = None
        self.rng = random.Random()

    def reset(self, seed: int | None) -> int:
        if seed is not None:
            self.np_random, _ = seeding.np_random(seed)
        assert self.np_random is not None
        self.rng = random.Random(seed_of(seed, self.np_random))
        return self.rng.randrange(2**31)


@settings(max_examples=40, deadline=None)
@given(
    first=st.integers(0, 2**64),
    then=st.lists(st.tuples(st.one_of(st.none(), st.integers(0, 2**40)), st.integers(0, 3)), max_size=6),
)
def test_the_lazy_generator_is_the_eager_one(first: int, then: list[tuple[int | None, int]]) -> None:
    env = gin_rummy_v0.raw_env()
    eager = _Eager()
    for seed, draws in [(first, 0), *then]:
        env.reset(seed=seed)
        eager.reset(seed)
        assert env.rng.getstate() == eager.rng.getstate()
        for _ in range(draws):  # a user drawing from the generator between resets
            assert eager.np_random is not None
            assert int(env.np_random.integers(0, 2**62)) == int(eager.np_random.integers(0, 2**62))
    assert eager.np_random is not None
    assert env.np_random.bit_generator.state == eager.np_random.bit_generator.state


def test_the_generator_can_be_set_and_bad_seeds_are_refused_as_before() -> None:
    env = gin_rummy_v0.raw_env()
    assert isinstance(env.np_random, np.random.Generator)  # unseeded before any reset
    mine = np.random.default_rng(5)
    env.np_random = mine
    assert env.np_random is mine
    env.reset(seed=True)  # gymnasium takes a bool as an int
    assert env.np_random.bit_generator.state == seeding.np_random(True)[0].bit_generator.state
    for bad in (-1, 1.5, "7"):
        with pytest.raises(Exception) as ours:
            env.reset(seed=bad)  # type: ignore[arg-type]
        with pytest.raises(Exception) as theirs:
            seeding.np_random(bad)  # type: ignore[arg-type]
        assert type(ours.value) is type(theirs.value)


def _plain_mask(raw: RummyEnv, agent: str) -> np.ndarray[Any, Any]:
    mask = np.zeros(raw.actions, dtype=np.int8)
    if agent == raw.agent_selection and not raw.terminations[agent] and not raw.truncations[agent] and raw._legal:
        mask[list(raw._legal)] = 1
    return mask


def _pettingzoo_wrapped(name: str) -> Any:
    raw = make(name).unwrapped
    return wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(raw))


@settings(max_examples=12, deadline=None)
@given(name=st.sampled_from(NAMES), seed=st.integers(0, 10**6))
def test_masks_and_wrapped_play_equal_the_plain_ones(name: str, seed: int) -> None:
    ours, theirs = make(name), _pettingzoo_wrapped(name)
    rng = random.Random(seed)
    ours.reset(seed=seed)
    theirs.reset(seed=seed)
    games = 0
    for _ in range(120):
        agent = ours.agent_selection
        assert theirs.agent_selection == agent
        a, b = ours.last(), theirs.last()
        assert np.array_equal(a[0]["observation"], b[0]["observation"])
        assert a[1:] == b[1:]
        assert ours.rewards == theirs.rewards
        assert ours.unwrapped._cumulative_rewards == theirs.unwrapped._cumulative_rewards
        for who in ours.possible_agents:
            if who in ours.agents:
                mask = ours.observe(who)["action_mask"]
                plain = _plain_mask(ours.unwrapped, who)
                assert mask.dtype == plain.dtype and mask.shape == plain.shape
                assert np.array_equal(mask, plain)
                assert np.array_equal(mask, theirs.observe(who)["action_mask"])
        if ours.terminations[agent] or ours.truncations[agent]:
            ours.step(None)
            theirs.step(None)
            if not ours.agents:
                assert not theirs.agents
                games += 1
                if games == 2:
                    break
                again = rng.choice([None, rng.randrange(10**6)])
                ours.reset(seed=again)
                theirs.reset(seed=again)
            continue
        legal = a[0]["action_mask"].nonzero()[0]
        action = int(legal[rng.randrange(len(legal))])
        ours.step(action)
        theirs.step(action)


def test_the_wrappers_errors_are_kept() -> None:
    env = gin_rummy_v0.env()
    with pytest.raises(AttributeError):
        _ = env._cumulative_rewards  # before reset, as PettingZoo's wrapper
    env.reset(seed=0)
    agent = env.agent_selection
    with pytest.raises(AssertionError):
        env.step(None)  # None for a live agent
    with pytest.raises(AssertionError):
        env.step(env.unwrapped.actions)  # out of bounds
    assert env.agent_selection == agent
