"""A griffe extension for the API reference: the presets shown as tables of their options.

mkdocstrings would show each preset (``RUMMIKUB = RuleSet(...)``) as the source that builds it,
with opaque tuples such as ``deck_table=((2, 2, 1), (5, 3, 2))``. This extension replaces that
value with a table of the options the preset sets, in words, and gives ``PRESETS`` a table that
compares the five games option by option. The tables are computed from the rule sets
themselves (`RuleSet.options`), so they cannot go stale. ``mkdocs.yml`` loads it among the
mkdocstrings extensions; ``tests/docs_pages/test_docs_presets.py`` checks its tables.
"""

from __future__ import annotations

import typing
from collections.abc import Mapping, Sequence
from typing import Any

import attrs
import griffe

from rummylib import rules as _rules
from rummylib.rules import PRESETS, RuleSet

_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
_CONSTANTS = {rules.name: rules.name.upper() for rules in PRESETS.values()}
"""Each preset's name and the constant that holds it (``"gin_rummy"`` is ``GIN_RUMMY``)."""


def defaults() -> dict[str, object]:
    """The default of every option of every game (the `RuleSet` field defaults), as `RuleSet.options` writes them."""
    hints = typing.get_type_hints(RuleSet)
    return {
        f.name: _rules._OPTIONS.encode(f.default, hints[f.name])
        for f in attrs.fields(RuleSet)
        if f.name not in _rules._FIXED_FIELDS
    }


def _card_points(values: Sequence[int]) -> str:
    face = list(values[1:10]) == list(range(2, 11))
    parts = [f"A {values[0]}"]
    parts.append(
        "2–10 face value" if face else " ".join(f"{r} {v}" for r, v in zip(_RANKS[1:10], values[1:10], strict=True))
    )
    courts = values[10:]
    parts.append(
        f"J Q K {courts[0]}"
        if len(set(courts)) == 1
        else " ".join(f"{r} {v}" for r, v in zip(_RANKS[10:], courts, strict=True))
    )
    return ", ".join(parts)


def _deck_table(rows: Sequence[Sequence[int]]) -> str:
    shown = []
    for players, decks, jokers in rows:
        deck = "1 deck" if decks == 1 else f"{decks} decks"
        joker = "no joker" if jokers == 0 else ("1 joker" if jokers == 1 else f"{jokers} jokers")
        shown.append(f"{players}+ players: {deck}, {joker}")
    return "; ".join(shown)


def shown(name: str, value: object) -> str:
    """An option's value in words, for a table cell."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if name == "card_points" and isinstance(value, list):
        return _card_points(value)
    if name == "deck_table" and isinstance(value, list):
        return _deck_table(value) if value else "none"
    if name == "rounds" and isinstance(value, list):
        return f"{len(value)} rounds" if value else "none"
    if isinstance(value, list):
        return " ".join(str(v) for v in value) if value else "none"
    return str(value)


def preset_table(rules: RuleSet, base: Mapping[str, object] | None = None) -> str:
    """A Markdown table of the options ``rules`` sets differently from the defaults."""
    base = defaults() if base is None else base
    lines = ["| option | value | default |", "|---|---|---|"]
    for name, value in rules.options().items():
        if value != base[name]:
            lines.append(f"| `{name}` | {shown(name, value)} | {shown(name, base[name])} |")
    return "\n".join(lines)


def every_option(rules: RuleSet) -> str:
    """A collapsed Markdown table of every option of ``rules``."""
    rows = "\n".join(f"| `{name}` | {shown(name, value)} |" for name, value in rules.options().items())
    return (
        f'<details markdown="1"><summary>Every option of {rules.title}</summary>\n\n'
        f"| option | value |\n|---|---|\n{rows}\n\n</details>"
    )


def comparison_table() -> str:
    """A Markdown table of every option some preset sets, one column per game ("—": not a rule of that game)."""
    base = defaults()
    games = list(PRESETS.values())
    head = "| option | " + " | ".join(r.title for r in games) + " |"
    lines = [head, "|---|" + "---|" * len(games)]
    options = [r.options() for r in games]
    for name in base:
        if any(name in o and o[name] != base[name] for o in options):
            cells = (shown(name, o[name]) if name in o else "—" for o in options)
            lines.append(f"| `{name}` | " + " | ".join(cells) + " |")
    return "\n".join(lines)


class PresetTables(griffe.Extension):
    """Replace the presets' source with tables of their options."""

    def on_package(self, *, pkg: griffe.Module, **kwargs: Any) -> None:
        """Rewrite ``rummylib.rules``' presets once the package is loaded."""
        if pkg.name != "rummylib" or "rules" not in pkg.members:
            return
        rules_module = pkg.members["rules"]
        for name, constant in _CONSTANTS.items():
            attribute = rules_module.members.get(constant)
            if not isinstance(attribute, griffe.Attribute):
                continue
            attribute.value = None
            table = preset_table(PRESETS[name])
            intro = "The options it sets differently from the `RuleSet` defaults:"
            _append(attribute, f"{intro}\n\n{table}\n\n{every_option(PRESETS[name])}")
        presets = rules_module.members.get("PRESETS")
        if isinstance(presets, griffe.Attribute):
            presets.value = None
            intro = "Every option one of the games sets differently from the `RuleSet` default, game by game:"
            _append(presets, f"{intro}\n\n{comparison_table()}")


def _append(attribute: griffe.Attribute, text: str) -> None:
    if attribute.docstring is None:
        attribute.docstring = griffe.Docstring(text, parent=attribute)
    else:
        attribute.docstring.value = f"{attribute.docstring.value}\n\n{text}"
