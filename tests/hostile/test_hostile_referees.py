"""The referees under hostile actions (issue 8, parts 1 and 4).

A cheating client sends any action at any moment: seats that do not exist, meld indexes far
off the table, cards it does not hold, cards that do not exist, melds of the wrong shape. The
referee must refuse with a `RummyError` and leave the state unchanged, or accept an action
after which the state is still one a real game could reach (`rummylib.audit.state_problems`
finds nothing: every card where it should be, once).
"""

from __future__ import annotations

import random
from datetime import timedelta
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rummylib import CONTRACT_RUMMY, GIN_RUMMY, RUMMIKUB, SHANGHAI, RummyError
from rummylib.audit import state_problems
from rummylib.games.contract import (
    Buy,
    ContractGame,
    ContractRound,
    DeclineBuy,
    Discard,
    DrawDiscard,
    DrawStock,
    LayDown,
    LayOff,
    SwapJoker,
)
from rummylib.games.gin import GinDiscard, GinDrawDiscard, GinDrawStock, GinHand, GinKnock
from rummylib.games.rummikub import RummikubGame

FUZZ = settings(deadline=timedelta(seconds=5), suppress_health_check=[HealthCheck.too_slow])

seats = st.one_of(st.integers(-2, 9), st.sampled_from([10**30, -(10**30)]))
indexes = st.one_of(st.integers(-3, 12), st.sampled_from([10**30, -(10**30)]))
card_tokens = st.sampled_from(
    ["Ah", "2h", "3h", "4h", "7s", "7d", "7c", "7h", "Kd", "Qs", "10c", "*", "5s", "9h", "Jc", "2c"]
)
cards = st.lists(card_tokens, min_size=1, max_size=6).map(" ".join)
melds = st.lists(cards, max_size=4).map(" | ".join)


def _advance(state: Any, steps: int, seed: int) -> Any:
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        actions = state.legal_actions()
        downs = [a for a in actions if isinstance(a, LayDown)]
        state = state.apply(downs[0] if downs else rng.choice(actions))
    return state


contract_actions = st.one_of(
    st.builds(DrawStock, seats),
    st.builds(DrawDiscard, seats),
    st.builds(Buy, seats),
    st.builds(DeclineBuy, seats),
    st.builds(Discard, seats, card_tokens),
    st.builds(LayOff, seats, cards, indexes, st.sampled_from(["high", "low"])),
    st.builds(SwapJoker, seats, card_tokens, indexes),
    st.builds(LayDown, seats, melds),
    st.builds(lambda p, m, c, i: LayDown(p, m, swaps=[(c, i)]), seats, melds, card_tokens, indexes),
)


def _judge(state: Any, action: Any) -> None:
    before = state
    try:
        after = state.apply(action)
    except RummyError:
        assert state == before
        return
    assert state_problems(after) == (), f"{action!r} was accepted but broke the state"


@pytest.mark.parametrize("rules", [SHANGHAI, CONTRACT_RUMMY], ids=["shanghai", "contract"])
@FUZZ
@given(
    seed=st.integers(0, 10**6),
    steps=st.integers(0, 120),
    actions=st.lists(contract_actions, min_size=1, max_size=8),
)
def test_contract_round_refuses_or_stays_possible(rules: Any, seed: int, steps: int, actions: list[Any]) -> None:
    state = _advance(
        ContractRound.deal(rules=rules, players=3 + seed % 3, seed=seed, round_number=1 + seed % 7), steps, seed
    )
    for action in actions:
        _judge(state, action)
        try:
            state = state.apply(action)
        except RummyError:
            pass


@FUZZ
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 200), action=contract_actions)
def test_contract_game_refuses_or_stays_possible(seed: int, steps: int, action: Any) -> None:
    state = _advance(ContractGame.start(rules=SHANGHAI, players=3, seed=seed), steps, seed)
    _judge(state, action)


gin_actions = st.one_of(
    st.builds(GinDrawStock, seats),
    st.builds(GinDrawDiscard, seats),
    st.builds(GinDiscard, seats, card_tokens.filter(lambda t: t != "*")),
    st.builds(GinKnock, seats, st.one_of(st.none(), card_tokens.filter(lambda t: t != "*"))),
)


@FUZZ
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 40), actions=st.lists(gin_actions, min_size=1, max_size=6))
def test_gin_hand_refuses_or_stays_possible(seed: int, steps: int, actions: list[Any]) -> None:
    state = _advance(GinHand.deal(rules=GIN_RUMMY, seed=seed), steps, seed)
    for action in actions:
        _judge(state, action)
        try:
            state = state.apply(action)
        except RummyError:
            pass


tile_tokens = st.sampled_from(["r1", "r2", "r3", "r4", "k5", "b5", "y5", "r5", "*", "r13", "k13", "b13", "y13"])
tables = st.lists(st.lists(tile_tokens, min_size=1, max_size=5).map(" ".join), max_size=6)


@FUZZ
@given(seed=st.integers(0, 10**6), draws=st.integers(0, 30), proposal=tables, keep=st.booleans())
def test_rummikub_play_refuses_or_stays_possible(seed: int, draws: int, proposal: list[str], keep: bool) -> None:
    """Any proposed table (optionally on top of the current one): refused, or the game stays possible."""
    game = RummikubGame.new(rules=RUMMIKUB, players=2, seed=seed)
    for _ in range(draws):
        game = game.draw()
    after = [str(m) for m in game.table.melds] + proposal if keep else proposal
    try:
        played = game.play(after)
    except RummyError:
        return
    assert state_problems(played) == ()


def test_rummikub_rack_of_another_seat() -> None:
    game = RummikubGame.new(rules=RUMMIKUB, players=2, seed=1)
    for seat in (-1, 2, 10**30, True):
        with pytest.raises(RummyError):
            game.rack(seat)  # type: ignore[arg-type]
