"""Contract Rummy / Shanghai referee: laying down, lay-offs, jokers, discarding, going out, the stock.

Each test cites the sentence of docs/rules/contract-rummy.md (Contract Rummy) or docs/rules/shanghai.md (Shanghai) it checks.
"""

from __future__ import annotations

import copy
from collections.abc import Callable

import pytest

from rummylib import CONTRACT_RUMMY, JOKER, SHANGHAI, Card, IllegalActionError, PieceCount, parse_pieces
from rummylib.contracts import (
    ContractAction,
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
)
from rummylib.scoring import hand_points

Builder = Callable[..., ContractRound]


def refused(state: ContractRound, action: ContractAction) -> list[str]:
    """Apply an illegal action: it must raise, name its rules, and leave the state as it was."""
    before = copy.deepcopy(state)
    with pytest.raises(IllegalActionError) as info:
        state.apply(action)
    assert state == before
    codes = [v.code for v in info.value.violations]
    assert codes
    assert [v.code for v in state.action_violations(action)] == codes
    assert not state.is_legal(action)
    assert action not in state.legal_actions()
    return codes


def cards(text: str) -> PieceCount:
    return PieceCount.of(parse_pieces(text))


# --- turn order and phases -------------------------------------------------------------------


def test_only_the_player_in_turn_acts_and_draws_before_playing(build: Builder) -> None:
    # docs/rules/contract-rummy.md "A turn. Draw one card (stock, or the top discard) ... Discard one card."
    r = build(CONTRACT_RUMMY, ["7h 8h", "9c 10c"], stock="Kd Qd", discards="2c", phase=Phase.DRAW)
    assert refused(r, DrawStock(1)) == ["not-your-turn"]
    assert refused(r, Discard(0, "7h")) == ["wrong-phase"]
    assert refused(r, DrawStock(5)) == ["not-a-player"]
    r2 = r.apply(DrawDiscard(0))
    assert cards("7h 8h 2c") == PieceCount.of(r2.hands[0])
    assert r2.discards == ()
    assert refused(r2, DrawStock(0)) == ["wrong-phase"]
    r3 = r2.apply(Discard(0, "8h"))
    assert (r3.current, r3.phase, r3.turns_played, r3.upcard) == (1, Phase.DRAW, 1, Card.parse("8h"))


def test_discard_needs_the_card_in_hand(build: Builder) -> None:
    r = build(CONTRACT_RUMMY, ["7h 8h", "9c 10c"], stock="Kd", discards="2c")
    assert refused(r, Discard(0, "9c")) == ["not-in-hand"]


def test_legal_actions_in_play_list_every_discard(build: Builder) -> None:
    r = build(CONTRACT_RUMMY, ["7h 8h 8h", "9c 10c"], stock="Kd", discards="2c")
    assert r.legal_actions() == (Discard(0, "7h"), Discard(0, "8h"))
    assert r.legal_actions(1) == ()


# --- laying down the contract ----------------------------------------------------------------


def test_lay_down_the_contract_once(build: Builder) -> None:
    # docs/rules/contract-rummy.md "Optionally lay down the contract (once)."
    r = build(CONTRACT_RUMMY, ["7h 7s 7d 8c 8s 8h Kd 4c", "9c 10c"], stock="Kd", discards="2c")
    down = r.apply(LayDown(0, "7h 7s 7d | 8c 8s 8h"))
    assert down.down == (True, False)
    assert [str(m.meld) for m in down.table] == ["7h 7s 7d", "8c 8s 8h"]
    assert [m.owner for m in down.table] == [0, 0]
    assert PieceCount.of(down.hands[0]) == cards("Kd 4c")
    assert LayDown(0, ["7d 7h 7s", "8c 8h 8s"]) in r.legal_actions()
    assert refused(down, LayDown(0, "Kd 4c *")) == ["already-down"]


