"""``rummylib batch``: JSON Lines for programs in any language (protocol 1).

Each input line is one JSON object with an ``"op"`` and a ``"game"`` (a preset name), and may
have ``"rules"`` (an object of option overrides) and ``"id"`` (echoed back unchanged as the first
key of the answer, result or error). Each non-blank input line gets exactly one output line, in
order, flushed at once, whatever its bytes (see `rummylib.batch.wire`). A request that cannot be
answered gets ``{"id": ..., "error": {"code": ..., "message": ...}}`` and the stream goes on.
``{"op": "hello"}`` says which protocol is spoken, and every op with its games and fields.

This package holds no rules: every op translates JSON into a call of the Python API and back.
The protocol (`Request`, `Op`) is in `rummylib.batch.protocol`; each game's ops are in one module
(`rummylib.batch.core` for every game, then `rummikub`, `contracts`, `gin`, `indian`), loaded the
first time a request needs it, and the ops that referee whole games (``deal``, ``apply``,
``view``, ``legal``) are in `rummylib.batch.sessions`. The ops that read a state (``apply``,
``view``, ``legal``) need no ``game``: the state names it.

Signing: give `handle_request`, `handle_line`, `run_batch` or `main_batch` a `Signer` (the command
line's ``--secret-file``) and every state an answer carries is signed (a ``"signature"`` beside
it), and a state sent back without its signature, or with a wrong one, is refused
(``bad-signature``). Without a signer nothing is signed or checked.

Time: with ``max_seconds`` (the command line's ``--max-seconds``, `DEFAULT_MAX_SECONDS` unless
told), a request is stopped when it reaches that many seconds and answered with a ``time-limit``
error, or with its best answer so far where the op has one (``solve``); a client's own budget
never goes past it.

Examples:
    >>> handle_line('{"op": "meld", "game": "rummikub", "meld": "r5 r6 *"}')
    {'valid': True, 'kind': 'run', 'value': 18, 'jokers': ['R7'], 'problems': []}
    >>> handle_line('{"op": "points", "game": "contract_rummy", "hand": "* Ah Kd", "id": 7}')
    {'id': 7, 'points': 50}
    >>> handle_line('{"op": "meld", "game": "rummikub", "meld": "r14"}')["error"]["code"]
    'bad-notation'
"""

from __future__ import annotations

import functools
import io
import math
import signal
import sys
import threading
from collections.abc import Iterable, Iterator, Sequence
from types import FrameType, ModuleType
from typing import IO, Any, cast

from rummylib import __version__
from rummylib.batch.protocol import COMMON_FIELDS, MAX_LINE_LENGTH, PROTOCOL, STATE_OPS, Op, Request
from rummylib.batch.signing import Signer
from rummylib.batch.wire import (
    HalfPairError,
    LineTooLong,
    clean_id,
    decode_json,
    decode_line,
    encode_answer,
    read_lines,
)
from rummylib.errors import ErrorCode, IllegalPlayError, RequestError, RummyError
from rummylib.rules import PRESETS, ScoringScheme

__all__ = [
    "DEFAULT_MAX_SECONDS",
    "MAX_LINE_LENGTH",
    "PROTOCOL",
    "Op",
    "Request",
    "Signer",
    "all_ops",
    "handle_line",
    "handle_request",
    "hello",
    "main_batch",
    "run_batch",
]

DEFAULT_MAX_SECONDS = 10.0
"""Seconds one request may take under ``rummylib batch`` unless ``--max-seconds`` says otherwise."""


def read_seconds(text: str) -> float | None:
    """A ``--max-seconds`` value: a positive, finite number of seconds, or None if ``text`` is not one.

    The two readers of ``rummylib batch``'s arguments, `rummylib.batch.command` and
    `rummylib.batch.arguments`, both read it here, so that neither imports the other.

    Examples:
        >>> read_seconds("2.5"), read_seconds("0"), read_seconds("inf"), read_seconds("soon")
        (2.5, None, None, None)
    """
    try:
        value = float(text)
    except ValueError:
        return None
    return value if math.isfinite(value) and value > 0 else None


_GAME_MODULES: dict[ScoringScheme, tuple[str, ...]] = {
    ScoringScheme.RACK: ("rummylib.batch.rummikub",),
    ScoringScheme.CONTRACT: ("rummylib.batch.contracts", "rummylib.batch.layoffs"),
    ScoringScheme.GIN: ("rummylib.batch.gin", "rummylib.batch.layoffs"),
    ScoringScheme.INDIAN: ("rummylib.batch.indian",),
}
"""The modules of each game's own ops, by scoring scheme, in the order `all_ops` lists them."""

