"""Gin Rummy scoring: a knocked hand (lay-offs, undercuts, gin, big gin) and a whole game.

The defender lays off deadwood on the knocker's melds (not after gin), choosing the lay-offs that
leave the least deadwood, and the hand is scored by comparing deadwood after the lay-offs.

Examples:
    >>> from rummylib import GIN_RUMMY
    >>> res = score_hand("Ah 2h 3h 7c 7d 7s 9c 9d 9s Kd", "4h 5h Kc Qc Jc 2c 2d 3s 8s 8h",
    ...                  rules=GIN_RUMMY)
    >>> res.winner, res.kind.value, res.points, str(res.layoff_text)
    ('knocker', 'knock', 13, '4h 5h')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import StrEnum

import attrs

from rummylib import _inputs
from rummylib.cards import Card
from rummylib.errors import InvalidMeldError
from rummylib.gin._engine import (
    CARDS,
    MAX_GIN_HAND,
    Meld3,
    Sets,
    Tables,
    arrangements,
    as_cards,
    best_layoffs,
    cards_of,
    defender_melds,
    encode,
    meld_of,
    melds_of,
    min_deadwood,
    result_parts,
    tables_for,
)
from rummylib.gin.deadwood import _knock_problem, deadwood, hand_multiplier, knock_limit
from rummylib.gin.errors import GinInputError, KnockError
from rummylib.melds import Meld, MeldKind, check_meld
from rummylib.pieces import PieceLike, PiecesLike, format_pieces, piece_sort_key
from rummylib.rules import RuleSet
from rummylib.table import MeldsLike, Table
from rummylib.tiles import Drawable

__all__ = [
    "GinGameScore",
    "GinHandResult",
    "GinLayoffs",
    "GinOutcome",
    "LayOff",
    "layoffs",
    "score_game",
    "score_hand",
]


class GinOutcome(StrEnum):
    """How a Gin hand ended.

    Examples:
        >>> GinOutcome("big_gin") is GinOutcome.BIG_GIN
        True
    """

    KNOCK = "knock"
    """The knocker had less deadwood after the lay-offs and scores the difference."""
    GIN = "gin"
    """The knocker had no deadwood: the defender's deadwood plus the gin bonus, no lay-offs."""
    BIG_GIN = "big_gin"
    """All 11 cards melded after the draw: the defender's deadwood plus the big gin bonus."""
    UNDERCUT = "undercut"
    """The defender's deadwood was equal or lower: the defender scores the difference plus a bonus."""


@attrs.frozen
class LayOff:
    """One defender card laid off on one of the knocker's melds.

    Examples:
        >>> LayOff(Card.parse("4h"), 0)
        LayOff(card=Card.parse('4h'), meld=0)
    """

    card: Card
    """The card laid off."""
    meld: int
    """Index (from 0) of the knocker's meld in `GinHandResult.knocker_melds`."""


@attrs.frozen
class GinHandResult(Drawable):
    """The score of one Gin hand.

    Examples:
        >>> from rummylib import GIN_RUMMY
        >>> r = score_hand("Ah 2h 3h 7c 7d 7s 9c 9d 9s Qd", "Kc Kd Ks 4c 5c 6c 10h Jh Qh As",
        ...                rules=GIN_RUMMY)
        >>> r.winner, r.kind.value, r.points, r.knocker_deadwood, r.defender_deadwood
        ('defender', 'undercut', 34, 10, 1)
    """

    winner: str
    """``"knocker"`` or ``"defender"``."""
    kind: GinOutcome
    """Knock, gin, big gin or undercut."""
    points: int
    """Points the winner scores for the hand (bonuses and Oklahoma doubling included)."""
    knocker_deadwood: int
    """The knocker's deadwood."""
    defender_deadwood: int
    """The defender's deadwood after the lay-offs."""
    knocker_melds: tuple[Meld, ...]
    """The melds the knocker lays down."""
    knocker_unmelded: tuple[Card, ...]
    """The knocker's deadwood cards."""
    defender_melds: tuple[Meld, ...]
    """The defender's own melds."""
    defender_unmelded: tuple[Card, ...]
    """The defender's deadwood cards after the lay-offs."""
    layoffs: tuple[LayOff, ...] = ()
    """The defender's lay-offs on the knocker's melds."""
    discard: Card | None = None
    """The knocker's discard, when an 11-card hand was given (``None`` for big gin)."""
    multiplier: int = 1
    """2 for an Oklahoma hand with a spade upcard, else 1."""

    @property
    def layoff_text(self) -> str:
        """The cards laid off, in notation (empty when none)."""
        return format_pieces(sorted((lo.card for lo in self.layoffs), key=piece_sort_key))

    def points_for(self, seat: str) -> int:
        """Points ``"knocker"`` or ``"defender"`` scores for this hand."""
        return self.points if seat == self.winner else 0


