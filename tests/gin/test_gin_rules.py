"""One test per sentence of the rule book's docs/rules/gin-rummy.md (Gin Rummy), each citing it."""

from __future__ import annotations

import attrs
import pytest
from tests.gin.hands import ten

from rummylib import GIN_RUMMY, Card, RuleSetError, parse_pieces
from rummylib.decks import full_set
from rummylib.errors import LimitExceededError, NotationError, RuleId
from rummylib.gin import (
    GinGameScore,
    GinInputError,
    GinOutcome,
    KnockError,
    deadwood,
    hand_multiplier,
    is_legal_knock,
    knock_limit,
    score_game,
    score_hand,
)

GIN_ONLY = GIN_RUMMY.with_options({"gin_only": True})
OKLAHOMA = GIN_RUMMY.with_options({"oklahoma": True})


def dw(text: str) -> int:
    return deadwood(text, rules=GIN_RUMMY).deadwood


# --- "2 players, one 52-card deck, no jokers, 10 cards each." --------------------------------


def test_one_deck_no_jokers_ten_cards_two_players() -> None:
    assert GIN_RUMMY.decks_for(2) == (1, 0)
    assert len(full_set(GIN_RUMMY, players=2)) == 52
    assert GIN_RUMMY.hand_size == 10
    assert (GIN_RUMMY.min_players, GIN_RUMMY.max_players) == (2, 2)
    with pytest.raises(NotationError):
        deadwood("Ah 2h *", rules=GIN_RUMMY)
    with pytest.raises(GinInputError):
        deadwood("Ah Ah 2h", rules=GIN_RUMMY)


def test_a_card_in_both_hands_is_refused() -> None:
    with pytest.raises(GinInputError, match="both hands"):
        score_hand("Ah 2h 3h 4c 4d 4s 7c 7d 7s Kd", ten("Kd 2c", "Ah 2h 3h 4c 4d 4s 7c 7d 7s Kd"), rules=GIN_RUMMY)


def test_more_than_eleven_cards_is_refused() -> None:
    with pytest.raises(LimitExceededError):
        deadwood("Ac 2c 3c 4c 5c 6c 7c 8c 9c 10c Jc Qc", rules=GIN_RUMMY)


# --- "Ace is low only (Ah 2h 3h is a run, Qh Kh Ah is not)." ----------------------------------


def test_ace_is_low_only() -> None:
    assert dw("Ah 2h 3h") == 0
    assert dw("Qh Kh Ah") == 21
    assert dw("Kh Ah 2h") == 13


# --- "Melds: a set is 3 or 4 cards of one rank; a run is 3 or more cards of one suit." --------


def test_sets_of_three_or_four_and_runs_of_three_or_more() -> None:
    assert dw("9c 9d 9h") == 0
    assert dw("9c 9d 9h 9s") == 0
    assert dw("9c 9d") == 18
    assert dw("4s 5s 6s 7s 8s 9s 10s") == 0
    assert dw("4s 5s") == 9
    assert dw("4s 5h 6s") == 15  # a run is of one suit


# --- "Deadwood is the cards in no meld, counted J Q K 10, ace 1, others face value" ------------


def test_card_values() -> None:
    assert dw("Jc Qd Ks 10h Ah 7c") == 10 + 10 + 10 + 10 + 1 + 7
    assert [dw(f"{r}c") for r in ("A", "2", "5", "9", "10", "J", "Q", "K")] == [1, 2, 5, 9, 10, 10, 10, 10]


# --- "a hand's deadwood is the least over every way of splitting it into disjoint melds" ------


def test_deadwood_is_least_over_every_split() -> None:
    # 7h could join the run or the set: the set leaves 5h 6h (11), the run leaves 7c 7d (14).
    assert dw("5h 6h 7h 7c 7d") == 11
    # The 4-set beside a run: 4s-8s with 8c 8d 8h melds everything.
    assert dw("4s 5s 6s 7s 8s 8c 8d 8h") == 0
    r = deadwood("5h 6h 7h 7c 7d", rules=GIN_RUMMY)
    assert [str(m) for m in r.melds] == ["7c 7d 7h"]
    assert [str(c) for c in r.unmelded] == ["5h", "6h"]


