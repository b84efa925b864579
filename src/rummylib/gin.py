"""Gin Rummy: least deadwood, knocking, lay-offs, hand and game scoring (rule book §4).

A hand's **deadwood** is the value of the cards in no meld, taken over the best way of splitting
the hand into disjoint melds (exact; the ace is low only under `GIN_RUMMY`, as every meld rule
here comes from the rule set). A player may knock with deadwood of ``knock_limit`` or less
(10); with 0 it is gin, and with all 11 cards melded after the draw it is big gin. The defender
then lays off deadwood on the knocker's melds (not after gin), choosing the lay-offs that leave
the least deadwood, and the hand is scored by comparing deadwood after the lay-offs.

Examples:
    >>> from rummylib import GIN_RUMMY, parse_pieces
    >>> r = deadwood(parse_pieces("Ah 2h 3h 7c 7d 7s 9c 10d Jh Kd"), rules=GIN_RUMMY)
    >>> r.deadwood, [str(m) for m in r.melds]
    (39, ['7c 7d 7s', 'Ah 2h 3h'])
    >>> res = score_hand("Ah 2h 3h 7c 7d 7s 9c 9d 9s Kd", "4h 5h Kc Qc Jc 2c 2d 3s 8s 8h",
    ...                  rules=GIN_RUMMY)
    >>> res.winner, res.kind.value, res.points, str(res.layoff_text)
    ('knocker', 'knock', 13, '4h 5h')
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable, Sequence
from enum import StrEnum

import attrs

from rummylib.cards import Card, Rank, Suit
from rummylib.errors import (
    GinInputError,
    KnockError,
    LimitExceededError,
    RuleId,
    Violation,
)
from rummylib.melds import Meld
from rummylib.pieces import Joker, Piece, format_pieces, piece_sort_key
from rummylib.rules import RuleSet

__all__ = [
    "MAX_GIN_HAND",
    "DeadwoodResult",
    "GinGameScore",
    "GinHandResult",
    "GinInputError",
    "GinOutcome",
    "KnockError",
    "Layoff",
    "can_knock",
    "deadwood",
    "hand_multiplier",
    "knock_limit",
    "score_game",
    "score_hand",
]

MAX_GIN_HAND = 11
"""Most cards a Gin hand can hold (10 dealt plus the card drawn)."""

_SUITS: tuple[Suit, ...] = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
_SUIT_INDEX = {s: i for i, s in enumerate(_SUITS)}
_CARDS: tuple[tuple[Card, ...], ...] = tuple(tuple(Card(Rank(r), s) for r in range(1, 14)) for s in _SUITS)
_FULL = (1 << 13) - 1


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


# ------------------------------------------------------------------------------------------
# Private encoding: a hand is four 13-bit rank masks, one per suit (bit r-1 for rank r).
# ------------------------------------------------------------------------------------------


@attrs.frozen
class _Tables:
    """Per-suit answers for every 13-bit mask under one set of meld rules."""

    dw: tuple[int, ...]
    """Least deadwood of the suit's cards using runs only."""
    runs: tuple[tuple[tuple[int, ...], ...], ...]
    """The runs reaching it: tuples of positions (1-14, 14 a high ace)."""
    dwdel: tuple[int, ...]
    """Least run-only deadwood after removing the best card."""
    delrank: tuple[int, ...]
    """The rank removed for ``dwdel`` (0 for the empty mask)."""
    value: tuple[int, ...]
    """Point value of the 13 ranks (ace first)."""
    group_min: int
    group_max: int
    run_min: int
    run_max: int
    low: int
    high: int


def _segment_best(
    positions: Sequence[int], values: dict[int, int], run_min: int, run_max: int
) -> tuple[int, tuple[tuple[int, ...], ...]]:
    """Most value meldable as runs from sorted positions, and the runs."""
    n = len(positions)
    best = [0] * (n + 1)
    choice: list[int] = [0] * (n + 1)
    for i in range(n - 1, -1, -1):
        best[i], choice[i] = best[i + 1], 0
        total = 0
        for k in range(1, min(run_max, n - i) + 1):
            if k > 1 and positions[i + k - 1] != positions[i + k - 2] + 1:
                break
            total += values[positions[i + k - 1]]
            if k >= run_min and total + best[i + k] > best[i]:
                best[i], choice[i] = total + best[i + k], k
    runs = []
    i = 0
    while i < n:
        k = choice[i]
        if k:
            runs.append(tuple(positions[i : i + k]))
            i += k
        else:
            i += 1
    return best[0], tuple(runs)


