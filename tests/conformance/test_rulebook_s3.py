"""docs/rules/shanghai.md (Shanghai), sentence by sentence, through ``rummylib batch`` and the referee API."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from rummylib import rules as R
from rummylib.batch import handle_request
from rummylib.contracts import (
    Buy,
    ContractRound,
    DeclineBuy,
    Discard,
    DrawDiscard,
    DrawStock,
    LayDown,
    LayOff,
    SwapJoker,
    TableMeld,
)
from rummylib.errors import RummyError
from rummylib.melds import check_meld
from rummylib.notation import parse_pieces
from rummylib.pieces import Piece

G = "shanghai"
SH = R.SHANGHAI


def call(op: str, **fields: Any) -> dict[str, Any]:
    return handle_request({"op": op, "game": G, **fields})


def codes(answer: dict[str, Any]) -> set[str]:
    return {p["code"] for p in answer["problems"]}


def contract(n: int, melds: list[str], **kw: Any) -> dict[str, Any]:
    return call("contract", round=n, melds=melds, **kw)


def cards(text: str) -> tuple[Piece, ...]:
    return tuple(parse_pieces(text, rules=SH))


def crafted(
    hands: list[str],
    stock: str,
    discards: str,
    *,
    rules: R.RuleSet = SH,
    round_number: int = 1,
    table: tuple[str, ...] = (),
    down: tuple[bool, ...] | None = None,
    buys: tuple[int, ...] | None = None,
) -> ContractRound:
    """A dealt round given chosen hands, stock, discard pile and table; player 1 is to play."""
    base = ContractRound.deal(rules=rules, players=len(hands), seed=1, round_number=round_number, dealer=0)
    n = len(hands)
    return attrs.evolve(
        base,
        hands=tuple(cards(h) for h in hands),
        stock=cards(stock),
        discards=cards(discards),
        table=tuple(TableMeld(owner=0, reading=check_meld(m, rules=rules)) for m in table),
        down=down if down is not None else (False,) * n,
        buys=buys if buys is not None else (0,) * n,
    )


def close_window(r: ContractRound) -> ContractRound:
    while r.window is not None:
        r = r.apply(DeclineBuy(r.window.waiting[0]))
    return r


# --- Cards --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "expected"), [(3, (2, 1)), (4, (2, 1)), (5, (3, 2)), (8, (3, 2))])
def test_decks_and_jokers_by_players(players: int, expected: tuple[int, int]) -> None:
    """'3–4 players: 2 decks plus 1 joker; 5 or more: 3 decks plus 2 jokers'."""
    assert SH.decks_for(players) == expected


@pytest.mark.parametrize(("players", "expected"), [(3, (2, 4)), (6, (3, 6))])
def test_jokers_option_every_deck_keeps_two(players: int, expected: tuple[int, int]) -> None:
    """'(seed 002's house: every deck keeps its 2 jokers — option jokers)'."""
    assert SH.with_options({"jokers": "all"}).decks_for(players) == expected


@pytest.mark.parametrize("players", [2, 9])
def test_3_to_8_players(players: int) -> None:
    """'3–8 players.'"""
    with pytest.raises(RummyError):
        ContractRound.deal(rules=SH, players=players, seed=1)


# --- Rounds ----------------------------------------------------------------------------------------

TABLE = [
    (1, 2, 0, 3, 4),
    (2, 1, 1, 3, 4),
    (3, 0, 2, 3, 4),
    (4, 3, 0, 3, 4),
    (5, 1, 1, 3, 7),
    (6, 2, 1, 3, 5),
    (7, 0, 3, 3, 4),
    (8, 1, 1, 3, 10),
    (9, 3, 1, 3, 5),
    (10, 0, 3, 3, 5),
]


@pytest.mark.parametrize(("n", "sets", "runs", "set_size", "run_size"), TABLE)
def test_round_table_10_rounds_11_cards(n: int, sets: int, runs: int, set_size: int, run_size: int) -> None:
    """'10 rounds, 11 cards each.' and the contract table."""
    rnd = SH.round(n)
    c = rnd.contract
    assert (rnd.cards, c.sets, c.runs, c.set_size, c.run_size, c.exact) == (11, sets, runs, set_size, run_size, False)


