"""First sight of a meld in CPU time, for comparing two builds or two checkouts run one after the other.

Run: python benchmarks/bench_readings.py [--repeat 5] [--n 400]
Prints the build, then one line per case of `bench_meld.CASES`: the least CPU time
(``time.process_time``) per meld, over ``--repeat`` rounds, of a valid check plus the diagnosis of
an invalid meld, first with the meld engine's caches emptied before every meld (bench_meld's
"first sight"), then with them kept ("seen before").
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_meld

import rummylib
from rummylib import Meld, is_valid_meld, meld_violations
from rummylib.melds import clear_caches


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--n", type=int, default=400, help="rounds over the case's melds per measure")
    args = parser.parse_args()
    print(rummylib.build_info())
    for name, rules, texts in bench_meld.CASES:
        melds = [Meld.parse(t, rules=rules) for t in texts]
        figures = []
        for cold in (True, False):
            best = float("inf")
            for _ in range(args.repeat):
                t0 = time.process_time()
                for _ in range(args.n):
                    for m in melds:
                        if cold:
                            clear_caches()
                        if not is_valid_meld(m, rules=rules):
                            meld_violations(m, rules=rules)
                best = min(best, (time.process_time() - t0) / (args.n * len(melds)))
            figures.append(f"{best * 1e6:.1f} µs")
        print(f"| {name} | {' | '.join(figures)} |")


if __name__ == "__main__":
    main()
