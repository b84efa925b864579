"""The example script ``examples/solver_hint.py`` runs and prints a hint."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "solver_hint.py"


def test_solver_hint_example_runs() -> None:
    out = subprocess.run([sys.executable, str(EXAMPLE)], capture_output=True, text=True, check=True, timeout=120)
    assert "[tiles] play" in out.stdout
    assert "[fewest_changes] play" in out.stdout
    assert "as an initial meld: 0 tiles" in out.stdout
