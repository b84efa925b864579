"""The pictures committed under docs/assets/ are exactly what docs/gen_pictures.py draws."""

from __future__ import annotations

import runpy
from collections.abc import Callable
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[2] / "docs"
PICTURES: dict[str, Callable[[], str]] = runpy.run_path(str(DOCS / "gen_pictures.py"))["PICTURES"]


@pytest.mark.parametrize("name", sorted(PICTURES))
def test_committed_picture_matches_the_library(name: str) -> None:
    committed = (DOCS / "assets" / name).read_text(encoding="utf-8")
    assert committed == PICTURES[name]() + "\n", f"run: python docs/gen_pictures.py (docs/assets/{name} is stale)"


def test_every_picture_the_docs_use_is_generated() -> None:
    used = set()
    for page in DOCS.rglob("*.md"):
        text = page.read_text(encoding="utf-8")
        used |= {part.split(")")[0].rsplit("/", 1)[-1] for part in text.split("assets/")[1:]}
    missing = sorted(name for name in used if name.endswith(".svg") and name not in PICTURES)
    assert not missing, f"pages use pictures that gen_pictures.py does not draw: {missing}"
