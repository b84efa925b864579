"""Saved games: every referee state to JSON and back, exactly, with a format version.

`to_json` turns a state into a JSON-ready dict::

    {"format": "rummylib-save", "version": 1, "type": "rummikub-game", "state": {...}}

and `from_json` turns such a dict back into an equal state, which continues identically (the
same seed gives the same future draws and reshuffles). The codec is generic: it walks the
``attrs`` fields of the state, guided by each class's own type annotations — pieces as notation
strings, enums by value, tuples as lists, a rule set as its game's name plus ``options()``,
a ``random.Random`` by its ``getstate()``. Decoding builds only the classes named by those
annotations, starting from a fixed list of state types (`SAVE_TYPES`): nothing in a save can
make it import or build anything else.

A save is never trusted: after decoding, `rummylib.audit.state_problems` must find nothing
(every piece of the deal exactly once, possible hand sizes, valid melds, recorded scores equal to
the ones the rules give) and, for Rummikub, the game must be what its seed and history give.
A corrupt or tampered save raises `SaveError` (code ``bad-save``) naming what is wrong.

Examples:
    >>> from rummylib import RUMMIKUB
    >>> from rummylib.rummikub import RummikubGame
    >>> game = RummikubGame.new(rules=RUMMIKUB, players=2, seed=5).draw()
    >>> data = to_json(game)
    >>> data["format"], data["version"], data["type"], data["state"]["pool"][:11]
    ('rummylib-save', 1, 'rummikub-game', 'K8 K3 Y6 B3')
    >>> from_json(data) == game
    True
    >>> data["state"]["pool"] = data["state"]["pool"][3:]  # a tile goes missing
    >>> from_json(data)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    rummylib.errors.SaveError: not a valid save: pieces not conserved: missing K8...
"""

from __future__ import annotations

import enum
import json
import math
import random
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any, Literal

import attrs

from rummylib.cards import Card
from rummylib.errors import RummyError, SaveError
from rummylib.pieces import Joker, Piece, PieceCount, format_pieces
from rummylib.tiles import Tile

__all__ = [
    "FORMAT",
    "MAX_SAVE_INT",
    "MAX_SAVE_ITEMS",
    "SAVE_TYPES",
    "VERSION",
    "SaveError",
    "actions_from_json",
    "actions_to_json",
    "dumps",
    "from_json",
    "loads",
    "to_json",
]

FORMAT = "rummylib-save"
"""The value of a save's ``"format"`` key."""
VERSION = 1
"""The format version this library writes and reads (a newer save is refused, never guessed at)."""
MAX_SAVE_ITEMS = 100_000
"""Most items in any list of a save (a history of 100,000 actions is far beyond a real game)."""
MAX_SAVE_INT = 2**64
"""Largest integer a save may hold (in size): seeds are integers too, so the limit is generous."""


def _save_types() -> dict[str, type]:
    from rummylib.contracts import ContractGame, ContractRound
    from rummylib.gin import GinGame, GinHand
    from rummylib.rummikub import RummikubGame

    return {
        "rummikub-game": RummikubGame,
        "contract-round": ContractRound,
        "contract-game": ContractGame,
        "gin-hand": GinHand,
        "gin-game": GinGame,
    }


SAVE_TYPES: tuple[str, ...] = ("rummikub-game", "contract-round", "contract-game", "gin-hand", "gin-game")
"""The ``"type"`` of each state that can be saved: Rummikub games, Contract Rummy and Shanghai
rounds and games, Gin hands and games. (Indian Rummy has no referee state: its deals are scored
from hands.)"""


# ------------------------------------------------------------------------------------------
# Type annotations, read once per class
# ------------------------------------------------------------------------------------------

_PIECE_TYPES = (Tile, Card, Joker)
_HINTS: dict[type, dict[str, Any]] = {}


def _hints(cls: type) -> dict[str, Any]:
    if cls not in _HINTS:
        _HINTS[cls] = typing.get_type_hints(cls)
    return _HINTS[cls]


def _union_args(hint: Any) -> tuple[Any, ...] | None:
    if typing.get_origin(hint) in (types.UnionType, typing.Union):
        return typing.get_args(hint)
    return None


def _is_piece_hint(hint: Any) -> bool:
    args = _union_args(hint)
    members = args if args is not None else (hint,)
    return all(isinstance(m, type) and issubclass(m, _PIECE_TYPES) for m in members)


def _is_pieces_hint(hint: Any) -> bool:
    """``tuple[Piece, ...]`` (or of cards, faces): written as one notation string."""
    args = typing.get_args(hint)
    return typing.get_origin(hint) is tuple and len(args) == 2 and args[1] is Ellipsis and _is_piece_hint(args[0])


