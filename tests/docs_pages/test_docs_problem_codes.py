"""docs/reference/problem-codes.md lists every RuleId, each with an example that reports it."""

from __future__ import annotations

import re
import runpy
from pathlib import Path
from typing import Any

from rummylib import RuleId

DOCS = Path(__file__).resolve().parents[2] / "docs"
GEN: dict[str, Any] = runpy.run_path(str(DOCS / "gen_problem_codes.py"))
PAGE = (DOCS / "reference" / "problem-codes.md").read_text(encoding="utf-8")


def test_every_code_has_an_example_and_no_example_is_stale() -> None:
    codes = {r.value for r in RuleId}
    examples = set(GEN["EXAMPLES"])
    assert codes - examples == set(), "add an example to docs/gen_problem_codes.py"
    assert examples - codes == set(), "an example names a code that RuleId no longer has"


def test_page_anchors_match_the_enum() -> None:
    anchors = re.findall(r"^### `([a-z-]+)` \{#([a-z-]+)\}$", PAGE, flags=re.MULTILINE)
    assert all(code == anchor for code, anchor in anchors)
    assert [code for code, _ in anchors] == [r.value for r in RuleId]


def test_page_is_what_the_generator_writes() -> None:
    # render() runs every example and checks it reports its code.
    section = PAGE.split(GEN["START"])[1].split(GEN["END"])[0]
    assert section.strip() == GEN["render"]().strip(), "run: python docs/gen_problem_codes.py"


def test_meanings_come_from_the_docstrings() -> None:
    meanings = {code: meaning for _, code, meaning in GEN["rule_ids"]()}
    assert meanings["run-wraps"].startswith("A run would only be consecutive by wrapping")
    assert all(meanings.values()), "every RuleId member needs an attribute docstring"