def _gin_result(
    kind: GinOutcome, bonus: int, kmasks: Sequence[int], sets: Sets, dmasks: Sequence[int], t: Tables, mult: int
) -> GinHandResult:
    """Gin or big gin: the defender lays nothing off and pays its whole deadwood plus the bonus."""
    melds, left = result_parts(kmasks, sets, t)
    ddw = min_deadwood(dmasks, t)
    dmelds, dleft = defender_melds(dmasks, t)
    return GinHandResult(
        "knocker",
        kind,
        (ddw + bonus) * mult,
        0,
        ddw,
        melds,
        left,
        dmelds,
        dleft,
        multiplier=mult,
    )


def _score_ten(
    kcards: Sequence[Card], dcards: Sequence[Card], t: Tables, *, rules: RuleSet, limit: int, mult: int
) -> GinHandResult:
    kmasks = encode(kcards)
    dmasks = encode(dcards)
    kdw, found = arrangements(kmasks, t)
    if kdw > limit:
        raise KnockError([_knock_problem(kdw, limit, kcards, after_discard=False)])
    if kdw == 0:
        return _gin_result(GinOutcome.GIN, rules.gin_bonus, kmasks, found[0], dmasks, t, mult)
    # Every least-deadwood arrangement of the knocker; keep the one worst for the defender.
    best: tuple[int, int] | None = None
    chosen: tuple[list[Meld3], list[int], tuple[tuple[int, tuple[int, int]], ...]] | None = None
    for sets in found:
        kmelds, kleft = melds_of(kmasks, sets, t)
        ddw, lay = best_layoffs(kmelds, dmasks, t)
        key = (-ddw, len(lay))
        if best is None or key < best:
            best, chosen = key, (kmelds, kleft, lay)
    assert best is not None
    assert chosen is not None
    kmelds, kleft, lay = chosen
    ddw = -best[0]
    left = list(dmasks)
    for _, (s, r) in lay:
        left[s] &= ~(1 << r)
    dmelds, dleft = defender_melds(left, t)
    layoffs = tuple(LayOff(CARDS[s][r], i) for i, (s, r) in lay)
    common = (
        kdw,
        ddw,
        tuple(meld_of(m) for m in kmelds),
        cards_of(kleft),
        dmelds,
        dleft,
        layoffs,
    )
    if ddw <= kdw:
        points = (kdw - ddw + rules.undercut_bonus) * mult
        return GinHandResult("defender", GinOutcome.UNDERCUT, points, *common, multiplier=mult)
    return GinHandResult("knocker", GinOutcome.KNOCK, (ddw - kdw) * mult, *common, multiplier=mult)


@attrs.frozen
class GinLayoffs:
    """The defender's best lay-offs on the knocker's melds, and the deadwood they leave.

    Examples:
        >>> from rummylib import GIN_RUMMY
        >>> found = layoffs("Ah 2h 3h | 7c 7d 7s", "4h 5h 7h Kc Qc Jc 2c 2d 3s 8s", rules=GIN_RUMMY)
        >>> [str(m) for m in found.melds_after], found.deadwood
        (['Ah 2h 3h 4h 5h', '7c 7d 7s 7h'], 15)
    """

    knocker_melds: tuple[Meld, ...]
    """The knocker's melds, as given."""
    layoffs: tuple[LayOff, ...]
    """The defender's cards laid off, each with the index of the meld it goes on."""
    melds_after: tuple[Meld, ...]
    """The knocker's melds with the cards laid off on them (runs in order, low to high)."""
    deadwood: int
    """The defender's least deadwood after the lay-offs."""
    defender_melds: tuple[Meld, ...]
    """The defender's own melds among the cards left."""
    unmelded: tuple[Card, ...]
    """The defender's deadwood cards after the lay-offs."""

    @property
    def layoff_text(self) -> str:
        """The cards laid off, in notation (empty when none)."""
        return format_pieces(sorted((lo.card for lo in self.layoffs), key=piece_sort_key))


