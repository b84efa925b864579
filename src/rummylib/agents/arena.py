"""The arena: seeded games between bots, seats rotated, with wins, mean scores, confidence intervals and Elo.

`run_arena` plays ``games`` games of one game between the bots named (one per seat), each game a
pure function of the seed and its number, so that the same seed gives the same `ArenaResult`
whatever the backend and however many workers play it:

* Deals are played in duplicate: game ``k`` plays deal ``k // n`` (``n`` bots) with the seats
  rotated ``k % n`` places, so that over ``n`` games every bot sits in every seat of the same deal.
  Seat ``s`` of rotation ``r`` holds bot ``(s + r) % n``.
* The deal is ``<seed>/<deal>``; each bot is seeded with ``<seed>/<deal>/<rotation>/<seat>``.
* A game that has not ended after ``max_actions`` actions is left unfinished: it counts in no
  figure but the count of unfinished games.

A bot may be a program in another process, written in any language (`ExternalProgram`, the bot
name ``"external"`` with ``external_command``): for each decision it reads one JSON line
``{"seat", "rules", "view", "legal"}`` (its seat, the rules in words, its view as text, its legal
moves in the move grammar: `rummylib.agents.text`) and answers one line ``{"move": "..."}``. A
program that answers no readable or no legal move, nothing within its time limit, or dies, loses
that game by forfeit: the game counts as a win for every other bot, in no mean score, and the
tournament goes on.

With ``duplicate=True`` the results are paired by deal: each bot's score minus the first bot's,
over the ``n`` games of a deal (the same cards from every seat), with the 95% confidence interval
of that paired difference (`PairedDifference`).

Figures, over the finished games: each bot's wins, its mean score with a 95% confidence interval
(the normal approximation, mean ± 1.96 standard errors), and an Elo rating fitted to every pair of
bots in every game (`elo_ratings`). Games run on local processes by default
(`concurrent.futures.ProcessPoolExecutor`); ``backend="ray"`` runs them as Ray tasks (the
``arena-ray`` extra).

Examples:
    >>> result = run_arena("gin_rummy", ["heuristic", "random"], games=4, seed=1, workers=1)
    >>> [(s.bot, s.wins) for s in result.standings]
    [('heuristic', 4), ('random', 0)]
    >>> result == run_arena("gin", ["heuristic", "random"], games=4, seed=1, workers=2)
    True
"""

from __future__ import annotations

import json
import math
import multiprocessing
import os
import queue
import shlex
import statistics
import subprocess
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from typing import Any, Literal

import attrs

from rummylib import _inputs
from rummylib.agents.bots import Bot, BotFactory, make_bot
from rummylib.agents.text import legal_text, read_move, rules_text, view_text
from rummylib.errors import ErrorCode, IllegalActionError, RequestError, RummyError
from rummylib.referee import Referee
from rummylib.registry import family
from rummylib.rules import RuleSet, find_ruleset

__all__ = [
    "ARENA_MAX_TURNS",
    "BACKENDS",
    "ELO_BASE",
    "Z95",
    "ArenaResult",
    "ExternalBot",
    "ExternalProgram",
    "Forfeit",
    "GameRecord",
    "PairedDifference",
    "Standing",
    "elo_ratings",
    "mean_interval",
    "play_game",
    "run_arena",
]

BACKENDS = ("local", "ray")
"""Where the games run: local processes, or Ray tasks."""
Z95 = 1.959963984540054
"""The two-sided 95% quantile of the normal distribution."""
ELO_BASE = 1500.0
"""The mean Elo rating of the bots of an arena."""

BotSpec = str | BotFactory
"""A bot: its name for `rummylib.agents.bots.make_bot`, or a factory called ``factory(rules=..., seed=...)``."""


