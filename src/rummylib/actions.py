"""The actions every card game shares: drawing from the stock or the discard pile, and discarding.

Contract Rummy, Shanghai, Gin Rummy and Indian Rummy all take `DrawStock`, `DrawDiscard` and
`Discard`, defined once here; each game's ``actions`` module re-exports them, so
``rummylib.gin.DrawStock is rummylib.contracts.DrawStock``. Every action names the seat (from 0)
of the player doing it, and its class attribute ``kind`` is its name in JSON. Cards may be given
as notation: ``Discard(0, "7h")`` is the same action as ``Discard(0, Card.parse("7h"))``. Whether
an action is legal is for the referee of the game to judge (a Gin referee refuses to discard a
joker, which its pack does not hold).

Examples:
    >>> DrawStock(0).kind, DrawDiscard(1).kind, Discard(0, "7h").kind
    ('draw-stock', 'draw-discard', 'discard')
    >>> from rummylib.cards import Card
    >>> Discard(0, "7h") == Discard(0, Card.parse("7h"))
    True
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from rummylib import _inputs
from rummylib.notation import parse_piece
from rummylib.pieces import Piece, PieceLike

__all__ = ["Discard", "DrawDiscard", "DrawStock"]

_SEAT = _inputs.player  # a seat number, or a coded error (never attrs' own TypeError)


def _piece(value: PieceLike) -> Piece:
    return parse_piece(value) if isinstance(value, str) else value


@attrs.frozen
class DrawStock:
    """The player in turn draws the top card of the stock.

    In the contract games this refuses the upcard: if other players may buy it, the round first
    opens a buy window, and the draw happens when the window closes.

    Examples:
        >>> DrawStock(0)
        DrawStock(player=0)
    """

    kind: ClassVar[str] = "draw-stock"
    player: int = attrs.field(validator=_SEAT)
    """Seat of the player."""


@attrs.frozen
class DrawDiscard:
    """The player in turn takes the top card of the discard pile (the upcard).

    Examples:
        >>> DrawDiscard(2).player
        2
    """

    kind: ClassVar[str] = "draw-discard"
    player: int = attrs.field(validator=_SEAT)
    """Seat of the player."""


@attrs.frozen
class Discard:
    """The player in turn discards one card face up, ending the turn.

    ``card`` is any piece (notation is accepted): a joker in a game that has them, and in Gin Rummy,
    which has none, a refused action (``not-in-hand``).

    Examples:
        >>> Discard(0, "Kd")
        Discard(player=0, card=Card.parse('Kd'))
        >>> Discard(1, "*").card
        JOKER
    """

    kind: ClassVar[str] = "discard"
    player: int = attrs.field(validator=_SEAT)
    """Seat of the player."""
    card: Piece = attrs.field(converter=_piece)
    """The card discarded."""
