"""Pictures of pieces, melds, racks, tables and turns, as SVG text.

Every function returns a complete ``<svg>`` document as a string, built without any drawing
library, so it can be written to a file, embedded in HTML, or shown in Jupyter (tiles, cards,
jokers and melds have a ``_repr_svg_`` that calls this module).

Pass ``rules`` where a picture should also *judge*: jokers then show what they stand for and an
invalid meld is outlined in red. Without ``rules`` the pieces are simply drawn as laid.

Examples:
    >>> from rummylib import RUMMIKUB, Meld, Tile, svg
    >>> picture = svg.piece(Tile.parse("r7"))
    >>> picture.startswith("<svg") and "<title>R7</title>" in picture
    True
    >>> drawn = svg.meld(Meld.parse("r5 r6 *"), rules=RUMMIKUB)
    >>> "<title>* = R7</title>" in drawn          # the joker shows the red 7 it stands for
    True
    >>> "invalid" in svg.meld("r12 r13 r1", rules=RUMMIKUB)
    True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from enum import StrEnum
from html import escape

from rummylib.cards import Card, Suit
from rummylib.errors import ErrorCode, InvalidPiecesError, RequestError
from rummylib.melds import Face, Meld, MeldKind, MeldLike, MeldReading, as_meld, meld_violations, read_meld
from rummylib.notation import parse_pieces
from rummylib.pieces import Family, Joker, Piece, format_pieces, piece_sort_key
from rummylib.rules import RuleSet
from rummylib.rummikub.turns import TurnReport, validate_turn
from rummylib.table import Table, TableLike
from rummylib.tiles import Color, Tile

__all__ = [
    "CARD_HEIGHT",
    "CARD_WIDTH",
    "TILE_HEIGHT",
    "TILE_WIDTH",
    "Mark",
    "meld",
    "piece",
    "rack",
    "table",
    "turn",
    "turn_marks",
]

TILE_WIDTH = 40
"""Width of a tile in SVG user units (a picture's ``size`` rescales it)."""
TILE_HEIGHT = 54
"""Height of a tile in SVG user units."""
CARD_WIDTH = 48
"""Width of a card in SVG user units."""
CARD_HEIGHT = 64
"""Height of a card in SVG user units."""

_GAP = 3  # between the pieces of one meld
_MELD_GAP = 18  # between melds on a table
_CARD_STEP = 27  # cards in a meld overlap, each showing its left index
_PAD = 12  # margin around a table
_LABEL_H = 21  # room under a meld for its label
_ROW_GAP = 10
_FONT = "DejaVu Sans, Verdana, Helvetica, Arial, sans-serif"

_TILE_INK: Mapping[Color, str] = {
    Color.BLACK: "#1d1d1f",
    Color.BLUE: "#1463b8",
    Color.YELLOW: "#e38800",
    Color.RED: "#d0271f",
    Color.GREEN: "#2e8b3e",
    Color.PURPLE: "#7a3db0",
    Color.CYAN: "#00939f",
    Color.MAGENTA: "#c2185b",
}
_RED_SUITS = frozenset({Suit.HEARTS, Suit.DIAMONDS})
_CARD_RED = "#c8201d"
_CARD_BLACK = "#1d1d1f"
_JOKER_INK = "#c0392b"
_PLAYED = "#1e9e4a"
_MOVED = "#f2a900"
_INVALID = "#e0301e"
_FELT = "#2f6e55"
_FELT_TEXT = "#e8f1ec"

_DEFS: Mapping[str, str] = {
    "tile": (
        '<linearGradient id="rl-tile" x1="0" y1="0" x2="0" y2="1">'
        '<stop offset="0" stop-color="#fffdf6"/><stop offset="1" stop-color="#f1e7cf"/></linearGradient>'
    ),
    "card": (
        '<linearGradient id="rl-card" x1="0" y1="0" x2="0" y2="1">'
        '<stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#f3f3f1"/></linearGradient>'
    ),
    "felt": (
        '<radialGradient id="rl-felt" cx="0.5" cy="0.4" r="0.8">'
        '<stop offset="0" stop-color="#3a8064"/><stop offset="1" stop-color="#275c47"/></radialGradient>'
    ),
    "wood": (
        '<linearGradient id="rl-wood" x1="0" y1="0" x2="0" y2="1">'
        '<stop offset="0" stop-color="#c48a52"/><stop offset="0.55" stop-color="#a86d37"/>'
        '<stop offset="1" stop-color="#7f4f24"/></linearGradient>'
    ),
}


class Mark(StrEnum):
    """How a piece is highlighted in a picture of a turn.

    Examples:
        >>> Mark("played") is Mark.PLAYED
        True
    """

    PLAYED = "played"
    """Came from the player's rack this turn (a green ring)."""
    MOVED = "moved"
    """Was on the table before but now sits in another set (an amber ring)."""


def _num(x: float) -> str:
    text = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


class _Doc:
    """Collects elements and the ``<defs>`` they need, then writes one ``<svg>`` document."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.defs: set[str] = set()

    def add(self, text: str) -> None:
        self.parts.append(text)

    def render(self, width: float, height: float, *, size: float | None, natural: float, label: str) -> str:
        scale = 1.0 if size is None else size / natural
        defs = "".join(_DEFS[name] for name in sorted(self.defs))
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" role="img" aria-label="{escape(label)}" '
            f'width="{_num(width * scale)}" height="{_num(height * scale)}" '
            f'viewBox="0 0 {_num(width)} {_num(height)}" font-family="{_FONT}">'
            + (f"<defs>{defs}</defs>" if defs else "")
            + "".join(self.parts)
            + "</svg>"
        )


# ------------------------------------------------------------------------------------------
# Single pieces
# ------------------------------------------------------------------------------------------


def _face_label(face: Face) -> str:
    return str(face)


def _tile_number(x: float, y: float, number: int, ink: str, *, big: bool = True) -> str:
    text = str(number)
    size = (24 if len(text) == 1 else 21) if big else 12
    spacing = ' letter-spacing="-1"' if len(text) > 1 and big else ""
    return (
        f'<text x="{_num(x)}" y="{_num(y)}" text-anchor="middle" font-size="{size}" font-weight="bold" '
        f'fill="{ink}"{spacing}>{text}</text>'
    )


def _smiley(cx: float, cy: float, r: float, ink: str) -> str:
    eye = r * 0.32
    return (
        f'<circle cx="{_num(cx)}" cy="{_num(cy)}" r="{_num(r)}" fill="#fde9a8" stroke="{ink}" stroke-width="1.6"/>'
        f'<circle cx="{_num(cx - eye)}" cy="{_num(cy - r * 0.22)}" r="{_num(r * 0.12)}" fill="{ink}"/>'
        f'<circle cx="{_num(cx + eye)}" cy="{_num(cy - r * 0.22)}" r="{_num(r * 0.12)}" fill="{ink}"/>'
        f'<path d="M{_num(cx - r * 0.5)} {_num(cy + r * 0.18)} Q{_num(cx)} {_num(cy + r * 0.78)} '
        f'{_num(cx + r * 0.5)} {_num(cy + r * 0.18)}" fill="none" stroke="{ink}" stroke-width="1.6" '
        'stroke-linecap="round"/>'
    )


def _ring(w: float, h: float, rx: float, colour: str, *, dashed: bool = False) -> str:
    dash = ' stroke-dasharray="5 3"' if dashed else ""
    return (
        f'<rect x="1.4" y="1.4" width="{_num(w - 2.8)}" height="{_num(h - 2.8)}" rx="{_num(rx - 1)}" '
        f'fill="none" stroke="{colour}" stroke-width="2.8"{dash}/>'
    )


def _tile_g(doc: _Doc, x: float, y: float, tile: Tile | Joker, *, stands_for: Face | None, mark: Mark | None) -> str:
    doc.defs.add("tile")
    w, h = TILE_WIDTH, TILE_HEIGHT
    title = str(tile) if stands_for is None else f"{tile} = {_face_label(stands_for)}"
    out = [
        f'<g transform="translate({_num(x)},{_num(y)})"><title>{escape(title)}</title>',
        f'<rect x="0.8" y="1.6" width="{w}" height="{h}" rx="6" fill="#000" fill-opacity="0.22"/>',
        f'<rect width="{w}" height="{h}" rx="6" fill="url(#rl-tile)" stroke="#c8b68f" stroke-width="1"/>',
        f'<rect x="2.5" y="2.5" width="{w - 5}" height="{h - 5}" rx="4.5" fill="none" stroke="#ffffff" '
        'stroke-opacity="0.7" stroke-width="1"/>',
    ]
    if isinstance(tile, Tile):
        ink = _TILE_INK[tile.color]
        out.append(_tile_number(w / 2, 31, tile.number, ink))
        out.append(f'<circle cx="{w / 2}" cy="43" r="3.4" fill="none" stroke="{ink}" stroke-width="1.3"/>')
    elif stands_for is None:
        out.append(_smiley(w / 2, 24, 11, _JOKER_INK))
        out.append(f'<circle cx="{w / 2}" cy="45" r="2" fill="{_JOKER_INK}"/>')
    else:
        out.append(_smiley(w / 2, 19, 9.5, _JOKER_INK))
        ink = _TILE_INK[stands_for.color] if isinstance(stands_for, Tile) else _card_ink(stands_for)
        shown = str(stands_for.number) if isinstance(stands_for, Tile) else _card_index(stands_for)
        out.append(
            f'<rect x="7" y="34" width="{w - 14}" height="15" rx="7.5" fill="#ffffff" stroke="{ink}" '
            'stroke-width="1.2"/>'
        )
        out.append(
            f'<text x="{w / 2}" y="45.5" text-anchor="middle" font-size="11.5" font-weight="bold" '
            f'fill="{ink}">{escape(shown)}</text>'
        )
    if mark is not None:
        out.append(_ring(w, h, 6, _PLAYED if mark is Mark.PLAYED else _MOVED, dashed=mark is Mark.MOVED))
    out.append("</g>")
    return "".join(out)


def _card_ink(card: Card) -> str:
    return _CARD_RED if card.suit in _RED_SUITS else _CARD_BLACK


def _card_index(card: Card) -> str:
    return f"{card.rank.symbol}{card.suit.symbol}"


def _card_g(doc: _Doc, x: float, y: float, card: Card | Joker, *, stands_for: Face | None, mark: Mark | None) -> str:
    doc.defs.add("card")
    w, h = CARD_WIDTH, CARD_HEIGHT
    title = str(card) if stands_for is None else f"{card} = {_face_label(stands_for)}"
    out = [
        f'<g transform="translate({_num(x)},{_num(y)})"><title>{escape(title)}</title>',
        f'<rect x="0.8" y="1.4" width="{w}" height="{h}" rx="4.5" fill="#000" fill-opacity="0.2"/>',
        f'<rect width="{w}" height="{h}" rx="4.5" fill="url(#rl-card)" stroke="#a7a7a2" stroke-width="1"/>',
    ]
    if isinstance(card, Card):
        ink = _card_ink(card)
        rank, suit = card.rank.symbol, card.suit.symbol
        rank_size = 12.5 if len(rank) == 1 else 11
        tight = ' letter-spacing="-1"' if len(rank) > 1 else ""
        index = (
            f'<text x="7.5" y="14" text-anchor="middle" font-size="{rank_size}" font-weight="bold" fill="{ink}"'
            f"{tight}>{rank}</text>"
            f'<text x="7.5" y="26" text-anchor="middle" font-size="11" fill="{ink}">{suit}</text>'
        )
        out.append(index)
        out.append(f'<g transform="rotate(180 {_num(w / 2)} {_num(h / 2)})">{index}</g>')
        if rank in ("J", "Q", "K"):
            out.append(
                f'<rect x="14.5" y="11" width="{w - 29}" height="{h - 22}" rx="2" fill="none" stroke="{ink}" '
                'stroke-opacity="0.45" stroke-width="0.9"/>'
                f'<text x="{_num(w / 2 + 1)}" y="{_num(h / 2 + 1)}" text-anchor="middle" font-size="17" '
                f'font-weight="bold" fill="{ink}">{rank}</text>'
                f'<text x="{_num(w / 2 + 1)}" y="{_num(h / 2 + 14)}" text-anchor="middle" font-size="11" '
                f'fill="{ink}">{suit}</text>'
            )
        else:
            out.append(
                f'<text x="{_num(w / 2 + 2)}" y="{_num(h / 2 + 9)}" text-anchor="middle" font-size="26" '
                f'fill="{ink}">{suit}</text>'
            )
    else:
        out.append(
            f'<text x="7.5" y="15" text-anchor="middle" font-size="13" fill="{_JOKER_INK}">★</text>'
            f'<text x="{_num(w - 7.5)}" y="{_num(h - 7)}" text-anchor="middle" font-size="13" '
            f'fill="{_JOKER_INK}">★</text>'
        )
        out.append(_smiley(w / 2 + 4, 25, 10, _JOKER_INK))
        out.append(
            f'<text x="{_num(w / 2 + 4)}" y="46" text-anchor="middle" font-size="6.5" '
            f'font-weight="bold" letter-spacing="0.6" fill="{_JOKER_INK}">JOKER</text>'
        )
    if stands_for is not None:
        out.append(_stands_for_badge(stands_for))
    if mark is not None:
        out.append(_ring(w, h, 4.5, _PLAYED if mark is Mark.PLAYED else _MOVED, dashed=mark is Mark.MOVED))
    out.append("</g>")
    return "".join(out)


def _stands_for_badge(face: Face) -> str:
    """A pill in a card's visible left strip saying what a joker or wild card stands for."""
    if isinstance(face, Card):
        ink, shown = _card_ink(face), _card_index(face)
    else:
        ink, shown = _TILE_INK[face.color], str(face)
    width = 22 if len(shown) <= 2 else 25
    return (
        f'<rect x="2" y="45" width="{width}" height="14" rx="7" fill="#ffffff" stroke="{ink}" stroke-width="1.1"/>'
        f'<text x="{_num(2 + width / 2)}" y="55.5" text-anchor="middle" font-size="9.5" font-weight="bold" '
        f'fill="{ink}">{escape(shown)}</text>'
    )


def _is_cards(pieces: Iterable[Piece], family: Family | None) -> bool:
    for p in pieces:
        if isinstance(p, Card):
            return True
        if isinstance(p, Tile):
            return False
    return family is Family.CARDS


def _piece_g(
    doc: _Doc, x: float, y: float, p: Piece, *, cards: bool, stands_for: Face | None = None, mark: Mark | None = None
) -> str:
    if isinstance(p, Card) or (isinstance(p, Joker) and cards):
        return _card_g(doc, x, y, p, stands_for=stands_for, mark=mark)
    if isinstance(p, Tile | Joker):
        return _tile_g(doc, x, y, p, stands_for=stands_for, mark=mark)
    raise TypeError(f"not a piece: {p!r}")


def piece(p: Piece, *, size: float | None = None, stands_for: Face | None = None, family: Family | None = None) -> str:
    """A picture of one tile, card or joker.

    Args:
        p: the piece.
        size: width in pixels of the picture (default: natural size, 40 px for a tile).
        stands_for: for a joker (or a wild card), the piece it stands for; shown on its face.
        family: draw a lone joker as a tile (the default) or as a card (``Family.CARDS``).

    Examples:
        >>> from rummylib import JOKER, Card, Family, Tile
        >>> 'width="80"' in piece(Tile.parse("b13"), size=80)
        True
        >>> "★" in piece(JOKER, family=Family.CARDS), "<title>* = 7h</title>" in piece(
        ...     JOKER, family=Family.CARDS, stands_for=Card.parse("7h"))
        (True, True)
    """
    doc = _Doc()
    cards = _is_cards([p], family)
    w, h = (CARD_WIDTH, CARD_HEIGHT) if cards else (TILE_WIDTH, TILE_HEIGHT)
    doc.add(_piece_g(doc, 3, 3, p, cards=cards, stands_for=stands_for))
    return doc.render(w + 6, h + 6, size=size, natural=w + 6, label=str(p))


# ------------------------------------------------------------------------------------------
# Melds
# ------------------------------------------------------------------------------------------


class _Laid:
    """One meld placed on a canvas: its size, and how to draw it at a point."""

    def __init__(
        self,
        m: Meld,
        *,
        cards: bool,
        reading: MeldReading | None,
        invalid: tuple[str, ...] | None,
        marks: Sequence[Mark | None],
        label: str | None,
    ) -> None:
        self.meld = m
        self.cards = cards
        self.reading = reading
        self.invalid = invalid
        self.marks = marks
        self.label = label
        n = len(m.pieces)
        if cards:
            self.width = _CARD_STEP * (n - 1) + CARD_WIDTH if n else CARD_WIDTH
            self.height = CARD_HEIGHT
        else:
            self.width = (TILE_WIDTH + _GAP) * n - _GAP if n else TILE_WIDTH
            self.height = TILE_HEIGHT
        self.full_height = self.height + (_LABEL_H if label else 0)
        self.label_width = _text_width(label or "", 10.5) + (14 if invalid is not None else 0)
        self.slot = max(self.width, self.label_width)
        """Width taken on a table: the pieces, or the label when that is wider."""

    def draw(self, doc: _Doc, x: float, y: float, *, label_ink: str) -> None:
        middle = x + self.slot / 2
        x += (self.slot - self.width) / 2
        step = _CARD_STEP if self.cards else TILE_WIDTH + _GAP
        for i, p in enumerate(self.meld.pieces):
            stands = None
            if self.reading is not None and self.reading.acting[i]:
                stands = self.reading.faces[i]
            doc.add(_piece_g(doc, x + i * step, y, p, cards=self.cards, stands_for=stands, mark=self.marks[i]))
        if self.invalid is not None:
            doc.add(
                f'<rect x="{_num(x - 5)}" y="{_num(y - 5)}" width="{_num(self.width + 10)}" '
                f'height="{_num(self.height + 10)}" rx="9" fill="{_INVALID}" fill-opacity="0.08" '
                f'stroke="{_INVALID}" stroke-width="2.2" stroke-dasharray="6 3.5"><title>invalid: '
                f"{escape(', '.join(self.invalid))}</title></rect>"
            )
        if self.label and self.invalid is not None:
            doc.add(
                f'<rect x="{_num(middle - self.label_width / 2)}" y="{_num(y + self.height + 6)}" '
                f'width="{_num(self.label_width)}" height="15" rx="7.5" fill="#fff4f2" stroke="{_INVALID}" '
                'stroke-width="1"/>'
                f'<text x="{_num(middle)}" y="{_num(y + self.height + 17)}" text-anchor="middle" '
                f'font-size="10.5" font-weight="bold" fill="{_INVALID}">{escape(self.label)}</text>'
            )
        elif self.label:
            doc.add(
                f'<text x="{_num(middle)}" y="{_num(y + self.height + 16)}" text-anchor="middle" '
                f'font-size="10.5" fill="{label_ink}">{escape(self.label)}</text>'
            )


def _text_width(text: str, font_size: float) -> float:
    """A generous estimate of the width of ``text`` in the sans-serif font used."""
    return len(text) * font_size * 0.62


def _label_for(reading: MeldReading | None, invalid: tuple[str, ...] | None, *, cards: bool) -> str:
    if invalid is not None:
        return "✗ " + ", ".join(invalid)
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


def _lay(
    m: MeldLike,
    *,
    rules: RuleSet | None,
    marks: Sequence[Mark | None] | None = None,
    labels: bool,
    family: Family | None = None,
    problems: Sequence[str] = (),
) -> _Laid:
    """Place one meld; ``problems`` (a turn's findings on it) replace the meld engine's codes."""
    the_meld = _checked_meld(m, rules)
    fam = rules.family if rules is not None else family
    cards = _is_cards(the_meld.pieces, fam)
    reading: MeldReading | None = None
    invalid: tuple[str, ...] | None = None
    if rules is not None:
        reading = read_meld(the_meld, rules=rules)
        if problems:
            invalid = tuple(dict.fromkeys(problems))
        elif reading is None:
            invalid = tuple(dict.fromkeys(v.code for v in meld_violations(the_meld, rules=rules)))
    label = _label_for(reading, invalid, cards=cards) if labels else None
    return _Laid(
        the_meld,
        cards=cards,
        reading=reading,
        invalid=invalid,
        marks=list(marks) if marks is not None else [None] * len(the_meld.pieces),
        label=label or None,
    )


def meld(
    m: MeldLike | MeldReading,
    *,
    rules: RuleSet | None = None,
    size: float | None = None,
    labels: bool = False,
) -> str:
    """A picture of one meld, pieces in the order laid.

    With ``rules`` (or given a `MeldReading`), each joker shows what it stands for; an invalid
    meld is outlined in red and, with ``labels``, its problem codes are written under it. A valid
    meld's label gives its kind and value (``run · 18``).

    Args:
        m: a meld, its notation, a sequence of pieces, or a reading from `check_meld`.
        rules: the game, to judge the meld; ``None`` to draw it as is.
        size: width in pixels of one tile (default 40); the picture scales with it.
        labels: write the kind and value (or the problem codes) under the meld.

    Raises:
        NotationError: ``m`` is notation that cannot be read.
        InvalidPiecesError: more copies of a piece than the game holds.

    Examples:
        >>> from rummylib import RUMMIKUB, SHANGHAI, check_meld
        >>> picture = meld("r7 b7 k7 *", rules=RUMMIKUB, labels=True)
        >>> "group · 28" in picture
        True
        >>> "run-wraps" in meld("Kc Ac 2c 3c", rules=SHANGHAI, labels=True)
        True
        >>> "<title>* = 8h</title>" in meld(check_meld("7h * 9h", rules=SHANGHAI))
        True
    """
    doc = _Doc()
    if isinstance(m, MeldReading):
        cards = _is_cards(m.meld.pieces, None)
        label = _label_for(m, None, cards=cards) if labels else None
        laid = _Laid(m.meld, cards=cards, reading=m, invalid=None, marks=[None] * len(m.meld), label=label)
    else:
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
# Racks and tables
# ------------------------------------------------------------------------------------------


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
    if marks is not None and len(marks) != len(items):
        raise RequestError(
            f"marks has {len(marks)} entries but the rack holds {len(items)} pieces; "
            "give one per piece (None for none)",
            code=ErrorCode.BAD_FIELD,
        )
    order = sorted(range(len(items)), key=lambda i: piece_sort_key(items[i])) if sort else list(range(len(items)))
    shown = [items[i] for i in order]
    shown_marks = [marks[i] for i in order] if marks is not None else None
    laid = _Laid(
        Meld(shown),
        cards=_is_cards(shown, family),
        reading=None,
        invalid=None,
        marks=shown_marks if shown_marks is not None else [None] * len(shown),
        label=None,
    )
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
    per_line = max(20, int(width / (font_size * 0.58)))
    lines: list[str] = []
    line = ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > per_line:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return [*lines, line] if line else lines


def _table_svg(
    laid: Sequence[_Laid],
    *,
    width: float,
    size: float | None,
    label: str,
    notes: Sequence[tuple[str, str, bool]] = (),
    legend: bool = False,
) -> str:
    doc = _Doc()
    doc.defs.add("felt")
    inner = max(width - 2 * _PAD, TILE_WIDTH * 3)
    placed, widest, height = _flow(laid, inner)
    if not placed:
        widest, height = TILE_WIDTH * 3, TILE_HEIGHT
    wrapped = len({y for _, _, y in placed}) > 1
    total_w = max(widest, inner if wrapped or notes or legend else widest) + 2 * _PAD
    lines = [(line, ink, bold) for text, ink, bold in notes for line in _wrap(text, total_w - 2 * _PAD, 11)]
    notes_h = 16 * len(lines) + (6 if lines else 0)
    total_h = height + 2 * _PAD + notes_h + (22 if legend else 0)
    doc.add(f'<rect width="{_num(total_w)}" height="{_num(total_h)}" rx="12" fill="url(#rl-felt)"/>')
    doc.add(
        f'<rect x="3" y="3" width="{_num(total_w - 6)}" height="{_num(total_h - 6)}" rx="10" fill="none" '
        'stroke="#ffffff" stroke-opacity="0.12" stroke-width="1.5"/>'
    )
    if not placed:
        doc.add(
            f'<text x="{_num(_PAD + widest / 2)}" y="{_num(_PAD + height / 2 + 4)}" text-anchor="middle" '
            f'font-size="12" fill="{_FELT_TEXT}" fill-opacity="0.7">empty table</text>'
        )
    for item, x, y in placed:
        item.draw(doc, _PAD + x, _PAD + y, label_ink=_FELT_TEXT)
    y = _PAD + height + 6
    for line, ink, bold in lines:
        y += 16
        weight = ' font-weight="bold"' if bold else ""
        doc.add(f'<text x="{_PAD + 2}" y="{_num(y - 4)}" font-size="11"{weight} fill="{ink}">{escape(line)}</text>')
    if legend:
        doc.add(_legend(total_h - 12))
    return doc.render(
        total_w,
        total_h,
        size=None if size is None else size * total_w / TILE_WIDTH,
        natural=total_w,
        label=label,
    )


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
        labels: write kind and value (or problem codes) under every meld, when ``rules`` is given.
        marks: highlights keyed by ``(meld index, piece index)``.

    Raises:
        NotationError: notation that cannot be read.
        InvalidPiecesError: more copies of a piece than the game holds in one meld, or an item
            that is not a meld (code ``not-a-piece``).

    Examples:
        >>> from rummylib import RUMMIKUB
        >>> picture = table("r1 r2 r3 | k7 b7 y7 * | r9 b9 r9", rules=RUMMIKUB)
        >>> "run · 6" in picture, "group · 28" in picture, "group-colour-repeated" in picture
        (True, True, True)
    """
    # Table.of reads notation and checks that every item is a meld (a clear error when not).
    source: TableLike = melds if isinstance(melds, str | Table) or not isinstance(melds, Iterable) else list(melds)
    laid = []
    for i, the_meld in enumerate(Table.of(source, rules=rules).melds):
        row_marks = [(marks or {}).get((i, j)) for j in range(len(the_meld.pieces))]
        laid.append(_lay(the_meld, rules=rules, marks=row_marks, labels=labels and rules is not None))
    return _table_svg(laid, width=width, size=size, label=" | ".join(str(x.meld) for x in laid))


# ------------------------------------------------------------------------------------------
# Turns
# ------------------------------------------------------------------------------------------


def _legend(y: float) -> str:
    items = [
        (_PLAYED, "played from the rack", ""),
        (_MOVED, "moved on the table", ' stroke-dasharray="3 2"'),
        (_INVALID, "invalid set", ' stroke-dasharray="3 2"'),
    ]
    out = []
    x: float = _PAD + 2
    for colour, text, dash in items:
        out.append(
            f'<rect x="{_num(x)}" y="{_num(y - 9)}" width="11" height="11" rx="2.5" fill="none" '
            f'stroke="{colour}" stroke-width="2"{dash}/>'
            f'<text x="{_num(x + 16)}" y="{_num(y)}" font-size="10.5" fill="{_FELT_TEXT}">{text}</text>'
        )
        x += 22 + _text_width(text, 10.5)
    return "".join(out)


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
    return _place_marks(melds, moves)


def _place_marks(after: Sequence[Meld], moves: Iterable[tuple[Piece, int | None, Mark]]) -> dict[tuple[int, int], Mark]:
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


def turn(
    before: TableLike,
    rack: str | Iterable[Piece],
    after: TableLike,
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
    every invalid set is outlined in red with its problem codes. Problems that belong to no set
    (a tile gone back to the rack, an initial meld below the threshold) are written under the
    table, after the verdict. The arguments are those of `rummylib.rummikub.validate_turn`.

    Args:
        before: the table at the start of the turn (a ``Table``, notation, or a list of melds).
        rack: the player's rack at the start of the turn.
        after: the table the player proposes.
        rules: the rule set.
        initial_meld_done: whether the player had already made the initial meld.
        report: the ``TurnReport`` of these tables, when already computed (it is not recomputed).
        size: width in pixels of one tile (default 40).
        width: the widest a row may be (default 640, 16 tiles).
        labels: write kind and value (or problem codes) under every set.

    Raises:
        NotationError: notation that cannot be read.
        InvalidPiecesError: more copies of a tile than the box holds.

    Examples:
        >>> from rummylib import RUMMIKUB
        >>> picture = turn("r3 r4 r5 r6 | k9 b9 y9", "r7 r8 b1", "r3 r4 r5 | r6 r7 r8 | k9 b9 y9",
        ...                rules=RUMMIKUB, initial_meld_done=True)
        >>> picture.count(_PLAYED) >= 2, picture.count(_MOVED) >= 1, "legal turn" in picture
        (True, True, True)
        >>> "table-tile-missing" in turn("r3 r4 r5 r6", "r1", "r3 r4 r5", rules=RUMMIKUB,
        ...                              initial_meld_done=True)
        True
    """
    new = Table.of(after, rules=rules)
    if report is None:
        report = validate_turn(before, rack, new, rules=rules, initial_meld_done=initial_meld_done)
    marks = turn_marks(report, new.melds)
    codes: dict[int, list[str]] = {}
    loose: list[str] = []
    for v in report.violations:
        if v.meld_index is not None and 0 <= v.meld_index < len(new.melds):
            codes.setdefault(v.meld_index, []).append(v.code)
        else:
            loose.append(str(v))
    laid = [
        _lay(
            m,
            rules=rules,
            marks=[marks.get((j, k)) for k in range(len(m.pieces))],
            labels=labels,
            problems=codes.get(j, ()),
        )
        for j, m in enumerate(new.melds)
    ]
    played = format_pieces(report.played) or "nothing"
    verdict = f"✓ legal turn: played {played}" if report.valid else f"✗ illegal turn (played {played})"
    notes = [(verdict, "#c9f5d6" if report.valid else "#ffd9d3", True)]
    notes += [(f"✗ {text}", "#ffd9d3", False) for text in loose]
    return _table_svg(laid, width=width, size=size, label=str(new) or "empty table", notes=notes, legend=True)
