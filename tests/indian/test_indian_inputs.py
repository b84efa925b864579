"""Indian Rummy reads its inputs like every other function (`rummylib._inputs`)."""

from __future__ import annotations

from typing import Any

import pytest

from rummylib import INDIAN_RUMMY, RUMMIKUB, InvalidPiecesError, Meld, NotationError, RuleSetError, ScoringInputError
from rummylib.indian import best_arrangement, declaration_violations, score_deal, with_wild_joker
from rummylib.table import Table

GROUPS = ["Ah 2h 3h", "4c * 6c", "Jc Qc Kc", "9s 9c 9d 9h"]


def test_declaration_takes_melds_as_every_function_does_but_not_one_meld() -> None:
    assert declaration_violations(Table.of(GROUPS), rules=INDIAN_RUMMY) == ()
    assert declaration_violations(iter(GROUPS), rules=INDIAN_RUMMY) == ()
    assert declaration_violations(" | ".join(GROUPS), rules=INDIAN_RUMMY) == ()  # a table's notation
    with pytest.raises(TypeError):
        declaration_violations(Meld.parse("Ah 2h 3h"), rules=INDIAN_RUMMY)  # type: ignore[arg-type]
    # one string is one table: a single group is read as the whole declaration, and refused as such
    assert "declaration-size" in {v.code for v in declaration_violations("Ah 2h 3h", rules=INDIAN_RUMMY)}
    with pytest.raises(InvalidPiecesError) as info:
        declaration_violations([*GROUPS[:3], [5]], rules=INDIAN_RUMMY)
    assert info.value.code == "not-a-piece"


@pytest.mark.parametrize("winner", [2, True, "0"])
def test_score_deal_bad_winner_keeps_its_error(winner: Any) -> None:
    with pytest.raises(ScoringInputError) as info:
        score_deal(["", "Kh Kd Ks"], winner=winner, rules=INDIAN_RUMMY)
    assert info.value.code == "bad-score-input"


def test_score_deal_counts_the_hands_together() -> None:
    """Each hand was checked alone: three Kh (the decks hold two) across two hands passed."""
    with pytest.raises(InvalidPiecesError) as info:
        score_deal(["", "Kh Kh", "Kh"], winner=0, rules=INDIAN_RUMMY)
    assert info.value.code == "too-many-copies"


def test_score_deal_refuses_tile_rules_before_reading_cards() -> None:
    with pytest.raises(RuleSetError, match="played with tiles"):
        score_deal(["", "Kh Kd"], winner=0, rules=RUMMIKUB)


def test_hand_and_wild_joker_forms() -> None:
    hand = "Ah 2h 3h 4c * 6c 9d 9s 9h Kd Kc 2s 7s"
    assert best_arrangement(Meld.parse(hand), rules=INDIAN_RUMMY).points == 29
    with pytest.raises(InvalidPiecesError) as info:
        best_arrangement([5], rules=INDIAN_RUMMY)
    assert info.value.code == "not-a-piece"
    with pytest.raises(InvalidPiecesError) as info:
        with_wild_joker(5, rules=INDIAN_RUMMY)  # type: ignore[arg-type]
    assert info.value.code == "not-a-piece"
    with pytest.raises(NotationError):
        with_wild_joker("*", rules=INDIAN_RUMMY)