@functools.cache
def _tables(
    *, run_min: int, run_max: int, low: int, high: int, group_min: int, group_max: int, points: tuple[int, ...]
) -> _Tables:
    ace_low, ace_high = low == 1, high == 14
    dw: list[int] = []
    runs: list[tuple[tuple[int, ...], ...]] = []
    for mask in range(1 << 13):
        ranks = [r for r in range(1, 14) if mask >> (r - 1) & 1]
        total = sum(points[r - 1] for r in ranks)
        options = []
        for ace_at in ((1,) if ace_low else ()) + ((14,) if ace_high else ()):
            pos = sorted(ace_at if r == 1 else r for r in ranks)
            vals = {p: points[0 if p in (1, 14) else p - 1] for p in pos}
            options.append(_segment_best(pos, vals, run_min, run_max))
        melded, best_runs = max(options, key=lambda o: o[0]) if options else (0, ())
        dw.append(total - melded)
        runs.append(best_runs)
    dwdel = [0] * (1 << 13)
    delrank = [0] * (1 << 13)
    for mask in range(1, 1 << 13):
        best_key: tuple[int, int, int] | None = None
        for r in range(1, 14):
            if mask >> (r - 1) & 1:
                key = (dw[mask ^ (1 << (r - 1))], -points[r - 1], -r)
                if best_key is None or key < best_key:
                    best_key = key
        assert best_key is not None
        dwdel[mask], delrank[mask] = best_key[0], -best_key[2]
    return _Tables(
        tuple(dw),
        tuple(runs),
        tuple(dwdel),
        tuple(delrank),
        points,
        group_min=group_min,
        group_max=group_max,
        run_min=run_min,
        run_max=run_max,
        low=low,
        high=high,
    )


_TABLES_BY_RULES: dict[RuleSet, _Tables] = {}


def _tables_for(rules: RuleSet) -> _Tables:
    t = _TABLES_BY_RULES.get(rules)
    if t is not None:
        return t
    if not isinstance(rules, RuleSet):
        raise TypeError(f"rules must be a RuleSet, not {type(rules).__name__}")
    if rules.family.value != "cards":
        raise GinInputError(f"{rules.title} is played with tiles; Gin deadwood needs cards")
    gmax = 4 if rules.group_max is None else min(rules.group_max, 4)
    t = _tables(
        run_min=rules.min_run,
        run_max=rules.longest_run,
        low=rules.run_low,
        high=rules.run_high,
        group_min=rules.group_min,
        group_max=gmax,
        points=rules.rank_points,
    )
    if len(_TABLES_BY_RULES) < 64:
        _TABLES_BY_RULES[rules] = t
    return t


def _read_hand(hand: Iterable[Piece] | str, rules: RuleSet, what: str) -> tuple[tuple[Card, ...], list[int]]:
    """The cards of a hand and its four suit masks, checked."""
    if isinstance(hand, str):
        from rummylib.notation import parse_pieces

        pieces: tuple[Piece, ...] = parse_pieces(hand, rules=rules)
    else:
        pieces = tuple(hand)
    if len(pieces) > MAX_GIN_HAND:
        raise LimitExceededError(f"{what}: {len(pieces)} cards, but a Gin hand holds at most {MAX_GIN_HAND}")
    wild = rules.all_wild_ranks
    masks = [0, 0, 0, 0]
    for c in pieces:
        if type(c) is not Card:
            if isinstance(c, Joker):
                raise GinInputError(f"{what}: a joker, but Gin Rummy is played without jokers")
            if not isinstance(c, Card):
                raise GinInputError(f"{what}: {c} is not a playing card")
        if wild and c.rank in wild:
            raise GinInputError(f"{what}: {c} acts as a joker, and Gin Rummy is played without jokers")
        s = _SUIT_INDEX[c.suit]
        bit = 1 << (c.rank - 1)
        if masks[s] & bit:
            raise GinInputError(f"{what}: {c} appears twice, but Gin Rummy uses one deck")
        masks[s] |= bit
    return pieces, masks  # type: ignore[return-value]  # every piece was checked to be a Card