@attrs.frozen
class GameRecord:
    """One game of an arena: who sat where and how it ended.

    Examples:
        >>> rec = run_arena("gin", ["heuristic", "random"], games=2, seed=3, workers=1).records[1]
        >>> rec.index, rec.deal, rec.seats, rec.finished
        (1, 0, (1, 0), True)
    """

    index: int
    """The game's number, from 0."""
    deal: int
    """The deal it plays (``index // len(bots)``)."""
    seats: tuple[int, ...]
    """For each seat, the bot sitting there (its index in the arena's list of bots)."""
    finished: bool
    """Whether the game ended within the arena's ``max_actions``."""
    actions: int
    """Actions played."""
    scores: tuple[int, ...] = ()
    """Each bot's score, in the order of the arena's bots (empty when unfinished)."""
    winners: tuple[int, ...] = ()
    """The bots that won (indices in the arena's list); none on a draw or when unfinished."""
    reason: str = ""
    """Why the game ended, in the referee's words."""
    lower_wins: bool = False
    """Whether a lower score is the better one (the referee's `rummylib.referee.Outcome` says)."""
    forfeit: int | None = None
    """The bot (its index in the arena's list) that lost the game by forfeit, if one did: an
    external program that gave no legal move in time (``reason`` says what happened)."""


@attrs.frozen
class Standing:
    """One bot's figures over an arena's finished games.

    Examples:
        >>> s = run_arena("gin", ["heuristic", "random"], games=4, seed=1, workers=1).standings[0]
        >>> s.bot, s.games, s.wins, s.ci95[0] <= s.mean_score <= s.ci95[1]
        ('heuristic', 4, 4, True)
    """

    bot: str
    """The bot's name."""
    games: int
    """Finished games it played."""
    wins: int
    """Games it won (a shared win counts for each winner)."""
    mean_score: float
    """Its mean score, in the game's own sense (see ``lower_wins``)."""
    ci95: tuple[float, float]
    """The 95% confidence interval of the mean score (the mean itself when fewer than two games)."""
    elo: float
    """Its Elo rating (`elo_ratings`); the bots' ratings average `ELO_BASE`."""
    seat: int = 0
    """Its entry in the list of bots, counted from 0: the seat it takes in the first game (the seats
    rotate after). Two entries of the same bot are told apart by it."""
    forfeits: int = 0
    """Games it lost by forfeit (counted in ``games``, in no mean score)."""

    def to_json(self) -> dict[str, Any]:
        """``{"seat", "bot", "games", "wins", "win_rate", "mean_score", "ci95", "elo", "forfeits"}``.

        Examples:
            >>> Standing("random", 2, 1, 5.0, (0.0, 10.0), 1500.0).to_json()["win_rate"]
            0.5
        """
        return {
            "seat": self.seat,
            "bot": self.bot,
            "games": self.games,
            "wins": self.wins,
            "win_rate": self.wins / self.games if self.games else 0.0,
            "mean_score": self.mean_score,
            "ci95": list(self.ci95),
            "elo": self.elo,
            "forfeits": self.forfeits,
        }


@attrs.frozen
class PairedDifference:
    """One bot's score minus the first bot's, paired by deal (an arena played with ``duplicate=True``).

    For each deal whose every game finished, the difference of the two bots' mean scores over the
    deal's games (each bot held every seat of the same cards once); the mean of those differences
    over the deals, and its 95% confidence interval (`mean_interval`).

    Examples:
        >>> r = run_arena("gin", ["heuristic", "random"], games=4, seed=1, workers=1, duplicate=True)
        >>> d = r.paired[0]
        >>> d.bot, d.against, d.deals, d.ci95[0] <= d.mean_difference <= d.ci95[1] < 0
        ('random', 'heuristic', 2, True)
    """

    bot: str
    """The bot's name."""
    seat: int
    """Its entry in the list of bots."""
    against: str
    """The first bot's name (every difference is against it)."""
    deals: int
    """Deals paired (those with an unfinished or forfeited game are left out)."""
    mean_difference: float
    """The mean over the deals of the bot's mean score minus the first bot's."""
    ci95: tuple[float, float]
    """The 95% confidence interval of ``mean_difference``."""

    def to_json(self) -> dict[str, Any]:
        """``{"seat", "bot", "against", "deals", "mean_difference", "ci95"}``.

        Examples:
            >>> PairedDifference("random", 1, "heuristic", 3, -9.0, (-12.0, -6.0)).to_json()["ci95"]
            [-12.0, -6.0]
        """
        return {
            "seat": self.seat,
            "bot": self.bot,
            "against": self.against,
            "deals": self.deals,
            "mean_difference": self.mean_difference,
            "ci95": list(self.ci95),
        }


