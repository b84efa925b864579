"""The Gin hand referee: deal, draw, discard, knock, illegal actions, whole games."""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from rummylib import GIN_RUMMY, Card, IllegalActionError, contracts, gin, indian, parse_pieces
from rummylib import actions as core
from rummylib.decks import full_set
from rummylib.gin import (
    STOCK_FLOOR,
    Discard,
    DrawDiscard,
    DrawStock,
    GinAction,
    GinGame,
    GinHand,
    GinOutcome,
    GinPhase,
    Knock,
    deadwood,
    score_hand,
)
from rummylib.pieces import PieceCount

DECK = PieceCount.of(full_set(GIN_RUMMY, players=2))


def cards(text: str) -> tuple[Card, ...]:
    out = tuple(p for p in parse_pieces(text) if isinstance(p, Card))
    assert len(out) == len(parse_pieces(text))
    return out


def rigged(p0: str, p1: str, *, turn: int = 0, first_upcard: str = "2s", rules: object = GIN_RUMMY) -> GinHand:
    """A hand in the draw phase of ``turn`` with chosen cards; the rest of the deck is the stock."""
    h0, h1, up = cards(p0), cards(p1), cards(first_upcard)[0]
    used = {*h0, *h1, up}
    stock = tuple(c for c in full_set(GIN_RUMMY, players=2) if isinstance(c, Card) and c not in used)
    assert rules is GIN_RUMMY or hasattr(rules, "oklahoma")
    return GinHand(
        rules=rules,  # type: ignore[arg-type]
        seed=0,  # set up by hand: not the deal of its seed (its seed_problems say so)
        hands=(h0, h1),
        stock=stock,
        discards=(up,),
        first_upcard=up,
        dealer=1 - turn,
        to_move=turn,
    )


def test_deal_ten_each_upcard_and_non_dealer_first() -> None:
    hand = GinHand.deal(rules=GIN_RUMMY, seed=11, dealer=0)
    assert [len(h) for h in hand.hands] == [10, 10]
    assert len(hand.stock) == 31
    assert hand.discards == (hand.first_upcard,)
    assert hand.to_move == 1
    assert hand.all_pieces() == DECK
    assert GinHand.deal(rules=GIN_RUMMY, seed=11) == hand
    assert GinHand.deal(rules=GIN_RUMMY, seed=12) != hand
    assert GinHand.deal(rules=GIN_RUMMY, seed=11, dealer=1).to_move == 0


def test_draw_from_stock_or_discard_then_discard() -> None:
    hand = GinHand.deal(rules=GIN_RUMMY, seed=2)
    top = hand.stock[0]
    after = hand.apply(DrawStock(1))
    assert top in after.hands[1]
    assert after.phase is GinPhase.DISCARD
    assert after.stock == hand.stock[1:]
    taken = hand.apply(DrawDiscard(1))
    assert hand.first_upcard in taken.hands[1]
    assert taken.discards == ()
    card = after.hands[1][0]
    done = after.apply(Discard(1, card))
    assert done.discards[-1] == card
    assert card not in done.hands[1]
    assert (done.to_move, done.phase) == (0, GinPhase.DRAW)


def test_illegal_actions_raise_and_change_nothing() -> None:
    hand = GinHand.deal(rules=GIN_RUMMY, seed=4)
    snapshot = attrs.evolve(hand)
    bad: list[tuple[GinAction, str]] = [
        (DrawStock(0), "not-your-turn"),
        (Discard(1, hand.hands[1][0]), "wrong-phase"),
        (Knock(1, hand.hands[1][0]), "wrong-phase"),
        (DrawStock(2), "not-a-player"),
    ]
    for action, code in bad:
        with pytest.raises(IllegalActionError) as info:
            hand.apply(action)
        assert info.value.violations[0].code == code
        assert hand == snapshot
    drawn = hand.apply(DrawStock(1))
    stranger = next(c for c in drawn.hands[0])
    with pytest.raises(IllegalActionError) as info:
        drawn.apply(Discard(1, stranger))
    assert info.value.violations[0].code == "not-in-hand"
    assert drawn.action_violations(DrawDiscard(1))[0].code == "wrong-phase"
    with pytest.raises(TypeError):
        hand.apply("draw")  # type: ignore[arg-type]


