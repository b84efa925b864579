"""One protocol test for every registered referee: random games played through the protocol alone.

For each state type in `rummylib.registry` (Rummikub games, contract rounds and games, Gin hands
and games), under each preset of its family, a game is dealt and played to its end with actions
taken only from ``legal_actions()``. At every step: the state is a `Referee`, every listed action
is legal and accepted, an action of a seat not to move is refused with `IllegalActionError` and
changes nothing, views of every seat serialise to JSON, the state has no problems, and
``to_json`` / ``from_json`` (and `rummylib.saves`) give the same state back. At the end,
``result()`` gives one score per seat and winners among the seats.
"""

from __future__ import annotations

import json
import random

import attrs
import pytest

from rummylib import PRESETS, IllegalActionError, RuleSet
from rummylib.referee import Outcome, Referee, action_from_json, action_to_json
from rummylib.registry import FAMILIES, family_of, state_types
from rummylib.saves import from_json, to_json

# Kinds of action that move a game towards its end: taken first when listed, so that random
# games finish in a reasonable number of steps.
_FORWARD = ("lay-down", "lay-off", "swap-joker", "knock", "play", "declare")

_STEP_LIMIT = 5_000


def _presets(cls: type) -> list[RuleSet]:
    family = family_of(cls)
    # one reshuffle at most: a random contract round could otherwise go round the stock for ever
    return [
        r.with_options({"max_reshuffles": 1} if r.has_option("max_reshuffles") else {})
        for r in PRESETS.values()
        if r.scoring in family.schemes
    ]


CASES = [
    pytest.param(cls, rules, id=f"{name}-{rules.name}")
    for name, cls in state_types().items()
    for rules in _presets(cls)
]


def test_every_family_with_a_referee_is_covered() -> None:
    referees = {cls for f in FAMILIES for cls in f.states}
    assert referees == {case.values[0] for case in CASES}
    assert len(CASES) >= 7


def _choose(rng: random.Random, legal: tuple[object, ...]) -> object:
    forward = [a for a in legal if str(type(a).kind) in _FORWARD]  # type: ignore[attr-defined]
    if forward and rng.random() < 0.8:
        return rng.choice(forward)
    return rng.choice(legal)


def _round_trips(state: Referee) -> None:
    data = json.loads(json.dumps(state.to_json()))
    assert type(state).from_json(data) == state  # type: ignore[attr-defined]
    assert from_json(data) == state
    assert to_json(state) == state.to_json()


@pytest.mark.parametrize(("cls", "rules"), CASES)
def test_random_game_through_the_protocol(cls: type, rules: RuleSet) -> None:
    rng = random.Random(f"{cls.__name__}/{rules.name}")
    players = min(rules.max_players, rules.min_players + rng.randrange(2))
    state = cls.deal(rules=rules, players=players, seed=rng.randrange(10**6))  # type: ignore[attr-defined]
    actions = family_of(cls).actions
    steps = 0
    while not state.is_over:
        assert isinstance(state, Referee)
        assert state.players == players
        mover = state.to_move
        assert mover is not None and 0 <= mover < players
        legal = state.legal_actions(mover)
        assert legal, f"no legal action for player {mover} in a game that is not over"
        assert all(a.player == mover for a in legal)
        action = _choose(rng, legal)
        assert state.is_legal(action) and state.action_violations(action) == ()
        # the action's JSON form reads back as the same action
        assert action_from_json(json.loads(json.dumps(action_to_json(action))), actions) == action
        # someone else doing the same is refused, and nothing changes
        other = (mover + 1) % players
        if other != mover and not state.legal_actions(other):
            stranger = attrs.evolve(action, player=other)
            # the save is a copy of the whole state: to_json/from_json give the state back (checked
            # below), so an equal save after the refusal is an unchanged state (and far cheaper
            # than a deep copy of it)
            before = state.to_json()
            with pytest.raises(IllegalActionError):
                state.apply(stranger)
            assert state.to_json() == before
        if steps % 25 == 0:
            assert state.problems() == ()
            for seat in range(players):
                json.dumps(state.view(seat).to_json())
            _round_trips(state)
        state = state.apply(action)
        steps += 1
        assert steps < _STEP_LIMIT, "the game did not end"
    assert state.to_move is None and state.legal_actions() == ()
    assert state.problems() == ()
    _round_trips(state)
    outcome = state.result()
    assert isinstance(outcome, Outcome)
    assert len(outcome.scores) == players
    assert all(0 <= w < players for w in outcome.winners)
    json.dumps(outcome.to_json())
    with pytest.raises(IllegalActionError):
        state.apply(legal[0])
