"""The version is written in one place, and every way of asking for it gives the same answer.

`src/rummylib/__init__.py` holds ``__version__``; the build reads it from there (hatchling's dynamic
version), so the installed metadata, the package and ``rummylib --version`` cannot disagree.
"""

from __future__ import annotations

import importlib.metadata
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import rummylib

ROOT = Path(__file__).resolve().parents[2]


def test_the_version_is_a_release_number() -> None:
    assert re.fullmatch(r"\d+\.\d+\.\d+((a|b|rc)\d+)?(\.dev\d+)?", rummylib.__version__)


def test_the_installed_metadata_says_the_same_version() -> None:
    assert importlib.metadata.version("rummylib") == rummylib.__version__


def test_the_command_line_says_the_same_version() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "rummylib", "--version"], capture_output=True, text=True, timeout=60, check=True
    )
    assert rummylib.__version__ in result.stdout  # the lead adds "compiled" or "pure Python" beside it


def test_pyproject_takes_the_version_from_the_package_and_writes_none_of_its_own() -> None:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" not in pyproject["project"]
    assert "version" in pyproject["project"]["dynamic"]
    assert pyproject["tool"]["hatch"]["version"]["path"] == "src/rummylib/__init__.py"
    source = (ROOT / "src" / "rummylib" / "__init__.py").read_text(encoding="utf-8")
    assert f'__version__ = "{rummylib.__version__}"' in source
