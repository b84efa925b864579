"""Melds, racks and boards (felt holding captioned sections, notes and a legend) for `rummylib.svg`.

Melds are placed as `_Laid` items; a board is felt holding `_Section` rows (a table, a hand, a
discard pile), each with an optional caption, then `_Note` lines and a legend of the marks used.
Every picture of a table, a turn, a result or a referee's view is one board, so a new picture
only says which sections and notes it has.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from html import escape

from rummylib import _inputs
from rummylib.cards import Card
from rummylib.errors import ErrorCode, InvalidPiecesError, RequestError, RummyError
from rummylib.melds import Meld, MeldKind, MeldLike, MeldReading, TableMeldLike, as_meld, meld_violations, read_meld
from rummylib.notation import parse_pieces
from rummylib.pieces import Family, Joker, Piece, piece_sort_key
from rummylib.rules import RuleSet
from rummylib.svg._pieces import (
    _CARD_STEP,
    _FELT_SOFT,
    _FELT_TEXT,
    _GAP,
    _MARK_STYLE,
    CARD_HEIGHT,
    CARD_WIDTH,
    INVALID_INK,
    TILE_HEIGHT,
    TILE_WIDTH,
    Mark,
    _Doc,
    _is_cards,
    _num,
    _piece_g,
)
from rummylib.table import MeldsLike, Table
from rummylib.tiles import Tile

_MELD_GAP = 18  # between melds on a table
_PAD = 12  # margin around a board
_LABEL_H = 21  # room under a meld for its label
_ROW_GAP = 10
_CAPTION_H = 17  # room above a section for its caption
_SECTION_GAP = 12


# ------------------------------------------------------------------------------------------
# Melds
# ------------------------------------------------------------------------------------------


def _text_width(text: str, font_size: float) -> float:
    """A generous estimate of the width of ``text`` in the sans-serif font used."""
    return len(text) * font_size * 0.62


class _Laid:
    """One meld (or a row of loose pieces) placed on a canvas: its size, and how to draw it."""

    def __init__(
        self,
        m: Meld,
        *,
        cards: bool,
        reading: MeldReading | None = None,
        invalid: tuple[str, ...] | None = None,
        why: str = "",
        marks: Sequence[Mark | None] | None = None,
        label: str | None = None,
        stand: bool = False,
    ) -> None:
        self.meld = m
        self.cards = cards
        self.reading = reading
        self.invalid = invalid
        self.why = why
        self.marks = list(marks) if marks is not None else [None] * len(m.pieces)
        self.label = label
        self.stand = stand and not cards
        n = len(m.pieces)
        if cards:
            self.width: float = _CARD_STEP * (n - 1) + CARD_WIDTH if n else CARD_WIDTH
            self.height: float = CARD_HEIGHT
        else:
            self.width = (TILE_WIDTH + _GAP) * n - _GAP if n else TILE_WIDTH
            self.height = TILE_HEIGHT
        if self.stand:
            self.width += 16
            self.height += 8
        self.full_height = self.height + (_LABEL_H if label else 0)
        self.label_width = _text_width(label or "", 10.5) + (14 if invalid is not None else 0)
        self.slot = max(self.width, self.label_width)
        """Width taken on a board: the pieces, or the label when that is wider."""

    def draw(self, doc: _Doc, x: float, y: float, *, label_ink: str) -> None:
        middle = x + self.slot / 2
        x += (self.slot - self.width) / 2
        if self.stand:
            doc.defs.add("wood")
            doc.add(
                f'<rect x="{_num(x)}" y="{_num(y + TILE_HEIGHT * 0.45)}" width="{_num(self.width)}" '
                f'height="{_num(self.height - TILE_HEIGHT * 0.45)}" rx="6" fill="url(#rl-wood)"/>'
                f'<rect x="{_num(x + 3)}" y="{_num(y + self.height - 6)}" width="{_num(self.width - 6)}" height="3" '
                'rx="1.5" fill="#000" fill-opacity="0.18"/>'
            )
            x += 8
        step = _CARD_STEP if self.cards else TILE_WIDTH + _GAP
        for i, p in enumerate(self.meld.pieces):
            stands = None
            if self.reading is not None and self.reading.acting[i]:
                stands = self.reading.faces[i]
            doc.add(_piece_g(doc, x + i * step, y, p, cards=self.cards, stands_for=stands, mark=self.marks[i]))
        if self.invalid is not None:
            why = self.why or ", ".join(self.invalid)
            doc.add(
                f'<rect x="{_num(x - 5)}" y="{_num(y - 5)}" width="{_num(self.width + 10)}" '
                f'height="{_num(self.height + 10)}" rx="9" fill="{INVALID_INK}" fill-opacity="0.08" '
                f'stroke="{INVALID_INK}" stroke-width="2.2" stroke-dasharray="6 3.5"><title>invalid: '
                f"{escape(why)}</title></rect>"
            )
        if self.label and self.invalid is not None:
            doc.add(
                f'<rect x="{_num(middle - self.label_width / 2)}" y="{_num(y + self.height + 6)}" '
                f'width="{_num(self.label_width)}" height="15" rx="7.5" fill="#fff4f2" stroke="{INVALID_INK}" '
                'stroke-width="1"/>'
                f'<text x="{_num(middle)}" y="{_num(y + self.height + 17)}" text-anchor="middle" '
                f'font-size="10.5" font-weight="bold" fill="{INVALID_INK}">{escape(self.label)}</text>'
            )
        elif self.label:
            doc.add(
                f'<text x="{_num(middle)}" y="{_num(y + self.height + 16)}" text-anchor="middle" '
                f'font-size="10.5" fill="{label_ink}">{escape(self.label)}</text>'
            )


_PROBLEM_WORDS: Mapping[str, tuple[str, str]] = {
    # code: (words under a meld of tiles, words under a meld of cards)
    "meld-empty": ("empty", "empty"),
    "piece-not-in-game": ("tile not in this game", "card not in this game"),
    "no-natural-piece": ("jokers only", "jokers only"),
    "group-too-small": ("too few for a group", "too few for a set"),
    "group-too-large": ("too many for a group", "too many for a set"),
    "group-ranks-differ": ("numbers differ", "ranks differ"),
    "group-colour-repeated": ("colour repeated", "suit repeated"),
    "run-too-short": ("run too short", "run too short"),
    "run-too-long": ("run too long", "run too long"),
    "mixed-suits": ("colours mixed", "suits mixed"),
    "run-duplicate-rank": ("number repeated", "rank repeated"),
    "run-gap": ("gap in the run", "gap in the run"),
    "run-wraps": ("run wraps past 13", "run wraps round the ace"),
    "too-many-jokers": ("too many jokers", "too many jokers"),
    "not-a-meld": ("not a group or run", "not a set or run"),
    "tile-alone": ("a tile alone", "a card alone"),
    "tile-from-nowhere": ("tile from nowhere", "card from nowhere"),
    "initial-meld-table-tile-used": ("uses a table tile", "uses a table card"),
    "contract-set-size": ("not the contract's set size", "not the contract's set size"),
    "contract-run-size": ("not the contract's run size", "not the contract's run size"),
    "contract-runs-continue": ("continues another run", "continues another run"),
}


def problem_words(code: str, *, cards: bool = False) -> str:
    """The few words a picture writes under a meld for one problem code.

    Codes without words of their own are written with spaces for hyphens.

    Examples:
        >>> problem_words("run-wraps"), problem_words("group-colour-repeated", cards=True)
        ('run wraps past 13', 'suit repeated')
        >>> problem_words("joker-set-broken")
        'joker set broken'
    """
    words = _PROBLEM_WORDS.get(code)
    if words is None:
        return code.replace("-", " ")
    return words[1] if cards else words[0]


def _label_for(reading: MeldReading | None, invalid: tuple[str, ...] | None, *, cards: bool) -> str:
    if invalid is not None:
        return "✗ " + ", ".join(dict.fromkeys(problem_words(code, cards=cards) for code in invalid))
    if reading is None:
        return ""
    kind = "set" if cards and reading.kind is MeldKind.GROUP else reading.kind.value
    return kind if reading.value is None else f"{kind} · {reading.value}"


def _checked_meld(m: object, rules: RuleSet | None) -> Meld:
    """``as_meld``, with a rummylib error (not a ``TypeError``) for something that is not a meld."""
    if isinstance(m, list | tuple):
        bad = [p for p in m if not isinstance(p, Tile | Card | Joker)]
        if bad:
            raise InvalidPiecesError(f"the meld holds {bad[0]!r}, which is not a piece", code=ErrorCode.NOT_A_PIECE)
    elif not isinstance(m, Meld | str):
        raise InvalidPiecesError(
            f"a meld is a Meld, notation or a sequence of pieces, not {type(m).__name__}", code=ErrorCode.NOT_A_PIECE
        )
    return as_meld(m, rules=rules)


def _guess_reading(m: Meld, reader: RuleSet | None) -> MeldReading | None:
    """How ``m`` reads under ``reader``, or ``None``: a picture's best guess, never a verdict."""
    if reader is None:
        return None
    try:
        return read_meld(m, rules=reader)
    except RummyError:
        return None


