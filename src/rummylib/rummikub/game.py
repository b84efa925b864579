"""The Rummikub referee: an immutable game state driven by action values.

`RummikubGame` follows the referee protocol of `rummylib.referee`: ``deal``, ``to_move``,
``legal_actions``, ``action_violations`` / ``is_legal``, ``apply`` (a refused action raises
`rummylib.errors.IllegalActionError` and the state stays as it was), ``view``, ``is_over``,
``result`` and ``to_json`` / ``from_json``. The actions (in `rummylib.rummikub.actions`):

* `Play`: the table after the turn (tiles laid from the rack, the table rearranged), judged by
  [`validate_turn`][rummylib.rummikub.turns.validate_turn]; a refused play raises
  `rummylib.rummikub.errors.IllegalTurnError` (an `IllegalActionError`) with every problem of the turn;
* `Draw`: one tile from the pool (only while the pool holds tiles);
* `Pass`: nothing (only once the pool is empty, when drawing is impossible);
* `Timeout`: the turn ran over the time limit (rule sets with ``turn_time_limit``): table and rack
  stay as they were and the player draws ``timeout_penalty_tiles``; a `Play` reported with an
  ``elapsed`` over the limit counts as a timeout.

2-4 players are dealt 14 tiles each, the rest is the pool. The game ends when a rack empties;
once the pool is empty and nobody has won, each player has exactly one more turn. Scores come
from [`score_rummikub`][rummylib.rummikub.scoring.score_rummikub]. Everything random comes from
the seed, and the game keeps its `history` (one `TurnRecord` per turn), so it can be replayed.

`legal_actions` lists the finite part of a turn: the draw (or, once the pool is empty, the pass)
and, under a time limit, the timeout. A `Play` is a whole new table, and the tables a rack and a
table allow are too many to list; a program finds plays with three tools instead:
`RummikubGame.turn_report` judges any proposed table (every problem, and the tiles played),
`rummylib.rummikub.playable_tiles` lists the rack tiles that can go down on their own, and
`rummylib.rummikub.solve` finds the best play under an objective (most tiles, most points, or
fewest table sets changed), with the whole table after it.

Examples:
    >>> from rummylib import RUMMIKUB
    >>> game = RummikubGame.deal(rules=RUMMIKUB, players=2, seed=1)
    >>> game.to_move, len(game.rack(0)), len(game.stock)
    (0, 14, 78)
    >>> game = game.apply(Draw(0))
    >>> game.to_move, len(game.rack(0)), [t.kind.value for t in game.history]
    (1, 15, ['draw'])
"""

from __future__ import annotations

import bisect
import functools
import itertools
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, ClassVar

import attrs

from rummylib import _inputs
from rummylib._inputs import sorted_pieces, tile_rules
from rummylib.decks import Seed, deal
from rummylib.errors import (
    ErrorCode,
    IllegalActionError,
    InvalidStateError,
    RuleId,
    RuleSetError,
    RummyError,
    SaveError,
)
from rummylib.melds import is_valid_meld
from rummylib.pieces import Piece, PieceCount, format_pieces, piece_sort_key
from rummylib.referee import (
    STATE_CODEC,
    LegalActions,
    Outcome,
    RefereeBase,
    check_problems,
    check_seat,
    piece_problems,
    refuse,
    replace_at,
    state_from_json,
    state_to_json,
)
from rummylib.rules import RuleSet
from rummylib.rummikub.actions import (
    ACTIONS,
    ActionKind,
    Draw,
    Pass,
    Play,
    RummikubAction,
    RummikubView,
    Timeout,
    TurnRecord,
)
from rummylib.rummikub.errors import IllegalTurnError
from rummylib.rummikub.scoring import score_rummikub
from rummylib.rummikub.turns import TurnReport, validate_turn
from rummylib.table import MeldsLike, Table

__all__ = ["RummikubGame"]


def _drawn_into(rack: tuple[Piece, ...], drawn: tuple[Piece, ...]) -> tuple[Piece, ...]:
    """``sorted_pieces(rack + drawn)`` for a rack in canonical order: each drawn tile put in after its equals.

    That is where a stable sort puts it, so the rack is the same, found with a few keys.
    """
    merged = list(rack)
    for tile in drawn:
        bisect.insort_right(merged, tile, key=piece_sort_key)
    return tuple(merged)


