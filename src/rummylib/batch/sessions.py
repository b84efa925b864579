"""Batch ops that referee whole games: ``deal``, ``apply``, ``view`` and ``legal``, and signed states.

The batch face keeps no game in memory: each answer carries the whole state (its save,
``state.to_json()``) and the caller sends it back with its next request. The ops serve every
referee the registry lists (`rummylib.registry`), whatever its game, and hold no rules: they read
JSON, call the referee protocol (`rummylib.referee.Referee`) and write JSON back.

* ``deal``: ``{"game", "rules", "players", "seed", "state_type", "round", "dealer"}`` (the last
  three optional) → a new state;
* ``apply``: ``{"state", "action"}`` → the state after the action, and what happened;
* ``view``: ``{"state", "player"}`` → what that seat may see;
* ``legal``: ``{"state", "player"}`` (``player`` optional: the seat to move) → its legal actions.

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
    {'id': None, 'error': {'code': 'illegal-action', 'message': "it is player 1's turn, not player 0's [not-your-turn]",
     'problems': [{'code': 'not-your-turn', 'message': "it is player 1's turn, not player 0's"}]}}
"""

from __future__ import annotations

import hashlib
import hmac
import inspect
import json
import os
import re
from collections.abc import Mapping
from typing import Any

import attrs

from rummylib import saves
from rummylib.batch.protocol import Op, Request, json_type
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
    "state_answer",
    "state_request",
]

STATE_OPS = frozenset({"apply", "view", "legal"})
"""The ops that read a state: their game and rules are the state's own (``game`` is not needed)."""

MAX_SECRET_BYTES = 65_536
"""The longest secret a `Signer` reads from a file (a longer file is refused, not truncated)."""

_SIGNATURE = re.compile(r"[0-9a-f]{64}")


# ------------------------------------------------------------------------------------------
# Signed states
# ------------------------------------------------------------------------------------------


def _whole_numbers(value: Any) -> Any:
    """``value`` with every float that holds a whole number written as an integer (``31.0`` → ``31``)."""
    kind = type(value)
    if kind is dict:
        return {key: _whole_numbers(item) for key, item in value.items()}
    if kind is list or kind is tuple:
        return [_whole_numbers(item) for item in value]
    if kind is float:
        return int(value) if value.is_integer() else value
    return value


def canonical_json(value: Any) -> bytes:
    r"""The canonical serialisation a signature covers: UTF-8 JSON, keys sorted, no spaces.

    A number that is whole is written as an integer (``31.0`` as ``31``), so a state that went
    through a language with one number type (JavaScript writes ``31.0`` as ``31``) keeps its
    signature. Two JSON texts of the same value have the same canonical form.

    Examples:
        >>> canonical_json({"b": [1, 2.0, 2.5], "a": "é"})
        b'{"a":"\xc3\xa9","b":[1,2,2.5]}'
    """
    text = json.dumps(_whole_numbers(value), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return text.encode("utf-8")


def _secret(value: bytes) -> bytes:
    if not isinstance(value, bytes):
        raise TypeError(f"a signing secret is bytes, not {type(value).__name__}")
    if not value:
        raise RequestError("the signing secret is empty", code=ErrorCode.BAD_SIGNATURE)
    return value


@attrs.frozen
class Signer:
    """Signs the states the batch ops return, and checks the states sent back (HMAC-SHA256).

    A signature is the lowercase hex HMAC-SHA256, keyed with ``secret``, of the state's
    `canonical_json`. It travels in a ``"signature"`` field beside ``"state"``, in answers and in
    requests. The secret never shows in the signer's ``repr``.

    Raises:
        RequestError: an empty secret (code ``bad-signature``).

    Examples:
        >>> signer = Signer(b"correct horse battery staple")
        >>> signature = signer.sign({"format": "rummylib-save", "version": 1})
        >>> len(signature), signer.sign({"version": 1, "format": "rummylib-save"}) == signature
        (64, True)
        >>> signer.check({"format": "rummylib-save", "version": 1}, signature)
        >>> signer.check({"format": "rummylib-save", "version": 2}, signature)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        rummylib.errors.RequestError: the state's signature does not match: the state was changed, or ...
        >>> signer
        Signer()
    """

    secret: bytes = attrs.field(converter=_secret, repr=False)
    """The key; keep it on the machine that runs ``rummylib batch``."""

    @classmethod
    def from_file(cls, path: str | os.PathLike[str]) -> Signer:
        r"""The signer whose secret is the file's bytes, without trailing line breaks (``\r``, ``\n``).

        Raises:
            OSError: the file cannot be read.
            RequestError: the file is empty (or holds only line breaks), or is longer than
                `MAX_SECRET_BYTES` (code ``bad-signature``).

        Examples:
            >>> import pathlib, tempfile
            >>> path = pathlib.Path(tempfile.mkdtemp()) / "secret"
            >>> _ = path.write_bytes(b"s3cret\n")
            >>> Signer.from_file(path) == Signer(b"s3cret")
            True
        """
        with open(path, "rb") as handle:
            data = handle.read(MAX_SECRET_BYTES + 1)
        if len(data) > MAX_SECRET_BYTES:
            raise RequestError(
                f"the secret file {os.fspath(path)} is longer than {MAX_SECRET_BYTES} bytes",
                code=ErrorCode.BAD_SIGNATURE,
            )
        secret = data.rstrip(b"\r\n")
        if not secret:
            raise RequestError(f"the secret file {os.fspath(path)} is empty", code=ErrorCode.BAD_SIGNATURE)
        return cls(secret)

    def sign(self, state: Any) -> str:
        """The signature of a state (its JSON value): 64 lowercase hex digits.

        Examples:
            >>> Signer(b"k").sign({}) == Signer(b"k").sign({})
            True
        """
        return hmac.new(self.secret, canonical_json(state), hashlib.sha256).hexdigest()

    def check(self, state: Any, signature: object) -> None:
        """Return if ``signature`` is this signer's signature of ``state``; refuse it otherwise.

        The comparison takes the same time wherever the signatures differ (`hmac.compare_digest`).

        Raises:
            RequestError: no signature, not a signature, or not the state's (code ``bad-signature``).

        Examples:
            >>> Signer(b"k").check({}, None)
            Traceback (most recent call last):
            ...
            rummylib.errors.RequestError: the state has no signature: send back the "signature" given with it
        """
        if signature is None:
            raise RequestError(
                'the state has no signature: send back the "signature" given with it', code=ErrorCode.BAD_SIGNATURE
            )
        if not isinstance(signature, str) or not _SIGNATURE.fullmatch(signature):
            raise RequestError(
                f"field 'signature' must be 64 lowercase hex digits, not {json_type(signature)}"
                + (f" {signature[:20]!r}" if isinstance(signature, str) else ""),
                code=ErrorCode.BAD_SIGNATURE,
            )
        if not hmac.compare_digest(signature.encode("ascii"), self.sign(state).encode("ascii")):
            raise RequestError(
                "the state's signature does not match: the state was changed, or signed with another secret",
                code=ErrorCode.BAD_SIGNATURE,
            )


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
        SaveError: not a state this library saves, or one no real game could reach (``bad-save``).

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
    if signer is not None:
        signer.check(state, data.get("signature"))
    referee: Referee = saves.from_json(state)
    return StateRequest(data, referee.rules, referee)


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
    if not isinstance(record, Replayable) or to_json is None:
        return None  # pragma: no cover - every recorded history so far is of Replayable records
    found: dict[str, Any] = to_json()
    return found


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
        "legal": [] if mover is None else [action_to_json(a) for a in state.legal_actions(mover)],
        "view": None if mover is None else state.view(mover).to_json(),
        "state": state.to_json(),
    }


