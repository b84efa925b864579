"""The heuristic contract bots finish whole games; the arena knows which way the scores go; truncation by max_turns."""

from __future__ import annotations

import numpy as np
import pytest

from rummylib import CONTRACT_RUMMY, GIN_RUMMY, INDIAN_RUMMY, PRESETS, RUMMIKUB, SHANGHAI, RuleSet, cli
from rummylib.agents.arena import play_game, run_arena
from rummylib.agents.bots import ContractBot, make_bot
from rummylib.contracts import ContractGame, ContractRound, Discard, DrawDiscard


@pytest.mark.parametrize(
    ("rules", "players", "seed"),
    [(SHANGHAI, 3, k) for k in range(3)] + [(CONTRACT_RUMMY, 4, k) for k in range(3)],
    ids=[f"shanghai-3-{k}" for k in range(3)] + [f"contract-4-{k}" for k in range(3)],
)
def test_heuristic_bots_finish_a_whole_game(rules: RuleSet, players: int, seed: int) -> None:
    game = ContractGame.deal(rules=rules, players=players, seed=f"finish/{seed}")
    bots = [make_bot("heuristic", rules=rules, seed=s) for s in range(players)]
    actions = 0
    while not game.is_over and actions < 8000:
        seat = game.to_move
        assert seat is not None
        game = game.apply(bots[seat].act(game.view(seat), game.legal_actions(seat)))
        actions += 1
    assert game.is_over, f"unfinished after {actions} actions, round {game.round.round_number}"
    assert len(game.results) == len(rules.rounds)


@pytest.mark.parametrize("rule", [True, False])
def test_the_bot_never_throws_back_the_card_it_took(rule: bool) -> None:
    rules = SHANGHAI.with_options({"discard_taken_card": rule})
    bot = ContractBot(rules=rules)
    checked = 0
    for seed in range(40):
        r = ContractRound.deal(rules=rules, players=3, seed=seed)
        seat = r.current
        r = r.apply(DrawDiscard(seat))
        assert r.view(seat).taken_card == r.taken_this_turn
        action = bot.act(r.view(seat), r.legal_actions(seat))
        if isinstance(action, Discard):
            assert action.card != r.taken_this_turn
            checked += 1
    assert checked > 20


def test_the_arena_says_lower_is_better_for_contract_games_even_unfinished(capsys: pytest.CaptureFixture[str]) -> None:
    result = run_arena("shanghai", ["heuristic"] * 3, games=3, seed=1, workers=1, max_actions=5)
    assert result.unfinished == 3 and result.lower_wins
    code = cli.main(
        ["arena", "-g", "shanghai", "--bots", "heuristic,heuristic,heuristic", "--games", "3", "--max-actions", "5"]
    )
    out = capsys.readouterr().out
    assert code == 0
    assert "(lower scores are better)" in out and "higher scores" not in out
    cli.main(["arena", "-g", "gin", "--bots", "heuristic,random", "--games", "2", "--max-actions", "3"])
    assert "(higher scores are better)" in capsys.readouterr().out


@pytest.mark.parametrize("whole_game", [False, True])
@pytest.mark.parametrize("name", sorted(PRESETS))
def test_the_rules_say_what_the_referees_results_say(name: str, whole_game: bool) -> None:
    rules = PRESETS[name]
    if rules.has_option("max_reshuffles"):
        rules = rules.with_options({"max_reshuffles": 1})
    if rules.has_option("max_turns"):
        rules = rules.with_options({"max_turns": 20})  # quick: the direction is what is looked at
    players = max(2, rules.min_players)
    record = play_game(rules, ["heuristic"] * players, seed=3, index=0, whole_game=whole_game, max_actions=20_000)
    assert record.finished
    assert record.lower_wins == rules.lower_scores_win(whole_game=whole_game)


def test_score_direction_by_game() -> None:
    assert [r.lower_scores_win() for r in (RUMMIKUB, CONTRACT_RUMMY, SHANGHAI, GIN_RUMMY, INDIAN_RUMMY)] == [
        False,
        True,
        True,
        False,
        True,
    ]
    pool = INDIAN_RUMMY.with_options({"indian_format": "pool"})
    assert pool.lower_scores_win(whole_game=True) and not INDIAN_RUMMY.lower_scores_win(whole_game=True)


@pytest.mark.parametrize("game", ["round", "game"])
def test_an_environment_reports_the_turn_limit_as_truncation(game: str) -> None:
    from rummylib.agents.envs import shanghai_v0

    env = shanghai_v0.raw_env(rules=SHANGHAI.with_options({"max_turns": 2}), players=3, game=game)
    env.reset(seed=3)
    rng = np.random.default_rng(0)
    steps = 0
    while not any(env.terminations.values()) and not any(env.truncations.values()) and steps < 20_000:
        mask = env.observe(env.agent_selection)["action_mask"]
        choices = [i for i in np.flatnonzero(mask) if i != 1 and not 4 <= i < 10] or list(np.flatnonzero(mask))
        env.step(int(rng.choice(choices)))
        steps += 1
    assert env.referee.is_over
    assert all(env.truncations.values()) and not any(env.terminations.values())


def test_an_environment_without_a_limit_terminates() -> None:
    from rummylib.agents.envs import gin_rummy_v0

    env = gin_rummy_v0.raw_env()
    env.reset(seed=1)
    rng = np.random.default_rng(0)
    while not any(env.terminations.values()) and not any(env.truncations.values()):
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(rng.choice(np.flatnonzero(mask))))
    assert all(env.terminations.values()) and not any(env.truncations.values())


# --- the arena's turn limit: a round nobody can finish still ends ----------------------------------


def test_the_arena_limits_the_turns_of_a_contract_round_when_the_rules_set_none() -> None:
    from rummylib import SHANGHAI
    from rummylib.agents.arena import ARENA_MAX_TURNS, run_arena

    # random bots never go out within 3 turns: only the limit ends the round, and the game is finished
    limited = run_arena(SHANGHAI, ["random"] * 3, games=1, seed=7, workers=1, max_turns=3)
    record = limited.records[0]
    assert record.finished
    unlimited = run_arena(SHANGHAI, ["random"] * 3, games=1, seed=7, workers=1, max_turns=None, max_actions=40)
    assert not unlimited.records[0].finished
    own = SHANGHAI.with_options({"max_turns": 2})
    assert run_arena(own, ["random"] * 3, games=1, seed=7, workers=1).records[0].finished
    assert ARENA_MAX_TURNS >= 300
