"""Indian Rummy's points of a hand: the arrangement that costs the fewest points, found exactly.

When another player declares, a hand's points are the cards it cannot arrange:
with no pure sequence every card counts; with a pure sequence but no second sequence every card
outside that pure sequence counts; with both, only the cards in no valid sequence or set count.

Examples:
    >>> from rummylib import INDIAN_RUMMY
    >>> best_arrangement("Ah 2h 3h 4c * 6c 9d 9s 9h Kd Kc 2s 7s", rules=INDIAN_RUMMY).points
    29
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Sequence
from typing import Literal

import attrs

from rummylib import _inputs
from rummylib.cards import Card, Rank, Suit
from rummylib.errors import LimitExceededError, RuleSetError
from rummylib.melds import Meld
from rummylib.pieces import JOKER, Family, Joker, Piece, PiecesLike, piece_sort_key
from rummylib.rules import RuleSet
from rummylib.tiles import Drawable

__all__ = ["MAX_INDIAN_HAND", "IndianArrangement", "best_arrangement"]

MAX_INDIAN_HAND = 14
"""Most cards `best_arrangement` accepts (13 dealt and the one drawn)."""

_SUITS: tuple[Suit, ...] = tuple(Suit)

_Nat = tuple[int, int]  # (suit index, rank 1-13)
_Case = Literal["no-pure", "pure-only", "full"]
_INF = 10**9


@attrs.frozen
class IndianArrangement(Drawable):
    """The arrangement of a hand that costs the fewest points, and how it is counted.

    ``case`` names which rule of Indian Rummy counts the points: ``"no-pure"`` (no pure sequence: every
    card counts), ``"pure-only"`` (a pure sequence but no second sequence: every card outside it
    counts) or ``"full"`` (both: only the cards in no meld count).

    Examples:
        >>> from rummylib import INDIAN_RUMMY
        >>> a = best_arrangement("Ah 2h 3h Kd Kc Ks 9s 9d 4c 7c 8c Qd Jh", rules=INDIAN_RUMMY)
        >>> a.case, a.points, [str(m) for m in a.melds]
        ('pure-only', 80, ['Ah 2h 3h'])
    """

    points: int
    """The points the hand costs (capped at ``points_cap``)."""
    raw_points: int
    """The points before the cap."""
    case: Literal["no-pure", "pure-only", "full"]
    """Which case of the rule book counts the points."""
    melds: tuple[Meld, ...]
    """The melds that keep cards from counting."""
    counted: tuple[Piece, ...]
    """The pieces that count, in canonical order."""


def _nat_card(n: _Nat) -> Card:
    return Card(Rank(n[1]), _SUITS[n[0]])


@attrs.frozen
class _Ctx:
    points: tuple[int, ...]
    run_min: int
    run_max: int
    low: int
    high: int
    group_min: int
    group_max: int
    distinct: bool
    ratio: bool
    max_jokers: int | None
    need_seq: int
    need_pure: int

    def fillers_ok(self, fillers: int, naturals: int) -> bool:
        if self.ratio and fillers > naturals:
            return False
        return self.max_jokers is None or fillers <= self.max_jokers

    def positions(self, rank: int) -> tuple[int, ...]:
        if rank == 1:
            return ((1,) if self.low == 1 else ()) + ((14,) if self.high == 14 else ())
        return (rank,)


_Plan = tuple[tuple[tuple[Piece, ...], bool, bool], ...]  # (pieces, is_sequence, is_pure)


def _remove(items: tuple[_Nat, ...], taken: Sequence[_Nat]) -> tuple[_Nat, ...]:
    left = list(items)
    for t in taken:
        left.remove(t)
    return tuple(left)


def _filler_choices(count: int, jokers: int, wilds: tuple[_Nat, ...]) -> list[tuple[int, tuple[_Nat, ...]]]:
    """Ways to take ``count`` fillers: printed jokers first, then each choice of wild cards."""
    j = min(count, jokers)
    rest = count - j
    if rest > len(wilds):
        return []
    if rest == 0:
        return [(j, ())]
    return [(j, combo) for combo in sorted(set(itertools.combinations(wilds, rest)))]


def _search(naturals: tuple[_Nat, ...], jokers: int, wilds: tuple[_Nat, ...], ctx: _Ctx) -> tuple[int, _Plan]:
    """Least points of the naturals left over when the melds meet the sequence requirements."""

    @functools.cache
    def go(nats: tuple[_Nat, ...], jk: int, wl: tuple[_Nat, ...], seq: int, pure: int) -> tuple[int, _Plan]:
        if not nats:
            return leaf(jk, wl, seq, pure)
        c, rest = nats[0], nats[1:]
        best: tuple[int, _Plan] = (_INF, ())

        def consider(cost: int, meld: tuple[Piece, ...], is_seq: bool, is_pure: bool, sub: tuple[int, _Plan]) -> None:
            nonlocal best
            total = cost + sub[0]
            if total < best[0]:
                best = (total, ((meld, is_seq, is_pure), *sub[1]))

        # c in a sequence of its suit (tried first: a zero answer ends the search).
        held = {n[1] for n in rest if n[0] == c[0]} | {w[1] for w in wl if w[0] == c[0]}
        fillers = jk + len(wl)
        for pos in ctx.positions(c[1]):
            for lo in range(max(ctx.low, pos - ctx.run_max + 1), pos + 1):
                for hi in range(max(pos, lo + ctx.run_min - 1), min(ctx.high, lo + ctx.run_max - 1) + 1):
                    # Cheap test first: the places no card of the hand can fill need fillers.
                    gaps = [q for q in range(lo, hi + 1) if q != pos and (1 if q == 14 else q) not in held]
                    if len(gaps) > fillers:
                        continue
                    if hi - lo + 1 > ctx.run_min and (lo in gaps or hi in gaps):
                        continue
                    for meld, used_n, used_w, uj, is_pure in _windows(c, pos, lo, hi, rest=rest, jk=jk, wl=wl, ctx=ctx):
                        sub = go(
                            _remove(rest, used_n),
                            jk - uj,
                            _remove(wl, used_w),
                            min(seq + 1, ctx.need_seq),
                            min(pure + is_pure, ctx.need_pure),
                        )
                        consider(0, meld, True, is_pure, sub)
        if best[0] == 0:
            return best
        # c in a set of its rank.
        same = [n for n in rest if n[1] == c[1] and (n[0] != c[0] or not ctx.distinct)]
        others = sorted(set(same)) if ctx.distinct else sorted(same)
        for k in range(ctx.group_max):
            # Distinct cards of one rank have distinct suits, and 1 + k never passes group_max.
            for partners in itertools.combinations(others, k):
                nf = max(ctx.group_min, 1 + k) - 1 - k
                if not ctx.fillers_ok(nf, 1 + k):
                    continue
                for uj, uw in _filler_choices(nf, jk, wl):
                    group: tuple[Piece, ...] = (
                        _nat_card(c),
                        *(_nat_card(p) for p in partners),
                        *(JOKER,) * uj,
                        *map(_nat_card, uw),
                    )
                    sub = go(_remove(rest, partners), jk - uj, _remove(wl, uw), seq, pure)
                    consider(0, group, False, False, sub)
        if best[0] == 0:
            return best
        # c counts.
        sub = go(rest, jk, wl, seq, pure)
        if ctx.points[c[1] - 1] + sub[0] < best[0]:
            best = (ctx.points[c[1] - 1] + sub[0], sub[1])
        return best

    def leaf(jk: int, wl: tuple[_Nat, ...], seq: int, pure: int) -> tuple[int, _Plan]:
        if pure < ctx.need_pure:
            return (_INF, ())
        plan: list[tuple[tuple[Piece, ...], bool, bool]] = []
        wl_left = list(wl)
        while seq < ctx.need_seq:
            # A sequence of zero-point pieces: one wild card as itself plus fillers.
            if not wl_left or not ctx.fillers_ok(ctx.run_min - 1, 1):
                return (_INF, ())
            anchor = wl_left.pop()
            fill = ctx.run_min - 1
            uj = min(fill, jk)
            if fill - uj > len(wl_left):
                return (_INF, ())
            extra = [wl_left.pop() for _ in range(fill - uj)]
            jk -= uj
            plan.append(((_nat_card(anchor), *(JOKER,) * uj, *map(_nat_card, extra)), True, False))
            seq += 1
        return (0, tuple(plan))

    return go(naturals, jokers, wilds, 0, 0)


def _windows(
    c: _Nat, pos: int, lo: int, hi: int, *, rest: tuple[_Nat, ...], jk: int, wl: tuple[_Nat, ...], ctx: _Ctx
) -> list[tuple[tuple[Piece, ...], tuple[_Nat, ...], tuple[_Nat, ...], int, bool]]:
    """Every way to fill the run lo..hi of c's suit around c at ``pos``."""
    suit = c[0]
    avail = Counter(rest)
    wavail = Counter(wl)
    fillers = jk + len(wl)
    out = []
    slots = [q for q in range(lo, hi + 1) if q != pos]
    # Per slot: natural card, the wild card as itself, or a filler (None).
    options: list[list[tuple[str, _Nat | None]]] = []
    for q in slots:
        card = (suit, 1 if q == 14 else q)
        opts: list[tuple[str, _Nat | None]] = []
        if avail[card]:
            opts.append(("n", card))
        if wavail[card]:
            opts.append(("w", card))
        opts.append(("f", None))
        options.append(opts)
    for combo in itertools.product(*options):
        nf = sum(1 for kind, _ in combo if kind == "f")
        if nf > fillers:
            continue
        length = hi - lo + 1
        # A filler at an end of a run longer than the minimum is never needed.
        if length > ctx.run_min and ((lo != pos and combo[0][0] == "f") or (hi != pos and combo[-1][0] == "f")):
            continue
        used_n = [card for kind, card in combo if kind == "n" and card is not None]
        used_w = [card for kind, card in combo if kind == "w" and card is not None]
        if Counter(used_n) - avail or Counter(used_w) - wavail:
            continue
        if not ctx.fillers_ok(nf, length - nf):
            continue
        wl_left = _remove(wl, used_w)
        for uj, uw in _filler_choices(nf, jk, wl_left):
            fill: list[Piece] = [JOKER] * uj
            fill.extend(_nat_card(w) for w in uw)
            fill_iter = iter(fill)
            pieces: list[Piece] = []
            it = iter(combo)
            for q in range(lo, hi + 1):
                if q == pos:
                    pieces.append(_nat_card(c))
                    continue
                _kind, slot = next(it)
                pieces.append(next(fill_iter) if slot is None else _nat_card(slot))
            out.append((tuple(pieces), tuple(used_n), (*used_w, *uw), uj, nf == 0))
    return out


