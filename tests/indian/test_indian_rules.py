"""One test per sentence of the rule book's docs/rules/indian-rummy.md (Indian Rummy), each citing it."""

from __future__ import annotations

import attrs
import pytest

from rummylib import INDIAN_RUMMY, Meld, Rank, parse_piece, read_meld
from rummylib.decks import full_set
from rummylib.errors import InvalidPiecesError, LimitExceededError, NotationError, RuleId, ScoringInputError
from rummylib.indian import (
    InvalidDeclarationError,
    best_arrangement,
    check_declaration,
    declaration_violations,
    drop_points,
    is_valid_declaration,
    losing_points,
    score_deal,
    wrong_declaration_points,
)

FIVES = INDIAN_RUMMY.with_options({"wild_ranks": ["5"]})


def codes(groups: list[str], rules: object = FIVES) -> list[str]:
    assert rules is FIVES or rules is INDIAN_RUMMY
    return [v.code for v in declaration_violations(groups, rules=rules)]


# --- "13 cards each from two decks with their printed jokers." --------------------------------


def test_thirteen_cards_from_two_decks_with_jokers() -> None:
    assert INDIAN_RUMMY.hand_size == 13
    assert INDIAN_RUMMY.decks_for(2) == (2, 4)
    assert len(full_set(INDIAN_RUMMY, players=2)) == 108
    with pytest.raises(InvalidPiecesError):
        losing_points("Ah Ah Ah 2c 3c", rules=INDIAN_RUMMY)


# --- "its rank is the wild joker - every card of that rank (any suit) acts as a joker, as do ---
# --- the printed jokers." ---------------------------------------------------------------------


def test_wild_rank_cards_act_as_jokers() -> None:
    assert FIVES.is_wild(read_meld("5h 5d 5s", rules=FIVES).meld.pieces[0])  # type: ignore[union-attr]
    reading = read_meld("7c 5d 9c", rules=FIVES)
    assert reading is not None
    assert [str(f) for f in reading.jokers] == ["8c"]
    assert read_meld("7c * 9c", rules=FIVES) is not None
    assert read_meld("7c 5d 9c", rules=INDIAN_RUMMY) is None  # without the wild rank, 5d is a 5
    by_evolve = attrs.evolve(INDIAN_RUMMY, wild_ranks={Rank.FIVE})
    assert by_evolve.wild_ranks == FIVES.wild_ranks


# --- "A player declares by arranging all 13 cards into sequences (runs of 3+ of a suit, ace ----
# --- high or low, no wrap) and sets (3 or 4 cards of one rank, every suit different)" ----------

BASE = ["Ah 2h 3h", "4c 5c 6c", "9s 9c 9d"]  # 9 cards; two pure sequences with fives wild


def test_valid_declaration_of_thirteen() -> None:
    assert is_valid_declaration([*BASE, "Jd Qd Kd Ad"], rules=INDIAN_RUMMY)
    melds = check_declaration([*BASE, "Jd Qd Kd Ad"], rules=INDIAN_RUMMY)
    assert [str(m) for m in melds][-1] == "Jd Qd Kd Ad"


def test_all_thirteen_cards_must_be_arranged() -> None:
    assert codes([*BASE, "Jd Qd Kd"], INDIAN_RUMMY) == ["declaration-size"]
    assert codes([*BASE, "Jd Qd Kd Ad", "2s 3s 4s"], INDIAN_RUMMY) == ["declaration-size"]


def test_sequences_ace_high_or_low_never_wrap() -> None:
    assert is_valid_declaration(["Qd Kd Ad", "Ah 2h 3h", "4c 5c 6c 7c", "9s 9c 9d"], rules=INDIAN_RUMMY)
    assert "run-wraps" in codes(["Kd Ad 2d", "Ah 2h 3h", "4c 5c 6c 7c", "9s 9c 9d"], INDIAN_RUMMY)


def test_sets_three_or_four_of_a_rank_every_suit_different() -> None:
    assert is_valid_declaration(["Ah 2h 3h", "4c 5c 6c", "9s 9c 9d 9h", "Kd Kc Ks"], rules=INDIAN_RUMMY)
    assert "group-colour-repeated" in codes(["Ah 2h 3h", "4c 5c 6c", "9s 9c 9d 9h", "Kd Kd Ks"], INDIAN_RUMMY)
    problems = declaration_violations(["Ah 2h 3h", "4c 5c 6c", "9s 9c 9d 9h 9s", "Kd Ks"], rules=INDIAN_RUMMY)
    assert {v.code for v in problems} >= {"group-too-large", "group-too-small"}
    assert {v.meld_index for v in problems if v.code.startswith("group")} == {2, 3}


