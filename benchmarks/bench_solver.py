"""rummylib's exact solver against the PyPI package ``rummikub-solver``, on the same positions.

Deals random positions (a table of K random valid sets, 15% of them holding a joker, and a rack
of 14-30 tiles from what is left), solves each with both, and prints median / p90 / worst CPU
time (`time.process_time`) per K, the speed-up, and every position where the optima (rack tiles placed) differ. "ours" is
``solve(..., keep_sets=False)`` (any optimal layout, as ``rummikub-solver`` gives); "ours+keep"
is the default, which also searches for a layout that leaves most table sets untouched and
tries to prove it the best ("keep proved" counts the positions where the proof finished).

Run:  .venv/bin/python benchmarks/bench_solver.py [--per-k N] [--seed S] [--out PATH]
      .venv/bin/python benchmarks/bench_solver.py --sweep 1050 [--save PATH] [--compare PATH]  (ours only)
      .venv/bin/python benchmarks/bench_solver.py --budget-seconds S --compare PATH [--hardest N]
      .venv/bin/python benchmarks/bench_solver.py --feasible 300  (can_play on sweep positions)
"""

from __future__ import annotations

import argparse
import datetime
import gc
import json
import random
import statistics
import sys
import time
from collections import Counter
from typing import Any

from rummylib import JOKER, RUMMIKUB, Meld, Piece, Tile, is_valid_meld
from rummylib.rummikub import solve

KS = (0, 5, 10, 15, 20)


def box() -> list[Piece]:
    tiles: list[Piece] = [Tile(c, n) for c in RUMMIKUB.colors for n in range(1, 14) for _ in range(2)]
    return [*tiles, JOKER, JOKER]


def _random_table(rng: random.Random, k: int) -> tuple[list[Meld], Counter[Piece]]:
    """k random valid sets (15% with one joker) from a box, and the tiles of the box left over."""
    pool = Counter(box())
    table: list[Meld] = []
    tries = 0
    while len(table) < k and tries < 10_000:
        tries += 1
        if rng.random() < 0.5:
            color = rng.choice(RUMMIKUB.colors)
            length = rng.choice((3, 3, 4, 4, 5, 6))
            start = rng.randint(1, 14 - length)
            pieces: list[Piece] = [Tile(color, n) for n in range(start, start + length)]
        else:
            number = rng.randint(1, 13)
            size = rng.choice((3, 4))
            pieces = [Tile(c, number) for c in rng.sample(RUMMIKUB.colors, size)]
        if rng.random() < 0.15 and pool[JOKER]:
            pieces[rng.randrange(len(pieces))] = JOKER
        need = Counter(pieces)
        if any(pool[p] < n for p, n in need.items()):
            continue
        pool -= need
        table.append(Meld(tuple(pieces)))
    assert all(is_valid_meld(m, rules=RUMMIKUB) for m in table)
    return table, pool


def deal(seed: int, k: int) -> tuple[list[Meld], list[Piece]]:
    """A table of k random valid sets (15% with one joker) and a rack of 14-30 tiles."""
    rng = random.Random(seed)
    table, pool = _random_table(rng, k)
    rest = list(pool.elements())
    rng.shuffle(rest)
    rack = rest[: rng.randint(14, 30)]
    return table, rack


def deal_sweep(seed: int, k: int) -> tuple[list[Meld], list[Piece]]:
    """A sweep position: k random valid sets (15% with a joker), a rack of 14-30 tiles, 15% with a joker.

    Unlike `deal`, the rack gets a joker with a fixed chance (when one is left), not by the draw.
    """
    rng = random.Random(seed)
    table, pool = _random_table(rng, k)
    jokers_left = pool.pop(JOKER, 0)
    rest = list(pool.elements())
    rng.shuffle(rest)
    rack = rest[: rng.randint(14, 30)]
    if jokers_left and rng.random() < 0.15:
        rack[-1] = JOKER
    return table, rack


def sweep_positions(n: int, seed: int) -> list[tuple[int, int, list[Meld], list[Piece]]]:
    """``n`` sweep positions ``(K, seed, table, rack)``, K = 0..20 in turn."""
    out = []
    for i in range(n):
        k = i % 21
        s = seed * 100_000 + i
        table, rack = deal_sweep(s, k)
        out.append((k, s, table, rack))
    return out


