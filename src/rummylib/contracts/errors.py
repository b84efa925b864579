"""The error only the contract games (Contract Rummy, Shanghai) raise: a contract not met."""

from __future__ import annotations

from rummylib.errors import ErrorCode, IllegalPlayError

__all__ = [
    "ContractNotMetError",
]


class ContractNotMetError(IllegalPlayError):
    """A meld-down that does not meet the round's contract.

    Examples:
        >>> from rummylib import SHANGHAI, ContractNotMetError, check_contract
        >>> try:
        ...     check_contract(["7h 7s 7d"], round_number=1, rules=SHANGHAI)
        ... except ContractNotMetError as exc:
        ...     print(exc.code, exc.violations[0].code)
        contract-not-met contract-meld-count
    """

    code = ErrorCode.CONTRACT_NOT_MET
