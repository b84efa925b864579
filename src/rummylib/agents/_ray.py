"""The arena's Ray backend: each chunk of games is a Ray task (`rummylib.agents.arena.run_arena`).

Imported only when ``backend="ray"`` is asked for, so that the arena imports without Ray. It
imports nothing of rummylib: the arena hands it the function that plays a chunk, so that the two
modules make no circle.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

import ray  # type: ignore[import-not-found, unused-ignore]  # the arena-ray extra

if not hasattr(ray, "remote"):  # a directory called ray in the way (Ray's own /tmp/ray), not Ray
    raise ModuleNotFoundError("No module named 'ray'", name="ray")

__all__ = ["run_chunks"]

_R = TypeVar("_R")


@ray.remote  # type: ignore[untyped-decorator, unused-ignore]
def _play(play: Callable[[Any, int, int], list[Any]], spec: Any, start: int, stop: int) -> list[Any]:
    return play(spec, start, stop)


def run_chunks(
    play: Callable[[Any, int, int], list[_R]],
    spec: Any,
    chunks: Sequence[tuple[int, int]],
    *,
    address: str | None = None,
) -> Iterator[list[_R]]:
    """What ``play(spec, start, stop)`` gives for every chunk of games, each run as a Ray task, as they finish.

    ``play`` is the arena's worker function (a module-level function: Ray sends it by reference).

    Joins the cluster at ``address`` (or starts Ray on this machine) unless Ray is running already;
    a Ray started here is shut down at the end.
    """
    started = not ray.is_initialized()
    if started:
        ray.init(address=address, include_dashboard=False, log_to_driver=False)
    try:
        pending = [_play.remote(play, spec, a, b) for a, b in chunks]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                yield ray.get(ref)
    finally:
        if started:
            ray.shutdown()