def test_runs_of_three_or_more_of_one_suit() -> None:
    assert "mixed-suits" in codes(["Ah 2h 3c", "4c 5c 6c", "9s 9c 9d 9h", "Kd Kc Ks"], INDIAN_RUMMY)
    assert "run-too-short" in codes(["Ah 2h", "3h 4c 5c 6c", "9s 9c 9d 9h", "Kd Kc Ks"], INDIAN_RUMMY)


# --- "at least two sequences, at least one of them pure" --------------------------------------


def test_at_least_two_sequences() -> None:
    problems = declaration_violations(["Ah 2h 3h", "4c 4d 4s", "9s 9c 9d 9h", "Kd Kc Ks"], rules=INDIAN_RUMMY)
    assert [v.code for v in problems] == [RuleId.TOO_FEW_SEQUENCES]


def test_at_least_one_pure_sequence() -> None:
    problems = declaration_violations(["Ah 2h *", "4c * 6c", "9s 9c 9d 9h", "Kd Kc Ks"], rules=INDIAN_RUMMY)
    assert [v.code for v in problems] == [RuleId.NO_PURE_SEQUENCE]
    with pytest.raises(InvalidDeclarationError) as info:
        check_declaration(["Ah 2h *", "4c * 6c", "9s 9c 9d 9h", "Kd Kc Ks"], rules=INDIAN_RUMMY)
    assert info.value.code == "invalid-declaration"
    # A wild card standing in makes a sequence impure, like a printed joker.
    assert codes(["Ah 2h 5d", "4c 5s 6c", "9s 9c 9d 9h", "Kd Kc Ks"]) == ["no-pure-sequence"]


# --- "a wild-rank card used as its own natural self, like the 5s in 4s 5s 6s with 5s wild, ----
# --- keeps a sequence pure" --------------------------------------------------------------------


def test_wild_card_as_itself_keeps_a_sequence_pure() -> None:
    groups = ["4s 5s 6s", "7h 8h *", "9c 9d 9s", "Jc Qc Kc 5d"]
    assert is_valid_declaration(groups, rules=FIVES)
    # Without 4s 5s 6s being pure there would be no pure sequence.
    assert codes(["4s 5d 6s", "7h 8h *", "9c 9d 9s 5s", "Jc Qc Kc"]) == []  # Jc Qc Kc is pure
    assert codes(["4s 5d 6s", "7h 8h *", "9c 9d 9s", "Jc Qc Kc 5s"]) == ["no-pure-sequence"]
    assert codes(["4s 5d 6s", "7h 8h *", "9c 9d 9s", "Jc * Kc 5s"]) == ["no-pure-sequence"]
    assert codes(["4s 5s 6s", "7h 8h *", "9c 9d 9s", "Jc * Kc 5d"]) == []


# --- "a hand's points are the cards it cannot arrange: with no pure sequence, every card ------
# --- counts; with a pure sequence but no second sequence, every card outside that pure ---------
# --- sequence counts; with both, only the cards in no valid sequence or set count." -----------


def test_points_with_no_pure_sequence_every_card_counts() -> None:
    # Sets and an impure sequence do not help without a pure sequence.
    hand = "9s 9c 9d 4c * 6c 2h 3d 7s 8h 10d Jc Qs"
    a = best_arrangement(hand, rules=INDIAN_RUMMY)
    assert a.case == "no-pure"
    assert a.raw_points == 27 + 4 + 6 + 2 + 3 + 7 + 8 + 10 + 10 + 10
    assert a.points == 80  # capped


def test_points_with_a_pure_sequence_but_no_second_sequence() -> None:
    hand = "Ah 2h 3h 9s 9c 9d 2c 3d 7s 8h 10d 4c 6d"
    a = best_arrangement(hand, rules=INDIAN_RUMMY)
    assert a.case == "pure-only"
    # The set of nines does not count as arranged: only Ah 2h 3h does.
    assert a.points == 27 + 2 + 3 + 7 + 8 + 10 + 4 + 6
    assert [str(m) for m in a.melds] == ["Ah 2h 3h"]


