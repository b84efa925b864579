"""Worst cases within rummylib's input limits: how long the slowest accepted inputs take.

Each case is an input built to be as hard as the limits allow (the largest table, rack, hand or
request that is still accepted); the time of one call is measured a few times and the best and
worst are reported. Requests over the limits are refused before any work; two rows, named
"refusal cost", time such a refusal (an input just over a limit) to show that it stays cheap.

Run: ``.venv/bin/python benchmarks/bench_worst_cases.py`` (writes benchmarks/results/worst_cases.md).
"""

from __future__ import annotations

import datetime
import json
import platform
import signal
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rummylib import CONTRACT_RUMMY, GIN_RUMMY, INDIAN_RUMMY, RUMMIKUB, SHANGHAI, Meld, meld_violations
from rummylib.batch import MAX_LINE_LENGTH, handle_line
from rummylib.notation import MAX_TEXT_LENGTH, parse_pieces
from rummylib.rules import MAX_MELD_PIECES

CAP_SECONDS = 15
"""A case still running after this long is stopped and reported as over the cap."""
REPEAT = 3

TILES = [f"{c}{n}" for c in "kbyr" for n in range(1, 14)]
CARDS = [f"{r}{s}" for s in "cdhs" for r in ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]]


class _Over(Exception):
    pass


def _alarm(signum: int, frame: object) -> None:
    raise _Over


def _time(fn: Callable[[], Any], repeat: int = REPEAT) -> tuple[float, float, str]:
    """Best and worst seconds of ``repeat`` calls, and a short note of the answer."""
    times = []
    note = ""
    for _ in range(repeat):
        signal.signal(signal.SIGALRM, _alarm)
        signal.alarm(CAP_SECONDS)
        start = time.perf_counter()
        try:
            result = fn()
            note = _note(result)
        except _Over:
            signal.alarm(0)
            return (float("inf"), float("inf"), f"over {CAP_SECONDS} s")
        except Exception as exc:
            note = f"{type(exc).__name__}: {str(exc)[:60]}"
        finally:
            signal.alarm(0)
        times.append(time.perf_counter() - start)
    return (min(times), max(times), note)


def _note(result: Any) -> str:
    if isinstance(result, dict):
        if "error" in result:
            return f"error {result['error']['code']}"
        return "answered: " + ", ".join(sorted(result)[:4])
    if isinstance(result, tuple):
        return f"{len(result)} items"
    return type(result).__name__


def _line(data: dict[str, Any]) -> Callable[[], Any]:
    text = json.dumps(data)
    return lambda: handle_line(text)


