"""Property tests: random rounds played by random legal actions (docs/rules/contract-rummy.md and docs/rules/shanghai.md).

* no card is ever created or lost: stock + discards + hands + table is always the deal;
* there is always a legal action until the round ends, and every round ends with the scores the
  rules give the hands left;
* an illegal action raises `IllegalActionError` (never anything else) and changes nothing.

The rule sets carry the ``max_reshuffles`` house rule so that every random round is finite.
"""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummylib import CONTRACT_RUMMY, JOKER, SHANGHAI, IllegalActionError, Piece, PieceCount, RuleSet
from rummylib.cards import Card, Rank, Suit
from rummylib.contracts import (
    Buy,
    ContractAction,
    ContractGame,
    ContractRound,
    DeclineBuy,
    Discard,
    DrawDiscard,
    DrawStock,
    EndReason,
    LayDown,
    LayOff,
    Phase,
    SwapJoker,
    score_contract_round,
)
from rummylib.decks import full_set
from rummylib.scoring import hand_points

VARIANTS: list[RuleSet] = [
    CONTRACT_RUMMY.with_options({"max_reshuffles": 1}),
    SHANGHAI.with_options({"max_reshuffles": 1}),
    SHANGHAI.with_options(
        {
            "max_reshuffles": 1,
            "go_out_by_discard": False,
            "down_player_may_buy": False,
            "max_buys_by_round": [3] * 8 + [4, 4],
            "joker_ratio": True,
            "min_run": 4,
        }
    ),
    SHANGHAI.with_options(
        {"max_reshuffles": 2, "layoff_same_turn": True, "swapped_joker_must_be_used": False, "jokers": "all"}
    ),
    CONTRACT_RUMMY.with_options(
        {"max_reshuffles": 1, "multiple_buys": True, "deuces_wild": True, "buy_penalty_cards": 2, "jokers": "all"}
    ),
]


def pick(state: ContractRound, rng: random.Random) -> ContractAction:
    """A random legal action, leaning towards the ones that end a round."""
    actions = state.legal_actions()
    assert actions, f"no legal action in a live round:\n{state}"
    playing = [a for a in actions if isinstance(a, LayDown | LayOff | SwapJoker)]
    if playing and rng.random() < 0.9:
        return rng.choice(playing)
    if state.phase is Phase.DRAW and rng.random() < 0.8:
        return DrawStock(state.current)
    if state.phase is Phase.BUY and rng.random() < 0.7:
        return next(a for a in actions if isinstance(a, DeclineBuy))
    return rng.choice(actions)


def random_action(state: ContractRound, rng: random.Random) -> ContractAction:
    """Any action at all, legal or not."""
    seat = rng.randrange(-1, state.players + 1)
    deck: list[Piece] = [*(Card(r, s) for r in Rank for s in Suit), JOKER]
    card: Piece = rng.choice([*state.hands[seat % state.players], *deck])
    meld = rng.randrange(-1, len(state.table) + 2)
    kind = rng.randrange(8)
    if kind == 0:
        return DrawStock(seat)
    if kind == 1:
        return DrawDiscard(seat)
    if kind == 2:
        return Buy(seat)
    if kind == 3:
        return DeclineBuy(seat)
    if kind == 4:
        hand = list(state.hands[seat % state.players])
        rng.shuffle(hand)
        return LayDown(seat, [hand[:3], hand[3:6]])
    if kind == 5:
        return LayOff(seat, (card,), meld)
    if kind == 6:
        return SwapJoker(seat, card, meld)
    return Discard(seat, card)


def check_result(state: ContractRound) -> None:
    result = state.round_result
    assert result is not None
    rules = state.rules
    assert result.hands == state.hands
    expected = score_contract_round(
        state.hands, rules=rules, out_in_one_turn=result.out_in_one_turn, joker_used=result.joker_used
    )
    assert result.scores == expected
    if result.reason is EndReason.WENT_OUT:
        assert result.went_out is not None
        assert state.hands[result.went_out] == ()
        bonus = rules.one_turn_out_bonus if result.joker_used else rules.one_turn_out_no_joker_bonus
        assert result.scores[result.went_out] == (bonus if result.out_in_one_turn else 0)
    else:
        assert result.went_out is None
        assert not state.stock
        assert len(state.discards) < 2 or state.reshuffles == rules.max_reshuffles
    for seat, hand in enumerate(state.hands):
        if seat != result.went_out:
            assert result.scores[seat] == hand_points(hand, rules=rules)


@settings(max_examples=12)
@given(
    rules=st.sampled_from(VARIANTS),
    seed=st.integers(0, 10**6),
    extra_players=st.integers(0, 2),
    round_index=st.integers(0, 9),
)
def test_random_rounds_conserve_cards_and_end_with_the_rules_scores(
    rules: RuleSet, seed: int, extra_players: int, round_index: int
) -> None:
    rng = random.Random(seed)
    players = rules.min_players + extra_players
    number = round_index % len(rules.rounds) + 1
    state = ContractRound.deal(rules=rules, players=players, seed=seed, round_number=number, dealer=seed % players)
    deal = PieceCount.of(full_set(rules, players=players))
    for step in range(4000):
        assert state.all_pieces() == deal
        if state.is_over:
            break
        if step % 7 == 0:
            probe = random_action(state, rng)
            problems = state.action_violations(probe)
            if problems:
                with pytest.raises(IllegalActionError) as info:
                    state.apply(probe)
                assert info.value.violations == problems
                assert not state.is_legal(probe)
            else:
                assert state.apply(probe).all_pieces() == deal
                if not isinstance(probe, LayDown):
                    # every legal draw, buy answer, discard, single-card lay-off and swap is listed
                    assert probe in state.legal_actions()
        state = state.apply(pick(state, rng))
    assert state.is_over, f"round did not end:\n{state}"
    assert state.legal_actions() == ()
    check_result(state)


@settings(max_examples=3)
@given(seed=st.integers(0, 10**6))
def test_random_short_games_add_up_and_rotate_the_dealer(seed: int) -> None:
    rules = attrs.evolve(SHANGHAI.with_options({"max_reshuffles": 1}), rounds=SHANGHAI.rounds[:3])
    rng = random.Random(seed)
    game = ContractGame.deal(rules=rules, players=3, seed=seed, dealer=seed % 3)
    dealers = [game.round.dealer]
    for _ in range(20000):
        if game.is_over:
            break
        game = game.apply(pick(game.round, rng))
        if game.round.dealer != dealers[-1]:
            dealers.append(game.round.dealer)
    assert game.is_over
    assert dealers == [(seed + k) % 3 for k in range(3)]
    assert [r.round_number for r in game.results] == [1, 2, 3]
    assert game.totals == tuple(sum(r.scores[p] for r in game.results) for p in range(3))
    assert min(game.totals[p] for p in game.winners) == min(game.totals)
