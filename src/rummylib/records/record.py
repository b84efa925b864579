"""Writing and reading game records: the header, one line per move, and the replay through the referee.

`write_record` writes the record of a game and `read_record` reads one back (`rummylib.records`
describes the format); the line form of each action comes from its class (`action_line`).

Examples:
    >>> from rummylib import GIN_RUMMY
    >>> from rummylib.gin import GinHand
    >>> text = write_record(GinHand.deal(rules=GIN_RUMMY, seed=1), [], seed=1)
    >>> text.splitlines()[0], read_record(text).text() == text
    ('rummylib-record 1', True)
"""

from __future__ import annotations

import datetime
import enum
import inspect
import json
import re
import types
import typing
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, Literal

import attrs

from rummylib.cards import Card
from rummylib.decks import Seed
from rummylib.errors import IllegalActionError, RecordError, RummyError, SaveError
from rummylib.melds import Meld
from rummylib.pieces import Joker, PieceCount, format_pieces, piece_sort_key
from rummylib.records.display import own_pieces, pieces_taken, seat_name, view_lines
from rummylib.referee import MAX_SAVE_ITEMS, Outcome, Recorded, Referee, action_from_json, action_to_json
from rummylib.registry import family_of, state_types
from rummylib.rules import RuleSet, find_ruleset
from rummylib.table import Table
from rummylib.tiles import Tile

__all__ = [
    "FORMAT",
    "MAX_MOVES",
    "VERSION",
    "Record",
    "Turn",
    "action_line",
    "read_record",
    "view_lines",
    "write_record",
]

FORMAT = "rummylib-record"
"""The first word of a record's first line."""
VERSION = 1
"""The record format version this library writes and reads (a newer record is refused)."""
MAX_MOVES = MAX_SAVE_ITEMS
"""Most moves a record may hold (far more than any real game)."""

_STANDARD = ("rules", "players", "seed")
"""The arguments every referee's ``deal`` takes, written as the Game, Options, Players and Seed lines."""
_KEY_NAMES = {"round_number": "Round"}
"""Header names of ``deal`` arguments that read better short; any other is its name in words."""
_INFO_KEYS = ("Date", "Event", "Site")
"""Header lines that say something about the game for people, and nothing to the referee."""
_KEY = re.compile(r"([A-Za-z][A-Za-z0-9 _-]*?):(?: (.*))?")
_SEAT_KEY = re.compile(r"seat (\d{1,3})")
_UNFINISHED = "unfinished"
"""Names of view fields that hold a seat's own pieces: shown even when empty."""


# ------------------------------------------------------------------------------------------
# The line form of an action, from its class
# ------------------------------------------------------------------------------------------


def _members(hint: Any) -> tuple[Any, ...]:
    """The members of a union annotation (the annotation itself when it is no union)."""
    if typing.get_origin(hint) in (types.UnionType, typing.Union):
        return typing.get_args(hint)
    return (hint,)


def _without_none(hint: Any) -> Any:
    """The one member of ``X | None`` that is not ``None`` (the annotation itself otherwise)."""
    members = [m for m in _members(hint) if m is not type(None)]
    return members[0] if len(members) == 1 else hint


def _is_piece(hint: Any) -> bool:
    members = [m for m in _members(hint) if m is not type(None)]
    return bool(members) and all(isinstance(m, type) and issubclass(m, Tile | Card | Joker) for m in members)


def _shape(hint: Any) -> str:
    """How a field of this annotation is written: ``piece``, ``pieces``, ``melds``, ``table`` or ``value``."""
    hint = _without_none(hint)
    if _is_piece(hint):
        return "piece"
    if hint is Meld or hint is PieceCount:
        return "pieces"
    if hint is Table:
        return "table"
    args = typing.get_args(hint)
    if typing.get_origin(hint) is tuple and len(args) == 2 and args[1] is Ellipsis:
        if _is_piece(args[0]):
            return "pieces"
        if args[0] is Meld:
            return "melds"
    return "value"


@attrs.frozen
class _Field:
    """One field of an action class, as a record writes it."""

    name: str
    hint: Any
    default: Any
    shape: str

    @property
    def key(self) -> str:
        return self.name.replace("_", "-")


@attrs.frozen
class _Form:
    """The line form of one action class: its pieces field (written first) and the others."""

    cls: type
    main: _Field | None
    others: tuple[_Field, ...]


_FORMS: dict[type, _Form] = {}


def _form(cls: type) -> _Form:
    found = _FORMS.get(cls)
    if found is not None:
        return found
    hints = typing.get_type_hints(cls)
    fields = []
    for f in attrs.fields(cls):
        if not f.init or f.name == "player":
            continue
        default = f.default
        if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
            default = default.factory()
        fields.append(_Field(f.name, hints[f.name], default, _shape(hints[f.name])))
    main = next((f for f in fields if f.shape != "value"), None)
    found = _FORMS[cls] = _Form(cls, main, tuple(f for f in fields if f is not main))
    return found


