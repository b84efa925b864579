"""The one meld engine: groups (sets) and runs of tiles or cards, driven only by the rule set.

For any meld it answers whether it is valid, its kind, what each joker stands for, its value, and,
when it is invalid, every problem found, each with a stable code.

How a meld with jokers is read (the rules of Rummikub):

1. if the pieces, in the order given, form a valid ascending run, each joker taking the number
   its position gives, that is the reading (``r5 r6 *`` has the joker as ``R7``);
2. otherwise the meld is valid if any reading is (a group, or a run in some order) and it is read
   as the valid reading worth most (``r13 * *`` is a group of 13s worth 39).

Examples:
    >>> from rummylib import Meld, RUMMIKUB, check_meld, meld_violations
    >>> r = check_meld(Meld.parse("* * r13"), rules=RUMMIKUB)
    >>> r.kind, r.value, [str(j) for j in r.jokers]
    (<MeldKind.RUN: 'run'>, 36, ['R11', 'R12'])
    >>> check_meld(Meld.parse("r13 * *"), rules=RUMMIKUB).value
    39
    >>> [v.code for v in meld_violations(Meld.parse("r7 r7 b7"), rules=RUMMIKUB)]
    ['group-colour-repeated']
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator, Sequence
from enum import StrEnum
from typing import TypeAlias, cast

import attrs

from rummylib import _inputs
from rummylib import _readings as _engine
from rummylib.cards import Card, Rank, Suit
from rummylib.errors import InvalidMeldError, RuleId, Violation
from rummylib.notation import clear_cache as _clear_notation
from rummylib.notation import parse_pieces
from rummylib.pieces import Family, Piece, format_pieces
from rummylib.rules import RuleSet
from rummylib.tiles import Color, Drawable, Tile

__all__ = [
    "Face",
    "Meld",
    "MeldKind",
    "MeldLike",
    "MeldReading",
    "TableMeldLike",
    "as_meld",
    "check_meld",
    "clear_caches",
    "is_valid_meld",
    "meld_readings",
    "meld_violations",
    "read_meld",
]

Face: TypeAlias = Tile | Card
"""What a piece stands for in a reading: a natural tile or card (never a joker)."""


class MeldKind(StrEnum):
    """The two kinds of meld.

    Examples:
        >>> from rummylib import RUMMIKUB
        >>> read_meld("r4 r5 r6", rules=RUMMIKUB).kind is MeldKind.RUN
        True
    """

    GROUP = "group"
    """Pieces of one number or rank (a "set" in the card games)."""
    RUN = "run"
    """Consecutive numbers or ranks of one colour or suit (a "sequence" in Indian Rummy)."""


def _piece_tuple(pieces: Iterable[Piece]) -> tuple[Piece, ...]:
    return tuple(pieces)


@attrs.frozen(repr=False, cache_hash=True)
class Meld(Drawable):
    """Pieces laid together as one meld, in the order given.

    Whether they are valid is a question for the rules: see `check_meld`.

    Examples:
        >>> m = Meld.parse("r5, r6 *")
        >>> m, str(m), len(m)
        (Meld.parse('R5 R6 *'), 'R5 R6 *', 3)
    """

    pieces: tuple[Piece, ...] = attrs.field(converter=_piece_tuple)
    """The pieces in the order laid."""

    @classmethod
    def parse(cls, text: str, *, rules: RuleSet | None = None) -> Meld:
        """Read a meld from notation (pieces separated by spaces or commas).

        With ``rules``, every piece must belong to that game.

        Raises:
            NotationError: a piece is not valid notation (or not of that game).

        Examples:
            >>> Meld.parse("10h Jh Qh")
            Meld.parse('10h Jh Qh')
        """
        if type(text) is str and len(text) <= 200:
            return _parse_short(text, rules)  # the same meld object for the same text: see below
        return cls(parse_pieces(text, rules=rules))

    def __str__(self) -> str:
        return format_pieces(self.pieces)

    def __repr__(self) -> str:
        return f"Meld.parse({str(self)!r})"

    def __len__(self) -> int:
        return len(self.pieces)

    def __iter__(self) -> Iterator[Piece]:
        return iter(self.pieces)


@functools.lru_cache(maxsize=16_384)
def _parse_short(text: str, rules: RuleSet | None) -> Meld:
    # Melds come back turn after turn; one object per text lets the turn judge find what it knows
    # of a set by identity (a documented cache, like the readings below).
    return Meld(parse_pieces(text, rules=rules))


MeldLike: TypeAlias = Meld | str | Sequence[Piece]
"""A meld, its notation, or a sequence of pieces; accepted wherever a meld is expected."""


def as_meld(meld: TableMeldLike, *, rules: RuleSet | None = None, what: str = "the meld") -> Meld:
    """Turn notation or a sequence of pieces into a `Meld` (a `Meld` is returned unchanged).

    A `MeldReading` (how a meld on the table was read) gives its meld. The notation may be the whole
    meld's or each piece's (``["r1", "r2", "r3"]``). With ``rules``, notation must be pieces of that
    game; pieces given as values are only checked to be pieces (whether
    they belong to the game is for `meld_violations` to say). ``what`` names the meld in messages.

    Raises:
        NotationError: the notation is bad.
        InvalidPiecesError: an item that is not a piece, or a value that is no meld (code
            ``not-a-piece``).
        LimitExceededError: more pieces than any meld of any game (`rummylib.rules.MAX_MELD_PIECES`).

    Examples:
        >>> as_meld("r1 r2 r3")
        Meld.parse('R1 R2 R3')
        >>> as_meld(["r1", "r2", "r3"])
        Meld.parse('R1 R2 R3')
        >>> as_meld(["r1", 2])  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        rummylib.errors.InvalidPiecesError: the meld holds 2, which is not a piece ...
    """
    if isinstance(meld, Meld):
        return meld
    if isinstance(meld, str):
        return Meld.parse(meld, rules=rules)
    if isinstance(meld, MeldReading):
        return meld.meld
    return Meld(_inputs.meld_pieces(meld, rules=rules, what=what))


@attrs.frozen(repr=False)
class MeldReading(Drawable):
    """One valid way to read a meld: its kind, what every piece stands for, and its value.

    Examples:
        >>> from rummylib import RUMMIKUB
        >>> r = check_meld(Meld.parse("r4 * r6"), rules=RUMMIKUB)
        >>> [str(f) for f in r.faces], r.as_laid, str(r)
        (['R4', 'R5', 'R6'], True, 'run R4 *=R5 R6')
    """

    meld: Meld
    """The meld as laid."""
    kind: MeldKind
    """Group or run."""
    faces: tuple[Face, ...]
    """What each piece of the meld (in the order laid) stands for; naturals stand for themselves."""
    positions: tuple[int, ...]
    """Each piece's place in the run (1-13, or 14 for a high ace); for a group, the common rank."""
    acting: tuple[bool, ...]
    """For each piece, whether it acts as a joker (a joker, or a wild card standing in)."""
    value: int | None
    """Sum of the numbers stood for (tiles); ``None`` for cards, whose melds have no value."""
    as_laid: bool = False
    """True when the pieces, in the order laid, form this ascending run."""

    @property
    def jokers(self) -> tuple[Face, ...]:
        """What each piece acting as a joker stands for, in the order laid."""
        return tuple(f for f, a in zip(self.faces, self.acting, strict=True) if a)

    @property
    def joker_count(self) -> int:
        """How many pieces act as jokers."""
        return sum(self.acting)

    @property
    def natural_count(self) -> int:
        """How many pieces stand for themselves."""
        return len(self.acting) - sum(self.acting)

    @property
    def is_pure(self) -> bool:
        """True when no piece stands in for another (Indian Rummy's pure sequence)."""
        return not any(self.acting)

    @property
    def rank(self) -> int:
        """The group's number or rank, or the run's lowest position."""
        return min(self.positions)

    def ordered(self) -> tuple[int, ...]:
        """Indexes of the pieces in reading order: a run from low to high, a group as laid."""
        if self.kind is MeldKind.GROUP:
            return tuple(range(len(self.faces)))
        return tuple(sorted(range(len(self.faces)), key=self.positions.__getitem__))

    def ordered_pieces(self) -> tuple[Piece, ...]:
        """The pieces in reading order (a run sorted low to high with its jokers in place).

        Examples:
            >>> from rummylib import RUMMIKUB
            >>> format_pieces(check_meld(Meld.parse("r6 r4 *"), rules=RUMMIKUB).ordered_pieces())
            'R4 * R6'
        """
        return tuple(self.meld.pieces[i] for i in self.ordered())

    def __str__(self) -> str:
        shown = []
        for i in self.ordered():
            piece, face = self.meld.pieces[i], self.faces[i]
            shown.append(f"{piece}={face}" if self.acting[i] else str(piece))
        return f"{self.kind.value} {' '.join(shown)}"

    def __repr__(self) -> str:
        return f"<MeldReading {self}>"


