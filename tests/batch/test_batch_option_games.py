"""The batch refuses a house rule the game does not have, naming the games that have it."""

from __future__ import annotations

from rummylib.batch import handle_request


def test_a_rule_of_another_game_is_refused_through_the_batch() -> None:
    answer = handle_request({"op": "meld", "game": "rummikub", "rules": {"buying": True}, "meld": "r1 r2 r3"})
    assert answer == {
        "error": {
            "code": "bad-option",
            "message": "option 'buying' is not a rule of Rummikub (games that have it: Contract Rummy, Shanghai)",
        }
    }


def test_a_rule_of_the_game_is_taken_through_the_batch() -> None:
    answer = handle_request(
        {
            "op": "deal",
            "game": "shanghai",
            "players": 3,
            "seed": 1,
            "rules": {"max_turns": 3, "discard_taken_card": False},
        }
    )
    assert "error" not in answer, answer
