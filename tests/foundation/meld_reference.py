"""The meld engine's readings as first written, over objects: the reference the int engine is held to.

`rummylib.melds` reads melds through `rummylib._readings`, over small ints. This is the straight
reading of the rules over tiles, cards and jokers that it replaced, kept here, in the tests only,
so that hypothesis can hold the two equal (`test_meld_readings_engine.py`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from enum import StrEnum

from rummylib.cards import Card, Rank, Suit
from rummylib.melds import Face, Meld, MeldKind, MeldReading
from rummylib.pieces import Family, Joker
from rummylib.rules import RuleSet
from rummylib.tiles import Color, Tile


def reference_readings(meld: Meld, rules: RuleSet) -> tuple[MeldReading, ...]:
    """Every valid reading of a meld of pieces of the game, the preferred one first."""
    return tuple(sorted(_group_readings(meld, rules) + _run_readings(meld, rules), key=_preference))


def _suit_of(piece: Face) -> Color | Suit:
    return piece.color if isinstance(piece, Tile) else piece.suit


def _rank_of(piece: Face) -> int:
    return piece.number if isinstance(piece, Tile) else int(piece.rank)


def _suits(rules: RuleSet) -> tuple[Color, ...] | tuple[Suit, ...]:
    return rules.colors if rules.family is Family.TILES else tuple(Suit)


def _face(rules: RuleSet, suit: Color | Suit | StrEnum, position: int) -> Face:
    if isinstance(suit, Color):
        return Tile(suit, position)
    assert isinstance(suit, Suit)
    return Card(Rank(1 if position == 14 else position), suit)


def _positions(piece: Face, rules: RuleSet) -> tuple[int, ...]:
    """Where a natural piece may sit in a run."""
    if isinstance(piece, Card) and piece.rank is Rank.ACE:
        return ((1,) if rules.ace_low else ()) + ((14,) if rules.ace_high else ())
    return (_rank_of(piece),)


def _group_readings(meld: Meld, rules: RuleSet) -> list[MeldReading]:
    pieces = meld.pieces
    n = len(pieces)
    if n < rules.group_min or (rules.group_max is not None and n > rules.group_max):
        return []
    naturals = [p for p in pieces if not isinstance(p, Joker)]
    fixed_ranks = {_rank_of(p) for p in naturals if not rules.is_wild(p)}
    if len(fixed_ranks) > 1:
        return []
    candidates = fixed_ranks or {_rank_of(p) for p in naturals}
    all_suits = _suits(rules)
    out = []
    for rank in sorted(candidates):
        faces: list[Face | None] = [None] * n
        used: Counter[Color | Suit] = Counter()
        for i, p in enumerate(pieces):
            if not isinstance(p, Joker) and not rules.is_wild(p):
                faces[i] = p
                used[_suit_of(p)] += 1
        if rules.group_distinct and any(c > 1 for c in used.values()):
            continue
        for i, p in enumerate(pieces):
            if isinstance(p, Joker) or not rules.is_wild(p) or _rank_of(p) != rank:
                continue
            if not rules.group_distinct or not used[_suit_of(p)]:
                faces[i] = p
                used[_suit_of(p)] += 1
        acting = tuple(f is None for f in faces)
        jokers = sum(acting)
        if jokers == n or rules.too_many_jokers(jokers, n - jokers) is not None:
            continue
        free = [s for s in all_suits if not used[s]] if rules.group_distinct else list(all_suits)
        if rules.group_distinct and jokers > len(free):
            continue
        fill = iter(free) if rules.group_distinct else iter([all_suits[0]] * jokers)
        done = tuple(f if f is not None else _face(rules, next(fill), rank) for f in faces)
        value = rank * n if rules.family is Family.TILES else None
        out.append(MeldReading(meld, MeldKind.GROUP, done, (rank,) * n, acting, value))
    return out


def _run_as_laid(meld: Meld, rules: RuleSet, suit: Color | Suit, start: int) -> MeldReading | None:
    faces: list[Face] = []
    acting: list[bool] = []
    for i, p in enumerate(meld.pieces):
        pos = start + i
        natural = not isinstance(p, Joker) and _suit_of(p) == suit and pos in _positions(p, rules)
        if not natural and not isinstance(p, Joker) and not rules.is_wild(p):
            return None
        faces.append(p if natural and isinstance(p, Face) else _face(rules, suit, pos))
        acting.append(not natural)
    positions = tuple(range(start, start + len(faces)))
    return _run_reading(meld, rules, start=start, faces=faces, acting=acting, positions=positions, as_laid=True)


def _run_reading(
    meld: Meld,
    rules: RuleSet,
    *,
    start: int,
    faces: Sequence[Face],
    acting: Sequence[bool],
    positions: tuple[int, ...],
    as_laid: bool,
) -> MeldReading | None:
    jokers = sum(acting)
    if jokers == len(acting) or rules.too_many_jokers(jokers, len(acting) - jokers) is not None:
        return None
    n = len(faces)
    value = sum(range(start, start + n)) if rules.family is Family.TILES else None
    return MeldReading(meld, MeldKind.RUN, tuple(faces), positions, tuple(acting), value, as_laid)


def _run_window(meld: Meld, rules: RuleSet, suit: Color | Suit, start: int) -> MeldReading | None:
    laid = _run_as_laid(meld, rules, suit, start)
    if laid is not None:
        return laid
    pieces = meld.pieces
    n = len(pieces)
    window = range(start, start + n)
    taken: dict[int, int] = {}  # position -> piece index
    pos_of: list[int | None] = [None] * n
    # Fixed naturals: non-aces first (one place each), then aces (low or high, whichever is free).
    fixed = [i for i, p in enumerate(pieces) if not isinstance(p, Joker) and not rules.is_wild(p)]
    for i in sorted(fixed, key=lambda i: len(_positions(pieces[i], rules))):  # type: ignore[arg-type]
        p = pieces[i]
        assert not isinstance(p, Joker)
        if _suit_of(p) != suit:
            return None
        spots = [q for q in _positions(p, rules) if q in window and q not in taken]
        if not spots:
            return None
        taken[spots[0]] = i
        pos_of[i] = spots[0]
    # Wild cards of the suit sit at their own place when it is free; otherwise they act as jokers.
    for i, p in enumerate(pieces):
        if pos_of[i] is not None or isinstance(p, Joker) or _suit_of(p) != suit:
            continue
        spots = [q for q in _positions(p, rules) if q in window and q not in taken]
        if spots:
            taken[spots[0]] = i
            pos_of[i] = spots[0]
    free = iter(q for q in window if q not in taken)
    faces: list[Face] = []
    acting: list[bool] = []
    for i, p in enumerate(pieces):
        pos = pos_of[i]
        if pos is None:
            pos = next(free)
            pos_of[i] = pos
            faces.append(_face(rules, suit, pos))
            acting.append(True)
        else:
            assert not isinstance(p, Joker)
            faces.append(p)
            acting.append(False)
    positions = tuple(q for q in pos_of if q is not None)
    return _run_reading(meld, rules, start=start, faces=faces, acting=acting, positions=positions, as_laid=False)


def _run_readings(meld: Meld, rules: RuleSet) -> list[MeldReading]:
    pieces = meld.pieces
    n = len(pieces)
    if n < rules.min_run or n > rules.longest_run:
        return []
    naturals = [p for p in pieces if not isinstance(p, Joker)]
    fixed_suits = {_suit_of(p) for p in naturals if not rules.is_wild(p)}
    if len(fixed_suits) > 1:
        return []
    candidates = fixed_suits or {_suit_of(p) for p in naturals}
    # Only windows that hold every natural that has a single place can work.
    fixed_places = [q for p in naturals if not rules.is_wild(p) for q in [_positions(p, rules)] if len(q) == 1]
    first, last = rules.run_low, rules.run_high - n + 1
    if fixed_places:
        first = max(first, max(q[0] for q in fixed_places) - n + 1)
        last = min(last, *(q[0] for q in fixed_places))
    out = []
    for suit in sorted(candidates, key=lambda s: s.order):
        for start in range(first, last + 1):
            reading = _run_window(meld, rules, suit, start)
            if reading is not None:
                out.append(reading)
    return out


def _preference(r: MeldReading) -> tuple[bool, int, int, int, int]:
    kind_order = 0 if r.kind is MeldKind.GROUP else 1
    return (not r.as_laid, -(r.value or 0), r.joker_count, kind_order, -max(r.positions))
