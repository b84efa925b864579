"""The page of observation and action tables, written from the environments themselves.

``python -m rummylib.agents.envs._docs > docs/agents/environments.md`` writes it; a test checks
that the page in the docs is what this gives.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rummylib.agents.envs import contract_rummy_v0, gin_rummy_v0, indian_rummy_v0, rummikub_v0, shanghai_v0
from rummylib.agents.envs._base import RummyEnv

_INTRO = """# Environments

<!-- Written by `python -m rummylib.agents.envs._docs`: do not edit by hand. -->

Every environment is a PettingZoo AEC environment with agents `player_0` … `player_{n-1}`. Its
observation is a `Dict` of `observation` (the vector below: the seat's private view, each number
in [0, 1], `float32`) and `action_mask` (`int8`, one per action; zeros for an agent not to move).
The action space is a fixed `Discrete(N)`. Seats "from the viewer" list the viewer first, then
the others in turn order. Card kinds are numbered suit × 13 + rank − 1 with the suits ♠ ♥ ♦ ♣
(ace 0, king 12; 52 is the joker); tile kinds colour × 13 + number − 1 with the colours K B Y R.

The masks are exact: every unmasked index is an action the referee accepts, and every action the
referee lists in `legal_actions` can be reached. Indices marked "stays in the environment" do
not reach the referee: they move a choice along (no reward, the same agent to move).

## Rendering

Every environment takes `render_mode` (`env(render_mode="ansi")`), one of:

| `render_mode` | `render()` |
|---|---|
| `None` (the default) | does nothing and returns `None` |
| `"ansi"` | returns a text board: whose turn it is, then what each seat sees (pieces and melds on \
lines of their own, the facts of its view on one line) |
| `"human"` | prints that board, after every step too, and returns `None` |
| `"svg"` | returns an SVG picture of the game as the seat to move sees it (`rummylib.svg.view`) |

For example, `gin_rummy_v0.env(render_mode="ansi")` after `reset(seed=1)` renders:
"""

_ENVS: tuple[tuple[str, str, Callable[[], RummyEnv], str], ...] = (
    (
        "gin_rummy_v0",
        "Gin Rummy",
        gin_rummy_v0.raw_env,
        'Two players; `game="hand"` (one hand, the default) or `"game"` (to the target); '
        '`encoding="rummylib"` (below) or `"rlcard"` (the next section); `rules` a Gin rule set. '
        "Rewards: the hand's points, zero-sum (+points to the scorer, −points to the other).",
    ),
    (
        'gin_rummy_v0 with encoding="rlcard"',
        "Gin Rummy, RLCard's encoding",
        lambda: gin_rummy_v0.raw_env(encoding="rlcard"),
        "The encoding of PettingZoo's former `gin_rummy_v4` and RLCard: a 5 × 52 observation "
        "(planes below, cards ordered ♠ ♥ ♦ ♣ and ace to king) and 110 actions, so that agents "
        "trained there drop in.",
    ),
    (
        "contract_rummy_v0",
        "Contract Rummy",
        lambda: contract_rummy_v0.raw_env(players=3),
        '2 to 8 players (`players`, 3 below); `game="round"` with `round_number`, or `"game"` (all '
        "seven rounds); `rules` a Contract Rummy rule set (random play seldom goes out: "
        "`max_reshuffles` or `max_turns` keeps a round finite; `max_steps`, and a round ended by "
        "`max_turns`, truncate). Rewards: minus the points "
        "each seat scores. With M meld slots (players × the most melds a contract asks), N = 63 + 159·M.",
    ),
    (
        "shanghai_v0",
        "Shanghai",
        lambda: shanghai_v0.raw_env(players=3),
        "As Contract Rummy, with Shanghai's ten rounds and rule set.",
    ),
    (
        "indian_rummy_v0",
        "Indian Rummy",
        lambda: indian_rummy_v0.raw_env(players=2),
        '2 to 6 players (`players`, 2 below); `game="deal"` or `"game"` (the rule set\'s '
        "`indian_format`). Rewards: in a deal each loser pays the winner their points (zero-sum); in "
        "a game, minus each seat's total.",
    ),
    (
        "rummikub_v0",
        "Rummikub",
        lambda: rummikub_v0.raw_env(players=2),
        '2 to 4 players (`players`, 2 below). A play is chosen tile by tile: each "choose" index is '
        "open only while the chosen tiles can still all go down (after the initial meld: with the "
        'table\'s tiles and some more rack tiles; before it: as sets of their own), and "play" is '
        "open exactly when the chosen tiles are a legal play, the table laid out by the library. "
        "Every legal play is reached by choosing its tiles in any order. Rewards: the game's "
        "scores, zero-sum.",
    ),
)


def _table(rows: list[tuple[str, str, str]], heads: tuple[str, str, str]) -> list[str]:
    out = [f"| {heads[0]} | {heads[1]} | {heads[2]} |", "|---|---|---|"]
    out += [f"| {a} | {b} | {c.replace('|', '/')} |" for a, b, c in rows]
    return out


def page() -> str:
    """The whole page, in Markdown."""
    board = gin_rummy_v0.env(render_mode="ansi")
    board.reset(seed=1)
    lines = [_INTRO, f"```text\n{board.render()}\n```\n"]
    for name, title, make, text in _ENVS:
        env: Any = make()
        env.reset(seed=0)
        obs = env.observation_spaces["player_0"]["observation"]
        lines.append(f"## {title}: `{name}`\n")
        lines.append(text + "\n")
        lines.append(f"Observation shape {tuple(obs.shape)}; actions `Discrete({env.actions})`.\n")
        lines.append("### Observation\n")
        lines += _table(env.layout.rows(), ("indices", "field", "meaning"))
        lines.append("\n### Actions\n")
        rows = []
        for r in env.action_rows():
            where = str(r.start) if r.size == 1 else f"{r.start}–{r.start + r.size - 1}"
            rows.append((where, str(r.size), r.text))
        lines += _table(rows, ("indices", "count", "action"))
        lines.append("")
    return "\n".join(lines)


if __name__ == "__main__":
    print(page(), end="")
