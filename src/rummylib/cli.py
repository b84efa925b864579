"""The ``rummylib`` command line.

``rummylib batch [FILE]`` answers JSON Lines requests (see `rummylib.batch`). Beside it, commands
for people: ``meld``, ``turn``, ``contract``, ``find-contract``, ``solve``, ``points``, ``score``,
``show`` and ``selfplay``. They hold no rules: each reads its arguments, calls the Python API and
prints the answer, in colour on a terminal, plain when piped, or as JSON with ``--json``.

Exit status: 0 valid (or done), 1 invalid, 2 bad input (bad notation, unknown game, a file that
cannot be read, ...). Errors are one line on standard error, never a traceback.

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
import json
import os
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import IO, Any, TypeVar

from rummylib import __version__, svg
from rummylib.batch import Signer, main_batch
from rummylib.cards import Card, Suit
from rummylib.contracts import contract_for, contract_violations, find_contract, score_contract_round
from rummylib.errors import ErrorCode, RequestError, RuleSetError, RummyError, Violation
from rummylib.gin import score_hand
from rummylib.indian import score_deal
from rummylib.melds import Face, Meld, MeldKind, MeldReading, meld_violations, read_meld
from rummylib.notation import parse_melds, parse_pieces
from rummylib.pieces import Piece, format_pieces
from rummylib.registry import hand_cost
from rummylib.rules import RuleSet, ScoringScheme, find_ruleset
from rummylib.rummikub import Budget, Draw, Pass, Play, RummikubGame, score_rummikub, solve, validate_turn
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
  rummylib turn --before "r3 r4 r5 r6" --rack "r7 b1" --after "r3 r4 r5 | r6 r7 *" --opened
  rummylib contract --game shanghai --round 2 "7h 7s 7d" "4c 5c 6c 7c"
  rummylib find-contract --game contract_rummy --round 1 "7h 7s 7d 8c 8s 8h Kd 4c"
  rummylib solve --table "r1 r2 r3 | b5 k5 y5" --rack "r4 r5 *" --opened
  rummylib points --game gin "Ah 2h 3h 9c Kd"
  rummylib score --game rummikub --winner 0 "" "r5 k3" "*"
  rummylib show --game rummikub "r1 r2 r3 | k7 b7 *" --svg table.svg
  rummylib selfplay --games 10 --players 3           # solver against solver, with progress
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
    """Where the answer goes, and whether it is painted."""

    def __init__(self, stream: IO[str], colour: bool) -> None:
        self.stream = stream
        self.colour = colour

    def line(self, text: str = "") -> None:
        print(text, file=self.stream)

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
    """A one-line progress display on standard error, shown only when it is a terminal."""

    def __init__(self, total: int, *, label: str, stream: IO[str] | None = None) -> None:
        self.total = total
        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        self.active = total > 1 and self.stream.isatty()
        self.done = 0

    def step(self) -> None:
        self.done += 1
        if self.active and (self.done == self.total or self.done % max(1, self.total // 100) == 0):
            filled = 30 * self.done // self.total
            bar = "#" * filled + "." * (30 - filled)
            self.stream.write(f"\r{self.label} [{bar}] {self.done}/{self.total}")
            self.stream.flush()

    def close(self) -> None:
        if self.active:
            self.stream.write("\r" + " " * (len(self.label) + 45) + "\r")
            self.stream.flush()

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


def _rules(args: argparse.Namespace, *, default: str | None = None) -> RuleSet:
    """The rule set from ``--game``, ``--option NAME=VALUE`` and ``--wild-rank``."""
    name = args.game or default
    if name is None:
        raise RequestError("this command needs --game (rummikub, contract_rummy, shanghai, gin_rummy, indian_rummy)")
    rules = find_ruleset(name)
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
    if options:
        rules = rules.with_options(options)
    if getattr(args, "wild_rank", None):
        rules = rules.with_options({"wild_ranks": [*sorted(rules.wild_ranks), args.wild_rank]})
    return rules


def _read_text(path: str) -> str:
    """The text of a file (``-`` for standard input); a file that is not UTF-8 is bad input."""
    name = "standard input" if path == "-" else path
    try:
        if path == "-":
            return sys.stdin.read()
        with open(path, encoding="utf-8") as handle:
            return handle.read()
    except UnicodeDecodeError as exc:
        raise RequestError(f"{name} is not UTF-8 text (byte {exc.start})", code=ErrorCode.BAD_REQUEST) from None


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


def _table_text(value: object, name: str) -> str:
    """A table given in JSON as a list of melds or one ``|`` string, as notation."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if isinstance(value, list) and all(isinstance(m, str) for m in value):
        return " | ".join(value)
    raise RequestError(
        f"field {name!r} must be a list of sets in notation (or one '|' string)", code=ErrorCode.BAD_FIELD
    )


