"""The build hook of the compiled build (``hatch_build.py``): off unless asked, pure without a compiler."""

import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any, ClassVar

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def hook_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("rummylib_hatch_build", ROOT / "hatch_build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


class _App:
    def __init__(self) -> None:
        self.said: list[str] = []

    def display_warning(self, message: str) -> None:
        self.said.append(message)

    def display_info(self, message: str) -> None:
        self.said.append(message)


def _hook(module: ModuleType, app: _App) -> Any:
    """The hook with the few attributes it reads, without a whole hatchling project around it."""

    class Probe(module.CustomBuildHook):  # type: ignore[name-defined,misc]
        target_name = "wheel"
        config: ClassVar[dict[str, list[str]]] = {"include": ["src/rummylib/gin/_engine.py"]}

    Probe.app = app
    return object.__new__(Probe)


def test_off_unless_asked(hook_module: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("HATCH_BUILD_HOOK_ENABLE_MYPYC", raising=False)
    app = _App()
    hook = _hook(hook_module, app)
    build_data: dict[str, Any] = {"artifacts": [], "force_include": {}}
    assert hook.dependencies() == []
    hook.initialize("standard", build_data)
    assert build_data == {"artifacts": [], "force_include": {}} and app.said == []


def test_asked_it_needs_mypy_and_hatch_mypyc(hook_module: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HATCH_BUILD_HOOK_ENABLE_MYPYC", "1")
    deps = _hook(hook_module, _App()).dependencies()
    assert any(d.startswith("hatch-mypyc") for d in deps) and any(d.startswith("mypy") for d in deps)


def test_without_a_compiler_it_says_so_and_stays_pure(hook_module: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HATCH_BUILD_HOOK_ENABLE_MYPYC", "1")
    monkeypatch.setenv("CC", "/nonexistent/bin/no-such-cc")
    assert "no C compiler found" in hook_module._missing_toolchain()
    app = _App()
    build_data: dict[str, Any] = {"artifacts": [], "force_include": {}}
    _hook(hook_module, app).initialize("standard", build_data)
    assert build_data == {"artifacts": [], "force_include": {}}
    assert len(app.said) == 1 and "no C compiler found" in app.said[0] and "pure-Python" in app.said[0]


def test_an_editable_install_stays_pure_and_says_so(hook_module: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HATCH_BUILD_HOOK_ENABLE_MYPYC", "1")
    app = _App()
    build_data: dict[str, Any] = {"artifacts": [], "force_include": {}}
    _hook(hook_module, app).initialize("editable", build_data)
    assert build_data == {"artifacts": [], "force_include": {}} and "editable" in app.said[0]


def test_the_machine_of_this_run_can_compile_or_says_why(
    hook_module: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("CC", raising=False)
    why = hook_module._missing_toolchain()
    assert why is None or "compiler" in why or "headers" in why