_SHARED_MODULES = ("rummylib.batch.core", "rummylib.batch.sessions", "rummylib.batch.text")
"""The modules of the ops of every game."""

_IGNORED = COMMON_FIELDS
"""The common fields of the protocol, which no op lists as its own."""

_MAX_WARNED_FIELDS = 20
"""Unknown fields named one by one in an answer's ``warnings``; the rest are counted in one more warning."""

_NAME_CUT = 40
"""Characters of a name a client sent (an op, a field) that a message repeats."""


_OP_MODULES: dict[str, tuple[str, ...]] = {
    "meld": ("rummylib.batch.core",),
    "rules": ("rummylib.batch.text",),
    "points": ("rummylib.batch.indian", "rummylib.batch.core"),
    "turn": ("rummylib.batch.rummikub",),
    "solve": ("rummylib.batch.rummikub",),
    "can_play": ("rummylib.batch.rummikub",),
    "score": ("rummylib.batch.rummikub", "rummylib.batch.contracts", "rummylib.batch.gin", "rummylib.batch.indian"),
    "contract": ("rummylib.batch.contracts",),
    "find_contract": ("rummylib.batch.contracts",),
    "layoff": ("rummylib.batch.layoffs",),
    "deadwood": ("rummylib.batch.gin",),
    "defender_layoffs": ("rummylib.batch.gin",),
    "declare": ("rummylib.batch.indian",),
    **dict.fromkeys(("deal", "apply", "view", "legal"), ("rummylib.batch.sessions",)),
}
"""Where each op is, so that a request loads only the modules of its op (a test holds it to
`all_ops`); an op not listed is looked for in every module of the request's game."""

_STATE_NAMES_THESE = ("game", "rules")
"""Common fields an op that reads a state does not read: the state carries its game and rules."""


def _module(name: str) -> ModuleType:
    # lazy: a game's ops (and the game package under them) are loaded the first time a request
    # needs them, so that ``rummylib batch`` answers its first line soon after it starts; each
    # import is written out, so that the walls (import-linter) see it
    if name == "rummylib.batch.core":
        from rummylib.batch import core  # noqa: PLC0415 - lazy (see tests/architecture/test_imports.py)

        return core
    elif name == "rummylib.batch.rummikub":
        from rummylib.batch import rummikub  # noqa: PLC0415 - lazy (see tests/architecture/test_imports.py)

        return rummikub
    elif name == "rummylib.batch.contracts":
        from rummylib.batch import contracts  # noqa: PLC0415 - lazy (see tests/architecture/test_imports.py)

        return contracts
    elif name == "rummylib.batch.layoffs":
        from rummylib.batch import layoffs  # noqa: PLC0415 - lazy (see tests/architecture/test_imports.py)

        return layoffs
    elif name == "rummylib.batch.gin":
        from rummylib.batch import gin  # noqa: PLC0415 - lazy (see tests/architecture/test_imports.py)

        return gin
    elif name == "rummylib.batch.indian":
        from rummylib.batch import indian  # noqa: PLC0415 - lazy (see tests/architecture/test_imports.py)

        return indian
    elif name == "rummylib.batch.sessions":
        from rummylib.batch import sessions  # noqa: PLC0415 - lazy (see tests/architecture/test_imports.py)

        return sessions
    elif name == "rummylib.batch.text":
        from rummylib.batch import text  # noqa: PLC0415 - lazy (see tests/architecture/test_imports.py)

        return text
    raise ValueError(f"no batch module {name}")  # pragma: no cover - _OP_MODULES names only these


@functools.cache  # a few tuples of module names, each loaded once: no import machinery per request
def _ops_of(names: tuple[str, ...]) -> tuple[Op, ...]:
    found: list[Op] = []
    for name in names:
        found.extend(_module(name).OPS)
    return tuple(found)


def all_ops() -> tuple[Op, ...]:
    """Every op the batch interface serves, more specific ones first.

    Examples:
        >>> "meld" in {op.name for op in all_ops()}
        True
    """
    names = dict.fromkeys(name for names in _GAME_MODULES.values() for name in names)
    return _ops_of((*names, *_SHARED_MODULES))


def _games_of(op: Op) -> list[str]:
    return [name for name, rules in PRESETS.items() if op.schemes is None or rules.scoring in op.schemes]


