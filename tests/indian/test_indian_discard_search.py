"""The one search that finds which discards of a hand after its draw leave a declaration.

`legal_actions` asks it before it arranges the declaration of each discard, so that a hand costs
one search instead of one per card. It must answer exactly what `find_declaration` of every
discard answers.
"""

from __future__ import annotations

import random

from hypothesis import event, example, given, settings
from hypothesis import strategies as st
from tests.indian.test_indian_find_declaration import built_hands, small_hands

from rummylib import INDIAN_RUMMY, JOKER, Card, Piece, Rank, RuleSet, Suit
from rummylib.indian import Declare, IndianDeal, find_declaration
from rummylib.indian.declarations import declarable_discards


def _each_discard(hand: list[Piece], rules: RuleSet) -> frozenset[Piece]:
    return frozenset(
        hand[i] for i in range(len(hand)) if find_declaration(hand[:i] + hand[i + 1 :], rules=rules) is not None
    )


_CARDS = [Card(rank, suit) for suit in Suit for rank in Rank]


def _drawn(hand: list[Piece], seed: int) -> Piece:
    """The card drawn: one of the hand's own kinds held once, else a card the hand does not hold.

    Never a third copy: the two decks hold each card twice, and a hand may hold every card twice.
    """
    once = [p for p in hand if hand.count(p) == 1 and p != JOKER]
    return random.Random(seed).choice(once or [c for c in _CARDS if c not in hand])


@settings(max_examples=200)
@given(st.one_of(small_hands(), built_hands()), st.integers(0, 2**32))
# every card held twice (7d among them): the card drawn must be one the hand does not hold
@example(([Card.parse(c) for c in "7d 7d 8d 8d 9d 9d".split()], INDIAN_RUMMY), 0)
def test_one_search_answers_as_every_discard_does(case: tuple[list[Piece], RuleSet], seed: int) -> None:
    hand, rules = case
    # The hand drawn holds one card more than is declared.
    hand = [*hand, _drawn(hand, seed)]
    rules = rules.with_options({"hand_size": len(hand) - 1})
    assert max(hand.count(p) for p in hand if p != JOKER) <= 2
    answer = declarable_discards(tuple(hand), rules)
    event(f"discards that declare: {min(len(answer), 3)}")
    assert answer == _each_discard(hand, rules)


def test_the_declarations_listed_are_those_of_each_discard() -> None:
    """Random play of whole deals: at every discard, the valid declarations listed are exactly
    those `find_declaration` finds for each card discarded."""
    for seed in range(6):
        rng = random.Random(seed)
        rules = INDIAN_RUMMY.with_options({"draw_discarded_joker": seed % 2 == 1})
        deal = IndianDeal.deal(rules=rules, players=2 + seed % 5, seed=seed)
        for _ in range(400):
            if deal.is_over:
                break
            listed = deal.legal_actions()
            declares = [a for a in listed if isinstance(a, Declare) and any(len(g) > 1 for g in a.melds)]
            if any(isinstance(a, Declare) for a in listed):
                hand = list(deal.hands[deal.to_move])
                expected = []
                for card in dict.fromkeys(hand):
                    rest = list(hand)
                    rest.remove(card)
                    groups = find_declaration(rest, rules=deal.rules)
                    if groups is not None:
                        expected.append(Declare(deal.to_move, groups, card))
                assert declares == expected
            careful = [a for a in listed if a.kind not in ("drop", "declare")] or list(listed)
            deal = deal.apply(rng.choice(declares if declares and rng.random() < 0.2 else careful))
