"""The help says true things: its examples run, batch lists its ops, tile commands offer tile games."""

from __future__ import annotations

import json
import re
import shlex
import shutil
from pathlib import Path

import pytest

from rummylib import cli
from rummylib.batch import all_ops

EXIT_VALID, EXIT_INVALID, EXIT_BAD = 0, 1, 2
ROOT = Path(__file__).resolve().parents[2]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def help_text(capsys: pytest.CaptureFixture[str], *command: str) -> str:
    assert cli.main([*command, "--help"]) == EXIT_VALID
    return capsys.readouterr().out


def examples(text: str) -> list[list[str]]:
    """The ``rummylib ...`` command lines of a help text (not the piped batch example)."""
    found = []
    for line in text.splitlines():
        line = line.split("  #")[0].strip()
        if line.startswith("rummylib "):
            found.append(shlex.split(line)[1:])
    return found


COMMANDS = ["meld", "turn", "contract", "find-contract", "solve", "points", "score", "show", "selfplay"]


def every_example(capsys: pytest.CaptureFixture[str]) -> list[list[str]]:
    found = examples(help_text(capsys))
    for command in COMMANDS:
        found += examples(help_text(capsys, command))
    return found


@pytest.fixture
def checkout(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A directory laid out as the examples expect (``examples/turn.json``, ``turn.json``)."""
    (tmp_path / "examples").mkdir()
    shutil.copy(ROOT / "examples" / "turn.json", tmp_path / "examples" / "turn.json")
    shutil.copy(ROOT / "examples" / "turn.json", tmp_path / "turn.json")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_every_example_of_the_help_runs(capsys: pytest.CaptureFixture[str], checkout: Path) -> None:
    found = every_example(capsys)
    assert len(found) > len(COMMANDS)
    for argv in found:
        if argv[0] == "selfplay":
            argv = [*argv, "--max-turns", "3"]  # the same command, kept short
        status = cli.main(argv)
        capsys.readouterr()
        assert status in (EXIT_VALID, EXIT_INVALID), f"the example {shlex.join(argv)} exits {status}"
        if argv[0] == "turn":
            assert status == EXIT_VALID, f"the turn example {shlex.join(argv)} is not a legal turn"


def test_the_top_level_turn_example_plays_a_joker_from_the_rack(capsys: pytest.CaptureFixture[str]) -> None:
    (argv,) = [a for a in examples(help_text(capsys)) if a[0] == "turn" and "--rack" in a]
    code, out, _ = run(capsys, *argv)
    assert code == EXIT_VALID
    assert out.startswith("legal turn: played R7 *")


def test_batch_help_lists_every_op(capsys: pytest.CaptureFixture[str]) -> None:
    text = help_text(capsys, "batch")
    listed = text.split("games they serve:\n")[1].split("\n\n")[0]
    names = [line.split()[0] for line in listed.splitlines()]
    assert names == sorted({op.name for op in all_ops()} | {"hello"})
    assert "  meld " in listed and "every game" in listed
    assert re.search(r"^  turn +Rummikub$", text, flags=re.MULTILINE)


@pytest.mark.parametrize("command", ["turn", "solve", "selfplay"])
def test_tile_commands_offer_only_tile_games(capsys: pytest.CaptureFixture[str], command: str) -> None:
    text = " ".join(help_text(capsys, command).split())
    assert "rummikub" in text
    for card_game in ("shanghai", "gin_rummy", "contract_rummy", "indian_rummy", "--wild-rank"):
        assert card_game not in text


@pytest.mark.parametrize("command", ["solve", "selfplay"])
def test_every_objective_is_explained(capsys: pytest.CaptureFixture[str], command: str) -> None:
    text = " ".join(help_text(capsys, command).split())
    for objective in ("tiles (the most rack tiles", "value (the most points", "fewest_changes (the most tiles"):
        assert objective in text


def test_colour_help_names_its_three_values(capsys: pytest.CaptureFixture[str]) -> None:
    text = " ".join(help_text(capsys, "meld").split())
    assert "--color WHEN" in text and "auto" in text and "always or never" in text


def test_no_play_before_the_initial_meld_says_why(capsys: pytest.CaptureFixture[str]) -> None:
    # docs/rules/rummikub.md: the first play is sets from the rack worth 30; R4 R5 * fits the table only after it
    args = ["solve", "--table", "r1 r2 r3 | b5 k5 y5", "--rack", "r4 r5 *"]
    code, out, _ = run(capsys, *args)
    assert code == EXIT_VALID
    first, hint = out.splitlines()
    assert first.startswith("no play")
    assert "initial meld" in hint and "30" in hint and "--opened" in hint and "R4 R5 *" in hint
    assert run(capsys, *args, "--opened")[1].startswith("best play: 3 tiles")
    _, out, _ = run(capsys, "solve", "--rack", "r1 b5 k9")  # nothing to play even after it: no hint
    assert out.splitlines() == ["no play: nothing from this rack can be laid; draw a tile"]
    _, out, _ = run(capsys, *args, "--json")  # the JSON answer keeps the batch op's shape
    assert json.loads(out)["tiles_placed"] == 0


@pytest.mark.parametrize("seconds", ["-1", "0", "nan", "inf"])
@pytest.mark.parametrize("command", [["solve", "--rack", "r1 r2 r3"], ["selfplay", "--games", "1"]])
def test_a_time_budget_must_be_some_seconds(
    capsys: pytest.CaptureFixture[str], command: list[str], seconds: str
) -> None:
    code, out, err = run(capsys, *command, "--seconds", seconds)
    assert (code, out) == (EXIT_BAD, "")
    assert err.startswith("rummylib: error: --seconds must be")
    assert err.rstrip().endswith("[bad-field]")
