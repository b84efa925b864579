"""Write docs/performance.md from the benchmark results in benchmarks/results/.

Run after any benchmark: python benchmarks/make_performance_page.py

Each benchmark script writes its full results (every table, every note) to a Markdown file in
``benchmarks/results/``. The page shows users one table per topic, with the few columns they
need, and a summary of what is fast compared with what; the full files stay where they are for
whoever works on the code.

To show a new benchmark, add a `Topic` to `TOPICS`: the results file, the table to take (named
by one of its column headings), the columns to show (a heading of the results table, or a
function of the row), and, if it has one, a line for the summary at the top of the page.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).parent
RESULTS = HERE / "results"
PAGE = HERE.parent / "docs" / "performance.md"

Row = dict[str, str]


@dataclass(frozen=True)
class Column:
    """One column of a table on the page."""

    heading: str
    """The heading shown."""
    source: str | Callable[[Row], str]
    """The heading of the results table to copy, or a function of its row."""
    align: str = "---:"
    """The Markdown alignment: right for numbers (the default), ``"---"`` for words."""

    def cell(self, row: Row) -> str:
        return self.source(row) if callable(self.source) else row[self.source]


@dataclass(frozen=True)
class Topic:
    """One section of the page: a benchmark's table, shown with the columns users need."""

    results: str
    """The results file in ``benchmarks/results/``."""
    title: str
    command: str
    """The command that writes the results file."""
    lead: str
    """What is measured and against what, for users (Markdown)."""
    table: str
    """A column heading of the results table to show (the first table holding it)."""
    columns: Sequence[Column]
    after: str = ""
    """The table is looked for after this line of the results file (a heading, say)."""
    chart: str | None = None
    """A picture under ``docs/assets/`` drawn from the same results (``docs/gen_pictures.py``)."""
    quotes: Sequence[str] = ()
    """Regular expressions of sentences of the results file to show under the table."""
    summary: Callable[[list[Row]], tuple[str, str, str]] | None = None
    """A line of the summary table: (task, rummylib's figure, compared with)."""
    rows: Callable[[Row], bool] = field(default=lambda row: True)
    """Which rows of the results table to show."""


def read_table(text: str, must_have: str, *, after: str = "") -> list[Row]:
    """The first Markdown table of ``text`` (after the line ``after``) whose header holds ``must_have``.

    A heading that appears twice in the header gets `` (2)`` after its second use.
    """
    lines = text.splitlines()
    start = next((i for i, line in enumerate(lines) if line.strip() == after.strip()), 0) if after else 0
    for i in range(start, len(lines) - 1):
        line = lines[i]
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("|") and must_have in cells and set(lines[i + 1]) <= set("|-: "):
            header: list[str] = []
            for c in cells:
                header.append(c if c not in header else f"{c} (2)")
            rows = []
            for row in lines[i + 2 :]:
                if not row.startswith("|"):
                    break
                rows.append(dict(zip(header, (c.strip() for c in row.strip().strip("|").split("|")), strict=True)))
            return rows
    raise ValueError(f"no table with a column {must_have!r}")


def measured(text: str) -> str:
    """When and how a results file was measured, in words (date, Python, and whether the machine was shared)."""
    date = re.search(r"\b(20\d\d-\d\d-\d\d)\b", text)
    python = re.search(r"(?:CPython|Python) (3\.\d+(?:\.\d+)?)", text)
    parts = []
    if date:
        parts.append(f"measured {date.group(1)}")
    if python:
        parts.append(f"CPython {python.group(1)}")
    shared = re.search(r"shared|under load", text)
    note = "; the machine was shared with other jobs, so treat the figures as rough" if shared else ""
    return (", ".join(parts) + note) if parts else ""


def _number(text: str, which: int = 0) -> float:
    """The ``which``-th number written in a cell (``"5.3 / 105.3 (36/50)"``: 5.3, then 105.3)."""
    found = re.findall(r"\d[\d,]*(?:\.\d+)?", text)
    return float(found[which].replace(",", "")) if len(found) > which else float("nan")


