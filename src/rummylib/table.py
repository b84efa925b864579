"""The Rummikub table, and the judge of a turn: table before, rack, table after.

A turn is judged from two table values alone, never from a list of moves, so any manipulation
(split a run and add a tile, take the fourth tile of a group for a new set, retrieve a joker, ...)
is judged the same way. Sets are compared as multisets: their order on the table and the order of
tiles within a group do not matter.

The checks, in the order their findings are reported (rule book §1):

1. every set on the table after the turn is valid (the meld engine's reasons, placed at the set's
   index), and no tile stands alone;
2. every tile that was on the table (jokers included) is still on it;
3. every other tile on the table came from the rack;
4. at least one rack tile was played;
5. an initial meld is worth at least ``initial_meld_points`` and does not touch the table;
6. under ``joker_retrieval="replace"``, the box rule for taking a joker from the table.

Examples:
    >>> from rummylib import RUMMIKUB
    >>> report = validate_turn("r3 r4 r5 r6 r7", "r5 k1", "r3 r4 r5 | r5 r6 r7",
    ...                        rules=RUMMIKUB, initial_meld_done=True)
    >>> report.valid, format_pieces(report.played)
    (True, 'R5')
    >>> print(report.changes)
    set 1 (R3 R4 R5 R6 R7) split into sets 1 (R3 R4 R5) and 2 (R5 R6 R7), with R5 from the rack
    >>> bad = validate_turn("r1 r2 r3", "r4", "r1 r2 | r3 r4", rules=RUMMIKUB, initial_meld_done=True)
    >>> bad.valid
    False
    >>> for v in bad.violations:
    ...     print(v)
    meld 1: run of 2 pieces; a run needs at least 3 [run-too-short]
    meld 2: run of 2 pieces; a run needs at least 3 [run-too-short]
"""

from __future__ import annotations

import contextlib
from bisect import bisect_right
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from enum import StrEnum
from itertools import chain
from operator import eq
from typing import Any, TypeAlias, TypeVar

import attrs

from rummylib.cards import Card, Suit
from rummylib.errors import IllegalTurnError, InvalidPiecesError, LimitExceededError, RuleId, Violation
from rummylib.melds import Meld, MeldKind, MeldLike, MeldReading, as_meld, meld_violations, read_meld
from rummylib.notation import parse_melds, parse_pieces
from rummylib.pieces import Family, Joker, Piece, PieceCount, format_pieces, piece_sort_key
from rummylib.rules import JokerRetrieval, RuleSet
from rummylib.tiles import Color, Tile

__all__ = [
    "ChangeKind",
    "SetChange",
    "Table",
    "TableLike",
    "TileMove",
    "TurnChanges",
    "TurnReport",
    "check_turn",
    "is_legal_turn",
    "turn_violations",
    "validate_turn",
]


def _meld_tuple(melds: Iterable[MeldLike]) -> tuple[Meld, ...]:
    out = []
    for m in melds:
        if isinstance(m, Meld):
            out.append(m)
        elif isinstance(m, str | list | tuple):
            out.append(as_meld(m))
        else:
            raise TypeError(f"a table holds melds, not {type(m).__name__}")
    return tuple(out)


@attrs.frozen(repr=False)
class Table:
    """The sets on the table, in the order the caller keeps them.

    ``str`` writes the canonical notation, sets separated by `` | ``.

    Examples:
        >>> t = Table.parse("r1 r2 r3 | k7 b7 y7")
        >>> str(t), len(t), str(t.pieces())
        ('R1 R2 R3 | K7 B7 Y7', 2, 'K7 B7 Y7 R1 R2 R3')
        >>> t
        Table.parse('R1 R2 R3 | K7 B7 Y7')
        >>> Table.parse("") == Table()
        True
    """

    melds: tuple[Meld, ...] = attrs.field(default=(), converter=_meld_tuple)
    """The sets, in table order."""

    @classmethod
    def parse(cls, text: str, *, rules: RuleSet | None = None) -> Table:
        """Read a table written as sets separated by ``|`` (the empty string is an empty table).

        With ``rules``, every piece must belong to that game.

        Raises:
            NotationError: a piece is bad, or a set between bars is empty.

        Examples:
            >>> Table.parse("r5 r6 * | b2 k2 y2").melds[0]
            Meld.parse('R5 R6 *')
        """
        return cls(Meld(m) for m in parse_melds(text, rules=rules))

    @classmethod
    def of(cls, table: TableLike, *, rules: RuleSet | None = None) -> Table:
        """A `Table` from a table, its ``|`` notation, or a sequence of melds.

        Each meld of a sequence may be a `Meld`, notation, or a sequence of pieces.

        Raises:
            NotationError: bad notation.
            InvalidPiecesError: something that is not a piece (code ``not-a-piece``).

        Examples:
            >>> str(Table.of(["r1 r2 r3", "k7 b7 y7"]))
            'R1 R2 R3 | K7 B7 Y7'
        """
        if isinstance(table, Table):
            return table
        if isinstance(table, str):
            return cls.parse(table, rules=rules)
        if not isinstance(table, Sequence):
            raise InvalidPiecesError(
                f"a table is a Table, notation, or a sequence of melds, not {type(table).__name__}",
                code="not-a-piece",
            )
        melds = []
        for i, item in enumerate(table):
            if isinstance(item, Meld):
                melds.append(item)
            elif isinstance(item, str):
                melds.append(Meld.parse(item, rules=rules))
            elif isinstance(item, list | tuple):
                bad = [p for p in item if not _is_piece(p)]
                if bad:
                    raise InvalidPiecesError(f"set {i + 1} holds {bad[0]!r}, which is not a piece", code="not-a-piece")
                melds.append(Meld(item))
            else:
                raise InvalidPiecesError(
                    f"set {i + 1} is {type(item).__name__}, not a meld, notation or a sequence of pieces",
                    code="not-a-piece",
                )
        return cls(melds)

    def pieces(self) -> PieceCount:
        """Every piece on the table, as a multiset.

        Examples:
            >>> Table.parse("r1 r2 r3 | r1 b1 k1").pieces().count(Tile.parse("r1"))
            2
        """
        return PieceCount.of(p for m in self.melds for p in m.pieces)

    def to_json(self) -> list[str]:
        """The sets as a list of notation strings.

        Examples:
            >>> Table.parse("r1 r2 r3 | *  k7 b7").to_json()
            ['R1 R2 R3', '* K7 B7']
        """
        return [str(m) for m in self.melds]

    def __str__(self) -> str:
        return " | ".join(str(m) for m in self.melds)

    def __repr__(self) -> str:
        return f"Table.parse({str(self)!r})"

    def _repr_svg_(self) -> str:
        """A picture of the table, for Jupyter (see `rummylib.svg`)."""
        from rummylib import svg

        return svg.table(self.melds)

    def __len__(self) -> int:
        return len(self.melds)

    def __iter__(self) -> Iterator[Meld]:
        return iter(self.melds)