def _table_melds(text: str, rules: RuleSet) -> list[Meld]:
    return [Meld(p) for p in parse_melds(text, rules=rules)]


# ------------------------------------------------------------------------------------------
# Commands
# ------------------------------------------------------------------------------------------


def _cmd_meld(args: argparse.Namespace, out: _Out) -> int:
    rules = _rules(args)
    texts: list[str] = list(args.melds)
    if args.file:
        texts += [line.strip() for line in _read_text(args.file).splitlines() if line.strip()]
    if not texts:
        raise RequestError("give at least one meld (or --file)")
    status = EXIT_VALID
    quiet = args.file is not None and args.quiet
    counts = {"valid": 0, "invalid": 0}
    for text in _Progress(len(texts), label="checking melds").wrap(texts):
        meld = Meld(parse_pieces(text, rules=rules))
        reading = read_meld(meld, rules=rules)
        problems = meld_violations(meld, rules=rules) if reading is None else ()
        counts["valid" if reading else "invalid"] += 1
        if reading is None:
            status = EXIT_INVALID
        if args.json:
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
    if args.file:
        data = _read_json_object(args.file)
        if args.game is None and isinstance(data.get("game"), str):
            args.game = data["game"]
        rules = _rules(args, default="rummikub")
        if isinstance(data.get("rules"), dict):
            rules = rules.with_options(data["rules"])
        before = _table_text(data.get("table_before"), "table_before")
        after = _table_text(data.get("table_after"), "table_after")
        rack = data.get("rack", "")
        if not isinstance(rack, str):
            raise RequestError("field 'rack' must be a string of pieces", code=ErrorCode.BAD_FIELD)
        opened = data.get("initial_meld_done", False)
        if not isinstance(opened, bool):
            raise RequestError("field 'initial_meld_done' must be true or false", code=ErrorCode.BAD_FIELD)
        opened = opened or args.opened
    else:
        if args.after is None:
            raise RequestError("give a JSON file, or --after (with --before and --rack)")
        rules = _rules(args, default="rummikub")
        before, after, rack, opened = args.before or "", args.after, args.rack or "", args.opened
    old, new = _table_melds(before, rules), _table_melds(after, rules)
    report = validate_turn(old, rack, new, rules=rules, initial_meld_done=opened)
    if args.svg:
        _write(args.svg, svg.turn(old, rack, new, rules=rules, initial_meld_done=opened, report=report))
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


def _write(path: str, text: str) -> None:
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text)


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


def _cmd_solve(args: argparse.Namespace, out: _Out) -> int:
    rules = _rules(args, default="rummikub")
    table = _table_melds(args.table or "", rules)
    rack = parse_pieces(args.rack, rules=rules)
    budget = Budget(seconds=args.seconds) if args.seconds else None
    solution = solve(table, rack, rules=rules, initial_meld_done=args.opened, objective=args.objective, budget=budget)
    if args.svg:
        _write(
            args.svg,
            svg.turn(table, rack, solution.table_after, rules=rules, initial_meld_done=args.opened),
        )
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
    else:
        played = " ".join(out.piece(p) for p in solution.played)
        out.line(f"{out.ok('best play')}: {solution.tiles_placed} tiles worth {solution.value_placed}: {played}")
        _show_table(out, solution.table_after, rules)
    return EXIT_VALID


