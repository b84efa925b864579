"""Round scoring of the contract games (docs/rules/contract-rummy.md and docs/rules/shanghai.md, "Empty stock and points") and the batch op ``score``."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from rummylib import CONTRACT_RUMMY, SHANGHAI, RuleSet, parse_pieces
from rummylib.batch import handle_line, handle_request
from rummylib.cards import Card, Rank, Suit
from rummylib.contracts import score_contract_round
from rummylib.pieces import JOKER, Piece
from rummylib.scoring import hand_points


def points(text: str, rules: RuleSet) -> int:
    return hand_points(parse_pieces(text), rules=rules)


def test_contract_rummy_card_points() -> None:
    # docs/rules/contract-rummy.md "Points ...: joker 25, ace 15, J Q K 10, others face value."
    assert points("*", CONTRACT_RUMMY) == 25
    assert points("Ah", CONTRACT_RUMMY) == 15
    assert points("Jh Qd Ks", CONTRACT_RUMMY) == 30
    assert points("2c 5d 9h 10s", CONTRACT_RUMMY) == 26


def test_contract_rummy_point_options() -> None:
    # docs/rules/contract-rummy.md "Options: number_cards_flat (2-10 count 5 each), joker_points (e.g. 15)."
    flat = CONTRACT_RUMMY.with_options({"number_cards_flat": True})
    assert points("2c 5d 9h 10s Jh Ah", flat) == 5 * 4 + 10 + 15
    assert points("*", CONTRACT_RUMMY.with_options({"joker_points": 15})) == 15
    # docs/rules/contract-rummy.md "deuces_wild: every 2 is also a joker, and counts 25 points in hand."
    assert points("2c 2h", CONTRACT_RUMMY.with_options({"deuces_wild": True})) == 50


def test_shanghai_card_points() -> None:
    # docs/rules/shanghai.md "2-9 face value; 10 J Q K 10; ace 15; joker 25."
    assert [points(c, SHANGHAI) for c in ("2c", "9d", "10h", "Js", "Qc", "Kd", "Ah", "*")] == [
        2,
        9,
        10,
        10,
        10,
        10,
        15,
        25,
    ]


def test_round_scores_everyone_on_their_hand_and_zero_for_going_out() -> None:
    hands = [parse_pieces(h) for h in ("", "Ah Kd", "* 3c")]
    assert score_contract_round(hands, rules=CONTRACT_RUMMY) == (0, 25, 28)
    # Contract Rummy has no one-turn bonus
    assert score_contract_round(hands, rules=CONTRACT_RUMMY, out_in_one_turn=True) == (0, 25, 28)


def test_shanghai_one_turn_bonus() -> None:
    # docs/rules/shanghai.md "A player who goes out in one turn ... scores -25, or -50 if no joker was among them."
    hands = [parse_pieces(h) for h in ("Ah Kd", "", "* 3c")]
    assert score_contract_round(hands, rules=SHANGHAI, out_in_one_turn=True, joker_used=False) == (25, -50, 28)
    assert score_contract_round(hands, rules=SHANGHAI, out_in_one_turn=True, joker_used=True) == (25, -25, 28)
    assert score_contract_round(hands, rules=SHANGHAI) == (25, 0, 28)


_CARDS = st.one_of(st.builds(Card, st.sampled_from(list(Rank)), st.sampled_from(list(Suit))), st.just(JOKER))


@given(st.lists(st.lists(_CARDS, max_size=6), min_size=2, max_size=5), st.randoms())
def test_scores_do_not_depend_on_the_order_of_a_hand(hands: list[list[Piece]], rnd: object) -> None:
    counts = Counter(p for h in hands for p in h)
    assume(counts[JOKER] <= SHANGHAI.max_jokers and max(counts.values(), default=0) <= 3)  # hands that can exist
    shuffled = [sorted(h, key=lambda _: rnd.random()) for h in hands]  # type: ignore[attr-defined]
    assert score_contract_round(hands, rules=SHANGHAI) == score_contract_round(shuffled, rules=SHANGHAI)


# --- the batch op ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("request_", "scores"),
    [
        (
            {"game": "shanghai", "hands": ["", "* Ah 7c", "Kd"], "out_in_one_turn": True, "joker_used": False},
            [-50, 47, 10],
        ),
        (
            {"game": "shanghai", "hands": ["", "* Ah 7c", "Kd"], "out_in_one_turn": True, "joker_used": True},
            [-25, 47, 10],
        ),
        ({"game": "shanghai", "hands": ["", "* Ah 7c", "Kd"]}, [0, 47, 10]),
        ({"game": "contract_rummy", "hands": ["Qs 10h", "", "2c 3c"], "out_in_one_turn": False}, [20, 0, 5]),
        ({"game": "contract_rummy", "hands": ["2c 3c", ""], "rules": {"number_cards_flat": True}}, [10, 0]),
        ({"game": "liverpool", "hands": ["* *", ""], "rules": {"joker_penalty": 15}}, [30, 0]),
    ],
)
def test_score_op(request_: dict[str, object], scores: list[int]) -> None:
    answer = handle_request({"op": "score", **request_})
    assert answer == {"scores": scores}
    assert all(type(s) is int for s in answer["scores"])


def test_score_op_over_json_lines() -> None:
    line = json.dumps({"op": "score", "game": "shanghai", "hands": ["5h", ""], "id": 3})
    assert handle_line(line) == {"id": 3, "scores": [5, 0]}


@pytest.mark.parametrize(
    ("request_", "code"),
    [
        ({"game": "shanghai"}, "missing-field"),
        ({"game": "shanghai", "hands": "Ah"}, "bad-field"),
        ({"game": "shanghai", "hands": [3]}, "bad-field"),
        ({"game": "shanghai", "hands": []}, "bad-field"),
        ({"game": "shanghai", "hands": ["Zz"]}, "bad-notation"),
        ({"game": "shanghai", "hands": ["r5"]}, "bad-notation"),
        ({"game": "shanghai", "hands": ["Kd Kd", "Kd Kd"]}, "too-many-copies"),
        ({"game": "shanghai", "hands": ["Kd", "Ah"], "out_in_one_turn": True}, "bad-score-input"),
        ({"game": "shanghai", "hands": ["", ""], "out_in_one_turn": "yes"}, "bad-field"),
        ({"game": "shanghai", "hands": [""] * 9}, "bad-field"),
    ],
)
def test_score_op_errors(request_: dict[str, object], code: str) -> None:
    answer = handle_request({"op": "score", **request_})
    assert answer["error"]["code"] == code