def _knocker_meld(meld: Meld, index: int, rules: RuleSet) -> Meld3:
    """One of the knocker's melds as the engine holds it, once it is a valid Gin meld."""
    cards = as_cards(meld.pieces, rules, f"knocker meld {index + 1}")
    try:
        reading = check_meld(Meld(cards), rules=rules)
    except InvalidMeldError as exc:
        raise InvalidMeldError([v.at(index) for v in exc.violations]) from None
    if reading.kind is MeldKind.GROUP:
        return ("group", int(cards[0].rank), tuple(sorted(c.suit.order for c in cards)))
    return ("run", cards[0].suit.order, tuple(sorted(reading.positions)))


def layoffs(knocker_melds: MeldsLike, defender: PiecesLike, *, rules: RuleSet) -> GinLayoffs:
    """The defender's lay-offs on the knocker's melds: the ones that leave the least deadwood.

    The defender may lay off any card that extends one of the knocker's melds: the missing suit
    of a set (up to the largest set), or the next cards at either end of a run. Of every way to
    lay off, this is the one with the least deadwood left, and of those the one laying off the
    fewest cards; it is what `score_hand` counts. (After gin the defender lays nothing off:
    `score_hand` knows, this function does not ask.)

    Args:
        knocker_melds: the knocker's melds: ``|`` notation, or a sequence of melds (`Meld`,
            notation, or pieces each).
        defender: the defender's cards.
        rules: the rule set (Gin Rummy or a house variant of it).

    Raises:
        InvalidMeldError: a knocker's meld that is not a valid Gin meld (code ``invalid-meld``; the
            violations name the meld, from 0).
        GinInputError: a joker, a card twice, or a card both in the knocker's melds and in the
            defender's hand (code ``bad-gin-hand``).
        LimitExceededError: a defender hand of more than 11 cards.
        NotationError: bad notation.

    Examples:
        >>> from rummylib import GIN_RUMMY
        >>> found = layoffs(["4c 5c 6c", "9d 9h 9s"], "3c 7c 9c Kd Kh 2d", rules=GIN_RUMMY)
        >>> [(str(lo.card), lo.meld) for lo in found.layoffs], found.deadwood
        ([('3c', 0), ('7c', 0), ('9c', 1)], 22)
        >>> [str(m) for m in found.melds_after], found.layoff_text
        (['3c 4c 5c 6c 7c', '9d 9h 9s 9c'], '3c 7c 9c')
        >>> layoffs("4c 5c", "3c", rules=GIN_RUMMY)
        Traceback (most recent call last):
        ...
        rummylib.errors.InvalidMeldError: meld 1: run of 2 pieces; a run needs at least 3 [run-too-short]
    """
    _inputs.ruleset(rules)
    table = Table.of(knocker_melds, rules=rules)
    t = tables_for(rules)
    kmelds = [_knocker_meld(m, i, rules) for i, m in enumerate(table.melds)]
    kcards = as_cards([c for m in table.melds for c in m.pieces], rules, "the knocker's melds")
    dcards = as_cards(defender, rules, "defender")
    both = set(kcards) & set(dcards)
    if both:
        shown = format_pieces(sorted(both, key=piece_sort_key))
        raise GinInputError(
            f"{shown} cannot be both in the knocker's melds and in the defender's hand: Gin Rummy uses one deck"
        )
    dmasks = encode(dcards)
    ddw, lay = best_layoffs(kmelds, dmasks, t)
    left = list(dmasks)
    for _, (s, r) in lay:
        left[s] &= ~(1 << r)
    dmelds, dleft = defender_melds(left, t)
    laid = tuple(LayOff(CARDS[s][r], i) for i, (s, r) in lay)
    after = []
    for i, meld in enumerate(table.melds):
        cards = [*meld.pieces, *(lo.card for lo in laid if lo.meld == i)]
        reading = check_meld(Meld(cards), rules=rules)
        after.append(Meld(reading.ordered_pieces()))
    return GinLayoffs(table.melds, laid, tuple(after), ddw, dmelds, dleft)


