"""The Rummikub batch ops ``turn`` and ``score``."""

from __future__ import annotations

import json

import pytest

from rummylib.batch import handle_line, handle_request


def turn(**fields: object) -> dict[str, object]:
    return handle_request({"op": "turn", "game": "rummikub", **fields})


def test_turn_shape_and_played_notation() -> None:
    answer = turn(table_before=["r1 r2 r3"], rack="r4 r5 k9", table_after=["r1 r2 r3 r4 r5"], initial_meld_done=True)
    assert set(answer) == {"valid", "played", "problems", "changes"}
    assert answer["valid"] is True
    assert answer["played"] == "R4 R5"
    assert answer["problems"] == []
    assert isinstance(answer["changes"], dict)


def test_turn_problems_have_code_and_message() -> None:
    answer = turn(table_before=["r1 r2 r3"], rack="r4", table_after=["r1 r2 r3 r4"], initial_meld_done=False)
    assert answer["valid"] is False
    problems = answer["problems"]
    assert isinstance(problems, list)
    assert all(isinstance(p["code"], str) and isinstance(p["message"], str) for p in problems)
    assert "initial-meld-too-low" in {p["code"] for p in problems}


def test_turn_split_run_example() -> None:
    answer = turn(
        table_before=["r3 r4 r5 r6 r7"], rack="r5", table_after=["r3 r4 r5", "r5 r6 r7"], initial_meld_done=True
    )
    assert answer["valid"] is True
    assert answer["played"] == "R5"
    changes = answer["changes"]
    assert isinstance(changes, dict)
    assert changes["sets"][0]["change"] == "split"


def test_turn_initial_meld_default_false_and_table_string() -> None:
    answer = turn(table_before="", rack="r10 r11 r12", table_after="r10 r11 r12")
    assert answer["valid"] is True


def test_turn_without_a_rack_is_refused_not_read_as_empty() -> None:
    # A rack left out (or misspelt) used to be read as empty, so the turn was called illegal for
    # "tiles from nowhere" instead of naming the missing field.
    for request in (
        {"op": "turn", "game": "rummikub", "table_before": "r1 r2 r3", "table_after": "r1 r2 r3 r4"},
        {"op": "turn", "game": "rummikub", "table_before": "r1 r2 r3", "rak": "r4", "table_after": "r1 r2 r3 r4"},
    ):
        error = handle_request(request)["error"]
        assert error["code"] == "missing-field"
        assert "rack" in error["message"]


def test_turn_options_and_errors() -> None:
    answer = handle_request(
        {
            "op": "turn",
            "game": "rummikub",
            "rules": {"initial_meld_points": 50},
            "table_before": [],
            "rack": "r10 r11 r12",
            "table_after": ["r10 r11 r12"],
            "initial_meld_done": False,
        }
    )
    assert answer["valid"] is False
    error = turn(table_before=["r5 r5"], rack="r5", table_after=[], initial_meld_done=True)["error"]
    assert isinstance(error, dict)
    assert error["code"] == "too-many-copies"
    assert turn(table_before=[], rack="r14", table_after=[])["error"]["code"] == "bad-notation"  # type: ignore[index]
    assert turn(table_before=[], rack="r1", table_after=[3])["error"]["code"] == "bad-field"  # type: ignore[index]
    assert turn(table_before=[], rack="r1")["error"]["code"] == "missing-field"  # type: ignore[index]
    assert turn(table_before=[], rack="5h", table_after=[])["error"]["code"] == "bad-notation"  # type: ignore[index]
    for before in ("r1 r2 r3 | r14", ["r1 r2 r3", "r14"]):
        error = turn(table_before=before, rack="", table_after=[])["error"]
        assert isinstance(error, dict)
        assert error["code"] == "bad-notation"
        assert "table_before" in error["message"]
    assert turn(table_before=[], rack="", table_after=["r1"] * 10_001)["error"]["code"] == "too-large"  # type: ignore[index]


@pytest.mark.parametrize(
    ("racks", "winner", "scores"),
    [
        (["", "r5 k3", "*"], 0, [38, -8, -30]),  # the example: 5+3 and a joker at 30
        (["r1 r2", "k10", "*"], None, [34, -7, -27]),  # empty pool: differences from the lowest rack
        (["k13", ""], 1, [-13, 13]),
    ],
)
def test_score(racks: list[str], winner: int | None, scores: list[int]) -> None:
    answer = handle_line(json.dumps({"op": "score", "game": "rummikub", "hands": racks, "winner": winner}))
    assert answer == {"scores": scores}
    assert sum(answer["scores"]) == 0


def test_score_joker_penalty_option_and_errors() -> None:
    answer = handle_request(
        {"op": "score", "game": "rummikub", "rules": {"joker_penalty": 50}, "hands": ["", "*"], "winner": 0}
    )
    assert answer == {"scores": [50, -50]}
    bad = handle_request({"op": "score", "game": "rummikub", "hands": ["r1", "k3"], "winner": 0})
    assert bad["error"]["code"] == "bad-score-input"
    bad = handle_request({"op": "score", "game": "rummikub", "hands": ["r1", "k3"], "winner": 5})
    assert bad["error"]["code"] == "bad-score-input"
    bad = handle_request({"op": "score", "game": "rummikub", "hands": ["r1 r1", "r1"], "winner": None})
    assert bad["error"]["code"] == "too-many-copies"
