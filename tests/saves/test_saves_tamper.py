"""Corrupt or tampered saves are refused with `SaveError`.

Each tampering a cheater (or a broken disk) could do is tried on a real save: a card
duplicated, a tile missing, a hand too large, an impossible score, a foreign piece, an invalid
meld, a rewritten history, wrong types, another version. Hypothesis then mutates one random
value of a save at a time: loading either gives a state `state_problems` accepts, or SaveError.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rummylib import CONTRACT_RUMMY, GIN_RUMMY, RUMMIKUB, SHANGHAI, RummyError
from rummylib.audit import state_problems
from rummylib.contracts import ContractGame, ContractRound, DeclineBuy, LayDown
from rummylib.errors import SaveError
from rummylib.gin import GinGame, GinHand
from rummylib.rummikub import Draw, RummikubGame
from rummylib.saves import from_json, loads, to_json

FUZZ = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _played(state: Any, steps: int, seed: int = 3) -> Any:
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        actions = state.legal_actions()
        downs = [a for a in actions if isinstance(a, LayDown)]
        declines = [a for a in actions if isinstance(a, DeclineBuy)]
        state = state.apply(downs[0] if downs else declines[0] if declines else rng.choice(actions))
    return state


def _rummikub() -> RummikubGame:
    game = RummikubGame.deal(rules=RUMMIKUB, players=3, seed=8)
    for _ in range(6):
        game = game.apply(Draw(game.to_move))
    return game


def _rummikub_with_table() -> RummikubGame:
    """A game with sets on the table (seed chosen so that player 1 can open with a run)."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "examples" / "rummikub_bots.py"
    spec = importlib.util.spec_from_file_location("bots_for_tamper", path)
    assert spec is not None and spec.loader is not None
    bots = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bots)
    game = RummikubGame.deal(rules=RUMMIKUB, players=2, seed=4)
    while not game.table.melds and not game.is_over:
        game = bots.greedy_bot(game)
    assert game.table.melds
    return game


STATES: dict[str, Any] = {
    "rummikub": _rummikub(),
    "rummikub-table": _rummikub_with_table(),
    "shanghai-round": _played(ContractRound.deal(rules=SHANGHAI, players=3, seed=2), 40),
    "contract-game": _played(ContractGame.deal(rules=CONTRACT_RUMMY, players=3, seed=4), 60),
    "gin-hand": _played(GinHand.deal(rules=GIN_RUMMY, seed=6), 9),
    "gin-game": _played(GinGame.deal(rules=GIN_RUMMY, seed=1), 30),
}


def _save(name: str) -> dict[str, Any]:
    data = to_json(STATES[name])
    assert from_json(data) == STATES[name]
    return copy.deepcopy(data)


def _refused(data: Any, *words: str) -> SaveError:
    with pytest.raises(SaveError) as info:
        from_json(data)
    assert info.value.code == "bad-save"
    for word in words:
        assert word in info.value.message
    return info.value


def _hands(state: dict[str, Any]) -> list[str]:
    hands: list[str] = state["hands"]
    return hands


def _inner(data: dict[str, Any]) -> dict[str, Any]:
    """The round or hand in play inside a save."""
    state = data["state"]
    return state.get("round") or state


@pytest.mark.parametrize("name", sorted(STATES))
def test_a_piece_duplicated(name: str) -> None:
    data = _save(name)
    inner = _inner(data)
    hands = _hands(inner)
    first = hands[1].split()[0]
    hands[0] = f"{hands[0]} {first}"
    _refused(data, "extra")


@pytest.mark.parametrize("name", sorted(STATES))
def test_a_piece_missing(name: str) -> None:
    data = _save(name)
    inner = _inner(data)
    inner["stock"] = " ".join(inner["stock"].split()[1:])
    _refused(data, "missing")


@pytest.mark.parametrize("name", sorted(STATES))
def test_a_hand_too_large(name: str) -> None:
    """Pieces moved from the stock into a hand: conserved, but no real hand is that big."""
    data = _save(name)
    inner = _inner(data)
    stock = inner["stock"].split()
    hands = _hands(inner)
    hands[0] = " ".join([*hands[0].split(), *stock[:12]])
    inner["stock"] = " ".join(stock[12:])
    _refused(data)


