"""The built documentation site, served on 127.0.0.1, and Debian's Chromium driven headless by playwright.

The site is built once per session with ``mkdocs build --strict`` into a temporary directory (or
taken from ``$RUMMYLIB_SITE_DIR`` when that names a built site). Every page runs in a browser
context that refuses any request leaving the local server: such a request is aborted and the test
that made it fails. The tests are skipped, saying why, where playwright, Chromium, mkdocs or the
bundled Python runtime are missing.
"""

from __future__ import annotations

import functools
import json
import os
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("RUMMYLIB_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
"""Flags known to work as root on a small CI machine (playwright adds ``--headless`` and a fresh profile)."""


class SiteHandler(SimpleHTTPRequestHandler):
    """Serves the site's files quietly, with the types module scripts and WebAssembly need."""

    extensions_map = {  # noqa: RUF012 - the class attribute SimpleHTTPRequestHandler reads
        **SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
        ".json": "application/json",
        ".gz": "application/octet-stream",
    }

    def log_message(self, format: str, *args: Any) -> None:
        pass


def serve(site: Path) -> tuple[ThreadingHTTPServer, str]:
    """Serve ``site`` on 127.0.0.1 (a free port), in a daemon thread; the server and its base URL."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(SiteHandler, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


def build_site(target: Path) -> Path:
    """Build the documentation into ``target`` with ``mkdocs build --strict`` (the docs build's hook bundles Python)."""
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "--site-dir", str(target)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return target


def bundle_of(site: Path) -> dict[str, Any]:
    """What the docs build bundled for the "Try it" page (``site/try/bundle.json``)."""
    return json.loads((site / "try" / "bundle.json").read_text(encoding="utf-8"))


class Guard:
    """Every request a browser context makes: those to the local site go through, the rest are refused."""

    def __init__(self, base: str) -> None:
        self.base = base + "/"
        self.seen: list[str] = []
        self.refused: list[str] = []

    def route(self, route: Any) -> None:
        url = route.request.url
        if url.startswith(self.base):
            self.seen.append(url)
            route.continue_()
        else:
            self.refused.append(url)
            route.abort()


@pytest.fixture(scope="session")
def guard() -> type[Guard]:
    """The class of the request guards, to watch a page or to answer some requests in a test's own way."""
    return Guard


@pytest.fixture(scope="session")
def playwright_api() -> Any:
    return pytest.importorskip(
        "playwright.sync_api", reason="playwright is not installed (pip install playwright; the browser is Debian's)"
    )


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory, playwright_api: Any) -> Path:
    if not Path(CHROMIUM).exists():
        pytest.skip(f"Chromium is not installed at {CHROMIUM} (apt-get install chromium, or set RUMMYLIB_CHROMIUM)")
    given = os.environ.get("RUMMYLIB_SITE_DIR")
    if given:
        built = Path(given)
    else:
        pytest.importorskip("mkdocs", reason="the docs extra (mkdocs) is not installed: the site cannot be built")
        built = build_site(tmp_path_factory.mktemp("site"))
    found = bundle_of(built)
    if not found["bundled"]:
        pytest.skip(f"the docs build did not bundle the Python runtime: {found['reason']}")
    return built


@pytest.fixture(scope="session")
def base_url(site: Path) -> Iterator[str]:
    server, base = serve(site)
    yield base
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def browser(playwright_api: Any, site: Path) -> Iterator[Any]:
    with playwright_api.sync_playwright() as driver:
        launched = driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS, headless=True)
        yield launched
        launched.close()


@pytest.fixture
def open_page(browser: Any, base_url: str) -> Iterator[Callable[..., Any]]:
    """Open a path of the site in a fresh context (no cache) whose requests leave only for the site."""
    guards: list[Guard] = []
    contexts: list[Any] = []
    errors: list[str] = []

    def opener(path: str, *, width: int = 1280, height: int = 900, guard: Guard | None = None) -> Any:
        context = browser.new_context(viewport={"width": width, "height": height})
        contexts.append(context)
        watch = guard or Guard(base_url)
        guards.append(watch)
        context.route("**/*", watch.route)
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(base_url + path)
        return page

    yield opener
    for context in contexts:
        context.close()
    refused = [url for g in guards for url in g.refused]
    assert refused == [], f"the page asked for something outside the site: {refused}"
    assert errors == [], f"the page raised: {errors}"
