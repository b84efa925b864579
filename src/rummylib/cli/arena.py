"""``rummylib arena``: bots against each other."""

from __future__ import annotations

import argparse

from rummylib.agents.arena import run_arena
from rummylib.cli._args import read_rules
from rummylib.cli._output import EXIT_VALID, Out, Progress, emit_json


def cmd_arena(args: argparse.Namespace, out: Out) -> int:
    """``rummylib arena``: bots play games against each other; a table of their results."""
    rules = read_rules(args)
    bots = [name.strip() for name in args.bots.split(",")]
    progress = Progress(args.games, label="playing", out=out, even_one=True)

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
            max_turns=args.max_turns or None,
            ray_address=args.ray_address,
            on_progress=advance,
            duplicate=args.duplicate,
            external_command=args.external_command,
            external_timeout=args.external_timeout,
        )
    finally:
        progress.close()
    if args.json:
        emit_json(out, result.to_json())
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
    if result.forfeits:
        out.line(f"{result.forfeits} games lost by forfeit:")
        for record in result.records:
            if record.forfeit is not None:
                out.line(f"  game {record.index}: {record.reason}")
    if result.duplicate:
        out.line("Duplicate: results paired by deal, each bot's mean score minus the first bot's:")
        for p in result.paired:
            interval = f"[{p.ci95[0]:.1f}, {p.ci95[1]:.1f}]"
            out.line(f"  {p.bot} - {p.against}: {p.mean_difference:+.1f} over {p.deals} deals, 95% interval {interval}")
    return EXIT_VALID
