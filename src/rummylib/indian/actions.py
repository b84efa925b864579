"""The values the Indian Rummy referees work with: actions, phases, seat statuses, results, views.

Every action names the seat (from 0) of the player doing it, and its class attribute ``kind`` is
its name in JSON (``"draw-stock"``, ``"declare"``, ...). Cards may be given as notation:
``Discard(0, "7h")`` is the same action as ``Discard(0, Card.parse("7h"))``.

Examples:
    >>> Discard(0, "7h")
    Discard(player=0, card=Card.parse('7h'))
    >>> [str(m) for m in Declare(1, "Ah 2h 3h | 4c 5c 6c | 9s 9d 9h | Jc Qc Kc *", "7d").melds][:2]
    ['Ah 2h 3h', '4c 5c 6c']
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, ClassVar, TypeAlias

import attrs

from rummylib import _inputs
from rummylib.actions import Discard, DrawDiscard, DrawStock
from rummylib.cards import Rank
from rummylib.melds import Meld
from rummylib.notation import parse_piece
from rummylib.pieces import Piece, PieceLike, format_pieces
from rummylib.table import Table

__all__ = [
    "DealEnd",
    "Declare",
    "Discard",
    "DrawDiscard",
    "DrawStock",
    "Drop",
    "IndianAction",
    "IndianDealResult",
    "IndianPhase",
    "IndianView",
    "SeatStatus",
]

_SEAT = _inputs.player  # a seat number, or a coded error (never attrs' own TypeError)


def _piece(value: PieceLike) -> Piece:
    return parse_piece(value) if isinstance(value, str) else value


def _melds(value: object) -> tuple[Meld, ...]:
    return Table.of(value).melds  # type: ignore[arg-type]  # Table.of names what is not a table


# ------------------------------------------------------------------------------------------
# Actions
# ------------------------------------------------------------------------------------------


@attrs.frozen
class Declare:
    """The player in turn lays the 13 other cards out as ``melds`` and puts ``discard`` down.

    ``melds`` may be melds, notation per meld, or one string with melds between ``|``.
    Whether the declaration is valid is for the referee to judge (`declaration_violations`): a
    wrong one is a legal move that costs its penalty.

    Raises:
        NotationError: bad notation.
        InvalidPiecesError: something that is not a piece or a group (code ``not-a-piece``).

    Examples:
        >>> d = Declare(0, "Ah 2h 3h | 4c 5c 6c | 9s 9d 9h | Jc Qc Kc *", "7d")
        >>> [str(m) for m in d.melds], d.discard
        (['Ah 2h 3h', '4c 5c 6c', '9s 9d 9h', 'Jc Qc Kc *'], Card.parse('7d'))
    """

    kind: ClassVar[str] = "declare"
    player: int = attrs.field(validator=_SEAT)
    """Seat of the player."""
    melds: tuple[Meld, ...] = attrs.field(converter=_melds)
    """The melds (sequences and sets) the 13 cards are laid out in."""
    discard: Piece = attrs.field(converter=_piece)
    """The 14th card, put down as the finishing discard."""


@attrs.frozen
class Drop:
    """The player in turn drops out of the deal instead of drawing (20 points, or 40 once they have drawn).

    Examples:
        >>> Drop(1)
        Drop(player=1)
    """

    kind: ClassVar[str] = "drop"
    player: int = attrs.field(validator=_SEAT)
    """Seat of the player."""


IndianAction: TypeAlias = DrawStock | DrawDiscard | Discard | Declare | Drop
"""Any action of the Indian Rummy referees."""

ACTIONS: tuple[type, ...] = (DrawStock, DrawDiscard, Discard, Declare, Drop)
"""The action classes of the Indian Rummy referees."""


# ------------------------------------------------------------------------------------------
# Values of a deal
# ------------------------------------------------------------------------------------------


class IndianPhase(StrEnum):
    """Where a deal stands.

    Examples:
        >>> IndianPhase("discard") is IndianPhase.DISCARD
        True
    """

    DRAW = "draw"
    """The player in turn must draw (stock or discard pile) or drop."""
    DISCARD = "discard"
    """The player in turn holds 14 cards and must discard or declare."""
    OVER = "over"
    """The deal is over (see `rummylib.indian.IndianDeal.round_result`)."""


class SeatStatus(StrEnum):
    """Where each seat stands in a deal.

    Examples:
        >>> SeatStatus("middle-drop").value
        'middle-drop'
    """

    IN = "in"
    """Still in the deal."""
    DROPPED = "dropped"
    """Dropped out before drawing a card (first drop: 20)."""
    MIDDLE_DROP = "middle-drop"
    """Dropped out having drawn at least once (middle drop: 40)."""
    WRONG_DECLARATION = "wrong-declaration"
    """Declared wrongly (80) and is out of the deal."""
    SITTING_OUT = "sitting-out"
    """Not dealt in: eliminated from a pool game."""


class DealEnd(StrEnum):
    """How a deal ended.

    Examples:
        >>> DealEnd("declared") is DealEnd.DECLARED
        True
    """

    DECLARED = "declared"
    """A player declared validly and won."""
    LAST_STANDING = "last-standing"
    """Every other player dropped or declared wrongly: the last one in won."""
    STOCK_EXHAUSTED = "stock-exhausted"
    """The stock ran out with no reshuffle left (house rule ``max_reshuffles``): nobody won."""


@attrs.frozen
class IndianDealResult:
    """How a deal ended, and each seat's points for it (lower is better).

    Examples:
        >>> IndianDealResult(scores=(0, 20, 45), winner=0, end=DealEnd.DECLARED).scores[2]
        45
    """

    scores: tuple[int, ...]
    """Points of each seat: 0 for the winner, the drop or wrong-declaration penalty of a player who
    went out, the hand's points (`losing_points`) for one still in, 0 for a seat sitting out."""
    winner: int | None
    """The declarer or the last player in; ``None`` when the stock ran out."""
    end: DealEnd
    """Why the deal ended."""


