"""The walls of the house (docs/explanation/layout.md), held by the test suite itself.

rummylib's import graph is read from the source with ``ast``: every ``import`` and ``from ...
import`` of a rummylib module wherever it stands (module level, inside a function or a class,
under ``if TYPE_CHECKING:``), relative imports resolved. On that graph the tests check that

* there is no import circle, once the ``_repr_svg_`` display hooks are set aside;
* every import below module level is a display hook (or on the shrinking allow-list below);
* each floor imports only from the floors below it, and the games never import each other;
* ``import rummylib`` loads none of the optional extras, and none of the games: the package's
  ``__getattr__`` imports the names of the games and the registry on first use (measured: it
  halves the time of ``import rummylib``), and each game package's ``__getattr__`` its own
  modules (a batch worker's first lay-off does not build the contract referees);
* the import-linter contracts in pyproject.toml hold, and ignore exactly the display hooks.

A display hook is an import from `rummylib.svg` written directly inside a method named
``_repr_svg_``: pictures sit above the values they draw, so the value imports its painter when
Jupyter asks for a picture. It is the one function-level import the house allows, and there is
one: ``rummylib.tiles.Drawable._repr_svg_``, which every value with a picture inherits.
"""

from __future__ import annotations

import ast
import importlib
import itertools
import json
import os
import shutil
import subprocess
import sys
import tomllib
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

import pytest

import rummylib

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src"
PACKAGE = "rummylib"

GAMES = ("rummylib.rummikub", "rummylib.contracts", "rummylib.gin", "rummylib.indian")
"""Floor 3: one package per game family; they never import each other."""
SERVICES = ("rummylib.registry", "rummylib.audit", "rummylib.saves", "rummylib.records")
"""Floor 4: services over every game."""
FACES = ("rummylib.agents", "rummylib.batch", "rummylib.cli", "rummylib.svg", "rummylib.testing", "rummylib.__main__")
"""Floor 5: text <-> API, no rules."""
CORE_GROUND = (
    "rummylib._tokens",
    "rummylib._readings",  # the meld engine's readings over ints
    "rummylib.errors",
    "rummylib.tiles",
    "rummylib.cards",
    "rummylib.pieces",
    "rummylib.rules",
    "rummylib.notation",
    "rummylib._json",  # typed JSON <-> attrs values, under rules
    "rummylib._inputs",  # the one normaliser of inputs
    "rummylib._build",  # which build is installed (pure or compiled), read from the files
    "rummylib._deprecation",  # old names kept working for a while, with a warning
    "rummylib._copies",  # the referees' copies of their own states, fields unchecked
)
"""Floor 1 of the core. Every other module is floor 2 of the core, so a new module is held as core."""

EXTRAS = (
    "hypothesis",
    "sybil",
    "pytest",
    "numpy",
    "gymnasium",
    "pettingzoo",
    "ray",
    "mkdocs",
    "pyspiel",
    "open_spiel",
    "shimmy",
)
"""Top-level packages of the optional extras, which ``import rummylib`` must not load."""

NEEDS_EXTRA = ("rummylib.agents.envs", "rummylib.agents.openspiel")
"""Packages built on an optional extra (the ``agents`` and ``openspiel`` extras): importing them loads it, by design.
``rummylib.agents`` itself loads none."""

STILL_LAZY: frozenset[tuple[str, str]] = frozenset()
"""Imports below module level that are not display hooks, still waiting to be moved up."""