@functools.lru_cache(maxsize=256, typed=True)  # typed: a seed True is not the seed 1
def _dealt(rules: RuleSet, players: int, seed: Seed) -> RummikubGame:
    """`RummikubGame.deal` of a rule set, a table size and a seed, remembered: each check of a save replays from it."""
    return RummikubGame.deal(rules=rules, players=players, seed=seed)


@attrs.frozen
class RummikubGame(RefereeBase):
    """The state of a Rummikub game; every action returns a new state.

    Build one with `RummikubGame.deal`. Seats are numbered from 0 and play in that order. The
    number of players is checked when a state is made; `problems` checks the rest of a state that
    did not come from `deal` and `apply` (a loaded save, say).

    Raises:
        RuleSetError: a number of players the rules do not allow.

    Examples:
        >>> from rummylib import RUMMIKUB
        >>> g = RummikubGame.deal(rules=RUMMIKUB, players=3, seed="table 4")
        >>> g.players, g.is_over, g.legal_actions()
        (3, False, LegalActions((Draw(player=0, elapsed=None),)))
        >>> attrs.evolve(g, hands=g.hands[:1])
        Traceback (most recent call last):
        ...
        rummylib.errors.RuleSetError: Rummikub is for 2 to 4 players, not 1
    """

    SAVE_TYPE: ClassVar[str] = "rummikub-game"
    ACTIONS: ClassVar[tuple[type, ...]] = ACTIONS

    rules: RuleSet
    """The rule set (``initial_meld_points``, ``joker_retrieval``, time limit and penalty, ...)."""
    seed: Seed
    """The seed of the deal."""
    hands: tuple[tuple[Piece, ...], ...]
    """Each player's rack of tiles, in canonical order."""
    stock: tuple[Piece, ...]
    """The face-down pool of tiles left to draw, the next tile to draw first."""
    table: Table = attrs.field(factory=Table)
    """The sets on the table."""
    to_move: int | None = 0
    """Seat of the player whose turn it is, ``None`` once the game is over."""
    initial_meld_done: tuple[bool, ...] = ()
    """For each player, whether they have made their initial meld."""
    history: tuple[TurnRecord, ...] = ()
    """Every turn so far, in order; `RummikubGame.replay` rebuilds the game from it."""
    turns_left: int | None = None
    """Once the pool is empty: how many turns remain before the game ends."""
    winner: int | None = None
    """The player who emptied their rack, once the game is over (``None``: nobody did)."""
    is_over: bool = False
    """Whether the game has ended."""

    def __attrs_post_init__(self) -> None:
        tile_rules(self.rules, what="the Rummikub referee")
        players = len(self.hands)
        self.rules.check_players(players)
        if not self.initial_meld_done:
            object.__setattr__(self, "initial_meld_done", (False,) * players)

    @classmethod
    def deal(cls, *, rules: RuleSet, players: int, seed: Seed) -> RummikubGame:
        """Deal a new game: ``rules.hand_size`` (14) tiles each, the rest is the pool.

        Raises:
            RuleSetError: a number of players the game does not allow, or the rules of a card game
                (code ``unsupported-rules``).
            ArgumentError: ``seed`` is not an int or a str, or a str UTF-8 cannot write (code
                ``bad-argument``).

        Examples:
            >>> from rummylib import RUMMIKUB
            >>> g = RummikubGame.deal(rules=RUMMIKUB, players=4, seed=9)
            >>> [len(r) for r in g.hands], len(g.stock)
            ([14, 14, 14, 14], 50)
            >>> g == RummikubGame.deal(rules=RUMMIKUB, players=4, seed=9)
            True
        """
        seed = _inputs.seed(seed)
        dealt = deal(tile_rules(rules, what="the Rummikub referee"), players=players, rng=seed)
        return cls._from_order(
            rules=rules, players=players, seed=seed, order=(*itertools.chain(*dealt.hands), *dealt.stock)
        )

    @classmethod
    def _from_order(cls, *, rules: RuleSet, players: int, seed: Seed, order: Sequence[Piece]) -> RummikubGame:
        """The game dealt from the tiles in ``order`` (`deal` shuffles, then deals this way).

        Each player in turn gets the next ``hand_size`` tiles; the rest is the pool, its next tile
        first. ``seed`` is kept as the game's.
        """
        n, pool = tile_rules(rules, what="the Rummikub referee").hand_size, tuple(order)
        rules.check_players(players)
        if n * players > len(pool):
            raise RuleSetError(
                f"cannot deal {n} pieces to {players} players from {len(pool)}", code=ErrorCode.BAD_PLAYERS
            )
        return cls(
            rules=rules,
            seed=seed,
            hands=tuple(sorted_pieces(pool[i * n : (i + 1) * n]) for i in range(players)),
            stock=pool[n * players :],
            initial_meld_done=(False,) * players,
        )

    @classmethod
    def replay(
        cls, turns: Sequence[TurnRecord | RummikubAction], *, rules: RuleSet, players: int, seed: Seed
    ) -> RummikubGame:
        """Rebuild a game by applying recorded turns (or actions) to a new deal from the same seed.

        Raises:
            IllegalActionError: a turn does not fit the game (wrong player or kind, or a play
                with no table: code ``no-tile-played``); the message says which, from 1.
            IllegalTurnError: a recorded play is not legal in the rebuilt game.

        Examples:
            >>> from rummylib import RUMMIKUB
            >>> g = RummikubGame.deal(rules=RUMMIKUB, players=2, seed=3).apply(Draw(0)).apply(Draw(1))
            >>> RummikubGame.replay(g.history, rules=RUMMIKUB, players=2, seed=3) == g
            True
        """
        if cls is RummikubGame:
            game = _dealt(rules, players, seed)
        else:  # pragma: no cover - a subclass deals its own way
            game = cls.deal(rules=rules, players=players, seed=seed)
        return game._replayed(turns, first=1)

    def _replayed(self, turns: Sequence[TurnRecord | RummikubAction], *, first: int) -> RummikubGame:
        """This game with ``turns`` applied, as `replay` applies them (the first one counted as ``first``)."""
        game = self
        for n, turn in enumerate(turns, first):
            if isinstance(turn, TurnRecord) and turn.kind is ActionKind.PLAY and turn.table is None:
                refuse(RuleId.NO_TILE_PLAYED, f"action {n} is a play with no table after it")
            try:
                action = turn.action if isinstance(turn, TurnRecord) else turn
                if action.player != game.to_move:
                    refuse(
                        RuleId.NOT_YOUR_TURN,
                        f"action {n} is by player {action.player}, but it is player {game.to_move}'s turn",
                    )
                game = game._apply(action, racks_sorted=True)  # every rack of a replay is made sorted
            except IllegalActionError as exc:
                if not exc.message.startswith("action "):
                    exc.args = (f"action {n}: {exc.message}",)
                raise exc from None
        return game

    # --- facts ------------------------------------------------------------------------------
    @property
    def players(self) -> int:
        """Number of players."""
        return len(self.hands)

    def rack(self, player: int | None = None) -> tuple[Piece, ...]:
        """A player's rack (default: the player whose turn it is).

        Raises:
            IllegalActionError: no such player (code ``not-a-player``).

        Examples:
            >>> from rummylib import RUMMIKUB
            >>> len(RummikubGame.deal(rules=RUMMIKUB, players=2, seed=1).rack(1))
            14
        """
        seat = self.to_move if player is None else player
        if seat is None:
            refuse(RuleId.ROUND_OVER, "the game is over: nobody is to move (name the player whose rack to show)")
        check_seat(seat, self.players, "show a rack")
        return self.hands[seat]

    def all_pieces(self) -> PieceCount:
        """Every tile of the game: racks, pool and table (always the whole box)."""
        return PieceCount.of(self._every_piece())

    def _every_piece(self) -> Iterator[Piece]:
        """The tiles `all_pieces` counts, as the objects the game holds."""
        return itertools.chain(*self.hands, self.stock, *(m.pieces for m in self.table.melds))

    def turn_report(self, after: MeldsLike) -> TurnReport:
        """Judge a proposed table for the player to move, without playing it (every problem, explained).

        Raises:
            InvalidPiecesError: too many copies of a tile, or something that is not a piece.
            NotationError: bad notation.

        Examples:
            >>> from rummylib import RUMMIKUB
            >>> g = RummikubGame.deal(rules=RUMMIKUB, players=2, seed=1)
            >>> g.turn_report("").valid
            False
        """
        seat = self.to_move
        if seat is None:
            refuse(RuleId.ROUND_OVER, "the game is over: there is no turn to judge")
        return validate_turn(
            self.table,
            self.hands[seat],
            after,
            rules=self.rules,
            initial_meld_done=self.initial_meld_done[seat],
        )

    def result(self) -> Outcome:
        """The final scores (they add up to zero) and the winner.

        The winner is the player who emptied the rack or, when the pool ran out, the lowest rack.

        Raises:
            IllegalActionError: the game is not over yet (code ``wrong-phase``).

        Examples:
            >>> from rummylib import RUMMIKUB
            >>> RummikubGame.deal(rules=RUMMIKUB, players=2, seed=1).result()
            Traceback (most recent call last):
            ...
            rummylib.errors.IllegalActionError: the game is not over yet [wrong-phase]
        """
        if not self.is_over:
            refuse(RuleId.WRONG_PHASE, "the game is not over yet")
        scores = score_rummikub(self.hands, winner=self.winner, rules=self.rules)
        if self.winner is not None:
            return Outcome(
                scores=scores,
                winners=(self.winner,),
                lower_wins=False,
                reason=f"player {self.winner} placed every tile",
            )
        best = max(scores)
        winners = tuple(p for p, s in enumerate(scores) if s == best)
        return Outcome(
            scores=scores, winners=winners, lower_wins=False, reason="the pool ran out: the lowest rack wins"
        )

    # --- the protocol -----------------------------------------------------------------------
    def legal_actions(self, player: int | None = None) -> LegalActions[RummikubAction]:
        """The finite part of the legal actions: a draw (a pass once the pool is empty), and a timeout.

        A `Play` proposes the whole table after the turn, and is legal whenever that table passes
        `turn_report`; the tables a turn allows are too many to list. To find plays: ask
        `rummylib.rummikub.playable_tiles` which rack tiles can go down, `rummylib.rummikub.solve`
        for the best play (``objective`` ``"tiles"``, ``"value"`` or ``"fewest_changes"``; its
        `Solution.table_after` is the table to play), and `turn_report` to judge any table a
        program or a person proposes.

        Examples:
            >>> from rummylib import RUMMIKUB
            >>> from rummylib.rummikub import solve
            >>> g = RummikubGame.deal(rules=RUMMIKUB.with_options({"turn_time_limit": 30}), players=2, seed=1)
            >>> [a.kind.value for a in g.legal_actions()]
            ['draw', 'timeout']
            >>> best = solve(g.table, g.rack(), rules=g.rules, initial_meld_done=False)
            >>> best.is_pass or g.turn_report(best.table_after).valid
            True
        """
        p = self.to_move
        if p is None or (player is not None and player != p):
            return LegalActions()
        found: list[RummikubAction] = [Draw(p) if self.stock else Pass(p)]
        if self.rules.turn_time_limit is not None:
            found.append(Timeout(p))
        return LegalActions(found)

    def apply(self, action: RummikubAction) -> RummikubGame:
        """The game after ``action``.

        A legal play takes the played tiles off the rack; a player whose rack empties wins and the
        game ends. A play with an ``elapsed`` over the time limit is not judged: it counts as a
        timeout.

        Raises:
            IllegalActionError: not the player's turn, the game is over, a draw from an empty
                pool, a pass while the pool holds tiles, a timeout without a time limit.
            IllegalTurnError: a play whose table is not legal (``violations`` says why); it is an
                `IllegalActionError` too.
            InvalidPiecesError: too many copies of a tile, or something that is not a piece.
            NotationError: bad notation.

        Examples:
            >>> from rummylib import RUMMIKUB
            >>> g = RummikubGame.deal(rules=RUMMIKUB, players=2, seed=1)
            >>> try:
            ...     g.apply(Play(0, "r1 r2"))
            ... except IllegalTurnError as exc:
            ...     print([v.code for v in exc.violations])
            ['run-too-short', 'tile-from-nowhere', 'tile-from-nowhere', 'no-tile-played']
        """
        return self._apply(action, racks_sorted=False)

    def _apply(self, action: RummikubAction, *, racks_sorted: bool) -> RummikubGame:
        """`apply`, the rack of a draw put in order a cheaper way when ``racks_sorted``.

        A replay passes it: every rack it holds was made by a deal or a turn, in canonical order.
        """
        self._check(action)
        if isinstance(action, Play):
            if self._times_out(action.elapsed):
                return self._take(action, ActionKind.TIMEOUT, self.rules.timeout_penalty_tiles, racks_sorted)
            return self._play(action)
        if isinstance(action, Draw):
            return self._take(action, ActionKind.DRAW, 1, racks_sorted)
        if isinstance(action, Pass):
            return self._next_turn(action.player, history=(*self.history, TurnRecord(ActionKind.PASS, action.player)))
        return self._take(action, ActionKind.TIMEOUT, self.rules.timeout_penalty_tiles, racks_sorted)

    def view(self, player: int) -> RummikubView:
        """What ``player`` may know: their own rack, the table, the sizes of the other racks and the pool.

        Raises:
            IllegalActionError: ``player`` is not a seat (code ``not-a-player``).

        Examples:
            >>> from rummylib import RUMMIKUB
            >>> RummikubGame.deal(rules=RUMMIKUB, players=2, seed=1).view(1).hand_sizes
            (14, 14)
        """
        seat = check_seat(player, self.players, "view the game")
        return RummikubView(
            viewer=seat,
            to_move=self.to_move,
            hand=self.hands[seat],
            hand_sizes=tuple(len(r) for r in self.hands),
            stock_size=len(self.stock),
            table=self.table,
            initial_meld_done=self.initial_meld_done,
            turns_left=self.turns_left,
            is_over=self.is_over,
            winner=self.winner,
            scores=self.result().scores if self.is_over else None,
            hands=self.hands if self.is_over else None,
        )

    def to_json(self) -> dict[str, Any]:
        """The saved form of the game: ``{"format", "version", "type", "state"}`` (see `rummylib.saves`).

        The history is most of a save, and a turn adds one record to it: each record's JSON is
        written once and remembered (`_record_json`), and every save gets a fresh copy of it.

        Examples:
            >>> from rummylib import RUMMIKUB
            >>> g = RummikubGame.deal(rules=RUMMIKUB, players=2, seed=5).apply(Draw(0))
            >>> g.to_json()["state"]["history"]
            [{'kind': 'draw', 'player': 0, 'table': None, 'played': '', 'drawn': 'B2', 'elapsed': None}]
        """
        data = state_to_json(self._with({}, history=()))
        data["state"]["history"] = [_record_json(record) for record in self.history]
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any], *, check: bool = True) -> RummikubGame:
        """The game a saved form holds, checked unless ``check`` is false.

        The check: the game is exactly what its seed and its own history give (`replay`), so no
        rack, pool or table can be edited in a save; a save that fails it is refused for its
        `problems` when it has any (a tile missing, say), else for what the replay found.

        Raises:
            SaveError: not a saved Rummikub game, malformed, or a game no real play could reach.

        Examples:
            >>> from rummylib import RUMMIKUB
            >>> g = RummikubGame.deal(rules=RUMMIKUB, players=2, seed=5).apply(Draw(0))
            >>> RummikubGame.from_json(g.to_json()) == g
            True
        """
        state = state_from_json(cls, data)
        if not _inputs.flag(check, what="check"):
            return state
        try:
            state.verify_history()
        except RummyError as exc:
            check_problems(state)  # a state with a problem is refused for it, the plainer reason
            why = "its history does not replay: " if isinstance(exc, IllegalActionError) else ""
            raise SaveError(f"not a valid save: {why}{exc.message}") from None
        # A game that is exactly its deal and its turns replayed is one the referee made, turn by
        # turn, so it has none of the `problems` a save is checked for: they are looked for only
        # when the replay refuses it, to name the plainest reason.
        return state

    def verify_history(self) -> RummikubGame:
        """The game itself, once it is exactly what its seed and its own history give.

        The game is rebuilt from a new deal with its rules, player count and seed by replaying
        every recorded turn (each re-judged), and compared field by field: any change to a rack,
        the pool, the table or a flag that the history does not explain is caught.

        Raises:
            InvalidStateError: the rebuilt game differs (code ``bad-state``).
            IllegalActionError: a recorded turn is illegal (an `IllegalTurnError` for a play).

        Examples:
            >>> from rummylib import RUMMIKUB
            >>> game = RummikubGame.deal(rules=RUMMIKUB, players=2, seed=4).apply(Draw(0)).apply(Draw(1))
            >>> game.verify_history() is game
            True
            >>> attrs.evolve(game, history=game.history[:1]).verify_history()  # doctest: +ELLIPSIS
            Traceback (most recent call last):
            ...
            rummylib.errors.InvalidStateError: the game is not possible: hands, stock, to_move differ from what ...
        """
        rebuilt = _replayed(self.history, self.rules, self.players, self.seed)
        # field by field, the same object taken as the same value (as a tuple compares its items):
        # the rules are the one rule set both games hold, not 69 options compared one by one
        fields = [
            name
            for name in _FIELDS
            if (mine := getattr(self, name)) is not (theirs := getattr(rebuilt, name)) and mine != theirs
        ]
        if fields:
            raise InvalidStateError([f"{', '.join(fields)} differ from what the history gives"], what="the game")
        return self

    def problems(self) -> tuple[str, ...]:
        """Every reason this game could not come out of real play (empty when it could).

        Every tile of the box exactly once, seats and counters in range, valid sets on the table, a
        winner with an empty rack. (`verify_history` checks the history itself.)

        Examples:
            >>> from rummylib import RUMMIKUB
            >>> game = RummikubGame.deal(rules=RUMMIKUB, players=2, seed=1).apply(Draw(0))
            >>> attrs.evolve(game, stock=game.stock[1:]).problems()  # a tile vanished from the pool
            ('pieces not conserved: missing ...',)
        """
        found = piece_problems(self, self._every_piece())
        found.extend(self._invariant_problems())
        return tuple(found)

    def _invariant_problems(self) -> Iterator[str]:
        rules = self.rules
        n = len(self.hands)

        def seat(value: object) -> bool:
            return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < n

        if self.is_over:
            if self.to_move is not None:
                yield f"to_move ({self.to_move!r}) is not null once the game is over"
        elif not seat(self.to_move):
            yield f"to_move ({self.to_move!r}) is not a seat"
        if len(self.initial_meld_done) != n:
            yield f"initial_meld_done has {len(self.initial_meld_done)} entries for {n} players"
        for i, m in enumerate(self.table.melds):
            if not is_valid_meld(m, rules=rules):
                yield f"table set {i + 1} ({m}) is not a valid set"
        if self.turns_left is not None and not 0 <= self.turns_left <= n:
            yield f"turns_left {self.turns_left} is not 0 to {n}"
        if self.turns_left is not None and self.stock:
            yield "turns are counted down while the pool still holds tiles"
        if self.winner is not None:
            if not seat(self.winner):
                yield f"the winner ({self.winner!r}) is not a seat"
            elif self.hands[self.winner]:
                yield f"player {self.winner} won with tiles left on the rack"
            if not self.is_over:
                yield "a winner while the game is not over"
        if not self.is_over and any(not r for r in self.hands):
            yield "a rack is empty but the game is not over"
        if self.table.melds and len(self.initial_meld_done) == n and not any(self.initial_meld_done):
            yield "sets on the table, but nobody has made the initial meld"
        if self.is_over:
            try:
                score_rummikub(self.hands, winner=self.winner, rules=rules)
            except RummyError as exc:
                yield f"the final racks cannot be scored: {exc.message}"

    # --- helpers ----------------------------------------------------------------------------
    def _check(self, action: RummikubAction) -> None:
        """Refuse what no table could make legal: the wrong seat or time, an impossible draw or pass."""
        if not isinstance(action, _ACTION_TYPES):
            raise TypeError(f"not a Rummikub action: {action!r}")
        if self.is_over:
            refuse(RuleId.ROUND_OVER, "the game is over")
        check_seat(action.player, self.players, "act")
        if action.player != self.to_move:
            refuse(RuleId.NOT_YOUR_TURN, f"it is player {self.to_move}'s turn, not player {action.player}'s")
        if isinstance(action, Draw) and not self.stock:
            refuse(RuleId.WRONG_PHASE, "the pool is empty: play or pass")
        if isinstance(action, Pass) and self.stock:
            refuse(RuleId.WRONG_PHASE, "the pool is not empty: a player who does not play draws")
        if isinstance(action, Timeout) and self.rules.turn_time_limit is None:
            refuse(RuleId.WRONG_PHASE, "these rules have no time limit")

    def _times_out(self, elapsed: float | None) -> bool:
        limit = self.rules.turn_time_limit
        return limit is not None and elapsed is not None and elapsed > limit

    def _play(self, action: Play) -> RummikubGame:
        report = self.turn_report(action.table)
        if not report.valid:
            raise IllegalTurnError(report.violations)
        table = Table.of(action.table, rules=self.rules)
        seat = action.player  # the seat to move (`_check`)
        rack = Counter(self.hands[seat])
        rack.subtract(report.played)
        new_rack = sorted_pieces(tuple(rack.elements()))
        record = TurnRecord(ActionKind.PLAY, seat, table=table, played=report.played, elapsed=action.elapsed)
        changes: dict[str, Any] = {
            "hands": replace_at(self.hands, seat, new_rack),
            "table": table,
            "initial_meld_done": replace_at(self.initial_meld_done, seat, True),
            "history": (*self.history, record),
        }
        if not new_rack:
            return self._with(changes, to_move=None, winner=seat, is_over=True)
        return self._next_turn(seat, **changes)

    def _take(self, action: Play | Draw | Timeout, kind: ActionKind, n: int, racks_sorted: bool) -> RummikubGame:
        drawn = self.stock[:n]
        seat = action.player  # the seat to move (`_check`)
        rack = _drawn_into(self.hands[seat], drawn) if racks_sorted else sorted_pieces(self.hands[seat] + drawn)
        return self._next_turn(
            seat,
            hands=replace_at(self.hands, seat, rack),
            stock=self.stock[n:],
            history=(*self.history, TurnRecord(kind, seat, drawn=sorted_pieces(drawn), elapsed=action.elapsed)),
        )

    def _next_turn(self, seat: int, **changes: Any) -> RummikubGame:
        """The game with the turn of ``seat`` (the seat to move) made, and the turn passed on (or the game over)."""
        left = self.turns_left
        if left is not None:
            left -= 1
            if left <= 0:
                return self._with(changes, to_move=None, turns_left=0, is_over=True)
        elif not changes.get("stock", self.stock):
            left = self.players  # the pool just ran out: one more turn each
        return self._with(changes, to_move=(seat + 1) % self.players, turns_left=left)

    def _with(self, changes: Mapping[str, Any], **more: Any) -> RummikubGame:
        """`attrs.evolve` for a turn: the same fields changed, without checking again what a turn keeps.

        A turn changes racks, pool, table, flags and counters, never the rules or the number of
        seats, which ``__attrs_post_init__`` checked when this game was made; the fields have no
        converters or validators. So the new game is the old one's fields with the changes, set
        as attrs' own ``__init__`` sets them, field by field.
        """
        new = object.__new__(type(self))
        given = {**changes, **more}
        put = object.__setattr__
        for name in _FIELDS:
            put(new, name, given[name] if name in given else getattr(self, name))
        return new


