"""Contract-game referee: malformed actions and seats are refused with rummylib errors.

A ``LayDown`` whose ``swaps`` is not a list of ``(card, meld index)`` pairs is refused when it is
made, and the public questions about one seat refuse a seat that is not at the table, each with an
error naming the problem (never a bare ``TypeError``, ``ValueError`` or ``IndexError``).
"""

from __future__ import annotations

from typing import Any

import pytest

from rummylib import SHANGHAI, IllegalActionError, InvalidPiecesError, NotationError
from rummylib.contracts import ContractRound, LayDown


@pytest.mark.parametrize(
    ("swaps", "named"),
    [
        ([("4c", "2")], "names meld '2'"),
        ([("4c", 1.0)], "names meld 1.0"),
        ([("4c", True)], "names meld True"),
        ([("4c",)], "('4c',), not a (card, meld index) pair"),
        ([("4c", 1, 2)], "not a (card, meld index) pair"),
        (["4c"], "'4c', not a (card, meld index) pair"),
        ("4c 2", "give a list of (card, meld index) pairs"),
        (7, "give a list of (card, meld index) pairs"),
    ],
)
def test_malformed_swaps_are_refused(swaps: Any, named: str) -> None:
    with pytest.raises(IllegalActionError) as info:
        LayDown(0, "7h 7s 7d | 9c 9d *", swaps=swaps)
    assert info.value.code == "illegal-action"
    assert [v.code for v in info.value.violations] == ["no-such-meld"]
    assert named in str(info.value)
    assert "swaps" in str(info.value)


def test_a_swap_card_must_be_a_piece() -> None:
    with pytest.raises(InvalidPiecesError) as info:
        LayDown(0, "7h 7s 7d | 9c 9d *", swaps=[(5, 0)])
    assert info.value.code == "not-a-piece"
    assert "5, which is not a card" in str(info.value)
    with pytest.raises(NotationError):
        LayDown(0, "7h 7s 7d | 9c 9d *", swaps=[("zz", 0)])


def test_well_formed_swaps_still_read() -> None:
    a = LayDown(0, "7h 7s 7d | 9c 9d *", swaps=[["4c", 2], ("5d", 0)])
    assert [(str(c), i) for c, i in a.swaps] == [("4c", 2), ("5d", 0)]
    assert LayDown(0, "7h 7s 7d").swaps == ()


@pytest.mark.parametrize("seat", [9, 3, -1, True, "0"])
def test_seat_questions_refuse_a_missing_seat(seat: Any) -> None:
    r = ContractRound.deal(rules=SHANGHAI, players=3, seed=0)
    for ask, doing in ((r.may_lay_off, "lay off"), (r.buy_violations, "buy")):
        with pytest.raises(IllegalActionError) as info:
            ask(seat)
        assert [v.code for v in info.value.violations] == ["not-a-player"]
        assert f"player {seat!r} cannot {doing}: seats are 0 to 2" in str(info.value)
    assert r.may_lay_off(2) is False
    assert r.buy_violations(2) == ()
