"""Instructions per batch ``turn`` request on a ~92-tile table, counted by callgrind.

Wall-clock rates on a shared machine move with the load; instruction counts do not. Each count is
the difference between a run of ``--turns`` requests and a run of none (so that start-up, imports
and building the requests cancel out; the run of none is the same for every kind, so it runs
once), divided by the requests:

    python benchmarks/bench_turn_instructions.py --turns 200

runs ``valgrind --tool=callgrind`` on this file's ``--play`` mode (needs valgrind). The requests are
the five seeded legal turns of `bench_turn` on tables of about 95 tiles, as batch request lines,
answered by `rummylib.batch.handle_line`:

* **first sight**: every cache emptied before each request (`rummylib.rummikub.clear_caches`: the
  judge's sets and texts, the meld engine's readings, notation), so each set is read from scratch;
* **seen again**: the caches warm (a server sees the same sets turn after turn);
* **json.loads**: the decoding of the same line alone, the yardstick of `bench_turn`.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

KINDS = ("first sight", "seen again", "json.loads")
SIZE = 95


def _lines() -> list[str]:
    from bench_turn import _turn

    from rummylib import RUMMIKUB
    from rummylib.rummikub import validate_turn

    lines = []
    for seed in range(1000):
        b, r, a = _turn(seed, SIZE)
        if validate_turn(b, r, a, rules=RUMMIKUB, initial_meld_done=True).valid:
            request = {
                "op": "turn",
                "game": "rummikub",
                "table_before": [" ".join(map(str, m)) for m in b],
                "rack": " ".join(map(str, r)),
                "table_after": [" ".join(map(str, m)) for m in a],
                "initial_meld_done": True,
            }
            lines.append(json.dumps(request))
        if len(lines) == 5:
            return lines
    raise AssertionError("no five legal turns")  # pragma: no cover - the seeds are fixed


def play(kind: str, turns: int) -> None:
    from rummylib.batch import handle_line
    from rummylib.rummikub import clear_caches

    lines = _lines()
    for line in lines:  # every module loaded, every rule set built
        handle_line(line)
    if kind == "first sight":
        for k in range(turns):
            clear_caches()
            handle_line(lines[k % 5])
    elif kind == "seen again":
        for k in range(turns):
            handle_line(lines[k % 5])
    else:
        for k in range(turns):
            json.loads(lines[k % 5])


def instructions(kind: str, turns: int) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "callgrind.out")
        cmd = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable]
        cmd += [os.path.abspath(__file__), "--play", kind, "--turns", str(turns)]
        env = dict(os.environ, PYTHONHASHSEED="0")  # the same start-up every run: hashes order sets and dicts
        run = subprocess.run(cmd, capture_output=True, text=True, check=True, env=env)
        found = re.search(r"Collected : (\d+)", run.stderr)
        assert found, run.stderr[-2000:]
        return int(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=200, help="requests counted per kind")
    parser.add_argument("--play", default="", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.play:
        play(args.play, args.turns)
        return
    import rummylib

    print(f"{rummylib.build_info()}; {args.turns} requests per kind")
    print()
    print("| batch turn, ~92 tiles | instructions per request | ratio to json.loads |")
    print("|---|---:|---:|")
    none = instructions(KINDS[0], 0)
    counts = {kind: (instructions(kind, args.turns) - none) / args.turns for kind in KINDS}
    for kind in KINDS:
        print(f"| {kind} | {counts[kind]:,.0f} | {counts[kind] / counts['json.loads']:.1f} |", flush=True)


if __name__ == "__main__":
    main()
