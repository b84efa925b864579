"""``rummylib solve`` and ``rummylib selfplay``: the Rummikub solver's best play, and games of solver against solver."""

from __future__ import annotations

import argparse
import math

from rummylib import svg
from rummylib.cli._args import read_rules, table_melds, write_picture
from rummylib.cli._output import EXIT_VALID, Out, Progress, emit_json, show_table
from rummylib.errors import ErrorCode, RequestError
from rummylib.notation import parse_pieces
from rummylib.pieces import format_pieces
from rummylib.rummikub import (
    Budget,
    Draw,
    Pass,
    Play,
    RummikubGame,
    solve,
)


def _budget(seconds: float | None) -> Budget | None:
    """The solver's time budget of ``--seconds``: a finite number of seconds above 0, or none."""
    if seconds is None:
        return None
    if not math.isfinite(seconds) or seconds <= 0:
        raise RequestError(f"--seconds must be a number of seconds above 0, not {seconds:g}", code=ErrorCode.BAD_FIELD)
    return Budget(seconds=seconds)


def cmd_solve(args: argparse.Namespace, out: Out) -> int:
    """``rummylib solve``: the best play of a rack on a table."""
    rules = read_rules(args, default="rummikub")
    table = table_melds(args.table or "", rules)
    rack = parse_pieces(args.rack, rules=rules)
    budget = _budget(args.seconds)
    solution = solve(table, rack, rules=rules, initial_meld_done=args.opened, objective=args.objective, budget=budget)
    if args.json:
        emit_json(
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
        show_table(out, solution.table_after, rules)
    if args.svg:
        picture = svg.turn(table, rack, solution.table_after, rules=rules, initial_meld_done=args.opened)
        write_picture(out, args.svg, picture)
    return EXIT_VALID


def cmd_selfplay(args: argparse.Namespace, out: Out) -> int:
    """``rummylib selfplay``: games of the solver against itself, with a progress line."""
    rules = read_rules(args, default="rummikub")
    if args.games < 1 or args.max_turns < 1:
        raise RequestError("--games and --max-turns must be at least 1", code=ErrorCode.BAD_FIELD)
    budget = _budget(args.seconds)
    results = []
    progress = Progress(args.games, label="playing", out=out, even_one=True)
    for k in progress.wrap(range(args.games)):
        seed = args.seed + k
        game = RummikubGame.deal(rules=rules, players=args.players, seed=seed)
        turns = 0
        while (seat := game.to_move) is not None and turns < args.max_turns:
            progress.detail(f"game {k + 1}, turn {turns + 1}")
            play = solve(
                list(game.table.melds),
                game.rack(seat),
                rules=rules,
                initial_meld_done=game.initial_meld_done[seat],
                objective=args.objective,
                budget=budget,
            )
            if not play.is_pass:
                game = game.apply(Play(seat, play.table_after))
            else:
                game = game.apply(Draw(seat) if game.stock else Pass(seat))
            turns += 1
        scores = list(game.result().scores) if game.is_over else None
        results.append({"seed": seed, "turns": turns, "winner": game.winner, "scores": scores})
    if args.json:
        for result in results:
            emit_json(out, result)
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
