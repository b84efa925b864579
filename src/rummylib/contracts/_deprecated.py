"""The old names of the contracts package's constants, each with its value and its warning.

Here, not beside the referee that once read them, so that `rummylib.contracts` can hand them out
without importing its referees (see docs/compatibility.md).
"""

from __future__ import annotations

from rummylib._deprecation import withdrawn

PLAN_BUDGET = (
    10_000,
    withdrawn(
        "PLAN_BUDGET",
        "ContractRound.legal_actions lists every lay-down, with no budget to read",
        since="0.1.0",
        removed_in="0.3.0",
    ),
)
"""``PLAN_BUDGET``'s value and warning: no longer read, `ContractRound.legal_actions` lists every lay-down."""
