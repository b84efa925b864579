"""Test-suite wiring: Markdown code blocks in the docs and README run as tests (Sybil)."""

import importlib.util

from sybil import Sybil
from sybil.parsers.markdown import PythonCodeBlockParser

pytest_collect_file = Sybil(parsers=[PythonCodeBlockParser()], patterns=["*.md"]).pytest()

# The arena's Ray backend imports Ray at module level: without the arena-ray extra its doctests
# cannot even be collected (the arena itself, and its tests, say Ray is missing instead).
collect_ignore = [] if importlib.util.find_spec("ray") else ["src/rummylib/agents/_ray.py"]
# The agents extra (PettingZoo, Gymnasium, NumPy) is optional: without it the environments' modules
# and pages are not collected, and tests/agents skips itself saying why. CI installs the extra.
collect_ignore_glob = [] if importlib.util.find_spec("pettingzoo") else ["src/rummylib/agents/envs/*", "docs/agents/*.md"]
