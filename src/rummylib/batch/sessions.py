"""Batch ops that referee whole games: ``deal``, ``apply``, ``view`` and ``legal``, and signed states.

The batch face keeps no game in memory: each answer carries the whole state (its save,
``state.to_json()``) and the caller sends it back with its next request. The ops serve every
referee the registry lists (`rummylib.registry`), whatever its game, and hold no rules: they read
JSON, call the referee protocol (`rummylib.referee.Referee`) and write JSON back.

* ``deal``: ``{"game", "rules", "players", "seed", "state_type", "round", "dealer"}`` (all but
  ``game`` and ``players`` optional, and ``players`` too where the game seats one number of
  players, Gin's 2; without a ``seed`` one is drawn from `secrets`) → a new state;
* ``apply``: ``{"state", "action", "player"}`` → the state after the action, and what happened;
  the action is its JSON object, or text: a move in the move grammar (``"discard Kc"``, for
  ``player``, by default the seat to move), prose around it allowed (`rummylib.agents.text.read_move`);
  a text with no readable move is refused with ``no-move-found``;
* ``view``: ``{"state", "player", "format"}`` → what that seat may see;
* ``legal``: ``{"state", "player", "format"}`` (``player`` optional: the seat to move) → its legal actions.

With ``"format": "text"``, ``view`` answers the view as text (`rummylib.agents.text.view_text`)
and ``legal`` the moves in the move grammar without the seat (``["draw-stock", "draw-discard"]``);
``"json"``, the default, answers JSON.

``deal`` and ``apply`` answer with the same keys: ``to_move``, ``is_over``, ``result`` (``null``
until the end), ``legal`` and ``view`` (of the seat to move) and ``state``; ``apply`` adds
``action`` (the action as applied) and ``turn`` (the referee's record of the turn, for referees
that keep one: a Rummikub game's records name the tiles played or drawn). A state coming in is
read by the registry and checked by its own referee (`rummylib.saves.from_json`): a state no
real game could reach is refused with ``bad-save``. A refused action is an ``illegal-action``
error whose ``problems`` are the violations; the caller keeps its old state.

With a `Signer` (``rummylib batch --secret-file FILE``) every state in an answer comes with a
``"signature"`` beside it, and a state sent back must carry its signature unchanged: a missing
or wrong one is refused with ``bad-signature`` before the state is read.

Examples:
    >>> from rummylib.batch import handle_request
    >>> dealt = handle_request({"op": "deal", "game": "gin", "players": 2, "seed": 7})
    >>> dealt["to_move"], dealt["legal"]
    (1, [{'action': 'draw-stock', 'player': 1}, {'action': 'draw-discard', 'player': 1}])
    >>> drawn = handle_request({"op": "apply", "state": dealt["state"], "action": dealt["legal"][0]})
    >>> drawn["action"], drawn["view"]["phase"], len(drawn["legal"]) >= 11
    ({'action': 'draw-stock', 'player': 1}, 'discard', True)
    >>> handle_request({"op": "apply", "state": dealt["state"], "action": {"action": "draw-stock", "player": 0}})
    ... # doctest: +NORMALIZE_WHITESPACE
    {'error': {'code': 'illegal-action', 'message': "it is player 1's turn, not player 0's [not-your-turn]",
     'problems': [{'code': 'not-your-turn', 'message': "it is player 1's turn, not player 0's"}]}}
"""

from __future__ import annotations

import inspect
import json
import re
import secrets
from collections import OrderedDict
from collections.abc import Iterable, Mapping
from typing import Any

import attrs

from rummylib import saves
from rummylib.agents.text import legal_text, read_move, view_text
from rummylib.batch.protocol import STATE_OPS, Op, Request, json_type
from rummylib.batch.signing import MAX_SECRET_BYTES, Signer, canonical_json
from rummylib.decks import Seed
from rummylib.errors import ErrorCode, RequestError, SaveError
from rummylib.referee import STATE_CODEC, Referee, Replayable, action_to_json, check_seat
from rummylib.registry import GameFamily, family

