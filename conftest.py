"""Test-suite wiring: Markdown code blocks in the docs and README run as tests (Sybil)."""

import importlib
import importlib.util
import pkgutil
from pathlib import Path

from sybil import Sybil
from sybil.parsers.markdown import PythonCodeBlockParser

pytest_collect_file = Sybil(parsers=[PythonCodeBlockParser()], patterns=["*.md"]).pytest()

# The arena's Ray backend imports Ray at module level: without the arena-ray extra its doctests
# cannot even be collected (the arena itself, and its tests, say Ray is missing instead).
collect_ignore = [] if importlib.util.find_spec("ray") else ["src/rummylib/agents/_ray.py"]
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
