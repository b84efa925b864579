"""Write ``docs/reference/api.md``, the API at a glance: every public name on one line, by game.

The names are every ``__all__`` of every public module of rummylib; each line gives the name (a
link to its full entry in the API reference), what it is, its first docstring line and where to
import it from. Constants and type aliases have no ``__doc__`` at run time, so their attribute
docstrings are read from the source. Run ``python docs/gen_api.py`` after adding or renaming a
public name; ``tests/docs_pages/test_docs_api.py`` fails while the page is stale or misses a name.
"""

from __future__ import annotations

import ast
import enum
import functools
import importlib
import inspect
import itertools
import pkgutil
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import rummylib

DOCS = Path(__file__).resolve().parent
PAGE = DOCS / "reference" / "api.md"

GROUPS: list[tuple[str, str, tuple[str, ...]]] = [
    # (heading, one line of introduction, the modules whose names it lists)
    (
        "The core",
        "Pieces, notation, rule sets, the meld engine, tables and the referee protocol: shared by every game.",
        (
            "rummylib.errors",
            "rummylib.tiles",
            "rummylib.cards",
            "rummylib.pieces",
            "rummylib.notation",
            "rummylib.rules",
            "rummylib.melds",
            "rummylib.table",
            "rummylib.decks",
            "rummylib.scoring",
            "rummylib.referee",
            "rummylib.actions",
        ),
    ),
    ("Rummikub", "The turn judge, scores, the referee and the solver.", ("rummylib.rummikub",)),
    (
        "Contract Rummy and Shanghai",
        "Contracts and meld-downs, lay-offs, joker swaps, scores and the referees.",
        ("rummylib.contracts",),
    ),
    ("Gin Rummy", "Deadwood, knocking, scores and the referees.", ("rummylib.gin",)),
    ("Indian Rummy", "Declarations, the best arrangement and the points of a deal.", ("rummylib.indian",)),
    (
        "Services",
        "Over every game: the list of games, audits, saved games and game records.",
        (
            "rummylib.registry",
            "rummylib.audit",
            "rummylib.saves",
            "rummylib.records",
        ),
    ),
    (
        "Agents",
        "Bots for every game, and an arena that plays them against each other.",
        ("rummylib.agents",),
    ),
    (
        "Faces",
        "Text and pictures in, the Python API out: batch, command line, pictures, test strategies.",
        (
            "rummylib.batch",
            "rummylib.cli",
            "rummylib.svg",
            "rummylib.testing",
        ),
    ),
]
"""Each heading of the page and the modules (with their public submodules) it covers."""


OWN_PAGE = frozenset({"rummylib.agents.openspiel"})
"""Public modules of an extra the README's install leaves out (``openspiel``): each is documented on
its own page (its ``::: module``), not here, so that this page is the same with or without the extra."""


def public_modules() -> list[str]:
    """Every module of rummylib with no private part in its name (but those in `OWN_PAGE`)."""
    names = ["rummylib"]
    for info in pkgutil.walk_packages(rummylib.__path__, "rummylib."):
        if not any(part.startswith("_") for part in info.name.split(".")[1:]) and info.name not in OWN_PAGE:
            names.append(info.name)
    return names


@functools.cache
def _all_modules() -> tuple[str, ...]:
    """Every module of rummylib, private ones too (where some constants are defined), but those of an
    optional extra that is not installed (the arena's Ray backend without Ray)."""
    found = ["rummylib"]
    for info in pkgutil.walk_packages(rummylib.__path__, "rummylib."):
        try:
            importlib.import_module(info.name)
        except ModuleNotFoundError:
            continue
        found.append(info.name)
    return tuple(found)


@functools.cache
def _module_docs(module: str) -> dict[str, str]:
    return _attribute_docs(importlib.import_module(module))


def _constant_doc(name: str, obj: object, exported_from: str) -> tuple[str, str]:
    """The attribute docstring of a constant and the module that writes it (searching every module)."""
    for module in (exported_from, *_all_modules()):
        if getattr(importlib.import_module(module), name, None) is obj and name in _module_docs(module):
            return _module_docs(module)[name], module
    return "", exported_from


def public_names(module: str) -> list[str]:
    """A module's ``__all__`` (empty when it has none)."""
    return list(getattr(importlib.import_module(module), "__all__", ()))


def _documented() -> dict[str, set[str] | None]:
    """The modules the API reference renders (``::: module``), each with its listed members (``None``: all)."""
    found: dict[str, set[str] | None] = {}
    for page in sorted(DOCS.rglob("*.md")):
        lines = page.read_text(encoding="utf-8").splitlines()
        for i, line in enumerate(lines):
            if not line.startswith("::: "):
                continue
            module = line[4:].strip()
            members: set[str] | None = None
            block = []
            for follow in lines[i + 1 :]:
                if follow and not follow.startswith(" "):
                    break
                block.append(follow.strip())
            if "members: false" in block:
                members = set()
            elif "members:" in block:
                at = block.index("members:")
                members = {item[2:].strip() for item in block[at + 1 :] if item.startswith("- ")}
            found[module] = members
    return found


def _source(module: ModuleType) -> str:
    """A module's source; for a module of the compiled build, the ``.py`` shipped beside its extension."""
    try:
        return inspect.getsource(module)
    except OSError:
        assert module.__file__ is not None
        return (Path(module.__file__).parent / (module.__name__.rpartition(".")[2] + ".py")).read_text(encoding="utf-8")


