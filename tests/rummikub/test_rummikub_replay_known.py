"""Checking a save replays its history from the last game rebuilt for the same table when it can.

A save is checked by replaying its whole history (docs/rules/rummikub.md: the history); a save
that goes on from a game already rebuilt for the table has only its new turns applied. Either
way the verdict, and the words of a refusal, are those of a replay from the deal.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.rummikub.bots import BOTS

from rummylib import RUMMIKUB, SaveError
from rummylib.rummikub import Draw, RummikubGame
from rummylib.rummikub.game import _REPLAYED, _replayed
from rummylib.saves import from_json

GAMES = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _play(seed: int, turns: int, choices: int = 0) -> list[RummikubGame]:
    """A game of random turns (a bot's plays, draws that report a time or not), each state kept."""
    rng = random.Random(choices)
    game = RummikubGame.deal(rules=RUMMIKUB, players=2 + seed % 3, seed=seed)
    states = [game]
    for _ in range(turns):
        if game.is_over:
            break
        if rng.random() < 0.5:
            game = BOTS.greedy_bot(game)
        else:
            game = game.apply(Draw(game.to_move, elapsed=float(rng.randint(1, 9)) if rng.random() < 0.3 else None))
        states.append(game)
    return states


def _refusal(data: dict[str, Any]) -> str:
    with pytest.raises(SaveError) as caught:
        from_json(data)
    return caught.value.message


@GAMES
@given(
    seed=st.integers(0, 10**6),
    turns=st.integers(1, 30),
    choices=st.lists(st.integers(0, 10**6), min_size=1, max_size=3),
    order=st.randoms(use_true_random=False),
)
def test_any_order_of_checks_rebuilds_the_game_the_deal_gives(
    seed: int, turns: int, choices: list[int], order: random.Random
) -> None:
    # games of one table (the same deal) that part ways, their states checked in any order:
    # continuations, earlier states, other branches and repeats
    states = [state for branch in choices for state in _play(seed, turns, branch)]
    order.shuffle(states)
    for state in states[:16]:
        rebuilt = _replayed(state.history, state.rules, state.players, state.seed)
        assert rebuilt == RummikubGame.replay(state.history, rules=state.rules, players=state.players, seed=state.seed)
        assert rebuilt == state
        assert from_json(state.to_json()) == state


def test_a_forged_turn_after_a_known_game_is_refused_in_the_same_words() -> None:
    states = _play(5, 12)
    known, last = states[-2], states[-1]
    data = last.to_json()
    wrong_seat = (known.to_move + 1) % known.players
    data["state"]["history"][-1] = {
        "kind": "draw",
        "player": wrong_seat,
        "table": None,
        "played": "",
        "drawn": "",
        "elapsed": None,
    }
    _REPLAYED.clear()
    cold = _refusal(data)
    from_json(known.to_json())  # the table's game one turn earlier is now known
    assert _refusal(data) == cold
    assert cold.startswith(f"not a valid save: its history does not replay: action {len(known.history) + 1} is by ")


def test_two_continuations_of_one_game_are_each_checked_on_their_own() -> None:
    game = RummikubGame.deal(rules=RUMMIKUB, players=2, seed=11).apply(Draw(0))
    one = game.apply(Draw(1)).apply(Draw(0))
    other = game.apply(Draw(1, elapsed=4.0))  # another second turn, then back to the first branch
    for state in (game, one, other, one, game, other):
        assert from_json(state.to_json()) == state
    edited = one.to_json()
    edited["state"]["hands"] = edited["state"]["hands"][::-1]  # every tile still there once
    assert "hands differ from what the history gives" in _refusal(edited)
    edited["state"]["hands"] = game.apply(Draw(1)).to_json()["state"]["hands"]  # a tile short: the plainer reason
    assert _refusal(edited).startswith("not a valid save: pieces not conserved: ")