@attrs.frozen
class ArenaResult:
    """What an arena found: the standings, and every game's record.

    Examples:
        >>> r = run_arena("gin", ["heuristic", "random"], games=2, seed=1, workers=1)
        >>> r.to_json()["standings"][0]["bot"], r.lower_wins, r.unfinished
        ('heuristic', False, 0)
    """

    game: str
    """The rule set's name (``"gin_rummy"``)."""
    bots: tuple[str, ...]
    """The bots' names, one per seat of rotation 0."""
    games: int
    """Games played."""
    seed: int
    """The arena's seed."""
    whole_game: bool
    """Whether each game was a whole game (or one deal, round or hand)."""
    lower_wins: bool
    """Whether a lower score is the better one (penalty points), as the game's rules say
    (`rummylib.rules.RuleSet.lower_scores_win`), whether or not any game finished."""
    standings: tuple[Standing, ...]
    """Each bot's figures, in the order of ``bots``."""
    unfinished: int
    """Games left unfinished after ``max_actions`` actions."""
    draws: int
    """Finished games nobody won."""
    records: tuple[GameRecord, ...] = attrs.field(repr=False)
    """Every game, in order."""
    forfeits: int = 0
    """Games lost by forfeit (an external program that gave no legal move in time)."""
    duplicate: bool = False
    """Whether the results are paired by deal (``paired`` holds the differences)."""
    paired: tuple[PairedDifference, ...] = ()
    """With ``duplicate``: each bot after the first, its paired difference against the first."""

    def to_json(self) -> dict[str, Any]:
        """The result as JSON: the arena's settings, the counts, and the standings (not the records).

        Examples:
            >>> sorted(run_arena("gin", ["random", "random"], games=2, seed=1, workers=1).to_json())[:4]
            ['bots', 'draws', 'duplicate', 'forfeits']
        """
        return {
            "game": self.game,
            "bots": list(self.bots),
            "games": self.games,
            "seed": self.seed,
            "whole_game": self.whole_game,
            "lower_wins": self.lower_wins,
            "unfinished": self.unfinished,
            "draws": self.draws,
            "forfeits": self.forfeits,
            "duplicate": self.duplicate,
            "standings": [s.to_json() for s in self.standings],
            **({"paired": [p.to_json() for p in self.paired]} if self.duplicate else {}),
        }


# ------------------------------------------------------------------------------------------
# Figures
# ------------------------------------------------------------------------------------------


def mean_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """The mean of ``values`` and its 95% confidence interval: ``(mean, low, high)``.

    The interval is the normal approximation, mean ± `Z95` × the standard error (the sample
    standard deviation over √n); with fewer than two values it is the mean itself.

    Examples:
        >>> mean_interval([1.0, 2.0, 3.0, 4.0])
        (2.5, 1.2348..., 3.7651...)
        >>> mean_interval([7.0]), mean_interval([])
        ((7.0, 7.0, 7.0), (0.0, 0.0, 0.0))
    """
    if not values:
        return (0.0, 0.0, 0.0)
    mean = statistics.fmean(values)
    if len(values) < 2:
        return (mean, mean, mean)
    half = Z95 * statistics.stdev(values) / math.sqrt(len(values))
    return (mean, mean - half, mean + half)


