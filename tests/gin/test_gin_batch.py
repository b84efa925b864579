"""Batch ops for Gin Rummy: ``deadwood`` and ``score``, exact keys and types."""

from __future__ import annotations

import json
from typing import Any

from tests.gin.hands import ten

from rummylib import format_pieces, parse_pieces, piece_sort_key
from rummylib.batch import handle_line, handle_request


def summary(answer: dict[str, Any]) -> dict[str, Any]:
    """A Gin ``score`` answer told from the knocker's side: who won, how, the points, the cards laid off."""
    if "error" in answer:
        return answer
    assert answer["scores"][answer["winner"]] == answer["points"]
    laid = format_pieces(sorted(parse_pieces(" ".join(lo["card"] for lo in answer["layoffs"])), key=piece_sort_key))
    return {
        "winner": "knocker" if answer["winner"] == 0 else "defender",
        "kind": answer["kind"],
        "points": answer["points"],
        "layoffs": laid,
    }


def test_deadwood_op_ten_cards() -> None:
    out = handle_request({"op": "deadwood", "game": "gin_rummy", "hand": "Ah 2h 3h 7c 7d 7s 9c 10d Jh Kd"})
    assert out == {"deadwood": 39, "melds": ["7c 7d 7s", "Ah 2h 3h"], "discard": None}


def test_deadwood_op_eleven_cards_names_the_discard() -> None:
    out = handle_request({"op": "deadwood", "game": "gin", "hand": "Ah 2h 3h 4h 7c 7d 7s 9c 9d 9s Kd"})
    assert out == {"deadwood": 0, "melds": ["7c 7d 7s", "9c 9d 9s", "Ah 2h 3h 4h"], "discard": "Kd"}
    assert set(out) == {"deadwood", "melds", "discard"}


def test_deadwood_op_short_hand_and_empty_hand() -> None:
    assert handle_request({"op": "deadwood", "game": "gin_rummy", "hand": "Qh Kh Ah"})["deadwood"] == 21
    assert handle_request({"op": "deadwood", "game": "gin_rummy", "hand": ""}) == {
        "deadwood": 0,
        "melds": [],
        "discard": None,
    }


def test_deadwood_op_errors() -> None:
    assert handle_request({"op": "deadwood", "game": "gin_rummy", "hand": "Ah *"})["error"]["code"] == "bad-notation"
    assert handle_request({"op": "deadwood", "game": "gin_rummy", "hand": "Ah Ah"})["error"]["code"] == (
        "too-many-copies"
    )
    twelve = "Ac 2c 3c 4c 5c 6c 7c 8c 9c 10c Jc Qc"
    assert handle_request({"op": "deadwood", "game": "gin_rummy", "hand": twelve})["error"]["code"] == "too-large"
    assert handle_request({"op": "deadwood", "game": "gin_rummy"})["error"]["code"] == "missing-field"
    assert handle_request({"op": "deadwood", "game": "gin_rummy", "hand": 5})["error"]["code"] == "bad-field"
    assert handle_request({"op": "deadwood", "game": "rummikub", "hand": "r1"})["error"]["code"] == "op-not-for-game"


def test_score_op_knock() -> None:
    out = handle_request(
        {
            "op": "score",
            "game": "gin_rummy",
            "hands": ["Ah 2h 3h 7c 7d 7s 9c 9d 9s Kd", "4h 5h Kc Qc Jc 2c 2d 3s 8s 8h"],
        }
    )
    assert summary(out) == {"winner": "knocker", "kind": "knock", "points": 13, "layoffs": "4h 5h"}
    assert out["scores"] == [13, 0] and out["layoffs"] == [{"card": "4h", "meld": 2}, {"card": "5h", "meld": 2}]


def test_score_op_every_kind() -> None:
    def score(knocker: str, defender: str, **extra: object) -> dict[str, object]:
        hands = [knocker, ten(defender, knocker)]
        return summary(handle_request({"op": "score", "game": "gin_rummy", "hands": hands, **extra}))

    gin = score("Ah 2h 3h 7c 7d 7s 9c 9d 9s 9h", "4h 10h")
    assert gin == {"winner": "knocker", "kind": "gin", "points": 39, "layoffs": ""}
    big = score("Ah 2h 3h 4h 7c 7d 7s 9c 9d 9s 9h", "Kc 2d Jc Jd Jh Js 5c 5d 5s 5h")  # no lay-offs after big gin
    assert big == {"winner": "knocker", "kind": "big_gin", "points": 12 + 31, "layoffs": ""}
    under = score("Ah 2h 3h 7c 7d 7s 9c 9d 9s Qd", "4h 5h 2c Jc Jd Jh Js Kc Kh Ks")
    assert under == {"winner": "defender", "kind": "undercut", "points": 10 - 2 + 25, "layoffs": "4h 5h"}
    okla = score("Ah 2h 3h 7c 7d 7s 9c 9d 9s 9h", "Kc", rules={"oklahoma": True}, first_upcard="3s")
    assert okla["points"] == (10 + 25) * 2


def test_score_op_knock_over_limit_is_an_error() -> None:
    knocker = "Ah 2h 3h 7c 7d 7s 9c 9d Ks Kd"
    out = handle_request({"op": "score", "game": "gin_rummy", "hands": [knocker, ten("2c", knocker)]})
    assert out["error"]["code"] == "knock-over-limit"
    assert "38" in out["error"]["message"]
    gin_only = handle_request(
        {
            "op": "score",
            "game": "gin_rummy",
            "rules": {"gin_only": True},
            "hands": ["Ah 2h 3h 7c 7d 7s 9c 9d 9s 2d", ten("2c", "Ah 2h 3h 7c 7d 7s 9c 9d 9s 2d")],
        }
    )
    assert gin_only["error"]["code"] == "knock-over-limit"


def test_score_op_bad_input() -> None:
    both = handle_request({"op": "score", "game": "gin_rummy", "hands": ["Ah 2h 3h", "Ah"]})
    assert both["error"]["code"] == "bad-gin-hand"
    missing = handle_request({"op": "score", "game": "gin_rummy", "hands": ["Ah 2h 3h"]})
    assert missing["error"]["code"] == "bad-field"
    assert handle_request({"op": "score", "game": "gin_rummy"})["error"]["code"] == "missing-field"
    knocker = "Ah 2h 3h 7c 7d 7s 9c 9d 9s 9h"
    hands = [knocker, ten("4c", knocker)]
    okla = handle_request({"op": "score", "game": "gin_rummy", "rules": {"oklahoma": True}, "hands": hands})
    assert okla["error"]["code"] == "bad-gin-hand"
    assert "upcard" in okla["error"]["message"]
    short = handle_request({"op": "score", "game": "gin_rummy", "hands": [knocker, "4c"]})
    assert short["error"] == {
        "code": "bad-gin-hand",
        "message": "the defender holds 1 card: at a knock the defender holds 10",
    }
    two = handle_request({"op": "score", "game": "gin_rummy", "hands": ["Ah 2h 3h", "4c"], "first_upcard": "5s 6s"})
    assert two["error"]["code"] == "bad-field"


def test_ops_through_json_lines() -> None:
    line = json.dumps({"op": "deadwood", "game": "gin_rummy", "hand": "Kd Kc Ks", "id": 3})
    assert handle_line(line) == {"id": 3, "deadwood": 0, "melds": ["Kc Kd Ks"], "discard": None}
