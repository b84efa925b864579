"""Indian Rummy: the wild joker, declarations, the best arrangement, the points of a deal, the referees.

* `with_wild_joker`: the rule set of a deal from its turned-up card;
* `declaration_violations`, `check_declaration`, `is_valid_declaration`: is this a declaration;
  `find_declaration`: a valid declaration of a hand, if it has one;
* `best_arrangement`, `losing_points`: what a hand costs when another player declares;
* `score_deal`, `drop_points`, `wrong_declaration_points`: the scores of a deal;
* `IndianDeal`, `IndianGame`: the referees of one deal and of a game (points, pool or deals), with
  their actions `DrawStock`, `DrawDiscard`, `Discard`, `Declare` and `Drop`.

Examples:
    >>> from rummylib import INDIAN_RUMMY
    >>> from rummylib.indian import is_valid_declaration, losing_points
    >>> fives = INDIAN_RUMMY.with_options({"wild_ranks": ["5"]})
    >>> is_valid_declaration(["4s 5s 6s", "7h 8h *", "9c 9d 9s", "Jc Qc Kc 5d"], rules=fives)
    True
    >>> losing_points("4s 5s 6s 7h 8h Kd Kc 2c 9d 3h 3d Qs 5d", rules=fives)
    47
"""

import typing

from rummylib import _deprecation

if typing.TYPE_CHECKING:  # _LAZY's names, written from it by tests/architecture/test_exports.py
    from rummylib.indian.actions import DealEnd as DealEnd
    from rummylib.indian.actions import Declare as Declare
    from rummylib.indian.actions import Discard as Discard
    from rummylib.indian.actions import DrawDiscard as DrawDiscard
    from rummylib.indian.actions import DrawStock as DrawStock
    from rummylib.indian.actions import Drop as Drop
    from rummylib.indian.actions import IndianAction as IndianAction
    from rummylib.indian.actions import IndianDealResult as IndianDealResult
    from rummylib.indian.actions import IndianPhase as IndianPhase
    from rummylib.indian.actions import IndianView as IndianView
    from rummylib.indian.actions import SeatStatus as SeatStatus
    from rummylib.indian.arrangement import MAX_INDIAN_HAND as MAX_INDIAN_HAND
    from rummylib.indian.arrangement import IndianArrangement as IndianArrangement
    from rummylib.indian.arrangement import best_arrangement as best_arrangement
    from rummylib.indian.deal import IndianDeal as IndianDeal
    from rummylib.indian.declarations import check_declaration as check_declaration
    from rummylib.indian.declarations import declaration_violations as declaration_violations
    from rummylib.indian.declarations import find_declaration as find_declaration
    from rummylib.indian.declarations import is_valid_declaration as is_valid_declaration
    from rummylib.indian.declarations import with_wild_joker as with_wild_joker
    from rummylib.indian.errors import InvalidDeclarationError as InvalidDeclarationError
    from rummylib.indian.game import IndianGame as IndianGame
    from rummylib.indian.scoring import drop_points as drop_points
    from rummylib.indian.scoring import losing_points as losing_points
    from rummylib.indian.scoring import score_deal as score_deal
    from rummylib.indian.scoring import wrong_declaration_points as wrong_declaration_points


_LAZY: dict[str, tuple[str, ...]] = {
    "rummylib.indian.errors": ("InvalidDeclarationError",),
    "rummylib.indian.actions": (
        "DealEnd",
        "Declare",
        "Discard",
        "DrawDiscard",
        "DrawStock",
        "Drop",
        "IndianAction",
        "IndianDealResult",
        "IndianPhase",
        "IndianView",
        "SeatStatus",
    ),
    "rummylib.indian.arrangement": (
        "MAX_INDIAN_HAND",
        "IndianArrangement",
        "best_arrangement",
    ),
    "rummylib.indian.deal": ("IndianDeal",),
    "rummylib.indian.declarations": (
        "check_declaration",
        "declaration_violations",
        "find_declaration",
        "is_valid_declaration",
        "with_wild_joker",
    ),
    "rummylib.indian.game": ("IndianGame",),
    "rummylib.indian.scoring": (
        "drop_points",
        "losing_points",
        "score_deal",
        "wrong_declaration_points",
    ),
}
"""The names read on first use, by module: each module is imported the first time one of its names is read."""

if not typing.TYPE_CHECKING:  # type checkers read the TYPE_CHECKING imports, and flag any other name
    __getattr__ = _deprecation.LazyAttributes(globals(), _LAZY)
    __dir__ = __getattr__.dir