def _check_sizes(knocker: int, defender: int, size: int) -> None:
    """Refuse hands of sizes no knock leaves: the knocker ``size`` or ``size + 1`` cards, the defender ``size``."""
    if knocker not in (size, size + 1):
        raise GinInputError(
            f"the knocker holds {knocker} card{'' if knocker == 1 else 's'}: at a knock the knocker holds "
            f"{size} (after the discard) or {size + 1} (after the draw)"
        )
    if defender != size:
        raise GinInputError(
            f"the defender holds {defender} card{'' if defender == 1 else 's'}: at a knock the defender holds {size}"
        )


def _signed(r: GinHandResult) -> int:
    return r.points if r.winner == "knocker" else -r.points


def score_hand(
    knocker: PiecesLike,
    defender: PiecesLike,
    *,
    rules: RuleSet,
    first_upcard: PieceLike | None = None,
) -> GinHandResult:
    """Score a Gin hand ended by a knock, by the rules of Gin Rummy.

    ``knocker`` holds the knocker's cards after the discard (``hand_size``: 10). An 11-card knocker
    hand is a hand after the draw: if every card melds it is big gin (no discard); otherwise the
    knocker throws the card that scores best for them. The knocker's deadwood must be within the
    knock limit (see `knock_limit`).

    * gin (no deadwood): the defender's deadwood plus ``gin_bonus``; no lay-offs;
    * big gin: the defender's deadwood plus ``big_gin_bonus``; no lay-offs;
    * otherwise the defender lays off on the knocker's melds, the lay-offs chosen to leave the
      least deadwood; if the defender's deadwood is then equal or lower, the defender undercuts
      and scores the difference plus ``undercut_bonus``; else the knocker scores the difference.

    Where the knocker's cards can be melded several ways with the same least deadwood, the
    knocker lays them down the way that leaves the defender the most deadwood after the
    defender's best lay-offs. Under ``oklahoma`` the hand's score is doubled when the first
    ``first_upcard`` is a spade.

    Raises:
        KnockError: the knocker's deadwood is over the knock limit (code ``knock-over-limit``).
        GinInputError: a joker, a card twice or in both hands, hands of sizes no knock leaves (the
            knocker 10 or 11 cards, the defender 10), or Oklahoma without an upcard (code
            ``bad-gin-hand``).
        LimitExceededError: a hand of more than 11 cards.
        NotationError: bad notation.

    Examples:
        >>> from rummylib import GIN_RUMMY
        >>> r = score_hand("Ah 2h 3h 7c 7d 7s 9c 9d 9s 9h", "Kc Kd Ks 4c 5c 6c 8h 8d 2s 3s",
        ...                rules=GIN_RUMMY)
        >>> r.kind.value, r.points, r.defender_deadwood
        ('gin', 46, 21)
        >>> score_hand("Ah 2h 3h 4h 7c 7d 7s 9c 9d 9s 9h", "Kc Kd Ks 4c 5c 6c 8h 8d 2s 3s",
        ...            rules=GIN_RUMMY).kind.value
        'big_gin'
    """
    t = tables_for(rules)
    kcards = as_cards(knocker, rules, "knocker")
    dcards = as_cards(defender, rules, "defender")
    _check_sizes(len(kcards), len(dcards), rules.hand_size)
    both = set(kcards) & set(dcards)
    if both:
        shown = format_pieces(sorted(both, key=piece_sort_key))
        raise GinInputError(f"{shown} cannot be in both hands: Gin Rummy uses one deck")
    limit = knock_limit(rules=rules, first_upcard=first_upcard)
    mult = hand_multiplier(rules=rules, first_upcard=first_upcard)
    if len(kcards) < MAX_GIN_HAND:
        return _score_ten(kcards, dcards, t, rules=rules, limit=limit, mult=mult)
    kmasks = encode(kcards)
    dmasks = encode(dcards)
    if min_deadwood(kmasks, t) == 0:
        _, found = arrangements(kmasks, t)
        return _gin_result(GinOutcome.BIG_GIN, rules.big_gin_bonus, kmasks, found[0], dmasks, t, mult)
    results = []
    for i, card in enumerate(kcards):
        rest = kcards[:i] + kcards[i + 1 :]
        try:
            res = _score_ten(rest, dcards, t, rules=rules, limit=limit, mult=mult)
        except KnockError:
            continue
        results.append(attrs.evolve(res, discard=card))
    if not results:
        dw = deadwood(kcards, rules=rules).deadwood
        raise KnockError([_knock_problem(dw, limit, kcards, after_discard=True)])
    # Best for the knocker; on a tie, throw the higher card (as `deadwood` does).
    return max(
        results,
        key=lambda r: (_signed(r), -r.knocker_deadwood, *_discard_key(r.discard, rules)),
    )


