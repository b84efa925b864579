"""Rule sets as data: every difference between games and house rules is a field.

A game is a [`RuleSet`][rummylib.rules.RuleSet] value. House rules are made with
``attrs.evolve(preset, ...)`` or, for JSON callers, with
[`RuleSet.with_options`][rummylib.rules.RuleSet.with_options]; an unknown option or a value of the
wrong kind is an error, never ignored. Inconsistent rule sets are refused when they are made.

Examples:
    >>> import attrs
    >>> from rummylib import CONTRACT_RUMMY, find_ruleset
    >>> find_ruleset("Liverpool") is CONTRACT_RUMMY
    True
    >>> house = CONTRACT_RUMMY.with_options({"deuces_wild": True, "joker_points": 15})
    >>> house.deuces_wild, house.joker_points, house.name
    (True, 15, 'contract_rummy')
    >>> attrs.evolve(CONTRACT_RUMMY, min_run=2)
    Traceback (most recent call last):
    ...
    rummylib.errors.RuleSetError: min_run must be at least 3, not 2
"""

from __future__ import annotations

import enum
import functools
import itertools
import types
import typing
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from enum import StrEnum
from typing import Any

import attrs

from rummylib._json import BadValue, Codec, Limits, Special, preview
from rummylib._tokens import RANK_LETTERS
from rummylib.cards import Card, Rank, Suit
from rummylib.errors import ErrorCode, InvalidPiecesError, LimitExceededError, NotationError, RuleSetError
from rummylib.pieces import Family, Joker, Piece
from rummylib.tiles import MAX_TILE_NUMBER, STANDARD_COLORS, Color, Tile

__all__ = [
    "CONTRACT_RUMMY",
    "GIN_RUMMY",
    "INDIAN_RUMMY",
    "PRESETS",
    "RUMMIKUB",
    "SHANGHAI",
    "Contract",
    "IndianFormat",
    "JokerPolicy",
    "JokerRetrieval",
    "JokerSwap",
    "MeldShape",
    "Round",
    "RuleSet",
    "ScoringScheme",
    "find_ruleset",
]

MAX_MELD_PIECES = 200
"""No meld of any game can hold more pieces than this; longer input is rejected early."""


class JokerRetrieval(StrEnum):
    """How a Rummikub joker may leave the set it is in (option ``joker_retrieval``).

    Examples:
        >>> RUMMIKUB.joker_retrieval is JokerRetrieval.FREE
        True
    """

    FREE = "free"
    """Any rearrangement is fine as long as the end-of-turn conditions hold (the default)."""
    REPLACE = "replace"
    """Official box rule: only by putting the tile it stands for in its place from the rack."""


class JokerPolicy(StrEnum):
    """How many jokers a card game adds to its decks (option ``jokers``).

    Examples:
        >>> CONTRACT_RUMMY.with_options({"jokers": "players-1"}).jokers is JokerPolicy.PLAYERS_MINUS_ONE
        True
    """

    TABLE = "table"
    """As the rule set's ``deck_table`` says for the number of players."""
    PLAYERS_MINUS_ONE = "players-1"
    """One fewer than the number of players."""
    ALL = "all"
    """Every deck keeps its two printed jokers."""


class JokerSwap(StrEnum):
    """Who may take a joker from a meld on the table by putting in the card it stands for.

    Examples:
        >>> JokerSwap("never") is JokerSwap.NEVER
        True
    """

    NEVER = "never"
    """Nobody."""
    AFTER_DOWN = "after-down"
    """Only a player who has already met the round's contract (Contract Rummy)."""
    ANYONE = "anyone"
    """Any player (Shanghai)."""


class ScoringScheme(StrEnum):
    """Which way a game turns leftover pieces into a result.

    Examples:
        >>> RUMMIKUB.scoring is ScoringScheme.RACK
        True
    """

    RACK = "rack"
    """Rummikub: losers pay the value of their racks to the winner; zero-sum."""
    CONTRACT = "contract"
    """Contract Rummy and Shanghai: penalty points per round, lowest total wins."""
    GIN = "gin"
    """Gin Rummy: deadwood differences and bonuses, first to the target wins."""
    INDIAN = "indian"
    """Indian Rummy: points of the cards a hand cannot arrange, capped."""


class IndianFormat(StrEnum):
    """Which game of Indian Rummy is played (option ``indian_format``).

    Examples:
        >>> INDIAN_RUMMY.indian_format is IndianFormat.POINTS
        True
        >>> INDIAN_RUMMY.with_options({"indian_format": "pool"}).indian_format is IndianFormat.POOL
        True
    """

    POINTS = "points"
    """One deal; each loser pays the winner their points (the default)."""
    POOL = "pool"
    """Deals go on, points add up; a player whose total reaches ``pool_limit`` is eliminated, and
    the last player standing wins."""
    DEALS = "deals"
    """A fixed number of deals (``deal_count``); the lowest total wins."""


def _whole(low: int, high: int) -> Any:
    """An attrs validator: a whole number from ``low`` to ``high``, or a `RuleSetError` naming it."""

    def check(instance: object, attribute: attrs.Attribute[int], value: object) -> None:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            owner = type(instance).__name__.lower()
            raise RuleSetError(
                f"{owner} {attribute.name} must be a whole number from {low} to {high}, not {value!r}",
                code=ErrorCode.BAD_OPTION,
            )

    return check


@attrs.frozen(kw_only=True)
class Contract:
    """What a player must lay down to go down in a round: sets and runs of given sizes.

    Examples:
        >>> str(Contract(sets=1, runs=1, run_size=7))
        'one set of 3 or more and one run of 7 or more'
        >>> str(Contract(sets=2, exact=True))
        'two sets of exactly 3'
    """

    sets: int = attrs.field(default=0, validator=_whole(0, 6))
    """Number of sets (groups) required."""
    runs: int = attrs.field(default=0, validator=_whole(0, 6))
    """Number of runs required."""
    set_size: int = attrs.field(default=3, validator=_whole(2, 14))
    """Size of each set (exact or minimum, per ``exact``)."""
    run_size: int = attrs.field(default=4, validator=_whole(3, 14))
    """Size of each run (exact or minimum, per ``exact``)."""
    exact: bool = False
    """If true, each meld must have exactly its size; otherwise at least."""
    whole_hand: bool = False
    """If true, the melds must take the whole hand but at most one card (the final discard)."""

    def __attrs_post_init__(self) -> None:
        if self.sets + self.runs == 0:
            raise RuleSetError("a contract needs at least one set or run")

    def __str__(self) -> str:
        words = ("no", "one", "two", "three", "four", "five", "six")
        size = "exactly {}" if self.exact else "{} or more"
        parts = []
        if self.sets:
            parts.append(f"{words[self.sets]} set{'s' if self.sets > 1 else ''} of {size.format(self.set_size)}")
        if self.runs:
            parts.append(f"{words[self.runs]} run{'s' if self.runs > 1 else ''} of {size.format(self.run_size)}")
        text = " and ".join(parts)
        return text + (", taking the whole hand" if self.whole_hand else "")


@attrs.frozen(kw_only=True)
class Round:
    """One round of a contract game: how many cards are dealt and the contract to meet.

    Examples:
        >>> r = CONTRACT_RUMMY.round(7)
        >>> r.cards, r.contract.runs, r.contract.whole_hand
        (12, 3, True)
    """

    cards: int = attrs.field(validator=_whole(1, 30))
    """Cards dealt to each player."""
    contract: Contract
    """The contract of the round."""


