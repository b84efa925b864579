"""indian_rummy_v0 and rummikub_v0 against OpenSpiel's Gin through Shimmy, CPU time, in one run.

Random masked play as in ``bench_agents.py`` (each step: observe, pick a random unmasked index,
step); the rates are steps per CPU second (``time.process_time``) over ``--steps`` steps (a tenth
of them for Rummikub, as ``bench_builds.py`` does), seed 1, after 50 untimed steps. The p99 and
the largest step are CPU times of single ``step`` calls over ``--tail`` steps, seed 2. Shimmy is
measured in the same process, before each environment:

    python benchmarks/bench_env_indian_rummikub.py --steps 4000

needs the ``agents`` extra, and ``open_spiel`` and ``shimmy`` for the peer. Run it from a
directory where ``src/`` does not shadow the installed build (``rummylib.build_info()`` is printed).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Callable
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

NAMES = ("indian_rummy_v0 (3 players)", "rummikub_v0 (2 players)")


def step_times(make: Callable[[], Any], steps: int, seed: int) -> list[float]:
    """CPU time of each ``step`` call of random masked play."""
    env = make()
    rng = random.Random(seed)
    env.reset(seed=seed)
    times: list[float] = []
    clock = time.process_time
    while len(times) < steps:
        agent = env.agent_selection
        if env.terminations[agent] or env.truncations[agent]:
            env.step(None)
            if not env.agents:
                env.reset(seed=rng.randrange(10**9))
            continue
        legal = env.observe(agent)["action_mask"].nonzero()[0]
        action = int(legal[rng.randrange(len(legal))])
        t = clock()
        env.step(action)
        times.append(clock() - t)
    return times


def main() -> None:
    import bench_agents
    from bench_builds import _shimmy_gin

    import rummylib

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=4000, help="timed steps (Rummikub: a tenth)")
    parser.add_argument("--tail", type=int, default=2000, help="steps whose single times give p99 and max")
    args = parser.parse_args()
    print(f"`{rummylib.build_info()}`\n")
    print("| environment | steps/s | Shimmy gin, same run | ratio | p99 step | max step |")
    print("|---|---:|---:|---:|---:|---:|")
    for name in NAMES:
        make = bench_agents.ENVS[name]
        n = args.steps // 10 if "rummikub" in name else args.steps
        peer = _shimmy_gin(n, seed=1) or float("nan")
        bench_agents.run_env(make, 50, seed=0)  # the engines' tables are built once per process: not timed
        t0 = time.process_time()
        _rate, times = bench_agents.run_env(make, n, seed=1)
        rate = len(times) / (time.process_time() - t0)
        tail = sorted(step_times(make, args.tail, seed=2))
        p99, top = tail[int(len(tail) * 0.99)] * 1e3, tail[-1] * 1e3
        print(f"| {name} | {rate:,.0f} | {peer:,.0f} | {rate / peer:.2f}× | {p99:.2f} ms | {top:.1f} ms |", flush=True)


if __name__ == "__main__":
    main()
