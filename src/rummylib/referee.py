"""The one referee protocol every game follows, and what its referees share.

A referee state is a frozen value; every game's referee has the same shape, so a server, a bot or
an agent environment drives any game with one loop::

    state = Game.deal(rules=..., players=..., seed=...)
    while not state.is_over:
        action = choose(state.view(state.to_move), state.legal_actions(state.to_move))
        state = state.apply(action)          # IllegalActionError if refused; state unchanged
    state.result()                           # the Outcome: scores and winners
    Game.from_json(state.to_json()) == state

This module holds the `Referee` protocol, the `Outcome` every referee's ``result()`` returns, the
saved form of a state (`FORMAT`, `VERSION`, `state_to_json` / `state_from_json`), the JSON form
of actions, and the small helpers the referees share (`refuse`, `check_seat`, `replace_at`).

Examples:
    >>> from rummylib import GIN_RUMMY
    >>> from rummylib.gin import GinHand
    >>> state = GinHand.deal(rules=GIN_RUMMY, seed=7)
    >>> isinstance(state, Referee), state.to_move
    (True, 1)
    >>> GinHand.from_json(state.to_json()) == state
    True
"""

from __future__ import annotations

import copy
import functools
import json
import random
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, NoReturn, Protocol, Self, TypeVar, cast, overload, runtime_checkable

import attrs

from rummylib._inputs import flag, is_seat
from rummylib._json import BadValue, Codec, Limits, Special
from rummylib.cards import Card
from rummylib.decks import Seed, full_set
from rummylib.errors import ArgumentError, IllegalActionError, RuleId, RummyError, SaveError, Violation
from rummylib.melds import Meld
from rummylib.notation import parse_piece, parse_pieces
from rummylib.pieces import Joker, Piece, PieceCount, format_pieces
from rummylib.rules import RuleSet, find_ruleset
from rummylib.tiles import Drawable, Tile

__all__ = [
    "FORMAT",
    "MAX_SAVE_INT",
    "MAX_SAVE_ITEMS",
    "STATE_CODEC",
    "VERSION",
    "Action",
    "LegalActions",
    "Outcome",
    "Recorded",
    "Referee",
    "RefereeBase",
    "Replayable",
    "View",
    "action_from_json",
    "action_to_json",
    "check_envelope",
    "check_problems",
    "check_seat",
    "piece_problems",
    "refuse",
    "replace_at",
    "state_from_json",
    "state_to_json",
]

FORMAT = "rummylib-save"
"""The value of a saved state's ``"format"`` key."""
VERSION = 1
"""The format version this library writes and reads (a newer save is refused, never guessed at)."""
MAX_SAVE_ITEMS = 100_000
"""Most items in any list of a save (a history of 100,000 actions is far beyond a real game)."""
MAX_SAVE_INT = 2**64
"""Largest integer a save may hold (in size): seeds are integers too, so the limit is generous."""


# ------------------------------------------------------------------------------------------
# The protocol
# ------------------------------------------------------------------------------------------


@attrs.frozen
class Outcome:
    """How a game, round or hand ended: each seat's score and who won.

    Examples:
        >>> o = Outcome(scores=(38, -8, -30), winners=(0,), lower_wins=False, reason="player 0 went out")
        >>> o.scores[o.winners[0]]
        38
    """

    scores: tuple[int, ...]
    """Each seat's score, in the game's own sense: Rummikub's zero-sum points, the contract games'
    penalty points (lower is better), the points a Gin player won, Indian Rummy's points."""
    winners: tuple[int, ...]
    """The seats that won (more than one on a tie; none when nobody won, as in a drawn Gin hand)."""
    lower_wins: bool
    """Whether a lower score is the better one (penalty points)."""
    reason: str
    """Why it ended, in words."""

    def to_json(self) -> dict[str, Any]:
        """``{"scores", "winners", "lower_wins", "reason"}``.

        Examples:
            >>> Outcome(scores=(0, 5), winners=(0,), lower_wins=True, reason="player 0 went out").to_json()["winners"]
            [0]
        """
        return {
            "scores": list(self.scores),
            "winners": list(self.winners),
            "lower_wins": self.lower_wins,
            "reason": self.reason,
        }


@runtime_checkable
class Action(Protocol):
    """What every action value of every referee has: the seat acting (and a ``kind`` class name).

    Each referee's actions are frozen attrs values named by verb (``DrawStock``, ``Discard``,
    ``LayOff``, ``Knock``, ``Play``); their class attribute ``kind`` is the action's name in JSON
    (``"draw-stock"``, ``"discard"``, ...).
    """

    @property
    def player(self) -> int:
        """The seat acting, from 0."""
        ...


