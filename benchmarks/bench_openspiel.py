"""Random-rollout games per second: rummylib's Gin Rummy through OpenSpiel against OpenSpiel's own C++ Gin.

Both games are played to the end by uniform random moves (chance nodes sampled by their
probabilities) through pyspiel, in the same run: ``python_rummylib_gin_rummy`` (rummylib's
referee, one hand) and OpenSpiel's C++ ``gin_rummy`` (one hand). Prints games per second of each
(the best of ``--repeat`` runs), the mean moves per game, and the ratio; ``--write`` also writes
``benchmarks/results/openspiel.md`` (shown on the performance page).

    PYTHONPATH=src python benchmarks/bench_openspiel.py --seconds 10 --repeat 3 --write
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import random
import time
from pathlib import Path

import pyspiel

import rummylib.agents.openspiel  # noqa: F401 - registers the games


def rollout(game: pyspiel.Game, rng: random.Random) -> int:
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return len(state.history())


def measure(name: str, seconds: float) -> tuple[float, float]:
    game = pyspiel.load_game(name)
    rng = random.Random(0)
    rollout(game, rng)  # warm up
    games = moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        moves += rollout(game, rng)
        games += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, moves / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    rows = []
    for name, label in (
        ("python_rummylib_gin_rummy", "python_rummylib_gin_rummy (rummylib's referee, Python)"),
        ("gin_rummy", "gin_rummy (OpenSpiel, C++)"),
    ):
        runs = [measure(name, args.seconds) for _ in range(args.repeat)]
        rate = max(r[0] for r in runs)
        moves = sum(r[1] for r in runs) / len(runs)
        rows.append((label, rate, moves))
        print(f"{label}: {rate:.1f} games/s ({moves:.0f} moves a game, chance nodes included)", flush=True)
    ratio = rows[1][1] / rows[0][1]
    print(f"ratio C++ / rummylib: {ratio:.1f}")
    if args.write:
        load = os.getloadavg()[0]
        quiet = "quiet" if load < 1.5 else "shared with other jobs"
        text = f"""# OpenSpiel: random-rollout games per second, rummylib's Gin against OpenSpiel's

`benchmarks/bench_openspiel.py` plays whole Gin hands by uniform random moves through pyspiel:
chance nodes sampled by their probabilities (the deal), then a random legal action at every
decision, until the hand ends. Both games in the same run: `python_rummylib_gin_rummy`
(`rummylib.agents.openspiel`, rummylib's Gin referee in Python) and OpenSpiel's own C++
`gin_rummy`. games/s is the best of {args.repeat} runs of {args.seconds:g} s each.

Command (the `openspiel` extra installed):

    python benchmarks/bench_openspiel.py --seconds {args.seconds:g} --repeat {args.repeat} --write

Measured {datetime.date.today().isoformat()} on the 2-core development machine ({quiet}, load
average {load:.1f}), pure Python, CPython {platform.python_version()}.

| game | games/s | moves a game (chance included) |
|---|---:|---:|
"""
        for label, rate, moves in rows:
            text += f"| {label} | {rate:,.1f} | {moves:.0f} |\n"
        text += f"\nOpenSpiel's C++ Gin plays {ratio:.1f} times as many random games a second as rummylib's through OpenSpiel.\n"
        out = Path(__file__).parent / "results" / "openspiel.md"
        out.write_text(text, encoding="utf-8")
        print(f"wrote {out}")


if __name__ == "__main__":
    main()
