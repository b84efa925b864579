"""The Rummikub referee (docs/rules/rummikub.md: deal, turns, time limit, end, empty pool, scoring)."""

from __future__ import annotations

import importlib.util
import sys
from collections import Counter
from pathlib import Path
from types import ModuleType

import attrs
import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from rummylib import RUMMIKUB, IllegalActionError, IllegalTurnError, RuleSetError, Tile, is_valid_meld
from rummylib.decks import full_set
from rummylib.rummikub import ActionKind, Draw, Pass, Play, RummikubGame, Timeout
from rummylib.table import Table

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "rummikub_bots.py"


def _load_example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("rummikub_bots_example", EXAMPLE)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


BOTS = _load_example()


def _all_tiles(game: RummikubGame) -> Counter[object]:
    return Counter(p for r in game.hands for p in r) + Counter(game.stock) + Counter(game.table.pieces())


def _with_rack(game: RummikubGame, rack: str, *, pool: str | None = None) -> RummikubGame:
    """A game whose player to move holds exactly ``rack`` (for scripted tests)."""
    from rummylib import parse_pieces

    racks = list(game.hands)
    racks[game.to_move] = tuple(parse_pieces(rack))
    game = attrs.evolve(game, hands=tuple(racks))
    if pool is not None:
        game = attrs.evolve(game, stock=tuple(parse_pieces(pool)))
    return game


def test_deal_14_each_rest_is_the_pool() -> None:
    """'2-4 players, 14 tiles each, the rest face down as the pool.'"""
    for players in (2, 3, 4):
        game = RummikubGame.deal(rules=RUMMIKUB, players=players, seed=players)
        assert [len(r) for r in game.hands] == [14] * players
        assert len(game.stock) == 106 - 14 * players
        assert _all_tiles(game) == Counter(full_set(RUMMIKUB))
    for players in (1, 5):
        with pytest.raises(RuleSetError):
            RummikubGame.deal(rules=RUMMIKUB, players=players, seed=0)


def test_seeded_and_no_global_random_state() -> None:
    import random

    random.seed(1)
    a = RummikubGame.deal(rules=RUMMIKUB, players=3, seed=42)
    random.seed(2)
    b = RummikubGame.deal(rules=RUMMIKUB, players=3, seed=42)
    assert a == b
    assert a != RummikubGame.deal(rules=RUMMIKUB, players=3, seed=43)


def test_draw_ends_the_turn() -> None:
    """'If the player cannot or will not play, they draw one tile from the pool instead.'"""
    game = RummikubGame.deal(rules=RUMMIKUB, players=2, seed=5)
    after = game.apply(Draw(game.to_move))
    assert after.to_move == 1
    assert len(after.rack(0)) == 15
    assert after.stock == game.stock[1:]
    assert game.to_move == 0  # the old state is untouched


def test_illegal_play_raises_and_leaves_state_unchanged() -> None:
    game = _with_rack(RummikubGame.deal(rules=RUMMIKUB, players=2, seed=5), "r1 r2 r3 k5 k6")
    before = game
    with pytest.raises(IllegalTurnError) as info:
        game.apply(Play(game.to_move, "r1 r2 r3"))  # worth 6: below the initial meld
    assert [v.code for v in info.value.violations] == ["initial-meld-too-low"]
    assert game == before


def test_play_then_manipulate_after_initial_meld() -> None:
    game = _with_rack(RummikubGame.deal(rules=RUMMIKUB, players=2, seed=5), "r10 r11 r12 k1 k2 k3 r9")
    game = game.apply(Play(game.to_move, "r10 r11 r12"))
    assert game.initial_meld_done == (True, False)
    assert game.rack(0) == tuple(Tile.parse(t) for t in ("k1", "k2", "k3", "r9"))
    game = game.apply(Draw(game.to_move))  # player 2
    game = game.apply(Play(game.to_move, "r9 r10 r11 r12 | k1 k2 k3"))
    assert game.rack(0) == ()
    assert game.is_over
    assert game.winner == 0
    assert game.to_move is None  # nobody is to move once the game is over
    assert game.legal_actions() == ()
    scores = game.result().scores
    assert sum(scores) == 0
    assert scores[1] == -sum(p.number if isinstance(p, Tile) else 30 for p in game.rack(1))
    with pytest.raises(IllegalActionError, match="the game is over"):
        game.apply(Draw(0))


def test_time_limit_penalty_returns_to_previous_position() -> None:
    """'Over the limit, the table and rack go back to how they were and the player draws 3 tiles.'"""
    rules = RUMMIKUB.with_options({"turn_time_limit": 30})
    game = _with_rack(RummikubGame.deal(rules=rules, players=2, seed=5), "r10 r11 r12")
    late = game.apply(Play(game.to_move, "r10 r11 r12", elapsed=31))
    assert late.table == game.table
    assert len(late.rack(0)) == 6
    assert late.history[-1].kind is ActionKind.TIMEOUT
    assert late.to_move == 1
    on_time = game.apply(Play(game.to_move, "r10 r11 r12", elapsed=29))
    assert on_time.is_over
    assert ActionKind.TIMEOUT in [a.kind for a in game.legal_actions()]
    penalty = RUMMIKUB.with_options({"turn_time_limit": 15, "timeout_penalty_tiles": 1})
    g = RummikubGame.deal(rules=penalty, players=2, seed=5)
    assert len(g.apply(Timeout(g.to_move)).rack(0)) == 15
    with pytest.raises(IllegalActionError):
        RummikubGame.deal(rules=RUMMIKUB, players=2, seed=5).apply(Timeout(0))


