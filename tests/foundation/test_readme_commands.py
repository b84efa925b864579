"""The README's quick-start commands work on a system Python that refuses pip (PEP 668), and CI runs them.

`.ci/run` must run the README's commands exactly as written (the quick start, the install of the
test extras and the test command), so that CI proves what a new user copies.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
CI = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
PYTEST = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["pytest"]["ini_options"]


def _quick_start_commands() -> list[str]:
    section = README.split("\n## Quick start\n")[1].split("\n## ")[0]
    blocks = re.findall(r"```bash\n(.*?)```", section, flags=re.DOTALL)
    return [line.strip() for block in blocks for line in block.splitlines() if line.strip()]


def _ci_commands() -> list[str]:
    return [line.strip() for line in CI.splitlines() if line.strip() and not line.lstrip().startswith("#")]


def test_the_quick_start_has_an_install_a_first_run_and_a_test_command() -> None:
    commands = _quick_start_commands()
    first, install, tests = commands
    assert "batch examples/requests.jsonl" in first
    assert '.[tests,docs,agents]"' in install  # the agents extra: CI runs the environments' tests
    assert "-m pytest" in tests


def test_every_quick_start_command_makes_and_uses_a_virtual_environment() -> None:
    # PEP 668: the system Python of Debian 12 and Ubuntu refuses `python3 -m pip install .`
    for command in _quick_start_commands():
        assert "python3 -m pip" not in command
        for step in command.split("&&"):
            words = step.split()
            makes_it = words[:3] == ["python3", "-m", "venv"]
            assert makes_it or words[0].startswith(".venv/bin/"), (
                f"{step.strip()!r} does not run from the virtual environment"
            )


def test_ci_runs_the_readme_commands_as_written() -> None:
    ci = _ci_commands()
    for command in _quick_start_commands():
        assert command in ci, f".ci/run does not run the README's command {command!r}"


def test_ci_installs_before_it_tests_and_makes_no_environment_of_its_own() -> None:
    ci = _ci_commands()
    first, install, tests = (ci.index(c) for c in _quick_start_commands())
    assert first < install < tests
    made = [line for line in ci if "-m venv" in line]
    # .venv is the README's environment: CI makes it only as the README does. The clean environments
    # that try the built wheel (one per Python) live elsewhere, in temporary directories.
    for line in made:
        target = line.split("-m venv", 1)[1].split()[0]
        assert line in _quick_start_commands() or not target.strip("\"'").startswith(".venv"), (
            f"CI makes the README's environment in a way the README does not: {line!r}"
        )
    for tool in ("ruff check", "lint-imports", "mypy --strict", "mkdocs build --strict"):
        assert any(line.startswith(tool) for line in ci[install:tests]), f"CI no longer runs {tool}"


def test_the_readme_test_command_runs_in_parallel_by_itself() -> None:
    # A user types `.venv/bin/python -m pytest` and nothing more: the parallel run is pyproject's
    # (a worker per core, one file to a worker so that a page's examples run in order, together).
    addopts = " ".join(PYTEST["addopts"])
    assert "-n auto" in addopts and "--dist loadfile" in addopts
    # CI times the README's command as a user runs it: it sets no worker count of its own.
    ci_addopts = [line for line in _ci_commands() if "PYTEST_ADDOPTS=" in line and "--collect-only" not in line]
    assert ci_addopts and all(not re.search(r"(^|[\s\"])(-n|--numprocesses|--dist)\b", line) for line in ci_addopts)
    # and the README says how to run in one process
    assert "`-n 0`" in README.split("\n## Quick start\n")[1].split("\n## ")[0]
