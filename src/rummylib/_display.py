"""The display hook every value with a picture shares: Jupyter shows it as SVG.

`Drawable` is the one ``_repr_svg_`` of the package. It hands the value to the drawers' table of
`rummylib.svg` (the pictures sit above the values they draw, so the hook imports them when a
picture is first asked for: the one sanctioned late import of the core).

Examples:
    >>> from rummylib import Tile
    >>> isinstance(Tile.parse("r7"), Drawable) and Tile.parse("r7")._repr_svg_().startswith("<svg")
    True
"""

from __future__ import annotations

__all__ = ["Drawable"]


class Drawable:
    """A value Jupyter shows as its picture: tiles, cards, melds, tables, results and referee states.

    Which picture is `rummylib.svg`'s business: its table of drawers gives each class its drawer.

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
