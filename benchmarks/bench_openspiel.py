"""Random-rollout games per second: rummylib's Gin Rummy through OpenSpiel against OpenSpiel's own C++ Gin.

Both games are played to the end by uniform random moves (chance nodes sampled by their
probabilities) through pyspiel, in the same run: ``python_rummylib_gin_rummy`` (rummylib's
referee, one hand) and OpenSpiel's C++ ``gin_rummy`` (one hand). Prints games per second of each,
the mean moves per game, and the ratio.

    PYTHONPATH=src python benchmarks/bench_openspiel.py --seconds 10
"""

from __future__ import annotations

import argparse
import random
import time

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
    args = parser.parse_args()
    ours, our_moves = measure("python_rummylib_gin_rummy", args.seconds)
    theirs, their_moves = measure("gin_rummy", args.seconds)
    print(f"python_rummylib_gin_rummy: {ours:.1f} games/s ({our_moves:.0f} moves a game, chance nodes included)")
    print(f"gin_rummy (OpenSpiel, C++): {theirs:.1f} games/s ({their_moves:.0f} moves a game, chance nodes included)")
    print(f"ratio C++ / rummylib: {theirs / ours:.1f}")


if __name__ == "__main__":
    main()
