"""The Python API is as strict as the batch: what a new user might pass by mistake is refused.

Each refusal is a rummylib error with a stable code, whose message names what is wrong: a flag
that is not a ``bool``, a seat that is not a whole number, a seed no shuffle can use, hands no
knock leaves, a table in a form that cannot be read, an endless iterable. A table given as lists
of piece notation is read.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from typing import Any

import pytest

from rummylib import (
    CONTRACT_RUMMY,
    GIN_RUMMY,
    INDIAN_RUMMY,
    RUMMIKUB,
    SHANGHAI,
    ArgumentError,
    ContractGame,
    ContractRound,
    GinGame,
    GinHand,
    GinInputError,
    IllegalActionError,
    IndianDeal,
    IndianGame,
    InvalidPiecesError,
    LimitExceededError,
    Meld,
    RummikubGame,
    RummyError,
    Table,
    Tile,
    check_meld,
    contracts,
    deal,
    gin,
    indian,
    rummikub,
    saves,
    score_hand,
    svg,
    validate_turn,
)
from rummylib.decks import shuffled

# --- 1. flags: True or False, nothing else ------------------------------------------------------

FLAG_CALLS: dict[str, Callable[[Any], object]] = {
    "validate_turn": lambda v: validate_turn("", "r1 r2 r3 k9", "r1 r2 r3", rules=RUMMIKUB, initial_meld_done=v),
    "check_turn": lambda v: rummikub.check_turn("", "r10 r11 r12", "r10 r11 r12", rules=RUMMIKUB, initial_meld_done=v),
    "is_legal_turn": lambda v: rummikub.is_legal_turn("", "r1 r2 r3", "r1 r2 r3", rules=RUMMIKUB, initial_meld_done=v),
    "turn_violations": lambda v: rummikub.turn_violations("", "r1 r2 r3", "", rules=RUMMIKUB, initial_meld_done=v),
    "solve": lambda v: rummikub.solve("", "r10 r11 r12", rules=RUMMIKUB, initial_meld_done=v),
    "solve keep_sets": lambda v: rummikub.solve("", "r10 r11 r12", rules=RUMMIKUB, initial_meld_done=True, keep_sets=v),
    "can_play": lambda v: rummikub.can_play("", "r10 r11 r12", rules=RUMMIKUB, initial_meld_done=v),
    "lay_down": lambda v: rummikub.lay_down("", "r10 r11 r12", rules=RUMMIKUB, initial_meld_done=v),
    "playable_tiles": lambda v: rummikub.playable_tiles("r1 r2 r3", "r4", rules=RUMMIKUB, initial_meld_done=v),
    "score_contract_round out_in_one_turn": lambda v: contracts.score_contract_round(
        ["", "7h"], rules=SHANGHAI, out_in_one_turn=v
    ),
    "score_contract_round joker_used": lambda v: contracts.score_contract_round(
        ["", "7h"], rules=SHANGHAI, joker_used=v
    ),
    "check_substitution": lambda v: contracts.is_legal_substitution("7h 7d *", "7s", rules=SHANGHAI, player_down=v),
    "drop_points": lambda v: indian.drop_points(rules=INDIAN_RUMMY, after_drawing=v),
    "saves.from_json": lambda v: saves.from_json(GinHand.deal(rules=GIN_RUMMY, seed=1).to_json(), check=v),
    "RummikubGame.from_json": lambda v: RummikubGame.from_json(
        RummikubGame.deal(rules=RUMMIKUB, players=2, seed=1).to_json(), check=v
    ),
    "svg.turn labels": lambda v: svg.turn("", "r1 r2 r3", "r1 r2 r3", rules=RUMMIKUB, initial_meld_done=True, labels=v),
    "svg.rack sort": lambda v: svg.rack("r3 r1", sort=v),
}


@pytest.mark.parametrize("name", sorted(FLAG_CALLS))
@pytest.mark.parametrize("value", ["false", "", 0, 1, None, [True]])
def test_a_flag_refuses_anything_but_a_bool(name: str, value: object) -> None:
    with pytest.raises(ArgumentError) as info:
        FLAG_CALLS[name](value)
    assert info.value.code == "bad-argument"
    assert isinstance(info.value, TypeError) and isinstance(info.value, RummyError)
    assert "must be True or False" in info.value.message and repr(value)[:20] in info.value.message


@pytest.mark.parametrize("name", sorted(FLAG_CALLS))
def test_a_flag_takes_true_and_false(name: str) -> None:
    for value in (True, False):
        FLAG_CALLS[name](value)  # no error


def test_a_six_point_first_meld_stays_illegal() -> None:
    report = validate_turn("", "r1 r2 r3 k9", "r1 r2 r3", rules=RUMMIKUB, initial_meld_done=False)
    assert [v.code for v in report.violations] == ["initial-meld-too-low"]
    with pytest.raises(ArgumentError, match="initial_meld_done must be True or False, not 'false'"):
        validate_turn("", "r1 r2 r3 k9", "r1 r2 r3", rules=RUMMIKUB, initial_meld_done="false")


# --- 2. seats: a whole number, of the table ---------------------------------------------------

ACTIONS: list[Callable[[Any], object]] = [
    lambda p: rummikub.Play(p, "r1 r2 r3"),
    lambda p: rummikub.Draw(p),
    lambda p: rummikub.Pass(p),
    lambda p: rummikub.Timeout(p),
    lambda p: gin.DrawStock(p),
    lambda p: gin.DrawDiscard(p),
    lambda p: gin.Discard(p, "7h"),
    lambda p: gin.Knock(p, "7h"),
    lambda p: contracts.Buy(p),
    lambda p: contracts.DeclineBuy(p),
    lambda p: contracts.LayDown(p, ["7h 7d 7s"]),
    lambda p: contracts.LayOff(p, "7c", 0),
    lambda p: contracts.SwapJoker(p, "7c", 0),
    lambda p: indian.Drop(p),
    lambda p: indian.Declare(p, "7h", ["Ah 2h 3h"]),
]


@pytest.mark.parametrize("make", ACTIONS)
@pytest.mark.parametrize("seat", ["0", True, False, 1.0, None])
def test_an_action_refuses_a_seat_that_is_not_a_whole_number(make: Callable[[Any], object], seat: object) -> None:
    with pytest.raises(ArgumentError) as info:
        make(seat)
    assert info.value.code == "bad-argument"
    assert "must be a seat number" in info.value.message and repr(seat) in info.value.message
    assert "Attribute(" not in info.value.message  # never attrs' own words


def test_the_rummikub_play_of_a_new_user() -> None:
    game = RummikubGame.deal(rules=RUMMIKUB, players=2, seed=1)
    with pytest.raises(ArgumentError, match=r"Play: the player must be a seat number \(an int\), not '0'"):
        game.apply(rummikub.Play("0", "r1 r2 r3"))  # type: ignore[arg-type]


REFEREES: list[tuple[RummyError | Any, Callable[[int], object]]] = [
    (RummikubGame.deal(rules=RUMMIKUB, players=2, seed=1), rummikub.Draw),
    (ContractRound.deal(rules=SHANGHAI, players=3, seed=1), contracts.DrawStock),
    (ContractGame.deal(rules=CONTRACT_RUMMY, players=3, seed=1), contracts.DrawStock),
    (GinHand.deal(rules=GIN_RUMMY, seed=1), gin.DrawStock),
    (GinGame.deal(rules=GIN_RUMMY, seed=1), gin.DrawStock),
    (IndianDeal.deal(rules=INDIAN_RUMMY, players=2, seed=1), indian.DrawStock),
    (IndianGame.deal(rules=INDIAN_RUMMY, players=2, seed=1), indian.DrawStock),
]


@pytest.mark.parametrize(("state", "draw"), REFEREES, ids=lambda x: type(x).__name__)
def test_a_seat_out_of_range_is_refused_by_every_referee(state: Any, draw: Callable[[int], object]) -> None:
    for seat in (state.players, 7, -1):
        with pytest.raises(IllegalActionError) as info:
            state.apply(draw(seat))
        assert [v.code for v in info.value.violations] == ["not-a-player"]
        assert state.action_violations(draw(seat))[0].code == "not-a-player"
    for seat in ("0", True):
        with pytest.raises(ArgumentError):
            state.apply(draw(seat))


# --- 3. Gin: hands no knock leaves --------------------------------------------------------------

KNOCKER = "Ah 2h 3h 7c 7d 7s 9c 9d 9s 9h"
DEFENDER = "Kc Kd Ks 4c 5c 6c 8h 8d 2s 3s"


@pytest.mark.parametrize(
    ("knocker", "defender", "words"),
    [
        ("", "5h", "the knocker holds 0 cards: at a knock the knocker holds 10 (after the discard) or 11"),
        (KNOCKER, "5h", "the defender holds 1 card: at a knock the defender holds 10"),
        (KNOCKER[3:], DEFENDER, "the knocker holds 9 cards"),
        (KNOCKER, DEFENDER + " Ac", "the defender holds 11 cards"),
        (KNOCKER, DEFENDER[:-3], "the defender holds 9 cards"),
    ],
)
def test_gin_hands_of_sizes_no_knock_leaves_are_refused(knocker: str, defender: str, words: str) -> None:
    with pytest.raises(GinInputError, match=re.escape(words)) as info:
        score_hand(knocker, defender, rules=GIN_RUMMY)
    assert info.value.code == "bad-gin-hand"


def test_gin_hands_of_knock_sizes_are_scored() -> None:
    assert score_hand(KNOCKER, DEFENDER, rules=GIN_RUMMY).kind.value == "gin"
    assert score_hand("Ah 2h 3h 4h " + KNOCKER[9:], DEFENDER, rules=GIN_RUMMY).kind.value == "big_gin"


# --- 4. tables: lists of notation are read; what cannot be read says what a table may be -------


def test_a_table_of_lists_of_piece_notation_is_read() -> None:
    assert Table.of([["r1", "r2", "r3"]], rules=RUMMIKUB) == Table.parse("r1 r2 r3")
    assert Table.of([("k7", "b7", "*"), "r1 r2 r3"]) == Table.parse("k7 b7 * | r1 r2 r3")
    report = validate_turn("", "r10 r11 r12 k9", [["r10", "r11", "r12"]], rules=RUMMIKUB, initial_meld_done=False)
    assert report.valid
    assert check_meld(["r4", "*", "r6"], rules=RUMMIKUB).kind.value == "run"


@pytest.mark.parametrize("table", [[5], [["r1", 5]], 5, [[None, "r2"]], [[["r1"]]]])
def test_what_cannot_be_read_as_a_table_names_the_forms_a_table_takes(table: object) -> None:
    with pytest.raises(InvalidPiecesError) as info:
        validate_turn(table, "r1", "", rules=RUMMIKUB, initial_meld_done=True)  # type: ignore[arg-type]
    assert info.value.code == "not-a-piece"
    assert "a table is a Table, notation with its melds separated by '|'" in info.value.message
    assert "a sequence of pieces or of their notation" in info.value.message


def test_bad_notation_in_a_list_is_a_notation_error() -> None:
    with pytest.raises(RummyError) as info:
        Table.of([["r1", "r14", "r3"]], rules=RUMMIKUB)
    assert info.value.code == "bad-notation"


# --- 5. seeds a shuffle can use; endless iterables ---------------------------------------------

HALF_PAIR = "\ud800"

DEALS: dict[str, Callable[[Any], object]] = {
    "RummikubGame": lambda s: RummikubGame.deal(rules=RUMMIKUB, players=2, seed=s),
    "ContractRound": lambda s: ContractRound.deal(rules=SHANGHAI, players=3, seed=s),
    "ContractGame": lambda s: ContractGame.deal(rules=SHANGHAI, players=3, seed=s),
    "GinHand": lambda s: GinHand.deal(rules=GIN_RUMMY, seed=s),
    "GinGame": lambda s: GinGame.deal(rules=GIN_RUMMY, seed=s),
    "IndianDeal": lambda s: IndianDeal.deal(rules=INDIAN_RUMMY, players=2, seed=s),
    "IndianGame": lambda s: IndianGame.deal(rules=INDIAN_RUMMY, players=2, seed=s),
    "deal": lambda s: deal("gin", players=2, seed=s),
    "shuffled": lambda s: shuffled((Tile.parse("r1"), Tile.parse("r2")), s),
}


@pytest.mark.parametrize("name", sorted(DEALS))
@pytest.mark.parametrize("seed", [HALF_PAIR, "table " + HALF_PAIR, 1.5, True, b"7", None])
def test_a_seed_no_shuffle_can_use_is_refused(name: str, seed: object) -> None:
    if name == "deal" and seed is None:
        seed = HALF_PAIR  # deal picks a seed of its own for None
    with pytest.raises(ArgumentError) as info:
        DEALS[name](seed)
    assert info.value.code == "bad-argument"
    assert "seed must be" in info.value.message


@pytest.mark.parametrize("name", sorted(DEALS))
def test_a_seed_of_any_text_deals(name: str) -> None:
    DEALS[name]("table 7 \u00e9\U0001f0a1")  # no error


ENDLESS: dict[str, Callable[[], object]] = {
    "check_meld of tiles": lambda: check_meld(itertools.repeat(Tile.parse("r1")), rules=RUMMIKUB),
    "check_meld of a class": lambda: check_meld(itertools.repeat(Tile), rules=RUMMIKUB),  # type: ignore[arg-type]
    "the rack": lambda: validate_turn(
        "", itertools.repeat(Tile.parse("r1")), "", rules=RUMMIKUB, initial_meld_done=True
    ),
    "the table": lambda: validate_turn(
        itertools.repeat(Meld.parse("r1 r2 r3")), "", "", rules=RUMMIKUB, initial_meld_done=True
    ),
    "a meld of the table": lambda: Table.of([itertools.repeat("r1")], rules=RUMMIKUB),
}


@pytest.mark.parametrize("name", sorted(ENDLESS))
def test_an_endless_iterable_is_cut_and_refused(name: str) -> None:
    with pytest.raises(RummyError) as info:
        ENDLESS[name]()
    assert info.value.code in {"too-large", "not-a-piece"}
    if name != "check_meld of a class":
        assert isinstance(info.value, LimitExceededError)
        assert "more than" in info.value.message