# ------------------------------------------------------------------------------------------
# Encoding
# ------------------------------------------------------------------------------------------


def _encode(value: Any, hint: Any) -> Any:
    from rummylib.melds import Meld
    from rummylib.rules import RuleSet

    args = _union_args(hint)
    if args is not None:
        if value is None:
            return None
        if isinstance(value, _PIECE_TYPES):
            return str(value)
        classes = [a for a in args if attrs.has(a)]
        if attrs.has(type(value)) and len(classes) > 1:
            return {"$type": type(value).__name__, **_encode_attrs(value)}
        for a in args:
            if a is not type(None) and _fits(value, a):
                return _encode(value, a)
        raise TypeError(f"cannot save {value!r} as {hint}")
    if value is None:
        return None
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, bool | int | str):
        return value
    if isinstance(value, float):
        return value
    if isinstance(value, _PIECE_TYPES):
        return str(value)
    if isinstance(value, PieceCount):
        return format_pieces(value)
    if isinstance(value, RuleSet):
        return {"game": value.name, "options": value.options()}
    if isinstance(value, Meld):
        return format_pieces(value.pieces)
    if isinstance(value, random.Random):
        version, internal, gauss = value.getstate()
        return {"version": version, "internal": list(internal), "gauss": gauss}
    if isinstance(value, tuple | list | frozenset):
        if _is_pieces_hint(hint):
            return format_pieces(value)
        items = sorted(value) if isinstance(value, frozenset) else value
        targs = typing.get_args(hint)
        if typing.get_origin(hint) is tuple and targs and targs[-1] is not Ellipsis:
            return [_encode(v, t) for v, t in zip(items, targs, strict=True)]
        inner = targs[0] if targs else Any
        return [_encode(v, inner) for v in items]
    if attrs.has(type(value)):
        return _encode_attrs(value)
    raise TypeError(f"cannot save a {type(value).__name__}")


def _fits(value: Any, hint: Any) -> bool:
    if hint is Any:
        return True
    if _is_piece_hint(hint):
        return isinstance(value, _PIECE_TYPES)
    origin = typing.get_origin(hint) or hint
    if origin is Literal:
        return value in typing.get_args(hint)
    if origin is float:
        return isinstance(value, float | int) and not isinstance(value, bool)
    if origin is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, origin) if isinstance(origin, type) else False


def _encode_attrs(value: Any) -> dict[str, Any]:
    cls = type(value)
    hints = _hints(cls)
    return {f.name: _encode(getattr(value, f.name), hints[f.name]) for f in attrs.fields(cls) if f.init}


def to_json(state: Any) -> dict[str, Any]:
    """A referee state as a JSON-ready dict, with the format name, version and state type.

    Raises:
        TypeError: not a state of one of the `SAVE_TYPES`.

    Examples:
        >>> from rummylib import SHANGHAI
        >>> from rummylib.contracts import ContractRound
        >>> data = to_json(ContractRound.deal(rules=SHANGHAI, players=3, seed=1))
        >>> data["type"], data["state"]["rules"]["game"], data["state"]["round_number"]
        ('contract-round', 'shanghai', 1)
    """
    for name, cls in _save_types().items():
        if type(state) is cls:
            return {"format": FORMAT, "version": VERSION, "type": name, "state": _encode_attrs(state)}
    raise TypeError(f"cannot save a {type(state).__name__}: saveable states are {', '.join(SAVE_TYPES)}")


def dumps(state: Any, **kwargs: Any) -> str:
    """`to_json` written as a JSON string (``kwargs`` go to ``json.dumps``).

    Examples:
        >>> from rummylib import GIN_RUMMY
        >>> from rummylib.gin import GinHand
        >>> hand = GinHand.deal(rules=GIN_RUMMY, seed=2)
        >>> loads(dumps(hand)) == hand
        True
    """
    return json.dumps(to_json(state), **kwargs)


# ------------------------------------------------------------------------------------------
# Decoding
# ------------------------------------------------------------------------------------------


def _fail(path: str, text: str) -> SaveError:
    return SaveError(f"not a valid save: {path}: {text}")


def _json_kind(value: object) -> str:
    if value is None:
        return "null"
    names = {bool: "a boolean", int: "a number", float: "a number", str: "a string", list: "a list", dict: "an object"}
    return names.get(type(value), type(value).__name__)


