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
