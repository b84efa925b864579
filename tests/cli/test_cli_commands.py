"""The human command line (`rummylib.cli`): answers, exit codes, JSON, colour, errors, progress."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from rummylib import cli
from rummylib.cli import command, parser
from rummylib.cli._output import Progress, use_colour

EXIT_VALID, EXIT_INVALID, EXIT_BAD = 0, 1, 2


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


# --- meld ---------------------------------------------------------------------------------


def test_meld_valid_reports_kind_value_and_joker(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "meld", "--game", "rummikub", "r5 r6 *")
    assert code == EXIT_VALID
    assert out == "valid run R5 R6 *=R7 (value 18)\n"
    assert err == ""


def test_meld_invalid_lists_every_problem_with_its_code(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "meld", "-g", "rummikub", "r5 r6 *", "r12 r13 r1")
    assert code == EXIT_INVALID
    assert "invalid R12 R13 R1" in out
    assert "[run-wraps]" in out


def test_meld_card_group_is_called_a_set(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "meld", "-g", "shanghai", "7h 7s 7d")
    assert code == EXIT_VALID
    assert out.startswith("valid set 7h 7s 7d")


def test_meld_json_has_the_batch_shape(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "meld", "-g", "rummikub", "--json", "r5 r6 *", "r1 r2")
    assert code == EXIT_INVALID
    first, second = (json.loads(line) for line in out.splitlines())
    assert first == {"meld": "R5 R6 *", "valid": True, "kind": "run", "value": 18, "jokers": ["R7"], "problems": []}
    assert second["valid"] is False
    assert [p["code"] for p in second["problems"]] == ["run-too-short"]


def test_meld_house_option_changes_the_verdict(capsys: pytest.CaptureFixture[str]) -> None:
    # Shanghai house rule (docs/rules/shanghai.md): joker_ratio, no more jokers than natural cards.
    assert run(capsys, "meld", "-g", "shanghai", "8h * *")[0] == EXIT_VALID
    code, out, _ = run(capsys, "meld", "-g", "shanghai", "-o", "joker_ratio=true", "8h * *")
    assert code == EXIT_INVALID
    assert "too-many-jokers" in out


def test_meld_wild_rank(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "meld", "-g", "indian", "--wild-rank", "5", "4s 5h 6s")
    assert code == EXIT_VALID
    assert "5h=5s" in out


def test_meld_file_counts_and_quiet(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    melds = tmp_path / "melds.txt"
    melds.write_text("r1 r2 r3\n\nk7 b7 y7\nr12 r13 r1\n", encoding="utf-8")
    code, out, _ = run(capsys, "meld", "-g", "rummikub", "--file", str(melds), "--quiet")
    assert code == EXIT_INVALID
    assert out.splitlines()[0] == "invalid R12 R13 R1"
    assert out.splitlines()[-1] == "2 valid, 1 invalid"


# --- bad input ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "code"),
    [
        (["meld", "-g", "rummikub", "r14"], "bad-notation"),
        (["meld", "-g", "poker", "r1 r2 r3"], "unknown-game"),
        (["meld", "-g", "rummikub", "r5 r5 r5"], "too-many-copies"),
        (["meld", "-g", "rummikub", "-o", "initial_meld_points=abc", "r1 r2 r3"], "bad-option"),
        (["meld", "-g", "rummikub", "-o", "nonsense", "r1 r2 r3"], "bad-field"),
        (["meld", "-g", "rummikub"], "bad-request"),
        (["contract", "-g", "shanghai", "-r", "11", "7h 7s 7d"], "unknown-round"),
        (["score", "-g", "gin", "Ah"], "bad-request"),
    ],
)
def test_bad_input_is_one_line_on_stderr_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], code: str
) -> None:
    status, out, err = run(capsys, *argv)
    assert status == EXIT_BAD
    assert out == ""
    assert err.startswith("rummylib: error: ")
    assert err.rstrip().endswith(f"[{code}]")
    assert len(err.splitlines()) == 1


def test_missing_file_is_bad_input(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, _, err = run(capsys, "turn", str(tmp_path / "nope.json"))
    assert status == EXIT_BAD
    assert "No such file" in err


def test_argparse_errors_exit_2_with_one_coded_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "meld", "r1 r2 r3")  # --game is required
    assert code == EXIT_BAD
    assert out == ""
    assert err.startswith("rummylib: error: meld: ")
    assert "--game" in err
    assert err.rstrip().endswith("[bad-request]")
    assert len(err.splitlines()) == 1


def test_no_command_prints_help_with_examples(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main([]) == EXIT_BAD
    out = capsys.readouterr().out
    assert "examples:" in out
    assert "rummylib meld --game rummikub" in out


@pytest.mark.parametrize(
    "command", ["meld", "turn", "contract", "find-contract", "solve", "points", "score", "show", "selfplay"]
)
def test_every_command_has_help_with_an_example(capsys: pytest.CaptureFixture[str], command: str) -> None:
    assert cli.main([command, "--help"]) == 0
    out = capsys.readouterr().out
    assert "example:" in out
    assert "exit status: 0 valid, 1 invalid, 2 bad input" in out


# --- turn ---------------------------------------------------------------------------------


def test_turn_from_a_json_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # docs/rules/rummikub.md: split a run and add a rack tile to make two sets.
    request = {
        "game": "rummikub",
        "table_before": ["r3 r4 r5 r6"],
        "rack": "r7 r8 b1",
        "table_after": ["r3 r4 r5", "r6 r7 r8"],
        "initial_meld_done": True,
    }
    path = tmp_path / "turn.json"
    path.write_text(json.dumps(request), encoding="utf-8")
    code, out, _ = run(capsys, "turn", str(path))
    assert code == EXIT_VALID
    assert out.startswith("legal turn: played R7 R8")
    assert "split" in out
    code, out, _ = run(capsys, "turn", str(path), "--json")
    answer = json.loads(out)
    assert answer["valid"] is True
    assert answer["played"] == "R7 R8"


def test_turn_from_options_invalid_and_drawn(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    picture = tmp_path / "turn.svg"
    code, out, _ = run(
        capsys, "turn", "--before", "k5 k6 k7", "--rack", "r1", "--after", "k5 k6", "--opened", "--svg", str(picture)
    )
    assert code == EXIT_INVALID
    assert "[table-tile-missing]" in out
    assert "[no-tile-played]" in out
    assert picture.read_text(encoding="utf-8").startswith("<svg")


def test_turn_initial_meld_threshold(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "turn", "--rack", "r1 r2 r3", "--after", "r1 r2 r3")
    assert code == EXIT_INVALID
    assert "initial-meld-too-low" in out
    code, _, _ = run(capsys, "turn", "--rack", "r1 r2 r3", "--after", "r1 r2 r3", "-o", "initial_meld_points=6")
    assert code == EXIT_VALID


def test_turn_bad_json_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text("[1, 2", encoding="utf-8")
    status, _, err = run(capsys, "turn", str(path))
    assert status == EXIT_BAD
    assert "[bad-json]" in err


# --- contracts, solver, scoring, show -----------------------------------------------------


def test_contract_met_and_not_met(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "contract", "-g", "shanghai", "-r", "2", "7h 7s 7d", "4c 5c 6c 7c")
    assert code == EXIT_VALID
    assert out.startswith("contract met: round 2 of Shanghai")
    code, out, _ = run(capsys, "contract", "-g", "contract_rummy", "-r", "2", "7h 7s 7d 7c", "4c 5c 6c 7c", "--json")
    assert code == EXIT_INVALID
    assert [p["code"] for p in json.loads(out)["problems"]] == ["contract-set-size"]


def test_find_contract(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "find-contract", "-g", "contract_rummy", "-r", "1", "7h 7s 7d 8c 8s 8h Kd 4c", "--json")
    assert code == EXIT_VALID
    assert json.loads(out) == {"possible": True, "melds": ["7d 7h 7s", "8c 8h 8s"], "points_left": 14}
    code, out, _ = run(capsys, "find-contract", "-g", "contract_rummy", "-r", "1", "7h 8s 9d")
    assert code == EXIT_INVALID
    assert out.startswith("impossible")


def test_solve(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    picture = tmp_path / "play.svg"
    code, out, _ = run(
        capsys, "solve", "--table", "r1 r2 r3 | b5 k5 y5", "--rack", "r4 r5 *", "--opened", "--svg", str(picture)
    )
    assert code == EXIT_VALID
    assert out.startswith("best play: 3 tiles")
    assert "legal turn" in picture.read_text(encoding="utf-8")
    code, out, _ = run(capsys, "solve", "--rack", "r1 b5", "--json")
    assert json.loads(out)["tiles_placed"] == 0


def test_points_for_each_scoring_scheme(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "points", "-g", "rummikub", "r5 k3 *", "--json")[1] == '{"points": 38}\n'
    assert run(capsys, "points", "-g", "gin", "Ah 2h 3h 9c Kd", "--json")[1] == '{"points": 19}\n'
    indian = run(
        capsys, "points", "-g", "indian", "--wild-rank", "5", "--json", "4s 5s 6s 7h 8h Kd Kc 2c 9d 3h 3d Qs 5d"
    )
    assert json.loads(indian[1]) == {"points": 47}


def test_score_games(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys, "score", "-g", "rummikub", "--winner", "0", "", "r5 k3", "*", "--json")[1]
    assert json.loads(out) == {"scores": [38, -8, -30]}
    out = run(capsys, "score", "-g", "shanghai", "", "* Ah 7c", "--out-in-one-turn", "--json")[1]
    assert json.loads(out) == {"scores": [-50, 47]}
    out = run(capsys, "score", "-g", "rummikub", "--winner", "0", "", "r5 k3")[1]
    assert "player 1: -8  R5 K3" in out


def test_score_gin_hand(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "score", "-g", "gin", "Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h", "Kd Qd Js 9c 8c 2d 3s 4c 5d 6s")
    assert code == EXIT_VALID
    assert "(gin)" in out


def test_show_table_plain_and_as_svg(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    picture = tmp_path / "t.svg"
    code, out, _ = run(capsys, "show", "-g", "rummikub", "r1 r2 r3 | k7 b7 * | r9 r9 b9", "--svg", str(picture))
    assert code == EXIT_INVALID
    assert out.splitlines() == [
        "   1. R1 R2 R3",
        "   2. K7 B7 *=Y7",
        "   3. R9 R9 B9  (invalid)",
        f"picture written to {picture}",
    ]
    assert "group-colour-repeated" in picture.read_text(encoding="utf-8")
    code, out, _ = run(capsys, "show", "r1 r2 r3")  # no game: drawn, not judged
    assert (code, out) == (EXIT_VALID, "   1. R1 R2 R3\n")


def test_selfplay_plays_seeded_games_that_end_with_zero_sum_scores(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "selfplay", "--games", "1", "--seed", "0", "--json")
    assert code == EXIT_VALID
    result = json.loads(out)
    assert result["seed"] == 0
    assert result["scores"] is not None
    assert sum(result["scores"]) == 0  # docs/rules/rummikub.md: scores of one game add up to zero
    again = run(capsys, "selfplay", "--games", "1", "--seed", "0", "--json")[1]
    assert json.loads(again) == result  # seeded: the same game every time


def test_selfplay_stops_at_the_turn_limit(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "selfplay", "--games", "2", "--max-turns", "2")
    assert code == EXIT_VALID
    assert out.splitlines() == ["  seed 1: unfinished after 2 turns", "  seed 2: unfinished after 2 turns"]
    assert run(capsys, "selfplay", "--games", "0")[0] == EXIT_BAD


# --- colour and progress ------------------------------------------------------------------


def test_colour_only_when_asked_or_on_a_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    plain = run(capsys, "meld", "-g", "rummikub", "r5 r6 *")[1]
    assert "\x1b[" not in plain
    painted = run(capsys, "meld", "-g", "rummikub", "--color", "always", "r5 r6 *")[1]
    assert "\x1b[" in painted
    assert "☺" in painted
    as_json = run(capsys, "meld", "-g", "rummikub", "--color", "always", "--json", "r5 r6 *")[1]
    assert "\x1b[" not in as_json


def test_turn_tints_played_and_moved_tiles_on_a_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["turn", "--before", "r3 r4 r5 r6", "--rack", "r7 r8", "--after", "r3 r4 r5 | r6 r7 r8", "--opened"]
    painted = run(capsys, *args, "--color", "always")[1]
    table_line = next(line for line in painted.splitlines() if line.startswith("   2."))
    assert table_line.count(";48;5;157m") == 2  # R7 and R8 played
    assert table_line.count(";48;5;223m") == 1  # R6 moved
    assert "played from the rack" in painted
    assert ";48;5;157m" not in run(capsys, *args)[1]  # plain output has no tint


def test_the_command_line_is_a_package_with_one_entry() -> None:
    """`rummylib.cli` is a package: the entry is `rummylib.cli.command.main`, the parser its own module."""
    assert cli.main is command.main and cli.build_parser is parser.build_parser
    assert (cli.EXIT_VALID, cli.EXIT_INVALID, cli.EXIT_BAD_INPUT) == (0, 1, 2)


def test_no_color_environment(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    assert not use_colour("auto", sys.stdout)
    assert use_colour("always", sys.stdout)


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_shows_on_a_terminal_only() -> None:
    tty = FakeTerminal()
    assert list(Progress(5, label="checking", stream=tty).wrap(range(5))) == [0, 1, 2, 3, 4]
    shown = tty.getvalue()
    assert "5/5" in shown
    assert shown.endswith("\r")  # the line is cleared at the end
    piped = io.StringIO()
    list(Progress(5, label="checking", stream=piped).wrap(range(5)))
    assert piped.getvalue() == ""


# --- the real command ---------------------------------------------------------------------


def test_module_entry_point_never_prints_a_traceback() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "rummylib", "meld", "-g", "rummikub", "r5 x9"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == EXIT_BAD
    assert "Traceback" not in result.stderr
    assert "[bad-notation]" in result.stderr


def test_batch_is_unchanged(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "rummylib", "batch"],
        input='{"op": "meld", "game": "rummikub", "meld": "r5 r6 *"}\n',
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert json.loads(result.stdout) == {"valid": True, "kind": "run", "value": 18, "jokers": ["R7"], "problems": []}
