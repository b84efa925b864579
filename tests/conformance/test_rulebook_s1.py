"""docs/rules/rummikub.md (Rummikub), sentence by sentence, through ``rummylib batch`` and the Python API."""

from __future__ import annotations

from typing import Any

import pytest

from rummylib import rules as R
from rummylib.batch import handle_request
from rummylib.decks import full_set
from rummylib.notation import parse_pieces
from rummylib.rummikub import Draw, Pass, Play, RummikubGame, Timeout, score_rummikub

G = "rummikub"


def call(op: str, **fields: Any) -> dict[str, Any]:
    return handle_request({"op": op, "game": G, **fields})


def codes(answer: dict[str, Any]) -> set[str]:
    return {p["code"] for p in answer["problems"]}


def error_code(answer: dict[str, Any]) -> str:
    assert set(answer) == {"error"}, answer
    assert set(answer["error"]) == {"code", "message"} and answer["error"]["message"]
    return str(answer["error"]["code"])


def meld(text: str, **kw: Any) -> dict[str, Any]:
    return call("meld", meld=text, **kw)


def turn(before: list[str], rack: str, after: list[str], done: bool, **kw: Any) -> dict[str, Any]:
    return call("turn", table_before=before, rack=rack, table_after=after, initial_meld_done=done, **kw)


# --- Tiles ------------------------------------------------------------------------------------


def test_tiles_106_numbers_1_to_13_four_colours_twice_plus_2_jokers() -> None:
    """'106: numbers 1–13 in four colours, each tile twice (104), plus 2 jokers.'"""
    tiles = full_set(R.RUMMIKUB)
    assert len(tiles) == 106
    assert sum(1 for t in tiles if str(t) == "*") == 2
    assert len({str(t) for t in tiles if str(t) != "*"}) == 52


@pytest.mark.parametrize("text", ["r5 r5 r5", "* * *"])
def test_more_copies_than_the_set_has_is_an_error_not_a_meld(text: str) -> None:
    """'A table or rack can never hold more copies of a tile than the set has (3 × r5 is an error).'"""
    assert error_code(meld(text)) == "too-many-copies"
    assert error_code(call("points", hand=text)) == "too-many-copies"


def test_three_r5_across_table_and_rack_is_an_error() -> None:
    """'A table or rack can never hold more copies of a tile than the set has.'"""
    answer = turn(["r5 r6 r7"], "r5 r5", ["r5 r6 r7", "r5 r5 *"], True)
    assert error_code(answer) == "too-many-copies"


def test_notation_case_spaces_commas_and_orange() -> None:
    """Notation: colours k b y r, 'o' read as yellow, case-insensitive, commas tolerated."""
    assert meld("o5, Y6,y7")["valid"] is True
    assert meld("R5 r6 R7") == meld("r5,r6,r7")


# --- Deal -------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_deal_14_tiles_each_rest_is_pool(players: int) -> None:
    """'2–4 players, 14 tiles each, the rest face down as the pool.'"""
    game = RummikubGame.deal(rules=R.RUMMIKUB, players=players, seed=7)
    assert [len(game.rack(p)) for p in range(players)] == [14] * players
    assert len(game.stock) == 106 - 14 * players


@pytest.mark.parametrize("players", [1, 5])
def test_deal_rejects_other_player_counts(players: int) -> None:
    """'2–4 players'."""
    from rummylib.errors import RummyError

    with pytest.raises(RummyError):
        RummikubGame.deal(rules=R.RUMMIKUB, players=players, seed=7)


# --- Sets: groups and runs ------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["r7 b7 k7", "r7 b7 k7 y7", "y1 k1 b1"])
def test_group_3_or_4_tiles_one_number_colours_differ(text: str) -> None:
    """'group: 3 or 4 tiles of one number, every colour different (r7 b7 k7).'"""
    answer = meld(text)
    assert (answer["valid"], answer["kind"]) == (True, "group")


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("r7 r7 b7", "group-colour-repeated"),
        ("r7 b7", "group-too-small"),
        ("r7 b7 k7 y7 *", "group-too-large"),
        ("r7 b7 k8", "group-ranks-differ"),
    ],
)
def test_group_violations_are_named(text: str, code: str) -> None:
    """'group: 3 or 4 tiles of one number, every colour different'; bad groups say why."""
    answer = meld(text)
    assert answer["valid"] is False and answer["kind"] is None
    assert code in codes(answer)


