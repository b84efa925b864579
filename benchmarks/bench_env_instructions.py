"""Instructions per environment step, counted by callgrind: random masked play, as in bench_agents.py.

Wall-clock rates on a shared machine move with the load; instruction counts do not. Each count is
the difference between a run of ``--steps`` agent steps and a run of none (so that start-up and
imports cancel out), divided by the steps:

    python benchmarks/bench_env_instructions.py --steps 1000

runs ``valgrind --tool=callgrind`` on this file's ``--play`` mode for the contract environments
(needs valgrind and the ``agents`` extra). The steps are the steps of `bench_agents.run_env`, seed 0.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

NAMES = (
    "contract_rummy_v0 (3 players)",
    "shanghai_v0 (3 players)",
    "indian_rummy_v0 (3 players)",
    "rummikub_v0 (2 players)",
)


def play(name: str, steps: int) -> None:
    from bench_agents import ENVS, run_env

    if steps:
        run_env(ENVS[name], steps, 0)
    else:
        ENVS[name]().reset(seed=0)


def instructions(name: str, steps: int) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "callgrind.out")
        cmd = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable]
        cmd += [os.path.abspath(__file__), "--play", name, "--steps", str(steps)]
        run = subprocess.run(cmd, capture_output=True, text=True, check=True)
        found = re.search(r"Collected : (\d+)", run.stderr)
        assert found, run.stderr[-2000:]
        return int(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=1000, help="agent steps counted per environment")
    parser.add_argument("--play", default="", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.play:
        play(args.play, args.steps)
        return
    print("| environment | instructions per step |")
    print("|---|---:|")
    for name in NAMES:
        per_step = (instructions(name, args.steps) - instructions(name, 0)) / args.steps
        print(f"| {name} | {per_step:,.0f} |", flush=True)


if __name__ == "__main__":
    main()