@pytest.mark.parametrize("n", [0, 11])
def test_no_round_11(n: int) -> None:
    """A contract round 11 is an error, not a traceback."""
    assert contract(n, ["7h 7s 7d"])["error"]["code"] == "unknown-round"
    with pytest.raises(RummyError):
        SH.round(n)


def test_contract_numbers_are_minimums() -> None:
    """'The contract's numbers are minimums: a \"run of 7\" is 7 or more cards.'"""
    assert contract(5, ["7h 7s 7d 7c", "2c 3c 4c 5c 6c 7c 8c 9c"])["valid"] is True
    assert contract(5, ["7h 7s 7d", "2c 3c 4c 5c 6c 7c 8c"])["valid"] is True
    short = contract(5, ["7h 7s 7d", "2c 3c 4c 5c 6c 7c"])
    assert short["valid"] is False and "contract-run-size" in codes(short)
    assert contract(1, ["7h 7s 7d 7c 7h", "8c 8d 8s"])["valid"] is True
    assert contract(1, ["7h 7s", "8c 8d 8s"])["valid"] is False


def test_two_runs_of_one_suit_must_not_continue_each_other() -> None:
    """'two runs of one suit in a contract must not continue each other (that is one run, not two).'"""
    joined = contract(3, ["2c 3c 4c 5c", "6c 7c 8c 9c"])
    assert joined["valid"] is False and "contract-runs-continue" in codes(joined)
    assert contract(3, ["2c 3c 4c 5c", "7c 8c 9c 10c"])["valid"] is True
    three = contract(10, ["2c 3c 4c 5c 6c", "7c 8c 9c 10c Jc", "2d 3d 4d 5d 6d"])
    assert three["valid"] is False and "contract-runs-continue" in codes(three)


def test_find_contract_round_8_run_of_10() -> None:
    """find_contract honours minimum sizes: round 8 is a set of 3 and a run of 10 or more."""
    answer = call("find_contract", round=8, hand="2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Ks Kd Kc")
    assert answer["valid"] is True
    assert contract(8, answer["melds"])["valid"] is True
    assert call("find_contract", round=8, hand="2h 3h 4h 5h 6h 7h 8h 9h 10h Ks Kd Kc")["valid"] is False


# --- Melds -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "valid"),
    [
        ("Ah 2h 3h", True),
        ("Qh Kh Ah", True),
        ("Kh Ah 2h", False),
        ("5s 5s 5h 5d", True),
        ("Ah 2h", False),
        ("4c 5c 6d", False),
    ],
)
def test_melds_sets_free_suits_runs_ace_either_no_wrap_min_run_3(text: str, valid: bool) -> None:
    """'Sets: 3 or more of a rank, suits free. Runs: consecutive cards of one suit, ace high or low, no wrap.'"""
    assert call("meld", meld=text)["valid"] is valid


def test_min_run_option() -> None:
    """'Outside a contract, a run needs 3 cards (option min_run, default 3; seed 002: 4).'"""
    answer = call("meld", meld="Ah 2h 3h", rules={"min_run": 4})
    assert answer["valid"] is False and "run-too-short" in codes(answer)
    assert call("meld", meld="Ah 2h 3h 4h", rules={"min_run": 4})["valid"] is True


# --- A turn -----------------------------------------------------------------------------------------


def test_meld_or_lay_off_never_both_and_lay_off_only_when_down() -> None:
    """'either lay down the contract or lay off single cards ... never both in one turn; lay-offs only once down'."""
    hands = [
        "Ah Ah As 5d 6d 7d 8d 9h 10h Js Qs",
        "7h 7s 7d 8c 8h 8d 9c 2s 3s Kd 4h",
        "4c 5c 6c 7c Qh Qd Jc Jd 2h 3h 9s",
    ]
    r = crafted(hands, "Qc 3c", "Kc", table=("10c Jc Qc",), down=(True, False, False))
    r = r.apply(DrawDiscard(1))
    with pytest.raises(RummyError):  # not down: no lay-off
        r.apply(LayOff(1, "9c", 0))
    r = r.apply(LayDown(1, ["7h 7s 7d", "8c 8h 8d"]))
    with pytest.raises(RummyError):  # never both in one turn
        r.apply(LayOff(1, "9c", 0))


