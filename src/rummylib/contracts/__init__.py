"""Contract Rummy and Shanghai (rule book §2-3): contracts, lay-offs, joker swaps, scores and referees.

* `contract_violations`, `check_contract`, `is_contract_met`, `find_contract`: judge a meld-down,
  or find the one that leaves the fewest points in hand;
* `lay_off`, `substitute_joker` (the check forms: the result, or `IllegalPlayError`), with
  `layoff_violations` / `is_legal_layoff` and `substitution_violations` / `is_legal_substitution`:
  cards onto a meld on the table, and a joker back from one;
* `score_contract_round`: the points of a round;
* `ContractRound`, `ContractGame`: the referees of a round and of a whole game, with their actions
  (`DrawStock`, `DrawDiscard`, `Buy`, `DeclineBuy`, `LayDown`, `LayOff`, `SwapJoker`, `Discard`).

Examples:
    >>> from rummylib import SHANGHAI
    >>> from rummylib.contracts import find_contract, lay_off
    >>> [str(m) for m in find_contract("7h 7s 7d 4c 5c 6c * Kd Qs 2h 3h", round_number=2, rules=SHANGHAI).melds]
    ['7d 7h 7s', '4c 5c 6c *']
    >>> str(lay_off("4c 5c 6c 7c", "8c 9c 3c", rules=SHANGHAI).meld)
    '3c 4c 5c 6c 7c 8c 9c'
"""

from typing import TYPE_CHECKING

from rummylib._deprecation import DeprecatedAttributes
from rummylib.contracts import round as round_module
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
from rummylib.contracts.game import ContractGame
from rummylib.contracts.layoffs import (
    JokerEnd,
    LayOffResult,
    Substitution,
    TableMeldLike,
    is_legal_layoff,
    is_legal_substitution,
    lay_off,
    layoff_violations,
    substitute_joker,
    substitution_violations,
)
from rummylib.contracts.meld_down import (
    ContractPlan,
    HandLike,
    MeldDown,
    MeldsLike,
    check_contract,
    contract_for,
    contract_violations,
    find_contract,
    is_contract_met,
)
from rummylib.contracts.round import ContractRound
from rummylib.contracts.scoring import score_contract_round

__all__ = [
    "Buy",
    "BuyWindow",
    "ContractAction",
    "ContractGame",
    "ContractPlan",
    "ContractRound",
    "DeclineBuy",
    "Discard",
    "DrawDiscard",
    "DrawStock",
    "EndReason",
    "HandLike",
    "JokerEnd",
    "LayDown",
    "LayOff",
    "LayOffResult",
    "MeldDown",
    "MeldsLike",
    "Phase",
    "RoundResult",
    "RoundView",
    "Substitution",
    "SwapJoker",
    "TableMeld",
    "TableMeldLike",
    "check_contract",
    "contract_for",
    "contract_violations",
    "find_contract",
    "is_contract_met",
    "is_legal_layoff",
    "is_legal_substitution",
    "lay_off",
    "layoff_violations",
    "score_contract_round",
    "substitute_joker",
    "substitution_violations",
]

if TYPE_CHECKING:
    from rummylib.contracts.round import PLAN_BUDGET as PLAN_BUDGET  # for type checkers: read through __getattr__

# Deprecated names, each still read with a DeprecationWarning (see docs/compatibility.md).
__getattr__ = DeprecatedAttributes(__name__, {"PLAN_BUDGET": round_module._DEPRECATED_PLAN_BUDGET})