@runtime_checkable
class Replayable(Protocol):
    """A record of a turn that knows the action replaying it (a Rummikub game's `history`)."""

    @property
    def action(self) -> Action:
        """The action that replays the turn."""
        ...


@runtime_checkable
class Recorded(Protocol):
    """A state that keeps its own history, and can be checked against it."""

    def verify_history(self) -> Self:
        """The state itself, once it is exactly what its seed and its history give."""
        ...


@runtime_checkable
class View(Protocol):
    """What one seat may see of a state, and nothing more; serialises to JSON.

    Every game's view (`rummylib.rummikub.RummikubView`, `rummylib.contracts.RoundView`,
    `rummylib.gin.GinView`, `rummylib.indian.IndianView`), of a single round or of a whole game,
    has these attributes, and its `to_json` has them under the same keys, with the same meaning:
    a program reading any game's views reads them one way. Each game adds its own keys (the
    glossary of the documentation lists them all).

    Examples:
        >>> from rummylib import RUMMIKUB
        >>> from rummylib.rummikub import RummikubGame
        >>> v: View = RummikubGame.deal(rules=RUMMIKUB, players=2, seed=1).view(0)
        >>> isinstance(v, View), v.viewer, v.to_move, len(v.hand), v.hand_sizes, v.stock_size, v.is_over
        (True, 0, 0, 14, (14, 14), 78, False)
        >>> sorted({"viewer", "to_move", "hand", "hand_sizes", "stock_size", "is_over"} - v.to_json().keys())
        []
    """

    @property
    def viewer(self) -> int | None:
        """The seat whose view this is (``None`` for a spectator's view of the whole table)."""
        ...

    @property
    def to_move(self) -> int | None:
        """The seat whose decision it is, ``None`` once over."""
        ...

    @property
    def hand(self) -> tuple[Piece, ...]:
        """The viewer's own pieces: a card player's hand, a Rummikub player's rack (empty for a spectator)."""
        ...

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many pieces each seat holds, by seat."""
        ...

    @property
    def stock_size(self) -> int:
        """How many pieces are left to draw (the stock; Rummikub's pool)."""
        ...

    @property
    def is_over(self) -> bool:
        """Whether the round, hand, deal or game viewed has ended."""
        ...

    def to_json(self) -> dict[str, Any]:
        """The view as a JSON-ready dict (the shared attributes under the same names)."""
        ...


_E = TypeVar("_E")
_ACTION_KINDS = frozenset(
    {"draw-stock", "draw-discard", "discard", "knock", "buy", "decline-buy", "lay-down", "lay-off", "swap-joker"}
    | {"declare", "drop", "play", "draw", "pass", "timeout"}
)
"""The ``kind`` of every action class of every referee (a test holds it equal to their ``ACTIONS``)."""


class LegalActions(Sequence[_E]):
    """The legal actions a referee lists, as a read-only sequence built only as far as it is asked.

    Every referee's ``legal_actions`` returns one. It is a `collections.abc.Sequence`: ``len``,
    indexing, slicing (a tuple), iteration and ``in`` work as on a tuple, it equals the tuple of the
    same actions in the same order (and another `LegalActions` of them), ``+`` joins it to a tuple,
    and it is hashable and immutable. A referee whose list is costly (a contract round's play phase,
    with every lay-down that meets the contract) gives its list in parts, each part of one action
    ``kind``, built on first need:

    * `any_of` asks whether there is an action of a kind, building only the parts of that kind;
    * ``action in actions`` first asks the referee's legality check, so an illegal action is
      answered without listing; a legal one is looked for in the parts of its kind only (an
      action is listed in one way only: a lay-down written in another order is legal but not
      listed);
    * ``len``, indexing, iteration and equality build the whole list once and keep it.

    Examples:
        >>> from rummylib import SHANGHAI
        >>> from rummylib.contracts import ContractRound
        >>> from rummylib.contracts.actions import DrawStock
        >>> r = ContractRound.deal(rules=SHANGHAI, players=3, seed=0)
        >>> actions = r.legal_actions()
        >>> actions
        LegalActions((DrawStock(player=1), DrawDiscard(player=1)))
        >>> len(actions), actions[0], DrawStock(1) in actions, DrawStock(2) in actions
        (2, DrawStock(player=1), True, False)
        >>> actions.any_of("draw-stock"), actions.any_of("lay-down"), actions == (DrawStock(1),) + actions[1:]
        (True, False, True)
        >>> LegalActions(("a", "b"))[::-1]
        ('b', 'a')
    """

    __slots__ = ("_is_legal", "_items", "_parts")

    def __init__(
        self,
        actions: Iterable[_E] = (),
        *,
        parts: Sequence[tuple[str, Callable[[], Iterable[_E]]]] = (),
        is_legal: Callable[[_E], bool] | None = None,
    ) -> None:
        """The sequence of ``actions`` then of each part's actions (``(kind, build)``, built on first need).

        ``is_legal`` is the referee's legality check: when it refuses an action, ``in`` says no
        without building anything (it must accept every action the parts list).
        """
        first = tuple(actions)
        self._items: tuple[_E, ...] | None = first if not parts else None
        self._parts: list[tuple[str, Callable[[], Iterable[_E]], tuple[_E, ...] | None]] = [
            ("", tuple, first),
            *((kind, build, None) for kind, build in parts),
        ]
        self._is_legal = is_legal

    def _part(self, index: int) -> tuple[_E, ...]:
        kind, build, done = self._parts[index]
        if done is None:
            done = tuple(build())
            self._parts[index] = (kind, build, done)
        return done

    @property
    def _all(self) -> tuple[_E, ...]:
        if self._items is None:
            self._items = tuple(a for i in range(len(self._parts)) for a in self._part(i))
        return self._items

    def _of_kind(self, kind: str) -> Iterator[_E]:
        for i, (k, _build, _done) in enumerate(self._parts):
            if i == 0:
                yield from (a for a in self._part(0) if getattr(a, "kind", None) == kind)
            elif k == kind:
                yield from self._part(i)

    def any_of(self, kind: str) -> bool:
        """Whether an action of this ``kind`` (``"lay-down"``, ``"discard"``, ...) is listed, building only that kind.

        Examples:
            >>> from rummylib import GIN_RUMMY
            >>> from rummylib.gin import GinHand
            >>> actions = GinHand.deal(rules=GIN_RUMMY, seed=7).legal_actions()
            >>> actions.any_of("draw-stock"), actions.any_of("knock")
            (True, False)
            >>> try:
            ...     actions.any_of("nope")
            ... except ArgumentError as exc:
            ...     print(exc.code, "/", exc)  # doctest: +ELLIPSIS
            bad-argument / no action is of kind 'nope'; the kinds are buy, declare, ...

        Raises:
            ArgumentError: ``kind`` is not the kind of any action (code ``bad-argument``).
        """
        if not isinstance(kind, str) or (kind not in _ACTION_KINDS and all(k != kind for k, _b, _d in self._parts[1:])):
            known = ", ".join(sorted(_ACTION_KINDS | {k for k, _b, _d in self._parts[1:]}))
            raise ArgumentError(f"no action is of kind {str(kind)[:40]!r}; the kinds are {known}")
        if self._items is not None:
            return any(getattr(a, "kind", None) == kind for a in self._items)
        return next(self._of_kind(kind), None) is not None

    def __len__(self) -> int:
        return len(self._all)

    @overload
    def __getitem__(self, index: int) -> _E: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[_E, ...]: ...
    def __getitem__(self, index: int | slice) -> _E | tuple[_E, ...]:
        return self._all[index]

    def __iter__(self) -> Iterator[_E]:
        return iter(self._all)

    def __contains__(self, action: object) -> bool:
        if self._items is not None:
            return action in self._items
        if self._is_legal is not None:
            try:
                if not self._is_legal(cast("_E", action)):
                    return False
            except RummyError:
                return False
        kind = getattr(action, "kind", None)
        if not isinstance(kind, str):
            return action in self._all
        return any(a == action for a in self._of_kind(kind))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LegalActions):
            return self._all == other._all
        if isinstance(other, tuple):
            return self._all == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._all)

    def __add__(self, other: Sequence[_E]) -> tuple[_E, ...]:
        return self._all + tuple(other)

    def __radd__(self, other: Sequence[_E]) -> tuple[_E, ...]:
        return tuple(other) + self._all

    def __repr__(self) -> str:
        return f"LegalActions({self._all!r})"


