"""Do the heuristic bots finish whole games of Contract Rummy and Shanghai? And in how many turns a round?

Plays seeded whole games (every round) with a heuristic bot in every seat, under the presets'
own rules (no ``max_turns``, no ``max_reshuffles``), for each number of seats asked, and reports
how many games finished within the action cap, and the turns each round took (turns started:
mean, median, p99, largest).

    python benchmarks/bench_bots_finish.py --games 100 > benchmarks/results/bots_finish.md

Each game is ``ContractGame.deal(rules=..., players=n, seed="finish/<n>/<k>")`` and each bot
``make_bot("heuristic", rules=..., seed=<seat>)``.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time

from rummylib import CONTRACT_RUMMY, SHANGHAI, RuleSet
from rummylib.agents.bots import make_bot
from rummylib.contracts import ContractGame

GAMES: dict[str, tuple[RuleSet, tuple[int, ...]]] = {
    "Contract Rummy": (CONTRACT_RUMMY, (2, 3, 4, 5)),
    "Shanghai": (SHANGHAI, (3, 4, 5)),
}


def play(rules: RuleSet, players: int, seed: str, cap: int) -> tuple[bool, list[int], int]:
    """One whole game: whether it finished within ``cap`` actions, the turns of each round ended, the actions."""
    game = ContractGame.deal(rules=rules, players=players, seed=seed)
    bots = [make_bot("heuristic", rules=rules, seed=s) for s in range(players)]
    turns: list[int] = []
    actions = 0
    while not game.is_over and actions < cap:
        seat = game.to_move
        assert seat is not None
        before = len(game.results)
        game = game.apply(bots[seat].act(game.view(seat), game.legal_actions(seat)))
        actions += 1
        if len(game.results) > before:
            ended = game.round if game.is_over else game.previous_round
            assert ended is not None
            turns.append(ended.turns_played)
    return game.is_over, turns, actions


def p99(values: list[int]) -> float:
    ordered = sorted(values)
    return float(ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="whole games per game (shared over the seat counts)")
    parser.add_argument("--cap", type=int, default=20_000, help="actions after which a game counts as unfinished")
    parser.add_argument("--game", choices=sorted(GAMES), action="append", help="only these games (default: both)")
    parser.add_argument("--seats", type=int, action="append", help="only these numbers of seats (default: all)")
    parser.add_argument("--no-head", action="store_true", help="print the rows only (to add to a file)")
    args = parser.parse_args()
    if not args.no_head:
        print("# Heuristic bots: whole games finished, and turns per round\n")
        print(
            f"`python benchmarks/bench_bots_finish.py --games {args.games}`, CPython {platform.python_version()}; "
            f"a game counts as unfinished after {args.cap:,} actions. The presets' own rules (no `max_turns`).\n"
        )
        print("| game | seats | games | finished | rounds | turns a round: mean | median | p99 | max | seconds |")
        print("|---|---|---|---|---|---|---|---|---|---|")
    for title, (rules, seats) in GAMES.items():
        if args.game and title not in args.game:
            continue
        every: list[int] = []
        done = total = 0
        per = [args.games // len(seats) + (1 if i < args.games % len(seats) else 0) for i in range(len(seats))]
        for n, count in zip(seats, per, strict=True):
            if args.seats and n not in args.seats:
                continue
            start = time.perf_counter()
            turns: list[int] = []
            finished = 0
            for k in range(count):
                over, t, _ = play(rules, n, f"finish/{n}/{k}", args.cap)
                finished += over
                turns += t
            took = time.perf_counter() - start
            every += turns
            done += finished
            total += count
            print(
                f"| {title} | {n} | {count} | {finished} | {len(turns)} | {statistics.fmean(turns):.1f} | "
                f"{statistics.median(turns):.0f} | {p99(turns):.0f} | {max(turns)} | {took:.0f} |"
            )
            sys.stdout.flush()
        if every and not args.seats:
            print(
                f"| {title} | all | {total} | {done} | {len(every)} | {statistics.fmean(every):.1f} | "
                f"{statistics.median(every):.0f} | {p99(every):.0f} | {max(every)} | |"
            )


if __name__ == "__main__":
    main()