LATE_BY_DESIGN: dict[tuple[str, str], str] = {
    ("rummylib.__main__", "rummylib.cli"): "`rummylib batch` does not build the command line of people",
    ("rummylib.batch.command", "rummylib.batch.arguments"): "argparse, only for --help or a usage error",
    ("rummylib.batch.signing", "hmac"): "OpenSSL's hashes, only when a worker signs",
    ("rummylib.agents.arena", "rummylib.agents._ray"): "Ray, an optional extra, only for backend='ray'",
    **{
        ("rummylib.agents.text", f"rummylib.rummikub.{m}"): "the tile game's play, only when a tile game lists moves"
        for m in ("actions", "solver")
    },
    **{
        ("rummylib.registry", f"rummylib.{game}"): "a game's package, when its family is first used"
        for game in ("rummikub", "contracts", "gin", "indian")
    },
    **{
        ("rummylib.batch", f"rummylib.batch.{ops}"): "a game's ops, when a request first needs them"
        for ops in ("core", "rummikub", "contracts", "layoffs", "gin", "indian", "sessions", "text")
    },
}
"""The late imports that keep a start fast (``rummylib batch`` answers soon after it starts), each
an ordinary import statement inside the function that needs it, so that the walls (this file's
graph and import-linter) see it like any other; ``importlib`` is left to the packages' lazy
``__getattr__``, whose edges their ``if TYPE_CHECKING:`` imports show."""


# ------------------------------------------------------------------------------------------
# Reading the graph
# ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Import:
    """One imported module of one import statement."""

    importer: str
    """The module holding the statement."""
    imported: str
    """The module imported, absolute (``from rummylib import svg`` imports ``rummylib.svg``)."""
    line: int
    scope: str | None
    """Where the statement stands: ``None`` at module level, else ``Class.method`` and so on."""
    hook: bool
    """A display hook: an import from `rummylib.svg` directly inside a method ``_repr_svg_``."""

    def __str__(self) -> str:
        where = f" in {self.scope}" if self.scope else ""
        return f"{self.importer} (line {self.line}{where}) imports {self.imported}"


