"""A problem in JSON says its code once: in ``code``, not again at the end of ``message``."""

from __future__ import annotations

from rummylib import RUMMIKUB, SHANGHAI, Violation, contract_violations, meld_violations, validate_turn
from rummylib.batch import handle_request


def test_the_message_is_the_sentence_without_the_code() -> None:
    (v,) = meld_violations("r12 r13 r1", rules=RUMMIKUB)
    assert str(
        v
    ).endswith(
        " [run-wraps]"
    )  # for people, the code closes the sentence (docs/explanation/design.md, "Every rejection says what, where and why")
    assert v.to_json() == {
        "code": "run-wraps",
        "message": str(v).removesuffix(" [run-wraps]"),
        "pieces": "R12 R13 R1",
    }


def test_every_json_answer_keeps_the_code_apart() -> None:
    found: list[Violation] = [
        *meld_violations("r5 b6 r7", rules=RUMMIKUB),
        *validate_turn("k5 k6 k7", "r1", "k5 k6", rules=RUMMIKUB, initial_meld_done=True).violations,
        *contract_violations(["7h 7s 7d", "4c 5c 6c"], round_number=2, rules=SHANGHAI),
    ]
    assert len(found) >= 5
    for v in found:
        data = v.to_json()
        assert data["code"] == v.code
        assert f"[{v.code}]" not in str(data["message"])
        assert f"{data['message']} [{v.code}]" == str(v)


def test_batch_answers_too() -> None:
    answer = handle_request({"op": "meld", "game": "rummikub", "meld": "r1 r2"})
    assert answer["problems"] == [{"code": "run-too-short", "message": "run of 2 pieces; a run needs at least 3"}]


def test_python_and_json_give_one_message() -> None:
    """``v.message`` is the batch's ``message``, the place included; ``str(v)`` adds the code."""
    report = validate_turn("r1 r2 r3", "r4 k9", "r1 r2 r3 r4 | k9", rules=RUMMIKUB, initial_meld_done=True)
    (alone,) = [v for v in report.violations if v.code == "tile-alone"]
    assert alone.meld_index == 1
    assert alone.message == "meld 2 (K9): K9 stands alone; every tile on the table must be part of a set"
    assert alone.to_json()["message"] == alone.message
    assert str(alone) == f"{alone.message} [tile-alone]"
    answer = handle_request(
        {
            "op": "turn",
            "game": "rummikub",
            "table_before": "r1 r2 r3",
            "rack": "r4 k9",
            "table_after": "r1 r2 r3 r4 | k9",
            "initial_meld_done": True,
        }
    )
    assert answer["problems"] == [v.to_json() for v in report.violations]
    assert [p["message"] for p in answer["problems"]] == [v.message for v in report.violations]


def test_one_name_per_field() -> None:
    """The fields are ``code``, ``message``, ``meld_index`` and ``pieces``; the code is a str enum."""
    import attrs

    assert [f.name for f in attrs.fields(Violation)] == ["code", "message", "meld_index", "pieces"]
    (v,) = meld_violations("r12 r13 r1", rules=RUMMIKUB)
    assert v.code == "run-wraps" and isinstance(v.code, str)
    assert not hasattr(v, "rule") and not hasattr(v, "detail")


def test_placing_a_finding_again_names_the_new_place_once() -> None:
    (v,) = meld_violations("r1 r2", rules=RUMMIKUB)
    assert v.meld_index is None and not v.message.startswith("meld")
    moved = v.at(0).at(4)
    assert moved.meld_index == 4
    assert moved.message == f"meld 5: {v.message}"
    (w,) = meld_violations("r12 r13 r1", rules=RUMMIKUB)
    assert w.pieces and w.at(1).at(0).message == f"meld 1 (R12 R13 R1): {w.message}"