def test_the_contract_is_checked_by_the_contract_checker(build: Builder) -> None:
    # docs/rules/contract-rummy.md "The contract is laid down ... with exactly the cards it needs: a set of exactly 3"
    r = build(CONTRACT_RUMMY, ["7h 7s 7d 7c 8c 8s 8h Kd", "9c"], stock="Kd", discards="2c")
    assert refused(r, LayDown(0, "7h 7s 7d 7c | 8c 8s 8h")) == ["contract-set-size"]
    assert refused(r, LayDown(0, "7h 7s 7d")) == ["contract-meld-count"]
    assert refused(r, LayDown(0, "7h 7s 7d | 9c 9s 9h")) == ["not-in-hand"]


def test_shanghai_contract_sizes_are_minimums(build: Builder) -> None:
    # docs/rules/shanghai.md "The contract's numbers are minimums: a 'run of 7' is 7 or more cards."
    r = build(SHANGHAI, ["7h 7s 7d 7c 8c 8s 8h Kd", "9c", "9d"], stock="Kd", discards="2c")
    after = r.apply(LayDown(0, "7h 7s 7d 7c | 8c 8s 8h"))
    assert PieceCount.of(after.hands[0]) == cards("Kd")


def test_two_runs_of_one_suit_must_not_continue_each_other(build: Builder) -> None:
    # docs/rules/contract-rummy.md "Where two runs are needed they must be of different suits, or, in one suit, not continue each other"
    hand = "2c 3c 4c 5c 6c 7c 8c 9c 10c Jc Kd"
    r = build(CONTRACT_RUMMY, [hand, "9h"], stock="Kd", discards="2d", round_number=3)
    assert refused(r, LayDown(0, "2c 3c 4c 5c | 6c 7c 8c 9c")) == ["contract-runs-continue"]
    after = r.apply(LayDown(0, "2c 3c 4c 5c | 7c 8c 9c 10c"))
    assert PieceCount.of(after.hands[0]) == cards("6c Jc Kd")


def test_round_seven_contract_takes_the_whole_hand(build: Builder) -> None:
    # docs/rules/contract-rummy.md "Round 7 ... the contract must take the whole hand ... at most one card ... the final discard."
    hand = "2c 3c 4c 5c 6h 7h 8h 9h Js Qs Ks As Kd"
    r = build(CONTRACT_RUMMY, [hand, "9c"], stock="Kd", discards="2d", round_number=7)
    assert refused(r, LayDown(0, "2c 3c 4c 5c | 6h 7h 8h 9h | Qs Ks As *")) == ["not-in-hand"]
    down = r.apply(LayDown(0, "2c 3c 4c 5c | 6h 7h 8h 9h | Js Qs Ks As"))
    assert PieceCount.of(down.hands[0]) == cards("Kd")
    out = down.apply(Discard(0, "Kd"))
    assert out.is_over
    assert out.round_result is not None
    assert out.round_result.went_out == 0
    assert out.round_result.out_in_one_turn
    assert out.round_result.scores == (0, 9)
    short = build(CONTRACT_RUMMY, [hand + " 3d", "9c"], stock="Kd", discards="2d", round_number=7)
    assert refused(short, LayDown(0, "2c 3c 4c 5c | 6h 7h 8h 9h | Js Qs Ks As")) == ["contract-whole-hand"]


# --- lay-offs --------------------------------------------------------------------------------


def test_contract_rummy_lay_offs_start_the_turn_after_the_contract(build: Builder) -> None:
    # docs/rules/contract-rummy.md "From the turn *after* the contract, lay off any number of cards on any melds on the table."
    r = build(CONTRACT_RUMMY, ["7h 7s 7d 8c 8s 8h 7c Kd", "9c 9s 9h 2d"], stock="Kd 3c", discards="2c")
    r = r.apply(LayDown(0, "7h 7s 7d | 8c 8s 8h"))
    assert refused(r, LayOff(0, "7c", 0)) == ["layoff-same-turn"]
    assert LayOff(0, (Card.parse("7c"),), 0) not in r.legal_actions()
    # next turn of player 0
    r = r.apply(Discard(0, "Kd")).apply(DrawDiscard(1)).apply(Discard(1, "2d")).apply(DrawDiscard(0))
    assert LayOff(0, (Card.parse("7c"),), 0) in r.legal_actions()
    r = r.apply(LayOff(0, "7c", 0))
    assert str(r.table[0].meld) == "7h 7s 7d 7c"


