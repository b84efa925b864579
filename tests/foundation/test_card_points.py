"""Every scorer prices a card the way `RuleSet.piece_points` does, whatever the options.

`RuleSet.rank_points` is the one place that applies ``number_cards_flat`` to ``card_points``;
Gin deadwood and Indian hand points must follow it too.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from rummylib import GIN_RUMMY, INDIAN_RUMMY, RuleSet
from rummylib.gin import deadwood
from rummylib.indian import best_arrangement
from rummylib.testing import racks

FLAT = {"number_cards_flat": True}


@given(st.sampled_from([GIN_RUMMY, GIN_RUMMY.with_options(FLAT)]), st.data())
def test_gin_deadwood_is_the_sum_of_piece_points(rules: RuleSet, data: st.DataObject) -> None:
    hand = data.draw(racks(rules=rules, min_size=10, max_size=10))
    result = deadwood(hand, rules=rules)
    assert result.deadwood == sum(rules.piece_points(c) for c in result.unmelded)


@given(st.sampled_from([INDIAN_RUMMY, INDIAN_RUMMY.with_options(FLAT)]), st.data())
def test_indian_raw_points_are_the_sum_of_piece_points(rules: RuleSet, data: st.DataObject) -> None:
    hand = data.draw(racks(rules=rules, min_size=13, max_size=13))
    result = best_arrangement(hand, rules=rules)
    assert result.raw_points == sum(rules.piece_points(c) for c in result.counted)


def test_number_cards_flat_reaches_gin() -> None:
    """2-10 count 5 each under the option (docs/rules/contract-rummy.md names it; it is a field any game may set)."""
    flat = GIN_RUMMY.with_options(FLAT)
    assert deadwood("Ah 2h 3h 7c 9d Kd", rules=GIN_RUMMY).deadwood == 26
    assert deadwood("Ah 2h 3h 7c 9d Kd", rules=flat).deadwood == 20
