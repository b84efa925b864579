"""Draw the pictures the documentation uses, with rummylib itself.

Run ``python docs/gen_pictures.py`` after changing `rummylib.svg`; a test
(``tests/svg/test_svg_doc_assets.py``) checks that the committed files in ``docs/assets/`` are
exactly what this script draws.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable
from pathlib import Path

from rummylib import CONTRACT_RUMMY, GIN_RUMMY, INDIAN_RUMMY, RUMMIKUB, SHANGHAI, svg
from rummylib.gin import deadwood, score_hand
from rummylib.indian import best_arrangement

ASSETS = Path(__file__).resolve().parent / "assets"
RESULTS = Path(__file__).resolve().parent.parent / "benchmarks" / "results"
FIVES_WILD = INDIAN_RUMMY.with_options({"wild_ranks": ["5"]})


def _markdown_table(text: str, must_have: str) -> list[dict[str, str]]:
    """The first Markdown table in ``text`` whose header mentions ``must_have``, as dicts."""
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if line.startswith("|") and must_have in line and i + 1 < len(lines) and set(lines[i + 1]) <= set("|-: "):
            header = [h.strip() for h in line.strip("|").split("|")]
            rows = []
            for row in lines[i + 2 :]:
                if not row.startswith("|"):
                    break
                rows.append(dict(zip(header, (c.strip() for c in row.strip("|").split("|")), strict=True)))
            return rows
    raise ValueError(f"no table with {must_have!r}")


def _bar_chart(
    title: str,
    groups: list[tuple[str, str]],
    series: list[tuple[str, str]],
    values: list[list[float]],
    *,
    low: float,
    high: float,
) -> str:
    """A grouped bar chart on a log scale: one group per row, one bar per series."""
    width, height, left, bottom, top = 560, 300, 56, 52, 40
    plot_h = height - top - bottom

    def y_of(v: float) -> float:
        v = min(max(v, low), high)
        return top + plot_h * (1 - (math.log10(v) - math.log10(low)) / (math.log10(high) - math.log10(low)))

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" role="img" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="DejaVu Sans, Verdana, Helvetica, Arial, sans-serif" '
        f'aria-label="{title}">',
        f'<rect width="{width}" height="{height}" rx="10" fill="#ffffff"/>',
        f'<text x="{left}" y="24" font-size="13" font-weight="bold" fill="#222">{title}</text>',
    ]
    tick = 10 ** math.ceil(math.log10(low))
    while tick <= high:
        y = y_of(tick)
        out.append(f'<line x1="{left}" y1="{y:.1f}" x2="{width - 16}" y2="{y:.1f}" stroke="#e3e3e3"/>')
        out.append(
            f'<text x="{left - 8}" y="{y + 4:.1f}" text-anchor="end" font-size="10.5" fill="#666">{tick:,g}</text>'
        )
        tick *= 10
    group_w = (width - left - 16) / len(groups)
    bar_w = min(26.0, group_w / (len(series) + 1))
    for g, ((label, sublabel), row) in enumerate(zip(groups, values, strict=True)):
        x0 = left + g * group_w + (group_w - (bar_w + 4) * len(series) + 4) / 2
        for k, ((_, colour), v) in enumerate(zip(series, row, strict=True)):
            x = x0 + k * (bar_w + 4)
            y = y_of(v)
            out.append(
                f'<rect x="{x:.1f}" y="{y:.1f}" width="{bar_w:.1f}" height="{top + plot_h - y:.1f}" rx="3" '
                f'fill="{colour}"><title>{v:,g}</title></rect>'
                f'<text x="{x + bar_w / 2:.1f}" y="{y - 4:.1f}" text-anchor="middle" font-size="9.5" '
                f'fill="#444">{v:,g}</text>'
            )
        centre = left + g * group_w + group_w / 2
        out.append(
            f'<text x="{centre:.1f}" y="{height - bottom + 16}" text-anchor="middle" font-size="11" '
            f'fill="#222">{label}</text>'
            f'<text x="{centre:.1f}" y="{height - bottom + 29}" text-anchor="middle" font-size="9.5" '
            f'fill="#777">{sublabel}</text>'
        )
    x = float(left)
    for name, colour in series:
        out.append(
            f'<rect x="{x:g}" y="{height - 15}" width="11" height="11" rx="2" fill="{colour}"/>'
            f'<text x="{x + 16:g}" y="{height - 6}" font-size="10.5" fill="#333">{name}</text>'
        )
        x += 30 + 6.5 * len(name)
    out.append("</svg>")
    return "".join(out)


def _number(text: str) -> float:
    return float(text.replace(",", ""))


def solver_chart() -> str:
    """Median solve time per table size, rummylib against rummikub-solver, from the benchmark output."""
    rows = _markdown_table((RESULTS / "solver.md").read_text(encoding="utf-8"), "ours median")
    return _bar_chart(
        "Median time to find the best play (ms, log scale)",
        [(f"K = {r['K']}", f"{round(_number(r['table tiles (mean)']))} table tiles") for r in rows],
        [("rummylib", "#1f8a70"), ("rummikub-solver (ILP)", "#c98a1b")],
        [[_number(r["ours median"]), _number(r["theirs median"])] for r in rows],
        low=0.1,
        high=1000,
    )


def turn_chart() -> str:
    """Turns validated per second by table size, from the benchmark output."""
    rows = _markdown_table((RESULTS / "turn.md").read_text(encoding="utf-8"), "cold /s")
    return _bar_chart(
        "Rummikub turns validated per second (log scale)",
        [(f"{r['table tiles']} tiles", f"{r['sets after']} set{'' if r['sets after'] == '1' else 's'}") for r in rows],
        [("first sight", "#7a9cc6"), ("sets seen before", "#1f8a70"), ("JSON in, answer out", "#c98a1b")],
        [[_number(r["cold /s"]), _number(r["warm /s"]), _number(r["batch /s"])] for r in rows],
        low=100,
        high=100_000,
    )


PICTURES: dict[str, Callable[[], str]] = {
    # The tutorial: pieces and notation.
    "tiles.svg": lambda: svg.rack("k1 b5 y9 r13 r10 *"),
    "cards.svg": lambda: svg.rack("Ah 10d Jc Qh Ks *"),
    # The tutorial: checking a meld.
    "meld-run-joker.svg": lambda: svg.meld("r5 r6 *", rules=RUMMIKUB, labels=True),
    "meld-group-joker.svg": lambda: svg.meld("r7 b7 *", rules=RUMMIKUB, labels=True),
    "meld-wraps.svg": lambda: svg.meld("r12 r13 r1", rules=RUMMIKUB, labels=True),
    "meld-cards-run.svg": lambda: svg.meld("Jc Qc Kc Ac", rules=SHANGHAI, labels=True),
    # The tutorial: a table and a turn.
    "table.svg": lambda: svg.table("r3 r4 r5 r6 | k9 b9 y9 | b10 b11 b12 b13", rules=RUMMIKUB),
    "turn-legal.svg": lambda: svg.turn(
        "r3 r4 r5 r6 | k9 b9 y9 | b10 b11 b12 b13",
        "r7 r9 * k1",
        "r3 r4 r5 | r6 r7 * | k9 b9 y9 r9 | b10 b11 b12 b13",
        rules=RUMMIKUB,
        initial_meld_done=True,
        width=720,  # one row: the home page opens with it
    ),
    "turn-illegal.svg": lambda: svg.turn(
        "r3 r4 r5 r6 | k9 b9 y9",
        "r7 b2",
        "r3 r4 r5 | r6 r7 | k9 b9",
        rules=RUMMIKUB,
        initial_meld_done=True,
        width=560,
    ),
    # The tutorial: a Shanghai contract (round 2: one set of 3 and one run of 4).
    "contract-shanghai.svg": lambda: svg.table(["7h 7s 7d", "4c 5c 6c *"], rules=SHANGHAI),
    # The rules pages: each shows its melds, a legal and an illegal example, and how jokers read.
    # Rummikub
    "rummikub-sets.svg": lambda: svg.table("r7 b7 k7 | y3 y4 y5 y6 | r12 r13 r1", rules=RUMMIKUB),
    "rummikub-joker-readings.svg": lambda: svg.table("r5 r6 * | * r5 r6 | * * r13 | r13 * *", rules=RUMMIKUB),
    "rummikub-turn-split.svg": lambda: svg.turn(
        "r3 r4 r5 r6 r7 | k9 b9 y9", "r5 k2", "r3 r4 r5 | r5 r6 r7 | k9 b9 y9", rules=RUMMIKUB, initial_meld_done=True
    ),
    "rummikub-turn-joker-kept.svg": lambda: svg.turn(
        "r4 * r6 | k9 b9 y9", "r5", "r4 r5 r6 | k9 b9 y9", rules=RUMMIKUB, initial_meld_done=True
    ),
    # Contract Rummy
    "contract-melds.svg": lambda: svg.table("Ah As Ah | Jc Qc Kc Ac | Ac 2c 3c 4c | Kc Ac 2c 3c", rules=CONTRACT_RUMMY),
    "contract-met.svg": lambda: svg.contract(["7h 7s *", "4c 5c 6c 7c"], round_number=2, rules=CONTRACT_RUMMY),
    "contract-runs-continue.svg": lambda: svg.contract(
        ["2c 3c 4c 5c", "6c 7c 8c 9c"], round_number=3, rules=CONTRACT_RUMMY
    ),
    "contract-joker-place.svg": lambda: svg.table(["2c 3c 4c *", "* 2c 3c 4c"], rules=CONTRACT_RUMMY),
    # Shanghai
    "shanghai-aces.svg": lambda: svg.table("Ac 2c 3c 4c | Jc Qc Kc Ac | Kc Ac 2c 3c", rules=SHANGHAI),
    "shanghai-contract-met.svg": lambda: svg.contract(
        ["7h 7s 7d 7c", "4c 5c 6c 7c 8c 9c 10c"], round_number=5, rules=SHANGHAI
    ),
    "shanghai-contract-short.svg": lambda: svg.contract(
        ["7h 7s 7d", "4c 5c 6c 7c 8c 9c"], round_number=5, rules=SHANGHAI
    ),
    "shanghai-joker-ratio.svg": lambda: svg.table(
        ["8h 8s * *", "8h * *"], rules=SHANGHAI.with_options({"joker_ratio": True})
    ),
    # Gin Rummy
    "gin-melds.svg": lambda: svg.table(["Ah 2h 3h", "9c 9d 9s", "Qh Kh Ah"], rules=GIN_RUMMY),
    "gin-deadwood.svg": lambda: svg.deadwood(deadwood("Ah 2h 3h 4h 7c 7d 7s 9c 9d Kd Qs", rules=GIN_RUMMY)),
    "gin-knock.svg": lambda: svg.gin_hand(
        score_hand("Ah 2h 3h 7c 7d 7s 9c 9d 9s Kd", "4h 5h 9h 10h Jh 8c 2d Qd Kc Kh", rules=GIN_RUMMY)
    ),
    # Indian Rummy
    "indian-wild-fives.svg": lambda: svg.table("4s 5s 6s | 7h 5d 9h | Qc Qd 5c", rules=FIVES_WILD),
    "indian-declaration.svg": lambda: svg.declaration(
        ["4s 5s 6s", "7h 8h *", "9c 9d 9s", "Jc Qc Kc 5d"], rules=FIVES_WILD
    ),
    "indian-wrong-declaration.svg": lambda: svg.declaration(
        ["Ah 2h *", "4c * 6c", "9s 9c 9d 9h", "Kd Kd Ks"], rules=INDIAN_RUMMY
    ),
    "indian-arrangement.svg": lambda: svg.arrangement(
        best_arrangement("Ah 2h 3h 4c * 6c 9s 9c 9d 7s 8h Kd 2d", rules=INDIAN_RUMMY)
    ),
    # The performance page: charts drawn from benchmarks/results/*.md.
    "perf-solver.svg": solver_chart,
    "perf-turn.svg": turn_chart,
}
"""Each file name in ``docs/assets/`` and the function that draws it."""


def main() -> int:
    """Write every picture; print the names written."""
    ASSETS.mkdir(exist_ok=True)
    for name, draw in PICTURES.items():
        (ASSETS / name).write_text(draw() + "\n", encoding="utf-8")
        print(f"wrote docs/assets/{name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
