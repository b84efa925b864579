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

__all__ = ["Card", "Rank", "Suit"]


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

    @property
    def order(self) -> int:
        """Position of the suit in the canonical order (clubs, diamonds, hearts, spades)."""
        return _SUIT_ORDER[self]


_SUIT_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
_SUIT_ORDER = {s: i for i, s in enumerate(Suit)}


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


@attrs.frozen(repr=False, cache_hash=True)
class Card:
    """One playing card. Decks are often doubled, so two equal cards are two real cards.

    Examples:
        >>> Card(Rank.ACE, Suit.SPADES) == Card.parse("as")
        True
    """

    rank: Rank = attrs.field(converter=Rank)
    """The card's rank."""
    suit: Suit = attrs.field(validator=attrs.validators.instance_of(Suit))
    """The card's suit."""

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read one card from notation such as ``"10h"``, ``"Th"``, ``"qs"`` or ``"A♠"``.

        Raises:
            NotationError: the text is not a card.

        Examples:
            >>> Card.parse("A♠"), Card.parse("10H")
            (Card.parse('As'), Card.parse('10h'))
        """
        from rummylib.notation import parse_piece

        piece = parse_piece(text)
        if not isinstance(piece, Card):
            from rummylib.errors import NotationError

            raise NotationError(f"{text.strip()!r} is not a card", text=text)
        return piece

    def __str__(self) -> str:
        return f"{self.rank.symbol}{self.suit.value}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def _repr_svg_(self) -> str:
        """A picture of the card, for Jupyter (see `rummylib.svg`)."""
        from rummylib import svg

        return svg.piece(self)