def _lay(
    m: TableMeldLike,
    *,
    rules: RuleSet | None,
    marks: Sequence[Mark | None] | None = None,
    labels: bool,
    family: Family | None = None,
    problems: Sequence[str] = (),
    why: str = "",
    reader: RuleSet | None = None,
    label: str | None = None,
) -> _Laid:
    """Place one meld.

    With ``rules`` the meld is judged: its reading, or its problem codes. ``problems`` (a turn's
    findings on it) replace the meld engine's codes and mark it invalid whatever the rules say.
    Without ``rules``, ``reader`` only guesses how the meld reads (jokers, kind and value for the
    label); a meld it cannot read is drawn as laid, never outlined. ``label`` replaces the
    computed label of a valid meld.
    """
    reading: MeldReading | None = None
    if isinstance(m, MeldReading):
        reading, the_meld = m, m.meld
    else:
        the_meld = _checked_meld(m, rules)
    fam = rules.family if rules is not None else family
    cards = _is_cards(the_meld.pieces, fam)
    invalid: tuple[str, ...] | None = None
    if problems:
        invalid = tuple(dict.fromkeys(problems))
        reading = None
    elif reading is None and rules is not None:
        reading = read_meld(the_meld, rules=rules)
        if reading is None:
            found = meld_violations(the_meld, rules=rules)
            invalid = tuple(dict.fromkeys(v.code for v in found))
            why = why or "; ".join(str(v) for v in found)
    elif reading is None:
        reading = _guess_reading(the_meld, reader)
    text: str | None = None
    if labels:
        text = label if label is not None and invalid is None else _label_for(reading, invalid, cards=cards)
    return _Laid(the_meld, cards=cards, reading=reading, invalid=invalid, why=why, marks=marks, label=text or None)


