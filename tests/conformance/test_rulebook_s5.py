"""docs/rules/indian-rummy.md (Indian Rummy), sentence by sentence, through ``rummylib batch`` and the Python API."""

from __future__ import annotations

import random
from typing import Any

import pytest

from rummylib import rules as R
from rummylib.batch import handle_request
from rummylib.decks import deal
from rummylib.indian import (
    best_arrangement,
    drop_points,
    is_valid_declaration,
    with_wild_joker,
    wrong_declaration_points,
)
from rummylib.notation import parse_pieces

G = "indian_rummy"
IR = R.INDIAN_RUMMY


def call(op: str, **fields: Any) -> dict[str, Any]:
    return handle_request({"op": op, "game": G, **fields})


def codes(answer: dict[str, Any]) -> set[str]:
    return {p["code"] for p in answer["problems"]}


def declare(groups: list[str], wild: str = "5") -> dict[str, Any]:
    return call("declare", rules={"wild_ranks": [wild]}, melds=groups)


def points(hand: str, wild: str = "5") -> int:
    answer = call("points", rules={"wild_ranks": [wild]}, hand=hand)
    assert set(answer) == {"points"}, answer
    return int(answer["points"])


def test_13_cards_each_two_decks_with_printed_jokers() -> None:
    """'13 cards each from two decks with their printed jokers.'"""
    assert IR.decks_for(2) == (2, 4)
    dealt = deal(IR, players=2, rng=random.Random(3))
    assert [len(h) for h in dealt.hands] == [13, 13]
    assert len(dealt.stock) + 26 == 108


def test_wild_joker_rank_any_suit_acts_as_joker_with_printed_jokers() -> None:
    """'its rank is the wild joker — every card of that rank (any suit) acts as a joker, as do the printed jokers.'"""
    rules = with_wild_joker("5d", rules=IR)
    assert all(rules.is_wild(c) for c in parse_pieces("5s 5h 5d 5c *", rules=IR))
    assert not rules.is_wild(parse_pieces("6s", rules=IR)[0])
    assert call("meld", meld="7h 5c 9h", rules={"wild_ranks": ["5"]})["valid"] is True
    assert call("meld", meld="7h * 9h", rules={"wild_ranks": ["5"]})["valid"] is True
    assert call("meld", meld="7h 6c 9h", rules={"wild_ranks": ["5"]})["valid"] is False


# --- Declarations -------------------------------------------------------------------------------------


def test_valid_declaration_two_pure_sequences() -> None:
    """'arranging all 13 cards into sequences ... and sets ...; at least two sequences, at least one pure'."""
    assert declare(["4s 5s 6s", "7h 8h 9h", "Jc Jd Js", "Kh Kc Kd Ks"]) == {"valid": True, "problems": []}


def test_second_sequence_may_hold_a_joker() -> None:
    """'at least one of them pure' — the other may hold a wild card or printed joker."""
    assert declare(["4s 5s 6s", "7h 5d 9h", "Jc Jd Js", "Kh Kc Kd Ks"])["valid"] is True
    assert declare(["4s 5s 6s", "7h * 9h", "Jc Jd Js", "Kh Kc Kd Ks"])["valid"] is True


def test_no_pure_sequence_is_invalid() -> None:
    """'at least one of them pure (no joker standing in for another card)'."""
    answer = declare(["4s 5d 6s", "7h 5h 9h", "Jc Jd Js", "Kh Kc Kd Ks"])
    assert answer["valid"] is False and "no-pure-sequence" in codes(answer)
    assert declare(["4s * 6s", "7h * 9h", "Jc Jd Js", "Kh Kc Kd Ks"])["valid"] is False


def test_wild_card_as_itself_keeps_sequence_pure() -> None:
    """'a wild-rank card used as its own natural self, like the 5♠ in 4♠ 5♠ 6♠ with 5s wild, keeps a sequence pure'."""
    assert declare(["4s 5s 6s", "7h * 9h", "Jc Jd Js", "Kh Kc Kd Ks"])["valid"] is True
    assert declare(["4♠ 5♠ 6♠", "7h 5d 9h", "Jc Jd Js", "Kh Kc Kd Ks"])["valid"] is True
    assert declare(["5s 6s 7s", "5h 6h 7h", "Jc Jd Js Jh", "Kh Kc Kd"])["valid"] is True