TableMeldLike: TypeAlias = MeldLike | MeldReading
"""A meld on the table: a `MeldReading` (how it was read when laid), or a meld read afresh."""


# ------------------------------------------------------------------------------------------
# The engine
# ------------------------------------------------------------------------------------------


def _suit_of(piece: Face) -> Color | Suit:
    return piece.color if isinstance(piece, Tile) else piece.suit


# The readings themselves are computed over small ints by `rummylib._readings` (compiled in the
# compiled build); this module turns pieces into those ints and the answers back into values.


@functools.lru_cache(maxsize=256)
def _shape(rules: RuleSet) -> _engine.Shape:
    """The rule set's meld rules as ints, with its table of piece ints (one per rule set)."""
    tiles = rules.family is Family.TILES
    wild = 0
    if not tiles:  # wild ranks are a rule of the card games: a tile is never wild
        for rank in rules.all_wild_ranks:
            wild |= 1 << int(rank)
    return _engine.Shape(
        tiles=tiles,
        group_min=rules.group_min,
        group_max=-1 if rules.group_max is None else rules.group_max,
        distinct=rules.group_distinct,
        run_min=rules.min_run,
        run_max=rules.longest_run,
        run_low=rules.run_low,
        run_high=rules.run_high,
        ace_low=rules.ace_low,
        ace_high=rules.ace_high,
        wild=wild,
        ratio=rules.joker_ratio,
        cap=-1 if rules.max_jokers_per_meld is None else rules.max_jokers_per_meld,
        suits=[c.order for c in rules.colors] if tiles else [s.order for s in Suit],
        max_number=rules.max_number,
    )


