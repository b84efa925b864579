"""docs/reference/error-codes.md lists every ErrorCode; docs/batch.md's error table lists them all too."""

from __future__ import annotations

import re
import runpy
from pathlib import Path
from typing import Any

from rummylib import ErrorCode, RummyError

DOCS = Path(__file__).resolve().parents[2] / "docs"
GEN: dict[str, Any] = runpy.run_path(str(DOCS / "gen_error_codes.py"))
PAGE = (DOCS / "reference" / "error-codes.md").read_text(encoding="utf-8")
BATCH = (DOCS / "batch.md").read_text(encoding="utf-8")


def _error_classes(cls: type[RummyError]) -> list[type[RummyError]]:
    out = []
    for sub in cls.__subclasses__():
        out.append(sub)
        out.extend(_error_classes(sub))
    return out


def _batch_error_table() -> list[str]:
    section = BATCH.split("\n## Errors\n")[1].split("\n## ")[0]
    rows = [line for line in section.splitlines() if line.startswith("|")]
    assert rows[0].replace(" ", "") == "|code|meaning|", "the error table keeps its two columns"
    assert set(rows[1]) <= {"|", "-", " ", ":"}
    codes = []
    for row in rows[2:]:
        first_cell = row.split("|")[1]
        found = re.findall(r"`([^`]+)`", first_cell)
        assert found, f"a row of the error table names no code: {row}"
        codes.extend(found)
    return codes


def test_every_code_has_one_example_or_a_sentence() -> None:
    codes = [c.value for c in ErrorCode]
    kinds = [set(GEN["EXAMPLES"]), set(GEN["REQUESTS"]), set(GEN["NO_EXAMPLE"])]
    assert sorted(code for kind in kinds for code in kind) == sorted(codes), (
        "give each ErrorCode exactly one entry in EXAMPLES, REQUESTS or NO_EXAMPLE (docs/gen_error_codes.py)"
    )


def test_page_anchors_match_the_enum() -> None:
    anchors = re.findall(r"^### `([a-z-]+)` \{#([a-z-]+)\}$", PAGE, flags=re.MULTILINE)
    assert all(code == anchor for code, anchor in anchors)
    assert [code for code, _ in anchors] == [c.value for c in ErrorCode]


def test_page_is_what_the_generator_writes() -> None:
    # render() runs every example and checks it gives its code.
    section = PAGE.split(GEN["START"])[1].split(GEN["END"])[0]
    assert section.strip() == GEN["render"]().strip(), "run: python docs/gen_error_codes.py"


def test_meanings_come_from_the_docstrings() -> None:
    meanings = {code: meaning for _, code, meaning in GEN["error_codes"]()}
    assert list(meanings) == [c.value for c in ErrorCode]
    assert meanings["bad-json"].startswith("A line that is not valid JSON")
    assert all(meanings.values()), "every ErrorCode member needs an attribute docstring"
    sections = {section for section, _, _ in GEN["error_codes"]()}
    assert "input: pieces and notation" in sections and "" not in sections


def test_every_code_comes_with_a_class_but_internal_error() -> None:
    classes = GEN["classes_for"]()
    assert set(classes) <= {c.value for c in ErrorCode}
    assert {c.value for c in ErrorCode} - set(classes) == {"internal-error"}
    assert ("RequestError", False) in classes["bad-field"]  # given only where it is raised
    assert ("NotationError", True) in classes["bad-notation"]  # the class's own code


def test_batch_error_table_lists_every_code_once() -> None:
    # every RummyError a Python call raises comes back through batch with its code
    listed = _batch_error_table()
    assert len(listed) == len(set(listed)), "a code is listed twice in docs/batch.md's error table"
    assert set(listed) == {c.value for c in ErrorCode}, "docs/batch.md's error table must list every ErrorCode"


def test_every_class_code_is_an_error_code() -> None:
    classes = [RummyError, *_error_classes(RummyError)]
    assert len(classes) > 10
    for cls in classes:
        assert isinstance(cls.code, ErrorCode), f"{cls.__name__}.code is not an ErrorCode member"
        assert ErrorCode(cls.code.value) is cls.code