def _decode(data: Any, hint: Any, path: str) -> Any:
    from rummylib.melds import Meld
    from rummylib.notation import parse_piece, parse_pieces
    from rummylib.rules import RuleSet, find_ruleset

    args = _union_args(hint)
    if args is not None:
        if data is None and type(None) in args:
            return None
        members = [a for a in args if a is not type(None)]
        if all(isinstance(m, type) and issubclass(m, _PIECE_TYPES) for m in members):
            return _piece(data, path, parse_piece)
        classes = [a for a in members if attrs.has(a)]
        if len(classes) > 1:
            if not isinstance(data, dict) or not isinstance(data.get("$type"), str):
                raise _fail(path, 'expected an object with a "$type"')
            chosen = [c for c in classes if c.__name__ == data["$type"]]
            if not chosen:
                raise _fail(path, f"{data['$type'][:40]!r} is not allowed here")
            return _decode({k: v for k, v in data.items() if k != "$type"}, chosen[0], path)
        for m in members:
            if _json_fits(data, m):
                return _decode(data, m, path)
        raise _fail(path, f"{_json_kind(data)} does not fit {hint}")
    if hint is Any:  # pragma: no cover - no state field is untyped
        raise _fail(path, "untyped field")
    if _is_piece_hint(hint):
        return _piece(data, path, parse_piece)
    origin = typing.get_origin(hint)
    if origin is Literal:
        if data not in typing.get_args(hint):
            raise _fail(path, f"{data!r} is not one of {typing.get_args(hint)}")
        return data
    if hint is bool:
        if not isinstance(data, bool):
            raise _fail(path, f"expected true or false, not {_json_kind(data)}")
        return data
    if hint is int:
        if isinstance(data, bool) or not isinstance(data, int):
            raise _fail(path, f"expected an integer, not {_json_kind(data)}")
        if abs(data) > MAX_SAVE_INT:
            raise _fail(path, f"the number {data} is larger than any game value")
        return data
    if hint is float:
        if isinstance(data, bool) or not isinstance(data, int | float) or not math.isfinite(data):
            raise _fail(path, f"expected a finite number, not {_json_kind(data)}")
        return float(data)
    if hint is str:
        if not isinstance(data, str):
            raise _fail(path, f"expected a string, not {_json_kind(data)}")
        if len(data) > 10_000:
            raise _fail(path, f"a string of {len(data)} characters is too long")
        return data
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        try:
            return hint(data)
        except (ValueError, TypeError):
            allowed = ", ".join(repr(m.value) for m in hint)
            raise _fail(path, f"{str(data)[:40]!r} is not one of {allowed}") from None
    if hint is RuleSet:
        if not isinstance(data, dict) or not isinstance(data.get("game"), str) or set(data) - {"game", "options"}:
            raise _fail(path, 'a rule set is {"game": name, "options": {...}}')
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise _fail(path, "the rule set's options must be an object")
        try:
            return find_ruleset(data["game"]).with_options(options)
        except RummyError as exc:
            raise _fail(path, exc.message) from None
    if hint is Meld:
        return Meld(_pieces(data, path, parse_pieces))
    if hint is PieceCount:
        return PieceCount.of(_pieces(data, path, parse_pieces))
    if hint is random.Random:
        return _random(data, path)
    if origin in (tuple, frozenset) or hint in (tuple, frozenset):
        if _is_pieces_hint(hint):
            return _pieces(data, path, parse_pieces)
        if not isinstance(data, list):
            raise _fail(path, f"expected a list, not {_json_kind(data)}")
        if len(data) > MAX_SAVE_ITEMS:
            raise _fail(path, f"a list of {len(data)} items is longer than the limit of {MAX_SAVE_ITEMS}")
        targs = typing.get_args(hint)
        if origin is tuple and targs and targs[-1] is not Ellipsis:
            if len(data) != len(targs):
                raise _fail(path, f"expected a list of {len(targs)} items, not {len(data)}")
            return tuple(_decode(v, t, f"{path}[{i}]") for i, (v, t) in enumerate(zip(data, targs, strict=True)))
        inner = targs[0] if targs else Any
        items = [_decode(v, inner, f"{path}[{i}]") for i, v in enumerate(data)]
        return tuple(items) if origin is tuple else frozenset(items)
    if isinstance(hint, type) and attrs.has(hint):
        return _decode_attrs(data, hint, path)
    raise _fail(path, f"cannot load a {hint}")  # pragma: no cover - every state field type is handled


def _json_fits(data: Any, hint: Any) -> bool:
    if hint is int:
        return isinstance(data, int) and not isinstance(data, bool)
    if hint is float:
        return isinstance(data, int | float) and not isinstance(data, bool)
    if hint is str:
        return isinstance(data, str)
    if hint is bool:
        return isinstance(data, bool)
    if isinstance(hint, type) and attrs.has(hint):
        return isinstance(data, dict)
    return True


