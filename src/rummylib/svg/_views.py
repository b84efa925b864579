"""Pictures of what one seat sees of a game (a referee's ``view``), for `rummylib.svg`.

`view` draws any view. Each known view type has a drawer, registered with `_draws`, that says
which sections (table, hands, discard pile) and notes its picture has; a view type without one
(a new game's, say) is drawn from its fields by `_any_view`, so a new game's view has a picture
before anyone writes a drawer for it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import Enum
from typing import Any, TypeVar

import attrs

from rummylib import _inputs
from rummylib.cards import Card
from rummylib.contracts import RoundView, TableMeld
from rummylib.errors import RummyError
from rummylib.gin import GinPhase, GinView
from rummylib.melds import Meld, MeldKind, MeldReading
from rummylib.pieces import Family, Joker, Piece, piece_sort_key
from rummylib.rules import RUMMIKUB, RuleSet
from rummylib.rummikub import RummikubView
from rummylib.svg._board import _PAD, _board, _Laid, _lay, _loose, _Note, _Section
from rummylib.svg._pieces import _CARD_STEP, _GAP, CARD_WIDTH, TILE_WIDTH
from rummylib.table import Table
from rummylib.tiles import Tile


class _Scene:
    """What a view's picture holds: a title, its sections and its notes."""

    def __init__(self, title: str, sections: Sequence[_Section], notes: Sequence[_Note] = ()) -> None:
        self.title = title
        self.sections = list(sections)
        self.notes = list(notes)


_Drawer = Callable[[Any, RuleSet | None, bool, float], _Scene]
_DRAWERS: dict[type, _Drawer] = {}
_D = TypeVar("_D", bound=_Drawer)


def _draws(kind: type) -> Callable[[_D], _D]:
    """Register the drawer of one view type."""

    def register(drawer: _D) -> _D:
        _DRAWERS[kind] = drawer
        return drawer

    return register


def view(
    seen: object,
    *,
    rules: RuleSet | None = None,
    size: float | None = None,
    width: float = 640,
    labels: bool = True,
) -> str:
    """A picture of what one seat sees of a game: the table, that seat's own pieces, and the counts.

    ``seen`` is a referee's ``view(seat)``: a `rummylib.rummikub.RummikubView`, a
    `rummylib.contracts.RoundView` or a `rummylib.gin.GinView`. Any other view value is drawn
    from its fields (melds, pieces, and the numbers and words beside them), so the view of a game
    added later has a picture too. Every referee state shows this picture in Jupyter, for the
    seat to move.

    Args:
        seen: the view.
        rules: the game's rule set, to read the table's melds exactly (jokers, values); without
            it they are read by the box rules.
        size: width in pixels of one tile or card (default 40).
        width: the widest the picture may be (default 640, 16 tiles).
        labels: write kind and value under every meld.

    Examples:
        >>> from rummylib import GIN_RUMMY, RUMMIKUB
        >>> from rummylib.gin import GinHand
        >>> from rummylib.rummikub import RummikubGame
        >>> picture = view(RummikubGame.deal(rules=RUMMIKUB, players=3, seed=2).view(1), rules=RUMMIKUB)
        >>> "Rack of seat 1 (14 tiles)" in picture, "pool: 64 tiles" in picture
        (True, True)
        >>> "Hand of seat 0 (10 cards)" in view(GinHand.deal(rules=GIN_RUMMY, seed=7).view(0))
        True
    """
    labels = _inputs.flag(labels, what="labels")
    drawer = next((_DRAWERS[k] for k in type(seen).__mro__ if k in _DRAWERS), _any_view)
    inner = max(width - 2 * _PAD, TILE_WIDTH * 3)
    scene = drawer(seen, rules, labels, inner)
    return _board(scene.sections, width=width, size=size, label=scene.title, title=scene.title, notes=scene.notes)


# ------------------------------------------------------------------------------------------
# Pieces in hand, melds on the table
# ------------------------------------------------------------------------------------------


