"""The changelog tells the truth: every dotted name it mentions exists, and it links the policy.

A name in backticks with a dot (`rummylib.contracts.check_layoff`, `RuleSet.with_options`,
`svg.turn_report`) must resolve: a module of rummylib, a name in one, an attribute of a name the
package exports, or a module of a dependency (`attrs.evolve`). The renames and deprecations it
lists are checked against the package in tests/foundation/test_deprecation.py.
"""

from __future__ import annotations

import importlib
import importlib.util
import re
import warnings
from pathlib import Path

import rummylib

ROOT = Path(__file__).resolve().parents[2]
CHANGELOG = (ROOT / "docs" / "changelog.md").read_text(encoding="utf-8")


def dotted_names(text: str) -> list[str]:
    """Every name in backticks that has a dot in it (file names and calls are not names)."""
    return sorted(set(re.findall(r"`([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+)`", text)))


def resolves(name: str) -> bool:
    """Whether a dotted name is a module of rummylib, a name in one, or an attribute of one."""
    parts = name.split(".")
    if parts[0] != "rummylib" and importlib.util.find_spec(f"rummylib.{parts[0]}") is not None:
        parts = ["rummylib", *parts]  # `svg.turn_report`: a module of rummylib by its short name
    if parts[0] == "rummylib":
        start = 1
        obj: object = rummylib
        for start in range(len(parts), 0, -1):  # the longest prefix that is a module
            try:
                obj = importlib.import_module(".".join(parts[:start]))
                break
            except ModuleNotFoundError:
                continue
        rest = parts[start:]
    elif hasattr(rummylib, parts[0]):
        obj, rest = getattr(rummylib, parts[0]), parts[1:]
    else:
        try:
            obj, rest = importlib.import_module(parts[0]), parts[1:]
        except ModuleNotFoundError:
            return False
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # old names listed as deprecated still resolve
        for part in rest:
            if not hasattr(obj, part):
                attrs_fields = getattr(obj, "__attrs_attrs__", ())
                if part not in {field.name for field in attrs_fields}:
                    return False
                return True  # a field of an attrs class (not a class attribute until an instance has it)
            obj = getattr(obj, part)
    return True


def test_the_resolver_tells_names_from_non_names() -> None:
    assert resolves("rummylib.rummikub.validate_turn") and resolves("RuleSet.with_options")
    assert resolves("svg.turn_report") and resolves("attrs.evolve") and resolves("Solution.proved")
    assert not resolves("rummylib.table.validate_turn") and not resolves("rummylib.games")
    assert not resolves("rummylib.solver.solve") and not resolves("RuleSet.no_such_method")


def _without_old_names(text: str) -> str:
    """The changelog without the old names of its renamed-before-the-release list (gone, by design)."""
    head, title, rest = text.partition("### Renamed before the release")
    section, after, tail = rest.partition("\n#")
    kept = [line.split("→", 1)[1] if line.startswith("* ") and "→" in line else line for line in section.splitlines()]
    return head + title + "\n".join(kept) + after + tail


def test_every_dotted_name_of_the_changelog_exists() -> None:
    names = dotted_names(_without_old_names(CHANGELOG))
    assert len(names) > 20
    missing = [name for name in names if not resolves(name)]
    assert not missing, f"the changelog names what does not exist: {missing}"


def test_the_changelog_links_the_compatibility_policy_and_lists_the_renamed_names() -> None:
    # nothing was published before 0.1.0: its renamed names are listed, old -> new, with no alias
    unreleased = CHANGELOG.split("\n## ", 2)[1]
    assert "(compatibility.md)" in unreleased
    assert "\n### Deprecated\n" not in unreleased
    renamed = unreleased.split("\n### Renamed before the release\n", 1)[1].split("\n#", 1)[0]
    assert renamed.count("\n* `") >= 6 and "`lay_off` → `check_layoff`" in renamed


def test_no_file_of_the_project_cites_a_document_outside_it() -> None:
    # the rules, the design and the layout are the project's own pages: docs/rules/, docs/explanation/
    outside = re.compile(r"\b(?:RULES|STYLE|HOUSE)\.md\b|\.\./shared\b")
    places = [ROOT / "pyproject.toml", ROOT / "README.md", ROOT / "mkdocs.yml", ROOT / "conftest.py"]
    for folder in ("src", "tests", "docs", "examples", "benchmarks", "fuzz"):
        places += [p for p in (ROOT / folder).rglob("*") if p.suffix in {".py", ".md", ".toml", ".yml", ".js", ".txt"}]
    cited = [
        f"{path.relative_to(ROOT)}:{n}"
        for path in places
        if path.is_file()
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if outside.search(line) and path != Path(__file__)
    ]
    assert not cited, f"these lines cite a document outside the project: {cited}"