def _ms(value: float) -> str:
    return f"{value:.1f} ms" if value >= 1 else f"{value * 1000:.0f} µs"


def _per_second(text: str) -> str:
    rate = _number(text)
    return f"{rate:,.0f}/s ({_ms(1000 / rate)} each)"


# ------------------------------------------------------------------------------------------
# The topics, in the order of the page
# ------------------------------------------------------------------------------------------

TOPICS: list[Topic] = [
    Topic(
        results="builds.md",
        title="The compiled build beside pure Python",
        command="python benchmarks/bench_builds.py --pure PURE_PYTHON --compiled COMPILED_PYTHON --write",
        lead=(
            "The same measurements under both builds in one run: the pure-Python package and the "
            "opt-in compiled one (`HATCH_BUILD_HOOK_ENABLE_MYPYC=1 pip install .`, see "
            "[Installation](install.md#the-compiled-build)). Times are CPU time; the speed-up is the "
            "pure build's time divided by the compiled build's (or the rates the other way). Where "
            "another library answers the same question, it ran in the same process as the compiled "
            "build, on the same inputs."
        ),
        table="compiled speed-up",
        columns=[
            Column("work", "work", "---"),
            Column("unit", "unit", "---"),
            Column("pure Python", "pure Python"),
            Column("compiled", "compiled"),
            Column("speed-up", "compiled speed-up"),
            Column(
                "peer, same run",
                lambda r: " ".join(x for x in (r["peer (same run, compiled child)"], r["peer"]) if x),
                "---",
            ),
            Column("compiled vs peer", "compiled vs peer", "---"),
        ],
        quotes=(r"Solver: the same answer[^\n]*",),
    ),
    Topic(
        results="peers.md",
        title="Against the fastest peers, before and after the engine's ints",
        command="python benchmarks/bench_peers.py --before OLD_PYTHON --after NEW_PYTHON --write",
        lead=(
            "The speed a user feels, against the fastest peer for each job, before and after rummylib's "
            "engine moved to small integers inside with values built at the edge (the compiled build of "
            "each day, each figure a ratio to its peer measured in the same process, CPU time). Gin "
            "deadwood against OpenSpiel's C++; each environment's random masked play against OpenSpiel's "
            "Gin through Shimmy; a batch `turn` against `json.loads` of its own line; `solve` against "
            "rummikub-solver (HiGHS); a new `rummylib batch` to its first answer."
        ),
        table="goal",
        columns=[
            Column("work", "work", "---"),
            Column("unit", "unit", "---"),
            Column("before", "before"),
            Column("after", "after"),
        ],
    ),
    Topic(
        results="turn.md",
        title="Judging a Rummikub turn",
        command="python benchmarks/bench_turn.py",
        lead=(
            "`validate_turn` judges a turn from the table before, the rack and the table after, "
            "however the table was rearranged. Each row is five seeded legal turns on a table of that "
            "size: a run extended, another split with a rack tile, a fourth tile added to a group and a "
            "new run laid. *First sight* empties every cache before every call (each set is read from "
            "scratch); *seen before* is what a server sees turn after turn, when only the changed sets "
            "are new; *JSON in, answer out* is the whole `rummylib batch` path for one request line. "
            "The last column compares one turn with `json.loads` reading the same request line."
        ),
        table="cold /s",
        columns=[
            Column("table tiles", "table tiles"),
            Column("sets after", "sets after"),
            Column("turns/s, first sight", "cold /s"),
            Column("turns/s, seen before", "warm /s"),
            Column("JSON in, answer out /s", "batch /s"),
            Column("seen before, × json.loads", "warm ratio"),
        ],
        chart="assets/perf-turn.svg",
        summary=lambda rows: (
            f"judge a Rummikub turn ({rows[-1]['table tiles']} tiles on the table)",
            f"{_per_second(rows[-1]['warm /s'])}, sets seen before",
            f"{float(rows[-1]['warm ratio']):.0f} times what `json.loads` takes to read the request",
        ),
    ),
    Topic(
        results="meld.md",
        title="Checking a meld",
        command="python benchmarks/bench_meld.py",
        lead=(
            "`check_meld` in every game: valid melds, and invalid ones with their full diagnosis. "
            "*First sight* clears the meld engine's cache before every meld; *seen before* reads a meld "
            "met earlier, as a referee does turn after turn."
        ),
        table="melds/s (first sight)",
        columns=[
            Column("case", "case", "---"),
            Column("µs per meld, first sight", "µs per meld"),
            Column("µs per meld, seen before", "µs per meld (2)"),
        ],
        summary=lambda rows: (
            "check a meld",
            f"{min(_number(r['µs per meld']) for r in rows):.0f}–{max(_number(r['µs per meld']) for r in rows):.0f} µs "
            "at first sight, "
            f"{min(_number(r['µs per meld (2)']) for r in rows):.0f}–{max(_number(r['µs per meld (2)']) for r in rows):.0f} µs "
            "seen before",
            "",
        ),
    ),
    Topic(
        results="solver.md",
        title="The best Rummikub play, against rummikub-solver",
        command="python benchmarks/bench_solver.py --per-k 20 --seed 2026",
        lead=(
            "`solve` finds the play that lays the most rack tiles, exactly. It is compared with "
            "[rummikub-solver](https://pypi.org/project/rummikub-solver/) 1.0.0, an integer linear "
            "program solved by HiGHS, on the same 20 random positions for each table size K (K valid "
            "sets on the table, a rack of 14 to 30 tiles), in the same run. *rummylib* is "
            "`solve(..., keep_sets=False)`, the same question rummikub-solver answers; *fewest sets "
            "changed* is the default `solve`, which also looks for the layout that leaves the most "
            "table sets untouched, for hints a person can follow. Times are milliseconds per "
            "position; the speed-up compares medians."
        ),
        table="ours median",
        columns=[
            Column("K", "K"),
            Column("table tiles", lambda r: f"{float(r['table tiles (mean)']):.0f}"),
            Column("rummylib median", "ours median"),
            Column("rummylib worst", "ours worst"),
            Column("fewest sets changed, median", "ours+keep median"),
            Column("rummikub-solver median", "theirs median"),
            Column("speed-up", "speed-up"),
        ],
        chart="assets/perf-solver.svg",
        quotes=[r"\*\*Positions where the optima differ: [^*]+\*\*[^\n]*(?:\n[^\n]+)*"],
        summary=lambda rows: (
            "find the best Rummikub play",
            f"median {min(_number(r['ours median']) for r in rows):g}–{max(_number(r['ours median']) for r in rows):g} ms",
            "rummikub-solver (HiGHS): median "
            f"{min(_number(r['theirs median']) for r in rows):g}–{max(_number(r['theirs median']) for r in rows):g} ms, "
            f"{min(_number(r['speed-up']) for r in rows):g}–{max(_number(r['speed-up']) for r in rows):g}× slower",
        ),
    ),
    Topic(
        results="solver.md",
        title="Plays rummikub-solver cannot see",
        command="python benchmarks/bench_solver.py",
        lead=(
            "rummikub-solver's list of sets leaves out some legal ones (a joker at the end of a run of "
            "4 or 5, a joker making a group of four). The benchmark solves these positions on every "
            "run; the columns are the rack tiles each solver lays."
        ),
        table="why",
        columns=[
            Column("table", "table", "---"),
            Column("rack", "rack", "---"),
            Column("rummikub-solver", "rummikub-solver"),
            Column("rummylib", "rummylib"),
            Column("why", "why", "---"),
        ],
    ),
    Topic(
        results="solver-sweep-compiled.md",
        title="The Rummikub solver on 1,150 random positions",
        command="python benchmarks/bench_solver.py --sweep 1050 --per-k 20 --seed 2026",
        lead=(
            "The default `solve` (most tiles, then most points, then fewest table sets changed) on "
            "1,150 random positions, K = 0 to 20 sets on the table, a joker on the table in most of "
            "the larger ones, on the compiled build. Every answer is re-judged by the turn judge. "
            "Times are milliseconds of CPU time per position; *states* are the search states "
            "expanded, the same on any machine and in either build. The slowest positions are "
            "nearly all ones with a joker on the table."
        ),
        table="states median",
        columns=[
            Column("K", "K"),
            Column("positions (table joker)", lambda r: f"{r['positions']} ({r['table joker']})"),
            Column("median", "median"),
            Column("p99", "p99"),
            Column("worst", "worst"),
            Column("states median", "states median"),
            Column("states worst", "states max"),
        ],
        quotes=[r"All: median [^\n]*"],
    ),
    Topic(
        results="solver-budget.md",
        title="The best Rummikub play within a budget",
        command=(
            "python benchmarks/bench_solver.py --budget-seconds 0.05 --budget-nodes 10000 "
            "--compare benchmarks/results/solver-sweep-before.jsonl"
        ),
        lead=(
            "`solve(..., budget=Budget(nodes=10_000))` on the same 1,150 positions: how often the "
            "answer is the exact optimum (most tiles, then most points), and on the 30 positions "
            "that need the most states. A budget never gives an illegal play; when it runs out the "
            "answer is the best play found by then, marked `proved=False`."
        ),
        table="optimum",
        columns=[
            Column("positions", "positions"),
            Column("count", "count"),
            Column("the optimum", "optimum"),
            Column("no play found (raised)", "raised"),
        ],
    ),
    Topic(
        results="batch_states.md",
        title="Batch requests on a kept state",
        command="PYTHONPATH=src python benchmarks/bench_batch_states.py --markdown",
        lead=(
            "What one `rummylib batch` request costs a game server that keeps its states itself: "
            "`apply`, `view` and `legal` on a 4-player state, when the state comes back unchanged "
            "(the process remembers the last states it wrote or checked), with a signature, at "
            "first sight (decoded and every invariant checked: a Rummikub state replays its whole "
            "history), a turn after a state of the same table the process checked (another "
            "worker answered the turn between), and signed at first sight (the signature checked, "
            "the state read but not checked again). CPU time per request, median."
        ),
        table="first sight µs",
        columns=[
            Column("game", "game", "---"),
            Column("op", "op", "---"),
            Column("sent back, µs", "sent back µs"),
            Column("signed, µs", "signed µs"),
            Column("first sight, µs", "first sight µs"),
            Column("a turn later, µs", "a turn later µs"),
            Column("signed, first sight, µs", "signed, first sight µs"),
        ],
    ),
    Topic(
        results="batch_start.md",
        title="A batch worker's first answer",
        command="PYTHONPATH=src python benchmarks/bench_batch_start.py --runs 15",
        lead=(
            "How long a new `rummylib batch` process takes to answer its first request, from the "
            "process start. `python -c pass` is the floor of any Python command, and importing attrs, "
            "rummylib's one runtime dependency, the floor of any rummylib import. Only the game a "
            "request names is loaded."
        ),
        table="median ms",
        columns=[
            Column("first request", "first request", "---"),
            Column("median, ms", "median ms"),
            Column("best, ms", "best ms"),
        ],
        quotes=[r"Importing `rummylib\.batch\.command`[^\n]*"],
    ),
    Topic(
        results="contract.md",
        title="The best way to go down in Contract Rummy and Shanghai",
        command="python benchmarks/bench_contract.py --hands 50 --oracle 3 --seed 2026",
        lead=(
            "`find_contract` finds the meld-down that meets the round's contract and leaves the fewest "
            "points in hand, exactly. Hands are dealt from shuffled four-player games: *as dealt* is "
            "the round's cards and the card drawn, *three buys* six more cards, and *worst* three "
            "buys with deuces wild, every joker in play and four of them in the hand. Each cell is "
            "the median and the worst time in milliseconds over 50 hands, and how many of them can "
            "meet the contract."
        ),
        table="contract",
        columns=[
            Column("game", "game", "---"),
            Column("round", "round"),
            Column("contract", "contract", "---"),
            Column("as dealt", "dealt: median / worst ms (possible)"),
            Column("three buys", "3 buys: median / worst ms (possible)"),
            Column("worst", "worst: median / worst ms (possible)"),
        ],
        quotes=[r"Overall: [^\n]+"],
        summary=lambda rows: (
            "find the best contract meld-down",
            "median "
            f"{min(_number(r['dealt: median / worst ms (possible)']) for r in rows):g} ms for a dealt hand, "
            f"worst {max(_number(r['worst: median / worst ms (possible)'], 1) for r in rows):g} ms "
            "with four jokers",
            "",
        ),
    ),
    Topic(
        results="contract.md",
        title="Meld-downs against a brute-force search",
        command="python benchmarks/bench_contract.py --hands 50 --oracle 3 --seed 2026",
        lead=(
            "The same hands judged by an oracle that tries every combination of melds the hand holds, "
            "checking each with `is_legal_contract`: the answers agree, and `find_contract` is hundreds "
            "of times faster (the oracle is only run on hands as dealt; larger hands take it tens of "
            "seconds each)."
        ),
        table="oracle median ms",
        columns=[
            Column("game", "game", "---"),
            Column("round", "round"),
            Column("oracle median ms", "oracle median ms"),
            Column("find_contract median ms", "find_contract median ms"),
            Column("speed-up", "speed-up (median)"),
            Column("same answer", "agree", "---"),
        ],
        quotes=[r"Overall median speed-up: [^\n.]+\."],
        summary=lambda rows: (
            "… checked against a brute-force search",
            "the same answers, median "
            f"{min(_number(r['find_contract median ms']) for r in rows):g}–"
            f"{max(_number(r['find_contract median ms']) for r in rows):g} ms",
            "the brute-force search: "
            f"{min(_number(r['speed-up (median)']) for r in rows):g}–{max(_number(r['speed-up (median)']) for r in rows):g}× "
            "slower",
        ),
    ),
    Topic(
        results="contract_referee.md",
        title="Refereeing whole Contract Rummy and Shanghai games",
        command="python benchmarks/bench_contract_referee.py",
        lead=(
            "Whole games played by the example bots of `examples/shanghai_bots.py` through the "
            "referee, five seeded games each: how long a game takes, and what one `apply` and one "
            "`legal_actions` cost in play."
        ),
        table="actions per game",
        columns=[
            Column("game", "game", "---"),
            Column("actions per game", "actions per game"),
            Column("median game (s)", "median game (s)"),
            Column("median apply (µs)", "median `apply` (µs)"),
            Column("median legal actions (ms)", "median `legal_actions` in play (ms)"),
            Column("legal actions, 95th percentile (ms)", "p95 (ms)"),
        ],
        summary=lambda rows: (
            "apply an action in a contract game",
            f"median {max(_number(r['median `apply` (µs)']) for r in rows):g} µs",
            "",
        ),
    ),
    Topic(
        results="bots_finish.md",
        title="Heuristic bots finish whole contract games",
        command="python benchmarks/bench_bots_finish.py --games 100",
        lead=(
            "Whole games (every round) of Contract Rummy and Shanghai with the heuristic bot "
            '(`make_bot("heuristic", ...)`) in every seat, under the presets\' own rules: no turn '
            "limit (`max_turns`) and no limit on reshuffles. A game counts as finished when its last "
            "round is scored; the turns of a round are the turns started in it. A game left unfinished is a "
            "stalemate the rules themselves cannot end: every player down, and no card left in play that "
            "fits a meld on the table, while the discards go round as new stocks; the house option "
            "`max_turns` ends such a round."
        ),
        table="finished",
        columns=[
            Column("game", "game", "---"),
            Column("seats", "seats"),
            Column("games finished", lambda r: f"{r['finished']} of {r['games']}"),
            Column("turns a round: mean", "turns a round: mean"),
            Column("median", "median"),
            Column("p99", "p99"),
            Column("max", "max"),
        ],
    ),
    Topic(
        results="legal_actions.md",
        title="Listing every legal action, and applying one",
        command="python benchmarks/bench_legal_actions.py --games 6",
        lead=(
            "`legal_actions()` lists every distinct legal action of a position: every lay-down that "
            "meets the contract with each way of placing its jokers, every lay-off, every knock, every "
            "declaration; `apply` plays the one chosen. Each row plays six seeded random games and "
            "times both at every position the games reach, in milliseconds of CPU time (so that other "
            "jobs on the machine do not count). The slowest listings are of hands that can go down in "
            "hundreds of distinct ways (with deuces wild, each way of placing each wild card is an "
            "action of its own)."
        ),
        table="positions",
        columns=[
            Column("game", "game", "---"),
            Column("median (ms)", "median (ms)"),
            Column("99th percentile (ms)", "p99 (ms)"),
            Column("worst (ms)", "max (ms)"),
            Column("most actions", "most actions listed"),
            Column("apply, 99th percentile (ms)", "apply p99 (ms)"),
            Column("apply, worst (ms)", "apply max (ms)"),
        ],
        summary=lambda rows: (
            "list every legal action of a position",
            f"99th percentile {min(_number(r['p99 (ms)']) for r in rows):g}–"
            f"{max(_number(r['p99 (ms)']) for r in rows):g} ms, worst {max(_number(r['max (ms)']) for r in rows):g} ms",
            "",
        ),
    ),
    Topic(
        results="gin.md",
        title="Gin Rummy deadwood, against RLCard and OpenSpiel",
        command="HATCH_BUILD_HOOK_ENABLE_MYPYC=1 pip install . && python benchmarks/bench_gin.py 2000 --write",
        lead=(
            "`deadwood` finds a Gin hand's least deadwood over every way of melding it, with the melds "
            "that reach it; `deadwood_value` gives the number alone, as the peers do. They are compared "
            "with [RLCard](https://pypi.org/project/rlcard/) (pure Python) and "
            "[OpenSpiel](https://pypi.org/project/open-spiel/) (C++, called from Python) on the same "
            "2,000 hands of each kind, random or dense (runs and sets overlapping), of 10 cards or 11 "
            "(just after the draw). Times are the median per hand in microseconds. Where a peer "
            "disagrees, rummylib's answer is the one a brute-force oracle confirms "
            "(`tests/gin/test_gin_oracle.py`). The figures are those of the build named under the table "
            "(the compiled build: see [Installation](install.md#the-compiled-build)). Before `deadwood_value` "
            "and the one-call reading of the hand, the compiled `deadwood` took 3.9 µs (random 10 cards), "
            "5.7 µs (random 11), 5.2 µs (dense 10) and 7.3 µs (dense 11) on this machine: 3.5×, 3.6×, 2.1× "
            "and 1.6× OpenSpiel's time."
        ),
        table="rummylib median µs",
        columns=[
            Column("hands", "kind", "---"),
            Column("rummylib `deadwood` µs", "rummylib median µs"),
            Column("rummylib `deadwood_value` µs", "rummylib value-only median µs"),
            Column("RLCard µs", "RLCard median µs"),
            Column("OpenSpiel µs", "OpenSpiel median µs"),
            Column("RLCard disagrees", "RLCard disagrees"),
            Column("OpenSpiel disagrees", "OpenSpiel disagrees"),
        ],
        quotes=[r"Build: .*"],
        summary=lambda rows: (
            "least deadwood of a Gin hand",
            f"median {min(_number(r['rummylib median µs']) for r in rows):g}–"
            f"{max(_number(r['rummylib median µs']) for r in rows):g} µs (the number alone "
            f"{min(_number(r['rummylib value-only median µs']) for r in rows):g}–"
            f"{max(_number(r['rummylib value-only median µs']) for r in rows):g} µs)",
            f"RLCard {min(_number(r['RLCard median µs']) for r in rows):g}–"
            f"{max(_number(r['RLCard median µs']) for r in rows):g} µs; OpenSpiel (C++) "
            f"{min(_number(r['OpenSpiel median µs']) for r in rows):g}–"
            f"{max(_number(r['OpenSpiel median µs']) for r in rows):g} µs",
        ),
    ),
    Topic(
        results="readings.md",
        title="Reading a meld on ints",
        command="python benchmarks/bench_readings.py --n 300 --repeat 3",
        lead=(
            "The meld engine reads a meld over small integers (a private module of the compiled build) "
            "and builds its public readings only when they are asked for. Microseconds per meld, CPU "
            "time, compiled build, before and after that change: at first sight (every cache emptied, "
            "an invalid meld diagnosed) and seen before."
        ),
        table="first sight before",
        columns=[
            Column("meld", "case", "---"),
            Column("first sight before µs", "first sight before"),
            Column("after", "after"),
            Column("speed-up", "speed-up"),
            Column("seen before: before µs", "seen before: before"),
            Column("after", "after (2)"),
        ],
    ),
    Topic(
        results="gin_engine.md",
        title="Gin deadwood and the Gin environment on ints",
        command="python benchmarks/bench_gin_engine.py 2000 3000",
        lead=(
            "`deadwood` reads the hand into one packed integer, searches it without building sets, and "
            "builds the result's melds and unmelded cards only when they are read; `gin_rummy_v0` reads "
            "its masks and observation from the cards as bits and builds only the action played. Compiled "
            "build, CPU time, each figure against OpenSpiel's C++ in the same process, before and after "
            "that change."
        ),
        table="`deadwood()` before",
        columns=[
            Column("hands", "hands", "---"),
            Column("OpenSpiel µs", "OpenSpiel"),
            Column("`deadwood()` before µs", "`deadwood()` before"),
            Column("after", "after"),
            Column("`deadwood_value` before µs", "`deadwood_value` before"),
            Column("after", "after (2)"),
        ],
    ),
    Topic(
        results="worst_cases.md",
        title="Worst cases within the input limits",
        command="python benchmarks/bench_worst_cases.py",
        lead=(
            "The slowest inputs the documented limits allow (see [reliability](reliability.md)): the "
            "best and the worst of three runs, each stopped after 15 seconds. A refusal of an input "
            "over a limit costs well under a millisecond."
        ),
        table="time (best / worst)",
        columns=[
            Column("case", "case", "---"),
            Column("input", "input", "---"),
            Column("time (best / worst)", "time (best / worst)"),
        ],
    ),
    Topic(
        results="agents.md",
        title="Agent environments, against RLCard and OpenSpiel",
        command="python benchmarks/bench_agents.py --steps 3000 --repeat 3",
        lead=(
            "Random masked play in each PettingZoo environment of `rummylib.agents.envs`: at every step "
            "the agent to move reads its observation and action mask, picks a random legal index and "
            "steps. For Gin, RLCard's `gin-rummy` environment and OpenSpiel's `gin_rummy` (with "
            "`observation_tensor`) in the same run."
        ),
        table="steps/s (best run)",
        columns=[
            Column("environment", "environment", "---"),
            Column("steps/s", "steps/s (best run)"),
            Column("median step (ms)", "median step ms"),
            Column("p99 step (ms)", "p99 step ms"),
        ],
    ),
    Topic(
        results="env_instructions.md",
        title="Instructions per environment step and per batch turn",
        command="python benchmarks/bench_env_instructions.py --steps 600 && python benchmarks/bench_turn_instructions.py --turns 100",
        lead=(
            "The same work counted in machine instructions by callgrind (counts do not move with the load "
            "of the machine), before and after the engine's ints, in the compiled build and in pure "
            "Python: one agent step of random masked play in each environment (observation, mask and "
            "step), and one batch `turn` request on a table of about 92 tiles."
        ),
        table="compiled before",
        columns=[
            Column("work", "work", "---"),
            Column("compiled before", "compiled before"),
            Column("compiled after", "compiled after"),
            Column("change", "change"),
            Column("pure before", "pure before"),
            Column("pure after", "pure after"),
            Column("change", "change (2)"),
        ],
    ),
    Topic(
        results="openspiel.md",
        title="Gin through OpenSpiel, against OpenSpiel's own Gin",
        command="python benchmarks/bench_openspiel.py --seconds 10 --repeat 3 --write",
        lead=(
            "Whole Gin hands played by uniform random moves through pyspiel (the deal's chance nodes "
            "sampled, then a random legal action at every decision): `python_rummylib_gin_rummy` "
            "([OpenSpiel games](agents/openspiel.md), rummylib's referee in Python) and OpenSpiel's "
            "C++ `gin_rummy`, in the same run."
        ),
        table="games/s",
        columns=[
            Column("game", "game", "---"),
            Column("games/s", "games/s"),
            Column("moves a game", "moves a game (chance included)"),
        ],
        quotes=(r"OpenSpiel's C\+\+ Gin plays [^\n]*",),
        summary=lambda rows: (
            "random Gin hands through OpenSpiel",
            f"{rows[0]['games/s']} hands/s",
            f"OpenSpiel's C++ `gin_rummy`: {rows[1]['games/s']} hands/s",
        ),
    ),
]
"""The sections of the page, in order."""


