"""The tutorial starts with an install that works today, and every block of it runs on its own."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

PAGE = (Path(__file__).resolve().parents[2] / "docs" / "tutorial" / "index.md").read_text(encoding="utf-8")
BLOCKS = re.findall(r"```python\n(.*?)```", PAGE, flags=re.DOTALL)


@pytest.mark.parametrize("number", range(len(BLOCKS)))
def test_every_block_runs_alone(number: int) -> None:
    # Sybil runs the page in order; here each block gets a fresh namespace, as a reader's paste does
    with contextlib.redirect_stdout(io.StringIO()):
        exec(compile(BLOCKS[number], f"tutorial block {number + 1}", "exec"), {})  # our own page


def test_the_install_is_from_a_checkout_first_and_the_published_name_second() -> None:
    install = PAGE.split("## 1. Install\n")[1].split("\n## ")[0]
    commands = [line[2:] for line in install.splitlines() if line.startswith("$ ")]
    assert commands[:2] == ["python3 -m venv .venv", ".venv/bin/pip install ."]  # works before any release
    later = install.index("pip install rummylib")
    assert install.index(".venv/bin/pip install .") < later
    assert '!!! note "Later: the published package"' in install[:later]
    assert "not published" in install
