"""Reading the command line's arguments: rule sets, files, turns (private)."""

from __future__ import annotations

import argparse
import difflib
import json
import sys
from typing import Any

from rummylib._tokens import split
from rummylib.batch import all_ops
from rummylib.batch.protocol import COMMON_FIELDS, Request
from rummylib.cli._output import Out
from rummylib.errors import ErrorCode, RequestError, RuleSetError, RummyError
from rummylib.melds import Meld
from rummylib.notation import parse_melds
from rummylib.rules import PRESETS, RuleSet, find_ruleset

# ------------------------------------------------------------------------------------------
# Reading arguments
# ------------------------------------------------------------------------------------------


def _options(args: argparse.Namespace) -> dict[str, object]:
    """The house rules of ``--option NAME=VALUE`` (each value JSON, or else the text itself)."""
    options: dict[str, object] = {}
    for item in args.option or ():
        key, sep, raw = item.partition("=")
        if not sep or not key.strip():
            raise RequestError(f"--option must look like NAME=VALUE, not {item!r}", code=ErrorCode.BAD_FIELD)
        try:
            options[key.strip()] = json.loads(raw)
        except ValueError:
            options[key.strip()] = raw
        except RecursionError:
            raise RuleSetError(
                f"option {key.strip()!r}: the value is nested too deeply", code=ErrorCode.BAD_OPTION
            ) from None
    return options


def read_rules(args: argparse.Namespace, *, default: str | None = None) -> RuleSet:
    """The rule set from ``--game``, ``--option NAME=VALUE`` and ``--wild-rank``."""
    name = args.game or default
    if name is None:
        raise RequestError(f"this command needs --game ({', '.join(PRESETS)})")
    rules = find_ruleset(name)
    options = _options(args)
    if options:
        rules = rules.with_options(options)
    if getattr(args, "wild_rank", None):
        rules = rules.with_options({"wild_ranks": [*sorted(rules.wild_ranks), args.wild_rank]})
    return rules


def read_text(path: str) -> str:
    """The text of a file (``-`` for standard input); a file that cannot be read, or is not UTF-8, is bad input."""
    name = "standard input" if path == "-" else path
    try:
        if path == "-":
            return sys.stdin.read().removeprefix("\ufeff")  # a byte-order mark first is skipped
        with open(path, encoding="utf-8-sig") as handle:  # a byte-order mark first is skipped
            return handle.read()
    except UnicodeDecodeError as exc:
        raise RequestError(f"{name} is not UTF-8 text (byte {exc.start})", code=ErrorCode.BAD_REQUEST) from None
    except OSError as exc:
        raise RequestError(f"cannot read {name}: {exc.strerror or exc}", code=ErrorCode.BAD_REQUEST) from None


def _read_json_object(path: str) -> dict[str, Any]:
    text = read_text(path)
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise RequestError(f"{path} is not valid JSON: {exc}", code=ErrorCode.BAD_JSON) from None
    except RecursionError:
        raise RequestError(f"{path} is not valid JSON: nested too deeply", code=ErrorCode.BAD_JSON) from None
    if not isinstance(data, dict):
        raise RequestError(f"{path} must hold one JSON object", code=ErrorCode.BAD_JSON)
    return data


def write_picture(out: Out, path: str, picture: str) -> None:
    """Write an SVG picture and say where it went."""
    try:
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(picture)
    except OSError as exc:
        raise RequestError(f"cannot write {path}: {exc.strerror or exc}", code=ErrorCode.BAD_REQUEST) from None
    out.note(f"picture written to {path}")


def one_meld_per_argument(texts: list[str], args: argparse.Namespace) -> None:
    """Refuse several one-piece arguments: a meld typed without quotes, which the shell split into pieces.

    Each argument of ``meld`` and ``contract`` is one meld, and a meld of one piece is never
    valid, so ``rummylib meld --game shanghai 5h 6h 7h`` is a meld the shell split at its spaces.
    The command does not guess which pieces belong together: it says to quote the meld.
    """
    single = [text.strip() for text in texts if len(split(text)) == 1]
    if len(single) < 2:
        return
    game = f" --game {args.game}" if args.game else ""
    if args.command == "contract":  # several melds: which pieces go together is the user's to say
        example = f'rummylib contract{game} --round {args.round} "7h 7s 7d" "8c 8s 8h" (one argument per meld)'
    else:
        example = f'rummylib {args.command}{game} "{" ".join(single)}"'
    raise RequestError(
        f"each argument is one meld, and {len(single)} arguments ({' '.join(single)}) are one piece each: "
        f"quote the pieces of a meld together, as in: {example}",
        code=ErrorCode.BAD_REQUEST,
    )