def _contract_rounds(spec: Iterable[tuple[int, int, int, int, int]], *, exact: bool) -> tuple[Round, ...]:
    return tuple(
        Round(cards=c, contract=Contract(sets=s, runs=r, set_size=ss, run_size=rs, exact=exact))
        for c, s, r, ss, rs in spec
    )


# Point tables, indexed by rank - 1 (ace first).
_FACE_ACE_15 = (15, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
_GIN_POINTS = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
_INDIAN_POINTS = (10, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)


def _color_tuple(value: Iterable[Color]) -> tuple[Color, ...]:
    return tuple(value)


def _int_tuple(value: Iterable[int]) -> tuple[int, ...]:
    return tuple(value)


def _freeze_ranks(value: Iterable[Rank | int]) -> frozenset[Rank]:
    return frozenset(Rank(v) for v in value)


@attrs.frozen(kw_only=True)
class MeldShape:
    """The shape of the melds a rule set allows, as the searches need it (`RuleSet.meld_shape`).

    Examples:
        >>> shape = RUMMIKUB.meld_shape
        >>> shape.group_min, shape.group_max, shape.run_min, shape.run_max, shape.run_low, shape.run_high
        (3, 4, 3, 13, 1, 13)
        >>> SHANGHAI.meld_shape.group_max is None, GIN_RUMMY.meld_shape.run_high
        (True, 13)
    """

    group_min: int
    """Fewest pieces in a group."""
    group_max: int | None
    """Most pieces in a group: ``group_max``, and never more than the colours (suits) when they must
    differ; ``None`` for no limit."""
    distinct: bool
    """Whether the colours (suits) of a group must all differ."""
    run_min: int
    """Fewest pieces in a run."""
    run_max: int
    """Most pieces in a run (`RuleSet.longest_run`)."""
    run_low: int
    """Lowest place a run may start at (1; 2 for cards with the ace high only)."""
    run_high: int
    """Highest place a run may reach (``max_number`` for tiles; 14 for a high ace, else 13)."""
    joker_ratio: bool
    """Whether a meld may hold no more jokers than natural pieces."""
    max_jokers: int | None
    """Most jokers in one meld, or ``None`` for no limit."""


_GAMES = "games"
"""The key of a `RuleSet` field's metadata that holds the games it is a rule of (by scoring scheme)."""
_ALL = frozenset(ScoringScheme)
_TILES = frozenset({ScoringScheme.RACK})
_CARDS = frozenset({ScoringScheme.CONTRACT, ScoringScheme.GIN, ScoringScheme.INDIAN})
_CONTRACT = frozenset({ScoringScheme.CONTRACT})
_GIN = frozenset({ScoringScheme.GIN})
_INDIAN = frozenset({ScoringScheme.INDIAN})


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


_PLAIN: dict[str, tuple[Callable[[object], bool], str]] = {
    "bool": (lambda v: isinstance(v, bool), "true or false"),
    "int": (_is_int, "a whole number"),
    "int | None": (lambda v: v is None or _is_int(v), "a whole number or none"),
    "str": (lambda v: isinstance(v, str), "a string"),
    "float | None": (lambda v: v is None or _is_int(v) or isinstance(v, float), "a number or none"),
}
"""The plain field types of `RuleSet`: each one's test (a ``bool`` is no number here) and its words."""


@functools.cache
def _plain_fields() -> tuple[tuple[str, Callable[[object], bool], str], ...]:
    """The plain fields of `RuleSet`, with their tests and words (read once)."""
    return tuple((f.name, *_PLAIN[str(f.type)]) for f in attrs.fields(RuleSet) if str(f.type) in _PLAIN)


@attrs.frozen(kw_only=True, cache_hash=True)
class RuleSet:
    """Everything that differs between games and house rules, as plain data.

    Fields are grouped: identity, pieces, melds, jokers, Rummikub turns, contract rounds and
    buying, points, Gin and Indian Rummy. Every option named in the rule book is a field of the
    same name (``joker_penalty`` is accepted by `with_options` as another name for
    ``joker_points``).

    Raises:
        RuleSetError: the fields contradict each other (checked when the value is made).

    Examples:
        >>> RUMMIKUB.initial_meld_points, RUMMIKUB.min_run, SHANGHAI.round(8).contract.run_size
        (30, 3, 10)
    """

    # --- identity ---------------------------------------------------------------------------
    name: str
    """Preset name (``"rummikub"``); house rules keep the name of the game they vary."""
    title: str
    """Name for people (``"Contract Rummy"``)."""
    family: Family
    """Tiles or cards."""
    scoring: ScoringScheme
    """How leftover pieces turn into a result."""

    # --- pieces -----------------------------------------------------------------------------
    colors: tuple[Color, ...] = attrs.field(default=STANDARD_COLORS, converter=_color_tuple, metadata={_GAMES: _TILES})
    """Tile colours in the box (tiles only)."""
    max_number: int = attrs.field(default=13, metadata={_GAMES: _TILES})
    """Highest tile number (tiles only; cards always run ace to king)."""
    copies: int = attrs.field(default=2, metadata={_GAMES: _ALL})
    """How many copies of each tile or card exist at most (for cards: with the most decks)."""
    box_jokers: int = attrs.field(default=2, metadata={_GAMES: _TILES})
    """Jokers in the tile box (tiles only; card games use ``deck_table`` and ``jokers``)."""
    deck_table: tuple[tuple[int, int, int], ...] = attrs.field(default=(), metadata={_GAMES: _CARDS})
    """Card games: rows ``(from_players, decks, jokers)``; the last row that applies is used."""
    jokers: JokerPolicy = attrs.field(default=JokerPolicy.TABLE, metadata={_GAMES: _CARDS})
    """Card games: how many jokers join the decks."""
    min_players: int = attrs.field(default=2, metadata={_GAMES: _ALL})
    """Fewest players."""
    max_players: int = attrs.field(default=4, metadata={_GAMES: _ALL})
    """Most players."""
    hand_size: int = attrs.field(default=14, metadata={_GAMES: _ALL})
    """Pieces dealt to each player (contract games deal per round instead)."""

    # --- melds ------------------------------------------------------------------------------
    group_min: int = attrs.field(default=3, metadata={_GAMES: _ALL})
    """Fewest pieces in a group (set)."""
    group_max: int | None = attrs.field(default=4, metadata={_GAMES: _ALL})
    """Most pieces in a group, or ``None`` for no limit."""
    group_distinct: bool = attrs.field(default=True, metadata={_GAMES: _ALL})
    """Whether the colours (suits) in a group must all differ."""
    min_run: int = attrs.field(default=3, metadata={_GAMES: _ALL})
    """Fewest pieces in a run (outside a contract)."""
    max_run: int | None = attrs.field(default=None, metadata={_GAMES: _ALL})
    """Most pieces in a run, or ``None`` for as many as the numbers allow."""
    ace_low: bool = attrs.field(default=True, metadata={_GAMES: _CARDS})
    """Cards: the ace may sit below the 2."""
    ace_high: bool = attrs.field(default=False, metadata={_GAMES: _CARDS})
    """Cards: the ace may sit above the king. Runs never wrap round from king to ace to 2."""
    wild_ranks: frozenset[Rank] = attrs.field(default=frozenset(), converter=_freeze_ranks, metadata={_GAMES: _CARDS})
    """Cards: ranks whose every card may also act as a joker (Indian Rummy's wild joker)."""
    deuces_wild: bool = attrs.field(default=False, metadata={_GAMES: _CARDS})
    """Cards: every 2 is also a joker."""
    joker_ratio: bool = attrs.field(default=False, metadata={_GAMES: _ALL})
    """A meld may hold no more jokers than natural cards."""
    max_jokers_per_meld: int | None = attrs.field(default=None, metadata={_GAMES: _ALL})
    """Most jokers in one meld, or ``None`` for no limit."""

    # --- jokers on the table ----------------------------------------------------------------
    dead_set_jokers: bool = attrs.field(default=False, metadata={_GAMES: _CONTRACT})
    """Jokers in a set can never be taken back (Contract Rummy)."""
    joker_swap: JokerSwap = attrs.field(default=JokerSwap.NEVER, metadata={_GAMES: _CONTRACT})
    """Who may take a joker from a run by putting in the card it stands for."""
    swapped_joker_must_be_used: bool = attrs.field(default=False, metadata={_GAMES: _CONTRACT})
    """A joker taken from the table must be played again in the same turn."""
    joker_swap_requires_contract: bool = attrs.field(default=False, metadata={_GAMES: _CONTRACT})
    """A player not yet down who takes a joker must meet the contract that same turn."""
    joker_slides: bool = attrs.field(default=False, metadata={_GAMES: _CONTRACT})
    """Laying off the natural card a run's joker stands for frees the joker to either end."""

    # --- Rummikub turns ---------------------------------------------------------------------
    initial_meld_points: int = attrs.field(default=30, metadata={_GAMES: _TILES})
    """Least value of a player's first play, from the rack alone."""
    joker_retrieval: JokerRetrieval = attrs.field(default=JokerRetrieval.FREE, metadata={_GAMES: _TILES})
    """How a joker may leave its set during a manipulation."""
    turn_time_limit: float | None = attrs.field(default=None, metadata={_GAMES: _TILES})
    """Seconds per turn, or ``None`` for no limit."""
    timeout_penalty_tiles: int = attrs.field(default=3, metadata={_GAMES: _TILES})
    """Tiles drawn as a penalty by a player over the time limit."""

    # --- contract rounds and buying ---------------------------------------------------------
    rounds: tuple[Round, ...] = attrs.field(default=(), metadata={_GAMES: _CONTRACT})
    """Contract games: the rounds in order, with cards dealt and contract."""
    buying: bool = attrs.field(default=False, metadata={_GAMES: _CONTRACT})
    """Whether players may buy a discard out of turn ("May I?")."""
    buy_penalty_cards: int = attrs.field(default=1, metadata={_GAMES: _CONTRACT})
    """Extra cards taken from the stock with a bought discard."""
    multiple_buys: bool = attrs.field(default=False, metadata={_GAMES: _CONTRACT})
    """After a buy, another player may buy the next discard (not the same player twice running)."""
    max_buys: int | None = attrs.field(default=None, metadata={_GAMES: _CONTRACT})
    """Most buys per player per round, or ``None`` for no limit."""
    max_buys_by_round: tuple[int, ...] | None = attrs.field(default=None, metadata={_GAMES: _CONTRACT})
    """Per-round buy limits overriding ``max_buys`` (one entry per round)."""
    down_player_may_buy: bool = attrs.field(default=True, metadata={_GAMES: _CONTRACT})
    """Whether a player who has met the contract may still buy."""
    layoff_same_turn: bool = attrs.field(default=False, metadata={_GAMES: _CONTRACT})
    """Whether a player may lay off in the same turn as laying down the contract."""
    go_out_by_discard: bool = attrs.field(default=True, metadata={_GAMES: _CONTRACT})
    """Whether the last card may be discarded (otherwise it must be melded or laid off)."""
    one_turn_out_bonus: int = attrs.field(default=0, metadata={_GAMES: _CONTRACT})
    """Score of a player who lays down the whole hand in one turn (negative is good)."""
    one_turn_out_no_joker_bonus: int = attrs.field(default=0, metadata={_GAMES: _CONTRACT})
    """The same, when no joker was among the cards."""
    max_reshuffles: int | None = attrs.field(default=None, metadata={_GAMES: _CONTRACT | _INDIAN})
    """House rule: times a round may shuffle the discards into a new stock; when the stock runs out
    once more the round ends as if both piles were gone (``None``: no limit, the rule book)."""
    discard_taken_card: bool = attrs.field(default=True, metadata={_GAMES: _CONTRACT})
    """Whether a player who took the top discard may discard that same card in the same turn. Off,
    the card taken from the discard pile stays in hand (or goes on the table) that turn; a card
    bought out of turn is not concerned."""
    max_turns: int | None = attrs.field(default=None, metadata={_GAMES: _CONTRACT})
    """House rule for simulations: a round with nobody out ends after this many turns of play, every
    player scoring the cards in hand as when the piles are gone (``None``: no limit, the rule book)."""

    # --- points -----------------------------------------------------------------------------
    card_points: tuple[int, ...] = attrs.field(default=_FACE_ACE_15, converter=_int_tuple, metadata={_GAMES: _CARDS})
    """Cards: points of each rank left in hand, ace first (13 entries)."""
    number_cards_flat: bool = attrs.field(default=False, metadata={_GAMES: _CARDS})
    """Cards 2-10 count ``flat_points`` each instead of the table."""
    flat_points: int = attrs.field(default=5, metadata={_GAMES: _CARDS})
    """Points of a number card under ``number_cards_flat``."""
    joker_points: int = attrs.field(default=25, metadata={_GAMES: _ALL})
    """Points of a joker left in hand or on the rack."""
    wild_card_points: int | None = attrs.field(default=None, metadata={_GAMES: _CARDS})
    """Points of a wild-rank card left in hand (``None``: as a joker)."""
    points_cap: int | None = attrs.field(default=None, metadata={_GAMES: _ALL})
    """Most points one hand can cost, or ``None``."""

    # --- Gin Rummy --------------------------------------------------------------------------
    knock_limit: int = attrs.field(default=10, metadata={_GAMES: _GIN})
    """Most deadwood a player may knock with."""
    gin_bonus: int = attrs.field(default=25, metadata={_GAMES: _GIN})
    """Bonus for going gin."""
    big_gin_bonus: int = attrs.field(default=31, metadata={_GAMES: _GIN})
    """Bonus for big gin (all 11 cards melded after the draw)."""
    undercut_bonus: int = attrs.field(default=25, metadata={_GAMES: _GIN})
    """Bonus for the defender who undercuts the knocker."""
    game_target: int = attrs.field(default=100, metadata={_GAMES: _GIN})
    """Points that end a Gin game (100 to 500)."""
    game_bonus: int = attrs.field(default=100, metadata={_GAMES: _GIN})
    """Bonus to the winner of a Gin game."""
    line_bonus: int = attrs.field(default=25, metadata={_GAMES: _GIN})
    """Bonus per hand won, added at the end of a Gin game."""
    shutout_doubles: bool = attrs.field(default=True, metadata={_GAMES: _GIN})
    """A Gin game won with the loser on no hands scores double."""
    gin_only: bool = attrs.field(default=False, metadata={_GAMES: _GIN})
    """Gin only: no knocking below gin."""
    oklahoma: bool = attrs.field(default=False, metadata={_GAMES: _GIN})
    """Oklahoma: the first upcard sets the knock limit; an ace means gin only; spades double."""

    # --- Indian Rummy -----------------------------------------------------------------------
    min_sequences: int = attrs.field(default=0, metadata={_GAMES: _INDIAN})
    """Sequences (runs) a declaration needs at least."""
    min_pure_sequences: int = attrs.field(default=0, metadata={_GAMES: _INDIAN})
    """Pure sequences (no joker acting for another card) a declaration needs at least."""
    drop_points: int = attrs.field(default=20, metadata={_GAMES: _INDIAN})
    """Points for dropping before drawing."""
    middle_drop_points: int = attrs.field(default=40, metadata={_GAMES: _INDIAN})
    """Points for dropping after drawing."""
    wrong_declaration_points: int = attrs.field(default=80, metadata={_GAMES: _INDIAN})
    """Points for a wrong declaration."""
    draw_discarded_joker: bool = attrs.field(default=False, metadata={_GAMES: _INDIAN})
    """House rule: a joker discarded by a player (a printed joker or a card of the wild rank) may be
    drawn from the discard pile. Off by default: only the first upcard may be drawn when it is one."""
    indian_format: IndianFormat = attrs.field(default=IndianFormat.POINTS, metadata={_GAMES: _INDIAN})
    """Which game the deals make up: points (one deal), pool or deals."""
    pool_limit: int = attrs.field(default=101, metadata={_GAMES: _INDIAN})
    """Pool games: the total at which a player is eliminated (101 or 201 at most tables)."""
    pool_drop_from: int = attrs.field(default=201, metadata={_GAMES: _INDIAN})
    """Pool games: from this ``pool_limit`` up, drops score ``pool_drop_points`` and
    ``pool_middle_drop_points`` instead of ``drop_points`` and ``middle_drop_points`` (201 pool)."""
    pool_drop_points: int = attrs.field(default=25, metadata={_GAMES: _INDIAN})
    """Points for dropping before drawing in a pool of ``pool_drop_from`` or more (201 pool: 25)."""
    pool_middle_drop_points: int = attrs.field(default=50, metadata={_GAMES: _INDIAN})
    """Points for dropping after drawing in a pool of ``pool_drop_from`` or more (201 pool: 50)."""
    deal_count: int = attrs.field(default=2, metadata={_GAMES: _INDIAN})
    """Deals games: how many deals are played."""

    def __attrs_post_init__(self) -> None:
        problems = list(self._type_problems()) or list(self._problems())
        if problems:
            raise RuleSetError("; ".join(problems))

    def _type_problems(self) -> Iterable[str]:
        """Each plain field of the wrong type (``ace_high="yes"``, ``knock_limit=True``), before any rule is read."""
        for name, check, words in _plain_fields():
            value = getattr(self, name)
            if not check(value):
                yield f"{name} must be {words}, not {preview(value)}"

    def _problems(self) -> Iterable[str]:
        def need(cond: bool, text: str) -> Iterable[str]:
            return () if cond else (text,)

        yield from need(bool(self.name) and bool(self.title), "name and title must not be empty")
        yield from need(2 <= len(self.colors) <= 8, f"a box needs 2 to 8 colours, not {len(self.colors)}")
        yield from need(len(set(self.colors)) == len(self.colors), "colours must not repeat")
        yield from need(all(isinstance(c, Color) for c in self.colors), "colours must be Color values")
        yield from need(3 <= self.max_number <= MAX_TILE_NUMBER, f"max_number must be 3 to {MAX_TILE_NUMBER}")
        yield from need(1 <= self.copies <= 4, f"copies must be 1 to 4, not {self.copies}")
        yield from need(0 <= self.box_jokers <= 8, f"box_jokers must be 0 to 8, not {self.box_jokers}")
        yield from need(
            2 <= self.min_players <= self.max_players <= 12,
            f"players must satisfy 2 <= min_players <= max_players <= 12, not {self.min_players}..{self.max_players}",
        )
        yield from need(1 <= self.hand_size <= 30, f"hand_size must be 1 to 30, not {self.hand_size}")
        yield from need(self.group_min >= 2, f"group_min must be at least 2, not {self.group_min}")
        yield from need(
            self.group_max is None or self.group_max >= self.group_min,
            f"group_max ({self.group_max}) is below group_min ({self.group_min})",
        )
        if self.group_distinct and self.group_max is not None:
            suits = len(self.colors) if self.family is Family.TILES else 4
            yield from need(self.group_max <= suits, f"group_max {self.group_max} exceeds the {suits} distinct colours")
        yield from need(self.min_run >= 3, f"min_run must be at least 3, not {self.min_run}")
        yield from need(
            self.max_run is None or self.max_run >= self.min_run,
            f"max_run ({self.max_run}) is below min_run ({self.min_run})",
        )
        yield from need(self.ace_low or self.ace_high, "the ace must be low, high, or either")
        yield from need(
            self.min_run <= self.run_high - self.run_low + 1, f"min_run {self.min_run} is longer than any run"
        )
        yield from need(
            self.max_jokers_per_meld is None or self.max_jokers_per_meld >= 0, "max_jokers_per_meld must be >= 0"
        )
        yield from need(self.initial_meld_points >= 0, "initial_meld_points must be >= 0")
        yield from need(self.turn_time_limit is None or self.turn_time_limit > 0, "turn_time_limit must be positive")
        yield from need(self.timeout_penalty_tiles >= 0, "timeout_penalty_tiles must be >= 0")
        yield from need(self.buy_penalty_cards >= 0, "buy_penalty_cards must be >= 0")
        yield from need(self.max_buys is None or self.max_buys >= 0, "max_buys must be >= 0")
        yield from need(
            self.max_turns is None or 1 <= self.max_turns <= 100_000,
            f"max_turns must be a whole number from 1 to 100000, or none, not {self.max_turns!r}",
        )
        yield from need(
            self.max_buys_by_round is None or len(self.max_buys_by_round) == len(self.rounds),
            "max_buys_by_round needs one entry per round",
        )
        yield from need(len(self.card_points) == 13, "card_points needs 13 entries, ace to king")
        yield from need(self.joker_points >= 0, "joker_points must be >= 0")
        yield from need(self.points_cap is None or self.points_cap > 0, "points_cap must be positive")
        yield from need(0 <= self.knock_limit <= 100, "knock_limit must be 0 to 100")
        yield from need(100 <= self.game_target <= 500, f"game_target must be 100 to 500, not {self.game_target}")
        yield from need(1 <= self.pool_limit <= 10_000, f"pool_limit must be 1 to 10000, not {self.pool_limit}")
        yield from need(
            1 <= self.pool_drop_from <= 10_000, f"pool_drop_from must be 1 to 10000, not {self.pool_drop_from}"
        )
        yield from need(
            self.pool_drop_points >= 0 and self.pool_middle_drop_points >= 0, "pool drop points must be >= 0"
        )
        yield from need(1 <= self.deal_count <= 100, f"deal_count must be 1 to 100, not {self.deal_count}")
        if self.family is Family.CARDS:
            yield from need(bool(self.deck_table), "a card game needs a deck_table")
            yield from need(
                all(a < b for (a, _, _), (b, _, _) in zip(self.deck_table, self.deck_table[1:], strict=False)),
                "deck_table rows must be in increasing order of players",
            )
            yield from need(
                not self.deck_table or self.deck_table[0][0] <= self.min_players, "deck_table must cover min_players"
            )
            yield from need(
                all(1 <= d <= 4 and 0 <= j <= 8 for _, d, j in self.deck_table), "deck_table: 1-4 decks, 0-8 jokers"
            )
        else:
            # Wild ranks are ranks of cards: a tile game given them would silently ignore them.
            yield from need(
                not self.wild_ranks and not self.deuces_wild,
                f"{self.title} is played with tiles; wild_ranks and deuces_wild are for card games",
            )
        if self.scoring is ScoringScheme.CONTRACT:
            yield from need(bool(self.rounds), "a contract game needs rounds")
        for f in attrs.fields(RuleSet):
            games = f.metadata.get(_GAMES)
            if games is not None and self.scoring not in games and getattr(self, f.name) != f.default:
                yield _not_a_rule(f.name, self.title, games)

    # --- derived facts ----------------------------------------------------------------------
    @functools.cached_property
    def run_low(self) -> int:
        """Lowest position a run may start at (1 for tiles and for a low ace, else 2)."""
        return 1 if self.family is Family.TILES or self.ace_low else 2

    @functools.cached_property
    def run_high(self) -> int:
        """Highest position a run may reach (``max_number`` for tiles; 14 for a high ace, else 13)."""
        if self.family is Family.TILES:
            return self.max_number
        return 14 if self.ace_high else 13

    @functools.cached_property
    def longest_run(self) -> int:
        """The most pieces a run can hold under these rules.

        Examples:
            >>> RUMMIKUB.longest_run, CONTRACT_RUMMY.longest_run, GIN_RUMMY.longest_run
            (13, 14, 13)
        """
        span = self.run_high - self.run_low + 1
        return span if self.max_run is None else min(span, self.max_run)

    @functools.cached_property
    def meld_shape(self) -> MeldShape:
        """The shape of the melds these rules allow, derived once for every search that needs it.

        Examples:
            >>> CONTRACT_RUMMY.meld_shape.run_max, INDIAN_RUMMY.meld_shape.group_max
            (14, 4)
        """
        suits = len(self.colors) if self.family is Family.TILES else 4
        largest = self.group_max
        if self.group_distinct:
            largest = suits if largest is None else min(largest, suits)
        return MeldShape(
            group_min=self.group_min,
            group_max=largest,
            distinct=self.group_distinct,
            run_min=self.min_run,
            run_max=self.longest_run,
            run_low=self.run_low,
            run_high=self.run_high,
            joker_ratio=self.joker_ratio,
            max_jokers=self.max_jokers_per_meld,
        )

    @functools.cached_property
    def all_wild_ranks(self) -> frozenset[Rank]:
        """Every rank that is wild: ``wild_ranks`` plus 2 under ``deuces_wild``."""
        return self.wild_ranks | ({Rank.TWO} if self.deuces_wild else frozenset())

    @functools.cached_property
    def rank_points(self) -> tuple[int, ...]:
        """What a natural (not wild) card of each rank costs, ace first.

        That is ``card_points``, with 2 to 10 at ``flat_points`` under ``number_cards_flat``.

        Examples:
            >>> flat = CONTRACT_RUMMY.with_options({"number_cards_flat": True})
            >>> CONTRACT_RUMMY.rank_points[:3], flat.rank_points[:3], flat.rank_points[10:]
            ((15, 2, 3), (15, 5, 5), (10, 10, 10))
        """
        flat = self.number_cards_flat
        return tuple(self.flat_points if flat and 2 <= r <= 10 else self.card_points[r - 1] for r in range(1, 14))

    def is_wild(self, piece: Piece) -> bool:
        """Whether a piece may act as a joker: a joker, or a card of a wild rank.

        Examples:
            >>> from rummylib import Card
            >>> CONTRACT_RUMMY.with_options({"deuces_wild": True}).is_wild(Card.parse("2h"))
            True
        """
        return isinstance(piece, Joker) or (isinstance(piece, Card) and piece.rank in self.all_wild_ranks)

    def most_jokers(self, naturals: int) -> int | None:
        """The most jokers one meld may hold beside ``naturals`` natural pieces (None: no limit).

        ``joker_ratio`` allows no more jokers than naturals; ``max_jokers_per_meld`` caps them.

        Examples:
            >>> ratio = SHANGHAI.with_options({"joker_ratio": True})
            >>> ratio.most_jokers(2), SHANGHAI.most_jokers(2) is None
            (2, True)
        """
        ratio = naturals if self.joker_ratio else None
        cap = self.max_jokers_per_meld
        if ratio is None or cap is None:
            return cap if ratio is None else ratio
        return min(ratio, cap)

    def too_many_jokers(self, jokers: int, naturals: int) -> str | None:
        """Why one meld may not hold ``jokers`` jokers beside ``naturals`` natural pieces, or None.

        Examples:
            >>> ratio = SHANGHAI.with_options({"joker_ratio": True})
            >>> ratio.too_many_jokers(2, 2) is None
            True
            >>> ratio.too_many_jokers(3, 2)
            '3 jokers but only 2 natural pieces; a meld may hold no more jokers than natural pieces'
        """
        if self.joker_ratio and jokers > naturals:
            pieces = f"{naturals} natural piece{'s' if naturals != 1 else ''}"
            return f"{jokers} jokers but only {pieces}; a meld may hold no more jokers than natural pieces"
        if self.max_jokers_per_meld is not None and jokers > self.max_jokers_per_meld:
            return f"{jokers} jokers; at most {self.max_jokers_per_meld} allowed in one meld"
        return None

    def decks_for(self, players: int) -> tuple[int, int]:
        """``(decks, jokers)`` used by a card game with this many players.

        Raises:
            RuleSetError: the game is not for that many players, or is played with tiles.

        Examples:
            >>> CONTRACT_RUMMY.decks_for(4), CONTRACT_RUMMY.decks_for(5), SHANGHAI.decks_for(5)
            ((2, 3), (3, 4), (3, 2))
        """
        self.check_players(players)
        if self.family is not Family.CARDS:
            raise RuleSetError(f"{self.title} is played with tiles, not decks of cards")
        row = [r for r in self.deck_table if r[0] <= players][-1]
        decks, table_jokers = row[1], row[2]
        if self.jokers is JokerPolicy.PLAYERS_MINUS_ONE:
            return decks, players - 1
        if self.jokers is JokerPolicy.ALL:
            return decks, 2 * decks
        return decks, table_jokers

    def check_players(self, players: int) -> int:
        """``players`` itself, once it is known to be a number of players the game is for.

        Raises:
            RuleSetError: the game is not for that many players (code ``bad-players``).
            TypeError: ``players`` is not an ``int``.

        Examples:
            >>> RUMMIKUB.check_players(4)
            4
            >>> RUMMIKUB.check_players(5)
            Traceback (most recent call last):
            ...
            rummylib.errors.RuleSetError: Rummikub is for 2 to 4 players, not 5
        """
        if isinstance(players, bool) or not isinstance(players, int):
            raise TypeError(f"players must be an int, not {type(players).__name__}")
        if not self.min_players <= players <= self.max_players:
            raise RuleSetError(
                f"{self.title} is for {self.min_players} to {self.max_players} players, not {players}",
                code=ErrorCode.BAD_PLAYERS,
            )
        return players

    @functools.cached_property
    def max_jokers(self) -> int:
        """The most jokers that can be in play in one game of this kind (any player count)."""
        if self.family is Family.TILES:
            return self.box_jokers
        return max(self.decks_for(p)[1] for p in range(self.min_players, self.max_players + 1))

    def round(self, number: int) -> Round:
        """Round ``number`` (from 1) of a contract game.

        Raises:
            RuleSetError: the game has no such round (code ``unknown-round``).

        Examples:
            >>> str(SHANGHAI.round(10).contract)
            'three runs of 5 or more'
            >>> SHANGHAI.round(11)
            Traceback (most recent call last):
            ...
            rummylib.errors.RuleSetError: Shanghai has rounds 1 to 10, not 11
        """
        if isinstance(number, bool) or not isinstance(number, int):
            raise TypeError(f"round must be an int, not {type(number).__name__}")
        if not self.rounds:
            raise RuleSetError(f"{self.title} has no contract rounds", code=ErrorCode.UNKNOWN_ROUND)
        if not 1 <= number <= len(self.rounds):
            raise RuleSetError(
                f"{self.title} has rounds 1 to {len(self.rounds)}, not {number}", code=ErrorCode.UNKNOWN_ROUND
            )
        return self.rounds[number - 1]

    def buy_limit(self, round_number: int) -> int | None:
        """Most buys a player may make in the given round (``None``: no limit).

        Examples:
            >>> SHANGHAI.buy_limit(1), SHANGHAI.with_options({"max_buys_by_round": [3]*8 + [4, 4]}).buy_limit(1)
            (4, 3)
        """
        self.round(round_number)
        if self.max_buys_by_round is not None:
            return self.max_buys_by_round[round_number - 1]
        return self.max_buys

    # --- pieces -----------------------------------------------------------------------------
    def check_piece(self, piece: Piece, token: str | None = None) -> Piece:
        """``piece`` itself, once it is known to be a piece of this game; raises otherwise.

        ``token`` is the notation the piece was read from, quoted in the message when given.

        Raises:
            NotationError: a piece the game does not have (code ``bad-notation``).
            InvalidPiecesError: something that is not a piece at all (code ``not-a-piece``).

        Examples:
            >>> from rummylib import Card, Tile
            >>> RUMMIKUB.check_piece(Tile.parse("r5"))
            Tile.parse('R5')
            >>> RUMMIKUB.check_piece(Card.parse("5h"))
            Traceback (most recent call last):
            ...
            rummylib.errors.NotationError: '5h' is a card, but Rummikub is played with tiles
        """
        problem = self._piece_problem(piece)
        if problem is not None:
            shown = repr(token) if token is not None else repr(str(piece))
            raise NotationError(f"{shown} {problem}", text=token)
        return piece

    def has_piece(self, piece: Piece) -> bool:
        """Whether ``piece`` belongs to this game (its family, colours, numbers and jokers).

        Examples:
            >>> from rummylib import Tile, Color
            >>> RUMMIKUB.has_piece(Tile(Color.RED, 5)), RUMMIKUB.has_piece(Tile(Color.GREEN, 5))
            (True, False)
        """
        return self._piece_problem(piece) is None

    def _piece_problem(self, piece: Piece) -> str | None:
        if isinstance(piece, Joker):
            return f"is a joker, but {self.title} is played without jokers" if self.max_jokers == 0 else None
        if isinstance(piece, Tile):
            if self.family is not Family.TILES:
                return f"is a tile, but {self.title} is played with cards"
            if piece.number > self.max_number or piece.color not in self.colors:
                letters = " ".join(c.value for c in self.colors)
                return f"is not in the {self.title} box (colours {letters}, numbers 1-{self.max_number})"
            return None
        if isinstance(piece, Card):
            return f"is a card, but {self.title} is played with tiles" if self.family is not Family.CARDS else None
        shown = repr(piece) if len(repr(piece)) <= 40 else repr(piece)[:37] + "..."
        raise InvalidPiecesError(f"{shown} is not a piece (a tile, a card or a joker)", code=ErrorCode.NOT_A_PIECE)

    def check_piece_counts(self, pieces: Iterable[Piece], *, what: str = "these pieces") -> tuple[Piece, ...]:
        """The pieces, as a tuple in the order given, once they could all exist at once in one game.

        Each piece must belong to the game, no tile or card may appear more often than it exists
        (``copies``), and there may be no more jokers than the game can have.

        Raises:
            NotationError: a piece does not belong to the game.
            InvalidPiecesError: too many copies of a piece (code ``too-many-copies``), or
                something that is not a piece (code ``not-a-piece``).
            LimitExceededError: more pieces than the whole game holds.

        Examples:
            >>> from rummylib import parse_pieces
            >>> RUMMIKUB.check_piece_counts(parse_pieces("r5 r5 * *"))
            (Tile.parse('R5'), Tile.parse('R5'), JOKER, JOKER)
            >>> RUMMIKUB.check_piece_counts(parse_pieces("* * *"))
            Traceback (most recent call last):
            ...
            rummylib.errors.InvalidPiecesError: these pieces: 3 jokers, but Rummikub has at most 2
        """
        held = tuple(itertools.islice(pieces, self.total_pieces + 1))
        if len(held) > self.total_pieces:
            raise LimitExceededError(f"{what}: more than the {self.total_pieces} pieces a game of {self.title} has")
        try:
            counts = Counter(held)
        except TypeError:  # something unhashable: check_piece names it
            for piece in held:
                self.check_piece(piece)
            raise  # pragma: no cover - an unhashable value is never a piece
        box = self._box
        for piece, n in counts.items():
            if piece not in box:
                try:
                    self.check_piece(piece)
                except NotationError as exc:
                    raise NotationError(f"{what}: {exc.message}", text=exc.text) from None
            if isinstance(piece, Joker):
                if n > self.max_jokers:
                    raise InvalidPiecesError(f"{what}: {n} jokers, but {self.title} has at most {self.max_jokers}")
            elif n > self.copies:
                raise InvalidPiecesError(f"{what}: {n} copies of {piece}, but {self.title} has at most {self.copies}")
        return held

    @functools.cached_property
    def _box(self) -> frozenset[Piece]:
        """Every distinct piece of the game (a quick test before `check_piece`'s own)."""
        found: set[Piece] = set()
        if self.family is Family.TILES:
            found.update(Tile(c, n) for c in self.colors for n in range(1, self.max_number + 1))
        else:
            found.update(Card(Rank(r), s) for r in range(1, 14) for s in Suit)
        if self.max_jokers:
            found.add(Joker())
        return frozenset(p for p in found if self._piece_problem(p) is None)

    @functools.cached_property
    def total_pieces(self) -> int:
        """How many pieces the largest game of this kind holds."""
        if self.family is Family.TILES:
            return len(self.colors) * self.max_number * self.copies + self.box_jokers
        return 52 * self.copies + self.max_jokers

    def piece_points(self, piece: Piece) -> int:
        """What one piece costs a player left holding it.

        Examples:
            >>> from rummylib import parse_pieces
            >>> [RUMMIKUB.piece_points(p) for p in parse_pieces("r5 k13 *")]
            [5, 13, 30]
            >>> [CONTRACT_RUMMY.piece_points(p) for p in parse_pieces("* Ah Kd 7c")]
            [25, 15, 10, 7]
        """
        if isinstance(piece, Joker):
            return self.joker_points
        if isinstance(piece, Tile):
            return piece.number
        if piece.rank in self.all_wild_ranks:
            return self.joker_points if self.wild_card_points is None else self.wild_card_points
        return self.rank_points[piece.rank - 1]

    # --- options by name --------------------------------------------------------------------
    def with_options(self, options: Mapping[str, object]) -> RuleSet:
        """A copy with the named options changed, for callers who speak JSON.

        Values are checked and converted: enums from their strings, tuples from lists, ranks from
        notation (``"5"``, ``"A"``) or numbers. ``joker_penalty`` is another name for
        ``joker_points``. ``name``, ``title``, ``family`` and ``scoring`` cannot be changed.

        Raises:
            RuleSetError: an unknown option (code ``unknown-option``), a value of the wrong kind
                (code ``bad-option``), or options that contradict each other.

        Examples:
            >>> RUMMIKUB.with_options({"joker_penalty": 50, "joker_retrieval": "replace"}).joker_points
            50
            >>> RUMMIKUB.with_options({"initial_meld_points": "thirty"})
            Traceback (most recent call last):
            ...
            rummylib.errors.RuleSetError: option 'initial_meld_points' must be an integer, not 'thirty'
            >>> RUMMIKUB.with_options({"joker_penalt": 5})
            Traceback (most recent call last):
            ...
            rummylib.errors.RuleSetError: unknown option 'joker_penalt' for Rummikub
        """
        if not isinstance(options, Mapping):
            raise RuleSetError(
                f"options must be an object of names to values, not {type(options).__name__}", code=ErrorCode.BAD_OPTION
            )
        hints = _field_types()
        changes: dict[str, Any] = {}
        for raw_name, value in options.items():
            name = _OPTION_ALIASES.get(raw_name, raw_name) if isinstance(raw_name, str) else raw_name
            if not isinstance(name, str) or name not in hints or name in _FIXED_FIELDS:
                raise RuleSetError(f"unknown option {raw_name!r} for {self.title}", code=ErrorCode.UNKNOWN_OPTION)
            games = _option_games()[name]
            if self.scoring not in games:
                raise RuleSetError(_not_a_rule(name, self.title, games), code=ErrorCode.BAD_OPTION)
            try:
                changes[name] = _OPTIONS.decode(value, hints[name], name)
            except BadValue as exc:
                raise _option_error(name, exc) from None
        try:
            return attrs.evolve(self, **changes)
        except RuleSetError:
            raise
        except (TypeError, ValueError) as exc:
            raise RuleSetError(f"bad options for {self.title}: {exc}", code=ErrorCode.BAD_OPTION) from None

    def options(self) -> dict[str, object]:
        """Every changeable option with its value, in JSON-ready form.

        Examples:
            >>> RUMMIKUB.options()["joker_retrieval"], RUMMIKUB.options()["colors"]
            ('free', ['K', 'B', 'Y', 'R'])
        """
        hints = _field_types()
        return {
            f.name: _OPTIONS.encode(getattr(self, f.name), hints[f.name])
            for f in attrs.fields(RuleSet)
            if f.name not in _FIXED_FIELDS and self.scoring in f.metadata[_GAMES]
        }

    def lower_scores_win(self, *, whole_game: bool = False) -> bool:
        """Whether a lower score is the better one in this game's results (a round's, or a whole game's).

        Penalty points (contract games, Indian Rummy's deals and its pool and deals games) are
        better low; Rummikub's rack payments, Gin Rummy's points and a points game of Indian Rummy
        (what each loser pays the winner) are better high. The results of the referees
        (`rummylib.referee.Outcome.lower_wins`) say the same.

        Examples:
            >>> SHANGHAI.lower_scores_win(), RUMMIKUB.lower_scores_win(), GIN_RUMMY.lower_scores_win(whole_game=True)
            (True, False, False)
            >>> INDIAN_RUMMY.lower_scores_win(), INDIAN_RUMMY.lower_scores_win(whole_game=True)
            (True, False)
        """
        if self.scoring is ScoringScheme.CONTRACT:
            return True
        if self.scoring is ScoringScheme.INDIAN:
            return not whole_game or self.indian_format is not IndianFormat.POINTS
        return False

    def has_option(self, name: str) -> bool:
        """Whether ``name`` is an option of this game (one `with_options` takes and `options` lists).

        Each option belongs to the games whose rules it changes: ``buying`` to Contract Rummy and
        Shanghai, ``knock_limit`` to Gin Rummy, ``initial_meld_points`` to Rummikub. A rule set
        refuses an option of another game, and names the games that have it.

        Examples:
            >>> RUMMIKUB.has_option("initial_meld_points"), RUMMIKUB.has_option("buying")
            (True, False)
            >>> RUMMIKUB.with_options({"buying": True})  # doctest: +ELLIPSIS
            Traceback (most recent call last):
            ...
            rummylib.errors.RuleSetError: option 'buying' is not a rule of Rummikub (games that have it: ...)
        """
        name = _OPTION_ALIASES.get(name, name)
        games = _option_games().get(name)
        return games is not None and name not in _FIXED_FIELDS and self.scoring in games

    def __repr__(self) -> str:
        """The preset it starts from and the options it changes, as code that makes it again.

        ``find_ruleset('shanghai')`` for a preset, ``find_ruleset('shanghai').with_options({...})``
        naming only the changed options for house rules; a rule set of no preset lists the fields
        that differ from `RuleSet`'s defaults. ``eval`` of it (with `find_ruleset`, `RuleSet` and
        the enums in scope) gives an equal rule set.

        Examples:
            >>> from rummylib import SHANGHAI
            >>> SHANGHAI
            find_ruleset('shanghai')
            >>> SHANGHAI.with_options({"joker_ratio": True, "min_run": 4})
            find_ruleset('shanghai').with_options({'min_run': 4, 'joker_ratio': True})
        """
        preset = PRESETS.get(self.name)
        if preset is not None and all(getattr(self, f) == getattr(preset, f) for f in _FIXED_FIELDS):
            if self == preset:
                return f"find_ruleset({self.name!r})"
            base = preset.options()
            changed = {k: v for k, v in self.options().items() if base[k] != v}
            try:
                same = preset.with_options(changed) == self
            except RuleSetError:  # pragma: no cover - options() always reads back
                same = False
            if same:
                return f"find_ruleset({self.name!r}).with_options({changed!r})"
        fields = [
            f"{f.name}={_code(getattr(self, f.name))}"
            for f in attrs.fields(RuleSet)
            if f.name in _FIXED_FIELDS or getattr(self, f.name) != f.default
        ]
        return f"RuleSet({', '.join(fields)})"


def _code(value: object) -> str:
    """A field's value as code: enum members by name (``Family.TILES``), the rest by ``repr``."""
    if isinstance(value, enum.Enum):
        return f"{type(value).__name__}.{value.name}"
    if isinstance(value, tuple):
        items = [_code(v) for v in value]
        return f"({items[0]},)" if len(items) == 1 else f"({', '.join(items)})"
    if isinstance(value, frozenset):
        return f"frozenset({{{', '.join(sorted(_code(v) for v in value))}}})" if value else "frozenset()"
    return repr(value)


_FIXED_FIELDS = frozenset({"name", "title", "family", "scoring"})
_OPTION_ALIASES = {"joker_penalty": "joker_points"}
_FIELD_TYPES: dict[str, Any] = {}


def _field_types() -> dict[str, Any]:
    if not _FIELD_TYPES:
        _FIELD_TYPES.update(typing.get_type_hints(RuleSet))
    return _FIELD_TYPES


@functools.cache
def _option_games() -> dict[str, frozenset[ScoringScheme]]:
    """Each field of `RuleSet` with the games (by scoring scheme) it is a rule of."""
    return {f.name: f.metadata.get(_GAMES, _ALL) for f in attrs.fields(RuleSet)}


def _not_a_rule(name: str, title: str, games: frozenset[ScoringScheme]) -> str:
    """The message for an option given to a game it is not a rule of, naming the games that have it."""
    having = ", ".join(r.title for r in PRESETS.values() if r.scoring in games)
    return f"option {name!r} is not a rule of {title} (games that have it: {having})"


def _read_rank(value: object, path: str) -> Rank:
    if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 13:
        return Rank(value)
    if isinstance(value, str):
        rank = RANK_LETTERS.get(value.strip().lower())
        if rank is not None:
            return Rank(rank)
    raise BadValue(path, "", expected="a rank (A, 2-10, J, Q, K)", value=value)


def _read_color(value: object, path: str) -> Color:
    try:
        return Color(value.upper() if isinstance(value, str) else value)  # type: ignore[arg-type]
    except ValueError:
        allowed = ", ".join(repr(c.value) for c in Color)
        raise BadValue(path, "", expected=f"one of {allowed}", value=value) from None


_OPTIONS = Codec(
    Limits(max_int=10**6, max_items=64, max_text=1_000),
    specials=(
        Special(matches=lambda hint: hint is Rank, write=lambda rank: rank.symbol, read=_read_rank),
        Special(matches=lambda hint: hint is Color, write=lambda color: color.value, read=_read_color),
    ),
)
"""How rule options are written and read as JSON: ranks by symbol, colours by letter, small sizes."""


def _option_error(name: str, exc: BadValue) -> RuleSetError:
    where = exc.path if exc.path != name else name
    if exc.expected is not None:
        return RuleSetError(
            f"option {where!r} must be {exc.expected}, not {preview(exc.value)}", code=ErrorCode.BAD_OPTION
        )
    return RuleSetError(f"option {where!r}: {exc.detail}", code=ErrorCode.BAD_OPTION)


# ------------------------------------------------------------------------------------------
# Presets
# ------------------------------------------------------------------------------------------

RUMMIKUB = RuleSet(
    name="rummikub",
    title="Rummikub",
    family=Family.TILES,
    scoring=ScoringScheme.RACK,
    joker_points=30,
)
"""Rummikub: 106 tiles, groups of 3-4 distinct colours, runs of 3+ with no wrap, 30-point opening."""

CONTRACT_RUMMY = RuleSet(
    name="contract_rummy",
    title="Contract Rummy",
    family=Family.CARDS,
    scoring=ScoringScheme.CONTRACT,
    copies=3,
    deck_table=((2, 2, 1), (5, 3, 2)),
    jokers=JokerPolicy.PLAYERS_MINUS_ONE,
    min_players=2,
    max_players=8,
    hand_size=10,
    group_max=None,
    group_distinct=False,
    min_run=4,
    ace_low=True,
    ace_high=True,
    dead_set_jokers=True,
    joker_swap=JokerSwap.AFTER_DOWN,
    joker_slides=True,
    rounds=(
        *_contract_rounds(
            [
                (10, 2, 0, 3, 4),
                (10, 1, 1, 3, 4),
                (10, 0, 2, 3, 4),
                (10, 3, 0, 3, 4),
                (12, 2, 1, 3, 4),
                (12, 1, 2, 3, 4),
            ],
            exact=True,
        ),
        Round(cards=12, contract=Contract(runs=3, run_size=4, whole_hand=True)),
    ),
    buying=True,
    buy_penalty_cards=1,
)
"""Contract Rummy (Liverpool): 7 rounds of exact contracts, buying, dead jokers in sets."""

SHANGHAI = RuleSet(
    name="shanghai",
    title="Shanghai",
    family=Family.CARDS,
    scoring=ScoringScheme.CONTRACT,
    copies=3,
    deck_table=((3, 2, 1), (5, 3, 2)),
    jokers=JokerPolicy.TABLE,
    min_players=3,
    max_players=8,
    hand_size=11,
    group_max=None,
    group_distinct=False,
    min_run=3,
    ace_low=True,
    ace_high=True,
    joker_swap=JokerSwap.ANYONE,
    swapped_joker_must_be_used=True,
    rounds=_contract_rounds(
        [
            (11, 2, 0, 3, 4),
            (11, 1, 1, 3, 4),
            (11, 0, 2, 3, 4),
            (11, 3, 0, 3, 4),
            (11, 1, 1, 3, 7),
            (11, 2, 1, 3, 5),
            (11, 0, 3, 3, 4),
            (11, 1, 1, 3, 10),
            (11, 3, 1, 3, 5),
            (11, 0, 3, 3, 5),
        ],
        exact=False,
    ),
    buying=True,
    buy_penalty_cards=1,
    multiple_buys=True,
    max_buys=4,
    one_turn_out_bonus=-25,
    one_turn_out_no_joker_bonus=-50,
)
"""Shanghai: 10 rounds of minimum-size contracts, meld or lay off each turn, up to 4 buys."""

GIN_RUMMY = RuleSet(
    name="gin_rummy",
    title="Gin Rummy",
    family=Family.CARDS,
    scoring=ScoringScheme.GIN,
    copies=1,
    deck_table=((2, 1, 0),),
    min_players=2,
    max_players=2,
    hand_size=10,
    group_max=4,
    group_distinct=True,
    min_run=3,
    ace_low=True,
    ace_high=False,
    card_points=_GIN_POINTS,
    joker_points=0,
)
"""Gin Rummy: one deck, no jokers, ace low only, knock with 10 or less."""

INDIAN_RUMMY = RuleSet(
    name="indian_rummy",
    title="Indian Rummy",
    family=Family.CARDS,
    scoring=ScoringScheme.INDIAN,
    copies=2,
    deck_table=((2, 2, 4),),
    min_players=2,
    max_players=6,
    hand_size=13,
    group_max=4,
    group_distinct=True,
    min_run=3,
    ace_low=True,
    ace_high=True,
    card_points=_INDIAN_POINTS,
    joker_points=0,
    points_cap=80,
    min_sequences=2,
    min_pure_sequences=1,
)
"""Indian Rummy: 13 cards, a wild-joker rank per deal plus printed jokers, declarations."""

PRESETS: Mapping[str, RuleSet] = types.MappingProxyType(
    {r.name: r for r in (RUMMIKUB, CONTRACT_RUMMY, SHANGHAI, GIN_RUMMY, INDIAN_RUMMY)}
)
"""The five built-in games by name."""

_ALIASES = {
    "rummikub": "rummikub",
    "contract": "contract_rummy",
    "contract_rummy": "contract_rummy",
    "liverpool": "contract_rummy",
    "liverpool_rummy": "contract_rummy",
    "shanghai": "shanghai",
    "shanghai_rummy": "shanghai",
    "gin": "gin_rummy",
    "gin_rummy": "gin_rummy",
    "indian": "indian_rummy",
    "indian_rummy": "indian_rummy",
}


def find_ruleset(name: str) -> RuleSet:
    """The preset rule set for a game name (case-insensitive; ``-`` and spaces act as ``_``).

    Raises:
        RuleSetError: no game of that name (code ``unknown-game``).

    Examples:
        >>> find_ruleset("Gin-Rummy").title, find_ruleset("shanghai_rummy").name
        ('Gin Rummy', 'shanghai')
    """
    if not isinstance(name, str):
        raise TypeError(f"game name must be a str, not {type(name).__name__}")
    key = name.strip().lower().replace("-", "_").replace(" ", "_")
    if key not in _ALIASES:
        known = ", ".join(PRESETS)
        raise RuleSetError(f"unknown game {name[:40]!r}: known games are {known}", code=ErrorCode.UNKNOWN_GAME)
    return PRESETS[_ALIASES[key]]
