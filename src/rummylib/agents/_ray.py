"""The arena's Ray backend: each chunk of games is a Ray task (`rummylib.agents.arena.run_arena`).

Imported only when ``backend="ray"`` is asked for, so that the arena imports without Ray.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import ray  # type: ignore[import-not-found, unused-ignore]  # the arena-ray extra

from rummylib.agents import arena

if not hasattr(ray, "remote"):  # a directory called ray in the way (Ray's own /tmp/ray), not Ray
    raise ModuleNotFoundError("No module named 'ray'", name="ray")

__all__ = ["run_chunks"]


@ray.remote  # type: ignore[untyped-decorator, unused-ignore]
def _play(spec: Any, start: int, stop: int) -> list[arena.GameRecord]:
    return arena._play_chunk(spec, start, stop)  # the arena's own worker function


def run_chunks(
    spec: Any, chunks: Sequence[tuple[int, int]], *, address: str | None = None
) -> Iterator[list[arena.GameRecord]]:
    """The records of every chunk of games, each played as a Ray task, as the tasks finish.

    Joins the cluster at ``address`` (or starts Ray on this machine) unless Ray is running already;
    a Ray started here is shut down at the end.
    """
    started = not ray.is_initialized()
    if started:
        ray.init(address=address, include_dashboard=False, log_to_driver=False)
    try:
        pending = [_play.remote(spec, a, b) for a, b in chunks]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                yield ray.get(ref)
    finally:
        if started:
            ray.shutdown()
