"""Private int encoding of a Rummikub position for the solver.

The search never touches `Tile` objects: a position becomes, per colour index and number, a
count of table tiles (which must all stay on the table) and a count of rack tiles (which may be
played), plus the jokers on each side. Everything here converts to and from that form.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from rummylib.pieces import Joker, Piece
from rummylib.rules import RuleSet
from rummylib.tiles import Color, Tile

__all__ = ["Encoded", "encode"]


@attrs.frozen
class Encoded:
    """A position as counts: ``table[c][v]`` and ``rack[c][v]`` for colour index c, number v."""

    colors: int
    """Number of colours in the box."""
    top: int
    """Highest tile number."""
    table: tuple[tuple[int, ...], ...]
    """Table tiles per colour and number (index 0 unused)."""
    rack: tuple[tuple[int, ...], ...]
    """Rack tiles per colour and number (index 0 unused)."""
    table_jokers: int
    """Jokers on the table (they must stay there)."""
    rack_jokers: int
    """Jokers on the rack (they may be played)."""


def encode(table: Iterable[Piece], rack: Iterable[Piece], *, rules: RuleSet) -> Encoded:
    """Count the tiles of a table and a rack per colour index and number.

    Both sides must already be checked to belong to the game.
    """
    index = {c: i for i, c in enumerate(rules.colors)}
    ncol, top = len(rules.colors), rules.max_number
    t, tj = _counts(table, index, ncol, top)
    r, rj = _counts(rack, index, ncol, top)
    return Encoded(ncol, top, t, r, tj, rj)


def _counts(
    pieces: Iterable[Piece], index: dict[Color, int], ncol: int, top: int
) -> tuple[tuple[tuple[int, ...], ...], int]:
    """The pieces' tiles per colour index and number, and their jokers."""
    grid = [[0] * (top + 1) for _ in range(ncol)]
    jokers = 0
    for p in pieces:
        if isinstance(p, Joker):
            jokers += 1
        else:
            assert isinstance(p, Tile)
            grid[index[p.color]][p.number] += 1
    return tuple(tuple(row) for row in grid), jokers
