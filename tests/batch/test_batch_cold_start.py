"""A new ``rummylib batch`` worker loads, for its first request, only the modules that request needs.

Each test starts a fresh interpreter, has the batch command answer one line, and reads which of
rummylib's modules it loaded: a lay-off check must not load the contract referees, a meld check
no game package at all, a Rummikub turn not the solver. (How long a start takes is
measured by ``benchmarks/bench_batch_start.py``, not here.)
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src"

CHILD = """
import io, json, sys
sys.stdin = io.TextIOWrapper(io.BytesIO(sys.argv[1].encode() + b"\\n"))
from rummylib.__main__ import main
main(["batch"])
print(json.dumps(sorted(sys.modules)))
"""


def first_answer(request: dict[str, object]) -> tuple[dict[str, object], set[str]]:
    """The answer of a new worker to ``request``, and the modules it had loaded by then."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(SRC), os.environ.get("PYTHONPATH")]))}
    done = subprocess.run(
        [sys.executable, "-c", CHILD, json.dumps(request)],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
        env=env,
    )
    lines = done.stdout.splitlines()
    return json.loads(lines[0]), set(json.loads(lines[-1]))


REFEREES = {
    "rummylib.contracts.round",
    "rummylib.contracts.game",
    "rummylib.contracts.meld_down",
    "rummylib.contracts._moves",
    "rummylib.gin.hand",
    "rummylib.gin.game",
    "rummylib.indian.deal",
    "rummylib.indian.game",
    "rummylib.rummikub.game",
    "rummylib.rummikub.solver",
}


@pytest.mark.parametrize(
    ("request_", "needed", "unneeded"),
    [
        (
            {"op": "layoff", "game": "shanghai", "meld": "4c 5c 6c 7c", "cards": "8c"},
            {"rummylib.contracts.layoffs"},
            REFEREES | {"rummylib.gin", "rummylib.indian", "rummylib.rummikub", "rummylib.registry"},
        ),
        (
            {"op": "meld", "game": "rummikub", "meld": "r5 r6 *"},
            {"rummylib.melds"},
            REFEREES | {"rummylib.contracts", "rummylib.gin", "rummylib.indian", "rummylib.rummikub"},
        ),
        (
            {"op": "points", "game": "contract_rummy", "hand": "* Ah Kd"},
            {"rummylib.scoring"},
            REFEREES | {"rummylib.contracts.layoffs"},
        ),
        (
            {
                "op": "turn",
                "game": "rummikub",
                "table_before": "r1 r2 r3",
                "rack": "r4 k7",
                "table_after": "r1 r2 r3 r4",
            },
            {"rummylib.rummikub.turns"},
            REFEREES | {"rummylib.rummikub.solver._api", "rummylib.contracts"},
        ),
    ],
    ids=["layoff", "meld", "points", "turn"],
)
def test_a_first_request_loads_no_referee_it_does_not_need(
    request_: dict[str, object], needed: set[str], unneeded: set[str]
) -> None:
    answer, loaded = first_answer(request_)
    assert "error" not in answer, answer
    assert needed <= loaded
    assert not (unneeded & loaded), f"loaded for {request_['op']}: {sorted(unneeded & loaded)}"


def test_the_game_packages_still_hand_out_every_name() -> None:
    # their names load on first use: each one of __all__ is still there, and listed by dir()
    code = (
        "import importlib, json\n"
        "missing = []\n"
        "for name in ('rummylib.contracts', 'rummylib.gin', 'rummylib.indian', 'rummylib.rummikub'):\n"
        "    package = importlib.import_module(name)\n"
        "    missing += [f'{name}.{n}' for n in package.__all__ if n not in dir(package)]\n"
        "    missing += [f'{name}.{n}' for n in package.__all__ if getattr(package, n, None) is None]\n"
        "print(json.dumps(missing))\n"
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(SRC), os.environ.get("PYTHONPATH")]))}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True, env=env
    )
    assert json.loads(done.stdout.splitlines()[-1]) == []
