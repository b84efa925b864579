"""The pieces of `rummylib.svg`: inks, shapes, marks, one tile or card, and the SVG document.

Everything in the package writes SVG text by hand. A picture is a `_Doc` (its elements and the
shared ``<defs>`` they use); this module draws single pieces into one.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from enum import StrEnum
from html import escape

from rummylib.cards import Card, Suit
from rummylib.melds import Face
from rummylib.pieces import Family, Joker, Piece
from rummylib.tiles import Color, Tile

TILE_WIDTH = 40
"""Width of a tile in SVG user units (a picture's ``size`` rescales it)."""
TILE_HEIGHT = 54
"""Height of a tile in SVG user units."""
CARD_WIDTH = 48
"""Width of a card in SVG user units."""
CARD_HEIGHT = 64
"""Height of a card in SVG user units."""

_GAP = 3  # between the pieces of one meld
_CARD_STEP = 27  # cards in a meld overlap, each showing its left index
_FONT = "DejaVu Sans, Verdana, Helvetica, Arial, sans-serif"

TILE_INK: Mapping[Color, str] = {
    Color.BLACK: "#1d1d1f",
    Color.BLUE: "#1463b8",
    Color.YELLOW: "#e38800",
    Color.RED: "#d0271f",
    Color.GREEN: "#2e8b3e",
    Color.PURPLE: "#7a3db0",
    Color.CYAN: "#00939f",
    Color.MAGENTA: "#c2185b",
}
"""The ink of each tile colour (numbers and colour marks are drawn in it)."""

TILE_SHAPES: Mapping[Color, str] = {
    Color.BLACK: "circle",
    Color.BLUE: "square",
    Color.YELLOW: "triangle",
    Color.RED: "diamond",
    Color.GREEN: "plus",
    Color.PURPLE: "star",
    Color.CYAN: "hexagon",
    Color.MAGENTA: "ring",
}
"""The mark under a tile's number, one shape per colour, so that colour is never the only clue."""

_RED_SUITS = frozenset({Suit.HEARTS, Suit.DIAMONDS})
CARD_RED = "#c8201d"
"""The ink of hearts and diamonds."""
CARD_BLACK = "#1d1d1f"
"""The ink of clubs and spades."""
_JOKER_INK = "#c0392b"
PLAYED_INK = "#1e9e4a"
"""The frame of a piece played from the rack (`Mark.PLAYED`): solid green."""
MOVED_INK = "#f2a900"
"""The frame of a table piece that changed set (`Mark.MOVED`): dashed amber."""
LAID_OFF_INK = "#3f7fe0"
"""The frame of a piece laid off on another player's meld (`Mark.LAID_OFF`): dotted blue."""
INVALID_INK = "#e0301e"
"""The outline of an invalid meld: dashed red, with its problems in words under it."""
_FELT_TEXT = "#e8f1ec"
_FELT_SOFT = "#b9d6c8"
GOOD_NOTE = "#c9f5d6"
BAD_NOTE = "#ffd9d3"

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
    """How a piece is highlighted in a picture of a turn or a result.

    Examples:
        >>> Mark("played") is Mark.PLAYED
        True
    """

    PLAYED = "played"
    """Came from the player's rack this turn (a solid green frame)."""
    MOVED = "moved"
    """Was on the table before but now sits in another set (a dashed amber frame)."""
    LAID_OFF = "laid-off"
    """Laid off on another player's meld (a dotted blue frame)."""


_MARK_STYLE: Mapping[Mark, tuple[str, str]] = {
    Mark.PLAYED: (PLAYED_INK, ""),
    Mark.MOVED: (MOVED_INK, ' stroke-dasharray="5 3"'),
    Mark.LAID_OFF: (LAID_OFF_INK, ' stroke-dasharray="1.5 2.6" stroke-linecap="round"'),
}


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


def _tile_number(x: float, y: float, number: int, ink: str) -> str:
    text = str(number)
    size = 24 if len(text) == 1 else 21
    spacing = ' letter-spacing="-1"' if len(text) > 1 else ""
    return (
        f'<text x="{_num(x)}" y="{_num(y)}" text-anchor="middle" font-size="{size}" font-weight="bold" '
        f'fill="{ink}"{spacing}>{text}</text>'
    )


def _polygon(cx: float, cy: float, r: float, corners: int, turn: float, ink: str, *, inner: float = 0) -> str:
    """A regular polygon (or, with ``inner``, a star) of radius ``r`` centred on ``(cx, cy)``."""
    points = []
    steps = corners * 2 if inner else corners
    for k in range(steps):
        radius = (inner if k % 2 else r) if inner else r
        angle = math.pi * 2 * k / steps + turn
        points.append(f"{_num(cx + radius * math.sin(angle))},{_num(cy - radius * math.cos(angle))}")
    return f'<polygon points="{" ".join(points)}" fill="{ink}"/>'


def _colour_mark(color: Color, cx: float, cy: float, ink: str) -> str:
    """The shape that names a tile's colour without its colour (see `TILE_SHAPES`)."""
    shape = TILE_SHAPES[color]
    r = 4.3
    if shape == "circle":
        return f'<circle cx="{_num(cx)}" cy="{_num(cy)}" r="{_num(r * 0.9)}" fill="{ink}"/>'
    if shape == "square":
        side = r * 1.55
        return (
            f'<rect x="{_num(cx - side / 2)}" y="{_num(cy - side / 2)}" width="{_num(side)}" '
            f'height="{_num(side)}" fill="{ink}"/>'
        )
    if shape == "triangle":
        return _polygon(cx, cy + 0.8, r * 1.2, 3, 0, ink)
    if shape == "diamond":
        return _polygon(cx, cy, r * 1.15, 4, 0, ink)
    if shape == "plus":
        arm, half = r * 1.1, r * 0.38
        return (
            f'<rect x="{_num(cx - arm)}" y="{_num(cy - half)}" width="{_num(2 * arm)}" height="{_num(2 * half)}" '
            f'fill="{ink}"/><rect x="{_num(cx - half)}" y="{_num(cy - arm)}" width="{_num(2 * half)}" '
            f'height="{_num(2 * arm)}" fill="{ink}"/>'
        )
    if shape == "star":
        return _polygon(cx, cy + 0.4, r * 1.25, 5, 0, ink, inner=r * 0.55)
    if shape == "hexagon":
        return _polygon(cx, cy, r * 1.05, 6, math.pi / 6, ink)
    return (
        f'<circle cx="{_num(cx)}" cy="{_num(cy)}" r="{_num(r * 0.85)}" fill="none" stroke="{ink}" stroke-width="1.8"/>'
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


def _ring(w: float, h: float, rx: float, mark: Mark) -> str:
    colour, dash = _MARK_STYLE[mark]
    return (
        f'<rect x="1.4" y="1.4" width="{_num(w - 2.8)}" height="{_num(h - 2.8)}" rx="{_num(rx - 1)}" '
        f'fill="none" stroke="{colour}" stroke-width="2.8"{dash}/>'
    )


def _face_ink(face: Face) -> str:
    return TILE_INK[face.color] if isinstance(face, Tile) else _card_ink(face)


def _tile_g(doc: _Doc, x: float, y: float, tile: Tile | Joker, *, stands_for: Face | None, mark: Mark | None) -> str:
    doc.defs.add("tile")
    w, h = TILE_WIDTH, TILE_HEIGHT
    title = str(tile) if stands_for is None else f"{tile} = {stands_for}"
    out = [
        f'<g transform="translate({_num(x)},{_num(y)})"><title>{escape(title)}</title>',
        f'<rect x="0.8" y="1.6" width="{w}" height="{h}" rx="6" fill="#000" fill-opacity="0.22"/>',
        f'<rect width="{w}" height="{h}" rx="6" fill="url(#rl-tile)" stroke="#c8b68f" stroke-width="1"/>',
        f'<rect x="2.5" y="2.5" width="{w - 5}" height="{h - 5}" rx="4.5" fill="none" stroke="#ffffff" '
        'stroke-opacity="0.7" stroke-width="1"/>',
    ]
    if isinstance(tile, Tile):
        ink = TILE_INK[tile.color]
        out.append(_tile_number(w / 2, 31, tile.number, ink))
        out.append(_colour_mark(tile.color, w / 2, 43.5, ink))
    elif stands_for is None:
        out.append(_smiley(w / 2, 24, 11, _JOKER_INK))
        out.append(f'<circle cx="{w / 2}" cy="45" r="2" fill="{_JOKER_INK}"/>')
    else:
        out.append(_smiley(w / 2, 19, 9.5, _JOKER_INK))
        ink = _face_ink(stands_for)
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
        out.append(_ring(w, h, 6, mark))
    out.append("</g>")
    return "".join(out)


def _card_ink(card: Card) -> str:
    return CARD_RED if card.suit in _RED_SUITS else CARD_BLACK


def _card_index(card: Card) -> str:
    return f"{card.rank.symbol}{card.suit.symbol}"


def _card_face(card: Card, w: float, h: float) -> str:
    ink = _card_ink(card)
    rank, suit = card.rank.symbol, card.suit.symbol
    rank_size = 12.5 if len(rank) == 1 else 11
    tight = ' letter-spacing="-1"' if len(rank) > 1 else ""
    index = (
        f'<text x="7.5" y="14" text-anchor="middle" font-size="{rank_size}" font-weight="bold" fill="{ink}"'
        f"{tight}>{rank}</text>"
        f'<text x="7.5" y="26" text-anchor="middle" font-size="11" fill="{ink}">{suit}</text>'
    )
    out = [index, f'<g transform="rotate(180 {_num(w / 2)} {_num(h / 2)})">{index}</g>']
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
    return "".join(out)


def _joker_face(w: float, h: float, *, badge: bool) -> str:
    """A joker card: stars in two corners, a face and the word; with a badge, all of it higher."""
    star = (
        f'<text x="7.5" y="15" text-anchor="middle" font-size="13" fill="{_JOKER_INK}">★</text>'
        f'<text x="{_num(w - 7.5)}" y="{_num(h - 7)}" text-anchor="middle" font-size="13" '
        f'fill="{_JOKER_INK}">★</text>'
    )
    # The badge sits in the card's bottom-left strip (the part a fanned meld leaves visible), so
    # with one the face and the word move up and clear it.
    face_y, word_y = (21, 38) if badge else (25, 46)
    return (
        star
        + _smiley(w / 2 + 4, face_y, 9.5 if badge else 10, _JOKER_INK)
        + f'<text x="{_num(w / 2 + 4)}" y="{word_y}" text-anchor="middle" font-size="6.5" '
        f'font-weight="bold" letter-spacing="0.6" fill="{_JOKER_INK}">JOKER</text>'
    )


def _card_g(doc: _Doc, x: float, y: float, card: Card | Joker, *, stands_for: Face | None, mark: Mark | None) -> str:
    doc.defs.add("card")
    w, h = CARD_WIDTH, CARD_HEIGHT
    title = str(card) if stands_for is None else f"{card} = {stands_for}"
    out = [
        f'<g transform="translate({_num(x)},{_num(y)})"><title>{escape(title)}</title>',
        f'<rect x="0.8" y="1.4" width="{w}" height="{h}" rx="4.5" fill="#000" fill-opacity="0.2"/>',
        f'<rect width="{w}" height="{h}" rx="4.5" fill="url(#rl-card)" stroke="#a7a7a2" stroke-width="1"/>',
    ]
    out.append(_card_face(card, w, h) if isinstance(card, Card) else _joker_face(w, h, badge=stands_for is not None))
    if stands_for is not None:
        out.append(_stands_for_badge(stands_for))
    if mark is not None:
        out.append(_ring(w, h, 4.5, mark))
    out.append("</g>")
    return "".join(out)


def _stands_for_badge(face: Face) -> str:
    """A pill in a card's visible left strip saying what a joker or wild card stands for."""
    ink = _face_ink(face)
    shown = _card_index(face) if isinstance(face, Card) else str(face)
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

    A tile shows its number in its colour and, under it, a shape that names the colour (see
    `TILE_SHAPES`), so the picture can be read without telling the colours apart.

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
