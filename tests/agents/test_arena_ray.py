"""The arena's Ray backend, on a Ray started on this machine: the same result as local processes."""

from __future__ import annotations

import shlex
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ray = pytest.importorskip("ray", reason="Ray is not installed (the arena-ray extra): the ray backend is not tested")

from rummylib.agents.arena import run_arena  # noqa: E402 - only once Ray is known to be there

pytestmark = pytest.mark.filterwarnings("ignore")  # Ray's own deprecation and resource warnings


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def test_ray_gives_the_local_result(local_ray: None) -> None:
    on_ray = run_arena("gin", ["heuristic", "random"], games=6, seed=7, backend="ray")
    assert on_ray == run_arena("gin", ["heuristic", "random"], games=6, seed=7, workers=1)
    assert ray.is_initialized()  # a Ray the caller started is left running


def test_ray_plays_a_three_seat_game(local_ray: None) -> None:
    on_ray = run_arena("shanghai", ["heuristic", "random", "random"], games=3, seed=1, backend="ray")
    assert (
        on_ray.records == run_arena("shanghai", ["heuristic", "random", "random"], games=3, seed=1, workers=1).records
    )


def test_ray_runs_an_external_program_and_duplicate_deals(local_ray: None, tmp_path: Path) -> None:
    script = tmp_path / "first.py"
    script.write_text(
        "import json, sys\n"
        "for line in sys.stdin:\n"
        "    print(json.dumps({'move': json.loads(line)['legal'][0]}), flush=True)\n",
        encoding="utf-8",
    )
    options = {"external_command": f"{shlex.quote(sys.executable)} {shlex.quote(str(script))}", "duplicate": True}
    on_ray = run_arena("gin", ["heuristic", "external"], games=4, seed=2, backend="ray", **options)
    assert on_ray == run_arena("gin", ["heuristic", "external"], games=4, seed=2, workers=1, **options)
    assert on_ray.forfeits == 0 and on_ray.duplicate and on_ray.paired[0].deals == 2