def _scalar_text(value: Any, where: str) -> str:
    """A plain JSON value (from an action's JSON form) as one word of a record."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return repr(value)
    text = str(value)
    if not text or any(c.isspace() for c in text) or any(c in text for c in "=,:|#"):
        raise TypeError(f"{where}: {text!r} cannot be written as one word of a record")
    return text


def _value_text(value: Any, hint: Any, where: str) -> str:
    """The JSON form of a keyword field's value as one word: lists with ``,``, pairs with ``:``."""
    shape = _shape(hint)
    if value is None:
        return "none"
    if shape in ("piece", "pieces"):
        return ",".join(str(value).split())
    if shape in ("melds", "table"):
        melds = value["melds"] if shape == "table" else value
        return "|".join(",".join(m.split()) for m in melds)
    inner = _without_none(hint)
    args = typing.get_args(inner)
    if isinstance(value, list):
        if typing.get_origin(inner) is tuple and args and args[-1] is not Ellipsis:
            return ":".join(_value_text(v, h, where) for v, h in zip(value, args, strict=True))
        item = args[0] if args else Any
        return ",".join(_value_text(v, item, where) for v in value)
    if isinstance(value, float) or inner is float:
        return repr(float(value))
    return _scalar_text(value, where)


def _main_text(value: Any, shape: str) -> str:
    if shape in ("piece", "pieces"):
        return str(value)
    melds = value["melds"] if shape == "table" else value
    return " | ".join(melds)


def action_line(action: Any) -> str:
    """The record line of one action: the seat, the kind, the pieces, then ``name=value`` fields.

    Raises:
        TypeError: not an action of a registered referee.

    Examples:
        >>> from rummylib.contracts import LayDown, LayOff
        >>> action_line(LayDown(2, "7h 7s 7d | 9c 9d 9s"))
        '2 lay-down 7h 7s 7d | 9c 9d 9s'
        >>> action_line(LayOff(0, "*", 3, joker_end="low"))
        '0 lay-off * meld=3 joker-end=low'
    """
    cls = type(action)
    kind = getattr(cls, "kind", None)
    if not attrs.has(cls) or not isinstance(kind, str):
        raise TypeError(f"not a referee action: {action!r}")
    form = _form(cls)
    data = action_to_json(action)
    parts = [str(data["player"]), kind]
    if form.main is not None and getattr(action, form.main.name) != form.main.default:
        parts.append(_main_text(data[form.main.name], form.main.shape))
    for f in form.others:
        value = getattr(action, f.name)
        if f.default is not attrs.NOTHING and value == f.default:
            continue
        parts.append(f"{f.key}={_value_text(data[f.name], f.hint, f'{kind} {f.key}')}")
    return " ".join(parts)


def action_from_line(line: str, referee: type[Referee]) -> Any:
    """The action a record line holds, for a referee state class (the reverse of `action_line`).

    Raises:
        RecordError: not a move of that referee: an unknown action, a field it does not have, or a
            value that does not fit (code ``bad-record``).
        TypeError: ``referee`` is not a referee state class.

    Examples:
        >>> from rummylib.contracts import ContractRound
        >>> action_from_line("0 lay-off * meld=3 joker-end=low", ContractRound)
        LayOff(player=0, cards=(JOKER,), meld=3, joker_end='low')
    """
    if not isinstance(line, str):
        raise TypeError(f"a record line is a str, not {type(line).__name__}")
    family_of(referee)  # TypeError unless a registered referee state class
    text = line.strip()
    if not text or text.startswith("#"):
        raise RecordError("an empty line (or a comment) holds no move")
    return _read_action(text, None, referee.ACTIONS)


def _scalar_value(text: str, hint: Any) -> Any:
    """A word of a record as the JSON value of a field (the codec then checks it)."""
    hint = _without_none(hint) if text != "none" else hint
    if text == "none" and type(None) in _members(hint):
        return None
    if hint is bool:
        if text not in ("true", "false"):
            raise ValueError(f"{text!r} is not true or false")
        return text == "true"
    if hint is int:
        if not re.fullmatch(r"-?\d{1,30}", text):
            raise ValueError(f"{text!r} is not a whole number")
        return int(text)
    if hint is float:
        if not re.fullmatch(r"-?\d{1,30}(\.\d{1,30})?([eE][+-]?\d{1,3})?", text):
            raise ValueError(f"{text!r} is not a number")
        return float(text)
    if isinstance(hint, type) and issubclass(hint, enum.IntEnum):
        return int(text) if text.lstrip("-").isdigit() else text
    return text


