"""Helpers for the contract-game referee tests: build a round in any position from notation."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest

from rummylib import RuleSet, check_meld, parse_pieces, piece_sort_key
from rummylib.contracts import ContractRound, Phase, TableMeld

Builder = Callable[..., ContractRound]


def build_round(
    rules: RuleSet,
    hands: Sequence[str],
    *,
    stock: str = "",
    discards: str = "",
    table: Sequence[tuple[int, str]] = (),
    current: int = 0,
    phase: Phase = Phase.PLAY,
    down: Sequence[bool] | None = None,
    buys: Sequence[int] | None = None,
    round_number: int = 1,
    laid_down_this_turn: bool = False,
    seed: int = 0,
) -> ContractRound:
    """A round in the given position (hands, stock top first, discards bottom first, table melds)."""
    n = len(hands)
    return ContractRound(
        rules=rules,
        seed=seed,
        round_number=round_number,
        dealer=(current - 1) % n,
        hands=tuple(tuple(sorted(parse_pieces(h), key=piece_sort_key)) for h in hands),
        stock=parse_pieces(stock),
        discards=parse_pieces(discards),
        table=tuple(TableMeld(owner=o, reading=check_meld(m, rules=rules)) for o, m in table),
        down=tuple(down) if down is not None else (False,) * n,
        buys=tuple(buys) if buys is not None else (0,) * n,
        current=current,
        phase=phase,
        laid_down_this_turn=laid_down_this_turn,
    )


@pytest.fixture
def build() -> Builder:
    """The `build_round` helper."""
    return build_round
