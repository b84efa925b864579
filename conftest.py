"""Test-suite wiring: Markdown code blocks in the docs and README run as tests (Sybil); -n without pytest-xdist."""

import importlib
import importlib.util
import pkgutil
from pathlib import Path

import pytest
from sybil import Sybil
from sybil.parsers.markdown import PythonCodeBlockParser

pytest_collect_file = Sybil(parsers=[PythonCodeBlockParser()], patterns=["*.md"]).pytest()

# The arena's Ray backend imports Ray at module level: without the arena-ray extra its doctests
# cannot even be collected (the arena itself, and its tests, say Ray is missing instead).
collect_ignore = [] if importlib.util.find_spec("ray") else ["src/rummylib/agents/_ray.py"]
# The API reference's griffe extension (a hook of the docs build) imports griffe, from the docs extra:
# without it the hook is not collected (tests/docs_pages/test_docs_presets.py skips, saying why).
if not importlib.util.find_spec("griffe"):
    collect_ignore.append("docs/hooks/presets.py")
# The agents extra (PettingZoo, Gymnasium, NumPy) is optional: without it the environments' modules
# and pages are not collected, and tests/agents skips itself saying why. CI installs the extra.
collect_ignore_glob = [] if importlib.util.find_spec("pettingzoo") else ["src/rummylib/agents/envs/*", "docs/agents/*.md"]
# The openspiel extra (OpenSpiel, Shimmy) is optional too: without it the OpenSpiel games' module and
# page are not collected, and tests/agents/test_openspiel.py skips itself.
if not importlib.util.find_spec("pyspiel"):
    collect_ignore += ["src/rummylib/agents/openspiel.py", "docs/agents/openspiel.md"]


def _import_the_installed_package() -> None:
    """Against an installed (not editable) rummylib, the compiled build above all, import it whole first.

    The doctests are collected from ``src/``; pytest returns a module that is already imported, and
    otherwise imports the file it was given. Importing the installed package first makes every
    doctest run against the installed modules (compiled ones included) instead of a second, pure
    copy of some of them read from ``src/``.
    """
    import rummylib  # noqa: PLC0415 (the suite's set-up, not the library)

    if Path(rummylib.__file__).resolve().parent == (Path(__file__).parent / "src" / "rummylib").resolve():
        return
    for module in pkgutil.walk_packages(rummylib.__path__, "rummylib."):
        if module.name in _NEEDS_EXTRA and not importlib.util.find_spec(_NEEDS_EXTRA[module.name]):
            continue
        importlib.import_module(module.name)


_NEEDS_EXTRA = {"rummylib.agents._ray": "ray", "rummylib.agents.envs": "pettingzoo", "rummylib.agents.openspiel": "pyspiel"}
_import_the_installed_package()


def pytest_addoption(parser: pytest.Parser, pluginmanager: pytest.PytestPluginManager) -> None:
    """Accept pytest-xdist's ``-n`` and ``--dist`` when pytest-xdist is missing or off (``-p no:xdist``).

    pyproject.toml asks for ``-n auto --dist loadfile``; without the plugin to read them the suite
    runs in one process instead of refusing the command line.
    """
    if pluginmanager.has_plugin("xdist"):
        return
    group = parser.getgroup("xdist", "pytest-xdist is not running: the tests run in one process")
    # _addoption: pytest keeps lowercase short options for itself, and pytest-xdist adds -n the same way
    group._addoption("-n", "--numprocesses", dest="numprocesses", default=None, help="ignored without pytest-xdist")
    group.addoption("--dist", dest="dist", default="no", help="ignored without pytest-xdist")


def pytest_report_header(config: pytest.Config) -> str | None:
    if config.pluginmanager.has_plugin("xdist"):
        return None
    return "pytest-xdist is missing or off: the tests run in one process (install the tests extra to run them in parallel)"