def test_eleven_cards_give_the_best_discard() -> None:
    r = deadwood("Ah 2h 3h 4h 7c 7d 7s 9c 9d Kd Qs", rules=GIN_RUMMY)
    assert r.deadwood == 28
    assert str(r.discard) in {"Kd", "Qs"}
    # A discard from a meld can be best: 11 cards all melded keep 0 after the discard.
    r = deadwood("Ah 2h 3h 4h 7c 7d 7s 9c 9d 9s 9h", rules=GIN_RUMMY)
    assert r.deadwood == 0
    assert r.discard is not None


# --- "A player may knock with deadwood of 10 or less (option knock_limit); with 0 it is gin." -


KNOCK_10 = "Ah 2h 3h 7c 7d 7s 9c 9d 9s Kd"  # deadwood 10 (Kd)
KNOCK_11 = "Ah 2h 3h 7c 7d 7s 9c 9d 9s Kd 2c"


def test_knock_with_ten_or_less() -> None:
    assert is_legal_knock(KNOCK_10, rules=GIN_RUMMY)
    assert score_hand(KNOCK_10, "Kc Kh Ks 2c 3c 4c 5d 6d 8d 10d", rules=GIN_RUMMY).knocker_deadwood == 10
    over = "Ah 2h 3h 7c 7d 7s 9c 9d 9s Kd"[:-2] + "Jd"  # deadwood 10 again
    assert is_legal_knock(over, rules=GIN_RUMMY)
    over = "Ah 2h 3h 7c 7d 7s 9c 9d Ks Kd"  # deadwood 38
    with pytest.raises(KnockError) as info:
        score_hand(over, ten("2c 3c", over), rules=GIN_RUMMY)
    assert info.value.code == "knock-over-limit"
    assert info.value.violations[0].code is RuleId.KNOCK_OVER_LIMIT


def test_knock_limit_is_an_option() -> None:
    five = GIN_RUMMY.with_options({"knock_limit": 5})
    assert knock_limit(rules=five) == 5
    assert not is_legal_knock(KNOCK_10, rules=five)
    with pytest.raises(KnockError):
        score_hand(KNOCK_10, ten("2c 3c", KNOCK_10), rules=five)


def test_zero_deadwood_is_gin() -> None:
    r = score_hand("Ah 2h 3h 7c 7d 7s 9c 9d 9s 9h", ten("Kc Kd 2c", "Ah 2h 3h 7c 7d 7s 9c 9d 9s 9h"), rules=GIN_RUMMY)
    assert r.kind is GinOutcome.GIN
    assert r.winner == "knocker"


# --- "The other player then lays off deadwood on the knocker's melds (not after gin)." --------


def test_defender_lays_off_on_knocker_melds() -> None:
    # Knocker melds Ah 2h 3h, 7c 7d 7s, 9c 9d 9s. The defender lays off 4h 5h and keeps its own
    # run 9h 10h Jh (laying 9h on the nines would strand 10h Jh).
    r = score_hand(KNOCK_10, "4h 5h 9h 10h Jh 8c 2d Qd Kc Kh", rules=GIN_RUMMY)
    assert r.layoff_text == "4h 5h"
    assert r.defender_deadwood == 8 + 2 + 10 + 10 + 10
    assert (r.winner, r.points) == ("knocker", 40 - 10)
    assert [str(m) for m in r.defender_melds] == ["9h 10h Jh"]
    for lo in r.layoffs:
        assert str(r.knocker_melds[lo.meld]) == "Ah 2h 3h"


def test_no_layoffs_after_gin() -> None:
    # After a knock the defender lays off 4h and 9h ...
    knock = score_hand(
        "Ah 2h 3h 7c 7d 7s 9c 9d 9s 8c", ten("4h 9h 10h", "Ah 2h 3h 7c 7d 7s 9c 9d 9s 8c"), rules=GIN_RUMMY
    )
    assert knock.layoff_text == "4h 9h"
    assert (knock.kind, knock.points) == (GinOutcome.KNOCK, 10 - 8)
    # ... but after gin nothing is laid off: 4h and 10h count in full.
    gin = score_hand("Ah 2h 3h 7c 7d 7s 9c 9d 9s 9h", ten("4h 10h", "Ah 2h 3h 7c 7d 7s 9c 9d 9s 9h"), rules=GIN_RUMMY)
    assert gin.kind is GinOutcome.GIN
    assert gin.layoffs == ()
    assert gin.layoff_text == ""
    assert gin.defender_deadwood == 4 + 10
    assert gin.points == 14 + 25


# --- "Score: knocker gets the difference in deadwood (after the lay-offs)" --------------------


