"""Build the documentation site, serve it on localhost and take screenshots of it in a headless browser.

Not part of the test suite: run it by hand after changing how pages or pictures look, and look at
the PNGs as a reader would (do the pictures and tables fit a 1280-pixel window?)::

    python docs/screenshots.py                 # writes /tmp/rummylib-screenshots/*.png
    python docs/screenshots.py --out shots --pages / /rules/gin-rummy/ --assets

It needs ``mkdocs`` (the docs extra) and Chromium (Debian: ``apt-get install -y chromium``);
``--assets`` also converts every picture in ``docs/assets/`` to PNG with ``rsvg-convert``
(Debian: ``librsvg2-bin``), to look at each one on its own. The browser runs with a new empty
profile and without background networking, so it reaches nothing but the local server.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import os
import shutil
import subprocess
import sys
import tempfile
import threading
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAGES = ("/", "/rules/rummikub/", "/performance/")
"""The home page, a rules page and the performance page."""
WIDTH = 1280


def _browser() -> str:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    raise SystemExit("no Chromium found: apt-get install -y chromium")


def build(site: Path) -> None:
    """Build the site into ``site`` (strict, as CI builds it)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src"), "NO_MKDOCS_2_WARNING": "1"}
    mkdocs = Path(sys.executable).with_name("mkdocs")
    command = [str(mkdocs) if mkdocs.exists() else "mkdocs", "build", "--strict", "--site-dir", str(site)]
    subprocess.run(command, cwd=ROOT, env=env, check=True, timeout=600)


def serve(site: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    """Serve ``site`` on a free localhost port, in a thread; the server and its base URL."""
    handler = functools.partial(_QuietHandler, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


def shoot(url: str, out: Path, *, height: int, browser: str) -> None:
    """A screenshot of ``url``, ``WIDTH`` pixels wide and ``height`` tall, written to ``out``."""
    with tempfile.TemporaryDirectory(prefix="rummylib-chromium-") as profile:
        command = [
            browser,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--no-first-run",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
            f"--user-data-dir={profile}",
            f"--screenshot={out}",
            f"--window-size={WIDTH},{height}",
            "--virtual-time-budget=8000",
            url,
        ]
        subprocess.run(command, check=True, timeout=120, capture_output=True)


def cut(shot: Path, height: int, part: int, *, browser: str) -> list[Path]:
    """Cut a tall screenshot into parts ``part`` pixels tall, easier to look at one by one.

    The browser does the cutting: each part is a screenshot of a small page that shows the
    picture shifted up, so nothing but Chromium is needed.
    """
    written = []
    for k, top in enumerate(range(0, height, part)):
        frame = shot.with_name(f"{shot.stem}.part{k + 1}.html")
        frame.write_text(
            f'<html><body style="margin:0"><img src="{shot.name}" style="display:block;margin-top:-{top}px">'
            "</body></html>",
            encoding="utf-8",
        )
        target = shot.with_name(f"{shot.stem}.part{k + 1}.png")
        shoot(frame.as_uri(), target, height=part, browser=browser)
        frame.unlink()
        written.append(target)
    return written


def convert_assets(out: Path) -> list[Path]:
    """Every picture of ``docs/assets/`` as a PNG in ``out/assets`` (needs rsvg-convert)."""
    convert = shutil.which("rsvg-convert")
    if convert is None:
        raise SystemExit("rsvg-convert not found: apt-get install -y librsvg2-bin")
    folder = out / "assets"
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for picture in sorted((ROOT / "docs" / "assets").glob("*.svg")):
        target = folder / f"{picture.stem}.png"
        subprocess.run([convert, "-o", str(target), str(picture)], check=True, timeout=60)
        written.append(target)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    """Build, serve, shoot; print the files written."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path(tempfile.gettempdir()) / "rummylib-screenshots")
    parser.add_argument("--pages", nargs="+", default=list(PAGES), help="site paths, such as /rules/rummikub/")
    parser.add_argument("--height", type=int, default=2400, help="window height in pixels (default 2400)")
    parser.add_argument("--parts", type=int, default=0, help="also cut each screenshot into parts this tall")
    parser.add_argument("--assets", action="store_true", help="also convert every docs/assets/*.svg to PNG")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    browser = _browser()
    with tempfile.TemporaryDirectory(prefix="rummylib-site-") as site:
        build(Path(site))
        server, base = serve(Path(site))
        try:
            for page in args.pages:
                name = page.strip("/").replace("/", "-") or "home"
                target = args.out / f"{name}.png"
                shoot(base + page, target, height=args.height, browser=browser)
                print(f"wrote {target}")
                for part in cut(target, args.height, args.parts, browser=browser) if args.parts else []:
                    print(f"wrote {part}")
        finally:
            server.shutdown()
    if args.assets:
        for target in convert_assets(args.out):
            print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
