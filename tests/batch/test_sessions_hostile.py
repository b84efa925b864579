"""The session ops under hostile input with *real* states: actions of any shape, states changed anywhere.

The generic fuzz (tests/hostile) sends arbitrary JSON as a state, which the save's envelope refuses
at once; here the states are real ones, in the middle of games, so the actions reach the referees
and a changed state reaches their checks. The property: an answer or an error object, never an
internal error; and a changed state that is accepted is still a possible state.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rummylib import saves
from rummylib.batch import handle_request
from rummylib.registry import FAMILIES
from rummylib.rules import PRESETS

FUZZ = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _positions() -> list[dict[str, Any]]:
    """A few states of every registered referee, some way into their games."""
    out = []
    rng = random.Random(0)
    for found in FAMILIES:
        rules = next(r for r in PRESETS.values() if r.scoring in found.schemes)
        for cls in found.states:
            answer = handle_request(
                {
                    "op": "deal",
                    "game": rules.name,
                    "players": rules.min_players,
                    "seed": 5,
                    "state_type": cls.SAVE_TYPE,
                }
            )
            for _ in range(rng.randrange(4, 30)):
                if answer["is_over"]:
                    break
                answer = handle_request(
                    {"op": "apply", "state": answer["state"], "action": rng.choice(answer["legal"])}
                )
            out.append(answer)
    return out


POSITIONS = _positions()
KINDS = sorted({str(cls.kind) for f in FAMILIES for cls in f.actions})  # type: ignore[attr-defined]

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**20), 10**20),
    st.integers(-3, 5),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=12),
    st.sampled_from(["Ah", "Kd", "*", "r5", "R1 R2 R3", "Ah Ad Ac", "high", "low", "10h 10h 10h 10h"]),
)
json_values = st.recursive(
    scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=10,
)


def check(answer: dict[str, Any]) -> None:
    assert isinstance(answer, dict)
    json.dumps(answer)
    if "error" in answer:
        assert answer["error"]["code"] != "internal-error", answer
        assert isinstance(answer["error"]["message"], str)


@st.composite
def actions(draw: st.DrawFn, position: dict[str, Any]) -> dict[str, Any]:
    """An action of any shape: a real kind or not, real field names with any values."""
    legal = position["legal"]
    if legal and draw(st.booleans()):
        base = dict(draw(st.sampled_from(legal)))
        name = draw(st.sampled_from(sorted(base)))
        base[name] = draw(json_values)
        return base
    action: dict[str, Any] = {"action": draw(st.sampled_from([*KINDS, "nope"]))}
    for name in draw(
        st.lists(
            st.sampled_from(
                ["player", "card", "cards", "meld", "melds", "swaps", "table", "elapsed", "joker_end", "x"]
            ),
            max_size=4,
        )
    ):
        action[name] = draw(json_values)
    return action


@pytest.mark.parametrize("index", range(len(POSITIONS)), ids=[p["state"]["type"] for p in POSITIONS])
def test_any_action_on_a_real_state(index: int) -> None:
    position = POSITIONS[index]

    @FUZZ
    @given(actions(position))
    def run(action: dict[str, Any]) -> None:
        answer = handle_request({"op": "apply", "state": position["state"], "action": action})
        check(answer)
        if "error" not in answer:
            saves.from_json(answer["state"])  # an accepted action gives a possible state

    run()


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            out += _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for i, item in enumerate(value[:8]):
            out += _paths(item, (*prefix, i))
    return out


@pytest.mark.parametrize("index", range(len(POSITIONS)), ids=[p["state"]["type"] for p in POSITIONS])
def test_a_state_changed_anywhere(index: int) -> None:
    """One value of a real state replaced by anything: refused, or still a state a real game could reach."""
    position = POSITIONS[index]
    paths = _paths(position["state"])[1:]

    @FUZZ
    @given(st.sampled_from(paths), json_values, st.sampled_from(["apply", "view", "legal"]))
    def run(path: tuple[Any, ...], value: Any, op: str) -> None:
        state = copy.deepcopy(position["state"])
        target = state
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
        action = position["legal"][0] if position["legal"] else {"action": "pass", "player": 0}
        answer = handle_request({"op": op, "state": state, "action": action, "player": 0})
        check(answer)
        if "error" not in answer:
            saves.from_json(state)  # accepted: its own checks find nothing

    run()