def module_files(src: Path, package: str) -> dict[str, Path]:
    """Every module of ``package`` under ``src``, by dotted name (a package by its ``__init__``)."""
    found: dict[str, Path] = {}
    for path in sorted((src / package).rglob("*.py")):
        parts = list(path.relative_to(src).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


class _Collector(ast.NodeVisitor):
    def __init__(self, module: str, is_package: bool, modules: Iterable[str]) -> None:
        self.module = module
        self.package = module if is_package else module.rpartition(".")[0]
        self.modules = set(modules)
        self.scopes: list[tuple[str, str]] = []  # ("class" | "def", name), outermost first
        self.found: list[Import] = []

    def _scoped(self, kind: str, node: ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        self.scopes.append((kind, node.name))
        self.generic_visit(node)
        self.scopes.pop()

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        self._scoped("class", node)

    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        self._scoped("def", node)

    def visit_AsyncFunctionDef(self, node: ast.AsyncFunctionDef) -> None:
        self._scoped("def", node)

    def _add(self, imported: str, node: ast.stmt, *, hook: bool = False) -> None:
        scope = ".".join(name for _, name in self.scopes) or None
        self.found.append(Import(self.module, imported, node.lineno, scope, hook))

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self._add(alias.name, node)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        if node.level:
            parts = self.package.split(".")
            up = node.level - 1
            if up >= len(parts):
                raise AssertionError(f"{self.module} line {node.lineno}: relative import above the package")
            base = ".".join(parts[: len(parts) - up] + ([node.module] if node.module else []))
        else:
            base = node.module or ""
        # directly inside a method _repr_svg_: the innermost scope is that def, and a class holds it
        in_hook = len(self.scopes) >= 2 and self.scopes[-1] == ("def", "_repr_svg_") and self.scopes[-2][0] == "class"
        for alias in node.names:
            candidate = f"{base}.{alias.name}"
            imported = candidate if candidate in self.modules else base
            module = node.module or ""
            to_svg = (module == PACKAGE and alias.name == "svg") or module.startswith(f"{PACKAGE}.svg.")
            written = node.level == 0 and to_svg and alias.asname is None
            self._add(imported, node, hook=in_hook and written)


def read_imports(src: Path, package: str) -> list[Import]:
    """Every import statement of every module of ``package``, one `Import` per module imported."""
    files = module_files(src, package)
    found: list[Import] = []
    for module, path in files.items():
        collector = _Collector(module, path.name == "__init__.py", files)
        collector.visit(ast.parse(path.read_text(encoding="utf-8"), filename=str(path)))
        found += collector.found
    return found


def internal(imports: Iterable[Import], package: str = PACKAGE) -> list[Import]:
    """The imports of the package's own modules, a module importing itself left out."""
    return [
        i
        for i in imports
        if (i.imported == package or i.imported.startswith(package + ".")) and i.imported != i.importer
    ]


def graph_of(imports: Iterable[Import]) -> dict[str, set[str]]:
    """Importer -> the modules it imports."""
    graph: dict[str, set[str]] = {}
    for i in imports:
        graph.setdefault(i.importer, set()).add(i.imported)
        graph.setdefault(i.imported, set())
    return graph


def find_cycle(graph: Mapping[str, Iterable[str]]) -> list[str] | None:
    """An import circle of ``graph``, as ``[a, b, ..., a]``, or ``None`` when there is none.

    Depth first, in sorted order (the same circle every run); iterative, so a long chain cannot
    exhaust the stack.
    """
    edges = {node: sorted(set(targets)) for node, targets in graph.items()}
    for targets in list(edges.values()):
        for t in targets:
            edges.setdefault(t, [])
    done: set[str] = set()
    for start in sorted(edges):
        if start in done:
            continue
        path = [start]
        on_path = {start: 0}
        todo: list[Iterator[str]] = [iter(edges[start])]
        while todo:
            nxt = next(todo[-1], None)
            if nxt is None:
                todo.pop()
                done.add(path[-1])
                del on_path[path.pop()]
            elif nxt in on_path:
                return [*path[on_path[nxt] :], nxt]
            elif nxt not in done:
                on_path[nxt] = len(path)
                path.append(nxt)
                todo.append(iter(edges[nxt]))
    return None


def _within(module: str, packages: Iterable[str]) -> str | None:
    return next((p for p in packages if module == p or module.startswith(p + ".")), None)


def floor_of(module: str) -> int:
    """1 and 2 the core, 3 the games, 4 the services, 5 the faces, 6 the package root."""
    if module == PACKAGE:
        return 6
    if _within(module, FACES):
        return 5
    if _within(module, SERVICES):
        return 4
    if _within(module, GAMES):
        return 3
    return 1 if module in CORE_GROUND else 2


FLOOR_NAMES = {1: "core floor 1", 2: "core floor 2", 3: "a game", 4: "a service", 5: "a face", 6: "the package root"}


def wall_breaks(imports: Iterable[Import]) -> list[str]:
    """Every import that goes up a floor, or from one game to another (display hooks set aside).

    Faces may import the root (``from rummylib import __version__``): it re-exports the core and
    the games and imports no face; nothing lower may, since it would bring in every game.
    """
    breaks = []
    for i in imports:
        if i.hook:
            continue
        low, high = floor_of(i.importer), floor_of(i.imported)
        if low == 5 and high == 6:
            continue
        game, other = _within(i.importer, GAMES), _within(i.imported, GAMES)
        if high > low:
            breaks.append(f"{i}: {FLOOR_NAMES[low]} imports {FLOOR_NAMES[high]}")
        elif game is not None and other is not None and game != other:
            breaks.append(f"{i}: the game {game} imports another game, {other}")
    return breaks


IMPORTS = read_imports(SRC, PACKAGE)
MODULES = module_files(SRC, PACKAGE)


# ------------------------------------------------------------------------------------------
# The helpers work (so that the walls below cannot hold vacuously)
# ------------------------------------------------------------------------------------------


def test_find_cycle_on_hand_made_graphs() -> None:
    assert find_cycle({}) is None
    assert find_cycle({"a": ["b", "c"], "b": ["d"], "c": ["d"], "d": []}) is None  # a diamond
    assert find_cycle({"a": ["a"]}) == ["a", "a"]
    graph = {"top": ["a"], "a": ["b"], "b": ["c", "leaf"], "c": ["a"], "leaf": []}
    cycle = find_cycle(graph)
    assert cycle is not None
    assert cycle[0] == cycle[-1]
    assert set(cycle) == {"a", "b", "c"}
    assert all(b in graph[a] for a, b in itertools.pairwise(cycle))
    assert find_cycle({"x": ["y"], "y": ["z"], "z": ["x", "w"]}) == ["x", "y", "z", "x"]


def test_find_cycle_survives_a_long_chain() -> None:
    chain = {f"m{k}": [f"m{k + 1}"] for k in range(5000)}
    assert find_cycle(chain) is None
    chain["m5000"] = ["m0"]
    cycle = find_cycle(chain)
    assert cycle is not None and len(cycle) == 5002


def test_reader_sees_every_kind_of_import(tmp_path: Path) -> None:
    pkg = tmp_path / "rummylib"
    (pkg / "game").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "svg.py").write_text("")
    (pkg / "base.py").write_text("")
    (pkg / "game" / "__init__.py").write_text("from . import rules\nfrom .rules import X\n")
    (pkg / "game" / "rules.py").write_text(
        "from typing import TYPE_CHECKING\n"
        "import rummylib.base\n"
        "from .. import svg as pictures\n"
        "from ..base import thing\n"
        "if TYPE_CHECKING:\n"
        "    from rummylib.game import Y\n"
        "def later():\n"
        "    from rummylib import base\n"
        "class Value:\n"
        "    def _repr_svg_(self):\n"
        "        from rummylib import svg\n"
        "        from rummylib import base\n"
        "def _repr_svg_():\n"
        "    from rummylib import svg\n"
    )
    found = read_imports(tmp_path, "rummylib")
    seen = {(i.importer, i.imported, i.line, i.scope, i.hook) for i in internal(found)}
    rules = "rummylib.game.rules"
    assert seen == {
        ("rummylib.game", rules, 1, None, False),
        ("rummylib.game", rules, 2, None, False),
        (rules, "rummylib.base", 2, None, False),
        (rules, "rummylib.svg", 3, None, False),  # an alias is not the hook
        (rules, "rummylib.base", 4, None, False),
        (rules, "rummylib.game", 6, None, False),  # under TYPE_CHECKING
        (rules, "rummylib.base", 8, "later", False),
        (rules, "rummylib.svg", 11, "Value._repr_svg_", True),  # the one hook
        (rules, "rummylib.base", 12, "Value._repr_svg_", False),
        (rules, "rummylib.svg", 14, "_repr_svg_", False),  # a function, not a method
    }


def test_wall_breaks_on_hand_made_imports() -> None:
    def imp(importer: str, imported: str, *, hook: bool = False) -> Import:
        return Import(importer, imported, 1, "Meld._repr_svg_" if hook else None, hook)

    assert wall_breaks([imp("rummylib.melds", "rummylib.svg", hook=True)]) == []
    assert wall_breaks([imp("rummylib.cli", "rummylib"), imp("rummylib.gin.hand", "rummylib.gin._engine")]) == []
    broken = [
        imp("rummylib.melds", "rummylib.svg"),
        imp("rummylib.tiles", "rummylib.melds"),
        imp("rummylib.gin", "rummylib.rummikub.turns"),
        imp("rummylib.saves", "rummylib.cli"),
        imp("rummylib.registry", "rummylib"),
        imp("rummylib._inputs", "rummylib.indian"),  # a new module counts as core
    ]
    assert len(wall_breaks(broken)) == len(broken)


def test_the_real_graph_is_read() -> None:
    assert {"rummylib", "rummylib.melds", "rummylib.rummikub.solver._dp", "rummylib.batch.protocol"} <= set(MODULES)
    graph = graph_of(internal(IMPORTS))
    assert "rummylib.pieces" in graph["rummylib.melds"]
    assert "rummylib.rummikub.turns" in graph["rummylib.rummikub.game"]
    assert sum(len(t) for t in graph.values()) > 150
    hooks = {(i.importer, i.imported, i.scope) for i in IMPORTS if i.hook}
    assert hooks == {("rummylib.tiles", "rummylib.svg._drawers", "Drawable._repr_svg_")}, hooks


def test_one_repr_svg_in_the_package() -> None:
    # every value with a picture inherits Drawable's hook, which asks the drawers' table
    defined = [
        f"{module}.{node.name}"
        for module, path in MODULES.items()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.ClassDef)
        for item in node.body
        if isinstance(item, ast.FunctionDef) and item.name == "_repr_svg_"
    ]
    assert defined == ["rummylib.tiles.Drawable"]


