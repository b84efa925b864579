"""`rummylib turn` reads a turn as the batch op ``turn`` reads a request, and refuses what it cannot use.

A misspelt key, a missing rack, or an option beside a turn file used to be ignored (the turn was
then judged on other data than the user meant): each is now bad input, exit 2, naming the key.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rummylib import cli
from rummylib.batch import handle_request

EXIT_VALID, EXIT_INVALID, EXIT_BAD = 0, 1, 2

TURN = {
    "game": "rummikub",
    "table_before": ["r1 r2 r3"],
    "rack": "r4 k9",
    "table_after": ["r1 r2 r3 r4"],
    "initial_meld_done": True,
}


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def turn_file(tmp_path: Path, data: dict[str, object]) -> str:
    path = tmp_path / "turn.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def assert_bad(err: str, code: str, *words: str) -> None:
    assert err.startswith("rummylib: error: ")
    assert len(err.splitlines()) == 1
    assert err.rstrip().endswith(f"[{code}]")
    for word in words:
        assert word in err


def test_a_turn_file_is_judged_as_the_batch_op_judges_it(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(capsys, "turn", turn_file(tmp_path, TURN), "--json")
    assert code == EXIT_VALID
    assert json.loads(out) == handle_request({"op": "turn", **TURN})


def test_a_misspelt_key_is_named(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    data = {k: v for k, v in TURN.items() if k != "rack"} | {"rak": "r4 k9"}
    code, out, err = run(capsys, "turn", turn_file(tmp_path, data))
    assert (code, out) == (EXIT_BAD, "")
    assert_bad(err, "bad-field", "unknown field 'rak'", "did you mean 'rack'?")


def test_a_turn_file_has_the_fields_of_protocol_1_and_no_wild_rank(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, err = run(capsys, "turn", turn_file(tmp_path, TURN | {"wild_rank": "5"}))
    assert (code, out) == (EXIT_BAD, "")
    assert_bad(err, "bad-field", "unknown field 'wild_rank'")
    assert "a turn has the fields game, initial_meld_done, rack, rules, table_after, table_before [" in err
    assert handle_request({"op": "turn", **TURN, "wild_rank": "5"})["error"]["code"] == "bad-field"  # as in batch


def test_a_missing_rack_is_not_read_as_empty(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    data = {k: v for k, v in TURN.items() if k != "rack"}
    code, out, err = run(capsys, "turn", turn_file(tmp_path, data))
    assert (code, out) == (EXIT_BAD, "")
    assert_bad(err, "missing-field", "'rack'")
    empty = turn_file(tmp_path, TURN | {"rack": ""})  # an empty rack said plainly is a rack
    assert run(capsys, "turn", empty)[0] == EXIT_INVALID


def test_a_missing_table_after_is_named(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    data = {k: v for k, v in TURN.items() if k != "table_after"}
    code, _, err = run(capsys, "turn", turn_file(tmp_path, data))
    assert code == EXIT_BAD
    assert_bad(err, "missing-field", "'table_after'")


@pytest.mark.parametrize(
    ("option", "key"),
    [
        (["--before", "k1 k2 k3"], "table_before"),
        (["--rack", "r4"], "rack"),
        (["--after", "r1 r2 r3 r4"], "table_after"),
        (["--opened"], "initial_meld_done"),
    ],
)
def test_an_option_beside_a_turn_file_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, option: list[str], key: str
) -> None:
    code, out, err = run(capsys, "turn", turn_file(tmp_path, TURN), *option)
    assert (code, out) == (EXIT_BAD, "")
    assert_bad(err, "bad-request", option[0], f"'{key}'")


def test_the_game_and_house_rules_may_join_a_file_but_not_contradict_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = turn_file(tmp_path, TURN | {"rules": {"initial_meld_points": 25}})
    assert run(capsys, "turn", path, "--game", "Rummikub")[0] == EXIT_VALID  # the same game, named otherwise
    assert run(capsys, "turn", path, "-o", "initial_meld_points=25", "-o", "joker_points=50")[0] == EXIT_VALID
    code, _, err = run(capsys, "turn", path, "-o", "initial_meld_points=40")
    assert code == EXIT_BAD
    assert_bad(err, "bad-request", "initial_meld_points")
    code, _, err = run(capsys, "turn", path, "--game", "shanghai")
    assert code == EXIT_BAD
    assert_bad(err, "bad-request", "'game'")


def test_a_request_for_another_op_is_no_turn_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, "turn", turn_file(tmp_path, TURN | {"op": "solve"}))
    assert code == EXIT_BAD
    assert_bad(err, "bad-field", "'op'")
    assert run(capsys, "turn", turn_file(tmp_path, TURN | {"op": "turn", "id": 7}))[0] == EXIT_VALID


def test_a_field_of_the_wrong_type_is_said_as_batch_says_it(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    data = TURN | {"initial_meld_done": "yes"}
    code, _, err = run(capsys, "turn", turn_file(tmp_path, data))
    assert code == EXIT_BAD
    batch = handle_request({"op": "turn", **data})["error"]
    assert_bad(err, batch["code"], batch["message"])


def test_options_need_a_rack_too(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "turn", "--after", "r1 r2 r3")
    assert code == EXIT_BAD
    assert_bad(err, "bad-request", "--rack")
    assert run(capsys, "turn", "--rack", "", "--after", "r1 r2 r3")[0] == EXIT_INVALID  # tiles from nowhere


def test_a_card_game_is_refused_as_the_api_refuses_it(capsys: pytest.CaptureFixture[str]) -> None:
    # docs/rules/rummikub.md is a tile game; Shanghai's turn is not judged by the Rummikub turn judge
    code, out, err = run(capsys, "turn", "-g", "shanghai", "--rack", "7h 7s 7d 7c", "--after", "7h 7s 7d", "--opened")
    assert (code, out) == (EXIT_BAD, "")
    assert_bad(err, "unsupported-rules", "Shanghai")
    code, _, err = run(capsys, "solve", "-g", "shanghai", "--rack", "7h 7s 7d")
    assert code == EXIT_BAD
    assert_bad(err, "unsupported-rules", "Shanghai")
