"""The Python API under hostile input.

Only `RummyError` subclasses may escape a public entry point given values of the right Python
types (``TypeError`` only for a plainly wrong argument type), and no validator may say "legal"
about something illegal: every positive answer is re-checked here against the pieces given.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rummylib import (
    PRESETS,
    RUMMIKUB,
    SHANGHAI,
    Card,
    Color,
    Meld,
    Rank,
    RuleSet,
    RummyError,
    SearchLimitReached,
    Suit,
    Tile,
    format_melds,
    format_pieces,
    is_valid_meld,
    meld_violations,
    parse_melds,
    parse_piece,
    parse_pieces,
    read_meld,
)
from rummylib.errors import LimitExceededError, NotationError, RuleSetError
from rummylib.notation import MAX_TEXT_LENGTH
from rummylib.pieces import JOKER, Piece, PieceCount
from rummylib.rules import MAX_MELD_PIECES

FUZZ = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

TOKENS = "r1 r5 r13 k7 b7 y7 o3 * Ah 2c 5s 10h Th Qd K♠ r0 r14 r99999999999999999999 g5 x9 1h 14h | , ;".split()


def _raises_only_rummy(fn: Callable[[], object]) -> object:
    """Call ``fn``; a RummyError is a fine answer (returned), anything else fails the test."""
    try:
        return fn()
    except RummyError as exc:
        error = exc
    assert isinstance(error.code, str) and error.code
    assert isinstance(error.message, str)
    return error


# ------------------------------------------------------------------------------------------
# Notation
# ------------------------------------------------------------------------------------------

texts = st.one_of(
    st.text(max_size=80),
    st.lists(st.sampled_from(TOKENS), max_size=25).map(" ".join),
    st.builds(lambda n, t: t * n, st.integers(1, 30_000), st.sampled_from(["r5 ", "*,", "|", "10h ", "é"])),
)


@FUZZ
@given(texts, st.sampled_from([None, *PRESETS.values()]))
def test_parser_raises_only_notation_errors(text: str, rules: RuleSet | None) -> None:
    """Any text: pieces, or NotationError/LimitExceededError; what parses prints and re-parses the same."""
    for fn in (parse_pieces, parse_melds, parse_piece):
        result = _raises_only_rummy(lambda fn=fn: fn(text, rules=rules))  # type: ignore[operator]
        if isinstance(result, RummyError):
            assert isinstance(result, NotationError | LimitExceededError)
    pieces = _raises_only_rummy(lambda: parse_pieces(text, rules=rules))
    if isinstance(pieces, tuple):
        assert parse_pieces(format_pieces(pieces), rules=rules) == pieces
    melds = _raises_only_rummy(lambda: parse_melds(text, rules=rules))
    if isinstance(melds, tuple):
        assert parse_melds(format_melds(melds), rules=rules) == melds


def test_parser_limits() -> None:
    """Documented limit: text longer than MAX_TEXT_LENGTH is refused before it is read."""
    with pytest.raises(LimitExceededError):
        parse_pieces("r5 " * (MAX_TEXT_LENGTH // 3 + 1))
    with pytest.raises(NotationError):
        parse_pieces("r" + "9" * 5000)  # a huge number is a bad tile, not a slow int()
    assert len(parse_pieces(" ".join(["r5"] * 33_000))) == 33_000  # within the limit: read


def test_parser_wrong_types() -> None:
    for value in (None, 5, b"r5", ["r5"]):
        with pytest.raises(TypeError):
            parse_pieces(value)  # type: ignore[arg-type]


# ------------------------------------------------------------------------------------------
# Rule-set options
# ------------------------------------------------------------------------------------------

json_values = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(),
        st.sampled_from([10**100, -(10**100), 2**63]),
        st.floats(),
        st.text(max_size=12),
    ),
    lambda inner: st.one_of(st.lists(inner, max_size=70), st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=80,
)
option_names = st.one_of(
    st.sampled_from(sorted(RUMMIKUB.options()) + ["joker_penalty", "name", "family", "title", "scoring"]),
    st.text(max_size=10),
)


@FUZZ
@given(st.sampled_from(list(PRESETS.values())), st.dictionaries(option_names, json_values, max_size=4))
def test_with_options_raises_only_rule_set_errors(rules: RuleSet, options: dict[str, Any]) -> None:
    """Any JSON object of options: a valid RuleSet or RuleSetError (unknown name, bad value, contradiction)."""
    result = _raises_only_rummy(lambda: rules.with_options(options))
    if isinstance(result, RummyError):
        assert isinstance(result, RuleSetError)
    else:
        assert isinstance(result, RuleSet)
        # its options survive a trip through JSON
        assert result.with_options(result.options()) == result


@FUZZ
@given(st.sampled_from(list(PRESETS.values())), option_names, json_values)
def test_with_options_one_value(rules: RuleSet, name: str, value: Any) -> None:
    result = _raises_only_rummy(lambda: rules.with_options({name: value}))
    assert isinstance(result, RuleSet | RuleSetError)


def test_with_options_huge_numbers_refused() -> None:
    for name in ("joker_points", "initial_meld_points", "max_run", "hand_size", "buy_penalty_cards"):
        with pytest.raises(RuleSetError):
            RUMMIKUB.with_options({name: 10**100})


# ------------------------------------------------------------------------------------------
# The meld engine
# ------------------------------------------------------------------------------------------

ANY_PIECES: list[Piece] = [
    *(Tile(c, n) for c in Color for n in (1, 2, 3, 7, 12, 13)),
    *(Card(Rank(r), s) for s in Suit for r in (1, 2, 3, 4, 7, 12, 13)),
    JOKER,
]


@FUZZ
@given(st.sampled_from(list(PRESETS.values())), st.lists(st.sampled_from(ANY_PIECES), max_size=16))
def test_meld_engine_never_says_legal_wrongly(rules: RuleSet, pieces: list[Piece]) -> None:
    """Any pieces (any family, colour, count): the three answers agree, and only RummyErrors escape."""
    meld = Meld(pieces)
    readings = _raises_only_rummy(lambda: read_meld(meld, rules=rules))
    problems = _raises_only_rummy(lambda: meld_violations(meld, rules=rules))
    valid = _raises_only_rummy(lambda: is_valid_meld(meld, rules=rules))
    if isinstance(readings, RummyError):
        return
    assert valid is (readings is not None)
    assert (problems == ()) is (readings is not None)
    if readings is not None:
        assert all(rules.has_piece(p) for p in pieces)
        assert rules.min_run <= len(pieces) or rules.group_min <= len(pieces)


def test_huge_meld_refused_early() -> None:
    """Documented limit: a meld of more than MAX_MELD_PIECES pieces is refused, not searched."""
    for n in (MAX_MELD_PIECES + 1, 10_000):
        meld = Meld([Tile(Color.RED, 5)] * n)
        for check in (meld_violations, read_meld, is_valid_meld):
            with pytest.raises(LimitExceededError):
                check(meld, rules=RUMMIKUB)
            with pytest.raises(LimitExceededError) as info:
                check(meld, rules=RUMMIKUB)
            assert len(info.value.message) < 500  # the message does not echo 10,000 pieces


# ------------------------------------------------------------------------------------------
# Rummikub turns
# ------------------------------------------------------------------------------------------

tile_tokens = st.sampled_from(
    ["r1", "r2", "r3", "r4", "r5", "r13", "k5", "b5", "y5", "k13", "b13", "*", "r14", "5h", "r5 r5", "|"]
)
tables = st.lists(tile_tokens, max_size=24).map(" ".join)


@FUZZ
@given(tables, st.lists(tile_tokens, max_size=10).map(" ".join), tables, st.booleans())
def test_turn_validator_never_says_legal_wrongly(before: str, rack: str, after: str, done: bool) -> None:
    """A legal turn keeps every table tile, plays only rack tiles, and leaves only valid sets."""
    from rummylib.rummikub import validate_turn
    from rummylib.table import Table

    report = _raises_only_rummy(lambda: validate_turn(before, rack, after, rules=RUMMIKUB, initial_meld_done=done))
    if isinstance(report, RummyError) or not report.valid:  # type: ignore[union-attr]
        return
    old = Table.parse(before).pieces()
    new = Table.parse(after).pieces()
    played = PieceCount.of(report.played)  # type: ignore[union-attr]
    assert played
    assert old + played == new
    assert played <= PieceCount.of(parse_pieces(rack))
    for m in Table.parse(after):
        assert is_valid_meld(m, rules=RUMMIKUB)


@pytest.mark.parametrize(
    ("before", "rack", "after"),
    [
        ("", " ".join(["r5"] * 3), "r5 r5 r5"),
        (" | ".join(["r1 r2 r3"] * 3), "", " | ".join(["r1 r2 r3"] * 3)),
        ("", " ".join(["r1 r2 r3"] * 900), ""),
        (" | ".join(["r1 r2 r3"] * 20_000), "r4", "r4"),
        ("", "", " | ".join(["r1 r2 r3"] * 20_000)),
    ],
    ids=["3-copies", "table-dup", "huge-rack", "20k-sets-before", "20k-sets-after"],
)
def test_turn_more_tiles_than_exist(before: str, rack: str, after: str) -> None:
    from rummylib.rummikub import validate_turn

    result = _raises_only_rummy(lambda: validate_turn(before, rack, after, rules=RUMMIKUB, initial_meld_done=True))
    assert isinstance(result, RummyError)


# ------------------------------------------------------------------------------------------
# Contracts, lay-offs, Gin, Indian
# ------------------------------------------------------------------------------------------

card_tokens = st.sampled_from(
    ["Ah", "2h", "3h", "4h", "5h", "6h", "7h", "7s", "7d", "7c", "Kh", "Ks", "*", "2c", "Qd", "r5", "|"]
)
card_texts = st.lists(card_tokens, max_size=20).map(" ".join)


@FUZZ
@given(card_texts, card_texts, st.one_of(st.integers(-3, 12), st.just(10**20)))
def test_contract_checks(melds: str, hand: str, round_number: int) -> None:
    from rummylib.contracts import check_contract, contract_violations, find_contract

    problems = _raises_only_rummy(
        lambda: contract_violations(melds, round_number=round_number, rules=SHANGHAI, hand=hand)
    )
    down = _raises_only_rummy(lambda: check_contract(melds, round_number=round_number, rules=SHANGHAI, hand=hand))
    if not isinstance(problems, RummyError) and not isinstance(down, RummyError):
        assert problems == ()
        laid = Counter(p for m in parse_melds(melds) for p in m)
        held = Counter(parse_pieces(hand))
        assert not laid - held
    plan = _raises_only_rummy(lambda: find_contract(hand, round_number=round_number, rules=SHANGHAI, budget=20_000))
    if plan is not None and not isinstance(plan, RummyError):
        assert isinstance(plan.melds, tuple)  # type: ignore[attr-defined]
        assert contract_violations(plan.melds, round_number=round_number, rules=SHANGHAI, hand=hand) == ()  # type: ignore[attr-defined]


@FUZZ
@given(card_texts, card_texts, st.sampled_from(["high", "low"]))
def test_layoff_checks(meld: str, cards: str, end: str) -> None:
    """Lay-offs on any meld (read afresh, or as laid): a valid meld after, or the problems."""
    from rummylib.contracts import check_layoff, layoff_violations, substitution_violations
    from rummylib.melds import check_meld

    reading = _raises_only_rummy(lambda: check_meld(meld, rules=SHANGHAI))
    targets: list[Any] = [meld] if isinstance(reading, RummyError) else [meld, reading]
    for target in targets:
        problems = _raises_only_rummy(lambda t=target: layoff_violations(t, cards, rules=SHANGHAI, joker_end=end))  # type: ignore[misc]
        result = _raises_only_rummy(lambda t=target: check_layoff(t, cards, rules=SHANGHAI, joker_end=end))  # type: ignore[misc]
        if problems == ():
            assert not isinstance(result, RummyError)
            assert is_valid_meld(result.meld, rules=SHANGHAI)  # type: ignore[union-attr]
            grown = Counter(result.meld.pieces)  # type: ignore[union-attr]
            assert grown == Counter(parse_pieces(meld)) + Counter(parse_pieces(cards))
        for token in cards.split()[:3]:
            _raises_only_rummy(
                lambda t=target, c=token: substitution_violations(t, c, rules=SHANGHAI, player_down=True)  # type: ignore[misc]
            )


@FUZZ
@given(card_texts, card_texts, st.sampled_from([None, "Ah", "5s", "Kd", "*", "r5"]))
def test_gin_checks(knocker: str, defender: str, upcard: str | None) -> None:
    from rummylib.gin import deadwood, score_hand
    from rummylib.rules import GIN_RUMMY

    _raises_only_rummy(lambda: deadwood(knocker, rules=GIN_RUMMY))
    _raises_only_rummy(lambda: score_hand(knocker, defender, rules=GIN_RUMMY, first_upcard=upcard))


@FUZZ
@given(st.lists(card_texts, max_size=6), card_texts)
def test_indian_checks(groups: list[str], hand: str) -> None:
    from rummylib.indian import best_arrangement, declaration_violations
    from rummylib.rules import INDIAN_RUMMY

    problems = _raises_only_rummy(lambda: declaration_violations(groups, rules=INDIAN_RUMMY))
    if problems == ():
        assert sum(len(parse_pieces(g)) for g in groups) == INDIAN_RUMMY.hand_size
    _raises_only_rummy(lambda: best_arrangement(hand, rules=INDIAN_RUMMY))


# ------------------------------------------------------------------------------------------
# The solver
# ------------------------------------------------------------------------------------------


@FUZZ
@given(tables, st.lists(tile_tokens, max_size=14).map(" ".join), st.booleans(), st.sampled_from([50, 2_000, None]))
def test_solver_answers_or_says_the_budget_ran_out(table: str, rack: str, done: bool, nodes: int | None) -> None:
    """``solve``: a play whose table is all valid sets and conserves the tiles, or a RummyError."""
    from rummylib.rummikub import Budget, solve

    budget = Budget(nodes=nodes, seconds=3.0)
    sol = _raises_only_rummy(lambda: solve(table, rack, rules=RUMMIKUB, initial_meld_done=done, budget=budget))
    if isinstance(sol, RummyError):
        return
    after = PieceCount.of(p for m in sol.table_after for p in m.pieces)  # type: ignore[attr-defined]
    from rummylib.table import Table

    assert after == Table.parse(table).pieces() + PieceCount.of(sol.played)  # type: ignore[attr-defined]
    assert all(is_valid_meld(m, rules=RUMMIKUB) for m in sol.table_after)  # type: ignore[attr-defined]


def test_solver_budget_is_explicit() -> None:
    """A tiny budget gives a play or SearchLimitReached, never a silent "nothing playable"."""
    from rummylib.rummikub import Budget, solve

    table = "r1 r2 r3 | b4 b5 b6 | k7 k8 k9 | y10 y11 y12 | r5 b5 k5 | y1 y2 y3 y4"
    sol = solve(table, "r4 b7 k10 y5 r6 *", rules=RUMMIKUB, initial_meld_done=True, budget=Budget(nodes=3))
    assert sol.tiles_placed > 0  # found in the budget (``sol.proved`` says whether it is proved the best)
    stuck = (
        "B2 K2 R2 Y2 | R9 Y9 * | * B7 K7 Y7 | B7 B8 B9 | K11 B11 Y11 | K1 B1 R1 Y1 | B3 R3 K3 | R3 R4 R5 "
        "| B11 B12 B13 | B3 B4 B5 | Y5 K5 B5 R5 | B13 Y13 R13"
    )  # nothing fits, and saying so takes many more states than the budget (both jokers on the table)
    assert solve(stuck, "R13 R9", rules=RUMMIKUB, initial_meld_done=True).tiles_placed == 0
    with pytest.raises(SearchLimitReached):
        solve(stuck, "R13 R9", rules=RUMMIKUB, initial_meld_done=True, budget=Budget(nodes=3))


def test_find_contract_budget_is_explicit() -> None:
    from rummylib.contracts import find_contract
    from rummylib.rules import CONTRACT_RUMMY

    hand = "* * Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh"
    with pytest.raises(SearchLimitReached):
        find_contract(hand, round_number=7, rules=CONTRACT_RUMMY, budget=1)
