"""Which build of rummylib is installed: pure Python, or compiled with mypyc.

The compiled build (``HATCH_BUILD_HOOK_ENABLE_MYPYC=1 pip install .``) puts a C extension beside
some of the package's modules; Python imports the extension in place of the source. This module
finds those extensions by looking at the installed files, without importing any game.
"""

from __future__ import annotations

import importlib.machinery
from pathlib import Path

import attrs

_PACKAGE = Path(__file__).resolve().parent


@attrs.frozen
class BuildInfo:
    """The installed build: the version, and the modules that run compiled.

    Examples:
        >>> info = BuildInfo("0.1.0", ())
        >>> info.compiled, str(info)
        (False, 'rummylib 0.1.0 (pure Python)')
        >>> str(BuildInfo("0.1.0", ("rummylib.gin._engine",)))
        'rummylib 0.1.0 (compiled: rummylib.gin._engine)'
    """

    version: str
    """The package version."""
    compiled_modules: tuple[str, ...]
    """The dotted names of the modules that run as C extensions, sorted; empty for pure Python."""

    @property
    def compiled(self) -> bool:
        """Whether any module runs compiled."""
        return bool(self.compiled_modules)

    @property
    def kind(self) -> str:
        """``"compiled"`` or ``"pure Python"``."""
        return "compiled" if self.compiled else "pure Python"

    def __str__(self) -> str:
        detail = f"compiled: {', '.join(self.compiled_modules)}" if self.compiled else "pure Python"
        return f"rummylib {self.version} ({detail})"


def compiled_modules(package: Path = _PACKAGE) -> tuple[str, ...]:
    """The modules of the installed package that are C extensions, by dotted name.

    A module counts when an extension file for this Python (``_engine.cpython-311-...so``) lies
    beside its source; Python imports such a file in place of the ``.py``.

    Examples:
        >>> import tempfile, importlib.machinery
        >>> with tempfile.TemporaryDirectory() as top:
        ...     gin = Path(top, "rummylib", "gin")
        ...     gin.mkdir(parents=True)
        ...     suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
        ...     _ = (gin / ("_engine" + suffix)).write_bytes(b"")
        ...     compiled_modules(Path(top, "rummylib"))
        ('rummylib.gin._engine',)
    """
    suffixes = importlib.machinery.EXTENSION_SUFFIXES
    names = set()
    for path in package.rglob("*"):
        for suffix in suffixes:
            if path.name.endswith(suffix):
                parts = (*path.relative_to(package).parent.parts, path.name[: -len(suffix)])
                names.add(".".join((package.name, *parts)))
                break
    return tuple(sorted(names))
