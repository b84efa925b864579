"""Indian Rummy hand points are for card games: a tile rule set is refused, not scored 0."""

from __future__ import annotations

import pytest

from rummylib import RUMMIKUB, RuleSetError
from rummylib.indian import best_arrangement, losing_points, score_deal


def test_tile_rules_are_refused() -> None:
    asks = (
        lambda: best_arrangement("r5 r6 r7 k1", rules=RUMMIKUB),
        lambda: losing_points("r5 r6 r7 k1", rules=RUMMIKUB),
        lambda: losing_points("", rules=RUMMIKUB),
        lambda: score_deal(["", "r5 r6 r7 k1"], winner=0, rules=RUMMIKUB),
    )
    for ask in asks:
        with pytest.raises(RuleSetError) as info:
            ask()
        assert info.value.code == "bad-rules"
        assert "Rummikub is played with tiles" in str(info.value)
        assert "need a card game" in str(info.value)