def _piece(data: Any, path: str, parse: Callable[[str], Piece]) -> Piece:
    if not isinstance(data, str):
        raise _fail(path, f"a piece is notation like 'R5' or '10h', not {_json_kind(data)}")
    try:
        return parse(data)
    except RummyError as exc:
        raise _fail(path, exc.message) from None


def _pieces(data: Any, path: str, parse: Callable[[str], tuple[Piece, ...]]) -> tuple[Piece, ...]:
    if not isinstance(data, str):
        raise _fail(path, f"pieces are notation like 'R5 R6 *', not {_json_kind(data)}")
    try:
        return parse(data)
    except RummyError as exc:
        raise _fail(path, exc.message) from None


def _random(data: Any, path: str) -> random.Random:
    if not isinstance(data, dict) or set(data) != {"version", "internal", "gauss"}:
        raise _fail(path, 'a generator is {"version", "internal", "gauss"}')
    internal = data["internal"]
    if not isinstance(internal, list) or len(internal) != 625 or not all(isinstance(x, int) for x in internal):
        raise _fail(path, "the generator's state must be 625 integers")
    rng = random.Random()
    try:
        rng.setstate((data["version"], tuple(internal), data["gauss"]))
    except (TypeError, ValueError, OverflowError) as exc:
        raise _fail(path, f"bad generator state ({exc})") from None
    return rng


def _decode_attrs(data: Any, cls: type, path: str) -> Any:
    if not isinstance(data, dict):
        raise _fail(path, f"expected an object for {cls.__name__}, not {_json_kind(data)}")
    hints = _hints(cls)
    fields = [f for f in attrs.fields(cls) if f.init]
    names = {f.name for f in fields}
    unknown = sorted(str(k) for k in set(data) - names)
    if unknown:
        raise _fail(path, f"unknown field {unknown[0][:40]!r} for {cls.__name__}")
    kwargs: dict[str, Any] = {}
    for f in fields:
        if f.name not in data:
            if f.default is attrs.NOTHING:
                raise _fail(path, f"missing field {f.name!r} of {cls.__name__}")
            continue
        kwargs[f.alias or f.name] = _decode(data[f.name], hints[f.name], f"{path}.{f.name}")
    try:
        return cls(**kwargs)
    except RummyError as exc:
        raise _fail(path, exc.message) from None
    except (TypeError, ValueError) as exc:
        raise _fail(path, f"not a valid {cls.__name__} ({exc})") from None


def from_json(data: Mapping[str, Any], *, check: bool = True) -> Any:
    """The state a `to_json` dict holds, checked to be a state a real game could reach.

    With ``check`` (the default), the decoded state must pass `rummylib.audit.state_problems`
    (conservation of every piece, hand sizes, seats and counters, valid table melds, recorded
    scores) and, for Rummikub, `rummylib.audit.verify_history` (the game is what its seed and
    its history give). Pass ``check=False`` only for positions a server built itself.

    Raises:
        SaveError: not a save, a version this library does not read, a malformed value, or a
            state no game could reach (code ``bad-save``).

    Examples:
        >>> from rummylib import GIN_RUMMY
        >>> from rummylib.gin import GinHand
        >>> data = to_json(GinHand.deal(rules=GIN_RUMMY, seed=3))
        >>> data["state"]["hands"][0] = data["state"]["hands"][0] + " Ah"  # an extra ace
        >>> from_json(data)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        rummylib.errors.SaveError: not a valid save: ...
    """
    if not isinstance(data, Mapping):
        raise SaveError(f"a save is a JSON object, not {_json_kind(data)}")
    if data.get("format") != FORMAT:
        raise SaveError(f'not a rummylib save (its "format" is {str(data.get("format"))[:40]!r}, not {FORMAT!r})')
    version = data.get("version")
    if version != VERSION or isinstance(version, bool):
        shown = str(version)[:20]
        raise SaveError(f"save format version {shown} is not supported (this library reads version {VERSION})")
    kind = data.get("type")
    classes = _save_types()
    if not isinstance(kind, str) or kind not in classes:
        raise SaveError(f"unknown save type {str(kind)[:40]!r}: expected one of {', '.join(SAVE_TYPES)}")
    extra = sorted(str(k) for k in set(data) - {"format", "version", "type", "state"})
    if extra:
        raise SaveError(f"unknown key {extra[0][:40]!r} in the save")
    try:
        state = _decode_attrs(data.get("state"), classes[kind], "state")
    except RecursionError:
        raise SaveError("not a valid save: nested too deeply") from None
    if check:
        _check(state)
    return state


