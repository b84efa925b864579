"""The referees under hostile actions.

A cheating client sends any action at any moment: seats that do not exist, meld indexes far
off the table, cards it does not hold, cards that do not exist, melds of the wrong shape. The
referee must refuse with a `RummyError` and leave the state unchanged, or accept an action
after which the state is still one a real game could reach (`rummylib.audit.state_problems`
finds nothing: every card where it should be, once).

Blind random actions are nearly always refused, so each proposal is drawn from one of three
pools: blind (anything at all), near (a real seat, cards from the hand in turn, indexes on the
table, a legal lay-down or play bent out of shape) and legal (the referee's own list, or the
solver's best Rummikub play). `hypothesis.event` records what was proposed and how it was
judged: ``pytest --hypothesis-show-statistics`` shows the mix.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from rummylib import CONTRACT_RUMMY, GIN_RUMMY, RUMMIKUB, SHANGHAI, RummyError
from rummylib.audit import state_problems
from rummylib.contracts import (
    Buy,
    ContractGame,
    ContractRound,
    DeclineBuy,
    Discard,
    DrawDiscard,
    DrawStock,
    LayDown,
    LayOff,
    SwapJoker,
)
from rummylib.gin import Discard as GinDiscard
from rummylib.gin import DrawDiscard as GinDrawDiscard
from rummylib.gin import DrawStock as GinDrawStock
from rummylib.gin import GinHand
from rummylib.gin import Knock as GinKnock
from rummylib.pieces import Piece
from rummylib.rummikub import Draw, Pass, Play, RummikubGame, Solution, solve

FUZZ = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])

seats = st.one_of(st.integers(-2, 9), st.sampled_from([10**30, -(10**30)]))
indexes = st.one_of(st.integers(-3, 12), st.sampled_from([10**30, -(10**30)]))
card_tokens = st.sampled_from(
    ["Ah", "2h", "3h", "4h", "7s", "7d", "7c", "7h", "Kd", "Qs", "10c", "*", "5s", "9h", "Jc", "2c"]
)
cards = st.lists(card_tokens, min_size=1, max_size=6).map(" ".join)
melds = st.lists(cards, max_size=4).map(" | ".join)


def _advance(state: Any, steps: int, seed: int, *, stop_at_play: bool = False) -> Any:
    """Play ``steps`` random legal actions (laying down whenever possible).

    With ``stop_at_play``, stop early where a lay-down, lay-off or joker swap is legal, so that
    the proposals that follow meet those chances (random play rarely offers them).
    """
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        actions = state.legal_actions()
        if stop_at_play and any(isinstance(a, LayDown | LayOff | SwapJoker) for a in actions):
            break
        downs = [a for a in actions if isinstance(a, LayDown)]
        state = state.apply(downs[0] if downs else rng.choice(actions))
    return state


contract_actions = st.one_of(
    st.builds(DrawStock, seats),
    st.builds(DrawDiscard, seats),
    st.builds(Buy, seats),
    st.builds(DeclineBuy, seats),
    st.builds(Discard, seats, card_tokens),
    st.builds(LayOff, seats, cards, indexes, st.sampled_from(["high", "low"])),
    st.builds(SwapJoker, seats, card_tokens, indexes),
    st.builds(LayDown, seats, melds),
    st.builds(lambda p, m, c, i: LayDown(p, m, swaps=[(c, i)]), seats, melds, card_tokens, indexes),
)


def _judge(state: Any, action: Any, pool: str = "blind") -> Any:
    """Apply ``action``: refused with the state unchanged, or accepted into a possible state.

    Returns the state after the action (``state`` itself when it was refused).
    """
    before = copy.deepcopy(state)
    try:
        after = state.apply(action)
    except RummyError:
        assert state == before
        event(f"{pool} {type(action).__name__}: refused")
        return state
    event(f"{pool} {type(action).__name__}: accepted")
    assert state_problems(after) == (), f"{action!r} was accepted but broke the state"
    return after


# --- contract games -----------------------------------------------------------------------
def _bent_lay_downs(down: LayDown, hand: tuple[Piece, ...]) -> st.SearchStrategy[LayDown]:
    """A legal lay-down changed in one place: a card dropped, added, replaced, or a meld gone."""
    groups = [list(m.pieces) for m in down.melds]

    def bend(how: str, meld: int, spot: int, card: Piece) -> LayDown:
        new = [list(g) for g in groups]
        target = new[meld % len(new)]
        at = spot % len(target)
        if how == "drop-card":
            del target[at]
        elif how == "add-card":
            target.insert(at, card)
        elif how == "replace-card":
            target[at] = card
        elif how == "drop-meld":
            del new[meld % len(new)]
        else:  # "extra-meld"
            new.append([card, *target[:2]])
        return LayDown(down.player, [g for g in new if g], swaps=down.swaps)

    how = st.sampled_from(["drop-card", "add-card", "replace-card", "drop-meld", "extra-meld"])
    return st.builds(bend, how, st.integers(0, 9), st.integers(0, 9), st.sampled_from(hand))


def _near_contract(state: ContractRound, legal: tuple[Any, ...]) -> st.SearchStrategy[Any]:
    """Actions close to legal: real seats, cards from the hand in turn, melds that are on the table."""
    hand = state.hands[state.current]
    if state.is_over or not hand:
        return contract_actions
    own = st.sampled_from(hand)
    seat = st.one_of(st.just(state.current), st.integers(0, state.players - 1))
    if state.window is not None and state.window.waiting:
        seat = st.one_of(seat, st.sampled_from(state.window.waiting))
    on_table = st.integers(0, len(state.table) - 1) if state.table else indexes
    options = [
        st.builds(DrawStock, seat),
        st.builds(DrawDiscard, seat),
        st.builds(Buy, seat),
        st.builds(DeclineBuy, seat),
        st.builds(Discard, seat, own),
        st.builds(LayOff, seat, st.lists(own, min_size=1, max_size=3), on_table, st.sampled_from(["high", "low"])),
        st.builds(SwapJoker, seat, own, on_table),
        st.builds(LayDown, seat, st.lists(st.lists(own, min_size=3, max_size=5), min_size=1, max_size=3)),
    ]
    options += [_bent_lay_downs(a, hand) for a in legal if isinstance(a, LayDown)]
    return st.one_of(options)


def _legal(data: st.DataObject, legal: tuple[Any, ...]) -> Any:
    """One of the legal actions, the kind first (else the many discards would crowd out the rest)."""
    kind = data.draw(st.sampled_from(sorted({type(a).__name__ for a in legal})), label="legal kind")
    return data.draw(st.sampled_from([a for a in legal if type(a).__name__ == kind]), label="legal action")


def _contract_proposal(data: st.DataObject, state: ContractRound) -> tuple[str, Any]:
    legal = state.legal_actions()
    pools = ["blind", "near", "legal"] if legal else ["blind", "near"]
    pool = data.draw(st.sampled_from(pools), label="pool")
    if pool == "legal":
        return pool, _legal(data, legal)
    if pool == "near":
        return pool, data.draw(_near_contract(state, legal), label="near action")
    return pool, data.draw(contract_actions, label="blind action")


@pytest.mark.parametrize("rules", [SHANGHAI, CONTRACT_RUMMY], ids=["shanghai", "contract"])
@FUZZ
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 120), data=st.data())
def test_contract_round_refuses_or_stays_possible(rules: Any, seed: int, steps: int, data: st.DataObject) -> None:
    state = _advance(
        ContractRound.deal(rules=rules, players=3 + seed % 3, seed=seed, round_number=1 + seed % 7), steps, seed
    )
    for n in range(data.draw(st.integers(1, 10), label="actions")):
        pool, action = _contract_proposal(data, state)
        state = _judge(state, action, pool)
        state = _advance(state, data.draw(st.integers(0, 8), label="then"), seed + n, stop_at_play=True)


@FUZZ
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 200), data=st.data())
def test_contract_game_refuses_or_stays_possible(seed: int, steps: int, data: st.DataObject) -> None:
    state = _advance(ContractGame.deal(rules=SHANGHAI, players=3, seed=seed), steps, seed)
    for n in range(data.draw(st.integers(1, 4), label="actions")):
        pool, action = _contract_proposal(data, state.round)
        state = _judge(state, action, pool)
        state = _advance(state, data.draw(st.integers(0, 8), label="then"), seed + n, stop_at_play=True)


# --- gin ------------------------------------------------------------------------------------
gin_actions = st.one_of(
    st.builds(GinDrawStock, seats),
    st.builds(GinDrawDiscard, seats),
    st.builds(GinDiscard, seats, card_tokens.filter(lambda t: t != "*")),
    st.builds(GinKnock, seats, st.one_of(st.none(), card_tokens.filter(lambda t: t != "*"))),
)


def _near_gin(state: GinHand) -> st.SearchStrategy[Any]:
    """Gin actions by a real seat with cards from the hand of the player in turn."""
    mover = 0 if state.to_move is None else state.to_move  # (once over, the cards of seat 0)
    seat = st.one_of(st.just(mover), st.integers(0, 1))
    own = st.sampled_from(state.hands[mover])
    return st.one_of(
        st.builds(GinDrawStock, seat),
        st.builds(GinDrawDiscard, seat),
        st.builds(GinDiscard, seat, own),
        st.builds(GinKnock, seat, st.one_of(st.none(), own)),
    )


@FUZZ
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 40), data=st.data())
def test_gin_hand_refuses_or_stays_possible(seed: int, steps: int, data: st.DataObject) -> None:
    state = _advance(GinHand.deal(rules=GIN_RUMMY, seed=seed), steps, seed)
    for _ in range(data.draw(st.integers(1, 8), label="actions")):
        legal = state.legal_actions()
        pool = data.draw(st.sampled_from(["blind", "near", "legal"] if legal else ["blind", "near"]), label="pool")
        if pool == "legal":
            action = _legal(data, legal)
        elif pool == "near":
            action = data.draw(_near_gin(state), label="near action")
        else:
            action = data.draw(gin_actions, label="blind action")
        state = _judge(state, action, pool)


# --- rummikub -------------------------------------------------------------------------------
tile_tokens = st.sampled_from(["r1", "r2", "r3", "r4", "k5", "b5", "y5", "r5", "*", "r13", "k13", "b13", "y13"])
tables = st.lists(st.lists(tile_tokens, min_size=1, max_size=5).map(" ".join), max_size=6)


def _bend_table(data: st.DataObject, table: list[list[Piece]], rack: tuple[Piece, ...], others: list[Piece]) -> str:
    """A proposed table changed in one place; returns how (the table is changed in place)."""
    how = data.draw(
        st.sampled_from(["drop-tile", "add-rack-tile", "add-foreign-tile", "move-tile", "drop-set", "copy-set"]),
        label="bend",
    )
    if how in ("add-rack-tile", "add-foreign-tile"):
        source = rack if how == "add-rack-tile" else others
        if not source:
            return "unbent"
        tile = data.draw(st.sampled_from(source), label="tile")
        if not table:
            table.append([tile])
        else:
            target = table[data.draw(st.integers(0, len(table) - 1), label="set")]
            target.insert(data.draw(st.integers(0, len(target)), label="at"), tile)
        return how
    if not table:
        return "unbent"
    i = data.draw(st.integers(0, len(table) - 1), label="set")
    if how == "drop-set":
        del table[i]
    elif how == "copy-set":
        table.append(list(table[i]))
    else:
        tile = table[i].pop(data.draw(st.integers(0, len(table[i]) - 1), label="at"))
        if how == "move-tile":
            table[data.draw(st.integers(0, len(table) - 1), label="to")].append(tile)
        table[:] = [s for s in table if s]
    return how


def _best(game: RummikubGame) -> Solution:
    """The solver's best play for the player in turn."""
    done = game.initial_meld_done[game.to_move]
    return solve(game.table.melds, game.rack(), rules=game.rules, initial_meld_done=done, keep_sets=False)