def _ctx(rules: RuleSet) -> _Ctx:
    shape = rules.meld_shape
    return _Ctx(
        points=rules.rank_points,
        run_min=shape.run_min,
        run_max=shape.run_max,
        low=shape.run_low,
        high=shape.run_high,
        group_min=shape.group_min,
        group_max=4 if shape.group_max is None else shape.group_max,
        distinct=shape.distinct,
        ratio=shape.joker_ratio,
        max_jokers=shape.max_jokers,
        need_seq=rules.min_sequences,
        need_pure=rules.min_pure_sequences,
    )


def _card_rules(rules: RuleSet) -> RuleSet:
    """``rules``, once it is known to be the rules of a card game."""
    if _inputs.ruleset(rules).family is not Family.CARDS:
        raise RuleSetError(f"{rules.title} is played with tiles: Indian Rummy hand points need a card game")
    return rules


def _read(hand: PiecesLike, rules: RuleSet) -> tuple[Piece, ...]:
    _card_rules(rules)
    pieces = _inputs.pieces(hand, rules=rules, what="the hand", check=False)
    if len(pieces) > MAX_INDIAN_HAND:
        raise LimitExceededError(f"a hand of {len(pieces)} cards; the limit is {MAX_INDIAN_HAND}")
    return _inputs.hand(pieces, rules=rules, what="the hand")


