"""Each code block of the how-to pages and of the tutorial runs on its own, in a fresh namespace.

The root conftest.py runs every Markdown page's blocks in order, in one namespace per page, which
cannot see a block that uses a name only an earlier block defines. A reader who copies one block
into Python has nothing else: here each block runs alone, with its own imports and set-up.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sybil import Sybil
from sybil.parsers.markdown import PythonCodeBlockParser

DOCS = Path(__file__).resolve().parents[2] / "docs"
PAGES = [*sorted((DOCS / "how-to").glob("*.md")), DOCS / "tutorial" / "index.md"]
SYBIL = Sybil(parsers=[PythonCodeBlockParser()])


def blocks() -> list[tuple[str, int]]:
    """``(page, line)`` of every Python block of the pages, as Sybil finds them."""
    return [(str(page.relative_to(DOCS)), example.line) for page in PAGES for example in SYBIL.parse(page).examples()]


def test_the_pages_have_blocks_to_run() -> None:
    found = {page for page, _ in blocks()}
    assert "how-to/validate-moves.md" in found and "tutorial/index.md" in found
    assert len(blocks()) >= 60


@pytest.mark.parametrize(("page", "line"), blocks())
def test_a_block_runs_on_its_own(page: str, line: int) -> None:
    document = SYBIL.parse(DOCS / page)
    example = next(e for e in document.examples() if e.line == line)
    document.namespace.clear()  # nothing from the blocks above it
    example.evaluate()
