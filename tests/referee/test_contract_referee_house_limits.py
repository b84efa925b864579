"""Contract Rummy / Shanghai referee: the house options ``discard_taken_card`` and ``max_turns``.

docs/rules/contract-rummy.md and docs/rules/shanghai.md, "Discarding the card just taken" and "A turn limit".
"""

from __future__ import annotations

import copy
from collections.abc import Callable

import attrs
import pytest

from rummylib import CONTRACT_RUMMY, SHANGHAI, Card, IllegalActionError, RuleSet
from rummylib.contracts import (
    Buy,
    ContractAction,
    ContractGame,
    ContractRound,
    DeclineBuy,
    Discard,
    DrawDiscard,
    DrawStock,
    EndReason,
    LayOff,
    Phase,
)
from rummylib.errors import RuleId
from rummylib.scoring import hand_points

Builder = Callable[..., ContractRound]

STRICT = CONTRACT_RUMMY.with_options({"discard_taken_card": False})


def refused(state: ContractRound, action: ContractAction) -> list[str]:
    before = copy.deepcopy(state)
    with pytest.raises(IllegalActionError) as info:
        state.apply(action)
    assert state == before
    return [v.code for v in info.value.violations]


def taking(build: Builder, rules: RuleSet, hand: str = "7h 8h Kc") -> ContractRound:
    """Player 0, in the draw phase, the upcard Ac on top of the pile."""
    state: ContractRound = build(
        rules, [hand, "9c 10c 2d", "2s 3s 4d"], stock="Kd Qd Jd 10d 9d", discards="2c Ac", phase=Phase.DRAW
    )
    return state.apply(DrawDiscard(0))


def test_by_default_the_card_taken_may_be_discarded_at_once(build: Builder) -> None:
    # "by default a player who took the top discard may discard that same card in the same turn"
    assert CONTRACT_RUMMY.discard_taken_card and SHANGHAI.discard_taken_card
    r = taking(build, CONTRACT_RUMMY)
    assert r.taken_this_turn == Card.parse("Ac")
    assert Discard(0, "Ac") in r.legal_actions()
    after = r.apply(Discard(0, "Ac"))
    assert after.upcard == Card.parse("Ac") and after.current == 1


def test_off_the_card_taken_from_the_pile_may_not_be_discarded_that_turn(build: Builder) -> None:
    # "false forbids discarding, in the turn it was taken, the card taken from the discard pile"
    r = taking(build, STRICT)
    assert refused(r, Discard(0, "Ac")) == [RuleId.DISCARD_TAKEN_CARD]
    assert [v.code for v in r.action_violations(Discard(0, "Ac"))] == ["discard-taken-card"]
    assert Discard(0, "Ac") not in r.legal_actions()
    assert {a for a in r.legal_actions() if isinstance(a, Discard)} == {Discard(0, c) for c in ("7h", "8h", "Kc")}
    assert r.view(1).taken_card == Card.parse("Ac")  # everyone saw it taken
    after = r.apply(Discard(0, "Kc"))
    assert after.taken_this_turn is None and after.view(1).taken_card is None


def test_off_the_card_taken_may_be_discarded_in_a_later_turn(build: Builder) -> None:
    r = taking(build, STRICT).apply(Discard(0, "Kc"))
    for seat in (1, 2):
        r = r.apply(DrawStock(seat))
        while r.phase is Phase.BUY:
            r = r.apply(DeclineBuy(r.to_move))  # type: ignore[arg-type]
        r = r.apply(Discard(seat, r.hands[seat][0]))
    r = r.apply(DrawStock(0))
    while r.phase is Phase.BUY:
        r = r.apply(DeclineBuy(r.to_move))  # type: ignore[arg-type]
    assert Discard(0, "Ac") in r.legal_actions()


def test_off_another_copy_of_the_card_taken_may_be_discarded(build: Builder) -> None:
    # Two decks: the player held an Ac before taking one; the one held before may go.
    r = taking(build, STRICT, hand="Ac 8h Kc")
    assert r.hands[0].count(Card.parse("Ac")) == 2
    assert Discard(0, "Ac") in r.legal_actions()
    r.apply(Discard(0, "Ac"))


def test_off_a_bought_card_is_not_concerned(build: Builder) -> None:
    # "a bought card is taken outside the turn and is not concerned"
    r: ContractRound = build(
        STRICT, ["7h 8h", "9c 10c", "2s 3s"], stock="Kd Qd Jd 10d 9d", discards="2c Ac", phase=Phase.DRAW
    )
    r = r.apply(DrawStock(0)).apply(Buy(1)).apply(DeclineBuy(2))
    assert Card.parse("Ac") in r.hands[1] and r.taken_this_turn is None
    r = r.apply(Discard(0, "7h")).apply(DrawStock(1))
    while r.phase is Phase.BUY:
        r = r.apply(DeclineBuy(r.to_move))  # type: ignore[arg-type]
    assert Discard(1, "Ac") in r.legal_actions()


def test_off_the_card_taken_cannot_be_left_as_the_last_card_it_cannot_be_laid_off(build: Builder) -> None:
    r: ContractRound = build(
        STRICT,
        ["5c 9h", "9c 10c 2d", "2s 3s 4d"],
        stock="Kd Qd Jd",
        discards="2c Kh",
        table=[(0, "4c 5c 6c 7c")],
        down=[True, False, False],
        phase=Phase.DRAW,
    )
    r = r.apply(DrawDiscard(0))
    assert refused(r, LayOff(0, "9h 5c", 0)) != []
    # Laying off 5c? It does not fit 4c-7c (5c is already there): only 8c or 3c would. Lay off nothing:
    assert refused(r, Discard(0, "Kh")) == ["discard-taken-card"]
    assert {a for a in r.legal_actions() if isinstance(a, Discard)} == {Discard(0, "5c"), Discard(0, "9h")}