TableLike: TypeAlias = Table | str | Sequence[MeldLike]
"""A `Table`, its ``|`` notation, or a sequence of melds (each a `Meld`, notation or pieces)."""


def _is_piece(p: object) -> bool:
    return isinstance(p, Tile | Card | Joker)


# ------------------------------------------------------------------------------------------
# The explanation of a turn
# ------------------------------------------------------------------------------------------


class ChangeKind(StrEnum):
    """What happened to a set of the table during a turn.

    Examples:
        >>> ChangeKind("split") is ChangeKind.SPLIT
        True
    """

    KEPT = "kept"
    """The set is still on the table, unchanged (order of its tiles aside)."""
    EXTENDED = "extended"
    """All its tiles are in one set after the turn, together with tiles from the rack only."""
    MERGED = "merged"
    """All its tiles are in one set after the turn, together with tiles of other table sets."""
    SPLIT = "split"
    """Its tiles went into several sets, each made only of its tiles and rack tiles."""
    BROKEN_UP = "broken-up"
    """Its tiles went into several sets mixed with tiles of other table sets, or left the table."""
    NEW = "new"
    """A set after the turn made only of tiles that were not on the table."""


# module names for the kinds: reading an enum member off its class is slow in the hot paths
_KEPT, _EXTENDED, _MERGED = ChangeKind.KEPT, ChangeKind.EXTENDED, ChangeKind.MERGED
_SPLIT, _BROKEN_UP, _NEW = ChangeKind.SPLIT, ChangeKind.BROKEN_UP, ChangeKind.NEW


@attrs.frozen
class TileMove:
    """One tile that changed place: from a set before (or the rack) to a set after (or nowhere).

    Set indexes count from 0 in the caller's lists (``source`` in the table before, ``target`` in
    the table after).

    Examples:
        >>> TileMove(Tile.parse("r4"), None, 2).to_json()
        {'tile': 'R4', 'from': 'rack', 'to': 2}
    """

    piece: Piece
    """The tile."""
    source: int | None
    """Index of the set it came from in the table before, or ``None`` for the rack."""
    target: int | None
    """Index of the set it went to in the table after, or ``None`` when it left the table."""

    def to_json(self) -> dict[str, Any]:
        """``{"tile", "from", "to"}`` with ``"rack"`` for a rack tile and ``null`` for gone."""
        source = "rack" if self.source is None else self.source
        return {"tile": _names((self.piece,)), "from": source, "to": self.target}


@attrs.frozen
class SetChange:
    """What happened to one set of the table (or how one new set was made).

    Examples:
        >>> c = SetChange(ChangeKind.NEW, (), (1,), added=(Tile.parse("r4"),), new=(Meld.parse("r4 r5 r6"),))
        >>> c.to_json()["change"], c.to_json()["added"], c.text
        ('new', 'R4', 'new set 2 (R4 R5 R6)')
    """

    kind: ChangeKind
    """Kept, extended, merged, split, broken up, or new."""
    before: tuple[int, ...]
    """Indexes (from 0) of the sets concerned in the table before (empty for a new set)."""
    after: tuple[int, ...]
    """Indexes (from 0) of the sets they became in the table after (empty if all tiles left)."""
    added: tuple[Piece, ...] = ()
    """Rack tiles that went into the sets of ``after`` (canonical order)."""
    old: tuple[Meld, ...] = ()
    """The sets of ``before``, as they were."""
    new: tuple[Meld, ...] = ()
    """The sets of ``after``, as they are."""
    lost: tuple[Piece, ...] = ()
    """Tiles of these sets that are no longer on the table (an illegal turn)."""
    joined: tuple[int, ...] = ()
    """For a merge: other sets before (by index) that gave some of their tiles to the set after."""

    @property
    def text(self) -> str:
        """The change in words, sets numbered from 1 as players count them."""
        rack = f", with {_names(self.added)} from the rack" if self.added else ""
        old = _sets_phrase(self.before, self.old)
        new = _sets_phrase(self.after, self.new)
        kind = self.kind
        if kind is _KEPT:
            moved = "" if self.before == self.after else f" (now set {self.after[0] + 1})"
            return f"{old} kept{moved}"
        if kind is _EXTENDED:
            return f"{old} extended to {new}{rack}"
        if kind is _MERGED:
            also = f" (with tiles of {_sets_phrase(self.joined, ())})" if self.joined else ""
            return f"{old} merged into {new}{also}{rack}"
        if kind is _SPLIT:
            return f"{old} split into {new}{rack}"
        if kind is _NEW:
            whole = self.new and len(self.added) == len(self.new[0])
            return f"new {new}" + (" from the rack" if whole else "")
        parts = [f"broken up into {new}"] if self.after else []
        if self.lost:
            parts.append(f"{_names(self.lost)} left the table")
        return f"{old} " + "; ".join(parts)

    def to_json(self) -> dict[str, Any]:
        """``{"change", "before", "after", "added", "message"}``."""
        return {
            "change": self.kind.value,
            "before": list(self.before),
            "after": list(self.after),
            "added": _names(self.added),
            "message": self.text,
        }

    def __str__(self) -> str:
        return self.text


