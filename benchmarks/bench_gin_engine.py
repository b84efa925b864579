"""Gin's `deadwood()` and value path against OpenSpiel's C++, and `gin_rummy_v0` against Shimmy.

CPU time (``time.process_time``), each peer measured in the same process:

* least deadwood: `deadwood` and `deadwood_value` against OpenSpiel's ``min_deadwood``, random and
  dense 10- and 11-card hands (`bench_gin.make_hands`), the best of 5 runs, µs per hand;
* the environment: random masked play (`bench_agents.run_env`) of ``gin_rummy_v0`` (both encodings)
  against OpenSpiel's Gin through Shimmy (`bench_builds._shimmy_gin`), the best of 3 runs, with
  the p99 of one step.

Run it from a directory where ``src/`` does not shadow the installed build:

    cd /tmp && python /path/to/benchmarks/bench_gin_engine.py [hands] [steps]

needs the ``agents``, ``openspiel`` and ``bench`` extras (``shimmy`` for the environment's peer).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))


def _cpu(fn: Callable[[Any], object], items: list[Any], repeat: int = 5) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.process_time()
        for item in items:
            fn(item)
        best = min(best, time.process_time() - t0)
    return best / len(items) * 1e6


def deadwood_rows(n: int) -> None:
    import bench_gin

    from rummylib import GIN_RUMMY
    from rummylib.gin import deadwood, deadwood_value

    kinds = bench_gin.make_hands(n)
    peer = bench_gin.openspiel_solver()
    deadwood(kinds["random 10"][0], rules=GIN_RUMMY)  # the tables are built once: not timed
    print("| hands | OpenSpiel µs | deadwood() µs | × | deadwood_value µs | × |")
    print("|---|---:|---:|---:|---:|---:|")
    for kind, hands in kinds.items():
        ours = _cpu(lambda h: deadwood(h, rules=GIN_RUMMY).deadwood, hands)
        value = _cpu(lambda h: deadwood_value(h, rules=GIN_RUMMY), hands)
        if peer is None:
            print(f"| {kind} | not installed | {ours:.2f} | | {value:.2f} | |")
            continue
        solve, convert = peer
        theirs = _cpu(solve, [convert(h) for h in hands])
        print(f"| {kind} | {theirs:.2f} | {ours:.2f} | {ours / theirs:.2f} | {value:.2f} | {value / theirs:.2f} |")


def env_rows(steps: int) -> None:
    import bench_agents
    import bench_builds

    print("| environment | steps/s | Shimmy steps/s | × Shimmy | p99 step ms |")
    print("|---|---:|---:|---:|---:|")
    for name in ("gin_rummy_v0", "gin_rummy_v0 (rlcard encoding)"):
        make = bench_agents.ENVS[name]
        bench_agents.run_env(make, 50, seed=0)  # the tables are built once: not timed
        best, p99 = 0.0, 0.0
        for run in range(3):
            t0 = time.process_time()
            _rate, times = bench_agents.run_env(make, steps, seed=1 + run)
            best = max(best, len(times) / (time.process_time() - t0))
            times.sort()
            p99 = max(p99, times[int(0.99 * len(times))] * 1e3)
        peers = [bench_builds._shimmy_gin(steps, seed=1 + run) for run in range(3)]
        peer = max((p for p in peers if p is not None), default=None)
        shown = "not installed" if peer is None else f"{peer:,.0f}"
        ratio = "" if peer is None else f"{best / peer:.2f}"
        print(f"| {name} | {best:,.0f} | {shown} | {ratio} | {p99:.3f} |")


def main(argv: list[str]) -> None:
    import rummylib

    hands = int(argv[0]) if argv else 2000
    steps = int(argv[1]) if len(argv) > 1 else 3000
    print(f"{rummylib.build_info()}\n")
    deadwood_rows(hands)
    print()
    env_rows(steps)


if __name__ == "__main__":
    main(sys.argv[1:])
