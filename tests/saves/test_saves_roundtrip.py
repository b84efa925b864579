"""Saved games come back exactly and continue identically.

Random games of every referee are played with seeded random choices; at random points the state
is saved (to a JSON string), loaded back, and both the original and the restored state are
played on with the same choices: the futures must be equal, move for move.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.rummikub.bots import BOTS

from rummylib import CONTRACT_RUMMY, GIN_RUMMY, RUMMIKUB, SHANGHAI
from rummylib.audit import state_problems
from rummylib.contracts import Buy, ContractGame, ContractRound, DeclineBuy, LayDown, LayOff, SwapJoker
from rummylib.gin import GinGame, GinHand, Knock
from rummylib.rummikub import Draw, RummikubGame, Timeout
from rummylib.saves import FORMAT, SAVE_TYPES, VERSION, dumps, from_json, loads, to_json

GAMES = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# ------------------------------------------------------------------------------------------
# Seeded random players, one step at a time
# ------------------------------------------------------------------------------------------


def _rummikub_step(game: RummikubGame, rng: random.Random) -> RummikubGame:
    choice = rng.random()
    if choice < 0.15 and game.stock:
        return game.apply(Draw(game.to_move))
    if choice < 0.2 and game.rules.turn_time_limit is not None:
        return game.apply(Timeout(game.to_move, elapsed=99.5))
    bot = BOTS.greedy_bot if choice < 0.7 else BOTS.cautious_bot
    return bot(game)  # type: ignore[no-any-return]


def _apply_step(state: Any, rng: random.Random) -> Any:
    actions = state.legal_actions()
    plays = [a for a in actions if isinstance(a, LayDown | LayOff | SwapJoker | Knock)]
    if plays and rng.random() < 0.7:
        return state.apply(rng.choice(plays))
    answers = [a for a in actions if isinstance(a, DeclineBuy)]
    if answers and rng.random() < 0.8:
        return state.apply(answers[0])
    buys = [a for a in actions if isinstance(a, Buy)]
    if buys and rng.random() < 0.5:
        return state.apply(buys[0])
    return state.apply(rng.choice(actions))


Starter = Callable[[int], Any]
Stepper = Callable[[Any, random.Random], Any]

REFEREES: dict[str, tuple[Starter, Stepper]] = {
    "rummikub": (lambda s: RummikubGame.deal(rules=RUMMIKUB, players=2 + s % 3, seed=s), _rummikub_step),
    "rummikub-timed": (
        lambda s: RummikubGame.deal(rules=RUMMIKUB.with_options({"turn_time_limit": 60}), players=3, seed=s),
        _rummikub_step,
    ),
    "shanghai-round": (
        lambda s: ContractRound.deal(rules=SHANGHAI, players=3 + s % 3, seed=s, round_number=1 + s % 10),
        _apply_step,
    ),
    "contract-round": (
        lambda s: ContractRound.deal(
            rules=CONTRACT_RUMMY.with_options({"max_reshuffles": 1}), players=2 + s % 4, seed=s, round_number=1 + s % 7
        ),
        _apply_step,
    ),
    "shanghai-game": (lambda s: ContractGame.deal(rules=SHANGHAI, players=3, seed=s, dealer=s % 3), _apply_step),
    "gin-hand": (lambda s: GinHand.deal(rules=GIN_RUMMY, seed=s, dealer=s % 2), _apply_step),
    "gin-game": (
        lambda s: GinGame.deal(rules=GIN_RUMMY.with_options({"game_target": 100, "oklahoma": s % 2 == 0}), seed=s),
        _apply_step,
    ),
}


def _over(state: Any) -> bool:
    return bool(state.is_over)


def _roundtrip(state: Any) -> Any:
    text = dumps(state)
    data = json.loads(text)
    assert data["format"] == FORMAT and data["version"] == VERSION and data["type"] in SAVE_TYPES
    restored = loads(text)
    assert restored == state
    assert type(restored) is type(state)
    assert to_json(restored) == data  # the save of the restored state is the same save
    return restored


@pytest.mark.parametrize("referee", sorted(REFEREES))
@GAMES
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 60), future=st.integers(1, 40), choices=st.integers(0, 10**6))
def test_save_anywhere_restores_and_continues_identically(
    referee: str, seed: int, steps: int, future: int, choices: int
) -> None:
    start, step = REFEREES[referee]
    state = start(seed)
    rng = random.Random(choices)
    for _ in range(steps):
        if _over(state):
            break
        state = step(state, rng)
    assert state_problems(state) == ()
    restored = _roundtrip(state)
    # the same choices from here give the same future, move for move
    rng_a = random.Random(choices + 1)
    rng_b = random.Random(choices + 1)
    for _ in range(future):
        if _over(state):
            break
        state = step(state, rng_a)
        restored = step(restored, rng_b)
        assert restored == state
    _roundtrip(state)


@pytest.mark.parametrize("referee", sorted(REFEREES))
def test_finished_games_save_too(referee: str) -> None:
    """Played to the end (or far): the final state, its result and its scores come back."""
    start, step = REFEREES[referee]
    state = start(11)
    rng = random.Random(5)
    for _ in range(400):
        if _over(state):
            break
        state = step(state, rng)
    restored = _roundtrip(state)
    if isinstance(state, RummikubGame) and state.is_over:
        assert restored.result().scores == state.result().scores
    if isinstance(state, ContractGame):
        assert restored.totals == state.totals
    if isinstance(state, GinGame | GinHand):
        assert restored.is_over == state.is_over


def test_a_gin_knock_result_survives() -> None:
    """A hand ended by a knock keeps its GinHandResult (melds, lay-offs, points) exactly."""
    rng = random.Random(2)
    for seed in range(40):
        hand = GinHand.deal(rules=GIN_RUMMY, seed=seed)
        while not hand.is_over:
            hand = _apply_step(hand, rng)
        if hand.round_result is not None:
            restored = _roundtrip(hand)
            assert restored.round_result == hand.round_result and restored.scores == hand.scores
            return
    pytest.fail("no knock in 40 hands")  # pragma: no cover


def test_random_generator_and_piece_counts_round_trip() -> None:
    """The codec's general rules: a ``random.Random`` by its state, PieceCount and frozensets."""
    from rummylib.referee import STATE_CODEC

    rng = random.Random(42)
    rng.random()
    back = STATE_CODEC.decode(json.loads(json.dumps(STATE_CODEC.encode(rng, random.Random))), random.Random, "x")
    assert back.getstate() == rng.getstate()
    assert back.random() == rng.random()
    from rummylib.cards import Card
    from rummylib.pieces import PieceCount
    from rummylib.rules import Rank

    for value, hint in [
        (Card.parse("Kd"), Card | None),
        (None, Card | None),
        (PieceCount.of(Card.parse(c) for c in ("Ah", "Ah", "2c")), PieceCount),
        (frozenset({Rank.ACE, Rank.SEVEN}), frozenset[Rank]),
        (1.5, float | None),
    ]:
        assert STATE_CODEC.decode(json.loads(json.dumps(STATE_CODEC.encode(value, hint))), hint, "x") == value


