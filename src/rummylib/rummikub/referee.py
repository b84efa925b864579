"""The Rummikub referee: an immutable game state driven by the caller's actions.

A game is a value. Each action (`RummikubGame.play`, `RummikubGame.draw`,
`RummikubGame.pass_turn`, `RummikubGame.timeout`) returns the next state; an illegal action
raises and the old state stays as it was. Everything random comes from the seed given to
`RummikubGame.new`, so a game can be replayed from its seed and its `history`.

The rules (rule book §1): 2-4 players are dealt 14 tiles each, the rest is the pool. On their
turn a player either plays (the table after the turn is judged by
[`validate_turn`][rummylib.rummikub.turns.validate_turn]) or draws one tile. With a time limit, a play
reported over the limit puts table and rack back as they were and costs
``timeout_penalty_tiles`` tiles. The game ends when a rack empties; once the pool is empty and
nobody has won, each player has exactly one more turn (drawing is then impossible, so a player
who does not play passes), and then the game ends. Scores come from
[`score_rummikub`][rummylib.rummikub.scoring.score_rummikub].

Examples:
    >>> from rummylib import RUMMIKUB
    >>> game = RummikubGame.new(rules=RUMMIKUB, players=2, seed=1)
    >>> game.current, len(game.rack(0)), len(game.pool)
    (0, 14, 78)
    >>> game = game.draw()
    >>> game.current, len(game.rack(0)), [a.kind.value for a in game.history]
    (1, 15, ['draw'])
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from enum import StrEnum
from typing import Any

import attrs

from rummylib.decks import deal
from rummylib.errors import IllegalActionError, IllegalTurnError, NotationError, RuleId, Violation
from rummylib.pieces import Piece, format_pieces, piece_sort_key
from rummylib.rules import RuleSet
from rummylib.rummikub.scoring import score_rummikub
from rummylib.rummikub.turns import TurnReport, validate_turn
from rummylib.table import Table, TableLike

__all__ = ["Action", "ActionKind", "RummikubGame"]


class ActionKind(StrEnum):
    """The kinds of action a player may take on their turn.

    Examples:
        >>> ActionKind("draw") is ActionKind.DRAW
        True
    """

    PLAY = "play"
    """Propose the table after the turn (tiles laid from the rack, table rearranged)."""
    DRAW = "draw"
    """Take one tile from the pool (only while the pool holds tiles)."""
    PASS = "pass"
    """Do nothing (only once the pool is empty, when drawing is impossible)."""
    TIMEOUT = "timeout"
    """The turn ran over the time limit: back to the old position, and the penalty tiles drawn."""


def _sorted(pieces: Iterable[Piece]) -> tuple[Piece, ...]:
    return tuple(sorted(pieces, key=piece_sort_key))


def _kind(value: ActionKind | str) -> ActionKind:
    """Read an action kind given as an `ActionKind` or its value (``"draw"``)."""
    if isinstance(value, ActionKind):
        return value
    if isinstance(value, str):
        try:
            return ActionKind(value)
        except ValueError:
            pass
    kinds = ", ".join(k.value for k in ActionKind)
    raise NotationError(f"{value!r} is not an action kind: {kinds}", text=value if isinstance(value, str) else None)


@attrs.frozen
class Action:
    """One turn of the history: who did what, and what they played or drew.

    ``kind`` may be given as its value: ``Action("draw", 0)`` is ``Action(ActionKind.DRAW, 0)``.

    Raises:
        NotationError: ``kind`` is not an action kind.

    Examples:
        >>> Action("pass", 1).kind is ActionKind.PASS
        True
        >>> from rummylib import RUMMIKUB
        >>> g = RummikubGame.new(rules=RUMMIKUB, players=2, seed=1).draw()
        >>> str(g.history[0]).startswith("player 1 draws ")
        True
    """

    kind: ActionKind = attrs.field(converter=_kind)
    """What the player did."""
    player: int
    """Seat of the player (from 0)."""
    table: Table | None = None
    """For a play: the table after it."""
    played: tuple[Piece, ...] = ()
    """For a play: the rack tiles played."""
    drawn: tuple[Piece, ...] = ()
    """For a draw or a timeout: the tiles drawn from the pool."""
    elapsed: float | None = None
    """Seconds the turn took, when the caller reported it."""

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict: ``kind``, ``player``, and ``table``/``played``/``drawn``/``elapsed``."""
        out: dict[str, Any] = {"kind": self.kind.value, "player": self.player}
        if self.table is not None:
            out["table"] = self.table.to_json()
            out["played"] = format_pieces(self.played)
        if self.kind in (ActionKind.DRAW, ActionKind.TIMEOUT):
            out["drawn"] = format_pieces(self.drawn)
        if self.elapsed is not None:
            out["elapsed"] = self.elapsed
        return out

    def __str__(self) -> str:
        who = f"player {self.player + 1}"
        if self.kind is ActionKind.PLAY:
            return f"{who} plays {format_pieces(self.played)}: {self.table}"
        if self.kind is ActionKind.DRAW:
            return f"{who} draws {format_pieces(self.drawn)}"
        if self.kind is ActionKind.PASS:
            return f"{who} passes"
        return f"{who} ran out of time and draws {format_pieces(self.drawn) or 'nothing'}"


