"""RULES.md §5 (Indian Rummy), sentence by sentence, through ``rummylib batch`` and the Python API."""

from __future__ import annotations

import random
from typing import Any

import pytest

from rummylib import rules as R
from rummylib.batch import handle_request
from rummylib.decks import deal
from rummylib.indian import (
    best_arrangement,
    drop_points,
    is_valid_declaration,
    with_wild_joker,
    wrong_declaration_points,
)
from rummylib.notation import parse_pieces

G = "indian_rummy"
IR = R.INDIAN_RUMMY


def call(op: str, **fields: Any) -> dict[str, Any]:
    return handle_request({"op": op, "game": G, **fields})


def codes(answer: dict[str, Any]) -> set[str]:
    return {p["code"] for p in answer["problems"]}


def declare(groups: list[str], wild: str = "5") -> dict[str, Any]:
    return call("declare", wild_rank=wild, groups=groups)


def points(hand: str, wild: str = "5") -> int:
    answer = call("points", wild_rank=wild, hand=hand)
    assert set(answer) == {"points"}, answer
    return int(answer["points"])


def test_13_cards_each_two_decks_with_printed_jokers() -> None:
    """'13 cards each from two decks with their printed jokers.'"""
    assert IR.decks_for(2) == (2, 4)
    dealt = deal(IR, players=2, rng=random.Random(3))
    assert [len(h) for h in dealt.hands] == [13, 13]
    assert len(dealt.stock) + 26 == 108


def test_wild_joker_rank_any_suit_acts_as_joker_with_printed_jokers() -> None:
    """'its rank is the wild joker — every card of that rank (any suit) acts as a joker, as do the printed jokers.'"""
    rules = with_wild_joker("5d", rules=IR)
    assert all(rules.is_wild(c) for c in parse_pieces("5s 5h 5d 5c *", rules=IR))
    assert not rules.is_wild(parse_pieces("6s", rules=IR)[0])
    assert call("meld", meld="7h 5c 9h", wild_rank="5")["valid"] is True
    assert call("meld", meld="7h * 9h", wild_rank="5")["valid"] is True
    assert call("meld", meld="7h 6c 9h", wild_rank="5")["valid"] is False


# --- Declarations -------------------------------------------------------------------------------------


def test_valid_declaration_two_pure_sequences() -> None:
    """'arranging all 13 cards into sequences ... and sets ...; at least two sequences, at least one pure'."""
    assert declare(["4s 5s 6s", "7h 8h 9h", "Jc Jd Js", "Kh Kc Kd Ks"]) == {"valid": True, "problems": []}


def test_second_sequence_may_hold_a_joker() -> None:
    """'at least one of them pure' — the other may hold a wild card or printed joker."""
    assert declare(["4s 5s 6s", "7h 5d 9h", "Jc Jd Js", "Kh Kc Kd Ks"])["valid"] is True
    assert declare(["4s 5s 6s", "7h * 9h", "Jc Jd Js", "Kh Kc Kd Ks"])["valid"] is True


def test_no_pure_sequence_is_invalid() -> None:
    """'at least one of them pure (no joker standing in for another card)'."""
    answer = declare(["4s 5d 6s", "7h 5h 9h", "Jc Jd Js", "Kh Kc Kd Ks"])
    assert answer["valid"] is False and "no-pure-sequence" in codes(answer)
    assert declare(["4s * 6s", "7h * 9h", "Jc Jd Js", "Kh Kc Kd Ks"])["valid"] is False


def test_wild_card_as_itself_keeps_sequence_pure() -> None:
    """'a wild-rank card used as its own natural self, like the 5♠ in 4♠ 5♠ 6♠ with 5s wild, keeps a sequence pure'."""
    assert declare(["4s 5s 6s", "7h * 9h", "Jc Jd Js", "Kh Kc Kd Ks"])["valid"] is True
    assert declare(["4♠ 5♠ 6♠", "7h 5d 9h", "Jc Jd Js", "Kh Kc Kd Ks"])["valid"] is True
    assert declare(["5s 6s 7s", "5h 6h 7h", "Jc Jd Js Jh", "Kh Kc Kd"])["valid"] is True


