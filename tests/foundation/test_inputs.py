"""One way in for every input (`rummylib._inputs`): the readers, and the defects they fixed."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from rummylib import (
    GIN_RUMMY,
    INDIAN_RUMMY,
    JOKER,
    RUMMIKUB,
    SHANGHAI,
    Card,
    InvalidPiecesError,
    LimitExceededError,
    Meld,
    NotationError,
    PieceCount,
    RuleSet,
    RummyError,
    ScoringInputError,
    Tile,
    _inputs,
    as_meld,
    check_meld,
    contracts,
    gin,
    hand_points,
    indian,
    is_valid_meld,
    meld_violations,
    parse_pieces,
    rummikub,
)
from rummylib.gin import GinInputError
from rummylib.rules import MAX_MELD_PIECES
from rummylib.table import Table

R5 = Tile.parse("r5")
AH = Card.parse("Ah")


# ------------------------------------------------------------------------------------------
# The readers
# ------------------------------------------------------------------------------------------


def test_ruleset_guard_keeps_type_error_for_the_wrong_type() -> None:
    assert _inputs.ruleset(RUMMIKUB) is RUMMIKUB
    for bad in ("rummikub", None, 5):
        with pytest.raises(TypeError, match="rules must be a RuleSet"):
            _inputs.ruleset(bad)


@pytest.mark.parametrize(
    "value",
    [
        "r5 *",
        (R5, JOKER),
        [R5, JOKER],
        PieceCount.of("r5 *"),
        Meld.parse("r5 *"),
        (p for p in (R5, JOKER)),
    ],
)
def test_pieces_reads_every_form_alike(value: Any) -> None:
    got = _inputs.pieces(value, rules=RUMMIKUB, what="the rack")
    assert sorted(map(str, got)) == ["*", "R5"]
    assert type(got) is tuple


def test_pieces_returns_a_tuple_of_pieces_as_it_is() -> None:
    rack = (R5, JOKER, Tile.parse("k13"))
    assert _inputs.pieces(rack, rules=RUMMIKUB, what="the rack") is rack
    assert _inputs.pieces(R5, rules=RUMMIKUB, what="the tile") == (R5,)


@pytest.mark.parametrize("value", [5, None, b"r5", 1.5])
def test_pieces_refuses_what_holds_no_pieces(value: Any) -> None:
    with pytest.raises(InvalidPiecesError) as info:
        _inputs.pieces(value, rules=RUMMIKUB, what="the rack")
    assert info.value.code == "not-a-piece"
    assert "the rack" in str(info.value)


@pytest.mark.parametrize("item", [5, None, "r5", object(), [R5]])
def test_pieces_names_the_item_that_is_not_a_piece(item: Any) -> None:
    with pytest.raises(InvalidPiecesError) as info:
        _inputs.pieces([R5, item], rules=RUMMIKUB, what="the rack")
    assert info.value.code == "not-a-piece"
    assert str(info.value).startswith(f"the rack holds {item!r}"[:40])
    # check=False leaves each item to the caller (who checks it in its own pass)
    assert _inputs.pieces([R5, item], rules=RUMMIKUB, what="the rack", check=False)[1] is item


def test_pieces_of_another_game_are_refused_with_a_notation_error() -> None:
    with pytest.raises(NotationError, match="the rack: '5h' is a card, but Rummikub"):
        _inputs.pieces([R5, Card.parse("5h")], rules=RUMMIKUB, what="the rack")
    with pytest.raises(NotationError, match="played with cards"):
        _inputs.pieces((AH, R5), rules=SHANGHAI, what="the hand")
    green = Tile("g", 5)
    with pytest.raises(NotationError, match="not in the Rummikub box"):
        _inputs.pieces((green,), rules=RUMMIKUB, what="the rack")
    with pytest.raises(NotationError, match="played without jokers"):
        _inputs.pieces((AH, JOKER), rules=GIN_RUMMY, what="the hand")
    assert _inputs.pieces((green,), rules=None, what="any pieces") == (green,)


def test_hand_adds_the_copies_rule() -> None:
    assert _inputs.hand("r5 r5", rules=RUMMIKUB, what="the rack") == (R5, R5)
    with pytest.raises(InvalidPiecesError) as info:
        _inputs.hand("r5 r5 r5", rules=RUMMIKUB, what="the rack")
    assert info.value.code == "too-many-copies"
    assert str(info.value).startswith("the rack: 3 copies of R5")
    with pytest.raises(InvalidPiecesError) as info:
        _inputs.hand([R5, 5], rules=RUMMIKUB, what="the rack")
    assert info.value.code == "not-a-piece"
    with pytest.raises(NotationError, match="the rack: '5h'"):
        _inputs.hand([Card.parse("5h")], rules=RUMMIKUB, what="the rack")


def test_piece_reads_exactly_one() -> None:
    assert _inputs.piece("r5", rules=RUMMIKUB, what="the tile") == R5
    assert _inputs.piece(AH, rules=SHANGHAI, what="the card") is AH
    with pytest.raises(NotationError):
        _inputs.piece("r5 r6", rules=RUMMIKUB, what="the tile")
    with pytest.raises(NotationError):
        _inputs.piece(R5, rules=SHANGHAI, what="the card")
    with pytest.raises(InvalidPiecesError) as info:
        _inputs.piece([R5], rules=RUMMIKUB, what="the tile")
    assert info.value.code == "not-a-piece"


def test_piece_lists_reads_each_and_counts_them_together() -> None:
    lists = _inputs.piece_lists(["r5", (R5,), []], rules=RUMMIKUB, what="the racks", each="rack")
    assert lists == ((R5,), (R5,), ())
    with pytest.raises(InvalidPiecesError) as info:
        _inputs.piece_lists(["r5 r5", "r5"], rules=RUMMIKUB, what="the racks", each="rack")
    assert info.value.code == "too-many-copies"
    with pytest.raises(InvalidPiecesError, match="the rack of player 1 holds 5"):
        _inputs.piece_lists(["", [5]], rules=RUMMIKUB, what="the racks", each="rack")
    for one in ("r5 k3", R5, PieceCount.of("r5"), 5):
        with pytest.raises(TypeError, match="one rack per player"):
            _inputs.piece_lists(one, rules=RUMMIKUB, what="the racks", each="rack")


def test_meld_pieces_lets_strangers_through_for_the_meld_engine_to_report() -> None:
    assert _inputs.meld_pieces([Card.parse("5h")], rules=RUMMIKUB, what="the meld") == (Card.parse("5h"),)
    with pytest.raises(NotationError):  # notation is read with the rules, as always
        _inputs.meld_pieces("5h", rules=RUMMIKUB, what="the meld")
    for bad in (R5, 5, None, PieceCount.of("r5")):
        with pytest.raises(InvalidPiecesError) as info:
            _inputs.meld_pieces(bad, rules=RUMMIKUB, what="the meld")
        assert info.value.code == "not-a-piece"
    with pytest.raises(LimitExceededError):
        _inputs.meld_pieces([R5] * (MAX_MELD_PIECES + 1), rules=RUMMIKUB, what="the meld")


@pytest.mark.parametrize(
    ("value", "error"),
    [
        (0, None),
        (2, None),
        (3, ScoringInputError),
        (-1, ScoringInputError),
        (True, ScoringInputError),
        ("1", ScoringInputError),
    ],
)
def test_seat(value: Any, error: type[Exception] | None) -> None:
    if error is None:
        assert _inputs.seat(value, players=3, what="the winner") == value
    else:
        with pytest.raises(error, match="the winner must be a player from 0 to 2"):
            _inputs.seat(value, players=3, what="the winner")
    with pytest.raises(GinInputError):
        _inputs.seat(5, players=2, what="the winner", error=GinInputError)


# ------------------------------------------------------------------------------------------
# Melds and tables, read by as_meld and Table.of on the same readers
# ------------------------------------------------------------------------------------------


def test_as_meld_reads_a_reading_and_refuses_what_is_no_meld() -> None:
    reading = check_meld("r5 r6 r7", rules=RUMMIKUB)
    assert as_meld(reading) is reading.meld
    assert as_meld((R5,)) == Meld((R5,))
    assert as_meld(["r5"]) == Meld((R5,))  # the notation of each piece
    for bad in (5, None, R5, [None], {"r5": 1}):
        with pytest.raises(InvalidPiecesError) as info:
            as_meld(bad)  # type: ignore[arg-type]
        assert info.value.code == "not-a-piece"


@pytest.mark.parametrize("bad", [[5], [None], ["r5", 5], [R5, [R5]]])
def test_meld_engine_refuses_non_pieces_with_a_rummylib_error(bad: list[Any]) -> None:
    """Before: ``TypeError: not a piece: 5``."""
    with pytest.raises(InvalidPiecesError) as info:
        meld_violations(bad, rules=RUMMIKUB)
    assert info.value.code == "not-a-piece"
    with pytest.raises(InvalidPiecesError):
        meld_violations(Meld(bad), rules=RUMMIKUB)  # a Meld built from anything is checked too


def test_meld_engine_still_reports_strangers_as_a_finding() -> None:
    assert [v.code for v in meld_violations([Card.parse("5h"), R5], rules=RUMMIKUB)] == ["piece-not-in-game"]


def test_table_of_reads_each_meld_by_its_place() -> None:
    table = Table.of(("r1 r2 r3", [R5, R5, R5], check_meld("k7 b7 y7", rules=RUMMIKUB)))
    assert str(table) == "R1 R2 R3 | R5 R5 R5 | K7 B7 Y7"
    assert Table.of(m for m in ("r1 r2 r3",)) == Table.parse("r1 r2 r3")
    with pytest.raises(InvalidPiecesError, match="meld 2 of the table holds 5"):
        Table.of(["r1 r2 r3", [5]])
    for bad in (5, None, R5, Meld.parse("r1 r2 r3")):
        with pytest.raises(InvalidPiecesError) as info:
            Table.of(bad)  # type: ignore[arg-type]
        assert info.value.code == "not-a-piece"


# ------------------------------------------------------------------------------------------
# Defects fixed
# ------------------------------------------------------------------------------------------


def test_hand_points_reads_notation() -> None:
    """Before: ``TypeError: not a piece: 'r'`` (the string was read character by character)."""
    assert hand_points("r5 k3 *", rules=RUMMIKUB) == 38
    assert hand_points("* Ah Kd", rules=SHANGHAI) == hand_points(parse_pieces("* Ah Kd"), rules=SHANGHAI)


def test_piece_count_of_notation_counts_pieces() -> None:
    """``PieceCount.of("r5 r5 k1")`` once counted characters."""
    count = PieceCount.of("r5 r5 k1")
    assert len(count) == 3
    assert count.count(R5) == 2


def test_a_tile_takes_its_colour_letter() -> None:
    """``Tile("r", 5)`` once failed; it is the red five."""
    assert Tile("r", 5) == R5
    with pytest.raises(InvalidPiecesError) as info:
        Tile("x", 5)
    assert info.value.code == "not-a-piece"


# ------------------------------------------------------------------------------------------
# The same mistake, the same error, in every public function that takes pieces
# ------------------------------------------------------------------------------------------

Call = Callable[[Any], object]
OPENED = {"initial_meld_done": True}

# Each game's public functions that take pieces, as calls of one argument: the pieces.
TAKES_PIECES: dict[str, dict[str, Call]] = {
    "rummikub": {
        "hand_points": lambda x: hand_points(x, rules=RUMMIKUB),
        "score_rummikub": lambda x: rummikub.score_rummikub([x, ""], winner=1, rules=RUMMIKUB),
        "validate_turn rack": lambda x: rummikub.validate_turn("r1 r2 r3", x, "r1 r2 r3", rules=RUMMIKUB, **OPENED),
        "solve rack": lambda x: rummikub.solve("", x, rules=RUMMIKUB, **OPENED),
        "solve table tiles": lambda x: rummikub.solve(x, "", rules=RUMMIKUB, **OPENED),
        "playable_tiles rack": lambda x: rummikub.playable_tiles("", x, rules=RUMMIKUB, **OPENED),
        "arrange": lambda x: rummikub.arrange(x, rules=RUMMIKUB),
    },
    "shanghai": {
        "hand_points": lambda x: hand_points(x, rules=SHANGHAI),
        "score_contract_round": lambda x: contracts.score_contract_round([x, ""], rules=SHANGHAI),
        "find_contract": lambda x: contracts.find_contract(x, round_number=1, rules=SHANGHAI),
        "contract_violations hand": lambda x: contracts.contract_violations(
            ["7h 7s 7d", "8h 8s 8d"], round_number=1, rules=SHANGHAI, hand=x
        ),
        "check_layoff": lambda x: contracts.check_layoff("4c 5c 6c 7c", x, rules=SHANGHAI),
        "layoff_violations": lambda x: contracts.layoff_violations("4c 5c 6c 7c", x, rules=SHANGHAI),
        "is_legal_layoff": lambda x: contracts.is_legal_layoff("4c 5c 6c 7c", x, rules=SHANGHAI),
    },
    "indian": {
        "hand_points": lambda x: hand_points(x, rules=INDIAN_RUMMY),
        "best_arrangement": lambda x: indian.best_arrangement(x, rules=INDIAN_RUMMY),
        "losing_points": lambda x: indian.losing_points(x, rules=INDIAN_RUMMY),
        "score_deal": lambda x: indian.score_deal(["", x], winner=0, rules=INDIAN_RUMMY),
    },
    "gin": {
        "deadwood": lambda x: gin.deadwood(x, rules=GIN_RUMMY),
        "is_legal_knock": lambda x: gin.is_legal_knock(x, rules=GIN_RUMMY),
        "knock_violations": lambda x: gin.knock_violations(x, rules=GIN_RUMMY),
        "check_knock": lambda x: gin.check_knock(x, rules=GIN_RUMMY),
        "score_hand": lambda x: gin.score_hand(x, "2c 3c", rules=GIN_RUMMY),
    },
}
# The meld engine judges one meld: it takes the same mistakes the same way, except a piece of
# another game, which is one of its findings (piece-not-in-game), not an error.
RULES = {"rummikub": RUMMIKUB, "shanghai": SHANGHAI, "indian": INDIAN_RUMMY, "gin": GIN_RUMMY}
MELD_ENGINE: dict[str, Callable[[RuleSet], Call]] = {
    "meld_violations": lambda rules: lambda x: meld_violations(x, rules=rules),
    "is_valid_meld": lambda rules: lambda x: is_valid_meld(x, rules=rules),
}

NATURAL = {
    "rummikub": Tile.parse("r7"),
    "shanghai": Card.parse("7h"),
    "indian": Card.parse("7h"),
    "gin": Card.parse("7h"),
}
TOO_MANY = {"rummikub": "r5 r5 r5", "shanghai": "Ah Ah Ah Ah", "indian": "Ah Ah Ah"}  # one more than the box holds

# (mistake, games, the bad pieces, error class, code); Gin refuses a tile and a card twice with
# its own GinInputError (see test_gin_keeps_its_own_refusals in tests/gin/test_gin_inputs.py).
MISTAKES: list[tuple[str, tuple[str, ...], Callable[[str], Any], type[Exception], str]] = [
    (
        "a non-piece among pieces",
        ("rummikub", "shanghai", "indian", "gin"),
        lambda g: [NATURAL[g], 5],
        InvalidPiecesError,
        "not-a-piece",
    ),
    (
        "None among pieces",
        ("rummikub", "shanghai", "indian", "gin"),
        lambda g: (NATURAL[g], None),
        InvalidPiecesError,
        "not-a-piece",
    ),
    ("bad notation", ("rummikub", "shanghai", "indian", "gin"), lambda g: "r14", NotationError, "bad-notation"),
    (
        "too many copies",
        ("rummikub", "shanghai", "indian"),
        lambda g: TOO_MANY[g],
        InvalidPiecesError,
        "too-many-copies",
    ),
    ("a card in Rummikub", ("rummikub",), lambda g: [Card.parse("5h")], NotationError, "bad-notation"),
    ("a card in Rummikub, as notation", ("rummikub",), lambda g: "5h", NotationError, "bad-notation"),
    ("a tile in Shanghai", ("shanghai", "indian"), lambda g: [Tile.parse("r5")], NotationError, "bad-notation"),
    ("a tile in Shanghai, as notation", ("shanghai", "indian"), lambda g: "r5", NotationError, "bad-notation"),
]

FINDINGS = {m for m, *_ in MISTAKES if " in " in m}  # pieces of another game: a finding of the meld engine


def _cases() -> list[Any]:
    out = []
    for mistake, games, bad, cls, code in MISTAKES:
        for game in games:
            calls = dict(TAKES_PIECES[game])
            if mistake not in FINDINGS:
                calls |= {name: judge(RULES[game]) for name, judge in MELD_ENGINE.items()}
            for name, call in calls.items():
                out.append(pytest.param(call, bad(game), cls, code, id=f"{mistake}-{game}-{name}"))
    return out


@pytest.mark.parametrize(("call", "bad", "cls", "code"), _cases())
def test_the_same_mistake_gets_the_same_error_everywhere(call: Call, bad: Any, cls: type[Exception], code: str) -> None:
    with pytest.raises(RummyError) as info:
        call(bad)
    assert type(info.value) is cls, str(info.value)
    assert info.value.code == code


@pytest.mark.parametrize(
    ("bad", "cls", "code"),
    [
        (5, InvalidPiecesError, "not-a-piece"),
        (None, InvalidPiecesError, "not-a-piece"),
        ("r14", NotationError, "bad-notation"),
        (Tile.parse("r5"), NotationError, "bad-notation"),
        ("r5", NotationError, "bad-notation"),
    ],
)
@pytest.mark.parametrize(
    "call",
    [
        lambda x: contracts.check_substitution("4c * 6c 7c", x, rules=SHANGHAI, player_down=True),
        lambda x: contracts.substitution_violations("4c * 6c 7c", x, rules=SHANGHAI, player_down=True),
        lambda x: contracts.is_legal_substitution("4c * 6c 7c", x, rules=SHANGHAI, player_down=True),
        lambda x: indian.with_wild_joker(x, rules=INDIAN_RUMMY),
    ],
    ids=["check_substitution", "substitution_violations", "is_legal_substitution", "with_wild_joker"],
)
def test_the_same_mistake_with_one_card(call: Call, bad: Any, cls: type[Exception], code: str) -> None:
    with pytest.raises(RummyError) as info:
        call(bad)
    assert type(info.value) is cls, str(info.value)
    assert info.value.code == code


@pytest.mark.parametrize(
    ("bad", "cls", "code"),
    [
        ([R5, 5], InvalidPiecesError, "not-a-piece"),
        ((None,), InvalidPiecesError, "not-a-piece"),
        ("r14", NotationError, "bad-notation"),
    ],
)
@pytest.mark.parametrize(
    "call",
    [PieceCount.of, as_meld, lambda x: Table.of([x]), lambda x: _inputs.pieces(x, rules=None, what="the pieces")],
    ids=["PieceCount.of", "as_meld", "Table.of", "pieces without rules"],
)
def test_readers_without_rules_say_the_same(call: Call, bad: Any, cls: type[Exception], code: str) -> None:
    with pytest.raises(RummyError) as info:
        call(bad)
    assert type(info.value) is cls, str(info.value)
    assert info.value.code == code


def test_hand_cost_reads_notation_like_every_scorer() -> None:
    """`hand_cost` of notation is the cost of its pieces (it once counted the characters)."""
    from rummylib import GIN_RUMMY, INDIAN_RUMMY, RUMMIKUB, hand_cost, parse_pieces

    for rules, hand in [(RUMMIKUB, "r5 k3 *"), (GIN_RUMMY, "Ah 2h 3h 9c Kd"), (INDIAN_RUMMY, "Ah 2h 3h Kd")]:
        assert hand_cost(hand, rules=rules) == hand_cost(parse_pieces(hand, rules=rules), rules=rules)
