"""The one way in for what public functions are given: pieces, hands, rule sets, seats, flags and seeds.

The meld engine, the tables and the scores of the core, and the engines of every game, read their
arguments with these readers, and the meld and table readers (`rummylib.melds.as_meld`,
`rummylib.table.Table.of`) are built on them, so the same mistake gets the same error wherever it
is made:

* something that is not a piece (``5``, ``None``) where pieces are expected: `InvalidPiecesError`,
  code ``not-a-piece``, naming the item;
* bad notation (``"r14"``), or a piece the game does not have (a card in Rummikub, a tile in
  Shanghai): `NotationError`, code ``bad-notation``;
* more copies of a piece than the game has (``"r5 r5 r5"``): `InvalidPiecesError`, code
  ``too-many-copies``;
* ``rules`` that is not a `RuleSet`, a flag that is not a ``bool`` (``"false"``), a seat that is
  not a whole number (``"0"``, ``True``), a seed that is neither an int nor a str:
  `ArgumentError`, code ``bad-argument`` (a ``TypeError`` too);
* an endless iterable where pieces are expected: read up to one item past the most the game holds,
  then refused as too many (`LimitExceededError`, code ``too-large``);
* a card game's rules given to an operation of tile games (the turn judge, the solver):
  `RuleSetError`, code ``unsupported-rules`` (`tile_rules`).

Every reader takes ``what``, the argument's name in messages ("the rack", "the hand"). The common
case costs little: a tuple of pieces is returned as it is (never copied or read again) after a
test of the types of its items made in C, plus one set lookup per tile in a tile game to see that
it is in the box (cards need none: every card is in every card game); notation is read once and
remembered (`rummylib.notation.parse_pieces`). The hot paths (the turn judge, the Gin engine)
skip even that with ``check=False``: their own pass over the pieces checks them, with the same
errors.

This module sits under the meld engine and `rummylib.table` (they use it too), so it imports only
the pieces, the notation and the rule sets; melds and tables are read by `as_meld` and `Table.of`.

Examples:
    >>> from rummylib import RUMMIKUB
    >>> pieces("r5 *", rules=RUMMIKUB, what="the rack")
    (Tile.parse('R5'), JOKER)
    >>> hand(["r5", 5], rules=RUMMIKUB, what="the rack")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    rummylib.errors.InvalidPiecesError: the rack holds 'r5', which is not a piece ...
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping
from typing import Any, TypeAlias, TypeVar, cast

from rummylib.cards import Card
from rummylib.errors import (
    ArgumentError,
    ErrorCode,
    InvalidPiecesError,
    LimitExceededError,
    NotationError,
    RuleSetError,
    RummyError,
    ScoringInputError,
)
from rummylib.notation import parse_piece, parse_pieces
from rummylib.pieces import Family, Joker, Piece, PieceCount, piece_sort_key
from rummylib.rules import MAX_MELD_PIECES, RuleSet
from rummylib.tiles import Tile

__all__ = [
    "MOST_PIECES",
    "PIECE_TYPES",
    "TABLE_FORMS",
    "Seed",
    "bounded",
    "flag",
    "hand",
    "integer",
    "is_seat",
    "meld_pieces",
    "not_a_piece",
    "piece",
    "piece_lists",
    "pieces",
    "player",
    "ruleset",
    "seat",
    "seed",
    "sorted_pieces",
    "tile_rules",
]

_P = TypeVar("_P", bound=Piece)

PIECE_TYPES: frozenset[type] = frozenset({Tile, Card, Joker})
"""The classes of pieces, for a test of a whole sequence at once (``issuperset(map(type, ...))``)."""

_CARD_KINDS: frozenset[type] = frozenset({Card, Joker})

Seed: TypeAlias = int | str
"""A seed: the same seed shuffles and deals the same way, every time and on every machine."""

MOST_PIECES = 1000
"""More pieces than any game of any rule set holds: pieces given without rules are cut here."""

TABLE_FORMS = (
    "a table is a Table, notation with its melds separated by '|' (\"r1 r2 r3 | k7 b7 y7\"), or a "
    'sequence of melds, each a Meld, notation ("r1 r2 r3"), or a sequence of pieces or of their '
    'notation (["r1", "r2", "r3"])'
)
"""The forms a table may be given in, for the messages of what cannot be read as one."""


def ruleset(rules: object) -> RuleSet:
    """``rules`` itself, once it is known to be a `RuleSet`.

    Raises:
        ArgumentError: ``rules`` is not a `RuleSet` (a name like ``"gin"`` is found with
            `find_ruleset`); code ``bad-argument``, a ``TypeError`` too.

    Examples:
        >>> from rummylib import GIN_RUMMY
        >>> ruleset(GIN_RUMMY) is GIN_RUMMY
        True
        >>> ruleset("gin")
        Traceback (most recent call last):
        ...
        rummylib.errors.ArgumentError: rules must be a RuleSet, not str
    """
    if isinstance(rules, RuleSet):
        return rules
    raise ArgumentError(f"rules must be a RuleSet, not {type(rules).__name__}")


def tile_rules(rules: object, *, what: str) -> RuleSet:
    """``rules`` itself, once it is known to be the `RuleSet` of a game of tiles.

    The one check of every operation made for tiles only (the turn judge, its scores, the solver),
    so that each refuses a card game the same way; ``what`` names the operation in the message.

    Raises:
        TypeError: ``rules`` is not a `RuleSet`.
        RuleSetError: the rules are those of a card game (code ``unsupported-rules``).

    Examples:
        >>> from rummylib import RUMMIKUB, SHANGHAI
        >>> tile_rules(RUMMIKUB, what="the solver") is RUMMIKUB
        True
        >>> tile_rules(SHANGHAI, what="the solver")
        Traceback (most recent call last):
        ...
        rummylib.errors.RuleSetError: the solver is for tile games; Shanghai is played with cards
    """
    checked = ruleset(rules)
    if checked.family is not Family.TILES:
        raise RuleSetError(
            f"{what} is for tile games; {checked.title} is played with cards", code=ErrorCode.UNSUPPORTED_RULES
        )
    return checked


def _shown(item: object) -> str:
    text = repr(item)
    return text if len(text) <= 40 else text[:37] + "..."


def not_a_piece(item: object, what: str) -> InvalidPiecesError:
    """The error for ``item``, found among the pieces of ``what`` but not a piece (to be raised).

    Readers that go through every piece anyway (the turn judge, the Gin engine) raise it from
    their own pass, so that they say the same as `pieces`.

    Examples:
        >>> err = not_a_piece(5, "the hand")
        >>> print(err.code, "/", err)
        not-a-piece / the hand holds 5, which is not a piece (a tile, a card or a joker)
    """
    return InvalidPiecesError(
        f"{what} holds {_shown(item)}, which is not a piece (a tile, a card or a joker)", code=ErrorCode.NOT_A_PIECE
    )


def _not_pieces(value: object, what: str) -> InvalidPiecesError:
    return InvalidPiecesError(
        f"{what} must be pieces (notation, a piece, or a sequence of pieces), not {type(value).__name__}",
        code=ErrorCode.NOT_A_PIECE,
    )


def bounded(value: Iterable[Any], *, limit: int, what: str) -> tuple[Any, ...]:
    """The items of ``value``, read one past ``limit`` at most: more than ``limit`` are refused.

    So an endless iterator (``itertools.repeat(...)``) is refused as too many instead of being
    held whole; a sized sequence is measured first.

    Raises:
        LimitExceededError: more than ``limit`` items (code ``too-large``).

    Examples:
        >>> bounded(iter("ab"), limit=2, what="the meld")
        ('a', 'b')
        >>> bounded(itertools.repeat(0), limit=3, what="the meld")
        Traceback (most recent call last):
        ...
        rummylib.errors.LimitExceededError: the meld holds more than 3 items, more than any game allows
    """
    if type(value) is tuple:
        held: tuple[Any, ...] = value
    elif type(value) is list:
        held = tuple(value)
    else:
        held = tuple(itertools.islice(value, limit + 1))
    if len(held) > limit:
        raise LimitExceededError(f"{what} holds more than {limit} items, more than any game allows")
    return held


def _as_tuple(value: object, what: str, limit: int = MOST_PIECES) -> tuple[object, ...]:
    """The items of ``value``: a piece alone, a `PieceCount` or any other iterable (not notation)."""
    if type(value) is list:  # the common case after a tuple: no type tests to pay for
        return tuple(value)
    if isinstance(value, Tile | Card | Joker):
        return (value,)
    if isinstance(value, PieceCount):
        return tuple(value)
    if isinstance(value, bytes | bytearray) or not isinstance(value, Iterable):
        raise _not_pieces(value, what)
    return bounded(value, limit=limit, what=what)


def _check_types(held: tuple[object, ...], what: str) -> None:
    if not PIECE_TYPES.issuperset(map(type, held)):  # only a stranger (or a subclass) gets here
        for item in held:
            if not isinstance(item, Tile | Card | Joker):
                raise not_a_piece(item, what)


def _check_game(held: tuple[Piece, ...], rules: RuleSet, what: str) -> None:
    """Raise unless every piece belongs to the game; one set test for a tile game, none for cards."""
    kinds = set(map(type, held))
    if rules.family is Family.CARDS:
        if _CARD_KINDS.issuperset(kinds) and (Joker not in kinds or rules.max_jokers):
            return  # every card is in a game of cards
    elif Card not in kinds and rules._box.issuperset(held):
        return
    for p in held:  # something is not of the game: say which, as the notation reader does
        try:
            rules.check_piece(p)
        except NotationError as exc:
            raise NotationError(f"{what}: {exc.message}", text=exc.text) from None


def pieces(value: object, *, rules: RuleSet | None, what: str, check: bool = True) -> tuple[Piece, ...]:
    """The pieces ``value`` holds, in order and with duplicates, each checked to be a piece of the game.

    ``value`` may be notation, one piece, a `PieceCount`, a `Meld` or any iterable of pieces; a
    tuple is returned as it is. Notation is read with ``rules`` (and so checked by it). Without
    ``rules`` any piece is accepted.

    ``check=False`` skips the test of each piece for callers whose own pass over the pieces
    refuses the same things with the same errors (`not_a_piece`, ``rules.check_piece``): the turn
    judge and the Gin engine, on their hot paths.

    Raises:
        InvalidPiecesError: an item that is not a piece, or a value that holds no pieces (code
            ``not-a-piece``).
        NotationError: bad notation, or a piece the game does not have.
        LimitExceededError: notation longer than `rummylib.notation.MAX_TEXT_LENGTH`.

    Examples:
        >>> from rummylib import RUMMIKUB, SHANGHAI, Tile
        >>> pieces(Tile.parse("r5"), rules=RUMMIKUB, what="the tile")
        (Tile.parse('R5'),)
        >>> pieces([Tile.parse("r5")], rules=SHANGHAI, what="the cards")
        Traceback (most recent call last):
        ...
        rummylib.errors.NotationError: the cards: 'R5' is a tile, but Shanghai is played with cards
    """
    if type(value) is tuple:  # the common case: pieces read before
        held = value
    elif isinstance(value, str):
        return parse_pieces(value, rules=rules)  # checked by the reader; remembered when short
    else:
        held = _as_tuple(value, what, MOST_PIECES if rules is None else rules.total_pieces)
    if check:
        _check_types(held, what)
        if rules is not None:
            _check_game(cast(tuple[Piece, ...], held), rules, what)
    return cast(tuple[Piece, ...], held)


def hand(value: object, *, rules: RuleSet, what: str) -> tuple[Piece, ...]:
    """The pieces of a hand or rack (as `pieces`), which must also be able to exist all at once.

    Raises:
        InvalidPiecesError: more copies of a piece than the game has (code ``too-many-copies``),
            or an item that is not a piece (code ``not-a-piece``).
        NotationError: bad notation, or a piece the game does not have.
        LimitExceededError: more pieces than the whole game holds.

    Examples:
        >>> from rummylib import RUMMIKUB
        >>> hand("r5 r5 *", rules=RUMMIKUB, what="the rack")
        (Tile.parse('R5'), Tile.parse('R5'), JOKER)
        >>> hand("r5 r5 r5", rules=RUMMIKUB, what="the rack")
        Traceback (most recent call last):
        ...
        rummylib.errors.InvalidPiecesError: the rack: 3 copies of R5, but Rummikub has at most 2
    """
    held = pieces(value, rules=rules, what=what, check=False)
    _check_types(held, what)
    return rules.check_piece_counts(held, what=what)  # the game's box is tested there, piece by piece once


def piece(value: object, *, rules: RuleSet | None, what: str) -> Piece:
    """Exactly one piece: its notation or the piece itself, of the game when ``rules`` is given.

    Raises:
        InvalidPiecesError: ``value`` is not a piece (code ``not-a-piece``).
        NotationError: the notation is not exactly one piece, or the piece is not of the game.

    Examples:
        >>> from rummylib import SHANGHAI
        >>> piece("10h", rules=SHANGHAI, what="the card")
        Card.parse('10h')
        >>> piece(None, rules=SHANGHAI, what="the card")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        rummylib.errors.InvalidPiecesError: the card holds None, which is not a piece ...
    """
    if isinstance(value, str):
        return parse_piece(value, rules=rules)
    if not isinstance(value, Tile | Card | Joker):
        raise not_a_piece(value, what)
    if rules is not None:
        _check_game((value,), rules, what)
    return value


def piece_lists(value: object, *, rules: RuleSet, what: str, each: str) -> tuple[tuple[Piece, ...], ...]:
    """Several hands or racks, one per player, each read by `pieces`; together they must exist at once.

    ``what`` names them all ("the racks"), ``each`` one of them ("rack": "the rack of player 1").

    Raises:
        TypeError: one string or one piece where a list of hands is expected.
        InvalidPiecesError: an item that is not a piece (code ``not-a-piece``), or more copies of a
            piece in the hands together than the game has (code ``too-many-copies``).
        NotationError: bad notation, or a piece the game does not have.

    Examples:
        >>> from rummylib import RUMMIKUB
        >>> piece_lists(["", "r5 k3", ("*",)], rules=RUMMIKUB, what="the racks", each="rack")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        rummylib.errors.InvalidPiecesError: the rack of player 2 holds '*', which is not a piece ...
        >>> piece_lists(["", "r5 k3", "*"], rules=RUMMIKUB, what="the racks", each="rack")
        ((), (Tile.parse('R5'), Tile.parse('K3')), (JOKER,))
    """
    if isinstance(value, str | Tile | Card | Joker | PieceCount) or not isinstance(value, Iterable):
        raise TypeError(f"{what} must be a list with one {each} per player, not {type(value).__name__}")
    lists = tuple(pieces(item, rules=rules, what=f"the {each} of player {i}") for i, item in enumerate(value))
    rules.check_piece_counts([p for held in lists for p in held], what=what)
    return lists


def meld_pieces(value: object, *, rules: RuleSet | None, what: str) -> tuple[Piece, ...]:
    """The pieces of one meld given as notation or pieces, checked to be pieces and few enough.

    Unlike `pieces`, a piece the game does not have is let through: judging a meld reports it
    (``piece-not-in-game``); notation, as always, is read with ``rules``, whether the whole meld
    (``"r1 r2 r3"``) or each of its pieces (``["r1", "r2", "r3"]``). One piece alone is no meld. A
    `Meld` is a sequence of pieces too, so its pieces are checked the same way (its tuple is not
    copied).

    Raises:
        InvalidPiecesError: an item that is not a piece, or a value that is no meld (code
            ``not-a-piece``).
        NotationError: bad notation.
        LimitExceededError: more pieces than any meld of any game (`rummylib.rules.MAX_MELD_PIECES`).

    Examples:
        >>> from rummylib import RUMMIKUB, Card
        >>> meld_pieces([Card.parse("5h")], rules=RUMMIKUB, what="the meld")
        (Card.parse('5h'),)
        >>> meld_pieces(["r5", "r6", "*"], rules=RUMMIKUB, what="the meld")
        (Tile.parse('R5'), Tile.parse('R6'), JOKER)
        >>> meld_pieces(Card.parse("5h"), rules=RUMMIKUB, what="the meld")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        rummylib.errors.InvalidPiecesError: the meld must be a Meld, notation, or a sequence of pieces ..., not Card
    """
    if type(value) is tuple:  # the common case: the pieces of a Meld
        held: tuple[object, ...] = value
    elif isinstance(value, str):
        held = parse_pieces(value, rules=rules)
    elif isinstance(value, Tile | Card | Joker | PieceCount | bytes | bytearray | Mapping) or not isinstance(
        value, Iterable
    ):
        raise InvalidPiecesError(
            f"{what} must be a Meld, notation, or a sequence of pieces or of their notation, not "
            f"{type(value).__name__}",
            code=ErrorCode.NOT_A_PIECE,
        )
    elif type(value) is list:
        held = tuple(value)
    else:  # any other iterable, read no further than one piece too many (it may never end)
        held = tuple(itertools.islice(value, MAX_MELD_PIECES + 1))
        if len(held) > MAX_MELD_PIECES:
            raise LimitExceededError(f"{what} has more than {MAX_MELD_PIECES} pieces, more than any meld of any game")
    if len(held) > MAX_MELD_PIECES:
        raise LimitExceededError(
            f"{what} has {len(held)} pieces, more than any meld of any game (limit {MAX_MELD_PIECES})"
        )
    if not PIECE_TYPES.issuperset(map(type, held)):
        if any(isinstance(item, str) for item in held):  # the notation of each piece
            held = tuple(parse_piece(item, rules=rules) if isinstance(item, str) else item for item in held)
        _check_types(held, what)
    return cast(tuple[Piece, ...], held)


def is_seat(value: object, players: int | None = None) -> bool:
    """Whether ``value`` is a seat: a whole number from 0 (never a ``bool``), below ``players`` when given.

    The one test of a seat: `seat` and `player` raise on it, the referees refuse on it.

    Examples:
        >>> is_seat(1, 2), is_seat(2, 2), is_seat(True, 2), is_seat("0"), is_seat(7)
        (True, False, False, False, True)
    """
    return (
        isinstance(value, int) and not isinstance(value, bool) and value >= 0 and (players is None or value < players)
    )


def seat(value: object, *, players: int, what: str, error: type[RummyError] = ScoringInputError) -> int:
    """A player's seat (0 to ``players - 1``), checked; ``error`` is the class the caller has always raised.

    Raises:
        ScoringInputError: (or ``error``) not a whole number, a ``bool``, or no seat at the table.

    Examples:
        >>> seat(1, players=3, what="the winner")
        1
        >>> seat(True, players=3, what="the winner")
        Traceback (most recent call last):
        ...
        rummylib.errors.ScoringInputError: the winner must be a player from 0 to 2, not True
    """
    if not is_seat(value, players):
        raise error(f"{what} must be a player from 0 to {players - 1}, not {_shown(value)}")
    return cast(int, value)


def player(instance: object, attribute: Any, value: Any) -> None:
    """The attrs validator of an action's ``player``: a seat number (which seats a table has is for its referee).

    A seat the table does not have (``-1``, ``5`` at two players) is the referee's to refuse
    (``not-a-player``), as any action it cannot take.

    Raises:
        ArgumentError: not an int, or a ``bool`` (code ``bad-argument``).

    Examples:
        >>> from rummylib.gin import DrawStock
        >>> DrawStock("0")
        Traceback (most recent call last):
        ...
        rummylib.errors.ArgumentError: DrawStock: the player must be a seat number (an int), not '0'
    """
    if isinstance(value, bool) or not isinstance(value, int):
        raise ArgumentError(
            f"{type(instance).__name__}: the {attribute.name} must be a seat number (an int), not {_shown(value)}"
        )


def integer(instance: object, attribute: Any, value: Any) -> None:
    """The attrs validator of an index field of an action: an int, not a ``bool`` (which exist is for its referee).

    Raises:
        ArgumentError: anything else (code ``bad-argument``).

    Examples:
        >>> from rummylib.contracts import LayOff
        >>> LayOff(0, "7h", "2")
        Traceback (most recent call last):
        ...
        rummylib.errors.ArgumentError: LayOff: the meld must be an int, not '2'
    """
    if isinstance(value, bool) or not isinstance(value, int):
        raise ArgumentError(f"{type(instance).__name__}: the {attribute.name} must be an int, not {_shown(value)}")


def flag(value: object, *, what: str) -> bool:
    """``value`` itself, once it is ``True`` or ``False``: a flag takes nothing else (``"false"`` is not false).

    Raises:
        ArgumentError: anything but a ``bool`` (code ``bad-argument``, a ``TypeError`` too).

    Examples:
        >>> flag(False, what="initial_meld_done")
        False
        >>> flag("false", what="initial_meld_done")
        Traceback (most recent call last):
        ...
        rummylib.errors.ArgumentError: initial_meld_done must be True or False, not 'false'
    """
    if value is True or value is False:
        return value
    raise ArgumentError(f"{what} must be True or False, not {_shown(value)}")


def seed(value: object, *, what: str = "seed") -> Seed:
    r"""``value`` itself, once it is a seed: an int (not a ``bool``) or a str that UTF-8 can write.

    A seed is hashed as UTF-8 to shuffle, so a str holding half of a surrogate pair (``"\ud800"``)
    can shuffle nothing and is refused here rather than deep inside the shuffle.

    Raises:
        ArgumentError: not an int or a str, or a str with a lone surrogate (code ``bad-argument``).

    Examples:
        >>> seed("table 7"), seed(3)
        ('table 7', 3)
        >>> seed(chr(0xD800))
        Traceback (most recent call last):
        ...
        rummylib.errors.ArgumentError: seed must be text UTF-8 can write, not '\ud800' (half a surrogate pair at 0)
    """
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise ArgumentError(f"{what} must be an int or a str, not {type(value).__name__}")
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError as exc:
            raise ArgumentError(
                f"{what} must be text UTF-8 can write, not {_shown(value)} (half a surrogate pair at {exc.start})"
            ) from None
    return value


def sorted_pieces(pieces: Iterable[_P]) -> tuple[_P, ...]:
    """``pieces`` in canonical order (`rummylib.pieces.piece_sort_key`): how a hand or a rack is kept.

    Examples:
        >>> from rummylib.notation import parse_pieces
        >>> [str(p) for p in sorted_pieces(parse_pieces("* r5 k7"))]
        ['K7', 'R5', '*']
    """
    found = tuple(pieces)
    if len(found) < 2:  # nothing to sort (a drawn piece)
        return found
    return tuple(sorted(found, key=piece_sort_key))
