"""The shipped example requests get the answers they ship with, and none is a protocol error.

``examples/requests.jsonl`` is the README's first job (``rummylib batch examples/requests.jsonl``);
``examples/requests.expected.jsonl`` holds its answers, line by line. When an answer changes on
purpose, write the file again with the command the batch page gives:

    python -m rummylib batch examples/requests.jsonl > examples/requests.expected.jsonl

and read the difference before committing it.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from rummylib.batch import handle_request

ROOT = Path(__file__).resolve().parents[2]
REQUESTS = ROOT / "examples" / "requests.jsonl"
EXPECTED = ROOT / "examples" / "requests.expected.jsonl"
TURN_FILE = ROOT / "examples" / "turn.json"

PROTOCOL_ERRORS = frozenset(
    {
        "bad-json",
        "bad-request",
        "missing-field",
        "bad-field",
        "unknown-op",
        "op-not-for-game",
        "unknown-game",
        "unknown-option",
        "bad-option",
        "bad-rules",
        "too-large",
        "internal-error",
    }
)
"""Codes that say a request was not written in protocol 1 (or that rummylib failed), not that its pieces break a rule."""


def _lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def _answers() -> list[dict[str, Any]]:
    done = subprocess.run(
        [sys.executable, "-m", "rummylib", "batch", str(REQUESTS)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0 and done.stderr == "", done.stderr
    return [json.loads(line) for line in done.stdout.splitlines()]


def test_every_example_request_gets_its_expected_answer() -> None:
    answers = _answers()
    expected = _lines(EXPECTED)
    assert len(answers) == len(_lines(REQUESTS)) == len(expected)
    for answer, wanted in zip(answers, expected, strict=True):
        assert answer == wanted, f"request {wanted.get('id')}: the answer changed (see this module's docstring)"


def test_no_example_request_is_a_protocol_error() -> None:
    for request, answer in zip(_lines(REQUESTS), _lines(EXPECTED), strict=True):
        assert answer.get("id") == request["id"]
        assert "warnings" not in answer, answer  # no unknown or ignored field
        code = answer.get("error", {}).get("code")
        assert code not in PROTOCOL_ERRORS, f"request {request['id']} is answered {code}: {answer['error']['message']}"


def test_the_example_turn_file_is_a_turn_request_of_protocol_1() -> None:
    answer = handle_request({"op": "turn", **json.loads(TURN_FILE.read_text(encoding="utf-8"))})
    assert "warnings" not in answer and "error" not in answer, answer
    assert answer["valid"] is True and answer["played"] == "R7 R9 *"
