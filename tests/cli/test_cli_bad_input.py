"""Unreadable input to the command line is bad input: exit 2 and one line on standard error."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from rummylib import cli

EXIT_BAD = 2
DEEP = "[" * 100_000


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def assert_one_line_error(err: str, *words: str) -> None:
    assert err.startswith("rummylib: error: ")
    assert err.count("\n") == 1
    assert "Traceback" not in err
    for word in words:
        assert word in err


@pytest.fixture
def latin1_file(tmp_path: Path) -> Path:
    path = tmp_path / "latin1.txt"
    path.write_bytes("r1 r2 r3 \u00e9t\u00e9".encode("latin-1"))
    return path


def test_turn_file_not_utf8_is_bad_input(capsys: pytest.CaptureFixture[str], latin1_file: Path) -> None:
    code, out, err = run(capsys, "turn", str(latin1_file))
    assert code == EXIT_BAD
    assert out == ""
    assert_one_line_error(err, "not UTF-8", "[bad-request]")


def test_meld_file_not_utf8_is_bad_input(capsys: pytest.CaptureFixture[str], latin1_file: Path) -> None:
    code, out, err = run(capsys, "meld", "-g", "rummikub", "-f", str(latin1_file))
    assert code == EXIT_BAD
    assert out == ""
    assert_one_line_error(err, "not UTF-8", "[bad-request]")


def test_stdin_not_utf8_is_bad_input(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    stdin = io.TextIOWrapper(io.BytesIO(b"r1 r2 \xff"), encoding="utf-8", errors="strict")
    monkeypatch.setattr("sys.stdin", stdin)
    code, _, err = run(capsys, "meld", "-g", "rummikub", "-f", "-")
    assert code == EXIT_BAD
    assert_one_line_error(err, "standard input is not UTF-8")


def test_deeply_nested_option_is_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "meld", "-g", "rummikub", "-o", f"colors={DEEP}]", "r1 r2 r3")
    assert code == EXIT_BAD
    assert out == ""
    assert_one_line_error(err, "nested too deeply", "[bad-option]")


@pytest.mark.parametrize("text", [DEEP, '{"table_before": ' + DEEP])
def test_deeply_nested_turn_file_is_bad_input(capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str) -> None:
    path = tmp_path / "deep.json"
    path.write_text(text, encoding="utf-8")
    code, out, err = run(capsys, "turn", str(path))
    assert code == EXIT_BAD
    assert out == ""
    assert_one_line_error(err, "nested too deeply", "[bad-json]")
