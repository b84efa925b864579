"""Game records: a readable, versioned text of any game, in the spirit of chess's PGN.

A record is a few header lines, a blank line, then one move per line::

    rummylib-record 1
    Game: gin_rummy
    Type: gin-hand
    Players: 2
    Seed: 7
    Dealer: 0
    Date: 2025-03-01
    Result: 0 0; no winner; a draw: nobody knocked

    1 draw-stock
    1 discard Kd
    0 draw-discard
    ...

The first line names the format and its version; a record of a newer version is refused, never
guessed at. The header says what was dealt: the game (a preset) and the rule options it changes,
the referee state (its save type), the number of players, the seed, and whatever else that
state's ``deal`` takes (the round and the dealer of a contract round, the dealer of a Gin hand);
then, optionally, a name for each seat, the date, the event and the site; and the result. Each
move is the seat acting, the action's kind (its JSON name) and what it needs: its pieces in
rummylib's notation first (melds between ``|``), then any other field as ``name=value`` (a list
with ``,`` between items; a pair with ``:``), left out when it has its default value::

    2 lay-down 7h 7s 7d | 9c 9d 9s
    0 lay-off 8h 9h meld=3
    1 lay-down Kh Kd * | 5s 5d 5c swaps=4c:2
    0 play R1 R2 R3 | K7 B7 Y7
    1 knock Kd

The line form of every action comes from the action classes themselves (their fields and their
type annotations), so a new referee's actions have one without any code here. Lines starting with
``#`` are comments.

`write_record` writes a record of a game from its first state and its actions; `read_record`
reads one back, dealing the game again from the header and replaying every move through the
referee, so that a record holding an illegal move is refused, naming its line. Written records
read back to the same game, and a record read and written again is the same text.

The package holds two modules: `rummylib.records.record` writes and reads records, and
`rummylib.records.display` makes their text for people (`view_lines`, what `rummylib replay`
prints); every name is imported from `rummylib.records`.

Examples:
    >>> from rummylib import GIN_RUMMY
    >>> from rummylib.gin import Discard, DrawStock, GinHand
    >>> start = GinHand.deal(rules=GIN_RUMMY, seed=7)
    >>> after = start.apply(DrawStock(1))
    >>> moves = [DrawStock(1), Discard(1, after.hands[1][-1])]
    >>> text = write_record(start, moves, seed=7, date="2025-03-01")
    >>> print(text)
    rummylib-record 1
    Game: gin_rummy
    Type: gin-hand
    Players: 2
    Seed: 7
    Dealer: 0
    Date: 2025-03-01
    Result: unfinished
    <BLANKLINE>
    1 draw-stock
    1 discard 5s
    <BLANKLINE>
    >>> record = read_record(text)
    >>> record.final == start.apply(moves[0]).apply(moves[1]), record.text() == text
    (True, True)
"""

from rummylib.records.display import view_lines
from rummylib.records.record import (
    FORMAT,
    MAX_MOVES,
    VERSION,
    Record,
    Turn,
    action_line,
    read_record,
    write_record,
)
from rummylib.records.record import (
    action_from_line as action_from_line,  # not in __all__, but found here as before
)

__all__ = [
    "FORMAT",
    "MAX_MOVES",
    "VERSION",
    "Record",
    "Turn",
    "action_line",
    "read_record",
    "view_lines",
    "write_record",
]
