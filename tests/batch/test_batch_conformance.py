"""The protocol conformance file: every request line gets the answer it lists, from the command itself.

``examples/conformance/batch-protocol-1.jsonl`` is the same file the Node client runs
(``examples/node/conformance.mjs``): its requests go through one ``rummylib batch`` process, in
one stream, and each answer is matched to its line by order.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
FILE = ROOT / "examples" / "conformance" / "batch-protocol-1.jsonl"
NODE = shutil.which("node")
CASES = [json.loads(line) for line in FILE.read_text(encoding="utf-8").splitlines() if line.strip()]


def matches(answer: Any, expect: Any, *, exact: bool) -> bool:
    """The rule of the file: objects have the expected keys (only those when exact), lists are equal."""
    if isinstance(expect, list):
        return (
            isinstance(answer, list)
            and len(answer) == len(expect)
            and all(matches(a, e, exact=exact) for a, e in zip(answer, expect, strict=True))
        )
    if isinstance(expect, dict):
        if not isinstance(answer, dict) or (exact and set(answer) != set(expect)):
            return False
        return all(key in answer and matches(answer[key], value, exact=exact) for key, value in expect.items())
    return type(answer) is type(expect) and answer == expect


def test_the_file_covers_the_protocol() -> None:
    names = [case["name"] for case in CASES]
    assert len(names) == len(set(names))
    sent = {json.loads(case["line"]).get("op") for case in CASES if case["line"].startswith('{"op"')}
    assert {"hello", "meld", "points", "score", "layoff", "defender_layoffs", "deal", "apply", "view"} <= sent
    assert {case["match"] for case in CASES} == {"exact", "subset"}


def test_every_case_through_the_command() -> None:
    lines = "".join(case["line"] + "\n" for case in CASES)
    done = subprocess.run(
        [sys.executable, "-m", "rummylib", "batch"], input=lines.encode(), capture_output=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    answers = done.stdout.decode("utf-8").splitlines()
    assert len(answers) == len(CASES)
    failed = [
        (case["name"], answer)
        for case, answer in zip(CASES, answers, strict=True)
        if not matches(json.loads(answer), case["expect"], exact=case["match"] == "exact")
    ]
    assert failed == []


def test_the_matching_rule_can_fail() -> None:
    assert not matches({"id": 1, "x": 2}, {"id": 1}, exact=True)
    assert matches({"id": 1, "x": 2}, {"id": 1}, exact=False)
    assert not matches({"id": 1.5}, {"id": 1}, exact=False)
    assert not matches([1, 2], [1], exact=False)


@pytest.mark.skipif(NODE is None, reason="node is not on PATH: the Node.js conformance runner needs Node 18+")
def test_the_node_client_runs_the_same_file() -> None:
    assert NODE is not None
    done = subprocess.run(
        [NODE, str(ROOT / "examples" / "node" / "conformance.mjs")],
        env={**os.environ, "RUMMYLIB_BATCH": f"{sys.executable} -m rummylib batch"},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == f"{len(CASES)} conformance cases passed"
