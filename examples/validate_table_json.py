"""Validate a proposed Rummikub table sent as JSON, and explain the verdict.

A game client sends the table before the turn, the player's rack and the table it proposes.
This script judges it and prints what a server would send back, plus a picture of the turn.

    python examples/validate_table_json.py                 # the sample in examples/turn.json
    python examples/validate_table_json.py my_turn.json    # your own file
    python examples/validate_table_json.py my_turn.json turn.svg
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from rummylib import RummyError, svg
from rummylib.batch import Request, all_ops
from rummylib.errors import RequestError
from rummylib.rummikub import TurnReport, validate_turn
from rummylib.table import Table

SAMPLE = Path(__file__).with_name("turn.json")
TURN_OP = next(op for op in all_ops() if op.name == "turn")


def judge(request: Any) -> tuple[TurnReport, str]:
    """The report on a turn request (the fields of the batch ``turn`` op), and its picture.

    The fields are read as the batch op reads them (``game`` defaults to ``"rummikub"``), so a
    field of the wrong type, a missing ``table_after``, bad ``rules`` or a game that is not
    played with tiles raise the error the op would answer with: `rummylib.errors.RequestError`
    (code ``bad-field``, ``missing-field``, ``op-not-for-game``), `rummylib.errors.RuleSetError` or
    `rummylib.errors.NotationError`.
    """
    data = {"game": "rummikub", **request, "op": "turn"} if isinstance(request, dict) else request
    req = Request.from_json(data)  # checks game and rules, and builds the rule set
    if TURN_OP.schemes is not None and req.rules.scoring not in TURN_OP.schemes:
        raise RequestError(f"op 'turn' is not an op of {req.rules.title}: it serves rummikub", code="op-not-for-game")
    before = _table(req, "table_before", default=[])
    after = _table(req, "table_after")
    rack = req.pieces("rack", default=())
    opened = req.boolean("initial_meld_done", default=False)
    report = validate_turn(before, rack, after, rules=req.rules, initial_meld_done=opened)
    picture = svg.turn(before, rack, after, rules=req.rules, initial_meld_done=opened, report=report)
    return report, picture


def _table(req: Request, name: str, *, default: Any = ...) -> Table:
    """A table field: a list of sets in notation, or one ``|``-separated string."""
    value = req.field(name, (list, str), default=default, what="a list of sets in notation (or one '|' string)")
    if isinstance(value, str):
        return Table.parse(value, rules=req.rules)
    return Table.of(req.piece_lists(name, default=[]), rules=req.rules)


def main(argv: list[str]) -> int:
    path = Path(argv[1]) if len(argv) > 1 else SAMPLE
    try:
        request = json.loads(path.read_text(encoding="utf-8"))
        report, picture = judge(request)
    except (OSError, ValueError, RummyError) as exc:
        code = exc.code if isinstance(exc, RummyError) else "bad-input"
        print(f"cannot judge {path}: {exc} [{code}]", file=sys.stderr)
        return 2
    print("legal turn" if report.valid else "illegal turn", "- played:", " ".join(map(str, report.played)) or "nothing")
    for problem in report.violations:
        print("  problem:", problem)
    print(report.changes)
    print("answer:", json.dumps(report.to_json())[:120], "...")
    if len(argv) > 2:
        Path(argv[2]).write_text(picture, encoding="utf-8")
        print("picture written to", argv[2])
    return 0 if report.valid else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