def test_lay_offs_go_on_any_players_melds_and_need_the_contract(build: Builder) -> None:
    # docs/rules/contract-rummy.md "lay off ... on any melds on the table"; docs/rules/shanghai.md "lay-offs only once the player has met the contract"
    table = [(1, "9c 9s 9h"), (1, "4d 5d 6d 7d")]
    r = build(CONTRACT_RUMMY, ["9d 8d Kc", "2c"], stock="Kd", discards="2c", table=table, down=(True, True))
    r2 = r.apply(LayOff(0, "9d", 0)).apply(LayOff(0, "8d", 1))
    assert [str(m.meld) for m in r2.table] == ["9c 9s 9h 9d", "4d 5d 6d 7d 8d"]
    not_down = build(SHANGHAI, ["9d Kc", "2c", "3c"], stock="Kd", discards="2c", table=table, down=(False, True, True))
    assert refused(not_down, LayOff(0, "9d", 0)) == ["not-down"]


def test_shanghai_meld_or_lay_off_never_both(build: Builder) -> None:
    # docs/rules/shanghai.md "either lay down the contract or lay off single cards ... never both in one turn"
    r = build(SHANGHAI, ["7h 7s 7d 8c 8s 8h 7c Kd", "2c", "3c"], stock="Kd", discards="2c")
    r = r.apply(LayDown(0, "7h 7s 7d | 8c 8s 8h"))
    assert refused(r, LayOff(0, "7c", 0)) == ["layoff-same-turn"]
    assert refused(r, SwapJoker(0, "7c", 0)) == ["layoff-same-turn"]


def test_layoff_same_turn_option_allows_both(build: Builder) -> None:
    rules = SHANGHAI.with_options({"layoff_same_turn": True})
    r = build(rules, ["7h 7s 7d 8c 8s 8h 7c Kd", "2c", "3c"], stock="Kd", discards="2c")
    r = r.apply(LayDown(0, "7h 7s 7d | 8c 8s 8h")).apply(LayOff(0, "7c", 0))
    assert str(r.table[0].meld) == "7h 7s 7d 7c"


def test_a_lay_off_that_does_not_fit_is_refused_with_the_meld_named(build: Builder) -> None:
    r = build(SHANGHAI, ["8h Kc", "2c", "3c"], stock="Kd", discards="2c", table=[(1, "7h 7s 7d")], down=(True,) * 3)
    with pytest.raises(IllegalActionError) as info:
        r.apply(LayOff(0, "8h", 0))
    assert [(v.code, v.meld_index) for v in info.value.violations] == [("layoff-wrong-rank", 0)]
    assert refused(r, LayOff(0, "8h", 3)) == ["no-such-meld"]
    assert refused(r, LayOff(0, "9h", 0)) == ["not-in-hand"]
    assert refused(r, LayOff(0, (), 0)) == ["not-in-hand"]


# --- going out -------------------------------------------------------------------------------


def test_going_out_by_the_last_lay_off(build: Builder) -> None:
    # docs/rules/contract-rummy.md "A player goes out by getting rid of the last card (by a lay-off or the discard)."
    r = build(CONTRACT_RUMMY, ["7c", "Kd Ah *"], stock="2d", discards="2c", table=[(0, "7h 7s 7d")], down=(True, False))
    out = r.apply(LayOff(0, "7c", 0))
    assert out.is_over
    assert out.legal_actions() == ()
    assert out.round_result is not None
    assert out.round_result.reason is EndReason.WENT_OUT
    assert out.round_result.went_out == 0
    assert out.round_result.scores == (0, 10 + 15 + 25)
    assert not out.round_result.out_in_one_turn
    assert refused(out, DrawStock(1)) == ["round-over"]


def test_going_out_by_the_discard(build: Builder) -> None:
    r = build(SHANGHAI, ["Kc", "Kd", "5h 5s"], stock="2d", discards="2c", down=(True, False, False))
    out = r.apply(Discard(0, "Kc"))
    assert out.round_result is not None
    assert out.round_result.scores == (0, 10, 10)


