"""The Rummikub referee refuses malformed history actions with rummylib errors.

An `Action` kind given as text is read into `ActionKind` (a bad one is a `NotationError` naming it,
not a draw replayed as a timeout), and `RummikubGame.replay` refuses a recorded play with no table
(an `IllegalActionError`, not a bare ``AssertionError``).
"""

from __future__ import annotations

from typing import Any

import pytest

from rummylib import RUMMIKUB, IllegalActionError, NotationError
from rummylib.rummikub import ActionKind, Draw, RummikubGame, TurnRecord


def test_a_kind_given_as_text_is_read() -> None:
    assert TurnRecord("draw", 0) == TurnRecord(ActionKind.DRAW, 0)
    assert TurnRecord("timeout", 1).kind is ActionKind.TIMEOUT
    recorded = [TurnRecord("draw", 0), TurnRecord("draw", 1)]
    again = RummikubGame.replay(recorded, rules=RUMMIKUB, players=2, seed=3)
    assert again == RummikubGame.deal(rules=RUMMIKUB, players=2, seed=3).apply(Draw(0)).apply(Draw(1))
    assert [a.kind for a in again.history] == [ActionKind.DRAW, ActionKind.DRAW]


@pytest.mark.parametrize("kind", ["draws", "DRAW", "", 0, None])
def test_a_bad_kind_is_refused(kind: Any) -> None:
    with pytest.raises(NotationError) as info:
        TurnRecord(kind, 0)
    assert info.value.code == "bad-notation"
    assert f"{kind!r} is not an action kind: play, draw, pass, timeout" in str(info.value)


def test_replay_refuses_a_play_with_no_table() -> None:
    game = RummikubGame.deal(rules=RUMMIKUB, players=2, seed=3).apply(Draw(0))
    with pytest.raises(IllegalActionError) as info:
        RummikubGame.replay([*game.history, TurnRecord(ActionKind.PLAY, 1)], rules=RUMMIKUB, players=2, seed=3)
    assert [v.code for v in info.value.violations] == ["no-tile-played"]
    assert "action 2 is a play with no table" in str(info.value)