__all__ = [
    "MAX_SECRET_BYTES",
    "OPS",
    "STATE_OPS",
    "Signer",
    "StateRequest",
    "canonical_json",
    "legal_json",
    "state_answer",
    "state_request",
]

# ------------------------------------------------------------------------------------------
# Reading a state
# ------------------------------------------------------------------------------------------


@attrs.frozen
class StateRequest(Request):
    """A request that carries a state: the rules are the state's own, and the state is read once.

    Examples:
        >>> from rummylib import GIN_RUMMY
        >>> from rummylib.gin import GinHand
        >>> req = state_request({"op": "view", "state": GinHand.deal(rules=GIN_RUMMY, seed=1).to_json(), "player": 0})
        >>> req.rules.name, type(req.state).__name__
        ('gin_rummy', 'GinHand')
    """

    state: Referee
    """The state the request carries, read and checked."""


def state_request(data: Mapping[str, Any], *, signer: Signer | None = None) -> StateRequest:
    """Read the state of a request (``data["state"]``), checking its signature first when signing.

    Raises:
        RequestError: no ``state`` field, or not an object (``missing-field``, ``bad-field``); with
            a signer, a missing or wrong signature (``bad-signature``).
        SaveError: not a state this library saves (``bad-save``); without a signer, also one no
            real game could reach, or one that its own seed does not deal (``seed_problems``). A
            state whose signature holds is only read: this library checked it when it wrote it.

    Examples:
        >>> state_request({"op": "view", "state": {"format": "rummylib-save"}}).state
        Traceback (most recent call last):
        ...
        rummylib.errors.SaveError: save format version None is not supported (this library reads version 1)
    """
    state = data.get("state")
    if state is None:
        raise RequestError("missing field 'state'", code=ErrorCode.MISSING_FIELD)
    if not isinstance(state, dict):
        raise RequestError(f"field 'state' must be an object, not {json_type(state)}", code=ErrorCode.BAD_FIELD)
    key = _RECENT.key(state)
    if signer is not None:
        signer.check(state, data.get("signature"), canonical=_canonical(key))
    referee = _RECENT.get(key)
    if referee is None:
        # A state whose signature holds is one this library wrote, checked when it was made: it is
        # read, not checked again. Without a signature every check a state can be given is made.
        referee = saves.from_json(state, check=signer is None)
        if signer is None:
            # Not signed: the state must also be the one its seed deals, as far as the seed shows.
            seed_problems = getattr(referee, "seed_problems", None)
            found = seed_problems() if seed_problems is not None else ()
            if found:
                raise SaveError("not a valid save: " + "; ".join(found))
            _RECENT.put(key, referee)
    return StateRequest(data, referee.rules, referee)


class _Recent:
    """The states read or written lately, fully checked, by their exact JSON text (keys sorted).

    A server sends back the state of its last answer: the same JSON value, read again, is the
    same immutable state, so it is taken from here instead of being decoded and checked again.
    Only states that passed every check a state without a signature gets (or that ``deal`` and
    ``apply`` wrote) are kept; the oldest go first.
    """

    def __init__(self, size: int) -> None:
        self.size = size
        self.states: OrderedDict[str, Referee] = OrderedDict()
        self.written: tuple[dict[str, Any], str | None] | None = None
        """The save last written (`_remembered`) and its key, so that signing it does not write it again."""

    @staticmethod
    def key(state: Any) -> str | None:
        try:
            return _KEY_WRITER.encode(state)
        except (TypeError, ValueError, RecursionError):
            return None

    def get(self, key: str | None) -> Referee | None:
        if key is None:
            return None
        found = self.states.get(key)
        if found is not None:
            self.states.move_to_end(key)
        return found

    def put(self, key: str | None, state: Referee) -> None:
        if key is None:
            return
        self.states[key] = state
        self.states.move_to_end(key)
        while len(self.states) > self.size:
            self.states.popitem(last=False)


