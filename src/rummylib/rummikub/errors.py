"""The errors only Rummikub raises: a turn that is not legal, input its solver cannot work with."""

from __future__ import annotations

from rummylib.errors import ErrorCode, IllegalActionError, RummyError

__all__ = [
    "IllegalTurnError",
    "SolverInputError",
]


class IllegalTurnError(IllegalActionError):
    """A Rummikub turn (table before, rack, table after) that is not legal.

    The Rummikub referee refuses an illegal play with it, so it is an `IllegalActionError` too.

    Examples:
        >>> from rummylib import RUMMIKUB, IllegalTurnError, check_turn
        >>> try:
        ...     check_turn("r1 r2 r3", "k1", "r1 r2 r3", rules=RUMMIKUB, initial_meld_done=True)
        ... except IllegalTurnError as exc:
        ...     print(exc.code, exc.violations[0].code)
        illegal-turn no-tile-played
    """

    code = ErrorCode.ILLEGAL_TURN


class SolverInputError(RummyError, ValueError):
    """Input the Rummikub solver cannot work with: table tiles no arrangement lays out, an unknown objective.

    It is bad input, so a ``ValueError`` too; a `SolverError` is kept for a search that fails on
    its own (a bug), and `SearchLimitReached` for a budget spent. Its code says which input:
    ``unsolvable-table`` (its own) or ``bad-objective``.

    Examples:
        >>> from rummylib import RUMMIKUB, parse_pieces
        >>> from rummylib.rummikub import SolverInputError, solve
        >>> try:
        ...     solve(parse_pieces("r1 r5 k9"), "r2", rules=RUMMIKUB, initial_meld_done=True)
        ... except SolverInputError as exc:
        ...     print(exc.code, isinstance(exc, ValueError))
        unsolvable-table True
        >>> try:
        ...     solve("", "r1 r2 r3", rules=RUMMIKUB, initial_meld_done=True, objective="nope")
        ... except ValueError as exc:
        ...     print(exc.code)
        bad-objective
    """

    code = ErrorCode.UNSOLVABLE_TABLE
