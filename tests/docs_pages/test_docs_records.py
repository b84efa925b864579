"""docs/records.md and the replay section of docs/reference/cli.md show what the code writes and reads."""

from __future__ import annotations

import re
import runpy
from pathlib import Path
from typing import Any

from rummylib import contracts, gin, indian, rummikub
from rummylib.records import action_from_line, action_line, read_record
from rummylib.registry import FAMILIES

DOCS = Path(__file__).resolve().parents[2] / "docs"
GEN: dict[str, Any] = runpy.run_path(str(DOCS / "gen_records.py"))
PAGE = (DOCS / "records.md").read_text(encoding="utf-8")
CLI = (DOCS / "reference" / "cli.md").read_text(encoding="utf-8")


def _blocks(text: str, fence: str) -> list[str]:
    return re.findall(rf"```{fence}\n(.*?)```", text, flags=re.DOTALL)


def test_the_example_records_are_what_the_code_writes() -> None:
    assert GEN["page"]() == PAGE, "run: python docs/gen_records.py (docs/records.md is stale)"


def test_every_record_on_the_page_reads_back_to_itself() -> None:
    examples = [
        re.sub(r"^    ", "", b, flags=re.MULTILINE) for b in re.findall(r"    ```text\n(.*?)    ```", PAGE, re.DOTALL)
    ]
    records = [b for b in _blocks(PAGE, "text") if b.startswith("rummylib-record")] + examples
    assert len(records) >= 5
    for text in records:
        assert read_record(text).text() == text


def test_the_example_records_cover_every_game_and_end() -> None:
    titles = [title for title, _ in GEN["examples"]()]
    for game in ("Rummikub", "Contract Rummy", "Shanghai", "Gin Rummy", "Indian Rummy"):
        assert any(t.startswith(game) for t in titles), game
    for _, text in GEN["examples"]():
        assert read_record(text).final.is_over


_TYPES = {
    "Rummikub": rummikub.RummikubGame,
    "Contract Rummy, Shanghai": contracts.ContractRound,
    "Gin Rummy": gin.GinHand,
    "Indian Rummy": indian.IndianDeal,
}


def test_the_table_of_move_lines_reads_and_names_every_kind() -> None:
    rows = re.findall(
        r"^\| (Rummikub|Contract Rummy, Shanghai|Gin Rummy|Indian Rummy) \| (.*) \|$", PAGE, flags=re.MULTILINE
    )
    assert [game for game, _ in rows] == list(_TYPES)
    for game, cell in rows:
        referee = _TYPES[game]
        lines = [line.replace("\\|", "|") for line in re.findall(r"`([^`]+)`", cell)]
        kinds = set()
        for line in lines:
            action = action_from_line(line, referee)
            assert action_line(action) == line
            kinds.add(type(action).kind)
        assert kinds == {c.kind for c in referee.ACTIONS}, game  # type: ignore[attr-defined]
    every = {c for f in FAMILIES for s in f.states for c in s.ACTIONS}  # type: ignore[attr-defined]
    assert every <= {c for t in _TYPES.values() for c in t.ACTIONS}, "a referee's actions are missing from the table"  # type: ignore[attr-defined]


def test_the_replay_section_of_the_cli_page_replays_the_record_of_this_page() -> None:
    """The command line page runs its sessions (tests/cli/test_cli_page.py); its record is this page's first."""
    section = CLI.split("## `rummylib replay`")[1].split("\n## ")[0]
    sessions = _blocks(section, "console")
    shown = sessions[0].split("$ cat hand.txt\n")[1].split("$ rummylib replay hand.txt\n")[0]
    assert shown == _blocks(PAGE, "text")[0]
    assert "$ rummylib replay bad.txt\nrummylib: error: line 9: " in sessions[1]
