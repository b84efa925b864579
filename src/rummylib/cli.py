"""The ``rummylib`` command line.

``rummylib batch [FILE]`` answers JSON Lines requests (see `rummylib.batch`). Beside it, commands
for people: ``meld``, ``turn``, ``contract``, ``find-contract``, ``solve``, ``points``, ``score``,
``show``, ``selfplay``, ``arena`` (bots against each other) and ``replay`` (a game record, turn by
turn: see `rummylib.records`). They hold no rules: each reads its arguments, calls the Python API
and prints the answer, in colour on a terminal, plain when piped, or as JSON with ``--json``.

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

from __future__ import annotations

import argparse
import difflib
import json
import math
import os
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import IO, Any, NoReturn, TypeVar

from rummylib import build_info, svg
from rummylib.agents.arena import BACKENDS, run_arena
from rummylib.batch import all_ops
from rummylib.batch import command as batch_command
from rummylib.batch.protocol import COMMON_FIELDS, Request
from rummylib.cards import Card, Suit
from rummylib.contracts import contract_for, contract_violations, find_contract, score_contract_round
from rummylib.errors import ErrorCode, RequestError, RuleSetError, RummyError, Violation
from rummylib.gin import score_hand
from rummylib.indian import score_deal
from rummylib.melds import Face, Meld, MeldKind, MeldReading, meld_violations, read_meld
from rummylib.notation import parse_melds, parse_pieces
from rummylib.pieces import Family, Piece, format_pieces
from rummylib.records import read_record
from rummylib.registry import hand_cost
from rummylib.rules import PRESETS, RuleSet, ScoringScheme, find_ruleset
from rummylib.rummikub import (
    Budget,
    Draw,
    Objective,
    Pass,
    Play,
    RummikubGame,
    score_rummikub,
    solve,
    validate_turn,
)
from rummylib.tiles import Color, Tile

__all__ = ["build_parser", "main"]

EXIT_VALID = 0
"""Exit status: the thing checked is valid (or the command did its job)."""
EXIT_INVALID = 1
"""Exit status: the thing checked breaks a rule."""
EXIT_BAD_INPUT = 2
"""Exit status: the input could not be read (bad notation, unknown game, missing file)."""

_T = TypeVar("_T")

_EXAMPLES = """\
examples:
  rummylib meld --game rummikub "r5 r6 *"
  rummylib meld --game shanghai "Kc Ac 2c 3c" "7h 7s *"
  rummylib turn examples/turn.json                  # {"table_before": [...], "rack": "...", ...}
  rummylib turn --before "r3 r4 r5 r6" --rack "r7 * b1" --after "r3 r4 r5 | r6 r7 *" --opened
  rummylib contract --game shanghai --round 2 "7h 7s 7d" "4c 5c 6c 7c"
  rummylib find-contract --game contract_rummy --round 1 "7h 7s 7d 8c 8s 8h Kd 4c"
  rummylib solve --table "r1 r2 r3 | b5 k5 y5" --rack "r4 r5 *" --opened
  rummylib points --game gin "Ah 2h 3h 9c Kd"
  rummylib score --game rummikub --winner 0 "" "r5 k3" "*"      # seats count from 0
  rummylib show --game rummikub "r1 r2 r3 | k7 b7 *" --svg table.svg
  rummylib selfplay --games 10 --players 3           # solver against solver, with progress
  rummylib arena --game gin --bots heuristic,random --games 20 --seed 1
  echo '{"op": "meld", "game": "rummikub", "meld": "r5 r6 *"}' | rummylib batch

