"""Which build is installed, said the same way by ``rummylib --version`` and ``build_info()``.

CI runs the suite twice: on the pure-Python install and on the compiled one. It sets
``RUMMYLIB_EXPECT_BUILD`` to ``pure`` or ``compiled`` so that a compiled build that silently came
out pure (or compiled only some of its modules) fails here instead of testing pure Python twice.
"""

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import rummylib
from rummylib._build import BuildInfo, compiled_modules

ROOT = Path(__file__).resolve().parents[2]


def _listed_for_compilation() -> tuple[str, ...]:
    hook = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["hatch"]["build"]["targets"][
        "wheel"
    ]["hooks"]["custom"]
    names = []
    for path in hook["include"]:
        assert path.startswith("src/") and path.endswith(".py"), path
        names.append(path.removeprefix("src/").removesuffix(".py").replace("/", "."))
    return tuple(sorted(names))


def test_every_module_listed_for_compilation_exists() -> None:
    for name in _listed_for_compilation():
        assert (ROOT / "src" / (name.replace(".", "/") + ".py")).is_file(), name


def test_only_internal_modules_are_compiled() -> None:
    """A compiled function keeps its signature but not its docstring: public functions stay pure Python."""
    for name in _listed_for_compilation():
        assert name.rpartition(".")[2].startswith("_"), f"{name} is public: its docstrings would be lost"


def test_version_line_names_the_build() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "rummylib", "--version"], capture_output=True, text=True, check=True, timeout=60
    ).stdout.strip()
    info = rummylib.build_info()
    assert out == str(info)
    assert out.startswith(f"rummylib {rummylib.__version__} (")
    if info.compiled:
        assert "compiled: " in out and all(name in out for name in info.compiled_modules)
    else:
        assert out.endswith("(pure Python)")


def test_the_build_is_the_one_expected() -> None:
    expected = os.environ.get("RUMMYLIB_EXPECT_BUILD")
    if expected is None:
        pytest.skip("RUMMYLIB_EXPECT_BUILD is not set (CI sets it to pure or compiled)")
    info = rummylib.build_info()
    if expected == "compiled":
        assert info.compiled_modules == _listed_for_compilation()
    else:
        assert expected == "pure" and info.compiled_modules == ()


def test_compiled_modules_are_the_ones_imported() -> None:
    """A compiled module in the package is the module Python runs, not a copy read from the sources."""
    info = rummylib.build_info()
    for name in info.compiled_modules:
        module = __import__(name, fromlist=["_"])
        assert module.__file__ is not None and not module.__file__.endswith(".py"), name


def test_build_info_of_an_empty_tree(tmp_path: Path) -> None:
    (tmp_path / "rummylib").mkdir()
    (tmp_path / "rummylib" / "melds.py").write_text("")
    assert compiled_modules(tmp_path / "rummylib") == ()
    assert BuildInfo("1", ()).kind == "pure Python" and BuildInfo("1", ("rummylib.melds",)).kind == "compiled"
