"""Bots for every game: a random legal bot, and a heuristic bot per game family.

Every bot has one method, ``act(view, legal)``: it is given what its seat may see (the referee's
``view(seat)``) and the legal actions the referee lists for that seat (``legal_actions(seat)``),
and returns one referee action. A bot never sees a hidden card: it decides from the view and the
list alone. A Rummikub play is a whole new table, which the referee does not list; Rummikub bots
build their plays from the view with the solver, and the referee judges them like any other
action.

`make_bot` builds a bot by name for a rule set (``"random"`` or ``"heuristic"``, see `BOT_NAMES`);
the bot classes may also be built directly.

* `RandomBot` picks uniformly among the legal actions (Rummikub: `RummikubRandomBot`, which adds
  a play of random tiles to the listed draw).
* `GinBot` keeps the least deadwood and knocks as soon as it may.
* `ContractBot` lays the contract down as soon as it can, lays off, and discards the card that
  helps its hand least.
* `IndianBot` keeps the hand whose best arrangement costs least and declares when it validly can.
* `RummikubBot` makes the solver's best play, and draws when there is none.

Examples:
    >>> from rummylib import GIN_RUMMY
    >>> from rummylib.gin import GinHand
    >>> hand = GinHand.deal(rules=GIN_RUMMY, seed=7)
    >>> bot = make_bot("heuristic", rules=GIN_RUMMY, seed=1)
    >>> seat = hand.to_move
    >>> action = bot.act(hand.view(seat), hand.legal_actions(seat))
    >>> hand.is_legal(action)
    True
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

import attrs

from rummylib import contracts, gin, indian, rummikub
from rummylib.cards import Card
from rummylib.decks import Seed
from rummylib.errors import ErrorCode, RequestError, SolverError
from rummylib.pieces import Piece, piece_sort_key
from rummylib.registry import family
from rummylib.rules import Contract, RuleSet
from rummylib.rummikub.solver import Budget, solve

__all__ = [
    "BOT_NAMES",
    "SOLVER_BUDGET",
    "Bot",
    "BotFactory",
    "ContractBot",
    "GinBot",
    "IndianBot",
    "RandomBot",
    "RummikubBot",
    "RummikubRandomBot",
    "bot_names",
    "make_bot",
]

SOLVER_BUDGET = Budget(nodes=200_000)
"""The limit of each solver call a Rummikub bot makes (it draws when the search runs out): search
states, not seconds, so that a bot decides the same on any machine (typical turns take a few
thousand; the longest seen, about 25,000)."""


@runtime_checkable
class Bot(Protocol):
    """What every bot has: one decision from a seat's view and that seat's legal actions."""

    def act(self, view: Any, legal: Sequence[Any]) -> Any:
        """The action to take: one of ``legal``, or (Rummikub) a play the referee will accept."""
        ...


BotFactory = Callable[..., Bot]
"""Builds a bot: called as ``factory(rules=..., seed=...)``."""


# ------------------------------------------------------------------------------------------
# Random
# ------------------------------------------------------------------------------------------


class RandomBot:
    """Picks uniformly at random among the legal actions; the same seed makes the same choices.

    Examples:
        >>> from rummylib import SHANGHAI
        >>> from rummylib.contracts import ContractRound
        >>> r = ContractRound.deal(rules=SHANGHAI, players=3, seed=0)
        >>> RandomBot(rules=SHANGHAI, seed=4).act(r.view(1), r.legal_actions(1)) in r.legal_actions(1)
        True
    """

    def __init__(self, *, rules: RuleSet, seed: Seed) -> None:
        self.rules = rules
        self.rng = random.Random(seed)

    def act(self, view: Any, legal: Sequence[Any]) -> Any:
        """One of ``legal``, chosen at random."""
        return self.rng.choice(list(legal))


class RummikubRandomBot(RandomBot):
    """Rummikub's random bot: a random choice among the listed actions and one random play.

    The play is of one rack tile chosen at random once its seat has made the initial meld, or
    of a random half of the rack before (the solver lays what it can of them, rearranging the
    table); the choice is uniform over the listed actions and that play, and when the chosen
    tiles cannot be played the bot takes a listed action instead.

    Examples:
        >>> from rummylib import RUMMIKUB
        >>> from rummylib.rummikub import RummikubGame
        >>> g = RummikubGame.deal(rules=RUMMIKUB, players=2, seed=3)
        >>> action = RummikubRandomBot(rules=RUMMIKUB, seed=1).act(g.view(0), g.legal_actions(0))
        >>> g.is_legal(action)
        True
    """

    def act(self, view: Any, legal: Sequence[Any]) -> Any:
        """A listed action or a random play."""
        seat, rack = view.viewer, view.hand
        pick = self.rng.randrange(len(legal) + (1 if rack else 0))
        if pick < len(legal):
            return legal[pick]
        opened = view.initial_meld_done[seat]
        tiles = [self.rng.choice(rack)] if opened else [t for t in rack if self.rng.random() < 0.5]
        try:
            best = solve(view.table, tiles, rules=self.rules, initial_meld_done=opened, budget=SOLVER_BUDGET)
        except SolverError:
            return self.rng.choice(list(legal))
        return self.rng.choice(list(legal)) if best.is_pass else rummikub.Play(seat, best.table_after)


# ------------------------------------------------------------------------------------------
# Heuristics
# ------------------------------------------------------------------------------------------


def _first(legal: Sequence[Any], kind: type) -> Any | None:
    return next((a for a in legal if isinstance(a, kind)), None)


class GinBot:
    """Gin Rummy: keep the least deadwood, knock as soon as allowed.

    It takes the upcard when keeping it lowers its deadwood, and draws from the stock otherwise;
    with eleven cards it knocks (big gin, then gin, then the knock leaving the least deadwood)
    whenever a knock is legal, and else discards the card whose loss leaves the least deadwood
    (the higher card on a tie: `rummylib.gin.deadwood`).

    Examples:
        >>> from rummylib import GIN_RUMMY
        >>> from rummylib.gin import GinHand
        >>> hand = GinHand.deal(rules=GIN_RUMMY, seed=7).apply(gin.DrawStock(1))
        >>> GinBot(rules=GIN_RUMMY).act(hand.view(1), hand.legal_actions(1)).kind
        'discard'
    """

    def __init__(self, *, rules: RuleSet, seed: Seed = 0) -> None:
        self.rules = rules

    def act(self, view: Any, legal: Sequence[Any]) -> Any:
        """The draw, knock or discard of the least deadwood."""
        rules, hand = self.rules, tuple(view.hand)
        if view.phase is gin.GinPhase.DRAW:
            take = _first(legal, gin.DrawDiscard)
            stock = _first(legal, gin.DrawStock)
            if take is not None and view.discards:
                top = view.discards[-1]
                kept = gin.deadwood((*hand, top), rules=rules)
                if kept.discard != top and kept.deadwood < gin.deadwood_value(hand, rules=rules):
                    return take
            return stock if stock is not None else legal[0]
        knocks = [a for a in legal if isinstance(a, gin.Knock)]
        if knocks:
            return min(knocks, key=lambda k: -1 if k.card is None else self._left(hand, k.card))
        best = gin.deadwood(hand, rules=rules).discard
        chosen = next((a for a in legal if isinstance(a, gin.Discard) and a.card == best), None)
        return chosen if chosen is not None else legal[0]

    def _left(self, hand: tuple[Card, ...], card: Card) -> int:
        rest = list(hand)
        rest.remove(card)
        return gin.deadwood_value(rest, rules=self.rules)


def _help(card: Piece, others: Sequence[Piece], rules: RuleSet) -> float:
    """How much a card helps a contract hand: cards of its rank, and cards near it in its suit."""
    if not isinstance(card, Card) or rules.is_wild(card):
        return 100.0
    score = 0.0
    for other in others:
        if not isinstance(other, Card) or rules.is_wild(other):
            continue
        if other.rank == card.rank:
            score += 2.0
        elif other.suit == card.suit:
            gap = abs(int(other.rank) - int(card.rank))
            score += 1.5 if gap == 1 else 1.0 if gap == 2 else 0.0
    return score - rules.piece_points(card) / 100


def _places(card: Card, rules: RuleSet) -> tuple[int, ...]:
    """Where a natural card sits in a run: its rank, an ace low (1), high (14) or both."""
    if int(card.rank) == 1:
        return ((1,) if rules.ace_low else ()) + ((14,) if rules.ace_high else ())
    return (int(card.rank),)


def _take_runs(cards: list[Card], runs: int, size: int, whole: bool, rules: RuleSet) -> tuple[int, list[Card]]:
    """Greedily choose ``runs`` runs of at least ``size`` places: the cards they miss, and the cards left."""
    missing = 0
    left = list(cards)
    low, high = rules.run_low, rules.run_high
    for _ in range(runs):
        best: tuple[int, int, list[Card]] | None = None
        for suit in {c.suit for c in left}:
            at: dict[int, Card] = {}
            for c in left:
                if c.suit is suit:
                    for q in _places(c, rules):
                        at.setdefault(q, c)
            longest = high - low + 1 if whole else size
            for length in range(size, longest + 1):
                for start in range(low, high - length + 2):
                    held = [at[q] for q in range(start, start + length) if q in at]
                    if len({id(c) for c in held}) != len(held):
                        continue  # one ace cannot sit at both ends
                    gap = length - len(held)
                    value = 2 * len(held) - length if whole else -gap
                    if best is None or value > best[0]:
                        best = (value, gap, held)
        if best is None:
            missing += size
            continue
        missing += best[1]
        for c in best[2]:
            left.remove(c)
    return missing, left


def _take_sets(cards: list[Card], sets: int, size: int) -> tuple[int, list[Card]]:
    """Greedily choose ``sets`` sets of ``size``: the cards they miss, and the cards left."""
    by_rank: dict[int, list[Card]] = {}
    for c in cards:
        by_rank.setdefault(int(c.rank), []).append(c)
    groups = sorted(by_rank.values(), key=len, reverse=True)
    missing = 0
    left = list(cards)
    for k in range(sets):
        taken = groups[k][:size] if k < len(groups) else []
        missing += size - len(taken)
        for c in taken:
            left.remove(c)
    return missing, left


def _distance(hand: Sequence[Piece], contract: Contract, rules: RuleSet) -> int:
    """About how many cards ``hand`` lacks to meet ``contract`` (wild pieces fill gaps; 0: within reach)."""
    wild = sum(1 for p in hand if rules.is_wild(p))
    naturals = [p for p in hand if isinstance(p, Card) and not rules.is_wild(p)]
    best: int | None = None
    for runs_first in (True, False):
        if runs_first:
            a, left = _take_runs(naturals, contract.runs, contract.run_size, contract.whole_hand, rules)
            b, left = _take_sets(left, contract.sets, contract.set_size)
        else:
            b, left = _take_sets(naturals, contract.sets, contract.set_size)
            a, left = _take_runs(left, contract.runs, contract.run_size, contract.whole_hand, rules)
        gaps = a + b + (max(0, len(left) - 1) if contract.whole_hand else 0)
        best = gaps if best is None else min(best, gaps)
    return max(0, (best or 0) - wild)


class ContractBot:
    """Contract Rummy and Shanghai: go down when possible, lay off, discard the card that helps least.

    It measures how far a hand is from the round's contract: about how many cards the sets and
    runs it asks for still lack, wild cards filling gaps. Before it has gone down it takes the
    upcard when keeping it (and discarding another card) brings the contract nearer, and buys it
    when the card does, while its hand is no larger than the deal or the contract's cards; once
    down, it takes or buys only a card it can lay off. It lays down the contract as soon as a
    lay-down is legal (the referee lists the one leaving the fewest points first); then lays off,
    most cards first; and discards the card whose loss keeps the contract nearest (then the one
    with the fewest cards of its rank and near it in its suit), never a joker or a wild card while
    another card will do, and never the card it took from the discard pile that turn (whatever
    ``discard_taken_card`` says), so that its games always move on.

    Examples:
        >>> from rummylib import SHANGHAI
        >>> from rummylib.contracts import ContractRound
        >>> r = ContractRound.deal(rules=SHANGHAI, players=3, seed=0)
        >>> r.is_legal(ContractBot(rules=SHANGHAI).act(r.view(1), r.legal_actions(1)))
        True
    """

    def __init__(self, *, rules: RuleSet, seed: Seed = 0) -> None:
        self.rules = rules

    def act(self, view: Any, legal: Sequence[Any]) -> Any:
        """The draw, buy, lay-down, lay-off or discard described above."""
        seat, rules = view.viewer, self.rules
        hand = tuple(view.hands[seat])
        contract = rules.round(view.round_number).contract
        if view.phase is contracts.Phase.BUY:
            # Buy while the hand is no larger than the deal, or than the contract's cards (three runs
            # of 5 from 11 cards dealt need buys).
            room = max(
                rules.round(view.round_number).cards,
                contract.sets * contract.set_size + contract.runs * contract.run_size,
            )
            wanted = len(hand) <= room and self._wanted(view, view.window.card, hand, contract, buying=True)
            want = _first(legal, contracts.Buy) if wanted else None
            return want if want is not None else _first(legal, contracts.DeclineBuy) or legal[0]
        if view.phase is contracts.Phase.DRAW:
            take = _first(legal, contracts.DrawDiscard)
            if take is not None and view.discards and self._wanted(view, view.discards[-1], hand, contract):
                return take
            return _first(legal, contracts.DrawStock) or legal[0]
        down = _first(legal, contracts.LayDown)
        if down is not None:
            return down
        layoffs = [a for a in legal if isinstance(a, contracts.LayOff)]
        if layoffs:
            return max(layoffs, key=lambda a: len(a.cards))
        taken = view.taken_card
        discards = [a for a in legal if isinstance(a, contracts.Discard)]
        # Never the card just taken from the pile: throwing it back would leave the stock where it
        # was, and the same turn could come round for ever.
        discards = [a for a in discards if a.card != taken] or discards
        if discards:
            return min(discards, key=lambda a: self._discard_key(hand, a.card, view, contract))
        return legal[0]

    def _discard_key(self, hand: Sequence[Piece], card: Piece, view: Any, contract: Contract) -> tuple[float, float]:
        """Wild cards last; before going down, the card whose loss keeps the contract nearest; then the least help."""
        rules = self.rules
        rest = _less(hand, card)
        if rules.is_wild(card):
            return (1000.0, 0.0)
        far = 0.0 if view.down[view.viewer] else float(_distance(rest, contract, rules))
        return (far, _help(card, rest, rules))

    def _wanted(
        self, view: Any, card: Piece, hand: Sequence[Piece], contract: Contract, *, buying: bool = False
    ) -> bool:
        """Whether to take (or buy) ``card``: it can be laid off, or it brings the contract nearer."""
        rules = self.rules
        if view.down[view.viewer]:
            return any(contracts.is_legal_layoff(m.reading, card, rules=rules) for m in view.table)
        if rules.is_wild(card):
            return True
        now = _distance(hand, contract, rules)
        if buying:
            return _distance([*hand, card], contract, rules) < now
        after = [_distance([*_less(hand, c), card], contract, rules) for c in hand if c != card]
        return bool(after) and min(after) < now


def _less(hand: Sequence[Piece], piece: Piece) -> list[Piece]:
    rest = list(hand)
    rest.remove(piece)
    return rest


class IndianBot:
    """Indian Rummy: keep the best arrangement, declare when the declaration is valid.

    It reads its hand through its best arrangement (`rummylib.indian.best_arrangement`): it takes
    the top discard when the best arrangement of the hand with it melds it (or it is wild); it
    declares whenever a listed declaration is valid; and else discards, of the cards the best
    arrangement leaves unmelded, the one whose loss leaves the fewest points (of the
    `CANDIDATES` highest; the higher card on a tie). It never drops.

    Examples:
        >>> from rummylib import INDIAN_RUMMY
        >>> from rummylib.indian import IndianDeal
        >>> deal = IndianDeal.deal(rules=INDIAN_RUMMY, players=2, seed=4)
        >>> str(deal.discards[-1]), IndianBot(rules=INDIAN_RUMMY).act(deal.view(1), deal.legal_actions(1)).kind
        ('Kd', 'draw-discard')
    """

    CANDIDATES = 5
    """How many unmelded cards (the highest first) the bot weighs as its discard."""

    def __init__(self, *, rules: RuleSet, seed: Seed = 0) -> None:
        self.rules = rules

    def act(self, view: Any, legal: Sequence[Any]) -> Any:
        """The draw, declaration or discard of the best arrangement."""
        rules = self._deal_rules(view)
        hand = tuple(view.hand)
        if view.phase is indian.IndianPhase.DRAW:
            take = _first(legal, indian.DrawDiscard)
            if take is not None and view.discards:
                top = view.discards[-1]
                if not isinstance(top, Card) or rules.is_wild(top) or top not in _arranged((*hand, top), rules).counted:
                    return take
            return _first(legal, indian.DrawStock) or take or legal[0]
        for action in legal:
            if isinstance(action, indian.Declare) and indian.is_valid_declaration(action.melds, rules=rules):
                return action
        discards = {a.card: a for a in legal if isinstance(a, indian.Discard)}
        if not discards:
            return legal[0]
        loose = [c for c in dict.fromkeys(_arranged(hand, rules).counted) if c in discards] or list(discards)
        loose.sort(key=lambda c: -rules.piece_points(c))
        best = min(
            loose[: self.CANDIDATES],
            key=lambda c: (_arranged(tuple(_less(hand, c)), rules).points, -rules.piece_points(c)),
        )
        return discards[best]

    def _deal_rules(self, view: Any) -> RuleSet:
        rank = view.wild_rank
        return attrs.evolve(self.rules, wild_ranks=frozenset() if rank is None else frozenset({rank}))


@functools.lru_cache(maxsize=4096)
def _best(hand: tuple[Piece, ...], rules: RuleSet) -> indian.IndianArrangement:
    return indian.best_arrangement(hand, rules=rules)


def _arranged(hand: Sequence[Piece], rules: RuleSet) -> indian.IndianArrangement:
    """The best arrangement of a hand, remembered (the bot asks again about the hands it kept)."""
    return _best(tuple(sorted(hand, key=piece_sort_key)), rules)


class RummikubBot:
    """Rummikub: the solver's best play (the most tiles), and a draw when there is none.

    Examples:
        >>> from rummylib import RUMMIKUB
        >>> from rummylib.rummikub import RummikubGame
        >>> g = RummikubGame.deal(rules=RUMMIKUB, players=2, seed=3)
        >>> g.is_legal(RummikubBot(rules=RUMMIKUB).act(g.view(0), g.legal_actions(0)))
        True
    """

    def __init__(self, *, rules: RuleSet, seed: Seed = 0) -> None:
        self.rules = rules

    def act(self, view: Any, legal: Sequence[Any]) -> Any:
        """The best play, or the listed draw (or pass)."""
        seat = view.viewer
        fallback = _first(legal, rummikub.Draw) or _first(legal, rummikub.Pass) or legal[0]
        try:
            best = solve(
                view.table,
                view.hand,
                rules=self.rules,
                initial_meld_done=view.initial_meld_done[seat],
                budget=SOLVER_BUDGET,
            )
        except SolverError:
            return fallback
        return fallback if best.is_pass else rummikub.Play(seat, best.table_after)


# ------------------------------------------------------------------------------------------
# By name
# ------------------------------------------------------------------------------------------

_BOTS: Mapping[str, Mapping[str, BotFactory]] = {
    "rummikub": {"random": RummikubRandomBot, "heuristic": RummikubBot},
    "contracts": {"random": RandomBot, "heuristic": ContractBot},
    "gin": {"random": RandomBot, "heuristic": GinBot},
    "indian": {"random": RandomBot, "heuristic": IndianBot},
}

BOT_NAMES: tuple[str, ...] = ("random", "heuristic")
"""The names `make_bot` knows, for every game."""


def bot_names(rules: RuleSet) -> tuple[str, ...]:
    """The bot names a rule set's game has.

    Examples:
        >>> from rummylib import GIN_RUMMY
        >>> bot_names(GIN_RUMMY)
        ('random', 'heuristic')
    """
    return tuple(_BOTS[family(rules).name])


def make_bot(name: str, *, rules: RuleSet, seed: Seed = 0) -> Bot:
    """The bot called ``name`` for the game of ``rules``, seeded with ``seed``.

    Raises:
        RequestError: no bot of that name (code ``bad-field``).

    Examples:
        >>> from rummylib import RUMMIKUB
        >>> type(make_bot("heuristic", rules=RUMMIKUB)).__name__
        'RummikubBot'
        >>> make_bot("clever", rules=RUMMIKUB)
        Traceback (most recent call last):
        ...
        rummylib.errors.RequestError: unknown bot 'clever' (bots: random, heuristic)
    """
    bots = _BOTS[family(rules).name]
    factory = bots.get(name)
    if factory is None:
        raise RequestError(f"unknown bot {name!r} (bots: {', '.join(bots)})", code=ErrorCode.BAD_FIELD)
    return factory(rules=rules, seed=seed)