def test_house_rules_are_kept() -> None:
    rules = SHANGHAI.with_options({"buying": False, "joker_points": 40, "max_reshuffles": 2})
    r = ContractRound.deal(rules=rules, players=4, seed="house", round_number=3, dealer=2)
    restored = _roundtrip(r)
    assert restored.rules == rules and restored.rules.joker_points == 40


def test_big_integer_seeds() -> None:
    """A server's 64-bit random seed is kept; a number beyond any seed is refused."""
    from rummylib.errors import SaveError
    from rummylib.saves import MAX_SAVE_INT

    game = RummikubGame.deal(rules=RUMMIKUB, players=2, seed=2**63 + 5).apply(Draw(0))
    assert _roundtrip(game).seed == 2**63 + 5
    data = to_json(game)
    data["state"]["seed"] = MAX_SAVE_INT + 1
    with pytest.raises(SaveError, match="larger than any"):
        from_json(data)


def test_to_json_refuses_other_values() -> None:
    with pytest.raises(TypeError):
        to_json(RUMMIKUB)
    with pytest.raises(TypeError):
        to_json({"not": "a state"})


def test_unchecked_load_for_server_built_positions() -> None:
    """``check=False`` loads a position a server built itself (no history to verify)."""
    game = RummikubGame.deal(rules=RUMMIKUB, players=2, seed=1)
    custom = attrs.evolve(game, to_move=1)  # not what the (empty) history gives
    with pytest.raises(Exception, match="history"):
        from_json(to_json(custom))
    assert from_json(to_json(custom), check=False) == custom
