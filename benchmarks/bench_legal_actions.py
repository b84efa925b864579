"""How long `legal_actions()` and `apply` take, on positions reached by random play, for every referee.

Run: ``python benchmarks/bench_legal_actions.py`` (a few minutes; ``--games N`` and ``--repeat R``
change the games per row and the runs). Each row plays seeded random games (random legal actions,
half the time one that moves the game on: a lay-down, a lay-off, a joker swap, a knock, a valid
declaration, the solver's best Rummikub play (its search is not timed; `apply` judges the play); an Indian Rummy drop or wrong declaration only one time in twenty; the house rule
``max_reshuffles=1`` so that every round ends) and times the first ``legal_actions()`` call at
every position, as a program meets it (the meld engine's memo is emptied before each game, and
warms up as the game goes on). Times are the CPU time of the calling thread, so that other jobs on
a shared machine do not inflate them; the same games are played ``R`` times and each position keeps
its best time. Prints a table and writes
``benchmarks/results/legal_actions.md``. A benchmark, not a test: nothing is asserted.
"""

from __future__ import annotations

import argparse
import datetime
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rummylib import CONTRACT_RUMMY, GIN_RUMMY, INDIAN_RUMMY, RUMMIKUB, SHANGHAI, RuleSet
from rummylib.contracts import ContractRound, DeclineBuy, Phase
from rummylib.errors import SolverError
from rummylib.gin import GinHand
from rummylib.indian import Declare, IndianDeal
from rummylib.melds import clear_caches
from rummylib.rummikub import Play, RummikubGame
from rummylib.rummikub.solver import Budget, solve

ROOT = Path(__file__).resolve().parents[1]
FORWARD = ("lay-down", "lay-off", "swap-joker", "knock")
GIVE_UP = ("drop", "declare")  # Indian Rummy: random players who drop or declare wrongly end a deal in a few turns


def _declares(action: Any) -> bool:
    """A declaration that arranges the cards in groups (a valid one), not the cards one by one."""
    return isinstance(action, Declare) and any(len(meld) > 1 for meld in action.melds)


TAIL_MS = 5.0


def contract_deal(rules: RuleSet, players: int) -> Callable[[int], Any]:
    def deal(seed: int) -> Any:
        number = seed % len(rules.rounds) + 1
        return ContractRound.deal(rules=rules, players=players, seed=seed, round_number=number, dealer=seed % players)

    return deal


ROWS: list[tuple[str, Callable[[int], Any]]] = [
    ("Contract Rummy, 4 players", contract_deal(CONTRACT_RUMMY.with_options({"max_reshuffles": 1}), 4)),
    ("Shanghai, 4 players", contract_deal(SHANGHAI.with_options({"max_reshuffles": 1}), 4)),
    (
        "Contract Rummy, deuces wild, multiple buys, 4 players",
        contract_deal(
            CONTRACT_RUMMY.with_options({"max_reshuffles": 1, "deuces_wild": True, "multiple_buys": True}), 4
        ),
    ),
    (
        "Shanghai, joker ratio, lay-off in the turn down, 4 players",
        contract_deal(SHANGHAI.with_options({"max_reshuffles": 1, "joker_ratio": True, "layoff_same_turn": True}), 4),
    ),
    ("Gin Rummy", lambda seed: GinHand.deal(rules=GIN_RUMMY, seed=seed)),
    ("Gin Rummy, Oklahoma", lambda seed: GinHand.deal(rules=GIN_RUMMY.with_options({"oklahoma": True}), seed=seed)),
    ("Indian Rummy, 4 players", lambda seed: IndianDeal.deal(rules=INDIAN_RUMMY, players=4, seed=seed)),
    (
        "Indian Rummy, 6 players, discarded joker may be taken",
        lambda seed: IndianDeal.deal(
            rules=INDIAN_RUMMY.with_options({"draw_discarded_joker": True}), players=6, seed=seed
        ),
    ),
    ("Rummikub, 4 players", lambda seed: RummikubGame.deal(rules=RUMMIKUB, players=4, seed=seed)),
]