def test_empty_pool_each_player_one_more_turn() -> None:
    """'If the pool is empty and nobody has won, each player has exactly one more turn.'"""
    game = _with_rack(RummikubGame.deal(rules=RUMMIKUB, players=3, seed=5), "k1", pool="r13")
    game = game.apply(Draw(game.to_move))  # player 1 takes the last tile
    assert game.stock == ()
    assert [a.kind for a in game.legal_actions()] == [ActionKind.PASS]  # a play is never listed
    with pytest.raises(IllegalActionError):
        game.apply(Draw(game.to_move))
    game = game.apply(Pass(game.to_move))  # player 2
    game = game.apply(Pass(game.to_move))  # player 3
    assert not game.is_over
    game = game.apply(Pass(game.to_move))  # player 1 again: the last of the three turns
    assert game.is_over
    assert game.winner is None
    scores = game.result().scores
    assert sum(scores) == 0
    assert scores[0] == max(scores)  # player 1 holds K1 R13 (14): far the lowest rack
    values = [sum(p.number if isinstance(p, Tile) else 30 for p in r) for r in game.hands]
    assert scores[values.index(min(values))] == max(scores)


def test_pass_only_when_pool_is_empty() -> None:
    game = RummikubGame.deal(rules=RUMMIKUB, players=2, seed=5)
    with pytest.raises(IllegalActionError):
        game.apply(Pass(game.to_move))


def test_history_replays() -> None:
    game = BOTS.play_game([BOTS.greedy_bot, BOTS.cautious_bot], seed=11)
    again = RummikubGame.replay(game.history, rules=RUMMIKUB, players=2, seed=11)
    assert again == game
    assert all(a.to_json()["kind"] in {"play", "draw", "pass", "timeout"} for a in game.history)


class RummikubGames(RuleBasedStateMachine):
    """Random games played to the end: tiles are conserved and the table stays valid."""

    def __init__(self) -> None:
        super().__init__()
        self.game: RummikubGame | None = None

    @precondition(lambda self: self.game is None)
    @rule(seed=st.integers(0, 10**6), players=st.integers(2, 4), limit=st.booleans())
    def start(self, seed: int, players: int, limit: bool) -> None:
        rules = RUMMIKUB.with_options({"turn_time_limit": 30}) if limit else RUMMIKUB
        self.game = RummikubGame.deal(rules=rules, players=players, seed=seed)
        self.total = _all_tiles(self.game)

    @precondition(lambda self: self.game is not None and not self.game.is_over)
    @rule(choice=st.sampled_from(["greedy", "cautious", "draw", "timeout", "bad"]), turns=st.integers(1, 30))
    def turns(self, choice: str, turns: int) -> None:
        assert self.game is not None
        for _ in range(turns):
            game = self.game
            if game.is_over:
                break
            if choice == "draw" and game.stock:
                self.game = game.apply(Draw(game.to_move))
            elif choice == "timeout" and ActionKind.TIMEOUT in [a.kind for a in game.legal_actions()]:
                self.game = game.apply(Timeout(game.to_move, elapsed=99.0))
            elif choice == "bad":
                with pytest.raises(IllegalTurnError):
                    game.apply(Play(game.to_move, Table()))  # playing nothing is never a turn
                assert self.game == game
                self.game = BOTS.cautious_bot(game)
            else:
                bot = BOTS.greedy_bot if choice == "greedy" else BOTS.cautious_bot
                self.game = bot(game)

    @precondition(lambda self: self.game is not None and not self.game.is_over)
    @rule()
    def finish(self) -> None:
        assert self.game is not None
        while not self.game.is_over:
            self.game = BOTS.greedy_bot(self.game)
        assert sum(self.game.result().scores) == 0
        assert self.game.winner is not None or not self.game.stock

    @precondition(lambda self: self.game is not None and self.game.is_over)
    @rule()
    def game_over(self) -> None:
        assert self.game is not None
        assert self.game.legal_actions() == ()
        assert self.game.to_move is None
        assert sum(self.game.result().scores) == 0
        with pytest.raises(IllegalActionError):
            self.game.apply(Play(self.game.history[-1].player, self.game.table))

    @invariant()
    def conserved_and_valid(self) -> None:
        if self.game is None:
            return
        assert _all_tiles(self.game) == self.total
        assert all(is_valid_meld(m, rules=self.game.rules) for m in self.game.table.melds)


TestRummikubGames = RummikubGames.TestCase
TestRummikubGames.settings = settings(max_examples=5, stateful_step_count=5, deadline=None)