def _codes(pieces: tuple[Piece, ...], shape: _engine.Shape, rules: RuleSet) -> list[int] | None:
    """The ints of pieces for the engine, or ``None`` when one is not a piece of the game."""
    codes = _engine.encode(pieces, shape)
    if codes is None:
        table = shape.codes  # one entry per distinct piece: a few hundred at most
        for p in pieces:
            if p not in table:
                table[p] = _code_of(p) if rules.has_piece(p) else -1
        codes = _engine.encode(pieces, shape)
    return codes


def _code_of(piece: Piece) -> int:
    if isinstance(piece, Tile):
        return _engine.piece_code(piece.color.order, piece.number)
    if isinstance(piece, Card):
        return _engine.piece_code(piece.suit.order, int(piece.rank))
    return _engine.JOKER_CODE


_COLORS = tuple(Color)
_SUITS = tuple(Suit)
_KINDS = (MeldKind.GROUP, MeldKind.RUN)


@functools.lru_cache(maxsize=1024)
def _face(tiles: bool, suit: int, position: int) -> Face:
    """The natural piece a joker stands for (a small, closed set of values)."""
    if tiles:
        return Tile(_COLORS[suit], position)
    return Card(Rank(1 if position == 14 else position), _SUITS[suit])


class _Entry:
    """What the engine found for one meld, and the readings built from it when first asked for."""

    __slots__ = ("codes", "every", "first", "found")

    def __init__(self, codes: list[int] | None, found: list[_engine.Reading]) -> None:
        self.codes = codes  # None: a piece that is not of the game
        self.found = found
        self.first: MeldReading | None = None
        self.every: tuple[MeldReading, ...] | None = None


@functools.lru_cache(maxsize=65_536)
def _entry(meld: Meld, rules: RuleSet) -> _Entry:
    # A pure function of two immutable values, so it is memoised: the same melds come back turn
    # after turn in a game.
    shape = _shape(rules)
    codes = _codes(meld.pieces, shape, rules)
    return _Entry(codes, [] if codes is None else _engine.readings(codes, shape))


