"""Saves of the Indian Rummy referees: tampered or broken saves are refused with `SaveError`.

A few tamperings a cheater could try by hand (a card duplicated, a card missing, a score changed,
a declaration rewritten), then random changes of one value anywhere in a save: loading gives
either `SaveError` or a state that has no problems.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.indian.positions import DECLARABLE, LOOSE, choose, rig

from rummylib import INDIAN_RUMMY, RummyError, SaveError
from rummylib.audit import state_problems
from rummylib.indian import Declare, IndianDeal, IndianGame, IndianPhase
from rummylib.saves import from_json, to_json


def _played(state: Any, steps: int, seed: int) -> Any:
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state = state.apply(choose(rng, state.legal_actions(), 0.9))
    return state


def _declared() -> IndianDeal:
    deal = rig([DECLARABLE + " 10d", LOOSE], wild="7s", phase=IndianPhase.DISCARD)
    return deal.apply(Declare(0, ["Ah 2h 3h", "4c 5c 6c", "9s 9d 9h", "Jc Qc Kc *"], "10d"))


STATES: dict[str, Any] = {
    "deal": _played(IndianDeal.deal(rules=INDIAN_RUMMY, players=3, seed=5), 25, 1),
    "deal-declared": _declared(),
    "pool-game": _played(
        IndianGame.deal(rules=INDIAN_RUMMY.with_options({"indian_format": "pool"}), players=4, seed=6), 60, 2
    ),
    "deals-game": _played(
        IndianGame.deal(rules=INDIAN_RUMMY.with_options({"indian_format": "deals"}), players=2, seed=7), 30, 3
    ),
}


def _save(name: str) -> dict[str, Any]:
    data = json.loads(json.dumps(to_json(STATES[name])))
    assert from_json(data) == STATES[name]
    return data


def _deal_of(data: dict[str, Any]) -> dict[str, Any]:
    state = data["state"]
    return state["round"] if "round" in state else state


@pytest.mark.parametrize("name", sorted(STATES))
def test_a_card_duplicated_or_missing_is_refused(name: str) -> None:
    for change in ("double", "drop"):
        data = _save(name)
        deal = _deal_of(data)
        cards = deal["stock"].split()
        deal["stock"] = " ".join([*cards, cards[0]] if change == "double" else cards[1:])
        with pytest.raises(SaveError, match="not conserved"):
            from_json(data)


def test_a_changed_score_is_refused() -> None:
    data = _save("deal-declared")
    data["state"]["round_result"]["scores"][1] += 1
    with pytest.raises(SaveError, match="recorded scores"):
        from_json(data)


def test_a_rewritten_declaration_is_refused() -> None:
    data = _save("deal-declared")
    data["state"]["declaration"] = ["Ah 2h 3h 4c 5c 6c", "9s 9d 9h", "Jc Qc Kc *"]
    with pytest.raises(SaveError, match="declaration"):
        from_json(data)


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, inner in items:
        found += _paths(inner, (*prefix, key))
    return found


def _change(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return data


def _value(data: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        data = data[key]
    return data


anything = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-(10**9), 10**9), st.text(max_size=8)),
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=5), inner, max_size=2)),
    max_leaves=6,
)


@st.composite
def edits(draw: st.DrawFn, value: Any) -> Any:
    """One value changed: a plausible edit of notation or a number, or anything at all."""
    if isinstance(value, str) and value.split() and draw(st.booleans()):
        tokens = value.split()
        i = draw(st.integers(0, len(tokens) - 1))
        how = draw(st.sampled_from(["drop", "double", "swap"]))
        if how == "drop":
            del tokens[i]
        elif how == "double":
            tokens.insert(i, tokens[i])
        else:
            j = draw(st.integers(0, len(tokens) - 1))
            tokens[i], tokens[j] = tokens[j], tokens[i]
        return " ".join(tokens)
    if isinstance(value, bool) and draw(st.booleans()):
        return not value
    if isinstance(value, int) and draw(st.booleans()):
        return value + draw(st.sampled_from([-1, 1, 2, 100]))
    return draw(anything)


@pytest.mark.parametrize("name", sorted(STATES))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_single_change_is_refused_or_harmless(name: str, data: st.DataObject) -> None:
    save = _save(name)
    path = data.draw(st.sampled_from(_paths(save)))
    changed = _change(copy.deepcopy(save), path, data.draw(edits(_value(save, path))))
    try:
        state = from_json(changed)
    except SaveError:
        return
    except RummyError as exc:  # pragma: no cover - the property: only SaveError
        pytest.fail(f"{type(exc).__name__} escaped: {exc}")
    assert state_problems(state) == ()
    json.dumps(to_json(state))
