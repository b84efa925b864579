"""The ``rummylib`` command line.

``rummylib batch [FILE]`` answers JSON Lines requests (see `rummylib.batch`). Beside it, commands
for people: ``meld``, ``turn``, ``contract``, ``find-contract``, ``solve``, ``points``, ``score``,
``show``, ``selfplay``, ``arena`` (bots against each other) and ``replay`` (a game record, turn by
turn: see `rummylib.records`). They hold no rules: each reads its arguments, calls the Python API
and prints the answer, in colour on a terminal, plain when piped, or as JSON with ``--json``.

The package has one module per group of commands (`rummylib.cli.checks`: ``meld``, ``turn``,
``contract``, ``find-contract``, ``show``; `rummylib.cli.scores`: ``points``, ``score``;
`rummylib.cli.solver`: ``solve``, ``selfplay``; `rummylib.cli.arena`; `rummylib.cli.replay`), the
parser (`rummylib.cli.parser`) and the entry `rummylib.cli.command.main`.

Exit status: 0 valid (or done), 1 invalid, 2 bad input (bad notation, unknown game, a file that
cannot be read, a usage error, ...). Errors are one line on standard error ending with the error's
code, never a traceback. Players are counted by seat, from 0, as everywhere in rummylib.

Examples:
    >>> main(["--version"])  # doctest: +ELLIPSIS
    rummylib ...
    0
    >>> main(["meld", "--game", "rummikub", "r5 r6 *"])
    valid run R5 R6 *=R7 (value 18)
    0
    >>> main(["meld", "--game", "rummikub", "r12 r13 r1"])
    invalid R12 R13 R1
      - R12 R13 R1 would need the run to wrap from 13 round to 1; runs never wrap [run-wraps]
    1
"""

from rummylib.cli._output import EXIT_BAD_INPUT as EXIT_BAD_INPUT
from rummylib.cli._output import EXIT_INVALID as EXIT_INVALID
from rummylib.cli._output import EXIT_VALID as EXIT_VALID
from rummylib.cli.command import main
from rummylib.cli.parser import build_parser

__all__ = ["build_parser", "main"]
