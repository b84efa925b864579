"""The quick piece-count test of `validate_turn` holds jokers and other tiles to their own limits."""

from __future__ import annotations

import pytest

from rummylib import RUMMIKUB, InvalidPiecesError, NotationError
from rummylib.rummikub import _turn as table_module
from rummylib.rummikub import validate_turn


@pytest.mark.parametrize("box_jokers", [0, 1, 2])
def test_a_plain_turn_needs_no_exact_count(box_jokers: int, monkeypatch: pytest.MonkeyPatch) -> None:
    rules = RUMMIKUB.with_options({"box_jokers": box_jokers})
    calls: list[str] = []
    monkeypatch.setattr(table_module, "check_counts", lambda *args: calls.append(args[3]))
    report = validate_turn(
        "r3 r4 r5 r6 | k9 b9 y9", "r7 r8 b1", "r3 r4 r5 | r6 r7 r8 | k9 b9 y9", rules=rules, initial_meld_done=True
    )
    assert report.valid
    assert calls == []


def test_a_joker_in_a_box_without_jokers_is_not_a_piece() -> None:
    rules = RUMMIKUB.with_options({"box_jokers": 0})
    with pytest.raises(NotationError):
        validate_turn("r3 r4 r5", "*", "r3 r4 r5", rules=rules, initial_meld_done=True)


@pytest.mark.parametrize(("box_jokers", "rack"), [(1, "* r1"), (2, "* *")])
def test_jokers_within_the_box_pass(box_jokers: int, rack: str) -> None:
    rules = RUMMIKUB.with_options({"box_jokers": box_jokers})
    report = validate_turn("r3 r4 r5", rack, "r3 r4 r5", rules=rules, initial_meld_done=True)
    assert not report.played


@pytest.mark.parametrize(("box_jokers", "rack"), [(1, "* *"), (2, "* * *")])
def test_jokers_over_the_box_are_refused(box_jokers: int, rack: str) -> None:
    rules = RUMMIKUB.with_options({"box_jokers": box_jokers})
    with pytest.raises(InvalidPiecesError) as info:
        validate_turn("r3 r4 r5", rack, "r3 r4 r5", rules=rules, initial_meld_done=True)
    assert info.value.code == "too-many-copies"


def test_three_copies_of_a_tile_are_refused_before_and_after() -> None:
    with pytest.raises(InvalidPiecesError) as info:
        validate_turn("r3 r4 r5 | r3 r4 r5", "r3", "r3 r4 r5 | r3 r4 r5", rules=RUMMIKUB, initial_meld_done=True)
    assert info.value.code == "too-many-copies"
    with pytest.raises(InvalidPiecesError) as info:
        validate_turn("r3 r4 r5", "", "r3 r4 r5 | r3 r4 r5 | r3 r4 r5", rules=RUMMIKUB, initial_meld_done=True)
    assert info.value.code == "too-many-copies"
