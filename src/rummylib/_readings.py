"""The meld engine's readings over small ints, compiled in the compiled build.

`rummylib.melds` is the public face: it checks its inputs, turns the pieces of a meld into ints,
asks this module how the meld reads, and builds `MeldReading` values only when a caller asks for
them. Here there are no objects but ints, tuples and lists.

A piece is an int: ``0`` for a joker, else ``(suit + 1) * 32 + rank``, where ``suit`` is the colour's
or suit's canonical order and ``rank`` a tile's number or a card's rank (the ace 1). A rule set is a
`Shape`, its meld rules read once into ints and bools.

A reading is the tuple ``(kind, as_laid, value, positions, stands_for)``: ``kind`` is `GROUP` or
`RUN`; ``value`` the sum of the numbers stood for (tiles), ``-1`` for cards; ``positions`` each
piece's place in the run, or the group's rank for every piece; ``stands_for`` is ``-1`` for a piece
that stands for itself, else the suit order of the natural piece it acts as (at its position).
"""

from __future__ import annotations

from typing import Final

GROUP: Final = 0
"""The kind of a group (`rummylib.melds.MeldKind.GROUP`)."""
RUN: Final = 1
"""The kind of a run (`rummylib.melds.MeldKind.RUN`)."""

JOKER_CODE: Final = 0
"""The int of a joker."""

Reading = tuple[int, bool, int, tuple[int, ...], tuple[int, ...]]
"""``(kind, as_laid, value, positions, stands_for)``: see the module's docstring."""


def piece_code(suit: int, rank: int) -> int:
    """The int of a natural piece of suit order ``suit`` and rank (or number) ``rank``."""
    return (suit + 1) * 32 + rank


class Shape:
    """The meld rules of one rule set, as ints and bools (``-1`` for "no limit")."""

    def __init__(
        self,
        *,
        tiles: bool,
        group_min: int,
        group_max: int,
        distinct: bool,
        run_min: int,
        run_max: int,
        run_low: int,
        run_high: int,
        ace_low: bool,
        ace_high: bool,
        wild: int,
        ratio: bool,
        cap: int,
        suits: list[int],
        max_number: int,
    ) -> None:
        self.tiles = tiles
        self.max_number = max_number  # the highest tile number
        self.group_min = group_min
        self.group_max = group_max
        self.distinct = distinct
        self.run_min = run_min
        self.run_max = run_max
        self.run_low = run_low
        self.run_high = run_high
        self.ace_low = ace_low
        self.ace_high = ace_high
        self.wild = wild  # a bit per wild rank (cards)
        self.ratio = ratio
        self.cap = cap
        self.suits = suits  # the suit orders of the game, in the rule set's order
        # A card ace may sit at 1 and at 14: only then does a natural have two places.
        self.two_aces = not tiles and ace_low and ace_high
        self.codes: dict[object, int] = {}  # piece -> its int, or -1 when the game has no such piece


def encode(pieces: tuple[object, ...], shape: Shape) -> list[int] | None:
    """The ints of the pieces, from the shape's table; ``None`` when one is not there (or not of the game)."""
    codes = shape.codes
    out: list[int] = []
    for p in pieces:
        c = codes.get(p, -1)
        if c < 0:
            return None
        out.append(c)
    return out


def too_many_copies(codes: list[int], copies: int, jokers: int, total: int) -> bool:
    """Whether the pieces ``codes`` hold more of one piece than the game has (or more pieces than it)."""
    if len(codes) > total:
        return True
    ordered = sorted(codes)
    run = 0
    for k in range(len(ordered)):
        run = run + 1 if k and ordered[k] == ordered[k - 1] else 1
        if run > (jokers if ordered[k] == JOKER_CODE else copies):
            return True
    return False


def _too_many(shape: Shape, jokers: int, naturals: int) -> bool:
    return (shape.ratio and jokers > naturals) or (shape.cap >= 0 and jokers > shape.cap)


def _wild(shape: Shape, c: int) -> bool:
    """A card of a wild rank (never a joker: the callers test jokers first)."""
    return (shape.wild >> (c & 31)) & 1 == 1


def _is_ace(shape: Shape, c: int) -> bool:
    return not shape.tiles and c & 31 == 1


def _fits(shape: Shape, c: int, pos: int) -> bool:
    """Whether the natural ``c`` may sit at ``pos`` in a run."""
    rank = c & 31
    if rank == 1 and not shape.tiles:
        return (pos == 1 and shape.ace_low) or (pos == 14 and shape.ace_high)
    return pos == rank


def _place(shape: Shape, c: int) -> int:
    """The one place of a natural in a run, or 0 when it has two (an ace both low and high)."""
    if _is_ace(shape, c):
        if shape.ace_low and shape.ace_high:
            return 0
        return 1 if shape.ace_low else 14
    return c & 31


