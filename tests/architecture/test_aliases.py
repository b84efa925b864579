"""Each type alias has one home: defined once in src, and used by name rather than written out again.

A type alias is a module-level ``X: TypeAlias = ...`` or ``X = A | B`` (a union of types). Two
modules defining the same name drift apart (``TableLike`` once meant two different things), and a
union written out again instead of its alias (``str | Piece`` for `PieceLike`) hides that it is one
idea. Small helpers the games share live once too (`rummylib._inputs.sorted_pieces`).
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src" / "rummylib"


_TYPE_STATEMENT = getattr(ast, "TypeAlias", None)


def _is_union(node: ast.expr) -> bool:
    return isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr)


def aliases(tree: ast.Module) -> dict[str, ast.expr]:
    """The module-level type aliases of a module: name -> the aliased type."""
    found: dict[str, ast.expr] = {}
    for node in tree.body:
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.value is not None:
            if ast.unparse(node.annotation) in {"TypeAlias", "typing.TypeAlias"}:
                found[node.target.id] = node.value
        elif isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            if _is_union(node.value):
                found[node.targets[0].id] = node.value
        elif _TYPE_STATEMENT is not None and isinstance(node, _TYPE_STATEMENT):  # `type X = ...` (3.12)
            found[node.name.id] = node.value
    return found


def _trees() -> dict[str, ast.Module]:
    return {str(p.relative_to(SRC.parent)): ast.parse(p.read_text(encoding="utf-8")) for p in sorted(SRC.rglob("*.py"))}


TREES = _trees()


def test_the_reader_finds_the_aliases() -> None:
    tree = ast.parse("from typing import TypeAlias\nA: TypeAlias = int | str\nB = C | D\nE = 3\nF: int = 4\n")
    assert set(aliases(tree)) == {"A", "B"}
    assert "PieceLike" in aliases(TREES["rummylib/pieces.py"])


def test_no_alias_is_defined_twice() -> None:
    homes: dict[str, list[str]] = defaultdict(list)
    for path, tree in TREES.items():
        for name in aliases(tree):
            homes[name].append(path)
    twice = {name: paths for name, paths in homes.items() if len(paths) > 1}
    assert not twice, f"an alias defined in more than one module: {twice}"


def _annotations(tree: ast.Module) -> list[ast.expr]:
    """Every annotation of a module: of parameters, returns and annotated names (run-time tests aside)."""
    found: list[ast.expr] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.arg) and node.annotation is not None:
            found.append(node.annotation)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.returns is not None:
            found.append(node.returns)
        elif isinstance(node, ast.AnnAssign):
            found.append(node.annotation)
    return found


def _unions(annotation: ast.expr) -> list[ast.expr]:
    """The outermost unions inside an annotation (``A | B | C``, not its inner ``A | B``)."""
    if _is_union(annotation):
        return [annotation]
    return [u for child in ast.iter_child_nodes(annotation) if isinstance(child, ast.expr) for u in _unions(child)]


def test_no_alias_is_written_out_again() -> None:
    # the union an alias names is written once, as that alias; annotations elsewhere use the alias
    defined: dict[str, tuple[str, str]] = {}
    for path, tree in TREES.items():
        for name, value in aliases(tree).items():
            if _is_union(value):
                defined[ast.unparse(value)] = (name, path)
    written: list[str] = []
    for path, tree in TREES.items():
        for annotation in _annotations(tree):
            for union in _unions(annotation):
                text = ast.unparse(union)
                if text in defined:
                    name, home = defined[text]
                    written.append(f"{path}:{union.lineno}: {text} is {name} ({home})")
    assert not written, "\n".join(written)


def test_one_piece_is_piece_like() -> None:
    # "one piece, or its notation" is PieceLike wherever it is written
    found = [
        f"{path}:{node.lineno}"
        for path, tree in TREES.items()
        if path != "rummylib/pieces.py"
        for node in ast.walk(tree)
        if _is_union(node) and {ast.unparse(node.left), ast.unparse(node.right)} == {"Piece", "str"}
    ]
    assert not found, found


def test_the_shared_helpers_are_defined_once() -> None:
    for helper in ("_sorted", "sorted_pieces"):
        homes = [
            path
            for path, tree in TREES.items()
            for node in tree.body
            if isinstance(node, ast.FunctionDef) and node.name == helper
        ]
        assert len(homes) <= 1, (helper, homes)
