"""Does one long-running ``rummylib batch`` process keep a flat memory under a mixed load?

Starts one ``python -m rummylib batch`` process (a subprocess, talked to through its standard input
and output, as a game server's worker is) and feeds it, one line at a time for a bounded time, a
mixed load: whole games of every game dealt with new seeds and played with random legal actions
(Rummikub plays found by ``solve``), ``view`` and ``legal`` of random seats, states sent back
tampered with or seen for the first time, every stateless op of every game on random pieces, and
errors of every kind (bad JSON, unknown ops and fields, bad notation, illegal actions, lines over
the size limit). Every few seconds it reads the process's resident memory (``VmRSS`` in
``/proc/<pid>/status``) and prints one line of the curve.

Run: ``PYTHONPATH=src python benchmarks/soak_batch.py [--seconds 600] [--every 5] [--out FILE] [--signed]``
(default 600 s; ``--seconds 60`` for a short run). Prints the curve (seconds, requests answered,
RSS in MB) and, at the end, a small table of it; ``--out`` also saves the curve as JSON. With
``--signed`` the process runs with ``--secret-file`` and every state goes back with its signature.

With ``--in-process`` the same load is answered in this process instead (``handle_line``), under
``tracemalloc``, and the lines of code holding the most memory grown since the first sample are
printed at the end: the way to find an unbounded growth the curve shows.

Linux only (it reads ``/proc``).
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import random
import secrets
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from typing import Any

GAMES: tuple[tuple[str, tuple[str, ...], tuple[int, ...]], ...] = (
    ("rummikub", ("rummikub-game",), (2, 3, 4)),
    ("contract_rummy", ("contract-round", "contract-game"), (3, 4)),
    ("shanghai", ("contract-round", "contract-game"), (3, 4)),
    ("gin_rummy", ("gin-hand", "gin-game"), (2,)),
    ("indian_rummy", ("indian-deal", "indian-game"), (2, 3, 4)),
)
"""Each game, the state types dealt, and the numbers of players."""

DISTINCT = 0
"""How many fixed deals the pieces of stateless requests come from, unless told (see `Load`)."""

TABLES = 12
"""Games in play at once (each request of a session goes to one of them at random)."""

_COLOURS = "rbky"
_CARDS = [f"{rank}{suit}" for rank in ("A", *map(str, range(2, 11)), "J", "Q", "K") for suit in "cdhs"]
_TILES = [f"{colour}{n}" for colour in _COLOURS for n in range(1, 14)]


def _card_hand(rng: random.Random, size: int, jokers: bool = True) -> str:
    deck = [*_CARDS, *(["*"] if jokers else [])]
    return " ".join(rng.sample(deck, min(size, len(deck))))


def _tile_rack(rng: random.Random, size: int) -> str:
    return " ".join(rng.sample([*_TILES, *_TILES, "*", "*"], size))


def _stateless(rng: random.Random, deal: Callable[[], random.Random]) -> dict[str, Any]:
    """One request that carries no state: every op of every game, on random pieces (dealt by ``deal()``)."""
    card_game = rng.choice(("contract_rummy", "shanghai", "gin_rummy", "indian_rummy"))
    jokers = card_game != "gin_rummy"
    choices: list[Callable[[], dict[str, Any]]] = [
        lambda: {"op": "meld", "game": "rummikub", "meld": _tile_rack(deal(), rng.randint(3, 5))},
        lambda: {"op": "meld", "game": card_game, "meld": _card_hand(deal(), rng.randint(3, 5), jokers)},
        lambda: {"op": "points", "game": card_game, "hand": _card_hand(deal(), rng.randint(1, 13), jokers)},
        lambda: {"op": "points", "game": "rummikub", "hand": _tile_rack(deal(), rng.randint(1, 14))},
        lambda: {
            "op": "turn",
            "game": "rummikub",
            "table_before": ["r1 r2 r3", "k7 b7 y7"],
            "rack": (rack := _tile_rack(deal(), 8)),
            "table_after": ["r1 r2 r3", "k7 b7 y7", " ".join(rack.split()[:3])],
            "initial_meld_done": rng.random() < 0.5,
        },
        lambda: {
            "op": "solve",
            "game": "rummikub",
            "table": ["r1 r2 r3", "k7 b7 y7"],
            "rack": _tile_rack(deal(), 10),
            "initial_meld_done": rng.random() < 0.7,
            "budget": {"nodes": 5000},
        },
        lambda: {
            "op": "can_play",
            "game": "rummikub",
            "table": ["r1 r2 r3", "k7 b7 y7"],
            "tiles": _tile_rack(deal(), 2),
            "initial_meld_done": True,
            "layout": rng.random() < 0.5,
            "budget": 5000,
        },
        lambda: {
            "op": "find_contract",
            "game": rng.choice(("contract_rummy", "shanghai")),
            "round": rng.randint(1, 7),
            "hand": _card_hand(deal(), 12),
        },
        lambda: {
            "op": "contract",
            "game": "contract_rummy",
            "round": 1,
            "melds": ["7h 7s 7d", _card_hand(deal(), 3)],
        },
        lambda: {
            "op": "score",
            "game": rng.choice(("contract_rummy", "shanghai")),
            "hands": ["", _card_hand(deal(), 5), _card_hand(deal(), 3)],
        },
        lambda: {
            "op": "score",
            "game": "rummikub",
            "hands": ["", _tile_rack(deal(), 5), _tile_rack(deal(), 2)],
            "winner": 0,
        },
        lambda: {
            "op": "score",
            "game": "gin_rummy",
            "hands": ["Ah 2h 3h 7c 7d 7s 4c 5c 6c 2d", " ".join(deal().sample(_CARDS[8:], 10))],
        },
        lambda: {"op": "deadwood", "game": "gin_rummy", "hand": _card_hand(deal(), rng.choice((10, 11)), False)},
        lambda: {
            "op": "defender_layoffs",
            "game": "gin_rummy",
            "melds": ["Ah 2h 3h", "7c 7d 7s"],
            "hand": " ".join(deal().sample([c for c in _CARDS if c not in {"Ah", "2h", "3h", "7c", "7d", "7s"}], 10)),
        },
        lambda: {"op": "layoff", "game": card_game, "meld": "4c 5c 6c 7c", "cards": rng.choice(("8c", "3c", "9c"))},
        lambda: {
            "op": "declare",
            "game": "indian_rummy",
            "rules": {"wild_ranks": [rng.choice(("5", "9"))]},
            "melds": ["Ah 2h 3h", "4s 5h 6s", "7c 7d 7h", _card_hand(deal(), 4)],
        },
        lambda: {"op": "hello"},
    ]
    return rng.choice(choices)()


def _hostile(rng: random.Random) -> str:
    """One line that is answered with an error (each kind)."""
    choices: list[Callable[[], str]] = [
        lambda: "{not json " + secrets.token_hex(4),
        lambda: json.dumps([1, 2, 3]),
        lambda: json.dumps({"op": "fly-" + secrets.token_hex(3), "game": "gin"}),
        lambda: json.dumps({"op": "meld", "game": "rummikub", "meld": "r14"}),
        lambda: json.dumps({"op": "meld", "game": "gin", "meld": "Ah 2h 3h", secrets.token_hex(5): 1}),
        lambda: json.dumps({"op": "points", "game": "nope-" + secrets.token_hex(3), "hand": "Ah"}),
        lambda: json.dumps({"op": "solve", "game": "gin"}),
        lambda: json.dumps({"op": "meld", "game": "rummikub", "rules": {secrets.token_hex(4): 1}, "meld": "r1"}),
        lambda: json.dumps({"op": "deal", "game": "gin", "players": 7}),
        lambda: '{"op": "meld", "meld": NaN}',
        lambda: json.dumps(
            {"op": "view", "state": {"format": "rummylib-save", "x": secrets.token_hex(8)}, "player": 0}
        ),
    ]
    if rng.random() < 0.01:
        return '{"op": "meld", "pad": "' + "x" * 1_000_100 + '"}'
    return rng.choice(choices)()


class Load:
    """The mixed load: each `next_line` is one request line, and `take` reads its answer."""

    def __init__(self, rng: random.Random, distinct: int = 0) -> None:
        self.rng = rng
        self.distinct = distinct
        self.tables: list[dict[str, Any] | None] = [None] * TABLES
        self.waiting: tuple[int, str] | None = None  # the table a session request went to, and what it was

    def _deal(self) -> dict[str, Any]:
        game, types, players = self.rng.choice(GAMES)
        return {
            "op": "deal",
            "game": game,
            "players": self.rng.choice(players),
            "state_type": self.rng.choice(types),
            "seed": self.rng.getrandbits(48),
        }

    def _session(self, slot: int) -> tuple[dict[str, Any], str]:
        table = self.tables[slot]
        if table is None:
            return self._deal(), "deal"
        rng = self.rng
        state = {"state": table["state"]} | ({"signature": table["signature"]} if "signature" in table else {})
        roll = rng.random()
        view = table.get("view") or {}
        if roll < 0.08:
            return {"op": "view", **state, "player": rng.randrange(len(view.get("hand_sizes") or [0, 0]))}, "ask"
        if roll < 0.14:
            return {"op": "legal", **state}, "ask"
        if roll < 0.18:  # the same state, as a worker that has not seen it gets it (another key order)
            return {"op": "legal", "state": dict(reversed(table["state"].items()))} | {
                k: v for k, v in state.items() if k == "signature"
            }, "ask"
        if roll < 0.21:  # a state tampered with
            bad = copy.deepcopy(table["state"])
            bad["seed"] = rng.getrandbits(40)
            return {"op": "legal", "state": bad, "signature": table.get("signature")}, "ask"
        if roll < 0.24 and table["legal"]:  # an action of another seat
            action = dict(rng.choice(table["legal"]))
            action["player"] = (action["player"] + 1) % 2
            return {"op": "apply", **state, "action": action}, "ask"
        hand = view.get("hand", view.get("rack"))
        rummikub = table["state"].get("type") == "rummikub-game"
        if rummikub and view.get("table") is not None and isinstance(hand, str) and rng.random() < 0.5:
            # look for a play with the solver, then make it
            done = view.get("initial_meld_done")
            me = view.get("viewer", 0)
            return {
                "op": "solve",
                "game": "rummikub",
                "table": view["table"],
                "rack": hand,
                "initial_meld_done": bool(done[me]) if isinstance(done, list) else bool(done),
                "budget": {"nodes": 3000},
            }, "solve"
        if not table["legal"]:
            return self._deal(), "deal"
        return {"op": "apply", **state, "action": rng.choice(table["legal"])}, "apply"

    def _pieces(self) -> random.Random:
        """What deals the pieces of a stateless request: one of ``distinct`` fixed deals, or a new one (0)."""
        if not self.distinct:
            return self.rng
        return random.Random(self.rng.randrange(self.distinct))

    def _meld(self) -> dict[str, Any]:
        """A cheap request on new pieces, the kind a server asks most: a meld, or a hand's points."""
        rng = self.rng
        game = rng.choice(("rummikub", "contract_rummy", "shanghai", "gin_rummy", "indian_rummy"))
        pieces = _tile_rack(rng, rng.randint(3, 8)) if game == "rummikub" else _card_hand(rng, rng.randint(3, 8))
        if game == "gin_rummy":
            pieces = " ".join(p for p in pieces.split() if p != "*") or "Ah"
        op = rng.choice(("meld", "meld", "points"))
        return {"op": op, "game": game, "meld" if op == "meld" else "hand": pieces}

    def next_line(self) -> str:
        rng = self.rng
        roll = rng.random()
        if roll < 0.25:
            slot = rng.randrange(TABLES)
            request, kind = self._session(slot)
            self.waiting = (slot, kind)
            return json.dumps(request)
        self.waiting = None
        if roll < 0.40:
            return json.dumps(_stateless(rng, self._pieces) | {"id": rng.randrange(1000)})
        if roll < 0.90:
            return json.dumps(self._meld())
        return _hostile(rng)

    def take(self, answer: dict[str, Any]) -> None:
        if self.waiting is None:
            return
        slot, kind = self.waiting
        table = self.tables[slot]
        if kind in ("deal", "apply") and "state" in answer:
            self.tables[slot] = None if answer["is_over"] else answer
        elif kind == "solve" and table is not None and answer.get("tiles_placed"):
            seat = table["to_move"]
            play = {"action": "play", "player": seat, "table": {"melds": answer["table_after"]}}
            table["legal"] = [play]  # the next session request on this table makes the play
        elif kind == "deal" and "error" in answer:
            self.tables[slot] = None


