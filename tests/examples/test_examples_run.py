"""Every script in examples/ runs to completion, and the web and JSON examples answer correctly."""

from __future__ import annotations

import json
import runpy
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from rummylib.batch import handle_request
from rummylib.errors import RummyError

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
SCRIPTS = sorted(EXAMPLES.glob("*.py"))


def load(name: str) -> dict[str, Any]:
    return runpy.run_path(str(EXAMPLES / name))  # __name__ is not "__main__": nothing runs


def test_there_are_examples() -> None:
    assert {p.name for p in SCRIPTS} >= {"validate_table_json.py", "web_handler.py", "hypothesis_own_game.py"}


EXPECTED_OUTPUT: dict[str, list[str]] = {
    "gin_hands.py": ["knocker scores 13 (knock)", "defender scores 34 (undercut)", "(big_gin)", "reached 100"],
    "solver_hint.py": ["[tiles] play", "[fewest_changes] play", "as an initial meld: 0 tiles"],
    "rummikub_bots.py": ["table:", "player 0:", "player 1:"],  # seats count from 0
}
"""What some scripts must print, each line a piece of their output (every script runs once, here)."""


def test_expected_output_names_real_scripts() -> None:
    assert set(EXPECTED_OUTPUT) <= {p.name for p in SCRIPTS}


@pytest.mark.parametrize("script", SCRIPTS, ids=[p.name for p in SCRIPTS])
def test_example_runs(script: Path) -> None:
    result = subprocess.run(
        [sys.executable, str(script)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        cwd=EXAMPLES.parent,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.strip(), "an example should print something useful"
    assert "Traceback" not in result.stderr
    for expected in EXPECTED_OUTPUT.get(script.name, []):
        assert expected in result.stdout, f"{script.name} should print {expected!r}"


# --- validate_table_json.py -----------------------------------------------------------------

LEGAL = {
    "table_before": ["r3 r4 r5 r6"],
    "rack": "r7 r8 b1",
    "table_after": ["r3 r4 r5", "r6 r7 r8"],
    "initial_meld_done": True,
}


def test_validate_table_json_judges_and_draws() -> None:
    judge = load("validate_table_json.py")["judge"]
    report, picture = judge(LEGAL)
    assert report.valid
    assert [str(p) for p in report.played] == ["R7", "R8"]
    assert picture.startswith("<svg")
    report, _ = judge({**LEGAL, "table_after": ["r3 r4 r5", "r6 r7"]})
    assert [v.code for v in report.violations] == ["run-too-short"]


def test_validate_table_json_exit_codes(tmp_path: Path) -> None:
    main = load("validate_table_json.py")["main"]
    good, bad, broken = tmp_path / "good.json", tmp_path / "bad.json", tmp_path / "broken.json"
    good.write_text(json.dumps(LEGAL), encoding="utf-8")
    bad.write_text(json.dumps({**LEGAL, "table_after": ["r3 r4 r5"]}), encoding="utf-8")
    broken.write_text('{"table_after": ["r3 r4 r99"]}', encoding="utf-8")
    picture = tmp_path / "turn.svg"
    assert main(["x", str(good), str(picture)]) == 0
    assert picture.read_text(encoding="utf-8").startswith("<svg")
    assert main(["x", str(bad)]) == 1
    assert main(["x", str(broken)]) == 2
    assert main(["x", str(tmp_path / "missing.json")]) == 2


@pytest.mark.parametrize(
    ("change", "code"),
    [
        ({"initial_meld_done": "no"}, "bad-field"),
        ({"rules": 5}, "bad-field"),
        ({"rules": {"no_such_option": 1}}, "unknown-option"),
        ({"rack": 7}, "bad-field"),
        ({"table_after": [5]}, "bad-field"),
        ({"table_after": None}, "missing-field"),
        ({"game": "gin"}, "op-not-for-game"),
    ],
)
def test_validate_table_json_reads_fields_as_the_batch_op(tmp_path: Path, change: dict[str, Any], code: str) -> None:
    """A field the batch ``turn`` op refuses is refused with the same error, and the script exits 2."""
    request = {**LEGAL, **change}
    answer = handle_request({"game": "rummikub", **request, "op": "turn"})
    assert answer["error"]["code"] == code
    with pytest.raises(RummyError) as info:
        load("validate_table_json.py")["judge"](request)
    assert (info.value.code, info.value.message) == (code, answer["error"]["message"])
    path = tmp_path / "turn.json"
    path.write_text(json.dumps(request), encoding="utf-8")
    assert load("validate_table_json.py")["main"](["x", str(path)]) == 2


def test_validate_table_json_takes_rules_and_a_string_table() -> None:
    judge = load("validate_table_json.py")["judge"]
    report, _ = judge({**LEGAL, "table_after": "r3 r4 r5 | r6 r7 r8"})
    assert report.valid
    opening = {"rack": "r10 r11 r12", "table_after": ["r10 r11 r12"]}
    assert judge(opening)[0].valid  # 33 points: enough for the usual 30
    report, _ = judge({**opening, "rules": {"initial_meld_points": 50}})
    assert "initial-meld-too-low" in [v.code for v in report.violations]


def test_validate_table_json_refuses_a_request_that_is_not_an_object(tmp_path: Path) -> None:
    path = tmp_path / "list.json"
    path.write_text("[1, 2]", encoding="utf-8")
    assert load("validate_table_json.py")["main"](["x", str(path)]) == 2


# --- web_handler.py -------------------------------------------------------------------------


def test_web_handler_answers_without_a_network() -> None:
    answer_turn = load("web_handler.py")["answer_turn"]
    status, kind, body = answer_turn(json.dumps(LEGAL).encode())
    assert (status, kind) == (200, "application/json")
    assert json.loads(body)["played"] == "R7 R8"
    status, _, body = answer_turn(json.dumps({**LEGAL, "table_after": ["r3 r4 r5", "r6 r7"]}).encode())
    assert status == 200
    assert [p["code"] for p in json.loads(body)["problems"]] == ["run-too-short"]


@pytest.mark.parametrize(
    ("body", "code"),
    [
        (b"{not json", "bad-json"),
        (b"\xff\xfe", "bad-json"),
        (b"[1, 2]", "bad-request"),
        (json.dumps({**LEGAL, "rack": "r99"}).encode(), "bad-notation"),
        (json.dumps({**LEGAL, "game": "poker"}).encode(), "unknown-game"),
    ],
)
def test_web_handler_bad_input_is_400(body: bytes, code: str) -> None:
    status, _, text = load("web_handler.py")["answer_turn"](body)
    assert status == 400
    assert json.loads(text)["error"]["code"] == code


def test_web_handler_draws_the_turn() -> None:
    status, kind, body = load("web_handler.py")["answer_turn"](json.dumps(LEGAL).encode(), picture=True)
    assert (status, kind) == (200, "image/svg+xml")
    assert body.startswith("<svg")


def test_web_handler_serves_on_localhost() -> None:
    module = load("web_handler.py")
    import threading
    from http.server import ThreadingHTTPServer

    server = ThreadingHTTPServer(("127.0.0.1", 0), module["TurnHandler"])
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        base = f"http://127.0.0.1:{server.server_address[1]}"
        status, answer = module["post"](f"{base}/turn", LEGAL)
        assert status == 200
        assert answer["valid"] is True and answer["played"] == "R7 R8"
        assert module["post"](f"{base}/turn", LEGAL) == (status, answer)  # the same question, the same answer
        status, answer = module["post"](f"{base}/elsewhere", LEGAL)
        assert (status, answer["error"]["code"]) == (404, "not-found")
    finally:
        server.shutdown()
        server.server_close()
