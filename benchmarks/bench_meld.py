"""Meld validation throughput: melds per second for typical tile and card melds.

Run: python benchmarks/bench_meld.py [--seconds 1.0]
Prints a Markdown table (also written to benchmarks/results/meld.md).
"""

from __future__ import annotations

import argparse
import datetime
import platform
import time
from pathlib import Path

from rummylib import CONTRACT_RUMMY, INDIAN_RUMMY, RUMMIKUB, SHANGHAI, Meld, RuleSet, is_valid_meld, meld_violations
from rummylib.melds import clear_caches

CASES: list[tuple[str, RuleSet, list[str]]] = [
    ("Rummikub runs, no joker", RUMMIKUB, ["r1 r2 r3", "b4 b5 b6 b7", "k9 k10 k11 k12 k13", "y2 y3 y4"]),
    ("Rummikub groups, no joker", RUMMIKUB, ["r7 b7 k7", "r1 b1 y1 k1", "k13 y13 b13"]),
    ("Rummikub with jokers", RUMMIKUB, ["r5 r6 *", "* * r13", "r13 * *", "r7 b7 *", "b3 * b5 b6"]),
    ("Rummikub invalid", RUMMIKUB, ["r12 r13 r1", "r7 r7 b7", "r5 b6 k7", "r5 r9 *"]),
    ("Contract runs and sets", CONTRACT_RUMMY, ["Jc Qc Kc Ac", "Ac 2c 3c 4c", "7h 7s 7d", "4d 5d 6d 7d 8d"]),
    ("Contract with jokers", CONTRACT_RUMMY, ["7h 7s *", "4d * 6d 7d", "* Qc Kc Ac"]),
    ("Shanghai, deuces wild", SHANGHAI.with_options({"deuces_wild": True}), ["7h 7s 2d", "4d 2c 6d", "9s 10s Js"]),
    ("Indian, fives wild", INDIAN_RUMMY.with_options({"wild_ranks": ["5"]}), ["4s 5s 6s", "4s 5h 6s", "Kh Kd Ks"]),
]


def rate(rules: RuleSet, melds: list[Meld], seconds: float, *, cold: bool) -> float:
    done = 0
    start = time.perf_counter()
    while True:
        for m in melds:
            if cold:
                clear_caches()
            if not is_valid_meld(m, rules=rules):
                meld_violations(m, rules=rules)
        done += len(melds)
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return done / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=1.0, help="time per case")
    args = parser.parse_args()
    rows = [
        "| case | melds/s (first sight) | µs per meld | melds/s (seen before) | µs per meld |",
        "|---|---:|---:|---:|---:|",
    ]
    for name, rules, texts in CASES:
        melds = [Meld.parse(t, rules=rules) for t in texts]
        cold = rate(rules, melds, args.seconds, cold=True)
        warm = rate(rules, melds, args.seconds, cold=False)
        rows.append(f"| {name} | {cold:,.0f} | {1e6 / cold:.1f} | {warm:,.0f} | {1e6 / warm:.1f} |")
    stamp = datetime.date.today().isoformat()
    header = (
        f"Meld validation (valid check, plus the full diagnosis for invalid melds; 'first sight' clears the "
        f"reading cache before every meld), "
        f"{stamp}, Python {platform.python_version()}, `python benchmarks/bench_meld.py --seconds {args.seconds}`\n"
    )
    text = header + "\n" + "\n".join(rows) + "\n"
    print(text)
    out = Path(__file__).parent / "results" / "meld.md"
    out.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
