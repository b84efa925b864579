"""Contract-game referee: who may take a joker with `SwapJoker`, per option, for a player not down.

`ContractRound._swap_joker` and the action listing share one statement of the rule; these pin the
refusal each option combination gives, and that the listing offers a swap exactly when it is legal.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from rummylib import CONTRACT_RUMMY, SHANGHAI, IllegalActionError
from rummylib.contracts import ContractRound, SwapJoker

Builder = Callable[..., ContractRound]


@pytest.mark.parametrize(
    ("base", "options", "code"),
    [
        (CONTRACT_RUMMY, {"joker_swap": "never"}, "joker-swap-not-allowed"),
        (SHANGHAI, {"joker_swap": "never"}, "joker-swap-not-allowed"),
        (CONTRACT_RUMMY, {}, "joker-swap-not-down"),
        (SHANGHAI, {"joker_swap": "after-down"}, "joker-swap-not-down"),
        (SHANGHAI, {"joker_swap_requires_contract": True}, "joker-swap-needs-contract"),
        (SHANGHAI, {}, "swapped-joker-unused"),
        (SHANGHAI, {"swapped_joker_must_be_used": False}, None),
    ],
)
def test_a_player_not_down_swapping_a_joker(
    build: Builder, base: Any, options: dict[str, Any], code: str | None
) -> None:
    rules = base.with_options(options)
    table = [(1, "4c * 6c 7c")]
    r = build(
        rules, ["5c 8h 8s 9h 9s 9d Kd", "2h", "3h"], stock="2d", discards="2c", table=table, down=(False, True, False)
    )
    swap = SwapJoker(0, "5c", 0)
    if code is None:
        assert r.is_legal(swap)
        assert swap in r.legal_actions()
        return
    with pytest.raises(IllegalActionError) as info:
        r.apply(swap)
    assert [v.code for v in info.value.violations] == [code]
    assert swap not in r.legal_actions()
