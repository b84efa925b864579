"""Rummikub-family tiles: a colour and a number.

Examples:
    >>> from rummylib import Tile, Color
    >>> t = Tile.parse("r5")
    >>> t, str(t), t.color is Color.RED, t.number
    (Tile.parse('R5'), 'R5', True, 5)
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

import attrs

from rummylib._tokens import COLOR_LETTERS, TILE_RE
from rummylib.errors import ErrorCode, InvalidPiecesError, NotationError

__all__ = ["MAX_TILE_NUMBER", "STANDARD_COLORS", "Color", "Tile", "read_tile"]

MAX_TILE_NUMBER = 26
"""The highest number any tile may carry (extended boxes go up to 26; the standard box to 13)."""


class Drawable:
    """A value Jupyter shows as its picture: tiles, cards, melds, tables, results and referee states.

    Its ``_repr_svg_`` is the one display hook of the package: it hands the value to the drawers'
    table of `rummylib.svg`, imported when a picture is first asked for (pictures sit above the
    values they draw). It lives here, beside the lowest values, so that every value shares it
    without a module of its own to load.

    Examples:
        >>> from rummylib import Meld
        >>> "<svg" in Meld.parse("r1 r2 r3")._repr_svg_()
        True
    """

    __slots__ = ()

    def _repr_svg_(self) -> str:
        """A picture of the value, for Jupyter (see `rummylib.svg`)."""
        from rummylib.svg._drawers import draw  # noqa: PLC0415 - the display hook: pictures sit above the values

        return draw(self)


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

    order: int
    """Position of the colour in the canonical order (black 0, blue 1, yellow 2, red 3, ...)."""


def _number_the_colors() -> None:
    # in a function, not the enum's __init__, so that the module also compiles with mypyc
    for order, color in enumerate(Color):
        color.order = order


_number_the_colors()

STANDARD_COLORS: tuple[Color, ...] = (Color.BLACK, Color.BLUE, Color.YELLOW, Color.RED)
"""The four colours of the standard Rummikub box, in canonical order."""

_ALL_LETTERS = " ".join(c.value for c in Color)


def _color(value: Color | str) -> Color:
    """A tile's colour from a `Color` or its letter (``"r"``, ``"R"``; ``"o"`` is yellow)."""
    if type(value) is Color:
        return value
    if isinstance(value, str) and value.lower() in COLOR_LETTERS:
        return Color(COLOR_LETTERS[value.lower()])
    raise InvalidPiecesError(f"a tile's colour is one of {_ALL_LETTERS}, not {value!r}", code=ErrorCode.NOT_A_PIECE)


def _number(instance: object, attribute: object, value: int) -> None:
    if type(value) is not int or not 1 <= value <= MAX_TILE_NUMBER:
        raise InvalidPiecesError(
            f"a tile's number is a whole number from 1 to {MAX_TILE_NUMBER}, not {value!r}",
            code=ErrorCode.NOT_A_PIECE,
        )


@attrs.frozen(repr=False, cache_hash=True)
class Tile(Drawable):
    """One numbered tile. Two equal tiles are equal values: duplicates are real.

    The colour may be given as its letter: ``Tile("r", 5)`` is ``Tile(Color.RED, 5)``.

    Raises:
        InvalidPiecesError: a colour or number no tile has (code ``not-a-piece``).

    Examples:
        >>> Tile(Color.BLUE, 13) == Tile.parse("B13") == Tile("b", 13)
        True
        >>> sorted({Tile.parse("r5"), Tile.parse("R5")}, key=str)
        [Tile.parse('R5')]
        >>> Tile("x", 5)
        Traceback (most recent call last):
        ...
        rummylib.errors.InvalidPiecesError: a tile's colour is one of K B Y R G P C M, not 'x'
    """

    color: Color = attrs.field(converter=_color)
    """The tile's colour."""
    number: int = attrs.field(validator=_number)
    """The printed number, 1 to 13 in the standard box."""

    @classmethod
    def parse(cls, text: str) -> Tile:
        """Read one tile of the standard box from notation such as ``"r5"``, ``"K13"`` or ``"o7"``.

        Orange (``o``) is read as yellow. Tiles of an extended box are read with
        `rummylib.notation.parse_piece` and that box's rule set.

        Raises:
            NotationError: the text is not one tile of the standard box.

        Examples:
            >>> Tile.parse(" o7 ")
            Tile.parse('Y7')
            >>> Tile.parse("r14")
            Traceback (most recent call last):
            ...
            rummylib.errors.NotationError: 'r14' is not a tile: numbers run from 1 to 13
        """
        if not isinstance(text, str):
            raise TypeError(f"notation must be a str, not {type(text).__name__}")
        token = text.strip()
        tile = read_tile(token)
        if tile is None:
            raise NotationError(f"{token[:40]!r} is not a tile", text=text)
        return tile

    def __str__(self) -> str:
        return f"{self.color.value}{self.number}"

    def __repr__(self) -> str:
        return f"Tile.parse({str(self)!r})"


def read_tile(token: str, *, colors: Sequence[Color] = STANDARD_COLORS, max_number: int = 13) -> Tile | None:
    """The tile a single token writes, in a box of ``colors`` and numbers up to ``max_number``.

    ``None`` when the token is not written like a tile at all (a card, a joker, a stray word), so
    that a reader can try other kinds of piece.

    Raises:
        NotationError: the token is written like a tile, but the box has no such tile.

    Examples:
        >>> read_tile("R5"), read_tile("10h")
        (Tile.parse('R5'), None)
        >>> read_tile("g5", colors=(Color.RED, Color.GREEN), max_number=20)
        Tile.parse('G5')
    """
    m = TILE_RE.fullmatch(token.lower())
    if m is None or m.group(1) not in COLOR_LETTERS:
        return None
    color = Color(COLOR_LETTERS[m.group(1)])
    digits = m.group(2)
    number = int(digits) if len(digits) <= 3 else 10**3
    if not 1 <= number <= max_number:
        raise NotationError(f"{token!r} is not a tile: numbers run from 1 to {max_number}", text=token)
    if color not in colors:
        letters = " ".join(c.value for c in colors)
        raise NotationError(f"{token!r} is not a tile of this box: its colours are {letters}", text=token)
    return Tile(color, number)
