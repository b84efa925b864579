"""The batch ops read one way: ``score`` in every game, optional fields with one value, one meaning per word."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from rummylib import INDIAN_RUMMY
from rummylib.batch import handle_request, hello
from rummylib.indian import losing_points
from rummylib.rules import PRESETS

PAGE = (Path(__file__).resolve().parents[2] / "docs" / "batch.md").read_text(encoding="utf-8")

NO_SEQUENCE = "Kh Kd Ks Qh Qd Qs 9h 9d 9s 7c 7d 7h 2c"
ONE_PURE = "Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh"
TWO_SEQUENCES = "As 2s 3s 4c 5c 6c 8d 8c 8s 10s Js Qs Kc"


def test_score_serves_every_game_as_its_title_says() -> None:
    assert hello()["ops"]["score"]["games"] == list(PRESETS)
    assert "### `score` — the scores of a finished game, round or hand (every game)" in PAGE


def test_indian_score_is_zero_for_the_declarer_and_each_other_hand_s_points() -> None:
    hands = ["", NO_SEQUENCE, ONE_PURE, TWO_SEQUENCES]
    answer = handle_request({"op": "score", "game": "indian_rummy", "hands": hands, "winner": 0})
    assert answer == {"scores": [0, 80, 0, losing_points(TWO_SEQUENCES, rules=INDIAN_RUMMY)]}
    assert answer["scores"][3] == 10  # two sequences: only the Kc, in no meld, counts
    for seat in range(4):  # the declarer scores 0 wherever it sits
        answer = handle_request({"op": "score", "game": "indian", "hands": hands, "winner": seat})
        assert answer["scores"][seat] == 0
        assert sum(answer["scores"]) == sum(
            handle_request({"op": "points", "game": "indian", "hand": h})["points"]
            for i, h in enumerate(hands)
            if i != seat
        )


@pytest.mark.parametrize(
    ("request_", "code"),
    [
        ({"hands": ["", NO_SEQUENCE]}, "missing-field"),
        ({"hands": ["", NO_SEQUENCE], "winner": 2}, "bad-score-input"),
        ({"hands": ["", NO_SEQUENCE], "winner": "0"}, "bad-field"),
        ({"hands": [NO_SEQUENCE], "winner": 0}, "bad-players"),
        ({"hands": ["Kh Kh Kh", "Kh"], "winner": 0}, "too-many-copies"),
        ({"hands": ["", "Kx"], "winner": 0}, "bad-notation"),
    ],
)
def test_indian_score_refuses_what_it_cannot_score(request_: dict[str, object], code: str) -> None:
    answer = handle_request({"op": "score", "game": "indian_rummy", **request_})
    assert answer["error"]["code"] == code, answer


def test_the_page_says_how_the_ops_read() -> None:
    section = PAGE.split("## How the ops read", 1)[1].split("\n## ", 1)[0]
    for word in ("`hand`", "`rack`", "`tiles`", "`valid`", "`problems`", "`players`", "`bad-save`"):
        assert word in section, word


def test_can_play_reads_tiles_chosen_not_the_rack() -> None:
    # the tiles are all to be played: a rack tile that cannot go down makes the answer false
    ask = {"op": "can_play", "game": "rummikub", "table": ["r1 r2 r3"], "initial_meld_done": True}
    assert handle_request(ask | {"tiles": "r4"}) == {"valid": True}
    assert handle_request(ask | {"tiles": "r4 b9"}) == {"valid": False}
    assert handle_request(ask | {"rack": "r4 b9", "tiles": "r4"})["warnings"] == ["unknown field 'rack' ignored"]


def test_every_problems_list_holds_coded_findings() -> None:
    answers = [
        handle_request({"op": "meld", "game": "rummikub", "meld": "r1 r2"}),
        handle_request({"op": "contract", "game": "shanghai", "round": 1, "melds": ["7h 7s"]}),
        handle_request({"op": "declare", "game": "indian", "melds": ["Ah 2h"]}),
        handle_request({"op": "layoff", "game": "gin", "meld": "4c 5c 6c", "cards": "9h"}),
    ]
    for answer in answers:
        assert answer["valid"] is False and answer["problems"]
        for problem in answer["problems"]:
            assert set(problem) <= {"code", "message", "meld", "pieces"}
            assert re.fullmatch(r"[a-z]+(-[a-z0-9]+)*", problem["code"]) and problem["message"]


def test_a_state_that_fails_its_own_checks_is_a_bad_save_with_no_problems_list() -> None:
    dealt = handle_request({"op": "deal", "game": "gin", "seed": 2})
    state = json.loads(json.dumps(dealt["state"]))
    hands = state["state"]["hands"]
    hands[0] = hands[0].rsplit(" ", 1)[0]  # a card gone missing
    answer = handle_request({"op": "legal", "state": state})
    assert answer["error"]["code"] == "bad-save" and "problems" not in answer["error"]
