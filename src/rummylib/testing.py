"""Hypothesis strategies for rummylib values, for your own tests as well as ours.

Requires ``hypothesis``, installed with the ``testing`` extra; without it, importing this module
raises ``ModuleNotFoundError`` saying so. Every strategy takes the rule set as a keyword argument
so the pieces drawn always belong to the game.

Examples:
    >>> from hypothesis import given
    >>> from rummylib import RUMMIKUB, is_valid_meld
    >>> @given(valid_melds(rules=RUMMIKUB))
    ... def test_valid(meld):
    ...     assert is_valid_meld(meld, rules=RUMMIKUB)
    >>> test_valid()
"""

from __future__ import annotations

try:
    from hypothesis import strategies as st
except ModuleNotFoundError as exc:  # the strategies need hypothesis, which comes with the testing extra
    if exc.name is None or exc.name.split(".")[0] != "hypothesis":
        raise
    raise ModuleNotFoundError(
        "rummylib.testing needs hypothesis, which comes with rummylib's testing extra: "
        "pip install 'rummylib[testing]' (from a checkout: pip install '.[testing]')",
        name=exc.name,
    ) from exc

from rummylib import _inputs
from rummylib.cards import Card, Rank, Suit
from rummylib.decks import full_set
from rummylib.melds import Face, Meld
from rummylib.pieces import JOKER, Family, Piece
from rummylib.rules import PRESETS, RuleSet
from rummylib.tiles import Tile

__all__ = ["groups", "naturals", "pieces", "racks", "rulesets", "runs", "valid_melds"]


def rulesets() -> st.SearchStrategy[RuleSet]:
    """One of the five preset rule sets.

    Examples:
        >>> from hypothesis import given
        >>> @given(rulesets())
        ... def test_named(rules):
        ...     assert PRESETS[rules.name] is rules
        >>> test_named()
    """
    return st.sampled_from(list(PRESETS.values()))


def _joker_budget(rules: RuleSet, size: int) -> int:
    """The most naturals of a meld of ``size`` that jokers may replace (at least one stays)."""
    budget = min(rules.max_jokers, size - 1)
    while budget and rules.too_many_jokers(budget, size - budget) is not None:
        budget -= 1
    return budget


def _suits(rules: RuleSet) -> list[object]:
    return list(rules.colors) if rules.family is Family.TILES else list(Suit)


def _natural(rules: RuleSet, suit: object, position: int) -> Face:
    if rules.family is Family.TILES:
        assert not isinstance(suit, Suit)
        return Tile(suit, position)  # type: ignore[arg-type]
    assert isinstance(suit, Suit)
    return Card(Rank(1 if position == 14 else position), suit)


def naturals(*, rules: RuleSet) -> st.SearchStrategy[Face]:
    """Any natural (non-joker) piece of the game.

    Examples:
        >>> from hypothesis import given
        >>> from rummylib import GIN_RUMMY
        >>> @given(naturals(rules=GIN_RUMMY))
        ... def test_in_the_deck(card):
        ...     assert GIN_RUMMY.has_piece(card) and not GIN_RUMMY.is_wild(card)
        >>> test_in_the_deck()
    """
    suits = _suits(rules)
    top = rules.max_number if rules.family is Family.TILES else 13
    return st.builds(lambda s, n: _natural(rules, s, n), st.sampled_from(suits), st.integers(1, top))


def pieces(*, rules: RuleSet) -> st.SearchStrategy[Piece]:
    """Any piece of the game, jokers included where the game has them.

    Examples:
        >>> from hypothesis import given
        >>> from rummylib import RUMMIKUB
        >>> @given(pieces(rules=RUMMIKUB))
        ... def test_in_the_box(piece):
        ...     assert RUMMIKUB.has_piece(piece)
        >>> test_in_the_box()
    """
    if rules.max_jokers == 0:
        return naturals(rules=rules)
    return st.one_of(naturals(rules=rules), st.just(JOKER))


