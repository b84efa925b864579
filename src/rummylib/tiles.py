"""Rummikub-family tiles: a colour and a number.

Examples:
    >>> from rummylib import Tile, Color
    >>> t = Tile.parse("r5")
    >>> t, str(t), t.color is Color.RED, t.number
    (Tile.parse('R5'), 'R5', True, 5)
"""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING

import attrs

if TYPE_CHECKING:
    from rummylib.rules import RuleSet

__all__ = ["MAX_TILE_NUMBER", "STANDARD_COLORS", "Color", "Tile"]

MAX_TILE_NUMBER = 26
"""The highest number any tile may carry (extended boxes go up to 26; the standard box to 13)."""


class Color(StrEnum):
    """Tile colours; each value is the one-letter symbol used in notation.

    The standard box uses the first four. The others exist for extended rule sets (up to eight
    colours).

    Examples:
        >>> Color("R").name, [c.value for c in STANDARD_COLORS]
        ('RED', ['K', 'B', 'Y', 'R'])
    """

    BLACK = "K"
    """Black (``k``)."""
    BLUE = "B"
    """Blue (``b``)."""
    YELLOW = "Y"
    """Yellow, also called orange (``y``; ``o`` is read as yellow)."""
    RED = "R"
    """Red (``r``)."""
    GREEN = "G"
    """Green, for extended boxes (``g``)."""
    PURPLE = "P"
    """Purple, for extended boxes (``p``)."""
    CYAN = "C"
    """Cyan, for extended boxes (``c``)."""
    MAGENTA = "M"
    """Magenta, for extended boxes (``m``)."""

    @property
    def order(self) -> int:
        """Position of the colour in the canonical order (black, blue, yellow, red, ...)."""
        return _COLOR_ORDER[self]


STANDARD_COLORS: tuple[Color, ...] = (Color.BLACK, Color.BLUE, Color.YELLOW, Color.RED)
"""The four colours of the standard Rummikub box, in canonical order."""

_COLOR_ORDER = {c: i for i, c in enumerate(Color)}


@attrs.frozen(repr=False, cache_hash=True)
class Tile:
    """One numbered tile. Two equal tiles are equal values: duplicates are real.

    Examples:
        >>> Tile(Color.BLUE, 13) == Tile.parse("B13")
        True
        >>> sorted({Tile.parse("r5"), Tile.parse("R5")}, key=str)
        [Tile.parse('R5')]
    """

    color: Color = attrs.field(validator=attrs.validators.instance_of(Color))
    """The tile's colour."""
    number: int = attrs.field(
        validator=[attrs.validators.instance_of(int), attrs.validators.in_(range(1, MAX_TILE_NUMBER + 1))]
    )
    """The printed number, 1 to 13 in the standard box."""

    @classmethod
    def parse(cls, text: str, *, rules: RuleSet | None = None) -> Tile:
        """Read one tile from notation such as ``"r5"``, ``"K13"`` or ``"o7"`` (orange is yellow).

        Without ``rules`` the standard box is assumed (colours k b y r, numbers 1-13); pass a
        rule set to read tiles of an extended box.

        Raises:
            NotationError: the text is not a tile of that box.

        Examples:
            >>> Tile.parse(" o7 ")
            Tile.parse('Y7')
        """
        from rummylib.notation import parse_piece

        piece = parse_piece(text, rules=rules)
        if not isinstance(piece, Tile):
            from rummylib.errors import NotationError

            raise NotationError(f"{text.strip()!r} is not a tile", text=text)
        return piece

    def __str__(self) -> str:
        return f"{self.color.value}{self.number}"

    def __repr__(self) -> str:
        return f"Tile.parse({str(self)!r})"

    def _repr_svg_(self) -> str:
        """A picture of the tile, for Jupyter (see `rummylib.svg`)."""
        from rummylib import svg

        return svg.piece(self)
