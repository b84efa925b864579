"""Unit tests for Rummikub turn validation (docs/rules/rummikub.md).

Each test cites the sentence of the rule book it checks.
"""

from __future__ import annotations

import pytest

from rummylib import JOKER, RUMMIKUB, IllegalTurnError, InvalidPiecesError, NotationError, RuleId, Tile, parse_pieces
from rummylib.errors import LimitExceededError, RummyError
from rummylib.rummikub import ChangeKind, check_turn, is_legal_turn, turn_violations, validate_turn
from rummylib.table import Table

REPLACE = RUMMIKUB.with_options({"joker_retrieval": "replace"})


def codes(before: object, rack: str, after: object, *, done: bool = True, rules: object = RUMMIKUB) -> list[str]:
    report = validate_turn(before, rack, after, rules=rules, initial_meld_done=done)  # type: ignore[arg-type]
    return [v.code for v in report.violations]


def played(before: object, rack: str, after: object, *, done: bool = True) -> str:
    report = validate_turn(before, rack, after, rules=RUMMIKUB, initial_meld_done=done)  # type: ignore[arg-type]
    assert report.valid, report
    return " ".join(str(p) for p in report.played)


# --- the Table value ------------------------------------------------------------------------


def test_table_parse_str_and_pieces() -> None:
    t = Table.parse("r1 r2 r3 | k7 b7 y7")
    assert str(t) == "R1 R2 R3 | K7 B7 Y7"
    assert len(t.pieces()) == 6
    assert Table.parse(str(t)) == t
    assert Table.of(["r1 r2 r3", parse_pieces("k7 b7 y7")]) == t
    assert Table.of(t) is t


def test_table_rejects_non_pieces() -> None:
    with pytest.raises(InvalidPiecesError):
        validate_turn([[1, 2, 3]], "", [], rules=RUMMIKUB, initial_meld_done=True)  # type: ignore[list-item]
    with pytest.raises(InvalidPiecesError):
        validate_turn("", [5], "", rules=RUMMIKUB, initial_meld_done=True)  # type: ignore[list-item]
    with pytest.raises(InvalidPiecesError):
        validate_turn(42, "", "", rules=RUMMIKUB, initial_meld_done=True)  # type: ignore[arg-type]


def test_cards_are_not_rummikub_pieces() -> None:
    with pytest.raises(NotationError):
        validate_turn("", "5h", "", rules=RUMMIKUB, initial_meld_done=True)


# --- Tiles: three copies of a tile is an error, not a meld (docs/rules/rummikub.md) ------


def test_three_r5_across_table_and_rack_is_an_input_error() -> None:
    """'A table or rack can never hold more copies of a tile than the set has.'"""
    with pytest.raises(InvalidPiecesError) as info:
        validate_turn("r5 r6 r7 | r5 b5 k5", "r5", "r5 r6 r7 | r5 b5 k5 y5", rules=RUMMIKUB, initial_meld_done=True)
    assert info.value.code == "too-many-copies"
    with pytest.raises(InvalidPiecesError):
        validate_turn("", "r5 r5 r5", "", rules=RUMMIKUB, initial_meld_done=True)
    with pytest.raises(InvalidPiecesError):
        validate_turn("", "", "r5 r5 r5", rules=RUMMIKUB, initial_meld_done=True)
    with pytest.raises(InvalidPiecesError):
        validate_turn("* * r1", "*", "", rules=RUMMIKUB, initial_meld_done=True)
    # the error is a RummyError and a ValueError, never a KeyError or IndexError
    assert issubclass(InvalidPiecesError, RummyError)


def test_too_many_sets_is_a_limit() -> None:
    with pytest.raises(LimitExceededError):
        validate_turn("", "", [[]] * 500, rules=RUMMIKUB, initial_meld_done=True)


# --- A turn after the initial meld: the manipulations (docs/rules/rummikub.md) ------------


def test_lay_new_set_from_rack() -> None:
    assert played("r1 r2 r3", "k9 k10 k11 b1", "r1 r2 r3 | k9 k10 k11") == "K9 K10 K11"


def test_add_rack_tile_to_table_set() -> None:
    assert played("r1 r2 r3", "r4", "r1 r2 r3 r4") == "R4"
    assert played("r7 b7 k7", "y7", "r7 b7 k7 y7") == "Y7"


def test_split_a_run_and_add_a_tile() -> None:
    """'split a run and add a tile to make two sets'."""
    report = validate_turn("r3 r4 r5 r6 r7", "r5", "r3 r4 r5 | r5 r6 r7", rules=RUMMIKUB, initial_meld_done=True)
    assert report.valid
    assert report.played == (Tile.parse("r5"),)
    assert [c.kind for c in report.changes.sets] == [ChangeKind.SPLIT]
    assert report.changes.sets[0].after == (0, 1)


