"""What one session request of ``rummylib batch`` costs: ``apply``, ``view`` and ``legal`` on a 4-player state.

A game server sends every table's state with each request, so every request reads and checks a
whole state: its JSON, its rule set, every piece, every invariant. This measures the whole batch
path (``handle_line``: the JSON line in, the JSON-ready answer out, not the final ``json.dumps``)
for a 4-player state of each game that seats 4, some turns into the game, unsigned and signed.

Run: ``PYTHONPATH=src python benchmarks/bench_batch_states.py [--quick | --calls | --markdown]``
(about 20 s; ``--quick`` about 5 s; ``--markdown`` times and counts, and prints the results page
``benchmarks/results/batch_states.md``). With ``--calls`` it counts instead of timing: the Python function calls one
request makes (``cProfile``), the same on a busy machine as on an idle one. Prints one line per game and op: the median of several rounds of the mean per
request, in microseconds of CPU time, for a state sent back as it was answered (unsigned, then
signed) and for a state seen for the first time (decoded and checked from scratch), (``time.process_time``: the process's own work, so that a
busy shared machine disturbs the figures less than wall-clock time would).
"""

from __future__ import annotations

import cProfile
import io
import json
import pstats
import random
import statistics
import sys
import time
from typing import Any

from rummylib.batch import Signer, handle_line, handle_request, sessions
from rummylib.referee import STATE_CODEC

GAMES = (("contract_rummy", 4), ("shanghai", 4), ("indian_rummy", 4), ("rummikub", 4))
"""The games measured and their players (every game that seats four, 4 players each)."""


