"""Which build of rummylib is installed: pure Python, or compiled with mypyc.

The compiled build (``HATCH_BUILD_HOOK_ENABLE_MYPYC=1 pip install .``) puts a C extension beside
some of the package's modules; Python imports the extension in place of the source. This module
finds those extensions by looking at the installed files, without importing any game.
"""

from __future__ import annotations

import importlib.machinery
import os

import attrs

_PACKAGE = os.path.dirname(os.path.realpath(__file__))


@attrs.frozen
class BuildInfo:
    """What `build_info` answers: a version number and the modules that run compiled with mypyc (none when pure).

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


def compiled_modules(package: str | os.PathLike[str] = _PACKAGE) -> tuple[str, ...]:
    """The modules of the installed package that are C extensions, by dotted name.

    A module counts when an extension file for this Python (``_engine.cpython-311-...so``) lies
    beside its source; Python imports such a file in place of the ``.py``.

    Examples:
        >>> import tempfile, importlib.machinery
        >>> from pathlib import Path
        >>> with tempfile.TemporaryDirectory() as top:
        ...     gin = Path(top, "rummylib", "gin")
        ...     gin.mkdir(parents=True)
        ...     suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
        ...     _ = (gin / ("_engine" + suffix)).write_bytes(b"")
        ...     compiled_modules(Path(top, "rummylib"))
        ('rummylib.gin._engine',)
    """
    suffixes = importlib.machinery.EXTENSION_SUFFIXES
    top = os.fspath(package)
    name = os.path.basename(os.path.normpath(top))
    names = set()
    for folder, _, files in os.walk(top):
        inside = os.path.relpath(folder, top)
        parts = () if inside == os.curdir else tuple(inside.split(os.sep))
        for file in files:
            for suffix in suffixes:
                if file.endswith(suffix):
                    names.add(".".join((name, *parts, file[: -len(suffix)])))
                    break
    return tuple(sorted(names))
