"""indian_rummy_v0's observation, written from the deal's own fields, against the encoding of its view.

The environment encodes a state without making the seat's `IndianView`. Here every observation
along random play (one deal and whole games, two to six seats, deals that end every way) is held
equal, bit for bit, to the encoding written field by field from `view` as the layout describes it.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummylib import INDIAN_RUMMY
from rummylib.agents.envs import indian_rummy_v0
from rummylib.agents.envs._base import card_kind
from rummylib.indian.actions import IndianPhase, IndianView, SeatStatus
from rummylib.referee import Referee

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")

_STATUS = {s: i for i, s in enumerate(SeatStatus)}
_PHASES = {IndianPhase.DRAW: 0, IndianPhase.DISCARD: 1, IndianPhase.OVER: 2}


def _from_view(env: Any, state: Referee, seat: int) -> np.ndarray[Any, Any]:
    """The observation written from ``state.view(seat)``, one field after another (float32 sums per card)."""
    view = state.view(seat)
    assert isinstance(view, IndianView)
    n, lay = env.seats, env.layout
    out = np.zeros(lay.size, dtype=np.float32)

    def counts(at: int, cards: Any) -> None:
        for c in cards:
            out[at + card_kind(c)] = np.float32(out[at + card_kind(c)] + env.copies[card_kind(c)])

    counts(lay.offset["hand"], view.hand)
    wild = 13 if view.wild_rank is None else int(view.wild_rank) - 1
    out[lay.offset["wild_rank"] + wild] = 1.0
    out[lay.offset["wild_card"] + card_kind(view.wild_card)] = 1.0
    if view.discards:
        out[lay.offset["top_discard"] + card_kind(view.discards[-1])] = 1.0
        counts(lay.offset["discards"], view.discards[:-1])
    for r in range(1, n):
        s = (seat + r) % n
        shown = view.shown[s]
        counts(lay.offset["known"] + (r - 1) * 53, shown if shown is not None else view.known[s])
    for r in range(n):
        out[lay.offset["status"] + r * len(_STATUS) + _STATUS[view.status[(seat + r) % n]]] = 1.0
        out[lay.offset["hand_sizes"] + r] = view.hand_sizes[(seat + r) % n] / 14
    out[lay.offset["stock_size"]] = min(1.0, view.stock_size / (52 * env.decks + env.jokers))
    out[lay.offset["phase"] + _PHASES[view.phase]] = 1.0
    out[lay.offset["to_move"]] = 1.0 if view.to_move == seat else 0.0
    if view.totals is not None:
        for r in range(n):
            out[lay.offset["totals"] + r] = min(1.0, view.totals[(seat + r) % n] / 250)
    clipped: np.ndarray[Any, Any] = np.clip(out, 0.0, 1.0)
    return clipped


@settings(max_examples=12, deadline=None)
@given(
    players=st.integers(2, 6),
    game=st.sampled_from(["deal", "game"]),
    reshuffles=st.sampled_from([0, 1, None]),
    seed=st.integers(0, 10**6),
)
def test_the_observation_is_the_encoding_of_the_view(
    players: int, game: str, reshuffles: int | None, seed: int
) -> None:
    env = indian_rummy_v0.raw_env(
        rules=INDIAN_RUMMY.with_options({"max_reshuffles": reshuffles}), players=players, game=game
    )
    env.reset(seed=seed)
    rng = random.Random(seed)
    for _ in range(250):
        agent = env.agent_selection
        if env.terminations[agent] or env.truncations[agent]:
            for seat in range(players):  # (every seat's view of the end: hands shown)
                assert np.array_equal(env._encode(env.referee, seat), _from_view(env, env.referee, seat))
            env.step(None)
            if not env.agents:
                env.reset(seed=rng.randrange(10**9))
            continue
        seat = env.possible_agents.index(agent)
        observed = env.observe(agent)["observation"]
        assert observed.dtype == np.float32
        assert np.array_equal(observed, _from_view(env, env.referee, seat))
        other = rng.randrange(players)
        assert np.array_equal(env._encode(env.referee, other), _from_view(env, env.referee, other))
        legal = sorted(env.legal_moves())
        # Discards more often than a uniform choice, so that deals last and the stock runs low.
        discards = [i for i in legal if 3 <= i < 56]
        env.step(rng.choice(discards if discards and rng.random() < 0.8 else legal))
