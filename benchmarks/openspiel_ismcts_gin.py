"""An information-set MCTS bot (OpenSpiel's ISMCTSBot) against uniform random play at Gin Rummy.

The game is ``python_rummylib_gin_rummy`` (one hand, rummylib's referee); the bot samples the cards
it has not seen with the state's ``resample_from_infostate`` and evaluates leaves with random
rollouts. Seats alternate; every hand is seeded. Prints the bot's mean return (points per hand,
zero-sum) with a 95% interval, and its wins, draws and losses.

    PYTHONPATH=src python benchmarks/openspiel_ismcts_gin.py --hands 20 --simulations 25
"""

from __future__ import annotations

import argparse
import math
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import rummylib.agents.openspiel  # noqa: F401 - registers the games


def play(game: pyspiel.Game, seat: int, bot: ismcts.ISMCTSBot, rand: pyspiel.Bot, rng: np.random.RandomState) -> list[float]:
    """One hand: chance by its probabilities, the ISMCTS bot in ``seat``, the random bot in the other."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        elif state.current_player() == seat:
            state.apply_action(bot.step(state))
        else:
            state.apply_action(rand.step(state))
    return state.returns()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--simulations", type=int, default=25)
    parser.add_argument("--world-samples", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    game = pyspiel.load_game("python_rummylib_gin_rummy")
    returns: list[float] = []
    start = time.perf_counter()
    for hand in range(args.hands):
        rng = np.random.RandomState(args.seed * 1000 + hand)
        bot = ismcts.ISMCTSBot(
            game,
            mcts.RandomRolloutEvaluator(1, rng),
            uct_c=2.0,
            max_simulations=args.simulations,
            max_world_samples=args.world_samples,
            random_state=rng,
        )
        seat = hand % 2
        rand = pyspiel.make_uniform_random_bot(1 - seat, args.seed * 1000 + hand)
        result = play(game, seat, bot, rand, rng)
        returns.append(float(result[seat]))
        print(f"hand {hand + 1}: ISMCTS in seat {seat} scores {result[seat]:+.0f}", flush=True)
    seconds = time.perf_counter() - start
    mean = sum(returns) / len(returns)
    sd = math.sqrt(sum((r - mean) ** 2 for r in returns) / max(1, len(returns) - 1))
    half = 1.96 * sd / math.sqrt(len(returns))
    wins = sum(r > 0 for r in returns)
    draws = sum(r == 0 for r in returns)
    print(
        f"ISMCTS ({args.simulations} simulations, {args.world_samples} world samples) against uniform random, "
        f"{len(returns)} hands: mean {mean:+.1f} points per hand (95% interval {mean - half:+.1f} to {mean + half:+.1f}), "
        f"won {wins}, drawn {draws}, lost {len(returns) - wins - draws}; {seconds:.0f} s"
    )


if __name__ == "__main__":
    main()