exit status: 0 valid, 1 invalid, 2 bad input
"""


# ------------------------------------------------------------------------------------------
# Output: colour or plain, and a progress line
# ------------------------------------------------------------------------------------------

_RESET = "\x1b[0m"
_TILE_FG = {
    Color.BLACK: 16,
    Color.BLUE: 25,
    Color.YELLOW: 166,
    Color.RED: 160,
    Color.GREEN: 28,
    Color.PURPLE: 91,
    Color.CYAN: 30,
    Color.MAGENTA: 162,
}
_MARK_BG = {"played": 157, "moved": 223}
_SUIT_SYMBOL = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}


class _Out:
    """Where the answer goes, whether it is painted, and where notes go (standard error with ``--json``)."""

    def __init__(self, stream: IO[str], colour: bool, *, notes: IO[str] | None = None) -> None:
        self.stream = stream
        self.colour = colour
        self.notes = notes if notes is not None else stream
        self.progress: _Progress | None = None

    def line(self, text: str = "") -> None:
        """One line of the answer; a progress bar on the same terminal is cleared first."""
        if self.progress is not None:
            self.progress.clear()
        print(text, file=self.stream)
        if self.progress is not None:
            self.stream.flush()  # before the bar is drawn again on standard error

    def note(self, text: str) -> None:
        """A line about the answer (where a picture was written), kept out of JSON answers."""
        if self.notes is self.stream:
            self.line(self.dim(text))
        else:
            print(text, file=self.notes)

    def paint(self, text: str, code: str) -> str:
        return f"\x1b[{code}m{text}{_RESET}" if self.colour else text

    def ok(self, text: str) -> str:
        return self.paint(text, "1;32")

    def bad(self, text: str) -> str:
        return self.paint(text, "1;31")

    def dim(self, text: str) -> str:
        return self.paint(text, "2")

    def piece(self, p: Piece, stands_for: Face | None = None, mark: str | None = None) -> str:
        """One piece: a coloured chip on a terminal, notation otherwise (``*=R7`` for a joker).

        ``mark`` (``"played"`` or ``"moved"``) tints the chip green or amber on a terminal.
        """
        if not self.colour:
            return f"{p}={stands_for}" if stands_for is not None else str(p)
        tint = _MARK_BG.get(mark or "")
        if isinstance(p, Tile):
            return f"\x1b[1;38;5;{_TILE_FG[p.color]};48;5;{tint or 230}m {p.number} {_RESET}"
        if isinstance(p, Card):
            fg = 160 if p.suit in (Suit.HEARTS, Suit.DIAMONDS) else 16
            return f"\x1b[1;38;5;{fg};48;5;{tint or 255}m {p.rank.symbol}{_SUIT_SYMBOL[p.suit]} {_RESET}"
        meaning = ""
        if isinstance(stands_for, Tile):
            meaning = f"\x1b[38;5;{_TILE_FG[stands_for.color]}m{stands_for.number}"
        elif isinstance(stands_for, Card):
            fg = 160 if stands_for.suit in (Suit.HEARTS, Suit.DIAMONDS) else 16
            meaning = f"\x1b[38;5;{fg}m{stands_for.rank.symbol}{_SUIT_SYMBOL[stands_for.suit]}"
        return f"\x1b[1;38;5;160;48;5;{tint or 230}m ☺{meaning} {_RESET}"

    def meld(self, meld: Meld, reading: MeldReading | None = None, marks: Sequence[str | None] = ()) -> str:
        shown = []
        for i, p in enumerate(meld.pieces):
            stands = reading.faces[i] if reading is not None and reading.acting[i] else None
            shown.append(self.piece(p, stands, marks[i] if i < len(marks) else None))
        return ("" if self.colour else " ").join(shown)

    def violation(self, v: Violation) -> str:
        return f"  {self.bad('✗') if self.colour else '-'} {v}"


class _Progress:
    """A one-line progress bar on standard error, drawn only when it is a terminal.

    The bar never shares a line with an answer: every answer line goes through `_Out.line`, which
    clears the bar first, and the next step draws it again below the answer. ``detail`` redraws it
    within one item (the turn of a long game).
    """

    def __init__(
        self,
        total: int,
        *,
        label: str,
        stream: IO[str] | None = None,
        out: _Out | None = None,
        even_one: bool = False,
    ) -> None:
        self.total = total
        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        self.active = (total > 1 or (even_one and total == 1)) and self.stream.isatty()
        self.done = 0
        self.shown = 0
        """Characters of the bar now on the terminal (0: nothing to clear)."""
        self.out = out
        if self.active and out is not None and out.stream.isatty():  # answers on the same terminal: take turns
            out.progress = self

    def _draw(self, detail: str = "") -> None:
        filled = 30 * self.done // self.total
        bar = "#" * filled + "." * (30 - filled)
        text = f"{self.label} [{bar}] {self.done}/{self.total}{detail}"
        self.stream.write("\r" + text + " " * max(0, self.shown - len(text)))
        self.stream.flush()
        self.shown = len(text)

    def step(self) -> None:
        self.done += 1
        if self.active and (not self.shown or self.done == self.total or self.done % max(1, self.total // 100) == 0):
            self._draw()

    def detail(self, text: str) -> None:
        """Redraw the bar with a word on the item under way (``"game 2, turn 57"``)."""
        if self.active:
            self._draw(f"  {text}")

    def clear(self) -> None:
        """Take the bar off the terminal line (before an answer line is printed there)."""
        if self.shown:
            self.stream.write("\r" + " " * self.shown + "\r")
            self.stream.flush()
            self.shown = 0

    def close(self) -> None:
        self.clear()
        if self.out is not None and self.out.progress is self:
            self.out.progress = None

    def wrap(self, items: Sequence[_T]) -> Iterator[_T]:
        try:
            for item in items:
                yield item
                self.step()
        finally:
            self.close()


def _use_colour(choice: str, stream: IO[str]) -> bool:
    if choice == "always":
        return True
    if choice == "never" or os.environ.get("NO_COLOR"):
        return False
    return stream.isatty()


def _emit_json(out: _Out, data: object) -> None:
    out.line(json.dumps(data, ensure_ascii=False))


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


def _rules(args: argparse.Namespace, *, default: str | None = None) -> RuleSet:
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


def _read_text(path: str) -> str:
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
    text = _read_text(path)
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise RequestError(f"{path} is not valid JSON: {exc}", code=ErrorCode.BAD_JSON) from None
    except RecursionError:
        raise RequestError(f"{path} is not valid JSON: nested too deeply", code=ErrorCode.BAD_JSON) from None
    if not isinstance(data, dict):
        raise RequestError(f"{path} must hold one JSON object", code=ErrorCode.BAD_JSON)
    return data


def _write_picture(out: _Out, path: str, picture: str) -> None:
    """Write an SVG picture and say where it went."""
    try:
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(picture)
    except OSError as exc:
        raise RequestError(f"cannot write {path}: {exc.strerror or exc}", code=ErrorCode.BAD_REQUEST) from None
    out.note(f"picture written to {path}")


def _table_melds(text: str, rules: RuleSet) -> list[Meld]:
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
    if args.wild_rank is not None:
        if data.get("wild_rank") is not None and str(data["wild_rank"]) != args.wild_rank:
            raise RequestError(
                f"--wild-rank {args.wild_rank} contradicts the field 'wild_rank' of {path}", code=ErrorCode.BAD_REQUEST
            )
        request["wild_rank"] = args.wild_rank
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
    if args.wild_rank is not None:
        request["wild_rank"] = args.wild_rank
    return request


def _turn_request(args: argparse.Namespace) -> Request:
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


# ------------------------------------------------------------------------------------------
# Commands
# ------------------------------------------------------------------------------------------


def _cmd_meld(args: argparse.Namespace, out: _Out) -> int:
    rules = _rules(args)
    texts: list[str] = list(args.melds)
    if args.file:
        texts += [line.strip() for line in _read_text(args.file).splitlines() if line.strip()]
        if not texts:
            raise RequestError(f"{args.file} holds no meld: write one meld per line", code=ErrorCode.BAD_REQUEST)
    if not texts:
        raise RequestError("give at least one meld (or --file)")
    status = EXIT_VALID
    quiet = args.file is not None and args.quiet
    counts = {"valid": 0, "invalid": 0}
    for text in _Progress(len(texts), label="checking melds", out=out).wrap(texts):
        meld = Meld(parse_pieces(text, rules=rules))
        reading = read_meld(meld, rules=rules)
        problems = meld_violations(meld, rules=rules) if reading is None else ()
        counts["valid" if reading else "invalid"] += 1
        if reading is None:
            status = EXIT_INVALID
        if args.json:
            # the answer of the batch op ``meld`` for this meld, and the meld itself
            _emit_json(
                out,
                {
                    "meld": str(meld),
                    "valid": reading is not None,
                    "kind": reading.kind.value if reading else None,
                    "value": reading.value if reading else None,
                    "jokers": [str(f) for f in reading.jokers] if reading else [],
                    "problems": [v.to_json() for v in problems],
                },
            )
        elif reading is not None and not quiet:
            kind = "set" if rules.family.value == "cards" and reading.kind is MeldKind.GROUP else reading.kind.value
            value = f" (value {reading.value})" if reading.value is not None else ""
            out.line(f"{out.ok('valid')} {kind} {out.meld(meld, reading)}{value}")
        elif reading is None:
            out.line(f"{out.bad('invalid')} {out.meld(meld)}")
            for v in problems:
                out.line(out.violation(v))
    if args.file is not None and not args.json:
        out.line(out.dim(f"{counts['valid']} valid, {counts['invalid']} invalid"))
    return status


def _cmd_turn(args: argparse.Namespace, out: _Out) -> int:
    req = _turn_request(args)
    rules = req.rules
    old, new = list(req.table("table_before").melds), list(req.table("table_after").melds)
    rack = req.pieces("rack")
    opened = req.boolean("initial_meld_done", default=False)
    report = validate_turn(old, rack, new, rules=rules, initial_meld_done=opened)
    if args.json:
        _emit_json(out, report.to_json())
    else:
        played = format_pieces(report.played) or "nothing"
        head = out.ok("legal turn") if report.valid else out.bad("illegal turn")
        out.line(f"{head}: played {played}")
        for v in report.violations:
            out.line(out.violation(v))
        marks = {where: m.value for where, m in svg.turn_marks(report, new).items()}
        _show_table(out, new, rules, marks)
        if out.colour and marks:
            played, moved = out.piece(Tile(Color.RED, 7), mark="played"), out.piece(Tile(Color.RED, 6), mark="moved")
            out.line(f"      {played} played from the rack  {moved} moved on the table")
        text = str(report.changes)
        if text != "no set changed":
            out.line(out.dim("what changed:"))
            for line in text.splitlines():
                out.line(out.dim(f"  {line}"))
    if args.svg:
        picture = svg.turn(old, rack, new, rules=rules, initial_meld_done=opened, report=report)
        _write_picture(out, args.svg, picture)
    return EXIT_VALID if report.valid else EXIT_INVALID


def _show_table(
    out: _Out, melds: Sequence[Meld], rules: RuleSet | None, marks: Mapping[tuple[int, int], str] | None = None
) -> None:
    for i, meld in enumerate(melds):
        row = [(marks or {}).get((i, k)) for k in range(len(meld.pieces))]
        reading = read_meld(meld, rules=rules) if rules is not None else None
        mark = ""
        if rules is not None:
            mark = out.ok(" ✓") if reading is not None else out.bad(" ✗")
            if not out.colour:
                mark = "" if reading is not None else "  (invalid)"
        out.line(f"  {i + 1:>2}. {out.meld(meld, reading, row)}{mark}")


def _cmd_contract(args: argparse.Namespace, out: _Out) -> int:
    rules = _rules(args)
    melds = [Meld(parse_pieces(m, rules=rules)) for m in args.melds]
    hand = parse_pieces(args.hand, rules=rules) if args.hand is not None else None
    contract = contract_for(rules=rules, round_number=args.round)
    problems = contract_violations(melds, round_number=args.round, rules=rules, hand=hand)
    if args.json:
        _emit_json(out, {"valid": not problems, "problems": [v.to_json() for v in problems]})
    else:
        verdict = out.ok("contract met") if not problems else out.bad("contract not met")
        out.line(f"{verdict}: round {args.round} of {rules.title}, {contract}")
        for i, meld in enumerate(melds):
            out.line(f"  {i + 1:>2}. {out.meld(meld, read_meld(meld, rules=rules))}")
        for v in problems:
            out.line(out.violation(v))
    return EXIT_VALID if not problems else EXIT_INVALID


def _cmd_find_contract(args: argparse.Namespace, out: _Out) -> int:
    rules = _rules(args)
    hand = parse_pieces(args.hand, rules=rules)
    contract = contract_for(rules=rules, round_number=args.round)
    plan = find_contract(hand, round_number=args.round, rules=rules)
    if args.json:
        _emit_json(
            out,
            {
                "possible": plan is not None,
                "melds": [str(m) for m in plan.melds] if plan else None,
                "points_left": plan.points_left if plan else None,
            },
        )
    elif plan is None:
        out.line(f"{out.bad('impossible')}: this hand cannot meet {contract}")
    else:
        out.line(f"{out.ok('possible')}: {contract}")
        for i, (meld, reading) in enumerate(zip(plan.melds, plan.readings, strict=True)):
            out.line(f"  {i + 1:>2}. {out.meld(meld, reading)}")
        left = " ".join(out.piece(p) for p in plan.left) or "nothing"
        out.line(f"  left in hand: {left} ({plan.points_left} points)")
    return EXIT_VALID if plan is not None else EXIT_INVALID


def _budget(seconds: float | None) -> Budget | None:
    """The solver's time budget of ``--seconds``: a finite number of seconds above 0, or none."""
    if seconds is None:
        return None
    if not math.isfinite(seconds) or seconds <= 0:
        raise RequestError(f"--seconds must be a number of seconds above 0, not {seconds:g}", code=ErrorCode.BAD_FIELD)
    return Budget(seconds=seconds)


