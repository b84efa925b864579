"""External programs in the arena: one JSON line per decision, a move back; forfeits; duplicate deals."""

from __future__ import annotations

import json
import pickle
import shlex
import sys
from pathlib import Path

import pytest

from rummylib import GIN_RUMMY, cli
from rummylib.agents.arena import ExternalProgram, run_arena
from rummylib.agents.text import rules_text
from rummylib.errors import ErrorCode, RequestError

FIRST = """
import json, sys
for line in sys.stdin:
    ask = json.loads(line)
    assert set(ask) == {"seat", "rules", "view", "legal"}, ask
    print(json.dumps({"move": "I choose `" + ask["legal"][0] + "`, the first one."}), flush=True)
"""
GARBAGE = """
import sys
for line in sys.stdin:
    print("hello there", flush=True)
"""
ILLEGAL = """
import json, sys
for line in sys.stdin:
    print(json.dumps({"move": "discard *"}), flush=True)
"""
SLEEPER = """
import sys, time
for line in sys.stdin:
    time.sleep(30)
"""
EXITER = """
import sys
sys.stdin.readline()
sys.exit(3)
"""
RECORDER = """
import json, sys
log = open(sys.argv[1], "a")
for line in sys.stdin:
    log.write(line)
    log.flush()
    print(json.dumps({"move": json.loads(line)["legal"][-1]}), flush=True)
"""


def program(tmp_path: Path, name: str, source: str, *args: str) -> str:
    path = tmp_path / f"{name}.py"
    path.write_text(source, encoding="utf-8")
    return " ".join(shlex.quote(a) for a in (sys.executable, str(path), *args))


def test_an_external_program_plays_four_gin_hands(tmp_path: Path) -> None:
    log = tmp_path / "asked.jsonl"
    cmd = program(tmp_path, "recorder", RECORDER, str(log))
    result = run_arena("gin", ["heuristic", "external"], games=4, seed=3, workers=1, external_command=cmd)
    assert result.bots == ("heuristic", "external")
    assert result.forfeits == 0 and result.unfinished == 0
    assert [s.games for s in result.standings] == [4, 4]
    assert all(r.finished for r in result.records)
    asked = [json.loads(line) for line in log.read_text().splitlines()]
    assert len(asked) >= 8
    assert {a["rules"] for a in asked} == {rules_text(GIN_RUMMY)}
    for a in asked:
        assert a["view"].startswith(f"You are seat {a['seat']} of 2; it is your turn.")
        assert a["legal"] and all(isinstance(m, str) and not m[0].isdigit() for m in a["legal"])


def test_a_prose_answer_is_read(tmp_path: Path) -> None:
    cmd = program(tmp_path, "first", FIRST)
    result = run_arena("indian", ["external", "random"], games=2, seed=1, workers=1, external_command=cmd)
    assert result.forfeits == 0
    assert [s.games for s in result.standings] == [2, 2]


@pytest.mark.parametrize(
    ("source", "why"),
    [
        (GARBAGE, "not a JSON line"),
        (ILLEGAL, "[wrong-phase]"),
        (SLEEPER, "no answer within 0.5 seconds"),
        (EXITER, "the program has exited"),
    ],
)
def test_a_program_that_fails_forfeits_and_the_tournament_goes_on(tmp_path: Path, source: str, why: str) -> None:
    cmd = program(tmp_path, "bad", source)
    result = run_arena(
        "gin", ["random", "external"], games=2, seed=1, workers=1, external_command=cmd, external_timeout=0.5
    )
    assert result.forfeits == 2 and len(result.records) == 2
    assert [s.forfeits for s in result.standings] == [0, 2]
    assert [s.wins for s in result.standings] == [2, 0]
    assert all(r.forfeit == 1 and r.winners == (0,) and why in r.reason for r in result.records)
    assert result.standings[0].elo > result.standings[1].elo


def test_external_needs_its_command() -> None:
    with pytest.raises(RequestError) as refused:
        run_arena("gin", ["random", "external"], games=2)
    assert refused.value.code is ErrorCode.BAD_FIELD
    with pytest.raises(RequestError):
        run_arena("gin", ["random", "external"], games=2, external_command="x", external_timeout=0)


def test_duplicate_pairs_the_deals() -> None:
    result = run_arena("gin", ["heuristic", "random"], games=8, seed=2, workers=1, duplicate=True)
    data = result.to_json()
    assert data["duplicate"] is True
    (paired,) = data["paired"]
    assert paired["bot"] == "random" and paired["against"] == "heuristic" and paired["deals"] == 4
    by_deal: dict[int, list[float]] = {}
    for r in result.records:
        by_deal.setdefault(r.deal, []).append(r.scores[1] - r.scores[0])
    diffs = [sum(v) / len(v) for v in by_deal.values()]
    assert paired["mean_difference"] == pytest.approx(sum(diffs) / len(diffs))
    assert paired["ci95"][0] <= paired["mean_difference"] <= paired["ci95"][1]
    with pytest.raises(RequestError):
        run_arena("gin", ["heuristic", "random"], games=3, duplicate=True)


def test_duplicate_with_three_seats() -> None:
    result = run_arena("shanghai", ["heuristic", "random", "random"], games=3, seed=1, workers=1, duplicate=True)
    assert [p.bot for p in result.paired] == ["random", "random"] and result.paired[0].deals == 1


def test_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cmd = program(tmp_path, "first", FIRST)
    argv = ["arena", "-g", "gin", "--bots", "heuristic,external", "--games", "4", "--seed", "1", "--workers", "1"]
    code = cli.main([*argv, "--external-command", cmd, "--duplicate", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0
    assert data["duplicate"] is True and data["forfeits"] == 0 and data["bots"] == ["heuristic", "external"]
    assert data["paired"][0]["deals"] == 2
    bad = program(tmp_path, "garbage", GARBAGE)
    code = cli.main([*argv, "--external-command", bad])
    out = capsys.readouterr().out
    assert code == 0
    assert "4 games lost by forfeit:" in out and "external (seat" in out
    cli.main([*argv, "--external-command", cmd, "--duplicate"])
    assert "Duplicate: results paired by deal" in capsys.readouterr().out


def test_local_workers_run_the_program_too(tmp_path: Path) -> None:
    """Worker processes get the program by pickling (a frozen value), and start it themselves."""
    assert pickle.loads(pickle.dumps(ExternalProgram("prog --flag", timeout=2.0))) == ExternalProgram(
        "prog --flag", 2.0
    )
    cmd = program(tmp_path, "first", FIRST)
    one = run_arena("gin", ["heuristic", "external"], games=4, seed=5, workers=1, external_command=cmd)
    two = run_arena("gin", ["heuristic", "external"], games=4, seed=5, workers=2, external_command=cmd)
    assert one == two and one.forfeits == 0
