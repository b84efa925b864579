"""docs/rules/contract-rummy.md (Contract Rummy), sentence by sentence, through ``rummylib batch`` and the referee API."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from rummylib import rules as R
from rummylib.batch import handle_request
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
from rummylib.errors import RummyError
from rummylib.notation import parse_pieces
from rummylib.pieces import Piece

G = "contract_rummy"
CR = R.CONTRACT_RUMMY


def call(op: str, **fields: Any) -> dict[str, Any]:
    return handle_request({"op": op, "game": G, **fields})


def codes(answer: dict[str, Any]) -> set[str]:
    return {p["code"] for p in answer["problems"]}


def contract(n: int, melds: list[str], **kw: Any) -> dict[str, Any]:
    return call("contract", round=n, melds=melds, **kw)


def cards(text: str) -> tuple[Piece, ...]:
    return tuple(parse_pieces(text, rules=CR))


def crafted(
    hands: list[str], stock: str, upcard: str, *, round_number: int = 1, rules: R.RuleSet = CR
) -> ContractRound:
    """A round dealt normally, then given chosen hands, stock and upcard (player 1 to play)."""
    base = ContractRound.deal(rules=rules, players=len(hands), seed=1, round_number=round_number, dealer=0)
    return attrs.evolve(
        base,
        hands=tuple(cards(h) for h in hands),
        stock=cards(stock),
        discards=cards(upcard),
        down=(False,) * len(hands),
        buys=(0,) * len(hands),
    )


# --- Cards ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "decks", "jokers"), [(2, 2, 1), (3, 2, 2), (4, 2, 3), (5, 3, 4), (6, 3, 5)])
def test_decks_by_players_and_jokers_players_minus_one(players: int, decks: int, jokers: int) -> None:
    """'Up to 4 players: 2 decks; 5 or more: 3 decks. Jokers: one fewer than the number of players.'"""
    assert CR.decks_for(players) == (decks, jokers)


@pytest.mark.parametrize(("players", "expected"), [(3, (2, 4)), (5, (3, 6))])
def test_jokers_option_all_two_per_deck(players: int, expected: tuple[int, int]) -> None:
    """Option ``jokers``: ``all`` = 2 per deck."""
    assert CR.with_options({"jokers": "all"}).decks_for(players) == expected
    assert CR.with_options({"jokers": "players-1"}).decks_for(players)[1] == players - 1


def test_deal_uses_decks_and_jokers() -> None:
    """The deal holds 2 × 52 + 2 jokers for 3 players."""
    r = ContractRound.deal(rules=CR, players=3, seed=5, round_number=1, dealer=0)
    total = list(r.stock) + list(r.discards) + [c for h in r.hands for c in h]
    assert len(total) == 106 and sum(1 for c in total if str(c) == "*") == 2


def test_deuces_wild_two_is_a_joker_and_counts_25() -> None:
    """Option ``deuces_wild``: 'every 2 is also a joker, and counts 25 points in hand.'"""
    rules = {"deuces_wild": True}
    assert call("meld", meld="7h 7s 2c", rules=rules)["valid"] is True
    assert call("meld", meld="7h 7s 2c")["valid"] is False
    assert call("meld", meld="4c 5c 2d 7c", rules=rules)["jokers"] == ["6c"]
    assert call("points", hand="2c", rules=rules) == {"points": 25}
    assert call("points", hand="2c") == {"points": 2}


# --- Rounds and contracts ------------------------------------------------------------------------


ROUNDS = [
    (1, 10, 2, 0),
    (2, 10, 1, 1),
    (3, 10, 0, 2),
    (4, 10, 3, 0),
    (5, 12, 2, 1),
    (6, 12, 1, 2),
    (7, 12, 0, 3),
]


@pytest.mark.parametrize(("n", "dealt", "sets", "runs"), ROUNDS)
def test_round_table(n: int, dealt: int, sets: int, runs: int) -> None:
    """'7 rounds. Rounds 1–4 deal 10 cards, rounds 5–7 deal 12.' and the contract table."""
    rnd = CR.round(n)
    assert (rnd.cards, rnd.contract.sets, rnd.contract.runs) == (dealt, sets, runs)
    r = ContractRound.deal(rules=CR, players=3, seed=2, round_number=n, dealer=0)
    assert [len(h) for h in r.hands] == [dealt] * 3


@pytest.mark.parametrize("n", [0, 8, -1])
def test_no_round_outside_1_to_7(n: int) -> None:
    """'7 rounds': a round the game does not have is an error."""
    answer = contract(n, ["7h 7s 7d", "8c 8h 8d"])
    assert answer["error"]["code"] == "unknown-round"
    assert call("find_contract", round=n, hand="7h 7s 7d")["error"]["code"] == "unknown-round"


def test_dealer_moves_left_play_starts_left_of_dealer() -> None:
    """'The dealer moves left each round; play starts left of the dealer.'"""
    game = ContractGame.deal(rules=CR, players=4, seed=9, dealer=2)
    assert game.round.dealer == 2 and game.round.current == 3


# --- Melds ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["Ah As Ah", "7h 7s 7d 7c 7h", "Kd Kd Kd"])
def test_set_3_or_more_one_rank_suits_free(text: str) -> None:
    """'A set is 3 or more cards of one rank, suits free (Ah As Ah is a set — decks are doubled).'"""
    answer = call("meld", meld=text)
    assert (answer["valid"], answer["kind"]) == (True, "group")


@pytest.mark.parametrize(("text", "valid"), [("4c 5c 6c 7c", True), ("4c 5c 6c", False), ("4c 5c 6d 7c", False)])
def test_run_4_or_more_one_suit(text: str, valid: bool) -> None:
    """'A run is 4 or more cards of one suit in sequence.'"""
    assert call("meld", meld=text)["valid"] is valid


@pytest.mark.parametrize(
    ("text", "valid"),
    [("Jc Qc Kc Ac", True), ("Ac 2c 3c 4c", True), ("Kc Ac 2c 3c", False), ("Qc Kc Ac 2c", False)],
)
def test_ace_high_or_low_never_wraps(text: str, valid: bool) -> None:
    """'Jc Qc Kc Ac and Ac 2c 3c 4c are runs, Kc Ac 2c 3c is not.'"""
    answer = call("meld", meld=text)
    assert answer["valid"] is valid
    if not valid:
        assert "run-wraps" in codes(answer)


def test_run_at_most_14_ace_low_to_ace_high() -> None:
    """'A run holds at most 14 cards (ace low to ace high).'"""
    full = "Ac 2c 3c 4c 5c 6c 7c 8c 9c 10c Jc Qc Kc Ac"
    assert call("meld", meld=full)["valid"] is True
    assert call("meld", meld="* 2c 3c 4c 5c 6c 7c 8c 9c 10c Jc Qc Kc Ac")["valid"] is True
    assert call("meld", meld=full + " *")["valid"] is False
    laid = call("layoff", meld="Ac 2c 3c 4c 5c 6c 7c 8c 9c 10c Jc Qc Kc", cards="Ac")
    assert laid == {"valid": True, "meld": full, "problems": []}
    assert call("layoff", meld=full, cards="*")["valid"] is False


# --- Meeting the contract ---------------------------------------------------------------------------


def test_issue_example_contract() -> None:
    """``round 2, ["7h 7s 7d", "4c 5c 6c 7c"]`` meets the contract."""
    assert contract(2, ["7h 7s 7d", "4c 5c 6c 7c"]) == {"valid": True, "problems": []}


@pytest.mark.parametrize(
    ("n", "melds", "code"),
    [
        (1, ["7h 7s 7d 7c", "8c 8c 8h"], "contract-set-size"),
        (2, ["7h 7s 7d", "4c 5c 6c 7c 8c"], "contract-run-size"),
        (1, ["7h 7s 7d"], "contract-meld-count"),
        (1, ["7h 7s 7d", "4c 5c 6c 7c"], "contract-meld-kinds"),
    ],
)
def test_contract_exact_sizes(n: int, melds: list[str], code: str) -> None:
    """'with exactly the cards it needs: a set of exactly 3, a run of exactly 4'."""
    answer = contract(n, melds)
    assert answer["valid"] is False
    assert code in codes(answer)


@pytest.mark.parametrize(("n", "size"), [(1, 6), (2, 7), (3, 8), (4, 9), (5, 10), (6, 11)])
def test_contract_card_counts(n: int, size: int) -> None:
    """'(so 6 cards in round 1, 7 in round 2, …)' — what find_contract lays is exactly that many."""
    hand = "7h 7s 7d 8c 8h 8d 9c 9h 9s 3d 4d 5d 6d Jh Qh Kh Ah 2s 3s 4s 5s"
    answer = call("find_contract", round=n, hand=hand)
    assert answer["valid"] is True
    assert sum(len(m.split()) for m in answer["melds"]) == size
    assert contract(n, answer["melds"])["valid"] is True


def test_two_runs_one_suit_must_not_continue_each_other() -> None:
    """'2 3 4 5 and 7 8 9 10 of clubs are two runs, 2 … 9 of clubs is one.'"""
    assert contract(3, ["2c 3c 4c 5c", "7c 8c 9c 10c"])["valid"] is True
    joined = contract(3, ["2c 3c 4c 5c", "6c 7c 8c 9c"])
    assert joined["valid"] is False and "contract-runs-continue" in codes(joined)
    assert contract(3, ["2c 3c 4c 5c", "6d 7d 8d 9d"])["valid"] is True


def test_runs_continue_through_ace_and_jokers() -> None:
    """Continuing runs are caught at the ace (A-4 then 5-8) and through a joker."""
    assert "contract-runs-continue" in codes(contract(3, ["Ac 2c 3c 4c", "5c 6c 7c 8c"]))
    assert "contract-runs-continue" in codes(contract(3, ["2c 3c * 5c", "6c 7c 8c 9c"]))
    assert contract(3, ["Ac 2c 3c 4c", "Jc Qc Kc Ac"])["valid"] is True


def test_round_7_whole_hand_but_one() -> None:
    """Round 7: 'three runs (of 4 or more here) holding every card in hand but at most one'."""
    runs = ["2c 3c 4c 5c", "2d 3d 4d 5d", "2h 3h 4h 5h"]
    base = "2c 3c 4c 5c 2d 3d 4d 5d 2h 3h 4h 5h"
    assert contract(7, runs, hand=base + " 9s")["valid"] is True
    assert contract(7, runs, hand=base)["valid"] is True
    left_two = contract(7, runs, hand=base + " 9s 9d")
    assert left_two["valid"] is False and "contract-whole-hand" in codes(left_two)
    longer = ["2c 3c 4c 5c 6c", "2d 3d 4d 5d", "2h 3h 4h 5h"]
    assert contract(7, longer, hand=base + " 6c")["valid"] is True


def test_cards_not_in_hand() -> None:
    """'cards not in the hand' is a problem."""
    answer = contract(1, ["7h 7s 7d", "8c 8c 8h"], hand="7h 7s 8c 8c 8h 9d")
    assert answer["valid"] is False and "contract-not-in-hand" in codes(answer)


# --- A turn -------------------------------------------------------------------------------------


HANDS = ["Ah Ah As 5d 6d 7d 8d 9h 10h Js", "7h 7s 7d 8c 8h 8d 9c 2s 3s Kd", "4c 5c 6c 7c Qh Qs Qd Jc Jd 2h"]


def _through_to_next_turn(r: ContractRound) -> ContractRound:
    """Players 2 and 0 take the upcard and throw it back; player 1 then draws from the stock."""
    for p in (2, 0):
        up = r.discards[-1]
        r = r.apply(DrawDiscard(p)).apply(Discard(p, up))
    r = r.apply(DrawStock(1))
    while r.window is not None:
        r = r.apply(DeclineBuy(r.window.waiting[0]))
    return r


def _laid_down() -> ContractRound:
    r = crafted(
        ["Ah Ah As 5d 6d 7d 8d 9h 10h Js", "7h 7s 7d 8c 8h 8d 7c", "4c 5c 6c 7c Qh Qs Qd Jc Jd 2h"], "8s 3c", "Kd"
    )
    r = r.apply(DrawDiscard(1)).apply(LayDown(1, ["7h 7s 7d", "8c 8h 8d"]))
    assert r.down[1]
    with pytest.raises(RummyError):  # lay-offs only from the turn after the contract
        r.apply(LayOff(1, "7c", 0))
    with pytest.raises(RummyError):  # the contract once
        r.apply(LayDown(1, ["7c 7h 7s"]))
    return _through_to_next_turn(r.apply(Discard(1, "Kd")))


def test_turn_lay_off_only_from_the_turn_after_the_contract() -> None:
    """'Optionally lay down the contract (once). From the turn *after* the contract, lay off any number of cards.'"""
    r = _laid_down()
    assert sorted(map(str, r.hands[1])) == ["7c", "8s"]
    r = r.apply(LayOff(1, "7c", 0))
    assert len(r.table[0].meld) == 4


def test_go_out_by_lay_off() -> None:
    """'A player goes out by getting rid of the last card (by a lay-off ...)'."""
    r = _laid_down().apply(LayOff(1, "7c", 0)).apply(LayOff(1, "8s", 1))
    assert r.is_over and r.hands[1] == ()


def test_go_out_by_discard() -> None:
    """'... or the discard'."""
    r = _laid_down().apply(LayOff(1, "7c", 0)).apply(Discard(1, "8s"))
    assert r.is_over and r.hands[1] == ()


# --- Buying -----------------------------------------------------------------------------------------


def test_buy_takes_upcard_plus_one_penalty_first_in_turn_order_wins() -> None:
    """'they take it plus one penalty card'; 'the one whose turn comes first gets it'; the player in turn draws."""
    r = crafted(HANDS, "2c 3c 4h 5h 6h 7c 10c 10d", "Kh")
    r = r.apply(DrawStock(1)).apply(Buy(0)).apply(Buy(2))
    assert [len(h) for h in r.hands] == [10, 11, 12]
    assert "Kh" in map(str, r.hands[2])


def test_buy_penalty_cards_option() -> None:
    """Option ``buy_penalty_cards``."""
    rules = CR.with_options({"buy_penalty_cards": 2})
    r = crafted(HANDS, "2c 3c 4h 5h 6h 7c 10c 10d", "Kh", rules=rules)
    r = r.apply(DrawStock(1)).apply(Buy(2)).apply(DeclineBuy(0))
    assert [len(h) for h in r.hands] == [10, 11, 13]


def test_buying_off() -> None:
    """Option ``buying`` off: nobody may buy."""
    rules = CR.with_options({"buying": False})
    r = crafted(HANDS, "2c 3c 4h 5h 6h 7c 10c 10d", "Kh", rules=rules)
    r = r.apply(DrawStock(1))
    assert r.window is None
    with pytest.raises(RummyError):
        r.apply(Buy(2))


def test_buy_not_when_upcard_is_taken() -> None:
    """'When the player whose turn it is does not take the top discard, another player may buy it.'"""
    r = crafted(HANDS, "2c 3c 4h 5h 6h 7c 10c 10d", "Kh").apply(DrawDiscard(1))
    with pytest.raises(RummyError):
        r.apply(Buy(2))


# --- Jokers -------------------------------------------------------------------------------------------


def test_joker_layoff_moves_joker_to_either_end() -> None:
    """'A joker in a run may be moved to either end by a player laying off the natural card it stood for.'"""
    high = call("layoff", meld="4c 5c * 7c", cards="6c")
    low = call("layoff", meld="4c 5c * 7c", cards="6c", joker_end="low")
    assert high == {"valid": True, "meld": "4c 5c 6c 7c *", "problems": []}
    assert low == {"valid": True, "meld": "* 4c 5c 6c 7c", "problems": []}


def test_layoff_issue_example_and_no_wrap() -> None:
    """The layoff example; laying off never wraps K-A-2."""
    assert call("layoff", meld="4c 5c 6c 7c", cards="8c 9c") == {
        "valid": True,
        "meld": "4c 5c 6c 7c 8c 9c",
        "problems": [],
    }
    assert call("layoff", meld="Jc Qc Kc Ac", cards="2c")["valid"] is False
    assert call("layoff", meld="7h 7s 7d", cards="7h") == {"valid": True, "meld": "7h 7s 7d 7h", "problems": []}


def _down_round(table: list[str], hand1: str) -> ContractRound:
    r = crafted(["Ah Ah As 5d 6d 7d 8d 9h 10h Js", hand1, "4c 5c 6c 7c Qh Qs Qd Jc Jd 2h"], "3c 4h 5h 6h 7c", "Kh")
    from rummylib.contracts import TableMeld
    from rummylib.melds import check_meld

    melds = tuple(TableMeld(owner=0, reading=check_meld(m, rules=CR)) for m in table)
    return attrs.evolve(r, table=melds, down=(True, True, False))


def test_joker_taken_from_run_by_natural_card_once_down() -> None:
    """'Once down, a player may take a joker from a run by putting in the natural card it stands for.'"""
    r = _down_round(["9s 10s * Qs", "5h 5d 5c"], "Js 2d 3d")
    r = r.apply(DrawDiscard(1)).apply(SwapJoker(1, "Js", 0))
    assert "*" in map(str, r.hands[1])
    assert str(r.table[0].meld) == "9s 10s Js Qs"


def test_joker_swap_needs_player_down() -> None:
    """'Once down' — a player not yet down may not take a joker."""
    r = _down_round(["9s 10s * Qs", "5h 5d 5c"], "Js 2d 3d")
    r = attrs.evolve(r, down=(True, False, False)).apply(DrawDiscard(1))
    with pytest.raises(RummyError):
        r.apply(SwapJoker(1, "Js", 0))


def test_jokers_in_a_set_are_dead() -> None:
    """'Jokers in a set are dead: never taken back.'"""
    r = _down_round(["9s 10s Js Qs", "5h 5d *"], "5s 2d 3d").apply(DrawDiscard(1))
    with pytest.raises(RummyError):
        r.apply(SwapJoker(1, "5s", 1))


# --- Empty stock ----------------------------------------------------------------------------------


def test_empty_stock_reshuffles_discards_except_top() -> None:
    """'Shuffle the discard pile except its top card into a new stock.'"""
    r = crafted(HANDS, "", "Kh")
    r = attrs.evolve(r, discards=cards("3c 4h 5h Kh"))
    r = r.apply(DrawStock(1))
    while r.window is not None:
        r = r.apply(DeclineBuy(r.window.waiting[0]))
    assert len(r.hands[1]) == 11
    assert [str(c) for c in r.discards][-1:] in ([], ["Kh"])


# --- Points ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "points"),
    [("*", 25), ("Ah", 15), ("Jh Qd Ks", 30), ("2c 9d 10h", 21), ("* Ah Kd", 50), ("", 0)],
)
def test_points(hand: str, points: int) -> None:
    """'joker 25, ace 15, J Q K 10, others face value.'"""
    assert call("points", hand=hand) == {"points": points}


def test_points_options_flat_and_joker_points() -> None:
    """Options ``number_cards_flat`` (2–10 count 5 each) and ``joker_points`` (e.g. 15)."""
    assert call("points", hand="2c 9d 10h Ah Kd", rules={"number_cards_flat": True}) == {"points": 40}
    assert call("points", hand="* Ah", rules={"joker_points": 15}) == {"points": 30}


def test_round_score_op() -> None:
    """The score op: everyone scores the points left in hand; the player out scores 0."""
    answer = call("score", hands=["", "Ah *", "2c 3d"], out_in_one_turn=False, joker_used=False)
    assert answer == {"scores": [0, 40, 5]}


def test_round_7_referee_goes_out_the_turn_the_contract_is_laid() -> None:
    """Round 7: 'the contract must take the whole hand, so the player goes out in the turn it is laid down'."""
    hand = "2c 3c 4c 5c 2d 3d 4d 5d 2h 3h 4h 5h"
    r = crafted(
        ["Ah Ah As 5s 6s 7s 8s 9h 10h Js Qs Kd", hand, "4s 5h 6c 7c Qh Qs Qd Jc Jd 2h 9c 9d"],
        "8c 3s",
        "Kh",
        round_number=7,
    )
    r = r.apply(DrawDiscard(1))
    r = r.apply(LayDown(1, ["2c 3c 4c 5c", "2d 3d 4d 5d", "2h 3h 4h 5h"])).apply(Discard(1, "Kh"))
    assert r.is_over and r.hands[1] == ()
    short = crafted(
        ["Ah Ah As 5s 6s 7s 8s 9h 10h Js Qs Kd", hand.replace("5h", "9s"), "4s 5h 6c"], "8c 3s", "Kh", round_number=7
    )
    short = short.apply(DrawDiscard(1))
    with pytest.raises(RummyError):
        short.apply(LayDown(1, ["2c 3c 4c 5c", "2d 3d 4d 5d", "Kh"]))
    with pytest.raises(RummyError):  # two runs leave 5 cards in hand
        short.apply(LayDown(1, ["2c 3c 4c 5c", "2d 3d 4d 5d"]))


# --- Card melds against an independent oracle (Contract Rummy, Shanghai, Gin) ---------------

_RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
_GAMES = {  # min run, max run, ace high, group min, group max
    "contract_rummy": (4, 14, True, 3, 99),
    "shanghai": (3, 14, True, 3, 99),
    "gin_rummy": (3, 13, False, 3, 4),
}


def _run_ok(melded: list[str], min_run: int, max_run: int, ace_high: bool) -> bool:
    n = len(melded)
    naturals = [c for c in melded if c != "*"]
    if not naturals or not min_run <= n <= max_run or len({c[-1] for c in naturals}) != 1:
        return False
    ranks = [c[:-1] for c in naturals]
    others = [_RANKS.index(r) + 1 for r in ranks if r != "A"]
    if len(set(others)) != len(others):
        return False
    aces = ranks.count("A")
    if aces == 0:
        options = [others]
    elif aces == 1:
        options = [[*others, 1]] + ([[*others, 14]] if ace_high else [])
    elif aces == 2 and ace_high:
        options = [[*others, 1, 14]]
    else:
        return False
    top = 14 if ace_high else 13
    return any(min(nums) >= s and max(nums) <= s + n - 1 for nums in options for s in range(1, top - n + 2))


def _set_ok(melded: list[str], gmin: int, gmax: int, distinct: bool) -> bool:
    naturals = [c for c in melded if c != "*"]
    if not naturals or not gmin <= len(melded) <= gmax or len({c[:-1] for c in naturals}) != 1:
        return False
    return not distinct or len({c[-1] for c in naturals}) == len(naturals)


def test_card_melds_agree_with_an_independent_oracle() -> None:
    """Sets 3+ (Gin: 3-4), runs 4+/3+/3+, ace high or low (Gin: low only), no wrap, at most 14 (Gin 13)."""
    import random

    rng = random.Random(7)
    checked = 0
    while checked < 1500:
        game = rng.choice(list(_GAMES))
        min_run, max_run, ace_high, gmin, gmax = _GAMES[game]
        n = rng.randint(3, 7) if rng.random() < 0.9 else rng.randint(12, 15)
        suit = rng.choice("cdhs")
        melded = []
        for _ in range(n):
            if rng.random() < 0.2 and game != "gin_rummy":
                melded.append("*")
            elif rng.random() < 0.5:
                melded.append(
                    rng.choice(["A", "K", "Q", "2", "3"]) + (suit if rng.random() < 0.9 else rng.choice("cdhs"))
                )
            else:
                melded.append(rng.choice(_RANKS) + suit)
        answer = handle_request({"op": "meld", "game": game, "meld": " ".join(melded)})
        if "error" in answer:  # more copies than the decks hold
            continue
        checked += 1
        expected = _run_ok(melded, min_run, max_run, ace_high) or _set_ok(melded, gmin, gmax, game == "gin_rummy")
        assert answer["valid"] is expected, (game, melded, answer["problems"])


def test_dealer_moves_left_each_round_and_round_scores_add_up() -> None:
    """'The dealer moves left each round; play starts left of the dealer.' and 'lowest total after 7 rounds wins'."""
    game = ContractGame.deal(rules=CR, players=3, seed=9, dealer=0)
    r = crafted(["Ah Ah As 5d", "7h 7s 7d 8c 8h 8d", "4c 5c 6c 7c"], "2c 3c", "Kh")
    r = attrs.evolve(r, dealer=0, current=1)
    game = attrs.evolve(game, round=r)
    game = game.apply(DrawDiscard(1)).apply(LayDown(1, ["7h 7s 7d", "8c 8h 8d"])).apply(Discard(1, "Kh"))
    assert game.round_number == 2
    assert game.round.dealer == 1 and game.round.current == 2
    assert game.totals == (15 + 15 + 15 + 5, 0, 4 + 5 + 6 + 7)


@pytest.mark.parametrize("multiple", [False, True])
def test_multiple_buys_next_card_of_the_pile_not_same_player(multiple: bool) -> None:
    """``multiple_buys``: 'after a buy, another player may buy the next discard; the same player may not buy two in a row'.

    As seed 004 puts it: the next card of the discard pile, under the one just bought.
    """
    rules = CR.with_options({"multiple_buys": multiple})
    r = crafted(HANDS, "2c 3c 4s 5s 6s 7s", "Qd Kh", rules=rules)
    r = r.apply(DrawStock(1)).apply(Buy(2)).apply(DeclineBuy(0))
    assert "Kh" in map(str, r.hands[2])
    if not multiple:
        assert r.window is None and len(r.hands[1]) == 11
        return
    assert r.window is not None and str(r.window.card) == "Qd"
    with pytest.raises(RummyError):
        r.apply(Buy(2))
    r = r.apply(Buy(0))
    while r.window is not None:
        r = r.apply(DeclineBuy(r.window.waiting[0]))
    assert "Qd" in map(str, r.hands[0]) and len(r.hands[0]) == 12
