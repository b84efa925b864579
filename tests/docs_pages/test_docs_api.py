"""docs/reference/api.md, the API at a glance, names every public name and is what docs/gen_api.py writes."""

from __future__ import annotations

import importlib
import re
import runpy
from pathlib import Path
from typing import Any

import pytest

DOCS = Path(__file__).resolve().parents[2] / "docs"
GEN: dict[str, Any] = runpy.run_path(str(DOCS / "gen_api.py"))
PAGE = (DOCS / "reference" / "api.md").read_text(encoding="utf-8")


def listed() -> dict[str, list[str]]:
    """Each name on the page and the modules it is listed under."""
    found: dict[str, list[str]] = {}
    for name, module in re.findall(r"^\| \[?`([A-Za-z_0-9]+)`.*\| `([a-z_.]+)` \|$", PAGE, flags=re.MULTILINE):
        found.setdefault(name, []).append(module)
    return found


def test_page_is_what_the_generator_writes() -> None:
    assert PAGE == GEN["render"](), "run: python docs/gen_api.py (docs/reference/api.md is stale)"


@pytest.mark.parametrize("module", GEN["public_modules"]())
def test_every_public_name_is_on_the_page(module: str) -> None:
    names = getattr(importlib.import_module(module), "__all__", [])
    page = listed()
    missing = [n for n in names if n not in page]
    assert not missing, f"{module}: {missing} missing from docs/reference/api.md (run python docs/gen_api.py)"


def test_every_module_with_public_names_is_in_a_group() -> None:
    grouped = [m for _, _, modules in GEN["GROUPS"] for m in modules]
    for module in GEN["public_modules"]():
        if module == "rummylib" or not getattr(importlib.import_module(module), "__all__", None):
            continue
        assert any(module == g or module.startswith(g + ".") for g in grouped), f"{module} is in no group of gen_api.py"


def test_each_line_is_one_name_with_its_first_docstring_line() -> None:
    from rummylib.rummikub import validate_turn

    first = (validate_turn.__doc__ or "").strip().splitlines()[0]
    line = next(row for row in PAGE.splitlines() if row.startswith("| [`validate_turn`]"))
    assert first in line and line.endswith("| `rummylib` |")  # importable from rummylib itself
    assert all(row.count(" | ") == 2 for row in PAGE.splitlines() if row.startswith("| [`"))


def test_the_names_only_the_package_root_has_each_say_what_they_are() -> None:
    import rummylib

    rows = {
        name: row
        for row in PAGE.splitlines()
        for name in ("BuildInfo", "__version__", "build_info")
        if row.startswith(f"| `{name}` |")
    }
    assert set(rows) == {"BuildInfo", "__version__", "build_info"}
    described = {name: row.split(" — ", 1)[1].rsplit(" | ", 1)[0] for name, row in rows.items()}
    assert len(set(described.values())) == 3, described  # three names, three descriptions
    for name in ("BuildInfo", "build_info"):
        first = (getattr(rummylib, name).__doc__ or "").strip().splitlines()[0]
        assert described[name] == first
    assert "version" in described["__version__"] and "as a string" in described["__version__"]
