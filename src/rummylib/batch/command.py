"""The ``rummylib batch`` command: its arguments, and a start that loads only what batch needs.

`main` runs ``rummylib batch [FILE] [--secret-file FILE] [--max-seconds S]`` without building
the rest of the command line (`rummylib.__main__` calls it for ``batch``), so the first answer
comes soon after the start; the game modules load when a request first needs them. The full
command line (`rummylib.cli`) uses `add_arguments` and `run` for its own ``batch`` command, so
both ways in read the same arguments and behave the same.

Exit status: 0 at the end of the input (every line answered, refused ones included); 2 when the
command cannot start (a usage error, a secret file that cannot be read or is empty, a FILE that
cannot be read).

Examples:
    >>> parser = argparse.ArgumentParser(prog="rummylib batch")
    >>> add_arguments(parser)
    >>> args = parser.parse_args(["--max-seconds", "2.5"])
    >>> args.file, args.secret_file, args.max_seconds
    (None, None, 2.5)
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from collections.abc import Sequence

from rummylib.batch import DEFAULT_MAX_SECONDS, Signer, all_ops, main_batch
from rummylib.errors import ErrorCode, RummyError
from rummylib.rules import PRESETS

__all__ = ["DESCRIPTION", "HELP", "add_arguments", "build_parser", "main", "ops_epilog", "run"]

HELP = "answer JSON Lines requests, one answer line per request line"
"""The one-line help of ``rummylib batch``."""

DESCRIPTION = "Read one JSON request per line (from FILE or stdin) and write one JSON answer per line."
"""The description of ``rummylib batch`` in its help."""


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"must be a positive number of seconds, not {text!r}")
    return value


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of ``rummylib batch`` to ``parser``.

    Examples:
        >>> parser = argparse.ArgumentParser()
        >>> add_arguments(parser)
        >>> parser.parse_args(["requests.jsonl"]).max_seconds == DEFAULT_MAX_SECONDS
        True
    """
    parser.add_argument("file", nargs="?", default=None, help="file of requests (default: standard input)")
    parser.add_argument(
        "--secret-file",
        metavar="FILE",
        default=None,
        help="sign every state returned with the secret in FILE, and refuse states without a valid signature",
    )
    parser.add_argument(
        "--max-seconds",
        metavar="S",
        type=_seconds,
        default=DEFAULT_MAX_SECONDS,
        help=f"stop any one request after S seconds with a time-limit error, or its best answer so far "
        f"(default {DEFAULT_MAX_SECONDS:g}); client budgets never go past it",
    )


def ops_epilog() -> str:
    """The ops ``rummylib batch`` answers, each with the games it serves (the end of its help).

    Examples:
        >>> [line.split() for line in ops_epilog().splitlines() if "deadwood" in line]
        [['deadwood', 'Gin', 'Rummy']]
    """
    served: dict[str, set[str]] = {}
    for op in all_ops():
        served.setdefault(op.name, set()).update(
            name for name, rules in PRESETS.items() if op.schemes is None or rules.scoring in op.schemes
        )
    served["hello"] = set(PRESETS)
    games = {
        name: ["every game"] if len(names) == len(PRESETS) else [r.title for n, r in PRESETS.items() if n in names]
        for name, names in served.items()
    }
    width = max(len(name) for name in games)
    lines = [f"  {name:<{width}}  {', '.join(games[name])}" for name in sorted(games)]
    return (
        'ops (the "op" of a request) and the games they serve:\n'
        + "\n".join(lines)
        + '\n\nexample:\n  echo \'{"op": "meld", "game": "rummikub", "meld": "r5 r6 *"}\' | rummylib batch'
    )


class _Epilog(argparse.RawDescriptionHelpFormatter):
    """Writes the list of ops only when the help is shown (it loads every game's ops)."""

    def add_text(self, text: str | None) -> None:
        super().add_text(ops_epilog() if text == "<ops>" else text)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``rummylib batch`` on its own.

    Examples:
        >>> build_parser().parse_args(["-"]).file
        '-'
    """
    parser = argparse.ArgumentParser(
        prog="rummylib batch", description=DESCRIPTION, epilog="<ops>", formatter_class=_Epilog
    )
    add_arguments(parser)
    return parser


def _error(text: str) -> None:
    print(f"rummylib: error: {text}", file=sys.stderr)


def run(args: argparse.Namespace) -> int:
    """Run ``rummylib batch`` with its parsed arguments; returns the exit status."""
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


def main(argv: Sequence[str] | None = None) -> int:
    """``rummylib batch`` with the arguments after ``batch``; returns the exit status.

    Examples:
        >>> main(["--max-seconds", "0"])  # the usage error goes to standard error
        2
    """
    try:
        args = build_parser().parse_args(argv)
    except SystemExit as exc:  # --help (0), or a usage error already said on standard error (2)
        return exc.code if isinstance(exc.code, int) else 2
    return run(args)