@pytest.mark.parametrize("text", ["y3 y4 y5 y6", "r1 r2 r3", "k11 k12 k13", "r6 r5 r4"])
def test_run_3_or_more_one_colour_consecutive(text: str) -> None:
    """'run: 3 or more tiles of one colour with consecutive numbers (y3 y4 y5 y6).'"""
    answer = meld(text)
    assert (answer["valid"], answer["kind"]) == (True, "run")


@pytest.mark.parametrize("text", ["r12 r13 r1", "r13 r1 r2", "r12 r13 r1 r2"])
def test_run_no_wrap_nothing_follows_13(text: str) -> None:
    """'1 is only ever the lowest number; nothing follows 13 (r12 r13 r1 is invalid — no wrap).'"""
    answer = meld(text)
    assert answer["valid"] is False
    assert "run-wraps" in codes(answer)


def test_run_mixed_colours_and_too_short() -> None:
    """'3 or more tiles of one colour'."""
    assert "mixed-suits" in codes(meld("r3 r4 b5"))
    assert "run-too-short" in codes(meld("r3 r4"))


def test_longest_run_is_13() -> None:
    """'Longest run: 13.'"""
    full = " ".join(f"r{n}" for n in range(1, 14))
    assert meld(full)["valid"] is True and meld(full)["value"] == 91
    too_long = meld(full + " *")
    assert too_long["valid"] is False and "run-too-long" in codes(too_long)


# --- Jokers -----------------------------------------------------------------------------------------


def test_both_jokers_may_sit_in_one_set() -> None:
    """'Both jokers may sit in one set (r5 * * is valid).'"""
    answer = meld("r5 * *")
    assert answer["valid"] is True and len(answer["jokers"]) == 2


@pytest.mark.parametrize(
    ("text", "kind", "value", "jokers"),
    [
        ("r5 r6 *", "run", 18, ["R7"]),
        ("* r5 r6", "run", 15, ["R4"]),
        ("* * r13", "run", 36, ["R11", "R12"]),
        ("r5 * r7", "run", 18, ["R6"]),
        ("r5 * *", "run", 18, ["R6", "R7"]),
        ("r1 * *", "run", 6, ["R2", "R3"]),
        ("* r2 r3", "run", 6, ["R1"]),
        ("r11 * r13 *", "run", 46, ["R10", "R12"]),
    ],
)
def test_joker_reading_rule_1_position_in_order_given(text: str, kind: str, value: int, jokers: list[str]) -> None:
    """Reading rule 1: 'r5 r6 * has the joker as r7, * r5 r6 as r4, * * r13 is r11 r12 r13 (worth 36)'.

    The last row: ``r11 * r13 *`` has no valid positional reading (the second joker would be 14),
    so rule 2 reads it as the best run, 10-11-12-13.
    """
    assert meld(text) == {"valid": True, "kind": kind, "value": value, "jokers": jokers, "problems": []}


def test_joker_reading_rule_2_r13_jokers_is_group_39() -> None:
    """Rule 2: 'r13 * * is a group of 13s (39)' — any missing colours will do."""
    answer = meld("r13 * *")
    assert (answer["valid"], answer["kind"], answer["value"]) == (True, "group", 39)
    assert len(answer["jokers"]) == 2 and all(j.endswith("13") and not j.startswith("R") for j in answer["jokers"])
    assert len(set(answer["jokers"])) == 2


def test_joker_reading_rule_2_descending_run_and_group() -> None:
    """Rule 2: 'r6 r5 r4 is the run 4-5-6, r7 b7 * a group of 7s.'"""
    assert meld("r6 r5 r4") == {"valid": True, "kind": "run", "value": 15, "jokers": [], "problems": []}
    answer = meld("r7 b7 *")
    assert (answer["kind"], answer["value"]) == ("group", 21)
    assert answer["jokers"][0] in {"K7", "Y7"}


