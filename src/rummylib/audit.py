"""Checks for game servers that never trust a client (or a saved file), over every game.

A referee state is a value; these functions say whether a value *could* have come out of a real
game, so a server can refuse a tampered save, a forged position or a client whose idea of the
table is not the server's. They ask each referee its own invariants (`Referee.problems`) and know
no game themselves:

* `state_problems` / `check_state`: every tile and card of the deal is somewhere exactly once
  (stock, discard pile, hands, table), hands hold possible numbers of pieces, seats, phases and
  counters are in range, melds on the table are valid, and recorded scores are the ones the
  rules give for the recorded hands;
* `check_conservation`: the pieces of any state against the pieces of its deal;
* `check_claimed_table`: a client's "table before" against the server's (melds compared as
  multisets, so the order of melds and of pieces in a meld does not matter);
* `replay`: apply a recorded list of actions to a starting state, re-validating each one;
  `verify_history`: rebuild a game that keeps its history (Rummikub) from its seed and compare.

Examples:
    >>> from rummylib import RUMMIKUB
    >>> from rummylib.rummikub import Draw, RummikubGame
    >>> game = RummikubGame.deal(rules=RUMMIKUB, players=2, seed=1).apply(Draw(0))
    >>> state_problems(game)
    ()
    >>> import attrs
    >>> forged = attrs.evolve(game, stock=game.stock[1:])  # a tile vanished from the pool
    >>> state_problems(forged)[0]
    'pieces not conserved: missing ...'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import TypeVar

from rummylib.decks import full_set
from rummylib.errors import (
    IllegalPlayError,
    InvalidStateError,
    RummyError,
    TableMismatchError,
)
from rummylib.melds import Meld, MeldReading
from rummylib.pieces import Piece, PieceCount
from rummylib.referee import Action, Recorded, Referee, Replayable, piece_problems
from rummylib.registry import family_of
from rummylib.table import MeldsLike, Table

__all__ = [
    "MAX_REPORTED",
    "all_pieces",
    "check_claimed_table",
    "check_conservation",
    "check_state",
    "expected_pieces",
    "replay",
    "state_problems",
    "verify_history",
]

MAX_REPORTED = 20
"""Most problems `state_problems` lists (a badly broken state would otherwise list hundreds)."""

_S = TypeVar("_S", bound=Referee)


def _referee(state: object) -> Referee:
    family_of(state)  # TypeError unless a referee state of a registered game
    assert isinstance(state, Referee)
    return state


# ------------------------------------------------------------------------------------------
# Pieces
# ------------------------------------------------------------------------------------------


def all_pieces(state: Referee) -> PieceCount:
    """Every piece of a referee state, wherever it is (hands, stock or pool, discards, table).

    For a whole game (`ContractGame`, `GinGame`) it is the pieces of the round or hand in play.

    Raises:
        TypeError: not a referee state.

    Examples:
        >>> from rummylib import GIN_RUMMY
        >>> from rummylib.gin import GinHand
        >>> len(all_pieces(GinHand.deal(rules=GIN_RUMMY, seed=1)))
        52
    """
    return _referee(state).all_pieces()


def expected_pieces(state: Referee) -> PieceCount:
    """The pieces the state's deal holds: the game's full set for its rules and player count.

    Raises:
        TypeError: not a referee state.

    Examples:
        >>> from rummylib import SHANGHAI
        >>> from rummylib.contracts import ContractRound
        >>> len(expected_pieces(ContractRound.deal(rules=SHANGHAI, players=3, seed=0)))
        105
    """
    state = _referee(state)
    return PieceCount.of(full_set(state.rules, players=state.players))


def check_conservation(state: _S, deal: Iterable[Piece] | PieceCount | None = None) -> _S:
    """``state`` itself, once every piece of ``deal`` is in it exactly once (and nothing else is).

    ``deal`` defaults to the game's full set (`expected_pieces`); a server that dealt from its
    own box passes that box.

    Raises:
        InvalidStateError: pieces missing or extra (code ``bad-state``).
        TypeError: not a referee state.

    Examples:
        >>> from rummylib import RUMMIKUB
        >>> from rummylib.rummikub import RummikubGame
        >>> game = RummikubGame.deal(rules=RUMMIKUB, players=2, seed=1)
        >>> check_conservation(game) is game
        True
        >>> check_conservation(game, game.stock)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        rummylib.errors.InvalidStateError: the state is not possible: pieces not conserved: extra ...
    """
    want = expected_pieces(state) if deal is None else deal if isinstance(deal, PieceCount) else PieceCount.of(deal)
    have = all_pieces(state)
    parts = []
    if want - have:
        parts.append(f"missing {_short(want - have)}")
    if have - want:
        parts.append(f"extra {_short(have - want)}")
    if parts:
        raise InvalidStateError([f"pieces not conserved: {'; '.join(parts)}"])
    return state


def _short(pieces: PieceCount) -> str:
    items = list(pieces)
    text = " ".join(str(p) for p in items[:12])
    return text + (f" and {len(items) - 12} more" if len(items) > 12 else "")


# ------------------------------------------------------------------------------------------
# Invariants of each referee state
# ------------------------------------------------------------------------------------------


def state_problems(state: Referee) -> tuple[str, ...]:
    """Every reason ``state`` could not come out of a real game (empty when it could).

    Asks the state's referee (`Referee.problems`): conservation against the full set, pieces that
    do not belong to the game, hand sizes, seats, phases, counters (buys, reshuffles, turns),
    valid table melds, and recorded results and scores that are those the rules give. A state so
    malformed that its checks cannot even run is reported as such, never with a traceback.

    Raises:
        TypeError: not a referee state.

    Examples:
        >>> import attrs
        >>> from rummylib import GIN_RUMMY
        >>> from rummylib.gin import GinHand
        >>> hand = GinHand.deal(rules=GIN_RUMMY, seed=1)
        >>> state_problems(attrs.evolve(hand, hands=(hand.hands[0] + hand.stock[:1], hand.hands[1])))
        ('pieces not conserved: extra ...', 'hands of 11 and 10 cards in phase draw (expected 10 and 10)')
    """
    state = _referee(state)
    try:
        state.rules.check_players(state.players)
        found = state.problems()
    except (RummyError, TypeError, ValueError, AttributeError, IndexError, KeyError) as exc:
        try:
            first = piece_problems(state)
        except (RummyError, TypeError, ValueError, AttributeError, IndexError, KeyError):
            first = []
        return (*first, f"the state is malformed: {exc}")[:MAX_REPORTED]
    return found[:MAX_REPORTED]


def check_state(state: _S) -> _S:
    """``state`` itself, once `state_problems` finds nothing.

    Raises:
        InvalidStateError: the state could not come out of a real game (code ``bad-state``).
        TypeError: not a referee state.

    Examples:
        >>> from rummylib import SHANGHAI
        >>> from rummylib.contracts import ContractGame
        >>> game = ContractGame.deal(rules=SHANGHAI, players=3, seed=2)
        >>> check_state(game) is game
        True
    """
    problems = state_problems(state)
    if problems:
        raise InvalidStateError(problems)
    return state


# ------------------------------------------------------------------------------------------
# Client claims and histories
# ------------------------------------------------------------------------------------------


def _meld_key(meld: Meld) -> tuple[tuple[str, int], ...]:
    return tuple(sorted(Counter(str(p) for p in meld.pieces).items()))


def _table(value: object) -> Table:
    """A table from a `Table`, notation, or melds (a contract game's table melds and readings too)."""
    if isinstance(value, Meld):
        return Table([value])
    if isinstance(value, Iterable) and not isinstance(value, str | Table):
        items = [
            m.reading.meld if hasattr(m, "reading") else m.meld if isinstance(m, MeldReading) else m for m in value
        ]
        value = items
    # Table.of reads notation and pieces, and refuses anything else with a clear error.
    return Table.of(value)  # type: ignore[arg-type]


def check_claimed_table(claimed: MeldsLike | Iterable[object], actual: MeldsLike | Iterable[object]) -> Table:
    """The claimed table, once it holds exactly the server's melds.

    Tables may be a `rummylib.table.Table`, ``|`` notation, or a sequence of melds (`Meld`,
    notation, pieces, a contract game's `TableMeld`). Melds are compared as multisets of pieces
    and the table as a multiset of melds: the order of melds, and of pieces within a meld, does
    not matter; a meld added, removed, split, merged or with one piece changed does.

    Raises:
        TableMismatchError: the tables differ; the message says which melds (code ``table-mismatch``).
        NotationError: bad notation.
        InvalidPiecesError: a table or meld that is not one (code ``not-a-piece``).

    Examples:
        >>> check_claimed_table("r3 r1 r2 | k7 b7 y7", "k7 y7 b7 | r1 r2 r3")
        Table.parse('R3 R1 R2 | K7 B7 Y7')
        >>> try:
        ...     check_claimed_table("r1 r2 r3 r4", "r1 r2 r3")
        ... except TableMismatchError as exc:
        ...     print(exc.code, "/", exc.message.split(": ")[1])
        table-mismatch / claims R1 R2 R3 R4 not on the table; misses R1 R2 R3
    """
    theirs_table = _table(claimed)
    mine = Counter(_meld_key(m) for m in _table(actual).melds)
    theirs = Counter(_meld_key(m) for m in theirs_table.melds)
    if mine == theirs:
        return theirs_table

    def show(keys: Counter[tuple[tuple[str, int], ...]]) -> str:
        melds = [" ".join(p for p, n in key for _ in range(n)) for key in keys.elements()]
        return ", ".join(melds[:5]) + (f" and {len(melds) - 5} more" if len(melds) > 5 else "")

    parts = []
    if theirs - mine:
        parts.append(f"claims {show(theirs - mine)} not on the table")
    if mine - theirs:
        parts.append(f"misses {show(mine - theirs)}")
    raise TableMismatchError("the claimed table differs from the server's: " + "; ".join(parts))


def replay(start: _S, actions: Iterable[Action | Replayable]) -> _S:
    """Apply ``actions`` one by one to ``start``, re-validating each; the final state.

    Works for every referee. The start state itself is checked first (`check_state`). Records of
    turns that know their action (a Rummikub game's ``history``) replay as that action. The first
    action the referee refuses stops the replay with its error, its message prefixed by the
    action's number.

    Raises:
        InvalidStateError: the start state is not possible.
        IllegalActionError: an action is illegal (the message names which, from 1).
        IllegalTurnError: a recorded Rummikub play is not legal.
        TypeError: not a referee state, or an action of another game.

    Examples:
        >>> from rummylib import GIN_RUMMY
        >>> from rummylib.gin import GinHand, DrawStock, Discard
        >>> hand = GinHand.deal(rules=GIN_RUMMY, seed=7)
        >>> after = hand.apply(DrawStock(1))
        >>> after = after.apply(Discard(1, after.hands[1][0]))
        >>> replay(hand, [DrawStock(1), Discard(1, hand.hands[1][0])]) == after
        True
        >>> replay(hand, [DrawStock(0)])
        Traceback (most recent call last):
        ...
        rummylib.errors.IllegalActionError: action 1: it is player 1's turn, not player 0's [not-your-turn]
    """
    check_state(start)
    state = start
    for n, item in enumerate(actions, 1):
        action = item.action if isinstance(item, Replayable) else item
        try:
            state = state.apply(action)
        except IllegalPlayError as exc:
            exc.args = (f"action {n}: {exc.message}",)
            raise exc from None
    return state


def verify_history(state: _S) -> _S:
    """``state`` itself, once it is exactly what its seed and its own history give.

    For the games whose states keep their history (Rummikub): the game is rebuilt from a new deal
    by replaying every recorded turn (each re-validated) and compared field by field, so any
    change to a rack, the pool, the table or a flag that the history does not explain is caught.

    Raises:
        InvalidStateError: the rebuilt game differs (code ``bad-state``).
        IllegalActionError: a recorded action is illegal.
        IllegalTurnError: a recorded play is not legal.
        TypeError: not a referee state that keeps its history.

    Examples:
        >>> import attrs
        >>> from rummylib import RUMMIKUB
        >>> from rummylib.rummikub import Draw, RummikubGame
        >>> game = RummikubGame.deal(rules=RUMMIKUB, players=2, seed=4).apply(Draw(0)).apply(Draw(1))
        >>> verify_history(game) is game
        True
        >>> verify_history(attrs.evolve(game, history=game.history[:1]))  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        rummylib.errors.InvalidStateError: the game is not possible: hands, stock, to_move differ from what ...
    """
    _referee(state)
    if not isinstance(state, Recorded):
        raise TypeError(f"a {type(state).__name__} keeps no history to verify")
    state.verify_history()
    return state
