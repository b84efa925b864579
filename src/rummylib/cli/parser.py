"""The argument parser of the ``rummylib`` command (`build_parser`)."""

from __future__ import annotations

import argparse
from typing import NoReturn

from rummylib.agents.arena import ARENA_MAX_TURNS, BACKENDS
from rummylib.batch import arguments as batch_arguments
from rummylib.cli._output import EXIT_BAD_INPUT, print_error
from rummylib.errors import ErrorCode
from rummylib.pieces import Family
from rummylib.rules import PRESETS
from rummylib.rummikub import (
    Objective,
)

__all__ = ["build_parser"]


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
# The parser
# ------------------------------------------------------------------------------------------


class _Parser(argparse.ArgumentParser):
    """argparse, with a usage error said as every bad input is: one line, ``rummylib: error: ... [bad-request]``."""

    def error(self, message: str) -> NoReturn:
        command = self.prog.removeprefix("rummylib").strip()
        where = f"{command}: " if command else ""
        print_error(
            f"{where}{message}; see rummylib {command + ' ' if command else ''}--help [{ErrorCode.BAD_REQUEST}]"
        )
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
        help=batch_arguments.HELP,
        description=batch_arguments.DESCRIPTION,
        epilog=batch_arguments.ops_epilog(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    batch_arguments.add_arguments(batch)
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
    score.add_argument("--first-upcard", help="Gin (Oklahoma): the first upcard")

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
    arena.add_argument(
        "--bots",
        required=True,
        help="one bot per seat, comma-separated: random, heuristic, or external (the --external-command program)",
    )
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
    arena.add_argument(
        "--max-turns",
        type=int,
        default=ARENA_MAX_TURNS,
        help=f"Contract Rummy and Shanghai: end a round after this many turns when the rules set no limit "
        f"(default {ARENA_MAX_TURNS}; 0 for no limit)",
    )
    arena.add_argument(
        "--duplicate",
        action="store_true",
        help="pair the results by deal (games a multiple of the bots): each bot against the first, 95%% interval",
    )
    arena.add_argument(
        "--external-command",
        metavar="CMD",
        help="the program that plays as the bot 'external': a JSON line in, a {\"move\": ...} line out per decision",
    )
    arena.add_argument(
        "--external-timeout",
        type=float,
        default=10.0,
        metavar="SECONDS",
        help="seconds the external program has for each answer (default 10); late, it forfeits the game",
    )

    show = add(
        "show",
        "show a meld or a table as text (colour on a terminal) or as an SVG picture",
        'rummylib show -g rummikub "r1 r2 r3 | k7 b7 *" --svg table.svg',
        game_required=False,
    )
    show.add_argument("table", help="melds in notation, separated by |")
    show.add_argument("--svg", metavar="FILE", help="write an SVG picture to FILE")
    return parser
