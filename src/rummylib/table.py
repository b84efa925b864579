"""The melds on a table, in the order the caller keeps them, for any game.

A `Table` is a value: melds separated by `` | `` in notation. `Table.of` reads a table from its
notation or from a sequence of melds (each a `Meld`, notation or pieces).

Examples:
    >>> t = Table.parse("r1 r2 r3 | k7 b7 y7")
    >>> str(t), len(t), str(t.pieces())
    ('R1 R2 R3 | K7 B7 Y7', 2, 'K7 B7 Y7 R1 R2 R3')
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import TypeAlias

import attrs

from rummylib.cards import Card
from rummylib.errors import ErrorCode, InvalidPiecesError
from rummylib.melds import Meld, MeldLike, as_meld
from rummylib.notation import parse_melds
from rummylib.pieces import Joker, PieceCount
from rummylib.rules import RuleSet
from rummylib.tiles import Tile

__all__ = ["Table", "TableLike"]


def _meld_tuple(melds: Iterable[MeldLike]) -> tuple[Meld, ...]:
    out = []
    for m in melds:
        if isinstance(m, Meld):
            out.append(m)
        elif isinstance(m, str | list | tuple):
            out.append(as_meld(m))
        else:
            raise TypeError(f"a table holds melds, not {type(m).__name__}")
    return tuple(out)


@attrs.frozen(repr=False)
class Table:
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
    def of(cls, table: TableLike, *, rules: RuleSet | None = None) -> Table:
        """A `Table` from a table, its ``|`` notation, or a sequence of melds.

        Each meld of a sequence may be a `Meld`, notation, or a sequence of pieces.

        Raises:
            NotationError: bad notation.
            InvalidPiecesError: something that is not a piece (code ``not-a-piece``).

        Examples:
            >>> str(Table.of(["r1 r2 r3", "k7 b7 y7"]))
            'R1 R2 R3 | K7 B7 Y7'
        """
        if isinstance(table, Table):
            return table
        if isinstance(table, str):
            return cls.parse(table, rules=rules)
        if not isinstance(table, Sequence):
            raise InvalidPiecesError(
                f"a table is a Table, notation, or a sequence of melds, not {type(table).__name__}",
                code=ErrorCode.NOT_A_PIECE,
            )
        melds = []
        for i, item in enumerate(table):
            if isinstance(item, Meld):
                melds.append(item)
            elif isinstance(item, str):
                melds.append(Meld.parse(item, rules=rules))
            elif isinstance(item, list | tuple):
                bad = [p for p in item if not _is_piece(p)]
                if bad:
                    raise InvalidPiecesError(
                        f"set {i + 1} holds {bad[0]!r}, which is not a piece", code=ErrorCode.NOT_A_PIECE
                    )
                melds.append(Meld(item))
            else:
                raise InvalidPiecesError(
                    f"set {i + 1} is {type(item).__name__}, not a meld, notation or a sequence of pieces",
                    code=ErrorCode.NOT_A_PIECE,
                )
        return cls(melds)

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

    def _repr_svg_(self) -> str:
        """A picture of the table, for Jupyter (see `rummylib.svg`)."""
        from rummylib import svg  # noqa: PLC0415 - display hook: pictures sit above the table

        return svg.table(self.melds)

    def __len__(self) -> int:
        return len(self.melds)

    def __iter__(self) -> Iterator[Meld]:
        return iter(self.melds)


TableLike: TypeAlias = Table | str | Sequence[MeldLike]
"""A `Table`, its ``|`` notation, or a sequence of melds (each a `Meld`, notation or pieces)."""


def _is_piece(p: object) -> bool:
    return isinstance(p, Tile | Card | Joker)