def test_off_laying_the_taken_card_off_frees_the_other_copy(build: Builder) -> None:
    r: ContractRound = build(
        STRICT,
        ["8c 9h Kd", "9c 10c 2d", "2s 3s 4d"],
        stock="Kd Qd Jd",
        discards="2c 8c",
        table=[(0, "4c 5c 6c 7c")],
        down=[True, False, False],
        phase=Phase.DRAW,
    )
    r = r.apply(DrawDiscard(0))
    r = r.apply(LayOff(0, "8c", 0))
    assert r.taken_this_turn is None
    assert Discard(0, "8c") in r.legal_actions()


def dealt_and_taken() -> ContractRound:
    r = ContractRound.deal(rules=STRICT.with_options({"go_out_by_discard": True}), players=3, seed=7)
    return r.apply(DrawDiscard(r.current))


def test_the_taken_card_survives_a_save() -> None:
    r = dealt_and_taken()
    card = r.taken_this_turn
    assert card is not None and r.hands[r.current].count(card) == 1
    again = ContractRound.from_json(r.to_json())
    assert again == r and again.taken_this_turn == card
    assert refused(again, Discard(r.current, card)) == ["discard-taken-card"]
    assert r.to_json()["state"]["taken_this_turn"] == str(card)
    assert r.view(0).to_json()["taken_card"] == str(card)


def test_a_taken_card_out_of_place_is_a_problem() -> None:
    r = dealt_and_taken()
    assert r.problems() == ()
    assert any("taken from the discard pile" in p for p in attrs.evolve(r, phase=Phase.DRAW).problems())
    other = next(c for c in r.hands[(r.current + 1) % 3] if c not in r.hands[r.current])
    assert any("taken from the discard pile" in p for p in attrs.evolve(r, taken_this_turn=other).problems())


# --- max_turns ------------------------------------------------------------------------------


def play_out(r: ContractRound) -> ContractRound:
    """Everyone draws from the stock, declines every buy and discards their first card."""
    while not r.is_over:
        seat = r.to_move
        assert seat is not None
        if r.phase is Phase.DRAW:
            r = r.apply(DrawStock(seat))
        elif r.phase is Phase.BUY:
            r = r.apply(DeclineBuy(seat))
        else:
            r = r.apply(Discard(seat, r.hands[seat][-1]))
    return r


@pytest.mark.parametrize("rules", [SHANGHAI, CONTRACT_RUMMY])
@pytest.mark.parametrize("limit", [1, 4, 7])
def test_the_turn_limit_ends_the_round_and_every_hand_is_scored(rules: RuleSet, limit: int) -> None:
    # "ends a round after that many turns of play with nobody out; every player then scores the cards in hand"
    house = rules.with_options({"max_turns": limit})
    r = play_out(ContractRound.deal(rules=house, players=3, seed=5))
    res = r.round_result
    assert res is not None and res.reason is EndReason.TURN_LIMIT and res.went_out is None
    assert r.turns_played == limit
    assert res.scores == tuple(hand_points(h, rules=house) for h in r.hands)
    outcome = r.result()
    assert outcome.reason == "the turn limit was reached" and outcome.lower_wins
    assert outcome.winners == tuple(s for s, v in enumerate(res.scores) if v == min(res.scores))
    assert ContractRound.from_json(r.to_json()) == r


def test_without_a_limit_the_round_goes_on() -> None:
    assert SHANGHAI.max_turns is None
    r = ContractRound.deal(rules=SHANGHAI, players=3, seed=5)
    while r.turns_played < 12:
        seat = r.to_move
        assert seat is not None
        if r.phase is Phase.DRAW:
            r = r.apply(DrawStock(seat))
        elif r.phase is Phase.BUY:
            r = r.apply(DeclineBuy(seat))
        else:
            r = r.apply(Discard(seat, r.hands[seat][-1]))
    assert not r.is_over


def test_a_turn_limit_result_the_rules_do_not_give_is_a_problem() -> None:
    house = SHANGHAI.with_options({"max_turns": 2})
    r = play_out(ContractRound.deal(rules=house, players=3, seed=5))
    assert r.problems() == ()
    assert attrs.evolve(r, rules=house.with_options({"max_turns": 3})).problems() != ()
    assert attrs.evolve(r, rules=SHANGHAI).problems() != ()


def test_a_whole_game_goes_on_after_a_round_cut_off() -> None:
    house = SHANGHAI.with_options({"max_turns": 3})
    g = ContractGame.deal(rules=house, players=3, seed=2)
    while not g.is_over:
        seat = g.to_move
        assert seat is not None
        r = g.round
        if r.phase is Phase.DRAW:
            g = g.apply(DrawStock(seat))
        elif r.phase is Phase.BUY:
            g = g.apply(DeclineBuy(seat))
        else:
            g = g.apply(Discard(seat, r.hands[seat][-1]))
    assert len(g.results) == 10 and all(res.reason is EndReason.TURN_LIMIT for res in g.results)


@pytest.mark.parametrize("value", [0, -1, True, "ten", 1.5])
def test_a_bad_turn_limit_is_refused(value: object) -> None:
    with pytest.raises(Exception) as info:
        SHANGHAI.with_options({"max_turns": value})
    assert getattr(info.value, "code", None) in ("bad-option", "bad-rules")
