"""docs/performance.md is what benchmarks/make_performance_page.py writes, and reads as a page for users."""

from __future__ import annotations

import runpy
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
GEN: dict[str, Any] = runpy.run_path(str(ROOT / "benchmarks" / "make_performance_page.py"))
PAGE = (ROOT / "docs" / "performance.md").read_text(encoding="utf-8")


def tables(text: str) -> list[list[str]]:
    found: list[list[str]] = []
    current: list[str] = []
    for line in text.splitlines():
        if line.startswith("|"):
            current.append(line)
        elif current:
            found.append(current)
            current = []
    return found + ([current] if current else [])


def test_page_is_what_the_generator_writes() -> None:
    assert PAGE == GEN["render"](), "run: python benchmarks/make_performance_page.py (docs/performance.md is stale)"


def test_every_table_fits_the_page() -> None:
    for table in tables(PAGE):
        columns = table[0].strip().strip("|").count("|") + 1
        assert columns <= 7, f"a table of {columns} columns: {table[0]}"


def test_every_benchmark_is_shown_once() -> None:
    results = {p.name for p in (ROOT / "benchmarks" / "results").glob("*.md")}
    shown = {t.results for t in GEN["TOPICS"]}
    assert results <= shown, f"results with no topic in make_performance_page.py: {sorted(results - shown)}"
    titles = [t.title for t in GEN["TOPICS"]]
    assert len(titles) == len(set(titles))
    for title in titles:
        assert PAGE.count(f"## {title}\n") == 1


@pytest.mark.parametrize("words", ["issue", "proposal", "session", "not added", "goal"])
def test_the_page_is_no_development_log(words: str) -> None:
    assert words not in PAGE.lower()


def test_a_topic_is_easy_to_add(tmp_path: Path) -> None:
    text = "# x\n\nMeasured 2031-01-02 on Python 3.13.1.\n\n| name | a /s | b |\n|---|---|---|\n| one | 1,000 | 2 |\n"
    rows = GEN["read_table"](text, "a /s")
    assert rows == [{"name": "one", "a /s": "1,000", "b": "2"}]
    topic = GEN["Topic"](
        results="x.md",
        title="x",
        command="python benchmarks/bench_x.py",
        lead="x",
        table="a /s",
        columns=[GEN["Column"]("name", "name", "---"), GEN["Column"]("per second", "a /s")],
    )
    assert GEN["_table"](topic, rows) == "| name | per second |\n|---|---:|\n| one | 1,000 |"
    assert GEN["measured"](text) == "measured 2031-01-02, CPython 3.13.1"