def _value_of(text: str, hint: Any) -> Any:
    """The JSON value a keyword field's word stands for (the reverse of `_value_text`)."""
    shape = _shape(hint)
    if text == "none" and type(None) in _members(hint):
        return None
    if shape in ("piece", "pieces"):
        return text.replace(",", " ")
    if shape in ("melds", "table"):
        melds = [m.replace(",", " ") for m in text.split("|")]
        return {"melds": melds} if shape == "table" else melds
    inner = _without_none(hint)
    args = typing.get_args(inner)
    if typing.get_origin(inner) is tuple and args:
        if args[-1] is not Ellipsis:
            parts = text.split(":")
            if len(parts) != len(args):
                raise ValueError(f"{text!r} is not {len(args)} values joined by ':'")
            return [_value_of(p, h) for p, h in zip(parts, args, strict=True)]
        return [_value_of(p, args[0]) for p in text.split(",")] if text else []
    if typing.get_origin(inner) is Literal or inner is str:
        return text
    return _scalar_value(text, inner)


def _main_value(text: str, shape: str) -> Any:
    if shape in ("piece", "pieces"):
        return text
    melds = [m.strip() for m in text.split("|")]
    return {"melds": melds} if shape == "table" else melds


def _read_action(line: str, number: int | None, actions: Sequence[type]) -> Any:
    """The action one move line holds (``line`` is stripped and not empty)."""
    words = line.split()
    if len(words) < 2 or not re.fullmatch(r"\d{1,3}", words[0]):
        raise RecordError(
            f"a move is a seat, an action and what it needs ('1 draw-stock'), not {line[:60]!r}", line=number
        )
    kinds = {str(getattr(c, "kind", "")): c for c in actions}
    cls = kinds.get(words[1])
    if cls is None:
        known = ", ".join(sorted(kinds))
        raise RecordError(f"unknown action {words[1][:40]!r} (this game's actions: {known})", line=number)
    form = _form(cls)
    rest = words[2:]
    first_kw = next((i for i, w in enumerate(rest) if "=" in w), len(rest))
    data: dict[str, Any] = {"action": words[1], "player": int(words[0])}
    if first_kw:
        if form.main is None:
            raise RecordError(
                f"{words[1]} takes no pieces, but the line gives {' '.join(rest[:first_kw])[:60]!r}", line=number
            )
        data[form.main.name] = _main_value(" ".join(rest[:first_kw]), form.main.shape)
    fields = {f.key: f for f in form.others}
    for word in rest[first_kw:]:
        key, _, text = word.partition("=")
        f = fields.get(key)
        if f is None:
            known = ", ".join(sorted(fields)) or "none"
            raise RecordError(f"{words[1]} has no field {key[:40]!r} (its fields: {known})", line=number)
        if f.name in data:
            raise RecordError(f"{words[1]}: {key} is given twice", line=number)
        try:
            data[f.name] = _value_of(text, f.hint)
        except ValueError as exc:
            raise RecordError(f"{words[1]} {key}: {exc}", line=number) from None
    try:
        return action_from_json(data, actions)
    except SaveError as exc:
        detail = exc.message.removeprefix("not a valid save: ").removeprefix("action: ").removeprefix("action.")
        raise RecordError(f"{words[1]}: {detail}", line=number) from None


# ------------------------------------------------------------------------------------------
# The deal: what the header says, and what a first state was dealt with
# ------------------------------------------------------------------------------------------


def _deal_parameters(cls: type[Referee]) -> list[inspect.Parameter]:
    """The arguments of ``cls.deal`` beyond the rules, the players and the seed."""
    found = inspect.signature(cls.deal).parameters.values()
    return [p for p in found if p.name not in _STANDARD and p.kind is inspect.Parameter.KEYWORD_ONLY]


def _key(name: str) -> str:
    return _KEY_NAMES.get(name) or name.replace("_", " ").capitalize()


def _jsonable(value: Any) -> Any:
    if isinstance(value, tuple | list | frozenset | set):
        return [_jsonable(v) for v in value]
    return value


def _found_argument(start: Any, name: str, default: Any) -> Any:
    """The value ``start`` was dealt with for the ``deal`` argument ``name``, by its fields' names.

    A state holding ``name`` (or ``first_name``) gives it; a whole game whose deal in play is a
    referee state of its own asks that one; otherwise the argument's default.
    """
    holders = [start]
    holders += [
        getattr(start, f.name) for f in attrs.fields(type(start)) if isinstance(getattr(start, f.name), Referee)
    ]
    for holder in holders:
        for attr in (name, f"first_{name}"):
            if hasattr(holder, attr):
                return getattr(holder, attr)
    return default


@attrs.frozen
class _Deal:
    """What a record's header says was dealt."""

    cls: type[Referee]
    rules: RuleSet
    players: int
    seed: Seed
    arguments: tuple[tuple[str, Any], ...]

    def state(self) -> Referee:
        kwargs = {k: (tuple(v) if isinstance(v, list) else v) for k, v in self.arguments}
        return self.cls.deal(rules=self.rules, players=self.players, seed=self.seed, **kwargs)

    def call(self) -> str:
        args = [f"rules={self.rules.name}", f"players={self.players}", f"seed={self.seed!r}"]
        args += [f"{k}={v!r}" for k, v in self.arguments]
        return f"{self.cls.__name__}.deal({', '.join(args)})"


def _options_changed(rules: RuleSet) -> dict[str, Any]:
    """The options of ``rules`` that differ from its preset's."""
    preset = _preset(rules).options()
    return {k: v for k, v in rules.options().items() if preset.get(k) != v}


