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

import typing

from rummylib import _deprecation

if typing.TYPE_CHECKING:  # _LAZY's names, written from it by tests/architecture/test_exports.py
    from rummylib.contracts.actions import Buy as Buy
    from rummylib.contracts.actions import BuyWindow as BuyWindow
    from rummylib.contracts.actions import ContractAction as ContractAction
    from rummylib.contracts.actions import DeclineBuy as DeclineBuy
    from rummylib.contracts.actions import Discard as Discard
    from rummylib.contracts.actions import DrawDiscard as DrawDiscard
    from rummylib.contracts.actions import DrawStock as DrawStock
    from rummylib.contracts.actions import EndReason as EndReason
    from rummylib.contracts.actions import LayDown as LayDown
    from rummylib.contracts.actions import LayOff as LayOff
    from rummylib.contracts.actions import Phase as Phase
    from rummylib.contracts.actions import RoundResult as RoundResult
    from rummylib.contracts.actions import RoundView as RoundView
    from rummylib.contracts.actions import SwapJoker as SwapJoker
    from rummylib.contracts.actions import TableMeld as TableMeld
    from rummylib.contracts.errors import ContractNotMetError as ContractNotMetError
    from rummylib.contracts.game import ContractGame as ContractGame
    from rummylib.contracts.layoffs import JokerEnd as JokerEnd
    from rummylib.contracts.layoffs import LayOffResult as LayOffResult
    from rummylib.contracts.layoffs import Substitution as Substitution
    from rummylib.contracts.layoffs import TableMeldLike as TableMeldLike
    from rummylib.contracts.layoffs import check_layoff as check_layoff
    from rummylib.contracts.layoffs import check_substitution as check_substitution
    from rummylib.contracts.layoffs import is_legal_layoff as is_legal_layoff
    from rummylib.contracts.layoffs import is_legal_substitution as is_legal_substitution
    from rummylib.contracts.layoffs import layoff_violations as layoff_violations
    from rummylib.contracts.layoffs import substitution_violations as substitution_violations
    from rummylib.contracts.meld_down import ContractPlan as ContractPlan
    from rummylib.contracts.meld_down import MeldDown as MeldDown
    from rummylib.contracts.meld_down import check_contract as check_contract
    from rummylib.contracts.meld_down import contract_for as contract_for
    from rummylib.contracts.meld_down import contract_violations as contract_violations
    from rummylib.contracts.meld_down import find_contract as find_contract
    from rummylib.contracts.meld_down import is_legal_contract as is_legal_contract
    from rummylib.contracts.round import ContractRound as ContractRound
    from rummylib.contracts.scoring import score_contract_round as score_contract_round


_LAZY: dict[str, tuple[str, ...]] = {
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
    ),
    "rummylib.contracts.meld_down": (
        "ContractPlan",
        "MeldDown",
        "check_contract",
        "contract_for",
        "contract_violations",
        "find_contract",
        "is_legal_contract",
    ),
    "rummylib.contracts.round": ("ContractRound",),
    "rummylib.contracts.scoring": ("score_contract_round",),
}
"""The names read on first use, by module: each module is imported the first time one of its names is read."""

if not typing.TYPE_CHECKING:  # type checkers read the TYPE_CHECKING imports, and flag any other name
    __getattr__ = _deprecation.LazyAttributes(globals(), _LAZY)
    __dir__ = __getattr__.dir
