"""Anti-cheat helpers for servers: rummylib.audit."""

from __future__ import annotations

import json
import random
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rummylib import GIN_RUMMY, RUMMIKUB, SHANGHAI, IllegalActionError, IllegalTurnError, parse_pieces
from rummylib.audit import (
    all_pieces,
    check_claimed_table,
    check_conservation,
    check_state,
    expected_pieces,
    replay,
    state_problems,
    verify_history,
)
from rummylib.contracts import ContractGame, ContractRound, DeclineBuy, DrawStock, LayDown
from rummylib.decks import full_set
from rummylib.errors import InvalidStateError, SaveError, TableMismatchError
from rummylib.gin import Discard as GinDiscard
from rummylib.gin import DrawStock as GinDrawStock
from rummylib.gin import GinGame, GinHand, Knock
from rummylib.melds import Meld
from rummylib.pieces import PieceCount
from rummylib.rummikub import ActionKind, Draw, RummikubGame, Timeout, TurnRecord
from rummylib.saves import actions_from_json, actions_to_json
from rummylib.table import Table

SOME = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _step(state: Any, rng: random.Random) -> tuple[Any, Any]:
    actions = state.legal_actions()
    downs = [a for a in actions if isinstance(a, LayDown)]
    declines = [a for a in actions if isinstance(a, DeclineBuy)]
    action = downs[0] if downs else declines[0] if declines and rng.random() < 0.8 else rng.choice(actions)
    return action, state.apply(action)


# ------------------------------------------------------------------------------------------
# Conservation on every action
# ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "start",
    [
        lambda s: ContractRound.deal(rules=SHANGHAI, players=4, seed=s, round_number=1 + s % 10),
        lambda s: ContractGame.deal(rules=SHANGHAI, players=3, seed=s),
        lambda s: GinHand.deal(rules=GIN_RUMMY, seed=s),
        lambda s: GinGame.deal(rules=GIN_RUMMY, seed=s),
    ],
    ids=["shanghai-round", "shanghai-game", "gin-hand", "gin-game"],
)
@SOME
@given(seed=st.integers(0, 10**6))
def test_every_action_keeps_the_state_possible(start: Any, seed: int) -> None:
    """After each action of a random game, every card is where it should be, once."""
    state = start(seed)
    rng = random.Random(seed)
    actions = []
    for _ in range(80):
        if state.is_over:
            break
        assert state_problems(state) == ()
        action, state = _step(state, rng)
        actions.append(action)
    check_state(state)
    assert all_pieces(state) == expected_pieces(state)
    assert replay(start(seed), actions) == state  # the recorded actions re-validate to the same end
    game = "gin" if isinstance(state, GinHand | GinGame) else "contracts"  # draws and discards are shared
    log = json.loads(json.dumps(actions_to_json(actions, game=game)))  # the log as a server would store it
    assert {entry["game"] for entry in log} <= {game}
    assert actions_from_json(log) == tuple(actions)
    assert replay(start(seed), actions_from_json(log)) == state


def test_rummikub_games_verify_against_their_history() -> None:
    game = RummikubGame.deal(rules=RUMMIKUB, players=3, seed=12)
    for _ in range(9):
        game = game.apply(Draw(game.to_move))
        verify_history(game)
        check_state(game)
    assert replay(RummikubGame.deal(rules=RUMMIKUB, players=3, seed=12), game.history) == game


def test_a_forged_rummikub_history_is_caught() -> None:
    game = RummikubGame.deal(rules=RUMMIKUB, players=2, seed=12).apply(Draw(0)).apply(Draw(1))
    forged = attrs.evolve(game, history=(game.history[0], attrs.evolve(game.history[1], kind=ActionKind.PASS)))
    with pytest.raises(IllegalActionError, match="action 2"):
        verify_history(forged)
    wrong_player = (TurnRecord(ActionKind.DRAW, 1),)
    with pytest.raises(IllegalActionError, match=r"^action 1: it is player 0's turn, not player 1's"):
        replay(RummikubGame.deal(rules=RUMMIKUB, players=2, seed=12), wrong_player)
    bad_play = (TurnRecord(ActionKind.PLAY, 0, table=Table.parse("r1 r2 r3")),)
    with pytest.raises(IllegalTurnError, match="action 1"):
        replay(RummikubGame.deal(rules=RUMMIKUB, players=2, seed=12), bad_play)


def test_replay_refuses_illegal_actions_with_their_number() -> None:
    hand = GinHand.deal(rules=GIN_RUMMY, seed=7)
    with pytest.raises(IllegalActionError, match=r"^action 2: "):
        replay(hand, [GinDrawStock(1), GinDrawStock(1)])
    r = ContractRound.deal(rules=SHANGHAI, players=3, seed=7)
    with pytest.raises(IllegalActionError, match=r"^action 1: "):
        replay(r, [DrawStock(2)])
    with pytest.raises(TypeError):
        replay("not a state", [])


def test_replay_checks_the_start() -> None:
    hand = GinHand.deal(rules=GIN_RUMMY, seed=7)
    with pytest.raises(InvalidStateError):
        replay(attrs.evolve(hand, stock=hand.stock[1:]), [])


def test_conservation_against_a_servers_own_deal() -> None:
    r = ContractRound.deal(rules=SHANGHAI, players=3, seed=1)
    check_conservation(r)
    check_conservation(r, full_set(SHANGHAI, players=3))
    check_conservation(r, PieceCount.of(full_set(SHANGHAI, players=3)))
    with pytest.raises(InvalidStateError, match="missing"):
        check_conservation(r, full_set(SHANGHAI, players=5))
    with pytest.raises(TypeError):
        check_conservation(SHANGHAI)