def _rss_kb(pid: int) -> int:
    with open(f"/proc/{pid}/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise RuntimeError("no VmRSS")  # pragma: no cover


def _lines(load: Load, stop: float) -> Iterator[str]:
    while time.monotonic() < stop:
        yield load.next_line()


def soak_subprocess(seconds: float, every: float, seed: int, signed: bool, distinct: int) -> list[dict[str, float]]:
    """Feed the load to one ``rummylib batch`` process; the RSS curve."""
    load = Load(random.Random(seed), distinct)
    command = [sys.executable, "-m", "rummylib", "batch"]
    with tempfile.TemporaryDirectory() as tmp:
        if signed:
            secret = os.path.join(tmp, "secret")
            with open(secret, "w", encoding="ascii") as handle:
                handle.write(secrets.token_hex(32))
            command += ["--secret-file", secret]
        process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)
        assert process.stdin is not None
        assert process.stdout is not None
        start = time.monotonic()
        next_sample = start
        curve: list[dict[str, float]] = []
        count = 0
        errors = 0
        try:
            for line in _lines(load, start + seconds):
                process.stdin.write(line.encode() + b"\n")
                answer = json.loads(process.stdout.readline())
                count += 1
                errors += "error" in answer
                load.take(answer)
                now = time.monotonic()
                if now >= next_sample:
                    curve.append(_sample(now - start, count, errors, _rss_kb(process.pid)))
                    next_sample += every
            curve.append(_sample(time.monotonic() - start, count, errors, _rss_kb(process.pid)))
        finally:
            process.stdin.close()
            process.wait(timeout=30)
    return curve


