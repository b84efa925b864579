"""``rummylib batch`` reads a worker's usual arguments without argparse, with argparse's meaning.

`rummylib.batch.command.read_arguments` reads the arguments a game server starts its workers with,
and hands everything else (help, usage errors, abbreviations) to `argparse`. Whatever it reads, it
must read as `argparse` does (see the batch page, docs/batch.md).
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rummylib.batch import DEFAULT_MAX_SECONDS
from rummylib.batch.arguments import build_parser
from rummylib.batch.command import BatchArguments, main, read_arguments

SRC = Path(__file__).resolve().parents[2] / "src"

TOKENS = st.sampled_from(
    [
        "-", "requests.jsonl", "", "a=b", "-x", "-5", "--", "--help", "-h",
        "--secret-file", "--secret-file=key", "--secret-file=", "--secret-file=-x", "--secret", "--secret=key",
        "--max-seconds", "--max-seconds=2.5", "--max-seconds=0", "--max-seconds=nan", "--max-seconds=inf",
        "--max", "--max=3", "2.5", "0", "-1", "1e400", " 2", "soon", "key",
    ]
)  # fmt: skip


def _argparse(argv: list[str]) -> BatchArguments | None:
    """What argparse reads from ``argv``, or None when it stops (help, usage error)."""
    with contextlib.redirect_stderr(io.StringIO()), contextlib.redirect_stdout(io.StringIO()):
        try:
            args = build_parser().parse_args(argv)
        except SystemExit:
            return None
    return BatchArguments(args.file, args.secret_file, args.max_seconds)


@given(st.lists(TOKENS, max_size=5))
def test_what_is_read_without_argparse_is_what_argparse_reads(argv: list[str]) -> None:
    quick = read_arguments(argv)
    if quick is not None:
        assert _argparse(argv) == quick


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        ([], BatchArguments()),
        (["-"], BatchArguments(file="-")),
        (["--secret-file", "key", "in.jsonl"], BatchArguments(file="in.jsonl", secret_file="key")),
        (["--max-seconds=2.5", "--secret-file=key"], BatchArguments(secret_file="key", max_seconds=2.5)),
        (["--max-seconds", "0.5"], BatchArguments(max_seconds=0.5)),
    ],
)
def test_a_workers_usual_arguments_are_read(argv: list[str], expected: BatchArguments) -> None:
    assert read_arguments(argv) == expected
    assert expected.max_seconds == DEFAULT_MAX_SECONDS or "--max-seconds" in " ".join(argv)


@pytest.mark.parametrize(
    "argv",
    [["--help"], ["--max-seconds", "0"], ["--max-seconds=-1"], ["--secret"], ["a", "b"], ["--max-seconds"], ["-x"]],
)
def test_anything_else_is_left_to_argparse(argv: list[str]) -> None:
    assert read_arguments(argv) is None


def test_a_usage_error_still_gets_argparses_message(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--max-seconds", "soon"]) == 2
    assert "not a number of seconds: 'soon'" in capsys.readouterr().err


def test_a_worker_starts_without_argparse_or_hmac() -> None:
    """A worker started as a game server starts it loads neither until it needs them."""
    code = (
        "import io, json, sys\n"
        'sys.stdin = io.TextIOWrapper(io.BytesIO(b\'{"op": "meld", "game": "rummikub", "meld": "r5 r6 *"}\\n\'))\n'
        "from rummylib.__main__ import main\n"
        "status = main(['batch', '--max-seconds', '5'])\n"
        "print(json.dumps([status, 'argparse' in sys.modules, 'hmac' in sys.modules]))\n"
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(SRC), os.environ.get("PYTHONPATH")]))}
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True, env=env
    )
    *answers, last = result.stdout.splitlines()
    assert json.loads(answers[0])["valid"] is True
    assert json.loads(last) == [0, False, False]