def _build(meld: Meld, rules: RuleSet, found: _engine.Reading) -> MeldReading:
    kind, as_laid, value, positions, stands = found
    pieces = cast(tuple[Face, ...], meld.pieces)  # a piece standing for itself is never a joker
    if max(stands) < 0:  # no piece stands in for another
        faces, acting = pieces, (False,) * len(pieces)
    else:
        tiles = rules.family is Family.TILES
        faces = tuple(p if s < 0 else _face(tiles, s, q) for p, s, q in zip(pieces, stands, positions, strict=True))
        acting = tuple(s >= 0 for s in stands)
    return MeldReading(meld, _KINDS[kind], faces, positions, acting, None if value < 0 else value, as_laid)


def _first(meld: Meld, rules: RuleSet, entry: _Entry) -> MeldReading | None:
    if entry.first is None and entry.found:
        entry.first = _build(meld, rules, entry.found[0])
    return entry.first


def _readings(meld: Meld, rules: RuleSet, entry: _Entry) -> tuple[MeldReading, ...]:
    if entry.every is None:
        first = _first(meld, rules, entry)
        rest = (_build(meld, rules, r) for r in entry.found[1:])
        entry.every = () if first is None else (first, *rest)
    return entry.every


def _prepare(meld: MeldLike, rules: RuleSet) -> tuple[Meld, _Entry]:
    _inputs.ruleset(rules)
    m = as_meld(meld, rules=rules)
    pieces = _inputs.meld_pieces(m.pieces, rules=rules, what="the meld")  # a Meld built from anything
    if pieces is not m.pieces:  # a Meld holding notation: its pieces are read, as they always were
        _check_counts(m, pieces, rules)
    entry = _entry(m, rules)
    codes = entry.codes
    if codes is None:
        _check_counts(m, pieces, rules)
    elif _engine.too_many_copies(codes, rules.copies, rules.max_jokers, rules.total_pieces):
        rules.check_piece_counts(pieces, what=f"meld {m}")  # raises, saying which piece
    return m, entry


def _check_counts(m: Meld, pieces: tuple[Piece, ...], rules: RuleSet) -> None:
    if len(set(pieces)) < len(pieces):  # only repeated pieces can be too many copies
        rules.check_piece_counts((p for p in pieces if _in_game(p, rules)), what=f"meld {m}")


def _in_game(piece: Piece, rules: RuleSet) -> bool:
    return rules.has_piece(piece)


def meld_readings(meld: MeldLike, *, rules: RuleSet) -> tuple[MeldReading, ...]:
    """Every valid reading of a meld, the preferred one first (empty when the meld is invalid).

    The order: a run as laid first, then higher value, then fewer pieces acting as jokers, then
    groups before runs, then higher runs first.

    Raises:
        InvalidPiecesError: more copies of a piece than the game holds.
        LimitExceededError: a meld longer than any game allows.

    Examples:
        >>> from rummylib import RUMMIKUB
        >>> [str(r) for r in meld_readings("r5 * *", rules=RUMMIKUB)][:3]
        ['run R5 *=R6 *=R7', 'group R5 *=K5 *=B5', 'run *=R4 R5 *=R6']
    """
    m, entry = _prepare(meld, rules)
    return _readings(m, rules, entry)  # none for an empty meld or one with a piece not of the game


def read_meld(meld: MeldLike, *, rules: RuleSet) -> MeldReading | None:
    """The preferred reading of a meld, or ``None`` when it is not valid.

    Raises:
        InvalidPiecesError: more copies of a piece than the game holds.

    Examples:
        >>> from rummylib import SHANGHAI
        >>> str(read_meld("Jc Qc Kc Ac", rules=SHANGHAI)), read_meld("Kc Ac 2c", rules=SHANGHAI)
        ('run Jc Qc Kc Ac', None)
    """
    m, entry = _prepare(meld, rules)
    return _first(m, rules, entry)


