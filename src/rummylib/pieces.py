"""Jokers, the ``Piece`` alias, and ``PieceCount``, the multiset of pieces.

A rack, a hand or a table is a multiset: two ``R5`` are two tiles. ``PieceCount`` keeps counts,
never a Python ``set``, so no second copy is ever lost.

Examples:
    >>> from rummylib import PieceCount, parse_pieces
    >>> rack = PieceCount.of(parse_pieces("r5 r5 * k3"))
    >>> len(rack), rack.count(parse_pieces("r5")[0]), str(rack)
    (4, 2, 'K3 R5 R5 *')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from enum import StrEnum
from typing import TypeAlias, TypeVar

import attrs

from rummylib._tokens import EXPECTED, check_text, split
from rummylib.cards import Card, read_card
from rummylib.errors import ErrorCode, InvalidPiecesError, NotationError
from rummylib.tiles import STANDARD_COLORS, Color, Drawable, Tile, read_tile

__all__ = [
    "JOKER",
    "Family",
    "Joker",
    "Piece",
    "PieceCount",
    "PieceLike",
    "PiecesLike",
    "format_pieces",
    "piece_sort_key",
    "read_piece",
    "read_pieces",
]


class Family(StrEnum):
    """The two families of pieces a game can be played with.

    Examples:
        >>> Family("tiles") is Family.TILES
        True
    """

    TILES = "tiles"
    """Numbered tiles in colours (Rummikub)."""
    CARDS = "cards"
    """Playing cards in suits (Contract Rummy, Shanghai, Gin Rummy, Indian Rummy)."""


@attrs.frozen(repr=False)
class Joker(Drawable):
    """A joker, tile or card. What it stands for belongs to a meld's reading, not to the joker.

    Examples:
        >>> Joker() == JOKER, str(JOKER), repr(JOKER)
        (True, '*', 'JOKER')
    """

    def __str__(self) -> str:
        return "*"

    def __repr__(self) -> str:
        return "JOKER"


JOKER = Joker()
"""The joker. All jokers are equal values; count them with `PieceCount`."""

Piece: TypeAlias = Tile | Card | Joker
"""Anything that can lie on a rack or a table: a tile, a card or a joker."""

PieceLike: TypeAlias = Piece | str
"""One piece: a `Piece`, or its notation (``"r5"``, ``"10h"``, ``"*"``); accepted wherever one piece is."""

_T = TypeVar("_T")


def piece_sort_key(piece: Piece) -> tuple[int, int, int]:
    """A sort key giving the canonical display order.

    Tiles by colour then number, cards by suit then rank, jokers last.

    Examples:
        >>> from rummylib import parse_pieces
        >>> format_pieces(sorted(parse_pieces("* r5 k7 k2"), key=piece_sort_key))
        'K2 K7 R5 *'
    """
    try:
        return _SORT_KEYS[piece]
    except TypeError:  # not hashable: not a piece either
        return _sort_key(piece)


def _sort_key(piece: Piece) -> tuple[int, int, int]:
    if isinstance(piece, Tile):
        return (0, piece.color.order, piece.number)
    if isinstance(piece, Card):
        return (1, piece.suit.order, int(piece.rank))
    return (2, 0, 0)


def format_pieces(pieces: Iterable[Piece]) -> str:
    """Write pieces in canonical notation, separated by single spaces, in the order given.

    Examples:
        >>> from rummylib import parse_pieces
        >>> format_pieces(parse_pieces("r5,  *"))
        'R5 *'
    """
    items = tuple(pieces)
    try:
        return " ".join(map(_TEXTS.__getitem__, items))
    except TypeError:  # something unhashable among them: written as it is
        return " ".join(str(p) for p in items)


class _PieceCache(dict[Piece, _T]):
    """A cache of one fact about each piece (its notation, its sort key), computed on first use.

    A game knows a few hundred distinct pieces at most, and they are immutable values, so the
    facts are computed once per piece instead of once per use (saves and answers write thousands
    of pieces). Only real pieces are kept, and at most `_PIECE_CACHE_SIZE` of them.
    """

    def __init__(self, compute: Callable[[Piece], _T]) -> None:
        super().__init__()
        self.compute = compute

    def __missing__(self, piece: Piece) -> _T:
        found = self.compute(piece)
        if type(piece) in _PIECE_TYPES and len(self) < _PIECE_CACHE_SIZE:
            self[piece] = found
        return found


_PIECE_CACHE_SIZE = 4096
"""The most pieces a `_PieceCache` keeps (far more than any box holds)."""

_PIECE_TYPES = frozenset({Tile, Card, Joker})
_TEXTS: _PieceCache[str] = _PieceCache(str)
"""The notation of each piece written so far."""
_SORT_KEYS: _PieceCache[tuple[int, int, int]] = _PieceCache(_sort_key)
"""The sort key (`piece_sort_key`) of each piece sorted so far."""


def read_piece(token: str, *, colors: Sequence[Color] = STANDARD_COLORS, max_number: int = 13) -> Piece:
    """The piece one token writes: a joker ``*``, a tile of the box, or a card.

    Raises:
        NotationError: the token is no piece (or a tile the box does not have).

    Examples:
        >>> read_piece("*"), read_piece("o7"), read_piece("Th")
        (JOKER, Tile.parse('Y7'), Card.parse('10h'))
    """
    if token == "*":
        return JOKER
    tile = read_tile(token, colors=colors, max_number=max_number)
    if tile is not None:
        return tile
    card = read_card(token)
    if card is not None:
        return card
    raise NotationError(f"{token!r} is not a piece: {EXPECTED}", text=token)


def read_pieces(
    text: str,
    *,
    colors: Sequence[Color] = STANDARD_COLORS,
    max_number: int = 13,
    check: Callable[[Piece, str], object] | None = None,
) -> tuple[Piece, ...]:
    """The pieces of ``text``, separated by spaces and/or commas, in order and with duplicates.

    This is the reader behind every piece of notation; `rummylib.notation.parse_pieces` calls it
    with a rule set's box, and ``check`` (a rule set's ``check_piece``) refuses pieces the game
    does not have. Blank text reads as no pieces; tiles and cards may not be mixed.

    Raises:
        NotationError: a token is not a piece (the message says which), or tiles and cards are
            mixed.
        LimitExceededError: the text is longer than ``MAX_TEXT_LENGTH``.

    Examples:
        >>> read_pieces("r5 r5,*")
        (Tile.parse('R5'), Tile.parse('R5'), JOKER)
        >>> read_pieces("r5 x9")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        rummylib.errors.NotationError: 'x9' is not a piece: expected a tile like 'r5', ... (token 2 of 'r5 x9')
    """
    check_text(text)
    tokens = split(text)
    out: list[Piece] = []
    known = _box_reads(colors, max_number)
    for i, token in enumerate(tokens):
        try:
            piece = known.get(token)
            if piece is None:
                piece = read_piece(token, colors=colors, max_number=max_number)
                if len(known) < _PIECE_CACHE_SIZE and len(_INTERNED) < _PIECE_CACHE_SIZE:
                    piece = known[token] = _INTERNED.setdefault(piece, piece)
            if check is not None:
                check(piece, token)
        except NotationError as exc:
            where = f" (token {i + 1} of {text.strip()!r})" if len(tokens) > 1 else ""  # not the spaces around
            raise NotationError(f"{exc.message}{where}", text=text, column=text.find(token)) from None
        out.append(piece)
    kinds = {type(p) for p in out if p is not JOKER}
    if len(kinds) > 1:
        raise NotationError(f"{text!r} mixes tiles and cards", text=text)
    return tuple(out)


def _box_reads(colors: Sequence[Color], max_number: int) -> dict[str, Piece]:
    """The pieces read so far in a box of these colours and numbers, by token (a cache).

    Tokens are read once: the same token gives the same piece, one object for each distinct
    piece (`_INTERNED`), so that counting and comparing pieces finds them by identity. Only
    tokens that read as pieces are kept, at most `_PIECE_CACHE_SIZE` per box, for `_BOXES_KEPT` boxes.
    """
    try:
        key = (tuple(colors), max_number)
        found = _READS.get(key)
    except TypeError:  # not a box that can be remembered: a fresh cache, used once
        return {}
    if found is None:
        found = {}
        if len(_READS) < _BOXES_KEPT:
            _READS[key] = found
    return found


_BOXES_KEPT = 16
"""The most boxes (colours and numbers) whose reads `_box_reads` keeps."""
_READS: dict[tuple[tuple[Color, ...], int], dict[str, Piece]] = {}
"""The cache of `_box_reads`, by box."""
_INTERNED: dict[Piece, Piece] = {}
"""One object for each distinct piece read from notation."""


def _interned(pieces: Iterable[Piece]) -> tuple[Piece, ...]:
    """The same pieces, each as the one object notation reads it as (`_INTERNED`), in order.

    Pieces built in code (a deck) and pieces read from notation are then the same objects, which
    counting and comparing find by identity.
    """
    room = len(_INTERNED) < _PIECE_CACHE_SIZE
    return tuple(_INTERNED.setdefault(p, p) if room and type(p) in _PIECE_TYPES else p for p in pieces)


def _check_piece(p: object) -> None:
    if not isinstance(p, Tile | Card | Joker):
        raise InvalidPiecesError(f"{p!r} is not a piece", code=ErrorCode.NOT_A_PIECE)


_INT_TYPES = frozenset({int, bool})


def _counts_converter(items: Iterable[tuple[Piece, int]]) -> tuple[tuple[Piece, int], ...]:
    pairs = tuple(items)
    merged: dict[Piece, int] = dict(pairs)
    counts = merged.values()
    if len(merged) != len(pairs) or not _INT_TYPES.issuperset(map(type, counts)) or min(counts, default=0) < 0:
        # repeated pieces to add up, or a count to refuse: one pair at a time
        merged = {}
        for piece, n in pairs:
            if not isinstance(n, int) or n < 0:
                raise TypeError(f"count of {piece} must be a non-negative int, not {n!r}")
            merged[piece] = merged.get(piece, 0) + n
    order = sorted((p for p, n in merged.items() if n), key=_SORT_KEYS.__getitem__)
    return tuple((p, merged[p]) for p in order)


@attrs.frozen(repr=False)
class PieceCount(Drawable):
    """An immutable multiset of pieces (a rack, a hand, the tiles of a table).

    Supports ``+`` (union of counts), ``-`` (difference, never below zero), ``<=`` (is contained
    in), ``len`` (total pieces), iteration (every copy, canonical order) and ``count``.

    Examples:
        >>> from rummylib import parse_pieces
        >>> a = PieceCount.of(parse_pieces("r5 r5 k1"))
        >>> b = PieceCount.of(parse_pieces("r5"))
        >>> str(a - b), b <= a, a <= b, len(a + b)
        ('K1 R5', True, False, 4)
    """

    items: tuple[tuple[Piece, int], ...] = attrs.field(converter=_counts_converter, default=())
    """``(piece, count)`` pairs in canonical order, every count positive."""

    @classmethod
    def of(cls, pieces: Iterable[Piece] | str) -> PieceCount:
        """Count the given pieces, or the pieces written in notation.

        Raises:
            NotationError: bad notation.
            InvalidPiecesError: something that is not a piece (code ``not-a-piece``).

        Examples:
            >>> PieceCount.of("r5 r5 k1").count(Tile.parse("r5")), len(PieceCount.of("r5 r5 k1"))
            (2, 3)
            >>> PieceCount.of([JOKER, JOKER]).count(JOKER)
            2
        """
        if isinstance(pieces, str):
            pieces = read_pieces(pieces)
        items = tuple(pieces)
        try:
            counts = Counter(items)
        except TypeError:  # something unhashable among them: name it
            for p in items:
                _check_piece(p)
            raise  # pragma: no cover - an unhashable item is never a piece
        for p in counts:
            if type(p) not in _PIECE_TYPES:
                _check_piece(p)
        return cls(tuple(counts.items()))

    def counter(self) -> Counter[Piece]:
        """A fresh, mutable ``collections.Counter`` copy of the counts."""
        return Counter(dict(self.items))

    def count(self, piece: Piece) -> int:
        """How many copies of ``piece`` the multiset holds."""
        for p, n in self.items:
            if p == piece:
                return n
        return 0

    def distinct(self) -> tuple[Piece, ...]:
        """Each piece once, in canonical order."""
        return tuple(p for p, _ in self.items)

    def __iter__(self) -> Iterator[Piece]:
        for p, n in self.items:
            for _ in range(n):
                yield p

    def __len__(self) -> int:
        return sum(n for _, n in self.items)

    def __bool__(self) -> bool:
        return bool(self.items)

    def __contains__(self, piece: object) -> bool:
        return any(p == piece for p, _ in self.items)

    def __add__(self, other: PieceCount) -> PieceCount:
        if not isinstance(other, PieceCount):
            return NotImplemented
        merged = dict(self.items)
        for p, n in other.items:
            merged[p] = merged.get(p, 0) + n
        return PieceCount(tuple(merged.items()))

    def __sub__(self, other: PieceCount) -> PieceCount:
        if not isinstance(other, PieceCount):
            return NotImplemented
        taken = dict(other.items)
        return PieceCount(tuple((p, n - taken.get(p, 0)) for p, n in self.items if n > taken.get(p, 0)))

    def __le__(self, other: PieceCount) -> bool:
        if not isinstance(other, PieceCount):
            return NotImplemented
        theirs = dict(other.items)
        return all(theirs.get(p, 0) >= n for p, n in self.items)

    def __str__(self) -> str:
        return format_pieces(self)

    def __repr__(self) -> str:
        return f"PieceCount.of(parse_pieces({str(self)!r}))"


PiecesLike: TypeAlias = str | Piece | PieceCount | Iterable[Piece]
"""Pieces: notation (``"7h 7s *"``), one piece, a `PieceCount`, or any iterable of pieces (a `Meld`
too); accepted wherever a rack, a hand or some cards are expected."""