def test_the_shared_discard_of_a_joker_is_refused_as_not_in_hand() -> None:
    """The core `Discard` takes any piece; a Gin hand holds cards only, so a joker is not in it."""
    drawn = GinHand.deal(rules=GIN_RUMMY, seed=3).apply(DrawStock(1))
    joker = Discard(1, "*")
    with pytest.raises(IllegalActionError) as info:
        drawn.apply(joker)
    assert [(v.code, v.pieces) for v in info.value.violations] == [("not-in-hand", (joker.card,))]
    assert not drawn.is_legal(joker)
    assert drawn.action_violations(joker)[0].code == "not-in-hand"


def test_draws_and_discards_are_the_core_actions_of_every_card_game() -> None:
    for name in ("DrawStock", "DrawDiscard", "Discard"):
        shared = getattr(core, name)
        assert getattr(gin, name) is getattr(contracts, name) is getattr(indian, name) is shared
        assert getattr(gin.actions, name) is shared
    assert (core.DrawStock.kind, core.DrawDiscard.kind, core.Discard.kind) == ("draw-stock", "draw-discard", "discard")
    assert GinHand.action_from_json({"action": "discard", "player": 0, "card": "Kd"}) == Discard(0, "Kd")


def test_knock_over_the_limit_is_illegal() -> None:
    hand = rigged("Ah 2h 3h 7c 7d 7s 9c 9d Ks Kd", "4c 5c 6c 8h 8d 2d 3s 10s Jd Qc").apply(DrawStock(0))
    with pytest.raises(IllegalActionError) as info:
        hand.apply(Knock(0, hand.hands[0][-1]))
    assert info.value.violations[0].code == "knock-over-limit"
    assert not any(isinstance(a, Knock) and a.card == hand.hands[0][-1] for a in hand.legal_actions())


def test_knock_is_scored_by_the_scorer() -> None:
    hand = rigged("Ah 2h 3h 7c 7d 7s 9c 9d 9s Kd", "4h 5h Kc Qc Jc 2c 2d 3s 8s 8h")
    hand = hand.apply(DrawDiscard(0))  # takes the 2s
    assert Knock(0, Card.parse("Kd")) in hand.legal_actions()
    over = hand.apply(Knock(0, "Kd"))
    assert over.is_over
    assert not over.is_draw
    assert over.knocker == 0
    expected = score_hand(cards("Ah 2h 3h 7c 7d 7s 9c 9d 9s 2s"), over.hands[1], rules=GIN_RUMMY)
    assert over.round_result == expected
    assert over.winner == 0
    assert over.scores == (expected.points, 0)
    assert over.discards[-1] == Card.parse("Kd")
    assert over.all_pieces() == DECK
    assert over.legal_actions() == ()
    with pytest.raises(IllegalActionError) as info:
        over.apply(DrawStock(1))
    assert info.value.violations[0].code == "round-over"


def test_big_gin_knock_without_discard() -> None:
    hand = rigged("Ah 2h 3h 7c 7d 7s 9c 9d 9s 9h", "Kc Kd 2c 3c 5d 6d 8h 10s Js Qd", first_upcard="4h")
    hand = hand.apply(DrawDiscard(0))
    assert Knock(0) in hand.legal_actions()
    over = hand.apply(Knock(0))
    assert over.round_result is not None
    assert over.round_result.kind is GinOutcome.BIG_GIN
    assert len(over.hands[0]) == 11
    assert over.all_pieces() == DECK
    # Without all 11 melded there is no big gin.
    other = rigged("Ah 2h 3h 7c 7d 7s 9c 9d 9s Kh", "Kc Kd 2c 3c 5d 6d 8h 10s Js Qd", first_upcard="4h")
    other = other.apply(DrawDiscard(0))
    assert Knock(0) not in other.legal_actions()
    assert other.action_violations(Knock(0))[0].code == "knock-over-limit"