def hello() -> dict[str, Any]:
    """The answer to ``{"op": "hello"}``: the protocol, the version, the games and every op.

    ``ops`` maps each op name to the games it serves and the fields it reads (besides ``op``,
    ``game``, ``rules`` and ``id``); an op with one name has one answer shape in every game.

    Examples:
        >>> answer = hello()
        >>> answer["protocol"], answer["ops"]["deadwood"]
        (1, {'games': ['gin_rummy'], 'fields': ['hand']})
    """
    ops: dict[str, dict[str, Any]] = {}
    for op in all_ops():
        entry = ops.setdefault(op.name, {"games": [], "fields": []})
        entry["games"] = [g for g in PRESETS if g in entry["games"] or g in _games_of(op)]
        entry["fields"] = sorted({*entry["fields"], *op.fields})
    ops["hello"] = {"games": [], "fields": []}
    return {"protocol": PROTOCOL, "rummylib": __version__, "games": list(PRESETS), "ops": dict(sorted(ops.items()))}


_FOUND: dict[tuple[str, ScoringScheme], Op] = {}
"""The op found for each op name and scoring scheme (with the ops of the modules): a few dozen at most."""


def _find_op(req: Request, ops: Sequence[Op] | None) -> Op:
    if ops is None:
        scheme = req.rules.scoring
        known = _FOUND.get((req.op, scheme))
        if known is not None:
            return known
        found = _find_op(req, _ops_of(_listed(req.op, scheme)))
        _FOUND[(req.op, scheme)] = found  # only ops that exist: the keys are bounded
        return found
    for op in ops:
        if op.name == req.op and (op.schemes is None or req.rules.scoring in op.schemes):
            return op
    return _no_op(req)


def _listed(name: str, scheme: ScoringScheme) -> tuple[str, ...]:
    """The modules whose ops may serve the op ``name`` for a game scored by ``scheme``."""
    mine = (*_GAME_MODULES.get(scheme, ()), *_SHARED_MODULES)
    listed = [module for module in _OP_MODULES.get(name, mine) if module in mine]
    return tuple(listed) or mine


def _no_op(req: Request) -> Op:
    """Raise the error of an op that is not served (``op-not-for-game`` or ``unknown-op``)."""
    every = all_ops()
    games = sorted({g for op in every if op.name == req.op for g in _games_of(op)})
    if games:
        raise RequestError(
            f"op {req.op!r} is not an op of {req.rules.title}: it serves {', '.join(games)}",
            code=ErrorCode.OP_NOT_FOR_GAME,
        )
    known = ", ".join(sorted({op.name for op in every} | {"hello"}))
    raise RequestError(f"unknown op {req.op[:_NAME_CUT]!r}: known ops are {known}", code=ErrorCode.UNKNOWN_OP)


def _read(data: object, signer: Signer | None, max_seconds: float | None) -> Request:
    """The request: for an op that reads a state, with the state read (and its signature checked)."""
    name = data.get("op") if isinstance(data, dict) else None
    if isinstance(data, dict) and "wild_rank" in data:
        raise RequestError(
            "field 'wild_rank' is not part of protocol 1: give the wild ranks as rules, "
            '{"rules": {"wild_ranks": ["5"]}}',
            code=ErrorCode.BAD_FIELD,
        )
    if isinstance(name, str) and name in STATE_OPS:
        assert isinstance(data, dict)
        state_request: Any = _module("rummylib.batch.sessions").state_request
        request: Request = state_request(data, signer=signer)
        return request
    return Request.from_json(data, max_seconds=max_seconds)


_NO_ID: Any = object()
"""Stands for the ``id`` of a request that has none (its answer then has no ``id`` either)."""


def _with_id(request_id: object, answer: dict[str, Any]) -> dict[str, Any]:
    """The answer, with the request's ``id`` as its first key when the request had one."""
    return answer if request_id is _NO_ID else {"id": request_id} | answer


def _id_of(data: object) -> object:
    return data["id"] if isinstance(data, dict) and "id" in data else _NO_ID


def _error(request_id: object, exc: RummyError) -> dict[str, Any]:
    error: dict[str, Any] = {"code": exc.code.value, "message": exc.message}
    if isinstance(exc, IllegalPlayError) and exc.violations:
        error["problems"] = [v.to_json() for v in exc.violations]
    return _with_id(request_id, {"error": error})


class _TimeUp(BaseException):
    """Raised in the main thread when a request reaches its time limit.

    A ``BaseException``, so that no ``except Exception`` on the way swallows it.
    """