def _as_cards(hand: Iterable[Piece] | str, rules: RuleSet, what: str) -> tuple[Card, ...]:
    return _read_hand(hand, rules, what)[0]


def _encode(cards: Sequence[Card]) -> list[int]:
    masks = [0, 0, 0, 0]
    for c in cards:
        masks[_SUIT_INDEX[c.suit]] |= 1 << (c.rank - 1)
    return masks


_Sets = tuple[tuple[int, tuple[int, ...]], ...]
_NO_REMOVAL = ((0, 0, 0, 0),)


def _removals(masks: Sequence[int], t: _Tables) -> Sequence[tuple[int, int, int, int]]:
    """Every choice of sets, as the bits each choice takes out of the four suit masks.

    The first choice is always "no set". A rank can give one set at most (one deck).
    """
    a, b, c, d = masks
    if t.group_min == 3:
        candidates = (a & b & c) | (a & b & d) | (a & c & d) | (b & c & d)
        if not candidates:
            return _NO_REMOVAL
    else:
        candidates = a | b | c | d
    combos: list[tuple[int, int, int, int]] = [(0, 0, 0, 0)]
    while candidates:
        low = candidates & -candidates
        candidates ^= low
        suits = [s for s in range(4) if masks[s] & low]
        if len(suits) < t.group_min:
            continue
        choices = []
        for size in range(t.group_min, min(t.group_max, len(suits)) + 1):
            for combo in itertools.combinations(suits, size):
                choices.append(tuple(low if s in combo else 0 for s in range(4)))
        combos += [(w | q[0], x | q[1], y | q[2], z | q[3]) for w, x, y, z in combos for q in choices]
    return combos


def _sets_of(removal: Sequence[int]) -> _Sets:
    """The sets (rank index, suits) that a removal tuple stands for."""
    taken = removal[0] | removal[1] | removal[2] | removal[3]
    out = []
    while taken:
        low = taken & -taken
        taken ^= low
        out.append((low.bit_length() - 1, tuple(s for s in range(4) if removal[s] & low)))
    return tuple(out)


def _apply_sets(masks: Sequence[int], sets: Sequence[tuple[int, tuple[int, ...]]]) -> list[int]:
    left = list(masks)
    for r, suits in sets:
        for s in suits:
            left[s] &= ~(1 << r)
    return left


def _min_deadwood(masks: Sequence[int], t: _Tables) -> int:
    """Least deadwood of a hand (no discard)."""
    dw = t.dw
    a, b, c, d = masks
    best = dw[a] + dw[b] + dw[c] + dw[d]
    if best == 0:
        return 0
    for w, x, y, z in _removals(masks, t):
        v = dw[a & ~w] + dw[b & ~x] + dw[c & ~y] + dw[d & ~z]
        best = min(best, v)
    return best


def _arrangements(masks: Sequence[int], t: _Tables) -> tuple[int, list[_Sets]]:
    """Least deadwood and every choice of sets reaching it (runs follow from the sets)."""
    dw = t.dw
    a, b, c, d = masks
    best = -1
    found: list[tuple[int, int, int, int]] = []
    for removal in _removals(masks, t):
        w, x, y, z = removal
        v = dw[a & ~w] + dw[b & ~x] + dw[c & ~y] + dw[d & ~z]
        if best < 0 or v < best:
            best, found = v, [removal]
        elif v == best:
            found.append(removal)
    return best, [_sets_of(r) for r in found]


def _best_sets(masks: Sequence[int], t: _Tables) -> tuple[int, _Sets]:
    """Least deadwood and the first choice of sets reaching it."""
    dw = t.dw
    a, b, c, d = masks
    best = dw[a] + dw[b] + dw[c] + dw[d]
    if best == 0:
        return 0, ()
    chosen: Sequence[int] = (0, 0, 0, 0)
    for removal in _removals(masks, t):
        w, x, y, z = removal
        v = dw[a & ~w] + dw[b & ~x] + dw[c & ~y] + dw[d & ~z]
        if v < best:
            best, chosen = v, removal
    return best, _sets_of(chosen)