# ------------------------------------------------------------------------------------------
# The walls
# ------------------------------------------------------------------------------------------


def _edge_lines(imports: Iterable[Import]) -> dict[tuple[str, str], int]:
    lines: dict[tuple[str, str], int] = {}
    for i in imports:
        lines.setdefault((i.importer, i.imported), i.line)
    return lines


def test_no_import_circle() -> None:
    kept = [i for i in internal(IMPORTS) if not i.hook]
    cycle = find_cycle(graph_of(kept))
    if cycle is not None:
        lines = _edge_lines(kept)
        steps = [f"  {a} (line {lines[a, b]}) imports {b}" for a, b in itertools.pairwise(cycle)]
        pytest.fail("an import circle, display hooks set aside:\n" + "\n".join(steps))


def test_only_display_hooks_import_below_module_level() -> None:
    lazy = [i for i in IMPORTS if i.scope is not None and not i.hook]
    allowed = STILL_LAZY | set(LATE_BY_DESIGN)
    offenders = list(dict.fromkeys(str(i) for i in lazy if (i.importer, i.imported) not in allowed))
    assert not offenders, "import these at module level (only _repr_svg_ hooks may import late):\n" + "\n".join(
        offenders
    )


def test_every_late_import_by_design_is_still_there() -> None:
    late = {(i.importer, i.imported) for i in IMPORTS if i.scope is not None and not i.hook}
    assert set(LATE_BY_DESIGN) <= late, sorted(set(LATE_BY_DESIGN) - late)


