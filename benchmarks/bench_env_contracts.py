"""The contract environments against OpenSpiel's gin through Shimmy: steps per second and p99, CPU time.

Random masked play as ``bench_goals.py`` measures it (``_play``: one observe and one step per
timed step), for ``contract_rummy_v0`` and ``shanghai_v0`` only, with Shimmy's gin measured in the
same process before and after them. Run it with the Python of the build to measure, from a
directory where ``src/`` does not shadow the install::

    cd /tmp && python /path/to/benchmarks/bench_env_contracts.py --steps 4000
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

NAMES = ("contract_rummy_v0 (3 players)", "shanghai_v0 (3 players)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=4000, help="agent steps timed per environment")
    args = parser.parse_args()
    import bench_builds
    from bench_agents import ENVS
    from bench_goals import _play

    import rummylib

    print(rummylib.build_info())
    steps = args.steps
    before = bench_builds._shimmy_gin(steps, seed=1)
    rates = {}
    for name in NAMES:
        _play(ENVS[name], 50, seed=0)  # tables built once per process: not timed
        t0 = time.process_time()
        times = _play(ENVS[name], steps, seed=1)
        rates[name] = steps / (time.process_time() - t0)
        p99 = sorted(times)[int(0.99 * (steps - 1))] * 1000
        print(f"{name}: {rates[name]:,.0f} steps/s, p99 {p99:.2f} ms (CPU)")
    after = bench_builds._shimmy_gin(steps, seed=1)
    if before is None or after is None:
        print("shimmy is not installed: no peer")
        return
    shimmy = (before + after) / 2
    print(f"OpenSpiel gin through Shimmy: {before:,.0f} before, {after:,.0f} after")
    for name in NAMES:
        print(f"{name}: {rates[name] / shimmy:.2f}x Shimmy")


if __name__ == "__main__":
    main()