def is_valid_meld(meld: MeldLike, *, rules: RuleSet) -> bool:
    """Whether the meld is a valid group or run under the rules.

    Raises:
        InvalidPiecesError: more copies of a piece than the game holds (bad input, not a meld).

    Examples:
        >>> from rummylib import RUMMIKUB, GIN_RUMMY
        >>> is_valid_meld("r12 r13 r1", rules=RUMMIKUB), is_valid_meld("Ah 2h 3h", rules=GIN_RUMMY)
        (False, True)
    """
    _, entry = _prepare(meld, rules)
    return len(entry.found) > 0


def check_meld(meld: MeldLike, *, rules: RuleSet) -> MeldReading:
    """The preferred reading of a valid meld; raises with every problem otherwise.

    Raises:
        InvalidMeldError: the meld is not valid; ``violations`` lists every problem found.
        InvalidPiecesError: more copies of a piece than the game holds.

    Examples:
        >>> from rummylib import RUMMIKUB
        >>> check_meld("r7 b7 *", rules=RUMMIKUB).kind
        <MeldKind.GROUP: 'group'>
        >>> check_meld("r5 r6", rules=RUMMIKUB)
        Traceback (most recent call last):
        ...
        rummylib.errors.InvalidMeldError: run of 2 pieces; a run needs at least 3 [run-too-short]
    """
    reading = read_meld(meld, rules=rules)
    if reading is None:
        raise InvalidMeldError(meld_violations(meld, rules=rules))
    return reading


def meld_violations(meld: MeldLike, *, rules: RuleSet) -> tuple[Violation, ...]:
    """Every problem that keeps a meld from being valid (empty when it is valid).

    Raises:
        InvalidPiecesError: more copies of a piece than the game holds (bad input, not a meld).

    Examples:
        >>> from rummylib import RUMMIKUB, CONTRACT_RUMMY
        >>> [v.code for v in meld_violations("r12 r13 r1", rules=RUMMIKUB)]
        ['run-wraps']
        >>> [v.code for v in meld_violations("4c 5d 6c 7c", rules=CONTRACT_RUMMY)]
        ['mixed-suits']
        >>> print(meld_violations("r5 b6 k7", rules=RUMMIKUB)[0])
        group needs one number, but has 5, 6, 7 (B6 K7 differ) [group-ranks-differ]
    """
    m, entry = _prepare(meld, rules)
    if not m.pieces:
        return (Violation(RuleId.MELD_EMPTY, "the meld has no pieces"),)
    if entry.codes is None:
        strangers = tuple(p for p in m.pieces if not _in_game(p, rules))
        return (
            Violation(
                RuleId.PIECE_NOT_IN_GAME,
                f"{format_pieces(strangers)} {'is' if len(strangers) == 1 else 'are'} not part of {rules.title}",
                pieces=strangers,
            ),
        )
    if entry.found:  # already prepared and checked above: no second pass through read_meld
        return ()
    return _diagnosis(m, rules)


@functools.lru_cache(maxsize=16_384)
def _diagnosis(meld: Meld, rules: RuleSet) -> tuple[Violation, ...]:
    return tuple(_diagnose(meld, rules))


def clear_caches() -> None:
    """Empty the meld engine's memo of readings, diagnoses and melds read from notation.

    Readings are a pure function of the meld and the rule set, so they are remembered (at most
    65,536 readings, 16,384 diagnoses and 16,384 melds read with `Meld.parse`, least recently used
    first out), and so are short texts of notation (`rummylib.notation.clear_cache`); answers never
    depend on it. Benchmarks of the cold path empty it.

    Examples:
        >>> from rummylib import RUMMIKUB
        >>> clear_caches()
        >>> is_valid_meld("r1 r2 r3", rules=RUMMIKUB)
        True
    """
    _entry.cache_clear()
    _diagnosis.cache_clear()
    _parse_short.cache_clear()
    _clear_notation()


# ------------------------------------------------------------------------------------------
# Diagnosis of an invalid meld
# ------------------------------------------------------------------------------------------


def _count(n: int) -> str:
    """``"1 piece"``, ``"2 pieces"``."""
    return f"{n} piece" if n == 1 else f"{n} pieces"


def _name(rules: RuleSet, plural: bool = False) -> str:
    word = "colour" if rules.family is Family.TILES else "suit"
    return word + ("s" if plural else "")


