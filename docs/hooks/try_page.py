"""An mkdocs hook: the "Try it" page gets Python in the browser, served by the site itself.

After the site is built, ``site/try/`` receives everything the page needs to judge turns with no
network beyond the site:

* ``runtime/``: the Pyodide runtime (CPython compiled to WebAssembly and its standard library),
  from the ``pyodide`` package of the npm registry, version `PYODIDE_VERSION`;
* ``wheels/``: a rummylib wheel made from this checkout's ``src/rummylib`` and the attrs wheel
  (the version installed here, from PyPI);
* ``web/``: the browser example of ``examples/web/`` (the page runs rummylib through it);
* ``bundle.json``: what was bundled, read by the page (``{"bundled": false, "reason": ...}``
  when the runtime could not be had).

The runtime and the attrs wheel are kept in a cache outside the repository
(``$RUMMYLIB_WEB_CACHE``, default ``~/.cache/rummylib-docs``), so only the first build needs the
network (``npm pack pyodide@...`` and ``pip download attrs``); later builds copy from the cache.
``RUMMYLIB_PYODIDE=off`` builds the site without the runtime. Without npm, without the network,
or with the runtime switched off, the build still succeeds and the page says that the runtime
was not bundled. ``mkdocs.yml`` registers this file under ``hooks``.
"""

from __future__ import annotations

import base64
import hashlib
import importlib.metadata
import json
import logging
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import tomllib
import zipfile
from pathlib import Path
from typing import Any

from rummylib.rules import PRESETS

PYODIDE_VERSION = "314.0.8"
"""The Pyodide release the page runs on (Python 3.14); the npm package carries the core only."""

RUNTIME_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
    "package.json",
)
"""The files of the npm package the page needs (the loader, the WebAssembly, the stdlib, the lock)."""

ROOT = Path(__file__).resolve().parents[2]
WEB_EXAMPLE = ROOT / "examples" / "web"
PAGE = "try/index.md"
STATUS_MARK = "<!-- runtime-status -->"
TIMEOUT = 180

log = logging.getLogger("mkdocs.hooks.try_page")
_state: dict[str, Any] = {}


def cache_dir() -> Path:
    """Where the runtime and the attrs wheel are kept between builds."""
    if os.environ.get("RUMMYLIB_WEB_CACHE"):
        return Path(os.environ["RUMMYLIB_WEB_CACHE"])
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "rummylib-docs"


def switched_off() -> bool:
    """Whether this build was asked not to bundle the runtime (``RUMMYLIB_PYODIDE=off``)."""
    return os.environ.get("RUMMYLIB_PYODIDE", "").lower() in {"off", "0", "no", "false"}


def pyodide_runtime(cache: Path) -> Path | str:
    """The directory of the cached Pyodide runtime, fetched with npm if missing; or why there is none."""
    if switched_off():
        return "RUMMYLIB_PYODIDE=off was set for this build"
    target = cache / f"pyodide-{PYODIDE_VERSION}"
    if all((target / name).is_file() for name in RUNTIME_FILES):
        return target
    npm = shutil.which("npm")
    if npm is None:
        return "npm is not installed where the documentation was built"
    cache.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=cache) as tmp:
        try:
            done = subprocess.run(
                [npm, "pack", f"pyodide@{PYODIDE_VERSION}", "--pack-destination", tmp, "--silent"],
                capture_output=True,
                text=True,
                timeout=TIMEOUT,
                check=False,
                cwd=tmp,
            )
        except (OSError, subprocess.TimeoutExpired) as exc:
            return f"npm could not fetch pyodide@{PYODIDE_VERSION} ({exc})"
        tarballs = list(Path(tmp).glob("pyodide-*.tgz"))
        if done.returncode != 0 or not tarballs:
            why = (done.stderr.strip().splitlines() or ["no package"])[-1]
            return f"npm could not fetch pyodide@{PYODIDE_VERSION} ({why})"
        unpacked = Path(tmp) / "runtime"
        unpacked.mkdir()
        with tarfile.open(tarballs[0]) as archive:
            for name in RUNTIME_FILES:
                member = archive.getmember(f"package/{name}")
                source = archive.extractfile(member)
                if source is None:
                    return f"pyodide@{PYODIDE_VERSION} has no file {name}"
                (unpacked / name).write_bytes(source.read())
        if target.exists():
            shutil.rmtree(target)
        unpacked.rename(target)
    log.info("try page: Pyodide %s cached in %s", PYODIDE_VERSION, target)
    return target