def _simplest(dealt: _Deal, start: Referee) -> _Deal:
    """``dealt`` with every option left out that dealing ``start`` does not need.

    A deal may change its rule set as it deals (an Indian Rummy deal makes the rank of the card it
    turns up wild): the header names the options the game was dealt with, not those the deal set.
    """
    changed = _options_changed(dealt.rules)
    for key in list(changed):
        fewer = {k: v for k, v in changed.items() if k != key}
        try:
            trial = attrs.evolve(dealt, rules=_preset(dealt.rules).with_options(fewer))
            same = trial.state() == start
        except (RummyError, TypeError, ValueError):
            same = False
        if same:
            changed, dealt = fewer, trial
    return dealt


def _check_seed(seed: object) -> Seed:
    if isinstance(seed, bool) or not isinstance(seed, int | str):
        raise TypeError(f"a record's seed is an int or a str, not {type(seed).__name__}")
    return seed


def _deal_of(start: Referee, seed: object, deal: Mapping[str, Any] | None) -> _Deal:
    cls = type(start)
    params = _deal_parameters(cls)
    given = dict(deal or {})
    unknown = sorted(set(given) - {p.name for p in params})
    if unknown:
        known = ", ".join(p.name for p in params) or "none"
        raise TypeError(f"{cls.__name__}.deal takes no argument {unknown[0]!r} (its other arguments: {known})")
    if seed is None:
        if not hasattr(start, "seed"):
            raise TypeError(f"a {cls.__name__} keeps no seed: pass seed=, the one it was dealt with")
        seed = start.seed
    arguments = []
    for p in params:
        default = None if p.default is inspect.Parameter.empty else p.default
        value = given[p.name] if p.name in given else _found_argument(start, p.name, default)
        arguments.append((p.name, _jsonable(value)))
    return _Deal(cls, start.rules, start.players, _check_seed(seed), tuple(arguments))


# ------------------------------------------------------------------------------------------
# Records
# ------------------------------------------------------------------------------------------


def _result_text(state: Referee) -> str:
    if not state.is_over:
        return _UNFINISHED
    outcome: Outcome = state.result()
    scores = " ".join(str(s) for s in outcome.scores)
    if not outcome.winners:
        who = "no winner"
    else:
        who = ("winner " if len(outcome.winners) == 1 else "winners ") + " ".join(map(str, outcome.winners))
    return f"{scores}; {who}; {outcome.reason}"


def _one_line(value: object, what: str) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{what} must be a str, not {type(value).__name__}")
    text = value.strip()
    if not text or "\n" in text or "\r" in text or len(text) > 200:
        raise ValueError(f"{what} must be one line of 1 to 200 characters, not {value[:60]!r}")
    return text


@attrs.frozen
class Turn:
    """One move of a record: who did what, on which line, and the game before and after it.

    Examples:
        >>> from rummylib import GIN_RUMMY
        >>> from rummylib.gin import DrawStock, GinHand
        >>> start = GinHand.deal(rules=GIN_RUMMY, seed=7)
        >>> turn = next(read_record(write_record(start, [DrawStock(1)], seed=7)).turns())
        >>> turn.number, turn.line, turn.text, turn.after.phase.value
        (1, 9, '1 draw-stock', 'discard')
    """

    number: int
    """The move's number, from 1."""
    line: int
    """Its line in the record, from 1."""
    action: Any
    """The action."""
    text: str
    """The action's record line."""
    before: Referee = attrs.field(repr=False)
    """The game before the move."""
    after: Referee = attrs.field(repr=False)
    """The game after it."""

    @property
    def player(self) -> int:
        """The seat that moved."""
        return int(self.action.player)

    def describe(self, *, seat: int | None = None, names: Sequence[str] = ()) -> str:
        """The move for people: who did what, then the game after it as ``seat`` sees it (default: the mover).

        Raises:
            IllegalActionError: ``seat`` is not a seat (code ``not-a-player``).

        Examples:
            >>> from rummylib import GIN_RUMMY
            >>> from rummylib.gin import DrawStock, GinHand
            >>> start = GinHand.deal(rules=GIN_RUMMY, seed=7)
            >>> turn = next(read_record(write_record(start, [DrawStock(1)], seed=7)).turns())
            >>> print(turn.describe())  # doctest: +NORMALIZE_WHITESPACE
            1. player 1: draw-stock (takes 5s)
               hand: Ac Jc Qc 2d 5d 7d 6h As 2s 5s Qs
               discards: 9d (1 card)
               dealer 0 · to move 1 · phase discard · hand sizes 10 11 · stock size 30 ·
               first upcard 9d · knock limit 10
        """
        who = seat_name(self.player, names)
        head = f"{self.number}. {who}: {' '.join(self.text.split()[1:])}"
        viewer = self.player if seat is None else seat
        if viewer == self.player:
            before, after = self.before.view(viewer), self.after.view(viewer)
            taken = pieces_taken(before, after)
            head += f" (takes {format_pieces(taken)})" if taken else ""
            form = _form(type(self.action))
            if form.main is not None and form.main.shape == "table":  # the line shows the whole table
                gone = PieceCount.of(own_pieces(before)) - PieceCount.of(own_pieces(after))
                head += f" (plays {format_pieces(sorted(gone, key=piece_sort_key))})" if gone else ""
        return "\n".join([head, *("   " + line for line in view_lines(self.after.view(viewer)))])