def test_take_the_fourth_tile_of_a_group_for_a_new_set() -> None:
    """'take the fourth tile of a group for a new set'."""
    report = validate_turn("r7 b7 k7 y7", "y8 y9 r1", "r7 b7 k7 | y7 y8 y9", rules=RUMMIKUB, initial_meld_done=True)
    assert report.valid
    assert " ".join(map(str, report.played)) == "Y8 Y9"
    moved = [(str(m.piece), m.source, m.target) for m in report.changes.moved]
    assert moved == [("Y7", 0, 1)]


def test_add_a_fourth_tile_and_take_a_different_one_out() -> None:
    """'add a fourth tile to a group and take a different one out for a new set'."""
    before = "r7 b7 k7 | b8 b9 b10"
    after = "b7 k7 y7 | r7 r8 r9 | b8 b9 b10"
    assert played(before, "y7 r8 r9", after) == "Y7 R8 R9"


def test_retrieve_a_joker_and_reuse_it() -> None:
    """A joker may be taken from a set and used again, if everything ends valid."""
    before = "r4 * r6"
    after = "r4 r5 r6 | k9 k10 *"
    assert played(before, "r5 k9 k10", after) == "K9 K10 R5"


def test_a_retrieved_joker_must_be_placed_again() -> None:
    """'a joker taken from a set must be placed again in the same turn'."""
    report = validate_turn("r4 * r6", "r5", "r4 r5 r6", rules=RUMMIKUB, initial_meld_done=True)
    assert not report.valid
    assert [v.code for v in report.violations] == [RuleId.TABLE_TILE_MISSING]
    assert report.violations[0].pieces == (JOKER,)
    assert "joker" in report.violations[0].message


def test_order_of_sets_and_of_tiles_in_a_group_never_matters() -> None:
    """Sets are compared as multisets."""
    assert played("r1 r2 r3 | k7 b7 y7", "r7", "y7 r7 k7 b7 | r1 r2 r3") == "R7"
    report = validate_turn(
        "r1 r2 r3 | k7 b7 y7", "r7", "b7 y7 k7 r7 | r1 r2 r3", rules=RUMMIKUB, initial_meld_done=True
    )
    assert [c.kind for c in report.changes.sets] == [ChangeKind.KEPT, ChangeKind.EXTENDED]


def test_merge_two_runs() -> None:
    report = validate_turn("r1 r2 r3 | r5 r6 r7", "r4", "r1 r2 r3 r4 r5 r6 r7", rules=RUMMIKUB, initial_meld_done=True)
    assert report.valid
    assert report.changes.sets[0].kind is ChangeKind.MERGED
    assert report.changes.sets[0].before == (0, 1)
    assert report.changes.placed[0].target == 0


def test_joker_sets_validity_rules() -> None:
    """'Both jokers may sit in one set (r5 * * is valid)'; runs never wrap."""
    assert played("", "r5 * *", "r5 * *") == "R5 * *"
    assert codes("", "r12 r13 r1", "r12 r13 r1") == ["run-wraps"]


# --- The four end-of-turn conditions (docs/rules/rummikub.md) -----------------------------


def test_invalid_set_is_named_with_its_index() -> None:
    """'every set on the table is valid' — the check names which set and why."""
    report = validate_turn("r1 r2 r3", "r4 b9", "r1 r2 r3 | r4 b9 k2", rules=RUMMIKUB, initial_meld_done=True)
    assert not report.valid
    assert {v.meld_index for v in report.violations} == {1}
    assert report.violations[0].code in {RuleId.GROUP_RANKS_DIFFER, RuleId.MIXED_SUITS}


def test_no_tile_stands_alone() -> None:
    """'no tile stands alone'."""
    found = codes("r1 r2 r3", "r9", "r1 r2 r3 | r9")
    assert found[0] == "tile-alone"
    assert "run-too-short" in found


def test_table_tile_vanished() -> None:
    """'every tile that was on the table is still on the table (nothing goes back to a rack)'."""
    report = validate_turn("r1 r2 r3 r4", "k1 k2 k3", "r1 r2 r3 | k1 k2 k3", rules=RUMMIKUB, initial_meld_done=True)
    assert [v.code for v in report.violations] == [RuleId.TABLE_TILE_MISSING]
    assert report.violations[0].pieces == (Tile.parse("r4"),)


