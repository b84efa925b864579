"""Pictures of Rummikub turns and of the solver's best play, for `rummylib.svg`."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rummylib import _inputs
from rummylib.melds import Meld, MeldLike, as_meld
from rummylib.pieces import Family, Piece, format_pieces
from rummylib.rules import RUMMIKUB, RuleSet
from rummylib.rummikub.solver import Solution
from rummylib.rummikub.turns import TurnReport, validate_turn
from rummylib.svg._board import _board, _Laid, _lay, _Note, _Section, place_marks
from rummylib.svg._pieces import BAD_NOTE, GOOD_NOTE, Mark
from rummylib.table import MeldsLike, Table

_TURN_LEGEND = {Mark.PLAYED: "played from the rack", Mark.MOVED: "moved on the table"}


def turn_marks(report: TurnReport, after: Iterable[MeldLike]) -> dict[tuple[int, int], Mark]:
    """Where a turn's tiles went: ``(meld index, piece index)`` on the table after, and the mark.

    Rack tiles played are `Mark.PLAYED`, table tiles that changed set `Mark.MOVED`, from the
    report's ``changes`` (as `rummylib.rummikub.validate_turn` returns them). Where a meld holds
    two copies of a tile, the first one not yet marked is marked.

    Examples:
        >>> from rummylib import RUMMIKUB
        >>> from rummylib.rummikub import validate_turn
        >>> after = ["r3 r4 r5", "r6 r7 r8"]
        >>> report = validate_turn("r3 r4 r5 r6", "r7 r8", after, rules=RUMMIKUB, initial_meld_done=True)
        >>> sorted((where, mark.value) for where, mark in turn_marks(report, after).items())
        [((1, 0), 'moved'), ((1, 1), 'played'), ((1, 2), 'played')]
    """
    melds = [as_meld(m) for m in after]
    moves = [(m.piece, m.target, Mark.PLAYED) for m in report.changes.placed]
    moves += [(m.piece, m.target, Mark.MOVED) for m in report.changes.moved]
    return place_marks(melds, moves)


def _table_after(report: TurnReport) -> list[Meld]:
    """The table after a turn, rebuilt from the report's explanation (every set after is in it)."""
    found: dict[int, Meld] = {}
    for change in report.changes.sets:
        for j, m in zip(change.after, change.new, strict=False):
            found.setdefault(j, m)
    return [found[j] for j in sorted(found)]


def _turn_board(
    melds: Sequence[Meld],
    report: TurnReport,
    *,
    rules: RuleSet | None,
    size: float | None,
    width: float,
    labels: bool,
) -> str:
    marks = turn_marks(report, melds)
    codes: dict[int, list[str]] = {}
    why: dict[int, list[str]] = {}
    loose: list[str] = []
    for v in report.violations:
        if v.meld_index is not None and 0 <= v.meld_index < len(melds):
            codes.setdefault(v.meld_index, []).append(v.code)
            why.setdefault(v.meld_index, []).append(str(v))
        else:
            loose.append(str(v))
    laid = [
        _lay(
            m,
            rules=rules,
            marks=[marks.get((j, k)) for k in range(len(m.pieces))],
            labels=labels,
            family=Family.TILES,
            problems=codes.get(j, ()),
            why="; ".join(why.get(j, ())),
            reader=RUMMIKUB if rules is None else None,
        )
        for j, m in enumerate(melds)
    ]
    played = format_pieces(report.played) or "nothing"
    verdict = f"✓ legal turn: played {played}" if report.valid else f"✗ illegal turn (played {played})"
    notes = [_Note(verdict, GOOD_NOTE if report.valid else BAD_NOTE, bold=True)]
    notes += [_Note(f"✗ {text}", BAD_NOTE) for text in loose]
    label = " | ".join(str(m) for m in melds) or "empty table"
    return _board(
        [_Section(None, laid, empty="empty table")],
        width=width,
        size=size,
        label=label,
        notes=notes,
        legend=_TURN_LEGEND,
    )


def turn(
    before: MeldsLike,
    rack: str | Iterable[Piece],
    after: MeldsLike,
    *,
    rules: RuleSet,
    initial_meld_done: bool,
    report: TurnReport | None = None,
    size: float | None = None,
    width: float = 640,
    labels: bool = True,
) -> str:
    """A picture of a Rummikub turn: the new table, judged and explained.

    Tiles played from the rack are framed green, table tiles that changed set amber (dashed), and
    every invalid set is outlined in red with its problems in words (the codes are in the
    outline's ``<title>``). Problems that belong to no set (a tile gone back to the rack, an
    initial meld below the threshold) are written under the table, after the verdict. A legend
    explains the frames the picture uses. The arguments are those of
    `rummylib.rummikub.validate_turn`.

    Args:
        before: the table at the start of the turn (a ``Table``, notation, or a list of melds).
        rack: the player's rack at the start of the turn.
        after: the table the player proposes.
        rules: the rule set.
        initial_meld_done: whether the player had already made the initial meld.
        report: the ``TurnReport`` of these tables, when already computed (it is not recomputed).
        size: width in pixels of one tile (default 40).
        width: the widest a row may be (default 640, 16 tiles).
        labels: write kind and value (or the problems) under every set.

    Raises:
        NotationError: notation that cannot be read.
        InvalidPiecesError: more copies of a tile than the box holds.

    Examples:
        >>> from rummylib import RUMMIKUB
        >>> picture = turn("r3 r4 r5 r6 | k9 b9 y9", "r7 r8 b1", "r3 r4 r5 | r6 r7 r8 | k9 b9 y9",
        ...                rules=RUMMIKUB, initial_meld_done=True)
        >>> "legal turn" in picture, "moved on the table" in picture, "invalid meld" in picture
        (True, True, False)
        >>> "table-tile-missing" in turn("r3 r4 r5 r6", "r1", "r3 r4 r5", rules=RUMMIKUB,
        ...                              initial_meld_done=True)
        True
    """
    labels = _inputs.flag(labels, what="labels")
    new = Table.of(after, rules=rules)
    if report is None:
        report = validate_turn(before, rack, new, rules=rules, initial_meld_done=initial_meld_done)
    return _turn_board(new.melds, report, rules=rules, size=size, width=width, labels=labels)


