"""The opt-in compiled build of rummylib: mypyc through hatch-mypyc, off unless asked for.

``HATCH_BUILD_HOOK_ENABLE_MYPYC=1 pip install .`` compiles the modules listed under ``include`` in
``[tool.hatch.build.targets.wheel.hooks.custom]`` of ``pyproject.toml`` into C extensions; a plain
``pip install .`` builds the pure-Python wheel, the reference every machine can install, and needs
neither mypy nor a compiler. Asked for on a machine with no C compiler, the build says so and
falls back to pure Python. Any other failure of the compilation stops the build: a compiled build
that silently came out pure would hide a defect.

This file is run by hatchling at build time only; it is not part of the installed package.
"""

from __future__ import annotations

import os
import shlex
import shutil
import sysconfig
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

ENABLE = "HATCH_BUILD_HOOK_ENABLE_MYPYC"
"""The environment variable that asks for the compiled build (``1`` or ``true``)."""

BUILD_DEPENDENCIES = ["hatch-mypyc>=0.16", "mypy>=1.10", "attrs>=23.1"]
"""What the compiled build needs in its build environment (attrs so that mypy sees its types)."""


def _asked() -> bool:
    return os.environ.get(ENABLE, "").strip().lower() in {"1", "true", "yes", "on"}


def _missing_toolchain() -> str | None:
    """Why this machine cannot compile C extensions for this Python, or None when it can."""
    compiler = os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"
    program = shlex.split(compiler)[0] if compiler.strip() else "cc"
    if shutil.which(program) is None:
        return f"no C compiler found (looked for {program!r})"
    include = sysconfig.get_paths().get("include", "")
    if not (Path(include) / "Python.h").is_file():
        return f"the Python headers are missing (no Python.h in {include!r})"
    return None


class CustomBuildHook(BuildHookInterface):  # type: ignore[type-arg]
    """Run hatch-mypyc's hook when the compiled build is asked for and the machine can compile."""

    PLUGIN_NAME = "custom"

    def dependencies(self) -> list[str]:
        """The build needs mypy and hatch-mypyc only when it compiles."""
        return list(BUILD_DEPENDENCIES) if _asked() and self.target_name == "wheel" else []

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        """Compile the listed modules, or say why the wheel stays pure Python."""
        if self.target_name != "wheel" or not _asked():
            return
        if version == "editable":
            self.app.display_warning(
                "rummylib: an editable install is always pure Python; "
                f"{ENABLE}=1 compiles only a regular install or wheel (pip install .)"
            )
            return
        missing = _missing_toolchain()
        if missing is not None:
            self.app.display_warning(f"rummylib: {missing}; building the pure-Python wheel instead of the compiled one")
            return
        from hatch_mypyc.plugin import MypycBuildHook  # noqa: PLC0415 (a build dependency only when compiling)

        self.app.display_info(f"rummylib: compiling {len(self.config.get('include', []))} modules with mypyc")
        hook = MypycBuildHook(
            self.root, self.config, self.build_config, self.metadata, self.directory, self.target_name, self.app
        )
        hook.initialize(version, build_data)

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        """Once the wheel holds them, take the compiled modules away from beside the sources.

        mypyc builds in place; left in ``src/`` they would shadow the pure sources of a later
        editable install or of ``PYTHONPATH=src``.
        """
        if self.target_name == "wheel":
            _remove_compiled(Path(self.root, "src"))

    def clean(self, versions: list[str]) -> None:
        """Remove compiled modules a previous build left beside the sources."""
        _remove_compiled(Path(self.root, "src"))


def _remove_compiled(tree: Path) -> None:
    for pattern in ("*.so", "*.pyd"):
        for path in tree.rglob(pattern):
            path.unlink()