def _best_with_discard(masks: Sequence[int], t: _Tables) -> tuple[int, _Sets, int, int]:
    """Least deadwood after the best discard: (deadwood, sets, discard suit, discard rank)."""
    best: tuple[int, int, int, int] | None = None
    best_removal: Sequence[int] = (0, 0, 0, 0)
    dw, dwdel, delrank, value = t.dw, t.dwdel, t.delrank, t.value
    for removal in _removals(masks, t):
        left = [masks[s] & ~removal[s] for s in range(4)]
        base = dw[left[0]] + dw[left[1]] + dw[left[2]] + dw[left[3]]
        for s in range(4):
            m = left[s]
            if not m:
                continue
            rank = delrank[m]
            key = (base - dw[m] + dwdel[m], -value[rank - 1], -rank, s)
            if best is None or key < best:
                best, best_removal = key, removal
    assert best is not None  # the first choice (no set) keeps every card, so some suit is not empty
    return best[0], _sets_of(best_removal), best[3], -best[2]


def _card_at(suit: int, position: int) -> Card:
    return _CARDS[suit][0 if position == 14 else position - 1]


def _melds_of(
    masks: Sequence[int], sets: _Sets, t: _Tables
) -> tuple[list[tuple[str, int, tuple[int, ...]]], list[int]]:
    """The melds of an arrangement as (kind, suit-or-rank, positions-or-suits) and the masks left."""
    melds: list[tuple[str, int, tuple[int, ...]]] = [("group", r + 1, suits) for r, suits in sets]
    left = _apply_sets(masks, sets)
    for s in range(4):
        for run in t.runs[left[s]]:
            melds.append(("run", s, run))
            for p in run:
                left[s] &= ~(1 << (0 if p == 14 else p - 1))
    return melds, left


def _meld_cards(meld: tuple[str, int, tuple[int, ...]]) -> tuple[Card, ...]:
    kind, key, items = meld
    if kind == "group":
        return tuple(_CARDS[s][key - 1] for s in items)
    return tuple(_card_at(key, p) for p in items)


def _cards_of(masks: Sequence[int]) -> tuple[Card, ...]:
    out = []
    for s in range(4):
        m = masks[s]
        row = _CARDS[s]
        while m:
            low = m & -m
            out.append(row[low.bit_length() - 1])
            m ^= low
    return tuple(out)


# ------------------------------------------------------------------------------------------
# Deadwood
# ------------------------------------------------------------------------------------------


@attrs.frozen
class DeadwoodResult:
    """The least deadwood of a Gin hand and one way of melding that reaches it.

    For an 11-card hand (after the draw) the result is for the ten cards kept after the best
    discard, and ``discard`` names that card.

    Examples:
        >>> from rummylib import GIN_RUMMY
        >>> r = deadwood("Ah 2h 3h 4h 7c 7d 7s 9c 9d Kd Qs", rules=GIN_RUMMY)
        >>> r.deadwood, str(r.discard), " ".join(str(c) for c in r.unmelded)
        (28, 'Kd', '9c 9d Qs')
    """

    deadwood: int
    """Value of the unmelded cards (after the discard, for an 11-card hand)."""
    melds: tuple[Meld, ...]
    """The melds: sets first, then runs from low to high, each in canonical order."""
    unmelded: tuple[Card, ...]
    """The cards in no meld (the discard excluded), in canonical order."""
    discard: Card | None = None
    """For an 11-card hand, the best card to discard; otherwise ``None``."""


