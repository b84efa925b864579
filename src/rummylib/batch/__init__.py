"""``rummylib batch``: JSON Lines for programs in any language.

Each input line is one JSON object with an ``"op"`` and a ``"game"`` (a preset name), and may
have ``"rules"`` (an object of option overrides), ``"wild_rank"`` (card games: a rank whose cards
are wild, as in Indian Rummy) and ``"id"`` (echoed back unchanged). Each non-blank input line gets
exactly one output line, in order, flushed at once. A request that cannot be answered gets
``{"id": ..., "error": {"code": ..., "message": ...}}`` and the stream goes on.

This package holds no rules: every op translates JSON into a call of the Python API and back.
The protocol (`Request`, `Op`) is in `rummylib.batch.protocol`; each game's ops are in one module
(`rummylib.batch.core` for every game, then `rummikub`, `contracts`, `gin`, `indian`), and the ops
that referee whole games (``deal``, ``apply``, ``view``, ``legal``) are in `rummylib.batch.sessions`.
The ops that read a state (``apply``, ``view``, ``legal``) need no ``game``: the state names it.

Signing: give `handle_request`, `handle_line`, `run_batch` or `main_batch` a `Signer` (the command
line's ``--secret-file``) and every state an answer carries is signed (a ``"signature"`` beside
it), and a state sent back without its signature, or with a wrong one, is refused
(``bad-signature``). Without a signer nothing is signed or checked.

Examples:
    >>> handle_line('{"op": "meld", "game": "rummikub", "meld": "r5 r6 *"}')
    {'valid': True, 'kind': 'run', 'value': 18, 'jokers': ['R7'], 'problems': []}
    >>> handle_line('{"op": "points", "game": "contract_rummy", "hand": "* Ah Kd", "id": 7}')
    {'id': 7, 'points': 50}
    >>> handle_line('{"op": "meld", "game": "rummikub", "meld": "r14"}')["error"]["code"]
    'bad-notation'
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable, Sequence
from typing import IO, Any

from rummylib.batch import contracts, core, gin, indian, rummikub, sessions
from rummylib.batch.protocol import COMMON_FIELDS, MAX_LINE_LENGTH, Op, Request
from rummylib.batch.sessions import Signer, StateRequest
from rummylib.errors import ErrorCode, IllegalPlayError, RequestError, RummyError

__all__ = [
    "MAX_LINE_LENGTH",
    "Op",
    "Request",
    "Signer",
    "all_ops",
    "handle_line",
    "handle_request",
    "main_batch",
    "run_batch",
]

_ALL_OPS: tuple[Op, ...] = (*rummikub.OPS, *contracts.OPS, *gin.OPS, *indian.OPS, *core.OPS, *sessions.OPS)

_STATE_NAMES_THESE = ("game", "rules", "wild_rank")
"""Common fields an op that reads a state does not read: the state carries its game and rules."""


def all_ops() -> tuple[Op, ...]:
    """Every op the batch interface serves, more specific ones first.

    Examples:
        >>> "meld" in {op.name for op in all_ops()}
        True
    """
    return _ALL_OPS


def _find_op(req: Request, ops: Sequence[Op]) -> Op:
    named = [op for op in ops if op.name == req.op]
    if not named:
        known = ", ".join(sorted({op.name for op in ops}))
        raise RequestError(f"unknown op {req.op[:40]!r}: known ops are {known}", code=ErrorCode.UNKNOWN_OP)
    for op in named:
        if op.schemes is None or req.rules.scoring in op.schemes:
            return op
    raise RequestError(f"op {req.op!r} is not available for {req.rules.title}", code=ErrorCode.UNKNOWN_OP)


def _read(data: object, ops: Sequence[Op], signer: Signer | None) -> Request:
    """The request: for an op that reads a state, with the state read (and its signature checked)."""
    name = data.get("op") if isinstance(data, dict) else None
    if isinstance(name, str) and name in sessions.STATE_OPS and any(op.name == name for op in ops):
        assert isinstance(data, dict)
        return sessions.state_request(data, signer=signer)
    return Request.from_json(data)


def _error(request_id: object, exc: RummyError) -> dict[str, Any]:
    error: dict[str, Any] = {"code": exc.code.value, "message": exc.message}
    if isinstance(exc, IllegalPlayError) and exc.violations:
        error["problems"] = [v.to_json() for v in exc.violations]
    return {"id": request_id, "error": error}


def handle_request(data: object, *, ops: Sequence[Op] | None = None, signer: Signer | None = None) -> dict[str, Any]:
    """Answer one decoded request with a JSON-ready dict (a result or an ``error`` object).

    Never raises for bad input: every `RummyError` becomes an ``error`` object with its code, and a
    refusal that names the rules broken (an illegal action, say) lists them as ``problems``. With
    a ``signer``, a state the request carries must come with its signature, and every state in the
    answer gets one.

    Examples:
        >>> handle_request({"op": "fly", "game": "gin"})["error"]["code"]
        'unknown-op'
        >>> signer = Signer(b"s3cret")
        >>> dealt = handle_request({"op": "deal", "game": "gin", "players": 2, "seed": 1}, signer=signer)
        >>> len(dealt["signature"])
        64
        >>> view = {"op": "view", "state": dealt["state"], "player": 0}
        >>> handle_request(view, signer=signer)["error"]["code"]
        'bad-signature'
        >>> handle_request(view | {"signature": dealt["signature"]}, signer=signer)["view"]["viewer"]
        0
    """
    request_id = data.get("id") if isinstance(data, dict) else None
    chosen = all_ops() if ops is None else ops
    try:
        req = _read(data, chosen, signer)
        op = _find_op(req, chosen)
        result = op.run(req)
        if signer is not None and isinstance(result.get("state"), dict):
            result["signature"] = signer.sign(result["state"])
        warnings = [f"unknown field {name!r} ignored" for name in sorted(set(req.data) - COMMON_FIELDS - op.fields)]
        if isinstance(req, StateRequest):
            warnings += [
                f"field {name!r} ignored: the state carries its own game and rules"
                for name in _STATE_NAMES_THESE
                if name in req.data
            ]
        if warnings:
            result["warnings"] = warnings
    except RummyError as exc:
        return _error(request_id, exc)
    except RecursionError:
        return {"id": request_id, "error": {"code": ErrorCode.TOO_LARGE.value, "message": "request nested too deeply"}}
    return ({"id": request_id} if isinstance(data, dict) and "id" in data else {}) | result


def handle_line(line: str, *, ops: Sequence[Op] | None = None, signer: Signer | None = None) -> dict[str, Any]:
    """Decode one JSON line and answer it (see `handle_request`).

    Examples:
        >>> handle_line("{not json")["error"]["code"]
        'bad-json'
    """
    if len(line) > MAX_LINE_LENGTH:
        return {
            "id": None,
            "error": {"code": ErrorCode.TOO_LARGE.value, "message": f"line longer than {MAX_LINE_LENGTH} characters"},
        }
    try:
        data = json.loads(line, parse_constant=_reject_constant)
    except (ValueError, RecursionError) as exc:
        return {"id": None, "error": {"code": ErrorCode.BAD_JSON.value, "message": f"not valid JSON: {exc}"}}
    return handle_request(data, ops=ops, signer=signer)


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not allowed")


def run_batch(lines: Iterable[str], out: IO[str], *, signer: Signer | None = None) -> int:
    r"""Answer every non-blank line, writing one JSON line each to ``out`` and flushing it.

    Returns the number of requests answered. With a ``signer``, states are signed and checked
    (see `handle_request`).

    Examples:
        >>> import io
        >>> buf = io.StringIO()
        >>> run_batch(['{"op": "points", "game": "rummikub", "hand": "r5 *"}', ""], buf)
        1
        >>> buf.getvalue()
        '{"points": 35}\n'
    """
    count = 0
    for line in lines:
        if not line.strip():
            continue
        try:
            answer = handle_line(line, signer=signer)
        except Exception as exc:
            answer = {
                "id": None,
                "error": {"code": ErrorCode.INTERNAL_ERROR.value, "message": f"{type(exc).__name__}: {exc}"},
            }
        out.write(json.dumps(answer, ensure_ascii=False) + "\n")
        out.flush()
        count += 1
    return count


def main_batch(path: str | None, *, signer: Signer | None = None) -> int:
    """Run the batch loop on a file (or stdin when ``path`` is ``None`` or ``"-"``); exit status.

    With a ``signer``, states are signed and checked (see `handle_request`).
    """
    if path is None or path == "-":
        run_batch(sys.stdin, sys.stdout, signer=signer)
        return 0
    with open(path, encoding="utf-8") as handle:
        run_batch(handle, sys.stdout, signer=signer)
    return 0
