"""Unsigned saves are checked against their own seed, the Gin hand's too, in Python and in the batch.

A Gin hand keeps the seed it was dealt with, as every other state does, so a save whose stock was
reversed or reordered, or whose hand holds a card that the seed leaves in the stock, has
``seed_problems`` in Python (``from_json`` takes it: a position some seed deals) and is refused by
an unsigned ``rummylib batch``; a genuine save, fresh or played, is read by both. A contract round
in which a seat is down without a meld on the table is refused by ``from_json`` and the batch.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest

from rummylib import GIN_RUMMY, SHANGHAI, ContractRound, GinGame, GinHand, SaveError, saves
from rummylib.batch import handle_request
from rummylib.gin import Discard

Tamper = Callable[[dict[str, Any]], None]


def _reverse(state: dict[str, Any]) -> None:
    state["stock"] = " ".join(reversed(state["stock"].split()))


def _reorder(state: dict[str, Any]) -> None:
    cards = state["stock"].split()
    cards[0], cards[5] = cards[5], cards[0]
    state["stock"] = " ".join(cards)


def _swap_with_stock(state: dict[str, Any]) -> None:
    """The first card of the seat to move's hand trades places with a card deep in the stock."""
    seat = state["turn"] if "turn" in state else state["to_move"]
    hand, stock = state["hands"][seat].split(), state["stock"].split()
    hand[0], stock[7] = stock[7], hand[0]
    state["hands"][seat], state["stock"] = " ".join(hand), " ".join(stock)


def _swap_between_hands(state: dict[str, Any]) -> None:
    a, b = state["hands"][0].split(), state["hands"][1].split()
    a[0], b[0] = b[0], a[0]
    state["hands"] = [" ".join(a), " ".join(b)]


TAMPERS: dict[str, Tamper] = {
    "reversed stock": _reverse,
    "reordered stock": _reorder,
    "a hand card swapped with the stock": _swap_with_stock,
    "a card swapped between the hands, never seen": _swap_between_hands,
}


def _played(hand: GinHand, turns: int, seed: int) -> GinHand:
    """``hand`` after ``turns`` plays: a draw (either pile), then a discard, never a knock."""
    rng = random.Random(seed)
    for _ in range(turns):
        hand = hand.apply(rng.choice(hand.legal_actions()))
        hand = hand.apply(rng.choice([a for a in hand.legal_actions() if isinstance(a, Discard)]))
    return hand


HANDS = {
    "fresh": GinHand.deal(rules=GIN_RUMMY, seed=5),
    "played": _played(GinHand.deal(rules=GIN_RUMMY, seed=6, dealer=1), 6, seed=1),
}


def _batch_refuses(data: dict[str, Any]) -> str:
    answer = handle_request({"op": "view", "state": data, "player": 0})
    assert "error" in answer, answer
    assert answer["error"]["code"] == "bad-save"
    return str(answer["error"]["message"])


@pytest.mark.parametrize("which", sorted(HANDS))
def test_a_genuine_gin_hand_save_is_read(which: str) -> None:
    hand = HANDS[which]
    data = hand.to_json()
    assert data["state"]["seed"] == hand.seed
    assert saves.from_json(data) == hand
    assert GinHand.from_json(data) == hand
    assert hand.seed_problems() == ()
    answer = handle_request({"op": "view", "state": data, "player": 0})
    assert "error" not in answer, answer


@pytest.mark.parametrize("which", sorted(HANDS))
@pytest.mark.parametrize("name", sorted(TAMPERS))
def test_a_gin_hand_save_its_seed_does_not_deal_is_refused(which: str, name: str) -> None:
    data = copy.deepcopy(HANDS[which].to_json())
    TAMPERS[name](data["state"])
    loaded = saves.from_json(data)  # every card still once: a position some seed deals
    assert loaded == GinHand.from_json(data)
    assert loaded.problems() == ()
    assert loaded.seed == HANDS[which].seed
    found = loaded.seed_problems()
    assert found and all("seed deals" in p for p in found)
    assert "seed deals" in _batch_refuses(data)


def test_a_gin_hand_save_without_its_seed_is_refused() -> None:
    data = HANDS["fresh"].to_json()
    del data["state"]["seed"]
    with pytest.raises(SaveError):
        saves.from_json(data)
    _batch_refuses(data)


def test_a_card_taken_from_the_discard_pile_may_change_hands() -> None:
    """A card the seed deals to the other player is fine in a hand that is known to have taken it."""
    for seed in range(40):
        hand = GinHand.deal(rules=GIN_RUMMY, seed=seed)
        rng = random.Random(seed)
        for _ in range(30):
            if hand.is_over:
                break
            hand = hand.apply(rng.choice(hand.legal_actions()))
            assert hand.seed_problems() == ()
        assert GinHand.from_json(hand.to_json()).seed_problems() == ()


def test_a_gin_game_checks_the_seed_of_its_hand() -> None:
    game = GinGame.deal(rules=GIN_RUMMY, seed=5)
    assert game.seed_problems() == ()
    other = attrs.evolve(game, round=GinHand.deal(rules=GIN_RUMMY, seed="5/2"))
    assert other.seed_problems() == ("the hand in play is not seeded as hand 1 of the game",)
    assert "not seeded as hand 1" in _batch_refuses(other.to_json())
    data = copy.deepcopy(game.to_json())
    _reverse(data["state"]["round"])
    assert saves.from_json(data).seed_problems()
    assert "seed deals" in _batch_refuses(data)


# --- a contract round: down means a meld on the table ------------------------------------------


def test_a_seat_down_without_a_meld_on_the_table_is_refused() -> None:
    r = ContractRound.deal(rules=SHANGHAI, players=3, seed=1)
    forged = attrs.evolve(r, down=(False, True, False))
    assert forged.problems() == ("player 1 is down but owns no meld on the table",)
    with pytest.raises(SaveError, match="player 1 is down but owns no meld on the table"):
        ContractRound.from_json(forged.to_json())
    with pytest.raises(SaveError, match="owns no meld"):
        saves.from_json(forged.to_json())
    assert "owns no meld" in _batch_refuses(forged.to_json())
    assert ContractRound.from_json(r.to_json()) == r


def test_every_real_round_has_a_meld_for_each_seat_down() -> None:
    rng = random.Random(3)
    for seed in range(6):
        r = ContractRound.deal(rules=SHANGHAI, players=3, seed=seed)
        for _ in range(200):
            if r.is_over:
                break
            r = r.apply(rng.choice(r.legal_actions()))
            assert r.problems() == ()
