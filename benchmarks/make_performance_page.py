"""Write docs/performance.md from the benchmark results in benchmarks/results/.

Run after any benchmark: python benchmarks/make_performance_page.py
"""

from __future__ import annotations

from pathlib import Path

HERE = Path(__file__).parent
SECTIONS = [
    ("meld.md", "Meld validation", "python benchmarks/bench_meld.py", None),
    ("turn.md", "Rummikub turn validation", "python benchmarks/bench_turn.py", "assets/perf-turn.svg"),
    ("solver.md", "The Rummikub solver against rummikub-solver", "python benchmarks/bench_solver.py", "assets/perf-solver.svg"),
    ("contract.md", "Finding a contract meld-down", "python benchmarks/bench_contract.py", None),
    ("contract_referee.md", "The Contract Rummy / Shanghai referee", "python benchmarks/bench_contract_referee.py", None),
    ("gin.md", "Gin deadwood against RLCard and OpenSpiel", "python benchmarks/bench_gin.py", None),
    ("worst_cases.md", "Worst cases within the input limits", "python benchmarks/bench_worst_cases.py", None),
]

INTRO = """# Performance

Every figure on this page was measured by a script in `benchmarks/` and copied here by
`python benchmarks/make_performance_page.py`. Speed is never asserted in the test suite; it is
measured here, with peers run on the same inputs in the same run where a peer exists
(`pip install -e ".[bench]"` installs them).

The machine: 2 cores, Python 3.11. Several of these runs shared the machine with other jobs, so
treat absolute figures as rough and the ratios (measured in one run) as the meaningful part.
"""


def _demote(text: str) -> str:
    """Headings of a results file become sub-headings of its section."""
    lines = []
    for line in text.splitlines():
        lines.append("#" + line if line.startswith("#") else line)
    return "\n".join(lines).strip()


def main() -> None:
    parts = [INTRO]
    for name, title, command, chart in SECTIONS:
        path = HERE / "results" / name
        if not path.exists():
            continue
        parts.append(f"## {title}\n\nReproduce: `{command}`\n")
        if chart:
            parts.append(f"![{title}]({chart})\n")
        parts.append(_demote(path.read_text(encoding="utf-8")) + "\n")
    out = HERE.parent / "docs" / "performance.md"
    out.write_text("\n".join(parts), encoding="utf-8")
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
