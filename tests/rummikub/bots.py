"""The example bots of ``examples/rummikub_bots.py``, loaded once for the tests that play with them."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "rummikub_bots.py"


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("rummikub_bots_for_tests", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


BOTS = _load()
"""The example's module: ``BOTS.greedy_bot(game)`` and ``BOTS.cautious_bot(game)`` play a turn."""
