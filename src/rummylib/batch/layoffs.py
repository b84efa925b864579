"""The ``layoff`` op of every card game that lays off: can these cards go on this meld?

``{"meld": "4c 5c 6c 7c", "cards": "8c 9c", "joker_end": "high"}`` (``joker_end`` optional: where a
joker laid off on a run goes when both ends are free) → ``{"valid", "meld", "problems"}``: the meld
with the cards in it (``null`` when they cannot all go on it) and the rules broken. Runs keep
their order; a set takes any card of its rank. The same op, fields and answer in Contract Rummy,
Shanghai and Gin Rummy (where the defender lays off after a knock: ``defender_layoffs`` finds the
best lay-offs on all the knocker's melds at once).

Examples:
    >>> from rummylib.batch import handle_request
    >>> handle_request({"op": "layoff", "game": "shanghai", "meld": "4c 5c 6c 7c", "cards": "8c 9c"})
    {'valid': True, 'meld': '4c 5c 6c 7c 8c 9c', 'problems': []}
    >>> handle_request({"op": "layoff", "game": "gin", "meld": "Jc Qc Kc", "cards": "Ac"})["valid"]
    False
"""

from __future__ import annotations

from typing import Any

from rummylib.batch.protocol import Op, Request
from rummylib.contracts import JokerEnd, check_layoff
from rummylib.errors import ErrorCode, IllegalPlayError, RequestError
from rummylib.melds import Meld
from rummylib.rules import ScoringScheme


def _layoff_op(req: Request) -> dict[str, Any]:
    meld = Meld(req.pieces("meld"))
    cards = req.pieces("cards")
    end = req.text("joker_end", default="high")
    if end not in ("high", "low"):
        raise RequestError("field 'joker_end' must be 'high' or 'low'", code=ErrorCode.BAD_FIELD)
    joker_end: JokerEnd = "high" if end == "high" else "low"
    try:
        done = check_layoff(meld, cards, rules=req.rules, joker_end=joker_end)
    except IllegalPlayError as exc:
        return {"valid": False, "meld": None, "problems": [v.to_json() for v in exc.violations]}
    return {"valid": True, "meld": str(done.meld), "problems": []}


OPS: tuple[Op, ...] = (
    Op(
        "layoff",
        frozenset({"meld", "cards", "joker_end"}),
        _layoff_op,
        frozenset({ScoringScheme.CONTRACT, ScoringScheme.GIN}),
    ),
)
"""``layoff`` (Contract Rummy, Shanghai and Gin Rummy)."""
