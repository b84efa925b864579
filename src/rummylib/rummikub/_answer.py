"""The batch ``turn`` op's fast path: a request of notation judged into its JSON-ready answer.

The answer is ``validate_turn(...).to_json()`` for the same request, written without the values
in between: each set's text is read once (`rummylib.rummikub._judge.text_sets`, a bounded cache by
text), the judge is fed the sets' codes without a `Table`, and the answer is written from the flow
of tiles, with a `SetChange` only for the sets that changed. A request this path does not take
(fields of other types, a table given as one ``|`` string, bad notation, pieces that cannot exist
together) gets ``None``, and the op answers it the slow way, which says what is wrong.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rummylib.errors import RummyError
from rummylib.pieces import Family
from rummylib.rules import RuleSet
from rummylib.rummikub._judge import names, rack_codes, text_sets
from rummylib.rummikub.turns import _changes_json, _judge_turn

__all__ = ["turn_answer"]


def turn_answer(data: Mapping[str, Any], rules: RuleSet) -> dict[str, Any] | None:
    """The answer to a ``turn`` request (``None``: answer it the slow way)."""
    if rules.family is not Family.TILES:
        return None
    after_texts = data.get("table_after")
    before_texts = data.get("table_before")
    rack = data.get("rack")
    done = data.get("initial_meld_done")
    if before_texts is None:
        before_texts = []
    if done is None:
        done = False
    if type(after_texts) is not list or type(before_texts) is not list or type(rack) is not str or type(done) is not bool:
        return None
    old = text_sets(before_texts, rules)
    if old is None:
        return None
    hand = rack_codes(rack, rules)
    if hand is None:
        return None
    new = text_sets(after_texts, rules)
    if new is None:
        return None
    before, old_infos = old
    after, new_infos = new
    try:
        played, violations, _, flow = _judge_turn(before, old_infos, hand[0], hand[1], after, new_infos, rules, done)
    except RummyError:
        return None
    return {
        "valid": not violations,
        "played": names(played),
        "problems": [v.to_json() for v in violations],
        "changes": _changes_json(before, after, flow),
    }
