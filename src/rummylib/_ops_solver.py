"""Batch ops for the solver part of rummylib (see `rummylib.batch`).

``solve``: the best play from a rack onto a Rummikub table (`rummylib.rummikub.solve`).

Examples:
    >>> from rummylib.batch import handle_request
    >>> handle_request({"op": "solve", "game": "rummikub", "table": ["r1 r2 r3"], "rack": "r4 b9",
    ...                 "initial_meld_done": True})
    {'tiles_placed': 1, 'value_placed': 4, 'played': 'R4', 'table_after': ['R1 R2 R3 R4']}
"""

from __future__ import annotations

from typing import Any

from rummylib.batch import Op, Request
from rummylib.melds import Meld
from rummylib.pieces import format_pieces
from rummylib.rules import ScoringScheme
from rummylib.rummikub import solve


def _solve_op(req: Request) -> dict[str, Any]:
    table = [Meld(m) for m in req.piece_lists("table", default=[])]
    rack = req.pieces("rack")
    solution = solve(
        table,
        rack,
        rules=req.rules,
        initial_meld_done=req.boolean("initial_meld_done"),
        objective=req.text("objective", default="tiles"),
    )
    return {
        "tiles_placed": solution.tiles_placed,
        "value_placed": solution.value_placed,
        "played": format_pieces(solution.played),
        "table_after": [str(m) for m in solution.table_after],
    }


OPS: tuple[Op, ...] = (
    Op(
        "solve",
        frozenset({"table", "rack", "initial_meld_done", "objective"}),
        _solve_op,
        frozenset({ScoringScheme.RACK}),
    ),
)
"""Ops registered by this module."""