def _loose(pieces: Sequence[Piece], *, family: Family | None, stand: bool = False, label: str | None = None) -> _Laid:
    """A row of pieces that make no meld (a hand, deadwood, a discard)."""
    return _Laid(Meld(tuple(pieces)), cards=_is_cards(pieces, family), stand=stand, label=label)


def meld(
    m: TableMeldLike,
    *,
    rules: RuleSet | None = None,
    size: float | None = None,
    labels: bool = False,
) -> str:
    """A picture of one meld, pieces in the order laid.

    With ``rules`` (or given a `MeldReading`), each joker shows what it stands for; an invalid
    meld is outlined in red and, with ``labels``, its problems are written under it in a few
    words (the codes and the full sentences are in the outline's ``<title>``). A valid meld's
    label gives its kind and value (``run · 18``).

    Args:
        m: a meld, its notation, a sequence of pieces, or a reading from `check_meld`.
        rules: the game, to judge the meld; ``None`` to draw it as is.
        size: width in pixels of one tile (default 40); the picture scales with it.
        labels: write the kind and value (or the problems) under the meld.

    Raises:
        NotationError: ``m`` is notation that cannot be read.
        InvalidPiecesError: more copies of a piece than the game holds.

    Examples:
        >>> from rummylib import RUMMIKUB, SHANGHAI, check_meld
        >>> picture = meld("r7 b7 k7 *", rules=RUMMIKUB, labels=True)
        >>> "group · 28" in picture
        True
        >>> wraps = meld("Kc Ac 2c 3c", rules=SHANGHAI, labels=True)
        >>> "run wraps round the ace" in wraps, "run-wraps" in wraps
        (True, True)
        >>> "<title>* = 8h</title>" in meld(check_meld("7h * 9h", rules=SHANGHAI))
        True
    """
    labels = _inputs.flag(labels, what="labels")
    doc = _Doc()
    laid = _lay(m, rules=rules, labels=labels)
    pad = 7
    laid.draw(doc, pad, pad, label_ink="#555555")
    unit = CARD_WIDTH if laid.cards else TILE_WIDTH
    width = laid.slot + 2 * pad
    return doc.render(
        width,
        laid.full_height + 2 * pad - (2 if laid.label else 0),
        size=None if size is None else size * width / unit,
        natural=width,
        label=str(laid.meld),
    )