def test_states_that_cannot_happen() -> None:
    r = ContractRound.deal(rules=SHANGHAI, players=3, seed=1)
    assert state_problems(attrs.evolve(r, current=5))
    assert state_problems(attrs.evolve(r, buys=(9, 0, 0)))
    assert state_problems(attrs.evolve(r, reshuffles=-1))
    hand = GinHand.deal(rules=GIN_RUMMY, seed=1)
    from rummylib.gin import GinPhase

    assert any("cards in phase discard" in p for p in state_problems(attrs.evolve(hand, phase=GinPhase.DISCARD)))
    game = RummikubGame.deal(rules=RUMMIKUB, players=2, seed=1)
    assert state_problems(attrs.evolve(game, winner=0))
    assert state_problems(attrs.evolve(game, initial_meld_done=(False,)))
    with pytest.raises(InvalidStateError) as info:
        check_state(attrs.evolve(game, winner=0, is_over=True))
    assert info.value.code == "bad-state" and info.value.problems


# ------------------------------------------------------------------------------------------
# Claimed tables
# ------------------------------------------------------------------------------------------


def test_claimed_table_equal_as_multisets() -> None:
    server = Table.parse("r1 r2 r3 | k7 b7 y7 | r1 r2 r3")
    check_claimed_table("y7 b7 k7 | r3 r2 r1 | r1 r2 r3", server)
    check_claimed_table([Meld.parse("r1 r2 r3"), "k7 b7 y7", parse_pieces("r1 r2 r3")], server)


@pytest.mark.parametrize(
    "claimed",
    [
        "r1 r2 r3 | k7 b7 y7",  # a duplicated meld dropped
        "r1 r2 r3 | k7 b7 y7 | r1 r2 r3 | r1 r2 r3",  # one added
        "r1 r2 r3 r4 | k7 b7 y7 | r1 r2 r3",  # one changed
        "r1 r2 | r3 k7 b7 y7 | r1 r2 r3",  # split and merged, same tiles
        "",
    ],
)
def test_claimed_table_that_differs_is_caught(claimed: str) -> None:
    with pytest.raises(TableMismatchError) as info:
        check_claimed_table(claimed, "r1 r2 r3 | k7 b7 y7 | r1 r2 r3")
    assert info.value.code == "table-mismatch"


def test_claimed_table_of_a_contract_round() -> None:
    state = ContractRound.deal(rules=SHANGHAI, players=3, seed=9)
    rng = random.Random(1)
    for _ in range(600):
        if state.table or state.is_over:
            break
        _, state = _step(state, rng)
    assert state.table
    check_claimed_table([str(m.meld) for m in reversed(state.table)], state.table)
    with pytest.raises(TableMismatchError):
        check_claimed_table([str(m.meld) for m in state.table[1:]], state.table)


def test_rummikub_history_as_an_action_log() -> None:
    game = RummikubGame.deal(rules=RUMMIKUB.with_options({"turn_time_limit": 9}), players=2, seed=3)
    game = game.apply(Draw(0)).apply(Timeout(1, elapsed=12.5)).apply(Draw(0))
    log = actions_to_json(game.history)
    start = RummikubGame.deal(rules=game.rules, players=2, seed=3)
    assert replay(start, actions_from_json(json.loads(json.dumps(log)))) == game


@pytest.mark.parametrize(
    "log",
    [
        {"action": "Discard"},
        [5],
        [{"action": "__import__", "player": 0}],
        [{"action": "Discard", "player": 0}],
        [{"action": "Discard", "player": 0, "card": "Ah", "extra": 1}],
        [{"action": "Discard", "player": "0", "card": "Ah"}],
        [{"action": "LayOff", "player": 0, "cards": "Ah", "meld": 0, "joker_end": "middle"}],
        [{"action": "LayDown", "player": 0, "melds": "7h 7s 7d"}],
        [{"action": "GinKnock", "player": 0, "card": "x9"}],
    ],
)
def test_bad_action_logs(log: Any) -> None:
    with pytest.raises(SaveError):
        actions_from_json(log)
    with pytest.raises(TypeError):
        actions_to_json(["DrawStock(0)"])


def test_a_log_of_shared_actions_names_its_game() -> None:
    """Draws and discards are the same classes in every card game: the game is named, or inferred."""
    shared = [GinDrawStock(1), GinDiscard(1, "Kd")]
    with pytest.raises(TypeError, match="name the game"):
        actions_to_json(shared)
    assert {e["game"] for e in actions_to_json(shared, game="indian")} == {"indian"}
    assert {e["game"] for e in actions_to_json([*shared, Knock(0, "Ah")])} == {"gin"}
    with pytest.raises(TypeError, match="no game"):
        actions_to_json([Knock(0, "Ah"), Draw(0)])
    with pytest.raises(TypeError, match="unknown game"):
        actions_to_json(shared, game="poker")
    assert actions_to_json([]) == []
    assert actions_from_json(actions_to_json(shared, game="gin")) == tuple(shared)


@pytest.mark.parametrize("claimed", [[5], [None], 5, [[5]], [object()]])
def test_claimed_table_that_is_not_a_table_is_refused_clearly(claimed: Any) -> None:
    from rummylib import InvalidPiecesError

    with pytest.raises(InvalidPiecesError) as info:
        check_claimed_table(claimed, "r1 r2 r3")
    assert info.value.code == "not-a-piece"
    with pytest.raises(InvalidPiecesError):
        check_claimed_table("r1 r2 r3", claimed)
