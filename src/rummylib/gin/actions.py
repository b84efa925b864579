"""The actions of the Gin Rummy referees, where a hand stands (`GinPhase`) and what a player sees (`GinView`).

The actions are `DrawStock`, `DrawDiscard`, `Discard` and `Knock` (`GinAction` is any of them);
the referees that take them are `rummylib.gin.hand.GinHand` and `rummylib.gin.game.GinGame`.

Examples:
    >>> Knock(1, "Kd").kind, GinPhase.DRAW.value
    ('knock', 'draw')
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, ClassVar, TypeAlias

import attrs

from rummylib import _inputs
from rummylib.actions import Discard, DrawDiscard, DrawStock
from rummylib.cards import Card
from rummylib.gin.scoring import GinHandResult
from rummylib.pieces import format_pieces

__all__ = ["Discard", "DrawDiscard", "DrawStock", "GinAction", "GinPhase", "GinView", "Knock"]

_SEAT = _inputs.player  # a seat number, or a coded error (never attrs' own TypeError)


def _card(value: Card | str) -> Card:
    if isinstance(value, str):
        return Card.parse(value)
    return value


def _maybe_card(value: Card | str | None) -> Card | None:
    return None if value is None else _card(value)


@attrs.frozen
class Knock:
    """The player in turn discards ``card`` face down and knocks, ending the hand.

    With ``card=None`` the player lays down all 11 cards: big gin.

    Examples:
        >>> Knock(1, "Kd").card, Knock(1).card is None
        (Card.parse('Kd'), True)
    """

    kind: ClassVar[str] = "knock"
    player: int = attrs.field(validator=_SEAT)
    """Seat of the player (0 or 1)."""
    card: Card | None = attrs.field(default=None, converter=_maybe_card)
    """The card discarded before knocking, or ``None`` for big gin."""


GinAction: TypeAlias = DrawStock | DrawDiscard | Discard | Knock
"""Any action of the Gin referees."""

ACTIONS: tuple[type, ...] = (DrawStock, DrawDiscard, Discard, Knock)
"""The action classes of the Gin referees."""


class GinPhase(StrEnum):
    """Where a Gin hand stands.

    Examples:
        >>> GinPhase("discard") is GinPhase.DISCARD
        True
    """

    DRAW = "draw"
    """The player in turn must draw (stock or discard pile)."""
    DISCARD = "discard"
    """The player in turn holds 11 cards and must discard or knock."""
    OVER = "over"
    """The hand is over: knocked (see `GinHand.round_result`) or a draw."""


@attrs.frozen
class GinView:
    """What one player may know of a Gin hand, and nothing more.

    Their own hand; the other hand's size and the cards of it both players have seen go into it
    (`known`: cards taken from the discard pile and not discarded since); the discard pile; the
    stock's size; whose turn it is. Once the hand is over by a knock, both hands are laid down and
    shown. The keys shared by every game's view are `rummylib.referee.View`'s.

    Examples:
        >>> from rummylib import GIN_RUMMY
        >>> from rummylib.gin import GinHand
        >>> v = GinHand.deal(rules=GIN_RUMMY, seed=7).view(0)
        >>> len(v.hand), v.hand_sizes, v.stock_size, str(v.first_upcard), v.is_over
        (10, (10, 10), 31, '9d', False)
    """

    viewer: int
    """The seat whose view this is."""
    dealer: int
    """The dealer's seat."""
    to_move: int | None
    """The seat to act (``None`` once over)."""
    phase: GinPhase
    """Draw, discard or over."""
    hand: tuple[Card, ...]
    """The viewer's cards."""
    hand_sizes: tuple[int, int]
    """How many cards each player holds."""
    stock_size: int
    """Cards left in the stock."""
    is_over: bool
    """Whether the hand (in a game: the game) has ended."""
    discards: tuple[Card, ...]
    """The discard pile, bottom first (face up: everyone sees it)."""
    first_upcard: Card
    """The hand's first upcard, turned after the deal (`upcard` is the top of the pile now)."""
    knock_limit: int
    """The most deadwood a player may knock with in this hand."""
    shown: tuple[tuple[Card, ...], ...] | None = None
    """Both hands in canonical order, once the hand is over by a knock (they are laid down); ``None`` before."""
    round_result: GinHandResult | None = None
    """The score of the knock, once the hand is over by one."""
    totals: tuple[int, int] | None = None
    """In a game: hand points won so far by players 0 and 1."""
    round_number: int | None = None
    """In a game: the hand being played (from 1)."""
    known: tuple[tuple[Card, ...], tuple[Card, ...]] = ((), ())
    """For players 0 and 1, the cards both have seen go into that hand and not come out again
    (taken from the discard pile), in canonical order; both whole hands once shown after a knock."""

    @property
    def upcard(self) -> Card | None:
        """The top card of the discard pile now, or ``None`` when the pile is empty."""
        return self.discards[-1] if self.discards else None

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict of the view (cards in notation).

        Examples:
            >>> from rummylib import GIN_RUMMY
            >>> from rummylib.gin import GinHand
            >>> GinHand.deal(rules=GIN_RUMMY, seed=7).view(1).to_json()["hand_sizes"]
            [10, 10]
        """
        result = self.round_result
        upcard = self.upcard
        return {
            "viewer": self.viewer,
            "dealer": self.dealer,
            "to_move": self.to_move,
            "phase": self.phase.value,
            "hand": format_pieces(self.hand),
            "hand_sizes": list(self.hand_sizes),
            "stock_size": self.stock_size,
            "is_over": self.is_over,
            "discards": format_pieces(self.discards),
            "upcard": None if upcard is None else str(upcard),
            "first_upcard": str(self.first_upcard),
            "knock_limit": self.knock_limit,
            "shown": None if self.shown is None else [format_pieces(h) for h in self.shown],
            "round_result": None
            if result is None
            else {"winner": result.winner, "kind": result.kind.value, "points": result.points},
            "totals": None if self.totals is None else list(self.totals),
            "round_number": self.round_number,
            "known": [format_pieces(k) for k in self.known],
        }