@attrs.frozen(eq=False)
class Record:
    """A game record read or written: the deal, the moves, the final state, and what the header says.

    Two records are equal when they hold the same game and the same header (`text` is the same).

    Examples:
        >>> from rummylib import RUMMIKUB
        >>> from rummylib.rummikub import Draw, RummikubGame
        >>> game = RummikubGame.deal(rules=RUMMIKUB, players=2, seed=3).apply(Draw(0)).apply(Draw(1))
        >>> record = read_record(write_record(game))  # a Rummikub game keeps its own history
        >>> record.final == game, [str(a.kind) for a in record.actions], record.seed
        (True, ['draw', 'draw'], 3)
    """

    start: Any = attrs.field(repr=False)
    """The game as dealt (a referee state)."""
    actions: tuple[Any, ...]
    """The moves, in order."""
    final: Any = attrs.field(repr=False)
    """The game after the last move."""
    seed: Seed
    """The seed of the deal."""
    deal_arguments: tuple[tuple[str, Any], ...] = ()
    """The other arguments of the deal (``("dealer", 0)``), by name."""
    names: tuple[str, ...] = ()
    """A name for each seat, or none."""
    date: str | None = None
    """The date of the game, as written."""
    event: str | None = None
    """The event (a tournament, a club night), as written."""
    site: str | None = None
    """Where the game was played, as written."""
    states: tuple[Any, ...] = attrs.field(default=(), repr=False)
    """Every state from the deal to the end (one more than the moves)."""
    lines: tuple[int, ...] = attrs.field(default=(), repr=False)
    """The line of each move in the text it was read from (or written as)."""
    rules: RuleSet | None = attrs.field(default=None, repr=False)
    """The rule set the game was dealt with, as the Game and Options lines say (``None``: the first
    state's). It differs from the first state's when dealing changes the rules (an Indian Rummy
    deal makes the rank of the card it turns up wild)."""

    @property
    def header(self) -> tuple[tuple[str, str], ...]:
        """The header lines as (name, value) pairs, after the first line, in the order written.

        Examples:
            >>> from rummylib import GIN_RUMMY
            >>> from rummylib.gin import GinHand
            >>> dict(read_record(write_record(GinHand.deal(rules=GIN_RUMMY, seed=1), [], seed=1)).header)["Type"]
            'gin-hand'
        """
        start: Referee = self.start
        rules: RuleSet = self.rules or start.rules
        changed = _options_changed(rules)
        out = [("Game", rules.name)]
        if changed:
            out.append(("Options", json.dumps(changed)))
        out += [("Type", type(start).SAVE_TYPE), ("Players", str(start.players)), ("Seed", json.dumps(self.seed))]
        out += [(_key(name), json.dumps(value)) for name, value in self.deal_arguments if value != []]
        out += [(f"Seat {i}", name) for i, name in enumerate(self.names)]
        out += [(k, v) for k, v in zip(_INFO_KEYS, (self.date, self.event, self.site), strict=True) if v is not None]
        out.append(("Result", _result_text(self.final)))
        return tuple(out)

    def text(self) -> str:
        """The record as text (what `write_record` writes for it; `read_record` reads it back).

        Examples:
            >>> from rummylib import GIN_RUMMY
            >>> from rummylib.gin import GinHand
            >>> text = write_record(GinHand.deal(rules=GIN_RUMMY, seed=1), [], seed=1)
            >>> read_record(text).text() == text
            True
        """
        lines = [f"{FORMAT} {VERSION}", *(f"{k}: {v}" for k, v in self.header), ""]
        lines += [action_line(a) for a in self.actions]
        return "\n".join(lines) + "\n"

    def turns(self) -> Iterator[Turn]:
        """Each move with the states before and after it.

        Examples:
            >>> from rummylib import RUMMIKUB
            >>> from rummylib.rummikub import Draw, RummikubGame
            >>> game = RummikubGame.deal(rules=RUMMIKUB, players=2, seed=3).apply(Draw(0))
            >>> [(t.number, t.player, t.text) for t in read_record(write_record(game)).turns()]
            [(1, 0, '0 draw')]
        """
        states = self.states or _replay(self.start, self.actions, ())[0]
        lines = self.lines or _move_lines(len(self.header), len(self.actions))
        for n, action in enumerate(self.actions):
            yield Turn(n + 1, lines[n], action, action_line(action), states[n], states[n + 1])

    def seat_of(self, index: int, seat: int | None = None) -> int:
        """The seat whose view of state ``index`` (of `states`) is shown: ``seat`` if given.

        Otherwise the seat that made the move leading to it (for the deal, the seat to move first).

        Examples:
            >>> from rummylib import GIN_RUMMY
            >>> from rummylib.gin import GinHand
            >>> read_record(write_record(GinHand.deal(rules=GIN_RUMMY, seed=1), [], seed=1)).seat_of(0)
            1
        """
        if seat is not None:
            return seat
        if index > 0:
            return int(self.actions[index - 1].player)
        first = self.start.to_move
        return 0 if first is None else int(first)

    def describe(self, *, seat: int | None = None) -> str:
        """The whole game for people, move by move, each followed by the game as ``seat`` sees it.

        Without ``seat``, each move is followed by what the seat that made it sees (its own hand
        and everything public), and the deal by what the first to move sees. The result ends it.

        Raises:
            IllegalActionError: ``seat`` is not a seat of the game (code ``not-a-player``).

        Examples:
            >>> from rummylib import GIN_RUMMY
            >>> from rummylib.gin import DrawStock, GinHand
            >>> start = GinHand.deal(rules=GIN_RUMMY, seed=7)
            >>> text = read_record(write_record(start, [DrawStock(1)], seed=7, names=["Ann", "Bob"])).describe()
            >>> print(text)  # doctest: +NORMALIZE_WHITESPACE
            Gin Rummy, gin-hand: 2 players, seed 7, dealer 0
            seat 0: Ann · seat 1: Bob
            <BLANKLINE>
            the deal, as seat 1 sees it:
               hand: Ac Jc Qc 2d 5d 7d 6h As 2s Qs
               discards: 9d (1 card)
               dealer 0 · to move 1 · phase draw · hand sizes 10 10 · stock size 31 ·
               first upcard 9d · knock limit 10
            <BLANKLINE>
            1. player 1 (Bob): draw-stock (takes 5s)
               hand: Ac Jc Qc 2d 5d 7d 6h As 2s 5s Qs
               discards: 9d (1 card)
               dealer 0 · to move 1 · phase discard · hand sizes 10 11 · stock size 30 ·
               first upcard 9d · knock limit 10
            <BLANKLINE>
            result: unfinished
        """
        start: Referee = self.start
        header = dict(self.header)
        deal = ", ".join(
            f"{_key(name).lower()} {json.dumps(value)}" for name, value in self.deal_arguments if value != []
        )
        facts = f"{start.players} players, seed {header['Seed']}" + (f", {deal}" if deal else "")
        info = [v for v in (self.date, self.event, self.site) if v is not None]
        lines = [f"{start.rules.title}, {header['Type']}: {facts}" + (f" ({', '.join(info)})" if info else "")]
        if "Options" in header:
            lines.append(f"options: {header['Options']}")
        if self.names:
            lines.append(" · ".join(f"seat {i}: {n}" for i, n in enumerate(self.names)))
        first = self.seat_of(0, seat)
        lines += ["", f"the deal, as seat {first} sees it:"]
        lines += ["   " + line for line in view_lines(start.view(first))]
        for turn in self.turns():
            lines += ["", turn.describe(seat=seat, names=self.names)]
        lines += ["", f"result: {header['Result']}"]
        return "\n".join(lines)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Record):
            return NotImplemented
        return bool(self.start == other.start and self.actions == other.actions and self.text() == other.text())

    def __hash__(self) -> int:
        return hash(self.text())


