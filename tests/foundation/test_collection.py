"""The suite collects where the docs extra is missing: its pages and hooks need no mkdocs or griffe to be collected.

The docs build's hooks live in ``docs/hooks`` and pytest collects ``docs`` (for the Markdown pages and
any doctest); the griffe extension imports griffe, which only the docs extra brings. A user who
installed the tests extra alone must still be able to run the suite: the pages that need the docs
extra skip, saying why, and nothing fails to import.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# A module set to None in sys.modules cannot be imported, and importlib.util.find_spec says it is absent.
WITHOUT_THE_DOCS_EXTRA = """
import sys
for name in ("griffe", "griffe_fieldz", "mkdocs", "mkdocstrings", "mkdocstrings_handlers", "material"):
    sys.modules[name] = None
import pytest
sys.exit(pytest.main(sys.argv[1:]))
"""


def test_the_docs_and_their_tests_collect_without_the_docs_extra() -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            WITHOUT_THE_DOCS_EXTRA,
            "--collect-only",
            "-q",
            "-p",
            "no:xdist",
            "-p",
            "no:randomly",
            "docs",
            "tests/docs_pages",
            "tests/browser",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert "error" not in done.stdout.splitlines()[-1], done.stdout[-2000:]
    assert "docs/how-to/validate-moves.md::" in done.stdout  # the pages themselves are still collected


def _pytest(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:randomly", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def test_the_suite_runs_in_one_process_with_n_0_or_without_xdist() -> None:
    # pyproject.toml asks for -n auto; -n 0 overrides it, and -p no:xdist (or no pytest-xdist at all)
    # must not turn the configured -n into an unknown option
    for switch in (["-n", "0"], ["-p", "no:xdist"]):
        done = _pytest(*switch, "tests/foundation/test_version.py")
        assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
        assert " passed" in done.stdout.splitlines()[-1]
        assert "gw0" not in done.stdout and "workers" not in done.stdout  # no worker was started
        if "no:xdist" in switch:
            assert "the tests run in one process" in done.stdout  # the header says why
