"""Every error rummylib raises names its code by the enum, never by a raw string.

The scan reads the source of ``src/rummylib`` (its syntax tree, not its text) and finds:

* a ``code=`` argument given as a string literal (``RuleSetError(..., code="bad-option")``);
* a class body that sets ``code = "..."`` (an error class whose default code is a raw string);
* a `Violation` built with its rule as a string literal.

A raw string slips past mypy (``RummyError`` takes ``ErrorCode | str`` so that the batch can pass a
code on) and past the catalogue of codes; the enum member is checked when the module is imported.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src" / "rummylib"


def _is_raw_text(node: ast.expr) -> bool:
    return (isinstance(node, ast.Constant) and isinstance(node.value, str)) or isinstance(node, ast.JoinedStr)


def _call_name(node: ast.Call) -> str:
    func = node.func
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""


def raw_codes(source: str, filename: str = "<source>") -> list[str]:
    """Where ``source`` gives an error or a finding a raw string as its code: ``file:line: text``."""
    found: list[str] = []
    for node in ast.walk(ast.parse(source, filename)):
        if isinstance(node, ast.Call):
            for keyword in node.keywords:
                if keyword.arg == "code" and _is_raw_text(keyword.value):
                    found.append(f"{filename}:{node.lineno}: {ast.unparse(node)[:100]}")
            if _call_name(node) == "Violation" and node.args and _is_raw_text(node.args[0]):
                found.append(f"{filename}:{node.lineno}: {ast.unparse(node)[:100]}")
        elif isinstance(node, ast.ClassDef):
            for stmt in node.body:
                targets = (
                    stmt.targets
                    if isinstance(stmt, ast.Assign)
                    else [stmt.target]
                    if isinstance(stmt, ast.AnnAssign) and stmt.value is not None
                    else []
                )
                value = stmt.value if isinstance(stmt, ast.Assign | ast.AnnAssign) else None
                named_code = any(isinstance(t, ast.Name) and t.id == "code" for t in targets)
                if named_code and value is not None and _is_raw_text(value):
                    found.append(f"{filename}:{stmt.lineno}: class {node.name}: {ast.unparse(stmt)[:80]}")
    return found


def test_the_source_is_there() -> None:
    files = list(SRC.rglob("*.py"))
    assert len(files) > 50
    assert any(f.name == "errors.py" for f in files)


def test_no_error_is_raised_with_a_raw_string_code() -> None:
    found = [hit for path in sorted(SRC.rglob("*.py")) for hit in raw_codes(path.read_text("utf-8"), str(path))]
    assert not found, "use the ErrorCode (or RuleId) member, not its string:\n" + "\n".join(found)


@pytest.mark.parametrize(
    "source",
    [
        'raise RuleSetError("no", code="bad-option")',
        'raise RuleSetError("no", code=f"bad-{what}")',
        'err = errors.SaveError("no", code="bad-save")',
        'Violation("run-wraps", "wraps")',
        'class E(RummyError, ValueError):\n    code = "bad-rules"',
        'class E(RummyError, ValueError):\n    code: ErrorCode = "bad-rules"',
    ],
)
def test_the_scan_finds_a_raw_code(source: str) -> None:
    assert len(raw_codes(source)) == 1


@pytest.mark.parametrize(
    "source",
    [
        'raise RuleSetError("no", code=ErrorCode.BAD_OPTION)',
        'raise RequestError("no", code=exc.code)',
        "Violation(RuleId.RUN_WRAPS, 'wraps')",
        "class E(RummyError, ValueError):\n    code = ErrorCode.BAD_RULES",
        'print("code", "bad-option")',
    ],
)
def test_the_scan_passes_an_enum_code(source: str) -> None:
    assert raw_codes(source) == []