def _best_pure(naturals: Sequence[_Nat], wilds: Sequence[_Nat], ctx: _Ctx) -> tuple[int, tuple[Card, ...]]:
    """The most points one pure sequence can hold (wild cards as themselves allowed)."""
    nat_count = Counter(naturals)
    wild_count = Counter(wilds)
    best: tuple[int, tuple[Card, ...]] = (-1, ())
    for suit in range(4):
        for lo in range(ctx.low, ctx.high - ctx.run_min + 2):
            value = 0
            cards: list[Card] = []
            used: Counter[_Nat] = Counter()
            for q in range(lo, min(ctx.high, lo + ctx.run_max - 1) + 1):
                card = (suit, 1 if q == 14 else q)
                used[card] += 1
                if used[card] > nat_count[card] + wild_count[card]:
                    break
                value += ctx.points[card[1] - 1] if used[card] <= nat_count[card] else 0
                cards.append(_nat_card(card))
                if len(cards) >= ctx.run_min and value > best[0]:
                    best = (value, tuple(cards))
    return best


def best_arrangement(hand: PiecesLike, *, rules: RuleSet) -> IndianArrangement:
    """The arrangement of a hand that costs the fewest points under the rules of Indian Rummy, found exactly.

    The three cases of the rule book are each minimised over every arrangement: with no pure
    sequence every card counts; with a pure sequence but no second sequence every card outside
    that pure sequence counts; with a pure sequence and a second sequence (``min_sequences`` and
    ``min_pure_sequences`` of the rule set) only the cards in no valid sequence or set count. The
    least of the three, capped at ``points_cap`` (80), is the hand's points. Jokers and wild cards
    count 0 (``joker_points``, ``wild_card_points``).

    Raises:
        RuleSetError: the rule set is a tile game (Rummikub), not a card game.
        NotationError: bad notation or a piece not of the game.
        InvalidPiecesError: more copies of a card than the decks hold.
        LimitExceededError: more than `MAX_INDIAN_HAND` cards.

    Examples:
        >>> from rummylib import INDIAN_RUMMY, format_pieces
        >>> a = best_arrangement("Ah 2h 3h 4c * 6c 9d 9s 9h Kd Kc 2s 7s", rules=INDIAN_RUMMY)
        >>> a.case, a.points, format_pieces(a.counted)
        ('full', 29, 'Kc Kd 2s 7s')
    """
    pieces = _read(hand, rules)
    ctx = _ctx(rules)
    total = sum(rules.piece_points(p) for p in pieces)
    naturals: list[_Nat] = []
    wilds: list[_Nat] = []
    jokers = 0
    for p in pieces:
        if isinstance(p, Joker):
            jokers += 1
        elif isinstance(p, Card) and rules.is_wild(p):
            wilds.append((p.suit.order, int(p.rank)))
        elif isinstance(p, Card):
            naturals.append((p.suit.order, int(p.rank)))

    def finish(
        raw: int, case: Literal["no-pure", "pure-only", "full"], melds: Sequence[Sequence[Piece]]
    ) -> IndianArrangement:
        used = Counter(p for m in melds for p in m)
        counted = list((Counter(pieces) - used).elements())
        counted.sort(key=piece_sort_key)
        capped = raw if rules.points_cap is None else min(raw, rules.points_cap)
        return IndianArrangement(capped, raw, case, tuple(Meld(m) for m in melds), tuple(counted))

    best = finish(total, "no-pure", ())
    if ctx.need_pure >= 1 or ctx.need_seq >= 1:
        value, cards = _best_pure(naturals, wilds, ctx)
        if value >= 0 and total - value < best.raw_points:
            best = finish(total - value, "pure-only", (cards,))
    nats = tuple(sorted(naturals, key=lambda n: (-ctx.points[n[1] - 1], n)))
    if best.raw_points == 0:
        return best
    cost, plan = _search(nats, jokers, tuple(sorted(wilds)), ctx)
    if cost < best.raw_points:
        melds = [_ordered(m, is_seq) for m, is_seq, _ in plan]
        best = finish(cost, "full", melds)
    return best


def _ordered(meld: tuple[Piece, ...], is_seq: bool) -> tuple[Piece, ...]:
    return meld if is_seq else tuple(sorted(meld, key=piece_sort_key))