_KEY_WRITER = json.JSONEncoder(sort_keys=True, separators=(",", ":"), allow_nan=False)
"""What `_Recent.key` writes a state with (``json.dumps`` with these options, made once: ``dumps``
makes a new encoder at every call that passes options)."""

_RECENT = _Recent(1024)
"""The states of the latest answers and requests (see `_Recent`)."""


_FLOAT_IN_JSON = re.compile(r"[0-9][.eE]")
"""What the JSON of every float holds (a digit, then a point or an exponent), and no integer's."""


def _canonical(key: str | None) -> bytes | None:
    r"""``canonical_json`` of the state whose `_Recent.key` is ``key``, read off the key where it is the same text.

    Both sort the keys and write no spaces; they differ only where a string holds a character
    outside ASCII (the key escapes it as ``\u``, the canonical form writes it) or a number is a
    float (the canonical form writes a whole one as an integer). A key with neither is the
    canonical text itself, and the state is not written a second time to check its signature.

    Examples:
        >>> state = {"b": [1, 2], "a": "R5"}
        >>> _canonical(_Recent.key(state)) == canonical_json(state)
        True
        >>> _canonical(_Recent.key({"a": "é"})), _canonical(_Recent.key({"a": 2.5})), _canonical(None)
        (None, None, None)
    """
    if key is None or "\\u" in key or _FLOAT_IN_JSON.search(key) is not None:
        return None
    return key.encode("ascii")


def _state_of(req: Request) -> Referee:
    """The state a request carries (read here when the request was not made by `state_request`)."""
    if isinstance(req, StateRequest):
        return req.state
    return state_request(req.data).state


# ------------------------------------------------------------------------------------------
# Answers
# ------------------------------------------------------------------------------------------


def _turn_record(before: Referee, after: Referee) -> dict[str, Any] | None:
    """The record a referee that keeps a history made of the turn just played, as JSON."""
    old, new = getattr(before, "history", None), getattr(after, "history", None)
    if not (isinstance(old, tuple) and isinstance(new, tuple) and len(new) == len(old) + 1):
        return None
    record = new[-1]
    to_json = getattr(record, "to_json", None)
    if not _replayable(record) or to_json is None:
        return None  # pragma: no cover - every recorded history so far is of Replayable records
    found: dict[str, Any] = to_json()
    return found


_REPLAYABLE: dict[type, bool] = {}
"""Whether each record class met so far is `Replayable` (a protocol check is slow: asked once per class)."""


def _replayable(record: object) -> bool:
    """Whether a record is `Replayable`, judged once for its class (its records are all alike)."""
    cls = type(record)
    found = _REPLAYABLE.get(cls)
    if found is None:
        found = _REPLAYABLE[cls] = isinstance(record, Replayable)
    return found


def legal_json(state: Referee, player: int) -> list[dict[str, Any]]:
    """The legal actions of a seat in their JSON form; a declaration says whether it is ``valid``.

    Where a wrong declaration is a legal move (Indian Rummy: it costs its penalty), every listed
    ``declare`` carries ``"valid": true`` or ``false`` (the referee's ``judge_declaration``), so
    that a client never declares wrongly by mistake. The key is not part of the action: sending
    the item back as it is works, ``valid`` is ignored.

    Examples:
        >>> from rummylib import INDIAN_RUMMY
        >>> from rummylib.indian import DrawStock, IndianDeal
        >>> deal = IndianDeal.deal(rules=INDIAN_RUMMY, players=2, seed=4).apply(DrawStock(1))
        >>> sorted({a["valid"] for a in legal_json(deal, 1) if a["action"] == "declare"})
        [False]
    """
    written = getattr(state, "_judged_json", None)  # the listing written by its referee (Indian Rummy)
    if written is not None:
        found: list[dict[str, Any]] | None = written(player)
        if found is not None:
            return found
    judged = getattr(state, "_judged_actions", None)  # the verdicts found while listing (Indian Rummy)
    if judged is not None:
        pairs: Iterable[tuple[Any, bool | None]] = judged(player)
    else:
        judge = getattr(state, "judge_declaration", None)
        actions = state.legal_actions(player)
        pairs = ((a, judge(a)) for a in actions) if judge is not None else ((a, None) for a in actions)
    out = []
    for action, verdict in pairs:
        data = action_to_json(action)
        if verdict is not None:
            data["valid"] = verdict
        out.append(data)
    return out


