"""The grammar of one piece of notation, shared by the piece values and the notation readers.

Plain data and regular expressions only: the values (`rummylib.tiles`, `rummylib.cards`,
`rummylib.pieces`) and the readers (`rummylib.notation`) build on it, so that every reader of
``r5``, ``10h`` or ``*`` accepts exactly the same text.
"""

from __future__ import annotations

import re

from rummylib.errors import LimitExceededError

MAX_TEXT_LENGTH = 100_000
"""Longest notation text accepted (far more than any real table); longer input is rejected."""

TILE_RE = re.compile(r"([a-z])(\d+)")
"""A tile token, lower-cased: a colour letter and a number."""
CARD_RE = re.compile(r"(10|[2-9]|[atjqk])([cdhs♣♦♥♠♧♢♡♤])")
"""A card token, lower-cased: a rank and a suit letter or symbol."""
SPLIT_RE = re.compile(r"[\s,]+")
"""What separates the pieces of a meld: spaces and commas."""

COLOR_LETTERS = {"k": "K", "b": "B", "y": "Y", "r": "R", "g": "G", "p": "P", "c": "C", "m": "M", "o": "Y"}
"""Colour letter (lower case) -> the colour's value; ``o`` (orange) is yellow."""
RANK_LETTERS = {"a": 1, "t": 10, "j": 11, "q": 12, "k": 13} | {str(n): n for n in range(2, 11)}
"""Rank as written (lower case) -> its number, ace 1 to king 13; ``t`` is read as 10."""
SUIT_LETTERS = {
    "c": "c",
    "d": "d",
    "h": "h",
    "s": "s",
    "♣": "c",
    "♧": "c",
    "♦": "d",
    "♢": "d",
    "♥": "h",
    "♡": "h",
    "♠": "s",
    "♤": "s",
}
"""Suit letter or symbol -> the suit's value."""
EXPECTED = "expected a tile like 'r5', a card like '10h' or a joker '*'"
"""What a piece looks like, for messages."""


def check_text(text: object) -> str:
    """``text`` itself, once it is known to be a string no longer than `MAX_TEXT_LENGTH`.

    Raises:
        TypeError: not a string.
        LimitExceededError: longer than `MAX_TEXT_LENGTH`.
    """
    if not isinstance(text, str):
        raise TypeError(f"notation must be a str, not {type(text).__name__}")
    if len(text) > MAX_TEXT_LENGTH:
        raise LimitExceededError(f"notation of {len(text)} characters is longer than the limit of {MAX_TEXT_LENGTH}")
    return text


def split(text: str) -> list[str]:
    """The tokens of ``text``, split at spaces and commas (none for blank text)."""
    return [t for t in SPLIT_RE.split(text.strip()) if t]