def _groups(codes: list[int], shape: Shape, out: list[Reading]) -> None:
    n = len(codes)
    if n < shape.group_min or (shape.group_max >= 0 and n > shape.group_max):
        return
    fixed_rank = -1
    wild_ranks = 0
    for c in codes:
        if c == JOKER_CODE:
            continue
        if _wild(shape, c):
            wild_ranks |= 1 << (c & 31)
        elif fixed_rank < 0:
            fixed_rank = c & 31
        elif c & 31 != fixed_rank:
            return
    # the one rank of the fixed naturals, else each rank of the wild cards, low to high
    candidates = [fixed_rank] if fixed_rank >= 0 else [r for r in range(32) if (wild_ranks >> r) & 1]
    distinct = shape.distinct
    suits = shape.suits
    for rank in candidates:
        used = [0] * 8
        natural = [False] * n
        repeated = False
        for i in range(n):
            c = codes[i]
            if c != JOKER_CODE and not _wild(shape, c):
                natural[i] = True
                s = (c >> 5) - 1
                used[s] += 1
                if used[s] > 1:
                    repeated = True
        if distinct and repeated:
            continue
        for i in range(n):
            c = codes[i]
            if c == JOKER_CODE or not _wild(shape, c) or c & 31 != rank:
                continue
            s = (c >> 5) - 1
            if not distinct or not used[s]:
                natural[i] = True
                used[s] += 1
        jokers = 0
        for i in range(n):
            if not natural[i]:
                jokers += 1
        if jokers == n or _too_many(shape, jokers, n - jokers):
            continue
        if distinct:
            free = [s for s in suits if not used[s]]
            if jokers > len(free):
                continue
        else:
            free = [suits[0]] * jokers
        stands: list[int] = []
        k = 0
        for i in range(n):
            if natural[i]:
                stands.append(-1)
            else:
                stands.append(free[k])
                k += 1
        value = rank * n if shape.tiles else -1
        out.append((GROUP, False, value, tuple([rank] * n), tuple(stands)))


def _run(shape: Shape, n: int, start: int, stands: list[int], positions: list[int], as_laid: bool) -> Reading | None:
    jokers = 0
    for s in stands:
        if s >= 0:
            jokers += 1
    if jokers == n or _too_many(shape, jokers, n - jokers):
        return None
    value = n * start + n * (n - 1) // 2 if shape.tiles else -1
    return (RUN, as_laid, value, tuple(positions), tuple(stands))


def _as_laid(codes: list[int], shape: Shape, suit: int, start: int) -> Reading | None:
    n = len(codes)
    stands: list[int] = []
    for i in range(n):
        c = codes[i]
        natural = c != JOKER_CODE and (c >> 5) - 1 == suit and _fits(shape, c, start + i)
        if not natural and c != JOKER_CODE and not _wild(shape, c):
            return None
        stands.append(-1 if natural else suit)
    return _run(shape, n, start, stands, list(range(start, start + n)), True)


def _spot(shape: Shape, c: int, start: int, end: int, taken: int) -> int:
    """The first free place of the natural ``c`` in the window ``start <= place < end``, or 0."""
    if _is_ace(shape, c):
        if shape.ace_low and start <= 1 < end and not (taken >> 1) & 1:
            return 1
        if shape.ace_high and start <= 14 < end and not (taken >> 14) & 1:
            return 14
        return 0
    rank = c & 31
    if start <= rank < end and not (taken >> rank) & 1:
        return rank
    return 0


def _window(codes: list[int], shape: Shape, suit: int, start: int) -> Reading | None:
    laid = _as_laid(codes, shape, suit, start)
    if laid is not None:
        return laid
    n = len(codes)
    end = start + n
    taken = 0
    pos_of = [0] * n
    # Fixed naturals: those with one place first, then aces that may sit low or high.
    for second in (False, True):
        for i in range(n):
            c = codes[i]
            if c == JOKER_CODE or _wild(shape, c) or (shape.two_aces and c & 31 == 1) != second:
                continue
            if (c >> 5) - 1 != suit:
                return None
            q = _spot(shape, c, start, end, taken)
            if not q:
                return None
            taken |= 1 << q
            pos_of[i] = q
    # Wild cards of the suit sit at their own place when it is free; otherwise they act as jokers.
    for i in range(n):
        c = codes[i]
        if pos_of[i] or c == JOKER_CODE or (c >> 5) - 1 != suit:
            continue
        q = _spot(shape, c, start, end, taken)
        if q:
            taken |= 1 << q
            pos_of[i] = q
    free = [q for q in range(start, end) if not (taken >> q) & 1]
    stands: list[int] = []
    k = 0
    for i in range(n):
        if pos_of[i]:
            stands.append(-1)
        else:
            pos_of[i] = free[k]
            k += 1
            stands.append(suit)
    return _run(shape, n, start, stands, pos_of, False)