def _remembered(state: Referee) -> dict[str, Any]:
    """The save of a state this process made, remembered for when it is sent back."""
    data = state.to_json()
    key = _RECENT.key(data)
    _RECENT.put(key, state)
    _RECENT.written = (data, key)
    return data


def _written_canonical(data: dict[str, Any]) -> bytes | None:
    """``canonical_json(data)`` read off its key when ``data`` is the very save this process wrote last, else ``None``.

    The signature of an answer's state is then found without writing the state a second time.

    Examples:
        >>> from rummylib import GIN_RUMMY
        >>> from rummylib.gin import GinHand
        >>> data = state_answer(GinHand.deal(rules=GIN_RUMMY, seed=7))["state"]
        >>> _written_canonical(data) == canonical_json(data), _written_canonical(dict(data))
        (True, None)
    """
    written = _RECENT.written
    if written is None or written[0] is not data:
        return None
    return _canonical(written[1])


def state_answer(state: Referee) -> dict[str, Any]:
    """A state as the session ops answer it: whose turn, whether over, the result, what may be done, the state.

    The keys are ``to_move``, ``is_over``, ``result``, ``legal``, ``view`` and ``state`` (its save).

    ``result`` is ``result()`` as JSON once the game is over (``null`` before); ``legal`` and
    ``view`` are those of the seat to move (``[]`` and ``null`` once over).

    Examples:
        >>> from rummylib import GIN_RUMMY
        >>> from rummylib.gin import GinHand
        >>> answer = state_answer(GinHand.deal(rules=GIN_RUMMY, seed=7))
        >>> list(answer), answer["view"]["stock_size"]
        (['to_move', 'is_over', 'result', 'legal', 'view', 'state'], 31)
    """
    mover = state.to_move
    over = state.is_over
    return {
        "to_move": mover,
        "is_over": over,
        "result": state.result().to_json() if over else None,
        "legal": [] if mover is None else legal_json(state, mover),
        "view": None if mover is None else state.view(mover).to_json(),
        "state": _remembered(state),
    }


# ------------------------------------------------------------------------------------------
# The ops
# ------------------------------------------------------------------------------------------

_DEAL_OPTIONS = (("round", "round_number"), ("dealer", "dealer"))
"""Optional ``deal`` fields, and the keyword of the referee's ``deal`` each one is passed as."""


def _state_class(req: Request, found: GameFamily) -> type[Referee]:
    names = found.save_types
    if not names:
        raise RequestError(
            f"op 'deal' is not available for {req.rules.title}: no referee is registered for it",
            code=ErrorCode.OP_NOT_FOR_GAME,
        )
    wanted = req.text("state_type", default=names[0])
    if wanted in names:
        return found.state(wanted)  # only that referee's module is loaded
    raise RequestError(
        f"field 'state_type' must be one of {', '.join(names)} for {req.rules.title}, not {wanted[:40]!r}",
        code=ErrorCode.BAD_FIELD,
    )


def _seed(req: Request) -> Seed:
    """The ``seed`` field; left out (or null), a new one drawn from `secrets`, which no view reveals."""
    if not req.has("seed"):
        return secrets.token_hex(16)
    seed = req.field("seed", (int, str), what="an integer or a string")
    limits = STATE_CODEC.limits
    if isinstance(seed, int) and abs(seed) > limits.max_int:
        raise RequestError(f"field 'seed' must be at most {limits.max_int} in size", code=ErrorCode.BAD_FIELD)
    if isinstance(seed, str):
        if len(seed) > limits.max_text:
            raise RequestError(
                f"field 'seed' must be a string of at most {limits.max_text} characters", code=ErrorCode.BAD_FIELD
            )
        try:
            seed.encode("utf-8")
        except UnicodeEncodeError:
            raise RequestError("field 'seed' holds a lone UTF-16 surrogate", code=ErrorCode.BAD_FIELD) from None
    return seed  # type: ignore[no-any-return]


