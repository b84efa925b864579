"""The bots: every action they take is legal, in every game, and a seeded bot repeats itself."""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummylib import CONTRACT_RUMMY, GIN_RUMMY, INDIAN_RUMMY, RUMMIKUB, SHANGHAI
from rummylib.agents.bots import (
    BOT_NAMES,
    Bot,
    ContractBot,
    GinBot,
    IndianBot,
    RandomBot,
    RummikubBot,
    RummikubRandomBot,
    bot_names,
    make_bot,
)
from rummylib.contracts import ContractGame, ContractRound
from rummylib.errors import ErrorCode, RequestError
from rummylib.gin import GinGame, GinHand
from rummylib.indian import IndianDeal, IndianGame
from rummylib.rules import RuleSet
from rummylib.rummikub import Play, RummikubGame

CARD_GAMES = [
    (GIN_RUMMY, GinHand, 2),
    (SHANGHAI, ContractRound, 3),
    (CONTRACT_RUMMY, ContractRound, 4),
    (INDIAN_RUMMY, IndianDeal, 2),
    (INDIAN_RUMMY, IndianDeal, 4),
]


def play_checked(state: Any, bots: list[Bot], limit: int) -> tuple[Any, list[Any]]:
    """Play with every action checked against the referee before it is applied."""
    taken = []
    for _ in range(limit):
        if state.is_over:
            break
        seat = state.to_move
        legal = state.legal_actions(seat)
        view = state.view(seat)
        action = bots[seat].act(view, legal)
        assert action.player == seat
        assert state.is_legal(action), (action, state.action_violations(action))
        if not isinstance(action, Play):  # a Rummikub play is a new table, which the referee does not list
            assert action in legal
        taken.append(action)
        state = state.apply(action)
    return state, taken


def seated(rules: RuleSet, names: list[str], seed: int) -> list[Bot]:
    return [make_bot(n, rules=rules, seed=f"{seed}/{s}") for s, n in enumerate(names)]


@pytest.mark.parametrize(("rules", "cls", "players"), CARD_GAMES, ids=lambda v: getattr(v, "name", str(v)))
@settings(max_examples=8)
@given(seed=st.integers(0, 10_000), mix=st.lists(st.sampled_from(BOT_NAMES), min_size=4, max_size=4))
def test_card_game_bots_only_take_legal_actions(
    rules: RuleSet, cls: Any, players: int, seed: int, mix: list[str]
) -> None:
    state = cls.deal(rules=rules, players=players, seed=seed)
    play_checked(state, seated(rules, mix[:players], seed), limit=200)


@settings(max_examples=4)
@given(seed=st.integers(0, 10_000), mix=st.lists(st.sampled_from(BOT_NAMES), min_size=3, max_size=3))
def test_rummikub_bots_only_make_legal_plays(seed: int, mix: list[str]) -> None:
    state = RummikubGame.deal(rules=RUMMIKUB, players=3, seed=seed)
    play_checked(state, seated(RUMMIKUB, mix, seed), limit=45)


@pytest.mark.parametrize(
    ("rules", "cls", "players"),
    [(GIN_RUMMY, GinGame, 2), (SHANGHAI, ContractGame, 3), (INDIAN_RUMMY, IndianGame, 3)],
    ids=["gin-game", "shanghai-game", "indian-game"],
)
def test_bots_play_whole_games_legally(rules: RuleSet, cls: Any, players: int) -> None:
    names = ["heuristic", "random", "heuristic"][:players]
    _, taken = play_checked(cls.deal(rules=rules, players=players, seed=11), seated(rules, names, 11), limit=1500)
    assert taken


def test_heuristic_bots_finish_what_they_start() -> None:
    """Heuristic against heuristic: each game ends, and somebody wins it."""
    for rules, cls, players in [(GIN_RUMMY, GinHand, 2), (SHANGHAI, ContractRound, 3), (INDIAN_RUMMY, IndianDeal, 2)]:
        state, _ = play_checked(
            cls.deal(rules=rules, players=players, seed=3), seated(rules, ["heuristic"] * players, 3), 2000
        )
        assert state.is_over
        assert state.result().winners


