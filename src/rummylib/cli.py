"""The ``rummylib`` command line.

``rummylib batch [FILE]`` answers JSON Lines requests (see `rummylib.batch`).

Examples:
    >>> main(["--version"])  # doctest: +ELLIPSIS
    rummylib ...
    0
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from rummylib import __version__

__all__ = ["build_parser", "main"]


def build_parser() -> argparse.ArgumentParser:
    """The argument parser for the ``rummylib`` command."""
    parser = argparse.ArgumentParser(
        prog="rummylib",
        description="The rules of the rummy family: Rummikub, Contract Rummy, Shanghai, Gin and Indian Rummy.",
        epilog="example: echo '{\"op\": \"meld\", \"game\": \"rummikub\", \"meld\": \"r5 r6 *\"}' | rummylib batch",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="store_true", help="print the version and exit")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    batch = sub.add_parser(
        "batch",
        help="answer JSON Lines requests, one answer line per request line",
        description="Read one JSON request per line (from FILE or stdin) and write one JSON answer per line.",
    )
    batch.add_argument("file", nargs="?", default=None, help="file of requests (default: standard input)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.version:
        print(f"rummylib {__version__}")
        return 0
    if args.command == "batch":
        from rummylib.batch import main_batch

        try:
            return main_batch(args.file)
        except OSError as exc:
            print(f"rummylib: cannot read {args.file}: {exc.strerror}", file=sys.stderr)
            return 2
    parser.print_help()
    return 2