# ------------------------------------------------------------------------------------------
# Racks
# ------------------------------------------------------------------------------------------


def _rack_pieces(pieces: object) -> list[Piece]:
    if isinstance(pieces, str):
        items = list(parse_pieces(pieces))
    elif isinstance(pieces, Iterable):
        items = list(pieces)
    else:
        raise InvalidPiecesError(
            f"a rack is notation or a sequence of pieces, not {type(pieces).__name__}", code=ErrorCode.NOT_A_PIECE
        )
    bad = [p for p in items if not isinstance(p, Tile | Card | Joker)]
    if bad:
        raise InvalidPiecesError(f"the rack holds {bad[0]!r}, which is not a piece", code=ErrorCode.NOT_A_PIECE)
    return items


def rack(
    pieces: Iterable[Piece] | str,
    *,
    size: float | None = None,
    family: Family | None = None,
    marks: Sequence[Mark | None] | None = None,
    sort: bool = False,
) -> str:
    """A picture of a rack of tiles (on a wooden stand) or a hand of cards (fanned).

    Args:
        pieces: the pieces, or their notation.
        size: width in pixels of one tile (default 40).
        family: how to draw a rack of jokers only (tiles by default).
        marks: an optional highlight per piece, in the order given.
        sort: show the pieces in the canonical order instead of the order given.

    Raises:
        NotationError: ``pieces`` is notation that cannot be read.
        InvalidPiecesError: something that is not a piece (code ``not-a-piece``).
        RequestError: ``marks`` is not one entry per piece (code ``bad-field``).

    Examples:
        >>> picture = rack("r1 r2 k13 *")
        >>> picture.count("<title>"), "rl-wood" in picture
        (4, True)
    """
    sort = _inputs.flag(sort, what="sort")
    items = _rack_pieces(pieces)
    if marks is not None and len(marks) != len(items):
        raise RequestError(
            f"marks has {len(marks)} entries but the rack holds {len(items)} pieces; "
            "give one per piece (None for none)",
            code=ErrorCode.BAD_FIELD,
        )
    order = sorted(range(len(items)), key=lambda i: piece_sort_key(items[i])) if sort else list(range(len(items)))
    shown = [items[i] for i in order]
    shown_marks = [marks[i] for i in order] if marks is not None else None
    laid = _Laid(Meld(tuple(shown)), cards=_is_cards(shown, family), marks=shown_marks)
    doc = _Doc()
    pad = 10
    width = max(laid.width, TILE_WIDTH * 3) + 2 * pad
    if laid.cards:
        height = laid.height + 2 * pad
        laid.draw(doc, pad, pad, label_ink="#555555")
    else:
        doc.defs.add("wood")
        height = laid.height + pad + 16
        doc.add(
            f'<rect x="0" y="{_num(laid.height * 0.45)}" width="{_num(width)}" '
            f'height="{_num(height - laid.height * 0.45)}" rx="7" fill="url(#rl-wood)"/>'
            f'<rect x="3" y="{_num(height - 9)}" width="{_num(width - 6)}" height="3" rx="1.5" fill="#000" '
            'fill-opacity="0.18"/>'
        )
        laid.draw(doc, pad, pad - 2, label_ink="#555555")
    unit = CARD_WIDTH if laid.cards else TILE_WIDTH
    return doc.render(
        width, height, size=None if size is None else size * width / unit, natural=width, label=str(laid.meld)
    )


