"""The Indian Rummy referee, docs/rules/indian-rummy.md "Refereeing a deal" and "Games", example by example."""

from __future__ import annotations

import attrs
import pytest
from tests.indian.positions import DECLARABLE, LOOSE, OTHER, cards, rig

from rummylib import (
    GIN_RUMMY,
    INDIAN_RUMMY,
    JOKER,
    Card,
    IllegalActionError,
    IndianFormat,
    PieceCount,
    RuleSet,
    RuleSetError,
    parse_pieces,
)
from rummylib.decks import full_set
from rummylib.indian import (
    DealEnd,
    Declare,
    Discard,
    DrawDiscard,
    DrawStock,
    Drop,
    IndianDeal,
    IndianGame,
    IndianPhase,
    SeatStatus,
    drop_points,
    find_declaration,
    losing_points,
)

POOL_101 = INDIAN_RUMMY.with_options({"indian_format": "pool"})
POOL_201 = INDIAN_RUMMY.with_options({"indian_format": "pool", "pool_limit": 201})


def codes(state: IndianDeal | IndianGame, action: object) -> list[str]:
    return [v.code for v in state.action_violations(action)]


# --- the deal -------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_thirteen_each_from_two_decks_with_their_jokers(players: int) -> None:
    """'2-6 players; 13 cards each' from 'two decks with their printed jokers'."""
    deal = IndianDeal.deal(rules=INDIAN_RUMMY, players=players, seed=players)
    assert [len(h) for h in deal.hands] == [13] * players
    assert deal.all_pieces() == PieceCount.of(full_set(INDIAN_RUMMY, players=players))
    assert len(deal.all_pieces()) == 108
    assert len(deal.stock) == 108 - 13 * players - 2
    assert deal.problems() == ()


def test_seven_players_are_refused() -> None:
    with pytest.raises(RuleSetError) as info:
        IndianDeal.deal(rules=INDIAN_RUMMY, players=7, seed=1)
    assert info.value.code == "bad-players"


def test_other_games_are_refused() -> None:
    with pytest.raises(RuleSetError):
        IndianDeal.deal(rules=GIN_RUMMY, players=2, seed=1)


def test_wild_joker_turned_up_out_of_play_and_its_rank_wild() -> None:
    """'one card is turned up from the stock for the wild joker; it stays face up beside the stock, out of play'."""
    deal = IndianDeal.deal(rules=INDIAN_RUMMY, players=3, seed=11)
    wild = deal.wild_card
    assert isinstance(wild, Card)
    assert deal.rules.wild_ranks == {wild.rank}
    assert deal.rules.is_wild(Card(wild.rank, next(s for s in type(wild.suit) if s is not wild.suit)))
    assert deal.view(0).wild_card == wild and deal.view(0).wild_rank == wild.rank
    # out of play: in no hand, not in the stock or the discard pile, but counted in the pack
    assert deal.all_pieces() == PieceCount.of([*deal.stock, *deal.discards, *(p for h in deal.hands for p in h), wild])


def test_a_printed_joker_turned_up_leaves_only_the_jokers_wild() -> None:
    """'(if it is a printed joker, only the printed jokers are wild)'."""
    seed = next(s for s in range(2000) if IndianDeal.deal(rules=INDIAN_RUMMY, players=2, seed=s).wild_card == JOKER)
    deal = IndianDeal.deal(rules=INDIAN_RUMMY.with_options({"wild_ranks": ["5"]}), players=2, seed=seed)
    assert deal.wild_card == JOKER
    assert deal.rules.wild_ranks == frozenset()
    assert deal.view(1).wild_rank is None
    assert deal.rules.is_wild(JOKER) and not deal.rules.is_wild(Card.parse("5h"))


def test_next_card_starts_the_discard_pile_and_left_of_dealer_starts() -> None:
    """'The next stock card starts the discard pile. The player left of the dealer starts.'"""
    for dealer in range(4):
        deal = IndianDeal.deal(rules=INDIAN_RUMMY, players=4, seed=3, dealer=dealer)
        assert deal.to_move == (dealer + 1) % 4
        assert len(deal.discards) == 1 and deal.upcard_in_pile
    assert IndianDeal.deal(rules=INDIAN_RUMMY, players=4, seed=3) == IndianDeal.deal(
        rules=INDIAN_RUMMY, players=4, seed=3
    )


