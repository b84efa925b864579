"""Every ``$ rummylib ...`` session on the Command line page prints what the page shows.

The page's console blocks are run in a directory holding the files they name (``turn.json`` as
its ``$ cat`` shows it, ``typo.json`` with the misspelt key it is about); what the command writes
to standard output and standard error together must be the lines the page shows below it.
"""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest

from rummylib import cli

PAGE = Path(__file__).resolve().parents[2] / "docs" / "reference" / "cli.md"


def sessions() -> list[tuple[str, list[str]]]:
    """``(command, expected lines)`` of every console block of the page, in page order."""
    out: list[tuple[str, list[str]]] = []
    for block in re.findall(r"```console\n(.*?)```", PAGE.read_text(encoding="utf-8"), flags=re.DOTALL):
        for line in block.splitlines():
            if line.startswith("$ "):
                out.append((line[2:], []))
            else:
                out[-1][1].append(line)
    return out


def test_every_command_line_session_of_the_page_is_true(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    turn = {"game": "rummikub", "table_before": ["r1 r2 r3"], "rak": "r4", "table_after": ["r1 r2 r3 r4"]}
    (tmp_path / "typo.json").write_text(json.dumps(turn), encoding="utf-8")
    ran, status = 0, 0
    for command, expected in sessions():
        if command.startswith("cat "):
            (tmp_path / command.split()[1]).write_text("\n".join(expected) + "\n", encoding="utf-8")
            continue
        if command == "echo $?":
            assert expected == [str(status)]
            continue
        argv = shlex.split(command)
        assert argv[0] == "rummylib", command
        status = cli.main(argv[1:])
        captured = capsys.readouterr()
        shown = (captured.out + captured.err).splitlines()
        assert shown == expected, f"$ {command}"
        ran += 1
    assert ran >= 15
