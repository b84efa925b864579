"""The OpenSpiel games: OpenSpiel's own random simulation test, parameters, chance, privacy, Shimmy, bots.

Skipped when the ``openspiel`` extra (open_spiel, shimmy) is not installed.
"""

from __future__ import annotations

import random
import subprocess
import sys

import numpy as np
import pytest

pytest.importorskip("pyspiel", reason='the OpenSpiel games need the openspiel extra: pip install ".[openspiel]"')

import pyspiel
from open_spiel.python.algorithms import evaluate_bots

from rummylib.agents import openspiel as rs
from rummylib.cards import Card
from rummylib.errors import RummyError
from rummylib.gin import GinHand

NAMES = sorted(rs.GAMES)

# One round each, cut short where random play runs long: a few seconds per game.
SIMULATED = {
    "python_rummylib_gin_rummy": "python_rummylib_gin_rummy",
    "python_rummylib_indian_rummy": "python_rummylib_indian_rummy(players=3)",
    "python_rummylib_contract_rummy": "python_rummylib_contract_rummy(max_moves=120)",
    "python_rummylib_shanghai": "python_rummylib_shanghai(max_moves=120,round_number=2)",
    "python_rummylib_rummikub": "python_rummylib_rummikub(max_moves=120)",
}


def play_random(state, rng: random.Random, moves: int | None = None):
    """Random play (chance by its probabilities) until the end, or ``moves`` moves of the seats."""
    done = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
        elif moves is not None and done >= moves:
            break
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            done += 1
    return state


def test_every_game_is_registered() -> None:
    registered = {t.short_name for t in pyspiel.registered_games()}
    assert set(NAMES) <= registered
    assert NAMES == sorted(SIMULATED)


@pytest.mark.parametrize("name", NAMES)
def test_random_sim_test(name: str) -> None:
    game = pyspiel.load_game(SIMULATED[name])
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def test_whole_gin_game_random_sim_test() -> None:
    game = pyspiel.load_game("python_rummylib_gin_rummy(game=game,game_target=100,max_moves=400)")
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_house_rules_are_parameters() -> None:
    game = pyspiel.load_game("python_rummylib_gin_rummy(knock_limit=5,gin_bonus=30)")
    params = game.get_parameters()
    assert params["knock_limit"] == 5 and params["gin_bonus"] == 30 and params["game"] == "hand"
    assert game.rules.knock_limit == 5 and game.rules.gin_bonus == 30
    state = play_random(game.new_initial_state(), random.Random(3), moves=0)
    assert state.referee.rules.knock_limit == 5
    default = pyspiel.load_game("python_rummylib_gin_rummy")
    assert default.rules.knock_limit == 10 and default.get_parameters()["knock_limit"] == 10


def test_none_is_minus_one_and_players() -> None:
    game = pyspiel.load_game("python_rummylib_contract_rummy(players=5,max_reshuffles=1,max_buys=2)")
    assert game.num_players() == 5
    assert game.rules.max_reshuffles == 1 and game.rules.max_buys == 2
    assert pyspiel.load_game("python_rummylib_contract_rummy").rules.max_buys is None
    assert pyspiel.load_game("python_rummylib_contract_rummy").get_parameters()["max_buys"] == -1


@pytest.mark.parametrize(
    "text",
    [
        "python_rummylib_gin_rummy(game=match)",
        "python_rummylib_rummikub(players=5)",
        "python_rummylib_gin_rummy(knock_limit=-3)",
        "python_rummylib_shanghai(round_number=11)",
        "python_rummylib_gin_rummy(max_moves=0)",
    ],
)
def test_bad_parameters_are_refused(text: str) -> None:
    with pytest.raises((RummyError, pyspiel.SpielError, RuntimeError, ValueError)):
        pyspiel.load_game(text)


