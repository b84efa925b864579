"""The PettingZoo environments: PettingZoo's own API and seed tests, and exact masks under random play.

Exact masks, checked at every decision of seeded random masked play: every unmasked index is an
action the referee accepts (it is in the referee's `legal_actions`, which the referee tests hold
complete and legal, and playing it raises nothing), and every action the referee lists is
reachable from the masks (`reachable_actions`, following the environment's own "next candidate"
steps, is the referee's list).
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pettingzoo", reason='the environments need the agents extra: pip install "rummylib[agents]"')

from pettingzoo.test import api_test, seed_test

from rummylib import CONTRACT_RUMMY, INDIAN_RUMMY, SHANGHAI
from rummylib.agents.envs import contract_rummy_v0, gin_rummy_v0, indian_rummy_v0, rummikub_v0, shanghai_v0
from rummylib.agents.envs._base import Internal, tile_kind
from rummylib.errors import ErrorCode, RummyError
from rummylib.rummikub import solve

FINITE = {"max_reshuffles": 1}

FACTORIES: dict[str, Callable[[], Any]] = {
    "gin": lambda: gin_rummy_v0.env(),
    "gin-rlcard": lambda: gin_rummy_v0.env(encoding="rlcard"),
    "gin-game": lambda: gin_rummy_v0.env(game="game", max_steps=400),
    "contract": lambda: contract_rummy_v0.env(rules=CONTRACT_RUMMY.with_options(FINITE), players=3),
    "contract-r7": lambda: contract_rummy_v0.env(rules=CONTRACT_RUMMY.with_options(FINITE), players=2, round_number=7),
    "shanghai": lambda: shanghai_v0.env(rules=SHANGHAI.with_options(FINITE), players=4),
    "shanghai-game": lambda: shanghai_v0.env(rules=SHANGHAI.with_options(FINITE), game="game", max_steps=300),
    "indian": lambda: indian_rummy_v0.env(players=3, rules=INDIAN_RUMMY.with_options(FINITE)),
    "indian-pool": lambda: indian_rummy_v0.env(
        players=3, game="game", rules=INDIAN_RUMMY.with_options({"indian_format": "pool", **FINITE})
    ),
}

# PettingZoo's tests warn that a Dict observation is not a Box (every masked classic env is a Dict).
pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


@pytest.mark.parametrize("name", ["gin", "gin-rlcard", "contract", "shanghai", "indian"])
def test_api(name: str) -> None:
    api_test(FACTORIES[name](), num_cycles=200)


@pytest.mark.parametrize("name", ["gin", "gin-rlcard", "contract", "shanghai", "indian"])
def test_seed(name: str) -> None:
    seed_test(FACTORIES[name], num_cycles=200)


def play(name: str, seed: int, steps: int, kinds: set[str] | None = None) -> int:
    """Random masked play, every decision checked; returns the decisions checked (``kinds`` collects the reachable kinds)."""
    env = FACTORIES[name]()
    raw = env.unwrapped
    rng = random.Random(seed)
    env.reset(seed=seed)
    checked = 0
    while checked < steps:
        agent = env.agent_selection
        if env.terminations[agent] or env.truncations[agent]:
            env.step(None)
            if not env.agents:
                env.reset(seed=rng.randrange(10**6))
            continue
        state = raw.referee
        seat = raw.possible_agents.index(agent)
        legal = state.legal_actions(seat)
        moves = raw.legal_moves()
        mask = env.observe(agent)["action_mask"]
        assert sorted(mask.nonzero()[0].tolist()) == sorted(moves)
        for move in moves.values():
            if not isinstance(move, Internal):
                assert move in legal and state.is_legal(move), (name, move)
        reach = raw.reachable_actions()
        if kinds is not None:
            kinds.update(str(a.kind) for a in reach)
        assert len(reach) == len(legal) and set(reach) == set(legal), (name, set(legal) - set(reach))
        assert raw.legal_moves() == moves  # exploring left the environment as it was
        env.step(rng.choice(sorted(moves)))
        checked += 1
    return checked


@pytest.mark.parametrize(
    ("name", "steps"),
    [
        ("gin", 400),
        ("gin-rlcard", 300),
        ("gin-game", 200),
        ("contract", 400),
        ("contract-r7", 150),
        ("shanghai", 400),
        ("shanghai-game", 200),
        ("indian", 300),
        ("indian-pool", 150),
    ],
)
def test_random_play_masks_are_exact(name: str, steps: int) -> None:
    assert play(name, seed=len(name), steps=steps) == steps


def test_contract_lay_downs_and_lay_offs_are_reached() -> None:
    """Random play meets positions with lay-downs, several-card lay-offs and joker swaps, and reaches all."""
    kinds: set[str] = set()
    play("shanghai", seed=3, steps=300, kinds=kinds)
    play("contract", seed=4, steps=300, kinds=kinds)
    assert {"lay-down", "lay-off", "buy", "decline-buy", "discard"} <= kinds


def test_masked_index_is_refused_with_a_code_of_its_own() -> None:
    env = gin_rummy_v0.raw_env()
    env.reset(seed=0)
    with pytest.raises(RummyError, match="masked") as caught:
        env.step(106)
    assert caught.value.code is ErrorCode.MASKED_ACTION


def test_before_reset_the_error_says_so_with_a_code_of_its_own() -> None:
    env = gin_rummy_v0.raw_env()
    with pytest.raises(RummyError, match=r"call reset\(\) first") as caught:
        env.referee
    assert caught.value.code is ErrorCode.NOT_RESET


def test_rewards_are_zero_sum_in_gin() -> None:
    env = gin_rummy_v0.env()
    rng = random.Random(5)
    for seed in range(6):
        env.reset(seed=seed)
        total = dict.fromkeys(env.agents, 0.0)
        for agent in env.agent_iter():
            _obs, reward, term, trunc, _info = env.last()
            total[agent] += reward
            if term or trunc:
                env.step(None)
                continue
            mask = env.observe(agent)["action_mask"]
            knocks = [i for i in mask.nonzero()[0].tolist() if i >= 54]
            env.step(knocks[0] if knocks else rng.choice(mask.nonzero()[0].tolist()))
        assert sum(total.values()) == 0


def test_reset_reproduces_the_deal() -> None:
    a, b = gin_rummy_v0.raw_env(), gin_rummy_v0.raw_env()
    a.reset(seed=11)
    b.reset(seed=11)
    assert a.referee == b.referee
    b.reset(seed=12)
    assert a.referee != b.referee


def test_render_is_text() -> None:
    env = shanghai_v0.raw_env(render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert isinstance(text, str) and text.startswith("shanghai_v0: player_1 to move\n")
    assert "player_2 sees:\n  hand: " in text and "table: -" in text
    assert "{" not in text  # a board for people, not a JSON dump


def test_render_human_prints_the_board(capsys: pytest.CaptureFixture[str]) -> None:
    env = gin_rummy_v0.raw_env(render_mode="human")
    env.reset(seed=1)
    assert env.render() is None
    assert capsys.readouterr().out.startswith("gin_rummy_v0: player_1 to move\nplayer_0 sees:\n  hand: ")


def test_no_render_mode_renders_nothing() -> None:
    env = gin_rummy_v0.raw_env()
    env.reset(seed=1)
    assert env.render() is None


@pytest.mark.parametrize("module", [gin_rummy_v0, shanghai_v0, indian_rummy_v0, rummikub_v0])
def test_render_svg_is_a_picture(module: Any) -> None:
    env = module.raw_env(render_mode="svg")
    env.reset(seed=1)
    picture = env.render()
    assert picture.startswith("<svg") and picture.rstrip().endswith("</svg>")


def test_bad_options_are_rummylib_errors() -> None:
    with pytest.raises(RummyError):
        gin_rummy_v0.raw_env(game="match")
    with pytest.raises(RummyError):
        gin_rummy_v0.raw_env(encoding="openspiel")
    with pytest.raises(RummyError):
        shanghai_v0.raw_env(round_number=11)
    with pytest.raises(RummyError):
        indian_rummy_v0.raw_env(players=9)


# ------------------------------------------------------------------------------------------
# Rummikub: plays are chosen tile by tile
# ------------------------------------------------------------------------------------------


def test_rummikub_api_and_seed() -> None:
    api_test(rummikub_v0.env(players=2), num_cycles=60)
    seed_test(lambda: rummikub_v0.env(players=2), num_cycles=60)


def _choose_all(env: Any, tiles: list[Any]) -> None:
    """Choose ``tiles`` one by one, asserting each is unmasked, then assert the play is open."""
    raw = env.unwrapped
    for tile in tiles:
        index = 5 + tile_kind(tile)
        assert env.observe(env.agent_selection)["action_mask"][index] == 1, (tile, raw.chosen)
        env.step(index)
    assert env.observe(env.agent_selection)["action_mask"][3] == 1


@pytest.mark.parametrize(("players", "steps"), [(2, 150), (3, 80)])
def test_rummikub_random_play_masks_are_exact(players: int, steps: int) -> None:
    """Random masked play (choices included); every unmasked referee action is legal; the solver's
    best plays are reached by choosing their tiles in a random order."""
    env = rummikub_v0.env(players=players, max_steps=3000)
    raw = env.unwrapped
    rng = random.Random(players)
    env.reset(seed=players)
    decisions = plays = 0
    while decisions < steps:
        agent = env.agent_selection
        if env.terminations[agent] or env.truncations[agent]:
            env.step(None)
            if not env.agents:
                env.reset(seed=rng.randrange(10**6))
            continue
        state = raw.referee
        seat = raw.possible_agents.index(agent)
        moves = raw.legal_moves()
        for a in state.legal_actions(seat):
            assert a in moves.values()
        for move in moves.values():
            if not isinstance(move, Internal):
                assert state.is_legal(move), move
                if move.kind.value == "play":
                    plays += 1
        if not raw.chosen and rng.random() < 0.3:
            done = state.initial_meld_done[seat]
            for objective in ("tiles", "value"):
                best = solve(
                    state.table, state.rack(seat), rules=state.rules, initial_meld_done=done, objective=objective
                )
                if best.tiles_placed:
                    tiles = list(best.played)
                    rng.shuffle(tiles)
                    _choose_all(env, tiles)
                    env.step(4)  # clear: back to the start of the turn
            assert not raw.chosen
        choices = sorted(moves)
        # lean towards choosing tiles and playing, so that plays are reached often
        playing = [i for i in choices if i >= 3]
        env.step(rng.choice(playing if playing and rng.random() < 0.8 else choices))
        decisions += 1
    assert plays > 0


def test_without_the_extra_the_error_names_it() -> None:
    code = (
        "import sys\n"
        "sys.modules['pettingzoo'] = None  # as if the extra were not installed\n"
        "from rummylib.errors import RummyError\n"
        "try:\n"
        "    import rummylib.agents.envs\n"
        "except ImportError as exc:\n"
        "    assert isinstance(exc, RummyError), type(exc)\n"
        "    print(exc.code)\n"
        "    print(exc)\n"
    )
    src = Path(__file__).resolve().parents[2] / "src"
    env = {**os.environ, "PYTHONPATH": str(src)}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True, timeout=120)
    code_line, message = out.stdout.splitlines()
    assert code_line == "missing-extra"
    assert 'pip install ".[agents]" from a checkout' in message and 'pip install "rummylib[agents]"' in message