@attrs.frozen
class TurnChanges:
    """The explanation of a turn, for a UI: what each set became and where each tile went.

    Examples:
        >>> from rummylib import RUMMIKUB
        >>> ch = validate_turn("k7 b7 y7 r7", "k5 k6", "k7 b7 y7 | k5 k6 k7".replace("k7 b7", "r7 b7"),
        ...                    rules=RUMMIKUB, initial_meld_done=True).changes
        >>> [c.kind.value for c in ch.sets], [m.to_json() for m in ch.moved]
        (['split'], [{'tile': 'K7', 'from': 0, 'to': 1}])
    """

    sets: tuple[SetChange, ...]
    """One entry per set of the table before (merges grouped), then one per new set."""
    placed: tuple[TileMove, ...]
    """Where each rack tile played went (``source`` is ``None``)."""
    moved: tuple[TileMove, ...]
    """Table tiles that changed set (``target`` ``None``: the tile left the table)."""

    @property
    def kept(self) -> tuple[int, ...]:
        """Indexes in the table before of the sets kept unchanged."""
        return tuple(i for c in self.sets if c.kind is _KEPT for i in c.before)

    def to_json(self) -> dict[str, Any]:
        """``{"kept": [[before, after], ...], "sets": [...], "placed": [...], "moved": [...]}``.

        ``kept`` pairs the indexes of each unchanged set before and after the turn; ``sets`` lists
        every other change.
        """
        return {
            "kept": [[c.before[0], c.after[0]] for c in self.sets if c.kind is _KEPT],
            "sets": [c.to_json() for c in self.sets if c.kind is not _KEPT],
            "placed": [m.to_json() for m in self.placed],
            "moved": [m.to_json() for m in self.moved],
        }

    def __str__(self) -> str:
        return "\n".join(c.text for c in self.sets if c.kind is not _KEPT) or "no set changed"


@attrs.frozen
class TurnReport:
    """The verdict on a turn: valid or not, the rack tiles played, every problem, the explanation.

    Examples:
        >>> from rummylib import RUMMIKUB
        >>> r = validate_turn("", "r10 r11 r12 k1", "r10 r11 r12", rules=RUMMIKUB, initial_meld_done=False)
        >>> r.valid, r.initial_meld_value, sorted(r.to_json())
        (True, 33, ['changes', 'played', 'problems', 'valid'])
    """

    valid: bool
    """True when the turn breaks no rule."""
    played: tuple[Piece, ...]
    """The rack tiles played (now on the table), in canonical order."""
    violations: tuple[Violation, ...]
    """Every problem found, in the order of the checks (empty when valid)."""
    changes: TurnChanges
    """What became of each set and where each tile went."""
    initial_meld_value: int | None = None
    """For an initial meld: the value of the new sets from the rack; ``None`` otherwise."""

    def to_json(self) -> dict[str, Any]:
        """``{"valid", "played", "problems", "changes"}``; ``played`` is notation (``"R4 R5"``)."""
        return {
            "valid": self.valid,
            "played": _names(self.played),
            "problems": [v.to_json() for v in self.violations],
            "changes": self.changes.to_json(),
        }

    def __str__(self) -> str:
        head = f"legal turn, played {format_pieces(self.played) or 'nothing'}" if self.valid else "illegal turn"
        lines = [head, *(f"  {v}" for v in self.violations), *(f"  {line}" for line in str(self.changes).split("\n"))]
        return "\n".join(lines)


# ------------------------------------------------------------------------------------------
# The judge
# ------------------------------------------------------------------------------------------


# Pieces are encoded as small ints: hashing attrs tiles (whose colour is an enum) is slow, and
# every multiset comparison below hashes each tile several times. What the judge needs of a set
# (its codes, its sorted codes, the meld engine's verdict) is remembered per rule set, keyed by
# the `Meld` itself (its hash is cached), so a set already seen costs one dict lookup: a server
# sees the same sets turn after turn, and most sets of a turn are unchanged.
_COLOR_INDEX = {id(c): i for i, c in enumerate(Color)}
_SUIT_INDEX = {id(s): i for i, s in enumerate(Suit)}
_JOKER_CODE = 0
_DECODE: dict[int, Piece] = {}  # code -> a piece with that code
_NAMES: dict[int, str] = {}  # id -> notation, for the pieces of _DECODE (alive as long as it is)
# per rule set: the sets seen, by value, and by object (``id``, with the object kept alive so that
# its id stays its own): a set object seen before costs one int lookup, no hashing of tiles
_SETS: dict[RuleSet, tuple[dict[int, tuple[Meld, _SetInfo]], dict[Meld, _SetInfo]]] = {}
_SETS_SIZE = 20_000  # sets remembered per rule set (then forgotten all at once)
_RULE_SETS = 64  # rule sets remembered (requests may each bring their own options)
_ALLOWED: dict[RuleSet, frozenset[int]] = {}


class _SetInfo:
    """What the judge knows of one set under one rule set."""

    __slots__ = ("codes", "judged", "kept", "key", "mark", "tiles")

    def __init__(self, codes: tuple[int, ...]) -> None:
        self.codes = codes
        self.key = tuple(sorted(codes))  # the set as a multiset: equal keys, same tiles
        self.mark = hash(self.key)  # equal keys, equal marks (a cheap first test)
        self.tiles = frozenset(codes)
        self.judged: tuple[MeldReading | None, tuple[Violation, ...]] | None = None
        self.kept: dict[tuple[int, int], SetChange] | None = None  # "kept" explanations made for it


def _code(p: object) -> int:
    if isinstance(p, Tile):
        return 64 + _COLOR_INDEX[id(p.color)] * 32 + p.number
    if isinstance(p, Joker):
        return _JOKER_CODE
    if isinstance(p, Card):
        return 1024 + _SUIT_INDEX[id(p.suit)] * 32 + int(p.rank)
    raise InvalidPiecesError(f"{p!r} is not a piece", code="not-a-piece")


def _order(code: int) -> int:
    """Canonical order of codes: tiles by colour and number, then cards, jokers last.

    The same order as `piece_sort_key` (colours and suits in their enum order, as their ``order``).
    """
    return code or 1 << 20


def _names(pieces: Iterable[Piece]) -> str:
    """``format_pieces(pieces)``, with the notation of the judge's own piece objects remembered."""
    names = _NAMES
    return " ".join([names.get(id(p)) or str(p) for p in pieces])


def _sorted_codes(codes: list[int]) -> list[int]:
    """``sorted(codes, key=_order)``, without a Python call per code (jokers, code 0, go last)."""
    codes.sort()
    if codes and not codes[0]:
        jokers = codes.count(0)
        return codes[jokers:] + codes[:jokers]
    return codes