def _cmd_selfplay(args: argparse.Namespace, out: _Out) -> int:
    rules = _rules(args, default="rummikub")
    if args.games < 1 or args.max_turns < 1:
        raise RequestError("--games and --max-turns must be at least 1", code=ErrorCode.BAD_FIELD)
    results = []
    for k in _Progress(args.games, label="playing").wrap(range(args.games)):
        seed = args.seed + k
        game = RummikubGame.deal(rules=rules, players=args.players, seed=seed)
        turns = 0
        while not game.is_over and turns < args.max_turns:
            play = solve(
                list(game.table.melds),
                game.rack(),
                rules=rules,
                initial_meld_done=game.initial_meld_done[game.current],
                objective=args.objective,
                budget=Budget(seconds=args.seconds) if args.seconds else None,
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
        out.line(f"{len(finished)} of {len(results)} games finished; total scores by seat: {totals}")
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


def _cmd_show(args: argparse.Namespace, out: _Out) -> int:
    rules = _rules(args) if args.game else None
    melds = _table_melds(args.table, rules) if rules else [Meld(p) for p in parse_melds(args.table)]
    if args.svg:
        picture = svg.meld(melds[0], rules=rules, labels=True) if len(melds) == 1 else svg.table(melds, rules=rules)
        _write(args.svg, picture)
    invalid = False
    if args.json:
        rows = []
        for meld in melds:
            reading = read_meld(meld, rules=rules) if rules else None
            invalid |= rules is not None and reading is None
            rows.append(
                {
                    "meld": str(meld),
                    "valid": None if rules is None else reading is not None,
                    "reading": str(reading) if reading else None,
                }
            )
        _emit_json(out, rows)
    else:
        _show_table(out, melds, rules)
        invalid = rules is not None and any(read_meld(m, rules=rules) is None for m in melds)
    return EXIT_INVALID if invalid else EXIT_VALID


# ------------------------------------------------------------------------------------------
# The parser
# ------------------------------------------------------------------------------------------


def _common(*, game_required: bool) -> argparse.ArgumentParser:
    parent = argparse.ArgumentParser(add_help=False)
    parent.add_argument(
        "--game",
        "-g",
        required=game_required,
        help="the game: rummikub, contract_rummy (liverpool), shanghai, gin_rummy (gin), indian_rummy (indian)",
    )
    parent.add_argument(
        "--option",
        "-o",
        action="append",
        metavar="NAME=VALUE",
        help="a house rule, a RuleSet field (repeatable): -o initial_meld_points=25 -o joker_ratio=true",
    )
    parent.add_argument("--wild-rank", metavar="RANK", help="card games: every card of this rank is wild (5, Q, A)")
    parent.add_argument("--json", action="store_true", help="answer in JSON (one object per line) for scripts")
    parent.add_argument(
        "--color",
        "--colour",
        choices=("auto", "always", "never"),
        default="auto",
        help="colour the pieces: auto (on a terminal, unless NO_COLOR is set), always or never",
    )
    return parent


def build_parser() -> argparse.ArgumentParser:
    """The argument parser for the ``rummylib`` command.

    Examples:
        >>> sorted(build_parser()._subparsers._group_actions[0].choices)[:3]  # type: ignore[union-attr]
        ['batch', 'contract', 'find-contract']
    """
    parser = argparse.ArgumentParser(
        prog="rummylib",
        description="The rules of the rummy family: Rummikub, Contract Rummy, Shanghai, Gin and Indian Rummy.",
        epilog=_EXAMPLES,
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
    batch.add_argument(
        "--secret-file",
        metavar="FILE",
        default=None,
        help="sign every state returned with the secret in FILE, and refuse states without a valid signature",
    )

    def add(name: str, help_text: str, example: str, *, game_required: bool) -> argparse.ArgumentParser:
        return sub.add_parser(
            name,
            parents=[_common(game_required=game_required)],
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
        "rummylib turn turn.json --svg turn.svg",
        game_required=False,
    )
    turn.add_argument("file", nargs="?", help="JSON file: table_before, rack, table_after, initial_meld_done")
    turn.add_argument("--before", help='the table before, in notation: "r1 r2 r3 | k7 b7 y7"')
    turn.add_argument("--rack", help="the player's rack before the turn")
    turn.add_argument("--after", help="the table the player proposes")
    turn.add_argument("--opened", action="store_true", help="the player has already made the initial meld")
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
    )
    solve.add_argument("--table", default="", help="the table, in notation (sets separated by |)")
    solve.add_argument("--rack", required=True, help="the rack, in notation")
    solve.add_argument("--opened", action="store_true", help="the player has already made the initial meld")
    solve.add_argument("--objective", choices=("tiles", "value", "fewest_changes"), default="tiles")
    solve.add_argument("--seconds", type=float, help="give up (exit 2) after this many seconds")
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
    score.add_argument("hands", nargs="*", metavar="HAND", help='one per player in seat order ("" when empty)')
    score.add_argument("--winner", type=int, help="Rummikub: the player who went out; Indian: who declared")
    score.add_argument("--out-in-one-turn", action="store_true", help="Shanghai: the winner laid all at once")
    score.add_argument("--joker-used", action="store_true", help="Shanghai: a joker was among those cards")
    score.add_argument("--upcard", help="Gin (Oklahoma): the first upcard")

    selfplay = add(
        "selfplay",
        "play seeded Rummikub games in which every player makes the solver's best play",
        "rummylib selfplay --games 5 --players 3 --seed 10",
        game_required=False,
    )
    selfplay.add_argument("--games", type=int, default=3, help="how many games (default 3); progress is shown")
    selfplay.add_argument("--players", type=int, default=2, help="players per game (default 2)")
    selfplay.add_argument("--seed", type=int, default=1, help="seed of the first game; the next ones count up")
    selfplay.add_argument("--objective", choices=("tiles", "value", "fewest_changes"), default="tiles")
    selfplay.add_argument("--max-turns", type=int, default=500, help="stop a game after this many turns")
    selfplay.add_argument("--seconds", type=float, help="time budget of each solver call")

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
    "show": _cmd_show,
}


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (0 valid, 1 invalid, 2 bad input).

    Examples:
        >>> main(["points", "--game", "rummikub", "r5 k3 *"])
        38 points  points of the pieces left in hand
        0
        >>> main(["meld", "--game", "rummikub", "r14"])  # the message goes to standard error
        2
    """
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.version:
        print(f"rummylib {__version__}")
        return 0
    if args.command == "batch":
        signer = None
        if args.secret_file is not None:
            try:
                signer = Signer.from_file(args.secret_file)
            except OSError as exc:
                _error(f"cannot read the secret file {args.secret_file}: {exc.strerror}")
                return EXIT_BAD_INPUT
            except RummyError as exc:
                _error(f"{exc.message} [{exc.code}]")
                return EXIT_BAD_INPUT
        try:
            return main_batch(args.file, signer=signer)
        except BrokenPipeError:
            # The reader went away (``rummylib batch ... | head``): stop quietly, as Unix tools do.
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            return 0
        except OSError as exc:
            print(f"rummylib: cannot read {args.file}: {exc.strerror}", file=sys.stderr)
            return 2
    command = _COMMANDS.get(args.command or "")
    if command is None:
        parser.print_help()
        return 2
    out = _Out(sys.stdout, _use_colour(args.color, sys.stdout) and not args.json)
    try:
        return command(args, out)
    except RummyError as exc:
        _error(f"{exc.message} [{exc.code}]")
    except OSError as exc:
        _error(f"cannot read or write {exc.filename}: {exc.strerror}")
    except KeyboardInterrupt:
        _error("interrupted")
    return EXIT_BAD_INPUT


def _error(text: str) -> None:
    print(f"rummylib: error: {text}", file=sys.stderr)