def elo_ratings(wins: Sequence[Sequence[float]], *, prior: float = 1.0, iterations: int = 10_000) -> tuple[float, ...]:
    """Elo ratings fitted to pairwise results: ``wins[i][j]`` is how often ``i`` beat ``j`` (a draw is ½ each).

    The fit is the Bradley-Terry model's maximum likelihood (the minorisation-maximisation
    iteration), the rating ``ELO_BASE + 400 log10(strength)`` scaled so the ratings average
    `ELO_BASE`. Each pair gets ``prior`` virtual draws first, so a bot that won every game has a
    finite rating. Unlike Elo updated game by game, the fit does not depend on the order of games.

    Examples:
        >>> [round(r, 1) for r in elo_ratings([[0, 3], [1, 0]])]  # 3.5 to 1.5 with the virtual draw
        [1573.6, 1426.4]
        >>> elo_ratings([[0, 2], [2, 0]])
        (1500.0, 1500.0)
    """
    n = len(wins)
    w = [[float(wins[i][j]) + (prior / 2 if i != j else 0.0) for j in range(n)] for i in range(n)]
    games = [[w[i][j] + w[j][i] for j in range(n)] for i in range(n)]
    total = [sum(row) for row in w]
    strength = [1.0] * n
    for _ in range(iterations):
        new = []
        for i in range(n):
            den = sum(games[i][j] / (strength[i] + strength[j]) for j in range(n) if j != i and games[i][j])
            new.append(total[i] / den if den else strength[i])
        scale = math.exp(statistics.fmean(math.log(s) for s in new)) if all(s > 0 for s in new) else 1.0
        new = [s / scale for s in new]
        done = max(abs(a - b) for a, b in zip(new, strength, strict=True)) < 1e-13
        strength = new
        if done:
            break
    ratings = [400 * math.log10(s) if s > 0 else -math.inf for s in strength]
    mean = statistics.fmean(r for r in ratings if math.isfinite(r)) if any(map(math.isfinite, ratings)) else 0.0
    return tuple(ELO_BASE + r - mean for r in ratings)


def _beats(a: int, b: int, lower_wins: bool) -> float:
    """1 when score ``a`` is the better one, ½ on a tie, 0 when worse."""
    if a == b:
        return 0.5
    return 1.0 if (a < b) == lower_wins else 0.0


def _standings(
    names: Sequence[str], records: Sequence[GameRecord], lower_wins: bool
) -> tuple[tuple[Standing, ...], int]:
    n = len(names)
    finished = [r for r in records if r.finished]
    forfeited = [r for r in records if r.forfeit is not None]
    wins = [[0.0] * n for _ in range(n)]
    for r in finished:
        for i in range(n):
            for j in range(n):
                if i != j:
                    wins[i][j] += _beats(r.scores[i], r.scores[j], lower_wins)
    for lost in (r.forfeit for r in forfeited if r.forfeit is not None):  # lost to every other bot
        for j in range(n):
            if j != lost:
                wins[j][lost] += 1.0
    elo = elo_ratings(wins)
    out = []
    for i, name in enumerate(names):
        mean, low, high = mean_interval([float(r.scores[i]) for r in finished])
        won = sum(1 for r in (*finished, *forfeited) if i in r.winners)
        lost = sum(1 for r in forfeited if r.forfeit == i)
        games = len(finished) + len(forfeited)
        out.append(Standing(name, games, won, mean, (low, high), elo[i], seat=i, forfeits=lost))
    return tuple(out), sum(1 for r in finished if not r.winners)


def _paired(names: Sequence[str], records: Sequence[GameRecord]) -> tuple[PairedDifference, ...]:
    """Each bot after the first against the first, paired by deal (deals with every game finished)."""
    n = len(names)
    deals: dict[int, list[GameRecord]] = {}
    for r in records:
        deals.setdefault(r.deal, []).append(r)
    whole = [games for games in deals.values() if len(games) == n and all(g.finished for g in games)]
    out = []
    for i in range(1, n):
        diffs = [statistics.fmean(g.scores[i] - g.scores[0] for g in games) for games in whole]
        mean, low, high = mean_interval(diffs)
        out.append(PairedDifference(names[i], i, names[0], len(diffs), mean, (low, high)))
    return tuple(out)


# ------------------------------------------------------------------------------------------
# Playing
# ------------------------------------------------------------------------------------------


class Forfeit(RummyError):
    """A bot lost its game by forfeit: an external program gave no legal move in time, or died.

    Examples:
        >>> print(Forfeit("no answer within 2 seconds").code)
        illegal-action
    """

    code = ErrorCode.ILLEGAL_ACTION