_FIELDS = tuple(field.name for field in attrs.fields(RummikubGame))
"""The fields of a game, in order (`RummikubGame._with` sets each)."""

_ACTION_TYPES = (Play, Draw, Pass, Timeout)
"""The Rummikub actions, as a tuple for ``isinstance`` (`RummikubGame._check`)."""

_TABLES_KEPT = 256
"""The most games `_REPLAYED` keeps (one per table: rules, seats and seed)."""
_REPLAYED: dict[tuple[RuleSet, int, type, Seed], RummikubGame] = {}
"""The game each table's last check rebuilt (`verify_history`), by its rules, seats and seed; emptied when full."""


def clear_cache() -> None:
    """Empty the referee's memory of deals, of turn records written and of tables rebuilt (`rummikub.clear_caches`).

    Examples:
        >>> clear_cache()
        >>> len(_REPLAYED), len(_RECORD_JSON), _dealt.cache_info().currsize
        (0, 0, 0)
    """
    _dealt.cache_clear()
    _REPLAYED.clear()
    _RECORD_JSON.clear()


def _replayed(history: tuple[TurnRecord, ...], rules: RuleSet, players: int, seed: Seed) -> RummikubGame:
    """`RummikubGame.replay` of ``history`` on a new deal, from the last game rebuilt for the same table when it can.

    A game is its deal with its turns applied one by one, so a history that goes on from a game
    already rebuilt needs only its new turns applied to that game: a server's table comes back a
    turn or two later. The game rebuilt is remembered for the table's next check.

    Examples:
        >>> from rummylib import RUMMIKUB
        >>> game = RummikubGame.deal(rules=RUMMIKUB, players=2, seed=8).apply(Draw(0))
        >>> _replayed(game.history, RUMMIKUB, 2, 8) == game
        True
        >>> later = game.apply(Draw(1)).apply(Draw(0))  # replayed from the game above: two turns
        >>> _replayed(later.history, RUMMIKUB, 2, 8) == later
        True
    """
    table = (rules, players, type(seed), seed)
    known = _REPLAYED.get(table)
    done = 0 if known is None else len(known.history)
    if known is not None and done <= len(history) and history[:done] == known.history:
        rebuilt = known._replayed(history[done:], first=done + 1)
    else:
        rebuilt = RummikubGame.replay(history, rules=rules, players=players, seed=seed)
    if len(_REPLAYED) >= _TABLES_KEPT and table not in _REPLAYED:
        _REPLAYED.clear()
    _REPLAYED[table] = rebuilt
    return rebuilt