def _cmd_solve(args: argparse.Namespace, out: _Out) -> int:
    rules = _rules(args, default="rummikub")
    table = _table_melds(args.table or "", rules)
    rack = parse_pieces(args.rack, rules=rules)
    budget = _budget(args.seconds)
    solution = solve(table, rack, rules=rules, initial_meld_done=args.opened, objective=args.objective, budget=budget)
    if args.json:
        _emit_json(
            out,
            {
                "tiles_placed": solution.tiles_placed,
                "value_placed": solution.value_placed,
                "played": format_pieces(solution.played),
                "table_after": [str(m) for m in solution.table_after],
            },
        )
    elif solution.is_pass:
        out.line(f"{out.bad('no play')}: nothing from this rack can be laid; draw a tile")
        if not args.opened:
            later = solve(table, rack, rules=rules, initial_meld_done=True, objective=args.objective, budget=budget)
            if not later.is_pass:
                shown = " ".join(out.piece(p) for p in later.played)
                out.line(
                    f"  hint: the first play (the initial meld) must be new sets from the rack worth at least "
                    f"{rules.initial_meld_points}; once it is made (--opened), {shown} can be played"
                )
    else:
        played = " ".join(out.piece(p) for p in solution.played)
        out.line(f"{out.ok('best play')}: {solution.tiles_placed} tiles worth {solution.value_placed}: {played}")
        _show_table(out, solution.table_after, rules)
    if args.svg:
        picture = svg.turn(table, rack, solution.table_after, rules=rules, initial_meld_done=args.opened)
        _write_picture(out, args.svg, picture)
    return EXIT_VALID