def _sample(elapsed: float, count: int, errors: int, rss_kb: int) -> dict[str, float]:
    point = {"seconds": round(elapsed, 1), "requests": count, "errors": errors, "rss_mb": round(rss_kb / 1024, 1)}
    print(
        f"{point['seconds']:8.1f} s {count:9d} requests {errors:8d} errors  RSS {point['rss_mb']:6.1f} MB", flush=True
    )
    return point


def soak_in_process(seconds: float, every: float, seed: int, distinct: int) -> list[dict[str, float]]:
    """The same load answered in this process under tracemalloc; prints where memory grew."""
    import tracemalloc

    from rummylib.batch import handle_line

    tracemalloc.start(10)
    load = Load(random.Random(seed), distinct)
    start = time.monotonic()
    next_sample = start + every
    first: Any = None
    curve: list[dict[str, float]] = []
    errors = 0
    for count, line in enumerate(_lines(load, start + seconds), 1):
        answer = json.loads(json.dumps(handle_line(line)))
        errors += "error" in answer
        load.take(answer)
        now = time.monotonic()
        if now >= next_sample:
            curve.append(_sample(now - start, count, errors, _rss_kb(os.getpid())))
            if first is None:
                first = tracemalloc.take_snapshot()
            next_sample += every
    last = tracemalloc.take_snapshot()
    if first is not None:
        print("\nMemory grown since the first sample, by line (top 15):")
        for stat in last.compare_to(first, "traceback")[:15]:
            print(f"{stat.size_diff / 1024:10.1f} KiB {stat.count_diff:+8d} blocks")
            for frame in stat.traceback.format()[-6:]:
                print("    " + frame)
    return curve


