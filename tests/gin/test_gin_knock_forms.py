"""Knocking in the three forms of every check: ``knock_violations`` (every problem),
``check_knock`` (the deadwood of a hand that may knock, or `KnockError`), ``is_legal_knock`` (a bool)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from tests.gin.hands import ten

import rummylib
from rummylib import GIN_RUMMY, Card, KnockError, Rank, RuleId, RuleSet, Suit, gin
from rummylib.gin import (
    DeadwoodResult,
    GinInputError,
    check_knock,
    deadwood,
    is_legal_knock,
    knock_violations,
    score_hand,
)

KNOCK_10 = "Ah 2h 3h 7c 7d 7s 9c 9d 9s Kd"  # deadwood 10
OVER = "Ah 2h 3h 7c 7d 7s 9c 9d Ks Kd"  # deadwood 38
GIN_ONLY = GIN_RUMMY.with_options({"gin_only": True})
OKLAHOMA = GIN_RUMMY.with_options({"oklahoma": True})


def test_new_names_are_exported_next_to_their_siblings() -> None:
    for name in ("knock_violations", "check_knock", "is_legal_knock"):
        assert name in gin.__all__ and name in rummylib.__all__
        assert getattr(rummylib, name) is getattr(gin, name)


def test_a_hand_within_the_limit() -> None:
    assert knock_violations(KNOCK_10, rules=GIN_RUMMY) == ()
    result = check_knock(KNOCK_10, rules=GIN_RUMMY)
    assert isinstance(result, DeadwoodResult)
    assert result == deadwood(KNOCK_10, rules=GIN_RUMMY)
    assert is_legal_knock(KNOCK_10, rules=GIN_RUMMY)


def test_a_hand_over_the_limit() -> None:
    (v,) = knock_violations(OVER, rules=GIN_RUMMY)
    assert v.code is RuleId.KNOCK_OVER_LIMIT
    assert str(v) == "the knocker has 38 deadwood; the knock limit is 10 [knock-over-limit]"
    assert len(v.pieces) == 10
    with pytest.raises(KnockError) as info:
        check_knock(OVER, rules=GIN_RUMMY)
    assert info.value.code == "knock-over-limit"
    assert info.value.violations == (v,)
    assert not is_legal_knock(OVER, rules=GIN_RUMMY)


def test_the_same_finding_as_score_hand() -> None:
    """One function words the finding for `knock_violations` and for `score_hand`'s KnockError."""
    with pytest.raises(KnockError) as info:
        score_hand(OVER, ten("2c 3c", OVER), rules=GIN_RUMMY)
    assert info.value.violations == knock_violations(OVER, rules=GIN_RUMMY)
    eleven = "Ah 2h 3h 7c 7d 7s 9c 9d Ks Kd Qc"
    with pytest.raises(KnockError) as info:
        score_hand(eleven, ten("2c", eleven), rules=GIN_RUMMY)
    assert info.value.violations == knock_violations(eleven, rules=GIN_RUMMY)
    assert "after the best discard" in str(info.value)


def test_gin_only_and_oklahoma() -> None:
    (v,) = knock_violations(KNOCK_10, rules=GIN_ONLY)
    assert "gin only" in v.message
    assert knock_violations("Ah 2h 3h 7c 7d 7s 9c 9d 9s 9h", rules=GIN_ONLY) == ()
    assert knock_violations(KNOCK_10, rules=OKLAHOMA, first_upcard="Kd") == ()
    assert [v.code for v in knock_violations(KNOCK_10, rules=OKLAHOMA, first_upcard="7d")] == ["knock-over-limit"]
    with pytest.raises(GinInputError):
        knock_violations(KNOCK_10, rules=OKLAHOMA)  # no upcard to set the limit


# --- properties --------------------------------------------------------------------------------

DECK = [Card(r, s) for s in Suit for r in Rank]
variants = st.sampled_from(
    [(GIN_RUMMY, None), (GIN_ONLY, None), (GIN_RUMMY.with_options({"knock_limit": 5}), None)]
    + [(OKLAHOMA, c) for c in ("Ad", "7s", "Kh", "3c")]
)


# Random deals seldom knock; deals from a few neighbouring ranks (melds everywhere) often do.
deals = st.one_of(
    st.permutations(DECK),
    st.integers(1, 9)
    .flatmap(lambda low: st.permutations([c for c in DECK if low <= c.rank < low + 5]))
    .map(lambda dense: dense + [c for c in DECK if c not in dense]),
)


@given(deals, st.sampled_from([10, 11]), variants)
def test_the_three_forms_agree(deck: list[Card], size: int, variant: tuple[RuleSet, str | None]) -> None:
    rules, upcard = variant
    hand, defender = deck[:size], deck[size : size + 10]
    problems = knock_violations(hand, rules=rules, first_upcard=upcard)
    may = is_legal_knock(hand, rules=rules, first_upcard=upcard)
    assert may is (problems == ())
    if may:
        assert check_knock(hand, rules=rules, first_upcard=upcard) == deadwood(hand, rules=rules)
        score_hand(hand, defender, rules=rules, first_upcard=upcard)  # scored, not refused
    else:
        with pytest.raises(KnockError) as info:
            check_knock(hand, rules=rules, first_upcard=upcard)
        assert info.value.violations == problems
        with pytest.raises(KnockError) as scored:
            score_hand(hand, defender, rules=rules, first_upcard=upcard)
        assert scored.value.violations == problems
