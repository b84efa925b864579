r"""The wire of ``rummylib batch``: lines of bytes in, one strict JSON answer out for each.

Every line gets exactly one answer, whatever its bytes:

* a line is read in bounded pieces (`read_lines`): one longer than `MAX_LINE_BYTES` is never held
  in memory whole, it is skipped to its end and answered ``too-large``;
* a byte-order mark before the first line is skipped; a line that is not UTF-8 is ``bad-json``;
* the JSON is read strictly (`decode_json`): ``NaN``, ``Infinity``, a number too large for a
  double (``1e400``), a key given twice in one object, and a string holding half of a UTF-16
  surrogate pair (``"\ud800"``, which no UTF-8 text can hold) are ``bad-json``;
* a number is read one way: a whole number is an integer whether it is written ``31`` or ``31.0``
  (as a JavaScript client writes it, and as the signature of a state counts it);
* an answer is written as standard JSON in UTF-8 (`encode_answer`): it can only hold what was read.

Examples:
    >>> decode_json('{"id": 1.0, "op": "meld"}')
    {'id': 1, 'op': 'meld'}
    >>> decode_json('{"op": "meld", "op": "points"}')
    Traceback (most recent call last):
    ...
    rummylib.errors.RequestError: not valid JSON: key 'op' given twice in one object
    >>> encode_answer({"id": 7, "points": 50})
    b'{"id": 7, "points": 50}\n'
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterator
from typing import IO, Any

from rummylib.errors import ErrorCode, RequestError

__all__ = [
    "BOM",
    "MAX_LINE_BYTES",
    "HalfPairError",
    "LineTooLong",
    "clean_id",
    "decode_json",
    "decode_line",
    "encode_answer",
    "read_lines",
]

MAX_LINE_BYTES = 1_000_000
"""Longest request line read, in bytes (its line break not counted)."""

BOM = "\ufeff"
"""The byte-order mark some editors write before the first line; it is skipped."""

_CHUNK = 65_536
_HALF_PAIR_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


class HalfPairError(RequestError):
    """A batch line whose JSON parsed but holds a lone UTF-16 surrogate; ``data`` is what was parsed.

    `rummylib batch` answers it as ``bad-json``, with the request's ``id`` when that is clean.

    Examples:
        >>> HalfPairError("x", {"id": 1}).data
        {'id': 1}
    """

    def __init__(self, message: str, data: object) -> None:
        super().__init__(message, code=ErrorCode.BAD_JSON)
        self.data = data
        """The value parsed (its ``id``, when clean, can still be echoed)."""


def clean_id(data: Any, missing: Any = None) -> Any:
    r"""The ``id`` of a parsed request when it can be echoed in standard JSON, else ``missing``.

    Examples:
        >>> clean_id({"id": [1, "a"]}), clean_id({"id": "\ud800"}), clean_id([1])
        ([1, 'a'], None, None)
    """
    if not isinstance(data, dict) or "id" not in data or _has_half_pair(data["id"]):
        return missing
    return data["id"]


class LineTooLong:
    """What `read_lines` yields for a line longer than its limit (which it skipped without keeping).

    Examples:
        >>> LineTooLong(2_000_000).length
        2000000
    """

    def __init__(self, length: int) -> None:
        self.length = length
        """How many bytes the line had (its line break not counted)."""


def read_lines(stream: IO[bytes], limit: int = MAX_LINE_BYTES) -> Iterator[bytes | LineTooLong]:
    r"""The lines of a byte stream, each without its line break, never more than ``limit`` bytes held.

    A longer line is read on to its end in pieces and yields a `LineTooLong` instead.

    Examples:
        >>> import io
        >>> [x if isinstance(x, bytes) else x.length for x in read_lines(io.BytesIO(b"ab\nxxxxx\ncd"), limit=4)]
        [b'ab', 5, b'cd']
    """
    while True:
        line = stream.readline(limit + 1)
        if not line:
            return
        if line.endswith(b"\n"):
            yield line[:-1].removesuffix(b"\r")
            continue
        if len(line) <= limit:  # the last line, without a line break
            yield line
            return
        length = len(line)
        while True:  # skip the rest of the long line, a piece at a time
            piece = stream.readline(_CHUNK)
            if not piece:
                break
            if piece.endswith(b"\n"):
                length += len(piece) - 1
                break
            length += len(piece)
        yield LineTooLong(length)


def decode_line(line: bytes | str, *, first: bool = False) -> str:
    r"""One line of a request as text: strict UTF-8, and the first line without a byte-order mark.

    Raises:
        RequestError: bytes that are not UTF-8 (code ``bad-json``).

    Examples:
        >>> decode_line(b'\xef\xbb\xbf{"op": "hello"}', first=True)
        '{"op": "hello"}'
        >>> decode_line(b'{"id": "\xff"}')
        Traceback (most recent call last):
        ...
        rummylib.errors.RequestError: not valid JSON: the line is not UTF-8 (byte 0xff at position 8)
    """
    if isinstance(line, bytes):
        try:
            text = line.decode("utf-8")
        except UnicodeDecodeError as exc:
            bad = line[exc.start : exc.start + 1].hex()
            raise RequestError(
                f"not valid JSON: the line is not UTF-8 (byte 0x{bad} at position {exc.start})",
                code=ErrorCode.BAD_JSON,
            ) from None
    else:
        text = line
    return text.removeprefix(BOM) if first else text


def _number(text: str) -> int | float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"the number {text[:40]} is too large")
    return int(value) if value.is_integer() else value


def _constant(name: str) -> Any:
    raise ValueError(f"{name} is not allowed")


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found = dict(pairs)
    if len(found) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise ValueError(f"key {key[:40]!r} given twice in one object")
            seen.add(key)
    return found


def _has_half_pair(value: Any) -> bool:
    """Whether a string anywhere in ``value`` (keys included) holds a lone UTF-16 surrogate."""
    kind = type(value)
    if kind is str:
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return True
        return False
    if kind is list:
        return any(_has_half_pair(item) for item in value)
    if kind is dict:
        return any(_has_half_pair(key) or _has_half_pair(item) for key, item in value.items())
    return False


def decode_json(text: str) -> Any:
    r"""A request's JSON value, read strictly (see the module's notes).

    Raises:
        RequestError: anything but standard JSON of one meaning (code ``bad-json``).

    Examples:
        >>> decode_json('{"id": "\\ud800"}')
        Traceback (most recent call last):
        ...
        rummylib.batch.wire.HalfPairError: not valid JSON: a string holds half of a UTF-16 surrogate pair
        >>> decode_json('[1e400]')
        Traceback (most recent call last):
        ...
        rummylib.errors.RequestError: not valid JSON: the number 1e400 is too large
    """
    try:
        if text.startswith("\ufeff"):  # json.loads' own refusal of a byte-order mark, word for word
            raise json.JSONDecodeError("Unexpected UTF-8 BOM (decode using utf-8-sig)", text, 0)
        data = _READER.decode(text)
    except RecursionError:
        raise RequestError("not valid JSON: nested too deeply", code=ErrorCode.BAD_JSON) from None
    except ValueError as exc:
        raise RequestError(f"not valid JSON: {exc}", code=ErrorCode.BAD_JSON) from None
    # A lone surrogate comes from an escape, or from text decoded with surrogateescape.
    if (_HALF_PAIR_ESCAPE.search(text) or not text.isascii()) and _has_half_pair(data):
        raise HalfPairError("not valid JSON: a string holds half of a UTF-16 surrogate pair", data)
    return data


_READER = json.JSONDecoder(parse_float=_number, parse_constant=_constant, object_pairs_hook=_object)
"""``json.loads`` with `decode_json`'s options, made once (``loads`` makes a decoder per call)."""


