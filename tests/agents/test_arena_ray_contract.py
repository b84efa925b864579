"""The arena hands its Ray backend what to run: checked with a stand-in for Ray, so without the extra too.

`rummylib.agents._ray` imports nothing of rummylib; the arena gives it the function that plays a
chunk of games. A stand-in ``ray`` module (in a fresh interpreter) runs each "task" at once, and
the arena's answer must be the one local processes give.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src"

STAND_IN = textwrap.dedent(
    """
    import sys, types
    ray = types.ModuleType("ray")
    calls = []
    class _Task:
        def __init__(self, f):
            self.f = f
        def remote(self, *args):
            calls.append(args[0].__module__ + "." + args[0].__qualname__)
            return self.f(*args)
    ray.remote = _Task
    ray.is_initialized = lambda: False
    ray.init = lambda **kwargs: None
    ray.shutdown = lambda: None
    ray.wait = lambda pending, num_returns: (pending[:num_returns], pending[num_returns:])
    ray.get = lambda ref: ref
    sys.modules["ray"] = ray

    from rummylib.agents.arena import run_arena
    on_ray = run_arena("gin", ["heuristic", "random"], games=6, seed=7, backend="ray", workers=3)
    local = run_arena("gin", ["heuristic", "random"], games=6, seed=7, workers=1)
    assert on_ray == local, (on_ray, local)
    assert calls and set(calls) == {"rummylib.agents.arena._play_chunk"}, calls
    import rummylib.agents._ray as backend
    assert not [name for name, value in vars(backend).items() if getattr(value, "__name__", "").startswith("rummylib")]
    print("ok")
    """
)


def test_the_ray_backend_runs_what_the_arena_hands_it() -> None:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(SRC), os.environ.get("PYTHONPATH")]))}
    result = subprocess.run([sys.executable, "-c", STAND_IN], capture_output=True, text=True, env=env, timeout=300)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"
