"""The batch op ``rules`` (every game): the rules of the game and house rules asked, in plain words.

``{"op": "rules", "game": ..., "rules": {...}}`` answers ``{"text": ...}``
(`rummylib.agents.text.rules_text`): what to show a language model before its first move. Its
own module, so that a worker that never asks for it does not load the text of the games.

Examples:
    >>> from rummylib.batch import handle_request
    >>> text = handle_request({"op": "rules", "game": "gin", "rules": {"knock_limit": 5}})["text"]
    >>> "You may knock with 5 points of deadwood or fewer." in text
    True
"""

from __future__ import annotations

from typing import Any

from rummylib.agents.text import rules_text
from rummylib.batch.protocol import Op, Request


def _rules_op(req: Request) -> dict[str, Any]:
    return {"text": rules_text(req.rules)}


OPS: tuple[Op, ...] = (Op("rules", frozenset(), _rules_op),)
"""``rules`` for every game."""
