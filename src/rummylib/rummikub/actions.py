"""The values the Rummikub referee works with: its actions, the turns of its history, what a player sees.

The actions are `Play` (the table after the turn), `Draw`, `Pass` and `Timeout` (`RummikubAction`
is any of them; `ActionKind` names their kinds); the referee that takes them is
`rummylib.rummikub.game.RummikubGame`. Each names the seat (from 0) of the player acting.

Examples:
    >>> Draw(1).kind, ActionKind("play") is Play.kind
    (<ActionKind.DRAW: 'draw'>, True)
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, ClassVar, TypeAlias

import attrs

from rummylib import _inputs
from rummylib.errors import ArgumentError, NotationError, RuleId
from rummylib.melds import Meld
from rummylib.pieces import Piece, format_pieces, read_pieces
from rummylib.referee import refuse
from rummylib.table import MeldsLike, Table
from rummylib.tiles import MAX_TILE_NUMBER, Color

__all__ = ["ActionKind", "Draw", "Pass", "Play", "RummikubAction", "RummikubView", "Timeout", "TurnRecord"]


class ActionKind(StrEnum):
    """The kinds of action a player may take on their turn (each action's ``kind``).

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


_ALL_COLORS = tuple(Color)


def _any_table(value: MeldsLike) -> Table:
    """A table from what a caller gives; notation is read for any box (the game checks its own)."""
    if isinstance(value, str):
        melds = value.split("|") if value.strip() else []
        out = []
        for i, part in enumerate(melds):
            pieces = read_pieces(part, colors=_ALL_COLORS, max_number=MAX_TILE_NUMBER)
            if not pieces:
                raise NotationError(f"set {i + 1} of {value!r} is empty", text=value)
            out.append(Meld(pieces))
        return Table(out)
    return Table.of(value)


_SEAT = _inputs.player  # a seat number, or a coded error (never attrs' own TypeError)


def _elapsed(instance: object, attribute: attrs.Attribute[float | None], value: Any) -> None:
    """Seconds a turn took: ``None``, or a number (not a ``bool``) from 0."""
    if value is None or (isinstance(value, int | float) and not isinstance(value, bool) and value >= 0):
        return
    raise ArgumentError(
        f"{type(instance).__name__}: elapsed must be None or seconds (a number from 0), not {value!r}"[:200]
    )


_ELAPSED = _elapsed


@attrs.frozen
class Play:
    """The player to move proposes the table after their turn.

    Examples:
        >>> Play(0, "r1 r2 r3 | k7 b7 y7").table
        Table.parse('R1 R2 R3 | K7 B7 Y7')
    """

    kind: ClassVar[ActionKind] = ActionKind.PLAY
    player: int = attrs.field(validator=_SEAT)
    """Seat of the player (from 0)."""
    table: Table = attrs.field(converter=_any_table)
    """The table after the turn (a `Table`, its ``|`` notation, or a sequence of melds)."""
    elapsed: float | None = attrs.field(default=None, validator=_ELAPSED)
    """Seconds the turn took, when the caller measures it (over the time limit: a timeout)."""


@attrs.frozen
class Draw:
    """The player to move draws one tile from the pool, and the turn ends.

    Examples:
        >>> Draw(1)
        Draw(player=1, elapsed=None)
    """

    kind: ClassVar[ActionKind] = ActionKind.DRAW
    player: int = attrs.field(validator=_SEAT)
    """Seat of the player (from 0)."""
    elapsed: float | None = attrs.field(default=None, validator=_ELAPSED)
    """Seconds the turn took, when the caller measures it."""


@attrs.frozen
class Pass:
    """The player to move does nothing; allowed only once the pool is empty.

    Examples:
        >>> Pass(0).kind is ActionKind.PASS
        True
    """

    kind: ClassVar[ActionKind] = ActionKind.PASS
    player: int = attrs.field(validator=_SEAT)
    """Seat of the player (from 0)."""


@attrs.frozen
class Timeout:
    """The turn ran over the time limit: the player draws the penalty tiles, nothing else changes.

    Examples:
        >>> Timeout(0, elapsed=31.5).elapsed
        31.5
    """

    kind: ClassVar[ActionKind] = ActionKind.TIMEOUT
    player: int = attrs.field(validator=_SEAT)
    """Seat of the player (from 0)."""
    elapsed: float | None = attrs.field(default=None, validator=_ELAPSED)
    """Seconds the turn took, when the caller measures it."""


RummikubAction: TypeAlias = Play | Draw | Pass | Timeout
"""Any action of the Rummikub referee."""

ACTIONS: tuple[type, ...] = (Play, Draw, Pass, Timeout)
"""The action classes of the Rummikub referee."""


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
class TurnRecord:
    """One turn of the history: who did what, and what they played or drew.

    ``kind`` may be given as its value: ``TurnRecord("draw", 0)`` is
    ``TurnRecord(ActionKind.DRAW, 0)``. `action` is the action that replays the turn.

    Raises:
        NotationError: ``kind`` is not an action kind.

    Examples:
        >>> TurnRecord("pass", 1).kind is ActionKind.PASS
        True
        >>> from rummylib import RUMMIKUB
        >>> from rummylib.rummikub import Draw, RummikubGame
        >>> g = RummikubGame.deal(rules=RUMMIKUB, players=2, seed=1).apply(Draw(0))
        >>> str(g.history[0]).startswith("player 0 draws "), g.history[0].action
        (True, Draw(player=0, elapsed=None))
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

    @property
    def action(self) -> RummikubAction:
        """The action that replays this turn.

        Raises:
            IllegalActionError: a play recorded without a table (code ``no-tile-played``).
        """
        if self.kind is ActionKind.PLAY:
            if self.table is None:
                refuse(RuleId.NO_TILE_PLAYED, f"the play of player {self.player} has no table after it")
            return Play(self.player, self.table, elapsed=self.elapsed)
        if self.kind is ActionKind.DRAW:
            return Draw(self.player, elapsed=self.elapsed)
        if self.kind is ActionKind.PASS:
            return Pass(self.player)
        return Timeout(self.player, elapsed=self.elapsed)

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
        who = f"player {self.player}"  # seats count from 0, as everywhere
        if self.kind is ActionKind.PLAY:
            return f"{who} plays {format_pieces(self.played)}: {self.table}"
        if self.kind is ActionKind.DRAW:
            return f"{who} draws {format_pieces(self.drawn)}"
        if self.kind is ActionKind.PASS:
            return f"{who} passes"
        return f"{who} ran out of time and draws {format_pieces(self.drawn) or 'nothing'}"


@attrs.frozen
class RummikubView:
    """What one player may know of a Rummikub game, and nothing more.

    Their own rack (`hand`), the table, how many tiles each rack and the pool hold (`hand_sizes`,
    `stock_size`), who has made the initial meld, whose turn it is, and once the game is over every
    rack (`hands`, shown for the count) and the scores. Tiles reach a rack only face down (from the
    deal or the pool) and never come back from the table, so until then no tile of another rack is
    known to the others. The keys shared by every game's view are `rummylib.referee.View`'s.

    Examples:
        >>> from rummylib import RUMMIKUB
        >>> from rummylib.rummikub import Draw, RummikubGame
        >>> v = RummikubGame.deal(rules=RUMMIKUB, players=3, seed=2).view(1)
        >>> len(v.hand), v.hand_sizes, v.stock_size, v.to_move
        (14, (14, 14, 14), 64, 0)
    """

    viewer: int
    """The seat whose view this is."""
    to_move: int | None
    """The seat whose turn it is (``None`` once over)."""
    hand: tuple[Piece, ...]
    """The viewer's rack, in canonical order."""
    hand_sizes: tuple[int, ...]
    """How many tiles each player holds on their rack."""
    stock_size: int
    """Tiles left in the pool."""
    table: Table
    """The sets on the table."""
    initial_meld_done: tuple[bool, ...]
    """For each player, whether they have made their initial meld."""
    turns_left: int | None
    """Once the pool is empty: turns left before the game ends."""
    is_over: bool
    """Whether the game has ended."""
    winner: int | None
    """The player who emptied their rack, once over (``None``: nobody did)."""
    scores: tuple[int, ...] | None = None
    """Each seat's score once the game is over (`RummikubGame.result`), else ``None``."""
    hands: tuple[tuple[Piece, ...], ...] | None = None
    """Every rack once the game is over (they are counted for the scores), else ``None``."""

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict of the view (tiles in notation, the table as a list of sets).

        Examples:
            >>> from rummylib import RUMMIKUB
            >>> from rummylib.rummikub import Draw, RummikubGame
            >>> RummikubGame.deal(rules=RUMMIKUB, players=2, seed=2).view(0).to_json()["table"]
            []
        """
        return {
            "viewer": self.viewer,
            "to_move": self.to_move,
            "hand": format_pieces(self.hand),
            "hand_sizes": list(self.hand_sizes),
            "stock_size": self.stock_size,
            "table": self.table.to_json(),
            "initial_meld_done": list(self.initial_meld_done),
            "turns_left": self.turns_left,
            "is_over": self.is_over,
            "winner": self.winner,
            "scores": None if self.scores is None else list(self.scores),
            "hands": None if self.hands is None else [format_pieces(r) for r in self.hands],
        }
