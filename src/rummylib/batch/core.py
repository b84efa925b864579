"""Batch ops for every game: ``meld`` (is this a valid meld, and how is it read) and ``points``.

Examples:
    >>> from rummylib.batch import handle_request
    >>> handle_request({"op": "meld", "game": "rummikub", "meld": "r5 r6 *"})
    {'valid': True, 'kind': 'run', 'value': 18, 'jokers': ['R7'], 'problems': []}
    >>> handle_request({"op": "points", "game": "contract_rummy", "hand": "* Ah Kd"})
    {'points': 50}
"""

from __future__ import annotations

from typing import Any

from rummylib.batch.protocol import Op, Request
from rummylib.melds import Meld, meld_violations, read_meld
from rummylib.rules import ScoringScheme
from rummylib.scoring import hand_points


def _meld_op(req: Request) -> dict[str, Any]:
    meld = Meld(req.pieces("meld"))
    reading = read_meld(meld, rules=req.rules)
    if reading is None:
        problems = [v.to_json() for v in meld_violations(meld, rules=req.rules)]
        return {"valid": False, "kind": None, "value": None, "jokers": [], "problems": problems}
    return {
        "valid": True,
        "kind": reading.kind.value,
        "value": reading.value,
        "jokers": [str(face) for face in reading.jokers],
        "problems": [],
    }


def _points_op(req: Request) -> dict[str, Any]:
    return {"points": hand_points(req.pieces("hand"), rules=req.rules)}


OPS: tuple[Op, ...] = (
    Op("meld", frozenset({"meld"}), _meld_op),
    Op(
        "points",
        frozenset({"hand"}),
        _points_op,
        frozenset({ScoringScheme.RACK, ScoringScheme.CONTRACT, ScoringScheme.GIN}),
    ),
)
"""``meld`` for every game, and ``points`` where a hand costs its pieces' points (Indian Rummy has
its own ``points``)."""