def test_lay_off_the_turn_after_and_discard() -> None:
    """'... lay off single cards on melds already on the table ...; discard one card.'"""
    hands = ["Ah Ah As 5d 6d 7d 8d 9h 10h Js Qs", "7h 7s 7d 8c 8h 8d Qd", "4c 5c 6c 7c Qh Qd Jc Jd 2h 3h 9s"]
    r = crafted(hands, "8s 3c", "Kc", down=(False, False, False))
    r = r.apply(DrawDiscard(1)).apply(LayDown(1, ["7h 7s 7d", "8c 8h 8d"])).apply(Discard(1, "Kc"))
    for p in (2, 0):
        up = r.discards[-1]
        r = r.apply(DrawDiscard(p)).apply(Discard(p, up))
    r = close_window(r.apply(DrawStock(1)))
    r = r.apply(LayOff(1, "8s", 1))
    assert len(r.table[1].meld) == 4


# --- Buying -------------------------------------------------------------------------------------------

HANDS = ["Ah Ah As 5d 6d 7d 8d 9h 10h Js Qs", "7h 7s 7d 8c 8h 8d 9c 2s 3s Kd 4h", "4c 5c 6c 7c Qh Qd Jc Jd 2h 3h 9s"]


def test_buyer_takes_top_discard_and_top_of_stock() -> None:
    """'A buyer takes the top discard and the top card of the stock.'"""
    r = crafted(HANDS, "2c 3c 4s", "Kh")
    r = r.apply(DrawStock(1)).apply(Buy(2)).apply(DeclineBuy(0))
    assert {"Kh", "2c"} <= set(map(str, r.hands[2])) and len(r.hands[2]) == 13
    assert "3c" in map(str, r.hands[1])


def test_at_most_4_buys_per_player_per_round() -> None:
    """'At most 4 buys per player per round.'"""
    r = crafted(HANDS, "2c 3c 4s", "Kh", buys=(0, 0, 4)).apply(DrawStock(1))
    with pytest.raises(RummyError):
        r.apply(Buy(2))
    r3 = close_window(crafted(HANDS, "2c 3c 4s", "Kh", buys=(0, 0, 3)).apply(DrawStock(1)).apply(Buy(2)))
    assert r3.window is None and r3.buys[2] == 4
    assert "Kh" in map(str, r3.hands[2])


def test_house_buys_3_in_rounds_1_to_8_and_4_in_9_10() -> None:
    """'3 buys per round in rounds 1–8 and 4 in rounds 9–10' (option)."""
    rules = SH.with_options({"max_buys_by_round": [3] * 8 + [4, 4]})
    assert [rules.buy_limit(n) for n in (1, 8, 9, 10)] == [3, 3, 4, 4]
    r = crafted(HANDS, "2c 3c 4s", "Kh", rules=rules, buys=(0, 0, 3)).apply(DrawStock(1))
    with pytest.raises(RummyError):
        r.apply(Buy(2))


def test_house_player_who_is_down_may_not_buy() -> None:
    """'a player who is down may not buy' (option)."""
    rules = SH.with_options({"down_player_may_buy": False})
    r = crafted(HANDS, "2c 3c 4s", "Kh", rules=rules, down=(False, False, True)).apply(DrawStock(1))
    with pytest.raises(RummyError):
        r.apply(Buy(2))
    r = crafted(HANDS, "2c 3c 4s", "Kh", down=(False, False, True)).apply(DrawStock(1)).apply(Buy(2))
    r = close_window(r)  # by default a player who is down may buy
    assert r.buys[2] == 1 and "Kh" in map(str, r.hands[2])


# --- Jokers -------------------------------------------------------------------------------------------