if TYPE_CHECKING:  # PEP 696: a bare `Referee` is `Referee[Any]` (typing_extensions' stubs, for type checkers only)
    from typing_extensions import TypeVar as _DefaultTypeVar

    _A = _DefaultTypeVar("_A", default=Any)
else:
    _A = TypeVar("_A")


@runtime_checkable
class Referee(Protocol[_A]):
    """The shape of every referee state (Rummikub, contract rounds and games, Gin hands and games).

    Generic in its action type: `rummylib.gin.GinHand` is a ``Referee[GinAction]``, whose
    ``legal_actions`` are ``GinAction`` values and whose ``apply`` takes one; a bare ``Referee``
    takes any action. The class itself deals (``deal``), loads (``from_json``), reads actions
    (``action_from_json``) and names its action classes (``ACTIONS``) and its saves
    (``SAVE_TYPE``), so that a program holding ``type[Referee[A]]`` can start any game.

    Examples:
        >>> from rummylib import GIN_RUMMY
        >>> from rummylib.gin import GinHand
        >>> cls: type[Referee[object]] = GinHand
        >>> state = cls.deal(rules=GIN_RUMMY, players=2, seed=1)
        >>> state.is_legal(state.legal_actions()[0]), cls.SAVE_TYPE, len(cls.ACTIONS)
        (True, 'gin-hand', 4)
    """

    SAVE_TYPE: ClassVar[str]
    """The ``"type"`` of this state's saves (``"gin-hand"``)."""
    ACTIONS: ClassVar[tuple[type, ...]]
    """The action classes the referee takes."""

    @classmethod
    def deal(cls, *, rules: RuleSet, players: int, seed: Seed) -> Self:
        """A new game, round or hand, dealt from ``seed`` (each referee may take more options)."""
        ...

    @classmethod
    def from_json(cls, data: Mapping[str, Any], *, check: bool = True) -> Self:
        """The state a saved form holds."""
        ...

    @classmethod
    def action_from_json(cls, data: object) -> _A:
        """The action a JSON object holds."""
        ...

    @property
    def rules(self) -> RuleSet:
        """The rule set."""
        ...

    @property
    def players(self) -> int:
        """How many seats there are."""
        ...

    @property
    def to_move(self) -> int | None:
        """The seat whose decision it is (``None`` once over)."""
        ...

    @property
    def is_over(self) -> bool:
        """Whether the game, round or hand has ended."""
        ...

    def legal_actions(self, player: int | None = None) -> LegalActions[_A]:
        """Every legal action now, of ``player`` or of every seat (a lazy `LegalActions` sequence)."""
        ...

    def action_violations(self, action: _A) -> tuple[Violation, ...]:
        """Every reason ``action`` is illegal now (empty when it is legal)."""
        ...

    def is_legal(self, action: _A) -> bool:
        """Whether ``action`` is legal now."""
        ...

    def apply(self, action: _A) -> Self:
        """The state after ``action`` (raises `IllegalActionError`; ``self`` is unchanged)."""
        ...

    def view(self, player: int) -> View:
        """What ``player`` may see."""
        ...

    def result(self) -> Outcome:
        """How it ended (raises `IllegalActionError` while it goes on)."""
        ...

    def all_pieces(self) -> PieceCount:
        """Every piece of the state, wherever it is."""
        ...

    def problems(self) -> tuple[str, ...]:
        """Every reason the state could not come out of a real game (empty when it could)."""
        ...

    def to_json(self) -> dict[str, Any]:
        """The saved form: ``{"format", "version", "type", "state"}``."""
        ...