@pytest.mark.parametrize(
    ("name", "copies", "pieces"),
    [
        ("python_rummylib_gin_rummy", 1, 52),
        ("python_rummylib_rummikub", 2, 106),
        ("python_rummylib_contract_rummy(players=3)", 2, 106),
    ],
)
def test_the_deal_is_chance_a_piece_at_a_time(name: str, copies: int, pieces: int) -> None:
    game = pyspiel.load_game(name)
    state = game.new_initial_state()
    outcomes = dict(state.chance_outcomes())
    assert sum(outcomes.values()) == pytest.approx(1.0)
    assert outcomes[0] == pytest.approx(copies / pieces)
    state.apply_action(0)
    assert dict(state.chance_outcomes()).get(0, 0.0) == pytest.approx((copies - 1) / (pieces - 1))
    rng = random.Random(0)
    dealt = 1
    while state.is_chance_node():
        outcomes, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choices(outcomes, probs)[0])
        dealt += 1
    assert dealt == pieces


def test_the_referee_starts_from_the_chance_order() -> None:
    game = pyspiel.load_game("python_rummylib_gin_rummy")
    order = list(range(52))
    random.Random(7).shuffle(order)
    state = game.new_initial_state()
    for k in order:
        state.apply_action(k)
    cards = [game.piece(k) for k in order]
    hand = state.referee
    assert isinstance(hand, GinHand)
    # Gin deals the first ten to the player after the dealer (dealer 0), then ten to the dealer, then the upcard.
    assert set(hand.hands[1]) == set(cards[:10]) and set(hand.hands[0]) == set(cards[10:20])
    assert hand.discards == (cards[20],) and hand.stock == tuple(cards[21:])


def hidden_gin_cards(state, seat: int) -> set[str]:
    """The cards ``seat`` cannot see: the stock and the other hand's cards not known to it."""
    hand = state.referee
    other = 1 - seat
    return {str(c) for c in hand.stock} | {str(c) for c in hand.hands[other] if c not in hand.known[other]}


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_no_hidden_card_in_any_string_or_tensor(seed: int) -> None:
    game = pyspiel.load_game("python_rummylib_gin_rummy")
    state = play_random(game.new_initial_state(), random.Random(seed), moves=12 + seed)
    assert not state.is_terminal()
    names = {str(game.piece(k)) for k in range(52)}
    for seat in (0, 1):
        hidden = hidden_gin_cards(state, seat)
        assert len(hidden) >= 31
        for text in (state.information_state_string(seat), state.observation_string(seat)):
            tokens = set(text.replace('"', " ").replace(",", " ").replace(":", " ").split())
            assert not (tokens & hidden), tokens & hidden
            assert tokens & names  # the seat's own cards are there
        # The tensor, strings and legal moves stay the same when the hidden cards are dealt anew.
        other = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        assert hidden_gin_cards(other, seat) == hidden
        assert (
            other.referee.hands[1 - seat] != state.referee.hands[1 - seat] or other.referee.stock != state.referee.stock
        )
        assert other.information_state_string(seat) == state.information_state_string(seat)
        assert other.observation_string(seat) == state.observation_string(seat)
        assert np.array_equal(other.observation_tensor(seat), state.observation_tensor(seat))
        assert np.array_equal(other.information_state_tensor(seat), state.information_state_tensor(seat))
        if state.current_player() == seat:
            assert other.legal_actions() == state.legal_actions()


@pytest.mark.parametrize(
    ("name", "upcards"),
    [
        ("python_rummylib_rummikub", 0),  # nothing face up
        ("python_rummylib_contract_rummy(players=3)", 1),  # the upcard
        ("python_rummylib_shanghai(players=4,round_number=3)", 1),
        ("python_rummylib_indian_rummy(players=3)", 2),  # the wild joker card and the upcard
    ],
)
def test_no_hidden_piece_in_games_with_copies(name: str, upcards: int) -> None:
    """Two deals that differ only in the pieces seat 0 cannot see look the same to seat 0, and not to seat 1.

    Seat 0 is dealt the first pieces of the order; the face-up cards follow the hands.
    """
    game = pyspiel.load_game(name)
    rng = random.Random(5)
    first = play_random(game.new_initial_state(), rng, moves=0)
    order = first.history()
    n = len(order)
    hand = game.rules.round(game.round_number).cards if game.rules.rounds else game.rules.hand_size
    seen = list(range(hand)) + [hand * game.players + i for i in range(upcards)]
    unseen = [i for i in range(n) if i not in seen]
    kinds = [order[i] for i in unseen]
    rng.shuffle(kinds)
    moved = list(order)
    for i, k in zip(unseen, kinds, strict=True):
        moved[i] = k
    second = game.new_initial_state()
    for k in moved:
        second.apply_action(k)
    assert first.observation_string(0) == second.observation_string(0)
    assert first.information_state_string(0) == second.information_state_string(0)
    assert np.array_equal(first.observation_tensor(0), second.observation_tensor(0))
    assert np.array_equal(first.information_state_tensor(0), second.information_state_tensor(0))
    assert first.observation_string(1) != second.observation_string(1)