def attrs_wheel(cache: Path) -> Path | str:
    """The wheel of the attrs installed here, from PyPI (``pip download``); or why there is none."""
    version = importlib.metadata.version("attrs")
    folder = cache / "wheels"
    found = sorted(folder.glob(f"attrs-{version}-py3-none-any.whl"))
    if found:
        return found[0]
    folder.mkdir(parents=True, exist_ok=True)
    command = [sys.executable, "-m", "pip", "download", f"attrs=={version}", "--no-deps", "--only-binary=:all:"]
    try:
        done = subprocess.run(
            [*command, "--dest", str(folder), "--quiet"],
            capture_output=True,
            text=True,
            timeout=TIMEOUT,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"pip could not download attrs {version} ({exc})"
    found = sorted(folder.glob(f"attrs-{version}-py3-none-any.whl"))
    if done.returncode != 0 or not found:
        why = (done.stderr.strip().splitlines() or ["no wheel"])[-1]
        return f"pip could not download attrs {version} ({why})"
    return found[0]


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def _version() -> str:
    """The package version, written once as ``__version__`` in the package (as hatchling reads it)."""
    found = re.search(r'^__version__ = "([^"]+)"', (ROOT / "src" / "rummylib" / "__init__.py").read_text("utf-8"), re.M)
    assert found is not None, "src/rummylib/__init__.py has no __version__"
    return found.group(1)


def rummylib_wheel(folder: Path) -> Path:
    """A pure-Python wheel of this checkout's ``src/rummylib``, written into ``folder``.

    It holds the package's modules and ``py.typed`` (no compiled modules, whatever the local
    build options) and the metadata of ``pyproject.toml``; the file times are fixed, so the same
    sources give the same bytes.
    """
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    name, version = project["name"], _version()
    info = f"{name}-{version}.dist-info"
    metadata = [
        "Metadata-Version: 2.1",
        f"Name: {name}",
        f"Version: {version}",
        f"Summary: {project['description']}",
        f"Requires-Python: {project['requires-python']}",
        *(f"Requires-Dist: {dep}" for dep in project["dependencies"]),
    ]
    entries: list[tuple[str, bytes]] = []
    package = ROOT / "src" / "rummylib"
    for path in sorted(package.rglob("*")):
        if path.is_file() and (path.suffix == ".py" or path.name == "py.typed") and "__pycache__" not in path.parts:
            entries.append((path.relative_to(package.parent).as_posix(), path.read_bytes()))
    entries.append((f"{info}/METADATA", ("\n".join(metadata) + "\n").encode()))
    entries.append(
        (
            f"{info}/WHEEL",
            b"Wheel-Version: 1.0\nGenerator: rummylib docs hook\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
        )
    )
    record = "\n".join(_record_line(n, d) for n, d in entries) + f"\n{info}/RECORD,,\n"
    entries.append((f"{info}/RECORD", record.encode()))
    folder.mkdir(parents=True, exist_ok=True)
    wheel = folder / f"{name}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for entry, data in entries:
            archive.writestr(zipfile.ZipInfo(entry, date_time=(2020, 1, 1, 0, 0, 0)), data, zipfile.ZIP_DEFLATED)
    return wheel


def snapshot(cache: Path, runtime: Path, wheels: list[Path]) -> Path | None:
    """A gzipped memory snapshot of Pyodide with rummylib imported (``examples/web/snapshot.mjs``).

    Made with Node.js once per runtime, wheels and referee (kept in the cache under a hash of
    them); None where Node.js is missing or the snapshot cannot be made (the page then starts
    Python from scratch, only slower).
    """
    node = shutil.which("node")
    script, referee = WEB_EXAMPLE / "snapshot.mjs", WEB_EXAMPLE / "referee.py"
    if node is None or os.environ.get("RUMMYLIB_PYODIDE_SNAPSHOT", "").lower() in {"off", "0", "no"}:
        return None
    key = hashlib.sha256(PYODIDE_VERSION.encode())
    for path in [script, referee, *wheels]:
        key.update(path.read_bytes())
    target = cache / "snapshots" / f"rummylib-{key.hexdigest()[:16]}.bin.gz"
    if target.is_file():
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_suffix(".tmp")
    command = [node, str(script), str(runtime), str(partial), *map(str, wheels), "--referee", str(referee)]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=TIMEOUT, check=False)
    except (OSError, subprocess.TimeoutExpired) as exc:
        log.info("try page: no Pyodide snapshot (%s)", exc)
        return None
    if done.returncode != 0 or not partial.is_file():
        log.info("try page: no Pyodide snapshot (%s)", (done.stderr.strip().splitlines() or ["failed"])[-1][:300])
        return None
    partial.rename(target)
    for old in target.parent.glob("rummylib-*.bin.gz"):
        if old != target:
            old.unlink()
    log.info("try page: %s", done.stdout.strip())
    return target


