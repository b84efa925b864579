"""Pictures of pieces, melds, racks, tables, turns, results and games, as SVG text.

Every function returns a complete ``<svg>`` document as a string, built without any drawing
library, so it can be written to a file, embedded in HTML, or shown in Jupyter. Tiles, cards,
jokers, melds and tables, every result (a turn's report, the solver's answer, a meld-down, a
Gin hand, an Indian arrangement) and every referee state have a ``_repr_svg_`` that calls this
package, so a notebook shows them as pictures by themselves.

Pass ``rules`` where a picture should also *judge*: jokers then show what they stand for and an
invalid meld is outlined in red, its problems written under it in words. Without ``rules`` the
pieces are simply drawn as laid.

Examples:
    >>> from rummylib import RUMMIKUB, Meld, Tile, svg
    >>> picture = svg.piece(Tile.parse("r7"))
    >>> picture.startswith("<svg") and "<title>R7</title>" in picture
    True
    >>> drawn = svg.meld(Meld.parse("r5 r6 *"), rules=RUMMIKUB)
    >>> "<title>* = R7</title>" in drawn          # the joker shows the red 7 it stands for
    True
    >>> "run wraps past 13" in svg.meld("r12 r13 r1", rules=RUMMIKUB, labels=True)
    True
"""

from __future__ import annotations

from rummylib.svg._board import meld, problem_words, rack, table
from rummylib.svg._pieces import (
    CARD_BLACK,
    CARD_HEIGHT,
    CARD_RED,
    CARD_WIDTH,
    INVALID_INK,
    LAID_OFF_INK,
    MOVED_INK,
    PLAYED_INK,
    TILE_HEIGHT,
    TILE_INK,
    TILE_SHAPES,
    TILE_WIDTH,
    Mark,
    piece,
)
from rummylib.svg._results import (
    arrangement,
    contract,
    contract_plan,
    deadwood,
    declaration,
    gin_hand,
    meld_down,
)
from rummylib.svg._turns import solution, turn, turn_marks, turn_report
from rummylib.svg._views import view

__all__ = [
    "CARD_BLACK",
    "CARD_HEIGHT",
    "CARD_RED",
    "CARD_WIDTH",
    "INVALID_INK",
    "LAID_OFF_INK",
    "MOVED_INK",
    "PLAYED_INK",
    "TILE_HEIGHT",
    "TILE_INK",
    "TILE_SHAPES",
    "TILE_WIDTH",
    "Mark",
    "arrangement",
    "contract",
    "contract_plan",
    "deadwood",
    "declaration",
    "gin_hand",
    "meld",
    "meld_down",
    "piece",
    "problem_words",
    "rack",
    "solution",
    "table",
    "turn",
    "turn_marks",
    "turn_report",
    "view",
]
