"""Benchmark of ``find_contract`` over random dealt hands, per round, against the brute force.

Run from the repository root::

    .venv/bin/python benchmarks/bench_contract.py [--hands N] [--oracle M] [--seed S]

For each game (Contract Rummy, Shanghai) and each round, ``N`` hands are dealt from a shuffled
game for four players, in three scenarios:

* ``dealt``: the round's cards plus the card drawn (preset rules);
* ``3 buys``: the same plus three buys (two cards each);
* ``worst``: three buys, deuces wild, every deck's jokers, and four jokers in the hand.

It reports the median and worst time of ``find_contract`` and how many hands could meet the
contract. On ``M`` hands per round of the ``dealt`` scenario it also runs the brute-force oracle
(every sub-multiset meld, every combination, judged by the checker), checks that both agree, and
reports the speed-up. The oracle is stopped after 5 s on a hand (reported as a lower bound).
The table is written to ``benchmarks/results/contract.md``.
"""

from __future__ import annotations

import argparse
import datetime
import pathlib
import platform
import random
import signal
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from rummylib import CONTRACT_RUMMY, JOKER, SHANGHAI, RuleSet
from rummylib.contracts import find_contract
from rummylib.decks import full_set
from rummylib.pieces import Piece

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))  # the repository, for its test oracles
from tests.oracles.contracts import brute_force as _brute_force

ORACLE_LIMIT = 5.0
THIRTEEN_CLUBS = "Ac 2c 3c 4c 5c 6c 7c 8c 9c 10c Jc Qc Kc"
HARD_HANDS = [
    (SHANGHAI, 10, f"{THIRTEEN_CLUBS} * * * *"),
    (SHANGHAI, 9, f"{THIRTEEN_CLUBS} 2h 2s 2d * * * *"),
    (CONTRACT_RUMMY, 7, f"{THIRTEEN_CLUBS} * * * *"),
    (CONTRACT_RUMMY, 6, f"{THIRTEEN_CLUBS} * * * *"),
    (CONTRACT_RUMMY, 7, "3c 4c 5c 6c 7c 8c 9c 3c 4c 5c 6c 7c 8c 9c 3h 4h 5h 6h 7h * *"),
    (CONTRACT_RUMMY, 5, "7c 7d 7h 7s 8c 8d 8h 9c 9d 9s Kc Kd 2c 2d 3c 4c 5c 6c * * * *"),
]


class _Timeout(Exception):
    pass


def _alarm(*_: Any) -> None:
    raise _Timeout


def deal_hand(rules: RuleSet, cards: int, rng: random.Random, *, jokers: int = 0) -> tuple[Piece, ...]:
    """``cards`` cards from a shuffled four-player game, ``jokers`` of them jokers."""
    pool = list(full_set(rules, players=4))
    if jokers:
        pool = [p for p in pool if p != JOKER]
    rng.shuffle(pool)
    return (*pool[: cards - jokers], *([JOKER] * jokers))


def timed(fn: Callable[[], Any]) -> tuple[float, Any]:
    start = time.perf_counter()
    out = fn()
    return time.perf_counter() - start, out


