"""The cost of what the OpenSpiel games and the text list added: information-state tensors, resampling, Rummikub's listed play.

For each game (one round, random play, seeded), CPU time per call of ``information_state_tensor``
(every seat, every state) and of ``resample_from_infostate`` (the seat to move, every tenth
state); and for Rummikub, ``legal_text`` per decision of heuristic bots (with the solver's play)
against the referee's list alone. Run from the repository root:

    PYTHONPATH=src python benchmarks/bench_openspiel_infostate.py > benchmarks/results/openspiel_infostate.txt
"""

from __future__ import annotations

import random
import time

import pyspiel

import rummylib
import rummylib.agents.openspiel
from rummylib import RUMMIKUB
from rummylib.agents.bots import make_bot
from rummylib.agents.text import legal_text, move_text
from rummylib.rummikub import RummikubGame

GAMES = (
    "python_rummylib_gin_rummy",
    "python_rummylib_indian_rummy(players=3)",
    "python_rummylib_contract_rummy(max_moves=150)",
    "python_rummylib_shanghai(max_moves=150)",
    "python_rummylib_rummikub(max_moves=150)",
)


def openspiel_costs(text: str, hands: int = 3) -> tuple[float, float, int, int]:
    game = pyspiel.load_game(text)
    tensor = resample = 0.0
    n_tensor = n_resample = 0
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for seed in range(hands):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
        moves = 0
        while not state.is_terminal():
            t = time.process_time()
            for seat in range(game.num_players()):
                state.information_state_tensor(seat)
            tensor += time.process_time() - t
            n_tensor += game.num_players()
            if moves % 10 == 0:
                t = time.process_time()
                state.resample_from_infostate(state.current_player(), sampler)
                resample += time.process_time() - t
                n_resample += 1
            state.apply_action(rng.choice(state.legal_actions()))
            moves += 1
    return tensor / n_tensor, resample / n_resample, n_tensor, n_resample


def rummikub_text(games: int = 4) -> tuple[float, float, int, int]:
    listed = with_play = 0.0
    decisions = plays = 0
    for seed in range(games):
        state = RummikubGame.deal(rules=RUMMIKUB, players=2, seed=seed)
        bots = [make_bot("heuristic", rules=RUMMIKUB, seed=s) for s in range(2)]
        while not state.is_over and decisions < 400 * (seed + 1):
            seat = state.to_move
            assert seat is not None
            t = time.process_time()
            [move_text(a) for a in state.legal_actions(seat)]
            listed += time.process_time() - t
            t = time.process_time()
            texts = legal_text(state, seat)
            with_play += time.process_time() - t
            plays += texts[0].startswith("play")
            decisions += 1
            state = state.apply(bots[seat].act(state.view(seat), state.legal_actions(seat)))
    return listed / decisions, with_play / decisions, decisions, plays


def main() -> None:
    print(f"build: {rummylib.build_info()}")
    print("| game | information_state_tensor (ms/call) | resample_from_infostate (ms/call) | calls |")
    print("|---|---|---|---|")
    for text in GAMES:
        tensor, resample, nt, nr = openspiel_costs(text)
        print(f"| `{text}` | {tensor * 1e3:.3f} | {resample * 1e3:.1f} | {nt} / {nr} |")
    listed, with_play, decisions, plays = rummikub_text()
    print()
    print(
        f"Rummikub legal_text per decision: {with_play * 1e3:.2f} ms (the referee's list alone"
        f" {listed * 1e3:.3f} ms), {decisions} decisions of heuristic bots, a play listed in {plays}"
    )


if __name__ == "__main__":
    main()