def _diagnose(meld: Meld, rules: RuleSet) -> list[Violation]:
    codes = _entry(meld, rules).codes
    assert codes is not None  # the callers let through only pieces of the game
    pieces = meld.pieces
    out = [
        _violation(problem, tuple(pieces[i] for i in at), numbers, pieces, rules)
        for problem, at, numbers in _engine.diagnose(codes, _shape(rules))
    ]
    return list(dict.fromkeys(out))


def _violation(
    problem: int, named: tuple[Piece, ...], numbers: list[int], pieces: tuple[Piece, ...], rules: RuleSet
) -> Violation:
    """The `Violation` of one problem the engine found (`rummylib._readings.diagnose`)."""
    n = len(pieces)
    tiles = rules.family is Family.TILES
    if problem == _engine.NO_NATURAL:
        why = f"all {n} pieces are jokers; a meld needs at least one natural piece"
        return Violation(RuleId.NO_NATURAL_PIECE, why, pieces=pieces)
    if problem == _engine.GROUP_TOO_SMALL:
        return Violation(RuleId.GROUP_TOO_SMALL, f"group of {_count(n)}; a group needs at least {rules.group_min}")
    if problem == _engine.GROUP_TOO_LARGE:
        return Violation(RuleId.GROUP_TOO_LARGE, f"group of {_count(n)}; a group holds at most {rules.group_max}")
    if problem == _engine.GROUP_RANKS_DIFFER:
        shown = ", ".join(str(r) if tiles else Rank(r).symbol for r in numbers)
        why = f"group needs one number, but has {shown} ({format_pieces(named)} differ)"
        return Violation(RuleId.GROUP_RANKS_DIFFER, why, pieces=named)
    if problem == _engine.GROUP_COLOUR_REPEATED:
        names = " ".join(sorted({str(_suit_of(p).value) for p in named}))  # type: ignore[arg-type]  # naturals
        why = f"group repeats {_name(rules)} {names} ({format_pieces(named)}); every {_name(rules)} must differ"
        return Violation(RuleId.GROUP_COLOUR_REPEATED, why, pieces=named)
    if problem == _engine.TOO_MANY_JOKERS:
        too_many = rules.too_many_jokers(numbers[0], numbers[1])
        assert too_many is not None
        return Violation(RuleId.TOO_MANY_JOKERS, too_many, pieces=named)
    if problem == _engine.RUN_TOO_SHORT:
        return Violation(RuleId.RUN_TOO_SHORT, f"run of {_count(n)}; a run needs at least {rules.min_run}")
    if problem == _engine.RUN_TOO_LONG:
        return Violation(RuleId.RUN_TOO_LONG, f"run of {_count(n)}; a run holds at most {rules.longest_run}")
    if problem == _engine.MIXED_SUITS:
        names = " and ".join(str((_COLORS if tiles else _SUITS)[s].value) for s in numbers)
        why = f"run mixes {_name(rules, True)} {names} ({format_pieces(named)} off {_name(rules)})"
        return Violation(RuleId.MIXED_SUITS, why, pieces=named)
    if problem == _engine.RUN_DUPLICATE_RANK:
        why = f"run holds {format_pieces(named)}: a number may appear only once in a run"
        return Violation(RuleId.RUN_DUPLICATE_RANK, why, pieces=named)
    if problem == _engine.RUN_WRAPS:
        top, bottom = ("13", "1") if tiles else ("K", "A")
        why = f"{format_pieces(named)} would need the run to wrap from {top} round to {bottom}; runs never wrap"
        return Violation(RuleId.RUN_WRAPS, why, pieces=named)
    if problem == _engine.RUN_GAP:
        span = numbers[0]
        why = (
            f"{format_pieces(named)} span {span} places but the meld has {n} pieces: "
            f"{span - n} more joker{'s' if span - n > 1 else ''} would be needed"
        )
        return Violation(RuleId.RUN_GAP, why, pieces=named)
    assert problem == _engine.NOT_A_MELD
    return Violation(RuleId.NOT_A_MELD, f"{format_pieces(pieces)} form neither a group nor a run", pieces=pieces)