@attrs.frozen
class ExternalProgram:
    """A bot that is a program in another process, in any language: a factory of `ExternalBot`.

    ``command`` is run (split as a shell would, not through a shell) once per game it plays. For
    each decision the program reads one JSON line ``{"seat", "rules", "view", "legal"}`` on its
    standard input and writes one line ``{"move": "<a move in the move grammar>"}`` on its standard
    output (see `rummylib.agents.text`); prose around the move is allowed.

    Examples:
        >>> import sys
        >>> first = sys.executable + " -c " + repr(
        ...     "import json, sys; [print(json.dumps({'move': json.loads(x)['legal'][0]}), flush=True)"
        ...     " for x in sys.stdin]"
        ... )
        >>> r = run_arena("gin", ["heuristic", ExternalProgram(first)], games=2, seed=1, workers=1)
        >>> r.bots, r.forfeits, r.standings[1].games
        (('heuristic', 'external'), 0, 2)
    """

    command: str
    """The command line that starts the program."""
    timeout: float = 10.0
    """Seconds the program has for each answer (a game it is late in is forfeited)."""
    name: str = "external"
    """Its name in the standings."""

    def __call__(self, *, rules: RuleSet, seed: object = None) -> ExternalBot:
        """A bot that runs the program for one game (the seed is the program's own business)."""
        return ExternalBot(self.command, timeout=self.timeout)


class ExternalBot:
    """One game of an external program (`ExternalProgram`): started at its first decision, stopped by `close`.

    Examples:
        >>> ExternalBot("no-such-program-here").close()  # nothing started yet, nothing to stop
    """

    def __init__(self, command: str, *, timeout: float = 10.0) -> None:
        self.command = command
        self.timeout = timeout
        self.process: subprocess.Popen[str] | None = None
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.reader: threading.Thread | None = None

    def act(self, view: Any, legal: Sequence[Any]) -> Any:
        """Not used: an external program is asked with the whole state (`decide`)."""
        raise TypeError("an external program decides from the state: call decide(state, seat)")

    def _start(self) -> subprocess.Popen[str]:
        if self.process is None:
            try:
                self.process = subprocess.Popen(
                    shlex.split(self.command),
                    stdin=subprocess.PIPE,
                    stdout=subprocess.PIPE,
                    stderr=subprocess.DEVNULL,
                    text=True,
                    encoding="utf-8",
                    bufsize=1,
                )
            except (OSError, ValueError) as exc:
                raise Forfeit(f"the program could not be started: {exc}") from None
            self.reader = threading.Thread(target=self._read, args=(self.process,), daemon=True)
            self.reader.start()
        return self.process

    def _read(self, process: subprocess.Popen[str]) -> None:
        assert process.stdout is not None
        for line in process.stdout:
            self.lines.put(line)
        self.lines.put(None)

    def decide(self, state: Referee, seat: int) -> Any:
        """Ask the program for the seat's move; the action it names, checked by the referee.

        Raises:
            Forfeit: the program died, said nothing within ``timeout`` seconds, or answered no
                readable or no legal move (the message says which, and the referee's reason).
        """
        process = self._start()
        ask = {
            "seat": seat,
            "rules": rules_text(state.rules),
            "view": view_text(state, seat),
            "legal": legal_text(state, seat),
        }
        try:
            assert process.stdin is not None
            process.stdin.write(json.dumps(ask) + "\n")
            process.stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            raise Forfeit("the program has exited") from None
        try:
            line = self.lines.get(timeout=self.timeout)
        except queue.Empty:
            raise Forfeit(f"no answer within {self.timeout:g} seconds") from None
        if line is None:
            raise Forfeit("the program has exited")
        try:
            answer = json.loads(line)
        except ValueError:
            raise Forfeit(f"not a JSON line: {line.strip()[:80]!r}") from None
        move = answer.get("move") if isinstance(answer, dict) else None
        if not isinstance(move, str):
            raise Forfeit(f'no "move" string in the answer: {line.strip()[:80]!r}')
        try:
            return read_move(state, seat, move)
        except (RummyError, IllegalActionError) as exc:
            raise Forfeit(f"{move[:80]!r}: {exc}") from None

    def close(self) -> None:
        """Stop the program (its input closed, then killed if it lingers)."""
        process, self.process = self.process, None
        if process is None:
            return
        try:
            if process.stdin is not None:
                process.stdin.close()
        except OSError:  # pragma: no cover - a pipe already broken
            pass
        try:
            process.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        if self.reader is not None:
            self.reader.join(timeout=1.0)
        if process.stdout is not None and (self.reader is None or not self.reader.is_alive()):
            process.stdout.close()


