"""``rummylib replay FILE``: a record turn by turn, as a seat sees it, with ``--svg DIR``; bad records exit 2."""

from __future__ import annotations

import io
import random
import shlex
from pathlib import Path

import pytest

from rummylib import GIN_RUMMY, INDIAN_RUMMY, SHANGHAI, cli, contracts, gin, indian
from rummylib.records import read_record, write_record

EXIT_BAD = 2


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def _played(start: object, moves: int, seed: int) -> list[object]:
    rng, state, actions = random.Random(seed), start, []
    while not state.is_over and len(actions) < moves:  # type: ignore[attr-defined]
        action = rng.choice(state.legal_actions(state.to_move))  # type: ignore[attr-defined]
        state = state.apply(action)  # type: ignore[attr-defined]
        actions.append(action)
    return actions


RECORDS = {
    "gin": (gin.GinHand.deal(rules=GIN_RUMMY, seed=5, dealer=1), {"seed": 5}),
    "shanghai": (contracts.ContractRound.deal(rules=SHANGHAI, players=3, seed=5, round_number=3), {}),
    "indian": (indian.IndianDeal.deal(rules=INDIAN_RUMMY, players=4, seed=5), {}),
}


@pytest.fixture(params=sorted(RECORDS))
def record_file(request: pytest.FixtureRequest, tmp_path: Path) -> Path:
    start, extra = RECORDS[request.param]
    path = tmp_path / f"{request.param}.txt"
    path.write_text(write_record(start, _played(start, 30, 1), **extra), encoding="utf-8")
    return path


def test_replay_prints_every_turn_as_the_mover_sees_it(capsys: pytest.CaptureFixture[str], record_file: Path) -> None:
    code, out, err = run(capsys, "replay", str(record_file))
    record = read_record(record_file.read_text(encoding="utf-8"))
    assert (code, err) == (0, "")
    assert out == record.describe() + "\n"
    for turn in record.turns():
        assert f"\n\n{turn.number}. player {turn.player}: " in out
    assert out.endswith(f"result: {dict(record.header)['Result']}\n")


def test_replay_as_one_seat_shows_that_seat_only(capsys: pytest.CaptureFixture[str], record_file: Path) -> None:
    record = read_record(record_file.read_text(encoding="utf-8"))
    code, out, _ = run(capsys, "replay", str(record_file), "--seat", "0")
    assert code == 0 and out == record.describe(seat=0) + "\n"
    assert "as seat 0 sees it" in out and "as seat 1 sees it" not in out


def test_replay_draws_each_turn(capsys: pytest.CaptureFixture[str], record_file: Path, tmp_path: Path) -> None:
    record = read_record(record_file.read_text(encoding="utf-8"))
    pictures = tmp_path / "turns"
    code, out, _ = run(capsys, "replay", str(record_file), "--svg", str(pictures))
    assert code == 0
    names = sorted(p.name for p in pictures.iterdir())
    assert names == [f"turn-{i:03d}.svg" for i in range(len(record.actions) + 1)]
    assert all(p.read_text(encoding="utf-8").startswith("<svg") for p in pictures.iterdir())
    assert out == f"{record.describe()}\n{len(names)} pictures written to {pictures} (turn-000.svg is the deal)\n"


def test_replay_reads_standard_input(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    start, extra = RECORDS["gin"]
    text = write_record(start, _played(start, 4, 2), **extra)
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    code, out, _ = run(capsys, "replay", "-")
    assert code == 0 and out == read_record(text).describe() + "\n"


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (lambda t: "", "line 1: not a rummylib record"),
        (lambda t: t.replace("rummylib-record 1", "rummylib-record 2"), "line 1: record format version 2"),
        (lambda t: t.replace("Dealer: 1", "Dealr: 1"), "line 6: unknown header line 'dealr'"),
        (lambda t: t + "0 shuffle\n", "unknown action 'shuffle'"),
        (lambda t: t + "0 discard Kd\n", "[illegal-action]"),
    ],
)
def test_a_bad_record_is_bad_input_naming_its_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, change: object, says: str
) -> None:
    start, extra = RECORDS["gin"]
    text = write_record(start, _played(start, 3, 2), **extra)
    path = tmp_path / "bad.txt"
    path.write_text(change(text), encoding="utf-8")  # type: ignore[operator]
    code, out, err = run(capsys, "replay", str(path))
    assert (code, out) == (EXIT_BAD, "")
    assert err.startswith("rummylib: error: ") and err.count("\n") == 1 and says in err
    if "illegal" in says:
        assert f"line {len(text.splitlines()) + 1}: 0 discard Kd" in err


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["replay", "no-such-record.txt"], "cannot read no-such-record.txt"),
        (["replay", "RECORD", "--seat", "9"], "[not-a-player]"),
        (["replay", "RECORD", "--seat", "one"], "invalid int value"),
        (["replay", "RECORD", "--svg", "RECORD"], "[bad-request]"),
    ],
)
def test_bad_arguments_are_bad_input(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str], says: str
) -> None:
    start, extra = RECORDS["gin"]
    path = tmp_path / "game.txt"
    path.write_text(write_record(start, [], **extra), encoding="utf-8")
    code, _, err = run(capsys, *(str(path) if a == "RECORD" else a for a in argv))
    assert code == EXIT_BAD
    assert err.startswith("rummylib: error: ") and says in err and "Traceback" not in err


def test_the_example_of_the_help_runs(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert cli.main(["replay", "--help"]) == 0
    (example,) = [line.strip() for line in capsys.readouterr().out.splitlines() if line.strip().startswith("rummylib ")]
    argv = shlex.split(example)[1:]
    monkeypatch.chdir(tmp_path)
    start, extra = RECORDS["gin"]
    (tmp_path / argv[1]).write_text(write_record(start, _played(start, 6, 3), **extra), encoding="utf-8")
    code, _, err = run(capsys, *argv)
    assert (code, err) == (0, "")
    assert len(list((tmp_path / "turns").iterdir())) == 7
