"""examples/node/play.mjs, a client in another language, referees a whole game of each of the five games.

It runs only where Node.js is installed (``node`` on PATH); elsewhere it is skipped, saying why.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "examples" / "node" / "play.mjs"
NODE = shutil.which("node")

pytestmark = pytest.mark.skipif(
    NODE is None, reason="node is not on PATH: the Node.js client example (examples/node/play.mjs) needs Node 18+"
)


def _run(batch: str, **env: str) -> subprocess.CompletedProcess[str]:
    assert NODE is not None
    return subprocess.run(
        [NODE, str(SCRIPT)],
        env={**os.environ, "RUMMYLIB_BATCH": batch, **env},
        capture_output=True,
        text=True,
        timeout=1200,
        check=False,
        cwd=ROOT,
    )


def test_the_node_client_plays_signed_games_to_the_end(tmp_path: Path) -> None:
    """Through a signing batch: every state goes through JavaScript's JSON and keeps its signature."""
    secret = tmp_path / "secret.txt"
    secret.write_text("node client test secret, 32 bytes or more\n", encoding="utf-8")
    done = _run(f"{sys.executable} -m rummylib batch --secret-file {secret}", RUMMYLIB_SEED="3")
    assert done.returncode == 0, done.stderr[-2000:]
    lines = done.stdout.splitlines()
    assert [line.split(":")[0] for line in lines] == [
        "Rummikub game",
        "Contract Rummy game",
        "Shanghai game",
        "Gin Rummy game",
        "Indian Rummy game (pool 101)",
    ]
    assert all("scores" in line for line in lines)
    assert done.stderr == ""


def test_the_node_client_fails_loudly() -> None:
    done = _run("no-such-command-for-rummylib batch")
    assert done.returncode == 1
    assert "cannot start no-such-command-for-rummylib" in done.stderr