def _encode(pieces: Iterable[object], what: str) -> tuple[int, ...]:
    out = []
    colors = _COLOR_INDEX
    decode = _DECODE
    for p in pieces:
        if type(p) is Tile:  # the common case, inlined
            c = 64 + colors[id(p.color)] * 32 + p.number
        else:
            try:
                c = _code(p)
            except InvalidPiecesError as exc:
                raise InvalidPiecesError(f"{what}: {exc.message}", code=exc.code) from None
        out.append(c)
        if c not in decode:
            decode[c] = p  # type: ignore[assignment]  # _code accepted it, so it is a piece
            _NAMES[id(p)] = str(p)
    return tuple(out)


def _infos(
    melds: Sequence[Meld],
    sets: tuple[dict[int, tuple[Meld, _SetInfo]], dict[Meld, _SetInfo]],
    fresh: list[tuple[Meld, _SetInfo]],
    what: str,
) -> list[_SetInfo]:
    """The judge's view of each set: from the cache, or encoded now (and listed in ``fresh``)."""
    out = []
    by_id, by_value = sets
    for m in melds:
        seen = by_id.get(id(m))
        if seen is not None and seen[0] is m:
            out.append(seen[1])
            continue
        try:
            info = by_value.get(m)
        except TypeError:  # something unhashable in the set: _encode says what
            info = None
        if info is None:
            info = _SetInfo(_encode(m.pieces, what))
            fresh.append((m, info))
        else:
            if len(by_id) >= _SETS_SIZE:
                by_id.clear()
            by_id[id(m)] = (m, info)
        out.append(info)
    return out


def _new_sets(rules: RuleSet) -> tuple[dict[int, tuple[Meld, _SetInfo]], dict[Meld, _SetInfo]]:
    if len(_SETS) >= _RULE_SETS:
        _SETS.clear()
    sets: tuple[dict[int, tuple[Meld, _SetInfo]], dict[Meld, _SetInfo]] = ({}, {})
    _SETS[rules] = sets
    return sets


def _remember(sets: tuple[dict[int, tuple[Meld, _SetInfo]], dict[Meld, _SetInfo]], m: Meld, info: _SetInfo) -> None:
    by_id, by_value = sets
    if len(by_value) >= _SETS_SIZE:
        by_value.clear()
    if len(by_id) >= _SETS_SIZE:
        by_id.clear()
    by_value[m] = info
    by_id[id(m)] = (m, info)


def _allowed(rules: RuleSet) -> frozenset[int]:
    codes = _ALLOWED.get(rules)
    if codes is None:
        from rummylib.decks import full_set

        players = rules.max_players if rules.family is Family.CARDS else None
        codes = frozenset(_code(p) for p in full_set(rules, players=players))
        if len(_ALLOWED) >= _RULE_SETS:
            _ALLOWED.clear()
        _ALLOWED[rules] = codes
    return codes


_K = TypeVar("_K")


def _count_elements(counts: dict[_K, int], items: Iterable[_K]) -> None:
    """Add ``items`` to the multiset ``counts`` (what `Counter.update` does, without its checks)."""
    get = counts.get
    for c in items:
        counts[c] = get(c, 0) + 1


with contextlib.suppress(ImportError):  # the C helper behind Counter, when this Python has it
    from collections import _count_elements  # type: ignore[attr-defined,no-redef]


def _within_limits(codes: list[int], rules: RuleSet) -> bool:
    """A quick sufficient test that no piece is there more often than it may be.

    Jokers (code 0, first once sorted) are held to ``max_jokers``, every other piece to ``copies``.
    """
    if len(codes) > rules.total_pieces:
        return False
    codes.sort()  # jokers first, then the sets' sorted codes: runs that merge quickly
    jokers = bisect_right(codes, _JOKER_CODE)
    if jokers > rules.max_jokers:
        return False
    return not any(map(eq, codes[jokers:], codes[jokers + rules.copies :]))


def _check_counts(counts: dict[int, int], pieces: Callable[[], list[Piece]], rules: RuleSet, what: str) -> None:
    """Raise, through the rule set's own check, when the pieces cannot exist together."""
    too_many = sum(counts.values()) > rules.total_pieces or any(
        n > (rules.max_jokers if c == _JOKER_CODE else rules.copies) for c, n in counts.items()
    )
    if too_many:
        rules.check_piece_counts(pieces(), what=what)


def _judged(info: _SetInfo, meld: Meld, rules: RuleSet) -> tuple[MeldReading | None, tuple[Violation, ...]]:
    """Read one set with the meld engine (remembered in ``info``)."""
    found = info.judged
    if found is None:
        reading = read_meld(meld, rules=rules)
        found = (reading, ()) if reading is not None else (None, meld_violations(meld, rules=rules))
        info.judged = found
    return found


def _judge(meld: Meld, rules: RuleSet) -> tuple[MeldReading | None, tuple[Violation, ...]]:
    """Read one set (of pieces known to be of the game) through the cache."""
    sets = _SETS.get(rules) or _new_sets(rules)
    info = sets[1].get(meld)
    if info is None:
        info = _SetInfo(_encode(meld.pieces, "set"))
        _remember(sets, meld, info)
    return _judged(info, meld, rules)


def _clear_cache() -> None:
    """Forget every set read so far (for benchmarks of the cold path)."""
    _SETS.clear()


_TEXTS: dict[int, tuple[Meld, str]] = {}  # id -> (set, its notation), the set kept alive


def _meld_text(meld: Meld) -> str:
    """``str(meld)``, remembered for the set objects that come back turn after turn."""
    seen = _TEXTS.get(id(meld))
    if seen is not None and seen[0] is meld:
        return seen[1]
    text = str(meld)
    if len(_TEXTS) >= _SETS_SIZE:
        _TEXTS.clear()
    _TEXTS[id(meld)] = (meld, text)
    return text


def _table_of(melds: tuple[Meld, ...]) -> Table:
    """A `Table` of a tuple of `Meld` values, built without checking each (the batch op's path)."""
    table = object.__new__(Table)
    object.__setattr__(table, "melds", melds)
    return table


def _show(index: int, meld: Meld | None) -> str:
    return f"{index + 1} ({_meld_text(meld)})" if meld is not None else str(index + 1)