def test_fewer_than_two_sequences_is_invalid() -> None:
    """'at least two sequences'."""
    answer = declare(["4s 5s 6s", "7h 7d 7c", "Jc Jd Js", "Kh Kc Kd Ks"])
    assert answer["valid"] is False and "too-few-sequences" in codes(answer)


def test_all_13_cards() -> None:
    """'arranging all 13 cards'."""
    answer = declare(["4s 5s 6s", "7h 8h 9h", "Jc Jd Js", "Kh Kc Kd"])
    assert answer["valid"] is False and "declaration-size" in codes(answer)


@pytest.mark.parametrize(
    ("groups", "valid"),
    [
        (["Qs Ks As", "7h 8h 9h", "Jc Jd Js", "Kh Kc Kd Ks"], True),
        (["As 2s 3s", "7h 8h 9h", "Jc Jd Js", "Kh Kc Kd Ks"], True),
        (["Ks As 2s", "7h 8h 9h", "Jc Jd Js", "Kh Kc Kd Kd"], False),
        (["Qs Ks As", "7h 8h 9h", "Jc Jd Js", "Kh Kc Kd Kh"], False),
        (["Qs Ks As", "7h 8h 9h", "Jc Jd Js Jh Jc", "Kh Kc"], False),
        (["Qs Ks As", "7h 8h 9h", "Jc Jd Js *", "Kh Kc Kd"], True),
    ],
)
def test_sequences_ace_either_no_wrap_sets_3_or_4_distinct_suits(groups: list[str], valid: bool) -> None:
    """'sequences (runs of 3+ of a suit, ace high or low, no wrap) and sets (3 or 4 cards of one rank, every suit different)'."""
    assert declare(groups)["valid"] is valid


def test_declaration_python_api() -> None:
    """The Python API agrees with the batch op."""
    rules = with_wild_joker("5c", rules=IR)
    assert is_valid_declaration(["4s 5s 6s", "7h 5d 9h", "Jc Jd Js", "Kh Kc Kd Ks"], rules=rules)
    assert not is_valid_declaration(["4s 5d 6s", "7h 5h 9h", "Jc Jd Js", "Kh Kc Kd Ks"], rules=rules)


# --- Points -------------------------------------------------------------------------------------------


def test_points_case_no_pure_sequence_every_card_counts() -> None:
    """'with no pure sequence, every card counts' — sets and impure runs do not help."""
    assert points("2h 2d 2c 3h 3d 3c 4s 9d 9c 6h 7d 8c *", wild="K") == 58


def test_points_case_pure_but_no_second_sequence() -> None:
    """'with a pure sequence but no second sequence, every card outside that pure sequence counts'."""
    assert points("4s 5s 6s 2h 2d 2c 9h 9d 9c 7c 8d Jh Qc", wild="A") == 68
    arrangement = best_arrangement("4s 5s 6s 2h 2d 2c 9h 9d 9c 7c 8d Jh Qc", rules=with_wild_joker("Ac", rules=IR))
    assert arrangement.points == 68


def test_points_case_both_only_unarranged_cards_count() -> None:
    """'with both, only the cards in no valid sequence or set count.'"""
    assert points("4s 5s 6s 8h 9h 10h Kd Kc Ks 7c 7d 7h 2h") == 2
    assert points("4s 5h 6s 8h 9h 10c Kd Kc Ks 7c 7d 7h 2h") == 26
    assert points("5s 6s 7s 5h 6h 7h Jc Jd Js Jh Kh Kc Kd") == 0


def test_card_points_and_jokers_zero() -> None:
    """'J Q K A 10 each, others face value, jokers 0'."""
    assert points("Jh Qd Kc Ah", wild="5") == 40
    assert points("2c 9d", wild="5") == 11
    assert points("* 5h", wild="5") == 0


def test_capped_at_80() -> None:
    """'capped at 80.'"""
    assert points("Kh Qd 10c 9s 8h 7c Ac 2d 3s 4h 6c Jd Js") == 80


def test_drops_20_before_drawing_40_after() -> None:
    """'A player who drops before drawing scores 20, after drawing 40'."""
    assert drop_points(rules=IR) == 20
    assert drop_points(rules=IR, after_drawing=True) == 40