@pytest.mark.parametrize(("rules", "cls", "players"), [*CARD_GAMES, (RUMMIKUB, RummikubGame, 2)], ids=str)
def test_a_seeded_bot_repeats_its_choices(rules: RuleSet, cls: Any, players: int) -> None:
    def run() -> list[Any]:
        state = cls.deal(rules=rules, players=players, seed=5)
        return play_checked(state, seated(rules, ["random"] * players, 5), limit=30)[1]

    assert run() == run()


def test_gin_bot_knocks_as_soon_as_it_may() -> None:
    for seed in range(40):
        hand = GinHand.deal(rules=GIN_RUMMY, seed=seed)
        bots = seated(GIN_RUMMY, ["heuristic", "heuristic"], seed)
        while not hand.is_over:
            seat = hand.to_move
            legal = hand.legal_actions(seat)
            action = bots[seat].act(hand.view(seat), legal)
            if any(a.kind == "knock" for a in legal):
                assert action.kind == "knock"
            hand = hand.apply(action)


def test_gin_bot_decides_from_the_view_alone() -> None:
    """Two hands that one seat cannot tell apart (the other hand and the stock swapped around) get one decision."""
    hand = GinHand.deal(rules=GIN_RUMMY, seed=8)
    seat = hand.to_move
    other = 1 - seat
    swapped = list(hand.hands)
    swapped[other] = (hand.stock[0], *hand.hands[other][1:])
    twin = attrs.evolve(hand, hands=tuple(swapped), stock=(hand.hands[other][0], *hand.stock[1:]))
    assert twin.view(seat) == hand.view(seat)
    bot = GinBot(rules=GIN_RUMMY)
    assert bot.act(hand.view(seat), hand.legal_actions(seat)) == bot.act(twin.view(seat), twin.legal_actions(seat))


def test_contract_bot_lays_down_when_it_can() -> None:
    for seed in range(30):
        state = ContractRound.deal(rules=SHANGHAI, players=3, seed=seed)
        bots = seated(SHANGHAI, ["heuristic"] * 3, seed)
        for _ in range(400):
            if state.is_over:
                break
            seat = state.to_move
            legal = state.legal_actions(seat)
            action = bots[seat].act(state.view(seat), legal)
            if any(a.kind == "lay-down" for a in legal):
                assert action.kind == "lay-down"
            state = state.apply(action)


def test_indian_bot_declares_when_it_validly_can() -> None:
    declared = 0
    for seed in range(6):
        deal = IndianDeal.deal(rules=INDIAN_RUMMY, players=2, seed=seed)
        bots = seated(INDIAN_RUMMY, ["heuristic"] * 2, seed)
        deal, taken = play_checked(deal, bots, limit=400)
        declared += sum(1 for a in taken if a.kind == "declare")
        assert all(a.kind != "drop" for a in taken)
    assert declared


def test_bot_names_and_classes() -> None:
    assert bot_names(GIN_RUMMY) == BOT_NAMES
    classes = {
        (RUMMIKUB, "random"): RummikubRandomBot,
        (RUMMIKUB, "heuristic"): RummikubBot,
        (SHANGHAI, "heuristic"): ContractBot,
        (GIN_RUMMY, "heuristic"): GinBot,
        (INDIAN_RUMMY, "heuristic"): IndianBot,
        (INDIAN_RUMMY, "random"): RandomBot,
    }
    for (rules, name), cls in classes.items():
        bot = make_bot(name, rules=rules, seed=1)
        assert type(bot) is cls
        assert isinstance(bot, Bot)


def test_an_unknown_bot_is_bad_input() -> None:
    with pytest.raises(RequestError) as caught:
        make_bot("alphago", rules=GIN_RUMMY)
    assert caught.value.code is ErrorCode.BAD_FIELD
    assert "alphago" in str(caught.value)