# ------------------------------------------------------------------------------------------
# The ops
# ------------------------------------------------------------------------------------------

_DEAL_OPTIONS = (("round", "round_number"), ("dealer", "dealer"))
"""Optional ``deal`` fields, and the keyword of the referee's ``deal`` each one is passed as."""


def _state_class(req: Request, found: GameFamily) -> type[Referee]:
    names = [cls.SAVE_TYPE for cls in found.states]
    if not names:
        raise RequestError(
            f"op 'deal' is not available for {req.rules.title}: no referee is registered for it",
            code=ErrorCode.UNKNOWN_OP,
        )
    wanted = req.text("state_type", default=names[0])
    for cls in found.states:
        if wanted == cls.SAVE_TYPE:
            return cls
    raise RequestError(
        f"field 'state_type' must be one of {', '.join(names)} for {req.rules.title}, not {wanted[:40]!r}",
        code=ErrorCode.BAD_FIELD,
    )


def _seed(req: Request) -> int | str:
    seed = req.field("seed", (int, str), what="an integer or a string")
    limits = STATE_CODEC.limits
    if isinstance(seed, int) and abs(seed) > limits.max_int:
        raise RequestError(f"field 'seed' must be at most {limits.max_int} in size", code=ErrorCode.BAD_FIELD)
    if isinstance(seed, str) and len(seed) > limits.max_text:
        raise RequestError(
            f"field 'seed' must be a string of at most {limits.max_text} characters", code=ErrorCode.BAD_FIELD
        )
    return seed  # type: ignore[no-any-return]


def _deal_op(req: Request) -> dict[str, Any]:
    cls = _state_class(req, family(req.rules))
    kwargs: dict[str, Any] = {"rules": req.rules, "players": req.integer("players"), "seed": _seed(req)}
    takes = inspect.signature(cls.deal).parameters
    for name, keyword in _DEAL_OPTIONS:
        if req.has(name):
            if keyword not in takes:
                raise RequestError(f"field {name!r} does not apply to a {cls.SAVE_TYPE}", code=ErrorCode.BAD_FIELD)
            kwargs[keyword] = req.integer(name)
    state: Referee = cls.deal(**kwargs)
    return state_answer(state)


def _action(req: Request, state: Referee) -> Any:
    data = req.field("action", dict)
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


def _view_op(req: Request) -> dict[str, Any]:
    state = _state_of(req)
    return {"view": state.view(req.integer("player")).to_json()}


def _legal_op(req: Request) -> dict[str, Any]:
    state = _state_of(req)
    player = req.field("player", int, default=None, what="a seat number or null")
    if player is None:
        player = state.to_move
    else:
        check_seat(player, state.players, "act")
    legal = [] if player is None else [action_to_json(a) for a in state.legal_actions(player)]
    return {"player": player, "legal": legal}


_STATE_FIELDS = frozenset({"state", "signature"})

OPS: tuple[Op, ...] = (
    Op("deal", frozenset({"players", "seed", "state_type", "round", "dealer"}), _deal_op),
    Op("apply", _STATE_FIELDS | {"action"}, _apply_op),
    Op("view", _STATE_FIELDS | {"player"}, _view_op),
    Op("legal", _STATE_FIELDS | {"player"}, _legal_op),
)
"""``deal``, ``apply``, ``view`` and ``legal``, for every game with a registered referee."""