def run(hands: int, oracle_hands: int, seed: int) -> str:
    rng = random.Random(seed)
    worst_rules = {
        CONTRACT_RUMMY.name: CONTRACT_RUMMY.with_options({"deuces_wild": True, "jokers": "all"}),
        SHANGHAI.name: SHANGHAI.with_options({"deuces_wild": True, "jokers": "all"}),
    }
    lines = [
        "| game | round | contract | dealt: median / worst ms (possible) | 3 buys: median / worst ms (possible) "
        "| worst: median / worst ms (possible) |",
        "|---|---:|---|---|---|---|",
    ]
    oracle_rows = [
        "| game | round | hands (dealt + possible) | oracle median ms | find_contract median ms "
        "| speed-up (median) | agree |",
        "|---|---:|---:|---:|---:|---:|---|",
    ]
    all_times: list[float] = []
    speedups: list[float] = []
    signal.signal(signal.SIGALRM, _alarm)
    for base in (CONTRACT_RUMMY, SHANGHAI):
        for number in range(1, len(base.rounds) + 1):
            rnd = base.round(number)
            cells = []
            for scenario in ("dealt", "3 buys", "worst"):
                rules = worst_rules[base.name] if scenario == "worst" else base
                size = rnd.cards + 1 + (6 if scenario != "dealt" else 0)
                times = []
                possible = 0
                for _ in range(hands):
                    hand = deal_hand(rules, size, rng, jokers=4 if scenario == "worst" else 0)
                    dt, plan = timed(lambda h=hand, r=rules, n=number: find_contract(h, round_number=n, rules=r))
                    times.append(dt * 1000)
                    possible += plan is not None
                all_times.extend(times)
                cells.append(f"{statistics.median(times):.1f} / {max(times):.1f} ({possible}/{hands})")
            lines.append(f"| {base.title} | {number} | {rnd.contract} | " + " | ".join(cells) + " |")
            # The oracle, on dealt hands: M as dealt, and M chosen among dealt hands that can meet
            # the contract (up to 400 deals tried).
            chosen = [deal_hand(base, rnd.cards + 1, rng) for _ in range(oracle_hands)]
            found = 0
            for _ in range(400):
                if found == oracle_hands:
                    break
                hand = deal_hand(base, rnd.cards + 1, rng)
                if find_contract(hand, round_number=number, rules=base) is not None:
                    chosen.append(hand)
                    found += 1
            o_times, f_times, ratios, agree = [], [], [], True
            capped = 0
            for hand in chosen:
                ft, plan = timed(lambda h=hand, n=number, b=base: find_contract(h, round_number=n, rules=b))
                signal.setitimer(signal.ITIMER_REAL, ORACLE_LIMIT)
                try:
                    ot, best = timed(lambda h=hand, n=number, b=base: _brute_force(h, round_number=n, rules=b))
                except _Timeout:
                    ot, best = ORACLE_LIMIT, "timeout"
                    capped += 1
                finally:
                    signal.setitimer(signal.ITIMER_REAL, 0)
                if best != "timeout" and best != (None if plan is None else plan.points_left):
                    agree = False
                o_times.append(ot * 1000)
                f_times.append(ft * 1000)
                ratios.append(ot / ft)
            speedups.extend(ratios)
            note = f" ({capped} stopped at {ORACLE_LIMIT:.0f} s)" if capped else ""
            oracle_rows.append(
                f"| {base.title} | {number} | {oracle_hands} + {found} | {statistics.median(o_times):.0f}{note} | "
                f"{statistics.median(f_times):.2f} | {statistics.median(ratios):.0f}x | {'yes' if agree else 'NO'} |"
            )
            print(lines[-1], file=sys.stderr, flush=True)
    adversarial = [
        "",
        "## Constructed hands",
        "",
        "Hands no deal is likely to give, built to make the search work hard (one suit, many "
        "jokers and wild deuces); deuces wild and all jokers.",
        "",
        "| game | round | hand | ms | points left |",
        "|---|---:|---|---:|---:|",
    ]
    for base, number, text in HARD_HANDS:
        rules = worst_rules[base.name]
        dt, plan = timed(lambda t=text, r=rules, n=number: find_contract(t, round_number=n, rules=r))
        left = "impossible" if plan is None else str(plan.points_left)
        adversarial.append(f"| {base.title} | {number} | `{text}` | {dt * 1000:.0f} | {left} |")
    today = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    head = [
        "# `find_contract` benchmark",
        "",
        f"Command: `.venv/bin/python benchmarks/bench_contract.py --hands {hands} --oracle {oracle_hands} "
        f"--seed {seed}` — {today}, Python {platform.python_version()}, {platform.machine()} "
        "(a shared 2-core machine, so absolute times are noisy).",
        "",
        "Hands are dealt from a shuffled four-player game. *dealt*: the round's cards plus the card "
        "drawn; *3 buys*: six more cards; *worst*: three buys, deuces wild, all jokers, and four "
        "jokers in the hand. Times are per call of `find_contract`, in milliseconds; (possible) counts "
        "the hands that can meet the contract.",
        "",
        f"Overall: {len(all_times)} searches, median {statistics.median(all_times):.1f} ms, "
        f"worst {max(all_times):.1f} ms.",
        "",
    ]
    oracle_head = [
        "",
        "## Against the brute-force oracle",
        "",
        "The oracle tries every sub-multiset of the hand that reads as a meld and every combination "
        "of them, judging each with `is_legal_contract`. Both ran on the same hands in the same run: "
        "hands as dealt (round's cards plus the draw), and dealt hands that can meet the contract "
        "(as many as 400 deals gave). Larger hands (with buys) take the oracle tens of seconds each, "
        f"so it is not run on them. Overall median speed-up: {statistics.median(speedups):.0f}x.",
        "",
    ]
    return "\n".join([*head, *lines, *oracle_head, *oracle_rows, *adversarial, ""])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=30)
    parser.add_argument("--oracle", type=int, default=3)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    text = run(args.hands, args.oracle, args.seed)
    out = pathlib.Path(__file__).parent / "results" / "contract.md"
    out.parent.mkdir(exist_ok=True)
    out.write_text(text, encoding="utf-8")
    print(text)


if __name__ == "__main__":
    main()
