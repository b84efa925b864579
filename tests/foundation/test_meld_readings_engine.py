"""The meld engine over ints (`rummylib._readings`) against the reading of the rules over objects.

`tests/foundation/meld_reference.py` keeps the engine as first written, over tiles and cards; the
public functions of `rummylib.melds` must answer exactly as it does, reading for reading and in
the same order, under every game and house rule, whatever the pieces and the state of the caches.
"""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given
from hypothesis import strategies as st
from tests.foundation.meld_reference import reference_readings, reference_violations

from rummylib import (
    CONTRACT_RUMMY,
    GIN_RUMMY,
    INDIAN_RUMMY,
    JOKER,
    RUMMIKUB,
    SHANGHAI,
    Card,
    Color,
    InvalidPiecesError,
    Meld,
    Piece,
    Rank,
    RuleSet,
    RuleSetError,
    Suit,
    Tile,
    check_meld,
    is_valid_meld,
    meld_readings,
    meld_violations,
    read_meld,
)
from rummylib.melds import clear_caches
from rummylib.pieces import Family

_HOUSE = [
    (RUMMIKUB, {"max_jokers_per_meld": 1}),
    (RUMMIKUB, {"joker_ratio": True}),
    (RUMMIKUB, {"max_number": 9, "min_run": 4}),
    (RUMMIKUB, {"colors": ["K", "B", "Y", "R", "G", "P"], "group_max": 6, "max_number": 15}),
    (RUMMIKUB, {"colors": ["R", "K", "B"], "group_max": 3, "max_run": 5}),
    (RUMMIKUB, {"group_distinct": False, "group_max": None}),
    (CONTRACT_RUMMY, {"deuces_wild": True}),
    (CONTRACT_RUMMY, {"ace_high": False}),
    (CONTRACT_RUMMY, {"ace_low": False, "joker_ratio": True}),
    (SHANGHAI, {"deuces_wild": True}),
    (SHANGHAI, {"wild_ranks": ["A"], "max_jokers_per_meld": 1}),
    (SHANGHAI, {"group_distinct": True, "group_max": 4}),
    (GIN_RUMMY, {"ace_high": True}),
    (INDIAN_RUMMY, {"wild_ranks": ["5"]}),
    (INDIAN_RUMMY, {"wild_ranks": ["5", "K"], "deuces_wild": True, "ace_low": False}),
    (INDIAN_RUMMY, {"max_run": 4, "min_run": 3, "group_min": 2}),
]


def _rule_sets() -> list[RuleSet]:
    out = [RUMMIKUB, CONTRACT_RUMMY, SHANGHAI, GIN_RUMMY, INDIAN_RUMMY]
    for base, options in _HOUSE:
        with contextlib.suppress(RuleSetError, TypeError, ValueError):
            out.append(base.with_options(options))
    return out


RULE_SETS = _rule_sets()


def test_the_house_rules_are_there() -> None:
    """Every house variant above is a valid rule set, so none is silently left out."""
    assert len(RULE_SETS) == 5 + len(_HOUSE)


def _pieces(rules: RuleSet) -> list[Piece]:
    if rules.family is Family.TILES:
        return [Tile(c, n) for c in rules.colors for n in range(1, rules.max_number + 1)]
    return [Card(r, s) for s in Suit for r in Rank]


@st.composite
def melds(draw: st.DrawFn) -> tuple[RuleSet, Meld]:
    """A rule set and a meld of its pieces: random, or a run or group with some pieces replaced."""
    rules = draw(st.sampled_from(RULE_SETS))
    pool = _pieces(rules)
    stand_ins: list[Piece] = [JOKER, *(p for p in pool if rules.is_wild(p))]
    shape = draw(st.sampled_from(["random", "run", "group"]))
    if shape == "random":
        pieces = draw(st.lists(st.sampled_from([*pool, JOKER]), max_size=8))
    elif shape == "run":
        tiles = rules.family is Family.TILES
        top = rules.max_number if tiles else 14
        length = draw(st.integers(1, 9))
        start = draw(st.integers(1, top))
        suit = draw(st.integers(0, len(rules.colors) - 1 if tiles else 3))
        pieces = []
        for q in range(start, min(start + length, top + 1)):
            if tiles:
                pieces.append(Tile(rules.colors[suit], q))
            else:
                pieces.append(Card(Rank(1 if q == 14 else q), list(Suit)[suit]))
    else:
        rank = draw(st.integers(1, rules.max_number if rules.family is Family.TILES else 13))
        same = [p for p in pool if (p.number if isinstance(p, Tile) else int(p.rank)) == rank]  # type: ignore[union-attr]
        pieces = draw(st.lists(st.sampled_from(same), min_size=1, max_size=6))
    for i in draw(st.lists(st.integers(0, 9), max_size=3)):  # some pieces become jokers or wild cards
        if i < len(pieces):
            pieces[i] = draw(st.sampled_from(stand_ins))
    if draw(st.booleans()):
        pieces = draw(st.permutations(pieces))
    return rules, Meld(pieces)


