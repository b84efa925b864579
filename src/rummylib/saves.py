"""Saved games: every referee state to JSON and back, exactly, with a format version.

`to_json` turns a state into a JSON-ready dict::

    {"format": "rummylib-save", "version": 1, "type": "rummikub-game", "state": {...}}

and `from_json` turns such a dict back into an equal state, which continues identically (the
same seed gives the same future draws and reshuffles). Every referee writes and reads its own
saves (``state.to_json()``, ``Game.from_json(data)``); this module reads a save of *any* game,
finding the state's class by its ``"type"`` in `rummylib.registry`. The codec walks the ``attrs``
fields of the state, guided by each class's own type annotations — pieces as notation strings,
enums by value, tuples as lists, a rule set as its game's name plus ``options()``, a
``random.Random`` by its ``getstate()``. Decoding builds only the classes named by those
annotations, starting from the registered state types (`SAVE_TYPES`): nothing in a save can make
it import or build anything else.

A save is never trusted: after decoding, the state's own checks must find nothing (every piece of
the deal exactly once, possible hand sizes, valid melds, recorded scores equal to the ones the
rules give) and, for Rummikub, the game must be what its seed and history give. A corrupt or
tampered save raises `SaveError` (code ``bad-save``) naming what is wrong.

Examples:
    >>> from rummylib import RUMMIKUB
    >>> from rummylib.rummikub import Draw, RummikubGame
    >>> game = RummikubGame.deal(rules=RUMMIKUB, players=2, seed=5).apply(Draw(0))
    >>> data = to_json(game)
    >>> data["format"], data["version"], data["type"], data["state"]["stock"][:11]
    ('rummylib-save', 1, 'rummikub-game', 'K8 K3 Y6 B3')
    >>> from_json(data) == game
    True
    >>> data["state"]["stock"] = data["state"]["stock"][3:]  # a tile goes missing
    >>> from_json(data)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    rummylib.errors.SaveError: not a valid save: pieces not conserved: missing K8...
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable, Mapping
from typing import Any

from rummylib.actions import Discard, DrawDiscard, DrawStock
from rummylib.errors import SaveError
from rummylib.referee import (
    FORMAT,
    MAX_SAVE_INT,
    MAX_SAVE_ITEMS,
    VERSION,
    Action,
    Referee,
    Replayable,
    action_from_json,
    action_to_json,
    check_envelope,
)
from rummylib.registry import FAMILIES, GameFamily, family_named, family_of, state_types

__all__ = [
    "FORMAT",
    "MAX_SAVE_INT",
    "MAX_SAVE_ITEMS",
    "SAVE_TYPES",
    "VERSION",
    "actions_from_json",
    "actions_to_json",
    "dumps",
    "from_json",
    "loads",
    "to_json",
]

SAVE_TYPES: tuple[str, ...] = tuple(state_types())
"""The ``"type"`` of each state that can be saved, one per registered referee state: Rummikub
games, Contract Rummy and Shanghai rounds and games, Gin hands and games."""


def to_json(state: Referee) -> dict[str, Any]:
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
    try:
        family_of(state)
    except TypeError:
        raise TypeError(f"cannot save a {type(state).__name__}: saveable states are {', '.join(SAVE_TYPES)}") from None
    return state.to_json()


def dumps(state: Referee, **kwargs: Any) -> str:
    """`to_json` written as a JSON string (``kwargs`` go to ``json.dumps``).

    Examples:
        >>> from rummylib import GIN_RUMMY
        >>> from rummylib.gin import GinHand
        >>> hand = GinHand.deal(rules=GIN_RUMMY, seed=2)
        >>> loads(dumps(hand)) == hand
        True
    """
    return json.dumps(to_json(state), **kwargs)


def from_json(data: Mapping[str, Any], *, check: bool = True) -> Any:
    """The state a `to_json` dict holds, checked to be a state a real game could reach.

    With ``check`` (the default), the decoded state must pass its own checks
    (`rummylib.audit.state_problems`: conservation of every piece, hand sizes, seats and
    counters, valid table melds, recorded scores) and, for Rummikub, its history
    (`rummylib.audit.verify_history`: the game is what its seed and its history give). Pass
    ``check=False`` only for positions a server built itself.

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
    kind = check_envelope(data)
    cls = state_types().get(kind)
    if cls is None:
        raise SaveError(f"unknown save type {kind[:40]!r}: expected one of {', '.join(SAVE_TYPES)}")
    return cls.from_json(data, check=check)


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

_SHARED_ACTIONS = (DrawStock, DrawDiscard, Discard)
"""The actions every card game takes: a log of these alone names its game with ``game=``."""