def _runs(codes: list[int], shape: Shape, out: list[Reading]) -> None:
    n = len(codes)
    if n < shape.run_min or n > shape.run_max:
        return
    fixed_suit = -1
    wild_suits = 0
    first, last = shape.run_low, shape.run_high - n + 1
    lowest, highest = 99, -1
    for c in codes:
        if c == JOKER_CODE:
            continue
        s = (c >> 5) - 1
        if _wild(shape, c):
            wild_suits |= 1 << s
            continue
        if fixed_suit < 0:
            fixed_suit = s
        elif s != fixed_suit:
            return
        q = _place(shape, c)
        if q:
            lowest = min(lowest, q)
            highest = max(highest, q)
    candidates = [fixed_suit] if fixed_suit >= 0 else [s for s in range(8) if (wild_suits >> s) & 1]
    if highest >= 0:
        first = max(first, highest - n + 1)
        last = min(last, lowest)
    for suit in candidates:
        for start in range(first, last + 1):
            reading = _window(codes, shape, suit, start)
            if reading is not None:
                out.append(reading)


def _preference(r: Reading) -> int:
    # (not as laid, higher value, fewer jokers, groups first, higher runs first) as one int
    jokers = 0
    for s in r[4]:
        if s >= 0:
            jokers += 1
    value = r[2] if r[2] >= 0 else 0
    top = max(r[3])
    return (((((0 if r[1] else 1) * 8192 + (8191 - value)) * 256 + jokers) * 2 + r[0]) * 64) + (63 - top)


def readings(codes: list[int], shape: Shape) -> list[Reading]:
    """Every valid reading of the meld ``codes`` (pieces of the game), the preferred one first.

    Groups come first, then runs by suit and start, and a stable sort by preference orders them
    (as `rummylib.melds.meld_readings` documents).
    """
    out: list[Reading] = []
    _groups(codes, shape, out)
    _runs(codes, shape, out)
    if len(out) < 2:
        return out
    keyed = sorted([(_preference(out[i]), i) for i in range(len(out))])
    return [out[i] for _, i in keyed]


def has_reading(codes: list[int], shape: Shape) -> bool:
    """Whether the meld ``codes`` has any valid reading."""
    out: list[Reading] = []
    _groups(codes, shape, out)
    if out:
        return True
    _runs(codes, shape, out)
    return len(out) > 0


# --- diagnosis of an invalid meld ----------------------------------------------------------------
# Each problem is ``(problem, pieces, numbers)``: one of the ids below, the indexes of the pieces
# it names, and the numbers its message needs; `rummylib.melds` writes the `Violation`.

NO_NATURAL: Final = 0
GROUP_TOO_SMALL: Final = 1
GROUP_TOO_LARGE: Final = 2
GROUP_RANKS_DIFFER: Final = 3  # numbers: the ranks, low to high
GROUP_COLOUR_REPEATED: Final = 4
TOO_MANY_JOKERS: Final = 5  # numbers: jokers, naturals
RUN_TOO_SHORT: Final = 6
RUN_TOO_LONG: Final = 7
MIXED_SUITS: Final = 8  # numbers: the suit orders, low to high
RUN_DUPLICATE_RANK: Final = 9
RUN_WRAPS: Final = 10
RUN_GAP: Final = 11  # numbers: the span
NOT_A_MELD: Final = 12

Problem = tuple[int, list[int], list[int]]
"""``(problem, pieces, numbers)``: see above."""


def _most_common(keys: list[int], counts: list[int]) -> int:
    """The key counted most, the first seen on a tie (as `collections.Counter.most_common`)."""
    best, top = keys[0], counts[0]
    for k in range(1, len(keys)):
        if counts[k] > top:
            best, top = keys[k], counts[k]
    return best


def _tally(values: list[int]) -> tuple[list[int], list[int]]:
    """The distinct values in the order first seen, and how often each comes."""
    keys: list[int] = []
    counts: list[int] = []
    for v in values:
        for k in range(len(keys)):
            if keys[k] == v:
                counts[k] += 1
                break
        else:
            keys.append(v)
            counts.append(1)
    return keys, counts


def _jokers_problem(n: int, fixed: list[int], shape: Shape, out: list[Problem]) -> None:
    jokers, naturals = n - len(fixed), len(fixed)
    if _too_many(shape, jokers, naturals):
        held = [False] * n
        for i in fixed:
            held[i] = True
        out.append((TOO_MANY_JOKERS, [i for i in range(n) if not held[i]], [jokers, naturals]))