def _move_lines(header: int, moves: int) -> tuple[int, ...]:
    first = header + 3  # the format line, the header, the blank line
    return tuple(range(first, first + moves))


def _preset(rules: RuleSet) -> RuleSet:
    try:
        return find_ruleset(rules.name)
    except RummyError:
        raise TypeError(f"a record names its game by a preset, and {rules.name!r} is none") from None


def _replay(start: Referee, actions: Sequence[Any], lines: Sequence[int]) -> tuple[tuple[Any, ...], Any]:
    """Every state from ``start`` through ``actions``; an illegal move names its line (or number)."""
    states = [start]
    state = start
    allowed = tuple(type(start).ACTIONS)
    for n, action in enumerate(actions):
        if not isinstance(action, allowed):
            raise TypeError(f"move {n + 1} ({action!r}) is not an action of {type(start).__name__}")
        try:
            state = state.apply(action)
        except IllegalActionError as exc:
            where = f"line {lines[n]}" if lines else f"move {n + 1}"
            exc.args = (f"{where}: {action_line(action)}: {exc.message}",)
            raise exc from None
        states.append(state)
    return tuple(states), state


def write_record(
    start: Referee,
    actions: Iterable[Any] | None = None,
    *,
    seed: Seed | None = None,
    deal: Mapping[str, Any] | None = None,
    names: Sequence[str] = (),
    date: datetime.date | str | None = None,
    event: str | None = None,
    site: str | None = None,
) -> str:
    """The record of a game: its header, then one line per move.

    ``start`` is the game as dealt and ``actions`` the moves played from it; every move is replayed
    through the referee. A game that keeps its own history (a Rummikub game) may be given alone, at
    any point: its record holds every move so far. The header's deal is read from the state
    (``seed`` and each argument of its ``deal`` by name, such as ``dealer`` or ``round_number``);
    give ``seed`` and ``deal`` when the state does not keep them (a Gin hand keeps no seed). The
    record is checked to deal exactly ``start``.

    Args:
        start: the first state of the game, as its ``deal`` gave it.
        actions: the moves, in order (``None``: the state's own history).
        seed: the seed of the deal (default: the state's ``seed``).
        deal: other arguments of the deal, by name (default: read from the state).
        names: a name for each seat (none, or one per seat).
        date: the date of the game (a `datetime.date` is written ``2025-03-01``).
        event: the event (a tournament, a club night).
        site: where it was played.

    Raises:
        IllegalActionError: a move the referee refuses (the message names the move, from 1).
        RecordError: ``start`` is not what its header deals (code ``bad-record``).
        TypeError: not a referee state or its actions, a seed that is not an int or a str, a rule set
            of no preset, or no history to write.
        ValueError: a name, date, event or site that is not one line.

    Examples:
        >>> from rummylib import SHANGHAI
        >>> from rummylib.contracts import ContractRound, DrawDiscard
        >>> start = ContractRound.deal(rules=SHANGHAI, players=3, seed=7, round_number=2, dealer=1)
        >>> print(write_record(start, [DrawDiscard(2)], names=["Ann", "Bob", "Cy"]))
        rummylib-record 1
        Game: shanghai
        Type: contract-round
        Players: 3
        Seed: 7
        Round: 2
        Dealer: 1
        Seat 0: Ann
        Seat 1: Bob
        Seat 2: Cy
        Result: unfinished
        <BLANKLINE>
        2 draw-discard
        <BLANKLINE>
    """
    family_of(start)  # TypeError unless a referee state of a registered game
    if actions is None:
        if not isinstance(start, Recorded) or not hasattr(start, "history"):
            raise TypeError(f"a {type(start).__name__} keeps no history: give its first state and its actions")
        moves = tuple(turn.action for turn in start.history)
        dealt = _deal_of(start, seed, deal)
        first = dealt.state()
    else:
        moves = tuple(actions)
        dealt = _deal_of(start, seed, deal)
        first = start
        try:
            again = dealt.state()
        except (RummyError, TypeError, ValueError) as exc:
            raise RecordError(f"the record cannot deal the game again: {dealt.call()}: {exc}") from None
        if again == start and _options_changed(dealt.rules):
            dealt = _simplest(dealt, start)
        if again != start:
            raise RecordError(
                f"{type(start).__name__} is not what {dealt.call()} deals: give the seed and the deal arguments "
                "it was dealt with (seed=..., deal={...}), and the state as dealt, before any move"
            )
    if len(moves) > MAX_MOVES:
        raise ValueError(f"{len(moves)} moves are more than a record holds ({MAX_MOVES})")
    if isinstance(names, str):
        raise TypeError("names are a list of one name per seat, not a str")
    seat_names = tuple(_one_line(n, f"the name of seat {i}") for i, n in enumerate(names))
    if seat_names and len(seat_names) != start.players:
        raise ValueError(f"give one name per seat ({start.players}), not {len(seat_names)}")
    if isinstance(date, datetime.date):
        date = date.isoformat()
    states, final = _replay(first, moves, ())
    record = Record(
        first,
        moves,
        final,
        dealt.seed,
        dealt.arguments,
        seat_names,
        date=None if date is None else _one_line(date, "the date"),
        event=None if event is None else _one_line(event, "the event"),
        site=None if site is None else _one_line(site, "the site"),
        states=states,
        rules=dealt.rules,
    )
    return record.text()