def test_joker_reading_rule_2_no_wrap_for_jokers() -> None:
    """No wrap, also through a joker: ``r12 r13 *`` reads the joker as r11, ``* r13 *`` is a group of 13s."""
    assert meld("r12 r13 *")["jokers"] == ["R11"]
    assert meld("r12 r13 *")["value"] == 36
    answer = meld("* r13 *")
    assert (answer["kind"], answer["value"]) == ("group", 39)


@pytest.mark.parametrize("position", range(13))
def test_joker_at_every_position_of_a_13_run(position: int) -> None:
    """'A joker stands for any tile': at every position of 1..13 it reads as the missing number."""
    tiles = [f"b{n}" for n in range(1, 14)]
    missing = tiles[position].upper()
    tiles[position] = "*"
    answer = meld(" ".join(tiles))
    assert answer == {"valid": True, "kind": "run", "value": 91, "jokers": [missing], "problems": []}


@pytest.mark.parametrize("position", range(5))
@pytest.mark.parametrize("start", [1, 5, 9])
def test_joker_at_every_position_of_a_5_run(start: int, position: int) -> None:
    """Rule 1 on runs of 5 at the low end, middle and high end of 1..13."""
    tiles = [f"y{n}" for n in range(start, start + 5)]
    missing = tiles[position].upper()
    tiles[position] = "*"
    answer = meld(" ".join(tiles))
    assert answer["valid"] is True and answer["kind"] == "run"
    assert answer["jokers"] == [missing]
    assert answer["value"] == sum(range(start, start + 5))


def test_jokers_same_whatever_colour() -> None:
    """'Rules are the same for both jokers whatever their colour': one joker notation, two copies."""
    assert meld("* r1 *")["valid"] is True
    assert call("points", hand="* *") == {"points": 60}


def test_joker_in_group_of_three_reported() -> None:
    """'The library always reports what each joker stands for (in a group of 3 with a joker, any missing colour).'"""
    answer = meld("r9 b9 *")
    assert answer["jokers"] and answer["jokers"][0] in {"K9", "Y9"}


# --- Value of a set -------------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "value"), [("r1 r2 r3", 6), ("r10 b10 k10 y10", 40), ("k4 * k6", 15)])
def test_value_of_a_set_is_sum_of_numbers_joker_as_its_tile(text: str, value: int) -> None:
    """'The sum of its numbers, a joker counting as the tile it stands for.'"""
    assert meld(text)["value"] == value


def test_invalid_meld_has_null_value_and_kind() -> None:
    """'kind ... null when invalid; value null'."""
    answer = meld("r1 b2 k3")
    assert answer["kind"] is None and answer["value"] is None and answer["valid"] is False


# --- Initial meld ---------------------------------------------------------------------------------


def test_initial_meld_at_least_30_from_the_rack() -> None:
    """'worth at least 30 (option initial_meld_points, default 30)'."""
    ok = turn([], "r9 r10 r11 k1", ["r9 r10 r11"], False)
    assert ok["valid"] is True and ok["played"] == "R9 R10 R11"
    low = turn([], "r8 r9 r10 k1", ["r8 r9 r10"], False)
    assert low["valid"] is False and "initial-meld-too-low" in codes(low)


def test_initial_meld_may_be_several_sets_together() -> None:
    """'one or more sets ... together worth at least 30'."""
    answer = turn([], "r1 r2 r3 k8 b8 y8", ["r1 r2 r3", "k8 b8 y8"], False)
    assert answer["valid"] is True


def test_initial_meld_points_option() -> None:
    """Option ``initial_meld_points``."""
    low = turn([], "r1 r2 r3", ["r1 r2 r3"], False, rules={"initial_meld_points": 6})
    assert low["valid"] is True
    high = turn([], "r9 r10 r11", ["r9 r10 r11"], False, rules={"initial_meld_points": 31})
    assert "initial-meld-too-low" in codes(high)


def test_initial_meld_may_not_extend_a_table_set() -> None:
    """'During that turn the player may not touch the table: no set on it may change'."""
    answer = turn(["r7 r8 r9"], "r10 r11 r12", ["r7 r8 r9 r10 r11 r12"], False)
    assert answer["valid"] is False
    assert "initial-meld-table-changed" in codes(answer)