def test_allow_list_of_late_imports_only_shrinks() -> None:
    still = {(i.importer, i.imported) for i in IMPORTS if i.scope is not None and not i.hook}
    gone = sorted(STILL_LAZY - still)
    assert not gone, f"these late imports are gone: delete them from STILL_LAZY: {gone}"


def test_floors() -> None:
    breaks = wall_breaks(internal(IMPORTS))
    assert not breaks, "imports through a wall of the house:\n" + "\n".join(breaks)


@pytest.mark.parametrize(
    "statement",
    [
        "import rummylib",
        # every module but rummylib.testing, which is the hypothesis strategies by design, the
        # arena's Ray backend, which is Ray by design, and the packages built on an extra
        "; ".join(
            f"import {m}"
            for m in sorted(set(MODULES) - {"rummylib.testing", "rummylib.agents._ray"})
            if not _within(m, NEEDS_EXTRA)
        ),
        "import rummylib.agents",
    ],
    ids=["rummylib", "every-module-but-testing-and-extras", "agents"],
)
def test_import_loads_no_optional_extra(statement: str) -> None:
    code = (
        "import json, sys\n"
        "before = set(sys.modules)\n"
        f"{statement}\n"
        "print(json.dumps(sorted(set(sys.modules) - before)))\n"
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(SRC), os.environ.get("PYTHONPATH")]))}
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False, env=env
    )
    assert result.returncode == 0, result.stderr[-2000:]
    loaded = json.loads(result.stdout.splitlines()[-1])
    assert "rummylib" in loaded
    extras = sorted(m for m in loaded if m.partition(".")[0] in EXTRAS)
    assert not extras, f"{statement[:60]} loads optional extras: {extras}"


