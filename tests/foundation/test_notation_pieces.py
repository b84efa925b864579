"""Pieces and notation (docs/notation.md)."""

import pytest

from rummylib import (
    JOKER,
    Card,
    Color,
    Meld,
    NotationError,
    PieceCount,
    Rank,
    Suit,
    Tile,
    format_melds,
    format_pieces,
    parse_melds,
    parse_piece,
    parse_pieces,
)
from rummylib.rules import RUMMIKUB, SHANGHAI


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("r5", Tile(Color.RED, 5)),
        ("R5", Tile(Color.RED, 5)),
        ("k13", Tile(Color.BLACK, 13)),
        ("b1", Tile(Color.BLUE, 1)),
        ("y7", Tile(Color.YELLOW, 7)),
        ("o7", Tile(Color.YELLOW, 7)),  # orange is read as yellow
        ("10h", Card(Rank.TEN, Suit.HEARTS)),
        ("Th", Card(Rank.TEN, Suit.HEARTS)),  # T is read as 10
        ("Qs", Card(Rank.QUEEN, Suit.SPADES)),
        ("Ad", Card(Rank.ACE, Suit.DIAMONDS)),
        ("A♠", Card(Rank.ACE, Suit.SPADES)),
        ("k♥", Card(Rank.KING, Suit.HEARTS)),
        ("kh", Card(Rank.KING, Suit.HEARTS)),
        ("7♣", Card(Rank.SEVEN, Suit.CLUBS)),
        ("2♦", Card(Rank.TWO, Suit.DIAMONDS)),
        ("*", JOKER),
    ],
)
def test_parse_one_piece(text: str, expected: object) -> None:
    assert parse_piece(text) == expected


@pytest.mark.parametrize(("text", "canonical"), [("r5", "R5"), ("th", "10h"), ("QS", "Qs"), ("o12", "Y12"), ("*", "*")])
def test_canonical_form(text: str, canonical: str) -> None:
    assert str(parse_piece(text)) == canonical


def test_repr_is_evalable() -> None:
    t = Tile.parse("r5")
    assert repr(t) == "Tile.parse('R5')"
    assert eval(repr(t)) == t
    c = Card.parse("10h")
    assert eval(repr(c)) == c
    m = Meld.parse("r5 r6 *")
    assert repr(m) == "Meld.parse('R5 R6 *')"


def test_input_is_tolerant_of_spaces_and_commas() -> None:
    assert format_pieces(parse_pieces("  r5,r6 ,, * ")) == "R5 R6 *"


@pytest.mark.parametrize("bad", ["r14", "r0", "x5", "14h", "1h", "Zs", "r", "**", "r5x", "10", "h"])
def test_bad_pieces_raise_notation_error(bad: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_piece(bad)
    assert bad in str(info.value)  # the message quotes the input
    assert isinstance(info.value, ValueError)


def test_a_14_is_not_a_tile() -> None:
    with pytest.raises(NotationError, match="1 to 13"):
        Tile.parse("r14")


def test_mixing_tiles_and_cards_is_an_error() -> None:
    with pytest.raises(NotationError, match="mixes"):
        parse_pieces("r5 5h")


def test_rules_check_family() -> None:
    with pytest.raises(NotationError, match="played with tiles"):
        parse_pieces("5h", rules=RUMMIKUB)
    with pytest.raises(NotationError, match="played with cards"):
        parse_pieces("r5", rules=SHANGHAI)


def test_tables_use_bars() -> None:
    melds = parse_melds("r1 r2 r3 | k7 b7 y7")
    assert format_melds(melds) == "R1 R2 R3 | K7 B7 Y7"
    assert parse_melds("") == ()
    with pytest.raises(NotationError, match="empty"):
        parse_melds("r1 r2 r3 || k7 b7 y7")


def test_duplicates_are_real() -> None:
    rack = PieceCount.of(parse_pieces("r5 r5 k1"))
    assert rack.count(Tile.parse("r5")) == 2
    assert len(rack) == 3
    assert str(rack - PieceCount.of(parse_pieces("r5"))) == "K1 R5"


def test_values_are_frozen() -> None:
    import attrs

    t = Tile.parse("r5")
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        t.number = 6  # type: ignore[misc]


def test_non_string_input_is_a_type_error() -> None:
    with pytest.raises(TypeError):
        parse_pieces(5)  # type: ignore[arg-type]


def test_a_bad_token_is_quoted_in_its_meld_without_the_spaces_around_it() -> None:
    # the second meld of "... | 8c 8s 8x" is " 8c 8s 8x" once split at the bar: the message quotes it trimmed
    with pytest.raises(NotationError) as caught:
        parse_melds("7h 7s 7d | 8c 8s 8x", rules=SHANGHAI)
    assert str(caught.value).endswith("(token 3 of '8c 8s 8x')")
    assert caught.value.text[caught.value.column :].startswith("8x")  # the column still points at the token
    with pytest.raises(NotationError, match=r"\(token 2 of 'r5 x9'\)$"):
        parse_pieces("  r5 x9\t", rules=RUMMIKUB)
