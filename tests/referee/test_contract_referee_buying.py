"""Contract Rummy / Shanghai referee: buying the upcard ("May I?"), docs/rules/contract-rummy.md and docs/rules/shanghai.md."""

from __future__ import annotations

import copy
from collections.abc import Callable

import pytest

from rummylib import CONTRACT_RUMMY, SHANGHAI, Card, IllegalActionError, PieceCount, RuleSet, parse_pieces
from rummylib.contracts import Buy, ContractAction, ContractRound, DeclineBuy, Discard, DrawDiscard, DrawStock, Phase

Builder = Callable[..., ContractRound]

HANDS4 = ["7h 8h", "9c 10c", "2s 3s", "4d 5d"]


def refused(state: ContractRound, action: ContractAction) -> list[str]:
    before = copy.deepcopy(state)
    with pytest.raises(IllegalActionError) as info:
        state.apply(action)
    assert state == before
    return [v.code for v in info.value.violations]


def at_draw(build: Builder, rules: RuleSet = CONTRACT_RUMMY, **kw: object) -> ContractRound:
    options: dict[str, object] = {"stock": "Kd Qd Jd 10d 9d", "discards": "2c 3c 4c Ac", "phase": Phase.DRAW}
    state: ContractRound = build(rules, HANDS4, **(options | kw))
    return state


def test_refusing_the_upcard_offers_it_to_the_others_in_turn_order(build: Builder) -> None:
    # docs/rules/contract-rummy.md "When the player whose turn it is does not take the top discard, another player may buy it"
    r = at_draw(build).apply(DrawStock(0))
    assert r.phase is Phase.BUY
    assert r.window is not None
    assert r.window.card == Card.parse("Ac")
    assert r.window.waiting == (1, 2, 3)
    assert r.legal_actions() == (Buy(1), DeclineBuy(1), Buy(2), DeclineBuy(2), Buy(3), DeclineBuy(3))
    assert refused(r, Discard(0, "7h")) == ["wrong-phase"]
    assert refused(r, Buy(0)) == ["buy-not-offered"]


def test_buy_before_the_upcard_is_refused_is_out_of_phase(build: Builder) -> None:
    assert refused(at_draw(build), Buy(2)) == ["wrong-phase"]


def test_nobody_buys_then_the_player_in_turn_draws_from_the_stock(build: Builder) -> None:
    r = at_draw(build).apply(DrawStock(0))
    for seat in (1, 2, 3):
        r = r.apply(DeclineBuy(seat))
    assert r.phase is Phase.PLAY
    assert PieceCount.of(r.hands[0]) == PieceCount.of(parse_pieces("7h 8h Kd"))
    assert r.upcard == Card.parse("Ac")
    assert r.buys == (0, 0, 0, 0)


def test_buyer_takes_the_upcard_and_a_penalty_card_then_the_player_in_turn_draws(build: Builder) -> None:
    # docs/rules/contract-rummy.md "they take it plus one penalty card from the stock ... The player in turn then draws from the stock."
    r = at_draw(build).apply(DrawStock(0)).apply(DeclineBuy(1)).apply(Buy(2)).apply(DeclineBuy(3))
    assert r.phase is Phase.PLAY
    assert r.current == 0
    assert PieceCount.of(r.hands[2]) == PieceCount.of(parse_pieces("2s 3s Ac Kd"))
    assert PieceCount.of(r.hands[0]) == PieceCount.of(parse_pieces("7h 8h Qd"))
    assert r.upcard == Card.parse("4c")
    assert r.buys == (0, 0, 1, 0)
    # "and do nothing else until their turn"
    assert refused(r, Discard(2, "Ac")) == ["not-your-turn"]


def test_when_several_want_it_the_one_whose_turn_comes_first_gets_it(build: Builder) -> None:
    # docs/rules/contract-rummy.md "If several want it, the one whose turn comes first gets it."
    r = at_draw(build, current=1).apply(DrawStock(1))
    assert r.window is not None
    assert r.window.waiting == (2, 3, 0)
    r = r.apply(Buy(0)).apply(Buy(3)).apply(DeclineBuy(2))
    assert r.buys == (0, 0, 0, 1)
    assert Card.parse("Ac") in r.hands[3]
    assert Card.parse("Ac") not in r.hands[0]


def test_an_answer_counts_once(build: Builder) -> None:
    r = at_draw(build).apply(DrawStock(0)).apply(Buy(2))
    assert refused(r, Buy(2)) == ["buy-not-offered"]
    r = r.apply(DeclineBuy(1))
    assert refused(r, DeclineBuy(1)) == ["buy-not-offered"]