# ------------------------------------------------------------------------------------------
# What every referee shares
# ------------------------------------------------------------------------------------------


class RefereeBase(Drawable):
    """The methods every referee state shares: the checking forms of `apply` and the saved form.

    A referee (a frozen attrs class) defines ``apply``, ``problems``, ``SAVE_TYPE`` and
    ``ACTIONS`` (its action classes); this base gives it ``action_violations``, ``is_legal``,
    ``to_json``, ``from_json`` and ``action_from_json`` on top of them, so that every game checks
    and saves the same way.

    Examples:
        >>> from rummylib import GIN_RUMMY
        >>> from rummylib.gin import DrawStock, GinHand
        >>> hand = GinHand.deal(rules=GIN_RUMMY, seed=7)
        >>> hand.is_legal(DrawStock(1)), [v.code for v in hand.action_violations(DrawStock(0))]
        (True, ['not-your-turn'])
    """

    __slots__ = ()

    SAVE_TYPE: ClassVar[str]
    """The ``"type"`` of this state's saves."""
    ACTIONS: ClassVar[tuple[type, ...]]
    """The action classes this referee takes."""

    def apply(self, action: Any) -> Self:  # pragma: no cover - every referee defines it
        """The state after ``action``."""
        raise NotImplementedError

    def problems(self) -> tuple[str, ...]:  # pragma: no cover - every referee defines it
        """Every reason the state could not come out of a real game."""
        raise NotImplementedError

    def action_violations(self, action: Any) -> tuple[Violation, ...]:
        """Every reason ``action`` is illegal now (empty when it is legal); never raises for a bad action.

        Examples:
            >>> from rummylib import SHANGHAI
            >>> from rummylib.contracts import ContractRound, DrawStock
            >>> r = ContractRound.deal(rules=SHANGHAI, players=3, seed=0)
            >>> [v.code for v in r.action_violations(DrawStock(2))]
            ['not-your-turn']
        """
        try:
            self.apply(action)
        except IllegalActionError as exc:
            return exc.violations
        return ()

    def is_legal(self, action: Any) -> bool:
        """Whether ``action`` is legal now.

        Examples:
            >>> from rummylib import RUMMIKUB
            >>> from rummylib.rummikub import Draw, Play, RummikubGame
            >>> g = RummikubGame.deal(rules=RUMMIKUB, players=2, seed=1)
            >>> g.is_legal(Draw(0)), g.is_legal(Draw(1)), g.is_legal(Play(0, "r1 r2"))
            (True, False, False)
        """
        return not self.action_violations(action)

    def to_json(self) -> dict[str, Any]:
        """The saved form of the state: ``{"format", "version", "type", "state"}`` (see `rummylib.saves`).

        Examples:
            >>> from rummylib import GIN_RUMMY
            >>> from rummylib.gin import GinHand
            >>> GinHand.deal(rules=GIN_RUMMY, seed=2).to_json()["type"]
            'gin-hand'
        """
        return state_to_json(self)  # type: ignore[arg-type]

    @classmethod
    def from_json(cls, data: Mapping[str, Any], *, check: bool = True) -> Self:
        """The state a saved form holds, checked (``problems``) unless ``check`` is false.

        A position some seed deals is taken (a test, an analysis may set one up by hand); what the
        state's own seed shows is its ``seed_problems``, which a server reading a state it did not
        sign checks too (``rummylib batch`` does).

        Raises:
            SaveError: not a save of this state's type, another version, malformed, or a state no
                real game could reach (code ``bad-save``).

        Examples:
            >>> from rummylib import SHANGHAI
            >>> from rummylib.contracts import ContractRound
            >>> r = ContractRound.deal(rules=SHANGHAI, players=3, seed=1)
            >>> ContractRound.from_json(r.to_json()) == r
            True
        """
        state = state_from_json(cls, data)
        if not flag(check, what="check"):
            return state
        return check_problems(state)

    @classmethod
    def action_from_json(cls, data: object) -> Any:
        """The action a JSON object holds (``{"action": "discard", "player": 0, "card": "Kd"}``).

        Raises:
            SaveError: not an action of this referee (code ``bad-save``).

        Examples:
            >>> from rummylib.gin import GinHand
            >>> GinHand.action_from_json({"action": "knock", "player": 1, "card": "Kd"})
            Knock(player=1, card=Card.parse('Kd'))
        """
        return action_from_json(data, cls.ACTIONS)