def test_knocker_scores_the_difference_after_layoffs() -> None:
    # Defender: 4h 5h lay off on Ah-3h; Jc Qc Kc is a run; 2c 2d 3s 8s 8h = 23 remain.
    r = score_hand(KNOCK_10, "4h 5h Kc Qc Jc 2c 2d 3s 8s 8h", rules=GIN_RUMMY)
    assert r.defender_deadwood == 23
    assert (r.winner, r.kind, r.points) == ("knocker", GinOutcome.KNOCK, 13)
    assert r.layoff_text == "4h 5h"


# --- "gin: the other player's deadwood plus a bonus of 25" ------------------------------------


def test_gin_scores_defender_deadwood_plus_25() -> None:
    r = score_hand("Ah 2h 3h 7c 7d 7s 9c 9d 9s 9h", "Kc Kd Ks 4c 5c 6c 8h 8d 2s 3s", rules=GIN_RUMMY)
    assert (r.kind, r.points, r.defender_deadwood) == (GinOutcome.GIN, 21 + 25, 21)


def test_gin_beats_a_defender_with_no_deadwood() -> None:
    r = score_hand(
        "Ah 2h 3h 7c 7d 7s 9c 9d 9s 9h", ten("Kc Kd Ks 4c 5c 6c", "Ah 2h 3h 7c 7d 7s 9c 9d 9s 9h"), rules=GIN_RUMMY
    )
    assert (r.winner, r.kind, r.points) == ("knocker", GinOutcome.GIN, 25)


def test_gin_bonus_is_an_option() -> None:
    rules = GIN_RUMMY.with_options({"gin_bonus": 20})
    r = score_hand("Ah 2h 3h 7c 7d 7s 9c 9d 9s 9h", ten("Kc 2d", "Ah 2h 3h 7c 7d 7s 9c 9d 9s 9h"), rules=rules)
    assert r.points == 12 + 20


# --- "if the other player's deadwood is equal or lower, they undercut: difference plus 25" ----


def test_undercut_with_lower_deadwood() -> None:
    r = score_hand("Ah 2h 3h 7c 7d 7s 9c 9d 9s Qd", "Kc Kd Ks 4c 5c 6c 10h Jh Qh As", rules=GIN_RUMMY)
    assert (r.winner, r.kind, r.points) == ("defender", GinOutcome.UNDERCUT, 10 - 1 + 25)


def test_undercut_with_equal_deadwood() -> None:
    r = score_hand("Ah 2h 3h 7c 7d 7s 9c 9d 9s Qd", "Kc Kd Ks 4c 5c 6c 10h Jh Qh Js", rules=GIN_RUMMY)
    assert r.defender_deadwood == 10
    assert (r.winner, r.kind, r.points) == ("defender", GinOutcome.UNDERCUT, 25)


def test_undercut_after_layoffs() -> None:
    # Defender 4h 5h Qd Kd: lays off 4h 5h, keeps 20 > 10; with 4h only (4 left) it undercuts.
    r = score_hand("Ah 2h 3h 7c 7d 7s 9c 9d 9s Qd", "4h 5h 2c Jc Jd Jh Js Kc Kh Ks", rules=GIN_RUMMY)
    assert (r.kind, r.points, r.defender_deadwood) == (GinOutcome.UNDERCUT, 10 - 2 + 25, 2)


def test_undercut_bonus_is_an_option() -> None:
    rules = GIN_RUMMY.with_options({"undercut_bonus": 10})
    r = score_hand("Ah 2h 3h 7c 7d 7s 9c 9d 9s Qd", ten("2c", "Ah 2h 3h 7c 7d 7s 9c 9d 9s Qd"), rules=rules)
    assert r.points == 8 + 10


# --- "big gin (all 11 cards melded after the draw, no discard) scores ... plus 31" ------------


def test_big_gin() -> None:
    r = score_hand("Ah 2h 3h 4h 7c 7d 7s 9c 9d 9s 9h", "Kc Kd Ks 4c 5c 6c 8h 8d 2s 3s", rules=GIN_RUMMY)
    assert (r.winner, r.kind, r.points) == ("knocker", GinOutcome.BIG_GIN, 21 + 31)
    assert r.discard is None
    assert r.layoffs == ()
    rules = GIN_RUMMY.with_options({"big_gin_bonus": 50})
    assert (
        score_hand(
            "Ah 2h 3h 4h 7c 7d 7s 9c 9d 9s 9h", ten("2c", "Ah 2h 3h 4h 7c 7d 7s 9c 9d 9s 9h"), rules=rules
        ).points
        == 52
    )


