"""The Rummikub turn judge: table before, rack, table after, and the report of what happened.

A turn is judged from two table values alone, never from a list of moves, so any manipulation
(split a run and add a tile, take the fourth tile of a group for a new set, retrieve a joker, ...)
is judged the same way. Sets are compared as multisets: their order on the table and the order of
tiles within a group do not matter.

The checks, in the order their findings are reported:

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
    R3 R4 R5 R6 R7 split into melds 1 (R3 R4 R5) and 2 (R5 R6 R7), with R5 from the rack
    >>> bad = validate_turn("r1 r2 r3", "r4", "r1 r2 | r3 r4", rules=RUMMIKUB, initial_meld_done=True)
    >>> bad.valid
    False
    >>> for v in bad.violations:
    ...     print(v)
    meld 1: run of 2 pieces; a run needs at least 3 [run-too-short]
    meld 2: run of 2 pieces; a run needs at least 3 [run-too-short]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from enum import StrEnum
from html import escape
from typing import Any

import attrs

from rummylib import _inputs
from rummylib.errors import LimitExceededError, RuleId, Violation
from rummylib.melds import Meld, MeldKind, MeldReading
from rummylib.pieces import Joker, Piece, PiecesLike, format_pieces, piece_sort_key
from rummylib.rules import JokerRetrieval, RuleSet
from rummylib.rummikub._judge import (
    SETS,
    Flow,
    SetInfo,
    encode,
    infos,
    judge_set,
    names,
    new_sets,
    register,
)
from rummylib.rummikub._turn import change_json, change_text, judge_turn, turn_answer, walk
from rummylib.rummikub._turn import on_table as _on_table
from rummylib.rummikub.errors import IllegalTurnError
from rummylib.table import MeldsLike, Table
from rummylib.tiles import Drawable, Tile

__all__ = [
    "ChangeKind",
    "SetChange",
    "TileMove",
    "TurnChanges",
    "TurnReport",
    "check_turn",
    "is_legal_turn",
    "turn_violations",
    "validate_turn",
]


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
        return {"tile": names((self.piece,)), "from": source, "to": self.target}


@attrs.frozen
class SetChange:
    """What happened to one set of the table (or how one new set was made).

    Examples:
        >>> c = SetChange(ChangeKind.NEW, (), (1,), added=(Tile.parse("r4"),), new=(Meld.parse("r4 r5 r6"),))
        >>> c.to_json()["change"], c.to_json()["added"], c.text
        ('new', 'R4', 'new meld 2 (R4 R5 R6)')
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
        """The change in words, naming each set of the table before by its tiles and each meld after by number.

        The melds of the table after are ``meld N (tiles)``, numbered from 1 as the table after is
        listed and as problems name them; the table before is never numbered, so that one sentence
        never counts in two tables.

        Examples:
            >>> from rummylib import RUMMIKUB
            >>> r = validate_turn("r3 r4 r5 r6", "r7", "r3 r4 r5 | r6 r7", rules=RUMMIKUB, initial_meld_done=True)
            >>> print(r.changes)
            R3 R4 R5 R6 split into melds 1 (R3 R4 R5) and 2 (R6 R7), with R7 from the rack
        """
        return change_text(self, _PARTS)

    def to_json(self) -> dict[str, Any]:
        """``{"change", "before", "after", "added", "message"}``."""
        return change_json(self, _PARTS)

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
class TurnReport(Drawable):
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
            "played": names(self.played),
            "problems": [v.to_json() for v in self.violations],
            "changes": self.changes.to_json(),
        }

    def __str__(self) -> str:
        head = f"legal turn, played {format_pieces(self.played) or 'nothing'}" if self.valid else "illegal turn"
        lines = [head, *(f"  {v}" for v in self.violations), *(f"  {line}" for line in str(self.changes).split("\n"))]
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        """The picture, captioned with the explanation of every change in words, for Jupyter."""
        lines = [escape(line.strip()) for line in str(self.changes).split("\n")]
        return f"<figure>{self._repr_svg_()}<figcaption>{'<br>'.join(lines)}</figcaption></figure>"


def _changes(before: Sequence[Meld], after: Sequence[Meld], f: Flow, infos: Sequence[SetInfo]) -> TurnChanges:
    sets, moved = walk(before, after, f, infos, _PARTS)
    # f.placed is in order of set, then of code, and codes sort as piece_sort_key does
    placed = tuple(TileMove(p, None, j) for p, j in f.placed)
    return TurnChanges(tuple(sets), placed, tuple(moved))


_PARTS = (SetChange, TileMove, _KEPT, _EXTENDED, _MERGED, _SPLIT, _BROKEN_UP, _NEW, {k: k.value for k in ChangeKind})
"""What `rummylib.rummikub._turn.walk` makes the changes of a turn of (and each kind's value)."""


def _as_table(value: MeldsLike, rules: RuleSet, what: str) -> Table:
    table = Table.of(value, rules=rules)
    if len(table.melds) > rules.total_pieces:
        raise LimitExceededError(
            f"{what}: {len(table.melds)} sets, more than the {rules.total_pieces} pieces of a game"
        )
    return table


def _as_rack(value: PiecesLike, rules: RuleSet) -> tuple[Piece, ...]:
    # each tile is checked as the judge encodes it (the same errors, one pass over the rack)
    return _inputs.pieces(value, rules=rules, what="the rack", check=False)


