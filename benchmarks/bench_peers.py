"""The engine's speed targets against the fastest peers, measured for one build or two (before and after), peers in the same run.

Each build is measured in a child process of its own Python (``--child``), and every ratio is
taken inside one child, against the peer measured in the same child, in CPU time
(``time.process_time``), so that the load of a shared machine moves both sides alike:

* Gin: ``deadwood()`` and ``deadwood_value()`` against OpenSpiel's C++ ``MinDeadwood``, on the
  hands of ``bench_gin.py`` (random and dense, 10 and 11 cards): our time over theirs.
* Environments: random masked play (``bench_agents.run_env``) against OpenSpiel's ``gin_rummy``
  through Shimmy's PettingZoo wrapper: our steps per second over Shimmy's, and the p99 of one step
  (the observation, the mask and the step; CPU time).
* Batch ``turn`` on 70+ tile tables (``bench_turn.py``'s turns): a request judged on first sight
  (every cache cleared) and again, each over the ``json.loads`` of the same line.
* ``solve`` with the default objective against ``rummikub-solver`` (HiGHS), K = 0-20 table sets
  (``bench_solver.py``'s positions): their median time over ours per K, and our p99 and largest.
* ``rummylib batch`` started cold: wall time to its first answer (median), bytecode cached.

Run with the Python of each build (an environment with the ``bench`` extra and ``shimmy``)::

    python benchmarks/bench_peers.py --before OLD/bin/python --after NEW/bin/python --write

``--write`` writes ``benchmarks/results/peers.md``; ``--quick`` measures fewer of everything.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import gc
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent

# (key, what, unit, goal, lower is better)
GOALS: list[tuple[str, str, str, float, bool]] = [
    *[
        (f"gin {k}", f"`deadwood()`, {k}-card hands, against OpenSpiel C++", "× its time", 2.0, True)
        for k in ("random 10", "random 11", "dense 10", "dense 11")
    ],
    *[
        (f"gin value {k}", f"`deadwood_value()`, {k}-card hands, against OpenSpiel C++", "× its time", 1.0, True)
        for k in ("random 10", "random 11", "dense 10", "dense 11")
    ],
    ("env gin_rummy_v0", "gin_rummy_v0 against OpenSpiel gin through Shimmy", "× its rate", 3.0, False),
    ("env contract_rummy_v0 (3 players)", "contract_rummy_v0 (3 players), same", "× its rate", 2.0, False),
    ("env shanghai_v0 (3 players)", "shanghai_v0 (3 players), same", "× its rate", 2.0, False),
    ("env indian_rummy_v0 (3 players)", "indian_rummy_v0 (3 players), same", "× its rate", 2.0, False),
    ("env rummikub_v0 (2 players)", "rummikub_v0 (2 players), same", "× its rate", 1.0, False),
    ("p99 step", "the slowest environment's p99 step", "ms", 5.0, True),
    ("turn first", "batch `turn`, 70+ tiles, first sight (the largest of two tables)", "× json.loads", 30.0, True),
    ("turn again", "batch `turn`, 70+ tiles, seen before (the largest of two tables)", "× json.loads", 8.0, True),
    *[
        (f"solve K={k}", f"`solve`, default objective, K = {k}, against rummikub-solver", "× faster", 10.0, False)
        for k in (0, 5, 10, 15, 20)
    ],
    ("solve p99", "`solve`, default objective, p99 over every K", "ms", 50.0, True),
    ("solve max", "`solve`, default objective, the slowest position", "ms", 100.0, True),
    ("cold start", "`rummylib batch` to its first answer (a meld), median wall time", "ms", 100.0, True),
    ("cold start cpu", "the same whole run (answer and exit), median CPU time", "ms", 100.0, True),
]


def _cpu(fn: Callable[[Any], object], items: list[Any], repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.process_time()
        for item in items:
            fn(item)
        best = min(best, time.process_time() - t0)
    return best


def gin(quick: bool) -> dict[str, float]:
    import bench_gin

    kinds = bench_gin.make_hands(300 if quick else 2000)
    peer = bench_gin.openspiel_solver()
    if peer is None:
        return {}
    solve, convert = peer
    out = {}
    for name, ours in (("gin", bench_gin.rummylib_solver()), ("gin value", bench_gin.rummylib_value())):
        for kind, hands in kinds.items():
            ours(hands[0])
            theirs = _cpu(solve, [convert(h) for h in hands])
            out[f"{name} {kind}"] = _cpu(ours, hands) / theirs
    return out


def _play(make: Callable[[], Any], steps: int, seed: int) -> list[float]:
    """CPU seconds of each of ``steps`` agent steps of random masked play (as ``bench_agents.run_env``)."""
    env = make()
    rng = random.Random(seed)
    env.reset(seed=seed)
    times: list[float] = []
    while len(times) < steps:
        agent = env.agent_selection
        if env.terminations[agent] or env.truncations[agent]:
            env.step(None)
            if not env.agents:
                env.reset(seed=rng.randrange(10**9))
            continue
        t0 = time.process_time()
        obs = env.observe(agent)
        legal = obs["action_mask"].nonzero()[0]
        env.step(int(legal[rng.randrange(len(legal))]))
        times.append(time.process_time() - t0)
    return times


def environments(quick: bool) -> dict[str, float]:
    import bench_agents
    from bench_builds import _shimmy_gin

    steps = 1000 if quick else 4000
    shimmy = _shimmy_gin(steps, seed=1)
    if shimmy is None:
        return {}
    out: dict[str, float] = {}
    worst = 0.0
    for name, make in bench_agents.ENVS.items():
        if "rlcard" in name:
            continue
        n = steps // 4 if "rummikub" in name else steps
        _play(make, 50, seed=0)  # tables built once per process: not timed
        t0 = time.process_time()
        times = _play(make, n, seed=1)
        out[f"env {name}"] = n / (time.process_time() - t0) / shimmy
        worst = max(worst, sorted(times)[int(0.99 * (n - 1))] * 1000)
    out["p99 step"] = worst
    return out


def turns(quick: bool) -> dict[str, float]:
    import io

    import bench_turn

    first = again = 0.0
    for size in (75, 95):
        with contextlib.redirect_stdout(io.StringIO()):
            row = bench_turn._measure(size)
        r_json, r_cold, r_batch = row[3], row[4], row[6]
        first, again = max(first, r_json / r_cold), max(again, r_json / r_batch)
    return {"turn first": first, "turn again": again}


def solver(quick: bool) -> dict[str, float]:
    import bench_solver

    from rummylib import RUMMIKUB
    from rummylib.rummikub import solve

    try:
        setup = bench_solver.theirs_setup()
    except ImportError:
        return {}
    per_k = 4 if quick else 12

    def theirs(table: list[Any], rack: list[Any]) -> float:
        rs, ruleset, index = setup
        state = ruleset.new_game()
        state.initial = False
        if table:
            state.add_table(*[index[p] for m in table for p in m.pieces])
        state.add_rack(*[index[p] for p in rack])
        gc.collect()
        t0 = time.process_time()
        with contextlib.suppress(Exception):  # their solver fails on tables it cannot represent
            ruleset.solve(state, mode=rs.SolverMode.TILE_COUNT)
        return time.process_time() - t0

    out: dict[str, float] = {}
    ours_all: list[float] = []
    theirs(*bench_solver.deal(1, 5))  # their first call loads its modelling layer: not timed
    for k in bench_solver.KS:
        ours_k, theirs_k = [], []
        for i in range(per_k):
            table, rack = bench_solver.deal(1000 * k + i, k)
            gc.collect()
            t0 = time.process_time()
            solve(table, rack, rules=RUMMIKUB, initial_meld_done=True)
            ours_k.append(time.process_time() - t0)
            theirs_k.append(theirs(table, rack))
        out[f"solve K={k}"] = statistics.median(theirs_k) / statistics.median(ours_k)
        ours_all += ours_k
    ours_all.sort()
    out["solve p99"] = ours_all[int(0.99 * (len(ours_all) - 1))] * 1000
    out["solve max"] = ours_all[-1] * 1000
    return out


def cold_start(quick: bool) -> dict[str, float]:
    import bench_batch_start as bbs

    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = tempfile.mkdtemp(prefix="bench-peers-")
    bbs.ENV.clear()
    bbs.ENV.update(env)
    command = [sys.executable, "-m", "rummylib", "batch"]
    line = json.dumps(bbs.FIRST["meld"]).encode()
    bbs.cpu_of_one(command, line)  # fill the bytecode cache, untimed
    runs = 5 if quick else 15
    times = [bbs.first_answer(command, line) for _ in range(runs)]
    cpu = [bbs.cpu_of_one(command, line) for _ in range(runs)]
    return {"cold start": statistics.median(times) * 1000, "cold start cpu": statistics.median(cpu) * 1000}


PARTS: dict[str, Callable[[bool], dict[str, float]]] = {
    "gin": gin,
    "environments": environments,
    "turns": turns,
    "solver": solver,
    "start": cold_start,
}


def child(parts: list[str], quick: bool) -> None:
    sys.path.insert(0, str(HERE))
    import rummylib

    random.seed(0)
    found: dict[str, float] = {}
    for part in parts:
        found.update(PARTS[part](quick))
    print(json.dumps({"build": str(rummylib.build_info()), "figures": found}))


def run_child(python: str, parts: list[str], quick: bool) -> dict[str, Any]:
    command = [python, str(Path(__file__).resolve()), "--child", "--parts", ",".join(parts)]
    command += ["--quick"] if quick else []
    done = subprocess.run(command, capture_output=True, text=True, check=False, cwd=tempfile.gettempdir())
    if done.returncode != 0:
        sys.exit(f"{python}: the measurements failed:\n{done.stderr[-3000:]}")
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def _fmt(value: float | None) -> str:
    if value is None:
        return "—"
    return f"{value:.0f}" if value >= 100 else f"{value:.1f}" if value >= 10 else f"{value:.2f}"


def table(runs: list[tuple[str, dict[str, Any]]]) -> str:
    heads = " | ".join(name for name, _ in runs)
    lines = [f"| work | unit | {heads} | goal | met |", "|---|---|" + "---:|" * len(runs) + "---:|---|"]
    for key, what, unit, goal, lower in GOALS:
        values = [run["figures"].get(key) for _, run in runs]
        last = values[-1]
        met = "" if last is None else ("yes" if (last <= goal if lower else last >= goal) else "no")
        sign = "≤" if lower else "≥"
        cells = " | ".join(_fmt(v) for v in values)
        lines.append(f"| {what} | {unit} | {cells} | {sign} {goal:g} | {met} |")
    return "\n".join(lines)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--before", help="the Python of the build before")
    ap.add_argument("--after", help="the Python of the build after (or the only one)")
    ap.add_argument("--parts", default=",".join(PARTS), help=f"comma-separated, of: {', '.join(PARTS)}")
    ap.add_argument("--quick", action="store_true", help="fewer hands, steps and positions (a rough look)")
    ap.add_argument("--write", action="store_true", help="write benchmarks/results/peers.md")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    parts = [p for p in args.parts.split(",") if p]
    if args.child:
        child(parts, args.quick)
        return 0
    if not args.after:
        ap.error("give --after (and --before to compare)")
    runs = [
        (label, run_child(python, parts, args.quick))
        for label, python in (("before", args.before), ("after", args.after))
        if python
    ]
    stamp = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    command = (
        "python benchmarks/bench_peers.py" + (" --before OLD_PYTHON" if args.before else "") + " --after NEW_PYTHON"
    )
    command += " --quick" if args.quick else ""
    body = "\n".join(
        [
            "# Against the fastest peers: the engine's targets, before and after",
            "",
            f"Measured {stamp}, CPython {platform.python_version()}, {platform.machine()}, CPU time (the cold start's first row: wall time); command:",
            "",
            "```console",
            f"$ {command} --write",
            "```",
            "",
            *[f"* {label}: `{run['build']}`" for label, run in runs],
            "",
            table(runs),
            "",
        ]
    )
    print(body)
    if args.write:
        out = HERE / "results" / "peers.md"
        out.write_text(body, encoding="utf-8")
        print(f"wrote {out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
