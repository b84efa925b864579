"""Rummikub: the turn judge, the scores, the referee and an exact solver.

* `validate_turn` (with `turn_violations`, `check_turn`, `is_legal_turn`): judge a turn from the
  table before, the rack and the table after, and explain what happened to every set;
* `score_rummikub`: the zero-sum scores of a finished game;
* `RummikubGame`: the referee of a whole game, with its actions `Play`, `Draw`, `Pass` and `Timeout`;
* `solve`, `arrange`, `playable_tiles`, `can_play`, `lay_down` (`rummylib.rummikub.solver`): the best play, exactly,
  and whether some tiles can go down at all.

Examples:
    >>> from rummylib import RUMMIKUB
    >>> from rummylib.rummikub import solve, validate_turn
    >>> validate_turn("r1 r2 r3", "r4 k7", "r1 r2 r3 r4", rules=RUMMIKUB, initial_meld_done=True).valid
    True
    >>> [str(p) for p in solve("r1 r2 r3", "r4 k7", rules=RUMMIKUB, initial_meld_done=True).played]
    ['R4']
"""

import sys
import typing

from rummylib import _deprecation
from rummylib.melds import clear_caches as _clear_meld_caches
from rummylib.rummikub._judge import clear_cache as _clear_judge

if typing.TYPE_CHECKING:  # _LAZY's names, written from it by tests/architecture/test_exports.py
    from rummylib.rummikub.actions import ActionKind as ActionKind
    from rummylib.rummikub.actions import Draw as Draw
    from rummylib.rummikub.actions import Pass as Pass
    from rummylib.rummikub.actions import Play as Play
    from rummylib.rummikub.actions import RummikubAction as RummikubAction
    from rummylib.rummikub.actions import RummikubView as RummikubView
    from rummylib.rummikub.actions import Timeout as Timeout
    from rummylib.rummikub.actions import TurnRecord as TurnRecord
    from rummylib.rummikub.errors import IllegalTurnError as IllegalTurnError
    from rummylib.rummikub.errors import SolverInputError as SolverInputError
    from rummylib.rummikub.game import RummikubGame as RummikubGame
    from rummylib.rummikub.scoring import score_rummikub as score_rummikub
    from rummylib.rummikub.solver import Budget as Budget
    from rummylib.rummikub.solver import Objective as Objective
    from rummylib.rummikub.solver import Solution as Solution
    from rummylib.rummikub.solver import arrange as arrange
    from rummylib.rummikub.solver import can_play as can_play
    from rummylib.rummikub.solver import lay_down as lay_down
    from rummylib.rummikub.solver import playable_tiles as playable_tiles
    from rummylib.rummikub.solver import solve as solve
    from rummylib.rummikub.turns import ChangeKind as ChangeKind
    from rummylib.rummikub.turns import SetChange as SetChange
    from rummylib.rummikub.turns import TileMove as TileMove
    from rummylib.rummikub.turns import TurnChanges as TurnChanges
    from rummylib.rummikub.turns import TurnReport as TurnReport
    from rummylib.rummikub.turns import check_turn as check_turn
    from rummylib.rummikub.turns import is_legal_turn as is_legal_turn
    from rummylib.rummikub.turns import turn_violations as turn_violations
    from rummylib.rummikub.turns import validate_turn as validate_turn


def clear_caches() -> None:
    """Empty the turn judge's caches, the meld engine's, the solver's and the referee's (for benchmarks).

    The referee's are the deals it has made, the turn records it has written and the last game it
    rebuilt for each table when checking a save.

    Answers never depend on the caches: a turn judged after this is judged from scratch, exactly
    as before, only slower the first time.

    Examples:
        >>> from rummylib import RUMMIKUB
        >>> from rummylib.rummikub import validate_turn
        >>> clear_caches()
        >>> validate_turn("", "r10 r11 r12", "r10 r11 r12", rules=RUMMIKUB, initial_meld_done=False).valid
        True
    """
    _clear_judge()
    _clear_meld_caches()
    solver = sys.modules.get("rummylib.rummikub.solver._api")  # not loaded yet: nothing in its cache
    if solver is not None:
        solver.clear_cache()
    referee = sys.modules.get("rummylib.rummikub.game")  # the same
    if referee is not None:
        referee.clear_cache()


_LAZY: dict[str, tuple[str, ...]] = {
    "rummylib.rummikub.errors": (
        "IllegalTurnError",
        "SolverInputError",
    ),
    "rummylib.rummikub.actions": (
        "ActionKind",
        "Draw",
        "Pass",
        "Play",
        "RummikubAction",
        "RummikubView",
        "Timeout",
        "TurnRecord",
    ),
    "rummylib.rummikub.game": ("RummikubGame",),
    "rummylib.rummikub.scoring": ("score_rummikub",),
    "rummylib.rummikub.solver": (
        "Budget",
        "Objective",
        "Solution",
        "arrange",
        "can_play",
        "lay_down",
        "playable_tiles",
        "solve",
    ),
    "rummylib.rummikub.turns": (
        "ChangeKind",
        "SetChange",
        "TileMove",
        "TurnChanges",
        "TurnReport",
        "check_turn",
        "is_legal_turn",
        "turn_violations",
        "validate_turn",
    ),
}
"""The names read on first use, by module: each module is imported the first time one of its names is read."""

if not typing.TYPE_CHECKING:  # type checkers read the TYPE_CHECKING imports, and flag any other name
    __getattr__ = _deprecation.LazyAttributes(globals(), _LAZY)
    __dir__ = __getattr__.dir
