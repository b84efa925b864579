"""The shortcuts that make a batch state cheap to read and write give the answers of the long way.

A state a server sends is decoded, checked and written again at every request, so the referees
take shortcuts there: pieces counted by identity, a Rummikub turn made without ``attrs.evolve``,
a Rummikub save's history written from remembered records. Each must say exactly what the long
way says, for real games and for edited ones.
"""

from __future__ import annotations

import functools
import random
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummylib import CONTRACT_RUMMY, GIN_RUMMY, INDIAN_RUMMY, RUMMIKUB, SHANGHAI, saves
from rummylib.batch import sessions
from rummylib.batch.signing import canonical_json
from rummylib.contracts import ContractRound
from rummylib.errors import SaveError
from rummylib.gin import GinHand
from rummylib.indian import IndianDeal
from rummylib.pieces import PieceCount
from rummylib.referee import Referee, piece_problems, state_to_json
from rummylib.rummikub import Draw, Play, RummikubGame, solve


def _played(state: Any, turns: int, seed: int) -> list[Any]:
    """The states of a game played by random legal actions (Rummikub: the solver's best play or a draw)."""
    rng = random.Random(seed)
    states = [state]
    for _ in range(turns):
        if state.is_over:
            break
        if isinstance(state, RummikubGame):
            best = solve(
                state.table, state.rack(), rules=state.rules, initial_meld_done=state.initial_meld_done[state.to_move]
            )
            action: Any = (
                Draw(state.to_move) if best.is_pass or rng.random() < 0.3 else Play(state.to_move, best.table_after)
            )
        else:
            action = rng.choice(state.legal_actions())
        state = state.apply(action)
        states.append(state)
    return states


@functools.cache
def _rummikub_games() -> list[RummikubGame]:
    rules = RUMMIKUB.with_options({"initial_meld_points": 0})
    found: list[RummikubGame] = []
    for seed in range(3):
        found += _played(RummikubGame.deal(rules=rules, players=2 + seed, seed=seed), 24, seed)
    return found


@functools.cache
def _card_states() -> list[Referee]:
    found: list[Any] = []
    for seed in range(2):
        found += _played(ContractRound.deal(rules=CONTRACT_RUMMY, players=4, seed=seed), 30, seed)
        found += _played(ContractRound.deal(rules=SHANGHAI, players=3, seed=seed), 30, seed)
        found += _played(IndianDeal.deal(rules=INDIAN_RUMMY, players=4, seed=seed), 30, seed)
        found += _played(GinHand.deal(rules=GIN_RUMMY, seed=seed), 30, seed)
    return found


def _slow_piece_problems(state: Any) -> list[str]:
    """`piece_problems` by value alone (no pieces given)."""
    return piece_problems(state)


@pytest.mark.parametrize("kind", ["cards", "tiles"])
def test_pieces_counted_by_identity_say_what_values_say(kind: str) -> None:
    """Pieces found by identity, for real states and for states with a piece moved, lost or copied."""
    states: list[Any] = _card_states() if kind == "cards" else _rummikub_games()
    rng = random.Random(11)
    checked = 0
    for state in states:
        read = saves.from_json(state.to_json(), check=False)  # the shared objects a save reads as
        for candidate in (state, read):
            assert piece_problems(candidate, candidate._every_piece()) == _slow_piece_problems(candidate) == []
        # an edit: one piece of the stock gone, or one copied into it
        stock = read.stock
        if len(stock) < 2:
            continue
        for edited_stock in (stock[1:], (*stock, stock[rng.randrange(len(stock))])):
            edited = attrs.evolve(read, stock=edited_stock)
            found = piece_problems(edited, edited._every_piece())
            assert found == _slow_piece_problems(edited)
            assert found and "pieces not conserved" in found[-1]
            checked += 1
    assert checked > 20


def test_every_piece_is_what_all_pieces_counts() -> None:
    """`_every_piece`, the objects `piece_problems` counts by identity, is what `all_pieces` counts."""
    for state in [*_card_states(), *_rummikub_games()]:
        assert PieceCount.of(state._every_piece()) == state.all_pieces()


def test_a_rummikub_turn_is_the_evolved_game() -> None:
    """A game made by a turn (`_with`, no ``__init__``) is what ``attrs.evolve`` makes of it: checked, equal, valid."""
    games = _rummikub_games()
    assert any(g.history and g.history[-1].kind.value == "play" for g in games)
    for game in games:
        again = attrs.evolve(game)  # through __init__ and __attrs_post_init__, every check run
        assert again == game
        assert all(getattr(again, f.name) == getattr(game, f.name) for f in attrs.fields(RummikubGame))
        assert game.problems() == ()
        assert game.verify_history() is game


def test_a_rummikub_save_is_the_codec_s_and_a_fresh_copy() -> None:
    """The history written from remembered records is what the codec writes; editing one save changes no other."""
    for game in _rummikub_games():
        data = game.to_json()
        assert data == state_to_json(game)
        assert list(data["state"]) == list(state_to_json(game)["state"])  # the keys in the same order
        for record in data["state"]["history"]:
            record["player"] = 99
            if record["table"] is not None:
                record["table"]["melds"].append("R1 R2 R3")
        assert game.to_json() == state_to_json(game)
        assert RummikubGame.from_json(game.to_json()) == game


def test_an_edited_rummikub_history_is_still_refused() -> None:
    """A history that does not give the game is refused, with the fields that differ named."""
    game = _rummikub_games()[12]
    assert len(game.history) > 2
    data = game.to_json()
    data["state"]["history"] = data["state"]["history"][:-1]
    with pytest.raises(SaveError, match="differ from what the history gives"):
        saves.from_json(data)


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None)
@given(_JSON)
def test_the_canonical_form_read_off_a_state_s_key_is_the_canonical_form(value: Any) -> None:
    """Where a signature check takes the canonical text from the key of the state, it is `canonical_json`'s."""
    found = sessions._canonical(sessions._Recent.key(value))
    assert found is None or found == canonical_json(value)


def test_the_canonical_form_is_read_off_the_key_of_a_plain_state() -> None:
    """A state with no float and no character outside ASCII (every state so far) needs no second writing."""
    for game in _rummikub_games()[:5]:
        data = game.to_json()
        assert sessions._canonical(sessions._Recent.key(data)) == canonical_json(data)
