"""The API reference shows each preset as tables of its options (docs/hooks/presets.py), not as source."""

from __future__ import annotations

import runpy
from pathlib import Path
from typing import Any

import pytest

from rummylib.rules import PRESETS, RuleSet

griffe = pytest.importorskip("griffe", reason="the docs extra (griffe, through mkdocstrings) is not installed")

ROOT = Path(__file__).resolve().parents[2]
HOOK: dict[str, Any] = runpy.run_path(str(ROOT / "docs" / "hooks" / "presets.py"))


@pytest.fixture(scope="module")
def rules_module() -> Any:
    package = griffe.load(
        "rummylib", search_paths=[str(ROOT / "src")], extensions=griffe.load_extensions(HOOK["PresetTables"])
    )
    module = package["rules"]
    assert isinstance(module, griffe.Module)
    return module


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_each_preset_shows_a_table_not_its_source(rules_module: Any, name: str) -> None:
    rules: RuleSet = PRESETS[name]
    attribute = rules_module[name.upper()]
    assert attribute.value is None
    assert attribute.docstring is not None
    text = attribute.docstring.value
    assert "| option | value | default |" in text
    assert f"Every option of {rules.title}" in text
    base = HOOK["defaults"]()
    for option, value in rules.options().items():
        if value != base[option]:
            assert f"| `{option}` | {HOOK['shown'](option, value)} |" in text


def test_presets_compares_the_games_in_at_most_seven_columns(rules_module: Any) -> None:
    attribute = rules_module["PRESETS"]
    assert attribute.value is None and attribute.docstring is not None
    header = next(line for line in attribute.docstring.value.splitlines() if line.startswith("| option |"))
    assert header.count("|") - 1 <= 7
    assert all(r.title in header for r in PRESETS.values())


def test_values_are_words() -> None:
    shown = HOOK["shown"]
    assert shown("buying", True) == "yes" and shown("max_buys", None) == "none"
    assert shown("card_points", list(PRESETS["gin_rummy"].card_points)) == "A 1, 2–10 face value, J Q K 10"
    assert shown("deck_table", [[2, 2, 1], [5, 3, 2]]) == "2+ players: 2 decks, 1 joker; 5+ players: 3 decks, 2 jokers"
    assert "((" not in HOOK["comparison_table"]()