def test_a_turn_draw_then_discard() -> None:
    """'A turn: draw one card, from the stock or the top of the discard pile, then ... discard one card'."""
    deal = IndianDeal.deal(rules=INDIAN_RUMMY, players=2, seed=4)
    top, upcard = deal.stock[0], deal.discards[-1]
    after = deal.apply(DrawStock(1))
    assert after.phase is IndianPhase.DISCARD and top in after.hands[1] and len(after.hands[1]) == 14
    assert codes(after, DrawDiscard(1)) == ["wrong-phase"]
    assert codes(after, Drop(1)) == ["wrong-phase"]
    done = after.apply(Discard(1, top))
    assert done.discards == (upcard, top) and done.to_move == 0 and done.phase is IndianPhase.DRAW
    taken = deal.apply(DrawDiscard(1))
    assert upcard in taken.hands[1] and taken.discards == ()
    assert taken.view(0).known[1] == (upcard,)


def test_refusals_name_the_rule() -> None:
    deal = IndianDeal.deal(rules=INDIAN_RUMMY, players=3, seed=4)
    assert codes(deal, DrawStock(0)) == ["not-your-turn"]
    assert codes(deal, DrawStock(7)) == ["not-a-player"]
    assert codes(deal, Discard(1, deal.hands[1][0])) == ["wrong-phase"]
    drawn = deal.apply(DrawStock(1))
    missing = next(c for c in parse_pieces("Ah Ad Ac As 2h 2d") if c not in drawn.hands[1])
    assert codes(drawn, Discard(1, missing)) == ["not-in-hand"]
    with pytest.raises(TypeError):
        deal.apply("draw")  # type: ignore[arg-type]


# --- the discard pile and jokers ---------------------------------------------------------------------


def test_the_first_upcard_may_always_be_drawn_even_a_joker() -> None:
    """'The first upcard may always be drawn.'"""
    deal = rig([LOOSE, LOOSE.replace("2c", "3c")], wild="7s", discards="7h")
    assert deal.rules.is_wild(Card.parse("7h"))
    assert DrawDiscard(0) in deal.legal_actions()
    assert deal.apply(DrawDiscard(0)).hands[0].count(Card.parse("7h")) == 1
    printed = rig([LOOSE, LOOSE.replace("2c", "3c")], wild="7s", discards="*")
    assert printed.is_legal(DrawDiscard(0))


def test_a_joker_discarded_by_a_player_may_not_be_drawn() -> None:
    """'A joker discarded by a player (a printed joker or a card of the wild rank) may not be drawn'."""
    for joker in ("*", "7h"):
        deal = rig(
            [LOOSE + " " + joker, LOOSE.replace("2c", "3c")], wild="7s", discards="Kd", phase=IndianPhase.DISCARD
        )
        after = deal.apply(Discard(0, joker))
        assert after.discards[-1] == parse_pieces(joker)[0]
        assert DrawDiscard(1) not in after.legal_actions()
        assert codes(after, DrawDiscard(1)) == ["wrong-phase"]
        assert not after.may_draw_discard()
        # the house option allows it
        house = attrs.evolve(after, rules=attrs.evolve(after.rules, draw_discarded_joker=True))
        assert house.is_legal(DrawDiscard(1)) and DrawDiscard(1) in house.legal_actions()


def test_a_natural_discard_may_be_drawn() -> None:
    deal = rig([LOOSE + " Qh", LOOSE.replace("2c", "3c")], wild="7s", phase=IndianPhase.DISCARD)
    after = deal.apply(Discard(0, "Qh"))
    assert after.is_legal(DrawDiscard(1))
    assert after.apply(DrawDiscard(1)).view(0).known[1] == cards("Qh")


def test_known_cards_leave_when_discarded() -> None:
    """The view shows the cards others took from the discard pile and still hold."""
    deal = rig([LOOSE, LOOSE.replace("2c", "3c")], discards="Qh")
    took = deal.apply(DrawDiscard(0))
    assert took.view(1).known[0] == cards("Qh")
    gave_back = took.apply(Discard(0, "Qh"))
    assert gave_back.view(1).known[0] == ()
    kept = took.apply(Discard(0, "2c"))
    assert kept.view(1).known[0] == cards("Qh")
    assert kept.view(1).hand == kept.hands[1] and kept.view(1).shown == (None, None)


