"""The drawers' table: which picture of `rummylib.svg` each value with a ``_repr_svg_`` shows.

`rummylib.tiles.Drawable._repr_svg_` calls `draw`, which finds the value's class (or the
nearest base class listed: every referee state is a `RefereeBase`) in `DRAWERS`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rummylib.cards import Card
from rummylib.contracts import ContractPlan, MeldDown
from rummylib.gin import DeadwoodResult, GinHandResult
from rummylib.indian import IndianArrangement
from rummylib.melds import Meld, MeldReading
from rummylib.pieces import Joker, PieceCount
from rummylib.referee import Referee, RefereeBase
from rummylib.rummikub.solver import Solution
from rummylib.rummikub.turns import TurnReport
from rummylib.svg._board import meld, rack, table
from rummylib.svg._pieces import piece
from rummylib.svg._results import arrangement, contract_plan, deadwood, gin_hand, meld_down
from rummylib.svg._turns import solution, turn_report
from rummylib.svg._views import view
from rummylib.table import Table
from rummylib.tiles import Tile

__all__ = ["DRAWERS", "draw"]


def _state(state: Referee) -> str:
    """A referee state seen by the seat to move (seat 0 once over)."""
    seat = state.to_move
    return view(state.view(0 if seat is None else seat), rules=state.rules)


DRAWERS: dict[type, Callable[[Any], str]] = {
    Tile: piece,
    Card: piece,
    Joker: piece,
    PieceCount: rack,
    Meld: meld,
    MeldReading: meld,
    Table: lambda t: table(t.melds),
    TurnReport: turn_report,
    Solution: solution,
    MeldDown: meld_down,
    ContractPlan: contract_plan,
    DeadwoodResult: deadwood,
    GinHandResult: gin_hand,
    IndianArrangement: arrangement,
    RefereeBase: _state,
}
"""Each drawable class with its drawer; a class not listed is drawn as its nearest listed base."""


def draw(value: object) -> str:
    """The picture Jupyter shows of ``value``: the drawer of its class, or of its nearest listed base.

    Examples:
        >>> from rummylib import Card
        >>> "<title>" in draw(Card.parse("10h"))
        True
    """
    for kind in type(value).__mro__:
        drawer = DRAWERS.get(kind)
        if drawer is not None:
            return drawer(value)
    raise TypeError(f"rummylib.svg has no picture of {type(value).__name__}")