def table_melds(text: str, rules: RuleSet) -> list[Meld]:
    return [Meld(p) for p in parse_melds(text, rules=rules)]


# The fields of a turn, as the batch op ``turn`` reads them (a turn file is such a request).
_TURN_OP = next(op for op in all_ops() if op.name == "turn")
_TURN_FIELDS = frozenset(COMMON_FIELDS | _TURN_OP.fields)
_TURN_OPTIONS = (
    ("--before", "before", "table_before"),
    ("--rack", "rack", "rack"),
    ("--after", "after", "table_after"),
    ("--opened", "opened", "initial_meld_done"),
)


def _turn_from_file(args: argparse.Namespace) -> dict[str, Any]:
    """The request in a turn file, with the command line's game and house rules, which may not contradict it."""
    path = args.file
    data = _read_json_object(path)
    for name in sorted(data):
        if name not in _TURN_FIELDS:
            close = difflib.get_close_matches(name, sorted(_TURN_FIELDS), n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            known = ", ".join(sorted(_TURN_FIELDS - {"op", "id"}))
            raise RequestError(
                f"{path}: unknown field {name[:40]!r}{hint}; a turn has the fields {known}", code=ErrorCode.BAD_FIELD
            )
    if data.get("op", "turn") != "turn":
        raise RequestError(
            f"{path}: field 'op' must be 'turn' in a turn file, not {data['op']!r}", code=ErrorCode.BAD_FIELD
        )
    for option, attr, field in _TURN_OPTIONS:
        if getattr(args, attr) not in (None, False):
            raise RequestError(
                f"{option} cannot be given with a turn file: {path} holds the whole turn (its field {field!r})",
                code=ErrorCode.BAD_REQUEST,
            )
    request = dict(data)
    if args.game is not None:
        theirs = data.get("game")
        if isinstance(theirs, str) and find_ruleset(theirs) is not find_ruleset(args.game):
            raise RequestError(
                f"--game {args.game} contradicts the field 'game' ({theirs!r}) of {path}", code=ErrorCode.BAD_REQUEST
            )
        request["game"] = args.game
    options = _options(args)
    if options:
        theirs = data.get("rules")
        if isinstance(theirs, dict):
            for name, value in options.items():
                if name in theirs and theirs[name] != value:
                    raise RequestError(
                        f"--option {name}={json.dumps(value)} contradicts the field 'rules' of {path}, "
                        f"which sets {name} to {json.dumps(theirs[name])}",
                        code=ErrorCode.BAD_REQUEST,
                    )
            options = theirs | options
        request["rules"] = options
    return request


def _turn_from_options(args: argparse.Namespace) -> dict[str, Any]:
    if args.after is None:
        raise RequestError("give a turn file, or --after (with --before and --rack): the table the player proposes")
    if args.rack is None:
        raise RequestError('give --rack, the player\'s rack before the turn ("" for an empty one)')
    request: dict[str, Any] = {
        "table_before": args.before or "",
        "rack": args.rack,
        "table_after": args.after,
        "initial_meld_done": args.opened,
    }
    if args.game is not None:
        request["game"] = args.game
    options = _options(args)
    if options:
        request["rules"] = options
    return request


def turn_request(args: argparse.Namespace) -> Request:
    """The turn to judge, read as the batch op ``turn`` reads a request: one way in, the same errors."""
    data = _turn_from_file(args) if args.file else _turn_from_options(args)
    data = {"game": "rummikub", **data, "op": "turn"}
    try:
        req = Request.from_json(data)
        if not req.has("rack"):
            raise RequestError("missing field 'rack' (the player's rack before the turn)", code=ErrorCode.MISSING_FIELD)
        if not req.has("table_after"):
            raise RequestError(
                "missing field 'table_after' (the table the player proposes)", code=ErrorCode.MISSING_FIELD
            )
    except RummyError as exc:
        if args.file:
            exc.args = (f"{args.file}: {exc.message}",)  # keep the error's class and code; say which file
        raise
    return req
