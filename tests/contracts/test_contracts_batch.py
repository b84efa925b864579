"""The contract batch ops: contract, find_contract, layoff (exact keys and value types)."""

import json

from rummylib.batch import handle_line, handle_request


def test_contract_op_valid() -> None:
    out = handle_request({"op": "contract", "game": "contract_rummy", "round": 2, "melds": ["7h 7s 7d", "4c 5c 6c 7c"]})
    assert out == {"valid": True, "problems": []}


def test_contract_op_problems() -> None:
    out = handle_request(
        {
            "op": "contract",
            "game": "contract_rummy",
            "round": 2,
            "melds": ["7h 7s 7d 7c", "4c 5c 6c 7c"],
            "hand": "7h 7s",
        }
    )
    assert set(out) == {"valid", "problems"}
    assert out["valid"] is False
    codes = [p["code"] for p in out["problems"]]
    assert codes == ["contract-set-size", "contract-not-in-hand"]
    assert all(isinstance(p["message"], str) for p in out["problems"])
    assert out["problems"][0]["meld"] == 0


def test_contract_op_shanghai_and_user_contract() -> None:
    out = handle_request(
        {"op": "contract", "game": "shanghai", "round": 5, "melds": ["7h 7s 7d", "4c 5c 6c 7c 8c 9c 10c"]}
    )
    assert out == {"valid": True, "problems": []}
    out = handle_request(
        {
            "op": "contract",
            "game": "shanghai",
            "contract": {"runs": 2, "run_size": 3},
            "melds": ["4c 5c 6c", "8c 9c 10c"],
        }
    )
    assert out["valid"] is True


def test_find_contract_op() -> None:
    out = handle_request({"op": "find_contract", "game": "shanghai", "round": 1, "hand": "7h 7s 7d 8c 8s * Kd"})
    assert out == {"valid": True, "melds": ["7d 7h 7s", "8c 8s *"], "points_left": 10}
    out = handle_request({"op": "find_contract", "game": "contract_rummy", "round": 3, "hand": "4c 5c 6c 7c 8h"})
    assert out == {"valid": False, "melds": None, "points_left": None}


def test_layoff_op() -> None:
    out = handle_request({"op": "layoff", "game": "contract_rummy", "meld": "4c 5c 6c 7c", "cards": "8c 9c"})
    assert out == {"valid": True, "meld": "4c 5c 6c 7c 8c 9c", "problems": []}
    out = handle_request({"op": "layoff", "game": "shanghai", "meld": "4c 5c 6c 7c", "cards": "8h"})
    assert out["valid"] is False
    assert out["meld"] is None
    assert out["problems"][0]["code"] == "layoff-wrong-suit"
    out = handle_request(
        {"op": "layoff", "game": "contract_rummy", "meld": "4c * 6c 7c", "cards": "5c", "joker_end": "low"}
    )
    assert out["meld"] == "* 4c 5c 6c 7c"


def test_unknown_round_is_an_error() -> None:
    """A round the game does not have is an error."""
    for op in ({"op": "contract", "melds": []}, {"op": "find_contract", "hand": "7h"}):
        out = handle_request({**op, "game": "shanghai", "round": 11})
        assert out["error"]["code"] == "unknown-round"
        out = handle_request({**op, "game": "contract_rummy", "round": 8})
        assert out["error"]["code"] == "unknown-round"


def test_bad_requests() -> None:
    assert handle_request({"op": "contract", "game": "shanghai", "melds": []})["error"]["code"] == "missing-field"
    assert (
        handle_request({"op": "contract", "game": "shanghai", "round": "2", "melds": []})["error"]["code"]
        == "bad-field"
    )
    out = handle_request({"op": "find_contract", "game": "shanghai", "round": 1, "hand": "7h 7s 9z"})
    assert out["error"]["code"] == "bad-notation"
    out = handle_request({"op": "contract", "game": "shanghai", "round": 1, "melds": ["7h 7x", "8c 8d 8h"]})
    assert out["error"]["code"] == "bad-notation"
    out = handle_request({"op": "contract", "game": "shanghai", "round": 1, "melds": ["7h 7h 7h 7h", "8c 8d 8h"]})
    assert out["error"]["code"] == "too-many-copies"
    out = handle_request({"op": "layoff", "game": "shanghai", "meld": "4c 5c 6c 7c"})
    assert out["error"]["code"] == "missing-field"
    out = handle_request({"op": "contract", "game": "rummikub", "round": 1, "melds": []})
    assert out["error"]["code"] == "op-not-for-game"
    out = handle_request({"op": "contract", "game": "shanghai", "contract": {"runs": "two"}, "melds": []})
    assert out["error"]["code"] == "bad-field"
    out = handle_request({"op": "layoff", "game": "shanghai", "meld": "4c 5c 6c 7c", "cards": "8c", "joker_end": "up"})
    assert out["error"]["code"] == "bad-field"


def test_rules_overrides_and_line_protocol() -> None:
    line = json.dumps(
        {
            "op": "find_contract",
            "game": "contract_rummy",
            "round": 1,
            "hand": "7h 7s 2d 8c 8s 2c Kd",
            "rules": {"deuces_wild": True},
            "id": 3,
        }
    )
    out = handle_line(line)
    assert out["id"] == 3
    assert out["valid"] is True
    assert out["points_left"] == 10
    out = handle_request(
        {"op": "find_contract", "game": "shanghai", "round": 1, "hand": "7h 7s 7d 8c 8s * Kd", "budget": 1}
    )
    assert out["error"]["code"] == "search-limit"
