"""Hypothesis properties of notation and the meld engine."""

import attrs
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from rummylib import (
    JOKER,
    PRESETS,
    RUMMIKUB,
    Card,
    InvalidMeldError,
    Meld,
    MeldKind,
    RuleSet,
    Tile,
    check_meld,
    format_melds,
    format_pieces,
    is_valid_meld,
    meld_readings,
    meld_violations,
    parse_melds,
    parse_pieces,
    read_meld,
)
from rummylib.scoring import hand_points
from rummylib.testing import groups, naturals, pieces, racks, runs, valid_melds

GAMES = list(PRESETS.values())


@st.composite
def game_and_meld(draw: st.DrawFn, jokers: bool = True) -> tuple[RuleSet, Meld]:
    rules = draw(st.sampled_from(GAMES))
    return rules, draw(valid_melds(rules=rules, jokers=jokers))


@given(st.sampled_from(GAMES).flatmap(lambda r: st.lists(pieces(rules=r), max_size=20)))
def test_notation_round_trip(ps: list[object]) -> None:
    text = format_pieces(ps)  # type: ignore[arg-type]
    assert parse_pieces(text) == tuple(ps)
    assert format_pieces(parse_pieces(text.lower())) == text  # canonical whatever the case


@given(
    st.sampled_from(GAMES).flatmap(lambda r: st.lists(st.lists(pieces(rules=r), min_size=1, max_size=5), max_size=6))
)
def test_table_round_trip(melds: list[list[object]]) -> None:
    text = format_melds(melds)  # type: ignore[arg-type]
    assert [list(m) for m in parse_melds(text)] == melds


@given(game_and_meld())
def test_any_drawn_meld_is_valid(gm: tuple[RuleSet, Meld]) -> None:
    rules, meld = gm
    assert is_valid_meld(meld, rules=rules)


@given(game_and_meld())
def test_three_validators_agree(gm: tuple[RuleSet, Meld]) -> None:
    rules, meld = gm
    valid = is_valid_meld(meld, rules=rules)
    assert valid == (read_meld(meld, rules=rules) is not None) == (meld_violations(meld, rules=rules) == ())


@given(
    st.sampled_from(GAMES).flatmap(lambda r: st.tuples(st.just(r), st.lists(pieces(rules=r), min_size=1, max_size=6)))
)
def test_validators_agree_on_random_pieces(gp: tuple[RuleSet, list[object]]) -> None:
    rules, ps = gp
    meld = Meld(ps)  # type: ignore[arg-type]
    try:
        rules.check_piece_counts(meld.pieces)
    except Exception:
        assume(False)
    problems = meld_violations(meld, rules=rules)
    valid = is_valid_meld(meld, rules=rules)
    assert valid == (not problems)
    if not valid:
        with pytest.raises(InvalidMeldError) as info:
            check_meld(meld, rules=rules)
        assert info.value.violations == problems


@given(st.sampled_from(GAMES).flatmap(lambda r: st.tuples(st.just(r), groups(rules=r), st.randoms())))
def test_group_order_never_matters(data: tuple[RuleSet, Meld, object]) -> None:
    rules, meld, rnd = data
    shuffled = list(meld.pieces)
    rnd.shuffle(shuffled)  # type: ignore[attr-defined]
    readings = meld_readings(Meld(shuffled), rules=rules)
    assert any(r.kind is MeldKind.GROUP for r in readings)


@given(game_and_meld(), st.data())
def test_joker_replacing_a_piece_keeps_it_valid(gm: tuple[RuleSet, Meld], data: st.DataObject) -> None:
    rules, meld = gm
    naturals_at = [i for i, p in enumerate(meld.pieces) if p is not JOKER]
    jokers = len(meld) - len(naturals_at)
    assume(rules.max_jokers > jokers and len(naturals_at) > 1)
    if rules.joker_ratio:
        assume(jokers + 1 <= len(naturals_at) - 1)
    if rules.max_jokers_per_meld is not None:
        assume(jokers + 1 <= rules.max_jokers_per_meld)
    i = data.draw(st.sampled_from(naturals_at))
    swapped = Meld(meld.pieces[:i] + (JOKER,) + meld.pieces[i + 1 :])
    assert is_valid_meld(swapped, rules=rules)


@given(
    st.sampled_from([r for r in GAMES if not r.all_wild_ranks]).flatmap(
        lambda r: st.tuples(st.just(r), runs(rules=r), st.data())
    )
)
def test_another_suit_in_a_run_breaks_it(data: tuple[RuleSet, Meld, st.DataObject]) -> None:
    rules, meld, more = data
    naturals_at = [i for i, p in enumerate(meld.pieces) if p is not JOKER]
    assume(len(naturals_at) >= 2)
    i = more.draw(st.sampled_from(naturals_at))
    piece = meld.pieces[i]
    if isinstance(piece, Tile):
        other_colors = [c for c in rules.colors if c != piece.color]
        new: Tile | Card = Tile(more.draw(st.sampled_from(other_colors)), piece.number)
    else:
        assert isinstance(piece, Card)
        new = attrs.evolve(piece, suit=more.draw(st.sampled_from([s for s in type(piece.suit) if s != piece.suit])))
    broken = Meld(meld.pieces[:i] + (new,) + meld.pieces[i + 1 :])
    assume(all(broken.pieces.count(p) <= rules.copies for p in broken.pieces if p is not JOKER))
    assert not is_valid_meld(broken, rules=rules)
    assert "mixed-suits" in [v.code for v in meld_violations(broken, rules=rules)]


@given(st.sampled_from(GAMES).flatmap(lambda r: st.tuples(st.just(r), racks(rules=r), st.randoms())))
def test_points_never_depend_on_order(data: tuple[RuleSet, tuple[object, ...], object]) -> None:
    rules, rack, rnd = data
    shuffled = list(rack)
    rnd.shuffle(shuffled)  # type: ignore[attr-defined]
    assert hand_points(rack, rules=rules) == hand_points(shuffled, rules=rules)  # type: ignore[arg-type]


@given(naturals(rules=RUMMIKUB))
def test_single_tile_is_never_a_meld(tile: Tile | Card) -> None:
    assert not is_valid_meld([tile], rules=RUMMIKUB)


JOKER_LIMITS = [
    RUMMIKUB.with_options({"max_jokers_per_meld": 0}),
    RUMMIKUB.with_options({"max_jokers_per_meld": 1}),
    PRESETS["shanghai"].with_options({"joker_ratio": True}),
    PRESETS["shanghai"].with_options({"joker_ratio": True, "max_jokers_per_meld": 1}),
]


@given(st.sampled_from(JOKER_LIMITS).flatmap(lambda r: st.tuples(st.just(r), valid_melds(rules=r))))
def test_strategies_keep_joker_limits(pair: tuple[RuleSet, Meld]) -> None:
    """`rummylib.testing` melds obey ``max_jokers_per_meld`` (0 included) and ``joker_ratio``."""
    rules, meld = pair
    assert is_valid_meld(meld, rules=rules), str(meld)


def test_joker_rule_in_one_place() -> None:
    """The rule set answers how many jokers a meld may hold; the meld engine asks it."""
    ratio = PRESETS["shanghai"].with_options({"joker_ratio": True, "max_jokers_per_meld": 1})
    assert ratio.most_jokers(3) == 1 and ratio.most_jokers(0) == 0
    assert ratio.too_many_jokers(1, 1) is None
    assert ratio.too_many_jokers(2, 3) == "2 jokers; at most 1 allowed in one meld"
    assert [v.code for v in meld_violations(Meld(parse_pieces("8h * *")), rules=ratio)] == ["too-many-jokers"]