def cases() -> list[tuple[str, str, Callable[[], Any]]]:
    """(name, what the input is, the call)."""
    from rummylib.contracts import find_contract
    from rummylib.gin import deadwood, score_hand
    from rummylib.indian import MAX_INDIAN_HAND, best_arrangement
    from rummylib.rummikub import Budget, arrange, solve, validate_turn

    box = " ".join(t for t in TILES for _ in range(2))
    runs = [f"{c}1 {c}2 {c}3 {c}4 {c}5 {c}6 {c}7 {c}8 {c}9 {c}10 {c}11 {c}12 {c}13" for c in "kbyr"]
    full_table = " | ".join(runs * 2)  # 104 tiles: every tile of the box but the jokers
    rearranged = " | ".join(
        [*runs, "k1 k2 k3 *", "* k4 k5 k6 k7 k8 k9 k10 k11 k12 k13", *runs[1:]]
    )  # the jokers played and one run split
    split_box = [
        " ".join(f"{c}{n}" for n in range(lo, hi)) for c in "kbyrkbyr" for lo, hi in ((1, 4), (4, 7), (7, 10), (10, 14))
    ]
    split_box[0] += " *"
    split_box[4] += " *"  # 32 sets, every tile of the box
    low_rack = " ".join(f"{c}{n}" for c in "kbyr" for n in range(1, 8)) + " * *"  # 30 tiles
    many_melds_hand = " ".join(CARDS) + " * * *"  # Contract Rummy: a whole deck and 3 jokers
    shanghai_hand = " ".join(CARDS[i % 52] for i in range(45)) + " * *"
    out: list[tuple[str, str, Callable[[], Any]]] = [
        (
            "parse the longest text",
            f"{MAX_TEXT_LENGTH:,} characters of notation (33,333 tiles)",
            lambda: parse_pieces(("r5 " * (MAX_TEXT_LENGTH // 3))[:MAX_TEXT_LENGTH]),
        ),
        (
            "refusal cost: a meld over the limit",
            f"{MAX_MELD_PIECES + 1} pieces (refused before any reading)",
            lambda: meld_violations(Meld(parse_pieces(" ".join(["r5"] * (MAX_MELD_PIECES + 1)))), rules=RUMMIKUB),
        ),
        (
            "meld engine, longest real run",
            "a 14-card Shanghai run (ace high) with 2 jokers",
            lambda: meld_violations(Meld(parse_pieces("* 2h 3h 4h 5h 6h 7h * 9h 10h Jh Qh Kh Ah")), rules=SHANGHAI),
        ),
        (
            "Rummikub turn, whole box on the table",
            "104 tiles in 8 runs before; both jokers played and a run split after",
            lambda: validate_turn(full_table, "* *", rearranged, rules=RUMMIKUB, initial_meld_done=True),
        ),
        (
            "solver: arrange the whole box",
            "all 106 tiles",
            lambda: arrange(box + " * *", rules=RUMMIKUB, budget=Budget(seconds=CAP_SECONDS)),
        ),
        (
            "solver: best play onto four full runs",
            "52 tiles on the table, a 30-tile rack (1-7 of every colour, both jokers)",
            lambda: solve(
                " | ".join(runs), low_rack, rules=RUMMIKUB, initial_meld_done=True, budget=Budget(seconds=CAP_SECONDS)
            ),
        ),
        (
            "solver: initial meld from a 40-tile rack",
            "40 tiles and 2 jokers, empty table",
            lambda: solve(
                "",
                " ".join(TILES[:40]) + " * *",
                rules=RUMMIKUB,
                initial_meld_done=False,
                budget=Budget(seconds=CAP_SECONDS),
            ),
        ),
        (
            "find_contract, Shanghai round 9",
            "47 cards with 2 jokers, no budget",
            lambda: find_contract(shanghai_hand, round_number=9, rules=SHANGHAI),
        ),
        (
            "find_contract, Contract Rummy round 7, budget 50,000",
            "55 cards (a whole deck and 3 jokers) with a node budget",
            lambda: find_contract(many_melds_hand, round_number=7, rules=CONTRACT_RUMMY, budget=50_000),
        ),
        (
            "find_contract, Contract Rummy round 7, no budget",
            "55 cards (a whole deck and 3 jokers), no budget (see the finding in reliability.md)",
            lambda: find_contract(many_melds_hand, round_number=7, rules=CONTRACT_RUMMY),
        ),
        (
            "Gin deadwood, 11 cards",
            "a dense 11-card hand (runs and sets overlapping; the first call builds tables)",
            lambda: deadwood("Ah 2h 3h 4h 2c 3c 4c 2d 3d 4d 2s", rules=GIN_RUMMY),
        ),
        (
            "Gin knock scored with lay-offs",
            "10 cards each, many lay-offs possible",
            lambda: score_hand("3h 4h 5h 6h 7h 8h 9c 9d 9s Ac", "2h 10h Jh 9h 2c 2d Kc Kd Qs Qh", rules=GIN_RUMMY),
        ),
        (
            "Indian best arrangement, largest hand",
            f"{MAX_INDIAN_HAND} cards with 4 jokers",
            lambda: best_arrangement(
                " ".join(CARDS[i] for i in range(0, 2 * (MAX_INDIAN_HAND - 4), 2)) + " * * * *", rules=INDIAN_RUMMY
            ),
        ),
        (
            "Indian best arrangement, dense largest hand",
            f"{MAX_INDIAN_HAND} cards: Ah to 9h, 3h 4h 5h again, 2 jokers; 7s wild",
            lambda: best_arrangement(
                " ".join(CARDS[26:35] + CARDS[28:31] + ["*"] * (MAX_INDIAN_HAND - 12)),
                rules=INDIAN_RUMMY.with_options({"wild_ranks": ["7"]}),
            ),
        ),
        (
            "refusal cost: batch, longest line",
            f"a line just under {MAX_LINE_LENGTH:,} characters (JSON read, then the notation limit refuses it)",
            _line({"op": "meld", "game": "rummikub", "meld": "r5 " * (MAX_LINE_LENGTH // 3 - 30)}),
        ),
        (
            "batch: a turn with the whole box",
            "turn: 104 tiles in 8 runs before, both jokers played, 106 tiles in 32 sets after",
            _line(
                {
                    "op": "turn",
                    "game": "rummikub",
                    "table_before": runs * 2,
                    "rack": "* *",
                    "table_after": split_box,
                    "initial_meld_done": True,
                }
            ),
        ),
        (
            "batch: solve with the whole box",
            "solve: 104 tiles on the table and both jokers in the rack (without a budget)",
            _line({"op": "solve", "game": "rummikub", "table": runs * 2, "rack": "* *", "initial_meld_done": True}),
        ),
        (
            "batch: solve a 30-tile rack",
            "solve: four full runs on the table, 30 tiles in the rack",
            _line({"op": "solve", "game": "rummikub", "table": runs, "rack": low_rack, "initial_meld_done": True}),
        ),
    ]
    return out


def main() -> None:
    rows = []
    for name, what, fn in cases():
        best, worst, note = _time(fn, 1 if "no budget" in what else REPEAT)
        shown = "over cap" if best == float("inf") else f"{best * 1000:.1f} ms / {worst * 1000:.1f} ms"
        rows.append(f"| {name} | {what} | {shown} | {note.replace('|', '/')} |")
        print(f"{name:55} {shown:>26}  {note}", flush=True)
    today = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    text = "\n".join(
        [
            "# Worst cases within the limits",
            "",
            f"Command: `.venv/bin/python benchmarks/bench_worst_cases.py` ({today}; Python "
            f"{platform.python_version()} on {platform.machine()}, a shared 2-core machine; best / worst of "
            f"{REPEAT} runs, each stopped after {CAP_SECONDS} s).",
            "",
            "| case | input | time (best / worst) | answer |",
            "| --- | --- | --- | --- |",
            *rows,
            "",
        ]
    )
    out = Path(__file__).resolve().parent / "results" / "worst_cases.md"
    out.write_text(text, encoding="utf-8")
    print(f"wrote {out}", file=sys.stderr)


if __name__ == "__main__":
    main()