def _table(topic: Topic, rows: list[Row]) -> str:
    head = "| " + " | ".join(c.heading for c in topic.columns) + " |"
    rule = "|" + "|".join(c.align for c in topic.columns) + "|"
    body = ["| " + " | ".join(c.cell(r) for c in topic.columns) + " |" for r in rows if topic.rows(r)]
    return "\n".join([head, rule, *body])


INTRO = """# Performance

How fast rummylib answers, measured by the scripts in `benchmarks/` and, where another library
answers the same question, side by side with it on the same inputs in the same run. rummylib is
pure Python, with an opt-in compiled build of its searches and readers (mypyc); the first section
shows both. Its searches are exact: they find the best answer, not an approximation.

All figures come from one 2-core x86_64 machine. Some runs shared it with other jobs, as each
section says: read the absolute times as rough, and the comparisons, measured in one run, as
the meaningful part. Nothing on this page is asserted by the test suite.
"""

REPRODUCE = """## Reproduce these figures

The peers (rummikub-solver, RLCard, OpenSpiel) come with the `bench` extra. From a checkout:

```sh
python3 -m venv .venv && .venv/bin/pip install -e ".[bench]"
.venv/bin/python benchmarks/bench_turn.py          # or any benchmark named in a section
.venv/bin/python benchmarks/make_performance_page.py   # rewrites this page from benchmarks/results/
.venv/bin/python docs/gen_pictures.py               # redraws the charts from the same results
```

Each benchmark writes its full results, with every column and note, to `benchmarks/results/`;
this page shows the columns most readers need.
"""


def render() -> str:
    """The whole page."""
    sections = []
    summary = ["| task | rummylib | compared with |", "|---|---|---|"]
    for topic in TOPICS:
        path = RESULTS / topic.results
        if not path.exists():
            continue
        text = path.read_text(encoding="utf-8")
        rows = read_table(text, topic.table, after=topic.after)
        if topic.summary is not None:
            task, ours, theirs = topic.summary(rows)
            summary.append(f"| {task} | {ours} | {theirs or '—'} |")
        when = measured(text)
        part = [f"## {topic.title}", "", topic.lead, ""]
        if topic.chart:
            part += [f"![{topic.title}]({topic.chart})", ""]
        part += [_table(topic, rows), ""]
        for pattern in topic.quotes:
            found = re.search(pattern, text)
            if found:
                part += [found.group(0).strip(), ""]
        part += [f"Reproduce: `{topic.command}`" + (f" ({when})." if when else "."), ""]
        sections.append("\n".join(part))
    return "\n".join([INTRO, "## At a glance", "", *summary, "", *sections, REPRODUCE])


def main() -> None:
    PAGE.write_text(render(), encoding="utf-8")
    print(f"wrote {PAGE}")


if __name__ == "__main__":
    main()