def deadwood(hand: Iterable[Piece] | str, *, rules: RuleSet) -> DeadwoodResult:
    """The least deadwood of a hand over every split into disjoint melds, exactly.

    Melds are the rule set's: sets of ``group_min``-``group_max`` cards of a rank and runs of
    ``min_run`` or more cards of a suit, the ace where ``ace_low``/``ace_high`` allow (low only
    in Gin Rummy). Card values come from ``card_points``. A hand of 11 cards is taken to be a
    hand after the draw: the answer is the deadwood of the best ten cards to keep, and
    ``discard`` the card to throw (on a tie, the higher-value card).

    Raises:
        GinInputError: a joker or a wild card, or the same card twice.
        LimitExceededError: more than 11 cards.
        NotationError: bad notation, or a card not of the game.

    Examples:
        >>> from rummylib import GIN_RUMMY
        >>> deadwood("Qh Kh Ah 2c 3c 4c", rules=GIN_RUMMY).deadwood  # the ace is low only
        21
        >>> r = deadwood("5c 5d 5h 5s 6s 7s", rules=GIN_RUMMY)
        >>> r.deadwood, [str(m) for m in r.melds]
        (0, ['5c 5d 5h', '5s 6s 7s'])
    """
    t = _tables_for(rules)
    cards, masks = _read_hand(hand, rules, "hand")
    if len(cards) == MAX_GIN_HAND:
        dw, sets, ds, dr = _best_with_discard(masks, t)
        masks[ds] &= ~(1 << (dr - 1))
        discard: Card | None = _CARDS[ds][dr - 1]
    else:
        dw, sets = _best_sets(masks, t)
        discard = None
    melds, left = _melds_of(masks, sets, t)
    return DeadwoodResult(dw, tuple(Meld(_meld_cards(m)) for m in melds), _cards_of(left), discard)


# ------------------------------------------------------------------------------------------
# Knocking and scoring a hand
# ------------------------------------------------------------------------------------------


def _check_upcard(upcard: Piece | str | None) -> Card | None:
    if upcard is None:
        return None
    if isinstance(upcard, str):
        from rummylib.notation import parse_piece

        upcard = parse_piece(upcard)
    if not isinstance(upcard, Card):
        raise GinInputError(f"the upcard must be a card, not {upcard}")
    return upcard


def knock_limit(*, rules: RuleSet, upcard: Piece | str | None = None) -> int:
    """The most deadwood a player may knock with in this hand.

    ``knock_limit`` normally (10); 0 under ``gin_only``; under ``oklahoma``, the value of the
    first upcard (J Q K count 10), or 0 (gin only) when the upcard is an ace.

    Raises:
        GinInputError: Oklahoma without an upcard, or an upcard that is not a card.

    Examples:
        >>> from rummylib import GIN_RUMMY
        >>> okla = GIN_RUMMY.with_options({"oklahoma": True})
        >>> knock_limit(rules=GIN_RUMMY), knock_limit(rules=okla, upcard="7s"), knock_limit(rules=okla, upcard="Ad")
        (10, 7, 0)
    """
    card = _check_upcard(upcard)
    if rules.gin_only:
        return 0
    if rules.oklahoma:
        if card is None:
            raise GinInputError("Oklahoma Gin needs the first upcard to set the knock limit")
        return 0 if card.rank is Rank.ACE else rules.rank_points[card.rank - 1]
    return rules.knock_limit


def hand_multiplier(*, rules: RuleSet, upcard: Piece | str | None = None) -> int:
    """2 when an Oklahoma hand's first upcard is a spade, else 1.

    Raises:
        GinInputError: the upcard is not a card.

    Examples:
        >>> from rummylib import GIN_RUMMY
        >>> okla = GIN_RUMMY.with_options({"oklahoma": True})
        >>> hand_multiplier(rules=okla, upcard="2s"), hand_multiplier(rules=GIN_RUMMY, upcard="2s")
        (2, 1)
    """
    card = _check_upcard(upcard)
    return 2 if rules.oklahoma and card is not None and card.suit is Suit.SPADES else 1


def can_knock(hand: Iterable[Piece] | str, *, rules: RuleSet, upcard: Piece | str | None = None) -> bool:
    """Whether a hand may knock: 10 cards within the knock limit, or 11 after the best discard.

    Raises:
        GinInputError: a joker, a card twice, or Oklahoma without an upcard.

    Examples:
        >>> from rummylib import GIN_RUMMY
        >>> can_knock("Ah 2h 3h 7c 7d 7s 9c 9d 9s Kd", rules=GIN_RUMMY)
        True
        >>> can_knock("Ah 2h 3h 7c 7d 7s 9c 9d 9s Kd", rules=GIN_RUMMY.with_options({"gin_only": True}))
        False
    """
    return deadwood(hand, rules=rules).deadwood <= knock_limit(rules=rules, upcard=upcard)


