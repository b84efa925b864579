"""An exact Rummikub solver: the best play from a rack onto a table, whole-table rearranged.

[`solve`][rummylib.rummikub.solver.solve] finds the play that lays the most rack tiles (or sheds the
most points, or changes the fewest table sets), with every set on the table after it valid;
[`arrange`][rummylib.rummikub.solver.arrange] says whether some tiles can be laid out as valid sets at
all; [`playable_tiles`][rummylib.rummikub.solver.playable_tiles] lists the rack tiles that could each be
played on their own; [`can_play`][rummylib.rummikub.solver.can_play] says whether some rack tiles can
all go down together, and [`lay_down`][rummylib.rummikub.solver.lay_down] gives such a play. The search is
a dynamic programme over the numbers (see the explanation page); it works for any tile rule set. A
caller's [`Budget`][rummylib.rummikub.solver.Budget] bounds a whole call; when it runs out, `solve`
answers with the best legal play found so far, marked not proved, never with a wrong claim.

Examples:
    >>> from rummylib import RUMMIKUB
    >>> from rummylib.rummikub.solver import solve
    >>> s = solve("r1 r2 r3 | b5 k5 y5", "r4 r5 *", rules=RUMMIKUB, initial_meld_done=True)
    >>> s.tiles_placed, [str(p) for p in s.played]
    (3, ['R4', 'R5', '*'])
"""

from rummylib.rummikub.solver._api import (
    Budget,
    Objective,
    Solution,
    TableLike,
    arrange,
    can_play,
    lay_down,
    playable_tiles,
    solve,
)

__all__ = [
    "Budget",
    "Objective",
    "Solution",
    "TableLike",
    "arrange",
    "can_play",
    "lay_down",
    "playable_tiles",
    "solve",
]