def test_oklahoma_limit_from_the_upcard() -> None:
    okla = GIN_RUMMY.with_options({"oklahoma": True})
    hand = rigged("Ah 2h 3h 7c 7d 7s 9c 9d 9s 8d", "Kc Kd 2c 3c 5d 6d 8h 10s Js Qd", first_upcard="4h", rules=okla)
    hand = hand.apply(DrawDiscard(0))  # the 4h
    assert hand.knock_limit == 4
    knocks = [a for a in hand.legal_actions() if isinstance(a, Knock)]
    assert all(deadwood([c for c in hand.hands[0] if c != a.card], rules=okla).deadwood <= 4 for a in knocks)
    assert not hand.is_legal(Knock(0, "4h"))  # would leave 8d: over the limit of 4
    assert hand.is_legal(Knock(0, "8d"))  # gin


def test_hand_is_a_draw_when_the_stock_runs_down() -> None:
    hand = GinHand.deal(rules=GIN_RUMMY, seed=9)
    hand = attrs.evolve(
        hand, stock=hand.stock[: STOCK_FLOOR + 1], discards=(*hand.stock[STOCK_FLOOR + 1 :], hand.first_upcard)
    )
    hand = hand.apply(DrawStock(1))
    assert len(hand.stock) == STOCK_FLOOR
    hand = hand.apply(Discard(1, hand.hands[1][0]))
    assert hand.is_over
    assert hand.is_draw
    assert hand.round_result is None
    assert hand.winner is None
    assert hand.scores == (0, 0)
    assert hand.all_pieces() == DECK


def _bot_move(state: GinHand | GinGame, rng: random.Random, smart: bool) -> GinAction:
    actions = state.legal_actions()
    if not smart:
        return rng.choice(actions)
    knocks = [a for a in actions if isinstance(a, Knock)]
    if knocks:
        return knocks[0]
    discards = [a for a in actions if isinstance(a, Discard)]
    if discards:
        hand = state.round if isinstance(state, GinGame) else state
        rules = hand.rules
        return min(
            discards,
            key=lambda a: deadwood([c for c in hand.hands[a.player] if c != a.card], rules=rules).deadwood,
        )
    return rng.choice(actions)


@given(st.integers(min_value=0, max_value=2**32), st.booleans())
def test_random_legal_play_conserves_cards_and_scores_by_the_rules(seed: int, smart: bool) -> None:
    """Random legal play never creates or loses a card; illegal actions change nothing."""
    rng = random.Random(seed)
    hand = GinHand.deal(rules=GIN_RUMMY, seed=seed, dealer=seed % 2)
    steps = 0
    while not hand.is_over:
        assert hand.all_pieces() == DECK
        actions = hand.legal_actions()
        assert actions
        for a in rng.sample(actions, min(3, len(actions))):
            assert hand.is_legal(a)
        wrong = DrawStock(1 - hand.to_move)
        before = attrs.evolve(hand)
        with pytest.raises(IllegalActionError):
            hand.apply(wrong)
        assert hand == before
        hand = hand.apply(_bot_move(hand, rng, smart))
        steps += 1
        assert steps < 200
    assert hand.all_pieces() == DECK
    if hand.round_result is not None:
        assert hand.knocker is not None
        kept = hand.hands[hand.knocker]
        assert hand.round_result == score_hand(
            kept, hand.hands[1 - hand.knocker], rules=GIN_RUMMY, first_upcard=hand.first_upcard
        )
    else:
        assert len(hand.stock) == STOCK_FLOOR


def test_a_whole_game_reaches_the_target() -> None:
    rng = random.Random(1)
    game = GinGame.deal(rules=GIN_RUMMY, seed=1)
    totals = [0, 0]
    steps = 0
    while not game.is_over:
        before = game.round_number
        game = game.apply(_bot_move(game, rng, True))
        if game.round_number != before or game.is_over:
            last = game.previous_round
            assert last is not None
            assert last.is_over
            totals = [totals[i] + last.scores[i] for i in (0, 1)]
        steps += 1
        assert steps < 20_000
    assert tuple(totals) == game.score.totals
    assert max(game.score.totals) >= GIN_RUMMY.game_target
    assert game.winner == (0 if totals[0] > totals[1] else 1)
    assert game.legal_actions() == ()
    with pytest.raises(IllegalActionError):
        game.apply(DrawStock(0))
