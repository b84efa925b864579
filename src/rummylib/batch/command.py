"""The ``rummylib batch`` command: a start that loads only what batch needs.

`main` runs ``rummylib batch [FILE] [--secret-file FILE] [--max-seconds S]`` without building
the rest of the command line (`rummylib.__main__` calls it for ``batch``), so the first answer
comes soon after the start; the game modules load when a request first needs them. The usual
arguments are read here (`read_arguments`); `argparse` (`rummylib.batch.arguments`) is loaded only
for ``--help``, a usage error or an abbreviated option. The full command line (`rummylib.cli`)
gives its own parsed ``batch`` arguments to `run`, so both ways in behave the same.

Exit status: 0 at the end of the input (every line answered, refused ones included); 2 when the
command cannot start (a usage error, a secret file that cannot be read or is empty, a FILE that
cannot be read).

Examples:
    >>> read_arguments(["requests.jsonl", "--max-seconds=2.5"])
    BatchArguments(file='requests.jsonl', secret_file=None, max_seconds=2.5)
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from typing import Protocol

import attrs

from rummylib.batch import DEFAULT_MAX_SECONDS, Signer, main_batch, read_seconds
from rummylib.errors import ErrorCode, RummyError

__all__ = ["Arguments", "BatchArguments", "main", "read_arguments", "read_seconds", "run"]


class Arguments(Protocol):
    """What `run` reads: `BatchArguments`, or the CLI's parsed ``batch`` arguments.

    Examples:
        >>> args: Arguments = BatchArguments(file="requests.jsonl")
        >>> args.file, args.secret_file
        ('requests.jsonl', None)
    """

    @property
    def file(self) -> str | None:
        """The file of requests; None or ``"-"`` for standard input."""

    @property
    def secret_file(self) -> str | None:
        """The file holding the signing secret; None for unsigned states."""

    @property
    def max_seconds(self) -> float:
        """Seconds any one request may take."""


@attrs.frozen
class BatchArguments:
    """The arguments of ``rummylib batch``, as `read_arguments` reads them.

    Examples:
        >>> BatchArguments().max_seconds == DEFAULT_MAX_SECONDS
        True
    """

    file: str | None = None
    """The file of requests; None or ``"-"`` for standard input."""
    secret_file: str | None = None
    """The file holding the signing secret; None for unsigned states."""
    max_seconds: float = DEFAULT_MAX_SECONDS
    """Seconds any one request may take."""


_OPTIONS = ("--secret-file", "--max-seconds")


def read_arguments(argv: Sequence[str]) -> BatchArguments | None:
    """The arguments of ``rummylib batch``, or None when only `argparse` can say what they mean.

    Reads what a game server's worker is started with: at most one FILE (``-`` for standard input)
    and each option at most once, as ``--option VALUE`` or ``--option=VALUE``, each value valid. For
    anything else (``--help``, an unknown or abbreviated option, a repeated one, a missing or bad
    value, a FILE starting with ``-``) it answers None, and `main` hands ``argv`` to `argparse`,
    which gives the same meaning to every list read here.

    Examples:
        >>> read_arguments(["--secret-file", "key", "-"])
        BatchArguments(file='-', secret_file='key', max_seconds=10.0)
        >>> read_arguments(["--help"]) is None, read_arguments(["--max-seconds", "0"]) is None
        (True, True)
    """
    found: dict[str, str] = {}
    rest = list(argv)
    while rest:
        item = rest.pop(0)
        name, equals, value = item.partition("=")
        if equals and name in _OPTIONS:
            pass
        elif item in _OPTIONS and rest and not rest[0].startswith("-"):
            name, value = item, rest.pop(0)
        elif item == "-" or not item.startswith("-"):
            name, value = "file", item
        else:
            return None
        if name in found:
            return None
        found[name] = value
    limit = read_seconds(found["--max-seconds"]) if "--max-seconds" in found else DEFAULT_MAX_SECONDS
    if limit is None:
        return None
    return BatchArguments(found.get("file"), found.get("--secret-file"), limit)


def _error(text: str) -> None:
    print(f"rummylib: error: {text}", file=sys.stderr)


def run(args: Arguments) -> int:
    """Run ``rummylib batch`` with its arguments; returns the exit status.

    Examples:
        >>> run(BatchArguments(secret_file="/no/such/secret"))  # the error goes to standard error
        2
    """
    signer = None
    if args.secret_file is not None:
        try:
            signer = Signer.from_file(args.secret_file)
        except OSError as exc:
            _error(f"cannot read the secret file {args.secret_file}: {exc.strerror} [{ErrorCode.BAD_REQUEST}]")
            return 2
        except RummyError as exc:
            _error(f"{exc.message} [{exc.code}]")
            return 2
    try:
        return main_batch(args.file, signer=signer, max_seconds=args.max_seconds)
    except BrokenPipeError:
        # The reader went away (``rummylib batch ... | head``): stop quietly, as Unix tools do.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except OSError as exc:
        _error(f"cannot read {args.file}: {exc.strerror} [{ErrorCode.BAD_REQUEST}]")
        return 2
    except KeyboardInterrupt:
        return 130


def _parsed_by_argparse(argv: Sequence[str]) -> Arguments | int:
    """``argv`` read by `argparse`, or the exit status when it stops (``--help``: 0, a usage error: 2)."""
    # lazy: argparse and its help formatter cost a worker's start about 7 ms; most starts never need them
    from rummylib.batch import arguments  # noqa: PLC0415 - lazy (see tests/architecture/test_imports.py)

    try:
        parsed: Arguments = arguments.build_parser().parse_args(argv)
    except SystemExit as exc:  # --help (0), or a usage error already said on standard error (2)
        return exc.code if isinstance(exc.code, int) else 2
    return parsed


def main(argv: Sequence[str] | None = None) -> int:
    """``rummylib batch`` with the arguments after ``batch``; returns the exit status.

    Examples:
        >>> main(["--max-seconds", "0"])  # the usage error goes to standard error
        2
    """
    items = sys.argv[1:] if argv is None else list(argv)
    args = read_arguments(items) or _parsed_by_argparse(items)
    return args if isinstance(args, int) else run(args)
