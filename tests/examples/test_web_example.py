"""examples/web/: the Python referee answers in CPython as in the browser, and the ES modules parse.

The pages themselves (index.html with rummylib.mjs and worker.mjs, in Pyodide) are driven in
headless Chromium by tests/browser/; snapshot.mjs runs in every docs build that has Node.js.
"""

from __future__ import annotations

import json
import runpy
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

WEB = Path(__file__).resolve().parents[2] / "examples" / "web"
NODE = shutil.which("node")


def answer(request: dict[str, Any]) -> dict[str, Any]:
    judge = runpy.run_path(str(WEB / "referee.py"))["judge"]
    return json.loads(judge(json.dumps(request)))


def test_the_example_files_are_all_covered() -> None:
    assert {p.name for p in WEB.iterdir()} == {
        "README.md",
        "index.html",
        "referee.py",
        "rummylib.mjs",
        "snapshot.mjs",
        "worker.mjs",
    }


def test_the_referee_runs_as_a_script() -> None:
    done = subprocess.run(
        [sys.executable, str(WEB / "referee.py")], capture_output=True, text=True, timeout=300, check=False
    )
    assert done.returncode == 0, done.stderr[-2000:]
    lines = done.stdout.splitlines()
    assert lines[0] == "rummikub: 'r3 r4 r5 | r6 r7 r8' -> legal (played R7 R8)"
    assert "runs never wrap [run-wraps]" in done.stdout
    assert "contract_rummy: '7h 7s 7d | 8c 8s 8h' -> legal (round 1: 2 melds laid down)" in lines
    assert "[bad-notation]" in done.stdout


def test_a_legal_turn_and_its_picture() -> None:
    got = answer({"before": "r3 r4 r5 r6", "rack": "r7 r8 b1", "after": "r3 r4 r5 | r6 r7 r8"})
    assert (got["verdict"], got["summary"], got["problems"]) == ("legal", "played R7 R8", [])
    assert got["picture"].startswith("<svg") and "legal turn: played R7 R8" in got["picture"]


def test_every_problem_of_an_illegal_turn_in_words() -> None:
    got = answer({"before": "r1 r2 r3 | k5 k6 k7", "rack": "r4", "after": "r1 r2 | r3 r4 | k5 k6"})
    assert got["verdict"] == "illegal"
    assert [p["code"] for p in got["problems"]] == ["run-too-short"] * 3 + ["table-tile-missing"]
    assert [p["set"] for p in got["problems"]] == [0, 1, 2, None]
    assert all(not p["text"].endswith("]") for p in got["problems"])  # the words, the code apart


def test_a_wrapped_run_is_refused() -> None:
    got = answer({"rack": "r12 r13 r1", "after": "r12 r13 r1"})
    assert [p["code"] for p in got["problems"]] == ["run-wraps"]


def test_the_initial_meld_is_checked_unless_opened() -> None:
    request = {"rack": "r1 r2 r3", "after": "r1 r2 r3"}
    assert answer(request)["verdict"] == "legal"
    assert [p["code"] for p in answer({**request, "opened": False})["problems"]] == ["initial-meld-too-low"]


@pytest.mark.parametrize(
    ("request_", "code"),
    [
        ({"after": "r3 r4 r99"}, "bad-notation"),
        ({"before": "r5 r5", "rack": "r5", "after": "r5 r5 r5"}, "too-many-copies"),
        ({"rules": "poker", "after": "r1 r2 r3"}, "unknown-game"),
        ({"rules": "shanghai", "after": "7h 7s 7d", "round": 99}, "unknown-round"),
    ],
)
def test_input_that_cannot_be_read_is_illegal_with_the_error(request_: dict[str, Any], code: str) -> None:
    got = answer(request_)
    assert (got["verdict"], got["error"], got["picture"]) == ("illegal", code, "")
    assert got["problems"][0]["code"] == code


def test_card_games_check_melds_and_contracts() -> None:
    assert answer({"rules": "contract_rummy", "after": "7h 7s 7d | 8c 8s 8h"})["verdict"] == "legal"
    short = answer({"rules": "contract_rummy", "after": "7h 7s 7d | 8c 8s"})
    assert [p["code"] for p in short["problems"]] == ["contract-set-size"]
    wrapped = answer({"rules": "gin_rummy", "after": "Qh Kh Ah"})
    assert [(p["code"], p["set"]) for p in wrapped["problems"]] == [("run-wraps", 0)]
    assert answer({"rules": "indian_rummy", "after": ""})["verdict"] == "illegal"  # nothing laid down


@pytest.mark.skipif(NODE is None, reason="node is not on PATH: the ES modules of examples/web cannot be parsed")
@pytest.mark.parametrize("name", ["rummylib.mjs", "worker.mjs", "snapshot.mjs"])
def test_the_es_modules_parse(name: str) -> None:
    assert NODE is not None
    done = subprocess.run([NODE, "--check", str(WEB / name)], capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