def test_fewer_than_two_sequences_is_invalid() -> None:
    """'at least two sequences'."""
    answer = declare(["4s 5s 6s", "7h 7d 7c", "Jc Jd Js", "Kh Kc Kd Ks"])
    assert answer["valid"] is False and "too-few-sequences" in codes(answer)


def test_all_13_cards() -> None:
    """'arranging all 13 cards'."""
    answer = declare(["4s 5s 6s", "7h 8h 9h", "Jc Jd Js", "Kh Kc Kd"])
    assert answer["valid"] is False and "declaration-size" in codes(answer)


@pytest.mark.parametrize(
    ("groups", "valid"),
    [
        (["Qs Ks As", "7h 8h 9h", "Jc Jd Js", "Kh Kc Kd Ks"], True),
        (["As 2s 3s", "7h 8h 9h", "Jc Jd Js", "Kh Kc Kd Ks"], True),
        (["Ks As 2s", "7h 8h 9h", "Jc Jd Js", "Kh Kc Kd Kd"], False),
        (["Qs Ks As", "7h 8h 9h", "Jc Jd Js", "Kh Kc Kd Kh"], False),
        (["Qs Ks As", "7h 8h 9h", "Jc Jd Js Jh Jc", "Kh Kc"], False),
        (["Qs Ks As", "7h 8h 9h", "Jc Jd Js *", "Kh Kc Kd"], True),
    ],
)
def test_sequences_ace_either_no_wrap_sets_3_or_4_distinct_suits(groups: list[str], valid: bool) -> None:
    """'sequences (runs of 3+ of a suit, ace high or low, no wrap) and sets (3 or 4 cards of one rank, every suit different)'."""
    assert declare(groups)["valid"] is valid


def test_declaration_python_api() -> None:
    """The Python API agrees with the batch op."""
    rules = with_wild_joker("5c", rules=IR)
    assert is_valid_declaration(["4s 5s 6s", "7h 5d 9h", "Jc Jd Js", "Kh Kc Kd Ks"], rules=rules)
    assert not is_valid_declaration(["4s 5d 6s", "7h 5h 9h", "Jc Jd Js", "Kh Kc Kd Ks"], rules=rules)


# --- Points -------------------------------------------------------------------------------------------


def test_points_case_no_pure_sequence_every_card_counts() -> None:
    """'with no pure sequence, every card counts' — sets and impure runs do not help."""
    assert points("2h 2d 2c 3h 3d 3c 4s 9d 9c 6h 7d 8c *", wild="K") == 58


def test_points_case_pure_but_no_second_sequence() -> None:
    """'with a pure sequence but no second sequence, every card outside that pure sequence counts'."""
    assert points("4s 5s 6s 2h 2d 2c 9h 9d 9c 7c 8d Jh Qc", wild="A") == 68
    arrangement = best_arrangement("4s 5s 6s 2h 2d 2c 9h 9d 9c 7c 8d Jh Qc", rules=with_wild_joker("Ac", rules=IR))
    assert arrangement.points == 68


def test_points_case_both_only_unarranged_cards_count() -> None:
    """'with both, only the cards in no valid sequence or set count.'"""
    assert points("4s 5s 6s 8h 9h 10h Kd Kc Ks 7c 7d 7h 2h") == 2
    assert points("4s 5h 6s 8h 9h 10c Kd Kc Ks 7c 7d 7h 2h") == 26
    assert points("5s 6s 7s 5h 6h 7h Jc Jd Js Jh Kh Kc Kd") == 0


def test_card_points_and_jokers_zero() -> None:
    """'J Q K A 10 each, others face value, jokers 0'."""
    assert points("Jh Qd Kc Ah", wild="5") == 40
    assert points("2c 9d", wild="5") == 11
    assert points("* 5h", wild="5") == 0


def test_capped_at_80() -> None:
    """'capped at 80.'"""
    assert points("Kh Qd 10c 9s 8h 7c Ac 2d 3s 4h 6c Jd Js") == 80


def test_drops_20_before_drawing_40_after() -> None:
    """'A player who drops before drawing scores 20, after drawing 40'."""
    assert drop_points(rules=IR) == 20
    assert drop_points(rules=IR, after_drawing=True) == 40


def test_wrong_declaration_80() -> None:
    """'a wrong declaration scores 80.'"""
    assert wrong_declaration_points(rules=IR) == 80