@attrs.frozen
class IndianView:
    """What one player sees of a deal: their own hand, the table, and what others showed.

    The keys shared by every game's view are `rummylib.referee.View`'s.

    Examples:
        >>> from rummylib import INDIAN_RUMMY
        >>> from rummylib.indian import IndianDeal
        >>> v = IndianDeal.deal(rules=INDIAN_RUMMY, players=2, seed=4).view(0)
        >>> len(v.hand), v.hand_sizes, v.stock_size, v.status[1].value, v.is_over
        (13, (13, 13), 80, 'in', False)
    """

    viewer: int
    """The seat whose view this is."""
    dealer: int
    """The dealer's seat."""
    to_move: int | None
    """The seat to act (``None`` once over)."""
    phase: IndianPhase
    """Draw, discard or over."""
    hand: tuple[Piece, ...]
    """The viewer's cards."""
    wild_card: Piece
    """The card turned up for the wild joker (face up beside the stock, out of play)."""
    wild_rank: Rank | None
    """The wild rank of the deal, or ``None`` when a printed joker was turned (only jokers are wild)."""
    discards: tuple[Piece, ...]
    """The discard pile, bottom first (face up: everyone sees it)."""
    hand_sizes: tuple[int, ...]
    """How many cards each seat holds."""
    stock_size: int
    """Cards left in the stock."""
    is_over: bool
    """Whether the deal (in a game: the game) has ended."""
    status: tuple[SeatStatus, ...]
    """Who is still in, who dropped or declared wrongly, who sits out."""
    scores: tuple[int, ...]
    """Points of the deal so far: the penalties of players out; every seat's once the deal is over."""
    known: tuple[tuple[Piece, ...], ...]
    """For each seat, the cards it took from the discard pile and has not discarded since."""
    shown: tuple[tuple[Piece, ...] | None, ...]
    """Hands laid face up: a wrong declaration's cards, and once the deal is over the hand of every
    player still in; ``None`` for a hand unseen."""
    declaration: tuple[Meld, ...] = ()
    """The winning declaration, once made."""
    winner: int | None = None
    """Who won the deal, once it is over (``None`` while playing, and when nobody won)."""
    totals: tuple[int, ...] | None = None
    """In a game: each seat's points over the deals finished."""
    round_number: int | None = None
    """In a game: the deal being played (from 1)."""
    eliminated: tuple[bool, ...] | None = None
    """In a pool game: whether each seat is eliminated."""

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict of the view (cards in notation).

        Examples:
            >>> from rummylib import INDIAN_RUMMY
            >>> from rummylib.indian import IndianDeal
            >>> j = IndianDeal.deal(rules=INDIAN_RUMMY, players=2, seed=4).view(1).to_json()
            >>> j["hand_sizes"], j["phase"], j["status"]
            ([13, 13], 'draw', ['in', 'in'])
        """
        return {
            "viewer": self.viewer,
            "dealer": self.dealer,
            "to_move": self.to_move,
            "phase": self.phase.value,
            "hand": format_pieces(self.hand),
            "wild_card": str(self.wild_card),
            "wild_rank": None if self.wild_rank is None else self.wild_rank.symbol,
            "discards": format_pieces(self.discards),
            "hand_sizes": list(self.hand_sizes),
            "stock_size": self.stock_size,
            "is_over": self.is_over,
            "status": [s.value for s in self.status],
            "scores": list(self.scores),
            "known": [format_pieces(k) for k in self.known],
            "shown": [None if h is None else format_pieces(h) for h in self.shown],
            "declaration": [str(m) for m in self.declaration],
            "winner": self.winner,
            "totals": None if self.totals is None else list(self.totals),
            "round_number": self.round_number,
            "eliminated": None if self.eliminated is None else list(self.eliminated),
        }