@attrs.frozen
class Layoff:
    """One defender card laid off on one of the knocker's melds.

    Examples:
        >>> Layoff(Card.parse("4h"), 0)
        Layoff(card=Card.parse('4h'), meld=0)
    """

    card: Card
    """The card laid off."""
    meld: int
    """Index (from 0) of the knocker's meld in `GinHandResult.knocker_melds`."""


@attrs.frozen
class GinHandResult:
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
    layoffs: tuple[Layoff, ...] = ()
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


_Meld3 = tuple[str, int, tuple[int, ...]]


def _layoff_choices(meld: _Meld3, dmasks: Sequence[int], t: _Tables) -> list[tuple[tuple[int, int], ...]]:
    """Ways to lay defender cards on one knocker meld, as tuples of (suit, rank index)."""
    kind, key, items = meld
    if kind == "group":
        rank = key - 1
        missing = [s for s in range(4) if s not in items and dmasks[s] >> rank & 1]
        room = t.group_max - len(items)
        out: list[tuple[tuple[int, int], ...]] = []
        for k in range(min(room, len(missing)) + 1):
            out.extend(tuple((s, rank) for s in combo) for combo in itertools.combinations(missing, k))
        return out
    suit, lo, hi = key, items[0], items[-1]
    room = t.run_max - len(items)

    def holds(p: int) -> bool:
        return t.low <= p <= t.high and bool(dmasks[suit] >> (0 if p == 14 else p - 1) & 1)

    down: list[tuple[int, int]] = []
    p = lo - 1
    while holds(p) and len(down) < room:
        down.append((suit, 0 if p == 14 else p - 1))
        p -= 1
    up: list[tuple[int, int]] = []
    p = hi + 1
    while holds(p) and len(up) < room:
        up.append((suit, 0 if p == 14 else p - 1))
        p += 1
    return [tuple(down[:d]) + tuple(up[:u]) for d in range(len(down) + 1) for u in range(len(up) + 1) if d + u <= room]


def _best_layoffs(
    kmelds: Sequence[_Meld3], dmasks: Sequence[int], t: _Tables
) -> tuple[int, tuple[tuple[int, tuple[int, int]], ...]]:
    """The defender's least deadwood after lay-offs, and the lay-offs (meld index, card)."""
    per_meld = [_layoff_choices(m, dmasks, t) for m in kmelds]
    best: tuple[int, int] | None = None
    best_lay: tuple[tuple[int, tuple[int, int]], ...] = ()
    for combo in itertools.product(*per_meld):
        cards = [c for part in combo for c in part]
        if len(set(cards)) != len(cards):
            continue
        left = list(dmasks)
        for s, r in cards:
            left[s] &= ~(1 << r)
        key = (_min_deadwood(left, t), len(cards))
        if best is None or key < best:
            best = key
            best_lay = tuple((i, c) for i, part in enumerate(combo) for c in part)
    assert best is not None
    return best[0], best_lay


def _defender_melds(dmasks: Sequence[int], t: _Tables) -> tuple[tuple[Meld, ...], tuple[Card, ...]]:
    _, found = _arrangements(dmasks, t)
    melds, left = _melds_of(dmasks, found[0], t)
    return tuple(Meld(_meld_cards(m)) for m in melds), _cards_of(left)


def _gin_result(
    kind: GinOutcome, bonus: int, kmasks: Sequence[int], sets: _Sets, dmasks: Sequence[int], t: _Tables, mult: int
) -> GinHandResult:
    """Gin or big gin: the defender lays nothing off and pays its whole deadwood plus the bonus."""
    melds, left = _melds_of(kmasks, sets, t)
    ddw = _min_deadwood(dmasks, t)
    dmelds, dleft = _defender_melds(dmasks, t)
    return GinHandResult(
        "knocker",
        kind,
        (ddw + bonus) * mult,
        0,
        ddw,
        tuple(Meld(_meld_cards(m)) for m in melds),
        _cards_of(left),
        dmelds,
        dleft,
        multiplier=mult,
    )


