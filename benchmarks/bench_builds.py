"""The pure-Python and the compiled build side by side, peers in the same run.

Run with two environments, one per build (the compiled one from
``HATCH_BUILD_HOOK_ENABLE_MYPYC=1 pip install .``, each with the ``agents`` extra and, for the
peers, ``open_spiel`` and ``shimmy``):

    python benchmarks/bench_builds.py --pure .venv/bin/python --compiled .venv-compiled/bin/python --write

The driver starts the same measurements once under each interpreter (``--child``), one after the
other in one run, and prints one table: each piece of work, its figure for each build, the speed-up
of the compiled build, and the peer measured in the same child where one exists. Times are CPU
time of the process (``time.process_time``), so other jobs on the machine matter less. The solver
rows also check that both builds give the same answer and search the same number of states on
every position. ``--write`` writes ``benchmarks/results/builds.md``.
"""

from __future__ import annotations

import argparse
import datetime
import json
import platform
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
LOWER_IS_BETTER = ("µs", "ms", "s", "× json.loads")


def _cpu(fn: Callable[[Any], object], items: list[Any], repeat: int = 1) -> float:
    """The least CPU time, over ``repeat`` runs, of calling ``fn`` on every item."""
    best = float("inf")
    for _ in range(repeat):
        t0 = time.process_time()
        for item in items:
            fn(item)
        best = min(best, time.process_time() - t0)
    return best


# --- the measurements, run in a child under each build -----------------------------------------


def gin_rows(quick: bool) -> list[dict[str, Any]]:
    import bench_gin

    n = 300 if quick else 2000
    kinds = bench_gin.make_hands(n)
    ours = bench_gin.rummylib_solver()
    ours(kinds["random 10"][0])
    peer = bench_gin.openspiel_solver()
    rows = []
    for kind, hands in kinds.items():
        mean = _cpu(ours, hands, repeat=3) / len(hands) * 1e6
        row: dict[str, Any] = {
            "topic": "Gin",
            "work": f"Gin least deadwood, {kind} (mean)",
            "unit": "µs",
            "value": mean,
        }
        if peer is not None:
            solve, convert = peer
            converted = [convert(h) for h in hands]
            row["peer"] = "OpenSpiel C++"
            row["peer_value"] = _cpu(solve, converted, repeat=3) / len(hands) * 1e6
        rows.append(row)
    return rows


def meld_rows(quick: bool) -> list[dict[str, Any]]:
    import bench_meld

    from rummylib import Meld

    rows = []
    for name, rules, texts in bench_meld.CASES[:: 2 if quick else 1]:
        melds = [Meld.parse(t, rules=rules) for t in texts]
        for cold in (True, False):
            rate = bench_meld.rate(rules, melds, 0.3 if quick else 1.0, cold=cold)
            sight = "first sight" if cold else "seen before"
            rows.append({"topic": "melds", "work": f"{name} ({sight})", "unit": "µs", "value": 1e6 / rate})
    return rows


def turn_rows(quick: bool) -> list[dict[str, Any]]:
    import contextlib
    import io

    import bench_turn

    rows = []
    for size in (25, 75, 95) if not quick else (75, 95):
        with contextlib.redirect_stdout(io.StringIO()):
            _size, tiles, _sets, r_json, r_cold, _r_warm, r_batch = bench_turn._measure(size)
        rows.append(
            {
                "topic": "turns",
                "work": f"batch turn, {tiles} tiles, seen before",
                "unit": "× json.loads",
                "value": r_json / r_batch,
            }
        )
        rows.append(
            {
                "topic": "turns",
                "work": f"validate_turn, {tiles} tiles, first sight",
                "unit": "× json.loads",
                "value": r_json / r_cold,
            }
        )
    return rows


