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
from rummylib.errors import RuleId, Violation
from rummylib.melds import Face, Meld, MeldKind, MeldReading
from rummylib.pieces import Family, Joker, Piece, format_pieces
from rummylib.rules import RuleSet
from rummylib.tiles import Color, Tile


def reference_violations(meld: Meld, rules: RuleSet) -> tuple[Violation, ...]:
    """Every problem of a meld of pieces of the game that has no valid reading."""
    return tuple(dict.fromkeys(_diagnose(meld, rules)))


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


def _count(n: int) -> str:
    """``"1 piece"``, ``"2 pieces"``."""
    return f"{n} piece" if n == 1 else f"{n} pieces"


def _name(rules: RuleSet, plural: bool = False) -> str:
    word = "colour" if rules.family is Family.TILES else "suit"
    return word + ("s" if plural else "")


def _diagnose(meld: Meld, rules: RuleSet) -> list[Violation]:
    pieces = meld.pieces
    naturals = [p for p in pieces if not isinstance(p, Joker)]
    fixed = [p for p in naturals if not rules.is_wild(p)] or naturals
    if not fixed:
        return [
            Violation(
                RuleId.NO_NATURAL_PIECE,
                f"all {len(pieces)} pieces are jokers; a meld needs at least one natural piece",
                pieces=tuple(pieces),
            )
        ]
    ranks = Counter(_rank_of(p) for p in fixed)
    suits = Counter(_suit_of(p) for p in fixed)
    group_like, run_like = len(ranks) == 1, len(suits) == 1
    if not group_like and not run_like:
        # Neither kind fits; blame the one the pieces come closer to (both on a tie).
        group_score = ranks.most_common(1)[0][1]
        run_score = suits.most_common(1)[0][1]
        group_like, run_like = group_score >= run_score, run_score >= group_score
    out: list[Violation] = []
    if group_like or not run_like:
        out += _group_problems(pieces, fixed, ranks, rules)
    if run_like or not group_like:
        out += _run_problems(pieces, fixed, suits, rules)
    if not out:
        out.append(
            Violation(RuleId.NOT_A_MELD, f"{format_pieces(pieces)} form neither a group nor a run", pieces=pieces)
        )
    return list(dict.fromkeys(out))


def _too_many_jokers(pieces: Sequence[Piece], fixed: Sequence[Piece], rules: RuleSet) -> list[Violation]:
    why = rules.too_many_jokers(len(pieces) - len(fixed), len(fixed))
    if why is None:
        return []
    return [Violation(RuleId.TOO_MANY_JOKERS, why, pieces=tuple(p for p in pieces if p not in fixed))]


def _group_problems(
    pieces: Sequence[Piece], fixed: Sequence[Face], ranks: Counter[int], rules: RuleSet
) -> list[Violation]:
    out = []
    n = len(pieces)
    if n < rules.group_min:
        out.append(Violation(RuleId.GROUP_TOO_SMALL, f"group of {_count(n)}; a group needs at least {rules.group_min}"))
    if rules.group_max is not None and n > rules.group_max:
        out.append(Violation(RuleId.GROUP_TOO_LARGE, f"group of {_count(n)}; a group holds at most {rules.group_max}"))
    if len(ranks) > 1:
        common = ranks.most_common(1)[0][0]
        odd = tuple(p for p in fixed if _rank_of(p) != common)
        shown = ", ".join(str(r) if rules.family is Family.TILES else Rank(r).symbol for r in sorted(ranks))
        out.append(
            Violation(
                RuleId.GROUP_RANKS_DIFFER,
                f"group needs one number, but has {shown} ({format_pieces(odd)} differ)",
                pieces=odd,
            )
        )
    if rules.group_distinct:
        seen = Counter(_suit_of(p) for p in fixed)
        repeated = tuple(p for p in fixed if seen[_suit_of(p)] > 1)
        if repeated:
            names = " ".join(sorted({str(_suit_of(p).value) for p in repeated}))
            out.append(
                Violation(
                    RuleId.GROUP_COLOUR_REPEATED,
                    f"group repeats {_name(rules)} {names} ({format_pieces(repeated)}); "
                    f"every {_name(rules)} must differ",
                    pieces=repeated,
                )
            )
    return out + _too_many_jokers(pieces, fixed, rules)


