"""The arena's Ray backend, on a Ray started on this machine: the same result as local processes."""

from __future__ import annotations

from collections.abc import Iterator

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