def _cmd_selfplay(args: argparse.Namespace, out: _Out) -> int:
    rules = _rules(args, default="rummikub")
    if args.games < 1 or args.max_turns < 1:
        raise RequestError("--games and --max-turns must be at least 1", code=ErrorCode.BAD_FIELD)
    budget = _budget(args.seconds)
    results = []
    progress = _Progress(args.games, label="playing", out=out, even_one=True)
    for k in progress.wrap(range(args.games)):
        seed = args.seed + k
        game = RummikubGame.deal(rules=rules, players=args.players, seed=seed)
        turns = 0
        while not game.is_over and turns < args.max_turns:
            progress.detail(f"game {k + 1}, turn {turns + 1}")
            play = solve(
                list(game.table.melds),
                game.rack(),
                rules=rules,
                initial_meld_done=game.initial_meld_done[game.current],
                objective=args.objective,
                budget=budget,
            )
            seat = game.current
            if not play.is_pass:
                game = game.apply(Play(seat, play.table_after))
            else:
                game = game.apply(Draw(seat) if game.pool else Pass(seat))
            turns += 1
        scores = list(game.result().scores) if game.is_over else None
        results.append({"seed": seed, "turns": turns, "winner": game.winner, "scores": scores})
    if args.json:
        for result in results:
            _emit_json(out, result)
        return EXIT_VALID
    for r in results:
        if r["scores"] is None:
            out.line(f"  seed {r['seed']}: unfinished after {r['turns']} turns")
            continue
        who = f"player {r['winner']} went out" if r["winner"] is not None else "the pool ran out"
        out.line(f"  seed {r['seed']}: {r['turns']} turns, {who}, scores {r['scores']}")
    finished = [r for r in results if r["scores"] is not None]
    if finished:
        totals = [sum(r["scores"][i] for r in finished) for i in range(args.players)]
        out.line(f"{len(finished)} of {len(results)} games finished; total scores by seat (from 0): {totals}")
    return EXIT_VALID