_RECORDS_KEPT = 4096
"""The most turn records whose JSON `_RECORD_JSON` keeps (the histories of a few hundred games)."""
_RECORD_JSON: dict[int, tuple[TurnRecord, dict[str, Any], bool]] = {}
"""The JSON of each turn record written lately, by the record's ``id`` (held with it, so that no
other object can have that id while it is kept), and whether it holds a list or an object (which
a copy must copy too); emptied when full."""


def _record_json(record: TurnRecord) -> dict[str, Any]:
    """A turn record as a save writes it (`STATE_CODEC`), written once per record; a fresh copy each time."""
    found = _RECORD_JSON.get(id(record))
    if found is None or found[0] is not record:
        if len(_RECORD_JSON) >= _RECORDS_KEPT:
            _RECORD_JSON.clear()
        data = _write_record(record)
        found = _RECORD_JSON[id(record)] = (record, data, not _CONTAINERS.isdisjoint(map(type, data.values())))
    copy: dict[str, Any] = _copied(found[1]) if found[2] else found[1].copy()  # (a record without a table is flat)
    return copy


def _write_record(record: TurnRecord) -> dict[str, Any]:
    """``STATE_CODEC.encode_attrs(record)``, written directly for a turn with no table and no time (a draw, say).

    Examples:
        >>> from rummylib import parse_pieces
        >>> record = TurnRecord("draw", 1, drawn=parse_pieces("r5"))
        >>> _write_record(record) == STATE_CODEC.encode_attrs(record)
        True
    """
    if record.table is not None or record.elapsed is not None:
        return STATE_CODEC.encode_attrs(record)
    return {
        "kind": record.kind.value,
        "player": record.player,
        "table": None,
        "played": format_pieces(record.played),
        "drawn": format_pieces(record.drawn),
        "elapsed": None,
    }


def _copied(data: Any) -> Any:
    """A copy of a JSON value, every object and list in it new (a caller may edit what it is given)."""
    if type(data) is dict:
        return {key: _copied(value) if type(value) in _CONTAINERS else value for key, value in data.items()}
    if type(data) is list:
        return [_copied(value) if type(value) in _CONTAINERS else value for value in data]
    return data


_CONTAINERS = frozenset({dict, list})
"""The JSON types `_copied` copies (the others are immutable)."""