def test_initial_meld_may_not_use_a_table_tile_even_with_30_from_rack() -> None:
    """'... and no table tile may be used' — even with 30 of new sets from the rack."""
    answer = turn(["b1 b2 b3 b4"], "r10 r11 r12", ["b1 b2 b3", "r10 r11 r12 b4"], False)
    assert answer["valid"] is False
    assert codes(answer) & {"initial-meld-table-changed", "initial-meld-table-tile-used"}
    extended = turn(["b1 b2 b3"], "r10 r11 r12 b4", ["b1 b2 b3 b4", "r10 r11 r12"], False)
    assert extended["valid"] is False


def test_initial_meld_leaving_table_alone_is_fine() -> None:
    """The table may hold other players' sets; the initial meld lays new sets beside them."""
    answer = turn(["b1 b2 b3"], "r10 r11 r12", ["b1 b2 b3", "r10 r11 r12"], False)
    assert answer["valid"] is True


# --- A turn after the initial meld -------------------------------------------------------------


def test_manipulation_split_a_run_and_add_a_tile() -> None:
    """'split a run and add a tile to make two sets'."""
    answer = turn(["r1 r2 r3 r4 r5 r6"], "r4", ["r1 r2 r3 r4", "r4 r5 r6"], True)
    assert answer["valid"] is True and answer["played"] == "R4"


def test_manipulation_take_fourth_tile_of_a_group_for_a_new_set() -> None:
    """'take the fourth tile of a group for a new set'."""
    answer = turn(["r7 b7 k7 y7"], "y8 y9", ["r7 b7 k7", "y7 y8 y9"], True)
    assert answer["valid"] is True and answer["played"] == "Y8 Y9"


def test_manipulation_add_fourth_tile_and_take_a_different_one() -> None:
    """'add a fourth tile to a group and take a different one out for a new set'."""
    answer = turn(["r7 b7 k7"], "y7 r8 r9", ["b7 k7 y7", "r7 r8 r9"], True)
    assert answer["valid"] is True


def test_end_of_turn_1_every_set_valid_none_alone() -> None:
    """Condition 1: 'every set on the table is valid, and no tile stands alone'; the check says which set."""
    alone = turn(["r1 r2 r3"], "r5", ["r1 r2 r3", "r5"], True)
    assert alone["valid"] is False and "tile-alone" in codes(alone)
    bad = turn(["r1 r2 r3"], "b5 b6", ["r1 r2 r3", "b5 b6 r4"], True)
    assert bad["valid"] is False
    assert any(p.get("meld") == 1 for p in bad["problems"])


def test_end_of_turn_2_table_tile_missing_joker_included() -> None:
    """Condition 2: 'nothing goes back to a rack — a joker taken from a set must be placed again'."""
    answer = turn(["r1 r2 r3 *"], "r4", ["r1 r2 r3 r4"], True)
    assert answer["valid"] is False and "table-tile-missing" in codes(answer)
    assert any(p.get("pieces") == "*" for p in answer["problems"])
    back = turn(["r1 r2 r3 r4"], "k9 b9 y9", ["r1 r2 r3", "k9 b9 y9"], True)
    assert back["valid"] is False and "table-tile-missing" in codes(back)


def test_end_of_turn_3_tile_from_nowhere() -> None:
    """Condition 3: 'every other tile on the table came from the player's rack'."""
    answer = turn(["r1 r2 r3"], "r4", ["r1 r2 r3 r4 r5"], True)
    assert answer["valid"] is False and "tile-from-nowhere" in codes(answer)


def test_end_of_turn_4_at_least_one_rack_tile() -> None:
    """Condition 4: 'at least one rack tile was played'."""
    answer = turn(["r1 r2 r3 r4 r5 r6"], "b4", ["r1 r2 r3", "r4 r5 r6"], True)
    assert answer["valid"] is False and codes(answer) == {"no-tile-played"}
    assert answer["played"] == ""


def test_turn_answer_shape() -> None:
    """``{"valid", "played", "problems": [{"code", "message"}], "changes"}``."""
    answer = turn(["r1 r2 r3"], "r4 k9", ["r1 r2 r3 r4"], True)
    assert {"valid", "played", "problems", "changes"} <= set(answer)
    assert answer["valid"] is True and answer["played"] == "R4" and answer["problems"] == []
    bad = turn(["r1 r2 r3"], "r5", ["r1 r2 r3 r5"], True)
    assert all({"code", "message"} <= set(p) for p in bad["problems"])