@attrs.frozen
class _Spec:
    """Everything a worker needs to play any game of an arena (it pickles)."""

    rules: RuleSet
    bots: tuple[BotSpec, ...]
    seed: int
    whole_game: bool
    max_actions: int


def _bot(spec: BotSpec, rules: RuleSet, seed: str) -> Bot:
    if isinstance(spec, str):
        return make_bot(spec, rules=rules, seed=seed)
    return spec(rules=rules, seed=seed)


def play_game(
    rules: RuleSet,
    bots: Sequence[BotSpec],
    *,
    seed: int,
    index: int,
    whole_game: bool = False,
    max_actions: int = 5000,
) -> GameRecord:
    """Play game ``index`` of an arena (deal ``index // len(bots)``, seats rotated ``index % len(bots)``).

    Each bot is asked only at its own turn, with its seat's view and legal actions; the referee
    refuses an illegal action (`rummylib.errors.IllegalActionError`).

    Examples:
        >>> from rummylib import GIN_RUMMY
        >>> rec = play_game(GIN_RUMMY, ["heuristic", "random"], seed=1, index=0)
        >>> rec.finished, rec.winners
        (True, (0,))
    """
    whole_game = _inputs.flag(whole_game, what="whole_game")
    n = len(bots)
    deal, rotation = divmod(index, n)
    states = family(rules).states
    cls = states[-1] if whole_game else states[0]
    seats = tuple((s + rotation) % n for s in range(n))
    state = cls.deal(rules=rules, players=n, seed=f"{seed}/{deal}")
    players = [_bot(bots[seats[s]], rules, f"{seed}/{deal}/{rotation}/{s}") for s in range(n)]
    actions = 0
    try:
        while not state.is_over and actions < max_actions:
            seat = state.to_move
            if seat is None:  # nobody is to move once a referee is over
                break
            player = players[seat]
            try:
                if isinstance(player, ExternalBot):
                    action = player.decide(state, seat)
                else:
                    action = player.act(state.view(seat), state.legal_actions(seat))
            except Forfeit as exc:
                lost = seats[seat]
                return GameRecord(
                    index=index,
                    deal=deal,
                    seats=seats,
                    finished=False,
                    actions=actions,
                    winners=tuple(b for b in range(n) if b != lost),
                    reason=f"{_names(bots)[lost]} (seat {seat}) forfeits: {exc.message}",
                    forfeit=lost,
                )
            state = state.apply(action)
            actions += 1
    finally:
        for player in players:
            if isinstance(player, ExternalBot):
                player.close()
    if not state.is_over:
        return GameRecord(index=index, deal=deal, seats=seats, finished=False, actions=actions)
    outcome = state.result()
    scores = [0] * n
    for s, score in enumerate(outcome.scores):
        scores[seats[s]] = score
    return GameRecord(
        index=index,
        deal=deal,
        seats=seats,
        finished=True,
        actions=actions,
        scores=tuple(scores),
        winners=tuple(sorted(seats[s] for s in outcome.winners)),
        reason=outcome.reason,
        lower_wins=outcome.lower_wins,
    )


def _play_chunk(spec: _Spec, start: int, stop: int) -> list[GameRecord]:
    """Games ``start`` to ``stop - 1`` of an arena (what one worker or one Ray task plays)."""
    return [
        play_game(
            spec.rules, spec.bots, seed=spec.seed, index=k, whole_game=spec.whole_game, max_actions=spec.max_actions
        )
        for k in range(start, stop)
    ]