# ------------------------------------------------------------------------------------------
# The one lazy loader: rummylib._deprecation.LazyAttributes, the __getattr__ of the package (the
# names of the games and the registry) and of each game package (a module of its own)
# ------------------------------------------------------------------------------------------

LAZY_LOADER = ("rummylib._deprecation", "__call__")
"""The one function that imports late besides the display hooks (with ``importlib``, which the
graph above does not see): `LazyAttributes`, the package's ``__getattr__`` loading ``rummylib._LAZY``
and each game package's loading its modules, on first use."""


class _ImportCalls(ast.NodeVisitor):
    """Every call of ``importlib.import_module`` or ``__import__``, with the function it stands in."""

    def __init__(self, module: str) -> None:
        self.module = module
        self.scopes: list[str] = []
        self.found: list[tuple[str, str | None]] = []

    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        self.scopes.append(node.name)
        self.generic_visit(node)
        self.scopes.pop()

    def visit_Call(self, node: ast.Call) -> None:
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
        if name in ("import_module", "__import__"):
            self.found.append((self.module, ".".join(self.scopes) or None))
        self.generic_visit(node)


def _calls_to_import_module() -> list[tuple[str, str | None]]:
    found = []
    for module, path in MODULES.items():
        visitor = _ImportCalls(module)
        visitor.visit(ast.parse(path.read_text(encoding="utf-8")))
        found += visitor.found
    return found


def test_only_the_package_getattr_imports_late_with_importlib() -> None:
    callers = set(_calls_to_import_module())
    assert callers == {LAZY_LOADER}, f"imports through importlib elsewhere: {sorted(callers)}"


def _is_type_checking(test: ast.expr) -> bool:
    """``TYPE_CHECKING`` or ``typing.TYPE_CHECKING`` (not its negation)."""
    name = test.attr if isinstance(test, ast.Attribute) else test.id if isinstance(test, ast.Name) else None
    return name == "TYPE_CHECKING"


def _typed_late() -> set[tuple[str, str]]:
    """``(module, name)`` of the package's imports under ``if TYPE_CHECKING:`` (only from-imports there)."""
    for node in ast.parse(MODULES[PACKAGE].read_text(encoding="utf-8")).body:
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            assert all(isinstance(stmt, ast.ImportFrom) and stmt.module for stmt in node.body), (
                "only from-imports under TYPE_CHECKING"
            )
    return _typed_late_in(PACKAGE)


CORE_LATE = frozenset({"rummylib.decks", "rummylib.referee", "rummylib.scoring", "rummylib.table"})
"""The core modules whose names the package imports when first used: a ``rummylib batch`` worker's
first meld needs none of them (their attrs classes and imports are about a tenth of its start)."""


def test_the_lazy_names_are_games_and_services_typed_and_exported() -> None:
    lazy: dict[str, tuple[str, ...]] = rummylib._LAZY
    for module in lazy:
        assert floor_of(module) in (3, 4) or module in CORE_LATE, (
            f"{module} is not a game or a service: import it eagerly"
        )
    listed = {(module, name) for module, names in lazy.items() for name in names}
    assert _typed_late() == listed, "rummylib._LAZY and its TYPE_CHECKING imports must name the same things"
    for module, name in listed:
        value = getattr(importlib.import_module(module), name)
        deprecated = isinstance(getattr(value, "__deprecated__", None), str)  # an old name: out of __all__
        assert (name in rummylib.__all__) != deprecated, name
        assert getattr(rummylib, name) is value
    assert set(dir(rummylib)) >= set(rummylib.__all__)


def _typed_late_in(package: str) -> set[tuple[str, str]]:
    """``(module, name)`` of a package's imports under ``if TYPE_CHECKING:``."""
    found = set()
    for node in ast.parse(MODULES[package].read_text(encoding="utf-8")).body:
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for stmt in node.body:
                if isinstance(stmt, ast.ImportFrom) and stmt.module:
                    found |= {(stmt.module, alias.name) for alias in stmt.names}
    return found


