"""The Gin engine: exact least deadwood over bit masks, one 13-bit rank mask per suit.

A hand is four masks (bit ``r - 1`` for rank ``r``, suits in `Suit` order). Per-suit answers for
every mask (least run-only deadwood, the runs, the best single card to drop) are built once per
set of meld rules; sets are then tried rank by rank, at most one set per rank (one deck). Nothing
here is an attrs value: the kernel works on ints and tuples and converts at its edge.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence

import attrs

from rummylib import _inputs
from rummylib.cards import Card, Rank, Suit
from rummylib.errors import LimitExceededError
from rummylib.gin.errors import GinInputError
from rummylib.melds import Meld
from rummylib.pieces import Joker, PiecesLike
from rummylib.rules import RuleSet
from rummylib.tiles import Tile

MAX_GIN_HAND = 11
"""Most cards a Gin hand can hold (10 dealt plus the card drawn)."""

CARDS: tuple[tuple[Card, ...], ...] = tuple(tuple(Card(Rank(r), s) for r in range(1, 14)) for s in Suit)
"""Every card, by suit (in `Suit` order) and rank index."""


@attrs.frozen
class Tables:
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
    set_choices: tuple[tuple[tuple[int, int, int, int], ...], ...] = ()
    """The sets each pattern of suits can give (`_set_choices`), for `_removals`."""


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
) -> Tables:
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
    return Tables(
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
        set_choices=_set_choices(group_min, group_max),
    )


_TABLES_BY_RULES: dict[RuleSet, Tables] = {}
_LAST: list[tuple[object, object]] = [(None, None)]
"""The last rule set `tables_for` was asked for with its tables, one pair set in one assignment (so
threads never see one without the other): the hot paths skip the dict and the rule set's hash."""


def tables_for(rules: RuleSet) -> Tables:
    last = _LAST[0]
    if rules is last[0]:
        return last[1]  # type: ignore[return-value]  # stored together with its rule set
    t = _TABLES_BY_RULES.get(rules)
    if t is not None:
        _LAST[0] = (rules, t)
        return t
    _inputs.ruleset(rules)
    if rules.family.value != "cards":
        raise GinInputError(f"{rules.title} is played with tiles; Gin deadwood needs cards")
    shape = rules.meld_shape
    t = _tables(
        run_min=shape.run_min,
        run_max=shape.run_max,
        low=shape.run_low,
        high=shape.run_high,
        group_min=shape.group_min,
        group_max=4 if shape.group_max is None else min(shape.group_max, 4),  # one deck: 4 cards a rank
        points=rules.rank_points,
    )
    if len(_TABLES_BY_RULES) < 64:
        _TABLES_BY_RULES[rules] = t
    _LAST[0] = (rules, t)
    return t


def read_hand(hand: PiecesLike, rules: RuleSet, what: str) -> tuple[tuple[Card, ...], list[int]]:
    """The cards of a hand and its four suit masks, checked.

    The hand is read by `rummylib._inputs.pieces`; this one pass over the cards (which builds the
    masks anyway) refuses what Gin cannot take: a joker, a wild card, a tile, a card twice, and
    anything that is not a piece (with `rummylib._inputs.not_a_piece`, as every reader does).
    """
    # a tuple is what the reader would return as it is: skip the call on this hot path
    pieces = hand if type(hand) is tuple else _inputs.pieces(hand, rules=rules, what=what, check=False)
    masks = masks_of(pieces, rules, what)[0]
    return pieces, masks  # type: ignore[return-value]  # every piece was checked to be a Card


_SEEN: dict[int, tuple[object, int]] = {}
"""Cards read before, by ``id``: the card itself (held, so its ``id`` is not reused while it is
here, and compared by identity) and its code, ``suit order << 4 | rank - 1``. A game's cards are
read over and over (every legal action, every bot's choice), and reading a card's rank and suit
costs more than this look-up. At most `_SEEN_MOST` cards; then it starts again (a documented cache)."""
_SEEN_MOST = 4096


