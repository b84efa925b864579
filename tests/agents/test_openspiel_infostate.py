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


# --- whole games: the round in play is the one dealt anew -----------------------------------------
LATER = {
    "python_rummylib_gin_rummy": "python_rummylib_gin_rummy(game=game,max_moves=2000)",
    "python_rummylib_indian_rummy": "python_rummylib_indian_rummy(game=game,indian_format=pool,players=3)",
    "python_rummylib_contract_rummy": "python_rummylib_contract_rummy(game=game,max_moves=2000)",
    "python_rummylib_shanghai": "python_rummylib_shanghai(game=game,players=4,max_moves=2000)",
    "python_rummylib_rummikub": "python_rummylib_rummikub(max_moves=2000)",  # one game, no rounds
}


def quick(state, rng: random.Random) -> int:
    """A move that ends rounds soon: a lay-down or lay-off when there is one, never a buy."""
    acts, seat = state.legal_actions(), state.current_player()
    names = {a: state.action_to_string(seat, a) for a in acts}
    good = [a for a in acts if names[a].startswith(("LayDown", "LayOff"))]
    rest = [a for a in acts if not names[a].startswith(("Buy", "previous"))]
    return rng.choice(good or rest or acts)


def later_round(text: str, seed: int):
    """A whole game in its second round or later, a few moves into it (Rummikub: some moves into its one game)."""
    game = pyspiel.load_game(text)
    for attempt in range(20):
        rng = random.Random(seed * 100 + attempt)
        state = deal(game, rng)
        rounds = state.referee.round if hasattr(state.referee, "round") else None
        while not state.is_terminal() and (rounds is None or state._round_start() is None):
            state.apply_action(quick(state, rng))
            if rounds is None and len(state.history()) > len(state.d.order) + 30:
                break
        for _ in range(rng.randrange(2, 12)):
            if state.is_terminal():
                break
            state.apply_action(quick(state, rng))
        if not state.is_terminal():
            return game, state
    raise AssertionError(f"{text}: no game reached a later round")  # pragma: no cover


def hidden_hands(referee, seat: int) -> list:
    rnd = getattr(referee, "round", referee)
    return [h for p, h in enumerate(rnd.hands) if p != seat]


@pytest.mark.parametrize("name", sorted(LATER))
def test_whole_games_deal_the_round_in_play_anew(name: str) -> None:
    """From the second round on, resampled states look the same to the seat, keep every piece and play
    on, the rounds already scored stay as they were, and the other hands do differ from the true ones."""
    _game, state = later_round(LATER[name], 3)
    start = state._round_start()
    assert (start is not None) == hasattr(state.referee, "round")
    draw = random.Random(5)
    seat = state.current_player()
    differs = 0
    for n in range(4):
        other = state.resample_from_infostate(seat, draw.random)
        assert other.information_state_string(seat) == state.information_state_string(seat)
        assert np.array_equal(other.information_state_tensor(seat), state.information_state_tensor(seat))
        assert other.observation_string(seat) == state.observation_string(seat)
        assert other.referee.all_pieces() == state.referee.all_pieces()
        assert other.current_player() == state.current_player() and not other.is_terminal()
        if start is not None:
            assert other.referee.previous_round == state.referee.previous_round
            assert other._round_start() == start
        differs += hidden_hands(other.referee, seat) != hidden_hands(state.referee, seat)
        # what the referee shuffles from now on (later deals, reshuffles) is the world's own
        assert (other.referee.seed == state.referee.seed) == state._reshuffled(start)
        play = random.Random(n)
        for _ in range(25):
            if other.is_terminal():
                break
            other.apply_action(play.choice(other.legal_actions()))
    assert differs >= 1


def test_a_piece_the_seat_never_saw_is_not_kept_with_its_owner() -> None:
    """Gin, second hand or later: a card of the opponent's the seat never saw is with the opponent in
    about as many worlds as its place's share of the unseen places, not in every one."""
    _game, state = later_round(LATER["python_rummylib_gin_rummy"], 7)
    seat = state.current_player()
    seen = state._seen(seat, state._round_start())
    rnd = state.referee.round
    unseen = [c for c in rnd.hands[1 - seat] if str(c) not in seen]
    assert unseen
    draw = random.Random(11)
    held = [0] * len(unseen)
    samples = 24
    for _ in range(samples):
        other = state.resample_from_infostate(seat, draw.random).referee.round
        for i, card in enumerate(unseen):
            held[i] += card in other.hands[1 - seat]
    # each unseen card is in one of ~10 hidden hand places among ~40 unseen places: about a quarter
    assert sum(held) <= 0.6 * samples * len(unseen)
    assert min(held) < samples


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**31), players=st.integers(2, 4), number=st.integers(1, 7), dealer=st.integers(0, 3))
def test_a_round_laid_out_as_its_order_is_dealt_again_the_same(
    seed: int, players: int, number: int, dealer: int
) -> None:
    """The layouts resampling uses: each round class, dealt from its own order at the deal, is the same round."""
    gin = GinHand.deal(rules=GIN_RUMMY, seed=seed, dealer=dealer % 2)
    order, again = rs._ROUNDS[GinHand]
    assert again(GIN_RUMMY, gin, order(gin), gin.seed) == gin
    for rules in (CONTRACT_RUMMY, SHANGHAI):
        seats = players + 1
        rnd = ContractRound.deal(rules=rules, players=seats, seed=seed, round_number=number, dealer=dealer % seats)
        order, again = rs._ROUNDS[ContractRound]
        assert again(rules, rnd, order(rnd), rnd.seed) == rnd
    out = [p for p in range(players + 1) if p != dealer % (players + 1)][: players - 1]
    indian = IndianDeal.deal(
        rules=INDIAN_RUMMY, players=players + 1, seed=seed, dealer=dealer % (players + 1), sitting_out=out[:1]
    )
    order, again = rs._ROUNDS[IndianDeal]
    assert again(INDIAN_RUMMY, indian, order(indian), indian.seed) == indian
