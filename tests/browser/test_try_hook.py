"""The docs build's hook for the "Try it" page (docs/hooks/try_page.py), without a browser.

It writes a rummylib wheel from the checkout, and when the runtime cannot be had it still builds
and says so, on the page and in ``bundle.json``.
"""

from __future__ import annotations

import base64
import hashlib
import importlib.util
import json
import zipfile
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def hook(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> ModuleType:
    """The hook, fresh, with an empty cache and the runtime switched off (nothing is fetched)."""
    monkeypatch.setenv("RUMMYLIB_WEB_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("RUMMYLIB_PYODIDE", "off")
    spec = importlib.util.spec_from_file_location("try_page_under_test", ROOT / "docs" / "hooks" / "try_page.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_rummylib_wheel_holds_the_package_and_its_metadata(hook: Any, tmp_path: Path) -> None:
    wheel = hook.rummylib_wheel(tmp_path / "a")
    assert wheel.name == "rummylib-0.1.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        metadata = archive.read("rummylib-0.1.0.dist-info/METADATA").decode()
        record = archive.read("rummylib-0.1.0.dist-info/RECORD").decode().splitlines()
        init = archive.read("rummylib/__init__.py")
    sources = {p.relative_to(ROOT / "src").as_posix() for p in (ROOT / "src" / "rummylib").rglob("*.py")}
    assert sources <= names
    assert "rummylib/py.typed" in names
    assert not any("__pycache__" in n or n.endswith(".so") for n in names)
    assert "Requires-Dist: attrs>=23.1" in metadata.splitlines()
    digest = base64.urlsafe_b64encode(hashlib.sha256(init).digest()).rstrip(b"=").decode()
    assert f"rummylib/__init__.py,sha256={digest},{len(init)}" in record
    assert hook.rummylib_wheel(tmp_path / "b").read_bytes() == wheel.read_bytes()  # the same sources, the same bytes


def test_without_the_runtime_the_page_says_so(hook: Any) -> None:
    found = hook.bundle()
    assert found["reason"] == "RUMMYLIB_PYODIDE=off was set for this build"
    page = SimpleNamespace(file=SimpleNamespace(src_uri="try/index.md"))
    text = hook.on_page_markdown(f"intro\n\n{hook.STATUS_MARK}\n\nmore", page, {}, None)
    assert '!!! warning "The Python runtime was not bundled with this build"' in text
    assert "RUMMYLIB_PYODIDE=off" in text
    other = SimpleNamespace(file=SimpleNamespace(src_uri="index.md"))
    assert hook.on_page_markdown(hook.STATUS_MARK, other, {}, None) == hook.STATUS_MARK


def test_with_the_runtime_the_mark_goes(hook: Any) -> None:
    hook._state["bundle"] = {"runtime": Path("x"), "attrs": Path("y"), "reason": None}
    page = SimpleNamespace(file=SimpleNamespace(src_uri="try/index.md"))
    assert hook.on_page_markdown(f"a {hook.STATUS_MARK} b", page, {}, None) == "a  b"


def test_without_npm_the_reason_is_given(hook: Any, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("RUMMYLIB_PYODIDE")
    monkeypatch.setattr(hook.shutil, "which", lambda name: None)
    assert hook.pyodide_runtime(tmp_path) == "npm is not installed where the documentation was built"


def test_an_unbundled_build_writes_its_reason_and_the_example(hook: Any, tmp_path: Path) -> None:
    hook.on_post_build({"site_dir": str(tmp_path / "site")})
    out = tmp_path / "site" / "try"
    manifest = json.loads((out / "bundle.json").read_text(encoding="utf-8"))
    assert manifest["bundled"] is False
    assert manifest["reason"] == "RUMMYLIB_PYODIDE=off was set for this build"
    assert [p["name"] for p in manifest["presets"]][0] == "rummikub"
    assert {p.name for p in (out / "web").iterdir()} == {"index.html", "referee.py", "rummylib.mjs", "worker.mjs"}
    assert not (out / "runtime").exists()
