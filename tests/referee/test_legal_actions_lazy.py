"""`LegalActions`, the lazy sequence every referee's ``legal_actions`` returns, against the eager list.

Along random play in every game and preset, the lazy sequence equals the eager tuple (the same
actions in the same order; for a contract round's play phase, the list built the way it was built
before it was lazy), and each way of asking (``in``, `any_of`, ``len``, indexing, slicing, ``+``,
equality, hashing) answers as the tuple does, asked first on a fresh sequence so that the paths
that build only part of the list are the ones tested.
"""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rummylib import PRESETS, RuleSet
from rummylib.contracts import ContractGame, ContractRound
from rummylib.contracts.actions import Discard, Phase, SwapJoker
from rummylib.contracts.round import _distinct
from rummylib.referee import LegalActions, Referee
from rummylib.registry import family_of, state_types
from rummylib.rules import JokerSwap

_KINDS = ("draw-stock", "draw-discard", "buy", "decline-buy", "lay-down", "lay-off", "swap-joker", "discard")
_FORWARD = ("lay-down", "lay-off", "swap-joker", "knock", "play", "declare")


def _cases() -> list[tuple[type, RuleSet]]:
    out = []
    for cls in state_types().values():
        family = family_of(cls)
        for r in PRESETS.values():
            if r.scoring in family.schemes:
                out.append((cls, r.with_options({"max_reshuffles": 1} if r.has_option("max_reshuffles") else {})))
    return out


CASES = _cases()


def _eager_play(r: ContractRound) -> tuple[object, ...]:
    """A contract round's play-phase list, built eagerly in the order the referee lists it."""
    player, rules = r.current, r.rules
    found: list[object] = []
    if not r.down[player]:
        found += r._lay_down_actions()
    if r.may_lay_off(player):
        found += r._layoff_actions()
    if rules.joker_swap is not JokerSwap.NEVER and (r.down[player] or not r._swap_needs_lay_down()):
        hand = r.hands[player]
        swaps = [SwapJoker(player, c, i) for i, m in enumerate(r.table) for c in _swap_cards(hand, m, rules)]
        found += [a for a in swaps if r.is_legal(a)]
    if not r.jokers_owed and (len(r.hands[player]) > 1 or rules.go_out_by_discard):
        found += [Discard(player, c) for c in _distinct(r.hands[player]) if not r._pinned(c)]
    return tuple(found)


def _swap_cards(hand: object, meld: object, rules: RuleSet) -> list[object]:
    from rummylib.contracts._moves import swap_cards

    return list(swap_cards(hand, meld.reading, rules))  # type: ignore[arg-type, attr-defined]


def _eager(state: Referee, player: int) -> tuple[object, ...]:
    r = state.round if isinstance(state, ContractGame) and not state.is_over else state
    if isinstance(r, ContractRound) and r.phase is Phase.PLAY and player == r.current:
        return _eager_play(r)
    return tuple(state.legal_actions(player))


def _probes(eager: tuple[object, ...], players: int) -> list[object]:
    """The listed actions, and the same actions by another seat (never listed for the player asked)."""
    out = list(eager)
    for a in eager[:8]:
        out.append(attrs.evolve(a, player=(a.player + 1) % players))  # type: ignore[attr-defined, misc]
    return out


def _check(state: Referee, player: int) -> None:
    eager = _eager(state, player)
    lazy = state.legal_actions(player)
    assert isinstance(lazy, LegalActions)
    for kind in _KINDS:
        assert state.legal_actions(player).any_of(kind) == any(a.kind == kind for a in eager)  # type: ignore[attr-defined]
    for probe in _probes(eager, state.players):
        assert (probe in state.legal_actions(player)) == (probe in eager)
    assert lazy == eager and tuple(lazy) == eager and list(lazy) == list(eager)
    assert len(lazy) == len(eager) and lazy[0:3] == eager[0:3] and lazy[::-1] == eager[::-1]
    assert all(lazy[i] == eager[i] for i in range(len(eager)))
    assert hash(lazy) == hash(eager) and lazy + () == eager and () + lazy == eager
    assert lazy == state.legal_actions(player) and (lazy == list(eager)) is False


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=st.sampled_from(CASES), seed=st.integers(0, 10**6))
def test_lazy_list_equals_the_eager_list_along_random_play(case: tuple[type, RuleSet], seed: int) -> None:
    cls, rules = case
    rng = random.Random(seed)
    players = min(rules.max_players, rules.min_players + rng.randrange(2))
    state = cls.deal(rules=rules, players=players, seed=seed)  # type: ignore[attr-defined]
    for _ in range(80):
        if state.is_over:
            break
        mover = state.to_move
        _check(state, mover)
        _check(state, (mover + 1) % state.players)
        legal = tuple(state.legal_actions(mover))
        forward = [a for a in legal if str(a.kind) in _FORWARD]
        state = state.apply(rng.choice(forward if forward and rng.random() < 0.8 else legal))
    _check(state, 0)


def test_every_referee_is_among_the_cases() -> None:
    assert {cls for cls, _ in CASES} == set(state_types().values())


def test_a_discard_in_the_play_phase_is_answered_without_the_lay_downs() -> None:
    from rummylib import SHANGHAI

    r = ContractRound.deal(rules=SHANGHAI, players=3, seed=0)
    r = r.apply(r.legal_actions()[0])
    while r.phase is not Phase.PLAY:
        r = r.apply(r.legal_actions()[0])
    actions = r.legal_actions()
    card = r.hands[r.current][0]
    assert Discard(r.current, card) in actions and actions.any_of("discard")
    assert actions._parts[1][0] == "lay-down" and actions._parts[1][2] is None  # never built
    assert len(actions) == len(_eager_play(r)) and actions._parts[1][2] is not None


def test_any_of_refuses_a_kind_no_action_has() -> None:
    """An unknown kind is refused (bad-argument) naming the kinds; the table of kinds is every referee's."""
    from rummylib import GIN_RUMMY
    from rummylib.errors import ArgumentError
    from rummylib.gin import GinHand
    from rummylib.referee import _ACTION_KINDS
    from rummylib.registry import FAMILIES

    actions = GinHand.deal(rules=GIN_RUMMY, seed=7).legal_actions()
    for bad in ("nope", "Knock", 3, None):
        with pytest.raises(ArgumentError) as info:
            actions.any_of(bad)  # type: ignore[arg-type]
        assert info.value.code == "bad-argument" and "draw-stock" in str(info.value) and "knock" in str(info.value)
    assert actions.any_of("knock") is False and actions.any_of("lay-down") is False
    kinds = {str(c.kind) for f in FAMILIES for c in f.actions}
    assert kinds == _ACTION_KINDS
