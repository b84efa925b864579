"""The OpenSpiel games' information states: fixed-shape tensors free of hidden pieces, and resampling.

Skipped when the ``openspiel`` extra is not installed.
"""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

pytest.importorskip("pyspiel", reason='the OpenSpiel games need the openspiel extra: pip install ".[openspiel]"')

import pyspiel
from hypothesis import given, settings
from hypothesis import strategies as st

from rummylib import CONTRACT_RUMMY, GIN_RUMMY, INDIAN_RUMMY, RUMMIKUB, SHANGHAI
from rummylib.agents import openspiel as rs
from rummylib.contracts import ContractGame, ContractRound
from rummylib.gin import GinGame, GinHand
from rummylib.indian import IndianDeal, IndianGame
from rummylib.rummikub import RummikubGame

GAMES = {
    "python_rummylib_gin_rummy": "python_rummylib_gin_rummy",
    "python_rummylib_indian_rummy": "python_rummylib_indian_rummy(players=3)",
    "python_rummylib_contract_rummy": "python_rummylib_contract_rummy(max_moves=150)",
    "python_rummylib_shanghai": "python_rummylib_shanghai(players=4,max_moves=150,round_number=3)",
    "python_rummylib_rummikub": "python_rummylib_rummikub(max_moves=150)",
}
WHOLE = [
    "python_rummylib_gin_rummy(game=game,max_moves=200)",
    "python_rummylib_indian_rummy(game=game,max_moves=200)",
    "python_rummylib_contract_rummy(game=game,max_moves=200)",
]


def deal(game, rng: random.Random):
    state = game.new_initial_state()
    while state.is_chance_node():
        outcomes, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choices(outcomes, probs)[0])
    return state


def test_every_game_is_covered() -> None:
    assert sorted(GAMES) == sorted(rs.GAMES)


@pytest.mark.parametrize("text", [*GAMES.values(), *WHOLE])
def test_the_tensor_has_the_declared_shape_all_along(text: str) -> None:
    game = pyspiel.load_game(text)
    assert game.get_type().provides_information_state_tensor
    size = game.information_state_tensor_size()
    assert game.information_state_tensor_shape() == [size]
    assert size == game.observation_tensor_size() + game.players * 3 * 53
    rng = random.Random(4)
    state = game.new_initial_state()
    history_seen, discards = False, 0
    while not state.is_terminal():
        for seat in range(game.num_players()):
            tensor = np.asarray(state.information_state_tensor(seat))
            assert tensor.shape == (size,) and ((tensor >= 0) & (tensor <= 1)).all()
            # the observation is the tensor's first part
            assert np.array_equal(tensor[: game.observation_tensor_size()], state.observation_tensor(seat))
            history_seen |= bool(tensor[game.observation_tensor_size() :].any())
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            action = rng.choice(state.legal_actions())
            discards += "Discard(" in state.action_to_string(state.current_player(), action)
            state.apply_action(action)
    assert history_seen or not discards  # a seat discarded: the history block says so


def test_the_history_block_counts_what_each_seat_moved() -> None:
    """Gin: after a discard by one seat and its pick-up by the other, both seats' blocks say so."""
    game = pyspiel.load_game("python_rummylib_gin_rummy")
    state = deal(game, random.Random(2))
    obs = game.observation_tensor_size()
    first = state.current_player()
    state.apply_action(0)  # draw from the stock
    discard = next(a for a in state.legal_actions() if a >= 2)
    card = state.action_to_string(first, discard)
    state.apply_action(discard)
    state.apply_action(1)  # the other seat takes that discard
    kind = next(k for k in range(52) if str(game.piece(k)) in card)
    for seat in (0, 1):
        block = np.asarray(state.information_state_tensor(seat))[obs:].reshape(2, 3, 53)
        mover, taker = (first - seat) % 2, (1 - first - seat) % 2
        assert block[mover, 0, kind] == 1.0 and block[taker, 1, kind] == 1.0
        assert block.sum() == 2.0


