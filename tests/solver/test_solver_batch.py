"""The ``solve`` batch op: exact keys and value types, errors with codes."""

from __future__ import annotations

import json

from rummylib.batch import handle_line, handle_request


def _ask(**fields: object) -> dict[str, object]:
    return handle_request({"op": "solve", "game": "rummikub", **fields})


def test_solve_op_keys_and_types() -> None:
    out = _ask(table=["r1 r2 r3", "k7 b7 y7"], rack="r4 r7 b9", initial_meld_done=True, objective="tiles")
    assert set(out) == {"tiles_placed", "value_placed", "played", "table_after"}
    assert out["tiles_placed"] == 2 and isinstance(out["tiles_placed"], int)
    assert out["value_placed"] == 11
    assert out["played"] == "R4 R7"
    assert isinstance(out["table_after"], list) and all(isinstance(m, str) for m in out["table_after"])
    assert sorted(out["table_after"]) == sorted(["R1 R2 R3 R4", "K7 B7 Y7 R7"])


def test_impossible_initial_meld_places_nothing() -> None:
    out = _ask(table=["r1 r2 r3"], rack="r4 r5 k9", initial_meld_done=False, objective="tiles")
    assert out == {"tiles_placed": 0, "value_placed": 0, "played": "", "table_after": ["R1 R2 R3"]}


def test_initial_meld_from_rack_alone() -> None:
    out = _ask(table=["r1 r2 r3"], rack="r4 k10 b10 y10", initial_meld_done=False)
    assert out["tiles_placed"] == 3
    assert out["table_after"] == ["R1 R2 R3", "K10 B10 Y10"]


def test_objective_defaults_and_value() -> None:
    out = _ask(table=[], rack="r5 r6 *", initial_meld_done=True)
    assert out["tiles_placed"] == 3 and out["value_placed"] == 41
    out = _ask(table=[], rack="k1 b1 y1 r1 r11 r12 r13", initial_meld_done=True, objective="value")
    assert out["value_placed"] == 40


def test_solve_op_errors() -> None:
    bad = _ask(table=["r1 r2"], rack="r3", initial_meld_done=True)
    assert bad["error"]["code"] == "invalid-meld"  # type: ignore[index]
    bad = _ask(table=[], rack="r3", initial_meld_done=True, objective="fun")
    assert bad["error"]["code"] == "bad-objective"  # type: ignore[index]
    bad = _ask(table=[], rack="r3")
    assert bad["error"]["code"] == "missing-field"  # type: ignore[index]
    bad = _ask(table=[], rack="r5 r5 r5", initial_meld_done=True)
    assert bad["error"]["code"] == "too-many-copies"  # type: ignore[index]
    bad = handle_request({"op": "solve", "game": "gin", "table": [], "rack": "", "initial_meld_done": True})
    assert bad["error"]["code"] == "op-not-for-game"  # type: ignore[index]


def test_solve_op_through_json_lines_with_rules() -> None:
    line = json.dumps(
        {
            "op": "solve",
            "game": "rummikub",
            "id": 3,
            "table": [],
            "rack": "r1 r2 r3",
            "initial_meld_done": False,
            "rules": {"initial_meld_points": 6},
        }
    )
    out = handle_line(line)
    assert out["id"] == 3 and out["tiles_placed"] == 3