def _code(item: object, wild: frozenset[Rank], what: str) -> int:
    """``suit order << 4 | rank - 1`` of a card of a Gin hand, or the error `read_hand` raises."""
    if type(item) is not Card:
        if isinstance(item, Joker):
            raise GinInputError(f"{what}: a joker, but Gin Rummy is played without jokers")
        if isinstance(item, Tile):
            raise GinInputError(f"{what}: {item} is not a playing card")
        if not isinstance(item, Card):
            raise _inputs.not_a_piece(item, what)
    card: Card = item
    if wild and card.rank in wild:
        raise GinInputError(f"{what}: {card} acts as a joker, and Gin Rummy is played without jokers")
    return card.suit.order << 4 | (card.rank - 1)


def masks_of(hand: PiecesLike, rules: RuleSet, what: str) -> tuple[list[int], int]:
    """The four suit masks of a hand and its number of cards, checked as `read_hand` checks them.

    The value path's reader: a tuple or a list of cards is walked as it is (no copy), and the
    cards are never returned.
    """
    held: Sequence[object]
    if type(hand) is tuple or type(hand) is list:
        held = hand
    else:
        held = _inputs.pieces(hand, rules=rules, what=what, check=False)
    if len(held) > MAX_GIN_HAND:
        raise LimitExceededError(f"{what}: {len(held)} cards, but a Gin hand holds at most {MAX_GIN_HAND}")
    wild = rules.all_wild_ranks
    seen = _SEEN
    a = b = c = d = 0
    for item in held:
        known = seen.get(id(item))
        if known is not None and known[0] is item and not wild:
            code = known[1]  # a card read before: its suit and rank without a look at it
        else:
            code = _code(item, wild, what)
            if type(item) is Card:
                if len(seen) >= _SEEN_MOST:
                    seen.clear()
                seen[id(item)] = (item, code)
        bit = 1 << (code & 15)
        s = code >> 4
        if s == 0:
            was, a = a, a | bit
        elif s == 1:
            was, b = b, b | bit
        elif s == 2:
            was, c = c, c | bit
        else:
            was, d = d, d | bit
        if was & bit:
            raise GinInputError(f"{what}: {item} appears twice, but Gin Rummy uses one deck")
    return [a, b, c, d], len(held)


_CODES: dict[int, int] = {}
"""The packed readers' cache: a card's bit in the packed masks (``suit order × 13 + rank − 1``),
by ``id``. Each card whose id is here is held in `_HELD`, so that its id cannot be given to another
object while the entry lives; at most `_SEEN_MOST` cards, then it starts again (a documented cache)."""
_HELD: list[object] = []
_M13 = 8191


def read_packed(hand: PiecesLike, rules: RuleSet, what: str) -> int:
    """`masks_of` in one int: ``a | b << 13 | c << 26 | d << 39 | size << 52`` (suits in `Suit` order).

    The same pass, the same checks and the same errors as `masks_of`, in the same order; one int
    returned instead of a list and a tuple (the value path and `deadwood`'s reader).
    """
    held: Sequence[object]
    if type(hand) is tuple or type(hand) is list:
        held = hand
    else:
        held = _inputs.pieces(hand, rules=rules, what=what, check=False)
    size = len(held)
    if size > MAX_GIN_HAND:
        raise LimitExceededError(f"{what}: {size} cards, but a Gin hand holds at most {MAX_GIN_HAND}")
    wild = rules.all_wild_ranks
    codes = _CODES
    packed = 0
    for item in held:
        at = codes.get(id(item), -1)
        if at < 0 or wild:
            code = _code(item, wild, what)
            at = (code >> 4) * 13 + (code & 15)
            if type(item) is Card and not wild:
                if len(_HELD) >= _SEEN_MOST:
                    codes.clear()
                    _HELD.clear()
                codes[id(item)] = at
                _HELD.append(item)
        bit = 1 << at
        if packed & bit:
            raise GinInputError(f"{what}: {item} appears twice, but Gin Rummy uses one deck")
        packed |= bit
    return packed | size << 52


