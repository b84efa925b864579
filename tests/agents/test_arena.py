"""The arena: seeded and deterministic on every backend, seats rotated, and its arithmetic on known inputs."""

from __future__ import annotations

import importlib.util
import json
import math
from typing import Any

import pytest

from rummylib import GIN_RUMMY, SHANGHAI
from rummylib.agents.arena import (
    ELO_BASE,
    Z95,
    ArenaResult,
    GameRecord,
    elo_ratings,
    mean_interval,
    play_game,
    run_arena,
)
from rummylib.agents.bots import GinBot, make_bot
from rummylib.errors import ErrorCode, RequestError, RuleSetError
from rummylib.gin import GinHand
from rummylib.rules import RuleSet


class FirstLegal:
    """A bot of the test's own: always the first legal action."""

    def __init__(self, *, rules: RuleSet, seed: int | str) -> None:
        self.rules = rules

    def act(self, view: Any, legal: Any) -> Any:
        return legal[0]


# ------------------------------------------------------------------------------------------
# Arithmetic on known inputs
# ------------------------------------------------------------------------------------------


def test_mean_interval_is_the_normal_approximation() -> None:
    mean, low, high = mean_interval([1.0, 2.0, 3.0, 4.0])
    half = Z95 * math.sqrt(5 / 3) / 2  # sample standard deviation sqrt(5/3), n = 4
    assert mean == 2.5
    assert low == pytest.approx(2.5 - half)
    assert high == pytest.approx(2.5 + half)
    assert mean_interval([3.0, 3.0]) == (3.0, 3.0, 3.0)
    assert mean_interval([5.0]) == (5.0, 5.0, 5.0)
    assert mean_interval([]) == (0.0, 0.0, 0.0)


def test_elo_of_two_bots_is_the_log_odds_with_one_virtual_draw() -> None:
    a, b = elo_ratings([[0, 3], [1, 0]])
    diff = 400 * math.log10(3.5 / 1.5)
    assert a - b == pytest.approx(diff)
    assert (a + b) / 2 == pytest.approx(ELO_BASE)
    no_prior = elo_ratings([[0, 3], [1, 0]], prior=0)
    assert no_prior[0] - no_prior[1] == pytest.approx(400 * math.log10(3))


def test_elo_recovers_bradley_terry_strengths() -> None:
    strengths = [4.0, 2.0, 1.0]
    n = 120
    wins = [[n * p / (p + q) if p is not q else 0.0 for q in strengths] for p in strengths]
    ratings = elo_ratings(wins, prior=0)
    for i in range(3):
        for j in range(3):
            assert ratings[i] - ratings[j] == pytest.approx(400 * math.log10(strengths[i] / strengths[j]), abs=1e-6)
    assert sum(ratings) / 3 == pytest.approx(ELO_BASE)


def test_elo_is_even_for_even_results_and_finite_for_a_clean_sweep() -> None:
    assert elo_ratings([[0, 5], [5, 0]]) == pytest.approx((ELO_BASE, ELO_BASE))
    sweep = elo_ratings([[0, 10], [0, 0]])
    assert all(math.isfinite(r) for r in sweep)
    assert sweep[0] > sweep[1]


# ------------------------------------------------------------------------------------------
# Seats, deals and determinism
# ------------------------------------------------------------------------------------------


def test_seats_rotate_over_each_deal() -> None:
    result = run_arena("shanghai", ["heuristic", "random", "random"], games=6, seed=4, workers=1)
    seats = [r.seats for r in result.records]
    assert seats == [(0, 1, 2), (1, 2, 0), (2, 0, 1)] * 2
    assert [r.deal for r in result.records] == [0, 0, 0, 1, 1, 1]
    assert [r.index for r in result.records] == list(range(6))


def test_each_game_plays_its_deal_with_the_seats_rotated() -> None:
    """Game 1 is deal 0 again, with each bot one seat on: replaying it by hand gives the same record."""
    record = play_game(GIN_RUMMY, ["heuristic", "random"], seed=9, index=1)
    hand = GinHand.deal(rules=GIN_RUMMY, seed="9/0")
    bots = [make_bot("random", rules=GIN_RUMMY, seed="9/0/1/0"), make_bot("heuristic", rules=GIN_RUMMY, seed="9/0/1/1")]
    actions = 0
    while not hand.is_over:
        seat = hand.to_move
        hand = hand.apply(bots[seat].act(hand.view(seat), hand.legal_actions(seat)))
        actions += 1
    outcome = hand.result()
    assert record.seats == (1, 0)
    assert record.actions == actions
    assert record.scores == (outcome.scores[1], outcome.scores[0])  # bot 0 (heuristic) sat in seat 1
    assert record.winners == tuple(sorted(record.seats[s] for s in outcome.winners))