def test_wrong_declaration_80() -> None:
    """'a wrong declaration scores 80.'"""
    assert wrong_declaration_points(rules=IR) == 80


# --- Points of a hand against an independent brute-force oracle -----------------------------------

_R = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
_Nat = tuple[int, str]


def _card_points(card: _Nat, wild: int) -> int:
    return 0 if card[0] == wild else (10 if card[0] in (1, 11, 12, 13) else card[0])


def _without(nats: tuple[_Nat, ...], items: Any) -> tuple[_Nat, ...]:
    left = list(nats)
    for x in items:
        left.remove(x)
    return tuple(left)


def _oracle_points(hand: list[str], wild: int) -> int:
    """docs/rules/indian-rummy.md points, by exhaustive search: the three cases, jokers and wild cards 0, capped at 80."""
    import itertools
    from functools import cache

    printed = hand.count("*")
    nats = tuple(sorted((_R.index(c[:-1]) + 1, c[-1]) for c in hand if c != "*"))
    total = sum(_card_points(c, wild) for c in nats)
    have = set(nats)
    best_pure = -1
    for suit in "cdhs":
        for lo in range(1, 13):
            for hi in range(lo + 2, 15):
                ranks = [x if x <= 13 else 1 for x in range(lo, hi + 1)]
                if all((r, suit) in have for r in ranks):
                    best_pure = max(best_pure, sum(_card_points((r, suit), wild) for r in ranks))

    @cache
    def best(nats: tuple[_Nat, ...], jokers: int, pure: bool, seqs: int) -> int:
        if not nats:
            return 0 if pure and seqs >= 2 else 10**9
        first, rest = nats[0], nats[1:]
        result = _card_points(first, wild) + best(rest, jokers, pure, seqs)
        rank, suit = first
        others = sorted({c for c in rest if c[0] == rank and c[1] != suit})
        for k in range(4):
            for comb in itertools.combinations(others, k):
                if len({c[1] for c in comb}) == k:
                    for j in range(jokers + 1):
                        if 3 <= 1 + k + j <= 4:
                            result = min(result, best(_without(rest, comb), jokers - j, pure, seqs))
        for pos in [rank] + ([14] if rank == 1 else []):
            for lo in range(max(1, pos - 12), pos + 1):
                for hi in range(max(pos, lo + 2), min(14, lo + 12) + 1):
                    if lo == 1 and hi == 14:
                        continue
                    options = []
                    for x in range(lo, hi + 1):
                        if x != pos:
                            natural = (1 if x == 14 else x, suit)
                            options.append(["J", natural] if natural in rest else ["J"])
                    for choice in itertools.product(*options):
                        j = choice.count("J")
                        used = [c for c in choice if c != "J"]
                        if j <= jokers and len(set(used)) == len(used):
                            rem = _without(rest, used)
                            result = min(result, best(rem, jokers - j, pure or j == 0, min(2, seqs + 1)))
        return result

    wilds = [c for c in nats if c[0] == wild]
    full = 10**9
    for k in range(len(wilds) + 1):
        for comb in set(itertools.combinations(wilds, k)):
            full = min(full, best(_without(nats, comb), printed + k, False, 0))
    cases = [total, full] + ([total - best_pure] if best_pure >= 0 else [])
    return min(*cases, 80)


def test_points_agree_with_brute_force_oracle() -> None:
    """The three point cases of Indian Rummy, wild cards as jokers or as themselves, capped at 80, on 50 hands."""
    from collections import Counter

    rng = random.Random(17)
    deck = [r + s for r in _R for s in "cdhs"] * 2 + ["*"] * 4
    checked = 0
    while checked < 50:
        wild = rng.randint(1, 13)
        if rng.random() < 0.6:
            suit = rng.choice("cdhs")
            hand = rng.sample([c for c in deck if c.endswith(suit) or c == "*"] + rng.sample(deck, 20), 13)
        else:
            hand = rng.sample(deck, 13)
        if max(Counter(hand).values()) > 2 or hand.count("*") > 4:
            continue
        checked += 1
        assert points(" ".join(hand), wild=_R[wild - 1]) == _oracle_points(hand, wild), (hand, wild)