# --- declarations ------------------------------------------------------------------------------------


def test_a_valid_declaration_wins_the_deal() -> None:
    """'A valid declaration wins the deal: the declarer scores 0 and every other player scores the points of their hand'."""
    loser = "Kh Kd Ks Qh Qd Qs 9c 9d 8s 6c 6d 6h 2c"
    deal = rig([DECLARABLE + " 10d", loser, LOOSE], wild="7s", phase=IndianPhase.DISCARD)
    groups = ["Ah 2h 3h", "4c 5c 6c", "9s 9d 9h", "Jc Qc Kc *"]
    end = deal.apply(Declare(0, groups, "10d"))
    assert end.is_over and end.winner == 0 and end.round_result is not None
    assert end.round_result.end is DealEnd.DECLARED
    assert end.result().scores == (0, losing_points(loser, rules=end.rules), 80)
    assert end.result().winners == (0,) and end.result().lower_wins
    assert end.discards[-1] == Card.parse("10d")
    assert end.declaration == find_declaration(DECLARABLE, rules=end.rules)
    assert end.problems() == ()
    assert end.view(1).shown[1] == end.hands[1] and end.view(1).declaration == end.declaration


def test_every_valid_grouping_of_one_hand_leads_to_one_state() -> None:
    deal = rig([DECLARABLE + " 10d", LOOSE], wild="7s", phase=IndianPhase.DISCARD)
    one = deal.apply(Declare(0, "Ah 2h 3h | 4c 5c 6c | 9s 9d 9h | Jc Qc Kc *", "10d"))
    other = deal.apply(Declare(0, ["3h Ah 2h", "* Kc Qc Jc", "9h 9s 9d", "6c 5c 4c"], "10d"))
    assert one == other
    listed = [a for a in deal.legal_actions() if isinstance(a, Declare) and a.discard == Card.parse("10d")]
    assert len(listed) == 2
    assert one in [deal.apply(a) for a in listed]


def test_a_wrong_declaration_scores_80_and_play_goes_on() -> None:
    """'A wrong declaration scores 80 for the declarer, who is out of the deal, and play goes on.'"""
    deal = rig([LOOSE + " 10d", LOOSE.replace("2c", "3c"), OTHER], phase=IndianPhase.DISCARD)
    wrong = Declare(0, [LOOSE], "10d")
    after = deal.apply(wrong)
    assert not after.is_over and after.to_move == 1
    assert after.status[0] is SeatStatus.WRONG_DECLARATION and after.scores == (80, 0, 0)
    assert after.discards[-1] == Card.parse("10d")
    assert after.view(2).shown[0] == cards(LOOSE)  # laid out for all to see
    assert after.legal_actions(0) == ()
    # a valid grouping badly written is a wrong declaration too
    good = rig([DECLARABLE + " 10d", LOOSE], wild="7s", phase=IndianPhase.DISCARD)
    bad = good.apply(Declare(0, ["Ah 2h 3h 4c 5c 6c", "9s 9d 9h", "Jc Qc Kc *"], "10d"))
    assert bad.is_over and bad.winner == 1 and bad.result().scores == (80, 0)
    assert bad.round_result is not None and bad.round_result.end is DealEnd.LAST_STANDING


def test_all_wrong_groupings_with_one_discard_lead_to_one_state() -> None:
    deal = rig([LOOSE + " 10d", LOOSE.replace("2c", "3c"), OTHER], phase=IndianPhase.DISCARD)
    first = deal.apply(Declare(0, [LOOSE], "10d"))
    second = deal.apply(Declare(0, LOOSE.split(), "10d"))
    assert first == second