def codes_packed(cards: Sequence[Card]) -> int:
    """The packed masks (as `read_packed`, without the size) of cards the referee holds: trusted, unchecked."""
    codes = _CODES
    packed = 0
    for item in cards:
        at = codes.get(id(item), -1)
        if at < 0:
            at = item.suit.order * 13 + item.rank - 1
            if len(_HELD) >= _SEEN_MOST:
                codes.clear()
                _HELD.clear()
            codes[id(item)] = at
            _HELD.append(item)
        packed |= 1 << at
    return packed


def _candidates(a: int, b: int, c: int, d: int, t: Tables) -> int:
    """The ranks that could give a set (every rank held at all when sets of fewer than 3 are allowed)."""
    if t.group_min == 3:
        return (a & b & c) | (a & b & d) | (a & c & d) | (b & c & d)
    return a | b | c | d


def least4(a: int, b: int, c: int, d: int, t: Tables) -> int:
    """`min_deadwood` of the masks ``a b c d``, with no list built when no rank can give a set."""
    dw = t.dw
    best: int = dw[a] + dw[b] + dw[c] + dw[d]
    if best == 0 or not _candidates(a, b, c, d, t):
        return best
    for w, x, y, z in _removals((a, b, c, d), t):
        v: int = dw[a & ~w] + dw[b & ~x] + dw[c & ~y] + dw[d & ~z]
        best = min(best, v)
    return best


def _best_discard(a: int, b: int, c: int, d: int, dw: tuple[int, ...], dwdel: tuple[int, ...], best: int) -> int:
    """The least of ``best`` (-1: none yet) and the deadwood of the masks ``a b c d`` after their best discard."""
    da, db, dc, dd = dw[a], dw[b], dw[c], dw[d]
    base = da + db + dc + dd
    if a:
        v = base - da + dwdel[a]
        if best < 0 or v < best:
            best = v
    if b:
        v = base - db + dwdel[b]
        if best < 0 or v < best:
            best = v
    if c:
        v = base - dc + dwdel[c]
        if best < 0 or v < best:
            best = v
    if d:
        v = base - dd + dwdel[d]
        if best < 0 or v < best:
            best = v
    return best


def least_after_discard4(a: int, b: int, c: int, d: int, t: Tables) -> int:
    """`min_deadwood_after_discard` of the masks ``a b c d``."""
    if not _candidates(a, b, c, d, t):
        best = _best_discard(a, b, c, d, t.dw, t.dwdel, -1)
        assert best >= 0
        return best
    return min_deadwood_after_discard((a, b, c, d), t)


def value_packed(packed: int, t: Tables) -> int:
    """The least deadwood of a hand read by `read_packed` (after the best discard for 11 cards)."""
    a, b, c, d = packed & _M13, packed >> 13 & _M13, packed >> 26 & _M13, packed >> 39 & _M13
    if packed >> 52 == MAX_GIN_HAND:
        return least_after_discard4(a, b, c, d, t)
    return least4(a, b, c, d, t)


