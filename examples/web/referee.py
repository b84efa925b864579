"""The Python half of the browser example: judge a table sent as JSON, and draw it.

`worker.mjs` runs this file once inside Pyodide (CPython compiled to WebAssembly), then calls
``judge`` with a JSON request on every change of the table. The same file runs in ordinary
CPython, which is how its answers are tested:

    python examples/web/referee.py          # judges a few sample tables and prints the verdicts

A request names the ``rules`` (a preset name, default ``"rummikub"``) and the pieces in notation,
sets separated by ``|``. For a game played with tiles it is a turn: ``before`` (the table at the
start of the turn), ``rack`` and ``after`` (the table proposed), and ``opened`` (whether the
player has already made the initial meld, default true). For a card game it is a meld-down:
``after`` holds the melds laid down, ``rack`` the hand they come from (optional) and, where the
game has contracts, ``round`` the round whose contract they must meet (default 1).

The answer is ``{"verdict": "legal" | "illegal", "summary", "problems", "picture"}``: every problem
with its ``code`` and ``text`` in words, and the library's SVG picture of the table. Input that
cannot be read (bad notation, too many copies of a tile) is illegal too, with ``error`` set to the
library's error code and no picture.
"""

from __future__ import annotations

import json
from typing import Any

from rummylib import svg
from rummylib.contracts import contract_violations
from rummylib.errors import RummyError, Violation
from rummylib.melds import meld_violations
from rummylib.pieces import Family, format_pieces
from rummylib.rules import PRESETS, RuleSet
from rummylib.rummikub import validate_turn
from rummylib.table import Table


def judge(request: str) -> str:
    """The verdict on one request (JSON text), as JSON text: the shape a page passes best."""
    return json.dumps(answer(json.loads(request)))


def answer(request: dict[str, Any]) -> dict[str, Any]:
    """The verdict on one request (a dict), as a dict."""
    name = str(request.get("rules") or "rummikub")
    rules = PRESETS.get(name)
    if rules is None:
        known = ", ".join(PRESETS)
        return _refused("unknown-game", f"no rule preset named {name!r}; the presets are {known}")
    try:
        if rules.family is Family.TILES:
            return _turn(request, rules)
        return _meld_down(request, rules)
    except RummyError as exc:
        return _refused(exc.code, exc.message)


def _text(value: Any) -> str:
    return str(value or "").strip()


def _words(v: Violation) -> dict[str, Any]:
    return {"code": v.code, "text": v.message, "set": v.meld_index}


def _count(melds: tuple[object, ...]) -> str:
    return "1 meld" if len(melds) == 1 else f"{len(melds)} melds"


def _refused(code: str, message: str) -> dict[str, Any]:
    return {
        "verdict": "illegal",
        "summary": "the position cannot be read",
        "problems": [{"code": code, "text": message, "set": None}],
        "picture": "",
        "error": code,
    }


def _turn(request: dict[str, Any], rules: RuleSet) -> dict[str, Any]:
    before = Table.parse(_text(request.get("before")), rules=rules)
    after = Table.parse(_text(request.get("after")), rules=rules)
    rack = _text(request.get("rack"))
    opened = request.get("opened", True) is not False
    report = validate_turn(before, rack, after, rules=rules, initial_meld_done=opened)
    picture = svg.turn(before, rack, after, rules=rules, initial_meld_done=opened, report=report)
    played = format_pieces(report.played) or "nothing"
    return {
        "verdict": "legal" if report.valid else "illegal",
        "summary": f"played {played}",
        "problems": [_words(v) for v in report.violations],
        "picture": picture,
    }


def _meld_down(request: dict[str, Any], rules: RuleSet) -> dict[str, Any]:
    melds = Table.parse(_text(request.get("after")), rules=rules).melds
    hand = _text(request.get("rack")) or None
    if rules.rounds:
        round_number = int(request.get("round") or 1)
        if not 1 <= round_number <= len(rules.rounds):
            return _refused("unknown-round", f"{rules.title} has rounds 1 to {len(rules.rounds)}, not {round_number}")
        problems = contract_violations(melds, round_number=round_number, rules=rules, hand=hand)
        picture = svg.contract(melds, rules=rules, round_number=round_number, hand=hand)
        summary = f"round {round_number}: {_count(melds)} laid down"
    else:
        problems = tuple(v.at(j) for j, m in enumerate(melds) for v in meld_violations(m, rules=rules))
        picture = svg.table(melds, rules=rules)
        summary = f"{_count(melds)} laid down"
    return {
        "verdict": "illegal" if problems or not melds else "legal",
        "summary": summary if melds else "no meld laid down",
        "problems": [_words(v) for v in problems],
        "picture": picture,
    }


SAMPLES = [
    {"before": "r3 r4 r5 r6", "rack": "r7 r8 b1", "after": "r3 r4 r5 | r6 r7 r8"},
    {"before": "r3 r4 r5 r6", "rack": "r7 r8", "after": "r3 r4 r5 | r6 r7"},
    {"rack": "r12 r13 r1", "after": "r12 r13 r1"},
    {"rules": "contract_rummy", "after": "7h 7s 7d | 8c 8s 8h", "round": 1},
    {"rules": "gin_rummy", "after": "Qh Kh Ah"},
    {"after": "r3 r4 r99"},
]


def main() -> None:
    """Judge the samples and print each verdict with its problems."""
    for request in SAMPLES:
        reply = json.loads(judge(json.dumps(request)))
        print(f"{request.get('rules', 'rummikub')}: {request['after']!r} -> {reply['verdict']} ({reply['summary']})")
        for problem in reply["problems"]:
            print(f"  {problem['text']} [{problem['code']}]")


if __name__ == "__main__":
    main()
