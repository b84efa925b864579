"""The melds on a table, in the order the caller keeps them, for any game.

A `Table` is a value: melds separated by `` | `` in notation. `Table.of` reads a table from its
notation or from a sequence of melds (each a `Meld`, notation or pieces).

Examples:
    >>> t = Table.parse("r1 r2 r3 | k7 b7 y7")
    >>> str(t), len(t), str(t.pieces())
    ('R1 R2 R3 | K7 B7 Y7', 2, 'K7 B7 Y7 R1 R2 R3')
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import TypeAlias

import attrs

from rummylib import _inputs
from rummylib.cards import Card
from rummylib.errors import ErrorCode, InvalidPiecesError
from rummylib.melds import Meld, MeldLike, MeldReading, as_meld
from rummylib.notation import parse_melds
from rummylib.pieces import Joker, Piece, PieceCount
from rummylib.rules import RuleSet
from rummylib.tiles import Drawable, Tile

__all__ = ["MeldsLike", "Table", "TableLike"]


def _meld_tuple(melds: Iterable[MeldLike]) -> tuple[Meld, ...]:
    if isinstance(melds, tuple) and all(type(m) is Meld for m in melds):  # melds already read
        return melds
    return tuple(_melds(melds, None))


def _melds(table: object, rules: RuleSet | None) -> list[Meld]:
    """The melds of a sequence of meld-likes, each read by `as_meld` (naming it by its place).

    No more are read than a game has pieces (one past, to refuse an endless iterable); what cannot
    be read as a meld is refused with the forms a table may take (`rummylib._inputs.TABLE_FORMS`).
    """
    if isinstance(
        table, Meld | MeldReading | Tile | Card | Joker | PieceCount | bytes | bytearray | Mapping
    ) or not isinstance(table, Iterable):
        raise InvalidPiecesError(f"{_inputs.TABLE_FORMS}; not a {type(table).__name__}", code=ErrorCode.NOT_A_PIECE)
    limit = _inputs.MOST_PIECES if rules is None else rules.total_pieces
    items = _inputs.bounded(table, limit=limit, what="the table")
    try:
        return [
            m if type(m) is Meld else as_meld(m, rules=rules, what=f"meld {i + 1} of the table")
            for i, m in enumerate(items)
        ]
    except InvalidPiecesError as exc:
        if exc.code is not ErrorCode.NOT_A_PIECE:
            raise
        raise InvalidPiecesError(f"{exc.message}; {_inputs.TABLE_FORMS}", code=exc.code) from None


@attrs.frozen(repr=False)
class Table(Drawable):
    """The sets on the table, in the order the caller keeps them.

    ``str`` writes the canonical notation, sets separated by `` | ``.

    Examples:
        >>> t = Table.parse("r1 r2 r3 | k7 b7 y7")
        >>> str(t), len(t), str(t.pieces())
        ('R1 R2 R3 | K7 B7 Y7', 2, 'K7 B7 Y7 R1 R2 R3')
        >>> t
        Table.parse('R1 R2 R3 | K7 B7 Y7')
        >>> Table.parse("") == Table()
        True
    """

    melds: tuple[Meld, ...] = attrs.field(default=(), converter=_meld_tuple)
    """The sets, in table order."""

    @classmethod
    def parse(cls, text: str, *, rules: RuleSet | None = None) -> Table:
        """Read a table written as sets separated by ``|`` (the empty string is an empty table).

        With ``rules``, every piece must belong to that game.

        Raises:
            NotationError: a piece is bad, or a set between bars is empty.

        Examples:
            >>> Table.parse("r5 r6 * | b2 k2 y2").melds[0]
            Meld.parse('R5 R6 *')
        """
        return cls(Meld(m) for m in parse_melds(text, rules=rules))

    @classmethod
    def of(cls, table: MeldsLike, *, rules: RuleSet | None = None) -> Table:
        """A `Table` from a table, its ``|`` notation, or a sequence of melds.

        Each meld of a sequence may be a `Meld`, a `MeldReading`, notation, or a sequence of
        pieces or of their notation (read by `rummylib.melds.as_meld`). With ``rules``, notation
        must be pieces of that game. What cannot be read is refused with the forms a table may take.

        Raises:
            NotationError: bad notation.
            InvalidPiecesError: something that is not a piece, a meld or a table (code
                ``not-a-piece``).
            LimitExceededError: a meld longer than any game allows.

        Examples:
            >>> str(Table.of(["r1 r2 r3", ["k7", "b7", "y7"]]))
            'R1 R2 R3 | K7 B7 Y7'
            >>> Table.of(["r1 r2 r3", 5])  # doctest: +ELLIPSIS
            Traceback (most recent call last):
            ...
            rummylib.errors.InvalidPiecesError: meld 2 of the table must be a Meld, ..., not int; a table is ...
        """
        if isinstance(table, Table):
            return table
        if isinstance(table, str):
            return cls.parse(table, rules=rules)
        return cls(tuple(_melds(table, rules)))

    def pieces(self) -> PieceCount:
        """Every piece on the table, as a multiset.

        Examples:
            >>> Table.parse("r1 r2 r3 | r1 b1 k1").pieces().count(Tile.parse("r1"))
            2
        """
        return PieceCount.of(p for m in self.melds for p in m.pieces)

    def to_json(self) -> list[str]:
        """The sets as a list of notation strings.

        Examples:
            >>> Table.parse("r1 r2 r3 | *  k7 b7").to_json()
            ['R1 R2 R3', '* K7 B7']
        """
        return [str(m) for m in self.melds]

    def __str__(self) -> str:
        return " | ".join(str(m) for m in self.melds)

    def __repr__(self) -> str:
        return f"Table.parse({str(self)!r})"

    def __len__(self) -> int:
        return len(self.melds)

    def __iter__(self) -> Iterator[Meld]:
        return iter(self.melds)


MeldsLike: TypeAlias = Table | str | Iterable[MeldLike]
"""Melds: a `Table`, its ``|`` notation (``"7h 7s 7d | 4c 5c 6c"``), or a sequence of melds (each a
`Meld`, notation or pieces); accepted wherever several melds are expected."""

TableLike: TypeAlias = Table | str | PieceCount | Sequence[MeldLike] | Sequence[Piece]
"""A table: a `Table`, notation (melds separated by ``|``), a sequence of melds, or just its tiles
(a `PieceCount` or a flat sequence of pieces), as the Rummikub solver reads it."""