def state_packed(packed: int, t: Tables) -> tuple[int, Card | None, int]:
    """The search of `search_parts` without its parts: (deadwood, discard, state).

    ``state`` packs the masks left after the discard (bits 0-51) and the sets chosen (bits 52-103,
    the cards each set takes, in the same layout): `parts_of_state` builds the melds and the
    cards in no meld from it, the same as `search_parts` gives. The choices, their order and the
    tie rules are those of `best_sets` and `best_with_discard`.
    """
    a, b, c, d = packed & _M13, packed >> 13 & _M13, packed >> 26 & _M13, packed >> 39 & _M13
    dw = t.dw
    choices: Sequence[tuple[int, int, int, int]] = (
        _removals((a, b, c, d), t) if _candidates(a, b, c, d, t) else _NO_REMOVAL
    )
    bw = bx = by = bz = 0
    if packed >> 52 != MAX_GIN_HAND:
        best: int = dw[a] + dw[b] + dw[c] + dw[d]
        if best:
            for w, x, y, z in choices:
                v: int = dw[a & ~w] + dw[b & ~x] + dw[c & ~y] + dw[d & ~z]
                if v < best:
                    best, bw, bx, by, bz = v, w, x, y, z
        left = a | b << 13 | c << 26 | d << 39
        return best, None, left | (bw | bx << 13 | by << 26 | bz << 39) << 52
    dwdel, delrank, value = t.dwdel, t.delrank, t.value
    key = -1
    for w, x, y, z in choices:
        la, lb, lc, ld = a & ~w, b & ~x, c & ~y, d & ~z
        da: int = dw[la]
        db: int = dw[lb]
        dc: int = dw[lc]
        dd: int = dw[ld]
        base = da + db + dc + dd
        if la:
            r: int = delrank[la]
            k = (base - da + dwdel[la]) << 40 | (_VALUE_ROOM - value[r - 1]) << 8 | (15 - r) << 2
            if key < 0 or k < key:
                key, bw, bx, by, bz = k, w, x, y, z
        if lb:
            r = delrank[lb]
            k = (base - db + dwdel[lb]) << 40 | (_VALUE_ROOM - value[r - 1]) << 8 | (15 - r) << 2 | 1
            if key < 0 or k < key:
                key, bw, bx, by, bz = k, w, x, y, z
        if lc:
            r = delrank[lc]
            k = (base - dc + dwdel[lc]) << 40 | (_VALUE_ROOM - value[r - 1]) << 8 | (15 - r) << 2 | 2
            if key < 0 or k < key:
                key, bw, bx, by, bz = k, w, x, y, z
        if ld:
            r = delrank[ld]
            k = (base - dd + dwdel[ld]) << 40 | (_VALUE_ROOM - value[r - 1]) << 8 | (15 - r) << 2 | 3
            if key < 0 or k < key:
                key, bw, bx, by, bz = k, w, x, y, z
    assert key >= 0  # the first choice (no set) keeps every card, so some suit is not empty
    suit = key & 3
    rank = 15 - (key >> 2 & 15)
    left = (a | b << 13 | c << 26 | d << 39) & ~(1 << (suit * 13 + rank - 1))
    return key >> 40, CARDS[suit][rank - 1], left | (bw | bx << 13 | by << 26 | bz << 39) << 52


def parts_of_state(state: int, t: Tables) -> tuple[tuple[Meld, ...], tuple[Card, ...]]:
    """The melds and the cards in no meld of a `state_packed` state (as `search_parts` builds them)."""
    masks = (state & _M13, state >> 13 & _M13, state >> 26 & _M13, state >> 39 & _M13)
    taken = state >> 52
    removal = (taken & _M13, taken >> 13 & _M13, taken >> 26 & _M13, taken >> 39 & _M13)
    return result_parts(masks, _sets_of(removal), t)


def knock_scan(packed: int, t: Tables, limit: int) -> tuple[int, int, bool]:
    """What an 11-card hand (packed masks, as `codes_packed`) may knock with, as `GinHand` judges it.

    ``(knocks, gins, big_gin)``: the cards (packed) whose discard leaves ``limit`` deadwood or
    less, those whose discard leaves none, and whether all eleven cards meld. The best discard is
    tried first: when even it leaves too much, no card is tried.
    """
    a, b, c, d = packed & _M13, packed >> 13 & _M13, packed >> 26 & _M13, packed >> 39 & _M13
    knocks = gins = 0
    if least_after_discard4(a, b, c, d, t) <= limit:
        rest = packed
        while rest:
            bit = rest & -rest
            rest ^= bit
            left = packed ^ bit
            v = least4(left & _M13, left >> 13 & _M13, left >> 26 & _M13, left >> 39 & _M13, t)
            if v <= limit:
                knocks |= bit
                if v == 0:
                    gins |= bit
    return knocks, gins, least4(a, b, c, d, t) == 0


def least_parts(
    hand: PiecesLike, rules: RuleSet, what: str
) -> tuple[int, tuple[Meld, ...], tuple[Card, ...], Card | None]:
    """A hand's least deadwood, its melds, the cards in no meld and (11 cards) the best discard.

    The whole of `rummylib.gin.deadwood` but the result: read, search and build here, in one call.
    """
    t = tables_for(rules)
    cards, masks = read_hand(hand, rules, what)
    return search_parts(len(cards), masks, t)