def test_eleven_card_knocker_that_is_not_big_gin_discards() -> None:
    r = score_hand(KNOCK_11, "Kc Kh Ks 4c 5c 6c 8h 8d 2s 3s", rules=GIN_RUMMY)
    assert str(r.discard) == "Kd"
    assert r.knocker_deadwood == 2
    # An 11-card gin after discarding the odd card is gin, not big gin.
    r = score_hand("Ah 2h 3h 7c 7d 7s 9c 9d 9s 9h Kd", ten("2s", "Ah 2h 3h 7c 7d 7s 9c 9d 9s 9h Kd"), rules=GIN_RUMMY)
    assert (r.kind, str(r.discard)) == (GinOutcome.GIN, "Kd")


# --- "Where the knocker's cards can be melded in several ways with the same least deadwood, ---
# --- the knocker lays them down the way best for the knocker" --------------------------------


def test_knocker_chooses_the_arrangement_worst_for_the_defender() -> None:
    # 4s-8s + 8c 8d 8h, or 4s-7s + 8c 8d 8h 8s: both leave Ah 2c (3). With 8s in the run the
    # defender could lay off 9s; laid as a set of four, 9s has nowhere to go.
    knocker = "4s 5s 6s 7s 8s 8c 8d 8h Ah 2c"
    r = score_hand(knocker, "9s Kc 3c 4c 5c 6c 7c Jh Qh Kh", rules=GIN_RUMMY)
    assert r.knocker_deadwood == 3
    assert r.defender_deadwood == 19
    assert r.layoffs == ()
    assert "8c 8d 8h 8s" in [str(m) for m in r.knocker_melds]
    # With 3s instead the run end is open either way and the defender lays it off.
    r = score_hand(knocker, "3s Kc 3c 4c 5c 6c 7c Jh Qh Kh", rules=GIN_RUMMY)
    assert r.defender_deadwood == 10
    assert r.layoff_text == "3s"


# --- "The game ends when a player reaches the target (100, selectable 100-500); the higher ---
# --- score wins." ----------------------------------------------------------------------------


def test_game_ends_at_the_target_and_higher_score_wins() -> None:
    g = score_game([(0, 40), (1, 35), (0, 50)], rules=GIN_RUMMY)
    assert g.totals == (90, 35)
    assert not g.is_over(rules=GIN_RUMMY)
    assert g.winner(rules=GIN_RUMMY) is None
    g = g.add(10, winner=0, rules=GIN_RUMMY)
    assert g.is_over(rules=GIN_RUMMY)
    assert g.winner(rules=GIN_RUMMY) == 0
    with pytest.raises(GinInputError):
        g.add(5, winner=1, rules=GIN_RUMMY)


def test_target_is_selectable_from_100_to_500() -> None:
    rules = GIN_RUMMY.with_options({"game_target": 500})
    g = score_game([(1, 250), (1, 249)], rules=rules)
    assert not g.is_over(rules=rules)
    assert g.add(1, winner=1, rules=rules).winner(rules=rules) == 1
    for bad in (99, 501):
        with pytest.raises(RuleSetError):
            GIN_RUMMY.with_options({"game_target": bad})


def test_game_totals_take_hand_results() -> None:
    r = score_hand(KNOCK_10, "4h 5h Kc Qc Jc 2c 2d 3s 8s 8h", rules=GIN_RUMMY)
    g = GinGameScore().add(r, winner=1, rules=GIN_RUMMY)
    assert g.totals == (0, 13)
    assert g.hands_won == (0, 1)


def test_end_of_game_bonuses_are_options() -> None:
    g = score_game([(0, 60), (1, 20), (0, 45)], rules=GIN_RUMMY)
    # 105 + game bonus 100 + 2 hands x 25; loser 20 + 1 x 25; no shutout.
    assert g.final_scores(rules=GIN_RUMMY) == (255, 45)
    plain = GIN_RUMMY.with_options({"game_bonus": 0, "line_bonus": 0, "shutout_doubles": False})
    assert g.final_scores(rules=plain) == (105, 20)
    shut = score_game([(0, 110)], rules=GIN_RUMMY)
    assert shut.final_scores(rules=GIN_RUMMY) == ((110 + 100 + 25) * 2, 0)
    with pytest.raises(GinInputError):
        GinGameScore().final_scores(rules=GIN_RUMMY)


