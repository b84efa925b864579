"""The progress bar, under a real pseudo-terminal: it never shares a line with an answer.

Standard output and standard error are the same terminal here, as in a user's shell. What the
user sees is what a terminal makes of the bytes (``\\r`` goes back to the start of the line and
later text overwrites it); it must be exactly the answer the command prints into a pipe.
"""

from __future__ import annotations

import os
import select
import subprocess
import sys
from pathlib import Path

import pytest

pty = pytest.importorskip("pty")  # POSIX only

MELDS = ["meld", "--game", "rummikub", "--color", "never", "r5 r6 *", "r12 r13 r1", "k1 b1 y1 r1"]


def in_terminal(argv: list[str], *, timeout: float = 120) -> str:
    """Everything the command writes to a terminal that is both its standard output and error."""
    master, slave = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "rummylib", *argv], stdin=slave, stdout=slave, stderr=slave, close_fds=True
    )
    os.close(slave)
    chunks: list[bytes] = []
    try:
        while True:
            ready, _, _ = select.select([master], [], [], timeout)
            assert ready, f"no output for {timeout} s from {argv}"
            try:
                data = os.read(master, 65536)
            except OSError:  # EIO: the command has closed the terminal
                break
            if not data:
                break
            chunks.append(data)
        assert proc.wait(timeout=timeout) in (0, 1)
    finally:
        os.close(master)
        if proc.poll() is None:
            proc.kill()
    return b"".join(chunks).decode("utf-8")


def piped(argv: list[str]) -> list[str]:
    """The answer as the command prints it into a pipe (no progress bar)."""
    result = subprocess.run(
        [sys.executable, "-m", "rummylib", *argv], capture_output=True, text=True, timeout=120, check=False
    )
    assert result.returncode in (0, 1)
    return result.stdout.splitlines()


def screen(raw: str) -> list[str]:
    """The lines a terminal shows for ``raw``: ``\\r`` returns to column 0, later characters overwrite."""
    lines: list[str] = []
    row: list[str] = []
    col = 0
    for ch in raw:
        if ch == "\n":
            lines.append("".join(row).rstrip())
            row, col = [], 0
        elif ch == "\r":
            col = 0
        else:
            if col < len(row):
                row[col] = ch
            else:
                row.append(ch)
            col += 1
    last = "".join(row).rstrip()
    if last:
        lines.append(last)
    return lines


def test_the_bar_is_cleared_before_every_result_line() -> None:
    raw = in_terminal(MELDS)
    assert "checking melds [" in raw  # the bar was drawn (the test would prove nothing otherwise)
    assert screen(raw) == piped(MELDS)


def test_a_long_file_leaves_no_line_garbled(tmp_path: Path) -> None:
    melds = ["r5 r6 *", "r12 r13 r1", "k1 b1 y1 r1", "r1 r2", "k7 b7 y7 r7"] * 600  # 3,000 melds
    path = tmp_path / "melds.txt"
    path.write_text("\n".join(melds) + "\n", encoding="utf-8")
    argv = ["meld", "-g", "rummikub", "--color", "never", "--file", str(path)]
    raw = in_terminal(argv)
    assert raw.count("checking melds [") > 50
    shown = screen(raw)
    assert shown == piped(argv)
    assert shown[-1] == "1800 valid, 1200 invalid"


def test_selfplay_moves_within_a_game() -> None:
    argv = ["selfplay", "--games", "1", "--seed", "0", "--max-turns", "6", "--color", "never"]
    raw = in_terminal(argv)
    for turn in range(1, 7):  # one step of the bar per turn, not only per game
        assert f"game 1, turn {turn}" in raw
    assert screen(raw) == piped(argv) == ["  seed 0: unfinished after 6 turns"]