def test_go_out_by_discard_off_the_last_card_must_be_laid_off(build: Builder) -> None:
    # docs/rules/shanghai.md "go_out_by_discard off — the last card must be melded or laid off, not discarded"
    rules = SHANGHAI.with_options({"go_out_by_discard": False})
    table = [(1, "7h 7s 7d")]
    r = build(rules, ["Kc", "Kd", "5h"], stock="2d", discards="2c", table=table, down=(True, True, False))
    assert refused(r, Discard(0, "Kc")) == ["last-card-discard"]
    r2 = build(rules, ["7c Kc", "Kd", "5h"], stock="2d", discards="2c", table=table, down=(True, True, False))
    # laying off the 7 would strand the K: neither discardable nor playable
    assert refused(r2, LayOff(0, "7c", 0)) == ["last-card-discard"]
    r3 = build(rules, ["7c 7h", "Kd", "5h"], stock="2d", discards="2c", table=table, down=(True, True, False))
    out = r3.apply(LayOff(0, "7c", 0)).apply(LayOff(0, "7h", 0))
    assert out.round_result is not None
    assert out.round_result.went_out == 0


def test_shanghai_going_out_in_one_turn_scores_minus_50_or_minus_25(build: Builder) -> None:
    # docs/rules/shanghai.md "A player who goes out in one turn ... scores -25, or -50 if no joker was among them."
    hand = "7h 7h 7s 7s 7d 7c 8c 8c 8s 8h 8d Kd"
    r = build(SHANGHAI, [hand, "Ah", "2c"], stock="2d", discards="3c")
    out = r.apply(LayDown(0, "7h 7h 7s 7s 7d 7c | 8c 8c 8s 8h 8d")).apply(Discard(0, "Kd"))
    assert out.round_result is not None
    assert out.round_result.out_in_one_turn
    assert not out.round_result.joker_used
    assert out.round_result.scores == (-50, 15, 2)
    joker_hand = "7h 7h 7s 7s 7d * 8c 8c 8s 8h 8d Kd"
    r = build(SHANGHAI, [joker_hand, "Ah", "2c"], stock="2d", discards="3c")
    out = r.apply(LayDown(0, "7h 7h 7s 7s 7d * | 8c 8c 8s 8h 8d")).apply(Discard(0, "Kd"))
    assert out.round_result is not None
    assert out.round_result.joker_used
    assert out.round_result.scores == (-25, 15, 2)


def test_going_out_over_several_turns_scores_zero(build: Builder) -> None:
    r = build(SHANGHAI, ["Kc", "Kd", "5h"], stock="2d", discards="2c", down=(True, False, False))
    out = r.apply(Discard(0, "Kc"))
    assert out.round_result is not None
    assert out.round_result.scores[0] == 0
    assert not out.round_result.out_in_one_turn


# --- jokers ----------------------------------------------------------------------------------


def test_contract_rummy_joker_swap_needs_the_player_down(build: Builder) -> None:
    # docs/rules/contract-rummy.md "Once down, a player may take a joker from a run by putting in the natural card it stands for."
    table = [(1, "4c * 6c 7c")]
    r = build(CONTRACT_RUMMY, ["5c Kd", "2h"], stock="2d", discards="2c", table=table, down=(False, True))
    assert refused(r, SwapJoker(0, "5c", 0)) == ["joker-swap-not-down"]
    r = build(CONTRACT_RUMMY, ["5c Kd", "2h"], stock="2d", discards="2c", table=table, down=(True, True))
    assert SwapJoker(0, Card.parse("5c"), 0) in r.legal_actions()
    after = r.apply(SwapJoker(0, "5c", 0))
    assert str(after.table[0].meld) == "4c 5c 6c 7c"
    assert PieceCount.of(after.hands[0]) == cards("Kd *")
    # Contract Rummy does not force the joker to be used this turn
    assert after.apply(Discard(0, "Kd")).current == 1


def test_contract_rummy_jokers_in_a_set_are_dead(build: Builder) -> None:
    # docs/rules/contract-rummy.md "Jokers in a set are dead: never taken back."
    r = build(CONTRACT_RUMMY, ["7c Kd", "2h"], stock="2d", discards="2c", table=[(1, "7h 7s *")], down=(True, True))
    assert refused(r, SwapJoker(0, "7c", 0)) == ["joker-dead-in-set"]