def _rummikub_proposal(data: st.DataObject, game: RummikubGame) -> tuple[str, list[str]]:
    """A proposed table after the turn, and the pool it was drawn from."""
    current = [list(m.pieces) for m in game.table.melds]
    rack = game.rack()
    pool = data.draw(st.sampled_from(["blind", "rack-sets", "best", "bent-best"]), label="pool")
    if pool == "blind":
        proposal = data.draw(tables, label="blind table")
        if data.draw(st.booleans(), label="keep"):
            proposal = [" ".join(map(str, m)) for m in current] + proposal
        return pool, proposal
    if pool == "rack-sets":  # the table as it is, plus stretches of the sorted rack
        stretches = st.tuples(st.integers(0, len(rack) - 1), st.integers(1, 5))
        for start, size in data.draw(st.lists(stretches, min_size=1, max_size=3), label="stretches"):
            current.append(list(rack[start : start + size]))
    else:
        best = _best(game)
        current = [list(m.pieces) for m in best.table_after]
        if pool == "best":
            pool = "best (a pass)" if best.is_pass else "best"
        else:
            others = [p for seat, r in enumerate(game.hands) if seat != game.to_move for p in r] + list(game.stock[:5])
            pool = f"bent-best {_bend_table(data, current, rack, others)}"
    return pool, [" ".join(map(str, m)) for m in current]