_WRITER = json.JSONEncoder(ensure_ascii=False, allow_nan=False)
"""``json.dumps`` with `encode_answer`'s options, made once."""


def encode_answer(answer: dict[str, Any], *, limit: int | None = None) -> bytes:
    r"""One answer as a line of standard JSON in UTF-8, ending with a line break.

    An answer that cannot be written so (a bug: every input was checked when it was read) is
    replaced by an ``internal-error`` answer with the same ``id``. With a ``limit``, an answer
    longer than ``limit`` bytes (a huge ``id`` of numbers written shorter than they are echoed,
    ``1e308`` for a 309-digit integer) is replaced by a ``too-large`` error, with the same ``id``
    when that error still fits in the limit, else without one.

    Examples:
        >>> encode_answer({"id": 1, "x": float("nan")})  # doctest: +ELLIPSIS
        b'{"id": 1, "error": {"code": "internal-error", "message": "the answer is not standard JSON: ...'
        >>> encode_answer({"id": 1, "points": 10**300}, limit=200)  # doctest: +ELLIPSIS
        b'{"id": 1, "error": {"code": "too-large", "message": "the answer would be 322 bytes, over the limit of 200 ...'
    """
    try:
        data = (_WRITER.encode(answer) + "\n").encode("utf-8")
    except (ValueError, TypeError, UnicodeEncodeError, RecursionError) as exc:
        error = {"code": ErrorCode.INTERNAL_ERROR.value, "message": f"the answer is not standard JSON: {exc}"}
        return _fallback(answer, error, None)
    if limit is None or len(data) <= limit:
        return data
    message = f"the answer would be {len(data) - 1} bytes, over the limit of {limit} bytes a line"
    return _fallback(answer, {"code": ErrorCode.TOO_LARGE.value, "message": message}, limit)


def _fallback(answer: dict[str, Any], error: dict[str, Any], limit: int | None) -> bytes:
    """The ``error`` answer written instead of ``answer``, with its ``id`` when that can be written within ``limit``."""
    plain = (json.dumps({"error": error}, ensure_ascii=True) + "\n").encode("utf-8")
    if "id" not in answer:
        return plain
    try:
        written = (_WRITER.encode({"id": answer["id"], "error": error}) + "\n").encode("utf-8")
    except (ValueError, TypeError, UnicodeEncodeError, RecursionError):
        return plain
    return written if limit is None or len(written) <= limit else plain