def test_buy_penalty_cards_option(build: Builder) -> None:
    rules = CONTRACT_RUMMY.with_options({"buy_penalty_cards": 2})
    r = at_draw(build, rules).apply(DrawStock(0)).apply(Buy(1)).apply(DeclineBuy(2)).apply(DeclineBuy(3))
    assert PieceCount.of(r.hands[1]) == PieceCount.of(parse_pieces("9c 10c Ac Kd Qd"))
    assert PieceCount.of(r.hands[0]) == PieceCount.of(parse_pieces("7h 8h Jd"))


def test_buying_off(build: Builder) -> None:
    # docs/rules/contract-rummy.md "Options: buying on/off"
    rules = CONTRACT_RUMMY.with_options({"buying": False})
    r = at_draw(build, rules).apply(DrawStock(0))
    assert r.phase is Phase.PLAY
    assert r.window is None
    assert [v.code for v in r.buy_violations(1)] == ["buying-off"]


def test_taking_the_upcard_closes_it_to_buyers(build: Builder) -> None:
    r = at_draw(build).apply(DrawDiscard(0))
    assert r.phase is Phase.PLAY
    assert refused(r, Buy(1)) == ["wrong-phase"]


def test_shanghai_at_most_four_buys_per_player_per_round(build: Builder) -> None:
    # docs/rules/shanghai.md "At most 4 buys per player per round."
    r = at_draw(build, SHANGHAI, buys=(0, 4, 3, 0)).apply(DrawStock(0))
    assert r.window is not None
    assert r.window.waiting == (2, 3)
    assert refused(r, Buy(1)) == ["buy-limit"]
    r = r.apply(Buy(2)).apply(DeclineBuy(3))
    assert r.buys == (0, 4, 4, 0)


def test_buy_limits_by_round(build: Builder) -> None:
    # docs/rules/shanghai.md "3 buys per round in rounds 1-8 and 4 in rounds 9-10"
    rules = SHANGHAI.with_options({"max_buys_by_round": [3] * 8 + [4, 4]})
    early = at_draw(build, rules, buys=(0, 3, 0, 0), round_number=8).apply(DrawStock(0))
    assert early.window is not None
    assert 1 not in early.window.waiting
    late = at_draw(build, rules, buys=(0, 3, 0, 0), round_number=9).apply(DrawStock(0))
    assert late.window is not None
    assert 1 in late.window.waiting


def test_a_player_who_is_down_may_not_buy_option(build: Builder) -> None:
    # docs/rules/shanghai.md "a player who is down may not buy" (option down_player_may_buy)
    rules = SHANGHAI.with_options({"down_player_may_buy": False})
    r = at_draw(build, rules, down=(False, True, False, False)).apply(DrawStock(0))
    assert r.window is not None
    assert r.window.waiting == (2, 3)
    assert refused(r, Buy(1)) == ["buyer-down"]
    default = at_draw(build, SHANGHAI, down=(False, True, False, False)).apply(DrawStock(0))
    assert default.window is not None
    assert default.window.waiting == (1, 2, 3)


def test_multiple_buys_the_next_card_but_never_the_same_player_twice_running(build: Builder) -> None:
    # docs/rules/contract-rummy.md "multiple_buys (after a buy, another player may buy the next discard; the same player may not buy
    # two in a row)"
    rules = CONTRACT_RUMMY.with_options({"multiple_buys": True})
    r = at_draw(build, rules).apply(DrawStock(0)).apply(Buy(1)).apply(DeclineBuy(2)).apply(DeclineBuy(3))
    assert r.phase is Phase.BUY
    assert r.window is not None
    assert (r.window.card, r.window.waiting, r.window.last_buyer) == (Card.parse("4c"), (2, 3), 1)
    assert refused(r, Buy(1)) == ["buy-twice-running"]
    r = r.apply(Buy(3)).apply(DeclineBuy(2))
    assert r.window is not None
    assert (r.window.card, r.window.waiting) == (Card.parse("3c"), (1, 2))
    r = r.apply(DeclineBuy(1)).apply(DeclineBuy(2))
    assert r.phase is Phase.PLAY
    assert r.buys == (0, 1, 0, 1)
    assert r.all_pieces() == at_draw(build, rules).all_pieces()


def test_without_multiple_buys_one_buy_closes_the_window(build: Builder) -> None:
    r = at_draw(build).apply(DrawStock(0)).apply(Buy(1)).apply(DeclineBuy(2)).apply(DeclineBuy(3))
    assert r.phase is Phase.PLAY


def test_no_buy_when_the_stock_cannot_pay_the_penalty(build: Builder) -> None:
    r = at_draw(build, stock="Kd", discards="Ac")
    assert [v.code for v in r.buy_violations(1)] == ["buy-stock-short"]
    assert r.apply(DrawStock(0)).phase is Phase.PLAY
