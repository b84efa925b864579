"""The JSON Lines batch interface: the ``meld`` and ``points`` ops and hostile input."""

import io
import json
import subprocess
import sys

import pytest

from rummylib.batch import handle_line, handle_request, run_batch


def ask(**request: object) -> dict[str, object]:
    return handle_request(request)


def test_meld_op_exactly_as_specified() -> None:
    assert ask(op="meld", game="rummikub", meld="r5 r6 *") == {
        "valid": True,
        "kind": "run",
        "value": 18,
        "jokers": ["R7"],
        "problems": [],
    }


def test_meld_op_reading_rules() -> None:
    assert ask(op="meld", game="rummikub", meld="* * r13")["value"] == 36
    group = ask(op="meld", game="rummikub", meld="r13 * *")
    assert (group["kind"], group["value"]) == ("group", 39)


def test_meld_op_invalid() -> None:
    out = ask(op="meld", game="rummikub", meld="r12 r13 r1")
    assert out["valid"] is False and out["kind"] is None and out["value"] is None
    problems = out["problems"]
    assert isinstance(problems, list)
    assert problems[0]["code"] == "run-wraps"
    assert "R12 R13 R1" in problems[0]["message"]


@pytest.mark.parametrize("game", ["contract_rummy", "shanghai", "gin_rummy", "indian_rummy"])
def test_card_melds_have_no_value(game: str) -> None:
    out = ask(op="meld", game=game, meld="7h 7s 7d")
    assert out["valid"] is True and out["kind"] == "group" and out["value"] is None


def test_points_op() -> None:
    assert ask(op="points", game="contract_rummy", hand="* Ah Kd") == {"points": 50}
    assert ask(op="points", game="shanghai", hand="* Ah Kd") == {"points": 50}
    assert ask(op="points", game="rummikub", hand="r5 k3 *") == {"points": 38}
    assert ask(op="points", game="rummikub", hand="*", rules={"joker_penalty": 50}) == {"points": 50}
    assert ask(op="points", game="gin_rummy", hand="Ah Kd 5c") == {"points": 16}
    assert ask(op="points", game="contract_rummy", hand="2h 10c", rules={"number_cards_flat": True}) == {"points": 10}
    assert ask(op="points", game="contract_rummy", hand="*", rules={"joker_points": 15}) == {"points": 15}
    assert ask(op="points", game="contract_rummy", hand="2h", rules={"deuces_wild": True}) == {"points": 25}


def test_id_is_echoed() -> None:
    assert ask(op="points", game="rummikub", hand="", id={"any": ["json"]}) == {"id": {"any": ["json"]}, "points": 0}


@pytest.mark.parametrize(
    ("line", "code"),
    [
        ("{nope", "bad-json"),
        ("[1, 2]", "bad-request"),
        ('"meld"', "bad-request"),
        ("{}", "missing-field"),
        ('{"op": "meld"}', "missing-field"),
        ('{"op": 5, "game": "rummikub"}', "bad-field"),
        ('{"op": "fly", "game": "rummikub"}', "unknown-op"),
        ('{"op": "meld", "game": "poker", "meld": "r5"}', "unknown-game"),
        ('{"op": "meld", "game": "rummikub"}', "missing-field"),
        ('{"op": "meld", "game": "rummikub", "meld": 5}', "bad-field"),
        ('{"op": "meld", "game": "rummikub", "meld": "r14"}', "bad-notation"),
        ('{"op": "meld", "game": "rummikub", "meld": "x9 r5"}', "bad-notation"),
        ('{"op": "meld", "game": "rummikub", "meld": "r5 r5 r5"}', "too-many-copies"),
        ('{"op": "meld", "game": "rummikub", "meld": "5h 6h 7h"}', "bad-notation"),
        ('{"op": "meld", "game": "shanghai", "meld": "r5 r6 r7"}', "bad-notation"),
        ('{"op": "meld", "game": "rummikub", "meld": "r5", "rules": {"bogus": 1}}', "unknown-option"),
        ('{"op": "meld", "game": "rummikub", "meld": "r5", "rules": []}', "bad-field"),
        ('{"op": "meld", "game": "rummikub", "meld": "r5", "rules": {"min_run": "x"}}', "bad-option"),
        ('{"op": "meld", "game": "rummikub", "meld": "r5", "x": NaN}', "bad-json"),
        ('{"op": "points", "game": "gin_rummy", "hand": "*"}', "bad-notation"),
        ('{"op": "meld", "game": "indian_rummy", "rules": {"wild_ranks": ["Z"]}, "meld": "5h"}', "bad-option"),
    ],
)
def test_bad_requests_get_error_objects(line: str, code: str) -> None:
    out = handle_line(line)
    assert set(out) == {"error"}  # no id asked, none answered
    assert out["error"]["code"] == code  # type: ignore[index]
    assert out["error"]["message"]  # type: ignore[index]


def test_error_echoes_id() -> None:
    out = handle_line('{"id": 42, "op": "meld", "game": "rummikub", "meld": "r99"}')
    assert out["id"] == 42 and "error" in out


def test_huge_and_deep_input() -> None:
    assert handle_line("[" * 100_000 + "]" * 100_000)["error"]["code"] in {"bad-json", "bad-request", "too-large"}  # type: ignore[index]
    assert handle_line('{"op": "meld", "game": "rummikub", "meld": "' + "r5 " * 50_000 + '"}')["error"]["code"] in {  # type: ignore[index]
        "too-many-copies",
        "too-large",
    }
    assert (
        handle_line('{"op": "meld", "game": "rummikub", "meld": "r' + "9" * 5000 + '"}')["error"]["code"]
        == "bad-notation"
    )  # type: ignore[index]


def test_unknown_fields_warn() -> None:
    out = ask(op="meld", game="rummikub", meld="r1 r2 r3", colour="red")
    assert out["valid"] is True and out["warnings"] == ["unknown field 'colour' ignored"]


def test_stream_goes_on_and_skips_blank_lines() -> None:
    lines = [
        '{"op": "points", "game": "rummikub", "hand": "r1"}',
        "",
        "garbage",
        '{"op": "points", "game": "rummikub", "hand": "r2"}',
    ]
    out = io.StringIO()
    assert run_batch(lines, out) == 3
    answers = [json.loads(x) for x in out.getvalue().splitlines()]
    assert answers[0] == {"points": 1} and "error" in answers[1] and answers[2] == {"points": 2}


def test_command_line_batch() -> None:
    requests = '{"op": "meld", "game": "rummikub", "meld": "r5 r6 *"}\nnot json\n\n{"op": "points", "game": "shanghai", "hand": "Ah"}\n'
    done = subprocess.run(
        [sys.executable, "-m", "rummylib", "batch"],
        input=requests,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 3
    assert json.loads(lines[0])["jokers"] == ["R7"]
    assert json.loads(lines[1])["error"]["code"] == "bad-json"
    assert json.loads(lines[2]) == {"points": 15}
    assert done.stderr == ""


def test_shipped_example_requests_answer() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "rummylib", "batch", "examples/requests.jsonl"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0
    answers = [json.loads(x) for x in done.stdout.splitlines()]
    assert len(answers) == 14
    assert [a["id"] for a in answers] == list(range(1, 15))