def _sets_phrase(indexes: Sequence[int], melds: Sequence[Meld]) -> str:
    shown = [_show(j, melds[k] if k < len(melds) else None) for k, j in enumerate(indexes)]
    if not shown:
        return "no set"
    if len(shown) == 1:
        return f"set {shown[0]}"
    return "sets " + ", ".join(shown[:-1]) + " and " + shown[-1]


class _Flow:
    """How the tiles of the table after are explained by the table before and the rack."""

    __slots__ = ("flow", "kept", "loose_after", "loose_before", "nowhere", "placed", "played", "vanished")

    kept: dict[int, int]  # before index -> after index, for unchanged sets
    flow: dict[tuple[int, int], Counter[Piece]]  # (before, after) -> table tiles moved
    placed: list[tuple[Piece, int]]  # rack tile -> after index
    nowhere: list[tuple[Piece, int]]  # unexplained tile -> after index
    vanished: list[tuple[Piece, int]]  # table tile -> before index it left
    loose_before: list[int]  # before indexes not kept
    loose_after: list[int]  # after indexes not kept
    played: list[int]  # codes of the rack tiles placed

    def __init__(
        self,
        kept: dict[int, int],
        flow: dict[tuple[int, int], Counter[Piece]],
        placed: list[tuple[Piece, int]],
        nowhere: list[tuple[Piece, int]],
        vanished: list[tuple[Piece, int]],
        loose_before: list[int],
        loose_after: list[int],
        played: list[int],
    ) -> None:
        self.kept = kept
        self.flow = flow
        self.placed = placed
        self.nowhere = nowhere
        self.vanished = vanished
        self.loose_before = loose_before
        self.loose_after = loose_after
        self.played = played


def _explain(before: Sequence[_SetInfo], after: Sequence[_SetInfo], rack: dict[int, int]) -> _Flow:
    """Match unchanged sets by their sorted codes, then explain the tiles of the other sets."""
    decode = _DECODE
    kept: dict[int, int] = {}
    loose_before: list[int] = []
    # each set before is kept if an unused set after has the same tiles (the first such one)
    where = {info.mark: j for j, info in enumerate(after)}
    if len(where) == len(after):  # the usual case: the sets after have distinct marks
        take_spot = where.pop
        for i, info in enumerate(before):
            at = take_spot(info.mark, None)
            if at is None:
                loose_before.append(i)
            elif after[at].key == info.key:
                kept[i] = at
            else:  # two different sets with one mark: match by keys below
                break
        else:
            loose_after = sorted(where.values())
            where = {}
    if where or len(kept) + len(loose_before) < len(before):
        kept.clear()
        loose_before.clear()
        by_key: dict[tuple[int, ...], list[int]] = {}
        for j, info in enumerate(after):
            by_key.setdefault(info.key, []).append(j)
        for i, info in enumerate(before):
            spots = by_key.get(info.key)
            if spots:
                kept[i] = spots.pop(0)
            else:
                loose_before.append(i)
        matched_after = set(kept.values())
        loose_after = [j for j in range(len(after)) if j not in matched_after]
    # multisets of codes as plain dicts (Counter arithmetic costs more than these few tiles)
    supply: dict[int, dict[int, int]] = {}
    for i in loose_before:
        d: dict[int, int] = {}
        for c in before[i].codes:
            d[c] = d.get(c, 0) + 1
        supply[i] = d
    need: dict[int, dict[int, int]] = {}
    for j in loose_after:
        d = {}
        for c in after[j].codes:
            d[c] = d.get(c, 0) + 1
        need[j] = d
    pairs = []
    for i in loose_before:
        tiles = before[i].tiles
        sup = supply[i]
        for j in loose_after:
            if not tiles.isdisjoint(after[j].tiles):
                nd = need[j]
                common = 0
                for c, n in sup.items():
                    m = nd.get(c)
                    if m:
                        common += n if n < m else m
                pairs.append((-common, i, j))
    pairs.sort()
    flow: dict[tuple[int, int], Counter[Piece]] = {}
    for _, i, j in pairs:
        sup = supply[i]
        nd = need[j]
        take: Counter[Piece] | None = None
        for c, n in sup.items():
            m = nd.get(c, 0)
            if n > 0 and m > 0:
                k = n if n < m else m
                if take is None:
                    take = flow[(i, j)] = Counter()
                take[decode[c]] = k
                sup[c] = n - k
                nd[c] = m - k
    left = dict(rack)
    placed: list[tuple[Piece, int]] = []
    played: list[int] = []
    nowhere: list[tuple[Piece, int]] = []
    for j in loose_after:
        nd = need[j]
        for c in _sorted_codes([c for c, n in nd.items() if n > 0]):
            piece = decode[c]
            for _ in range(nd[c]):
                if left.get(c, 0) > 0:
                    left[c] -= 1
                    placed.append((piece, j))
                    played.append(c)
                else:
                    nowhere.append((piece, j))
    vanished = [
        (decode[c], i)
        for i in loose_before
        for c in _sorted_codes([c for c, n in supply[i].items() if n > 0])
        for _ in range(supply[i][c])
    ]
    return _Flow(kept, flow, placed, nowhere, vanished, loose_before, loose_after, played)


def _kept_change(info: _SetInfo, i: int, at: int, old: Meld, new: Meld) -> SetChange:
    made = info.kept
    if made is None or len(made) > 16:
        made = info.kept = {}
    change = made[(i, at)] = SetChange(_KEPT, (i,), (at,), old=(old,), new=(new,))
    return change


