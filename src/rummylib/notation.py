"""The one text notation for pieces, melds and tables.

* a **tile** is ``<colour><number>``: ``r5``, ``K13``; colours ``k b y r`` (``o`` is read as
  yellow); written canonically as ``R5``;
* a **card** is ``<rank><suit>``: ``10h``, ``Qs``, ``Ad``; ``T`` is read as 10 and the suit
  symbols ``♣ ♦ ♥ ♠`` are accepted; written canonically with ``10`` and a lower-case suit;
* a **joker** is ``*``;
* a **meld** is pieces separated by spaces or commas;
* a **table** is melds separated by ``|``.

Input is case-insensitive and tolerant of extra spaces and commas; output is one canonical form,
and ``parse(format(x)) == x`` always holds.

Examples:
    >>> from rummylib import parse_pieces, format_pieces
    >>> format_pieces(parse_pieces("r5, o7 *")), format_pieces(parse_pieces("th A♠ *"))
    ('R5 Y7 *', '10h As *')
    >>> parse_pieces("r5 x9")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    rummylib.errors.NotationError: 'x9' is not a piece: expected a tile like 'r5', ... (token 2 of 'r5 x9')
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from rummylib.cards import Card, Rank, Suit
from rummylib.errors import LimitExceededError, NotationError
from rummylib.pieces import JOKER, Piece, format_pieces
from rummylib.tiles import STANDARD_COLORS, Color, Tile

if TYPE_CHECKING:
    from rummylib.rules import RuleSet

__all__ = [
    "MAX_TEXT_LENGTH",
    "format_melds",
    "parse_melds",
    "parse_piece",
    "parse_pieces",
]

MAX_TEXT_LENGTH = 100_000
"""Longest notation text accepted (far more than any real table); longer input is rejected."""

_TILE_RE = re.compile(r"([a-z])(\d+)")
_CARD_RE = re.compile(r"(10|[2-9]|[atjqk])([cdhs♣♦♥♠♧♢♡♤])")
_SPLIT_RE = re.compile(r"[\s,]+")

_COLOR_LETTERS = {c.value.lower(): c for c in Color} | {"o": Color.YELLOW}
_RANK_LETTERS = {"a": Rank.ACE, "t": Rank.TEN, "j": Rank.JACK, "q": Rank.QUEEN, "k": Rank.KING} | {
    str(n): Rank(n) for n in range(2, 11)
}
_SUIT_LETTERS = {s.value: s for s in Suit} | {
    "♣": Suit.CLUBS,
    "♧": Suit.CLUBS,
    "♦": Suit.DIAMONDS,
    "♢": Suit.DIAMONDS,
    "♥": Suit.HEARTS,
    "♡": Suit.HEARTS,
    "♠": Suit.SPADES,
    "♤": Suit.SPADES,
}
_EXPECTED = "expected a tile like 'r5', a card like '10h' or a joker '*'"


def _check_text(text: object) -> str:
    if not isinstance(text, str):
        raise TypeError(f"notation must be a str, not {type(text).__name__}")
    if len(text) > MAX_TEXT_LENGTH:
        raise LimitExceededError(
            f"notation of {len(text)} characters is longer than the limit of {MAX_TEXT_LENGTH}"
        )
    return text


def _read_token(token: str, rules: RuleSet | None) -> Piece:
    low = token.lower()
    if low == "*":
        piece: Piece = JOKER
    elif (m := _TILE_RE.fullmatch(low)) and m.group(1) in _COLOR_LETTERS:
        color = _COLOR_LETTERS[m.group(1)]
        number = int(m.group(2)) if len(m.group(2)) <= 3 else 10**3
        colors = rules.colors if rules is not None else STANDARD_COLORS
        top = rules.max_number if rules is not None else 13
        if not 1 <= number <= top:
            raise NotationError(f"{token!r} is not a tile: numbers run from 1 to {top}", text=token)
        if color not in colors:
            letters = " ".join(c.value for c in colors)
            raise NotationError(
                f"{token!r} is not a tile of this box: its colours are {letters}", text=token
            )
        piece = Tile(color, number)
    elif m := _CARD_RE.fullmatch(low):
        piece = Card(_RANK_LETTERS[m.group(1)], _SUIT_LETTERS[m.group(2)])
    else:
        raise NotationError(f"{token!r} is not a piece: {_EXPECTED}", text=token)
    if rules is not None:
        rules.check_piece(piece, token)
    return piece


def parse_piece(text: str, *, rules: RuleSet | None = None) -> Piece:
    """Read exactly one piece.

    With ``rules``, the piece must also belong to that game (a tile in Rummikub, a card in the card
    games, a colour and number of its box).

    Raises:
        NotationError: the text is not exactly one piece (of that game).

    Examples:
        >>> parse_piece("Qs"), parse_piece("b13"), parse_piece("*")
        (Card.parse('Qs'), Tile.parse('B13'), JOKER)
    """
    pieces = parse_pieces(text, rules=rules)
    if len(pieces) != 1:
        raise NotationError(f"{text!r} is not one piece: found {len(pieces)}", text=text)
    return pieces[0]


def parse_pieces(text: str, *, rules: RuleSet | None = None) -> tuple[Piece, ...]:
    """Read pieces separated by spaces and/or commas, keeping their order and duplicates.

    The empty string (or only separators) reads as no pieces. Tiles and cards may not be mixed.

    Raises:
        NotationError: a token is not a piece, or tiles and cards are mixed.
        LimitExceededError: the text is longer than `MAX_TEXT_LENGTH`.

    Examples:
        >>> parse_pieces("r5 r5,*")
        (Tile.parse('R5'), Tile.parse('R5'), JOKER)
        >>> parse_pieces("  ")
        ()
    """
    _check_text(text)
    tokens = [t for t in _SPLIT_RE.split(text.strip()) if t]
    out: list[Piece] = []
    for i, token in enumerate(tokens):
        try:
            out.append(_read_token(token, rules))
        except NotationError as exc:
            where = f" (token {i + 1} of {text!r})" if len(tokens) > 1 else ""
            raise NotationError(f"{exc.message}{where}", text=text, column=text.find(token)) from None
    kinds = {type(p) for p in out if p is not JOKER}
    if len(kinds) > 1:
        raise NotationError(f"{text!r} mixes tiles and cards", text=text)
    return tuple(out)


def parse_melds(text: str, *, rules: RuleSet | None = None) -> tuple[tuple[Piece, ...], ...]:
    """Read a table written as melds separated by ``|``.

    Empty melds between bars are an error; the empty string is a table with no melds.

    Raises:
        NotationError: a piece is bad or a meld between bars is empty.

    Examples:
        >>> format_melds(parse_melds("r1 r2 r3 | k7 b7 y7"))
        'R1 R2 R3 | K7 B7 Y7'
    """
    _check_text(text)
    if not text.strip():
        return ()
    melds = []
    for i, part in enumerate(text.split("|")):
        pieces = parse_pieces(part, rules=rules)
        if not pieces:
            raise NotationError(f"meld {i + 1} of {text!r} is empty", text=text)
        melds.append(pieces)
    return tuple(melds)


def format_melds(melds: Sequence[Sequence[Piece]]) -> str:
    """Write melds in canonical notation, separated by `` | ``.

    Examples:
        >>> format_melds([parse_pieces("r1 r2 r3"), parse_pieces("*")])
        'R1 R2 R3 | *'
    """
    return " | ".join(format_pieces(m) for m in melds)