def test_any_player_may_take_a_joker_and_must_use_it_that_turn() -> None:
    """'A joker in a meld on the table may be taken by any player ...; that joker must be used in the same turn.'

    A player who is down takes it and must lay it off that turn (keeping it, or discarding it, is
    refused); a player not yet down can use it only in the contract, so takes it with the lay-down.
    """
    hands = [
        "Ah Ah As 5d 6d 7d 8d 9h 10h Js Qs",
        "Js 7s 7d 8c 8h 8d 9c 2s 3s Kd 4h",
        "4c 5c 6c 7c Qh Qd Jc Jd 2h 3h 9s",
    ]
    table = ("9s 10s * Qs", "5h 5d 5c", "7h 7c 7s")
    r = crafted(hands, "2c 3c", "Kh", table=table, down=(True, True, False))
    r = r.apply(DrawDiscard(1)).apply(SwapJoker(1, "Js", 0))
    assert "*" in map(str, r.hands[1]) and str(r.table[0].meld) == "9s 10s Js Qs"
    with pytest.raises(RummyError):  # the joker must be used this turn
        r.apply(Discard(1, "Kh"))
    with pytest.raises(RummyError):
        r.apply(Discard(1, "*"))
    r = r.apply(LayOff(1, "*", 2)).apply(Discard(1, "Kh"))
    assert "*" not in map(str, r.hands[1])
    fresh = crafted(hands, "2c 3c", "Kh", table=table, down=(True, False, False)).apply(DrawDiscard(1))
    fresh = fresh.apply(LayDown(1, ["7s 7d *", "8c 8h 8d"], swaps=[("Js", 0)]))
    assert fresh.down[1] and str(fresh.table[0].meld) == "9s 10s Js Qs"


def test_joker_in_a_set_may_be_taken_in_shanghai() -> None:
    """Shanghai: 'A joker in a meld on the table' — sets included (no dead jokers)."""
    hands = [
        "Ah Ah As 5d 6d 7d 8d 9h 10h Js Qs",
        "5s 7s 7d 8c 8h 8d 9c 2s 3s Kd 4h",
        "4c 5c 6c 7c Qh Qd Jc Jd 2h 3h 9s",
    ]
    r = crafted(hands, "2c 3c", "Kh", table=("9s 10s Js Qs", "5h 5d *"), down=(True, True, False))
    r = r.apply(DrawDiscard(1)).apply(SwapJoker(1, "5s", 1))
    assert "*" in map(str, r.hands[1])


def test_joker_ratio_option() -> None:
    """'joker_ratio — a meld may hold no more jokers than natural cards (8 8 * * is fine, 8 * * is not)'."""
    rules = {"joker_ratio": True}
    assert call("meld", meld="8h 8s * *", rules=rules)["valid"] is True
    bad = call("meld", meld="8h * *", rules=rules)
    assert bad["valid"] is False and "too-many-jokers" in codes(bad)
    assert call("meld", meld="8h * *")["valid"] is True
    assert "too-many-jokers" in codes(contract(1, ["8h * *", "9c 9d 9h"], rules=rules))
    assert call("layoff", meld="8h 8s *", cards="*", rules=rules)["valid"] is True


def test_house_joker_taker_not_down_must_meet_contract_that_turn() -> None:
    """'a player not yet down who takes a joker must meet the contract that turn' (option)."""
    rules = SH.with_options({"joker_swap_requires_contract": True})
    hands = [
        "Ah Ah As 5d 6d 7d 8d 9h 10h Js Qs",
        "Js 7s 7d 8c 8h 8d 9c 2s 3s Kd 4h",
        "4c 5c 6c 7c Qh Qd Jc Jd 2h 3h 9s",
    ]
    r = crafted(hands, "2c 3c", "Kh", rules=rules, table=("9s 10s * Qs",), down=(True, False, False))
    r = r.apply(DrawDiscard(1))
    with pytest.raises(RummyError):
        r.apply(SwapJoker(1, "Js", 0))
    r = r.apply(LayDown(1, ["7s 7d *", "8c 8h 8d"], swaps=[("Js", 0)]))
    assert r.down[1]