def _discard_key(card: Card | None, rules: RuleSet) -> tuple[int, int, int]:
    if card is None:  # pragma: no cover - only big gin has no discard, and it returns earlier
        return (0, 0, 0)
    return (rules.rank_points[card.rank - 1], int(card.rank), -card.suit.order)


# ------------------------------------------------------------------------------------------
# The game
# ------------------------------------------------------------------------------------------


@attrs.frozen
class GinGameScore:
    """Running totals of a Gin game between players 0 and 1, hand by hand.

    The game ends when a player's total reaches ``game_target``; the higher score wins. The
    final scores add the standard end-of-game bonuses from the rule set: ``game_bonus`` to the
    winner, ``line_bonus`` per hand won to each player, and, with ``shutout_doubles``, double
    for a winner whose opponent won no hand. Set them to 0/false for plain totals.

    Examples:
        >>> from rummylib import GIN_RUMMY
        >>> g = GinGameScore().add(60, winner=0, rules=GIN_RUMMY).add(45, winner=0, rules=GIN_RUMMY)
        >>> g.totals, g.is_over(rules=GIN_RUMMY), g.winner(rules=GIN_RUMMY)
        ((105, 0), True, 0)
        >>> g.final_scores(rules=GIN_RUMMY)  # (105 + 100 + 2 x 25) doubled: a shutout
        (510, 0)
    """

    totals: tuple[int, int] = (0, 0)
    """Hand points won so far by players 0 and 1."""
    hands_won: tuple[int, int] = (0, 0)
    """Hands won so far by players 0 and 1."""

    def is_over(self, *, rules: RuleSet) -> bool:
        """Whether a player has reached the target."""
        return max(self.totals) >= rules.game_target

    def winner(self, *, rules: RuleSet) -> int | None:
        """The player with the higher score once the game is over, else ``None``."""
        if not self.is_over(rules=rules):
            return None
        return 0 if self.totals[0] >= self.totals[1] else 1

    def add(self, points: int | GinHandResult, *, winner: int, rules: RuleSet) -> GinGameScore:
        """The totals after a hand won by ``winner`` (0 or 1) for ``points``.

        Pass a `GinHandResult` as ``points`` with ``winner`` the seat of its winner; a hand
        that ends in a draw (no knock) is simply not added.

        Raises:
            GinInputError: the game is already over, or a bad seat or negative points.
        """
        value = points.points if isinstance(points, GinHandResult) else points
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise GinInputError(f"hand points must be a non-negative integer, not {value!r}")
        winner = _inputs.seat(winner, players=2, what="the winner", error=GinInputError)
        if self.is_over(rules=rules):
            raise GinInputError("the game is over: a player has reached the target")
        totals = list(self.totals)
        won = list(self.hands_won)
        totals[winner] += value
        won[winner] += 1
        return GinGameScore((totals[0], totals[1]), (won[0], won[1]))

    def final_scores(self, *, rules: RuleSet) -> tuple[int, int]:
        """Totals with the end-of-game bonuses of the rule set (needs the game to be over).

        Raises:
            GinInputError: the game is not over yet.
        """
        w = self.winner(rules=rules)
        if w is None:
            raise GinInputError("the game is not over: nobody has reached the target")
        final = [self.totals[i] + rules.line_bonus * self.hands_won[i] for i in (0, 1)]
        final[w] += rules.game_bonus
        if rules.shutout_doubles and self.hands_won[1 - w] == 0:
            final[w] *= 2
        return (final[0], final[1])


def score_game(hands: Iterable[tuple[int, int | GinHandResult]], *, rules: RuleSet) -> GinGameScore:
    """Add up a game from ``(winner seat, points)`` pairs, one per hand won.

    Raises:
        GinInputError: a hand after the game was over, a bad seat or bad points.

    Examples:
        >>> from rummylib import GIN_RUMMY
        >>> g = score_game([(0, 30), (1, 25), (0, 80)], rules=GIN_RUMMY)
        >>> g.totals, g.winner(rules=GIN_RUMMY)
        ((110, 25), 0)
    """
    score = GinGameScore()
    for winner, points in hands:
        score = score.add(points, winner=winner, rules=rules)
    return score
