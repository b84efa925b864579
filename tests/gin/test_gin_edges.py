"""Edge cases of the Gin API: bad arguments, house rules, the game referee's drawn hands."""

from __future__ import annotations

import attrs
import pytest
from tests.gin.hands import ten

from rummylib import GIN_RUMMY, JOKER, RUMMIKUB, Card, Tile
from rummylib.errors import RuleSetError
from rummylib.gin import (
    STOCK_FLOOR,
    Discard,
    DrawStock,
    GinGame,
    GinHand,
    GinInputError,
    KnockError,
    deadwood,
    hand_multiplier,
    knock_limit,
    score_hand,
)


def test_bad_arguments() -> None:
    with pytest.raises(TypeError):
        deadwood("Ah", rules="gin")  # type: ignore[arg-type]
    with pytest.raises(GinInputError, match="tiles"):
        deadwood([], rules=RUMMIKUB)
    with pytest.raises(GinInputError, match="joker"):
        deadwood([JOKER, Card.parse("Ah")], rules=GIN_RUMMY)
    with pytest.raises(GinInputError, match="not a playing card"):
        deadwood([Tile.parse("r5")], rules=GIN_RUMMY)
    wild = attrs.evolve(GIN_RUMMY, deuces_wild=True)
    with pytest.raises(GinInputError, match="acts as a joker"):
        deadwood([Card.parse("2h")], rules=wild)
    with pytest.raises(GinInputError):
        knock_limit(rules=GIN_RUMMY, first_upcard="*")
    with pytest.raises(GinInputError):
        hand_multiplier(rules=GIN_RUMMY, first_upcard=JOKER)


def test_house_rule_sets_of_two() -> None:
    pairs = attrs.evolve(GIN_RUMMY, group_min=2)
    assert deadwood("9c 9d Kh", rules=pairs).deadwood == 10
    assert deadwood("9c 9d Kh", rules=GIN_RUMMY).deadwood == 28


def test_eleven_card_knocker_over_the_limit() -> None:
    with pytest.raises(KnockError, match="after the best discard"):
        score_hand("Ah 2h 3h 7c 7d 7s 9c 9d Ks Kd Qc", ten("2c", "Ah 2h 3h 7c 7d 7s 9c 9d Ks Kd Qc"), rules=GIN_RUMMY)


def test_defender_with_no_deadwood_before_layoffs() -> None:
    r = score_hand("Ah 2h 3h 7c 7d 7s 9c 9d 9s 2d", "4c 5c 6c Jd Qd Kd 10h Jh Qh Kh", rules=GIN_RUMMY)
    assert r.defender_deadwood == 0
    assert (r.winner, r.kind.value, r.points) == ("defender", "undercut", 2 + 25)
    assert r.points_for("defender") == 27
    assert r.points_for("knocker") == 0


def test_referee_bad_setups() -> None:
    with pytest.raises(RuleSetError):
        GinHand.deal(rules=GIN_RUMMY, seed=1, dealer=2)
    with pytest.raises(RuleSetError):
        GinHand.deal(rules=attrs.evolve(GIN_RUMMY, deuces_wild=True), seed=1)
    with pytest.raises(RuleSetError):
        GinHand.deal(rules=attrs.evolve(GIN_RUMMY, hand_size=25), seed=1)


def test_game_redeals_a_drawn_hand_with_the_same_dealer() -> None:
    game = GinGame.deal(rules=GIN_RUMMY, seed=3)
    hand = game.round
    hand = attrs.evolve(
        hand, stock=hand.stock[: STOCK_FLOOR + 1], discards=(*hand.stock[STOCK_FLOOR + 1 :], hand.upcard)
    )
    game = attrs.evolve(game, round=hand)
    game = game.apply(DrawStock(hand.to_move))
    game = game.apply(Discard(hand.to_move, game.round.hands[hand.to_move][0]))
    assert game.previous_round is not None
    assert game.previous_round.is_draw
    assert game.round_number == 2
    assert game.round.dealer == hand.dealer
    assert game.score.totals == (0, 0)
    assert not game.round.is_over