@pytest.mark.parametrize("name", sorted(STATES))
def test_a_foreign_piece(name: str) -> None:
    data = _save(name)
    inner = _inner(data)
    hands = _hands(inner)
    tokens = hands[0].split()
    tokens[0] = "5h" if name.startswith("rummikub") else "r5"
    hands[0] = " ".join(tokens)
    _refused(data)


def test_an_impossible_contract_score() -> None:
    state = _played(ContractGame.deal(rules=SHANGHAI, players=3, seed=1), 2000)
    assert state.results, "a round must have finished"
    data = to_json(state)
    data["state"]["results"][0]["scores"][0] -= 5
    _refused(data, "scores")


def test_an_impossible_gin_total() -> None:
    data = _save("gin-game")
    data["state"]["score"]["totals"] = [900, 0]
    data["state"]["score"]["hands_won"] = [1, 0]
    _refused(data)


def test_an_impossible_knock_result() -> None:
    rng = random.Random(2)
    for seed in range(60):
        hand = GinHand.deal(rules=GIN_RUMMY, seed=seed)
        while not hand.is_over:
            hand = _played(hand, 1, seed=rng.randrange(10**6))
        if hand.round_result is not None:
            data = to_json(hand)
            data["state"]["round_result"]["points"] += 20
            _refused(data, "knock")
            return
    pytest.fail("no knock in 60 hands")  # pragma: no cover


def test_an_invalid_meld_on_the_rummikub_table() -> None:
    """A table tile moved into a set of its own: every tile still there, but it stands alone."""
    data = _save("rummikub-table")
    melds = data["state"]["table"]["melds"]
    tokens = melds[0].split()
    melds[0] = " ".join(tokens[:-1])
    melds.append(tokens[-1])
    _refused(data, "not a valid set")


def test_a_rewritten_history() -> None:
    """The racks agree with the pool, but not with what the seed and the history give."""
    data = _save("rummikub")
    racks = data["state"]["hands"]
    a, b = racks[0].split(), racks[1].split()
    a[0], b[0] = b[0], a[0]  # swap one tile between two racks: conserved
    racks[0], racks[1] = " ".join(a), " ".join(b)
    _refused(data, "history")


def test_a_contract_round_on_a_meld_that_is_not_valid() -> None:
    """The last cards of two table melds trade places: every card still there, both melds broken."""
    state = _played(ContractRound.deal(rules=SHANGHAI, players=3, seed=9), 600)
    assert len(state.table) >= 2, "someone must have laid down"
    data = to_json(state)
    assert from_json(data) == state  # untouched: loads
    tampered = copy.deepcopy(data)
    first, second = (tampered["state"]["table"][i]["reading"] for i in (0, 1))
    a, b = first["meld"].split(), second["meld"].split()
    assert a[-1] != b[-1], "the trade must change both melds"
    a[-1], b[-1] = b[-1], a[-1]
    first["meld"], second["meld"] = " ".join(a), " ".join(b)
    error = _refused(tampered, f"table meld 0 ({' '.join(a)}) is not a valid meld", "table meld 1")
    assert "not conserved" not in error.message
    data["state"]["down"] = [False] * len(data["state"]["down"])
    _refused(data, "not down")


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d.update(format="other"), "not a rummylib save"),
        (lambda d: d.update(version=2), "version 2"),
        (lambda d: d.update(version=True), "version"),
        (lambda d: d.update(type="os.system"), "unknown save type"),
        (lambda d: d.update(extra=1), "unknown key"),
        (lambda d: d.update(state=[]), "expected an object"),
        (lambda d: d["state"].update(__class__="x"), "unknown field"),
        (lambda d: d["state"].pop("hands"), "missing field"),
        (lambda d: d["state"].update(to_move=10**30), "larger than any"),
        (lambda d: d["state"].update(to_move="0"), "expected an integer"),
        (lambda d: d["state"].update(to_move=7), "not a seat"),
        (lambda d: d["state"].update(is_over=1), "true or false"),
        (lambda d: d["state"].update(stock=["R5"]), "notation"),
        (lambda d: d["state"].update(stock="R5 " * 40_000), "longer than the limit"),
        (lambda d: d["state"].update(rules={"game": "chess"}), "unknown game"),
        (lambda d: d["state"].update(rules={"game": "rummikub", "options": {"copies": 99}}), "copies"),
        (lambda d: d["state"].update(rules={"game": "rummikub", "options": 5}), "options"),
        (lambda d: d["state"].update(history=[{"kind": "cheat", "player": 0}]), "'cheat' is not one of"),
        (lambda d: d["state"].update(history=[[]] * 100_001), "limit"),
        (lambda d: d["state"]["table"].update(melds="R1 R2"), "expected a list"),
    ],
)
def test_malformed_saves(change: Any, words: str) -> None:
    data = _save("rummikub")
    change(data)
    _refused(data, words)


