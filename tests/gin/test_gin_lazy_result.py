"""`deadwood`'s result, whose melds are built when first read, against the result built eagerly.

`deadwood` keeps the engine's state and builds `melds` and `unmelded` on first access; the
result built from `search_parts` (the search and its parts at once) must be equal to it in every
way a caller can see: each attribute, equality, hashing, repr, pickling and `attrs.evolve`,
whichever attribute is read first. The packed reader of the value path must read and refuse a
hand as `masks_of` does.
"""

from __future__ import annotations

import copy
import pickle
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from rummylib import CONTRACT_RUMMY, GIN_RUMMY, INDIAN_RUMMY, JOKER, SHANGHAI, Card, Rank, RuleSet, Suit, Tile
from rummylib.errors import RummyError
from rummylib.gin import DeadwoodResult, check_knock, deadwood, deadwood_value
from rummylib.gin._engine import masks_of, read_hand, read_packed, search_parts, tables_for

DECK = [Card(r, s) for s in Suit for r in Rank]
RULES = st.sampled_from(
    [
        GIN_RUMMY,
        GIN_RUMMY.with_options({"oklahoma": True}),
        GIN_RUMMY.with_options({"min_run": 4}),
        CONTRACT_RUMMY,
        SHANGHAI,
        INDIAN_RUMMY,
    ]
)
hands = st.one_of(
    st.lists(st.sampled_from(DECK), min_size=0, max_size=11, unique=True),
    st.integers(1, 9).flatmap(
        lambda low: st.lists(
            st.sampled_from([c for c in DECK if low <= c.rank < low + 5]), min_size=9, max_size=11, unique=True
        )
    ),
)
FIRST = st.sampled_from(["melds", "unmelded", "eq", "hash", "repr", "pickle", "evolve", "asdict"])


def _eager(hand: list[Card], rules: RuleSet) -> DeadwoodResult:
    t = tables_for(rules)
    cards, masks = read_hand(hand, rules, "hand")
    return DeadwoodResult(*search_parts(len(cards), masks, t))


def _touch(result: DeadwoodResult, eager: DeadwoodResult, how: str) -> None:
    """Read the lazy result first in one way, checking that way's answer."""
    if how == "melds":
        assert result.melds == eager.melds
    elif how == "unmelded":
        assert result.unmelded == eager.unmelded
    elif how == "eq":
        assert result == eager
    elif how == "hash":
        assert hash(result) == hash(eager)
    elif how == "repr":
        assert repr(result) == repr(eager)
    elif how == "pickle":
        assert pickle.loads(pickle.dumps(result)) == eager
    elif how == "evolve":
        assert attrs.evolve(result, deadwood=99) == attrs.evolve(eager, deadwood=99)
    else:
        assert attrs.asdict(result, recurse=False) == attrs.asdict(eager, recurse=False)


@given(hands, RULES, FIRST)
def test_the_lazy_result_is_the_eager_result(hand: list[Card], rules: RuleSet, first: str) -> None:
    eager = _eager(hand, rules)
    result = deadwood(hand, rules=rules)
    _touch(result, eager, first)
    assert type(result) is DeadwoodResult
    assert (result.deadwood, result.melds, result.unmelded, result.discard) == (
        eager.deadwood,
        eager.melds,
        eager.unmelded,
        eager.discard,
    )
    assert result == eager and eager == result and hash(result) == hash(eager)
    assert repr(result) == repr(eager) and str(result) == str(eager)
    assert copy.copy(result) == eager and copy.deepcopy(result) == eager
    assert result.deadwood == deadwood_value(hand, rules=rules)


@given(hands)
def test_a_knock_checks_result_is_the_eager_result(hand: list[Card]) -> None:
    try:
        result = check_knock(hand, rules=GIN_RUMMY)
    except RummyError:
        return
    assert result == _eager(hand, GIN_RUMMY) and repr(result) == repr(_eager(hand, GIN_RUMMY))


def test_a_result_without_parts_says_which_attribute_is_missing() -> None:
    empty = DeadwoodResult.__new__(DeadwoodResult)
    with pytest.raises(AttributeError, match="no attribute 'melds'"):
        _ = empty.melds
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        _ = deadwood("Ah 2h 3h", rules=GIN_RUMMY).nothing  # type: ignore[attr-defined]


bad_items = st.sampled_from([JOKER, Tile.parse("R5"), "Ah", 5, None, Card(Rank.TWO, Suit.CLUBS)])
bad_hands = st.lists(st.one_of(st.sampled_from(DECK), bad_items), min_size=0, max_size=13)


def _outcome(fn: Any) -> Any:
    try:
        return ("ok", fn())
    except RummyError as exc:
        return ("error", type(exc), exc.code, str(exc))


@given(bad_hands, st.sampled_from([GIN_RUMMY, CONTRACT_RUMMY.with_options({"deuces_wild": True}), SHANGHAI]))
def test_the_packed_reader_reads_and_refuses_as_masks_of(hand: list[Any], rules: RuleSet) -> None:
    def packed(value: object) -> tuple[list[int], int]:
        p = read_packed(value, rules, "hand")  # type: ignore[arg-type]
        return [p >> (13 * s) & 8191 for s in range(4)], p >> 52

    for value in (hand, tuple(hand)):
        assert _outcome(lambda: packed(value)) == _outcome(lambda: masks_of(value, rules, "hand"))  # noqa: B023
