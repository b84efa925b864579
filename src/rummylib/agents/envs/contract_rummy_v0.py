"""Contract Rummy as a PettingZoo AEC environment, over `rummylib.contracts.ContractRound` or `ContractGame`.

``env(players=3, game="round", round_number=1)`` plays one round; ``game="game"`` plays every
round. ``rules`` is a Contract Rummy rule set (house rules with ``CONTRACT_RUMMY.with_options``; random play
rarely goes out, so ``max_reshuffles`` or ``max_turns`` keeps a round finite, and ``max_steps`` truncates;
a round ended by ``max_turns`` is reported as truncated, not terminated). The
actions and the observation are those of every contract game (see the page "Environments"): draws,
buys, discards, lay-offs and joker swaps by index, and the lay-downs through a candidate that
"next" steps along the referee's list, so every distinct lay-down is reachable. Rewards are minus
the points each seat scores (lowest total wins).

Examples:
    >>> from rummylib.agents.envs import contract_rummy_v0
    >>> env = contract_rummy_v0.env(players=3)
    >>> env.reset(seed=2)
    >>> bool(env.action_space("player_0").n == 63 + 159 * env.unwrapped.slots)
    True
"""

from __future__ import annotations

from typing import Any, ClassVar

from rummylib.agents.envs._base import RummyAECEnv, wrap
from rummylib.agents.envs._contracts import ContractEnv
from rummylib.rules import CONTRACT_RUMMY, RuleSet


class raw_env(ContractEnv):
    """Contract Rummy, unwrapped (`env` adds PettingZoo's usual wrappers)."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi", "human", "svg"],
        "name": "contract_rummy_v0",
        "is_parallelizable": False,
    }

    DEFAULT_RULES: ClassVar[RuleSet] = CONTRACT_RUMMY


def env(**kwargs: Any) -> RummyAECEnv:
    """Contract Rummy with PettingZoo's usual wrappers (arguments as `raw_env`)."""
    return wrap(raw_env(**kwargs))