def play(deal: Callable[[int], Any], seed: int, times: list[float], sizes: list[int], applies: list[float]) -> None:
    """One seeded random game: the time of ``legal_actions()``, the actions listed and the time of ``apply``."""
    clear_caches()
    rng = random.Random(seed)
    state = deal(seed)
    for _ in range(3000):
        if state.is_over:
            return
        start = time.thread_time()
        listed = state.legal_actions()
        times.append(time.thread_time() - start)
        sizes.append(len(listed))
        play = _rummikub_play(state, rng) if isinstance(state, RummikubGame) else None
        forward = [a for a in listed if str(type(a).kind) in FORWARD or _declares(a)] + ([play] if play else [])
        careful = [a for a in listed if str(type(a).kind) not in GIVE_UP or _declares(a)]
        if forward and rng.random() < 0.5:
            action = rng.choice(forward)
        elif isinstance(state, ContractRound) and state.phase is Phase.BUY and rng.random() < 0.7:
            action = DeclineBuy(state.to_move)
        elif careful and rng.random() < 0.95:
            action = rng.choice(careful)
        else:
            action = rng.choice(listed)
        start = time.thread_time()
        state = state.apply(action)
        applies.append(time.thread_time() - start)


def _rummikub_play(state: RummikubGame, rng: random.Random) -> Play | None:
    """The solver's best play of the player to move, half the time (not timed: `apply` judges it)."""
    if rng.random() < 0.5:
        return None
    seat = state.to_move
    try:
        best = solve(
            state.table,
            state.hands[seat],
            rules=state.rules,
            initial_meld_done=state.initial_meld_done[seat],
            budget=Budget(nodes=100_000),
        )
    except SolverError:
        return None
    return None if best.is_pass else Play(seat, best.table_after)


def _tail(ms: list[float]) -> tuple[float, float]:
    """The 99th percentile and the worst of sorted times."""
    return statistics.quantiles(ms, n=100)[-1], ms[-1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=12, help="seeded games per row (default 12)")
    parser.add_argument("--repeat", type=int, default=3, help="runs of the same games; each position's best (3)")
    args = parser.parse_args()
    lines = [
        "# `legal_actions()` and `apply` on random-play positions",
        "",
        f"`{Path(sys.executable).name} benchmarks/bench_legal_actions.py --games {args.games} --repeat {args.repeat}`, "
        f"{datetime.date.today()}: {args.games} seeded random games per row, the first call at every position timed, "
        f"each position's best of {args.repeat} runs. CPU time of the calling thread, on a shared 2-core machine.",
        "",
        f"| game | positions | median (ms) | p95 (ms) | p99 (ms) | max (ms) | over {TAIL_MS:g} ms | most actions listed "
        "| apply p99 (ms) | apply max (ms) |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for name, deal in ROWS:
        best: list[float] = []
        best_apply: list[float] = []
        sizes: list[int] = []
        for _ in range(args.repeat):
            times: list[float] = []
            applies: list[float] = []
            sizes = []
            for seed in range(args.games):
                play(deal, seed, times, sizes, applies)
            best = times if not best else [min(a, b) for a, b in zip(best, times, strict=True)]
            best_apply = applies if not best_apply else [min(a, b) for a, b in zip(best_apply, applies, strict=True)]
        ms = sorted(t * 1e3 for t in best)
        over = sum(1 for t in ms if t > TAIL_MS)
        p95 = statistics.quantiles(ms, n=20)[-1]
        p99, worst = _tail(ms)
        apply_p99, apply_worst = _tail(sorted(t * 1e3 for t in best_apply))
        lines.append(
            f"| {name} | {len(ms)} | {statistics.median(ms):.3f} | {p95:.3f} | {p99:.3f} | {worst:.1f} | {over} "
            f"| {max(sizes)} | {apply_p99:.3f} | {apply_worst:.1f} |"
        )
        print(lines[-1], flush=True)
    text = "\n".join(lines) + "\n"
    print()
    print(text)
    out = ROOT / "benchmarks" / "results" / "legal_actions.md"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
