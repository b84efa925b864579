"""The "Try it" page in a real browser: rummylib judges turns in Pyodide, served by the site alone.

Each page is opened in a fresh browser context that refuses every request leaving the local
server (see ``conftest.py``): a legal turn, an illegal one with its problems, a wrapped run
refused, a position built by clicking tiles and restored from its link, a card-game contract, and
the example page of ``examples/web/``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

VERDICT_TIMEOUT = 120_000
"""Milliseconds to wait for a verdict: generous, for a loaded CI machine (speed is measured elsewhere)."""

LEGAL = "/try/?before=r3+r4+r5+r6+%7C+k9+b9+y9&rack=r7+r8+b1&after=r3+r4+r5+%7C+r6+r7+r8+%7C+k9+b9+y9"


def verdict_of(page: Any) -> tuple[str, list[str], str]:
    """Wait for the verdict on the position in the page's link; its first word, its problems' codes, its text."""
    page.wait_for_function(
        "() => document.getElementById('verdict').dataset.position === location.search", timeout=VERDICT_TIMEOUT
    )
    text = page.inner_text("#verdict").strip()
    codes = page.eval_on_selector_all("#verdict li code", "nodes => nodes.map(n => n.textContent)")
    return text.split()[0], codes, text


def picture_of(page: Any) -> str:
    return page.inner_html("#picture")


def query(page: Any) -> dict[str, list[str]]:
    return parse_qs(urlsplit(page.url).query)


def test_a_legal_turn(open_page: Any) -> None:
    page = open_page(LEGAL)
    word, codes, text = verdict_of(page)
    assert (word, codes) == ("legal", [])
    assert "played R7 R8" in text
    picture = picture_of(page)
    assert picture.startswith("<svg")
    assert "legal turn: played R7 R8" in picture
    assert "moved on the table" in picture  # the library's legend: R6 changed set
    assert page.input_value("#after") == "r3 r4 r5 | r6 r7 r8 | k9 b9 y9"


def test_an_illegal_turn_lists_every_problem(open_page: Any) -> None:
    page = open_page("/try/")
    page.fill("#before", "r1 r2 r3 | k5 k6 k7")
    page.fill("#rack", "r4")
    page.fill("#after", "r1 r2 | r3 r4 | k5 k6")
    word, codes, text = verdict_of(page)
    assert word == "illegal"
    assert codes == ["run-too-short", "run-too-short", "run-too-short", "table-tile-missing"]
    assert "a run needs at least 3" in text
    assert "K7" in text  # the tile that left the table is named
    assert 'stroke="' in picture_of(page) and "illegal turn" in picture_of(page)
    assert query(page)["after"] == ["r1 r2 | r3 r4 | k5 k6"]  # the link follows the edits


def test_a_wrapped_run_is_refused(open_page: Any) -> None:
    page = open_page("/try/?rack=r12+r13+r1&after=r12+r13+r1")
    word, codes, text = verdict_of(page)
    assert (word, codes) == ("illegal", ["run-wraps"])
    assert "runs never wrap" in text
    assert "run wraps past 13" in picture_of(page)


def test_the_initial_meld_counts_when_not_made(open_page: Any) -> None:
    page = open_page("/try/?rack=r1+r2+r3&after=r1+r2+r3")
    assert verdict_of(page)[0] == "legal"
    page.uncheck("#opened")
    word, codes, _ = verdict_of(page)
    assert (word, codes) == ("illegal", ["initial-meld-too-low"])
    assert query(page)["opened"] == ["0"]


def test_bad_notation_is_named_not_raised(open_page: Any) -> None:
    page = open_page("/try/?after=r3+r4+r99")
    word, codes, text = verdict_of(page)
    assert (word, codes) == ("illegal", ["bad-notation"])
    assert "'r99' is not a tile" in text
    assert picture_of(page) == ""


def test_a_position_built_by_clicking_tiles_is_restored_from_its_link(open_page: Any) -> None:
    page = open_page("/try/")
    page.click("#before")
    for token in ["r3", "r4", "r5", "r6"]:
        page.click(f"#palette [data-token='{token}']")
    page.click("#rack")
    for token in ["r7", "r8", "*"]:
        page.click(f"#palette [data-token='{token}']")
    page.click("#after")
    for token in ["r3", "r4", "r5", "|", "r6", "r7", "r8", "*"]:
        page.click(f"#palette [data-token='{token}']")
    assert page.input_value("#after") == "r3 r4 r5 | r6 r7 r8 *"
    first = verdict_of(page)
    assert first[0] == "legal"
    link = page.get_attribute("#share", "href")
    assert link == urlsplit(page.url).path + "?" + urlsplit(page.url).query
    again = open_page(link)
    assert [again.input_value(f"#{name}") for name in ("before", "rack", "after")] == [
        "r3 r4 r5 r6",
        "r7 r8 *",
        "r3 r4 r5 | r6 r7 r8 *",
    ]
    assert verdict_of(again) == first
    assert picture_of(again) == picture_of(page)


def test_a_card_game_contract(open_page: Any) -> None:
    page = open_page("/try/?rules=contract_rummy&after=7h+7s+7d+%7C+8c+8s")
    word, codes, _ = verdict_of(page)
    assert (word, codes) == ("illegal", ["contract-set-size"])
    assert page.is_hidden("#before") and page.is_visible("#round")
    page.fill("#after", "7h 7s 7d | 8c 8s 8h")
    assert verdict_of(page)[:2] == ("legal", [])
    assert page.input_value("#rules") == "contract_rummy"


def test_the_page_says_when_the_runtime_was_not_bundled(open_page: Any, base_url: str, site: Path, guard: Any) -> None:
    """A site built without the runtime: the page says so instead of waiting for ever."""
    bundle = json.loads((site / "try" / "bundle.json").read_text(encoding="utf-8"))
    unbundled = {"bundled": False, "reason": "npm is not installed", "presets": bundle["presets"]}

    class Unbundled(guard):
        def route(self, route: Any) -> None:
            if route.request.url.endswith("/try/bundle.json"):
                route.fulfill(status=200, content_type="application/json", body=json.dumps(unbundled))
            else:
                super().route(route)

    page = open_page("/try/", guard=Unbundled(base_url))
    page.wait_for_function("() => document.getElementById('verdict').textContent.startsWith('not available')")
    assert "not bundled" in page.inner_text("#verdict")
    assert "npm is not installed" in page.inner_text("#verdict")


def test_every_request_stays_on_the_site_and_the_worker_is_watched(open_page: Any, base_url: str, guard: Any) -> None:
    """The guard sees the worker's own requests (the runtime, the wheels), so none can slip past it."""
    watch = guard(base_url)
    page = open_page(LEGAL, guard=watch)
    verdict_of(page)
    names = {url.rsplit("/", 1)[-1] for url in watch.seen}
    assert {"pyodide.mjs", "bundle.json", "worker.mjs", "referee.py"} <= names
    assert any(name.startswith("rummylib-") and name.endswith(".whl") for name in names)