def _cmd_arena(args: argparse.Namespace, out: _Out) -> int:
    rules = _rules(args)
    bots = [name.strip() for name in args.bots.split(",")]
    progress = _Progress(args.games, label="playing", out=out, even_one=True)

    def advance(done: int, total: int) -> None:
        while progress.done < done:
            progress.step()

    try:
        result = run_arena(
            rules,
            bots,
            games=args.games,
            seed=args.seed,
            workers=args.workers,
            backend=args.backend,
            whole_game=args.whole_game,
            max_actions=args.max_actions,
            ray_address=args.ray_address,
            on_progress=advance,
        )
    finally:
        progress.close()
    if args.json:
        _emit_json(out, result.to_json())
        return EXIT_VALID
    better = "lower" if result.lower_wins else "higher"
    out.line(
        f"{rules.title}: {result.games} games between {len(bots)} bots, seats rotated, seed {result.seed}"
        f" ({better} scores are better)"
    )
    width = max(len("bot"), *(len(s.bot) for s in result.standings))
    out.line(  # each entry named by its seat (in the first game; seats rotate), so that two randoms differ
        f"  seat  {'bot':<{width}}  {'games':>5}  {'wins':>5}  {'win rate':>8}  {'mean score':>10}  "
        f"{'95% interval':<18}  Elo"
    )
    for s in result.standings:
        rate = s.wins / s.games if s.games else 0.0
        interval = f"[{s.ci95[0]:.1f}, {s.ci95[1]:.1f}]"
        row = f"{s.games:5}  {s.wins:5}  {rate:8.1%}  {s.mean_score:10.1f}  {interval:<18}  {s.elo:.0f}"
        out.line(f"  {s.seat:>4}  {s.bot:<{width}}  {row}")
    if result.draws or result.unfinished:
        out.line(
            f"{result.draws} games nobody won; {result.unfinished} left unfinished after {args.max_actions} actions"
        )
    return EXIT_VALID


def _cmd_points(args: argparse.Namespace, out: _Out) -> int:
    rules = _rules(args)
    hand = parse_pieces(args.hand, rules=rules)
    rules.check_piece_counts(hand, what="hand")
    cost = hand_cost(hand, rules=rules)
    if args.json:
        _emit_json(out, {"points": cost.points})
    else:
        out.line(f"{cost.points} points  {out.dim(cost.how)}")
    return EXIT_VALID