def _chunks(games: int, workers: int) -> list[tuple[int, int]]:
    """Ranges of games for the workers: about 8 per worker (so progress moves), at most 50 games each."""
    size = max(1, min(50, math.ceil(games / (8 * workers))))
    return [(a, min(games, a + size)) for a in range(0, games, size)]


def _local(spec: _Spec, chunks: Sequence[tuple[int, int]], workers: int) -> Iterator[list[GameRecord]]:
    if workers == 1:
        for a, b in chunks:
            yield _play_chunk(spec, a, b)
        return
    # Fork where the system has it: the workers start at once, and a script needs no main guard.
    context = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else None)
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        pending = {pool.submit(_play_chunk, spec, a, b) for a, b in chunks}
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                yield future.result()


def _names(bots: Sequence[BotSpec]) -> tuple[str, ...]:
    return tuple(
        b
        if isinstance(b, str)
        else b.name
        if isinstance(b, ExternalProgram)
        else getattr(b, "__name__", type(b).__name__)
        for b in bots
    )


ARENA_MAX_TURNS = 500
"""The turn limit of a contract round in the arena when the rules set none (`run_arena`'s ``max_turns``).

Heuristic bots end a round in 34 to 60 turns on average and in at most a few hundred (see the
performance page); a round still going at 500 turns is one nobody can finish.
"""