# ------------------------------------------------------------------------------------------
# Boards: felt holding captioned sections, then notes and a legend
# ------------------------------------------------------------------------------------------


class _Section:
    """One captioned part of a board: a row (wrapping) of melds or loose pieces."""

    def __init__(self, caption: str | None, items: Sequence[_Laid], *, empty: str = "", beside: bool = False) -> None:
        self.caption = caption
        self.items = list(items)
        self.empty = empty
        """What to write when there are no items (nothing is drawn when empty)."""
        self.beside = beside
        """Sit to the right of the section before, when both fit on one row."""


class _Placed:
    """A section laid out: its melds placed, and its size (caption included)."""

    def __init__(self, section: _Section, inner: float) -> None:
        self.section = section
        self.placed, widest, height = _flow(section.items, inner)
        self.caption_h: float = _CAPTION_H if section.caption else 0
        self.width = max(widest, _text_width(section.caption or "", 11) if section.caption else 0)
        if not self.placed and section.empty:
            self.width = max(self.width, _text_width(section.empty, 11.5))
            height = 20
        self.rows = len({y for _, _, y in self.placed})
        self.height: float = self.caption_h + height


class _Note:
    """A line of text under a board's sections (wrapped to the board's width)."""

    def __init__(self, text: str, ink: str = _FELT_TEXT, *, bold: bool = False) -> None:
        self.text = text
        self.ink = ink
        self.bold = bold


def _flow(laid: Sequence[_Laid], max_width: float) -> tuple[list[tuple[_Laid, float, float]], float, float]:
    """Place melds left to right, wrapping into rows no wider than ``max_width``."""
    placed: list[tuple[_Laid, float, float]] = []
    x, y, row_h, widest = 0.0, 0.0, 0.0, 0.0
    for item in laid:
        if x > 0 and x + item.slot > max_width:
            x, y = 0.0, y + row_h + _ROW_GAP
            row_h = 0.0
        placed.append((item, x, y))
        x += item.slot + _MELD_GAP
        widest = max(widest, x - _MELD_GAP)
        row_h = max(row_h, item.full_height)
    return placed, widest, y + row_h


def _wrap(text: str, width: float, font_size: float) -> list[str]:
    """Break ``text`` into lines that fit ``width`` (by the same estimate as `_text_width`)."""
    per_line = max(20, int(width / (font_size * 0.62)))
    lines: list[str] = []
    line = ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > per_line:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return [*lines, line] if line else lines


_INVALID_KEY = "invalid"


def _legend_items(sections: Sequence[_Section], texts: Mapping[Mark, str]) -> list[tuple[str, str, str]]:
    """``(colour, text, dash)`` for each kind of mark the board uses (and invalid melds, if any)."""
    used: set[Mark] = set()
    invalid = False
    for section in sections:
        for item in section.items:
            used.update(m for m in item.marks if m is not None)
            invalid = invalid or item.invalid is not None
    items = [(_MARK_STYLE[m][0], texts[m], _MARK_STYLE[m][1]) for m in Mark if m in used and m in texts]
    if invalid:
        items.append((INVALID_INK, "invalid meld", ' stroke-dasharray="3 2"'))
    return items


