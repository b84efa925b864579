"""Edge cases of Indian Rummy: zero-point sequences, house rules, limits."""

from __future__ import annotations

import attrs
import pytest

from rummylib import INDIAN_RUMMY, is_valid_meld
from rummylib.errors import LimitExceededError
from rummylib.indian import best_arrangement, declaration_violations, losing_points

FIVES = INDIAN_RUMMY.with_options({"wild_ranks": ["5"]})


def test_second_sequence_of_jokers_and_wild_cards() -> None:
    """docs/rules/indian-rummy.md: "with both, only the cards in no valid sequence or set count": a wild card and two
    jokers make the second sequence, so the kings' set counts as arranged."""
    a = best_arrangement("Ah 2h 3h 5d * * Kc Kd Ks", rules=FIVES)
    assert (a.case, a.points) == ("full", 0)
    for meld in a.melds:
        assert is_valid_meld(meld, rules=FIVES)
    # Without printed jokers, three wild cards do the same (one as itself, two standing in).
    a = best_arrangement("Ah 2h 3h 5d 5c 5s Kc Kd Ks", rules=FIVES)
    assert (a.case, a.points) == ("full", 0)
    for meld in a.melds:
        assert is_valid_meld(meld, rules=FIVES)
    # Two jokers alone are no sequence; they make one with a king (J Q K), and two kings count.
    a = best_arrangement("Ah 2h 3h * * Kc Kd Ks", rules=FIVES)
    assert (a.case, a.points) == ("full", 20)


def test_joker_ratio_house_rule() -> None:
    ratio = attrs.evolve(INDIAN_RUMMY, joker_ratio=True)
    # 9c * * needs two jokers for one natural card: not allowed, so 9c counts.
    assert losing_points("Ah 2h 3h 9c * * 4d 4s", rules=ratio) == 9 + 8
    assert losing_points("Ah 2h 3h 9c * * 4d 4s", rules=INDIAN_RUMMY) == 8
    assert losing_points("Ah 2h 3h 9c 10c * 4d 4s", rules=ratio) == 8


def test_rules_without_sequence_requirements() -> None:
    loose = attrs.evolve(INDIAN_RUMMY, min_sequences=0, min_pure_sequences=0)
    a = best_arrangement("9c 9d 9s 4h 4d 4s 2c", rules=loose)
    assert (a.case, a.points) == ("full", 2)
    assert losing_points("9c 9d 9s 4h 4d 4s 2c", rules=INDIAN_RUMMY) == 41


def test_groups_of_two_and_repeated_suits_in_the_search() -> None:
    # Two 9 of clubs cannot share a set; the second copy counts.
    assert losing_points("Ah 2h 3h 4s 5s 6s 9c 9c 9d 9s", rules=INDIAN_RUMMY) == 9
    pairs = attrs.evolve(INDIAN_RUMMY, group_min=2, group_max=2)
    assert losing_points("Ah 2h 3h 4s 5s 6s 9c 9d 9s", rules=pairs) == 9


def test_too_many_groups() -> None:
    with pytest.raises(LimitExceededError):
        declaration_violations(["Ah"] * 65, rules=INDIAN_RUMMY)