@pytest.mark.parametrize("package", GAMES)
def test_a_game_package_types_every_name_it_loads_late(package: str) -> None:
    # each game package's __getattr__ (rummylib._deprecation.LazyAttributes) loads its modules on
    # first use: what it loads, its TYPE_CHECKING imports and its __all__ must name the same things
    from rummylib._deprecation import LazyAttributes

    module = importlib.import_module(package)
    getattr_ = vars(module)["__getattr__"]
    assert isinstance(getattr_, LazyAttributes)
    lazy = {(where, name) for name, where in getattr_.lazy_names.items()}
    typed = {(where, name) for where, name in _typed_late_in(package) if name not in getattr_.names}
    assert typed == lazy, f"{package}: its lazy names and its TYPE_CHECKING imports differ"
    for where, name in lazy:
        assert where.startswith(f"{package}."), f"{package} loads {name} from another package"
        value = getattr(importlib.import_module(where), name)
        assert getattr(module, name) is value
        deprecated = isinstance(getattr(value, "__deprecated__", None), str)
        assert (name in module.__all__) != deprecated, name
    assert set(dir(module)) >= set(module.__all__)
    assert all(hasattr(module, name) for name in module.__all__)


def test_import_rummylib_loads_the_core_only() -> None:
    code = "import json, sys\nimport rummylib\nprint(json.dumps(sorted(sys.modules)))\n"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(SRC), os.environ.get("PYTHONPATH")]))}
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True, env=env
    )
    loaded = {m for m in json.loads(result.stdout) if m.startswith("rummylib.")}
    assert loaded, "nothing of rummylib loaded"
    assert all(floor_of(m) in (1, 2) for m in loaded), sorted(m for m in loaded if floor_of(m) > 2)


# ------------------------------------------------------------------------------------------
# import-linter: the same walls as contracts in pyproject.toml
# ------------------------------------------------------------------------------------------


def _contracts() -> list[dict[str, object]]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contracts: list[dict[str, object]] = config["tool"]["importlinter"]["contracts"]
    return contracts


def test_import_linter_ignores_exactly_the_display_hooks() -> None:
    hooks = {f"{i.importer} -> {i.imported}" for i in IMPORTS if i.hook}
    for contract in _contracts():
        ignored = contract.get("ignore_imports")
        assert isinstance(ignored, list)
        assert len(ignored) == len(set(ignored)) and set(ignored) == hooks, (
            f"{contract['name']}: ignore_imports should be the display hooks, {sorted(hooks)}"
        )


def test_import_linter_floors_are_the_floors_of_this_test() -> None:
    by_id = {c["id"]: c for c in _contracts()}
    layers = by_id["floors"]["layers"]
    assert isinstance(layers, list)
    floors = [{f"{PACKAGE}.{m.strip().strip('()')}" for m in layer.replace("|", ":").split(":")} for layer in layers]
    assert floors[0] == set(FACES)
    assert floors[1] == set(SERVICES)
    assert floors[2] == set(GAMES) and "|" in layers[2]  # the games are kept apart
    assert floors[4] == set(CORE_GROUND)
    assert all(floor_of(m) == 2 for m in floors[3])
    assert by_id["games-apart"]["modules"] == list(GAMES)


def _lint_imports() -> str | None:
    here = Path(sys.executable).parent
    return shutil.which("lint-imports", path=os.pathsep.join([str(here), os.environ.get("PATH", "")]))


@pytest.mark.skipif(_lint_imports() is None, reason="import-linter is not installed (pip install -e '.[tests]')")
def test_import_linter_contracts_hold() -> None:
    command = _lint_imports()
    assert command is not None
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(SRC), os.environ.get("PYTHONPATH")]))}
    result = subprocess.run(
        [command, "--config", "pyproject.toml", "--no-cache"],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        cwd=ROOT,
        env=env,
    )
    assert result.returncode == 0, (result.stdout + result.stderr)[-4000:]