def _group_problems(codes: list[int], fixed: list[int], ranks: list[int], shape: Shape, out: list[Problem]) -> None:
    n = len(codes)
    if n < shape.group_min:
        out.append((GROUP_TOO_SMALL, [], []))
    if shape.group_max >= 0 and n > shape.group_max:
        out.append((GROUP_TOO_LARGE, [], []))
    keys, counts = _tally(ranks)
    if len(keys) > 1:
        common = _most_common(keys, counts)
        odd = [i for i in fixed if codes[i] & 31 != common]
        out.append((GROUP_RANKS_DIFFER, odd, sorted(keys)))
    if shape.distinct:
        seen = [0] * 8
        for i in fixed:
            seen[(codes[i] >> 5) - 1] += 1
        repeated = [i for i in fixed if seen[(codes[i] >> 5) - 1] > 1]
        if repeated:
            out.append((GROUP_COLOUR_REPEATED, repeated, []))
    _jokers_problem(n, fixed, shape, out)


def _run_problems(codes: list[int], fixed: list[int], suits: list[int], shape: Shape, out: list[Problem]) -> None:
    n = len(codes)
    if n < shape.run_min:
        out.append((RUN_TOO_SHORT, [], []))
    if n > shape.run_max:
        out.append((RUN_TOO_LONG, [], []))
    keys, counts = _tally(suits)
    main = _most_common(keys, counts)
    if len(keys) > 1:
        odd = [i for i in fixed if (codes[i] >> 5) - 1 != main]
        out.append((MIXED_SUITS, odd, sorted(keys)))
    same = [i for i in fixed if (codes[i] >> 5) - 1 == main]
    per_rank = [0] * 32
    for i in same:
        per_rank[codes[i] & 31] += 1
    aces_ok = 2 if shape.two_aces else 1
    dups = [i for i in same if per_rank[codes[i] & 31] > (aces_ok if _is_ace(shape, codes[i]) else 1)]
    if dups:
        out.append((RUN_DUPLICATE_RANK, dups, []))
    _jokers_problem(n, fixed, shape, out)
    if len(keys) == 1 and not dups and shape.run_min <= n <= shape.run_max:
        _placement_problems(codes, n, same, shape, out)


def _placement_problems(codes: list[int], n: int, same: list[int], shape: Shape, out: list[Problem]) -> None:
    low_spots = 0  # a bit per place, the aces low where they may be
    high_spots = 0  # the aces high where they may be
    for i in same:
        c = codes[i]
        if _is_ace(shape, c):
            low_spots |= 1 << (1 if shape.ace_low else 14)
            high_spots |= 1 << (14 if shape.ace_high else 1)
        else:
            low_spots |= 1 << (c & 31)
            high_spots |= 1 << (c & 31)
    best_span = min(_span(low_spots), _span(high_spots))
    if best_span <= n:
        return
    ranks = sorted({codes[i] & 31 for i in same})
    cycle = shape.max_number if shape.tiles else 13
    cyclic_span = 1
    if len(ranks) > 1:
        widest = 0
        for k in range(len(ranks)):
            widest = max(widest, (ranks[(k + 1) % len(ranks)] - ranks[k]) % cycle)
        cyclic_span = cycle - widest + 1
    if cyclic_span <= n:
        out.append((RUN_WRAPS, same, []))
    else:
        out.append((RUN_GAP, same, [best_span]))


def _span(spots: int) -> int:
    """Places from the lowest bit set to the highest, both counted."""
    return spots.bit_length() - (spots & -spots).bit_length() + 1


def diagnose(codes: list[int], shape: Shape) -> list[Problem]:
    """Every problem of a meld ``codes`` (pieces of the game) that has no valid reading."""
    n = len(codes)
    fixed = [i for i in range(n) if codes[i] != JOKER_CODE and not _wild(shape, codes[i])]
    if not fixed:
        fixed = [i for i in range(n) if codes[i] != JOKER_CODE]
    if not fixed:
        return [(NO_NATURAL, list(range(n)), [])]
    ranks = [codes[i] & 31 for i in fixed]
    suits = [(codes[i] >> 5) - 1 for i in fixed]
    rank_keys, rank_counts = _tally(ranks)
    suit_keys, suit_counts = _tally(suits)
    group_like, run_like = len(rank_keys) == 1, len(suit_keys) == 1
    if not group_like and not run_like:
        # Neither kind fits; blame the one the pieces come closer to (both on a tie).
        group_score, run_score = max(rank_counts), max(suit_counts)
        group_like, run_like = group_score >= run_score, run_score >= group_score
    out: list[Problem] = []
    if group_like or not run_like:
        _group_problems(codes, fixed, ranks, shape, out)
    if run_like or not group_like:
        _run_problems(codes, fixed, suits, shape, out)
    if not out:
        out.append((NOT_A_MELD, list(range(n)), []))
    return out