def test_table_sets_compared_as_multisets() -> None:
    """Set order on the table and tile order within a group do not matter."""
    answer = turn(["r7 b7 k7", "y1 y2 y3"], "y4", ["y1 y2 y3 y4", "k7 r7 b7"], True)
    assert answer["valid"] is True and answer["played"] == "Y4"


def test_joker_retrieval_free_allows_any_rearrangement() -> None:
    """Option ``joker_retrieval`` ``free`` (default): any rearrangement meeting the four conditions."""
    answer = turn(["r1 r2 r3 *"], "b9 k9", ["r1 r2 r3", "b9 k9 *"], True)
    assert answer["valid"] is True


def test_joker_retrieval_replace_needs_the_tile_it_stands_for() -> None:
    """``replace``: 'a joker may leave its set only when the tile it stands for takes its place from the rack'."""
    rules = {"joker_retrieval": "replace"}
    bad = turn(["r1 r2 r3 *"], "b9 k9", ["r1 r2 r3", "b9 k9 *"], True, rules=rules)
    assert bad["valid"] is False and bad["problems"]
    good = turn(["r1 r2 r3 *"], "r4 b4 k4", ["r1 r2 r3 r4", "b4 k4 *"], True, rules=rules)
    assert good["valid"] is True


def test_joker_retrieval_replace_either_missing_colour_of_group_of_three() -> None:
    """``replace``: '— either missing colour in a group of three —'."""
    rules = {"joker_retrieval": "replace"}
    for tile in ("y7", "k7"):
        answer = turn(["r7 b7 *"], f"{tile} r5 r6", ["r7 b7 " + tile, "r5 r6 *"], True, rules=rules)
        assert answer["valid"] is True, (tile, answer["problems"])


def test_joker_retrieval_replace_freed_joker_needs_two_rack_tiles() -> None:
    """``replace``: 'the freed joker must go into a new set together with at least two tiles from the rack'."""
    rules = {"joker_retrieval": "replace"}
    answer = turn(["r1 r2 r3 *", "b5 b6 b7"], "r4", ["r1 r2 r3 r4", "b5 b6 b7 *"], True, rules=rules)
    assert answer["valid"] is False
    free = turn(["r1 r2 r3 *", "b5 b6 b7"], "r4", ["r1 r2 r3 r4", "b5 b6 b7 *"], True)
    assert free["valid"] is True


def test_joker_retrieval_replace_joker_set_may_grow() -> None:
    """``replace``: 'a set holding a joker is otherwise kept together (it may grow)'."""
    rules = {"joker_retrieval": "replace"}
    grow = turn(["r1 r2 *"], "r4", ["r1 r2 * r4"], True, rules=rules)
    assert grow["valid"] is True
    split = turn(["r1 r2 * r4 r5 r6"], "r3", ["r1 r2 r3", "* r4 r5 r6"], True, rules=rules)
    assert split["valid"] is False


# --- Draw, time limit, end -----------------------------------------------------------------------


def test_draw_one_tile_and_turn_ends() -> None:
    """'If the player cannot or will not play, they draw one tile from the pool instead, and the turn ends.'"""
    game = RummikubGame.deal(rules=R.RUMMIKUB, players=2, seed=3)
    after = game.apply(Draw(game.to_move))
    assert len(after.rack(0)) == 15 and len(after.stock) == len(game.stock) - 1
    assert after.to_move == 1


@pytest.mark.parametrize(("penalty", "expected"), [(None, 3), (2, 2), (0, 0)])
def test_timeout_penalty_tiles(penalty: int | None, expected: int) -> None:
    """'Over the limit, the table and rack go back ... and the player draws 3 tiles (timeout_penalty_tiles).'"""
    opts: dict[str, Any] = {"turn_time_limit": 30}
    if penalty is not None:
        opts["timeout_penalty_tiles"] = penalty
    game = RummikubGame.deal(rules=R.RUMMIKUB.with_options(opts), players=2, seed=3)
    after = game.apply(Timeout(game.to_move))
    assert len(after.rack(0)) == 14 + expected
    assert after.table == game.table


