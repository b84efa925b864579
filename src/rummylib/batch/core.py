"""Batch ops for every game: ``meld`` (is this a valid meld, and how is it read), ``points``, and ``rules``.

``rules`` answers ``{"text": ...}``: the rules of the game and house rules asked, in plain words
(`rummylib.agents.text.rules_text`), for a program that reads words.

Examples:
    >>> from rummylib.batch import handle_request
    >>> handle_request({"op": "meld", "game": "rummikub", "meld": "r5 r6 *"})
    {'valid': True, 'kind': 'run', 'value': 18, 'jokers': ['R7'], 'problems': []}
    >>> handle_request({"op": "points", "game": "contract_rummy", "hand": "* Ah Kd"})
    {'points': 50}
    >>> print(handle_request({"op": "rules", "game": "gin", "rules": {"knock_limit": 5}})["text"].split(". ")[9])
    You may knock with 5 points of deadwood or fewer
"""

from __future__ import annotations

from typing import Any

from rummylib.agents.text import rules_text
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


def _rules_op(req: Request) -> dict[str, Any]:
    return {"text": rules_text(req.rules)}


def _points_op(req: Request) -> dict[str, Any]:
    return {"points": hand_points(req.pieces("hand"), rules=req.rules)}


OPS: tuple[Op, ...] = (
    Op("meld", frozenset({"meld"}), _meld_op),
    Op("rules", frozenset(), _rules_op),
    Op(
        "points",
        frozenset({"hand"}),
        _points_op,
        frozenset({ScoringScheme.RACK, ScoringScheme.CONTRACT, ScoringScheme.GIN}),
    ),
)
"""``meld`` and ``rules`` for every game, and ``points`` where a hand costs its pieces' points (Indian Rummy has
its own ``points``)."""