def validate_turn(
    before: MeldsLike,
    rack: PiecesLike,
    after: MeldsLike,
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
        RuleSetError: the rules of a card game (code ``unsupported-rules``); so for its three siblings.
        ArgumentError: ``initial_meld_done`` is not a ``bool`` (code ``bad-argument``); so for its
            three siblings.

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
    _inputs.tile_rules(rules, what="the Rummikub turn judge")
    _inputs.flag(initial_meld_done, what="initial_meld_done")
    old = _as_table(before, rules, "table before")
    new = _as_table(after, rules, "table after")
    hand = _as_rack(rack, rules)
    sets = SETS.get(rules) or new_sets(rules)
    fresh: list[tuple[Meld, SetInfo]] = []
    old_infos = infos(old.melds, sets, fresh, "table before")
    new_infos = infos(new.melds, sets, fresh, "table after")
    hand_codes = encode(hand, "the rack")
    register(sets, fresh, hand_codes, rules)
    played, violations, initial_value, flow = judge_turn(
        old.melds, old_infos, hand, hand_codes, new.melds, new_infos, rules, initial_meld_done, _CHECKS
    )
    changes = _changes(old.melds, new.melds, flow, old_infos)
    return TurnReport(not violations, played, tuple(violations), changes, initial_value)


_REPLACE = JokerRetrieval.REPLACE


def _initial_meld(
    *,
    before: Sequence[Meld],
    after: Sequence[Meld],
    readings: Sequence[MeldReading | None],
    flow: Flow,
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
                    f"{_on_table(m)} changed; during the initial meld no set on the table may change",
                    pieces=m.pieces,
                )
            )
    for j in sorted(used):
        tiles = tuple(sorted(used[j].elements(), key=piece_sort_key))
        out.append(
            Violation(
                RuleId.INITIAL_MELD_TABLE_TILE_USED,
                f"{format_pieces(tiles)} came from the table; the initial meld must use rack tiles only",
                pieces=tiles,
            ).at(j)
        )
    return value, out


def _naturals(meld: Meld) -> Counter[Piece]:
    return Counter(p for p in meld.pieces if not isinstance(p, Joker))


def _replace_rule(
    *,
    before: Sequence[Meld],
    after: Sequence[Meld],
    flow: Flow,
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
        old_reading, _ = judge_set(m, rules)
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
                    f"{_on_table(m)} holds a joker, so it must stay together (it may only grow); "
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
                        f"of {_on_table(m)}, which stayed in that set; a freed joker must go into a new "
                        "set together with at least two tiles from the rack",
                        pieces=after[j].pieces,  # the meld after the turn, as its number says
                    ).at(j)
                )
        if shortfall > 0:
            wanted = ", ".join(str(f) for f in old_reading.jokers)
            out.append(
                Violation(
                    RuleId.JOKER_NOT_REPLACED,
                    f"a joker left {_on_table(m)} without the tile it stands for ({wanted}) "
                    "taking its place from the rack",
                    pieces=after[j].pieces,  # the meld after the turn, as its number says
                ).at(j)
            )
        freed_total += freed - max(shortfall, 0)
    if freed_total:
        # Copies of a tile are interchangeable: a set is a new set of rack tiles when the rack
        # played enough copies of each of its tiles, whichever copy the rearrangement seems to move.
        candidates = []
        for j in loose_after:
            if j in continuations:
                continue
            jokers = sum(1 for p in after[j].pieces if isinstance(p, Joker))
            nat = _naturals(after[j])
            if jokers and nat.total() >= 2 and not (nat - free_rack):
                candidates.append((jokers, nat))
        if _most_slots(candidates, free_rack) < freed_total:
            out.append(
                Violation(
                    RuleId.FREED_JOKER_MISPLACED,
                    f"{freed_total} joker{'s' if freed_total > 1 else ''} freed from the table must go into a new "
                    "set together with at least two tiles from the rack and no tile that was on the table",
                    pieces=tuple(p for m in after for p in m.pieces if isinstance(p, Joker))[: max(freed_total, 1)],
                )
            )
    return out


def _most_slots(candidates: Sequence[tuple[int, Counter[Piece]]], rack: Counter[Piece]) -> int:
    """The most jokers the candidate sets can take in, with every natural tile of each set chosen from ``rack``.

    Each candidate is (jokers in the set, its natural tiles). Only sets holding a joker are
    candidates, so there are never more of them than jokers in the box (at most 8): every choice
    is tried.
    """
    best = 0
    for mask in range(1 << len(candidates)):
        need: Counter[Piece] = Counter()
        jokers = 0
        for k, (held, nat) in enumerate(candidates):
            if mask >> k & 1:
                need += nat
                jokers += held
        if jokers > best and not (need - rack):
            best = jokers
    return best


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
    before: MeldsLike,
    rack: PiecesLike,
    after: MeldsLike,
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
    before: MeldsLike,
    rack: PiecesLike,
    after: MeldsLike,
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
        rummylib.rummikub.errors.IllegalTurnError: no tile from the rack was played; ... [no-tile-played]
    """
    report = validate_turn(before, rack, after, rules=rules, initial_meld_done=initial_meld_done)
    if not report.valid:
        raise IllegalTurnError(report.violations)
    return report


def is_legal_turn(
    before: MeldsLike,
    rack: PiecesLike,
    after: MeldsLike,
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


_CHECKS = (_initial_meld, _replace_rule)
"""The checks of an initial meld and of the joker box rule, for `rummylib.rummikub._turn.judge_turn`."""


def _batch_answer(data: Mapping[str, Any], rules: RuleSet) -> dict[str, Any] | None:
    """The batch ``turn`` op's answer, ``validate_turn(...).to_json()``, straight from the request's text.

    ``None`` when the request is not read so (see `rummylib.rummikub._turn.turn_answer`).
    """
    return turn_answer(data, rules, _CHECKS, _PARTS)