def search_parts(size: int, masks: list[int], t: Tables) -> tuple[int, tuple[Meld, ...], tuple[Card, ...], Card | None]:
    """The search, and the parts of its answer, for a hand read as ``masks`` of ``size`` cards.

    With 11 cards the best discard is taken out of ``masks``. `least_parts` and the knock checks
    share it.
    """
    if size == MAX_GIN_HAND:
        dw, sets, ds, dr = best_with_discard(masks, t)
        masks[ds] &= ~(1 << (dr - 1))
        discard: Card | None = CARDS[ds][dr - 1]
    else:
        dw, sets = best_sets(masks, t)
        discard = None
    melds, left = result_parts(masks, sets, t)
    return dw, melds, left, discard


def least_value(hand: PiecesLike, rules: RuleSet, what: str) -> int:
    """The least deadwood of a hand (after the best discard for 11 cards), the number alone.

    The same number as `best_sets` or `best_with_discard` over `read_hand`'s masks, with the same
    errors; no meld, card or result is built.
    """
    t = tables_for(rules)
    return value_packed(read_packed(hand, rules, what), t)


def least_state(hand: PiecesLike, rules: RuleSet, what: str) -> tuple[int, Card | None, int, Tables]:
    """`state_packed` of a hand read by `read_packed`, with the tables.

    The whole of `deadwood` but the result, whose melds are built from the state when asked for.
    """
    t = tables_for(rules)
    dw, discard, state = state_packed(read_packed(hand, rules, what), t)
    return dw, discard, state, t


def min_deadwood_after_discard(masks: Sequence[int], t: Tables) -> int:
    """Least deadwood after the best discard: the deadwood of `best_with_discard`, alone."""
    dw, dwdel = t.dw, t.dwdel
    a, b, c, d = masks
    best = -1
    for w, x, y, z in _removals(masks, t):
        best = _best_discard(a & ~w, b & ~x, c & ~y, d & ~z, dw, dwdel, best)
        if best == 0:
            return 0
    assert best >= 0  # the first choice (no set) keeps every card, so some suit is not empty
    return best


def as_cards(hand: PiecesLike, rules: RuleSet, what: str) -> tuple[Card, ...]:
    return read_hand(hand, rules, what)[0]


def encode(cards: Sequence[Card]) -> list[int]:
    masks = [0, 0, 0, 0]
    for c in cards:
        masks[c.suit.order] |= 1 << (c.rank - 1)
    return masks


Sets = tuple[tuple[int, tuple[int, ...]], ...]
_NO_REMOVAL = ((0, 0, 0, 0),)


def _set_choices(group_min: int, group_max: int) -> tuple[tuple[tuple[int, int, int, int], ...], ...]:
    """For each 4-bit pattern of the suits holding a rank, the sets it can give, as suit flags.

    Each set is four 0/1 flags (clubs to spades), smallest sets first, then in the order of
    ``itertools.combinations`` of the suits: the order `_removals` has always tried them in.
    """
    out = []
    for pattern in range(16):
        suits = [s for s in range(4) if pattern >> s & 1]
        choices = []
        for size in range(group_min, min(group_max, len(suits)) + 1):
            for combo in itertools.combinations(suits, size):
                choices.append((int(0 in combo), int(1 in combo), int(2 in combo), int(3 in combo)))
        out.append(tuple(choices))
    return tuple(out)


def _removals(masks: Sequence[int], t: Tables) -> Sequence[tuple[int, int, int, int]]:
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
    table = t.set_choices
    combos: list[tuple[int, int, int, int]] = [(0, 0, 0, 0)]
    while candidates:
        low = candidates & -candidates
        candidates ^= low
        pattern = (a & low and 1) | (b & low and 2) | (c & low and 4) | (d & low and 8)
        choices = table[pattern]
        if not choices:
            continue
        grown: list[tuple[int, int, int, int]] = []
        for w, x, y, z in combos:
            for fa, fb, fc, fd in choices:
                grown.append((w | low * fa, x | low * fb, y | low * fc, z | low * fd))
        combos += grown
    return combos


def _sets_of(removal: Sequence[int]) -> Sets:
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


def min_deadwood(masks: Sequence[int], t: Tables) -> int:
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


