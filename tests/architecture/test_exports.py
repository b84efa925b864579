"""Each package's exports are written once, and what type checkers see is what the package hands out.

`rummylib` and the game packages load most of their names on first use (PEP 562 ``__getattr__``).
Such a package names each export once: an eager name in its import (``from m import X as X``, an
explicit re-export, one statement per module), a late one in its ``_LAZY`` table (module ->
names), which the lazy loader reads. ``__all__`` is derived from both the first time it is read. Type checkers and import-linter cannot read a
table, so the package's ``if TYPE_CHECKING:`` block imports the late names too: this file writes
that block from the table (``python tests/architecture/test_exports.py``) and holds the two equal.
"""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

SRC = Path(__file__).resolve().parents[2] / "src"
PACKAGES = ("rummylib", "rummylib.rummikub", "rummylib.contracts", "rummylib.gin", "rummylib.indian")
HEADER = "if typing.TYPE_CHECKING:  # _LAZY's names, written from it by tests/architecture/test_exports.py"


def _source(package: str) -> Path:
    return SRC.joinpath(*package.split("."), "__init__.py")


def _is_type_checking(test: ast.expr) -> bool:
    return isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"


def lazy_table(tree: ast.Module) -> dict[str, tuple[str, ...]]:
    """The ``_LAZY`` table of a package's source, read without importing it."""
    for node in tree.body:
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.target.id == "_LAZY":
            assert node.value is not None
            table: dict[str, tuple[str, ...]] = ast.literal_eval(node.value)
            return table
    raise AssertionError("no _LAZY table")


def type_checking_block(tree: ast.Module) -> ast.If:
    """The package's ``if TYPE_CHECKING:`` block (the first one; ``if not TYPE_CHECKING:`` aside)."""
    return next(node for node in tree.body if isinstance(node, ast.If) and _is_type_checking(node.test))


def block_text(table: dict[str, tuple[str, ...]]) -> str:
    lines = [HEADER]
    for module, names in sorted(table.items()):
        lines += [f"    from {module} import {name} as {name}" for name in names]
    return "\n".join(lines) + "\n"


def write(package: str) -> None:
    """Write the package's TYPE_CHECKING block from its ``_LAZY`` table (then ruff sorts the imports)."""
    path = _source(package)
    text = path.read_text(encoding="utf-8")
    tree = ast.parse(text)
    block = type_checking_block(tree)
    lines = text.splitlines(keepends=True)
    assert block.end_lineno is not None
    new = [*lines[: block.lineno - 1], block_text(lazy_table(tree)), *lines[block.end_lineno :]]
    path.write_text("".join(new), encoding="utf-8")


@pytest.mark.parametrize("package", PACKAGES)
def test_the_type_checking_block_imports_exactly_the_lazy_table(package: str) -> None:
    tree = ast.parse(_source(package).read_text(encoding="utf-8"))
    table = lazy_table(tree)
    wanted = {(module, name) for module, names in table.items() for name in names}
    found: set[tuple[str, str]] = set()
    for node in type_checking_block(tree).body:
        assert isinstance(node, ast.ImportFrom) and node.module, ast.unparse(node)
        for alias in node.names:
            assert alias.asname == alias.name, f"{package}: {alias.name} is not re-exported as itself"
            found.add((node.module, alias.name))
    assert found == wanted, "stale: run python tests/architecture/test_exports.py"
    names = [name for _, name in wanted]
    assert len(names) == len(set(names)), "a name is listed under two modules"


@pytest.mark.parametrize("package", PACKAGES)
def test_every_eager_import_is_an_export_or_private(package: str) -> None:
    # An eager name is exported by writing it once, as `from m import X as X`; anything else the
    # package imports for itself is private (`as _x`) or a module, and so stays out of __all__.
    tree = ast.parse(_source(package).read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.module not in {"__future__"}:
            for alias in node.names:
                as_name = alias.asname or alias.name
                exported = alias.asname == alias.name
                assert exported or as_name.startswith("_") or as_name == "TYPE_CHECKING", (
                    f"{package}: `{ast.unparse(node)}` neither re-exports {alias.name} nor keeps it private"
                )


@pytest.mark.parametrize("package", PACKAGES)
def test_the_eager_exports_are_one_statement_per_module(package: str) -> None:
    # each `from m import ...` statement costs `import rummylib` its own lookup: one per module
    tree = ast.parse(_source(package).read_text(encoding="utf-8"))
    modules = [
        node.module
        for node in tree.body
        if isinstance(node, ast.ImportFrom) and any(alias.asname == alias.name for alias in node.names)
    ]
    assert len(modules) == len(set(modules)), modules


@pytest.mark.parametrize("package", PACKAGES)
def test_every_name_of_all_resolves_and_all_is_the_one_source(package: str) -> None:
    module = importlib.import_module(package)
    tree = ast.parse(_source(package).read_text(encoding="utf-8"))
    lazy = {name for names in lazy_table(tree).values() for name in names}
    assert set(module.__getattr__.lazy_names) == lazy
    assert lazy <= set(module.__all__)
    assert module.__all__ == sorted(set(module.__all__))
    for name in module.__all__:
        value = getattr(module, name)
        assert not isinstance(value, ModuleType), f"{package}.__all__ lists the module {name}"
        assert name == "__version__" or not name.startswith("_")
    assert "TYPE_CHECKING" not in module.__all__
    assert set(module.__all__) <= set(dir(module))
    assert vars(module)["__all__"] is module.__all__  # written once, on first read, then kept


def test_star_import_takes_all() -> None:
    namespace: dict[str, object] = {}
    exec("from rummylib.gin import *", namespace)
    assert set(namespace) - {"__builtins__"} == set(importlib.import_module("rummylib.gin").__all__)


def test_import_rummylib_loads_no_game_and_all_stays_whole() -> None:
    script = (
        "import sys, rummylib; names = rummylib.__all__; "
        "print(sorted(m for m in sys.modules if m.startswith('rummylib.') and m.count('.') == 1)); print(len(names))"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout.split("\n")
    loaded = ast.literal_eval(out[0])
    assert not {"rummylib.rummikub", "rummylib.contracts", "rummylib.gin", "rummylib.indian"} & set(loaded)
    assert not {"rummylib.registry", "rummylib.svg", "rummylib.batch"} & set(loaded)


if __name__ == "__main__":
    for each in PACKAGES:
        write(each)
    subprocess.run([sys.executable, "-m", "ruff", "check", "--fix", "--select", "I", *map(str, map(_source, PACKAGES))])
