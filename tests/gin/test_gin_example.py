"""The example script ``examples/gin_hands.py`` runs and prints the scores."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "gin_hands.py"


def test_gin_hands_example_runs() -> None:
    out = subprocess.run([sys.executable, str(EXAMPLE)], capture_output=True, text=True, check=True, timeout=120)
    assert "knocker scores 13 (knock)" in out.stdout
    assert "defender scores 34 (undercut)" in out.stdout
    assert "(big_gin)" in out.stdout
    assert "reached 100" in out.stdout
