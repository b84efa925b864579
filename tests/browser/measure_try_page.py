"""Measure the "Try it" page in headless Chromium: time to the first verdict, and per check after that.

    python tests/browser/measure_try_page.py SITE_DIR [--runs 5] [--edits 40] [--screenshots DIR]

SITE_DIR is a built site (``mkdocs build --site-dir SITE_DIR``). Each run opens the page in a fresh
browser context (an empty cache: a first visit) and reads the page's own clock: milliseconds from
the start of the navigation to the first verdict on screen, and, for a sequence of edits made as a
player adds tiles one by one, milliseconds from each edit to its verdict on screen. A second visit
in the same context shows the effect of the browser's cache. Requests are watched, not
intercepted (interception would add the driver's round trips to the page's clock); one that
leaves the site fails the run. With ``--screenshots`` it also saves
the page at 1280 px wide and on a phone-sized window (390x844). Not a test: speed is measured, not
asserted.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))
from conftest import CHROMIUM, CHROMIUM_FLAGS, Guard, serve

POSITION = "/try/?before=r3+r4+r5+r6+%7C+k9+b9+y9&rack=r7+r8+b1+y1+y2+y3&after=r3+r4+r5+%7C+r6+r7+r8+%7C+k9+b9+y9"
TOKENS = "r3 r4 r5 | r6 r7 r8 | k9 b9 y9 b1 | y1 y2 y3".split()
WAIT = "() => document.getElementById('verdict').dataset.position === location.search"


class Watch(Guard):
    """Notes every request; one that leaves the site is counted as refused (the run then fails)."""

    def saw(self, request: Any) -> None:
        (self.seen if request.url.startswith(self.base) else self.refused).append(request.url)


def first_verdict(page: Any) -> float:
    page.wait_for_function(WAIT, timeout=120_000)
    return float(page.get_attribute("#timing", "data-first-verdict-ms") or "nan")


def edits(page: Any, count: int) -> tuple[list[float], list[float]]:
    """Edit the table after tile by tile (as a player would): each verdict's time on screen, and in Python."""
    times: list[float] = []
    python: list[float] = []
    for i in range(count):
        shown = TOKENS[: 1 + i % len(TOKENS)]
        page.fill("#after", " ".join(shown))
        page.wait_for_function(WAIT, timeout=60_000)
        times.append(float(page.get_attribute("#timing", "data-last-check-ms") or "nan"))
        python.append(float(page.get_attribute("#timing", "data-last-python-ms") or "nan"))
    return times, python


def summary(name: str, values: list[float]) -> str:
    ordered = sorted(values)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    return f"{name}: median {statistics.median(ordered):.0f} ms, p90 {p90:.0f} ms, max {ordered[-1]:.0f} ms (n={len(ordered)})"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("site", type=Path)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--edits", type=int, default=40)
    parser.add_argument("--screenshots", type=Path)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    server, base = serve(args.site)
    firsts: list[float] = []
    warm: list[float] = []
    checks: list[float] = []
    in_python: list[float] = []
    starts: set[str] = set()
    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS, headless=True)
        for run in range(args.runs):
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            guard = Watch(base)  # watches without intercepting, so the clock is not slowed by the driver
            context.on("request", guard.saw)
            page = context.new_page()
            page.goto(base + POSITION)
            firsts.append(first_verdict(page))
            starts.add(page.get_attribute("#timing", "data-started") or "?")
            on_screen, judged = edits(page, args.edits)
            checks += on_screen
            in_python += judged
            if run == 0 and args.screenshots:
                args.screenshots.mkdir(parents=True, exist_ok=True)
                page.goto(
                    base + POSITION.replace("b1+y1", "b1+r12+r13+r1+y1").replace("k9+b9+y9", "k9+b9+y9+%7C+r12+r13+r1")
                )
                first_verdict(page)
                page.screenshot(path=str(args.screenshots / "try-1280.png"), full_page=True)
            page.goto(base + POSITION)
            warm.append(first_verdict(page))
            if run == 0 and args.screenshots:
                phone = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2)
                phone.on("request", guard.saw)
                small = phone.new_page()
                small.goto(base + "/try/?before=r1+r2+r3&rack=r4+r9&after=r1+r2+%7C+r3+r4")
                first_verdict(small)
                small.screenshot(path=str(args.screenshots / "try-390.png"), full_page=True)
                phone.close()
            context.close()
            if guard.refused:
                print("refused requests:", guard.refused)
                return 1
        browser.close()
    server.shutdown()
    print(f"Python started from: {', '.join(sorted(starts))}")
    print(summary("first verdict after opening the page (fresh context)", firsts))
    print(summary("first verdict on a second visit (browser cache)", warm))
    print(summary("each later verdict, edit to verdict on screen", checks))
    print(summary("  of which rummylib's judge and picture in the worker", in_python))
    return 0


if __name__ == "__main__":
    sys.exit(main())