def test_resampling_a_game_with_copies_keeps_the_seat_s_information() -> None:
    game = pyspiel.load_game("python_rummylib_rummikub")
    state = play_random(game.new_initial_state(), random.Random(1), moves=1)
    seat = state.current_player()
    other = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert other.information_state_string(seat) == state.information_state_string(seat)
    assert other.referee.hands[seat] == state.referee.hands[seat] and other.referee != state.referee


def test_evaluate_bots_with_uniform_random_bots() -> None:
    game = pyspiel.load_game("python_rummylib_gin_rummy(knock_limit=10)")

    def run(seed: int) -> list[float]:
        bots = [pyspiel.make_uniform_random_bot(p, seed + p) for p in range(2)]
        return list(evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(seed)))

    results = [run(seed) for seed in range(4)]
    assert results == [run(seed) for seed in range(4)]  # seeded: the same games again
    for r in results:
        assert r[0] == -r[1]  # zero-sum


def test_returns_are_the_environment_rewards() -> None:
    game = pyspiel.load_game("python_rummylib_indian_rummy(players=2)")
    for seed in range(3):
        state = play_random(game.new_initial_state(), random.Random(seed))
        assert state.referee.is_over
        outcome = state.referee.result()
        returns = state.returns()
        if len(outcome.winners) == 1:
            w = outcome.winners[0]
            assert returns[w] == sum(outcome.scores) - outcome.scores[w]
        assert all(returns[p] == -outcome.scores[p] for p in range(2) if p not in outcome.winners)


def test_environment_steps_are_moves_of_the_same_seat() -> None:
    game = pyspiel.load_game("python_rummylib_rummikub")
    state = play_random(game.new_initial_state(), random.Random(2), moves=0)
    seat = state.current_player()
    chooses = [a for a in state.legal_actions() if a >= 5]
    assert chooses, "the first rack has a tile that can go down"
    before = [state.information_state_string(p) for p in (0, 1)]
    state.apply_action(chooses[0])
    assert state.current_player() == seat
    after = [state.information_state_string(p) for p in (0, 1)]
    assert after[1 - seat] == before[1 - seat]  # the other seat does not see the choice
    assert after[seat] != before[seat] and "choose" in after[seat].splitlines()[-1]
    assert "\tturn " in state.observation_string(seat) and "\tturn " not in state.observation_string(1 - seat)
    assert state.action_to_string(seat, 4) == "clear"


def test_gin_through_shimmy_passes_the_pettingzoo_api_test() -> None:
    shimmy = pytest.importorskip("shimmy")
    from pettingzoo.test import api_test

    env = shimmy.OpenSpielCompatibilityV0(game_name="python_rummylib_gin_rummy", render_mode=None)
    with pytest.warns(UserWarning, match="observation space value is"):  # Shimmy's box is unbounded
        api_test(env, num_cycles=60)


def test_import_rummylib_does_not_import_openspiel() -> None:
    code = "import sys, rummylib; print('rummylib.agents.openspiel' in sys.modules, 'pyspiel' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "False"]


def test_card_names_are_the_notation() -> None:
    game = pyspiel.load_game("python_rummylib_gin_rummy")
    assert game.piece(0) == Card.parse("As") and game.new_initial_state().action_to_string(-1, 51) == "deal Kc"