def turn_report(
    report: TurnReport,
    *,
    rules: RuleSet | None = None,
    size: float | None = None,
    width: float = 640,
    labels: bool = True,
) -> str:
    """A picture of a judged turn from its report alone (what a `TurnReport` shows in Jupyter).

    The table after the turn is rebuilt from the report's explanation and drawn as `turn` draws
    it. A report does not keep the rule set it was judged by: without ``rules``, jokers and the
    labels of valid sets are read by the box rules (`rummylib.RUMMIKUB`), while which sets are
    invalid always comes from the report itself.

    Args:
        report: the report of `rummylib.rummikub.validate_turn`.
        rules: the rule set the turn was judged by, to read its sets exactly.
        size: width in pixels of one tile (default 40).
        width: the widest a row may be (default 640, 16 tiles).
        labels: write kind and value (or the problems) under every set.

    Examples:
        >>> from rummylib import RUMMIKUB
        >>> from rummylib.rummikub import validate_turn
        >>> report = validate_turn("r1 r2 r3", "r4 k9", "r1 r2 r3 r4", rules=RUMMIKUB, initial_meld_done=True)
        >>> picture = turn_report(report)
        >>> "legal turn: played R4" in picture, "<title>R4</title>" in picture
        (True, True)
    """
    labels = _inputs.flag(labels, what="labels")
    return _turn_board(_table_after(report), report, rules=rules, size=size, width=width, labels=labels)


def _played_marks(melds: Sequence[Meld], played: Sequence[Piece]) -> dict[tuple[int, int], Mark]:
    """Mark the played pieces on the melds that changed: untouched sets come first, so look from the end."""
    backwards = [tuple(reversed(m.pieces)) for m in reversed(melds)]
    found: dict[tuple[int, int], Mark] = {}
    for p in played:
        for i, m in enumerate(backwards):
            hit = next((k for k, q in enumerate(m) if q == p and (i, k) not in found), None)
            if hit is not None:
                found[(i, hit)] = Mark.PLAYED
                break
    n = len(melds)
    return {(n - 1 - i, len(backwards[i]) - 1 - k): mark for (i, k), mark in found.items()}


def solution(
    found: Solution,
    *,
    rules: RuleSet | None = None,
    size: float | None = None,
    width: float = 640,
    labels: bool = True,
) -> str:
    """A picture of the solver's answer: the table after the best play, the rack pieces it lays framed green.

    A `Solution` does not keep its rule set: without ``rules``, jokers and labels are read by the
    box rules (`rummylib.RUMMIKUB`). Every set of a solution is valid, so none is outlined.

    Args:
        found: the answer of `rummylib.rummikub.solve`.
        rules: the rule set it was solved under, to read its sets exactly.
        size: width in pixels of one tile (default 40).
        width: the widest a row may be (default 640, 16 tiles).
        labels: write kind and value under every set.

    Examples:
        >>> from rummylib import RUMMIKUB
        >>> from rummylib.rummikub import solve
        >>> picture = solution(solve("r1 r2 r3", "r4 b9", rules=RUMMIKUB, initial_meld_done=True))
        >>> "best play: R4" in picture, "played from the rack" in picture
        (True, True)
    """
    labels = _inputs.flag(labels, what="labels")
    melds = list(found.table_after)
    marks = _played_marks(melds, found.played)
    laid: list[_Laid] = [
        _lay(
            m,
            rules=None,
            marks=[marks.get((j, k)) for k in range(len(m.pieces))],
            labels=labels,
            family=Family.TILES,
            reader=rules if rules is not None else RUMMIKUB,
        )
        for j, m in enumerate(melds)
    ]
    if found.is_pass:
        notes = [_Note("no play: nothing from the rack can go on the table, so the player draws", bold=True)]
    else:
        tiles = "1 piece" if found.tiles_placed == 1 else f"{found.tiles_placed} pieces"
        notes = [
            _Note(
                f"best play: {format_pieces(found.played)} ({tiles}, {found.value_placed} points)", GOOD_NOTE, bold=True
            )
        ]
        if found.initial_meld:
            notes.append(_Note("an initial meld: new sets from the rack only"))
        elif found.changed_sets:
            sets = "1 set" if found.changed_sets == 1 else f"{found.changed_sets} sets"
            fewest = "" if found.changes_proved else " (not proved the fewest)"
            notes.append(_Note(f"{sets} of the table changed{fewest}"))
    label = " | ".join(str(m) for m in melds) or "empty table"
    return _board(
        [_Section(None, laid, empty="empty table")],
        width=width,
        size=size,
        label=label,
        notes=notes,
        legend={Mark.PLAYED: "played from the rack"},
    )
