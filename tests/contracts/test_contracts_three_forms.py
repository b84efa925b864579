"""Lay-offs and joker substitution in the three forms of every check.

``layoff_violations`` / ``check_layoff`` / ``is_legal_layoff`` and ``substitution_violations`` /
``check_substitution`` / ``is_legal_substitution``: every problem, the result or an error holding
every problem, and a ``bool``. ``check_layoff`` and ``check_substitution`` are the check forms under
their own names (they do what they check).
"""

from __future__ import annotations

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

import rummylib
from rummylib import CONTRACT_RUMMY, JOKER, SHANGHAI, IllegalPlayError, InvalidPiecesError, Meld, RuleSet, contracts
from rummylib.contracts import (
    check_layoff,
    check_substitution,
    is_legal_layoff,
    is_legal_substitution,
    layoff_violations,
    substitution_violations,
)
from rummylib.pieces import Piece
from rummylib.testing import naturals, pieces, runs

CR, SH = CONTRACT_RUMMY, SHANGHAI


def test_new_names_are_exported_next_to_their_siblings() -> None:
    for name in ("is_legal_layoff", "is_legal_substitution"):
        assert name in contracts.__all__ and name in rummylib.__all__
        assert getattr(rummylib, name) is getattr(contracts, name)


@pytest.mark.parametrize(
    ("meld", "cards", "rules", "legal"),
    [
        ("4c 5c 6c 7c", "8c 9c 3c", SH, True),
        ("4c 5c 6c 7c", "9c", SH, False),
        ("4c * 6c 7c", "5c", SH, False),  # the joker's spot: take it by substitution
        ("4c * 6c 7c", "5c", CR, True),  # Contract Rummy: the joker slides
        ("7h 7s 7d", "7c *", SH, True),
        ("7h 7s 7d", "8h", SH, False),
        ("7h 7s 7d", "", SH, False),
        (Meld.parse("r1 r2 r3"), "8h", SH, False),  # no meld of this game at all
    ],
)
def test_is_legal_layoff(meld: str | Meld, cards: str, rules: RuleSet, legal: bool) -> None:
    assert is_legal_layoff(meld, cards, rules=rules) is legal
    assert (layoff_violations(meld, cards, rules=rules) == ()) is legal
    if legal:
        assert check_layoff(meld, cards, rules=rules).cards
    else:
        with pytest.raises(IllegalPlayError):
            check_layoff(meld, cards, rules=rules)


@pytest.mark.parametrize(
    ("meld", "card", "rules", "down", "legal"),
    [
        ("4c * 6c 7c", "5c", SH, False, True),
        ("4c * 6c 7c", "5c", CR, False, False),  # only after going down
        ("4c * 6c 7c", "5c", CR, True, True),
        ("8h 8s *", "8d", CR, True, False),  # jokers in a set are dead
        ("8h 8s *", "8d", SH, False, True),
        ("4c 5c 6c 7c", "5c", SH, True, False),  # no joker to take
        ("10h Jh * Kh", "Qd", CR, True, False),  # not the card the joker stands for
    ],
)
def test_is_legal_substitution(meld: str, card: str, rules: RuleSet, down: bool, legal: bool) -> None:
    assert is_legal_substitution(meld, card, rules=rules, player_down=down) is legal
    assert (substitution_violations(meld, card, rules=rules, player_down=down) == ()) is legal
    if legal:
        assert check_substitution(meld, card, rules=rules, player_down=down).card is not None
    else:
        with pytest.raises(IllegalPlayError):
            check_substitution(meld, card, rules=rules, player_down=down)


def test_bad_input_raises_from_every_form_alike() -> None:
    for form in (layoff_violations, check_layoff, is_legal_layoff):
        with pytest.raises(InvalidPiecesError) as info:
            form("4c 5c 6c 7c", [5], rules=SH)  # type: ignore[operator]
        assert info.value.code == "not-a-piece"
    for form in (substitution_violations, check_substitution, is_legal_substitution):
        with pytest.raises(InvalidPiecesError) as info:
            form("4c * 6c 7c", 5, rules=SH, player_down=True)  # type: ignore[operator]
        assert info.value.code == "not-a-piece"


# --- properties --------------------------------------------------------------------------------

# Sets of 3 to 5 cards of one rank, at most 2 of each card (within both games' decks), maybe a joker.
sets_ = st.builds(
    lambda cards, joker: Meld((*cards, *((JOKER,) if joker else ()))),
    naturals(rules=SH).flatmap(
        lambda c: st.lists(st.sampled_from(_same_rank(c)), min_size=3, max_size=5).filter(
            lambda xs: all(xs.count(x) <= 2 for x in xs)
        )
    ),
    st.booleans(),
)


def _same_rank(card: Piece) -> list[Piece]:
    return [rummylib.Card(card.rank, s) for s in rummylib.Suit]  # type: ignore[union-attr]


games = st.sampled_from([CR, SH])


@given(
    games.flatmap(
        lambda r: st.tuples(st.just(r), st.one_of(runs(rules=r), sets_), st.lists(pieces(rules=r), max_size=3))
    )
)
def test_layoff_forms_agree(case: tuple[RuleSet, Meld, list[Piece]]) -> None:
    rules, meld, cards = case
    try:
        problems = layoff_violations(meld, cards, rules=rules)
    except InvalidPiecesError:  # more copies than the decks hold: bad input, not a lay-off
        assume(False)
    legal = is_legal_layoff(meld, cards, rules=rules)
    assert legal is (problems == ())
    if legal:
        done = check_layoff(meld, cards, rules=rules)
        assert sorted(map(str, done.meld.pieces)) == sorted(map(str, (*meld.pieces, *cards)))
    else:
        with pytest.raises(IllegalPlayError) as info:
            check_layoff(meld, cards, rules=rules)
        assert info.value.violations == problems


@given(
    games.flatmap(lambda r: st.tuples(st.just(r), st.one_of(runs(rules=r), sets_), pieces(rules=r))),
    st.booleans(),
)
def test_substitution_forms_agree(case: tuple[RuleSet, Meld, Piece], down: bool) -> None:
    rules, meld, card = case
    try:
        problems = substitution_violations(meld, card, rules=rules, player_down=down)
    except InvalidPiecesError:
        assume(False)
    legal = is_legal_substitution(meld, card, rules=rules, player_down=down)
    assert legal is (problems == ())
    if legal:
        swap = check_substitution(meld, card, rules=rules, player_down=down)
        assert swap.card == card and swap.joker in meld.pieces
    else:
        with pytest.raises(IllegalPlayError) as info:
            check_substitution(meld, card, rules=rules, player_down=down)
        assert info.value.violations == problems