def test_tile_from_nowhere() -> None:
    """'every other tile on the table came from the player's rack'."""
    report = validate_turn("r1 r2 r3", "k1", "r1 r2 r3 r4", rules=RUMMIKUB, initial_meld_done=True)
    rules_broken = [v.code for v in report.violations]
    assert RuleId.TILE_FROM_NOWHERE in rules_broken
    nowhere = next(v for v in report.violations if v.code is RuleId.TILE_FROM_NOWHERE)
    assert nowhere.pieces == (Tile.parse("r4"),)
    assert nowhere.meld_index == 0


def test_at_least_one_rack_tile_played() -> None:
    """'at least one rack tile was played'."""
    assert codes("r1 r2 r3", "r4", "r1 r2 r3") == ["no-tile-played"]
    assert codes("r1 r2 r3 r4 r5 r6", "k1", "r1 r2 r3 | r4 r5 r6") == ["no-tile-played"]


def test_every_problem_is_reported_in_order() -> None:
    found = codes("r1 r2 r3 | k5 k6 k7", "", "r1 r2 | k5 k6 k7 k8")
    assert found == ["run-too-short", "table-tile-missing", "tile-from-nowhere", "no-tile-played"]


# --- Initial meld (docs/rules/rummikub.md) -------------------------------------------------


def test_initial_meld_at_least_30() -> None:
    """'together worth at least 30'."""
    assert played("", "r10 r11 r12 k1", "r10 r11 r12", done=False) == "R10 R11 R12"
    assert played("", "k10 b10 y10", "k10 b10 y10", done=False) == "K10 B10 Y10"
    # several sets together
    assert played("", "r1 r2 r3 k8 b8 y8", "r1 r2 r3 | k8 b8 y8", done=False) == "K8 B8 Y8 R1 R2 R3"


def test_initial_meld_below_threshold_says_the_value() -> None:
    report = validate_turn("", "r7 r8 r9", "r7 r8 r9", rules=RUMMIKUB, initial_meld_done=False)
    assert [v.code for v in report.violations] == [RuleId.INITIAL_MELD_TOO_LOW]
    assert "24" in report.violations[0].message
    assert report.initial_meld_value == 24


def test_initial_meld_joker_counts_as_its_tile() -> None:
    """'a joker counting as the tile it stands for': * * r13 is 11+12+13 = 36."""
    report = validate_turn("", "* * r13", "* * r13", rules=RUMMIKUB, initial_meld_done=False)
    assert report.valid
    assert report.initial_meld_value == 36
    report = validate_turn("", "r9 * r11", "r9 * r11", rules=RUMMIKUB, initial_meld_done=False)
    assert report.valid
    assert report.initial_meld_value == 30


def test_initial_meld_threshold_is_an_option() -> None:
    rules = RUMMIKUB.with_options({"initial_meld_points": 50})
    assert not is_legal_turn("", "r10 r11 r12 r13", "r10 r11 r12 r13", rules=rules, initial_meld_done=False)
    rules = RUMMIKUB.with_options({"initial_meld_points": 0})
    assert is_legal_turn("", "r1 r2 r3", "r1 r2 r3", rules=rules, initial_meld_done=False)


def test_initial_meld_may_not_change_a_table_set() -> None:
    """'no set on it may change'."""
    found = codes("r1 r2 r3", "r4 r10 r11 r12", "r1 r2 r3 r4 | r10 r11 r12", done=False)
    assert "initial-meld-table-changed" in found
    assert "initial-meld-table-tile-used" in found
    assert "initial-meld-too-low" not in found


def test_initial_meld_may_not_use_a_table_tile() -> None:
    """'no table tile may be used'."""
    found = codes("r10 b10 k10 y10", "r11 r12", "b10 k10 y10 | r10 r11 r12", done=False)
    assert "initial-meld-table-tile-used" in found
    assert "initial-meld-table-changed" in found
    # and the value of a set using table tiles does not count
    assert "initial-meld-too-low" in found


def test_initial_meld_next_to_untouched_table_is_fine() -> None:
    assert played("r1 r2 r3 | k7 b7 y7", "b11 b12 b13", "k7 b7 y7 | r1 r2 r3 | b11 b12 b13", done=False)


def test_after_initial_meld_no_threshold() -> None:
    assert played("", "r1 r2 r3", "r1 r2 r3", done=True) == "R1 R2 R3"


# --- joker_retrieval = "replace" (the official box rule) --------------------------------------


def test_replace_rule_allows_the_box_swap() -> None:
    """A joker leaves its set when the tile it stands for takes its place, then goes into a new
    set with at least two rack tiles."""
    assert codes("r4 * r6", "r5 k9 k10", "r4 r5 r6 | k9 k10 *", rules=REPLACE) == []
    # either missing colour in a group of three
    assert codes("r7 b7 *", "k7 y9 y10", "r7 b7 k7 | y9 y10 *", rules=REPLACE) == []
    assert codes("r7 b7 *", "y7 y9 y10", "r7 b7 y7 | y9 y10 *", rules=REPLACE) == []