@given(melds(), st.booleans(), st.booleans())
def test_readings_equal_the_reference(case: tuple[RuleSet, Meld], cold: bool, first_read: bool) -> None:
    rules, meld = case
    if cold:
        clear_caches()
    try:
        if first_read:  # the preferred reading first, then every one: both orders build the same values
            first = read_meld(meld, rules=rules)
            readings = meld_readings(meld, rules=rules)
        else:
            readings = meld_readings(meld, rules=rules)
            first = read_meld(meld, rules=rules)
    except InvalidPiecesError:  # more copies of a piece than the game has: not a meld to read
        with pytest.raises(InvalidPiecesError):
            rules.check_piece_counts([p for p in meld.pieces if rules.has_piece(p)])
        return
    in_game = bool(meld.pieces) and all(rules.has_piece(p) for p in meld.pieces)
    expected = reference_readings(meld, rules) if in_game else ()
    assert readings == expected
    assert first == (expected[0] if expected else None)
    if readings:
        assert first is readings[0]
    assert is_valid_meld(meld, rules=rules) is bool(expected)
    violations = meld_violations(meld, rules=rules)
    if expected:
        assert violations == ()
    elif in_game:
        assert violations == reference_violations(meld, rules)
        assert [v.message for v in violations] == [v.message for v in reference_violations(meld, rules)]
    if expected:
        assert check_meld(meld, rules=rules) is first


def test_pieces_of_another_game_are_no_reading() -> None:
    """A piece the game does not have gives no reading, and the violation names it, in any order of asking."""
    clear_caches()
    meld = Meld([Tile(Color.GREEN, 5), Tile(Color.RED, 5), Tile(Color.BLUE, 5)])
    assert meld_readings(meld, rules=RUMMIKUB) == ()
    assert [v.code for v in meld_violations(meld, rules=RUMMIKUB)] == ["piece-not-in-game"]
    wider = RUMMIKUB.with_options({"colors": ["K", "B", "Y", "R", "G"]})
    assert read_meld(meld, rules=wider) is not None
    assert meld_readings(meld, rules=RUMMIKUB) == ()


@pytest.mark.parametrize(
    ("meld", "rules", "message"),
    [
        (Meld(("r1", "r1", "r1")), RUMMIKUB, "meld r1 r1 r1: 3 copies of R1, but Rummikub has at most 2"),  # type: ignore[arg-type]
        ("r1 r1 r1", RUMMIKUB, "meld R1 R1 R1: 3 copies of R1, but Rummikub has at most 2"),
        ("* * *", RUMMIKUB, "meld * * *: 3 jokers, but Rummikub has at most 2"),
        ("Ah Ah", GIN_RUMMY, "meld Ah Ah: 2 copies of Ah, but Gin Rummy has at most 1"),
        (
            [Card.parse("2h"), Tile(Color.RED, 1), Tile(Color.RED, 1), Tile(Color.RED, 1)],
            RUMMIKUB,
            "meld 2h R1 R1 R1: 3 copies of R1, but Rummikub has at most 2",
        ),
    ],
)
def test_too_many_copies_whatever_the_cache(meld: object, rules: RuleSet, message: str) -> None:
    """Too many copies of a piece is bad input, refused the same way cold and warm, by every function."""
    for cold in (True, False):
        for ask in (meld_readings, read_meld, is_valid_meld, meld_violations, check_meld):
            if cold:
                clear_caches()
            with pytest.raises(InvalidPiecesError) as caught:
                ask(meld, rules=rules)  # type: ignore[operator]
            assert str(caught.value).startswith(message)
