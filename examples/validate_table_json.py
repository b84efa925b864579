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

from rummylib import RummyError, find_ruleset, svg
from rummylib.table import Table, TurnReport, validate_turn

SAMPLE = Path(__file__).with_name("turn.json")


def judge(request: dict[str, Any]) -> tuple[TurnReport, str]:
    """The report on a turn request (the fields of the batch ``turn`` op), and its picture."""
    rules = find_ruleset(str(request.get("game", "rummikub")))
    if isinstance(request.get("rules"), dict):
        rules = rules.with_options(request["rules"])
    before = Table.of(request.get("table_before", []), rules=rules)
    after = Table.of(request.get("table_after", []), rules=rules)
    rack = str(request.get("rack", ""))
    opened = bool(request.get("initial_meld_done", False))
    report = validate_turn(before, rack, after, rules=rules, initial_meld_done=opened)
    picture = svg.turn(before, rack, after, rules=rules, initial_meld_done=opened, report=report)
    return report, picture


def main(argv: list[str]) -> int:
    path = Path(argv[1]) if len(argv) > 1 else SAMPLE
    try:
        request = json.loads(path.read_text(encoding="utf-8"))
        report, picture = judge(request)
    except (OSError, ValueError) as exc:  # RummyError is a ValueError too
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