def arrangements(masks: Sequence[int], t: Tables) -> tuple[int, list[Sets]]:
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


def best_sets(masks: Sequence[int], t: Tables) -> tuple[int, Sets]:
    """Least deadwood and the first choice of sets reaching it."""
    dw, removal = _best_removal(masks, t)
    return dw, _sets_of(removal)


def _best_removal(masks: Sequence[int], t: Tables) -> tuple[int, Sequence[int]]:
    """Least deadwood and the first choice of sets reaching it, as the bits the sets take."""
    dw = t.dw
    a, b, c, d = masks
    best = dw[a] + dw[b] + dw[c] + dw[d]
    chosen: Sequence[int] = (0, 0, 0, 0)
    if best == 0:
        return 0, chosen
    for removal in _removals(masks, t):
        w, x, y, z = removal
        v = dw[a & ~w] + dw[b & ~x] + dw[c & ~y] + dw[d & ~z]
        if v < best:
            best, chosen = v, removal
    return best, chosen


def best_with_discard(masks: Sequence[int], t: Tables) -> tuple[int, Sets, int, int]:
    """Least deadwood after the best discard: (deadwood, sets, discard suit, discard rank).

    Ties go to the discard of higher value, then of higher rank, then of the lower suit. The key
    of a choice is one int packing those four (no tuple per choice: this is the hot loop of every
    11-card hand).
    """
    dw, removal, suit, rank = _best_with_discard(masks, t)
    return dw, _sets_of(removal), suit, rank


def _best_with_discard(masks: Sequence[int], t: Tables) -> tuple[int, Sequence[int], int, int]:
    """`best_with_discard` with the sets as the bits they take (`_sets_of` reads them)."""
    dw, dwdel, delrank, value = t.dw, t.dwdel, t.delrank, t.value
    a, b, c, d = masks
    best = -1
    best_removal: Sequence[int] = (0, 0, 0, 0)
    for removal in _removals(masks, t):
        w, x, y, z = removal
        la, lb, lc, ld = a & ~w, b & ~x, c & ~y, d & ~z
        base = dw[la] + dw[lb] + dw[lc] + dw[ld]
        for s, m in ((0, la), (1, lb), (2, lc), (3, ld)):
            if m:
                rank = delrank[m]
                key = (base - dw[m] + dwdel[m]) << 40 | (_VALUE_ROOM - value[rank - 1]) << 8 | (15 - rank) << 2 | s
                if best < 0 or key < best:
                    best, best_removal = key, removal
    assert best >= 0  # the first choice (no set) keeps every card, so some suit is not empty
    rank = 15 - (best >> 2 & 15)
    return best >> 40, best_removal, best & 3, rank


_VALUE_ROOM = (1 << 32) - 1
"""Room for a card's point value in the packed key of `best_with_discard` (any value below 2**32)."""


def _card_at(suit: int, position: int) -> Card:
    return CARDS[suit][0 if position == 14 else position - 1]


def melds_of(masks: Sequence[int], sets: Sets, t: Tables) -> tuple[list[tuple[str, int, tuple[int, ...]]], list[int]]:
    """The melds of an arrangement as (kind, suit-or-rank, positions-or-suits) and the masks left."""
    melds: list[tuple[str, int, tuple[int, ...]]] = [("group", r + 1, suits) for r, suits in sets]
    left = _apply_sets(masks, sets)
    for s in range(4):
        for run in t.runs[left[s]]:
            melds.append(("run", s, run))
            for p in run:
                left[s] &= ~(1 << (0 if p == 14 else p - 1))
    return melds, left


def meld_cards(meld: tuple[str, int, tuple[int, ...]]) -> tuple[Card, ...]:
    kind, key, items = meld
    if kind == "group":
        return tuple(CARDS[s][key - 1] for s in items)
    return tuple(_card_at(key, p) for p in items)


_MELDS: dict[tuple[str, int, tuple[int, ...]], Meld] = {}
"""Each Gin meld built once: a deck has a few hundred, and every answer names some (a documented cache)."""