def run_arena(
    game: str | RuleSet,
    bots: Sequence[BotSpec],
    *,
    games: int,
    seed: int = 0,
    workers: int | None = None,
    backend: Literal["local", "ray"] = "local",
    whole_game: bool = False,
    max_actions: int = 5000,
    max_turns: int | None = ARENA_MAX_TURNS,
    ray_address: str | None = None,
    on_progress: Callable[[int, int], None] | None = None,
    duplicate: bool = False,
    external_command: str | None = None,
    external_timeout: float = 10.0,
) -> ArenaResult:
    """Play ``games`` seeded games between ``bots`` (one per seat), seats rotated, and rank them.

    Args:
        game: the game: a rule set, or a preset's name (``"gin_rummy"``, ``"shanghai"``, ...).
        bots: one bot per seat: a name (``"random"``, ``"heuristic"``) or a bot factory, called
            ``factory(rules=..., seed=...)`` (a module-level callable, so that workers can load it).
        games: how many games (a multiple of the number of bots plays every deal from every seat).
        seed: the arena's seed: the same seed gives the same result on any backend.
        workers: local processes to play on (default: the machine's processors; 1 plays in this
            process). Ray ignores it: its cluster decides.
        backend: ``"local"`` or ``"ray"`` (Ray tasks; needs the ``arena-ray`` extra).
        whole_game: play whole games (a Gin game to its target, every contract round, every
            Indian Rummy deal of a game) rather than one hand, round or deal.
        max_actions: leave a game unfinished after this many actions.
        max_turns: for a game that has the house rule ``max_turns`` (Contract Rummy, Shanghai) and
            rules that set none, the turn limit of each round in the arena (default
            `ARENA_MAX_TURNS`): a round where nobody can go out (every player down, no card left
            that fits the table) then ends and is scored instead of going on for ever. ``None``
            plays without a limit; rules that set their own keep it.
        ray_address: the Ray cluster to join (``ray.init(address=...)``) when Ray is not started yet.
        on_progress: called ``on_progress(done, games)`` as games finish.
        duplicate: pair the results by deal (``games`` a multiple of the number of bots, so that
            every deal is played from every seat) and report each bot's paired difference against
            the first (`PairedDifference`).
        external_command: the program that plays for the bot named ``"external"`` (`ExternalProgram`).
        external_timeout: seconds that program has for each answer.

    Raises:
        RequestError: no bot of a name, a count below 1, an unknown backend, ``"external"`` with no
            ``external_command``, ``duplicate`` with games not a multiple of the bots, or Ray not
            installed (code ``bad-field``).
        RuleSetError: an unknown game (code ``unknown-game``), or not a number of bots the game
            is for (code ``bad-players``).

    Examples:
        >>> r = run_arena("shanghai", ["heuristic", "random", "random"], games=3, seed=2, workers=1)
        >>> r.standings[0].wins, r.lower_wins
        (3, True)
        >>> run_arena("gin", ["random"], games=2)
        Traceback (most recent call last):
        ...
        rummylib.errors.RuleSetError: Gin Rummy is for 2 to 2 players, not 1
    """
    whole_game = _inputs.flag(whole_game, what="whole_game")
    rules = find_ruleset(game) if isinstance(game, str) else _inputs.ruleset(game)
    rules.check_players(len(bots))
    if max_turns is not None and rules.has_option("max_turns") and rules.max_turns is None:
        rules = rules.with_options({"max_turns": max_turns})
    if "external" in bots:
        if not external_command or not isinstance(external_command, str):
            raise RequestError("the bot 'external' needs an external_command", code=ErrorCode.BAD_FIELD)
        if (
            isinstance(external_timeout, bool)
            or not isinstance(external_timeout, int | float)
            or not external_timeout > 0
        ):
            raise RequestError(
                f"external_timeout must be a positive number of seconds, not {external_timeout!r}",
                code=ErrorCode.BAD_FIELD,
            )
        program = ExternalProgram(external_command, timeout=float(external_timeout))
        bots = [program if b == "external" else b for b in bots]
    for name in bots:
        if isinstance(name, str):
            make_bot(name, rules=rules)
    for label, value in (
        ("games", games),
        ("max_actions", max_actions),
        ("workers", 1 if workers is None else workers),
    ):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise RequestError(f"{label} must be a whole number of at least 1, not {value!r}", code=ErrorCode.BAD_FIELD)
    if duplicate and games % len(bots):
        raise RequestError(
            f"duplicate: games must be a multiple of the {len(bots)} bots (every deal from every seat), not {games}",
            code=ErrorCode.BAD_FIELD,
        )
    if backend not in BACKENDS:
        raise RequestError(f"unknown backend {backend!r} (backends: {', '.join(BACKENDS)})", code=ErrorCode.BAD_FIELD)
    spec = _Spec(rules=rules, bots=tuple(bots), seed=seed, whole_game=whole_game, max_actions=max_actions)
    count = workers or os.cpu_count() or 1
    chunks = _chunks(games, count)
    if backend == "ray":
        batches: Iterable[list[GameRecord]] = _ray_backend().run_chunks(_play_chunk, spec, chunks, address=ray_address)
    else:
        batches = _local(spec, chunks, min(count, len(chunks)))
    records: list[GameRecord] = []
    for batch in batches:
        records += batch
        if on_progress is not None:
            on_progress(len(records), games)
    records.sort(key=lambda r: r.index)
    names = _names(bots)
    lower_wins = rules.lower_scores_win(whole_game=whole_game)
    standings, draws = _standings(names, records, lower_wins)
    return ArenaResult(
        game=rules.name,
        bots=names,
        games=games,
        seed=seed,
        whole_game=whole_game,
        lower_wins=lower_wins,
        standings=standings,
        unfinished=sum(1 for r in records if not r.finished and r.forfeit is None),
        draws=draws,
        records=tuple(records),
        forfeits=sum(1 for r in records if r.forfeit is not None),
        duplicate=duplicate,
        paired=_paired(names, records) if duplicate else (),
    )


def _ray_backend() -> Any:
    """The Ray backend module (imported here, on demand, so that this module imports without Ray)."""
    try:
        from rummylib.agents import _ray  # noqa: PLC0415 - lazy (see tests/architecture/test_imports.py)

        return _ray
    except ModuleNotFoundError as exc:
        if exc.name != "ray":
            raise
        raise RequestError(
            "the ray backend needs Ray: pip install '.[arena-ray]' from a checkout "
            "(pip install 'rummylib[arena-ray]' once rummylib is published)",
            code=ErrorCode.MISSING_EXTRA,
        ) from None
