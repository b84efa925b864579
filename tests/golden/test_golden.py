"""The golden playthroughs still play out exactly as recorded (see ``tests/golden/regenerate.py``).

Each file's actions are replayed from the same deal; at every recorded step every seat's view, its
legal actions, the seat to move and the save's digest must be what the file holds, and so must the
end (views, result, the whole save) and the save at the deal. A difference fails with the file, the
step and the key that differ: a key renamed in a view or a save shows as one key missing and one
new, by name. When a change is meant, regenerate (``python tests/golden/regenerate.py``) and list
it in the changelog.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any

import pytest

HERE = Path(__file__).resolve().parent
_spec = importlib.util.spec_from_file_location("golden_regenerate", HERE / "regenerate.py")
assert _spec is not None and _spec.loader is not None
regenerate = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(regenerate)


def differences(expected: Any, actual: Any, where: str) -> list[str]:
    """Every difference between two JSON values, each as ``where: what`` (keys by name, items by index)."""
    if isinstance(expected, dict) and isinstance(actual, dict):
        out = [f"{where}: key {k!r} is gone" for k in expected if k not in actual]
        out += [f"{where}: key {k!r} is new" for k in actual if k not in expected]
        for k in expected:
            if k in actual:
                out += differences(expected[k], actual[k], f"{where}.{k}")
        return out
    if isinstance(expected, list) and isinstance(actual, list):
        out = [] if len(expected) == len(actual) else [f"{where}: {len(expected)} items became {len(actual)}"]
        for i, (e, a) in enumerate(zip(expected, actual, strict=False)):
            out += differences(e, a, f"{where}[{i}]")
        return out
    if expected != actual or type(expected) is not type(actual):
        return [f"{where}: expected {json.dumps(expected)[:200]}, got {json.dumps(actual)[:200]}"]
    return []


def test_differences_name_the_step_and_the_key() -> None:
    old = {"steps": [{"views": [{"rack": "r1", "to_move": 0}]}]}
    new = {"steps": [{"views": [{"hand": "r1", "to_move": 1}]}]}
    assert differences(old, new, "g") == [
        "g.steps[0].views[0]: key 'rack' is gone",
        "g.steps[0].views[0]: key 'hand' is new",
        "g.steps[0].views[0].to_move: expected 0, got 1",
    ]


@pytest.mark.parametrize("name", sorted(regenerate.CASES))
def test_the_playthrough_is_as_recorded(name: str) -> None:
    path = HERE / f"{name}.json"
    recorded = json.loads(path.read_text(encoding="utf-8"))
    assert path.stat().st_size < 1_000_000
    assert len(recorded["steps"]) == min(regenerate.RECORDED, len(recorded["actions"]))
    replayed = regenerate.play(name, recorded["actions"])
    found = differences(recorded, replayed, name)
    assert not found, (
        f"{len(found)} differences from {path.name} (python tests/golden/regenerate.py writes it anew):\n"
        + "\n".join(found[:40])
    )


def test_the_random_player_plays_what_the_files_hold() -> None:
    """Regenerating gives the same files: the recorded actions are the seeded player's own."""
    name = "gin-hand"
    recorded = json.loads((HERE / f"{name}.json").read_text(encoding="utf-8"))
    assert regenerate.play(name)["actions"] == recorded["actions"]