def read_record(text: str) -> Record:
    """The game a record holds, dealt again from its header and replayed move by move.

    Raises:
        RecordError: not a record, a version this library does not read, a malformed or unknown
            header line, a move that cannot be read, or a result its moves do not give (code
            ``bad-record``; the message starts with the line).
        IllegalActionError: a move the referee refuses (its code, the line in the message).
        TypeError: ``text`` is not a str.

    Examples:
        >>> record = read_record('''rummylib-record 1
        ... Game: gin_rummy
        ... Type: gin-hand
        ... Players: 2
        ... Seed: 7
        ...
        ... 1 draw-stock
        ... 1 discard Kd
        ... ''')
        Traceback (most recent call last):
        ...
        rummylib.errors.IllegalActionError: line 8: 1 discard Kd: player 1 does not hold Kd [not-in-hand]
    """
    if not isinstance(text, str):
        raise TypeError(f"a record is a str, not {type(text).__name__}")
    lines = text.splitlines()
    if len(lines) > MAX_MOVES + 1000:
        raise RecordError(f"a record of {len(lines)} lines is longer than any game")
    first = lines[0].split() if lines else []
    if len(first) != 2 or first[0] != FORMAT:
        shown = lines[0][:40] if lines else ""
        raise RecordError(f"not a rummylib record (it starts with {shown!r}, not {FORMAT!r})", line=1)
    if first[1] != str(VERSION):
        raise RecordError(
            f"record format version {first[1][:20]} is not supported (this library reads version {VERSION})", line=1
        )
    header: dict[str, tuple[str, int]] = {}
    at = 1
    while at < len(lines) and lines[at].strip():
        raw = lines[at].strip()
        at += 1
        if raw.startswith("#"):
            continue
        match = _KEY.fullmatch(raw)
        if match is None:
            raise RecordError(f"a header line is 'Name: value', not {raw[:60]!r}", line=at)
        key = " ".join(match.group(1).split()).lower()
        if key in header:
            raise RecordError(f"{match.group(1)} is given twice", line=at)
        header[key] = ((match.group(2) or "").strip(), at)
    dealt, meta = _read_header(header)
    start = _deal_again(dealt, header)
    moves: list[Any] = []
    move_lines: list[int] = []
    for number in range(at + 1, len(lines) + 1):
        raw = lines[number - 1].strip()
        if not raw or raw.startswith("#"):
            continue
        moves.append(_read_action(raw, number, type(start).ACTIONS))
        move_lines.append(number)
    if len(moves) > MAX_MOVES:
        raise RecordError(f"{len(moves)} moves are more than a record holds ({MAX_MOVES})")
    states, final = _replay(start, moves, move_lines)
    if "result" in header:
        said, line = header["result"]
        actual = _result_text(final)
        if said != actual:
            raise RecordError(f"the record says the result is {said[:80]!r}, but its moves give {actual!r}", line=line)
    return Record(
        start,
        tuple(moves),
        final,
        dealt.seed,
        dealt.arguments,
        **meta,
        states=states,
        lines=tuple(move_lines),
        rules=dealt.rules,
    )