def test_a_declaration_lays_out_every_card_in_hand() -> None:
    deal = rig([DECLARABLE + " 10d", LOOSE], wild="7s", phase=IndianPhase.DISCARD)
    assert codes(deal, Declare(0, ["Ah 2h 3h", "4c 5c 6c", "9s 9d 9h"], "10d")) == ["declaration-size"]
    assert codes(deal, Declare(0, ["Ah 2h 3h", "4c 5c 6c", "9s 9d 9h", "Jc Qc Kc Ac"], "10d")) == ["not-in-hand"]
    assert codes(deal, Declare(0, ["Ah 2h 3h", "4c 5c 6c", "9s 9d 9h", "Jc Qc Kc *"], "Qs")) == ["not-in-hand"]
    assert codes(rig([DECLARABLE, LOOSE]), Declare(0, [DECLARABLE], "*")) == ["wrong-phase"]


# --- drops and the last one standing ----------------------------------------------------------------


def test_drop_before_drawing_20_after_40() -> None:
    """'a player who has not yet drawn a card in this deal (their first turn) scores 20, one who has drawn ... 40'."""
    deal = IndianDeal.deal(rules=INDIAN_RUMMY, players=3, seed=8)
    first = deal.apply(Drop(1))
    assert first.status[1] is SeatStatus.DROPPED and first.scores == (0, 20, 0) and first.to_move == 2
    played = deal.apply(DrawStock(1)).apply(Discard(1, deal.stock[0]))
    played = played.apply(DrawStock(2))
    played = played.apply(Discard(2, played.hands[2][0]))
    played = played.apply(DrawStock(0))
    played = played.apply(Discard(0, played.hands[0][0]))
    middle = played.apply(Drop(1))
    assert middle.status[1] is SeatStatus.MIDDLE_DROP and middle.scores == (0, 40, 0)
    assert drop_points(rules=INDIAN_RUMMY) == 20


def test_pool_201_drops_score_25_and_50() -> None:
    """'In 201 pool the drop scores 25 and the middle drop 50.'"""
    deal = IndianDeal.deal(rules=POOL_201, players=3, seed=8)
    assert deal.apply(Drop(1)).scores == (0, 25, 0)
    later = deal.apply(DrawStock(1))
    later = later.apply(Discard(1, later.hands[1][0])).apply(Drop(2))
    later = later.apply(DrawStock(0))
    later = later.apply(Discard(0, later.hands[0][0])).apply(Drop(1))
    assert later.is_over and later.result().scores == (0, 50, 25)
    assert IndianDeal.deal(rules=POOL_101, players=2, seed=8).apply(Drop(1)).scores == (0, 20)


def test_the_last_one_standing_wins_and_scores_0() -> None:
    """'When all but one player are out, the last one wins the deal and scores 0.'"""
    deal = IndianDeal.deal(rules=INDIAN_RUMMY, players=3, seed=2)
    end = deal.apply(Drop(1)).apply(Drop(2))
    assert end.is_over and end.winner == 0
    assert end.round_result is not None and end.round_result.end is DealEnd.LAST_STANDING
    assert end.result().scores == (0, 20, 20) and end.result().winners == (0,)
    assert end.legal_actions() == () and end.to_move is None
    assert codes(end, DrawStock(0)) == ["round-over"]


# --- the stock --------------------------------------------------------------------------------------


def test_empty_stock_the_discards_but_the_top_make_a_new_stock() -> None:
    """'Empty stock: shuffle the discards except the top one into a new stock.'"""
    deal = rig([LOOSE, LOOSE.replace("2c", "3c")], discards="Qh 5h 4s", stock="10h", upcard_in_pile=False)
    drew = deal.apply(DrawStock(0))
    assert drew.stock == ()
    after = drew.apply(Discard(0, "10h"))
    assert after.discards == cards("10h") and PieceCount.of(after.stock) == PieceCount.of(drew.discards)
    assert len(after.stock) == 108 - 26 - 1 - 1
    assert after.reshuffles == 1 and not after.upcard_in_pile and after.problems() == ()
    assert after == drew.apply(Discard(0, "10h"))  # seeded from the deal's seed