@pytest.mark.parametrize("flag", [True, False])
def test_house_go_out_by_discard_off(flag: bool) -> None:
    """'go_out_by_discard off — the last card must be melded or laid off, not discarded.'"""
    rules = SH.with_options({"go_out_by_discard": flag})
    r = crafted(["Ah Ah As 5d", "Kh", "4c 5c 6c 7c"], "3c 4c", "2c", rules=rules, table=("Kd Kc Ks",))
    r = attrs.evolve(r, down=(True, True, False)).apply(DrawDiscard(1))
    if flag:
        assert r.apply(LayOff(1, "Kh", 0)).apply(Discard(1, "2c")).is_over
    else:
        with pytest.raises(RummyError):
            r.apply(LayOff(1, "Kh", 0)).apply(Discard(1, "2c"))
        laid = attrs.evolve(r, hands=(r.hands[0], cards("Kh 2c 2d"), r.hands[2]))
        assert laid.apply(LayOff(1, "Kh", 0)).apply(Discard(1, "2c")).hands[1] == cards("2d")


# --- Empty stock --------------------------------------------------------------------------------------


def test_empty_stock_and_discards_ends_round() -> None:
    """'if stock and discards are both gone, the round ends and everyone scores their hand.'"""
    r = crafted(HANDS, "", "Kh")
    r = r.apply(DrawDiscard(1)).apply(Discard(1, "4h"))  # the stock is gone, the discard is the upcard only
    assert r.is_over
    assert r.round_result is not None


def test_empty_stock_reshuffles_discards_except_top() -> None:
    """'Shuffle the discards except the top one into a new stock'."""
    r = crafted(HANDS, "", "3c 4s Kh")
    r = close_window(r.apply(DrawStock(1)))
    assert len(r.hands[1]) == 12 and not r.is_over
    assert [str(c) for c in r.discards] == ["Kh"]


# --- Points -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "points"),
    [("2c 9d", 11), ("10h Jd Qs Kc", 40), ("Ah", 15), ("*", 25), ("* Ah Kd 10c 9c 2c", 71)],
)
def test_points(hand: str, points: int) -> None:
    """'2–9 face value; 10 J Q K 10; ace 15; joker 25.'"""
    assert call("points", hand=hand) == {"points": points}


@pytest.mark.parametrize(("joker_used", "bonus"), [(True, -25), (False, -50)])
def test_out_in_one_turn_bonus(joker_used: bool, bonus: int) -> None:
    """'A player who goes out in one turn ... scores −25, or −50 if no joker was among them.'"""
    answer = call("score", hands=["", "Ah *", "2c"], out_in_one_turn=True, joker_used=joker_used)
    assert answer == {"scores": [bonus, 40, 2]}
    assert call("score", hands=["", "Ah *", "2c"], out_in_one_turn=False, joker_used=joker_used) == {
        "scores": [0, 40, 2]
    }


@pytest.mark.parametrize(
    ("hand", "melds", "bonus"),
    [
        ("7h 7s 7d 7c 7h 7s 8c 8h 8d 8s 8c", ["7h 7s 7d 7c 7h 7s", "8c 8h 8d 8s 8c"], -50),
        ("7h 7s 7d 7c 7h 7s 8c 8h 8d 8s *", ["7h 7s 7d 7c 7h 7s", "8c 8h 8d 8s *"], -25),
    ],
)
def test_referee_out_in_one_turn_scores_bonus(hand: str, melds: list[str], bonus: int) -> None:
    """'A player who goes out in one turn, laying down all their cards at once, scores −25, or −50 if no joker'."""
    r = crafted(["Ah Ah As 5d 6d 7d 8d 9h 10h Js Qs", hand, "4c 5c 6c 7c Qh Qd Jc Jd 2h 3h 9s"], "2c 3c", "Kh")
    r = r.apply(DrawDiscard(1)).apply(LayDown(1, melds)).apply(Discard(1, "Kh"))
    assert r.is_over and r.round_result is not None
    assert r.round_result.scores == (110, bonus, 76)