@attrs.frozen
class RummikubGame:
    """The state of a Rummikub game; every action returns a new state.

    Build one with `RummikubGame.new`. Seats are numbered from 0 and play in that order. The
    number of players is checked when a state is made; `rummylib.audit` checks the rest of a state
    that did not come from `new` and the actions (a loaded save, say).

    Raises:
        RuleSetError: a number of players the rules do not allow.

    Examples:
        >>> from rummylib import RUMMIKUB
        >>> g = RummikubGame.new(rules=RUMMIKUB, players=3, seed="table 4")
        >>> g.players, g.is_over, [k.value for k in g.legal_actions()]
        (3, False, ['play', 'draw'])
        >>> import attrs
        >>> attrs.evolve(g, racks=g.racks[:1])
        Traceback (most recent call last):
        ...
        rummylib.errors.RuleSetError: Rummikub is for 2 to 4 players, not 1
    """

    rules: RuleSet
    """The rule set (``initial_meld_points``, ``joker_retrieval``, time limit and penalty, ...)."""
    seed: int | str
    """The seed of the deal."""
    racks: tuple[tuple[Piece, ...], ...]
    """Each player's rack, in canonical order."""
    pool: tuple[Piece, ...]
    """The face-down pool, the next tile to draw first."""
    table: Table = attrs.field(factory=Table)
    """The sets on the table."""
    current: int = 0
    """Seat of the player whose turn it is."""
    initial_meld_done: tuple[bool, ...] = ()
    """For each player, whether they have made their initial meld."""
    history: tuple[Action, ...] = ()
    """Every action so far, in order; `RummikubGame.replay` rebuilds the game from it."""
    turns_left: int | None = None
    """Once the pool is empty: how many turns remain before the game ends."""
    winner: int | None = None
    """The player who emptied their rack, once the game is over (``None``: nobody did)."""
    is_over: bool = False
    """Whether the game has ended."""

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.rules, RuleSet):
            raise TypeError(f"rules must be a RuleSet, not {type(self.rules).__name__}")
        players = len(self.racks)
        self.rules.check_players(players)
        if not self.initial_meld_done:
            object.__setattr__(self, "initial_meld_done", (False,) * players)

    @classmethod
    def new(cls, *, rules: RuleSet, players: int, seed: int | str) -> RummikubGame:
        """Deal a new game: ``rules.hand_size`` (14) tiles each, the rest is the pool.

        Raises:
            RuleSetError: a number of players the game does not allow.

        Examples:
            >>> from rummylib import RUMMIKUB
            >>> g = RummikubGame.new(rules=RUMMIKUB, players=4, seed=9)
            >>> [len(r) for r in g.racks], len(g.pool)
            ([14, 14, 14, 14], 50)
            >>> g == RummikubGame.new(rules=RUMMIKUB, players=4, seed=9)
            True
        """
        if not isinstance(rules, RuleSet):
            raise TypeError(f"rules must be a RuleSet, not {type(rules).__name__}")
        dealt = deal(rules, players=players, rng=seed)
        return cls(
            rules=rules,
            seed=seed,
            racks=tuple(_sorted(h) for h in dealt.hands),
            pool=dealt.stock,
            initial_meld_done=(False,) * players,
        )

    @classmethod
    def replay(cls, actions: Sequence[Action], *, rules: RuleSet, players: int, seed: int | str) -> RummikubGame:
        """Rebuild a game by applying recorded actions to a new deal from the same seed.

        Raises:
            IllegalActionError: an action does not fit the game (wrong player or kind, or a play
                with no table: code ``no-tile-played``).
            IllegalTurnError: a recorded play is not legal in the rebuilt game.

        Examples:
            >>> from rummylib import RUMMIKUB
            >>> g = RummikubGame.new(rules=RUMMIKUB, players=2, seed=3).draw().draw()
            >>> RummikubGame.replay(g.history, rules=RUMMIKUB, players=2, seed=3) == g
            True
        """
        game = cls.new(rules=rules, players=players, seed=seed)
        for n, action in enumerate(actions):
            if action.player != game.current:
                raise _refused(
                    f"action {n + 1} is by player {action.player + 1}, but it is player {game.current + 1}'s turn",
                    RuleId.NOT_YOUR_TURN,
                )
            if action.kind is ActionKind.PLAY:
                if action.table is None:
                    raise _refused(f"action {n + 1} is a play with no table after it", RuleId.NO_TILE_PLAYED)
                game = game.play(action.table)
            elif action.kind is ActionKind.DRAW:
                game = game.draw()
            elif action.kind is ActionKind.PASS:
                game = game.pass_turn()
            else:
                game = game.timeout(elapsed=action.elapsed)
        return game

    # --- views ------------------------------------------------------------------------------
    @property
    def players(self) -> int:
        """Number of players."""
        return len(self.racks)

    def rack(self, player: int | None = None) -> tuple[Piece, ...]:
        """A player's rack (default: the player whose turn it is).

        Raises:
            IllegalActionError: no such player.

        Examples:
            >>> from rummylib import RUMMIKUB
            >>> len(RummikubGame.new(rules=RUMMIKUB, players=2, seed=1).rack(1))
            14
        """
        seat = self.current if player is None else player
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise _refused(f"there is no player {seat!r} in a game of {self.players}", RuleId.NOT_A_PLAYER)
        return self.racks[seat]

    def legal_actions(self) -> tuple[ActionKind, ...]:
        """The kinds of action the player to move may take (none once the game is over).

        A play is always offered: whether a given table is legal is for `play` to judge.

        Examples:
            >>> from rummylib import RUMMIKUB
            >>> g = RummikubGame.new(rules=RUMMIKUB.with_options({"turn_time_limit": 30}), players=2, seed=1)
            >>> [k.value for k in g.legal_actions()]
            ['play', 'draw', 'timeout']
        """
        if self.is_over:
            return ()
        kinds = [ActionKind.PLAY, ActionKind.DRAW if self.pool else ActionKind.PASS]
        if self.rules.turn_time_limit is not None:
            kinds.append(ActionKind.TIMEOUT)
        return tuple(kinds)

    def check_play(self, after: TableLike) -> TurnReport:
        """Judge a proposed table for the player to move, without playing it.

        Raises:
            InvalidPiecesError: too many copies of a tile, or something that is not a piece.
            NotationError: bad notation.

        Examples:
            >>> from rummylib import RUMMIKUB
            >>> g = RummikubGame.new(rules=RUMMIKUB, players=2, seed=1)
            >>> g.check_play("").valid
            False
        """
        return validate_turn(
            self.table,
            self.racks[self.current],
            after,
            rules=self.rules,
            initial_meld_done=self.initial_meld_done[self.current],
        )

    def scores(self) -> tuple[int, ...]:
        """The final scores, one per player (they add up to zero).

        Raises:
            IllegalActionError: the game is not over yet.

        Examples:
            >>> from rummylib import RUMMIKUB
            >>> RummikubGame.new(rules=RUMMIKUB, players=2, seed=1).scores()
            Traceback (most recent call last):
            ...
            rummylib.errors.IllegalActionError: the game is not over yet [wrong-phase]
        """
        if not self.is_over:
            raise _refused("the game is not over yet", RuleId.WRONG_PHASE)
        return score_rummikub(self.racks, winner=self.winner, rules=self.rules)

    # --- actions ----------------------------------------------------------------------------
    def play(self, after: TableLike, *, elapsed: float | None = None) -> RummikubGame:
        """The player to move proposes the table after their turn.

        With a time limit and ``elapsed`` over it, the play is not judged: it counts as a
        `timeout`. A legal play takes the played tiles off the rack; a player whose rack empties
        wins and the game ends.

        Raises:
            IllegalActionError: the game is over.
            IllegalTurnError: the turn is not legal (``violations`` says why); state unchanged.
            InvalidPiecesError: too many copies of a tile, or something that is not a piece.
            NotationError: bad notation.

        Examples:
            >>> from rummylib import RUMMIKUB
            >>> g = RummikubGame.new(rules=RUMMIKUB, players=2, seed=1)
            >>> try:
            ...     g.play("r1 r2")
            ... except IllegalTurnError as exc:
            ...     print([v.code for v in exc.violations])
            ['run-too-short', 'tile-from-nowhere', 'tile-from-nowhere', 'no-tile-played']
        """
        self._ensure_running()
        limit = self.rules.turn_time_limit
        if limit is not None and elapsed is not None and elapsed > limit:
            return self.timeout(elapsed=elapsed)
        report = self.check_play(after)
        if not report.valid:
            raise IllegalTurnError(report.violations)
        table = Table.of(after, rules=self.rules)
        rack = Counter(self.racks[self.current])
        rack.subtract(report.played)
        new_rack = _sorted(rack.elements())
        seat = self.current
        action = Action(ActionKind.PLAY, seat, table=table, played=report.played, elapsed=elapsed)
        state = attrs.evolve(
            self,
            racks=_replace(self.racks, seat, new_rack),
            table=table,
            initial_meld_done=_replace(self.initial_meld_done, seat, True),
            history=(*self.history, action),
        )
        if not new_rack:
            return attrs.evolve(state, winner=seat, is_over=True)
        return state._next_turn()

    def draw(self, *, elapsed: float | None = None) -> RummikubGame:
        """The player to move draws one tile from the pool, and the turn ends.

        Raises:
            IllegalActionError: the game is over, or the pool is empty (pass instead).

        Examples:
            >>> from rummylib import RUMMIKUB
            >>> g = RummikubGame.new(rules=RUMMIKUB, players=2, seed=1)
            >>> g.draw().rack(0) == tuple(sorted(g.rack(0) + g.pool[:1], key=piece_sort_key))
            True
        """
        self._ensure_running()
        if not self.pool:
            raise _refused("the pool is empty: play or pass")
        return self._take(ActionKind.DRAW, 1, elapsed)

    def pass_turn(self) -> RummikubGame:
        """The player to move does nothing; allowed only once the pool is empty.

        Raises:
            IllegalActionError: the game is over, or the pool still holds tiles (draw instead).

        Examples:
            >>> from rummylib import RUMMIKUB
            >>> RummikubGame.new(rules=RUMMIKUB, players=2, seed=1).pass_turn()
            Traceback (most recent call last):
            ...
            rummylib.errors.IllegalActionError: the pool is not empty: a player who does not play draws [wrong-phase]
        """
        self._ensure_running()
        if self.pool:
            raise _refused("the pool is not empty: a player who does not play draws")
        state = attrs.evolve(self, history=(*self.history, Action(ActionKind.PASS, self.current)))
        return state._next_turn()

    def timeout(self, *, elapsed: float | None = None) -> RummikubGame:
        """The turn ran over the time limit: the player draws the penalty, nothing else changes.

        Table and rack stay as they were before the turn, and the player draws
        ``timeout_penalty_tiles`` tiles (fewer if the pool runs out).

        Raises:
            IllegalActionError: the game is over, or the rules have no time limit.

        Examples:
            >>> from rummylib import RUMMIKUB
            >>> rules = RUMMIKUB.with_options({"turn_time_limit": 30})
            >>> g = RummikubGame.new(rules=rules, players=2, seed=1)
            >>> after = g.play("r1 r2 r3", elapsed=31.5)  # over the limit: not even judged
            >>> len(after.rack(0)), after.table == g.table, after.history[0].kind.value
            (17, True, 'timeout')
        """
        self._ensure_running()
        if self.rules.turn_time_limit is None:
            raise _refused("these rules have no time limit")
        return self._take(ActionKind.TIMEOUT, self.rules.timeout_penalty_tiles, elapsed)

    # --- helpers ----------------------------------------------------------------------------
    def _ensure_running(self) -> None:
        if self.is_over:
            raise _refused("the game is over", RuleId.ROUND_OVER)

    def _take(self, kind: ActionKind, n: int, elapsed: float | None) -> RummikubGame:
        drawn = self.pool[:n]
        seat = self.current
        state = attrs.evolve(
            self,
            racks=_replace(self.racks, seat, _sorted(self.racks[seat] + drawn)),
            pool=self.pool[n:],
            history=(*self.history, Action(kind, seat, drawn=_sorted(drawn), elapsed=elapsed)),
        )
        return state._next_turn()

    def _next_turn(self) -> RummikubGame:
        left = self.turns_left
        if left is not None:
            left -= 1
            if left <= 0:
                return attrs.evolve(self, turns_left=0, is_over=True)
        elif not self.pool:
            left = self.players  # the pool just ran out: one more turn each
        return attrs.evolve(self, current=(self.current + 1) % self.players, turns_left=left)


def _replace(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*values[:index], value, *values[index + 1 :])


def _refused(text: str, rule: RuleId = RuleId.WRONG_PHASE) -> IllegalActionError:
    return IllegalActionError((Violation(rule, text),))
