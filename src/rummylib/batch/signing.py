"""Signed states: a `Signer` signs the states ``rummylib batch`` returns and checks those sent back.

A signature is the lowercase hex HMAC-SHA256, keyed with a secret, of the state's
`canonical_json`. It proves where a state came from; it hides nothing of it (a signed state still
holds every hand, the stock and the seed). This module needs no game: ``rummylib batch`` loads it
at its start, and the game modules only when a request needs them.

Examples:
    >>> signer = Signer(b"a secret of at least thirty-two bytes")
    >>> signer.check({"a": 1}, signer.sign({"a": 1.0}))
"""

from __future__ import annotations

import functools
import json
import os
import re
from types import ModuleType
from typing import Any

import attrs

from rummylib.batch.protocol import json_type
from rummylib.errors import ErrorCode, RequestError

__all__ = ["MAX_SECRET_BYTES", "MIN_SECRET_BYTES", "Signer", "canonical_json"]

MAX_SECRET_BYTES = 65_536
"""The longest secret a `Signer` reads from a file (a longer file is refused, not truncated)."""

MIN_SECRET_BYTES = 32
"""The shortest secret a `Signer` takes: a shorter one could be guessed from signed states."""

_MAKE_A_SECRET = """python -c "import secrets; print(secrets.token_hex(32))" > secret"""
"""A command that writes a good secret (64 random hex digits) to the file ``secret``."""

_SIGNATURE = re.compile(r"[0-9a-f]{64}")


@functools.cache
def _hmac() -> ModuleType:
    """The standard `hmac` module, loaded the first time a state is signed or checked (then kept: a cache of one)."""
    # lazy: hmac loads OpenSSL's hashes, about 3 ms of a worker's start; unsigned workers never need it
    import hmac  # noqa: PLC0415 - lazy (see tests/architecture/test_imports.py)

    return hmac


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
    text = _CANONICAL.encode(value)
    if _FLOAT_MARK.search(text) is not None:  # it may hold a float: write the whole ones as integers
        text = _CANONICAL.encode(_whole_numbers(value))
    return text.encode("utf-8")


_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False)
"""``json.dumps`` with the canonical options, made once (``dumps`` makes an encoder per call)."""


_FLOAT_MARK = re.compile(r"[0-9][.eE]")
"""What every float's JSON has and no integer's: a digit then a point or an exponent (text in a
string may have it too: then the value is walked for nothing, which changes nothing)."""


def _secret(value: bytes) -> bytes:
    if not isinstance(value, bytes):
        raise TypeError(f"a signing secret is bytes, not {type(value).__name__}")
    if len(value) < MIN_SECRET_BYTES:
        raise RequestError(
            f"the signing secret is {'empty' if not value else f'{len(value)} bytes long'}: it must be at least "
            f"{MIN_SECRET_BYTES} bytes of random data; make one with: {_MAKE_A_SECRET}",
            code=ErrorCode.BAD_SIGNATURE,
        )
    return value


@attrs.frozen
class Signer:
    """Signs the states the batch ops return, and checks the states sent back (HMAC-SHA256).

    A signature is the lowercase hex HMAC-SHA256, keyed with ``secret``, of the state's
    `canonical_json`. It travels in a ``"signature"`` field beside ``"state"``, in answers and in
    requests. The secret never shows in the signer's ``repr``.

    Raises:
        RequestError: a secret shorter than `MIN_SECRET_BYTES` (code ``bad-signature``); the
            message says how to make one.

    Examples:
        >>> signer = Signer(b"correct horse battery staple, stapled")
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
            RequestError: the file holds fewer than `MIN_SECRET_BYTES` (empty, or only line
                breaks) or more than `MAX_SECRET_BYTES` (code ``bad-signature``).

        Examples:
            >>> import pathlib, tempfile
            >>> path = pathlib.Path(tempfile.mkdtemp()) / "secret"
            >>> _ = path.write_bytes(b"a secret of at least thirty-two bytes\n")
            >>> Signer.from_file(path) == Signer(b"a secret of at least thirty-two bytes")
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
        if len(secret) < MIN_SECRET_BYTES:
            size = "is empty" if not secret else f"holds {len(secret)} bytes"
            raise RequestError(
                f"the secret file {os.fspath(path)} {size}: a secret must be at least {MIN_SECRET_BYTES} bytes "
                f"of random data; make one with: {_MAKE_A_SECRET}",
                code=ErrorCode.BAD_SIGNATURE,
            )
        return cls(secret)

    def sign(self, state: Any, *, canonical: bytes | None = None) -> str:
        """The signature of a state (its JSON value): 64 lowercase hex digits.

        ``canonical``, when the caller has it already, is ``canonical_json(state)``.

        Examples:
            >>> Signer(b"k" * 32).sign({}) == Signer(b"k" * 32).sign({}, canonical=b"{}")
            True
        """
        text = canonical_json(state) if canonical is None else canonical
        digest: bytes = _hmac().digest(self.secret, text, "sha256")  # OpenSSL's one-shot HMAC, no Python object
        return digest.hex()

    def check(self, state: Any, signature: object, *, canonical: bytes | None = None) -> None:
        """Return if ``signature`` is this signer's signature of ``state``; refuse it otherwise.

        The comparison takes the same time wherever the signatures differ (`hmac.compare_digest`).
        ``canonical``, when the caller has it already, is ``canonical_json(state)``.

        Raises:
            RequestError: no signature, not a signature, or not the state's (code ``bad-signature``).

        Examples:
            >>> Signer(b"k" * 32).check({}, None)
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
        if not _hmac().compare_digest(signature.encode("ascii"), self.sign(state, canonical=canonical).encode("ascii")):
            raise RequestError(
                "the state's signature does not match: the state was changed, or signed with another secret",
                code=ErrorCode.BAD_SIGNATURE,
            )
