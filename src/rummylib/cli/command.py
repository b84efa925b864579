"""The ``rummylib`` command: `main` parses the arguments and runs the command asked for."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence

from rummylib import build_info
from rummylib.batch import command as batch_command
from rummylib.cli._output import EXIT_BAD_INPUT, Out, print_error, use_colour
from rummylib.cli.arena import cmd_arena
from rummylib.cli.checks import cmd_contract, cmd_find_contract, cmd_meld, cmd_show, cmd_turn
from rummylib.cli.parser import build_parser
from rummylib.cli.replay import cmd_replay
from rummylib.cli.scores import cmd_points, cmd_score
from rummylib.cli.solver import cmd_selfplay, cmd_solve
from rummylib.errors import ErrorCode, RummyError

__all__ = ["main"]


_COMMANDS: dict[str, Callable[[argparse.Namespace, Out], int]] = {
    "meld": cmd_meld,
    "turn": cmd_turn,
    "contract": cmd_contract,
    "find-contract": cmd_find_contract,
    "solve": cmd_solve,
    "points": cmd_points,
    "score": cmd_score,
    "selfplay": cmd_selfplay,
    "arena": cmd_arena,
    "show": cmd_show,
    "replay": cmd_replay,
}


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (0 valid, 1 invalid, 2 bad input).

    Examples:
        >>> main(["points", "--game", "rummikub", "r5 k3 *"])
        38 points  points of the pieces left in hand
        0
        >>> main(["meld", "--game", "rummikub", "r14"])  # the message goes to standard error
        2
        >>> main(["meld", "r1 r2 r3"])  # so does a usage error: --game is missing
        2
    """
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # --help (0), or a usage error already said on standard error (2)
        return exc.code if isinstance(exc.code, int) else EXIT_BAD_INPUT
    if args.version:
        print(build_info())
        return 0
    if args.command == "batch":
        return batch_command.run(args)
    command = _COMMANDS.get(args.command or "")
    if command is None:
        parser.print_help()
        return 2
    out = Out(sys.stdout, use_colour(args.color, sys.stdout) and not args.json, notes=sys.stderr if args.json else None)
    try:
        return command(args, out)
    except RummyError as exc:
        code = f"[{exc.code}]"  # once: a refusal's sentence may end with it already (a knock over the limit)
        print_error(exc.message if exc.message.endswith(code) else f"{exc.message} {code}")
    except BrokenPipeError:
        # The reader went away (``rummylib show ... | head``): stop quietly, as Unix tools do.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except OSError as exc:
        print_error(f"cannot read or write {exc.filename}: {exc.strerror} [{ErrorCode.BAD_REQUEST}]")
    except KeyboardInterrupt:
        print_error("interrupted")
    return EXIT_BAD_INPUT