def test_empty_pool_each_player_one_more_turn_then_end() -> None:
    """'If the pool is empty and nobody has won, each player has exactly one more turn, then the game ends.'"""
    game = RummikubGame.deal(rules=R.RUMMIKUB, players=3, seed=1)
    while game.stock:
        game = game.apply(Draw(game.to_move))
    extra = 0
    while not game.is_over:
        game = game.apply(Pass(game.to_move))
        extra += 1
    assert extra == 3
    assert sum(game.result().scores) == 0


# --- Scoring -------------------------------------------------------------------------------------


def test_score_issue_example() -> None:
    """``racks ["", "r5 k3", "*"], winner 0`` → ``[38, -8, -30]``."""
    assert call("score", hands=["", "r5 k3", "*"], winner=0) == {"scores": [38, -8, -30]}


def test_score_joker_penalty_option() -> None:
    """'A joker left on a rack is worth 30 (option joker_penalty, default 30).'"""
    assert call("score", hands=["", "r5 k3", "*"], winner=0, rules={"joker_penalty": 50}) == {"scores": [58, -8, -50]}
    assert call("points", hand="* r5 k3") == {"points": 38}


def test_score_empty_pool_lowest_rack_wins_differences() -> None:
    """'the player with the lowest rack value is the winner; each other player scores minus the difference'."""
    assert call("score", hands=["r9", "r1", "r5 k3"], winner=None) == {"scores": [-8, 15, -7]}
    assert call("score", hands=["r1 *", "r4", "b2 b3"], winner=None) == {"scores": [-27, 28, -1]}


@pytest.mark.parametrize(
    ("racks", "winner"),
    [(["", "r13 *", "k1"], 0), (["b5", "y5", "r5 r6"], None), (["k2", "k2"], None), (["r1", "", "*", "b7"], 1)],
)
def test_scores_add_up_to_zero(racks: list[str], winner: int | None) -> None:
    """'Scores of one game always add up to zero.'"""
    answer = call("score", hands=racks, winner=winner)
    assert sum(answer["scores"]) == 0
    assert tuple(answer["scores"]) == score_rummikub(
        [parse_pieces(r, rules=R.RUMMIKUB) for r in racks], winner=winner, rules=R.RUMMIKUB
    )


def test_play_over_time_limit_reverts_and_draws_penalty() -> None:
    """'Over the limit, the table and rack go back to how they were and the player draws 3 tiles'."""
    rules = R.RUMMIKUB.with_options({"turn_time_limit": 30})
    game = RummikubGame.deal(rules=rules, players=2, seed=0)
    rack = " ".join(str(t) for t in game.rack(0))
    answer = handle_request(
        {"op": "solve", "game": G, "table": [], "rack": rack, "initial_meld_done": False, "objective": "tiles"}
    )
    assert answer["tiles_placed"] > 0
    late = game.apply(Play(game.to_move, answer["table_after"], elapsed=45))
    assert len(late.rack(0)) == 17 and late.table == game.table
    in_time = game.apply(Play(game.to_move, answer["table_after"], elapsed=10))
    assert len(in_time.rack(0)) == 14 - answer["tiles_placed"]


# --- Solver against the Rummikub rules (docs/rules/rummikub.md) -----------------------------------------------------------------


def _solve(table: list[str], rack: str, done: bool, objective: str = "tiles") -> dict[str, Any]:
    return call("solve", table=table, rack=rack, initial_meld_done=done, objective=objective)


def test_solver_initial_meld_never_touches_the_table() -> None:
    """Initial meld: 'no set on it may change, and no table tile may be used' — the solver keeps to it."""
    answer = _solve(["r7 r8 r9"], "r10 r11 r12 b1", False)
    assert answer == {
        "tiles_placed": 3,
        "value_placed": 33,
        "played": "R10 R11 R12",
        "table_after": ["R7 R8 R9", "R10 R11 R12"],
    }
    assert _solve(["r7 r8 r9"], "r10 r11 b1", False)["tiles_placed"] == 0


def test_solver_impossible_initial_meld_places_nothing() -> None:
    """'an impossible initial meld gives tiles_placed 0'."""
    assert _solve([], "r1 r2 r3 k5", False) == {"tiles_placed": 0, "value_placed": 0, "played": "", "table_after": []}