def test_not_a_save_at_all() -> None:
    for value in (None, [], "save", 5):
        with pytest.raises(SaveError):
            from_json(value)  # type: ignore[arg-type]
    with pytest.raises(SaveError, match="JSON"):
        loads("{not json")
    with pytest.raises(SaveError):
        loads('{"format": NaN}')
    with pytest.raises(SaveError):
        loads("[" * 100_000 + "]" * 100_000)


# ------------------------------------------------------------------------------------------
# Random mutations
# ------------------------------------------------------------------------------------------


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, (*prefix, i))
    return out


def _set(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return data


def _get(data: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        data = data[key]
    return data


json_values = st.recursive(
    st.one_of(
        st.none(), st.booleans(), st.integers(-(10**12), 10**12), st.floats(allow_nan=False), st.text(max_size=12)
    ),
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=6), inner, max_size=3)),
    max_leaves=8,
)


@st.composite
def mutations(draw: st.DrawFn, value: Any) -> Any:
    """A change of one value: anything at all, or a plausible edit of notation or a number."""
    if isinstance(value, str) and value and draw(st.booleans()):
        tokens = value.split()
        if tokens:
            i = draw(st.integers(0, len(tokens) - 1))
            edit = draw(st.sampled_from(["drop", "double", "swap", "upper"]))
            if edit == "drop":
                del tokens[i]
            elif edit == "double":
                tokens.insert(i, tokens[i])
            elif edit == "swap":
                j = draw(st.integers(0, len(tokens) - 1))
                tokens[i], tokens[j] = tokens[j], tokens[i]
            else:
                tokens[i] = tokens[i].upper()
            return " ".join(tokens)
    if isinstance(value, int) and not isinstance(value, bool) and draw(st.booleans()):
        return value + draw(st.sampled_from([-1, 1, 2, -100, 10**6]))
    if isinstance(value, bool) and draw(st.booleans()):
        return not value
    return draw(json_values)


@pytest.mark.parametrize("name", sorted(STATES))
@FUZZ
@given(data=st.data())
def test_any_single_mutation_is_refused_or_harmless(name: str, data: st.DataObject) -> None:
    """One value changed anywhere: SaveError, or a state that is still possible (checked again)."""
    save = _save(name)
    path = data.draw(st.sampled_from(_paths(save)))
    mutated = _set(save, path, data.draw(mutations(_get(save, path))))
    try:
        state = from_json(mutated)
    except SaveError:
        return
    except RummyError as exc:  # pragma: no cover - the property: only SaveError
        pytest.fail(f"{type(exc).__name__} escaped: {exc}")
    assert state_problems(state) == ()
    json.dumps(to_json(state))


def test_a_save_with_no_seats_is_a_bad_save() -> None:
    # "hands": [] once escaped as RuleSetError ("Shanghai is for 3 to 8 players, not 0") from the check.
    data = ContractRound.deal(rules=SHANGHAI, players=3, seed=1).to_json()
    data["state"]["hands"] = []
    with pytest.raises(SaveError) as info:
        ContractRound.from_json(data)
    assert info.value.code == "bad-save" and "not 0" in info.value.message
