"""Gin Rummy: least deadwood, knocking, lay-offs, hand and game scores, the referee.

* `deadwood`, `knock_limit`: what a hand holds, and the most deadwood it may knock with;
* `knock_violations`, `check_knock`, `is_legal_knock`: whether a hand may knock, in the three forms of
  every check (every problem, the deadwood or `KnockError`, a ``bool``);
* `score_hand`, `score_game`: a knocked hand (lay-offs, undercut, gin, big gin) and a whole game;
* `layoffs`: the defender's best lay-offs on the knocker's melds, and the deadwood they leave;
* `GinHand`, `GinGame`: the referees of one hand and of a game to the target, with their actions
  `DrawStock`, `DrawDiscard`, `Discard` and `Knock`.

Examples:
    >>> from rummylib import GIN_RUMMY
    >>> from rummylib.gin import deadwood, score_hand
    >>> deadwood("Ah 2h 3h 7c 7d 7s 9c 10d Jh Kd", rules=GIN_RUMMY).deadwood
    39
    >>> score_hand("Ah 2h 3h 7c 7d 7s 9c 9d 9s Kd", "4h 5h Kc Qc Jc 2c 2d 3s 8s 8h", rules=GIN_RUMMY).points
    13
"""

from typing import TYPE_CHECKING

from rummylib._deprecation import LazyAttributes

# Imported here, not on first use: the module's name is also that of its function `deadwood`, which
# must stand in its place however the module is first imported.
from rummylib.gin.deadwood import (
    MAX_GIN_HAND,
    DeadwoodResult,
    check_knock,
    deadwood,
    hand_multiplier,
    is_legal_knock,
    knock_limit,
    knock_violations,
)
from rummylib.gin.deadwood import (  # type: ignore[deprecated]  # re-exported, not used
    can_knock as can_knock,  # the old name, kept with a warning until 0.3.0 (not in __all__)
)

if TYPE_CHECKING:  # for type checkers: read through __getattr__, each module on first use
    from rummylib.gin.actions import Discard, DrawDiscard, DrawStock, GinAction, GinPhase, GinView, Knock
    from rummylib.gin.errors import GinInputError, KnockError
    from rummylib.gin.game import GinGame
    from rummylib.gin.hand import STOCK_FLOOR, GinHand
    from rummylib.gin.scoring import (
        GinGameScore,
        GinHandResult,
        GinLayoffs,
        GinOutcome,
        LayOff,
        layoffs,
        score_game,
        score_hand,
    )

__all__ = [
    "MAX_GIN_HAND",
    "STOCK_FLOOR",
    "DeadwoodResult",
    "Discard",
    "DrawDiscard",
    "DrawStock",
    "GinAction",
    "GinGame",
    "GinGameScore",
    "GinHand",
    "GinHandResult",
    "GinInputError",
    "GinLayoffs",
    "GinOutcome",
    "GinPhase",
    "GinView",
    "Knock",
    "KnockError",
    "LayOff",
    "check_knock",
    "deadwood",
    "hand_multiplier",
    "is_legal_knock",
    "knock_limit",
    "knock_violations",
    "layoffs",
    "score_game",
    "score_hand",
]

# The names of the modules above, each module imported the first time one of its names is read
# (a deadwood count does not build the referees).
if not TYPE_CHECKING:  # type checkers read the names above, and flag any other
    __getattr__ = LazyAttributes(
        globals(),
        {
            "rummylib.gin.errors": (
                "GinInputError",
                "KnockError",
            ),
            "rummylib.gin.actions": (
                "Discard",
                "DrawDiscard",
                "DrawStock",
                "GinAction",
                "GinPhase",
                "GinView",
                "Knock",
            ),
            "rummylib.gin.game": ("GinGame",),
            "rummylib.gin.hand": ("STOCK_FLOOR", "GinHand"),
            "rummylib.gin.scoring": (
                "GinGameScore",
                "GinHandResult",
                "GinLayoffs",
                "GinOutcome",
                "LayOff",
                "layoffs",
                "score_game",
                "score_hand",
            ),
        },
    )
    __dir__ = __getattr__.dir