def run_sweep(
    n: int, seed: int, per_k: int, save: str | None, compare: str | None, objective: str = "tiles"
) -> list[str]:
    """Solve ``n`` sweep positions and the ``per_k`` fixed ones per K, default objective; a row per K.

    Every answer is re-judged by `validate_turn`. With ``save`` each answer (tiles, value, changed
    sets, flags, ms, states, the pieces played and the table after) is written as a JSON line; with
    ``compare`` the optimum (tiles, value) of each is checked against such a file from an earlier
    build, and every difference listed, and so is the whole answer when the file holds it (the
    pieces played, the table after, the changed sets and both flags). ``objective`` is passed to
    `solve` (the default objective is ``"tiles"``).
    """
    from rummylib.rummikub import validate_turn

    before: dict[int, dict[str, Any]] = {}
    if compare:
        with open(compare, encoding="utf-8") as fh:
            for line in fh:
                rec = json.loads(line)
                before[rec["seed"]] = rec
    records: list[dict[str, Any]] = []
    by_k: dict[int, list[dict[str, Any]]] = {}
    fixed = [(k, seed * 1000 + k * 100 + i) for k in KS for i in range(per_k)]
    positions = sweep_positions(n, seed) + [(k, s, *deal(s, k)) for k, s in fixed]
    for k, s, table, rack in positions:
        gc.collect()
        w0, t0 = time.perf_counter(), time.process_time()
        sol = solve(table, rack, rules=RUMMIKUB, initial_meld_done=True, objective=objective)
        dt = (time.process_time() - t0) * 1000
        wall = (time.perf_counter() - w0) * 1000
        report = validate_turn(table, rack, list(sol.table_after), rules=RUMMIKUB, initial_meld_done=True)
        assert report.valid or sol.tiles_placed == 0, (k, s, report.to_json())
        rec = {
            "k": k,
            "seed": s,
            "tiles": sol.tiles_placed,
            "value": sol.value_placed,
            "changed": sol.changed_sets,
            "changes_proved": sol.changes_proved,
            "proved": getattr(sol, "proved", True),
            "ms": round(dt, 3),
            "wall_ms": round(wall, 3),
            "nodes": sol.nodes,
            "table_joker": any(p == JOKER for m in table for p in m.pieces),
            "played": " ".join(str(p) for p in sol.played),
            "after": " | ".join(str(m) for m in sol.table_after),
        }
        records.append(rec)
        by_k.setdefault(k, []).append(rec)
    if save:
        with open(save, "w", encoding="utf-8") as fh:
            for rec in records:
                fh.write(json.dumps(rec) + "\n")
    diffs = [
        f"* K={r['k']} seed={r['seed']}: now {r['tiles']} tiles / {r['value']} points, before "
        f"{before[r['seed']]['tiles']} / {before[r['seed']]['value']}"
        for r in records
        if r["seed"] in before and (r["tiles"], r["value"]) != (before[r["seed"]]["tiles"], before[r["seed"]]["value"])
    ]
    answer = ("tiles", "value", "changed", "changes_proved", "proved", "played", "after")
    changed = [
        f"* K={r['k']} seed={r['seed']}: " + ", ".join(f"{f} {b[f]!r} -> {r[f]!r}" for f in answer if b[f] != r[f])
        for r in records
        if (b := before.get(r["seed"])) is not None and "after" in b and any(b[f] != r[f] for f in answer)
    ]
    lines = [
        f"Sweep: {n} random positions (seed {seed}), K = 0..20, and the {len(fixed)} fixed positions of the "
        f"benchmark (K = {', '.join(map(str, KS))}), default objective; CPU times in ms.",
        "",
        "| K | positions | table joker | median | p90 | p99 | worst | over 100 ms | states median | states max "
        "| changes proved | proved |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for k in sorted(by_k):
        rs = by_k[k]
        ms = [r["ms"] for r in rs]
        nodes = [r["nodes"] for r in rs]
        lines.append(
            f"| {k} | {len(rs)} | {sum(r['table_joker'] for r in rs)} | {statistics.median(ms):.1f} "
            f"| {pct(ms, 0.9):.1f} | {pct(ms, 0.99):.1f} | {max(ms):.1f} | {sum(m > 100 for m in ms)} "
            f"| {statistics.median(nodes):.0f} | {max(nodes)} | {sum(r['changes_proved'] for r in rs)}/{len(rs)} "
            f"| {sum(r['proved'] for r in rs)}/{len(rs)} |"
        )
    ms_all = [r["ms"] for r in records]
    nodes_all = [float(r["nodes"]) for r in records]
    lines.append("")
    lines.append(
        f"All: median {statistics.median(ms_all):.1f} ms, p90 {pct(ms_all, 0.9):.1f} ms, p99 {pct(ms_all, 0.99):.1f} ms, "
        f"worst {max(ms_all):.1f} ms, {sum(m > 100 for m in ms_all)} over 100 ms; states median "
        f"{statistics.median(nodes_all):.0f}, p90 {pct(nodes_all, 0.9):.0f}, p99 {pct(nodes_all, 0.99):.0f}, "
        f"worst {max(nodes_all):.0f}, total {sum(nodes_all):.0f}; every answer re-judged valid by validate_turn."
    )
    if compare:
        lines.append(f"Optimum (tiles, value) different from {compare}: {len(diffs)} of {len(records)}")
        lines.extend(diffs)
        whole = sum(1 for r in records if "after" in before.get(r["seed"], {}))
        lines.append(f"Whole answer (played, table after, changed sets, flags) different: {len(changed)} of {whole}")
        lines.extend(changed)
    return lines


def run_budget_check(
    seconds: float, saved: str, hardest: int, seed: int, per_k: int, nodes: int | None = None
) -> list[str]:
    """``solve`` under ``Budget(seconds=...)`` on the positions of a ``--save`` file: is it the optimum?

    With ``nodes`` the budget is that many search states instead (the same on any machine).

    Every position of the file is solved (the sweep and the fixed ones); the answers are checked
    against the file's optimum (tiles, value), re-judged by `validate_turn`, and their CPU time
    is compared with the budget. The figures are given for all of them and for the ``hardest``
    with the most states in the file.
    """
    from rummylib import SearchLimitReached
    from rummylib.rummikub import Budget, validate_turn

    with open(saved, encoding="utf-8") as fh:
        recs = sorted((json.loads(line) for line in fh), key=lambda r: -r["nodes"])
    hard = {r["seed"] for r in recs[:hardest]}
    positions = {s: (table, rack) for _k, s, table, rack in sweep_positions(1050, seed)}
    positions.update({s: deal(s, k) for k in KS for s in (seed * 1000 + k * 100 + i for i in range(per_k))})
    budget = Budget(nodes=nodes) if nodes is not None else Budget(seconds=seconds)
    limit = seconds * 1000 + 5
    rows: dict[str, list[int]] = {"all": [0, 0, 0, 0, 0], "hardest": [0, 0, 0, 0, 0]}
    times: list[float] = []
    for rec in recs:
        table, rack = positions[rec["seed"]]
        gc.collect()
        t0 = time.process_time()
        optimum = raised = unproved = 0
        try:
            sol = solve(table, rack, rules=RUMMIKUB, initial_meld_done=True, budget=budget)
        except SearchLimitReached:
            raised = 1
        else:
            unproved = not sol.proved
            optimum = (sol.tiles_placed, sol.value_placed) == (rec["tiles"], rec["value"])
            if sol.tiles_placed:
                report = validate_turn(table, rack, list(sol.table_after), rules=RUMMIKUB, initial_meld_done=True)
                assert report.valid, (rec["seed"], report.to_json())
        dt = (time.process_time() - t0) * 1000
        times.append(dt)
        for name in ("all", "hardest") if rec["seed"] in hard else ("all",):
            row = rows[name]
            row[0] += 1
            row[1] += optimum
            row[2] += raised
            row[3] += unproved
            row[4] += dt > limit
    lines = [
        f"{budget!r} on the {len(recs)} positions of {saved}; CPU time; the optimum is the file's "
        f"(tiles, value); every answer re-judged valid by validate_turn.",
        "",
        f"| positions | count | optimum | raised | not proved | over {limit:.0f} ms |",
        "|---|---|---|---|---|---|",
    ]
    for name, (n, opt, raised, unproved, over) in rows.items():
        lines.append(
            f"| {name if name == 'all' else f'{hardest} hardest'} | {n} | {opt} ({100 * opt / max(1, n):.2f}%) "
            f"| {raised} | {unproved} | {over} |"
        )
    lines.append("")
    lines.append(f"CPU time per call: median {statistics.median(times):.1f} ms, worst {max(times):.1f} ms.")
    return lines


def run_feasible(n: int, seed: int, per_position: int, check: bool) -> list[str]:
    """Time `can_play` on ``n`` sweep positions, each with ``per_position`` random subsets of its rack.

    A subset keeps each rack tile with a chance of 10%, 30% or 60% (drawn per subset), so most
    hold 2 to 18 tiles; an empty one is skipped. Both answers come out often. With ``check``, the
    same question is also put to `solve` (just those tiles as the rack, ``keep_sets=False``: does
    it place them all?), timed the same way, and the answers must agree. Times are CPU time of
    this process (`time.process_time`), so that a busy machine counts less.
    """
    from rummylib.rummikub import can_play

    rng = random.Random(seed)
    times: list[float] = []
    yes = 0
    by_answer: dict[bool, list[float]] = {True: [], False: []}
    oracle: list[float] = []
    for _k, _s, table, rack in sweep_positions(n, seed):
        for _ in range(per_position):
            share = rng.choice((0.1, 0.3, 0.6))
            tiles = [p for p in rack if rng.random() < share]
            if not tiles:
                continue
            gc.collect()
            t0 = time.process_time()
            answer = can_play(table, tiles, rules=RUMMIKUB, initial_meld_done=True)
            dt = (time.process_time() - t0) * 1000
            times.append(dt)
            by_answer[answer].append(dt)
            yes += answer
            if check:
                gc.collect()
                t0 = time.process_time()
                sol = solve(table, tiles, rules=RUMMIKUB, initial_meld_done=True, keep_sets=False)
                oracle.append((time.process_time() - t0) * 1000)
                assert (sol.tiles_placed == len(tiles)) == answer, (_s, [str(p) for p in tiles])
    lines = [
        f"can_play on {n} sweep positions (seed {seed}) x {per_position} random subsets of the rack: "
        f"{len(times)} questions, {yes} answered yes; CPU times in ms.",
        "",
        "| answer | questions | median | p90 | p99 | worst |",
        "|---|---|---|---|---|---|",
    ]
    for name, xs in (("yes", by_answer[True]), ("no", by_answer[False]), ("all", times)):
        if xs:
            lines.append(
                f"| {name} | {len(xs)} | {statistics.median(xs):.2f} | {pct(xs, 0.9):.2f} | {pct(xs, 0.99):.1f} "
                f"| {max(xs):.1f} |"
            )
    if oracle:
        lines.append(
            f"| solve, same questions | {len(oracle)} | {statistics.median(oracle):.2f} | {pct(oracle, 0.9):.2f} "
            f"| {pct(oracle, 0.99):.1f} | {max(oracle):.1f} |"
        )
        lines.append("")
        lines.append("Every answer agreed with solve's (does it place all the tiles?).")
    return lines


def theirs_setup() -> Any:
    try:
        import rummikub_solver as rs
    except ImportError:
        return None
    ruleset = rs.RuleSet()
    tiles = ruleset.tiles
    index: dict[Piece, Any] = {}
    for i, color in enumerate(RUMMIKUB.colors):
        for n in range(1, 14):
            index[Tile(color, n)] = tiles[i * 13 + n - 1]
    index[JOKER] = tiles[-1]
    return rs, ruleset, index


def solve_theirs(setup: Any, table: list[Meld], rack: list[Piece]) -> tuple[int | None, float]:
    rs, ruleset, index = setup
    state = ruleset.new_game()
    state.initial = False
    table_tiles = [index[p] for m in table for p in m.pieces]
    if table_tiles:
        state.add_table(*table_tiles)
    state.add_rack(*[index[p] for p in rack])
    gc.collect()  # neither solver pays for the other's garbage
    t0 = time.process_time()
    try:
        answer = ruleset.solve(state, mode=rs.SolverMode.TILE_COUNT)
    except Exception:  # their solver fails on tables it cannot represent
        return None, time.process_time() - t0
    dt = time.process_time() - t0
    return (0 if answer is None else len(answer.tiles)), dt


def solve_ours(table: list[Meld], rack: list[Piece], *, keep_sets: bool = True) -> tuple[int, float, Any]:
    gc.collect()
    t0 = time.process_time()
    s = solve(table, rack, rules=RUMMIKUB, initial_meld_done=True, keep_sets=keep_sets)
    return s.tiles_placed, time.process_time() - t0, s


SHOWCASE = (
    (
        "r10 r11 r12 *",
        "r13 b5",
        "R13 fits only as `* R10 R11 R12 R13`, a 5-run with the joker at one end, which is not in "
        "rummikub-solver's set list",
    ),
    (
        "r5 r6 r7",
        "r8 *",
        "both go down only as `R5 R6 R7 R8 *`, again a joker at one end of a 5-run",
    ),
    (
        "k7 b7 y7",
        "r7 *",
        "a group of four takes one more piece; both place one (rummylib the joker, worth 30, by its value tie-break)",
    ),
)
"""Hand-made positions that show where the two solvers' rules differ, solved on every run."""


def showcase(setup: Any) -> list[str]:
    """Solve the hand-made positions with both solvers; one table row each."""
    from rummylib import parse_pieces

    rows = ["| table | rack | rummikub-solver | rummylib | why |", "|---|---|---|---|---|"]
    for table_text, rack_text, why in SHOWCASE:
        table = [Meld.parse(m, rules=RUMMIKUB) for m in table_text.split("|")]
        rack = list(parse_pieces(rack_text, rules=RUMMIKUB))
        theirs, _ = solve_theirs(setup, table, rack)
        ours, _, _ = solve_ours(table, rack)
        rows.append(f"| `{table_text}` | `{rack_text}` | {theirs} | {ours} | {why} |")
    return rows


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--per-k", type=int, default=40)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--out", default=None)
    ap.add_argument("--ours-only", action="store_true")
    ap.add_argument("--sweep", type=int, default=0, help="solve this many sweep positions (ours only) instead")
    ap.add_argument("--save", default=None, help="with --sweep: write every answer to this JSON-lines file")
    ap.add_argument("--compare", default=None, help="with --sweep: check each optimum against a --save file")
    ap.add_argument("--objective", default="tiles", help="with --sweep: the objective solve is asked for")
    ap.add_argument("--budget-seconds", type=float, default=None, help="time calls under this Budget instead")
    ap.add_argument("--budget-nodes", type=int, default=None, help="with --budget-seconds: a budget in states instead")
    ap.add_argument("--hardest", type=int, default=30, help="with --budget-seconds: how many positions of --compare")
    ap.add_argument("--feasible", type=int, default=0, help="time can_play on this many sweep positions instead")
    ap.add_argument("--check", action="store_true", help="with --feasible: also ask solve, and check the answers")
    args = ap.parse_args()
    if args.feasible:
        solve([], list(box()[:14]), rules=RUMMIKUB, initial_meld_done=True)
        text = "\n".join(run_feasible(args.feasible, args.seed, 3, args.check))
        print(text)
        if args.out:
            with open(args.out, "w", encoding="utf-8") as fh:
                fh.write(text + "\n")
        return 0
    if args.budget_seconds is not None:
        if not args.compare:
            ap.error("--budget-seconds needs --compare (a --save file of the sweep)")
        solve([], list(box()[:14]), rules=RUMMIKUB, initial_meld_done=True)
        text = "\n".join(
            run_budget_check(args.budget_seconds, args.compare, args.hardest, args.seed, args.per_k, args.budget_nodes)
        )
        print(text)
        if args.out:
            with open(args.out, "w", encoding="utf-8") as fh:
                fh.write(text + "\n")
        return 0
    if args.sweep:
        solve([], list(box()[:14]), rules=RUMMIKUB, initial_meld_done=True)
        text = "\n".join(run_sweep(args.sweep, args.seed, args.per_k, args.save, args.compare, args.objective))
        print(text)
        if args.out:
            with open(args.out, "w", encoding="utf-8") as fh:
                fh.write(text + "\n")
        return 0
    setup = None if args.ours_only else theirs_setup()
    if setup is not None:  # warm up (their first call builds the model)
        solve_theirs(setup, [], list(box()[:14]))
    solve_ours([], list(box()[:14]))
    lines = [
        f"Command: `.venv/bin/python benchmarks/bench_solver.py --per-k {args.per_k} --seed {args.seed}`"
        + (" (ours only)" if args.ours_only else ""),
        f"Date: {datetime.date.today().isoformat()}; Python {sys.version.split()[0]}; "
        f"{args.per_k} positions per K; times in ms.",
        "",
        "| K | table tiles (mean) | rack (mean) | ours median | ours p90 | ours worst "
        "| ours+keep median | ours+keep p90 | ours+keep p99 | ours+keep worst | keep proved "
        "| theirs median | theirs p90 | theirs worst | speed-up | speed-up +keep |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    diffs: list[str] = []
    every_keep: list[float] = []
    for k in KS:
        ours_t: list[float] = []
        keep_t: list[float] = []
        theirs_t: list[float] = []
        proved = 0
        sizes: list[int] = []
        racks: list[int] = []
        for i in range(args.per_k):
            seed = args.seed * 1000 + k * 100 + i
            table, rack = deal(seed, k)
            sizes.append(sum(len(m) for m in table))
            racks.append(len(rack))
            n_ours, dt_ours, sol = solve_ours(table, rack, keep_sets=False)
            ours_t.append(dt_ours * 1000)
            n_keep, dt_keep, kept = solve_ours(table, rack)
            keep_t.append(dt_keep * 1000)
            proved += kept.changes_proved
            assert n_keep == n_ours
            if setup is not None:
                n_theirs, dt_theirs = solve_theirs(setup, table, rack)
                theirs_t.append(dt_theirs * 1000)
                if n_theirs != n_ours:
                    diffs.append(
                        f"* K={k} seed={seed}: ours {n_ours}, theirs {n_theirs}; table "
                        f"`{' | '.join(str(m) for m in table)}`; rack `{' '.join(str(p) for p in rack)}`; "
                        f"ours plays `{' '.join(str(p) for p in sol.played)}`"
                    )
        row = (
            f"| {k} | {statistics.mean(sizes):.1f} | {statistics.mean(racks):.1f} "
            f"| {statistics.median(ours_t):.1f} | {pct(ours_t, 0.9):.1f} | {max(ours_t):.1f} "
            f"| {statistics.median(keep_t):.1f} | {pct(keep_t, 0.9):.1f} | {pct(keep_t, 0.99):.1f} | {max(keep_t):.1f} "
            f"| {proved}/{args.per_k} "
        )
        if theirs_t:
            speed = statistics.median(theirs_t) / statistics.median(ours_t)
            speed_keep = statistics.median(theirs_t) / statistics.median(keep_t)
            row += (
                f"| {statistics.median(theirs_t):.1f} | {pct(theirs_t, 0.9):.1f} | {max(theirs_t):.1f} "
                f"| {speed:.1f}x | {speed_keep:.1f}x |"
            )
        else:
            row += "| - | - | - | - | - |"
        lines.append(row)
        every_keep.extend(keep_t)
        print(row, flush=True)
    lines.append("")
    lines.append(
        f"Default solve over all {len(every_keep)} positions: median {statistics.median(every_keep):.1f} ms, "
        f"p99 {pct(every_keep, 0.99):.1f} ms, worst {max(every_keep):.1f} ms (CPU time)."
    )
    lines.append("")
    lines.append(f"Positions where the optima differ: {len(diffs)}")
    lines.extend(diffs)
    if setup is not None:
        lines.append("")
        lines.append("Hand-made positions (tiles placed by each):")
        lines.append("")
        lines.extend(showcase(setup))
    text = "\n".join(lines)
    print(text)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as fh:
            fh.write(text + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
