"""Rummikub's engines read their inputs like every other function (`rummylib._inputs`)."""

from __future__ import annotations

from typing import Any

import pytest

from rummylib import RUMMIKUB, InvalidPiecesError, Meld, PieceCount, ScoringInputError, Tile, parse_pieces
from rummylib.rummikub import arrange, playable_tiles, score_rummikub, solve, validate_turn
from rummylib.table import Table


def test_solve_takes_a_table_value() -> None:
    """Before: ``TypeError: table must be notation, melds or pieces, not Table``."""
    s = solve(Table.parse("r1 r2 r3"), "r4", rules=RUMMIKUB, initial_meld_done=True)
    assert s.tiles_placed == 1
    assert [str(m) for m in s.table_after] == ["R1 R2 R3 R4"]
    assert s == solve("r1 r2 r3", "r4", rules=RUMMIKUB, initial_meld_done=True)
    assert playable_tiles(Table.parse("r1 r2 r3"), "r4 b9", rules=RUMMIKUB, initial_meld_done=True) == (
        Tile.parse("r4"),
    )
    assert arrange(Table.parse("r1 r2 | r3"), rules=RUMMIKUB) == (Meld.parse("r1 r2 r3"),)


@pytest.mark.parametrize(
    "tiles",
    [
        "r1 r2 r3 | k7 b7 y7",
        parse_pieces("r1 r2 r3 k7 b7 y7"),
        list(parse_pieces("r1 r2 r3 k7 b7 y7")),
        PieceCount.of("r1 r2 r3 k7 b7 y7"),
        Table.parse("r1 r2 r3 | k7 b7 y7"),
        [Meld.parse("r1 r2 r3"), "k7 b7 y7"],
        (m for m in ("r1 r2 r3", "k7 b7 y7")),
        Meld.parse("r1 r2 r3 k7 b7 y7"),  # just the tiles, in one bag
    ],
)
def test_arrange_takes_a_table_or_just_its_tiles(tiles: Any) -> None:
    found = arrange(tiles, rules=RUMMIKUB)
    assert found is not None
    assert sorted(str(m) for m in found) == ["K7 B7 Y7", "R1 R2 R3"]


@pytest.mark.parametrize("table", [5, None, [Meld.parse("r1 r2 r3"), 5], [Tile.parse("r1"), "r2 r3 r4"]])
def test_solver_refuses_what_is_no_table(table: Any) -> None:
    with pytest.raises(InvalidPiecesError) as info:
        solve(table, "r4", rules=RUMMIKUB, initial_meld_done=True)
    assert info.value.code == "not-a-piece"


def test_score_rummikub_reads_notation() -> None:
    """Before: a rack given as notation was read character by character (a TypeError)."""
    assert score_rummikub(["", "r5 k3", "*"], winner=0, rules=RUMMIKUB) == (38, -8, -30)
    assert score_rummikub(["r1 r2", "k10", "*"], winner=None, rules=RUMMIKUB) == (34, -7, -27)
    with pytest.raises(InvalidPiecesError) as info:
        score_rummikub(["", "r5 r5", "r5"], winner=0, rules=RUMMIKUB)
    assert info.value.code == "too-many-copies"


@pytest.mark.parametrize("winner", [3, -1, True, "0", 1.0])
def test_score_rummikub_bad_winner_keeps_its_error(winner: Any) -> None:
    with pytest.raises(ScoringInputError) as info:
        score_rummikub(["", "r5", "k3"], winner=winner, rules=RUMMIKUB)
    assert info.value.code == "bad-score-input"


def test_turn_rack_non_piece_is_named() -> None:
    with pytest.raises(InvalidPiecesError, match="the rack holds 5, which is not a piece"):
        validate_turn("", [Tile.parse("r1"), 5], "", rules=RUMMIKUB, initial_meld_done=True)
    with pytest.raises(InvalidPiecesError) as info:
        validate_turn("", 5, "", rules=RUMMIKUB, initial_meld_done=True)  # type: ignore[arg-type]
    assert info.value.code == "not-a-piece"
