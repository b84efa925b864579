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


def test_every_generated_picture_is_shown_on_a_page() -> None:
    text = "\n".join(page.read_text(encoding="utf-8") for page in DOCS.rglob("*.md"))
    unused = sorted(name for name in PICTURES if f"assets/{name}" not in text)
    assert not unused, f"gen_pictures.py draws pictures no page shows: {unused}"


@pytest.mark.parametrize("page", ["rummikub.md", "contract-rummy.md", "shanghai.md", "gin-rummy.md", "indian-rummy.md"])
def test_every_rules_page_has_pictures(page: str) -> None:
    text = (DOCS / "rules" / page).read_text(encoding="utf-8")
    assert text.count("](../assets/") >= 3, f"docs/rules/{page}: melds, a legal and an illegal example, a joker"