def solver_rows(quick: bool) -> list[dict[str, Any]]:
    import bench_solver

    from rummylib import RUMMIKUB
    from rummylib.rummikub import clear_caches, solve

    per_k = 3 if quick else 8
    positions = [bench_solver.deal(1000 * k + i, k) for k in bench_solver.KS for i in range(per_k)]
    answers = []
    for table, rack in positions:
        clear_caches()
        t0 = time.process_time()
        s = solve(table, rack, rules=RUMMIKUB, initial_meld_done=True)
        dt = time.process_time() - t0
        answers.append({"seconds": dt, "tiles": s.tiles_placed, "value": s.value_placed, "states": s.nodes})
    total = sum(a["seconds"] for a in answers)
    return [
        {
            "topic": "solver",
            "work": f"solve, {len(positions)} positions (K = 0-20 table sets), total",
            "unit": "s",
            "value": total,
            "positions": answers,
        }
    ]


def referee_rows(quick: bool) -> list[dict[str, Any]]:
    import bench_legal_actions as bla

    games = 2 if quick else 6
    rows = []
    for name, deal in bla.ROWS:
        if "Rummikub" in name or ("buys" in name) or ("ratio" in name) or ("Oklahoma" in name) or ("6 players" in name):
            continue
        times: list[float] = []
        sizes: list[int] = []
        applies: list[float] = []
        for seed in range(games):
            bla.play(deal, seed, times, sizes, applies)
        rows.append(
            {
                "topic": "referees",
                "work": f"{name}: legal_actions, median",
                "unit": "µs",
                "value": statistics.median(times) * 1e6,
            }
        )
        rows.append(
            {
                "topic": "referees",
                "work": f"{name}: apply, median",
                "unit": "µs",
                "value": statistics.median(applies) * 1e6,
            }
        )
    return rows


def _shimmy_gin(steps: int, seed: int) -> float | None:
    try:
        from shimmy import OpenSpielCompatibilityV0
    except ImportError:
        return None
    env = OpenSpielCompatibilityV0(game_name="gin_rummy")
    rng = random.Random(seed)
    env.reset(seed=seed)
    done = 0
    t0 = time.process_time()
    while done < steps:
        agent = env.agent_selection
        if env.terminations[agent] or env.truncations[agent]:
            env.step(None)
            if not env.agents:
                env.reset(seed=rng.randrange(10**9))
            continue
        _obs = env.observe(agent)
        mask = env.infos[agent]["action_mask"]
        legal = [i for i, m in enumerate(mask) if m]
        env.step(legal[rng.randrange(len(legal))])
        done += 1
    return steps / (time.process_time() - t0)


def agent_rows(quick: bool) -> list[dict[str, Any]]:
    import bench_agents

    steps = 1500 if quick else 4000
    rows = []
    for name, make in bench_agents.ENVS.items():
        if "rlcard" in name:
            continue
        n = steps // 10 if "rummikub" in name else steps
        bench_agents.run_env(make, 50, seed=0)  # the engines' tables are built once per process: not timed
        t0 = time.process_time()
        _rate, times = bench_agents.run_env(make, n, seed=1)
        rate = len(times) / (time.process_time() - t0)
        row: dict[str, Any] = {
            "topic": "environments",
            "work": f"{name}, random masked play",
            "unit": "steps/s",
            "value": rate,
        }
        if name == "gin_rummy_v0":
            peer = _shimmy_gin(n, seed=1)
            if peer is not None:
                row["peer"], row["peer_value"] = "OpenSpiel gin through Shimmy", peer
        rows.append(row)
    return rows


TOPICS: dict[str, Callable[[bool], list[dict[str, Any]]]] = {
    "gin": gin_rows,
    "melds": meld_rows,
    "turns": turn_rows,
    "solver": solver_rows,
    "referees": referee_rows,
    "environments": agent_rows,
}


def child(topics: list[str], quick: bool) -> None:
    sys.path.insert(0, str(HERE))
    import rummylib

    rows = []
    for topic in topics:
        rows += TOPICS[topic](quick)
    print(json.dumps({"build": str(rummylib.build_info()), "python": platform.python_version(), "rows": rows}))


# --- the driver ---------------------------------------------------------------------------------