def _time_up(signum: int, frame: FrameType | None) -> None:
    raise _TimeUp


def _unknown_fields(names: set[str]) -> list[str]:
    """The warnings for the unknown fields of a request: the first few by name (each cut short), then a count.

    Examples:
        >>> _unknown_fields({"colour", "x" * 100})
        ["unknown field 'colour' ignored", "unknown field 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx' ignored"]
        >>> _unknown_fields({f"k{i:02}" for i in range(25)})[-2:]
        ["unknown field 'k19' ignored", '5 more unknown fields ignored']
    """
    ordered = sorted(names)
    warnings = [f"unknown field {name[:_NAME_CUT]!r} ignored" for name in ordered[:_MAX_WARNED_FIELDS]]
    if len(ordered) > _MAX_WARNED_FIELDS:
        warnings.append(f"{len(ordered) - _MAX_WARNED_FIELDS} more unknown fields ignored")
    return warnings


def _answer(
    data: object, chosen: Sequence[Op] | None, signer: Signer | None, max_seconds: float | None
) -> dict[str, Any]:
    if isinstance(data, dict) and data.get("op") == "hello":
        return hello()
    req = _read(data, signer, max_seconds)
    op = _find_op(req, chosen)
    result = op.run(req)
    if signer is not None and isinstance(result.get("state"), dict):
        written = sys.modules.get("rummylib.batch.sessions")  # the save it wrote last, read off its key
        canonical = written._written_canonical(result["state"]) if written is not None else None
        result["signature"] = signer.sign(result["state"], canonical=canonical)
    warnings = _unknown_fields(set(req.data) - _IGNORED - op.fields)
    if req.op in STATE_OPS:
        warnings += [
            f"field {name!r} ignored: the state carries its own game and rules"
            for name in _STATE_NAMES_THESE
            if name in req.data
        ]
    if warnings:
        result["warnings"] = warnings
    return result


def handle_request(
    data: object, *, ops: Sequence[Op] | None = None, signer: Signer | None = None, max_seconds: float | None = None
) -> dict[str, Any]:
    """Answer one decoded request with a JSON-ready dict (a result or an ``error`` object).

    Never raises for bad input: every `RummyError` becomes an ``error`` object with its code, and a
    refusal that names the rules broken (an illegal action, say) lists them as ``problems``. The
    answer starts with the request's ``id`` whenever the request is an object that has one. With
    a ``signer``, a state the request carries must come with its signature, and every state in the
    answer gets one. With ``max_seconds``, a client's budget is capped by it and, in the main
    thread, a request still running then is stopped with a ``time-limit`` error.

    Examples:
        >>> handle_request({"op": "fly", "game": "gin"})["error"]["code"]
        'unknown-op'
        >>> handle_request({"op": "solve", "game": "gin", "id": 3})["error"]["code"]
        'op-not-for-game'
        >>> signer = Signer(b"a secret of at least thirty-two bytes")
        >>> dealt = handle_request({"op": "deal", "game": "gin", "players": 2, "seed": 1}, signer=signer)
        >>> len(dealt["signature"])
        64
        >>> view = {"op": "view", "state": dealt["state"], "player": 0}
        >>> handle_request(view, signer=signer)["error"]["code"]
        'bad-signature'
        >>> handle_request(view | {"signature": dealt["signature"]}, signer=signer)["view"]["viewer"]
        0
    """
    request_id = _id_of(data)
    timed = max_seconds is not None and threading.current_thread() is threading.main_thread()
    old_handler: Any = None
    try:
        if timed:
            assert max_seconds is not None
            old_handler = signal.signal(signal.SIGALRM, _time_up)
            signal.setitimer(signal.ITIMER_REAL, max_seconds)
        try:
            result = _answer(data, ops, signer, max_seconds)
        finally:
            if timed:
                signal.setitimer(signal.ITIMER_REAL, 0)
                signal.signal(signal.SIGALRM, old_handler)
    except _TimeUp:
        message = f"the request was stopped after {max_seconds:g} seconds, the server's limit per request"
        return _error(request_id, RequestError(message, code=ErrorCode.TIME_LIMIT))
    except RummyError as exc:
        return _error(request_id, exc)
    except RecursionError:
        return _with_id(
            request_id, {"error": {"code": ErrorCode.TOO_LARGE.value, "message": "request nested too deeply"}}
        )
    except Exception as exc:  # a bug in rummylib: say so, keep the id, and go on with the stream
        message = f"{type(exc).__name__}: {exc} (a bug in rummylib: please report it)"
        return _with_id(request_id, {"error": {"code": ErrorCode.INTERNAL_ERROR.value, "message": message}})
    return _with_id(request_id, result)


