"""Pictures refuse arguments that are not pieces, melds or tables with rummylib errors."""

from __future__ import annotations

from typing import Any

import pytest

from rummylib import RUMMIKUB, InvalidPiecesError, svg
from rummylib.errors import RequestError
from rummylib.table import Table


@pytest.mark.parametrize("marks", [["played"], ["played", None, "moved"], []])
def test_rack_marks_must_be_one_per_piece(marks: list[Any]) -> None:
    with pytest.raises(RequestError) as info:
        svg.rack("r1 r2", marks=marks)
    assert info.value.code == "bad-field"
    assert "one per piece" in info.value.message


def test_rack_marks_of_the_right_length_still_draw() -> None:
    assert svg.rack("r1 r2", marks=["played", None]).count("<title>") == 2


@pytest.mark.parametrize("pieces", [5, [5], ["r1"], [None]])
def test_rack_of_non_pieces_is_refused(pieces: Any) -> None:
    with pytest.raises(InvalidPiecesError) as info:
        svg.rack(pieces)
    assert info.value.code == "not-a-piece"


@pytest.mark.parametrize("melds", [5, None, [5], [None], [[5]], [{"r1": 1}]])
def test_table_of_non_melds_is_refused(melds: Any) -> None:
    with pytest.raises(InvalidPiecesError) as info:
        svg.table(melds, rules=RUMMIKUB)
    assert info.value.code == "not-a-piece"


@pytest.mark.parametrize("m", [5, None, [5]])
def test_meld_of_non_meld_is_refused(m: Any) -> None:
    with pytest.raises(InvalidPiecesError) as info:
        svg.meld(m)
    assert info.value.code == "not-a-piece"


def test_table_still_takes_a_table_a_generator_and_notation() -> None:
    text = "r1 r2 r3 | k7 b7 y7"
    expected = svg.table(text, rules=RUMMIKUB)
    assert svg.table(Table.parse(text), rules=RUMMIKUB) == expected
    assert svg.table((m for m in text.split(" | ")), rules=RUMMIKUB) == expected