def _changes(before: Sequence[Meld], after: Sequence[Meld], f: _Flow, infos: Sequence[_SetInfo]) -> TurnChanges:
    targets: dict[int, list[int]] = {}
    sources: dict[int, list[int]] = {}
    for i, j in sorted(f.flow):
        targets.setdefault(i, []).append(j)
        sources.setdefault(j, []).append(i)
    added: dict[int, list[Piece]] = {}
    for piece, j in f.placed:
        added.setdefault(j, []).append(piece)
    lost: dict[int, list[Piece]] = {}
    for piece, i in f.vanished:
        lost.setdefault(i, []).append(piece)

    def rack_part(js: Sequence[int]) -> tuple[Piece, ...]:
        if len(js) == 1:  # the rack tiles of one set are placed in canonical order already
            return tuple(added.get(js[0], ()))
        return tuple(sorted((p for j in js for p in added.get(j, ())), key=piece_sort_key))

    def sets_after(js: Sequence[int]) -> tuple[Meld, ...]:
        return tuple(after[j] for j in js)

    sets: list[SetChange] = []
    merged: dict[int, list[int]] = {}
    moved: list[TileMove] = []
    kept = f.kept
    for i, m in enumerate(before):
        at = kept.get(i)
        if at is not None:
            # the same set, at the same places, comes back turn after turn: reuse its value
            made = infos[i].kept
            change = made.get((i, at)) if made is not None else None
            if change is None or change.old[0] is not m or change.new[0] is not after[at]:
                change = _kept_change(infos[i], i, at, m, after[at])
            sets.append(change)
            continue
        ts = targets.get(i, [])
        gone = lost.get(i, [])
        if len(ts) > 1:
            main = max(ts, key=lambda j: (f.flow[(i, j)].total(), -j))
            for j in ts:
                if j != main:
                    moved.extend(TileMove(p, i, j) for p in sorted(f.flow[(i, j)].elements(), key=piece_sort_key))
        if gone:
            moved.extend(TileMove(p, i, None) for p in gone)
        if not gone and len(ts) == 1:
            j = ts[0]
            if sources[j] == [i]:
                sets.append(SetChange(_EXTENDED, (i,), (j,), rack_part([j]), (m,), (after[j],)))
            else:
                merged.setdefault(j, []).append(i)
                if len(merged[j]) == 1:
                    sets.append(SetChange(_MERGED, (i,), (j,)))  # completed below
            continue
        kind = _SPLIT if not gone and all(sources[j] == [i] for j in ts) else _BROKEN_UP
        extra = rack_part(ts) if kind is _SPLIT else ()
        sets.append(SetChange(kind, (i,), tuple(ts), extra, (m,), sets_after(ts), tuple(gone)))
    for k, change in enumerate(sets if merged else ()):
        if change.kind is _MERGED:
            j = change.after[0]
            group = merged[j]
            others = tuple(i for i in sources[j] if i not in group)
            old = tuple(before[i] for i in group)
            sets[k] = SetChange(_MERGED, tuple(group), (j,), rack_part([j]), old, (after[j],), joined=others)
    for j in f.loose_after:  # ascending, like the table after
        if j not in sources:
            sets.append(SetChange(_NEW, (), (j,), rack_part([j]), new=(after[j],)))
    # f.placed is in order of set, then of code, and codes sort as piece_sort_key does
    placed = tuple(TileMove(p, None, j) for p, j in f.placed)
    return TurnChanges(tuple(sets), placed, tuple(moved))


def _as_table(value: TableLike, rules: RuleSet, what: str) -> Table:
    table = Table.of(value, rules=rules)
    if len(table.melds) > rules.total_pieces:
        raise LimitExceededError(
            f"{what}: {len(table.melds)} sets, more than the {rules.total_pieces} pieces of a game"
        )
    return table


def _as_rack(value: str | Iterable[Piece], rules: RuleSet) -> tuple[Piece, ...]:
    if isinstance(value, str):
        return parse_pieces(value, rules=rules)
    if isinstance(value, PieceCount):
        return tuple(value)
    try:
        return tuple(value)
    except TypeError:
        raise InvalidPiecesError(
            f"a rack is pieces or notation, not {type(value).__name__}", code="not-a-piece"
        ) from None