def bundle() -> dict[str, Any]:
    """What this build bundles for the page (computed once per process: the cache does not change)."""
    if "bundle" not in _state:
        cache = cache_dir()
        runtime = pyodide_runtime(cache)
        attrs = attrs_wheel(cache) if isinstance(runtime, Path) else runtime
        reason = next((r for r in (runtime, attrs) if isinstance(r, str)), None)
        if reason is not None:
            log.info("try page: the Python runtime is not bundled: %s", reason)  # info: --strict must pass
        _state["bundle"] = {"runtime": runtime, "attrs": attrs, "reason": reason}
    return dict(_state["bundle"])


def presets() -> list[dict[str, Any]]:
    """The rule presets the page offers, in the library's order."""
    return [
        {"name": r.name, "title": r.title, "family": r.family.value, "rounds": len(r.rounds)} for r in PRESETS.values()
    ]


def on_startup(command: str, dirty: bool, **kwargs: Any) -> None:
    """Forget the bundle of a previous build of the same process (``mkdocs serve`` rebuilds)."""
    _state.clear()


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any, **kwargs: Any) -> str:
    """On the "Try it" page, say plainly when the runtime was not bundled (seen even without scripts)."""
    if page.file.src_uri != PAGE:
        return markdown
    reason = bundle()["reason"]
    if reason is None:
        return markdown.replace(STATUS_MARK, "")
    note = (
        '!!! warning "The Python runtime was not bundled with this build"\n\n'
        "    This copy of the documentation was built without Pyodide, so this page cannot judge\n"
        f"    turns here: {reason}. Build the documentation with npm and the network available\n"
        "    once (the runtime is then cached), or use the published site.\n"
    )
    return markdown.replace(STATUS_MARK, note)


def on_post_build(config: Any, **kwargs: Any) -> None:
    """Write the runtime, the wheels, the browser example and ``bundle.json`` under ``site/try/``."""
    found = bundle()
    out = Path(config["site_dir"]) / "try"
    out.mkdir(parents=True, exist_ok=True)
    web = out / "web"
    web.mkdir(exist_ok=True)
    for path in sorted(WEB_EXAMPLE.iterdir()):
        if path.is_file() and path.suffix in {".mjs", ".py", ".html"} and path.name != "snapshot.mjs":
            shutil.copy2(path, web / path.name)
    manifest: dict[str, Any] = {"bundled": False, "reason": found["reason"], "presets": presets()}
    if found["reason"] is None:
        runtime = out / "runtime"
        runtime.mkdir(exist_ok=True)
        for name in RUNTIME_FILES:
            source, copy = found["runtime"] / name, runtime / name
            if not copy.is_file() or copy.stat().st_size != source.stat().st_size:
                shutil.copy2(source, copy)
        wheels = out / "wheels"
        wheels.mkdir(exist_ok=True)
        shutil.copy2(found["attrs"], wheels / found["attrs"].name)
        ours = rummylib_wheel(wheels)
        memory = snapshot(cache_dir(), found["runtime"], [found["attrs"], ours])
        if memory is not None:
            shutil.copy2(memory, out / "snapshot.bin.gz")
        manifest = {
            "bundled": True,
            "pyodide": PYODIDE_VERSION,
            "runtime": "runtime/",
            "wheels": [f"wheels/{found['attrs'].name}", f"wheels/{ours.name}"],
            "referee": "web/referee.py",
            **({"snapshot": "snapshot.bin.gz"} if memory is not None else {}),
            "presets": presets(),
        }
    (out / "bundle.json").write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
