"""Instructions per environment step, counted by callgrind: random masked play, as in bench_agents.py.

Wall-clock rates on a shared machine move with the load; instruction counts do not. Each count is
the difference between a run of ``--steps`` agent steps and a run of none (so that start-up and
imports cancel out), divided by the steps:

    python benchmarks/bench_env_instructions.py --steps 1000

runs ``valgrind --tool=callgrind`` on this file's ``--play`` mode for every environment of
`bench_agents.ENVS` (``--only`` picks those whose name contains a word; needs valgrind and the
``agents`` extra). The steps are the steps of `bench_agents.run_env`, seed 0. Run it with the Python
of the build to count (``rummylib.build_info()`` is printed first).
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))


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
    parser.add_argument("--only", default="", help="count only the environments whose name contains this")
    parser.add_argument("--play", default="", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.play:
        play(args.play, args.steps)
        return
    from bench_agents import ENVS

    import rummylib

    print(rummylib.build_info())
    print()
    print("| environment | instructions per step |")
    print("|---|---:|")
    for name in ENVS:
        if args.only not in name:
            continue
        per_step = (instructions(name, args.steps) - instructions(name, 0)) / args.steps
        print(f"| {name} | {per_step:,.0f} |", flush=True)


if __name__ == "__main__":
    main()
