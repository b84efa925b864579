"""How soon does a new ``rummylib batch`` answer its first request? (a game server starts one per worker)

Starts the command again and again, writes one request line at once, and measures the wall-clock
time from the start of the process to its first answer line, for a few first requests (a meld,
a Gin deal, a contract lay-off). Also the time of ``python -c pass`` on the same machine, the
floor of any Python command.

Run: ``PYTHONPATH=src python benchmarks/bench_batch_start.py [--runs N] [--no-bytecode] [-- COMMAND ...]``
(default 15 runs of ``python -m rummylib batch``; about 15 s). Prints the median and the best of
the runs, in milliseconds, and the median CPU time (user + system) of a whole run that answers
the one line and exits. On a busy machine the wall-clock medians grow; the best runs and the CPU
times say more.

The commands run as an installed package does, with its compiled bytecode: they write and read
``.pyc`` files in a temporary cache (``PYTHONPYCACHEPREFIX``) even where ``PYTHONDONTWRITEBYTECODE``
is set, and one untimed run fills it first. With ``--no-bytecode`` every start compiles every
module from its source again (as under ``PYTHONDONTWRITEBYTECODE`` from a source tree).
"""

from __future__ import annotations

import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

FIRST = {
    "meld": {"op": "meld", "game": "rummikub", "meld": "r5 r6 *"},
    "deal (gin)": {"op": "deal", "game": "gin", "players": 2, "seed": 1},
    "layoff (shanghai)": {"op": "layoff", "game": "shanghai", "meld": "4c 5c 6c 7c", "cards": "8c"},
}


ENV = dict(os.environ)
"""The environment of the commands measured (`main` sets how they find their bytecode)."""


def first_answer(command: list[str], line: bytes) -> float:
    """Seconds from starting ``command`` to reading its first answer line to ``line``."""
    start = time.perf_counter()
    process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=ENV)
    assert process.stdin is not None
    assert process.stdout is not None
    process.stdin.write(line + b"\n")
    process.stdin.flush()
    answer = process.stdout.readline()
    elapsed = time.perf_counter() - start
    process.stdin.close()
    process.wait(timeout=60)
    assert json.loads(answer).get("error") is None, answer
    return elapsed


def cpu_of_one(command: list[str], line: bytes) -> float:
    """CPU seconds (user and system) of a whole run that answers ``line`` and exits.

    The process's own work, start to end: a busy shared machine stretches it far less than the
    wall-clock time to the first answer.
    """
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, input=line + b"\n", capture_output=True, check=True, env=ENV)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    """Print the start-up figures."""
    args = sys.argv[1:]
    runs = 15
    if "--runs" in args:
        runs = int(args[args.index("--runs") + 1])
    command = args[args.index("--") + 1 :] if "--" in args else [sys.executable, "-m", "rummylib", "batch"]
    if "--no-bytecode" in args[: args.index("--") if "--" in args else len(args)]:
        ENV["PYTHONDONTWRITEBYTECODE"] = "1"
        print("every start compiles its modules from source (no bytecode)")
    else:
        ENV.pop("PYTHONDONTWRITEBYTECODE", None)
        ENV["PYTHONPYCACHEPREFIX"] = tempfile.mkdtemp(prefix="bench-batch-start-")
        for request in FIRST.values():  # fill the bytecode cache, untimed
            cpu_of_one(command, json.dumps(request).encode())
        print(f"with bytecode, as installed (cache {ENV['PYTHONPYCACHEPREFIX']})")
    floor = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], check=True, env=ENV)
        floor.append(time.perf_counter() - start)
    idle = [cpu_of_one([sys.executable, "-c", "pass"], b"") for _ in range(runs)]
    print(
        f"{'python -c pass':<22}median {statistics.median(floor) * 1000:6.0f} ms   best {min(floor) * 1000:6.0f} ms"
        f"   cpu median {statistics.median(idle) * 1000:6.0f} ms"
    )
    for name, request in FIRST.items():
        line = json.dumps(request).encode()
        times = [first_answer(command, line) for _ in range(runs)]
        cpu = [cpu_of_one(command, line) for _ in range(runs)]
        print(
            f"{name:<22}median {statistics.median(times) * 1000:6.0f} ms   best {min(times) * 1000:6.0f} ms"
            f"   cpu median {statistics.median(cpu) * 1000:6.0f} ms"
        )


if __name__ == "__main__":
    main()
