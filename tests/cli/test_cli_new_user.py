"""What a new user met on the command line: each error said once and clearly, each help complete."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rummylib import cli


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_a_refusal_says_its_code_once(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "score", "-g", "gin", "Ah 2h 3h 7c 7d 7s 9c 10d Jh Kd", "2c 3c 4c 5d 6d 8d Qc Qd Qh Qs")
    assert code == 2
    assert err.count("[knock-over-limit]") == 1, err
    assert err.rstrip().endswith("[knock-over-limit]")


def test_score_help_says_the_order_of_gin_hands(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["score", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "Gin: the knocker's hand, then the defender's" in text


def test_an_empty_meld_file_is_said_to_be_empty(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_text("\n\n", encoding="utf-8")
    code, _, err = run(capsys, "meld", "-g", "rummikub", "--file", str(empty))
    assert code == 2
    assert f"{empty} holds no meld" in err and "(or --file)" not in err and err.rstrip().endswith("[bad-request]")


def test_turn_help_names_only_the_fields_a_turn_file_may_hold(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["turn", "--help"]) == 0
    text = capsys.readouterr().out
    assert "wild_rank" not in text and "--wild-rank" not in text
    for field in ("table_before", "rack", "table_after", "initial_meld_done"):
        assert field in text


def test_arena_entries_are_named_by_their_seat(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["arena", "-g", "shanghai", "--bots", "heuristic,random,random", "--games", "2", "--workers", "1"]
    code, out, _ = run(capsys, *argv)
    assert code == 0
    rows = [line.split() for line in out.splitlines()[2:]]
    assert [(row[0], row[1]) for row in rows] == [("0", "heuristic"), ("1", "random"), ("2", "random")]
    code, out, _ = run(capsys, *argv, "--json")
    standings = json.loads(out)["standings"]
    assert [(s["seat"], s["bot"]) for s in standings] == [(0, "heuristic"), (1, "random"), (2, "random")]


def test_a_meld_typed_without_quotes_is_refused_with_the_quoted_command(capsys: pytest.CaptureFixture[str]) -> None:
    # the shell splits `5h 6h 7h` into three arguments: three one-card melds that no game allows
    code, out, err = run(capsys, "meld", "--game", "shanghai", "5h", "6h", "7h")
    assert (code, out) == (2, "")
    assert 'quote the pieces of a meld together, as in: rummylib meld --game shanghai "5h 6h 7h"' in err
    assert err.rstrip().endswith("[bad-request]")
    # quoted, the same pieces are one meld, and a valid run
    code, out, _ = run(capsys, "meld", "--game", "shanghai", "5h 6h 7h")
    assert code == 0 and out.startswith("valid run")


def test_the_contract_command_refuses_unquoted_melds_too(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "contract", "-g", "shanghai", "--round", "1", "7h", "7s", "7d", "8c", "8s", "8h")
    assert (code, out) == (2, "")
    assert "6 arguments (7h 7s 7d 8c 8s 8h) are one piece each" in err
    assert 'rummylib contract --game shanghai --round 1 "7h 7s 7d" "8c 8s 8h"' in err


def test_one_one_piece_meld_is_checked_and_said_in_good_grammar(capsys: pytest.CaptureFixture[str]) -> None:
    # a single one-piece argument is no typing slip to guess at: it is checked like any meld
    code, out, _ = run(capsys, "meld", "--game", "rummikub", "r5 r6 r7", "r9")
    assert code == 1
    assert "run of 1 piece; a run needs at least 3 [run-too-short]" in out
    assert "group of 1 piece; a group needs at least 3 [group-too-small]" in out