def test_solver_answer_passes_turn_check_and_respects_13_max() -> None:
    """The solver's table is legal: runs of at most 13, every set valid."""
    rack = "r1 r2 r3 r4 r5 r6 r7 r8 r9 r10 r11 r12 r13 *"
    answer = _solve([], rack, True)
    assert answer["tiles_placed"] == 14
    assert all(len(m.split()) <= 13 for m in answer["table_after"])
    check = turn([], rack, answer["table_after"], True)
    assert check["valid"] is True


# --- An independent oracle of the two reading rules -------------------------------------------------


def _oracle(tiles: list[str]) -> tuple[str, int] | None:
    """docs/rules/rummikub.md joker reading, written out directly: rule 1 (positional run), else the best reading."""
    n = len(tiles)
    naturals = [t for t in tiles if t != "*"]
    if not naturals:
        return None
    colours = {t[0] for t in naturals}
    if len(colours) == 1 and 3 <= n <= 13:
        starts = {int(t[1:]) - i for i, t in enumerate(tiles) if t != "*"}
        if len(starts) == 1:
            s = starts.pop()
            if s >= 1 and s + n - 1 <= 13:
                return ("run", sum(range(s, s + n)))
    best: tuple[str, int] | None = None
    numbers = {int(t[1:]) for t in naturals}
    if len(numbers) == 1 and 3 <= n <= 4 and len(colours) == len(naturals):
        best = ("group", numbers.pop() * n)
    ranks = sorted(int(t[1:]) for t in naturals)
    if len(colours) == 1 and 3 <= n <= 13 and len(set(ranks)) == len(ranks):
        for s in range(1, 15 - n):
            if ranks[0] >= s and ranks[-1] <= s + n - 1:
                v = sum(range(s, s + n))
                if best is None or v > best[1]:
                    best = ("run", v)
                elif v == best[1] and best[0] == "group":
                    best = ("either", v)
    return best


def _random_melds(count: int) -> list[list[str]]:
    import random
    from collections import Counter

    rng = random.Random(20261130)
    out: list[list[str]] = []
    while len(out) < count:
        n = rng.randint(3, 6)
        colour = rng.choice("kbyr")
        same_colour = rng.random() < 0.5
        tiles = []
        for _ in range(n):
            if rng.random() < 0.25:
                tiles.append("*")
            elif same_colour:
                tiles.append(f"{colour}{rng.randint(1, 13)}")
            else:
                tiles.append(f"{rng.choice('kbyr')}{rng.choice([1, 5, 6, 7, 12, 13])}")
        if max(Counter(tiles).values()) <= 2:
            out.append(tiles)
    return out


def test_meld_reading_agrees_with_an_independent_oracle() -> None:
    """Reading rules 1 and 2 of docs/rules/rummikub.md on 1500 random melds with jokers: same validity, kind and value."""
    for tiles in _random_melds(1500):
        answer = meld(" ".join(tiles))
        expected = _oracle(tiles)
        got = (answer["kind"], answer["value"]) if answer["valid"] else None
        if expected is not None and expected[0] == "either":
            assert got is not None and got[1] == expected[1], tiles
        else:
            assert got == expected, tiles