def test_max_reshuffles_ends_the_deal_and_everyone_in_scores_their_hand() -> None:
    rules = INDIAN_RUMMY.with_options({"max_reshuffles": 0})
    deal = rig([LOOSE, DECLARABLE.replace("*", "10s")], discards="Qh 5h 4s", stock="10h", rules=rules)
    end = deal.apply(DrawStock(0)).apply(Discard(0, "10h"))
    assert end.is_over and end.winner is None
    assert end.round_result is not None and end.round_result.end is DealEnd.STOCK_EXHAUSTED
    scores = (losing_points(LOOSE, rules=end.rules), losing_points(DECLARABLE.replace("*", "10s"), rules=end.rules))
    assert end.result().scores == scores and end.result().winners == ()
    assert end.problems() == ()


# --- games ------------------------------------------------------------------------------------------


def test_points_game_one_deal_the_losers_pay_the_winner() -> None:
    """'points (default) — one deal; each loser pays the winner their points.'"""
    assert INDIAN_RUMMY.indian_format is IndianFormat.POINTS
    game = IndianGame.deal(rules=INDIAN_RUMMY, players=3, seed=4)
    end = game.apply(Drop(1)).apply(Drop(2))
    assert end.is_over and end.legal_actions() == ()
    outcome = end.result()
    assert outcome.scores == (40, -20, -20) and sum(outcome.scores) == 0
    assert outcome.winners == (0,) and not outcome.lower_wins


def test_pool_game_eliminates_at_the_limit_and_the_last_standing_wins() -> None:
    """'pool — ... a player whose total reaches the pool limit ... is eliminated; the last player standing wins.'"""
    rules = INDIAN_RUMMY.with_options({"indian_format": "pool", "pool_limit": 40})
    game = IndianGame.deal(rules=rules, players=3, seed=4)
    game = game.apply(Drop(1)).apply(Drop(2))  # deal 1: 0, 20, 20
    assert game.round_number == 2 and game.totals == (0, 20, 20) and game.round.dealer == 1
    game = game.apply(Drop(game.to_move))  # player 2 drops: 40, eliminated
    game = game.apply(Drop(game.to_move))  # player 0 drops: 20
    assert game.totals == (20, 20, 40) and game.eliminated == (False, False, True)
    assert game.round.status[2] is SeatStatus.SITTING_OUT and game.round.hands[2] == ()
    assert game.round.dealer == 0 and game.to_move == 1
    assert game.view(0).eliminated == (False, False, True)
    game = game.apply(Drop(1))  # 40: eliminated; player 0 stands alone
    assert game.is_over
    assert game.result().winners == (0,) and game.result().scores == (20, 40, 40)
    assert game.problems() == ()


def test_deals_game_a_fixed_number_of_deals_lowest_total_wins() -> None:
    """'deals — a fixed number of deals (option deal_count, default 2); the lowest total wins.'"""
    rules = INDIAN_RUMMY.with_options({"indian_format": "deals"})
    assert rules.deal_count == 2
    game = IndianGame.deal(rules=rules, players=2, seed=9)
    game = game.apply(Drop(1))
    assert not game.is_over and game.round_number == 2 and game.round.dealer == 1
    game = game.apply(Drop(0))  # the dealer moved left: player 0 now plays first
    assert game.is_over and game.totals == (20, 20) and game.result().winners == (0, 1)
    three = IndianGame.deal(rules=rules.with_options({"deal_count": 3}), players=2, seed=9)
    three = three.apply(Drop(1)).apply(Drop(0)).apply(Drop(1))
    assert three.is_over and three.result().scores == (20, 40) and three.result().winners == (0,)


def test_games_refuse_actions_once_over() -> None:
    end = IndianGame.deal(rules=INDIAN_RUMMY, players=2, seed=4).apply(Drop(1))
    assert codes(end, DrawStock(0)) == ["round-over"]
    with pytest.raises(IllegalActionError):
        IndianGame.deal(rules=INDIAN_RUMMY, players=2, seed=4).result()


@pytest.mark.parametrize("rules", [INDIAN_RUMMY, POOL_101, POOL_201])
def test_rule_options_round_trip(rules: RuleSet) -> None:
    assert rules.with_options(rules.options()) == rules
    assert rules.options()["indian_format"] in ("points", "pool")
    with pytest.raises(RuleSetError):
        rules.with_options({"indian_format": "cash"})
    with pytest.raises(RuleSetError):
        rules.with_options({"deal_count": 0})
    with pytest.raises(RuleSetError):
        rules.with_options({"pool_limit": -1})
