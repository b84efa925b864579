"""An information-set MCTS bot (OpenSpiel's ISMCTSBot) against uniform random play at Gin Rummy.

The game is ``python_rummylib_gin_rummy`` (one hand, rummylib's referee). The bot samples the cards
it has not seen with the state's ``resample_from_infostate`` and values the leaves of its search
with an evaluator:

* ``--evaluator deadwood`` (the default): in the sampled world, the opponent's deadwood minus the
  player's own, in points (each seat's hand read from its own view), halved; a finished hand
  counts its points;
* ``--evaluator rollout``: OpenSpiel's ``RandomRolloutEvaluator``, one uniform random rollout to
  the end of the hand (random play rarely knocks, so most rollouts come back 0).

Seats alternate; every hand is seeded. Prints the bot's mean return (points per hand, zero-sum)
with a 95% interval, and its wins, draws and losses.

    PYTHONPATH=src python benchmarks/openspiel_ismcts_gin.py --hands 40 --simulations 100
"""

from __future__ import annotations

import argparse
import math
import time
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import rummylib.agents.openspiel  # noqa: F401 - registers the games
from rummylib import parse_pieces
from rummylib.gin.deadwood import deadwood


class DeadwoodEvaluator(mcts.Evaluator):  # type: ignore[misc]
    """A leaf's value: the opponent's deadwood minus the player's own (from each seat's view), halved."""

    def evaluate(self, state: Any) -> np.ndarray[Any, Any]:
        if state.is_terminal():
            return np.array(state.returns())
        referee = state.referee
        points = [
            deadwood(parse_pieces(referee.view(p).to_json()["hand"]), rules=referee.rules).deadwood for p in (0, 1)
        ]
        return np.array([(points[1] - points[0]) / 2, (points[0] - points[1]) / 2], dtype=float)

    def prior(self, state: Any) -> list[tuple[int, float]]:
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]


def play(
    game: pyspiel.Game, seat: int, bot: ismcts.ISMCTSBot, rand: pyspiel.Bot, rng: np.random.RandomState
) -> list[float]:
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
    parser.add_argument("--hands", type=int, default=40)
    parser.add_argument("--simulations", type=int, default=100)
    parser.add_argument("--world-samples", type=int, default=8)
    parser.add_argument("--evaluator", choices=["deadwood", "rollout"], default="deadwood")
    parser.add_argument("--uct-c", type=float, default=10.0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    game = pyspiel.load_game("python_rummylib_gin_rummy")
    returns: list[float] = []
    start = time.perf_counter()
    for hand in range(args.hands):
        rng = np.random.RandomState(args.seed * 1000 + hand)
        evaluator = DeadwoodEvaluator() if args.evaluator == "deadwood" else mcts.RandomRolloutEvaluator(1, rng)
        bot = ismcts.ISMCTSBot(
            game,
            evaluator,
            uct_c=args.uct_c,
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
        f"ISMCTS ({args.evaluator} evaluator, {args.simulations} simulations, {args.world_samples} world samples, "
        f"uct_c {args.uct_c:g}) against uniform random, {len(returns)} hands: mean {mean:+.1f} points per hand "
        f"(95% interval {mean - half:+.1f} to {mean + half:+.1f}), won {wins}, drawn {draws}, "
        f"lost {len(returns) - wins - draws}; {seconds:.0f} s"
    )


if __name__ == "__main__":
    main()
