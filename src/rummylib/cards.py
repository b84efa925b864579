"""Playing cards: a rank and a suit.

Whether the ace is high or low is a matter of the rule set, never of the card, so cards have no
ordering of their own.

Examples:
    >>> from rummylib import Card, Rank, Suit
    >>> c = Card.parse("Th")
    >>> c, str(c), c.rank is Rank.TEN, c.suit is Suit.HEARTS
    (Card.parse('10h'), '10h', True, True)
"""

from __future__ import annotations

from enum import IntEnum, StrEnum

import attrs

from rummylib._tokens import CARD_RE, RANK_LETTERS, SUIT_LETTERS
from rummylib.errors import ErrorCode, InvalidPiecesError, NotationError
from rummylib.tiles import Drawable

__all__ = ["Card", "Rank", "Suit", "read_card"]


class Suit(StrEnum):
    """Card suits; each value is the lower-case letter used in notation.

    Examples:
        >>> Suit("s").symbol
        '♠'
    """

    CLUBS = "c"
    """Clubs (``c`` or ``♣``)."""
    DIAMONDS = "d"
    """Diamonds (``d`` or ``♦``)."""
    HEARTS = "h"
    """Hearts (``h`` or ``♥``)."""
    SPADES = "s"
    """Spades (``s`` or ``♠``)."""

    @property
    def symbol(self) -> str:
        """The suit's symbol (``♣ ♦ ♥ ♠``)."""
        return _SUIT_SYMBOLS[self]

    order: int
    """Position of the suit in the canonical order (clubs 0, diamonds 1, hearts 2, spades 3)."""


def _number_the_suits() -> None:
    # in a function, not the enum's __init__, so that the module also compiles with mypyc
    for order, suit in enumerate(Suit):
        suit.order = order


_number_the_suits()

_SUIT_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}


class Rank(IntEnum):
    """Card ranks, ace = 1 to king = 13. Ace high or low is decided by the rule set.

    Examples:
        >>> Rank.QUEEN.symbol, Rank(10).symbol, int(Rank.ACE)
        ('Q', '10', 1)
    """

    ACE = 1
    """Ace (``A``)."""
    TWO = 2
    """Two."""
    THREE = 3
    """Three."""
    FOUR = 4
    """Four."""
    FIVE = 5
    """Five."""
    SIX = 6
    """Six."""
    SEVEN = 7
    """Seven."""
    EIGHT = 8
    """Eight."""
    NINE = 9
    """Nine."""
    TEN = 10
    """Ten (``10``; ``T`` is read as 10)."""
    JACK = 11
    """Jack (``J``)."""
    QUEEN = 12
    """Queen (``Q``)."""
    KING = 13
    """King (``K``)."""

    @property
    def symbol(self) -> str:
        """The rank as written in notation: ``A 2 ... 10 J Q K``."""
        return _RANK_SYMBOLS[self]


_RANK_SYMBOLS = {r: (str(int(r)) if 2 <= r <= 10 else "AJQK"[(1, 11, 12, 13).index(r)]) for r in Rank}


def _rank(value: Rank | int | str) -> Rank:
    """A card's rank from a `Rank`, its number (ace 1 to king 13) or its symbol (``"A"``, ``"10"``)."""
    if type(value) is Rank:
        return value
    if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 13:
        return Rank(value)
    if isinstance(value, str) and value.strip().lower() in RANK_LETTERS:
        return Rank(RANK_LETTERS[value.strip().lower()])
    raise InvalidPiecesError(
        f"a card's rank is A, 2-10, J, Q or K (1 to 13), not {value!r}", code=ErrorCode.NOT_A_PIECE
    )


def _suit(value: Suit | str) -> Suit:
    """A card's suit from a `Suit`, its letter (``"h"``) or its symbol (``"♥"``)."""
    if type(value) is Suit:
        return value
    if isinstance(value, str) and value.strip().lower() in SUIT_LETTERS:
        return Suit(SUIT_LETTERS[value.strip().lower()])
    raise InvalidPiecesError(f"a card's suit is one of c d h s, not {value!r}", code=ErrorCode.NOT_A_PIECE)


@attrs.frozen(repr=False, cache_hash=True)
class Card(Drawable):
    """One playing card. Decks are often doubled, so two equal cards are two real cards.

    Rank and suit may be given as in notation: ``Card("A", "s")`` is ``Card(Rank.ACE, Suit.SPADES)``.

    Raises:
        InvalidPiecesError: a rank or suit no card has (code ``not-a-piece``).

    Examples:
        >>> Card(Rank.ACE, Suit.SPADES) == Card.parse("as") == Card("A", "♠") == Card(1, "s")
        True
    """

    rank: Rank = attrs.field(converter=_rank)
    """The card's rank."""
    suit: Suit = attrs.field(converter=_suit)
    """The card's suit."""

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read one card from notation such as ``"10h"``, ``"Th"``, ``"qs"`` or ``"A♠"``.

        Raises:
            NotationError: the text is not one card.

        Examples:
            >>> Card.parse("A♠"), Card.parse("10H")
            (Card.parse('As'), Card.parse('10h'))
        """
        if not isinstance(text, str):
            raise TypeError(f"notation must be a str, not {type(text).__name__}")
        token = text.strip()
        card = read_card(token)
        if card is None:
            raise NotationError(f"{token[:40]!r} is not a card", text=text)
        return card

    def __str__(self) -> str:
        return f"{self.rank.symbol}{self.suit.value}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


def read_card(token: str) -> Card | None:
    """The card a single token writes, or ``None`` when the token is not written like a card.

    Examples:
        >>> read_card("Th"), read_card("r5")
        (Card.parse('10h'), None)
    """
    m = CARD_RE.fullmatch(token.lower())
    if m is None:
        return None
    return Card(Rank(RANK_LETTERS[m.group(1)]), Suit(SUIT_LETTERS[m.group(2)]))