def _cmd_score(args: argparse.Namespace, out: _Out) -> int:
    rules = _rules(args)
    hands = [parse_pieces(h, rules=rules) for h in args.hands]
    if not hands:
        raise RequestError('give one hand (or rack) per player, in seat order; "" for an empty one')
    rules.check_piece_counts([p for h in hands for p in h], what="hands")
    scores: tuple[int, ...]
    if rules.scoring is ScoringScheme.RACK:
        scores = score_rummikub(hands, winner=args.winner, rules=rules)
    elif rules.scoring is ScoringScheme.CONTRACT:
        scores = score_contract_round(
            hands, rules=rules, out_in_one_turn=args.out_in_one_turn, joker_used=args.joker_used
        )
    elif rules.scoring is ScoringScheme.GIN:
        if len(hands) != 2:
            raise RequestError("gin: give the knocker's hand, then the defender's")
        result = score_hand(hands[0], hands[1], rules=rules, upcard=args.upcard)
        if args.json:
            _emit_json(out, {"winner": result.winner, "kind": result.kind.value, "points": result.points})
        else:
            out.line(f"the {result.winner} scores {result.points} ({result.kind.value})")
        return EXIT_VALID
    else:
        if args.winner is None:
            raise RequestError("indian rummy: give --winner, the player who declared")
        scores = score_deal(hands, winner=args.winner, rules=rules)
    if args.json:
        _emit_json(out, {"scores": list(scores)})
    else:
        width = max(len(str(s)) for s in scores)
        for i, (hand, score) in enumerate(zip(hands, scores, strict=True)):
            shown = " ".join(out.piece(p) for p in hand) or out.dim("(out)")
            out.line(f"  player {i}: {score:>{width}}  {shown}")
    return EXIT_VALID


def _cmd_replay(args: argparse.Namespace, out: _Out) -> int:
    record = read_record(_read_text(args.file))
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


def _cmd_show(args: argparse.Namespace, out: _Out) -> int:
    rules = _rules(args) if args.game else None
    melds = _table_melds(args.table, rules) if rules else [Meld(p) for p in parse_melds(args.table)]
    invalid = False
    if args.json:
        for meld in melds:  # one object per line, as every command prints JSON
            reading = read_meld(meld, rules=rules) if rules else None
            invalid |= rules is not None and reading is None
            _emit_json(
                out,
                {
                    "meld": str(meld),
                    "valid": None if rules is None else reading is not None,
                    "reading": str(reading) if reading else None,
                },
            )
    else:
        _show_table(out, melds, rules)
        invalid = rules is not None and any(read_meld(m, rules=rules) is None for m in melds)
    if args.svg:
        picture = svg.meld(melds[0], rules=rules, labels=True) if len(melds) == 1 else svg.table(melds, rules=rules)
        _write_picture(out, args.svg, picture)
    return EXIT_INVALID if invalid else EXIT_VALID


# ------------------------------------------------------------------------------------------
# The parser
# ------------------------------------------------------------------------------------------


class _Parser(argparse.ArgumentParser):
    """argparse, with a usage error said as every bad input is: one line, ``rummylib: error: ... [bad-request]``."""

    def error(self, message: str) -> NoReturn:
        command = self.prog.removeprefix("rummylib").strip()
        where = f"{command}: " if command else ""
        _error(f"{where}{message}; see rummylib {command + ' ' if command else ''}--help [{ErrorCode.BAD_REQUEST}]")
        raise SystemExit(EXIT_BAD_INPUT)


def _tile_games() -> str:
    return ", ".join(name for name, rules in PRESETS.items() if rules.family is Family.TILES)


def _common(*, game_required: bool, tiles_only: bool = False) -> _Parser:
    parent = _Parser(add_help=False)
    if tiles_only:
        game_help = f"the game, a tile game: {_tile_games()} (the default); card games are refused"
    else:
        game_help = "the game: rummikub, contract_rummy (liverpool), shanghai, gin_rummy (gin), indian_rummy (indian)"
    parent.add_argument("--game", "-g", required=game_required, help=game_help)
    parent.add_argument(
        "--option",
        "-o",
        action="append",
        metavar="NAME=VALUE",
        help="a house rule, a RuleSet field (repeatable): -o initial_meld_points=25 -o joker_ratio=true",
    )
    if not tiles_only:
        parent.add_argument("--wild-rank", metavar="RANK", help="card games: every card of this rank is wild (5, Q, A)")
    else:
        parent.set_defaults(wild_rank=None)
    parent.add_argument("--json", action="store_true", help="answer in JSON (one object per line) for scripts")
    parent.add_argument(
        "--color",
        "--colour",
        choices=("auto", "always", "never"),
        default="auto",
        metavar="WHEN",
        help="colour the pieces: auto (on a terminal, unless NO_COLOR is set; the default), always or never",
    )
    return parent