def _check(state: Any) -> None:
    from rummylib.audit import state_problems, verify_history
    from rummylib.errors import IllegalPlayError
    from rummylib.rummikub import RummikubGame

    problems = state_problems(state)
    if problems:
        raise SaveError("not a valid save: " + "; ".join(problems))
    if isinstance(state, RummikubGame):
        try:
            verify_history(state)
        except IllegalPlayError as exc:
            raise SaveError(f"not a valid save: its history does not replay: {exc.message}") from None
        except RummyError as exc:
            raise SaveError(f"not a valid save: {exc.message}") from None


def loads(text: str, *, check: bool = True) -> Any:
    """`from_json` of a JSON string.

    Raises:
        SaveError: not JSON, or not a valid save (see `from_json`).

    Examples:
        >>> loads("[1, 2]")
        Traceback (most recent call last):
        ...
        rummylib.errors.SaveError: a save is a JSON object, not a list
    """
    if not isinstance(text, str | bytes):
        raise TypeError(f"loads needs a str, not {type(text).__name__}")
    try:
        data = json.loads(text, parse_constant=_reject_constant)
    except (ValueError, RecursionError) as exc:
        raise SaveError(f"a save must be JSON: {exc}") from None
    return from_json(data, check=check)


# ------------------------------------------------------------------------------------------
# Action logs
# ------------------------------------------------------------------------------------------


def _action_types() -> dict[str, type]:
    from rummylib import contracts as contract
    from rummylib import gin, rummikub

    classes: list[type] = [
        contract.DrawStock,
        contract.DrawDiscard,
        contract.Buy,
        contract.DeclineBuy,
        contract.LayDown,
        contract.LayOff,
        contract.SwapJoker,
        contract.Discard,
        gin.GinDrawStock,
        gin.GinDrawDiscard,
        gin.GinDiscard,
        gin.GinKnock,
        rummikub.Action,
    ]
    return {c.__name__: c for c in classes}


def actions_to_json(actions: Any) -> list[dict[str, Any]]:
    """A log of referee actions as JSON-ready dicts, each naming its ``"action"`` class.

    The log of a Contract Rummy, Shanghai or Gin game (which the referees do not keep themselves)
    or a Rummikub game's ``history``: with the starting state, `rummylib.audit.replay` re-checks it.

    Raises:
        TypeError: something that is not a referee action.

    Examples:
        >>> from rummylib.contracts import LayOff, Discard
        >>> log = actions_to_json([LayOff(1, "8h 9h", 3), Discard(1, "*")])
        >>> log[0]
        {'action': 'LayOff', 'player': 1, 'cards': '8h 9h', 'meld': 3, 'joker_end': 'high'}
        >>> log[1]
        {'action': 'Discard', 'player': 1, 'card': '*'}
    """
    known = _action_types()
    out = []
    for action in actions:
        name = type(action).__name__
        if known.get(name) is not type(action):
            raise TypeError(f"not a referee action: {action!r}")
        out.append({"action": name, **_encode_attrs(action)})
    return out


def actions_from_json(data: Any) -> tuple[Any, ...]:
    """The actions an `actions_to_json` list holds (only referee action classes are built).

    Raises:
        SaveError: not a list of actions, an unknown action, or a malformed field (code ``bad-save``).

    Examples:
        >>> from rummylib.gin import GinDrawStock, GinKnock
        >>> log = [GinDrawStock(1), GinKnock(1, "Kd")]
        >>> actions_from_json(actions_to_json(log)) == tuple(log)
        True
        >>> actions_from_json([{"action": "os.system", "player": 0}])
        Traceback (most recent call last):
        ...
        rummylib.errors.SaveError: not a valid save: actions[0]: unknown action 'os.system'
    """
    if not isinstance(data, list):
        raise SaveError(f"an action log is a list, not {_json_kind(data)}")
    if len(data) > MAX_SAVE_ITEMS:
        raise SaveError(f"an action log of {len(data)} actions is longer than the limit of {MAX_SAVE_ITEMS}")
    known = _action_types()
    out = []
    for i, item in enumerate(data):
        path = f"actions[{i}]"
        if not isinstance(item, dict):
            raise _fail(path, f"an action is an object, not {_json_kind(item)}")
        name = item.get("action")
        if not isinstance(name, str) or name not in known:
            raise _fail(path, f"unknown action {str(name)[:40]!r}")
        fields = {k: v for k, v in item.items() if k != "action"}
        try:
            out.append(_decode_attrs(fields, known[name], path))
        except RecursionError:
            raise _fail(path, "nested too deeply") from None
    return tuple(out)


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not allowed")