def _legend(items: Sequence[tuple[str, str, str]], y: float) -> str:
    out = []
    x: float = _PAD + 2
    for colour, text, dash in items:
        out.append(
            f'<rect x="{_num(x)}" y="{_num(y - 9)}" width="11" height="11" rx="2.5" fill="none" '
            f'stroke="{colour}" stroke-width="2"{dash.replace("5 3", "3 2")}/>'
            f'<text x="{_num(x + 16)}" y="{_num(y)}" font-size="10.5" fill="{_FELT_TEXT}">{escape(text)}</text>'
        )
        x += 30 + _text_width(text, 10.5)
    return "".join(out)


def _legend_width(items: Sequence[tuple[str, str, str]]) -> float:
    return sum(30 + _text_width(text, 10.5) for _, text, _ in items)


def _board(
    sections: Sequence[_Section],
    *,
    width: float,
    size: float | None,
    label: str,
    title: str | None = None,
    notes: Sequence[_Note] = (),
    legend: Mapping[Mark, str] | None = None,
) -> str:
    """Draw ``sections`` on felt, one under the other, then the notes and the legend.

    The board is as wide as its widest row (never wider than ``width``); notes wrap to it.
    ``legend`` gives the words for each kind of mark; only the marks the board uses are shown.
    """
    doc = _Doc()
    doc.defs.add("felt")
    inner = max(width - 2 * _PAD, TILE_WIDTH * 3)
    laid = [_Placed(s, inner) for s in sections]
    # rows of sections: a section marked `beside` joins the row before when it fits there
    rows: list[list[_Placed]] = []
    for part in laid:
        if rows and part.section.beside and part.rows <= 1 and all(p.rows <= 1 for p in rows[-1]):
            used = sum(p.width for p in rows[-1]) + 2 * _MELD_GAP * len(rows[-1])
            if used + part.width <= inner:
                rows[-1].append(part)
                continue
        rows.append([part])
    legend_items = _legend_items(sections, legend) if legend is not None else []
    wants = [_text_width(title, 12.5)] if title else []
    wants += [_text_width(n.text, 11) for n in notes]
    wants.append(_legend_width(legend_items))
    row_widths = [sum(p.width for p in row) + 2 * _MELD_GAP * (len(row) - 1) for row in rows]
    content = max([TILE_WIDTH * 3, *row_widths] + [min(inner, w) for w in wants])
    total_w = content + 2 * _PAD
    title_lines = _wrap(title, content, 12.5) if title else []
    lines = [(line, n.ink, n.bold) for n in notes for line in _wrap(n.text, content, 11)]

    body: list[str] = []  # text drawn over the background
    drawn: list[tuple[_Placed, float, float]] = []  # each section and where its melds start
    y: float = _PAD
    for line in title_lines:
        body.append(
            f'<text x="{_PAD + 2}" y="{_num(y + 12)}" font-size="12.5" font-weight="bold" '
            f'fill="{_FELT_TEXT}">{escape(line)}</text>'
        )
        y += 17
    if title_lines:
        y += 4
    for row in rows:
        x: float = _PAD
        caption_h = max(p.caption_h for p in row)
        for part in row:
            s = part.section
            if s.caption:
                body.append(
                    f'<text x="{_num(x + 2)}" y="{_num(y + 11)}" font-size="11" font-weight="bold" '
                    f'fill="{_FELT_SOFT}">{escape(s.caption)}</text>'
                )
            if not part.placed and s.empty:
                body.append(
                    f'<text x="{_num(x + 2)}" y="{_num(y + caption_h + 13)}" font-size="11.5" fill="{_FELT_TEXT}" '
                    f'fill-opacity="0.75" font-style="italic">{escape(s.empty)}</text>'
                )
            drawn.append((part, x, y + caption_h))
            x += part.width + 2 * _MELD_GAP
        y += max(p.height - p.caption_h for p in row) + caption_h + _SECTION_GAP
    y -= _SECTION_GAP
    notes_y = y + (6 if lines else 0)
    total_h = notes_y + 16 * len(lines) + _PAD + (22 if legend_items else 0)

    doc.add(f'<rect width="{_num(total_w)}" height="{_num(total_h)}" rx="12" fill="url(#rl-felt)"/>')
    doc.add(
        f'<rect x="3" y="3" width="{_num(total_w - 6)}" height="{_num(total_h - 6)}" rx="10" fill="none" '
        'stroke="#ffffff" stroke-opacity="0.12" stroke-width="1.5"/>'
    )
    for text in body:
        doc.add(text)
    for part, left, top in drawn:
        for item, dx, dy in part.placed:
            item.draw(doc, left + dx, top + dy, label_ink=_FELT_TEXT)
    ny = notes_y
    for line, ink, bold in lines:
        ny += 16
        weight = ' font-weight="bold"' if bold else ""
        doc.add(f'<text x="{_PAD + 2}" y="{_num(ny - 4)}" font-size="11"{weight} fill="{ink}">{escape(line)}</text>')
    if legend_items:
        doc.add(_legend(legend_items, total_h - 12))
    return doc.render(
        total_w,
        total_h,
        size=None if size is None else size * total_w / TILE_WIDTH,
        natural=total_w,
        label=label,
    )


