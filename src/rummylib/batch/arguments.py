"""The arguments of ``rummylib batch``, read by `argparse`: its help, and what the CLI's ``batch`` reads.

`rummylib.batch.command` reads the usual arguments of a game server's worker itself, so that a
worker starts without `argparse`; this module reads the rest (``--help``, usage errors, abbreviated
options), and the full command line (`rummylib.cli`) adds these arguments to its own ``batch``.

Examples:
    >>> parser = argparse.ArgumentParser(prog="rummylib batch")
    >>> add_arguments(parser)
    >>> args = parser.parse_args(["--max-seconds", "2.5"])
    >>> args.file, args.secret_file, args.max_seconds
    (None, None, 2.5)
"""

from __future__ import annotations

import argparse

from rummylib.batch import DEFAULT_MAX_SECONDS, all_ops, read_seconds
from rummylib.rules import PRESETS

__all__ = ["DESCRIPTION", "HELP", "add_arguments", "build_parser", "ops_epilog"]

HELP = "answer JSON Lines requests, one answer line per request line"
"""The one-line help of ``rummylib batch``."""

DESCRIPTION = "Read one JSON request per line (from FILE or stdin) and write one JSON answer per line."
"""The description of ``rummylib batch`` in its help."""


def _seconds(text: str) -> float:
    value = read_seconds(text)
    if value is None:
        try:
            float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
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
        help="sign every state returned with the secret in FILE (at least 32 bytes), "
        "and refuse states without a valid signature",
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