@st.composite
def racks(draw: st.DrawFn, *, rules: RuleSet, min_size: int = 0, max_size: int = 14) -> tuple[Piece, ...]:
    """A rack or hand of distinct physical pieces from one game's full set.

    It never holds more copies of a piece than exist.

    Examples:
        >>> from hypothesis import given
        >>> from rummylib import RUMMIKUB
        >>> @given(racks(rules=RUMMIKUB, min_size=14, max_size=14))
        ... def test_a_rack(rack):
        ...     assert len(rack) == 14
        ...     RUMMIKUB.check_piece_counts(rack)
        >>> test_a_rack()
    """
    players = rules.min_players
    everything = list(full_set(rules, players=players if rules.family is Family.CARDS else None))
    size = draw(st.integers(min_size, min(max_size, len(everything))))
    chosen = draw(st.permutations(range(len(everything))))[:size]
    return tuple(everything[i] for i in chosen)


@st.composite
def runs(draw: st.DrawFn, *, rules: RuleSet, jokers: bool = True) -> Meld:
    """A valid run of the game, laid in ascending order.

    Jokers replace some naturals when the rules allow it.

    Examples:
        >>> from hypothesis import given
        >>> from rummylib import SHANGHAI, MeldKind, meld_readings
        >>> @given(runs(rules=SHANGHAI))
        ... def test_a_run(meld):
        ...     assert MeldKind.RUN in {r.kind for r in meld_readings(meld, rules=SHANGHAI)}
        >>> test_a_run()
    """
    suit = draw(st.sampled_from(_suits(rules)))
    longest = rules.longest_run
    length = draw(st.integers(rules.min_run, min(longest, rules.min_run + 6)))
    start = draw(st.integers(rules.run_low, rules.run_high - length + 1))
    laid: list[Piece] = [_natural(rules, suit, p) for p in range(start, start + length)]
    if jokers and rules.max_jokers:
        budget = _joker_budget(rules, length)
        for i in draw(st.lists(st.integers(0, length - 1), max_size=budget, unique=True)):
            laid[i] = JOKER
    return Meld(laid)


@st.composite
def groups(draw: st.DrawFn, *, rules: RuleSet, jokers: bool = True) -> Meld:
    """A valid group of the game, in any order, jokers replacing some naturals when allowed.

    Examples:
        >>> from hypothesis import given
        >>> from rummylib import RUMMIKUB, MeldKind, meld_readings
        >>> @given(groups(rules=RUMMIKUB))
        ... def test_a_group(meld):
        ...     assert MeldKind.GROUP in {r.kind for r in meld_readings(meld, rules=RUMMIKUB)}
        >>> test_a_group()
    """
    suits = _suits(rules)
    top = rules.max_number if rules.family is Family.TILES else 13
    rank = draw(st.integers(1, top))
    most = rules.group_max if rules.group_max is not None else rules.group_min + 3
    if rules.group_distinct:
        most = min(most, len(suits))
        size = draw(st.integers(rules.group_min, most))
        chosen = draw(st.permutations(suits))[:size]
    else:
        size = draw(st.integers(rules.group_min, min(most, rules.copies * len(suits))))
        chosen = draw(st.permutations([s for s in suits for _ in range(rules.copies)]))[:size]
    laid: list[Piece] = [_natural(rules, s, rank) for s in chosen]
    if jokers and rules.max_jokers:
        budget = _joker_budget(rules, len(laid))
        for i in draw(st.lists(st.integers(0, len(laid) - 1), max_size=budget, unique=True)):
            laid[i] = JOKER
    return Meld(laid)


def valid_melds(*, rules: RuleSet, jokers: bool = True) -> st.SearchStrategy[Meld]:
    """A valid group or run of the game.

    Examples:
        >>> from hypothesis import given
        >>> from rummylib import INDIAN_RUMMY, is_valid_meld
        >>> @given(valid_melds(rules=INDIAN_RUMMY))
        ... def test_valid(meld):
        ...     assert is_valid_meld(meld, rules=INDIAN_RUMMY)
        >>> test_valid()
    """
    jokers = _inputs.flag(jokers, what="jokers")
    return st.one_of(groups(rules=rules, jokers=jokers), runs(rules=rules, jokers=jokers))