def test_the_web_example_page_checks_on_every_change(open_page: Any) -> None:
    page = open_page("/try/web/")
    page.wait_for_function("() => /^(legal|illegal)/.test(document.getElementById('verdict').textContent)")
    page.fill("#after", "r12 r13 r1")
    page.wait_for_function(
        "() => document.getElementById('verdict').textContent.includes('run-wraps')", timeout=VERDICT_TIMEOUT
    )
    assert page.inner_text("#verdict").startswith("illegal")
    assert "first verdict" in page.inner_text("#timing")


def test_a_snapshot_that_cannot_be_restored_falls_back_to_booting_python(
    open_page: Any, base_url: str, site: Path, guard: Any
) -> None:
    """A stale or broken snapshot costs time, never the verdict: the worker boots Python instead."""
    if "snapshot" not in json.loads((site / "try" / "bundle.json").read_text(encoding="utf-8")):
        pytest.skip("this site has no Pyodide snapshot (Node.js was missing when it was built)")

    class Broken(guard):
        def route(self, route: Any) -> None:
            if route.request.url.endswith("/try/snapshot.bin.gz"):
                route.fulfill(status=200, content_type="application/octet-stream", body=b"not a snapshot" * 1000)
            else:
                super().route(route)

    page = open_page("/try/?rack=r12+r13+r1&after=r12+r13+r1", guard=Broken(base_url))
    assert verdict_of(page)[:2] == ("illegal", ["run-wraps"])
    assert page.get_attribute("#timing", "data-started") == "booted"


def test_the_page_opened_with_no_position_asks_for_one(open_page: Any) -> None:
    """No position yet is no illegal turn: the page prompts, and the examples are one click away."""
    page = open_page("/try/")
    page.wait_for_function("() => document.getElementById('verdict').classList.contains('rl-idle')")
    text = page.inner_text("#verdict")
    assert text.startswith("Nothing to judge yet") and "illegal" not in text
    assert picture_of(page) == ""
    page.fill("#rack", "r4 r9")  # a position: now a verdict
    assert verdict_of(page)[0] == "illegal"
    page.fill("#rack", "")  # and back to nothing: the prompt again
    page.wait_for_function("() => document.getElementById('verdict').classList.contains('rl-idle')")
    assert page.inner_text("#verdict") == text


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1280, 900)])
def test_the_verdict_is_on_the_first_screen_and_the_tiles_fit_a_finger(open_page: Any, width: int, height: int) -> None:
    page = open_page("/try/?before=r1+r2+r3&rack=r4+r9&after=r1+r2+%7C+r3+r4", width=width, height=height)
    assert verdict_of(page)[0] == "illegal"
    top, bottom = page.eval_on_selector(
        "#verdict", "n => { const r = n.getBoundingClientRect(); return [r.top, r.bottom]; }"
    )
    assert 0 < top and bottom <= height, (top, bottom)  # seen without scrolling
    sizes = page.eval_on_selector_all(
        "#palette button",
        "nodes => nodes.map(n => { const r = n.getBoundingClientRect(); return [r.width, r.height]; })",
    )
    assert len(sizes) == 4 * 13 + 4
    smallest = 44 if width < 600 else 32  # a phone's touch target; a mouse needs less
    assert min(min(w, h) for w, h in sizes) >= smallest, sizes
    overflow = page.evaluate("() => document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0  # nothing sticks out sideways