def _too_long(message: str) -> dict[str, Any]:
    return {"error": {"code": ErrorCode.TOO_LARGE.value, "message": message}}


def handle_line(
    line: str | bytes,
    *,
    ops: Sequence[Op] | None = None,
    signer: Signer | None = None,
    max_seconds: float | None = None,
    first: bool = False,
) -> dict[str, Any]:
    r"""Decode one JSON line (text, or bytes in UTF-8) and answer it (see `handle_request`).

    The JSON is read strictly (`rummylib.batch.wire.decode_json`); with ``first``, a byte-order
    mark before it is skipped.

    Examples:
        >>> handle_line("{not json")["error"]["code"]
        'bad-json'
        >>> handle_line(b'\xef\xbb\xbf{"op": "points", "game": "gin", "hand": "Kd"}', first=True)
        {'points': 10}
    """
    if len(line) > MAX_LINE_LENGTH:
        unit = "bytes" if isinstance(line, bytes) else "characters"
        return _too_long(f"line longer than {MAX_LINE_LENGTH} {unit}")
    try:
        data = decode_json(decode_line(line, first=first))
    except HalfPairError as exc:
        return _error(clean_id(exc.data, _NO_ID), exc)
    except RequestError as exc:
        return _error(_NO_ID, exc)
    return handle_request(data, ops=ops, signer=signer, max_seconds=max_seconds)


def _answers(
    lines: Iterable[str | bytes | LineTooLong], signer: Signer | None, max_seconds: float | None
) -> Iterator[bytes]:
    first = True
    for line in lines:
        if isinstance(line, LineTooLong):
            first = False
            yield encode_answer(_too_long(f"line longer than {MAX_LINE_LENGTH} bytes ({line.length} bytes)"))
            continue
        text = line
        if first:
            text = line.removeprefix(b"\xef\xbb\xbf") if isinstance(line, bytes) else line.removeprefix("\ufeff")
            first = False
        if not text.strip():
            continue
        yield encode_answer(handle_line(text, signer=signer, max_seconds=max_seconds), limit=MAX_LINE_LENGTH)


def run_batch(
    lines: Iterable[str | bytes],
    out: IO[str] | IO[bytes],
    *,
    signer: Signer | None = None,
    max_seconds: float | None = None,
) -> int:
    r"""Answer every non-blank line, writing one JSON line each to ``out`` and flushing it.

    ``lines`` are text or bytes (UTF-8), ``out`` a text or a binary stream. A byte-order mark
    before the first line is skipped. Returns the number of requests answered. With a
    ``signer``, states are signed and checked; with ``max_seconds``, requests are limited in
    time (see `handle_request`).

    Examples:
        >>> import io
        >>> buf = io.StringIO()
        >>> run_batch(['{"op": "points", "game": "rummikub", "hand": "r5 *"}', ""], buf)
        1
        >>> buf.getvalue()
        '{"points": 35}\n'
    """
    count = 0
    binary = not isinstance(out, io.TextIOBase)
    for data in _answers(lines, signer, max_seconds):
        if binary:
            cast("IO[bytes]", out).write(data)
        else:
            cast("IO[str]", out).write(data.decode("utf-8"))
        out.flush()
        count += 1
    return count


def main_batch(
    path: str | None, *, signer: Signer | None = None, max_seconds: float | None = DEFAULT_MAX_SECONDS
) -> int:
    """Run the batch loop on a file (or stdin when ``path`` is ``None`` or ``"-"``); exit status.

    Both are read as bytes, in bounded pieces, whatever the locale; answers go to standard output
    in UTF-8. With a ``signer``, states are signed and checked; ``max_seconds`` limits each
    request (see `handle_request`).
    """
    out = sys.stdout.buffer
    if path is None or path == "-":
        _pump(sys.stdin.buffer, out, signer, max_seconds)
        return 0
    with open(path, "rb") as handle:
        _pump(handle, out, signer, max_seconds)
    return 0


def _pump(stream: IO[bytes], out: IO[bytes], signer: Signer | None, max_seconds: float | None) -> None:
    for data in _answers(read_lines(stream), signer, max_seconds):
        out.write(data)
        out.flush()