def table(curve: list[dict[str, float]], rows: int = 11) -> str:
    """A Markdown table of the curve, ``rows`` samples spread evenly over it."""
    picks = sorted({round(i * (len(curve) - 1) / (rows - 1)) for i in range(rows)}) if len(curve) > 1 else [0]
    out = ["| seconds | requests answered | RSS (MB) |", "| ---: | ---: | ---: |"]
    out += [f"| {curve[i]['seconds']:.0f} | {curve[i]['requests']:,.0f} | {curve[i]['rss_mb']:.1f} |" for i in picks]
    return "\n".join(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=600.0, help="how long to feed the load (default 600)")
    parser.add_argument("--every", type=float, default=5.0, help="seconds between two samples (default 5)")
    parser.add_argument("--seed", type=int, default=1, help="the seed of the load")
    parser.add_argument("--out", help="save the curve as JSON to this file")
    parser.add_argument("--signed", action="store_true", help="run the process with --secret-file")
    parser.add_argument("--in-process", action="store_true", help="answer in this process, under tracemalloc")
    parser.add_argument(
        "--distinct",
        type=int,
        default=DISTINCT,
        help=f"deal the pieces of stateless requests from this many fixed deals (default {DISTINCT}; 0: a new one each time)",
    )
    args = parser.parse_args()
    if args.in_process:
        curve = soak_in_process(args.seconds, args.every, args.seed, args.distinct)
    else:
        curve = soak_subprocess(args.seconds, args.every, args.seed, args.signed, args.distinct)
    print()
    print(table(curve))
    if args.out:
        with open(args.out, "w", encoding="utf-8") as handle:
            json.dump(
                {"seconds": args.seconds, "signed": args.signed, "distinct": args.distinct, "curve": curve},
                handle,
                indent=1,
            )


if __name__ == "__main__":
    main()