def _marks_of(marks: Mapping[tuple[int, int], Mark] | None, i: int, n: int) -> list[Mark | None]:
    return [(marks or {}).get((i, j)) for j in range(n)]


def table(
    melds: Iterable[MeldLike] | str,
    *,
    rules: RuleSet | None = None,
    size: float | None = None,
    width: float = 640,
    labels: bool = True,
    marks: Mapping[tuple[int, int], Mark] | None = None,
) -> str:
    """A picture of a whole table: melds on green felt, wrapped into rows.

    Args:
        melds: the melds (each a `Meld`, notation or pieces), or a table in notation
            (melds separated by ``|``).
        rules: the game, to judge every meld (jokers show what they stand for; invalid melds are
            outlined in red); ``None`` to draw as laid.
        size: width in pixels of one tile (default 40).
        width: the widest a row may be, in tile units of 40 (default 640, 16 tiles).
        labels: write kind and value (or the problems, in words) under every meld, when
            ``rules`` is given.
        marks: highlights keyed by ``(meld index, piece index)``.

    Raises:
        NotationError: notation that cannot be read.
        InvalidPiecesError: more copies of a piece than the game holds in one meld, or an item
            that is not a meld (code ``not-a-piece``).

    Examples:
        >>> from rummylib import RUMMIKUB
        >>> picture = table("r1 r2 r3 | k7 b7 y7 * | r9 b9 r9", rules=RUMMIKUB)
        >>> "run · 6" in picture, "group · 28" in picture, "colour repeated" in picture
        (True, True, True)
    """
    labels = _inputs.flag(labels, what="labels")
    # Table.of reads notation and checks that every item is a meld (a clear error when not).
    source: MeldsLike = melds if isinstance(melds, str | Table) or not isinstance(melds, Iterable) else list(melds)
    laid = [
        _lay(m, rules=rules, marks=_marks_of(marks, i, len(m.pieces)), labels=labels and rules is not None)
        for i, m in enumerate(Table.of(source, rules=rules).melds)
    ]
    return _board(
        [_Section(None, laid, empty="empty table")],
        width=width,
        size=size,
        label=" | ".join(str(x.meld) for x in laid) or "empty table",
    )


# ------------------------------------------------------------------------------------------
# Where a turn's pieces went
# ------------------------------------------------------------------------------------------


def place_marks(after: Sequence[Meld], moves: Iterable[tuple[Piece, int | None, Mark]]) -> dict[tuple[int, int], Mark]:
    """Put each mark on the first unmarked copy of its piece in its target meld."""
    marks: dict[tuple[int, int], Mark] = {}
    for p, target, mark in moves:
        if target is None or not 0 <= target < len(after):
            continue
        for k, q in enumerate(after[target].pieces):
            if q == p and (target, k) not in marks:
                marks[(target, k)] = mark
                break
    return marks
