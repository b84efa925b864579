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
from typing import TYPE_CHECKING

from rummylib._deprecation import LazyAttributes
from rummylib.melds import clear_caches as _clear_meld_caches
from rummylib.rummikub._judge import clear_cache as _clear_judge

if TYPE_CHECKING:  # for type checkers: read through __getattr__, each module on first use
    from rummylib.rummikub.actions import (
        ActionKind,
        Draw,
        Pass,
        Play,
        RummikubAction,
        RummikubView,
        Timeout,
        TurnRecord,
    )
    from rummylib.rummikub.errors import IllegalTurnError, SolverInputError
    from rummylib.rummikub.game import RummikubGame
    from rummylib.rummikub.scoring import score_rummikub
    from rummylib.rummikub.solver import (
        Budget,
        Objective,
        Solution,
        arrange,
        can_play,
        lay_down,
        playable_tiles,
        solve,
    )
    from rummylib.rummikub.turns import (
        ChangeKind,
        SetChange,
        TileMove,
        TurnChanges,
        TurnReport,
        check_turn,
        is_legal_turn,
        turn_violations,
        validate_turn,
    )

__all__ = [
    "ActionKind",
    "Budget",
    "ChangeKind",
    "Draw",
    "IllegalTurnError",
    "Objective",
    "Pass",
    "Play",
    "RummikubAction",
    "RummikubGame",
    "RummikubView",
    "SetChange",
    "Solution",
    "SolverInputError",
    "TileMove",
    "Timeout",
    "TurnChanges",
    "TurnRecord",
    "TurnReport",
    "arrange",
    "can_play",
    "check_turn",
    "clear_caches",
    "is_legal_turn",
    "lay_down",
    "playable_tiles",
    "score_rummikub",
    "solve",
    "turn_violations",
    "validate_turn",
]


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


# The names of the modules above, each module imported the first time one of its names is read
# (a turn judged does not load the solver, nor the referee).
if not TYPE_CHECKING:  # type checkers read the names above, and flag any other
    __getattr__ = LazyAttributes(
        globals(),
        {
            "rummylib.rummikub.errors": ("IllegalTurnError", "SolverInputError"),
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
        },
    )
    __dir__ = __getattr__.dir