def test_contract_rummy_joker_slides_when_its_card_is_laid_off(build: Builder) -> None:
    # docs/rules/contract-rummy.md "A joker in a run may be moved to either end by a player laying off the natural card it stood for."
    r = build(CONTRACT_RUMMY, ["5c Kd", "2h"], stock="2d", discards="2c", table=[(1, "4c * 6c 7c")], down=(True,) * 2)
    after = r.apply(LayOff(0, "5c", 0))
    assert str(after.table[0].meld) == "4c 5c 6c 7c *"
    assert PieceCount.of(after.hands[0]) == cards("Kd")


def test_the_player_chooses_the_end_a_sliding_joker_goes_to(build: Builder) -> None:
    # docs/rules/contract-rummy.md "A joker in a run may be moved to either end by a player laying off the natural card it stood for."
    r = build(CONTRACT_RUMMY, ["5c Kd", "2h"], stock="2d", discards="2c", table=[(1, "4c * 6c 7c")], down=(True,) * 2)
    after = r.apply(LayOff(0, "5c", 0, joker_end="low"))
    assert str(after.table[0].meld) == "* 4c 5c 6c 7c"
    assert [str(f) for f in after.table[0].reading.jokers] == ["3c"]


def test_joker_swap_never_option(build: Builder) -> None:
    rules = CONTRACT_RUMMY.with_options({"joker_swap": "never"})
    r = build(rules, ["5c Kd", "2h"], stock="2d", discards="2c", table=[(1, "4c * 6c 7c")], down=(True,) * 2)
    assert refused(r, SwapJoker(0, "5c", 0)) == ["joker-swap-not-allowed"]


def test_shanghai_swapped_joker_must_be_used_the_same_turn(build: Builder) -> None:
    # docs/rules/shanghai.md "A joker in a meld on the table may be taken by any player ...; that joker must be used in the
    # same turn."
    table = [(1, "4c * 6c"), (1, "9h 9s 9d")]
    r = build(SHANGHAI, ["5c Kd Qd", "2h", "3h"], stock="2d", discards="2c", table=table, down=(True, True, False))
    swapped = r.apply(SwapJoker(0, "5c", 0))
    assert JOKER in swapped.hands[0]
    assert swapped.jokers_owed == (JOKER,)
    assert refused(swapped, Discard(0, "Kd")) == ["swapped-joker-unused"]
    assert refused(swapped, Discard(0, "*")) == ["swapped-joker-unused"]
    used = swapped.apply(LayOff(0, "*", 1))
    assert used.jokers_owed == ()
    assert str(used.table[1].meld) == "9h 9s 9d *"
    assert used.apply(Discard(0, "Kd")).current == 1


def test_shanghai_a_set_joker_is_taken_by_any_card_of_the_rank(build: Builder) -> None:
    # docs/rules/shanghai.md "A joker in a meld on the table may be taken by any player who puts the card it stands for in its
    # place" - in a set of 8s, any 8 (Shanghai's set jokers are not dead).
    table = [(1, "8h 8s *"), (1, "4d 5d 6d")]
    r = build(SHANGHAI, ["8c Kd", "2h", "3h"], stock="2d", discards="2c", table=table, down=(True, True, False))
    assert SwapJoker(0, Card.parse("8c"), 0) in r.legal_actions()
    after = r.apply(SwapJoker(0, "8c", 0)).apply(LayOff(0, "*", 1))
    assert str(after.table[0].meld) == "8h 8s 8c"
    assert PieceCount.of(after.hands[0]) == cards("Kd")


