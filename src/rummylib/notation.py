"""The one text notation for pieces, melds and tables.

* a **tile** is ``<colour><number>``: ``r5``, ``K13``; colours ``k b y r`` (``o`` is read as
  yellow); written canonically as ``R5``;
* a **card** is ``<rank><suit>``: ``10h``, ``Qs``, ``Ad``; ``T`` is read as 10 and the suit
  symbols ``♣ ♦ ♥ ♠`` are accepted; written canonically with ``10`` and a lower-case suit;
* a **joker** is ``*``;
* a **meld** is pieces separated by spaces or commas;
* a **table** is melds separated by ``|``.

Input is case-insensitive and tolerant of extra spaces and commas; output is one canonical form,
and ``parse(format(x)) == x`` always holds. Reading is a pure function of the text and the rule
set, so short texts (up to 200 characters: a meld, a rack) are remembered once read (at most
16,384 of them, the least recently used forgotten first).

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

import functools
from collections.abc import Sequence

from rummylib._tokens import MAX_TEXT_LENGTH, check_text
from rummylib.errors import NotationError
from rummylib.pieces import Piece, format_pieces, read_pieces
from rummylib.rules import RuleSet

__all__ = [
    "MAX_TEXT_LENGTH",
    "clear_cache",
    "format_melds",
    "parse_melds",
    "parse_piece",
    "parse_pieces",
]


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
    if type(text) is str and len(text) <= _SHORT:
        return _read_short(text, rules)
    return _read(text, rules)


_SHORT = 200
"""Notation this short (a meld or a rack: about 50 characters) is remembered once read."""


def _read(text: str, rules: RuleSet | None) -> tuple[Piece, ...]:
    if rules is None:
        return read_pieces(text)
    return read_pieces(text, colors=rules.colors, max_number=rules.max_number, check=rules.check_piece)


# The same melds and racks are read turn after turn (a server sees each set again and again):
# reading is a pure function of the text and the rule set, so short texts are remembered. Only
# successful reads are remembered; bad notation is read (and refused) afresh every time.
_read_short = functools.lru_cache(maxsize=16_384)(_read)


def clear_cache() -> None:
    """Forget the short texts read so far (answers never depend on it; cold benchmarks use it).

    Examples:
        >>> clear_cache()
        >>> parse_pieces("r5 *")
        (Tile.parse('R5'), JOKER)
    """
    _read_short.cache_clear()


def parse_melds(text: str, *, rules: RuleSet | None = None) -> tuple[tuple[Piece, ...], ...]:
    """Read a table written as melds separated by ``|``.

    Empty melds between bars are an error; the empty string is a table with no melds.

    Raises:
        NotationError: a piece is bad or a meld between bars is empty.

    Examples:
        >>> format_melds(parse_melds("r1 r2 r3 | k7 b7 y7"))
        'R1 R2 R3 | K7 B7 Y7'
    """
    check_text(text)
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
