"""Write the generated parts of ``docs/batch.md``: every action's JSON form, and a whole Gin hand.

The action forms come from the registry: every game family with a referee, every action class
its referees take (``ACTIONS``), each field's JSON form read from the class's type annotations,
and an example made by the library itself (decoded and written back with
`rummylib.referee.action_to_json`, so it is a form the referees accept). A new referee, or a new
action, shows up here the day it is registered.

The transcript is a short Gin hand played through the session ops, a request line and its answer
line each time, from the deal to the result. The states (long: the whole save) are shown as
``{…}``: each request sends back the state of the last answer that had one. The test
``tests/batch/test_sessions_docs.py`` replays the requests on the page and checks every answer,
and checks the action forms against `render_actions`. Run ``python docs/gen_batch_sessions.py``
after changing an action or the answers of the session ops.
"""

from __future__ import annotations

import enum
import json
import sys
import types
import typing
from pathlib import Path
from typing import Any, Literal

import attrs

from rummylib import GIN_RUMMY
from rummylib.batch import handle_request
from rummylib.cards import Card
from rummylib.decks import full_set
from rummylib.gin import deadwood
from rummylib.melds import Meld
from rummylib.pieces import Joker, piece_sort_key
from rummylib.referee import STATE_CODEC, action_to_json
from rummylib.registry import FAMILIES, GameFamily
from rummylib.rules import PRESETS, RuleSet
from rummylib.table import Table
from rummylib.tiles import Tile

PAGE = Path(__file__).resolve().parent / "batch.md"
ACTIONS_START = "<!-- generated action forms begin here, written by docs/gen_batch_sessions.py -->"
ACTIONS_END = "<!-- generated action forms end here -->"
GAME_START = "<!-- generated Gin hand begins here, written by docs/gen_batch_sessions.py -->"
GAME_END = "<!-- generated Gin hand ends here -->"

ELIDED = "{…}"
"""How a state is shown in the transcript."""

GIN_SEED = 15
"""The seed of the Gin hand on the page (a short one: a knock after a few turns)."""


# ------------------------------------------------------------------------------------------
# Action forms
# ------------------------------------------------------------------------------------------

_PIECES = (Tile, Card, Joker)


def _is_piece(hint: Any) -> bool:
    members = typing.get_args(hint) if isinstance(hint, types.UnionType) else (hint,)
    return all(isinstance(m, type) and issubclass(m, _PIECES) for m in members)


def _piece_word(hint: Any) -> str:
    return "card" if hint is Card else "tile" if hint is Tile else "piece"


def _optional(hint: Any) -> Any | None:
    """The other member of ``X | None``, or ``None`` when the hint is not that."""
    args = typing.get_args(hint) if isinstance(hint, types.UnionType) else ()
    if len(args) == 2 and type(None) in args:
        return next(a for a in args if a is not type(None))
    return None


def describe(hint: Any, name: str = "") -> str:
    """The JSON form of a field, in words, from its type annotation."""
    inner = _optional(hint)
    if inner is not None:
        return f"{describe(inner, name)}, or null"
    if _is_piece(hint):
        return f"a {_piece_word(hint)} in notation"
    if hint is int:
        return "a seat (integer)" if name == "player" else "an integer"
    if hint is float:
        return "a number"
    if hint is str:
        return "a string"
    if hint is bool:
        return "true or false"
    if hint is Meld:
        return "a meld in notation"
    if hint is Table:
        return 'a table: {"melds": [melds in notation]}'
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return "one of " + ", ".join(f'"{m.value}"' for m in hint)
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is Literal:
        return " or ".join(json.dumps(a) for a in args)
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        if _is_piece(args[0]):
            return f"{_piece_word(args[0])}s in notation, one string"
        if args[0] is Meld:
            return "a list of melds in notation"
        return f"a list, each {describe(args[0])}"
    if origin is tuple:
        return "[" + ", ".join(describe(a) for a in args) + "]"
    raise TypeError(f"no description for the type {hint!r}: add one to docs/gen_batch_sessions.py")


def _family_rules(found: GameFamily) -> RuleSet:
    return next(r for r in PRESETS.values() if r.scoring in found.schemes)


def _sample(hint: Any, pieces: list[str]) -> Any:
    """A JSON value of the type (the non-null member of an optional), for an example."""
    inner = _optional(hint)
    if inner is not None:
        return _sample(inner, pieces)
    if _is_piece(hint):
        return pieces[0]
    if hint is int:
        return 0
    if hint is float:
        return 12.5
    if hint is str:
        return "x"
    if hint is bool:
        return False
    if hint is Meld:
        return " ".join(pieces[:3])
    if hint is Table:
        return {"melds": [" ".join(pieces[:3])]}
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return next(iter(hint)).value
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is Literal:
        return args[0]
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        if _is_piece(args[0]):
            return " ".join(pieces[:2])
        return [_sample(args[0], pieces)]
    if origin is tuple:
        return [_sample(a, pieces) for a in args]
    raise TypeError(f"no example for the type {hint!r}: add one to docs/gen_batch_sessions.py")


def example(cls: type, rules: RuleSet) -> dict[str, Any]:
    """An example of the action class in JSON, as the library writes it (decoded, then written back)."""
    natural = sorted(
        {p for p in full_set(rules, players=rules.min_players) if not rules.is_wild(p)}, key=piece_sort_key
    )
    pieces = [str(p) for p in natural[:3]]
    hints = typing.get_type_hints(cls)
    fields = {f.name: _sample(hints[f.name], pieces) for f in attrs.fields(cls) if f.init}
    return action_to_json(STATE_CODEC.decode_attrs(fields, cls, "example"))


