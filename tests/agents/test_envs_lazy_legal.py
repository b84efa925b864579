"""The environments' masks and observations are the same whether the referee's list is lazy or eager.

Two copies of each environment play the same random masked game: one as it is (its referee
returning the lazy `LegalActions`), one whose referee list is the eager tuple built the way it was
before (`_eager` of the referee tests). At every step the masks, the observations and the
actions the indices take are equal.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummylib.agents.envs._base import Internal, RummyEnv

sys.path.insert(0, str(Path(__file__).parents[1] / "referee"))
sys.path.insert(0, str(Path(__file__).parent))
from test_envs import FACTORIES
from test_legal_actions_lazy import _eager

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


class _Eager:
    """Makes an environment ask the eager list instead of the referee's lazy one."""

    def __init__(self, env: Any) -> None:
        base = env.unwrapped
        assert isinstance(base, RummyEnv)
        base.legal_actions_of = lambda state, seat: _eager(state, seat)  # type: ignore[method-assign]


@settings(max_examples=8, deadline=None)
@given(name=st.sampled_from(["contract", "contract-r7", "shanghai", "shanghai-game"]), seed=st.integers(0, 10**6))
def test_masks_and_observations_equal_the_eager_ones(name: str, seed: int) -> None:
    lazy, eager = FACTORIES[name](), FACTORIES[name]()
    _Eager(eager)
    lazy.reset(seed=seed)
    eager.reset(seed=seed)
    rng = random.Random(seed)
    for _ in range(250):
        agent = lazy.agent_selection
        assert eager.agent_selection == agent
        if lazy.terminations[agent] or lazy.truncations[agent]:
            lazy.step(None)
            eager.step(None)
            if not lazy.agents:
                break
            continue
        a, b = lazy.observe(agent), eager.observe(agent)
        assert np.array_equal(a["action_mask"], b["action_mask"])
        assert np.array_equal(a["observation"], b["observation"])
        moves, eager_moves = lazy.unwrapped.legal_moves(), eager.unwrapped.legal_moves()
        assert moves.keys() == eager_moves.keys()
        assert all(moves[i] == eager_moves[i] for i in moves if not isinstance(moves[i], Internal))
        legal = a["action_mask"].nonzero()[0]
        action = int(legal[rng.randrange(len(legal))])
        lazy.step(action)
        eager.step(action)