# ------------------------------------------------------------------------------------------
# Helpers every referee shares
# ------------------------------------------------------------------------------------------

_T = TypeVar("_T")


def refuse(code: RuleId, message: str, *, pieces: Sequence[Piece] = (), meld_index: int | None = None) -> NoReturn:
    """Refuse an action: raise `IllegalActionError` with one violation.

    Examples:
        >>> refuse(RuleId.WRONG_PHASE, "draw first")
        Traceback (most recent call last):
        ...
        rummylib.errors.IllegalActionError: draw first [wrong-phase]
    """
    found = Violation(code, message, pieces=tuple(pieces))
    raise IllegalActionError([found if meld_index is None else found.at(meld_index)])


def check_seat(player: object, players: int, doing: str) -> int:
    """``player`` itself, once it is known to be a seat; refuse (``not-a-player``) otherwise.

    Examples:
        >>> check_seat(1, 2, "draw")
        1
        >>> check_seat(2, 2, "draw")
        Traceback (most recent call last):
        ...
        rummylib.errors.IllegalActionError: player 2 cannot draw: seats are 0 to 1 [not-a-player]
    """
    if not is_seat(player, players):
        refuse(RuleId.NOT_A_PLAYER, f"player {player!r} cannot {doing}: seats are 0 to {players - 1}")
    return cast(int, player)


def replace_at(values: tuple[_T, ...], index: int, value: _T) -> tuple[_T, ...]:
    """``values`` with item ``index`` replaced.

    Examples:
        >>> replace_at((1, 2, 3), 1, 9)
        (1, 9, 3)
    """
    return (*values[:index], value, *values[index + 1 :])


