"""A reader that goes away early (``rummylib ... | head -1``) ends the command quietly, as Unix tools do."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def test_a_closed_pipe_stops_a_command_quietly(tmp_path: Path) -> None:
    melds = tmp_path / "melds.txt"
    melds.write_text("r1 r2 r3\n" * 20000, encoding="utf-8")
    with subprocess.Popen(
        [sys.executable, "-m", "rummylib", "meld", "--game", "rummikub", "--file", str(melds), "--color", "never"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    ) as child:
        assert child.stdout is not None and child.stderr is not None
        first = child.stdout.readline()
        child.stdout.close()  # the reader goes away
        error = child.stderr.read()
        code = child.wait(timeout=120)
    assert first.startswith(b"valid")
    assert error == b"", error.decode()[-500:]
    assert code == 0
