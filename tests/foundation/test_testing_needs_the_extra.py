"""`rummylib.testing` without hypothesis says which extra to install, instead of a bare ModuleNotFoundError."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import rummylib.testing


def test_without_hypothesis_the_error_names_the_testing_extra() -> None:
    # hypothesis is installed here: hide it from a fresh interpreter (None in sys.modules stops an import)
    script = textwrap.dedent(
        """
        import sys
        sys.modules["hypothesis"] = None
        try:
            import rummylib.testing
        except ModuleNotFoundError as exc:
            print(exc.name)
            print(exc)
        """
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=True)
    name, message = result.stdout.splitlines()
    assert name == "hypothesis"
    assert "rummylib.testing needs hypothesis" in message
    assert "rummylib[testing]" in message and ".[testing]" in message


def test_with_hypothesis_the_strategies_are_there() -> None:
    assert {"valid_melds", "rulesets"} <= set(rummylib.testing.__all__)