def test_replace_rule_needs_the_right_tile() -> None:
    found = codes("r4 * r6", "r7 k9 k10", "r4 r6 r7 | k9 k10 *", rules=REPLACE)
    assert "joker-set-broken" in found or "joker-not-replaced" in found
    found = codes("r7 b7 *", "r8 y9 y10", "r7 b7 | y9 y10 *", rules=REPLACE)
    assert "joker-not-replaced" in found
    found = codes("r7 b7 *", "k7 y9 y10", "r7 k7 | b7 y9 y10 *".replace("b7 y9", "y9"), rules=REPLACE)
    assert "joker-set-broken" in found


def test_replace_rule_freed_joker_needs_two_rack_tiles_in_a_new_set() -> None:
    # the freed joker joins an existing table set: not allowed under "replace"
    found = codes("r4 * r6 | k9 k10 k11", "r5", "r4 r5 r6 | k9 k10 k11 *", rules=REPLACE)
    assert found == ["freed-joker-misplaced"]
    # ... but fine under the default "free"
    assert codes("r4 * r6 | k9 k10 k11", "r5", "r4 r5 r6 | k9 k10 k11 *") == []
    # new set with a table tile in it
    found = codes("r4 * r6 | k9 k10 k11 k12", "r5 k8", "r4 r5 r6 | k10 k11 k12 | k8 k9 *", rules=REPLACE)
    assert "freed-joker-misplaced" in found


def test_replace_rule_keeps_a_joker_set_together_but_it_may_grow() -> None:
    assert codes("r4 * r6", "r7", "r4 * r6 r7", rules=REPLACE) == []
    assert codes("r7 b7 *", "k7", "r7 b7 k7 *", rules=REPLACE) == []
    # the red 6 takes the joker's place and the joker slides to the other end: not a new set
    assert codes("r4 r5 *", "r6", "* r4 r5 r6", rules=REPLACE) == ["freed-joker-misplaced"]
    assert codes("r4 r5 *", "r6", "* r4 r5 r6") == []
    found = codes("r3 r4 * r6 r7 r8", "r5", "r3 r4 * | r5 r6 r7 r8", rules=REPLACE)
    assert "joker-set-broken" in found
    assert codes("r3 r4 * r6 r7 r8", "r5", "r3 r4 * | r5 r6 r7 r8") == []


# --- the three functions agree -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("before", "rack", "after"),
    [("r1 r2 r3", "r4", "r1 r2 r3 r4"), ("r1 r2 r3", "r4", "r1 r2 r3"), ("", "r1 r2", "r1 r2")],
)
def test_validate_check_and_is_legal_agree(before: str, rack: str, after: str) -> None:
    report = validate_turn(before, rack, after, rules=RUMMIKUB, initial_meld_done=True)
    assert is_legal_turn(before, rack, after, rules=RUMMIKUB, initial_meld_done=True) is report.valid
    assert turn_violations(before, rack, after, rules=RUMMIKUB, initial_meld_done=True) == report.violations
    if report.valid:
        assert check_turn(before, rack, after, rules=RUMMIKUB, initial_meld_done=True) == report
    else:
        with pytest.raises(IllegalTurnError) as info:
            check_turn(before, rack, after, rules=RUMMIKUB, initial_meld_done=True)
        assert info.value.violations == report.violations


def test_report_json_shape() -> None:
    report = validate_turn("r1 r2 r3", "r4 r5", "r1 r2 r3 r4 r5", rules=RUMMIKUB, initial_meld_done=True)
    data = report.to_json()
    assert set(data) == {"valid", "played", "problems", "changes"}
    assert data["played"] == "R4 R5"
    assert data["changes"]["sets"][0]["change"] == "extended"
    assert data["changes"]["placed"] == [
        {"tile": "R4", "from": "rack", "to": 0},
        {"tile": "R5", "from": "rack", "to": 0},
    ]
    assert "legal turn" in str(report)


def test_inputs_are_not_mutated_and_accept_many_forms() -> None:
    before = [parse_pieces("r1 r2 r3")]
    rack = list(parse_pieces("r4"))
    validate_turn(before, rack, "r1 r2 r3 r4", rules=RUMMIKUB, initial_meld_done=True)
    assert before == [parse_pieces("r1 r2 r3")]
    assert rack == list(parse_pieces("r4"))
    assert is_legal_turn(Table.parse("r1 r2 r3"), "r4", ["r1 r2 r3 r4"], rules=RUMMIKUB, initial_meld_done=True)
