"""Random-play throughput of the PettingZoo environments, with observations and masks, beside RLCard and OpenSpiel.

Each step: the agent to move observes (its observation vector and its action mask), picks a random
unmasked index, and steps. Reported: steps per second over the whole run (resets included), and
the median, p99 and largest time of one ``step``. For Gin, in the same run: RLCard's ``gin-rummy``
environment (its state carries the observation and the legal actions) and OpenSpiel's
``gin_rummy`` with ``observation_tensor`` at every decision (chance nodes are dealt, not counted).
A peer that is not installed is reported as such.

    python benchmarks/bench_agents.py --steps 3000 --repeat 3 > benchmarks/results/agents.md

needs the ``agents`` extra, and ``rlcard`` and ``open_spiel`` for the peers.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from rummylib import CONTRACT_RUMMY, INDIAN_RUMMY, SHANGHAI
from rummylib.agents.envs import contract_rummy_v0, gin_rummy_v0, indian_rummy_v0, rummikub_v0, shanghai_v0

FINITE = {"max_reshuffles": 1}

ENVS: dict[str, Callable[[], Any]] = {
    "gin_rummy_v0": lambda: gin_rummy_v0.env(),
    "gin_rummy_v0 (rlcard encoding)": lambda: gin_rummy_v0.env(encoding="rlcard"),
    "contract_rummy_v0 (3 players)": lambda: contract_rummy_v0.env(
        rules=CONTRACT_RUMMY.with_options(FINITE), players=3
    ),
    "shanghai_v0 (3 players)": lambda: shanghai_v0.env(rules=SHANGHAI.with_options(FINITE), players=3),
    "indian_rummy_v0 (3 players)": lambda: indian_rummy_v0.env(rules=INDIAN_RUMMY.with_options(FINITE), players=3),
    "rummikub_v0 (2 players)": lambda: rummikub_v0.env(players=2),
}


def run_env(make: Callable[[], Any], steps: int, seed: int) -> tuple[float, list[float]]:
    env = make()
    rng = random.Random(seed)
    env.reset(seed=seed)
    times: list[float] = []
    start = time.perf_counter()
    while len(times) < steps:
        agent = env.agent_selection
        if env.terminations[agent] or env.truncations[agent]:
            env.step(None)
            if not env.agents:
                env.reset(seed=rng.randrange(10**9))
            continue
        obs = env.observe(agent)
        legal = obs["action_mask"].nonzero()[0]
        action = int(legal[rng.randrange(len(legal))])
        t = time.perf_counter()
        env.step(action)
        times.append(time.perf_counter() - t)
    return len(times) / (time.perf_counter() - start), times


def run_rlcard(steps: int, seed: int) -> tuple[float, list[float]]:
    import rlcard

    env = rlcard.make("gin-rummy", config={"seed": seed})
    rng = random.Random(seed)
    times: list[float] = []
    start = time.perf_counter()
    state, _player = env.reset()
    while len(times) < steps:
        if env.is_over():
            state, _player = env.reset()
            continue
        _obs = state["obs"]
        action = rng.choice(list(state["legal_actions"]))
        t = time.perf_counter()
        state, _player = env.step(action)
        times.append(time.perf_counter() - t)
    return len(times) / (time.perf_counter() - start), times


def run_openspiel(steps: int, seed: int) -> tuple[float, list[float]]:
    import pyspiel

    game = pyspiel.load_game("gin_rummy")
    rng = random.Random(seed)
    times: list[float] = []
    start = time.perf_counter()
    state = game.new_initial_state()
    while len(times) < steps:
        if state.is_terminal():
            state = game.new_initial_state()
            continue
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
            continue
        player = state.current_player()
        _obs = state.observation_tensor(player)
        action = rng.choice(state.legal_actions(player))
        t = time.perf_counter()
        state.apply_action(action)
        times.append(time.perf_counter() - t)
    return len(times) / (time.perf_counter() - start), times


def summary(name: str, runs: list[tuple[float, list[float]]]) -> str:
    best_rate = max(r for r, _ in runs)
    times = sorted(t for _, ts in runs for t in ts)
    p99 = times[min(len(times) - 1, int(0.99 * len(times)))]
    median = statistics.median(times)
    return f"| {name} | {best_rate:,.0f} | {median * 1e3:.3f} | {p99 * 1e3:.2f} | {times[-1] * 1e3:.1f} |"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=3000, help="agent steps per run and environment")
    parser.add_argument("--repeat", type=int, default=3, help="runs per environment (the best rate is reported)")
    parser.add_argument("--only", default="", help="run only the environments whose name contains this")
    args = parser.parse_args()
    print(f"Python {platform.python_version()}, {platform.machine()}; {args.steps} steps × {args.repeat} runs.\n")
    print("| environment | steps/s (best run) | median step ms | p99 step ms | max step ms |")
    print("|---|---:|---:|---:|---:|")
    peers: dict[str, Callable[[int, int], tuple[float, list[float]]]] = {
        "RLCard gin-rummy (peer)": run_rlcard,
        "OpenSpiel gin_rummy + observation_tensor (peer)": run_openspiel,
    }
    for name, make in ENVS.items():
        if args.only not in name:
            continue
        runs = [run_env(make, args.steps, seed) for seed in range(args.repeat)]
        print(summary(name, runs), flush=True)
    for name, peer in peers.items():
        if args.only not in name:
            continue
        try:
            runs = [peer(args.steps, seed) for seed in range(args.repeat)]
        except ImportError as exc:
            print(f"| {name} | not installed ({exc.name}) | | | |")
            continue
        print(summary(name, runs), flush=True)
    sys.stdout.flush()


if __name__ == "__main__":
    main()
