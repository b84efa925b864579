"""The pieces a game is played with, and seeded shuffling and dealing.

Randomness always comes from the caller: a ``random.Random`` or a seed. Nothing here touches the
global random state.

Examples:
    >>> from rummylib import RUMMIKUB, CONTRACT_RUMMY
    >>> len(full_set(RUMMIKUB)), len(full_set(CONTRACT_RUMMY, players=4))
    (106, 107)
    >>> d = deal(RUMMIKUB, players=2, rng=7)
    >>> [len(h) for h in d.hands], len(d.stock)
    ([14, 14], 78)
"""

from __future__ import annotations

import functools
import random

import attrs

from rummylib import _inputs
from rummylib.cards import Card, Rank, Suit
from rummylib.errors import ErrorCode, RuleSetError
from rummylib.pieces import JOKER, Family, Piece, PieceCount, _interned
from rummylib.rules import RuleSet
from rummylib.tiles import Tile

__all__ = ["Deal", "Seed", "as_rng", "deal", "full_set", "shuffled"]

Seed = _inputs.Seed  # written once, where seeds are read (`rummylib._inputs.seed`)


def full_set(rules: RuleSet, *, players: int | None = None) -> tuple[Piece, ...]:
    """Every piece of one game, in canonical order.

    Tiles: every colour and number ``copies`` times plus ``box_jokers`` jokers. Cards: the decks
    and jokers the rule set gives for ``players`` (required for card games).

    Raises:
        RuleSetError: a card game without a valid number of players.

    Examples:
        >>> from rummylib import SHANGHAI, GIN_RUMMY
        >>> len(full_set(SHANGHAI, players=5)), len(full_set(GIN_RUMMY, players=2))
        (158, 52)
    """
    return _full_set(rules, players)


@functools.lru_cache(maxsize=256)
def _full_set(rules: RuleSet, players: int | None) -> tuple[Piece, ...]:
    """`full_set`, built once per rule set and table size (a cache: the tuple is immutable).

    Every deal and every check of a saved state asks for it.
    """
    if rules.family is Family.TILES:
        if players is not None:
            rules.check_players(players)
        tiles = [Tile(c, n) for c in rules.colors for n in range(1, rules.max_number + 1)]
        return _interned((*(t for t in tiles for _ in range(rules.copies)), *(JOKER,) * rules.box_jokers))
    if players is None:
        raise RuleSetError(f"say how many players: {rules.title}'s decks depend on it", code=ErrorCode.BAD_PLAYERS)
    decks, jokers = rules.decks_for(players)
    cards = [Card(r, s) for s in Suit for r in Rank]
    return _interned((*(c for c in cards for _ in range(decks)), *(JOKER,) * jokers))


def as_rng(rng: random.Random | Seed | None) -> random.Random:
    """A ``random.Random`` from a seed (int or str) or an existing generator (used as is).

    ``None`` is refused: rummylib never falls back on hidden global randomness.

    Examples:
        >>> as_rng(3).random() == as_rng(3).random()
        True
    """
    if isinstance(rng, random.Random):
        return rng
    return random.Random(_inputs.seed(rng))


def shuffled(pieces: tuple[Piece, ...], rng: random.Random | int | str) -> tuple[Piece, ...]:
    """The pieces in a random order drawn from ``rng`` (the input is not changed).

    Examples:
        >>> from rummylib import RUMMIKUB
        >>> shuffled(full_set(RUMMIKUB), 1) == shuffled(full_set(RUMMIKUB), 1)
        True
    """
    out = list(pieces)
    as_rng(rng).shuffle(out)
    return tuple(out)


@attrs.frozen
class Deal:
    """Hands dealt and the stock (pool) left over, top of the stock first.

    Examples:
        >>> from rummylib import GIN_RUMMY
        >>> d = deal(GIN_RUMMY, players=2, rng=1)
        >>> len(d.stock) + sum(len(h) for h in d.hands)
        52
    """

    hands: tuple[tuple[Piece, ...], ...]
    """Each player's pieces, player 0 first."""
    stock: tuple[Piece, ...]
    """The undealt pieces, the next one to draw first."""

    def all_pieces(self) -> PieceCount:
        """Every piece of the deal, as a multiset."""
        return PieceCount.of(p for h in self.hands for p in h) + PieceCount.of(self.stock)


def deal(rules: RuleSet, *, players: int, rng: random.Random | int | str, hand_size: int | None = None) -> Deal:
    """Shuffle the game's pieces and deal ``hand_size`` (default: the rule set's) to each player.

    Raises:
        RuleSetError: a player count the game does not allow, or not enough pieces.

    Examples:
        >>> from rummylib import SHANGHAI
        >>> [len(h) for h in deal(SHANGHAI, players=3, rng=0, hand_size=11).hands]
        [11, 11, 11]
    """
    if type(rng) is int or type(rng) is str:  # a seed: the same deal every time, remembered
        return _seeded_deal(rules, players, rng, hand_size)
    return _deal(rules, players, rng, hand_size)


def _deal(rules: RuleSet, players: int, rng: random.Random | int | str, hand_size: int | None) -> Deal:
    rules.check_players(players)
    size = rules.hand_size if hand_size is None else hand_size
    pool = shuffled(full_set(rules, players=players), rng)
    if size < 0 or size * players > len(pool):
        raise RuleSetError(
            f"cannot deal {size} pieces to {players} players from {len(pool)}", code=ErrorCode.BAD_PLAYERS
        )
    hands = tuple(pool[i * size : (i + 1) * size] for i in range(players))
    return Deal(hands=hands, stock=pool[size * players :])


_seeded_deal = functools.lru_cache(maxsize=256)(_deal)
"""`deal` from a seed (an int or a str), remembered: a deal is an immutable value, and the states
of one table are checked against the deal of their seed again and again. Only deals made are
remembered; a refusal is raised afresh."""
