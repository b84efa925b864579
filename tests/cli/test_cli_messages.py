"""What the command line says: JSON with the batch shape, coded error lines, pictures it says it wrote."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rummylib import cli
from rummylib.batch import handle_request

EXIT_VALID, EXIT_INVALID, EXIT_BAD = 0, 1, 2


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


MELDS = ["r5 r6 *", "r12 r13 r1", "r5 b6 r7", "r1 r2", "k1 b1 y1 r1"]


def test_a_json_problem_says_its_code_once(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "meld", "-g", "rummikub", "--json", "r12 r13 r1")
    (problem,) = json.loads(out)["problems"]
    assert problem["code"] == "run-wraps"
    assert "[run-wraps]" not in problem["message"]
    assert problem["message"].endswith("runs never wrap")


def test_meld_json_is_the_batch_answer_and_the_meld(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "meld", "-g", "rummikub", "--json", *MELDS)
    for text, line in zip(MELDS, out.splitlines(), strict=True):
        answer = json.loads(line)
        batch = handle_request({"op": "meld", "game": "rummikub", "meld": text})
        assert answer.pop("meld") == " ".join(text.upper().split())
        assert answer == batch  # every key of the batch answer, "pieces" of each problem included


def test_turn_json_problems_say_their_code_once(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "turn", "--before", "k5 k6 k7", "--rack", "r1", "--after", "k5 k6", "--opened", "--json")
    problems = json.loads(out)["problems"]
    assert [p["code"] for p in problems] == ["run-too-short", "table-tile-missing", "no-tile-played"]
    assert not any("[" in p["message"] for p in problems)


def test_a_file_that_cannot_be_read_is_a_coded_error(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    for argv in (["turn", str(tmp_path / "nope.json")], ["meld", "-g", "rummikub", "-f", str(tmp_path)]):
        code, out, err = run(capsys, *argv)
        assert (code, out) == (EXIT_BAD, "")
        assert err.startswith("rummylib: error: cannot read ")
        assert err.rstrip().endswith("[bad-request]")
        assert len(err.splitlines()) == 1


def test_batch_of_a_missing_file_is_a_coded_error(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, "batch", str(tmp_path / "nope.jsonl"))
    assert code == EXIT_BAD
    assert err.startswith("rummylib: error: cannot read ")
    assert err.rstrip().endswith("[bad-request]")


def test_a_picture_that_cannot_be_written_is_a_coded_error(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, "show", "r1 r2 r3", "--svg", str(tmp_path / "no" / "such" / "dir.svg"))
    assert code == EXIT_BAD
    assert err.startswith("rummylib: error: cannot write ")
    assert err.rstrip().endswith("[bad-request]")


@pytest.mark.parametrize(
    "argv",
    [
        ["meld"],
        ["meld", "-g", "rummikub", "--colour", "pink", "r1 r2 r3"],
        ["contract", "-g", "shanghai", "-r", "two", "7h 7s 7d"],
        ["solve", "--table", "r1 r2 r3"],
        ["fly"],
    ],
)
def test_a_usage_error_is_one_coded_line(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, out, err = run(capsys, *argv)
    assert (code, out) == (EXIT_BAD, "")
    assert err.startswith("rummylib: error: ")
    assert err.rstrip().endswith("[bad-request]")
    assert len(err.splitlines()) == 1
    assert "--help" in err


def test_show_json_prints_one_object_per_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "show", "-g", "rummikub", "--json", "r1 r2 r3 | k1 k2")
    assert code == EXIT_INVALID
    assert [json.loads(line) for line in out.splitlines()] == [
        {"meld": "R1 R2 R3", "valid": True, "reading": "run R1 R2 R3"},
        {"meld": "K1 K2", "valid": False, "reading": None},
    ]


@pytest.mark.parametrize(
    "argv",
    [
        ["show", "-g", "rummikub", "r1 r2 r3 | k7 b7 *"],
        ["turn", "--before", "r1 r2 r3", "--rack", "r4", "--after", "r1 r2 r3 r4", "--opened"],
        ["solve", "--table", "r1 r2 r3", "--rack", "r4", "--opened"],
    ],
)
def test_svg_says_where_it_wrote(capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str]) -> None:
    picture = tmp_path / "picture.svg"
    code, out, err = run(capsys, *argv, "--svg", str(picture))
    assert code == EXIT_VALID
    assert picture.read_text(encoding="utf-8").startswith("<svg")
    assert out.splitlines()[-1] == f"picture written to {picture}"
    assert err == ""
    code, out, err = run(capsys, *argv, "--svg", str(picture), "--json")  # JSON stays JSON: the note goes to stderr
    assert all(json.loads(line) for line in out.splitlines())
    assert err == f"picture written to {picture}\n"


def test_players_are_seats_from_0(capsys: pytest.CaptureFixture[str]) -> None:
    # the winner is given and shown by seat, counted from 0 as everywhere in rummylib
    _, out, _ = run(capsys, "score", "-g", "rummikub", "--winner", "0", "", "r5 k3")
    assert out.splitlines() == ["  player 0:  8  (out)", "  player 1: -8  R5 K3"]
    code, _, err = run(capsys, "score", "-g", "rummikub", "--winner", "2", "", "r5 k3")
    assert code == EXIT_BAD
    assert "from 0 to 1" in err
