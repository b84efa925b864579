"""The contract environments' fast path against the public API it serves.

The environments take the lay-downs from the referee one at a time, best first (`ContractRound`'s
lazy stream), and remember the observation's count vectors per hand, pile and meld. A reference
copy of each environment here takes every action from the public `legal_actions()` (the whole
list of lay-downs at once) and encodes its observation the plain way, card by card. Along random
masked play (both games, 2 to 5 players, house rules, one round or the whole game) the masks, the
observations and the action each index takes are equal at every step.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from rummylib import CONTRACT_RUMMY, SHANGHAI
from rummylib.agents.envs import contract_rummy_v0, shanghai_v0
from rummylib.agents.envs._base import Internal, card_kind
from rummylib.agents.envs._contracts import ContractEnv
from rummylib.contracts.actions import LayDown, LayOff, Phase, RoundView
from rummylib.errors import RuleSetError
from rummylib.melds import MeldKind
from rummylib.referee import Referee
from rummylib.rules import RuleSet

sys.path.insert(0, str(Path(__file__).parents[1] / "referee"))
from test_legal_actions_complete import CONTRACT_VARIANTS

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")

VARIANTS: list[RuleSet] = [
    *CONTRACT_VARIANTS,
    CONTRACT_RUMMY.with_options({"max_reshuffles": 1, "joker_swap": "anyone", "swapped_joker_must_be_used": False}),
    CONTRACT_RUMMY.with_options({"max_reshuffles": 1, "joker_swap": "never", "discard_taken_card": False}),
    SHANGHAI.with_options({"max_reshuffles": 1, "go_out_by_discard": False, "discard_taken_card": False}),
]
_PHASES = {Phase.DRAW: 0, Phase.BUY: 1, Phase.PLAY: 2, Phase.OVER: 3}


def _reference_encode(env: ContractEnv, state: Referee, seat: int) -> np.ndarray[Any, Any]:
    """The observation written card by card from the view and the whole list of lay-downs."""
    view = state.view(seat)
    assert isinstance(view, RoundView)
    n, m, lay = env.seats, env.slots, env.layout
    out = np.zeros(lay.size, dtype=np.float32)
    cp = env.copies

    def add(at: int, pieces: Any) -> None:
        for c in pieces:
            k = card_kind(c)
            out[at + k] += cp[k]

    add(lay.offset["hand"], view.hands[seat] or ())
    if view.discards:
        out[lay.offset["top_discard"] + card_kind(view.discards[-1])] = 1.0
        add(lay.offset["discards"], view.discards[:-1])
    for r in range(1, n):
        add(lay.offset["known"] + (r - 1) * 53, view.known[(seat + r) % n] if view.known else ())
    width = 55 + n
    for i, tm in enumerate(view.table[:m]):
        base = lay.offset["table"] + i * width
        out[base] = 1.0
        out[base + 1] = 1.0 if tm.reading.kind is MeldKind.RUN else 0.0
        out[base + 2 + (tm.owner - seat) % n] = 1.0
        add(base + 2 + n, tm.reading.meld.pieces)
    for name, values, scale in (
        ("hand_sizes", view.hand_sizes, 30.0),
        ("down", tuple(float(d) for d in view.down), 1.0),
        ("buys", view.buys, 5.0),
    ):
        for r in range(n):
            out[lay.offset[name] + r] = min(1.0, values[(seat + r) % n] / scale)
    out[lay.offset["stock_size"]] = min(1.0, view.stock_size / (52 * env.decks + env.jokers))
    out[lay.offset["round_number"] + view.round_number - 1] = 1.0
    out[lay.offset["phase"] + _PHASES[view.phase]] = 1.0
    out[lay.offset["to_move"]] = 1.0 if view.to_move == seat else 0.0
    if view.to_move is not None:
        out[lay.offset["seat_to_move"] + (view.to_move - seat) % n] = 1.0
    out[lay.offset["jokers_owed"]] = min(1.0, len(view.jokers_owed) / 2)
    if view.to_move == seat:
        for which, name in ((0, "lay_down_candidate"), (1, "other_candidate")):
            items = env._lists[which]
            if not items:
                continue
            at = lay.offset[name]
            a = items[env.cursor[which]]
            add(at, [c for meld in a.melds for c in meld.pieces] if isinstance(a, LayDown) else a.cards)
            out[at + 53] = env.cursor[which] / len(items)
            out[at + 54] = 1.0 if env.cursor[which] + 1 < len(items) else 0.0
            if which == 1 and isinstance(a, LayOff) and a.meld < m:
                out[at + 55 + a.meld] = 1.0
    if view.totals is not None:
        for r in range(n):
            out[lay.offset["totals"] + r] = min(1.0, view.totals[(seat + r) % n] / 1000)
    return np.clip(out, 0.0, 1.0)


def _listed(state: Referee, seat: int) -> tuple[list[Any], Iterator[Any]]:
    """Every legal action from the public list, the lay-downs apart (all of them, in its order)."""
    listed = tuple(state.legal_actions(seat))
    return [a for a in listed if not isinstance(a, LayDown)], iter([a for a in listed if isinstance(a, LayDown)])


def _reference(env: ContractEnv) -> ContractEnv:
    """Make ``env`` a reference: the public list of actions, every lay-down known, the plain encoding."""
    env._actions = _listed  # type: ignore[method-assign]
    pull = env._pull
    env._pull = lambda count: pull(1 << 30)  # type: ignore[method-assign]
    env._encode = lambda state, seat: _reference_encode(env, state, seat)  # type: ignore[method-assign]
    return env


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    variant=st.sampled_from(range(len(VARIANTS))),
    players=st.integers(2, 5),
    game=st.sampled_from(["round", "game"]),
    round_number=st.integers(1, 7),
    seed=st.integers(0, 10**6),
)
def test_masks_and_observations_equal_the_public_lists(
    variant: int, players: int, game: str, round_number: int, seed: int
) -> None:
    rules = VARIANTS[variant]
    module = shanghai_v0 if rules.name == SHANGHAI.name else contract_rummy_v0
    round_number = 1 + (round_number - 1) % len(rules.rounds)
    try:
        fast = module.raw_env(rules=rules, players=players, game=game, round_number=round_number, max_steps=400)
        slow = _reference(module.raw_env(rules=rules, players=players, game=game, round_number=round_number))
    except RuleSetError:
        assume(False)
        return
    fast.reset(seed=seed)
    slow.reset(seed=seed)
    rng = random.Random(seed)
    for step in range(150):
        agent = fast.agent_selection
        assert slow.agent_selection == agent
        if fast.terminations[agent] or fast.truncations[agent]:
            break
        a, b = fast.observe(agent), slow.observe(agent)
        assert np.array_equal(a["action_mask"], b["action_mask"])
        assert np.array_equal(a["observation"], b["observation"])
        moves, listed = fast.legal_moves(), slow.legal_moves()
        assert moves.keys() == listed.keys()
        assert all(moves[i] == listed[i] for i in moves if not isinstance(moves[i], Internal))
        if step % 10 == 0:
            assert fast.reachable_actions() == slow.reachable_actions()
        legal = a["action_mask"].nonzero()[0]
        # Step through the candidates more often than a uniform choice would, to reach the later ones.
        steps = [i for i in legal if i in (5, 6, 8, 9)]
        action = int(rng.choice(steps) if steps and rng.random() < 0.4 else legal[rng.randrange(len(legal))])
        fast.step(action)
        slow.step(action)