def piece_problems(state: Referee, pieces: Iterable[Piece] | None = None) -> list[str]:
    """The pieces of a state against its deal: pieces not of the game, missing or extra.

    ``pieces``, when given, must be every piece of the state wherever it lies, the very objects
    it holds (what its ``all_pieces`` counts). The common case is then found by identity: a state
    read from a save holds the one shared object of each distinct piece (see `rummylib.pieces`),
    as the game's full set does, so the same objects the same number of times are the same
    pieces, counted without comparing a piece by value. Anything else is judged by value, from
    ``all_pieces``.

    Examples:
        >>> from rummylib import GIN_RUMMY
        >>> from rummylib.gin import GinHand
        >>> hand = GinHand.deal(rules=GIN_RUMMY, seed=1)
        >>> piece_problems(hand), piece_problems(hand, [*hand.hands[0], *hand.hands[1], *hand.stock, *hand.discards])
        ([], [])
    """
    if pieces is not None and dict(Counter(map(id, pieces))) == _full_identities(state.rules, state.players)[1]:
        return []
    have = state.all_pieces()
    want = _full_count(state.rules, state.players)
    if have == want:  # the common case: every piece of the game once, none foreign
        return []
    found: list[str] = []
    foreign = [p for p in have.distinct() if not state.rules.has_piece(p)]
    if foreign:
        found.append(f"pieces not in {state.rules.title}: {format_pieces(foreign[:12])}")
    parts = []
    missing, extra = want - have, have - want
    if missing:
        parts.append(f"missing {_short(missing)}")
    if extra:
        parts.append(f"extra {_short(extra)}")
    if parts:
        found.append(f"pieces not conserved: {'; '.join(parts)}")
    return found


@functools.lru_cache(maxsize=256)
def _full_count(rules: RuleSet, players: int) -> PieceCount:
    """Every piece a game of ``players`` is played with, counted once per rule set and table size."""
    return PieceCount.of(full_set(rules, players=players))


@functools.lru_cache(maxsize=256)
def _full_identities(rules: RuleSet, players: int) -> tuple[PieceCount, dict[int, int]]:
    """`_full_count` and how many times it holds each object, by ``id`` (the count keeps them alive)."""
    full = _full_count(rules, players)
    return full, dict(Counter(map(id, full)))


def _short(pieces: PieceCount) -> str:
    items = list(pieces)
    text = format_pieces(items[:12])
    return text + (f" and {len(items) - 12} more" if len(items) > 12 else "")


# ------------------------------------------------------------------------------------------
# Saved states and actions as JSON
# ------------------------------------------------------------------------------------------

_PIECE_TYPES = (Tile, Card, Joker)


def _is_piece_hint(hint: Any) -> bool:
    members = getattr(hint, "__args__", None) if not isinstance(hint, type) else (hint,)
    return bool(members) and all(isinstance(m, type) and issubclass(m, _PIECE_TYPES) for m in members or ())


def _is_optional_piece_hint(hint: Any) -> bool:
    members = getattr(hint, "__args__", None) if not isinstance(hint, type) else None
    if not members or type(None) not in members:
        return False
    return all(isinstance(m, type) and issubclass(m, _PIECE_TYPES) for m in members if m is not type(None))


def _is_pieces_hint(hint: Any) -> bool:
    args: tuple[Any, ...] = getattr(hint, "__args__", ())
    return (
        getattr(hint, "__origin__", None) is tuple
        and len(args) == 2
        and args[1] is Ellipsis
        and _is_piece_hint(args[0])
    )


def _read_piece(data: Any, path: str) -> Piece:
    if not isinstance(data, str):
        raise BadValue(path, f"a piece is notation like 'R5' or '10h', not {_kind(data)}")
    return parse_piece(data)


def _read_optional_piece(data: Any, path: str) -> Piece | None:
    return None if data is None else _read_piece(data, path)


def _read_pieces(data: Any, path: str) -> tuple[Piece, ...]:
    if not isinstance(data, str):
        raise BadValue(path, f"pieces are notation like 'R5 R6 *', not {_kind(data)}")
    return parse_pieces(data)


def _kind(value: object) -> str:
    from_json = {bool: "a boolean", int: "a number", float: "a number", list: "a list", dict: "an object"}
    return "null" if value is None else from_json.get(type(value), type(value).__name__)


def _read_rules(data: Any, path: str) -> RuleSet:
    if not isinstance(data, dict) or not isinstance(data.get("game"), str) or set(data) - {"game", "options"}:
        raise BadValue(path, 'a rule set is {"game": name, "options": {...}}')
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise BadValue(path, "the rule set's options must be an object")
    try:
        key = _OPTIONS_KEY.encode(options)
    except (TypeError, ValueError, RecursionError):  # not JSON: let the rule set say what is wrong
        return find_ruleset(data["game"]).with_options(options)
    return _rules_of(data["game"], key)


_OPTIONS_KEY = json.JSONEncoder(sort_keys=True, allow_nan=False)
"""``json.dumps`` with `_read_rules`' options, made once (``dumps`` makes an encoder per call)."""