def _deal_op(req: Request) -> dict[str, Any]:
    cls = _state_class(req, family(req.rules))
    rules = req.rules
    seats = rules.min_players if rules.min_players == rules.max_players else ...  # optional where there is one count
    kwargs: dict[str, Any] = {"rules": rules, "players": req.integer("players", default=seats), "seed": _seed(req)}
    takes = inspect.signature(cls.deal).parameters
    for name, keyword in _DEAL_OPTIONS:
        if req.has(name):
            if keyword not in takes:
                raise RequestError(f"field {name!r} does not apply to a {cls.SAVE_TYPE}", code=ErrorCode.BAD_FIELD)
            kwargs[keyword] = req.integer(name)
    state: Referee = cls.deal(**kwargs)
    return state_answer(state)


def _action(req: Request, state: Referee) -> Any:
    data = req.field("action", (dict, str), what="an object or a move as text")
    if isinstance(data, str):
        player = req.field("player", int, default=None, what="a seat number or null")
        if player is None:
            player = state.to_move
        else:
            check_seat(player, state.players, "act")
        if player is None:
            raise RequestError("the game is over: no move can be read", code=ErrorCode.BAD_FIELD)
        return read_move(state, player, data)
    if "valid" in data:  # the verdict `legal_json` adds to a declaration: not part of the action
        data = {key: value for key, value in data.items() if key != "valid"}
    try:
        return type(state).action_from_json(data)
    except SaveError as exc:
        detail = exc.message.removeprefix("not a valid save: ").removeprefix("action: ")
        raise RequestError(f"field 'action': {detail}", code=ErrorCode.BAD_FIELD) from None


def _apply_op(req: Request) -> dict[str, Any]:
    state = _state_of(req)
    action = _action(req, state)
    after = state.apply(action)
    return {"action": action_to_json(action), "turn": _turn_record(state, after), **state_answer(after)}


def _text_format(req: Request) -> bool:
    """Whether the request asks for text (``"format": "text"``) rather than JSON (``"json"``, the default)."""
    wanted = req.text("format", default="json")
    if wanted not in ("json", "text"):
        raise RequestError(f"field 'format' must be 'json' or 'text', not {wanted[:40]!r}", code=ErrorCode.BAD_FIELD)
    return bool(wanted == "text")


def _view_op(req: Request) -> dict[str, Any]:
    state = _state_of(req)
    player = req.integer("player")
    if _text_format(req):
        check_seat(player, state.players, "see")
        return {"view": view_text(state, player)}
    return {"view": state.view(player).to_json()}


def _legal_op(req: Request) -> dict[str, Any]:
    state = _state_of(req)
    player = req.field("player", int, default=None, what="a seat number or null")
    if player is None:
        player = state.to_move
    else:
        check_seat(player, state.players, "act")
    text = _text_format(req)
    legal: list[Any] = []
    if player is not None:
        legal = list(legal_text(state, player)) if text else legal_json(state, player)
    return {"player": player, "legal": legal}


_STATE_FIELDS = frozenset({"state", "signature"})

OPS: tuple[Op, ...] = (
    Op("deal", frozenset({"players", "seed", "state_type", "round", "dealer"}), _deal_op),
    Op("apply", _STATE_FIELDS | {"action", "player"}, _apply_op),
    Op("view", _STATE_FIELDS | {"player", "format"}, _view_op),
    Op("legal", _STATE_FIELDS | {"player", "format"}, _legal_op),
)
"""``deal``, ``apply``, ``view`` and ``legal``, for every game with a registered referee."""
