"""Operations made for tiles refuse a card game's rules, all with one check: the same class and code.

docs/rules/rummikub.md is the tile game; a Shanghai "turn" given to the Rummikub turn judge was judged as if
cards were tiles, while the solver refused it. Now every tile-only function refuses it the same way.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from rummylib import (
    CONTRACT_RUMMY,
    GIN_RUMMY,
    INDIAN_RUMMY,
    RUMMIKUB,
    SHANGHAI,
    RuleSet,
    RuleSetError,
    arrange,
    check_turn,
    is_legal_turn,
    playable_tiles,
    score_rummikub,
    solve,
    turn_violations,
    validate_turn,
)
from rummylib.rummikub import RummikubGame

CARD_GAMES = [CONTRACT_RUMMY, SHANGHAI, GIN_RUMMY, INDIAN_RUMMY]

TILE_ONLY: dict[str, Callable[[RuleSet], object]] = {
    "validate_turn": lambda r: validate_turn("", "7h 7s 7d 7c", "7h 7s 7d", rules=r, initial_meld_done=True),
    "turn_violations": lambda r: turn_violations("", "7h 7s 7d 7c", "7h 7s 7d", rules=r, initial_meld_done=True),
    "check_turn": lambda r: check_turn("", "7h 7s 7d 7c", "7h 7s 7d", rules=r, initial_meld_done=True),
    "is_legal_turn": lambda r: is_legal_turn("", "7h 7s 7d 7c", "7h 7s 7d", rules=r, initial_meld_done=True),
    "score_rummikub": lambda r: score_rummikub(["", "7h"], winner=0, rules=r),
    "solve": lambda r: solve("", "7h 7s 7d", rules=r, initial_meld_done=True),
    "arrange": lambda r: arrange("7h 7s 7d", rules=r),
    "playable_tiles": lambda r: playable_tiles("7h 7s 7d", "7c", rules=r, initial_meld_done=True),
}


@pytest.mark.parametrize("rules", CARD_GAMES, ids=lambda r: r.name)
@pytest.mark.parametrize("name", sorted(TILE_ONLY))
def test_a_card_game_is_refused_the_same_way(name: str, rules: RuleSet) -> None:
    with pytest.raises(RuleSetError) as info:
        TILE_ONLY[name](rules)
    assert info.value.code == "unsupported-rules"
    assert f"{rules.title} is played with cards" in info.value.message


@pytest.mark.parametrize("name", sorted(TILE_ONLY))
def test_the_check_comes_before_the_pieces_are_read(name: str) -> None:
    # tile notation under a card game is refused for the rules, not as bad notation
    calls: dict[str, Callable[[], object]] = {
        "validate_turn": lambda: validate_turn("r1 r2 r3", "r4", "r1 r2 r3 r4", rules=SHANGHAI, initial_meld_done=True),
        "turn_violations": lambda: turn_violations("", "r4", "r4", rules=SHANGHAI, initial_meld_done=True),
        "check_turn": lambda: check_turn("", "r4", "r4", rules=SHANGHAI, initial_meld_done=True),
        "is_legal_turn": lambda: is_legal_turn("", "r4", "r4", rules=SHANGHAI, initial_meld_done=True),
        "score_rummikub": lambda: score_rummikub(["", "r5"], winner=0, rules=SHANGHAI),
        "solve": lambda: solve("r1 r2 r3", "r4", rules=SHANGHAI, initial_meld_done=True),
        "arrange": lambda: arrange("r1 r2 r3", rules=SHANGHAI),
        "playable_tiles": lambda: playable_tiles("r1 r2 r3", "r4", rules=SHANGHAI, initial_meld_done=True),
    }
    with pytest.raises(RuleSetError) as info:
        calls[name]()
    assert info.value.code == "unsupported-rules"


@pytest.mark.parametrize("name", sorted(TILE_ONLY))
def test_tile_games_are_still_played(name: str) -> None:
    tiles: dict[str, Callable[[], object]] = {
        "validate_turn": lambda: validate_turn("r1 r2 r3", "r4", "r1 r2 r3 r4", rules=RUMMIKUB, initial_meld_done=True),
        "turn_violations": lambda: turn_violations(
            "r1 r2 r3", "r4", "r1 r2 r3 r4", rules=RUMMIKUB, initial_meld_done=True
        ),
        "check_turn": lambda: check_turn("r1 r2 r3", "r4", "r1 r2 r3 r4", rules=RUMMIKUB, initial_meld_done=True),
        "is_legal_turn": lambda: is_legal_turn("r1 r2 r3", "r4", "r1 r2 r3 r4", rules=RUMMIKUB, initial_meld_done=True),
        "score_rummikub": lambda: score_rummikub(["", "r5"], winner=0, rules=RUMMIKUB),
        "solve": lambda: solve("r1 r2 r3", "r4", rules=RUMMIKUB, initial_meld_done=True),
        "arrange": lambda: arrange("r1 r2 r3", rules=RUMMIKUB),
        "playable_tiles": lambda: playable_tiles("r1 r2 r3", "r4", rules=RUMMIKUB, initial_meld_done=True),
    }
    assert tiles[name]() not in (None, False)


def test_the_refusal_is_a_value_error_as_every_bad_input_is() -> None:
    with pytest.raises(ValueError, match="played with cards"):
        validate_turn("", "7h 7s 7d", "7h 7s 7d", rules=SHANGHAI, initial_meld_done=False)


def test_the_rummikub_referee_refuses_a_card_game_too() -> None:
    with pytest.raises(RuleSetError) as info:
        RummikubGame.deal(rules=SHANGHAI, players=3, seed=1)
    assert info.value.code == "unsupported-rules"