def _random_turn(rng: Any) -> tuple[list[str], str, list[str]] | None:
    """A random table, a rack and a proposed table: legal moves, sometimes corrupted."""
    from collections import Counter

    table: list[list[str]] = []
    for _ in range(rng.randint(1, 4)):
        colour, lo = rng.choice("rbky"), rng.randint(1, 8)
        if rng.random() < 0.6:
            tiles = [f"{colour}{n}" for n in range(lo, min(13, lo + rng.randint(2, 5)) + 1)]
        else:
            n = rng.randint(1, 13)
            tiles = [f"{x}{n}" for x in rng.sample("rbky", rng.choice([3, 4]))]
        if rng.random() < 0.2:
            tiles[rng.randrange(len(tiles))] = "*"
        table.append(tiles)
    colour, lo = rng.choice("rbky"), rng.randint(7, 11)
    ready = [f"{colour}{lo}", f"{colour}{lo + 1}", f"{colour}{lo + 2}"]
    rack = ready + [rng.choice("rbky") + str(rng.randint(1, 13)) for _ in range(rng.randint(0, 2))]
    after = [list(m) for m in table]
    runs = [m for m in after if "*" not in m and len({t[0] for t in m}) == 1 and len(m) >= 3 and m[0] != m[1]]
    runs = [m for m in runs if len({t[1:] for t in m}) == len(m)]
    if runs and rng.random() < 0.5:
        run = rng.choice(runs)
        top = max(int(t[1:]) for t in run)
        if top < 13:
            tile = f"{run[0][0]}{top + 1}"
            rack.append(tile)
            run.append(tile)
    if rng.random() < 0.7:
        after.append(list(ready))
    long_runs = [m for m in after if len(m) >= 6 and "*" not in m and len({t[0] for t in m}) == 1]
    if long_runs and rng.random() < 0.5:
        run = rng.choice(long_runs)
        run.sort(key=lambda t: int(t[1:]))
        cut = rng.randint(3, len(run) - 3)
        after.remove(run)
        after += [run[:cut], run[cut:]]
    if rng.random() < 0.3:
        victim = rng.choice(after)
        choice = rng.random()
        if choice < 0.4 and victim:
            victim.remove(rng.choice(victim))
        elif choice < 0.7:
            victim.append(rng.choice(rack))
        else:
            rng.choice(after).append(victim.pop()) if victim else None
    counts = Counter(t for m in table for t in m) + Counter(rack)
    if counts["*"] > 2 or any(v > 2 for k, v in counts.items() if k != "*"):
        return None
    return [" ".join(m) for m in table], " ".join(rack), [" ".join(m) for m in after if m]


def test_turn_check_agrees_with_the_four_conditions_and_the_initial_meld() -> None:
    """docs/rules/rummikub.md end-of-turn conditions 1-4, and the initial meld (30 from new rack sets, table untouched), on random turns."""
    import random
    from collections import Counter

    rng = random.Random(42)
    checked = 0
    while checked < 400:
        made = _random_turn(rng)
        if made is None:
            continue
        table, rack, after = made
        done = rng.random() < 0.5
        answer = turn(table, rack, after, done)
        if "error" in answer:
            continue
        checked += 1
        before_c = Counter(t for m in table for t in m.split())
        after_c = Counter(t for m in after for t in m.split())
        added, missing = after_c - before_c, before_c - after_c
        expected = (
            not missing
            and not (added - Counter(rack.split()))
            and sum(added.values()) > 0
            and all(meld(m)["valid"] for m in after)
        )
        if expected and not done:
            old = Counter(" ".join(sorted(m.split())) for m in table)
            new = Counter(" ".join(sorted(m.split())) for m in after)
            untouched = not (old - new)
            new_sets = list((new - old).elements())
            expected = untouched and sum(meld(m)["value"] for m in new_sets) >= 30
        assert answer["valid"] is expected, (table, rack, after, done, answer["problems"])


def test_game_enforces_initial_meld_per_player_then_frees_it() -> None:
    """'A player's first play must be ... worth at least 30'; later turns need no threshold."""
    import attrs

    from rummylib.errors import RummyError

    game = RummikubGame.deal(rules=R.RUMMIKUB, players=2, seed=1)
    tiles = lambda s: tuple(parse_pieces(s, rules=R.RUMMIKUB))  # noqa: E731
    game = attrs.evolve(game, hands=(tiles("r1 r2 r3 r10 r11 r12 k5"), tiles("b1 b2 b3 b4 y9")))
    with pytest.raises(RummyError):
        game.apply(Play(game.to_move, ["r1 r2 r3"]))
    game = game.apply(Play(game.to_move, ["r10 r11 r12"]))
    assert game.initial_meld_done == (True, False)
    with pytest.raises(RummyError):  # player 1 has not melded yet: 10 is not enough
        game.apply(Play(game.to_move, ["r10 r11 r12", "b1 b2 b3 b4"]))
    game = game.apply(Draw(game.to_move))
    game = game.apply(Play(game.to_move, ["r10 r11 r12", "r1 r2 r3"]))
    assert game.rack(0) == tiles("k5")
