"""Batch ops for Indian Rummy: ``declare`` and ``points``, exact keys and types."""

from __future__ import annotations

from rummylib.batch import handle_request


def test_declare_valid() -> None:
    out = handle_request(
        {
            "op": "declare",
            "game": "indian_rummy",
            "rules": {"wild_ranks": ["5"]},
            "melds": ["4s 5s 6s", "7h 8h *", "9c 9d 9s", "Jc Qc Kc 5d"],
        }
    )
    assert out == {"valid": True, "problems": []}


def test_declare_invalid_lists_every_problem() -> None:
    out = handle_request(
        {"op": "declare", "game": "indian_rummy", "melds": ["Ah 2h *", "4c * 6c", "9s 9c 9d 9h", "Kd Kd Ks"]}
    )
    assert out["valid"] is False
    assert [p["code"] for p in out["problems"]] == ["group-colour-repeated", "no-pure-sequence"]
    assert out["problems"][0]["meld"] == 3
    assert all(isinstance(p["message"], str) for p in out["problems"])


def test_declare_wild_rank_decides_purity() -> None:
    groups = ["4s 5s 6s", "7h 8h *", "9c 9d 9s", "Jc * Kc 5d"]
    with_wild = handle_request({"op": "declare", "game": "indian", "rules": {"wild_ranks": ["5"]}, "melds": groups})
    assert with_wild["valid"] is True
    without = handle_request({"op": "declare", "game": "indian", "melds": groups})
    assert without["valid"] is False  # 5d is then a plain 5 and breaks Jc * Kc 5d


def test_declare_bad_input() -> None:
    assert handle_request({"op": "declare", "game": "indian_rummy", "melds": "Ah 2h 3h"})["error"]["code"] == (
        "bad-field"
    )
    assert handle_request({"op": "declare", "game": "indian_rummy", "melds": ["Ah Ah Ah"]})["error"]["code"] == (
        "too-many-copies"
    )
    assert handle_request({"op": "declare", "game": "gin_rummy", "melds": []})["error"]["code"] == "op-not-for-game"


def test_points_is_the_best_arrangement() -> None:
    out = handle_request(
        {
            "op": "points",
            "game": "indian_rummy",
            "rules": {"wild_ranks": ["5"]},
            "hand": "4s 5s 6s 7h 8h Kd Kc 2c 9d 3h 3d Qs 5d",
        }
    )
    assert out == {"points": 47}
    full = handle_request({"op": "points", "game": "indian_rummy", "hand": "Ah 2h 3h 4c * 6c 9s 9c 9d 7s 8h Kd 2d"})
    assert full == {"points": 27}


def test_points_cap_and_no_pure() -> None:
    out = handle_request({"op": "points", "game": "indian_rummy", "hand": "Kh Kd Ks Qh Qd Qs 9h 9d 9s 7c 7d 7h 2c"})
    assert out == {"points": 80}


def test_core_points_op_still_serves_other_games() -> None:
    assert handle_request({"op": "points", "game": "contract_rummy", "hand": "* Ah Kd"}) == {"points": 50}