_OBJECTIVE_HELP = (
    "what the best play is: tiles (the most rack tiles; the default), value (the most points from the rack) "
    "or fewest_changes (the most tiles, changing the fewest table sets)"
)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser for the ``rummylib`` command.

    Examples:
        >>> sorted(build_parser()._subparsers._group_actions[0].choices)[:3]  # type: ignore[union-attr]
        ['arena', 'batch', 'contract']
    """
    parser = _Parser(
        prog="rummylib",
        description="The rules of the rummy family: Rummikub, Contract Rummy, Shanghai, Gin and Indian Rummy.",
        epilog=_EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--version", action="store_true", help="print the version and the build (compiled or pure Python), and exit"
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    batch = sub.add_parser(
        "batch",
        help=batch_command.HELP,
        description=batch_command.DESCRIPTION,
        epilog=batch_command.ops_epilog(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    batch_command.add_arguments(batch)
    replay = sub.add_parser(
        "replay",
        help="replay a game record through the referee and print it turn by turn",
        description="Read a game record (docs: Game records), replay every move through the referee and print "
        "each turn: who moved, the move, and the game as a seat sees it.",
        epilog="example:\n  rummylib replay game.txt --seat 0 --svg turns/\n\n"
        "exit status: 0 done, 2 bad input (a record that cannot be read, an illegal move)",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    replay.add_argument("file", help="the record ('-' for standard input)")
    replay.add_argument("--seat", type=int, help="show every turn as this seat sees it (default: the seat that moved)")
    replay.add_argument(
        "--svg", metavar="DIR", help="also draw each turn: DIR/turn-000.svg (the deal), turn-001.svg, ..."
    )
    replay.set_defaults(color="never", json=False)

    def add(
        name: str, help_text: str, example: str, *, game_required: bool, tiles_only: bool = False
    ) -> argparse.ArgumentParser:
        return sub.add_parser(
            name,
            parents=[_common(game_required=game_required, tiles_only=tiles_only)],
            help=help_text,
            description=help_text[0].upper() + help_text[1:] + ".",
            epilog=f"example:\n  {example}\n\nexit status: 0 valid, 1 invalid, 2 bad input",
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )

    meld = add(
        "meld",
        "check melds: valid or not, kind, value, what each joker stands for, every problem",
        'rummylib meld --game rummikub "r5 r6 *" "r12 r13 r1"',
        game_required=True,
    )
    meld.add_argument("melds", nargs="*", metavar="MELD", help='a meld in notation, quoted: "r5 r6 *"')
    meld.add_argument("--file", "-f", help="also check every line of FILE (one meld per line); shows progress")
    meld.add_argument("--quiet", "-q", action="store_true", help="with --file, print only the invalid melds")

    turn = add(
        "turn",
        "check a Rummikub turn: table before, rack, table after",
        "rummylib turn examples/turn.json --svg turn.svg",
        game_required=False,
        tiles_only=True,
    )
    turn.add_argument(
        "file",
        nargs="?",
        help="JSON file of the turn, as a batch 'turn' request: table_before, rack, table_after, initial_meld_done "
        "(and game, rules); any other field is an error",
    )
    turn.add_argument("--before", help='the table before, in notation: "r1 r2 r3 | k7 b7 y7" (without a FILE)')
    turn.add_argument("--rack", help='the player\'s rack before the turn ("" for an empty one; without a FILE)')
    turn.add_argument("--after", help="the table the player proposes (without a FILE)")
    turn.add_argument(
        "--opened", action="store_true", help="the player has already made the initial meld (without a FILE)"
    )
    turn.add_argument("--svg", metavar="FILE", help="also draw the turn as an SVG picture")

    contract = add(
        "contract",
        "check a meld-down against a round's contract (Contract Rummy, Shanghai)",
        'rummylib contract -g shanghai --round 2 "7h 7s 7d" "4c 5c 6c 7c"',
        game_required=True,
    )
    contract.add_argument("melds", nargs="+", metavar="MELD", help="the melds laid down, one argument each")
    contract.add_argument("--round", "-r", type=int, required=True, help="the round (from 1)")
    contract.add_argument("--hand", help="the hand they come from (optional)")

    find = add(
        "find-contract",
        "find the meld-down that meets a round's contract leaving the fewest points",
        'rummylib find-contract -g contract_rummy -r 1 "7h 7s 7d 8c 8s 8h Kd 4c"',
        game_required=True,
    )
    find.add_argument("hand", help="the hand, in notation")
    find.add_argument("--round", "-r", type=int, required=True, help="the round (from 1)")

    solve = add(
        "solve",
        "find the best Rummikub play from a rack onto a table",
        'rummylib solve --table "r1 r2 r3 | b5 k5 y5" --rack "r4 r5 *" --opened',
        game_required=False,
        tiles_only=True,
    )
    solve.add_argument("--table", default="", help="the table, in notation (sets separated by |)")
    solve.add_argument("--rack", required=True, help="the rack, in notation")
    solve.add_argument("--opened", action="store_true", help="the player has already made the initial meld")
    solve.add_argument("--objective", choices=[o.value for o in Objective], default="tiles", help=_OBJECTIVE_HELP)
    solve.add_argument("--seconds", type=float, help="give up (exit 2) after this many seconds (a number above 0)")
    solve.add_argument("--svg", metavar="FILE", help="also draw the play as an SVG picture")

    points = add(
        "points",
        "what one hand costs: points left, Gin deadwood, Indian Rummy's best arrangement",
        'rummylib points -g gin "Ah 2h 3h 9c Kd"',
        game_required=True,
    )
    points.add_argument("hand", help="the hand, in notation")

    score = add(
        "score",
        "score a finished game or round from every player's hand",
        'rummylib score -g rummikub --winner 0 "" "r5 k3" "*"',
        game_required=True,
    )
    score.add_argument(
        "hands",
        nargs="*",
        metavar="HAND",
        help='one per player in seat order, from seat 0 ("" when empty); '
        "Gin: the knocker's hand, then the defender's",
    )
    score.add_argument(
        "--winner", type=int, help="the seat (from 0) of the player who went out (Rummikub) or declared (Indian)"
    )
    score.add_argument("--out-in-one-turn", action="store_true", help="Shanghai: the winner laid all at once")
    score.add_argument("--joker-used", action="store_true", help="Shanghai: a joker was among those cards")
    score.add_argument("--upcard", help="Gin (Oklahoma): the first upcard")

    selfplay = add(
        "selfplay",
        "play seeded Rummikub games in which every player makes the solver's best play",
        "rummylib selfplay --games 5 --players 3 --seed 10",
        game_required=False,
        tiles_only=True,
    )
    selfplay.add_argument("--games", type=int, default=3, help="how many games (default 3); progress is shown")
    selfplay.add_argument("--players", type=int, default=2, help="players per game (default 2)")
    selfplay.add_argument("--seed", type=int, default=1, help="seed of the first game; the next ones count up")
    selfplay.add_argument("--objective", choices=[o.value for o in Objective], default="tiles", help=_OBJECTIVE_HELP)
    selfplay.add_argument("--max-turns", type=int, default=500, help="stop a game after this many turns")
    selfplay.add_argument("--seconds", type=float, help="time budget of each solver call (a number above 0)")

    arena = add(
        "arena",
        "play seeded games between bots, seats rotated, and report wins, mean scores with confidence intervals and Elo",
        "rummylib arena --game gin --bots heuristic,random --games 20 --seed 1",
        game_required=True,
    )
    arena.add_argument("--bots", required=True, help="one bot per seat, comma-separated: random or heuristic")
    arena.add_argument("--games", type=int, default=100, help="how many games (default 100); progress is shown")
    arena.add_argument(
        "--seed", type=int, default=0, help="the arena's seed (default 0): the same seed, the same result"
    )
    arena.add_argument("--workers", type=int, help="local processes to play on (default: one per processor)")
    arena.add_argument(
        "--backend", choices=BACKENDS, default="local", help="local processes (the default) or Ray tasks"
    )
    arena.add_argument("--ray-address", help="with --backend ray: the cluster to join (default: start Ray here)")
    arena.add_argument("--whole-game", action="store_true", help="play whole games, not one hand, round or deal each")
    arena.add_argument("--max-actions", type=int, default=5000, help="leave a game unfinished after this many actions")

    show = add(
        "show",
        "show a meld or a table as text (colour on a terminal) or as an SVG picture",
        'rummylib show -g rummikub "r1 r2 r3 | k7 b7 *" --svg table.svg',
        game_required=False,
    )
    show.add_argument("table", help="melds in notation, separated by |")
    show.add_argument("--svg", metavar="FILE", help="write an SVG picture to FILE")
    return parser


_COMMANDS: dict[str, Callable[[argparse.Namespace, _Out], int]] = {
    "meld": _cmd_meld,
    "turn": _cmd_turn,
    "contract": _cmd_contract,
    "find-contract": _cmd_find_contract,
    "solve": _cmd_solve,
    "points": _cmd_points,
    "score": _cmd_score,
    "selfplay": _cmd_selfplay,
    "arena": _cmd_arena,
    "show": _cmd_show,
    "replay": _cmd_replay,
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
    out = _Out(
        sys.stdout, _use_colour(args.color, sys.stdout) and not args.json, notes=sys.stderr if args.json else None
    )
    try:
        return command(args, out)
    except RummyError as exc:
        code = f"[{exc.code}]"  # once: a refusal's sentence may end with it already (a knock over the limit)
        _error(exc.message if exc.message.endswith(code) else f"{exc.message} {code}")
    except BrokenPipeError:
        # The reader went away (``rummylib show ... | head``): stop quietly, as Unix tools do.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except OSError as exc:
        _error(f"cannot read or write {exc.filename}: {exc.strerror} [{ErrorCode.BAD_REQUEST}]")
    except KeyboardInterrupt:
        _error("interrupted")
    return EXIT_BAD_INPUT


def _error(text: str) -> None:
    print(f"rummylib: error: {text}", file=sys.stderr)
