"""Contract Rummy and Shanghai: contracts, lay-offs, joker swaps, scores and referees.

* `contract_violations`, `check_contract`, `is_legal_contract`, `find_contract`: judge a meld-down,
  or find the one that leaves the fewest points in hand;
* `check_layoff`, `check_substitution` (the check forms: the result, or `IllegalPlayError`), with
  `layoff_violations` / `is_legal_layoff` and `substitution_violations` / `is_legal_substitution`:
  cards onto a meld on the table, and a joker back from one;
* `score_contract_round`: the points of a round;
* `ContractRound`, `ContractGame`: the referees of a round and of a whole game, with their actions
  (`DrawStock`, `DrawDiscard`, `Buy`, `DeclineBuy`, `LayDown`, `LayOff`, `SwapJoker`, `Discard`).

Examples:
    >>> from rummylib import SHANGHAI
    >>> from rummylib.contracts import find_contract, check_layoff
    >>> [str(m) for m in find_contract("7h 7s 7d 4c 5c 6c * Kd Qs 2h 3h", round_number=2, rules=SHANGHAI).melds]
    ['7d 7h 7s', '4c 5c 6c *']
    >>> str(check_layoff("4c 5c 6c 7c", "8c 9c 3c", rules=SHANGHAI).meld)
    '3c 4c 5c 6c 7c 8c 9c'
"""

from typing import TYPE_CHECKING

from rummylib._deprecation import LazyAttributes, renamed
from rummylib.contracts import _deprecated
from rummylib.pieces import PiecesLike
from rummylib.table import MeldsLike as MeldsLike  # at home in the core since 0.1.0; still found here

if TYPE_CHECKING:  # for type checkers: read through __getattr__, each module on first use
    from rummylib.contracts.actions import (
        Buy,
        BuyWindow,
        ContractAction,
        DeclineBuy,
        Discard,
        DrawDiscard,
        DrawStock,
        EndReason,
        LayDown,
        LayOff,
        Phase,
        RoundResult,
        RoundView,
        SwapJoker,
        TableMeld,
    )
    from rummylib.contracts.errors import ContractNotMetError
    from rummylib.contracts.game import ContractGame
    from rummylib.contracts.layoffs import (
        JokerEnd,
        LayOffResult,
        Substitution,
        TableMeldLike,
        check_layoff,
        check_substitution,
        is_legal_layoff,
        is_legal_substitution,
        layoff_violations,
        substitution_violations,
    )
    from rummylib.contracts.layoffs import (  # type: ignore[deprecated]  # re-exported, not used
        lay_off as lay_off,  # the old name, kept with a warning until 0.3.0 (not in __all__)
    )
    from rummylib.contracts.layoffs import (  # type: ignore[deprecated]  # re-exported, not used
        substitute_joker as substitute_joker,  # the old name, kept with a warning until 0.3.0 (not in __all__)
    )
    from rummylib.contracts.meld_down import (
        ContractPlan,
        MeldDown,
        check_contract,
        contract_for,
        contract_violations,
        find_contract,
        is_legal_contract,
    )
    from rummylib.contracts.meld_down import (
        HandLike as HandLike,
    )
    from rummylib.contracts.meld_down import (  # type: ignore[deprecated]  # re-exported, not used
        is_contract_met as is_contract_met,  # the old name, kept with a warning until 0.3.0 (not in __all__)
    )
    from rummylib.contracts.round import PLAN_BUDGET as PLAN_BUDGET
    from rummylib.contracts.round import ContractRound
    from rummylib.contracts.scoring import score_contract_round

__all__ = [
    "Buy",
    "BuyWindow",
    "ContractAction",
    "ContractGame",
    "ContractNotMetError",
    "ContractPlan",
    "ContractRound",
    "DeclineBuy",
    "Discard",
    "DrawDiscard",
    "DrawStock",
    "EndReason",
    "JokerEnd",
    "LayDown",
    "LayOff",
    "LayOffResult",
    "MeldDown",
    "Phase",
    "RoundResult",
    "RoundView",
    "Substitution",
    "SwapJoker",
    "TableMeld",
    "TableMeldLike",
    "check_contract",
    "check_layoff",
    "check_substitution",
    "contract_for",
    "contract_violations",
    "find_contract",
    "is_legal_contract",
    "is_legal_layoff",
    "is_legal_substitution",
    "layoff_violations",
    "score_contract_round",
    "substitution_violations",
]

# The names of the modules above, each module imported the first time one of its names is read (a
# lay-off check does not build the referees); and the deprecated names, each still read with a
# DeprecationWarning (see docs/compatibility.md).
if not TYPE_CHECKING:  # type checkers read the names above, and flag any other
    __getattr__ = LazyAttributes(
        globals(),
        {
            "rummylib.contracts.errors": ("ContractNotMetError",),
            "rummylib.contracts.actions": (
                "Buy",
                "BuyWindow",
                "ContractAction",
                "DeclineBuy",
                "Discard",
                "DrawDiscard",
                "DrawStock",
                "EndReason",
                "LayDown",
                "LayOff",
                "Phase",
                "RoundResult",
                "RoundView",
                "SwapJoker",
                "TableMeld",
            ),
            "rummylib.contracts.game": ("ContractGame",),
            "rummylib.contracts.layoffs": (
                "JokerEnd",
                "LayOffResult",
                "Substitution",
                "TableMeldLike",
                "check_layoff",
                "check_substitution",
                "is_legal_layoff",
                "is_legal_substitution",
                "layoff_violations",
                "substitution_violations",
                "lay_off",  # deprecated (see the TYPE_CHECKING imports)
                "substitute_joker",  # deprecated
            ),
            "rummylib.contracts.meld_down": (
                "ContractPlan",
                "MeldDown",
                "check_contract",
                "contract_for",
                "contract_violations",
                "find_contract",
                "is_legal_contract",
                "is_contract_met",  # deprecated
            ),
            "rummylib.contracts.round": ("ContractRound",),
            "rummylib.contracts.scoring": ("score_contract_round",),
        },
        {
            "PLAN_BUDGET": _deprecated.PLAN_BUDGET,
            "HandLike": (PiecesLike, renamed("HandLike", "rummylib.PiecesLike", since="0.1.0", removed_in="0.3.0")),
        },
    )
    __dir__ = __getattr__.dir