def _json_value(header: Mapping[str, tuple[str, int]], key: str) -> Any:
    text, line = header[key]
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        raise RecordError(f"{key.capitalize()}: {text[:60]!r} is not a JSON value", line=line) from None


def _read_header(header: Mapping[str, tuple[str, int]]) -> tuple[_Deal, dict[str, Any]]:
    for key in ("game", "type", "players", "seed"):
        if key not in header:
            raise RecordError(f"the header has no {key.capitalize()} line")
    game, line = header["game"]
    try:
        rules = find_ruleset(game)
    except RummyError as exc:
        raise RecordError(exc.message, line=line) from None
    if "options" in header:
        options = _json_value(header, "options")
        if not isinstance(options, dict):
            raise RecordError("Options must be a JSON object of rule options", line=header["options"][1])
        try:
            rules = rules.with_options(options)
        except RummyError as exc:
            raise RecordError(exc.message, line=header["options"][1]) from None
    kind, line = header["type"]
    cls = state_types().get(kind)
    if cls is None:
        raise RecordError(f"unknown type {kind[:40]!r} (types: {', '.join(state_types())})", line=line)
    players = _json_value(header, "players")
    if isinstance(players, bool) or not isinstance(players, int):
        raise RecordError("Players must be a whole number", line=header["players"][1])
    seed = _json_value(header, "seed")
    if isinstance(seed, bool) or not isinstance(seed, int | str):
        raise RecordError("Seed must be a whole number or a string in quotes", line=header["seed"][1])
    arguments = []
    known = {"game", "options", "type", "players", "seed", "result", *(k.lower() for k in _INFO_KEYS)}
    for p in _deal_parameters(cls):
        key = _key(p.name).lower()
        known.add(key)
        if key in header:
            arguments.append((p.name, _json_value(header, key)))
        elif p.default is not inspect.Parameter.empty:
            arguments.append((p.name, _jsonable(p.default)))
    seats = sorted((int(m.group(1)), k) for k in header if (m := _SEAT_KEY.fullmatch(k)))
    if seats and [s for s, _ in seats] != list(range(players)):
        raise RecordError(f"give a Seat line for every seat, 0 to {players - 1}, or none", line=header[seats[0][1]][1])
    known.update(k for _, k in seats)
    for key, (_, line) in header.items():
        if key not in known:
            has = ", ".join(
                ["Game", "Options", "Type", "Players", "Seed"] + [_key(p.name) for p in _deal_parameters(cls)]
            )
            raise RecordError(
                f"unknown header line {key!r} (a {kind} record has {has}, Seat N, Date, Event, Site, Result)",
                line=line,
            )
    names = tuple(header[k][0] for _, k in seats)
    info = {k.lower(): header[k.lower()][0] if k.lower() in header else None for k in _INFO_KEYS}
    return _Deal(cls, rules, players, seed, tuple(arguments)), {"names": names, **info}


def _deal_again(dealt: _Deal, header: Mapping[str, tuple[str, int]]) -> Referee:
    try:
        return dealt.state()
    except (RummyError, TypeError, ValueError) as exc:
        message = exc.message if isinstance(exc, RummyError) else str(exc)
        raise RecordError(f"cannot deal the game: {message}", line=header["type"][1]) from None
