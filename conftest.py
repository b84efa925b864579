"""Test-suite wiring: Markdown code blocks in the docs and README run as tests (Sybil)."""

from sybil import Sybil
from sybil.parsers.markdown import PythonCodeBlockParser

pytest_collect_file = Sybil(parsers=[PythonCodeBlockParser()], patterns=["*.md"]).pytest()
