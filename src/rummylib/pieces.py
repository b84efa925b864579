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
from collections.abc import Iterable, Iterator
from enum import StrEnum
from typing import TypeAlias

import attrs

from rummylib.cards import Card
from rummylib.tiles import Tile

__all__ = ["JOKER", "Family", "Joker", "Piece", "PieceCount", "format_pieces", "piece_sort_key"]


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
class Joker:
    """A joker, tile or card. What it stands for belongs to a meld's reading, not to the joker.

    Examples:
        >>> Joker() == JOKER, str(JOKER), repr(JOKER)
        (True, '*', 'JOKER')
    """

    def __str__(self) -> str:
        return "*"

    def __repr__(self) -> str:
        return "JOKER"

    def _repr_svg_(self) -> str:
        """A picture of the joker (as a tile), for Jupyter (see `rummylib.svg`)."""
        from rummylib import svg

        return svg.piece(self)


JOKER = Joker()
"""The joker. All jokers are equal values; count them with `PieceCount`."""

Piece: TypeAlias = Tile | Card | Joker
"""Anything that can lie on a rack or a table: a tile, a card or a joker."""


def piece_sort_key(piece: Piece) -> tuple[int, int, int]:
    """A sort key giving the canonical display order.

    Tiles by colour then number, cards by suit then rank, jokers last.

    Examples:
        >>> from rummylib import parse_pieces
        >>> format_pieces(sorted(parse_pieces("* r5 k7 k2"), key=piece_sort_key))
        'K2 K7 R5 *'
    """
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
    return " ".join(str(p) for p in pieces)


def _counts_converter(items: Iterable[tuple[Piece, int]]) -> tuple[tuple[Piece, int], ...]:
    merged: Counter[Piece] = Counter()
    for piece, n in items:
        if not isinstance(n, int) or n < 0:
            raise TypeError(f"count of {piece} must be a non-negative int, not {n!r}")
        merged[piece] += n
    return tuple(sorted(((p, n) for p, n in merged.items() if n), key=lambda pn: piece_sort_key(pn[0])))


@attrs.frozen(repr=False)
class PieceCount:
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
    def of(cls, pieces: Iterable[Piece]) -> PieceCount:
        """Count the given pieces.

        Examples:
            >>> from rummylib import parse_pieces
            >>> PieceCount.of(parse_pieces("* *")).count(JOKER)
            2
        """
        return cls(tuple(Counter(pieces).items()))

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
        return PieceCount(self.items + other.items)

    def __sub__(self, other: PieceCount) -> PieceCount:
        if not isinstance(other, PieceCount):
            return NotImplemented
        left = self.counter()
        left.subtract(other.counter())
        return PieceCount(tuple((p, n) for p, n in left.items() if n > 0))

    def __le__(self, other: PieceCount) -> bool:
        if not isinstance(other, PieceCount):
            return NotImplemented
        mine = self.counter()
        theirs = other.counter()
        return all(theirs[p] >= n for p, n in mine.items())

    def __str__(self) -> str:
        return format_pieces(self)

    def __repr__(self) -> str:
        return f"PieceCount.of(parse_pieces({str(self)!r}))"

    def _repr_svg_(self) -> str:
        """A picture of the pieces as a rack, for Jupyter."""
        from rummylib import svg

        return svg.rack(self)
