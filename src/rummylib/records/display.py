"""The records' text for people: what a seat sees, and what a move did to its hand.

`view_lines` shows any referee's ``view(seat)`` by what its fields hold, so a view of any game
(one added later too) reads the same way; `rummylib replay` and `rummylib show` print it, and
`Record.describe` and `Turn.describe` are built on it.

Examples:
    >>> from rummylib import GIN_RUMMY
    >>> from rummylib.gin import GinHand
    >>> view_lines(GinHand.deal(rules=GIN_RUMMY, seed=7).view(1))[0]
    'hand: Ac Jc Qc 2d 5d 7d 6h As 2s Qs'
"""

from __future__ import annotations

import enum
import re
from collections.abc import Sequence
from typing import Any, TypeGuard

import attrs

from rummylib.cards import Card
from rummylib.melds import Meld
from rummylib.pieces import Joker, Piece, PieceCount, format_pieces, piece_sort_key
from rummylib.table import Table
from rummylib.tiles import Tile

__all__ = ["view_lines"]

_OWN = re.compile(r"hand|rack")


def own_pieces(seen: object) -> tuple[Any, ...]:
    """The viewer's own pieces in a view: its first field of pieces that is no pile, or its seat's hand."""
    kind: Any = type(seen)
    viewer = getattr(seen, "viewer", None)
    for f in attrs.fields(kind) if attrs.has(kind) else ():
        value = getattr(seen, f.name)
        if _is_pieces(value) and not any(word in f.name for word in ("discard", "stock", "pool")):
            return tuple(value)
        if (
            isinstance(value, tuple)
            and isinstance(viewer, int)
            and 0 <= viewer < len(value)
            and all(v is None or _is_pieces(v) for v in value)
            and value[viewer] is not None
        ):
            return tuple(value[viewer])
    return ()


def pieces_taken(before: object, after: object) -> tuple[Any, ...]:
    """The few pieces (one to three) a move put into the viewer's hand: a draw, a buy, a joker taken."""
    added = PieceCount.of(own_pieces(after)) - PieceCount.of(own_pieces(before))
    return tuple(sorted(added, key=piece_sort_key)) if 1 <= len(added) <= 3 else ()


def seat_name(seat: int, names: Sequence[str]) -> str:
    """``player 1``, or ``player 1 (Bob)`` when the seat has a name."""
    return f"player {seat} ({names[seat]})" if seat < len(names) else f"player {seat}"


# ------------------------------------------------------------------------------------------
# Views for people
# ------------------------------------------------------------------------------------------


def _is_pieces(value: object) -> TypeGuard[tuple[Piece, ...]]:
    return isinstance(value, tuple) and all(isinstance(p, Tile | Card | Joker) for p in value)


def view_lines(seen: object) -> list[str]:
    """What one seat sees, for people: pieces and melds on lines of their own, then the facts on one line.

    ``seen`` is a referee's ``view(seat)``; its fields are shown by what they hold, so a view of any
    game (one added later too) reads the same way.

    Examples:
        >>> from rummylib import RUMMIKUB
        >>> from rummylib.rummikub import RummikubGame
        >>> for line in view_lines(RummikubGame.deal(rules=RUMMIKUB, players=2, seed=1).view(0)):
        ...     print(line)
        hand: K3 K5 K6 K11 K12 B4 B6 B7 B7 B11 Y1 R4 R4 R12
        table: -
        to move 0 · hand sizes 14 14 · stock size 78 · initial meld done no no
    """
    kind: Any = type(seen)
    if not attrs.has(kind):
        return [str(seen)]
    lines: list[str] = []
    facts: list[str] = []
    shown: set[tuple[int, tuple[Piece, ...]]] = set()  # a seat's pieces, once (a Gin hand's known and shown)
    viewer = getattr(seen, "viewer", None)
    for f in attrs.fields(kind):
        name, value = f.name.replace("_", " "), getattr(seen, f.name)
        if f.name == "viewer" or value is None:
            continue
        if isinstance(value, Table) or (
            isinstance(value, tuple) and _all_melds(value) and (value or "table" in f.name)
        ):
            melds = value.melds if isinstance(value, Table) else value
            lines.append(f"{name}: " + (" | ".join(str(m) for m in melds) or "-"))
        elif _is_pieces(value) and "discard" in f.name and value:
            more = "... " if len(value) > 3 else ""
            lines.append(
                f"{name}: {more}{format_pieces(value[-3:])} ({len(value)} card{'s' if len(value) != 1 else ''})"
            )
        elif _is_pieces(value):
            if f.name == "hand" and isinstance(viewer, int):
                shown.add((viewer, value))  # (a contract view's ``hands`` holds it again)
            if value or (_OWN.search(f.name) and viewer is not None):  # a seat's own hand, even empty
                lines.append(f"{name}: {format_pieces(sorted(value, key=piece_sort_key)) or '-'}")
        elif isinstance(value, tuple) and value and all(v is None or _is_pieces(v) for v in value):
            for seat, held in enumerate(value):
                if held is None or (not held and not _OWN.search(f.name)) or (seat, held) in shown:
                    continue  # hidden, nothing to show (no card of that seat's known yet), or shown already
                shown.add((seat, held))
                if seat == viewer or viewer is None or f.name != "hands":
                    one = name[:-1] if name.endswith("s") else name
                    whose = one if seat == viewer and _OWN.search(f.name) else f"{one} of seat {seat}"
                    lines.append(f"{whose}: {format_pieces(sorted(held, key=piece_sort_key)) or '-'}")
        elif attrs.has(type(value)) and not isinstance(value, Meld | Tile | Card | Joker):
            inner = [_fact(g.name, getattr(value, g.name)) for g in attrs.fields(type(value))]
            lines.append(f"{name}: " + " · ".join(x for x in inner if x))
        else:
            fact = _fact(f.name, value)
            if fact:
                facts.append(fact)
    if facts:
        lines.append(" · ".join(facts))
    return lines


def _all_melds(value: tuple[object, ...]) -> bool:
    """Melds, or values that hold one (a contract game's table melds, with their owners)."""
    return all(
        isinstance(v, Meld) or (attrs.has(type(v)) and isinstance(getattr(v, "meld", None), Meld)) for v in value
    )


def _fact(field: str, value: object) -> str | None:
    """One fact of a view, ``name value``, or ``None`` for what a fact cannot show."""
    name = field.replace("_", " ")
    if value is None or value is False:
        return None
    if value is True:
        return name
    if isinstance(value, enum.Enum):
        return f"{name} {value.value}"
    if isinstance(value, int | str | Tile | Card | Joker):
        return f"{name} {value}"
    if _is_pieces(value):
        return f"{name} {format_pieces(value) or '-'}"
    if isinstance(value, tuple) and value and all(isinstance(v, enum.Enum) for v in value):
        return f"{name} " + " ".join(str(v.value) for v in value)
    if isinstance(value, tuple) and all(isinstance(v, bool | int) for v in value):
        return f"{name} " + (" ".join("yes" if v is True else "no" if v is False else str(v) for v in value) or "-")
    if isinstance(value, tuple) and all(isinstance(v, Meld) for v in value):
        return f"{name} " + (" | ".join(str(v) for v in value) or "-")
    return None