def test_shanghai_player_not_down_takes_a_joker_with_the_lay_down(build: Builder) -> None:
    # docs/rules/shanghai.md "any player": a player not down takes the joker and uses it in the contract that turn.
    table = [(1, "4c * 6c")]
    hand = "5c 8h 8s 9h 9s 9d Kd"
    r = build(SHANGHAI, [hand, "2h", "3h"], stock="2d", discards="2c", table=table, down=(False, True, False))
    assert refused(r, SwapJoker(0, "5c", 0)) == ["swapped-joker-unused"]
    assert refused(r, LayDown(0, "8h 8s 8s | 9h 9s 9d", swaps=[("5c", 0)])) == ["not-in-hand"]
    assert refused(r, LayDown(0, "9h 9s 9d | Kd * 8h", swaps=[("5c", 0)])) != []
    # the joker must be in the melds
    long_hand = "5c 8h 8s 8d 9h 9s 9d Kd"
    r2 = build(SHANGHAI, [long_hand, "2h", "3h"], stock="2d", discards="2c", table=table, down=(False, True, False))
    assert refused(r2, LayDown(0, "8h 8s 8d | 9h 9s 9d", swaps=[("5c", 0)])) == ["swapped-joker-unused"]
    after = r.apply(LayDown(0, "8h 8s * | 9h 9s 9d", swaps=[("5c", 0)]))
    assert str(after.table[0].meld) == "4c 5c 6c"
    assert PieceCount.of(after.hands[0]) == cards("Kd")
    listed = [a for a in r.legal_actions() if isinstance(a, LayDown)]
    assert listed
    assert all(a.swaps == ((Card.parse("5c"), 0),) for a in listed)


def test_joker_swap_requires_contract_option(build: Builder) -> None:
    # docs/rules/shanghai.md "a player not yet down who takes a joker must meet the contract that turn"
    rules = SHANGHAI.with_options({"joker_swap_requires_contract": True, "swapped_joker_must_be_used": False})
    table = [(1, "4c * 6c")]
    r = build(
        rules, ["5c 8h 8s 9h 9s 9d Kd", "2h", "3h"], stock="2d", discards="2c", table=table, down=(False, True, False)
    )
    assert refused(r, SwapJoker(0, "5c", 0)) == ["joker-swap-needs-contract"]
    free = SHANGHAI.with_options({"swapped_joker_must_be_used": False})
    r = build(
        free, ["5c 8h 8s 9h 9s 9d Kd", "2h", "3h"], stock="2d", discards="2c", table=table, down=(False, True, False)
    )
    assert r.apply(SwapJoker(0, "5c", 0)).apply(Discard(0, "Kd")).current == 1


# --- the stock -------------------------------------------------------------------------------


def test_empty_stock_shuffles_the_discards_but_the_top_into_a_new_stock(build: Builder) -> None:
    # docs/rules/contract-rummy.md "Empty stock. Shuffle the discard pile except its top card into a new stock."
    r = build(CONTRACT_RUMMY, ["7h 8h", "9c 10c"], stock="", discards="2c 3c 4c 5c", phase=Phase.DRAW, current=1)
    after = r.apply(DrawStock(1)).apply(DeclineBuy(0))
    assert after.discards == parse_pieces("5c")
    assert after.reshuffles == 1
    assert PieceCount.of((*after.stock, *after.hands[1])) == cards("2c 3c 4c 9c 10c")
    assert after.all_pieces() == r.all_pieces()
    # the shuffle is seeded: the same position gives the same stock
    assert r.apply(DrawStock(1)).apply(DeclineBuy(0)) == after


def test_round_ends_when_stock_and_discards_are_gone(build: Builder) -> None:
    # docs/rules/shanghai.md "if stock and discards are both gone, the round ends and everyone scores their hand"
    r = build(SHANGHAI, ["7h 8h", "9c 10c", "Ah *"], stock="", discards="")
    over = r.apply(Discard(0, "8h"))
    assert over.round_result is not None
    assert over.round_result.reason is EndReason.STOCK_EXHAUSTED
    assert over.round_result.went_out is None
    assert over.round_result.scores == (7, 19, 40)
    assert over.round_result.scores == tuple(hand_points(h, rules=SHANGHAI) for h in over.hands)


def test_max_reshuffles_house_rule(build: Builder) -> None:
    rules = SHANGHAI.with_options({"max_reshuffles": 1})
    r = build(rules, ["7h 8h", "9c 10c", "Ah"], stock="", discards="2c 3c 4c")
    r1 = attrs_evolve(r, reshuffles=1)
    assert r1.apply(Discard(0, "8h")).is_over
    assert not r.apply(Discard(0, "8h")).is_over


def attrs_evolve(r: ContractRound, **changes: object) -> ContractRound:
    import attrs

    return attrs.evolve(r, **changes)  # type: ignore[arg-type]
