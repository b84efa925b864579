"""Gin reads its inputs like every other function (`rummylib._inputs`), keeping its own refusals."""

from __future__ import annotations

from typing import Any

import pytest

from rummylib import GIN_RUMMY, JOKER, Card, InvalidPiecesError, NotationError, PieceCount, Tile, parse_pieces
from rummylib.gin import GinGameScore, GinInputError, deadwood, is_legal_knock, knock_limit, score_hand

HAND = "Ah 2h 3h 7c 7d 7s 9c 10d Jh Kd"


@pytest.mark.parametrize(
    "hand",
    [HAND, parse_pieces(HAND), list(parse_pieces(HAND)), iter(parse_pieces(HAND)), PieceCount.of(HAND)],
)
def test_deadwood_reads_every_form_alike(hand: Any) -> None:
    assert deadwood(hand, rules=GIN_RUMMY).deadwood == 39


def test_a_non_piece_is_not_a_piece_as_everywhere() -> None:
    """Before: ``GinInputError: hand: 5 is not a playing card`` (bad-gin-hand)."""
    for fn in (
        lambda: deadwood([Card.parse("Ah"), 5], rules=GIN_RUMMY),
        lambda: is_legal_knock([None], rules=GIN_RUMMY),
        lambda: score_hand(HAND, ["2c", 5], rules=GIN_RUMMY),
        lambda: deadwood(5, rules=GIN_RUMMY),
        lambda: knock_limit(rules=GIN_RUMMY, first_upcard=5),  # type: ignore[arg-type]
    ):
        with pytest.raises(InvalidPiecesError) as info:
            fn()
        assert info.value.code == "not-a-piece"


def test_gin_keeps_its_own_refusals() -> None:
    """A joker, a tile, a card twice: Gin's own GinInputError (bad-gin-hand), as documented."""
    for hand in ([JOKER, Card.parse("Ah")], [Tile.parse("r5")], "Ah Ah 2h"):
        with pytest.raises(GinInputError) as info:
            deadwood(hand, rules=GIN_RUMMY)
        assert info.value.code == "bad-gin-hand"
    with pytest.raises(NotationError):
        deadwood("Ah 14h", rules=GIN_RUMMY)


@pytest.mark.parametrize("winner", [2, -1, True, "0"])
def test_game_score_seat(winner: Any) -> None:
    """``True`` was taken for seat 1 (``True in (0, 1)``)."""
    with pytest.raises(GinInputError) as info:
        GinGameScore().add(10, winner=winner, rules=GIN_RUMMY)
    assert info.value.code == "bad-gin-hand"
    assert GinGameScore().add(10, winner=1, rules=GIN_RUMMY).totals == (0, 10)