def _attribute_docs(module: ModuleType) -> dict[str, str]:
    """The docstrings written under module-level assignments (``NAME = ...`` then ``\"\"\"...\"\"\"``)."""
    body = ast.parse(_source(module)).body
    docs: dict[str, str] = {}
    for node, after in itertools.pairwise(body):
        target = None
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            target = node.targets[0].id
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            target = node.target.id
        if (
            target is not None
            and isinstance(after, ast.Expr)
            and isinstance(after.value, ast.Constant)
            and isinstance(after.value.value, str)
        ):
            docs[target] = inspect.cleandoc(after.value.value)
    return docs


def _first_line(text: str) -> str:
    first = text.strip().split("\n\n")[0].replace("\n", " ")
    return re.sub(r"\s+", " ", first).replace("|", "\\|")


def _kind(obj: object) -> str:
    if inspect.isclass(obj):
        if issubclass(obj, BaseException):
            return "exception"
        return "enum" if issubclass(obj, enum.Enum) else "class"
    if inspect.isfunction(obj) or inspect.isbuiltin(obj):
        return "function"
    if inspect.ismodule(obj):
        return "module"
    return "constant"


class Entry:
    """One public name: where it is documented, what it is, and where to import it from."""

    def __init__(self, name: str, module: str, obj: object, doc: str, anchor: str | None) -> None:
        self.name = name
        self.module = module
        self.obj = obj
        self.doc = doc
        self.anchor = anchor


def _entries(package: str, documented: dict[str, set[str] | None]) -> Iterator[Entry]:
    """The names of ``package`` and its public submodules, each once, in the order of the modules."""
    modules = [m for m in public_modules() if m == package or m.startswith(package + ".")]
    seen: set[str] = set()
    for module_name in modules:
        module = importlib.import_module(module_name)
        for name in public_names(module_name):
            if name in seen:
                continue
            seen.add(name)
            obj = getattr(module, name)
            defined = getattr(obj, "__module__", None) if inspect.isclass(obj) or inspect.isfunction(obj) else None
            if inspect.isclass(obj) or inspect.isfunction(obj) or inspect.ismodule(obj):
                doc = inspect.getdoc(obj) or ""
            else:
                doc, where = _constant_doc(name, obj, module_name)
                defined = where
            # mkdocstrings leaves out a member with no docstring, so there is nothing to link to
            anchor = _anchor(name, defined or module_name, documented) if doc else None
            yield Entry(name, module_name, obj, _first_line(doc), anchor)


def _anchor(name: str, defined: str, documented: dict[str, set[str] | None]) -> str | None:
    """The reference entry of ``name`` defined in ``defined``: that module's, or the nearest documented parent's."""
    parts = defined.split(".")
    while parts:
        module = ".".join(parts)
        members = documented.get(module, set())
        has = name in public_names(module) if not any(p.startswith("_") for p in parts[1:]) else False
        if module in documented and (members is None or name in members) and (has or module == defined):
            return f"{module}.{name}"
        parts.pop()
    return None


def _root_entry(name: str) -> Entry:
    """A name that only the package root exports (``__version__``, ``build_info``), with its own docstring.

    The API reference has no entry for them, so they are listed without a link.
    """
    obj = getattr(rummylib, name)
    doc = (
        inspect.getdoc(obj)
        if inspect.isclass(obj) or inspect.isfunction(obj)
        else _constant_doc(name, obj, "rummylib")[0]
    )
    return Entry(name, "rummylib", obj, _first_line(doc or ""), None)


def render() -> str:
    """The whole page."""
    documented = _documented()
    root = set(rummylib.__all__)
    out = [
        "# API at a glance",
        "",
        "Every public name of rummylib on one line, grouped by game. Each name links to its full entry",
        "in the API reference; the last column says where to import it from (`rummylib` itself for",
        "most names: `from rummylib import validate_turn`). The page is generated from the library's",
        "`__all__` lists and docstrings, so it lists everything there is.",
        "",
    ]
    groups = [
        (heading, intro, [e for p in packages for e in _entries(p, documented)]) for heading, intro, packages in GROUPS
    ]
    listed = {e.name for _, _, entries in groups for e in entries}
    version = [_root_entry(name) for name in rummylib.__all__ if name not in listed]
    groups[0][2][:0] = version  # names only the package root has (its version and build) open the core's table
    for heading, intro, entries in groups:
        # the div's class keeps names and modules whole (docs/stylesheets/extra.css): the description wraps
        out += [f"## {heading}", "", intro, "", '<div class="api-glance" markdown>', ""]
        out += ["| name | what it is | import from |", "|---|---|---|"]
        for entry in entries:
            name = f"[`{entry.name}`][{entry.anchor}]" if entry.anchor else f"`{entry.name}`"
            at_root = entry.name in root and getattr(rummylib, entry.name) is entry.obj
            where = "rummylib" if at_root else entry.module
            out.append(f"| {name} | *{_kind(entry.obj)}* — {entry.doc} | `{where}` |")
        out += ["", "</div>", ""]
    return "\n".join(out)


def main() -> int:
    """Write the page."""
    PAGE.write_text(render(), encoding="utf-8")
    print(f"wrote {PAGE.relative_to(DOCS.parent)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
