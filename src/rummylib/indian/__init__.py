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

from typing import TYPE_CHECKING

from rummylib._deprecation import LazyAttributes

if TYPE_CHECKING:  # for type checkers: read through __getattr__, each module on first use
    from rummylib.indian.actions import (
        DealEnd,
        Declare,
        Discard,
        DrawDiscard,
        DrawStock,
        Drop,
        IndianAction,
        IndianDealResult,
        IndianPhase,
        IndianView,
        SeatStatus,
    )
    from rummylib.indian.arrangement import MAX_INDIAN_HAND, IndianArrangement, best_arrangement
    from rummylib.indian.deal import IndianDeal
    from rummylib.indian.declarations import (
        check_declaration,
        declaration_violations,
        find_declaration,
        is_valid_declaration,
        with_wild_joker,
    )
    from rummylib.indian.errors import InvalidDeclarationError
    from rummylib.indian.game import IndianGame
    from rummylib.indian.scoring import drop_points, losing_points, score_deal, wrong_declaration_points

__all__ = [
    "MAX_INDIAN_HAND",
    "DealEnd",
    "Declare",
    "Discard",
    "DrawDiscard",
    "DrawStock",
    "Drop",
    "IndianAction",
    "IndianArrangement",
    "IndianDeal",
    "IndianDealResult",
    "IndianGame",
    "IndianPhase",
    "IndianView",
    "InvalidDeclarationError",
    "SeatStatus",
    "best_arrangement",
    "check_declaration",
    "declaration_violations",
    "drop_points",
    "find_declaration",
    "is_valid_declaration",
    "losing_points",
    "score_deal",
    "with_wild_joker",
    "wrong_declaration_points",
]

# The names of the modules above, each module imported the first time one of its names is read
# (a declaration check does not build the referees).
if not TYPE_CHECKING:  # type checkers read the names above, and flag any other
    __getattr__ = LazyAttributes(
        globals(),
        {
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
        },
    )
    __dir__ = __getattr__.dir
