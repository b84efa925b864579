"""The defender's lay-offs on the knocker's melds (docs/rules/gin-rummy.md): `rummylib.gin.layoffs` and the ``layoff`` op.

"The other player then lays off deadwood on the knocker's melds (not after gin)", and the hand is
scored "always comparing deadwood *after* the lay-offs". `layoffs` finds the lay-offs that leave
the least deadwood; it must agree with a brute-force search over every set of cards laid off, and
with the lay-offs `score_hand` counts.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Sequence
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rummylib import GIN_RUMMY, JOKER, Card, InvalidMeldError, Meld, NotationError, Rank, Suit, is_valid_meld
from rummylib.batch import handle_request
from rummylib.errors import LimitExceededError
from rummylib.gin import GinInputError, GinLayoffs, LayOff, deadwood, layoffs, score_hand

DECK = [Card(Rank(r), s) for s in Suit for r in range(1, 14)]


def test_cards_go_on_runs_at_either_end_and_on_sets_of_three() -> None:
    found = layoffs("Ah 2h 3h | 7c 7d 7s", "4h 5h 7h Kc Qc Jc 2c 2d 3s 8s", rules=GIN_RUMMY)
    assert isinstance(found, GinLayoffs)
    assert found.layoffs == (LayOff(Card.parse("4h"), 0), LayOff(Card.parse("5h"), 0), LayOff(Card.parse("7h"), 1))
    assert [str(m) for m in found.melds_after] == ["Ah 2h 3h 4h 5h", "7c 7d 7s 7h"]
    assert [str(m) for m in found.defender_melds] == ["Jc Qc Kc"]
    assert found.deadwood == 2 + 2 + 3 + 8
    assert " ".join(str(c) for c in found.unmelded) == "2c 2d 3s 8s"
    assert found.layoff_text == "4h 5h 7h"
    # below the run too
    assert layoffs("5d 6d 7d", "3d 4d 8d Kc", rules=GIN_RUMMY).layoff_text == "3d 4d 8d"


def test_a_set_of_four_takes_nothing_and_the_ace_is_low_only() -> None:
    assert layoffs("9c 9d 9h 9s", "Kc", rules=GIN_RUMMY).layoffs == ()
    # ace low only: nothing goes above the king
    assert layoffs("Jh Qh Kh", "Ah 10h", rules=GIN_RUMMY).layoff_text == "10h"


def test_no_lay_off_that_does_not_lower_the_deadwood() -> None:
    # 9c melds in the defender's own run 7c 8c 9c: laying it off gains nothing, so it stays
    found = layoffs("9d 9h 9s", "7c 8c 9c Kd", rules=GIN_RUMMY)
    assert found.layoffs == ()
    assert found.deadwood == 10
    # a card that is worth more laid off than melded is laid off
    found = layoffs("9d 9h 9s | 10c Jc Qc", "7c 8c 9c Kc", rules=GIN_RUMMY)
    assert found.deadwood == 0


def test_the_same_lay_offs_as_the_score_of_the_hand() -> None:
    knocker, defender = "Ah 2h 3h 7c 7d 7s 9c 9d 9s Kd", "4h 5h Kc Qc Jc 2c 2d 3s 8s 8h"
    result = score_hand(knocker, defender, rules=GIN_RUMMY)
    found = layoffs(result.knocker_melds, defender, rules=GIN_RUMMY)
    assert found.deadwood == result.defender_deadwood
    assert found.layoffs == result.layoffs


def test_bad_input() -> None:
    with pytest.raises(InvalidMeldError) as info:
        layoffs(["4c 5c 6c", "9d 9h"], "3c", rules=GIN_RUMMY)
    assert info.value.violations[0].meld_index == 1
    with pytest.raises(GinInputError, match="both in the knocker's melds and in the defender's hand"):
        layoffs("4c 5c 6c", "6c Kd", rules=GIN_RUMMY)
    with pytest.raises(GinInputError, match="appears twice"):
        layoffs("4c 5c 6c | 6c 6d 6h", "Kd", rules=GIN_RUMMY)
    with pytest.raises(NotationError):
        layoffs("4c 5c 6c", "Kd *", rules=GIN_RUMMY)
    with pytest.raises(GinInputError, match="joker"):
        layoffs("4c 5c 6c", [Card.parse("Kd"), JOKER], rules=GIN_RUMMY)
    with pytest.raises(LimitExceededError):  # a knocker holds 11 cards at most
        layoffs("Ac 2c 3c 4c 5c 6c | 7h 8h 9h 10h Jh Qh", "Kd", rules=GIN_RUMMY)
    with pytest.raises(TypeError):
        layoffs("4c 5c 6c", "Kd", rules="gin")  # type: ignore[arg-type]


# ------------------------------------------------------------------------------------------
# Against a brute-force search
# ------------------------------------------------------------------------------------------


def _layable(cards: Sequence[Card], melds: Sequence[Meld]) -> bool:
    """Whether every card can join one of the melds, each meld staying valid (every assignment tried)."""
    for choice in itertools.product(range(len(melds)), repeat=len(cards)):
        grown = [list(m.pieces) for m in melds]
        for card, at in zip(cards, choice, strict=True):
            grown[at].append(card)
        if all(is_valid_meld(Meld(g), rules=GIN_RUMMY) for g in grown):
            return True
    return not cards


def _least_deadwood_after_layoffs(melds: Sequence[Meld], defender: Sequence[Card]) -> int:
    best = deadwood(list(defender), rules=GIN_RUMMY).deadwood
    for size in range(1, len(defender) + 1):
        for laid in itertools.combinations(defender, size):
            if _layable(laid, melds):
                rest = [c for c in defender if c not in laid]
                best = min(best, deadwood(rest, rules=GIN_RUMMY).deadwood)
    return best


@st.composite
def knocker_melds_and_defender(draw: st.DrawFn) -> tuple[list[Meld], list[Card]]:
    melds: list[Meld] = []
    used: set[Card] = set()
    for _ in range(draw(st.integers(1, 3))):
        if draw(st.booleans()):
            rank = Rank(draw(st.integers(1, 13)))
            suits = draw(st.permutations(list(Suit)))[: draw(st.integers(3, 4))]
            cards = [Card(rank, s) for s in suits]
        else:
            suit = draw(st.sampled_from(list(Suit)))
            size = draw(st.integers(3, 5))
            start = draw(st.integers(1, 14 - size))
            cards = [Card(Rank(r), suit) for r in range(start, start + size)]
        if used.isdisjoint(cards) and len(used) + len(cards) <= 10:
            used.update(cards)
            melds.append(Meld(cards))
    # defender cards near the melds' ranks, so that lay-offs are common
    near = [c for c in DECK if c not in used and any(abs(int(c.rank) - int(u.rank)) <= 1 for u in used)]
    far = [c for c in DECK if c not in used]
    pool = near if len(near) >= 7 else far
    defender = draw(st.lists(st.sampled_from(pool), min_size=0, max_size=7, unique=True))
    return melds, defender


@given(knocker_melds_and_defender())
def test_layoffs_leave_the_least_deadwood_a_brute_force_finds(case: tuple[list[Meld], list[Card]]) -> None:
    melds, defender = case
    found = layoffs(melds, defender, rules=GIN_RUMMY)
    assert found.deadwood == _least_deadwood_after_layoffs(melds, defender)
    # what it reports fits together: the lay-offs grow the melds, the rest is the defender's own
    laid = [lo.card for lo in found.layoffs]
    assert sorted(map(str, laid + [c for m in found.defender_melds for c in m.pieces] + list(found.unmelded))) == (
        sorted(map(str, defender))
    )
    assert all(is_valid_meld(m, rules=GIN_RUMMY) for m in found.melds_after)
    assert sum(len(m.pieces) for m in found.melds_after) == sum(len(m.pieces) for m in melds) + len(laid)
    assert deadwood(list(found.unmelded), rules=GIN_RUMMY).deadwood == found.deadwood


# ------------------------------------------------------------------------------------------
# The batch op
# ------------------------------------------------------------------------------------------


def test_layoff_op() -> None:
    out = handle_request(
        {
            "op": "defender_layoffs",
            "game": "gin_rummy",
            "melds": ["Ah 2h 3h", "7c 7d 7s"],
            "hand": "4h 5h 7h Kc Qc Jc 2c 2d 3s 8s",
        }
    )
    assert out == {
        "valid": True,
        "layoffs": [{"card": "4h", "meld": 0}, {"card": "5h", "meld": 0}, {"card": "7h", "meld": 1}],
        "melds": ["Ah 2h 3h 4h 5h", "7c 7d 7s 7h"],
        "deadwood": 15,
        "defender_melds": ["Jc Qc Kc"],
        "unmelded": "2c 2d 3s 8s",
        "problems": [],
    }
    # the melds may be one "|" string, as every table field
    same = handle_request({"op": "defender_layoffs", "game": "gin", "melds": "Ah 2h 3h | 7c 7d 7s", "hand": "4h 5h 7h"})
    assert same["layoffs"] == out["layoffs"] and same["deadwood"] == 0


def test_layoff_op_invalid_meld_is_an_answer() -> None:
    out = handle_request({"op": "defender_layoffs", "game": "gin", "melds": ["4c 5c 6c", "9d 9h"], "hand": "3c"})
    assert out["valid"] is False and out["layoffs"] is None and out["deadwood"] is None
    assert [(p["code"], p["meld"]) for p in out["problems"]] == [("group-too-small", 1)]


def test_layoff_op_errors() -> None:
    def code(**fields: object) -> str:
        answer = handle_request({"op": "defender_layoffs", "game": "gin", **fields})
        return str(answer["error"]["code"])

    assert code(hand="3c") == "missing-field"
    assert code(melds=["4c 5c 6c"]) == "missing-field"
    assert code(melds=["4c 5c 6c"], hand="4c") == "bad-gin-hand"
    assert code(melds=["4c 5c 6c"], hand="* 2c") == "bad-notation"
    assert code(melds=[5], hand="2c") == "bad-field"
    assert code(melds=["4c 5c 6c"], hand="Ac 2c 3c 7c 8c 9c 10c Jc Qc Kc 2d 3d") == "too-large"
    # laying given cards off on one meld is the op "layoff", the same in every card game
    for game in ("shanghai", "gin"):
        one = handle_request({"op": "layoff", "game": game, "meld": "4c 5c 6c 7c", "cards": "8c"})
        assert one == {"valid": True, "meld": "4c 5c 6c 7c 8c", "problems": []}


def test_the_example_of_docs_batch_md_is_what_the_op_answers() -> None:
    page = (Path(__file__).resolve().parents[2] / "docs" / "batch.md").read_text(encoding="utf-8")
    section = page.split("### `defender_layoffs` — the defender's best lay-offs on the knocker's melds (Gin Rummy)")[1]
    request, answer = section.split("```json\n")[1].split("```")[0].strip().splitlines()
    assert handle_request(json.loads(request)) == json.loads(answer)
