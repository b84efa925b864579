"""``rummylib replay``: a game record, move by move (`rummylib.records`)."""

from __future__ import annotations

import argparse
import os
import sys

from rummylib import svg
from rummylib.cli._args import read_text
from rummylib.cli._output import EXIT_VALID, Out
from rummylib.errors import ErrorCode, RequestError
from rummylib.records import read_record


def cmd_replay(args: argparse.Namespace, out: Out) -> int:
    """``rummylib replay``: a game record, move by move, as a seat sees it."""
    record = read_record(read_text(args.file))
    try:
        out.line(record.describe(seat=args.seat))
        out.stream.flush()
    except BrokenPipeError:  # the reader went away (``rummylib replay game.txt | head``): stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_VALID
    if args.svg:
        os.makedirs(args.svg, exist_ok=True)
        for i, state in enumerate(record.states):
            picture = svg.view(state.view(record.seat_of(i, args.seat)), rules=state.rules)
            path = os.path.join(args.svg, f"turn-{i:03d}.svg")
            try:
                with open(path, "w", encoding="utf-8") as handle:
                    handle.write(picture)
            except OSError as exc:
                raise RequestError(f"cannot write {path}: {exc.strerror or exc}", code=ErrorCode.BAD_REQUEST) from None
        out.note(f"{len(record.states)} pictures written to {args.svg} (turn-000.svg is the deal)")
    return EXIT_VALID