def test_the_same_seed_gives_the_same_result_with_any_number_of_workers() -> None:
    one = run_arena("gin", ["heuristic", "random"], games=8, seed=2, workers=1)
    two = run_arena("gin", ["heuristic", "random"], games=8, seed=2, workers=2)
    assert one == two
    assert one.to_json() == two.to_json()
    assert one.records == two.records
    other = run_arena("gin", ["heuristic", "random"], games=8, seed=3, workers=1)
    assert other.records != one.records


def test_standings_add_up_from_the_records() -> None:
    result = run_arena("shanghai", ["heuristic", "random", "random"], games=6, seed=1, workers=1)
    assert isinstance(result, ArenaResult)
    assert result.lower_wins
    finished = [r for r in result.records if r.finished]
    for i, standing in enumerate(result.standings):
        scores = [r.scores[i] for r in finished]
        assert standing.games == len(finished)
        assert standing.wins == sum(1 for r in finished if i in r.winners)
        assert standing.mean_score == pytest.approx(sum(scores) / len(scores))
        assert standing.ci95[0] <= standing.mean_score <= standing.ci95[1]
    assert result.standings[0].elo > result.standings[1].elo


def test_unfinished_games_count_in_no_figure() -> None:
    result = run_arena("gin", ["random", "random"], games=4, seed=1, workers=1, max_actions=3)
    assert result.unfinished == 4
    assert all(not r.finished and r.scores == () for r in result.records)
    assert all(s.games == 0 and s.wins == 0 for s in result.standings)
    assert [s.elo for s in result.standings] == [ELO_BASE, ELO_BASE]


def test_a_bot_factory_takes_a_seat_and_progress_is_reported() -> None:
    seen: list[tuple[int, int]] = []
    result = run_arena(
        GIN_RUMMY, [FirstLegal, GinBot], games=4, seed=1, workers=1, on_progress=lambda d, t: seen.append((d, t))
    )
    assert result.bots == ("FirstLegal", "GinBot")
    assert seen[-1] == (4, 4)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


def test_whole_games() -> None:
    result = run_arena("gin", ["heuristic", "random"], games=2, seed=1, workers=1, whole_game=True)
    assert result.whole_game
    assert all(r.finished for r in result.records)
    assert result.standings[0].wins == 2
    assert all(max(r.scores) >= GIN_RUMMY.game_target for r in result.records)


def test_to_json_is_json() -> None:
    result = run_arena("gin", ["heuristic", "random"], games=2, seed=1, workers=1)
    data = json.loads(json.dumps(result.to_json()))
    assert data["game"] == "gin_rummy"
    assert data["bots"] == ["heuristic", "random"]
    assert [s["bot"] for s in data["standings"]] == ["heuristic", "random"]
    assert set(data["standings"][0]) == {
        "seat",
        "bot",
        "games",
        "wins",
        "win_rate",
        "mean_score",
        "ci95",
        "elo",
        "forfeits",
    }
    assert data["duplicate"] is False and "paired" not in data
    assert [s["seat"] for s in data["standings"]] == [0, 1]
    assert isinstance(result.records[0], GameRecord)


# ------------------------------------------------------------------------------------------
# Bad input
# ------------------------------------------------------------------------------------------


def test_bad_input_is_refused_before_any_game() -> None:
    with pytest.raises(RequestError) as bot:
        run_arena("gin", ["heuristic", "clever"], games=2)
    assert bot.value.code is ErrorCode.BAD_FIELD
    with pytest.raises(RuleSetError) as count:
        run_arena("gin", ["heuristic", "random", "random"], games=2)
    assert count.value.code is ErrorCode.BAD_PLAYERS
    with pytest.raises(RuleSetError) as game:
        run_arena("chess", ["heuristic", "random"], games=2)
    assert game.value.code is ErrorCode.UNKNOWN_GAME
    for kwargs in ({"games": 0}, {"games": 2, "workers": 0}, {"games": 2, "max_actions": 0}):
        with pytest.raises(RequestError):
            run_arena(SHANGHAI, ["random"] * 3, **kwargs)  # type: ignore[arg-type]
    with pytest.raises(RequestError, match="backend"):
        run_arena("gin", ["random", "random"], games=2, backend="spark")  # type: ignore[arg-type]


@pytest.mark.skipif(importlib.util.find_spec("ray") is not None, reason="Ray is installed: the ray backend runs")
def test_the_ray_backend_without_ray_says_which_extra() -> None:
    with pytest.raises(RequestError, match=r"rummylib\[arena-ray\]"):
        run_arena("gin", ["random", "random"], games=2, backend="ray")
