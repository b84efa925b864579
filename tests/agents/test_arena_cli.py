"""``rummylib arena``: the table, ``--json``, and exit status 2 for bad input."""

from __future__ import annotations

import importlib.util
import io
import json

import pytest

from rummylib import cli
from rummylib.agents.arena import run_arena


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "arena", "-g", "gin", "--bots", "heuristic,random", "--games", "4", "--seed", "1")
    assert code == 0
    assert err == ""
    lines = out.splitlines()
    assert lines[0].startswith("Gin Rummy: 4 games between 2 bots, seats rotated, seed 1")
    assert lines[1].split()[:4] == ["seat", "bot", "games", "wins"]
    assert lines[2].split()[:4] == ["0", "heuristic", "4", "4"]
    assert lines[3].split()[:4] == ["1", "random", "4", "0"]


def test_json_is_the_result(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["arena", "-g", "shanghai", "--bots", "heuristic,random,random", "--games", "3", "--seed", "2", "--json"]
    code, out, _ = run(capsys, *argv, "--workers", "2")
    assert code == 0
    data = json.loads(out)
    assert data == run_arena("shanghai", ["heuristic", "random", "random"], games=3, seed=2, workers=1).to_json()


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["-g", "gin", "--bots", "heuristic,clever"], ["unknown bot 'clever'", "[bad-field]"]),
        (["-g", "gin", "--bots", "heuristic,random,random"], ["2 to 2 players, not 3", "[bad-players]"]),
        (["-g", "shanghai", "--bots", "random"], ["not 1", "[bad-players]"]),
        (["-g", "chess", "--bots", "random,random"], ["unknown game", "[unknown-game]"]),
        (["-g", "gin", "--bots", "random,random", "--games", "0"], ["games must be", "[bad-field]"]),
        (["-g", "gin", "--bots", "random,random", "--workers", "0"], ["workers must be", "[bad-field]"]),
        (["-g", "gin", "--bots", "random,random", "--backend", "spark"], ["invalid choice", "[bad-request]"]),
        (["-g", "gin"], ["--bots", "[bad-request]"]),
    ],
)
def test_bad_input_exits_2(capsys: pytest.CaptureFixture[str], argv: list[str], words: list[str]) -> None:
    code, out, err = run(capsys, "arena", "--games", "2", *argv)
    assert code == 2
    assert out == ""
    assert err.startswith("rummylib: error: ")
    assert err.count("\n") == 1
    for word in words:
        assert word in err


@pytest.mark.skipif(importlib.util.find_spec("ray") is not None, reason="Ray is installed: the ray backend runs")
def test_ray_missing_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "arena", "-g", "gin", "--bots", "random,random", "--games", "2", "--backend", "ray")
    assert code == 2
    assert "rummylib[arena-ray]" in err


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_progress_bar_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    err, out = Terminal(), io.StringIO()
    monkeypatch.setattr("sys.stderr", err)
    monkeypatch.setattr("sys.stdout", out)
    code = cli.main(["arena", "-g", "gin", "--bots", "heuristic,random", "--games", "6", "--workers", "1"])
    assert code == 0
    bar = err.getvalue()
    assert "playing [" in bar
    assert "6/6" in bar
    assert bar.endswith("\r")  # cleared before the answer
    assert out.getvalue().startswith("Gin Rummy: 6 games")