def _first_line(cls: type) -> str:
    doc = (cls.__doc__ or "").strip().splitlines()
    return doc[0] if doc else ""


def _fields_cell(cls: type) -> str:
    hints = typing.get_type_hints(cls)
    parts = []
    for f in attrs.fields(cls):
        if not f.init:
            continue
        text = f"`{f.name}`: {describe(hints[f.name], f.name)}"
        if f.default is not attrs.NOTHING:
            default = f.default.factory() if isinstance(f.default, attrs.Factory) else f.default  # type: ignore[attr-defined]
            shown = json.dumps(STATE_CODEC.encode(default, hints[f.name]))
            text += f" (optional, default `{shown}`)"
        parts.append(text)
    return "; ".join(parts)


def families() -> list[GameFamily]:
    """The families that have referees (the ones the session ops can deal)."""
    return [f for f in FAMILIES if f.states]


def render_actions() -> str:
    """Every action of every referee: its kind, its fields and an example, as Markdown."""
    parts: list[str] = []
    for found in families():
        rules = _family_rules(found)
        games = ", ".join(f"`{name}`" for name, r in PRESETS.items() if r.scoring in found.schemes)
        first, *others = [f"`{cls.SAVE_TYPE}`" for cls in found.states]
        states = ", ".join([f"{first} (what `deal` deals unless told otherwise)", *others])
        parts.append(f"### {found.title}\n")
        parts.append(f"Games: {games}. State types: {states}.\n")
        parts.append("| `action` | fields besides `action` | what it does |")
        parts.append("|---|---|---|")
        for cls in found.actions:
            kind = str(cls.kind)  # type: ignore[attr-defined]
            parts.append(f"| `{kind}` | {_fields_cell(cls)} | {_first_line(cls)} |")
        parts.append("")
        parts.append("```json")
        parts.extend(json.dumps(example(cls, rules), ensure_ascii=False) for cls in found.actions)
        parts.append("```\n")
    return "\n".join(parts)


# ------------------------------------------------------------------------------------------
# A Gin hand, line by line
# ------------------------------------------------------------------------------------------


def _choose(answer: dict[str, Any]) -> dict[str, Any]:
    """A simple player: knock with the least deadwood, else take the upcard when it helps, else
    draw from the stock; discard the card that leaves the least deadwood."""
    legal = answer["legal"]
    view = answer["view"]
    knocks = [a for a in legal if a["action"] == "knock"]
    hand = view["hand"].split()
    if knocks:
        return min(knocks, key=lambda a: 0 if a["card"] is None else _left(hand, a["card"]))
    if view["phase"] == "draw":
        upcard = view["discards"].split()[-1]
        now = deadwood(" ".join(hand), rules=GIN_RUMMY).deadwood
        better = deadwood(" ".join([*hand, upcard]), rules=GIN_RUMMY).deadwood < now
        kind = "draw-discard" if better else "draw-stock"
        return next(a for a in legal if a["action"] == kind)
    discards = [a for a in legal if a["action"] == "discard"]
    return min(discards, key=lambda a: _left(hand, a["card"]))


def _left(hand: list[str], card: str) -> int:
    kept = list(hand)
    kept.remove(card)
    return deadwood(" ".join(kept), rules=GIN_RUMMY).deadwood


def _shown(data: dict[str, Any]) -> str:
    """A request or an answer as ``rummylib batch`` writes it, its state shown as ``{…}``."""
    if "state" not in data:
        return json.dumps(data, ensure_ascii=False)
    marker = "\x00state\x00"
    text = json.dumps({**data, "state": marker}, ensure_ascii=False)
    return text.replace(json.dumps(marker), ELIDED)


def transcript(seed: int = GIN_SEED) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """The requests and answers of one Gin hand, from the deal to the result."""
    pairs: list[tuple[dict[str, Any], dict[str, Any]]] = []

    def ask(request: dict[str, Any]) -> dict[str, Any]:
        request = {"id": len(pairs) + 1, **request}
        answer = handle_request(json.loads(json.dumps(request)))
        pairs.append((request, answer))
        return answer

    answer = ask({"op": "deal", "game": "gin", "players": 2, "seed": seed})
    state = answer["state"]
    first = True
    while not answer["is_over"]:
        if first:  # show one refusal: the other seat tries to draw
            other = 1 - answer["to_move"]
            ask({"op": "apply", "state": state, "action": {"action": "draw-stock", "player": other}})
            first = False
        answer = ask({"op": "apply", "state": state, "action": _choose(answer)})
        state = answer["state"]
    ask({"op": "view", "state": state, "player": 0})
    return pairs


def render_game(seed: int = GIN_SEED) -> str:
    """The transcript as a Markdown code block: ``→`` before each request, ``←`` before its answer."""
    lines = ["```text"]
    for request, answer in transcript(seed):
        lines.append(f"→ {_shown(request)}")
        lines.append(f"← {_shown(answer)}")
    lines.append("```")
    return "\n".join(lines)


def _replace(page: str, start: str, end: str, body: str) -> str:
    head, rest = page.split(start)
    _, tail = rest.split(end)
    return f"{head}{start}\n\n{body}\n\n{end}{tail}"


def main() -> int:
    """Rewrite both generated parts of the page."""
    page = PAGE.read_text(encoding="utf-8")
    page = _replace(page, ACTIONS_START, ACTIONS_END, render_actions())
    page = _replace(page, GAME_START, GAME_END, render_game())
    PAGE.write_text(page, encoding="utf-8")
    print(
        f"wrote {PAGE.name}: {sum(len(f.actions) for f in families())} actions, a Gin hand of {len(transcript())} requests"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