def validate_turn(
    before: TableLike,
    rack: str | Iterable[Piece],
    after: TableLike,
    *,
    rules: RuleSet,
    initial_meld_done: bool,
) -> TurnReport:
    """Judge a turn from the table before, the player's rack, and the table after.

    Never raises for an illegal turn: the report lists every problem (see the module docs for the
    order of the checks). ``played`` is the rack tiles now on the table.

    Args:
        before: the table at the start of the turn.
        rack: the player's rack at the start of the turn.
        after: the table the player proposes.
        rules: the rule set (``initial_meld_points`` and ``joker_retrieval`` are used).
        initial_meld_done: whether the player has already made the initial meld.

    Raises:
        InvalidPiecesError: more copies of a tile than the box holds on the table and rack
            together (or in the table after), or something that is not a piece.
        NotationError: bad notation, or a piece that is not part of the game.
        LimitExceededError: more sets or pieces than any game could have.

    Examples:
        >>> from rummylib import RUMMIKUB
        >>> r = validate_turn("r1 r2 r3", "r4 r9", "r1 r2 r3 r4", rules=RUMMIKUB, initial_meld_done=True)
        >>> r.valid, format_pieces(r.played), [c.kind.value for c in r.changes.sets]
        (True, 'R4', ['extended'])
        >>> r = validate_turn("r1 r2 r3 | k5 k6 k7", "", "r1 r2 r3 | k5 k6", rules=RUMMIKUB,
        ...                   initial_meld_done=True)
        >>> [v.code for v in r.violations]
        ['run-too-short', 'table-tile-missing', 'no-tile-played']
        >>> validate_turn("r5 r5", "r5", "", rules=RUMMIKUB, initial_meld_done=True)
        Traceback (most recent call last):
        ...
        rummylib.errors.InvalidPiecesError: table before and rack: 3 copies of R5, but Rummikub has at most 2
    """
    if not isinstance(rules, RuleSet):
        raise TypeError(f"rules must be a RuleSet, not {type(rules).__name__}")
    old = _as_table(before, rules, "table before")
    new = _as_table(after, rules, "table after")
    hand = _as_rack(rack, rules)
    sets = _SETS.get(rules) or _new_sets(rules)
    fresh: list[tuple[Meld, _SetInfo]] = []
    old_infos = _infos(old.melds, sets, fresh, "table before")
    new_infos = _infos(new.melds, sets, fresh, "table after")
    hand_codes = _encode(hand, "rack")
    allowed = _allowed(rules)
    for codes in chain((info.codes for _, info in fresh), (hand_codes,)):
        if not allowed.issuperset(codes):
            for c in codes:
                if c not in allowed:
                    rules.check_piece(_DECODE[c])
    for m, info in fresh:
        _remember(sets, m, info)
    r_count: dict[int, int] = {}
    _count_elements(r_count, hand_codes)
    flow = _explain(old_infos, new_infos, r_count)
    b_codes = [*chain.from_iterable([info.key for info in old_infos]), *hand_codes]
    b_ok = _within_limits(b_codes, rules)
    if not b_ok:
        b_count: dict[int, int] = {}
        _count_elements(b_count, b_codes)
        _check_counts(
            b_count, lambda: [*(p for m in old.melds for p in m.pieces), *hand], rules, "table before and rack"
        )
    # when every tile after is explained (nothing from nowhere), each piece is there no more often
    # than on the table before and the rack together, which passed the quick test
    if flow.nowhere or not b_ok:
        a_codes = list(chain.from_iterable([info.key for info in new_infos]))
        if not _within_limits(a_codes, rules):
            a_count: dict[int, int] = {}
            _count_elements(a_count, a_codes)
            _check_counts(a_count, lambda: [p for m in new.melds for p in m.pieces], rules, "table after")
    # the rack tiles placed are exactly (table after - table before) & rack, counted as multisets
    decode = _DECODE
    played = tuple([decode[c] for c in _sorted_codes(flow.played)])

    violations: list[Violation] = []
    readings: list[MeldReading | None] = []
    for j, info in enumerate(new_infos):
        judged = info.judged
        if judged is None:
            judged = _judged(info, new.melds[j], rules)
        readings.append(judged[0])
        if judged[1] or len(info.codes) == 1:
            m = new.melds[j]
            if len(m.pieces) == 1:
                violations.append(
                    Violation(
                        RuleId.TILE_ALONE,
                        f"{m.pieces[0]} stands alone; every tile on the table must be part of a set",
                        meld_index=j,
                        pieces=m.pieces,
                    )
                )
            violations.extend(v.at(j) for v in judged[1])

    for piece, i in flow.vanished:
        why = " (a joker taken from a set must be placed again in the same turn)" if isinstance(piece, Joker) else ""
        violations.append(
            Violation(
                RuleId.TABLE_TILE_MISSING,
                f"{piece} from table set {_show(i, old.melds[i])} is no longer on the table; "
                f"no tile may go back to a rack{why}",
                pieces=(piece,),
            )
        )
    for piece, j in flow.nowhere:
        violations.append(
            Violation(
                RuleId.TILE_FROM_NOWHERE,
                f"{piece} was neither on the table nor on the rack",
                meld_index=j,
                pieces=(piece,),
            )
        )
    if not played:
        violations.append(
            Violation(RuleId.NO_TILE_PLAYED, "no tile from the rack was played; a player who cannot play must draw")
        )

    initial_value: int | None = None
    if not initial_meld_done:
        initial_value, found = _initial_meld(
            before=old.melds, after=new.melds, readings=readings, flow=flow, rules=rules, anything_played=bool(played)
        )
        violations.extend(found)

    if rules.joker_retrieval is _REPLACE:
        played_count = Counter(played)
        violations.extend(_replace_rule(before=old.melds, after=new.melds, flow=flow, played=played_count, rules=rules))

    changes = _changes(old.melds, new.melds, flow, old_infos)
    return TurnReport(not violations, played, tuple(violations), changes, initial_value)


_REPLACE = JokerRetrieval.REPLACE


def _initial_meld(
    *,
    before: Sequence[Meld],
    after: Sequence[Meld],
    readings: Sequence[MeldReading | None],
    flow: _Flow,
    rules: RuleSet,
    anything_played: bool,
) -> tuple[int, list[Violation]]:
    out: list[Violation] = []
    kept_after = set(flow.kept.values())
    used: dict[int, Counter[Piece]] = {}
    for (_, j), moved in flow.flow.items():
        used.setdefault(j, Counter()).update(moved)
    value = 0
    for j in range(len(after)):
        reading = readings[j]
        if j not in kept_after and j not in used and reading is not None and reading.value is not None:
            value += reading.value
    if anything_played and value < rules.initial_meld_points:
        out.append(
            Violation(
                RuleId.INITIAL_MELD_TOO_LOW,
                f"the initial meld is worth {value} points; it needs at least {rules.initial_meld_points} "
                "from new sets of rack tiles",
            )
        )
    for i, m in enumerate(before):
        if i not in flow.kept:
            out.append(
                Violation(
                    RuleId.INITIAL_MELD_TABLE_CHANGED,
                    f"table set {_show(i, m)} changed; during the initial meld no set on the table may change",
                    pieces=m.pieces,
                )
            )
    for j in sorted(used):
        tiles = tuple(sorted(used[j].elements(), key=piece_sort_key))
        out.append(
            Violation(
                RuleId.INITIAL_MELD_TABLE_TILE_USED,
                f"{format_pieces(tiles)} came from the table; the initial meld must use rack tiles only",
                meld_index=j,
                pieces=tiles,
            )
        )
    return value, out


def _naturals(meld: Meld) -> Counter[Piece]:
    return Counter(p for p in meld.pieces if not isinstance(p, Joker))