def _score_ten(
    kcards: Sequence[Card], dcards: Sequence[Card], t: _Tables, *, rules: RuleSet, limit: int, mult: int
) -> GinHandResult:
    kmasks = _encode(kcards)
    dmasks = _encode(dcards)
    kdw, found = _arrangements(kmasks, t)
    if kdw > limit:
        why = "gin only: the knocker needs no deadwood" if limit == 0 else f"the knock limit is {limit}"
        raise KnockError(
            [
                Violation(
                    RuleId.KNOCK_OVER_LIMIT,
                    f"the knocker has {kdw} deadwood; {why}",
                    pieces=tuple(kcards),
                )
            ]
        )
    if kdw == 0:
        return _gin_result(GinOutcome.GIN, rules.gin_bonus, kmasks, found[0], dmasks, t, mult)
    # Every least-deadwood arrangement of the knocker; keep the one worst for the defender.
    best: tuple[int, int] | None = None
    chosen: tuple[list[_Meld3], list[int], tuple[tuple[int, tuple[int, int]], ...]] | None = None
    for sets in found:
        kmelds, kleft = _melds_of(kmasks, sets, t)
        ddw, lay = _best_layoffs(kmelds, dmasks, t)
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
    dmelds, dleft = _defender_melds(left, t)
    layoffs = tuple(Layoff(_CARDS[s][r], i) for i, (s, r) in lay)
    common = (
        kdw,
        ddw,
        tuple(Meld(_meld_cards(m)) for m in kmelds),
        _cards_of(kleft),
        dmelds,
        dleft,
        layoffs,
    )
    if ddw <= kdw:
        points = (kdw - ddw + rules.undercut_bonus) * mult
        return GinHandResult("defender", GinOutcome.UNDERCUT, points, *common, multiplier=mult)
    return GinHandResult("knocker", GinOutcome.KNOCK, (ddw - kdw) * mult, *common, multiplier=mult)


def _signed(r: GinHandResult) -> int:
    return r.points if r.winner == "knocker" else -r.points


def score_hand(
    knocker: Iterable[Piece] | str,
    defender: Iterable[Piece] | str,
    *,
    rules: RuleSet,
    upcard: Piece | str | None = None,
) -> GinHandResult:
    """Score a Gin hand ended by a knock, by the rule book's §4.

    ``knocker`` holds the knocker's cards after the discard (usually 10). An 11-card knocker
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
    ``upcard`` is a spade.

    Raises:
        KnockError: the knocker's deadwood is over the knock limit (code ``knock-over-limit``).
        GinInputError: a joker, a card twice or in both hands, or Oklahoma without an upcard.
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
    t = _tables_for(rules)
    kcards = _as_cards(knocker, rules, "knocker")
    dcards = _as_cards(defender, rules, "defender")
    both = set(kcards) & set(dcards)
    if both:
        shown = format_pieces(sorted(both, key=piece_sort_key))
        raise GinInputError(f"{shown} cannot be in both hands: Gin Rummy uses one deck")
    limit = knock_limit(rules=rules, upcard=upcard)
    mult = hand_multiplier(rules=rules, upcard=upcard)
    if len(kcards) < MAX_GIN_HAND:
        return _score_ten(kcards, dcards, t, rules=rules, limit=limit, mult=mult)
    kmasks = _encode(kcards)
    dmasks = _encode(dcards)
    if _min_deadwood(kmasks, t) == 0:
        _, found = _arrangements(kmasks, t)
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
        raise KnockError(
            [
                Violation(
                    RuleId.KNOCK_OVER_LIMIT,
                    f"the knocker has {dw} deadwood after the best discard; the knock limit is {limit}",
                    pieces=tuple(kcards),
                )
            ]
        )
    # Best for the knocker; on a tie, throw the higher card (as `deadwood` does).
    return max(
        results,
        key=lambda r: (_signed(r), -r.knocker_deadwood, *_discard_key(r.discard, rules)),
    )


def _discard_key(card: Card | None, rules: RuleSet) -> tuple[int, int, int]:
    if card is None:  # pragma: no cover - only big gin has no discard, and it returns earlier
        return (0, 0, 0)
    return (rules.rank_points[card.rank - 1], int(card.rank), -_SUIT_INDEX[card.suit])


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
        if winner not in (0, 1):
            raise GinInputError(f"the winner must be player 0 or 1, not {winner!r}")
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