def _run_problems(
    pieces: Sequence[Piece], fixed: Sequence[Face], suits: Counter[Color | Suit], rules: RuleSet
) -> list[Violation]:
    out = []
    n = len(pieces)
    if n < rules.min_run:
        out.append(Violation(RuleId.RUN_TOO_SHORT, f"run of {_count(n)}; a run needs at least {rules.min_run}"))
    if n > rules.longest_run:
        out.append(Violation(RuleId.RUN_TOO_LONG, f"run of {_count(n)}; a run holds at most {rules.longest_run}"))
    main = suits.most_common(1)[0][0]
    if len(suits) > 1:
        odd = tuple(p for p in fixed if _suit_of(p) != main)
        names = " and ".join(str(s.value) for s in sorted(suits, key=lambda s: s.order))
        out.append(
            Violation(
                RuleId.MIXED_SUITS,
                f"run mixes {_name(rules, True)} {names} ({format_pieces(odd)} off {_name(rules)})",
                pieces=odd,
            )
        )
    same = [p for p in fixed if _suit_of(p) == main]
    counts = Counter(_rank_of(p) for p in same)
    aces_ok = 2 if rules.family is Family.CARDS and rules.ace_low and rules.ace_high else 1
    dups = tuple(p for p in same if counts[_rank_of(p)] > (aces_ok if _is_ace(p) else 1))
    if dups:
        out.append(
            Violation(
                RuleId.RUN_DUPLICATE_RANK,
                f"run holds {format_pieces(dups)}: a number may appear only once in a run",
                pieces=dups,
            )
        )
    out += _too_many_jokers(pieces, fixed, rules)
    if len(suits) == 1 and not dups and rules.min_run <= n <= rules.longest_run:
        out += _placement_problems(pieces, same, rules)
    return out


def _is_ace(p: Face) -> bool:
    return isinstance(p, Card) and p.rank is Rank.ACE


def _placement_problems(pieces: Sequence[Piece], same: Sequence[Face], rules: RuleSet) -> list[Violation]:
    n = len(pieces)
    ranks = sorted({_rank_of(p) for p in same})
    best_span = None
    options = [list(_positions(p, rules)) for p in same]
    if any(not o for o in options):  # pragma: no cover - rule sets always allow the ace somewhere
        return []
    # Try the ace low and high; the tightest span decides.
    for high_ace in (False, True):
        pos = sorted({(o[-1] if high_ace else o[0]) for o in options})
        span = pos[-1] - pos[0] + 1
        best_span = span if best_span is None else min(best_span, span)
    assert best_span is not None
    if best_span <= n:
        return []
    cycle = rules.max_number if rules.family is Family.TILES else 13
    gaps = [(ranks[(i + 1) % len(ranks)] - ranks[i]) % cycle for i in range(len(ranks))]
    cyclic_span = cycle - max(gaps) + 1 if len(ranks) > 1 else 1
    shown = format_pieces(same)
    if cyclic_span <= n:
        top, bottom = ("13", "1") if rules.family is Family.TILES else ("K", "A")
        return [
            Violation(
                RuleId.RUN_WRAPS,
                f"{shown} would need the run to wrap from {top} round to {bottom}; runs never wrap",
                pieces=tuple(same),
            )
        ]
    return [
        Violation(
            RuleId.RUN_GAP,
            f"{shown} span {best_span} places but the meld has {n} pieces: "
            f"{best_span - n} more joker{'s' if best_span - n > 1 else ''} would be needed",
            pieces=tuple(same),
        )
    ]