def _replace_rule(
    *,
    before: Sequence[Meld],
    after: Sequence[Meld],
    flow: _Flow,
    played: Counter[Piece],
    rules: RuleSet,
) -> list[Violation]:
    """The box rule for jokers on the table (``joker_retrieval="replace"``)."""
    out: list[Violation] = []
    free_rack = Counter(played)
    kept_after = set(flow.kept.values())
    loose_after = [j for j in range(len(after)) if j not in kept_after]
    continuations: set[int] = set()
    freed_total = 0
    for i, m in enumerate(before):
        jokers = sum(1 for p in m.pieces if isinstance(p, Joker))
        if not jokers or i in flow.kept:
            continue
        old_reading, _ = _judge(m, rules)
        if old_reading is None:
            continue  # an invalid set before the turn: nothing to keep together
        nat = _naturals(m)
        best: tuple[int, int, int, Counter[Piece]] | None = None  # (shortfall, freed, index, replacements)
        for j in loose_after:
            have = _naturals(after[j])
            if nat - have:
                continue
            kept_jokers = min(jokers, sum(1 for p in after[j].pieces if isinstance(p, Joker)))
            freed = jokers - kept_jokers
            replacements = _replacements(old_reading, have - nat, free_rack, freed)
            shortfall = freed - replacements.total()
            cand = (shortfall, freed, j, replacements)
            if best is None or cand[:3] < best[:3]:
                best = cand
        if best is None:
            out.append(
                Violation(
                    RuleId.JOKER_SET_BROKEN,
                    f"table set {_show(i, m)} holds a joker, so it must stay together (it may only grow); "
                    "a joker leaves its set only when the tile it stands for takes its place",
                    pieces=m.pieces,
                )
            )
            continue
        shortfall, freed, j, replacements = best
        continuations.add(j)
        free_rack -= replacements
        if old_reading.kind is MeldKind.RUN:
            # a run's joker stands for one tile: if that tile now sits in the run while the joker
            # stayed, the joker was freed and reused in its own set, not in a new one
            have = _naturals(after[j])
            stayed = _replacements(old_reading, have - nat, free_rack, jokers - freed)
            if stayed:
                free_rack -= stayed
                out.append(
                    Violation(
                        RuleId.FREED_JOKER_MISPLACED,
                        f"{format_pieces(sorted(stayed.elements(), key=piece_sort_key))} took the place of a joker "
                        f"of table set {_show(i, m)}, which stayed in that set; a freed joker must go into a new "
                        "set together with at least two tiles from the rack",
                        meld_index=j,
                        pieces=m.pieces,
                    )
                )
        if shortfall > 0:
            wanted = ", ".join(str(f) for f in old_reading.jokers)
            out.append(
                Violation(
                    RuleId.JOKER_NOT_REPLACED,
                    f"a joker left table set {_show(i, m)} without the tile it stands for ({wanted}) "
                    "taking its place from the rack",
                    meld_index=j,
                    pieces=m.pieces,
                )
            )
        freed_total += freed - max(shortfall, 0)
    if freed_total:
        slots = 0
        from_table = {j for (_, j), moved in flow.flow.items() if any(not isinstance(p, Joker) for p in moved)}
        for j in loose_after:
            if j in continuations or j in from_table:
                continue
            jokers = sum(1 for p in after[j].pieces if isinstance(p, Joker))
            nat = _naturals(after[j])
            if jokers and nat.total() >= 2 and not (nat - free_rack):
                free_rack -= nat
                slots += jokers
        if slots < freed_total:
            out.append(
                Violation(
                    RuleId.FREED_JOKER_MISPLACED,
                    f"{freed_total} joker{'s' if freed_total > 1 else ''} freed from the table must go into a new "
                    "set together with at least two tiles from the rack and no tile that was on the table",
                    pieces=tuple(p for m in after for p in m.pieces if isinstance(p, Joker))[: max(freed_total, 1)],
                )
            )
    return out


def _replacements(reading: MeldReading, extra: Counter[Piece], rack: Counter[Piece], freed: int) -> Counter[Piece]:
    """Rack tiles among ``extra`` that can take the place of the set's jokers (at most ``freed``)."""
    out: Counter[Piece] = Counter()
    if freed <= 0:
        return out
    if reading.kind is MeldKind.RUN:
        wanted: list[Piece] = list(reading.jokers)
    else:
        present = {
            f.color
            for f, acting in zip(reading.faces, reading.acting, strict=True)
            if isinstance(f, Tile) and not acting
        }
        rank = reading.rank
        wanted = [p for p in extra if isinstance(p, Tile) and p.number == rank and p.color not in present]
    for piece in wanted:
        if out.total() >= freed:
            break
        if extra[piece] - out[piece] > 0 and rack[piece] - out[piece] > 0:
            out[piece] += 1
    return out


def turn_violations(
    before: TableLike,
    rack: str | Iterable[Piece],
    after: TableLike,
    *,
    rules: RuleSet,
    initial_meld_done: bool,
) -> tuple[Violation, ...]:
    """Every problem with a turn (empty when it is legal); see `validate_turn`.

    Raises:
        InvalidPiecesError: too many copies of a tile, or something that is not a piece.
        NotationError: bad notation.

    Examples:
        >>> from rummylib import RUMMIKUB
        >>> [v.code for v in turn_violations("", "r1 r2 r3", "r1 r2 r3", rules=RUMMIKUB,
        ...                                  initial_meld_done=False)]
        ['initial-meld-too-low']
    """
    return validate_turn(before, rack, after, rules=rules, initial_meld_done=initial_meld_done).violations


def check_turn(
    before: TableLike,
    rack: str | Iterable[Piece],
    after: TableLike,
    *,
    rules: RuleSet,
    initial_meld_done: bool,
) -> TurnReport:
    """The report of a legal turn; raises with every problem otherwise.

    Raises:
        IllegalTurnError: the turn is not legal; ``violations`` lists every problem.
        InvalidPiecesError: too many copies of a tile, or something that is not a piece.
        NotationError: bad notation.

    Examples:
        >>> from rummylib import RUMMIKUB
        >>> check_turn("r1 r2 r3", "r4", "r1 r2 r3 r4", rules=RUMMIKUB, initial_meld_done=True).played
        (Tile.parse('R4'),)
        >>> check_turn("r1 r2 r3", "r4", "r1 r2 r3", rules=RUMMIKUB, initial_meld_done=True)
        Traceback (most recent call last):
        ...
        rummylib.errors.IllegalTurnError: no tile from the rack was played; ... [no-tile-played]
    """
    report = validate_turn(before, rack, after, rules=rules, initial_meld_done=initial_meld_done)
    if not report.valid:
        raise IllegalTurnError(report.violations)
    return report


def is_legal_turn(
    before: TableLike,
    rack: str | Iterable[Piece],
    after: TableLike,
    *,
    rules: RuleSet,
    initial_meld_done: bool,
) -> bool:
    """Whether a turn is legal; see `validate_turn`.

    Raises:
        InvalidPiecesError: too many copies of a tile, or something that is not a piece.
        NotationError: bad notation.

    Examples:
        >>> from rummylib import RUMMIKUB
        >>> is_legal_turn("r1 r2 r3", "r4", "r1 r2 r3 r4", rules=RUMMIKUB, initial_meld_done=False)
        False
    """
    return validate_turn(before, rack, after, rules=rules, initial_meld_done=initial_meld_done).valid