@FUZZ
@given(seed=st.integers(0, 10**6), draws=st.integers(0, 30), warm_up=st.integers(0, 12), data=st.data())
def test_rummikub_play_refuses_or_stays_possible(seed: int, draws: int, warm_up: int, data: st.DataObject) -> None:
    """Proposed tables (blind, from the rack, the best play, or it bent): refused, or the game stays possible.

    Some turns of best plays first, so that proposals also come after initial melds, on a table
    that may be rearranged. A refused proposal leaves the game as it was; the player then draws.
    """
    game = RummikubGame.deal(rules=RUMMIKUB, players=2, seed=seed)
    for _ in range(draws):
        game = game.apply(Draw(game.to_move))
    for _ in range(warm_up):
        if game.is_over:
            break
        best = _best(game)
        game = (
            game.apply(Play(game.to_move, best.table_after))
            if not best.is_pass
            else game.apply(Draw(game.to_move))
            if game.stock
            else game.apply(Pass(game.to_move))
        )
    for _ in range(data.draw(st.integers(1, 8), label="turns")):
        if game.is_over:
            break
        pool, after = _rummikub_proposal(data, game)
        before = copy.deepcopy(game)
        met = "after the initial meld" if game.initial_meld_done[game.to_move] else "initial meld"
        try:
            played = game.apply(Play(game.to_move, after))
        except RummyError:
            assert game == before
            event(f"{pool}, {met}: refused")
            game = game.apply(Draw(game.to_move)) if game.stock else game.apply(Pass(game.to_move))
            continue
        event(f"{pool}, {met}: accepted")
        assert state_problems(played) == ()
        game = played


def test_rummikub_rack_of_another_seat() -> None:
    game = RummikubGame.deal(rules=RUMMIKUB, players=2, seed=1)
    for seat in (-1, 2, 10**30, True):
        with pytest.raises(RummyError):
            game.rack(seat)  # type: ignore[arg-type]
