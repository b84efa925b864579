"""``rummylib meld``, ``turn``, ``contract``, ``find-contract`` and ``show``: checks and tables."""

from __future__ import annotations

import argparse

from rummylib import svg
from rummylib.cli._args import (
    one_meld_per_argument,
    read_rules,
    read_text,
    table_melds,
    turn_request,
    write_picture,
)
from rummylib.cli._output import EXIT_INVALID, EXIT_VALID, Out, Progress, emit_json, show_table
from rummylib.contracts import contract_for, contract_violations, find_contract
from rummylib.errors import ErrorCode, RequestError
from rummylib.melds import Meld, MeldKind, meld_violations, read_meld
from rummylib.notation import parse_melds, parse_pieces
from rummylib.pieces import format_pieces
from rummylib.rummikub import (
    validate_turn,
)
from rummylib.tiles import Color, Tile


def cmd_meld(args: argparse.Namespace, out: Out) -> int:
    """``rummylib meld``: whether each meld is valid, and what it reads as."""
    rules = read_rules(args)
    texts: list[str] = list(args.melds)
    one_meld_per_argument(texts, args)
    if args.file:
        texts += [line.strip() for line in read_text(args.file).splitlines() if line.strip()]
        if not texts:
            raise RequestError(f"{args.file} holds no meld: write one meld per line", code=ErrorCode.BAD_REQUEST)
    if not texts:
        raise RequestError("give at least one meld (or --file)")
    status = EXIT_VALID
    quiet = args.file is not None and args.quiet
    counts = {"valid": 0, "invalid": 0}
    for text in Progress(len(texts), label="checking melds", out=out).wrap(texts):
        meld = Meld(parse_pieces(text, rules=rules))
        reading = read_meld(meld, rules=rules)
        problems = meld_violations(meld, rules=rules) if reading is None else ()
        counts["valid" if reading else "invalid"] += 1
        if reading is None:
            status = EXIT_INVALID
        if args.json:
            # the answer of the batch op ``meld`` for this meld, and the meld itself
            emit_json(
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


def cmd_turn(args: argparse.Namespace, out: Out) -> int:
    """``rummylib turn``: the verdict on a Rummikub turn, and what happened to every set."""
    req = turn_request(args)
    rules = req.rules
    old, new = list(req.table("table_before").melds), list(req.table("table_after").melds)
    rack = req.pieces("rack")
    opened = req.boolean("initial_meld_done", default=False)
    report = validate_turn(old, rack, new, rules=rules, initial_meld_done=opened)
    if args.json:
        emit_json(out, report.to_json())
    else:
        played = format_pieces(report.played) or "nothing"
        head = out.ok("legal turn") if report.valid else out.bad("illegal turn")
        out.line(f"{head}: played {played}")
        for v in report.violations:
            out.line(out.violation(v))
        marks = {where: m.value for where, m in svg.turn_marks(report, new).items()}
        show_table(out, new, rules, marks)
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
        write_picture(out, args.svg, picture)
    return EXIT_VALID if report.valid else EXIT_INVALID


def cmd_contract(args: argparse.Namespace, out: Out) -> int:
    """``rummylib contract``: whether the melds meet the round's contract."""
    rules = read_rules(args)
    one_meld_per_argument(list(args.melds), args)
    melds = [Meld(parse_pieces(m, rules=rules)) for m in args.melds]
    hand = parse_pieces(args.hand, rules=rules) if args.hand is not None else None
    contract = contract_for(rules=rules, round_number=args.round)
    problems = contract_violations(melds, round_number=args.round, rules=rules, hand=hand)
    if args.json:
        emit_json(out, {"valid": not problems, "problems": [v.to_json() for v in problems]})
    else:
        verdict = out.ok("contract met") if not problems else out.bad("contract not met")
        out.line(f"{verdict}: round {args.round} of {rules.title}, {contract}")
        for i, meld in enumerate(melds):
            out.line(f"  {i + 1:>2}. {out.meld(meld, read_meld(meld, rules=rules))}")
        for v in problems:
            out.line(out.violation(v))
    return EXIT_VALID if not problems else EXIT_INVALID


def cmd_find_contract(args: argparse.Namespace, out: Out) -> int:
    """``rummylib find-contract``: a lay-down of the hand that meets the round's contract, if any."""
    rules = read_rules(args)
    hand = parse_pieces(args.hand, rules=rules)
    contract = contract_for(rules=rules, round_number=args.round)
    plan = find_contract(hand, round_number=args.round, rules=rules)
    if args.json:
        emit_json(
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


def cmd_show(args: argparse.Namespace, out: Out) -> int:
    """``rummylib show``: a table of melds, as text or as a picture."""
    rules = read_rules(args) if args.game else None
    melds = table_melds(args.table, rules) if rules else [Meld(p) for p in parse_melds(args.table)]
    invalid = False
    if args.json:
        for meld in melds:  # one object per line, as every command prints JSON
            reading = read_meld(meld, rules=rules) if rules else None
            invalid |= rules is not None and reading is None
            emit_json(
                out,
                {
                    "meld": str(meld),
                    "valid": None if rules is None else reading is not None,
                    "reading": str(reading) if reading else None,
                },
            )
    else:
        show_table(out, melds, rules)
        invalid = rules is not None and any(read_meld(m, rules=rules) is None for m in melds)
    if args.svg:
        picture = svg.meld(melds[0], rules=rules, labels=True) if len(melds) == 1 else svg.table(melds, rules=rules)
        write_picture(out, args.svg, picture)
    return EXIT_INVALID if invalid else EXIT_VALID