@functools.lru_cache(maxsize=512)
def _rules_of(game: str, options: str) -> RuleSet:
    """The rule set of a saved game and options (as sorted JSON), built once.

    A server reads the same few rule sets with every request. A refusal is an exception, so it
    is never remembered. A save of a preset's own rules gives the preset itself, the object a
    deal of that preset holds, so that the caches keyed by a rule set find it by identity instead
    of comparing every option.
    """
    preset = find_ruleset(game)
    built = preset.with_options(json.loads(options))
    return preset if built == preset else built


@functools.lru_cache(maxsize=512)
def _changed_options(rules: RuleSet) -> tuple[tuple[str, Any], ...] | None:
    """The options of ``rules`` that differ from its preset's (``None`` when its name is no preset)."""
    try:
        preset = find_ruleset(rules.name).options()
    except RummyError:
        return None
    return tuple((k, v) for k, v in rules.options().items() if k not in preset or preset[k] != v)


def _write_rules(rules: RuleSet) -> dict[str, Any]:
    """A rule set as a save holds it: its game and the options that differ from the game's preset."""
    changed = _changed_options(rules)
    return {"game": rules.name, "options": rules.options() if changed is None else copy.deepcopy(dict(changed))}


def _read_random(data: Any, path: str) -> random.Random:
    if not isinstance(data, dict) or set(data) != {"version", "internal", "gauss"}:
        raise BadValue(path, 'a generator is {"version", "internal", "gauss"}')
    internal = data["internal"]
    if not isinstance(internal, list) or len(internal) != 625 or not all(isinstance(x, int) for x in internal):
        raise BadValue(path, "the generator's state must be 625 integers")
    rng = random.Random()
    try:
        rng.setstate((data["version"], tuple(internal), data["gauss"]))
    except (TypeError, ValueError, OverflowError) as exc:
        raise BadValue(path, f"bad generator state ({exc})") from None
    return rng


def _write_random(rng: random.Random) -> dict[str, Any]:
    version, internal, gauss = rng.getstate()
    return {"version": version, "internal": list(internal), "gauss": gauss}


STATE_CODEC = Codec(
    Limits(max_int=MAX_SAVE_INT, max_items=MAX_SAVE_ITEMS, max_text=10_000),
    specials=(
        Special(_is_piece_hint, str, _read_piece, lambda v: isinstance(v, _PIECE_TYPES)),
        Special(_is_optional_piece_hint, str, _read_optional_piece, lambda v: v is None or isinstance(v, _PIECE_TYPES)),
        Special(_is_pieces_hint, format_pieces, _read_pieces, lambda v: isinstance(v, tuple)),
        Special(lambda h: h is Meld, lambda m: format_pieces(m.pieces), lambda d, p: Meld(_read_pieces(d, p))),
        Special(lambda h: h is PieceCount, format_pieces, lambda d, p: PieceCount.of(_read_pieces(d, p))),
        Special(lambda h: h is RuleSet, _write_rules, _read_rules),
        Special(lambda h: h is random.Random, _write_random, _read_random),
    ),
)
"""How referee states and actions are written and read: pieces as notation, a rule set as its game
and options, a random generator by its state; the `_json.Codec` does the rest."""


def _save_error(exc: BadValue) -> SaveError:
    return SaveError(f"not a valid save: {exc.path}: {exc.detail}")


def state_to_json(state: Referee) -> dict[str, Any]:
    """The saved form of a referee state: ``{"format", "version", "type", "state"}``.

    Examples:
        >>> from rummylib import GIN_RUMMY
        >>> from rummylib.gin import GinHand
        >>> data = state_to_json(GinHand.deal(rules=GIN_RUMMY, seed=1))
        >>> data["format"], data["version"], data["type"], sorted(data["state"])[:3]
        ('rummylib-save', 1, 'gin-hand', ['dealer', 'discards', 'first_upcard'])
    """
    return {"format": FORMAT, "version": VERSION, "type": state.SAVE_TYPE, "state": STATE_CODEC.encode_attrs(state)}


_S = TypeVar("_S")