@pytest.mark.parametrize("text", [*GAMES.values(), *WHOLE])
@pytest.mark.parametrize("seed", [1, 2])
def test_resampled_states_look_the_same_to_the_seat_and_play_on(text: str, seed: int) -> None:
    """Resampling keeps the seat's information string and tensor, conserves the pieces and plays on legally."""
    game = pyspiel.load_game(text)
    rng = random.Random(seed)
    state = deal(game, rng)
    for _ in range(rng.randrange(8, 40)):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    changed = False
    for seat in range(game.num_players()):
        other = state.resample_from_infostate(seat, sampler)
        assert other.information_state_string(seat) == state.information_state_string(seat)
        assert np.array_equal(other.information_state_tensor(seat), state.information_state_tensor(seat))
        assert np.array_equal(other.observation_tensor(seat), state.observation_tensor(seat))
        assert other.observation_string(seat) == state.observation_string(seat)
        assert other.referee.all_pieces() == state.referee.all_pieces()
        assert other.current_player() == state.current_player() and other.is_terminal() == state.is_terminal()
        changed |= other.referee != state.referee
        play = random.Random(seed + seat)
        moves = 0
        while not other.is_terminal() and moves < 60:
            other.apply_action(play.choice(other.legal_actions()))
            moves += 1
    assert changed or state.is_terminal()


def test_two_deals_differing_only_in_hidden_pieces_give_equal_tensors() -> None:
    """Contract Rummy, seat 0: another stock order and other opposing hands, the same tensor for seat 0."""
    game = pyspiel.load_game("python_rummylib_contract_rummy(players=3)")
    rng = random.Random(9)
    first = deal(game, rng)
    order = first.history()
    hand = game.rules.round(1).cards
    seen = set(range(hand)) | {hand * 3}
    unseen = [i for i in range(len(order)) if i not in seen]
    kinds = [order[i] for i in unseen]
    rng.shuffle(kinds)
    moved = list(order)
    for i, k in zip(unseen, kinds, strict=True):
        moved[i] = k
    second = game.new_initial_state()
    for k in moved:
        second.apply_action(k)
    assert np.array_equal(first.information_state_tensor(0), second.information_state_tensor(0))
    assert not np.array_equal(first.information_state_tensor(1), second.information_state_tensor(1))


def flat(hands, *rest):
    return (*itertools.chain(*hands), *rest)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**31), players=st.integers(2, 4))
def test_from_order_lays_out_the_deal_deal_makes(seed: int, players: int) -> None:
    """Each referee's private ``_from_order``, given the order its deal laid out, gives the same state."""
    gin = GinHand.deal(rules=GIN_RUMMY, seed=seed)
    first = 1 - gin.dealer
    cards = flat((gin.hands[first], gin.hands[gin.dealer]), *gin.discards, *gin.stock)
    assert GinHand._from_order(rules=GIN_RUMMY, seed=gin.seed, order=cards) == gin
    game = GinGame.deal(rules=GIN_RUMMY, seed=seed)
    assert GinGame._from_order(rules=GIN_RUMMY, seed=seed, order=flat((game.round.hands[1], game.round.hands[0]),
        *game.round.discards, *game.round.stock)) == game  # fmt: skip
    tiles = RummikubGame.deal(rules=RUMMIKUB, players=players, seed=seed)
    # hands are sorted when dealt: any order of a hand's own pieces gives the same state
    order = flat(tiles.hands, *tiles.stock)
    assert RummikubGame._from_order(rules=RUMMIKUB, players=players, seed=seed, order=order) == tiles
    for rules in (CONTRACT_RUMMY, SHANGHAI):
        rnd = ContractRound.deal(rules=rules, players=players + 1, seed=seed, round_number=2)
        order = flat(rnd.hands, *rnd.discards, *rnd.stock)
        again = ContractRound._from_order(rules=rules, players=players + 1, seed=seed, order=order, round_number=2)
        assert again == rnd
        whole = ContractGame.deal(rules=rules, players=players + 1, seed=seed)
        order = flat(whole.round.hands, *whole.round.discards, *whole.round.stock)
        assert ContractGame._from_order(rules=rules, players=players + 1, seed=seed, order=order) == whole
    indian = IndianDeal.deal(rules=INDIAN_RUMMY, players=players, seed=seed)
    order = flat(indian.hands, indian.wild_card, *indian.discards, *indian.stock)
    assert IndianDeal._from_order(rules=INDIAN_RUMMY, players=players, seed=seed, order=order) == indian
    pool = IndianGame.deal(rules=INDIAN_RUMMY, players=players, seed=seed)
    order = flat(pool.round.hands, pool.round.wild_card, *pool.round.discards, *pool.round.stock)
    assert IndianGame._from_order(rules=INDIAN_RUMMY, players=players, seed=seed, order=order) == pool