def test_bad_game_input() -> None:
    with pytest.raises(GinInputError):
        GinGameScore().add(-1, winner=0, rules=GIN_RUMMY)
    with pytest.raises(GinInputError):
        GinGameScore().add(5, winner=2, rules=GIN_RUMMY)


# --- Variants: "gin only (no knocking below gin)" ---------------------------------------------


def test_gin_only() -> None:
    assert knock_limit(rules=GIN_ONLY) == 0
    with pytest.raises(KnockError, match="gin only"):
        score_hand("Ah 2h 3h 7c 7d 7s 9c 9d 9s 2d", ten("Kc", "Ah 2h 3h 7c 7d 7s 9c 9d 9s 2d"), rules=GIN_ONLY)
    assert (
        score_hand("Ah 2h 3h 7c 7d 7s 9c 9d 9s 9h", ten("Kc", "Ah 2h 3h 7c 7d 7s 9c 9d 9s 9h"), rules=GIN_ONLY).kind
        is GinOutcome.GIN
    )


# --- "Oklahoma (the first upcard's value sets the knock limit; an ace upcard means gin only; --
# --- a spade upcard doubles the hand's score)" -----------------------------------------------


def test_oklahoma_upcard_sets_the_knock_limit() -> None:
    assert knock_limit(rules=OKLAHOMA, first_upcard="7d") == 7
    assert knock_limit(rules=OKLAHOMA, first_upcard=Card.parse("Kd")) == 10
    assert knock_limit(rules=OKLAHOMA, first_upcard="2c") == 2
    hand = "Ah 2h 3h 7c 7d 7s 9c 9d 9s 8d"  # deadwood 8
    with pytest.raises(KnockError):
        score_hand(hand, ten("Kc", hand), rules=OKLAHOMA, first_upcard="7d")
    assert score_hand(hand, ten("Kc", hand), rules=OKLAHOMA, first_upcard="8d").points == 2
    with pytest.raises(GinInputError):
        knock_limit(rules=OKLAHOMA)


def test_oklahoma_ace_upcard_means_gin_only() -> None:
    assert knock_limit(rules=OKLAHOMA, first_upcard="Ac") == 0
    with pytest.raises(KnockError):
        score_hand(
            "Ah 2h 3h 7c 7d 7s 9c 9d 9s 2d",
            ten("Kc", "Ah 2h 3h 7c 7d 7s 9c 9d 9s 2d"),
            rules=OKLAHOMA,
            first_upcard="Ac",
        )
    assert (
        score_hand(
            "Ah 2h 3h 7c 7d 7s 9c 9d 9s 9h",
            ten("Kc", "Ah 2h 3h 7c 7d 7s 9c 9d 9s 9h"),
            rules=OKLAHOMA,
            first_upcard="Ac",
        ).points
        == 35
    )


def test_oklahoma_spade_upcard_doubles_the_hand() -> None:
    assert hand_multiplier(rules=OKLAHOMA, first_upcard="9s") == 2
    assert hand_multiplier(rules=OKLAHOMA, first_upcard="9h") == 1
    assert hand_multiplier(rules=GIN_RUMMY, first_upcard="9s") == 1
    knock = score_hand(KNOCK_10, ten("Kc Qd 2d", KNOCK_10), rules=OKLAHOMA, first_upcard="Ks")
    assert (knock.points, knock.multiplier) == ((22 - 10) * 2, 2)
    gin = score_hand(
        "Ah 2h 3h 7c 7d 7s 9c 9d 9s 9h", ten("Kc", "Ah 2h 3h 7c 7d 7s 9c 9d 9s 9h"), rules=OKLAHOMA, first_upcard="5s"
    )
    assert gin.points == (10 + 25) * 2
    under = score_hand(
        "Ah 2h 3h 7c 7d 7s 9c 9d 9s 2d", ten("Ac", "Ah 2h 3h 7c 7d 7s 9c 9d 9s 2d"), rules=OKLAHOMA, first_upcard="3s"
    )
    assert (under.kind, under.points) == (GinOutcome.UNDERCUT, (2 - 1 + 25) * 2)


def test_rules_with_an_ace_high_still_solve() -> None:
    # Every meld rule comes from the rule set: with the ace allowed high, Q K A is a run.
    high = attrs.evolve(GIN_RUMMY, ace_high=True)
    assert deadwood(parse_pieces("Qh Kh Ah"), rules=high).deadwood == 0
    assert deadwood(parse_pieces("Qh Kh Ah 2h 3h"), rules=high).deadwood == 5
