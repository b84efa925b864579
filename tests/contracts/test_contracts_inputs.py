"""Contract Rummy and Shanghai read their inputs like every other function (`rummylib._inputs`)."""

from __future__ import annotations

from typing import Any

import pytest

from rummylib import CONTRACT_RUMMY, SHANGHAI, InvalidPiecesError, Meld, NotationError, Tile, parse_pieces
from rummylib.contracts import (
    check_contract,
    check_layoff,
    check_substitution,
    contract_violations,
    find_contract,
    score_contract_round,
)
from rummylib.melds import check_meld
from rummylib.table import Table


def test_score_contract_round_reads_notation() -> None:
    """Before: a hand given as notation was read character by character (a TypeError)."""
    assert score_contract_round(["", "* Ah 7c"], rules=SHANGHAI) == (0, 47)
    assert score_contract_round(["", "* Ah 7c"], rules=SHANGHAI) == score_contract_round(
        [parse_pieces(""), parse_pieces("* Ah 7c")], rules=SHANGHAI
    )
    assert score_contract_round(["", "* Ah 7c"], rules=SHANGHAI, out_in_one_turn=True) == (-50, 47)


def test_melds_may_be_a_table_value() -> None:
    table = Table.parse("7h 7s 7d | 8c 8s 8h")
    assert len(check_contract(table, round_number=1, rules=CONTRACT_RUMMY).sets) == 2
    assert contract_violations(table, round_number=1, rules=CONTRACT_RUMMY) == ()
    assert contract_violations((m for m in table), round_number=1, rules=CONTRACT_RUMMY) == ()


@pytest.mark.parametrize("melds", [5, None, ["7h 7s 7d", 5], [[5]]])
def test_melds_that_are_no_melds_are_refused(melds: Any) -> None:
    with pytest.raises(InvalidPiecesError) as info:
        contract_violations(melds, round_number=1, rules=CONTRACT_RUMMY)
    assert info.value.code == "not-a-piece"


def test_one_meld_where_several_are_expected_stays_a_type_error() -> None:
    for one in (Meld.parse("7h 7s 7d"), check_meld("7h 7s 7d", rules=SHANGHAI)):
        with pytest.raises(TypeError):
            contract_violations(one, round_number=1, rules=SHANGHAI)  # type: ignore[arg-type]


def test_lay_off_and_substitution_refuse_non_pieces() -> None:
    """Before: ``TypeError: not a piece: 5``."""
    for cards in ([5], ["8c"], 5, None):
        with pytest.raises(InvalidPiecesError) as info:
            check_layoff("4c 5c 6c 7c", cards, rules=SHANGHAI)  # type: ignore[arg-type]
        assert info.value.code == "not-a-piece"
    for card in (5, None, ["5c"]):
        with pytest.raises(InvalidPiecesError) as info:
            check_substitution("4c * 6c 7c", card, rules=SHANGHAI, player_down=True)  # type: ignore[arg-type]
        assert info.value.code == "not-a-piece"
    with pytest.raises(InvalidPiecesError):
        check_layoff([5, 6], "8c", rules=SHANGHAI)  # type: ignore[list-item]


def test_a_single_card_laid_off_belongs_to_the_game() -> None:
    """Before: a single piece given as a value skipped the game check."""
    with pytest.raises(NotationError, match="played with cards"):
        check_layoff("4c 5c 6c 7c", Tile.parse("r8"), rules=SHANGHAI)


def test_find_contract_hand_forms() -> None:
    hand = "7h 7s 7d 8c 8s 8h Kd 4c"
    plan = find_contract(hand, round_number=1, rules=CONTRACT_RUMMY)
    assert plan is not None
    assert find_contract(Meld.parse(hand), round_number=1, rules=CONTRACT_RUMMY) == plan
    assert find_contract(iter(parse_pieces(hand)), round_number=1, rules=CONTRACT_RUMMY) == plan
    with pytest.raises(InvalidPiecesError) as info:
        find_contract(5, round_number=1, rules=CONTRACT_RUMMY)  # type: ignore[arg-type]
    assert info.value.code == "not-a-piece"