def _loaded_families(game: str | None) -> list[GameFamily]:
    """The families whose actions a log may hold: the one named, or else every game already loaded.

    An action of a game exists only once that game's package is imported, so no other is loaded.
    """
    if game is not None:
        return [family_named(game)]
    return [f for f in FAMILIES if f"rummylib.{f.name}" in sys.modules]


def actions_to_json(actions: Iterable[Action | Replayable], *, game: str | None = None) -> list[dict[str, Any]]:
    """A log of referee actions as JSON-ready dicts, each naming its game and its ``"action"`` kind.

    The log of a Contract Rummy, Shanghai or Gin game (which the referees do not keep themselves)
    or a Rummikub game's ``history`` (each turn logged as the action that replays it): with the
    starting state, `rummylib.audit.replay` re-checks it. The card games share `DrawStock`,
    `DrawDiscard` and `Discard`: a log of those only names its game with ``game`` (a family name,
    ``"gin"``); otherwise the game is the one whose actions the log holds.

    Raises:
        TypeError: something that is not a referee action, actions of different games, or a log
            of shared actions only without ``game``.

    Examples:
        >>> from rummylib.contracts import Discard, LayOff
        >>> log = actions_to_json([LayOff(1, "8h 9h", 3), Discard(1, "*")])
        >>> log[0]
        {'game': 'contracts', 'action': 'lay-off', 'player': 1, 'cards': '8h 9h', 'meld': 3, 'joker_end': 'high'}
        >>> log[1]
        {'game': 'contracts', 'action': 'discard', 'player': 1, 'card': '*'}
        >>> actions_to_json([Discard(0, "Kd")], game="gin")
        [{'game': 'gin', 'action': 'discard', 'player': 0, 'card': 'Kd'}]
    """
    if game is not None and game not in {f.name for f in FAMILIES}:
        raise TypeError(f"unknown game {game!r} (games: {', '.join(f.name for f in FAMILIES)})")
    items = [item.action if isinstance(item, Replayable) else item for item in actions]
    families = _loaded_families(game)
    taken = {cls for f in families for cls in f.actions}
    for action in items:
        if type(action) not in taken and not isinstance(action, _SHARED_ACTIONS):
            raise TypeError(f"not a referee action: {action!r}")
    if not items:
        return []
    kinds = {type(a) for a in items}
    if game is None and all(k in _SHARED_ACTIONS for k in kinds):
        shared = {cls.__name__ for cls in _SHARED_ACTIONS}
        sharing = ", ".join(f.name for f in FAMILIES if shared <= set(f.action_names))
        raise TypeError(f"these actions are shared by every card game ({sharing}): name the game (game=...)")
    fits = [f for f in families if kinds <= set(f.actions)]
    if len(fits) != 1:
        raise TypeError(f"no game takes all these actions{f' ({game})' if game else ''}")
    return [{"game": fits[0].name, **action_to_json(action)} for action in items]


def actions_from_json(data: object) -> tuple[Any, ...]:
    """The actions an `actions_to_json` list holds (only referee action classes are built).

    Raises:
        SaveError: not a list of actions, an unknown game or action, or a malformed field (code
            ``bad-save``).

    Examples:
        >>> from rummylib.gin import DrawStock, Knock
        >>> log = [DrawStock(1), Knock(1, "Kd")]
        >>> actions_from_json(actions_to_json(log)) == tuple(log)
        True
        >>> actions_from_json([{"game": "gin", "action": "os.system", "player": 0}])  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        rummylib.errors.SaveError: not a valid save: actions[0]: unknown action 'os.system' (known: ...)
    """
    if not isinstance(data, list):
        raise SaveError(f"an action log is a list, not {type(data).__name__}")
    if len(data) > MAX_SAVE_ITEMS:
        raise SaveError(f"an action log of {len(data)} actions is longer than the limit of {MAX_SAVE_ITEMS}")
    out = []
    for i, item in enumerate(data):
        path = f"actions[{i}]"
        if not isinstance(item, dict):
            raise SaveError(f"not a valid save: {path}: an action is an object, not {type(item).__name__}")
        name = item.get("game")
        try:
            family = family_named(name) if isinstance(name, str) else None
        except KeyError:
            family = None
        if family is None:
            known = ", ".join(f.name for f in FAMILIES if f.action_names)
            raise SaveError(f"not a valid save: {path}: unknown game {str(name)[:40]!r} (games: {known})")
        out.append(action_from_json({k: v for k, v in item.items() if k != "game"}, family.actions, path=path))
    return tuple(out)


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not allowed")