def _hand(pieces: Sequence[Piece], *, family: Family, inner: float, stand: bool = True) -> list[_Laid]:
    """A hand or rack in canonical order, in rows that fit the picture (tiles on a wooden stand)."""
    if not pieces:
        return []
    pieces = sorted(pieces, key=piece_sort_key)
    if family is Family.CARDS:
        per_row = max(3, int((inner - CARD_WIDTH) // _CARD_STEP) + 1)
    else:
        per_row = max(3, int((inner - 16 + _GAP) // (TILE_WIDTH + _GAP)))
    rows = [pieces[k : k + per_row] for k in range(0, len(pieces), per_row)]
    return [_loose(row, family=family, stand=stand) for row in rows]


def _count(n: int, one: str) -> str:
    return f"1 {one}" if n == 1 else f"{n} {one}s"


def _seats(values: Sequence[object]) -> str:
    return ", ".join(f"seat {seat}: {value}" for seat, value in enumerate(values))


def _who(seat: int | None, viewer: int | None) -> str:
    if seat is None:
        return "nobody"
    return f"seat {seat} (you)" if seat == viewer else f"seat {seat}"


def _melds(melds: Sequence[Meld], *, rules: RuleSet | None, labels: bool, reader: RuleSet | None) -> list[_Laid]:
    return [_lay(m, rules=rules, labels=labels, reader=reader) for m in melds]


# ------------------------------------------------------------------------------------------
# The drawers of the known views
# ------------------------------------------------------------------------------------------


@_draws(RummikubView)
def _rummikub_view(seen: RummikubView, rules: RuleSet | None, labels: bool, inner: float) -> _Scene:
    game = rules.title if rules is not None else "Rummikub"
    if seen.is_over:
        status = (
            f"game over: {_who(seen.winner, seen.viewer)} went out"
            if seen.winner is not None
            else ("game over: nobody went out")
        )
    else:
        status = f"{_who(seen.to_move, seen.viewer)} to play"
    table = _Section(
        "Table", _melds(seen.table.melds, rules=rules, labels=labels, reader=RUMMIKUB), empty="empty table"
    )
    rack = _Section(
        f"Rack of seat {seen.viewer} ({_count(len(seen.hand), 'tile')})",
        _hand(seen.hand, family=Family.TILES, inner=inner),
        empty="empty rack",
    )
    opened = [str(seat) for seat, done in enumerate(seen.initial_meld_done) if done]
    notes = [
        _Note(f"pool: {_count(seen.stock_size, 'tile')} · racks: {_seats(seen.hand_sizes)}"),
        _Note(f"initial meld made by seat {', '.join(opened)}" if opened else "no initial meld made yet"),
    ]
    if seen.turns_left is not None and not seen.is_over:
        notes.append(_Note(f"the pool is empty: {_count(seen.turns_left, 'turn')} left"))
    return _Scene(f"{game}, seen by seat {seen.viewer}: {status}", [table, rack], notes)


def _table_meld(tm: TableMeld, *, labels: bool) -> _Laid:
    kind = "set" if tm.reading.kind is MeldKind.GROUP else "run"
    return _lay(tm.reading, rules=None, labels=labels, family=Family.CARDS, label=f"{kind} · seat {tm.owner}")


def _contract_text(rules: RuleSet | None, number: int) -> str:
    if rules is None:
        return f"round {number}"
    try:
        return f"round {number}: {rules.round(number).contract}"
    except RummyError:
        return f"round {number}"


@_draws(RoundView)
def _round_view(seen: RoundView, rules: RuleSet | None, labels: bool, inner: float) -> _Scene:
    game = rules.title if rules is not None else "Contract game"
    viewer = seen.viewer
    phase = seen.phase.value
    if seen.round_result is not None:
        status = "round over: " + _seats(seen.round_result.scores)
    elif seen.window is not None:
        waiting = ", ".join(str(s) for s in seen.window.waiting) or "nobody"
        status = f"{seen.window.card} is on offer; seats that may still buy it: {waiting}"
    elif phase == "draw":
        status = f"{_who(seen.to_move, viewer)} to draw"
    else:
        status = f"{_who(seen.to_move, viewer)} to play"
    sections = [
        _Section("Table", [_table_meld(tm, labels=labels) for tm in seen.table], empty="no meld down yet"),
    ]
    for seat, held in enumerate(seen.hands):
        if held is not None:
            caption = f"Hand of seat {seat} ({_count(len(held), 'card')})"
            sections.append(_Section(caption, _hand(held, family=Family.CARDS, inner=inner), empty="no cards"))
    top = seen.upcard
    sections.append(
        _Section(
            f"Discard pile ({_count(len(seen.discards), 'card')})",
            [_loose([top], family=Family.CARDS)] if top is not None else [],
            empty="empty",
            beside=True,
        )
    )
    down = [str(seat) for seat, d in enumerate(seen.down) if d]
    notes = [
        _Note(status, bold=True),
        _Note(f"stock: {_count(seen.stock_size, 'card')} · hands: {_seats(seen.hand_sizes)}"),
        _Note(f"down: seat {', '.join(down)}" if down else "nobody is down yet"),
    ]
    if any(seen.buys):
        notes.append(_Note(f"buys: {_seats(seen.buys)}"))
    who = f"seat {viewer}" if viewer is not None else "the whole table"
    return _Scene(f"{game}, {_contract_text(rules, seen.round_number)} (seen by {who})", sections, notes)


@_draws(GinView)
def _gin_view(seen: GinView, rules: RuleSet | None, labels: bool, inner: float) -> _Scene:
    del rules, labels
    game = "Gin Rummy" + (f", hand {seen.round_number}" if seen.round_number is not None else "")
    if seen.phase is GinPhase.OVER:
        status = "the hand is over"
        if seen.round_result is not None:
            r = seen.round_result
            status += f": the {r.winner} wins {_count(r.points, 'point')} ({r.kind.value.replace('_', ' ')})"
    else:
        status = f"{_who(seen.to_move, seen.viewer)} to {seen.phase.value}"
    sections = []
    if seen.shown is not None:
        for seat, held in enumerate(seen.shown):
            sections.append(_Section(f"Hand of seat {seat} (laid down)", _hand(held, family=Family.CARDS, inner=inner)))
    else:
        caption = f"Hand of seat {seen.viewer} ({_count(len(seen.hand), 'card')})"
        sections.append(_Section(caption, _hand(seen.hand, family=Family.CARDS, inner=inner), empty="no cards"))
    top = seen.discards[-1] if seen.discards else None
    sections.append(
        _Section(
            f"Discard pile ({_count(len(seen.discards), 'card')})",
            [_loose([top], family=Family.CARDS)] if top is not None else [],
            empty="empty",
            beside=True,
        )
    )
    other = 1 - seen.viewer
    notes = [
        _Note(status, bold=True),
        _Note(
            f"stock: {_count(seen.stock_size, 'card')} · seat {other} holds {_count(seen.hand_sizes[other], 'card')}"
            f" · first upcard {seen.first_upcard} · knock limit {seen.knock_limit}"
        ),
    ]
    if seen.totals is not None:
        notes.append(_Note(f"game so far: {_seats(seen.totals)}"))
    return _Scene(f"{game}, seen by seat {seen.viewer}", sections, notes)


# ------------------------------------------------------------------------------------------
# Any other view: drawn from its fields
# ------------------------------------------------------------------------------------------

_PIECE_TYPES = (Tile, Card, Joker)


def _is_pieces(value: object) -> bool:
    return isinstance(value, tuple) and bool(value) and all(isinstance(p, _PIECE_TYPES) for p in value)


def _family(pieces: Sequence[Piece], rules: RuleSet | None) -> Family:
    if any(isinstance(p, Card) for p in pieces):
        return Family.CARDS
    if any(isinstance(p, Tile) for p in pieces):
        return Family.TILES
    return rules.family if rules is not None else Family.TILES


def _as_melds(value: object) -> list[MeldReading | Meld] | None:
    """The melds a field holds (a table, melds, readings or table melds), or ``None``."""
    if isinstance(value, Table):
        return list(value.melds)
    if not isinstance(value, tuple) or not value:
        return None
    out: list[MeldReading | Meld] = []
    for item in value:
        reading = getattr(item, "reading", item)
        if not isinstance(reading, MeldReading | Meld):
            return None
        out.append(reading)
    return out


def _words(name: str) -> str:
    return name.replace("_", " ").capitalize()


def _any_view(seen: object, rules: RuleSet | None, labels: bool, inner: float) -> _Scene:
    """Draw a view no drawer knows: melds and pieces as sections, numbers and words as notes."""
    kind: Any = type(seen)
    fields = [(f.name, getattr(seen, f.name)) for f in attrs.fields(kind)] if attrs.has(kind) else []
    sections: list[_Section] = []
    facts: list[str] = []
    for name, value in fields:
        melds = _as_melds(value)
        if melds is not None:
            laid = [_lay(m, rules=None, labels=labels, reader=rules) for m in melds]
            sections.append(_Section(_words(name), laid))
        elif isinstance(value, _PIECE_TYPES):
            sections.append(_Section(_words(name), [_loose([value], family=_family([value], rules))]))
        elif _is_pieces(value):
            shown = value[-1:] if "discard" in name else value
            caption = f"{_words(name)} ({_count(len(value), 'piece')})"
            sections.append(_Section(caption, _hand(shown, family=_family(value, rules), inner=inner, stand=False)))
        elif isinstance(value, tuple) and value and all(v is None or _is_pieces(v) or v == () for v in value):
            for seat, held in enumerate(value):
                if held:
                    caption = f"{_words(name)}: seat {seat} ({_count(len(held), 'piece')})"
                    sections.append(_Section(caption, _hand(held, family=_family(held, rules), inner=inner)))
        elif isinstance(value, bool | int | str | Enum):
            shown_value = value.value if isinstance(value, Enum) else value
            facts.append(f"{name.replace('_', ' ')}: {shown_value}")
        elif isinstance(value, tuple) and value and all(isinstance(v, bool | int) for v in value):
            facts.append(f"{name.replace('_', ' ')}: {_seats(value)}")
    game = rules.title if rules is not None else type(seen).__name__
    viewer = getattr(seen, "viewer", None)
    title = f"{game}, seen by seat {viewer}" if isinstance(viewer, int) else game
    return _Scene(title, sections, [_Note(" · ".join(facts))] if facts else [])