def meld_of(meld: tuple[str, int, tuple[int, ...]]) -> Meld:
    """The `Meld` of an engine meld (kind, suit-or-rank, positions-or-suits), built once."""
    found = _MELDS.get(meld)
    if found is None:
        found = _MELDS[meld] = Meld(meld_cards(meld))
    return found


_GROUP_MELDS: dict[int, Meld] = {}
"""Each set of cards of one rank built once, by ``rank index << 4 | suit bits`` (a documented cache)."""
_SUIT_PARTS: dict[int, dict[int, tuple[tuple[Meld, ...], tuple[Card, ...]]]] = {}
"""For one meld-rules table and one suit's mask: the runs as melds and the cards left, built once.

Keyed by ``id(tables)``, then by ``suit << 13 | mask``: the tables are never freed (`_tables` keeps
every one it built), so their ids are never reused. At most 4 x 8,192 entries a table (a
documented cache).
"""


def result_parts(masks: Sequence[int], sets: Sets, t: Tables) -> tuple[tuple[Meld, ...], tuple[Card, ...]]:
    """The melds of an arrangement (sets first, then each suit's runs) and the cards in no meld.

    The same answer as `melds_of`, `meld_of` and `cards_of` together, from caches keyed by small
    ints: this is what every answer of the engine ends with.
    """
    melds: list[Meld] = []
    a, b, c, d = masks
    for r, suits in sets:
        key = r << 4
        bit = ~(1 << r)
        for s in suits:
            key |= 1 << s
            if s == 0:
                a &= bit
            elif s == 1:
                b &= bit
            elif s == 2:
                c &= bit
            else:
                d &= bit
        group = _GROUP_MELDS.get(key)
        if group is None:
            group = _GROUP_MELDS[key] = Meld(tuple(CARDS[s][r] for s in suits))
        melds.append(group)
    parts = _SUIT_PARTS.get(id(t))
    if parts is None:
        parts = _SUIT_PARTS[id(t)] = {}
    pa = parts.get(a)
    if pa is None:
        pa = parts[a] = _suit_part(0, a, t)
    pb = parts.get(1 << 13 | b)
    if pb is None:
        pb = parts[1 << 13 | b] = _suit_part(1, b, t)
    pc = parts.get(2 << 13 | c)
    if pc is None:
        pc = parts[2 << 13 | c] = _suit_part(2, c, t)
    pd = parts.get(3 << 13 | d)
    if pd is None:
        pd = parts[3 << 13 | d] = _suit_part(3, d, t)
    if melds:
        return (*melds, *pa[0], *pb[0], *pc[0], *pd[0]), pa[1] + pb[1] + pc[1] + pd[1]
    return pa[0] + pb[0] + pc[0] + pd[0], pa[1] + pb[1] + pc[1] + pd[1]


def _suit_part(suit: int, mask: int, t: Tables) -> tuple[tuple[Meld, ...], tuple[Card, ...]]:
    runs = t.runs[mask]
    for run in runs:
        for p in run:
            mask &= ~(1 << (0 if p == 14 else p - 1))
    row = CARDS[suit]
    return tuple(meld_of(("run", suit, run)) for run in runs), tuple(row[r] for r in range(13) if mask >> r & 1)


def cards_of(masks: Sequence[int]) -> tuple[Card, ...]:
    out = []
    for s in range(4):
        m = masks[s]
        row = CARDS[s]
        while m:
            low = m & -m
            out.append(row[low.bit_length() - 1])
            m ^= low
    return tuple(out)


Meld3 = tuple[str, int, tuple[int, ...]]


def _layoff_choices(meld: Meld3, dmasks: Sequence[int], t: Tables) -> list[tuple[tuple[int, int], ...]]:
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


def best_layoffs(
    kmelds: Sequence[Meld3], dmasks: Sequence[int], t: Tables
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
        key = (min_deadwood(left, t), len(cards))
        if best is None or key < best:
            best = key
            best_lay = tuple((i, c) for i, part in enumerate(combo) for c in part)
    assert best is not None
    return best[0], best_lay


def defender_melds(dmasks: Sequence[int], t: Tables) -> tuple[tuple[Meld, ...], tuple[Card, ...]]:
    _, found = arrangements(dmasks, t)
    return result_parts(dmasks, found[0], t)
