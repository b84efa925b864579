"""How soon does a new ``rummylib batch`` answer its first request? (a game server starts one per worker)

Starts the command again and again, writes one request line at once, and measures the wall-clock
time from the start of the process to its first answer line, for a few first requests (a meld,
a Gin deal, a contract lay-off). Also the time of ``python -c pass`` on the same machine, the
floor of any Python command, and of ``python -c "import attrs"``, the floor of any command that
loads rummylib (attrs, its one runtime dependency, is imported by every rummylib module).

Run: ``PYTHONPATH=src python benchmarks/bench_batch_start.py [--runs N] [--no-bytecode | --count] [-- COMMAND ...]``
(default 15 runs of ``python -m rummylib batch``; about 15 s). Prints the median and the best of
the runs, in milliseconds, and the median CPU time (user + system) of a whole run that answers
the one line and exits. On a busy machine the wall-clock medians grow; the best runs and the CPU
times say more.

With ``--count`` it counts instead of timing, the same on a busy machine as on an idle one: for
each first request, the modules a worker has loaded when it answers (all, and rummylib's own) and
the attrs classes it has built (each costs about a millisecond of the start: attrs writes and
compiles its methods).

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


COUNT = """
import io, json, sys
import attr._make
built = [0]
_init = attr._make._ClassBuilder.__init__
def _counted(self, *args, **kwargs):
    built[0] += 1
    _init(self, *args, **kwargs)
attr._make._ClassBuilder.__init__ = _counted
sys.stdin = io.TextIOWrapper(io.BytesIO(sys.argv[1].encode() + b"\\n"))
from rummylib.__main__ import main
main(["batch"])
print(json.dumps([len(sys.modules), sum(m.startswith("rummylib") for m in sys.modules), built[0]]))
"""
"""A child that answers one request (its first argument) and prints what it loaded and built."""


def count() -> None:
    """Print, per first request, the modules loaded and the attrs classes built to answer it."""
    print(f"{'first request':<22}{'modules':>8}{'rummylib':>10}{'attrs classes':>15}")
    for name, request in FIRST.items():
        done = subprocess.run(
            [sys.executable, "-c", COUNT, json.dumps(request)], capture_output=True, text=True, check=True, env=ENV
        )
        modules, ours, classes = json.loads(done.stdout.splitlines()[-1])
        print(f"{name:<22}{modules:>8}{ours:>10}{classes:>15}")


def main() -> None:
    """Print the start-up figures."""
    args = sys.argv[1:]
    runs = 15
    if "--runs" in args:
        runs = int(args[args.index("--runs") + 1])
    if "--count" in args:
        count()
        return
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
    for name, code in (("python -c pass", "pass"), ("import attrs", "import attrs")):
        floor = []
        for _ in range(runs):
            start = time.perf_counter()
            subprocess.run([sys.executable, "-c", code], check=True, env=ENV)
            floor.append(time.perf_counter() - start)
        idle = [cpu_of_one([sys.executable, "-c", code], b"") for _ in range(runs)]
        print(
            f"{name:<22}median {statistics.median(floor) * 1000:6.0f} ms   best {min(floor) * 1000:6.0f} ms"
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