def state_from_json(cls: type[_S], data: object) -> _S:
    """The state of class ``cls`` a saved form holds, decoded but not yet checked.

    The envelope must name this library's format, version and ``cls.SAVE_TYPE``; only the classes
    named by ``cls``'s annotations are built. Each referee's ``from_json`` then checks the state
    (`Referee.problems`).

    Raises:
        SaveError: not a save of this type, another version, or a malformed value.

    Examples:
        >>> from rummylib.gin import GinHand
        >>> state_from_json(GinHand, {"format": "rummylib-save", "version": 1, "type": "gin-game", "state": {}})
        Traceback (most recent call last):
        ...
        rummylib.errors.SaveError: this save holds a 'gin-game', not a 'gin-hand'
    """
    check_envelope(data)
    assert isinstance(data, Mapping)
    want = cls.SAVE_TYPE  # type: ignore[attr-defined]
    if data["type"] != want:
        raise SaveError(f"this save holds a {str(data['type'])[:40]!r}, not a {want!r}")
    try:
        return STATE_CODEC.decode_attrs(data.get("state"), cls, "state")  # type: ignore[no-any-return]
    except BadValue as exc:
        raise _save_error(exc) from None
    except RecursionError:
        raise SaveError("not a valid save: nested too deeply") from None
    except RummyError as exc:
        raise SaveError(f"not a valid save: {exc.message}") from None


def check_envelope(data: object) -> str:
    """The ``"type"`` of a saved form, once its format and version are this library's.

    Raises:
        SaveError: not a save, or of another version.

    Examples:
        >>> check_envelope({"format": "rummylib-save", "version": 1, "type": "gin-hand", "state": {}})
        'gin-hand'
    """
    if not isinstance(data, Mapping):
        raise SaveError(f"a save is a JSON object, not {_kind(data)}")
    if data.get("format") != FORMAT:
        raise SaveError(f'not a rummylib save (its "format" is {str(data.get("format"))[:40]!r}, not {FORMAT!r})')
    version = data.get("version")
    if version != VERSION or isinstance(version, bool):
        shown = str(version)[:20]
        raise SaveError(f"save format version {shown} is not supported (this library reads version {VERSION})")
    extra = sorted(str(k) for k in set(data) - {"format", "version", "type", "state"})
    if extra:
        raise SaveError(f"unknown key {extra[0][:40]!r} in the save")
    kind = data.get("type")
    if not isinstance(kind, str):
        raise SaveError(f"a save names its type as a string, not {_kind(kind)}")
    return kind


def check_problems(state: _S, *, what: str = "not a valid save") -> _S:
    """``state`` itself, once its ``problems()`` are none; raise `SaveError` naming them otherwise.

    Examples:
        >>> from rummylib import GIN_RUMMY
        >>> from rummylib.gin import GinHand
        >>> hand = GinHand.deal(rules=GIN_RUMMY, seed=1)
        >>> check_problems(hand) is hand
        True
    """
    try:
        problems = state.problems()  # type: ignore[attr-defined]
    except RummyError as exc:  # a check that meets a value it cannot judge (no seats at all, say)
        raise SaveError(f"{what}: {exc.message}") from None
    if problems:
        raise SaveError(f"{what}: " + "; ".join(problems))
    return state


def action_to_json(action: Action) -> dict[str, Any]:
    """An action as JSON: ``{"action": kind, ...fields}`` (pieces in notation).

    Examples:
        >>> from rummylib.gin import Discard
        >>> action_to_json(Discard(0, "Kd"))
        {'action': 'discard', 'player': 0, 'card': 'Kd'}
    """
    return {"action": str(type(action).kind), **STATE_CODEC.encode_attrs(action)}  # type: ignore[attr-defined]


def action_from_json(data: object, actions: Sequence[type], *, path: str = "action") -> Any:
    """The action one of the classes ``actions`` a JSON object holds (by its ``"action"`` kind).

    Raises:
        SaveError: not an object, an unknown kind, or a field that does not fit (code ``bad-save``).

    Examples:
        >>> from rummylib.gin import Discard, DrawStock
        >>> action_from_json({"action": "discard", "player": 1, "card": "Kd"}, [Discard, DrawStock])
        Discard(player=1, card=Card.parse('Kd'))
    """
    if not isinstance(data, Mapping):
        raise SaveError(f"not a valid save: {path}: an action is an object, not {_kind(data)}")
    kind = data.get("action")
    chosen = [c for c in actions if getattr(c, "kind", None) == kind]
    if not isinstance(kind, str) or not chosen:
        known = ", ".join(sorted(c.kind for c in actions))  # type: ignore[attr-defined]
        raise SaveError(f"not a valid save: {path}: unknown action {str(kind)[:40]!r} (known: {known})")
    fields = {k: v for k, v in data.items() if k != "action"}
    try:
        return STATE_CODEC.decode_attrs(fields, chosen[0], path)
    except BadValue as exc:
        raise _save_error(exc) from None
    except RecursionError:
        raise SaveError(f"not a valid save: {path}: nested too deeply") from None
    except RummyError as exc:
        raise SaveError(f"not a valid save: {path}: {exc.message}") from None
