"""Contract Rummy / Shanghai referee: dealing, views, dealer rotation, game totals, the example."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import attrs
import pytest

from rummylib import CONTRACT_RUMMY, GIN_RUMMY, JOKER, SHANGHAI, IllegalActionError, PieceCount, RuleSetError
from rummylib.contracts import ContractGame, ContractRound, Discard, DrawDiscard, EndReason, Phase, RoundResult
from rummylib.decks import full_set

Builder = Callable[..., ContractRound]

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "shanghai_bots.py"


# --- the deal --------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "decks", "jokers"), [(2, 2, 1), (3, 2, 2), (4, 2, 3), (5, 3, 4), (8, 3, 7)])
def test_contract_rummy_decks_and_jokers_by_players(players: int, decks: int, jokers: int) -> None:
    # docs/rules/contract-rummy.md "Up to 4 players: 2 standard 52-card decks; 5 or more: 3 decks. Jokers: one fewer than the
    # number of players"
    r = ContractRound.deal(rules=CONTRACT_RUMMY, players=players, seed=1)
    assert len(r.all_pieces()) == 52 * decks + jokers
    assert r.all_pieces().count(JOKER) == jokers


def test_jokers_all_option_keeps_two_per_deck() -> None:
    # docs/rules/contract-rummy.md "(option jokers: players-1 default, or all = 2 per deck)"
    r = ContractRound.deal(rules=CONTRACT_RUMMY.with_options({"jokers": "all"}), players=5, seed=1)
    assert r.all_pieces().count(JOKER) == 6


@pytest.mark.parametrize(("players", "total", "jokers"), [(3, 105, 1), (4, 105, 1), (5, 158, 2), (8, 158, 2)])
def test_shanghai_decks_and_jokers_by_players(players: int, total: int, jokers: int) -> None:
    # docs/rules/shanghai.md "3-4 players: 2 decks plus 1 joker; 5 or more: 3 decks plus 2 jokers"
    r = ContractRound.deal(rules=SHANGHAI, players=players, seed=1)
    assert len(r.all_pieces()) == total
    assert r.all_pieces().count(JOKER) == jokers


@pytest.mark.parametrize(("round_number", "cards"), [(1, 10), (4, 10), (5, 12), (7, 12)])
def test_contract_rummy_cards_per_round(round_number: int, cards: int) -> None:
    # docs/rules/contract-rummy.md "Rounds 1-4 deal 10 cards, rounds 5-7 deal 12."
    r = ContractRound.deal(rules=CONTRACT_RUMMY, players=3, seed=2, round_number=round_number)
    assert [len(h) for h in r.hands] == [cards] * 3


def test_shanghai_deals_eleven_cards_every_round() -> None:
    # docs/rules/shanghai.md "10 rounds, 11 cards each."
    for number in (1, 10):
        r = ContractRound.deal(rules=SHANGHAI, players=3, seed=2, round_number=number)
        assert [len(h) for h in r.hands] == [11] * 3


def test_the_deal_turns_up_an_upcard_and_play_starts_left_of_the_dealer() -> None:
    # docs/rules/contract-rummy.md "play starts left of the dealer"
    r = ContractRound.deal(rules=SHANGHAI, players=4, seed=5, dealer=3)
    assert (r.dealer, r.current, r.phase, r.turns_played) == (3, 0, Phase.DRAW, 0)
    assert len(r.discards) == 1
    assert r.all_pieces() == PieceCount.of(full_set(SHANGHAI, players=4))


def test_the_deal_is_seeded() -> None:
    a = ContractRound.deal(rules=SHANGHAI, players=4, seed=5)
    assert a == ContractRound.deal(rules=SHANGHAI, players=4, seed=5)
    assert a != ContractRound.deal(rules=SHANGHAI, players=4, seed=6)
    assert a.hands != ContractRound.deal(rules=SHANGHAI, players=4, seed=5, round_number=2).hands


def test_bad_deals_are_refused() -> None:
    with pytest.raises(RuleSetError):
        ContractRound.deal(rules=SHANGHAI, players=2, seed=0)  # docs/rules/shanghai.md "3-8 players"
    with pytest.raises(RuleSetError):
        ContractRound.deal(rules=SHANGHAI, players=9, seed=0)
    with pytest.raises(RuleSetError):
        ContractRound.deal(rules=CONTRACT_RUMMY, players=3, seed=0, round_number=8)
    with pytest.raises(RuleSetError):
        ContractRound.deal(rules=CONTRACT_RUMMY, players=3, seed=0, dealer=3)
    with pytest.raises(RuleSetError):
        ContractRound.deal(rules=GIN_RUMMY, players=2, seed=0)
    with pytest.raises(TypeError):
        ContractRound.deal(rules=SHANGHAI, players=3, seed=1.5)  # type: ignore[arg-type]


# --- views -----------------------------------------------------------------------------------


def test_a_players_view_hides_other_hands_and_the_stock() -> None:
    r = ContractRound.deal(rules=SHANGHAI, players=3, seed=4)
    v = r.view(1)
    assert v.hands == (None, r.hands[1], None)
    assert v.stock is None
    assert v.stock_size == len(r.stock)
    assert v.hand_sizes == (11, 11, 11)
    assert v.upcard == r.upcard
    whole = r.table_view()
    assert whole.hands == r.hands
    assert whole.stock == r.stock
    assert "player 1" in str(r)
    with pytest.raises(IllegalActionError):
        r.view(3)


# --- the game --------------------------------------------------------------------------------


def finishing_game(build: Builder, rules=SHANGHAI, round_number: int = 1) -> ContractGame:  # type: ignore[no-untyped-def]
    """A game whose round in play ends when player 0 discards the Kc."""
    r = build(
        rules, ["Kc", "Kd", "5h"], stock="2d 3d", discards="2c", down=(True, False, False), round_number=round_number
    )
    results = tuple(
        RoundResult(
            round_number=n,
            scores=(n, 2 * n, 0),
            reason=EndReason.WENT_OUT,
            went_out=2,
            out_in_one_turn=False,
            joker_used=False,
            hands=((), (), ()),
        )
        for n in range(1, round_number)
    )
    return ContractGame(rules=rules, seed=9, first_dealer=2, results=results, round=r)


def test_the_next_round_is_dealt_with_the_dealer_moved_left(build: Builder) -> None:
    # docs/rules/contract-rummy.md "The dealer moves left each round; play starts left of the dealer."
    game = finishing_game(build, round_number=3)
    nxt = game.apply(Discard(0, "Kc"))
    assert nxt.round_number == 4
    assert nxt.round.dealer == (2 + 3) % 3
    assert nxt.round.current == (nxt.round.dealer + 1) % 3
    assert nxt.results[-1].scores == (0, 10, 5)
    assert nxt.totals == (1 + 2 + 0, 2 + 4 + 10, 5)
    assert [len(h) for h in nxt.round.hands] == [11, 11, 11]
    assert nxt.winners == ()
    assert nxt.previous_round is not None
    assert nxt.previous_round.round_result == nxt.results[-1]
    assert nxt.previous_round.round_number == 3


def test_the_game_ends_after_the_last_round_and_lowest_total_wins(build: Builder) -> None:
    # docs/rules/contract-rummy.md "lowest total after 7 rounds wins"; docs/rules/shanghai.md "Points (lowest total wins)"
    game = finishing_game(build, round_number=10)
    over = game.apply(Discard(0, "Kc"))
    assert over.is_over
    assert len(over.results) == 10
    assert over.totals == (sum(range(1, 10)), 2 * sum(range(1, 10)) + 10, 5)
    assert over.winners == (2,)
    assert over.legal_actions() == ()
    assert not over.is_legal(Discard(1, "Kd"))
    with pytest.raises(IllegalActionError) as info:
        over.apply(Discard(1, "Kd"))
    assert info.value.violations[0].code == "round-over"
    table = over.score_table()
    assert table.splitlines()[0].split() == ["round", "P0", "P1", "P2"]
    assert table.splitlines()[-1].split() == ["total", "45", "100", "5"]


def test_ties_share_the_win(build: Builder) -> None:
    game = finishing_game(build, rules=CONTRACT_RUMMY, round_number=7)
    results = tuple(attrs.evolve(r, scores=(5, 0, 0) if r.round_number == 1 else (0, 5, 0)) for r in game.results)
    over = attrs.evolve(game, results=results).apply(Discard(0, "Kc"))
    assert over.totals == (5, 35, 5)
    assert over.winners == (0, 2)


def test_game_start_and_views() -> None:
    g = ContractGame.deal(rules=CONTRACT_RUMMY, players=3, seed="s", dealer=1)
    assert (g.round_number, g.round.dealer, g.round.current, g.players) == (1, 1, 2, 3)
    assert g.legal_actions() == g.round.legal_actions()
    assert g.is_legal(DrawDiscard(2))
    assert g.view(0).hands[1] is None
    assert g.table_view().hands == g.round.hands
    assert g.apply(DrawDiscard(2)).round.phase is Phase.PLAY


# --- the example -----------------------------------------------------------------------------


def test_the_shanghai_bots_example_plays_ten_rounds() -> None:
    out = subprocess.run([sys.executable, str(EXAMPLE), "3"], capture_output=True, text=True, check=True, timeout=120)
    lines = out.stdout.splitlines()
    assert lines[1].split() == ["round", "P0", "P1", "P2", "P3"]
    rows = [line for line in lines if line[:4].strip().isdigit()]
    assert len(rows) == 10
    total = next(line for line in lines if line.startswith("total"))
    totals = [int(x) for x in total.split()[1:]]
    sums = [sum(int(row[5:].split()[p]) for row in rows) for p in range(4)]
    assert totals == sums
    assert "lowest total: player" in lines[-1]


def test_views_as_json() -> None:
    import json

    r = ContractRound.deal(rules=SHANGHAI, players=3, seed=4)
    mine = r.view(0).to_json()
    assert mine["hands"][1] is None
    assert mine["stock"] is None
    assert isinstance(mine["hands"][0], str)
    whole = r.table_view().to_json()
    assert whole["stock_size"] == len(r.stock)
    assert isinstance(whole["stock"], str)
    json.dumps(whole)
    over = r.apply(DrawDiscard(1))
    assert over.view(1).to_json()["phase"] == "play"