def run_child(python: str, topics: list[str], quick: bool) -> dict[str, Any]:
    command = [python, str(Path(__file__).resolve()), "--child", "--topics", ",".join(topics)] + (
        ["--quick"] if quick else []
    )
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        sys.exit(f"{python}: the measurements failed:\n{done.stderr[-3000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def _fmt(value: float, unit: str) -> str:
    if unit == "steps/s":
        return f"{value:,.0f}"
    if unit == "s":
        return f"{value:.2f}"
    return f"{value:.1f}" if value >= 10 else f"{value:.2f}"


def table(pure: dict[str, Any], compiled: dict[str, Any]) -> tuple[str, list[str]]:
    notes: list[str] = []
    lines = [
        "| work | unit | pure Python | compiled | compiled speed-up | peer (same run, compiled child) | peer | compiled vs peer |",
        "|---|---|---:|---:|---:|---|---:|---:|",
    ]
    for p, c in zip(pure["rows"], compiled["rows"], strict=True):
        assert p["work"] == c["work"]
        unit = p["unit"]
        lower = unit in LOWER_IS_BETTER
        speedup = p["value"] / c["value"] if lower else c["value"] / p["value"]
        peer, vs = c.get("peer", ""), ""
        peer_value = ""
        if peer:
            peer_value = _fmt(c["peer_value"], unit)
            ratio = c["value"] / c["peer_value"]
            vs = f"{ratio:.2f}× the peer's time" if lower else f"{ratio:.2f}× the peer's rate"
        lines.append(
            f"| {p['work']} | {unit} | {_fmt(p['value'], unit)} | {_fmt(c['value'], unit)} | {speedup:.2f}× | {peer} | {peer_value} | {vs} |"
        )
        if "positions" in p:
            ups = [
                a["seconds"] / b["seconds"]
                for a, b in zip(p["positions"], c["positions"], strict=True)
                if b["seconds"] > 0
            ]
            same = all(
                (a["tiles"], a["value"], a["states"]) == (b["tiles"], b["value"], b["states"])
                for a, b in zip(p["positions"], c["positions"], strict=True)
            )
            timed = [(a, b) for a, b in zip(p["positions"], c["positions"], strict=True) if a["seconds"] >= 0.005]
            ups_timed = [a["seconds"] / b["seconds"] for a, b in timed]
            lines.append(
                f"| solve, per position: least / median speed-up (positions over 5 ms pure: {len(timed)}) | × | | | "
                f"{min(ups_timed or ups):.2f}× / {statistics.median(ups):.2f}× | | | |"
            )
            notes.append(
                f"Solver: the same answer (tiles, value) and the same number of search states on every one of the "
                f"{len(p['positions'])} positions: {'yes' if same else 'NO'}."
            )
    return "\n".join(lines), notes


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pure", help="the Python of an environment with the pure-Python build")
    ap.add_argument("--compiled", help="the Python of an environment with the compiled build")
    ap.add_argument("--topics", default=",".join(TOPICS), help=f"comma-separated, of: {', '.join(TOPICS)}")
    ap.add_argument("--quick", action="store_true", help="fewer hands, positions and steps (a rough look)")
    ap.add_argument("--write", action="store_true", help="write benchmarks/results/builds.md")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    topics = [t for t in args.topics.split(",") if t]
    if args.child:
        child(topics, args.quick)
        return 0
    if not (args.pure and args.compiled):
        ap.error("give --pure and --compiled")
    pure = run_child(args.pure, topics, args.quick)
    compiled = run_child(args.compiled, topics, args.quick)
    if "compiled" not in compiled["build"]:
        sys.exit(f"--compiled is not a compiled build: {compiled['build']}")
    text, notes = table(pure, compiled)
    stamp = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    command = (
        "python benchmarks/bench_builds.py --pure PURE_PYTHON --compiled COMPILED_PYTHON"
        + (" --quick" if args.quick else "")
        + (f" --topics {args.topics}" if args.topics != ",".join(TOPICS) else "")
    )
    body = "\n".join(
        [
            "# The two builds side by side",
            "",
            f"Measured {stamp}, CPython {pure['python']}, {platform.machine()}, CPU time; command:",
            "",
            "```console",
            f"$ {command} --write",
            "```",
            "",
            f"* pure: `{pure['build']}`",
            f"* compiled: `{compiled['build']}`",
            "",
            text,
            "",
            *[f"{n}" for n in notes],
            "",
        ]
    )
    print(body)
    if args.write:
        out = HERE / "results" / "builds.md"
        out.write_text(body, encoding="utf-8")
        print(f"wrote {out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