def _states(game: str, players: int, turns: int, seed: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """The answer ``turns`` random legal actions after a deal, and the answer a turn before it."""
    rng = random.Random(seed)
    answer = before = handle_request({"op": "deal", "game": game, "players": players, "seed": seed})
    for _ in range(turns):
        nxt = handle_request({"op": "apply", "state": answer["state"], "action": rng.choice(answer["legal"])})
        if "error" in nxt:  # pragma: no cover - every listed action is legal
            raise RuntimeError(nxt)
        if nxt["is_over"]:
            break  # keep a position that goes on
        before, answer = answer, nxt
    return answer, before


def _state(game: str, players: int, turns: int, seed: int) -> dict[str, Any]:
    """The answer ``turns`` random legal actions after a deal."""
    return _states(game, players, turns, seed)[0]


def _forget(recent: Any) -> None:
    """Empty what a worker remembers of the states, tables and records it has read: the next is seen first."""
    recent.clear()
    flat = getattr(STATE_CODEC, "_flat_values", None)  # the records read by content (rummylib._json)
    if flat is not None:
        flat.clear()
    rummikub = sys.modules.get("rummylib.rummikub.game")
    tables = getattr(rummikub, "_REPLAYED", None)  # the last game rebuilt for each Rummikub table
    if tables is not None:
        tables.clear()


def _time(
    line: str, signer: Signer | None, rounds: int, inner: int, *, first_sight: bool = False, before: str | None = None
) -> float:
    """The median over ``rounds`` of the mean CPU time of ``inner`` requests, in microseconds.

    With ``first_sight``, the batch's memory of recent states, tables and records is emptied
    before each request (`_forget`), so that every state is decoded and checked from scratch (a
    state, and records, it has not seen before); with ``before`` too, that request (on the state
    a turn earlier, as another worker's answer follows it) is answered after the emptying, untimed;
    otherwise the state is one it wrote or read lately, as when a server sends back its last answer.
    """
    handle_line(line, signer=signer)  # warm: the first request fills the caches a server keeps warm
    recent = sessions._RECENT.states if hasattr(sessions, "_RECENT") else {}
    means = []
    for _ in range(rounds):
        spent = 0.0
        for _ in range(inner):
            if first_sight:
                _forget(recent)
                if before is not None:
                    handle_line(before, signer=signer)
            start = time.process_time()
            handle_line(line, signer=signer)
            spent += time.process_time() - start
        means.append(spent / inner * 1e6)
    return statistics.median(means)


def _calls(line: str, signer: Signer | None, *, first_sight: bool = False, before: str | None = None) -> float:
    """The Python function calls of one request (the mean of 20), counted by ``cProfile`` (``first_sight`` and ``before`` as in `_time`)."""
    recent = sessions._RECENT.states if hasattr(sessions, "_RECENT") else {}
    for _ in range(2):  # warm: the caches a server keeps warm, those of a first sight too
        if first_sight:
            _forget(recent)
        handle_line(line, signer=signer)
    profile = cProfile.Profile()
    for _ in range(20):
        if first_sight:
            _forget(recent)
            if before is not None:
                handle_line(before, signer=signer)
        profile.enable()
        handle_line(line, signer=signer)
        profile.disable()
    calls: int = pstats.Stats(profile, stream=io.StringIO()).total_calls  # type: ignore[attr-defined]
    return calls / 20


def main() -> None:
    """Print the cost of each op on each game's 4-player state."""
    if "--calls" in sys.argv:
        _count()
        return
    if "--markdown" in sys.argv:
        _markdown()
        return
    quick = "--quick" in sys.argv
    rounds, inner = (3, 40) if quick else (7, 100)
    signer = Signer(b"benchmark secret, 32 bytes or longer")
    head = f"{'game':<16}{'op':<8}{'unsigned us':>12}{'signed us':>11}{'first sight us':>16}{'turn later us':>15}"
    print(head + f"{'signed first us':>17}{'state bytes':>13}")
    for game, op, plain, signed, before, size in _requests(signer):
        cold = _time(plain, None, rounds, inner, first_sight=True)
        later = _time(plain, None, rounds, inner, first_sight=True, before=before)
        signed_cold = _time(signed, signer, rounds, inner, first_sight=True)
        print(
            f"{game:<16}{op:<8}{_time(plain, None, rounds, inner):>12.0f}"
            f"{_time(signed, signer, rounds, inner):>11.0f}{cold:>16.0f}{later:>15.0f}{signed_cold:>17.0f}{size:>13}"
        )


def _count() -> None:
    """Print the Python calls of each op on each game's 4-player state (`_calls`)."""
    signer = Signer(b"benchmark secret, 32 bytes or longer")
    print(
        f"{'game':<16}{'op':<8}{'unsigned calls':>15}{'signed calls':>14}{'first sight calls':>19}"
        f"{'turn later calls':>18}"
    )
    for game, op, plain, signed, before, _size in _requests(signer):
        print(
            f"{game:<16}{op:<8}{_calls(plain, None):>15.0f}{_calls(signed, signer):>14.0f}"
            f"{_calls(plain, None, first_sight=True):>19.0f}{_calls(plain, None, first_sight=True, before=before):>18.0f}"
        )


def _requests(signer: Signer) -> list[tuple[str, str, str, str, str, int]]:
    """For each game and op: the request unsigned, signed, a view of the state a turn earlier, and the state's size in bytes."""
    found = []
    for game, players in GAMES:
        answer, earlier = _states(game, players, turns=12, seed=3)
        state = answer["state"]
        before = json.dumps({"op": "view", "state": earlier["state"], "player": earlier["to_move"]})
        signature = signer.sign(state)
        lines = {
            "apply": {"op": "apply", "state": state, "action": answer["legal"][0]},
            "view": {"op": "view", "state": state, "player": answer["to_move"]},
            "legal": {"op": "legal", "state": state},
        }
        for op, request in lines.items():
            found.append(
                (
                    game,
                    op,
                    json.dumps(request),
                    json.dumps(request | {"signature": signature}),
                    before,
                    len(json.dumps(state)),
                )
            )
    return found


def _markdown() -> None:
    """Print the results page: CPU time and Python calls of each op on each game's state."""
    signer = Signer(b"benchmark secret, 32 bytes or longer")
    requests = _requests(signer)
    timed = []
    for game, op, plain, signed, before, size in requests:
        back, sign = _time(plain, None, 7, 100), _time(signed, signer, 7, 100)
        cold = _time(plain, None, 7, 100, first_sight=True)
        later = _time(plain, None, 7, 100, first_sight=True, before=before)
        signed_cold = _time(signed, signer, 7, 100, first_sight=True)
        timed.append(
            f"| {game} | {op} | {back:.0f} | {sign:.0f} | {cold:.0f} | {later:.0f} | {signed_cold:.0f} | {size} |"
        )
    counted = [
        f"| {game} | {op} | {_calls(plain, None):.0f} | {_calls(signed, signer):.0f} "
        f"| {_calls(plain, None, first_sight=True):.0f} | {_calls(plain, None, first_sight=True, before=before):.0f} |"
        for game, op, plain, signed, before, _ in requests
    ]
    print("# Batch requests on a kept state\n")
    print(
        f"Measured {time.strftime('%Y-%m-%d')} on CPython {sys.version.split()[0]}, pure Python; command:\n"
        "`PYTHONPATH=src python benchmarks/bench_batch_states.py --markdown`. CPU µs per request, median; a\n"
        '4-player state. "sent back" is a state the process wrote or checked before, sent back\n'
        'unchanged; "signed" is the same with a signature checked; "first sight" is a state the\n'
        "process has not seen, nor any of its turn records (decoded and every invariant checked);\n"
        '"a turn later" is a state the process has not seen, one turn after a state of the same\n'
        'table it has checked (another worker answered the turn between); "signed, first sight" is\n'
        "a signed state the process has not seen (its signature checked, the state read, not checked again).\n"
    )
    print(
        "| game | op | sent back µs | signed µs | first sight µs | a turn later µs | signed, first sight µs | state bytes |"
    )
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    print("\n".join(timed))
    print("\nThe Python function calls of one request (`--calls`), the same on a busy machine as on an\nidle one:\n")
    print("| game | op | sent back calls | signed calls | first sight calls | a turn later calls |")
    print("|---|---|---:|---:|---:|---:|")
    print("\n".join(counted))
    print("\nRuns differ by up to about 1.5× on this machine; the calls do not depend on the machine.")


if __name__ == "__main__":
    main()