def test_points_with_both_only_unarranged_cards_count() -> None:
    hand = "Ah 2h 3h 4c * 6c 9s 9c 9d 7s 8h Kd 2d"
    a = best_arrangement(hand, rules=INDIAN_RUMMY)
    assert a.case == "full"
    assert a.points == 7 + 8 + 10 + 2
    assert sorted(str(p) for p in a.counted) == sorted(["7s", "8h", "Kd", "2d"])


def test_points_take_the_best_arrangement() -> None:
    # 7h 8h 9h 10h is pure; 9c 9d could make a set with 9h, but then 7h 8h would count. The
    # joker does most good in 9c * Jc Qc (the second sequence), leaving 9d 2s 3d 4s 6d.
    hand = "7h 8h 9h 10h 9c 9d Jc Qc * 2s 3d 4s 6d"
    a = best_arrangement(hand, rules=INDIAN_RUMMY)
    assert a.case == "full"
    assert a.points == 9 + 2 + 3 + 4 + 6
    assert sorted(str(m) for m in a.melds) == ["7h 8h 9h 10h", "9c * Jc Qc"]


# --- "Card points: J Q K A 10 each, others face value, jokers 0; capped at 80." ---------------


def test_card_points_and_cap() -> None:
    assert losing_points("Jc", rules=INDIAN_RUMMY) == 10
    assert losing_points("Ac Kd Qh", rules=INDIAN_RUMMY) == 30
    assert losing_points("2c 9d", rules=INDIAN_RUMMY) == 11
    assert losing_points("* * 5d", rules=FIVES) == 0  # printed jokers and wild cards count 0
    assert losing_points("Kh Kd Ks Qh Qd Qs 9h 9d 9s 7c 7d 7h 2c", rules=INDIAN_RUMMY) == 80
    assert best_arrangement("Kh Kd Ks Qh Qd Qs 9h 9d 9s 7c 7d 7h 2c", rules=INDIAN_RUMMY).raw_points == 110
    assert INDIAN_RUMMY.points_cap == 80


# --- "A player who drops before drawing scores 20, after drawing 40; a wrong declaration ------
# --- scores 80." --------------------------------------------------------------------------------


def test_drops_and_wrong_declaration() -> None:
    assert drop_points(rules=INDIAN_RUMMY) == 20
    assert drop_points(rules=INDIAN_RUMMY, after_drawing=True) == 40
    assert wrong_declaration_points(rules=INDIAN_RUMMY) == 80
    house = INDIAN_RUMMY.with_options({"drop_points": 25, "middle_drop_points": 50, "wrong_declaration_points": 100})
    assert (drop_points(rules=house), drop_points(rules=house, after_drawing=True)) == (25, 50)
    assert wrong_declaration_points(rules=house) == 100


def test_score_deal() -> None:
    hands = ["", "Ah 2h 3h 4c * 6c 9s 9c 9d 7s 8h Kd 2d", "Kh Kd Ks Qh Qd Qs 9h 9d 9s 7c 7d 7h 2c"]
    assert score_deal(hands, winner=0, rules=INDIAN_RUMMY) == (0, 27, 80)
    with pytest.raises(ScoringInputError):
        score_deal(hands, winner=3, rules=INDIAN_RUMMY)


def test_bad_input() -> None:
    with pytest.raises(NotationError):
        losing_points("r5 r6", rules=INDIAN_RUMMY)
    with pytest.raises(LimitExceededError):
        losing_points(" ".join(f"{r}{s}" for r in range(2, 10) for s in "cdh"), rules=INDIAN_RUMMY)
    with pytest.raises(TypeError):
        declaration_violations(Meld.parse("Ah 2h 3h"), rules=INDIAN_RUMMY)  # type: ignore[arg-type]


def test_turned_up_card_names_the_wild_joker() -> None:
    """docs/rules/indian-rummy.md: "At the start one card is turned up at random: its rank is the wild joker"."""
    from rummylib.indian import with_wild_joker

    rules = with_wild_joker("9d", rules=INDIAN_RUMMY)
    assert rules.wild_ranks == frozenset({Rank.NINE})
    assert rules.is_wild(parse_piece("9s")) and rules.is_wild(parse_piece("*"))
    assert with_wild_joker("Kc", rules=rules).wild_ranks == frozenset({Rank.KING})
    with pytest.raises(NotationError):
        with_wild_joker("*", rules=INDIAN_RUMMY)
