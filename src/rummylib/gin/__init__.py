"""Gin Rummy: least deadwood, knocking, lay-offs, hand and game scores, the referee.

* `deadwood`, `knock_limit`: what a hand holds, and the most deadwood it may knock with
  (`deadwood_value`: the least deadwood alone, faster, no meld built);
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

import typing

from rummylib import _deprecation

# Imported here, not on first use: the module's name is also that of its function `deadwood`, which
# must stand in its place however the module is first imported.
# The names re-exported as themselves (`X as X`), one statement per module.
# isort: off
from rummylib.gin.deadwood import (
    MAX_GIN_HAND as MAX_GIN_HAND,
    DeadwoodResult as DeadwoodResult,
    check_knock as check_knock,
    deadwood as deadwood,
    deadwood_value as deadwood_value,
    hand_multiplier as hand_multiplier,
    is_legal_knock as is_legal_knock,
    knock_limit as knock_limit,
    knock_violations as knock_violations,
)
# isort: on

if typing.TYPE_CHECKING:  # _LAZY's names, written from it by tests/architecture/test_exports.py
    from rummylib.gin.actions import Discard as Discard
    from rummylib.gin.actions import DrawDiscard as DrawDiscard
    from rummylib.gin.actions import DrawStock as DrawStock
    from rummylib.gin.actions import GinAction as GinAction
    from rummylib.gin.actions import GinPhase as GinPhase
    from rummylib.gin.actions import GinView as GinView
    from rummylib.gin.actions import Knock as Knock
    from rummylib.gin.errors import GinInputError as GinInputError
    from rummylib.gin.errors import KnockError as KnockError
    from rummylib.gin.game import GinGame as GinGame
    from rummylib.gin.hand import STOCK_FLOOR as STOCK_FLOOR
    from rummylib.gin.hand import GinHand as GinHand
    from rummylib.gin.scoring import GinGameScore as GinGameScore
    from rummylib.gin.scoring import GinHandResult as GinHandResult
    from rummylib.gin.scoring import GinLayoffs as GinLayoffs
    from rummylib.gin.scoring import GinOutcome as GinOutcome
    from rummylib.gin.scoring import LayOff as LayOff
    from rummylib.gin.scoring import layoffs as layoffs
    from rummylib.gin.scoring import score_game as score_game
    from rummylib.gin.scoring import score_hand as score_hand


_LAZY: dict[str, tuple[str, ...]] = {
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
    "rummylib.gin.hand": (
        "STOCK_FLOOR",
        "GinHand",
    ),
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
}
"""The names read on first use, by module: each module is imported the first time one of its names is read."""

if not typing.TYPE_CHECKING:  # type checkers read the TYPE_CHECKING imports, and flag any other name
    __getattr__ = _deprecation.LazyAttributes(globals(), _LAZY)
    __dir__ = __getattr__.dir
