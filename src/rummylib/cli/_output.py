"""What the command line prints: colour or plain text, a progress line, JSON, and errors (private)."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator, Mapping, Sequence
from typing import IO, TypeVar

from rummylib.cards import Card, Suit
from rummylib.errors import Violation
from rummylib.melds import Face, Meld, MeldReading, read_meld
from rummylib.pieces import Piece
from rummylib.rules import RuleSet
from rummylib.tiles import Color, Tile

EXIT_VALID = 0
"""Exit status: the thing checked is valid (or the command did its job)."""
EXIT_INVALID = 1
"""Exit status: the thing checked breaks a rule."""
EXIT_BAD_INPUT = 2
"""Exit status: the input could not be read (bad notation, unknown game, missing file)."""

_T = TypeVar("_T")

# ------------------------------------------------------------------------------------------
# Output: colour or plain, and a progress line
# ------------------------------------------------------------------------------------------

_RESET = "\x1b[0m"
_TILE_FG = {
    Color.BLACK: 16,
    Color.BLUE: 25,
    Color.YELLOW: 166,
    Color.RED: 160,
    Color.GREEN: 28,
    Color.PURPLE: 91,
    Color.CYAN: 30,
    Color.MAGENTA: 162,
}
_MARK_BG = {"played": 157, "moved": 223}
_SUIT_SYMBOL = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}


class Out:
    """Where the answer goes, whether it is painted, and where notes go (standard error with ``--json``)."""

    def __init__(self, stream: IO[str], colour: bool, *, notes: IO[str] | None = None) -> None:
        self.stream = stream
        self.colour = colour
        self.notes = notes if notes is not None else stream
        self.progress: Progress | None = None

    def line(self, text: str = "") -> None:
        """One line of the answer; a progress bar on the same terminal is cleared first."""
        if self.progress is not None:
            self.progress.clear()
        print(text, file=self.stream)
        if self.progress is not None:
            self.stream.flush()  # before the bar is drawn again on standard error

    def note(self, text: str) -> None:
        """A line about the answer (where a picture was written), kept out of JSON answers."""
        if self.notes is self.stream:
            self.line(self.dim(text))
        else:
            print(text, file=self.notes)

    def paint(self, text: str, code: str) -> str:
        return f"\x1b[{code}m{text}{_RESET}" if self.colour else text

    def ok(self, text: str) -> str:
        return self.paint(text, "1;32")

    def bad(self, text: str) -> str:
        return self.paint(text, "1;31")

    def dim(self, text: str) -> str:
        return self.paint(text, "2")

    def piece(self, p: Piece, stands_for: Face | None = None, mark: str | None = None) -> str:
        """One piece: a coloured chip on a terminal, notation otherwise (``*=R7`` for a joker).

        ``mark`` (``"played"`` or ``"moved"``) tints the chip green or amber on a terminal.
        """
        if not self.colour:
            return f"{p}={stands_for}" if stands_for is not None else str(p)
        tint = _MARK_BG.get(mark or "")
        if isinstance(p, Tile):
            return f"\x1b[1;38;5;{_TILE_FG[p.color]};48;5;{tint or 230}m {p.number} {_RESET}"
        if isinstance(p, Card):
            fg = 160 if p.suit in (Suit.HEARTS, Suit.DIAMONDS) else 16
            return f"\x1b[1;38;5;{fg};48;5;{tint or 255}m {p.rank.symbol}{_SUIT_SYMBOL[p.suit]} {_RESET}"
        meaning = ""
        if isinstance(stands_for, Tile):
            meaning = f"\x1b[38;5;{_TILE_FG[stands_for.color]}m{stands_for.number}"
        elif isinstance(stands_for, Card):
            fg = 160 if stands_for.suit in (Suit.HEARTS, Suit.DIAMONDS) else 16
            meaning = f"\x1b[38;5;{fg}m{stands_for.rank.symbol}{_SUIT_SYMBOL[stands_for.suit]}"
        return f"\x1b[1;38;5;160;48;5;{tint or 230}m ☺{meaning} {_RESET}"

    def meld(self, meld: Meld, reading: MeldReading | None = None, marks: Sequence[str | None] = ()) -> str:
        shown = []
        for i, p in enumerate(meld.pieces):
            stands = reading.faces[i] if reading is not None and reading.acting[i] else None
            shown.append(self.piece(p, stands, marks[i] if i < len(marks) else None))
        return ("" if self.colour else " ").join(shown)

    def violation(self, v: Violation) -> str:
        return f"  {self.bad('✗') if self.colour else '-'} {v}"


class Progress:
    """A one-line progress bar on standard error, drawn only when it is a terminal.

    The bar never shares a line with an answer: every answer line goes through `Out.line`, which
    clears the bar first, and the next step draws it again below the answer. ``detail`` redraws it
    within one item (the turn of a long game).
    """

    def __init__(
        self,
        total: int,
        *,
        label: str,
        stream: IO[str] | None = None,
        out: Out | None = None,
        even_one: bool = False,
    ) -> None:
        self.total = total
        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        self.active = (total > 1 or (even_one and total == 1)) and self.stream.isatty()
        self.done = 0
        self.shown = 0
        """Characters of the bar now on the terminal (0: nothing to clear)."""
        self.out = out
        if self.active and out is not None and out.stream.isatty():  # answers on the same terminal: take turns
            out.progress = self

    def _draw(self, detail: str = "") -> None:
        filled = 30 * self.done // self.total
        bar = "#" * filled + "." * (30 - filled)
        text = f"{self.label} [{bar}] {self.done}/{self.total}{detail}"
        self.stream.write("\r" + text + " " * max(0, self.shown - len(text)))
        self.stream.flush()
        self.shown = len(text)

    def step(self) -> None:
        self.done += 1
        if self.active and (not self.shown or self.done == self.total or self.done % max(1, self.total // 100) == 0):
            self._draw()

    def detail(self, text: str) -> None:
        """Redraw the bar with a word on the item under way (``"game 2, turn 57"``)."""
        if self.active:
            self._draw(f"  {text}")

    def clear(self) -> None:
        """Take the bar off the terminal line (before an answer line is printed there)."""
        if self.shown:
            self.stream.write("\r" + " " * self.shown + "\r")
            self.stream.flush()
            self.shown = 0

    def close(self) -> None:
        self.clear()
        if self.out is not None and self.out.progress is self:
            self.out.progress = None

    def wrap(self, items: Sequence[_T]) -> Iterator[_T]:
        try:
            for item in items:
                yield item
                self.step()
        finally:
            self.close()


def use_colour(choice: str, stream: IO[str]) -> bool:
    if choice == "always":
        return True
    if choice == "never" or os.environ.get("NO_COLOR"):
        return False
    return stream.isatty()


def emit_json(out: Out, data: object) -> None:
    out.line(json.dumps(data, ensure_ascii=False))


def show_table(
    out: Out, melds: Sequence[Meld], rules: RuleSet | None, marks: Mapping[tuple[int, int], str] | None = None
) -> None:
    for i, meld in enumerate(melds):
        row = [(marks or {}).get((i, k)) for k in range(len(meld.pieces))]
        reading = read_meld(meld, rules=rules) if rules is not None else None
        mark = ""
        if rules is not None:
            mark = out.ok(" ✓") if reading is not None else out.bad(" ✗")
            if not out.colour:
                mark = "" if reading is not None else "  (invalid)"
        out.line(f"  {i + 1:>2}. {out.meld(meld, reading, row)}{mark}")


def print_error(text: str) -> None:
    print(f"rummylib: error: {text}", file=sys.stderr)
