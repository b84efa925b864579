"""Rule sets as data (docs/reference/rules.md: every option is a named field with its default)."""

import re

import attrs
import pytest

from rummylib import (
    CONTRACT_RUMMY,
    GIN_RUMMY,
    INDIAN_RUMMY,
    JOKER,
    RUMMIKUB,
    SHANGHAI,
    Card,
    InvalidPiecesError,
    JokerRetrieval,
    NotationError,
    Rank,
    RuleSet,
    RuleSetError,
    Tile,
    find_ruleset,
    parse_pieces,
)


@pytest.mark.parametrize(
    ("name", "preset"),
    [
        ("rummikub", RUMMIKUB),
        ("contract_rummy", CONTRACT_RUMMY),
        ("shanghai", SHANGHAI),
        ("gin_rummy", GIN_RUMMY),
        ("indian_rummy", INDIAN_RUMMY),
        ("Liverpool", CONTRACT_RUMMY),
        ("GIN", GIN_RUMMY),
        ("indian-rummy", INDIAN_RUMMY),
    ],
)
def test_find_ruleset(name: str, preset: object) -> None:
    assert find_ruleset(name) is preset


def test_unknown_game() -> None:
    with pytest.raises(RuleSetError) as info:
        find_ruleset("poker")
    assert info.value.code == "unknown-game"


def test_rule_book_defaults() -> None:
    # docs/rules/rummikub.md Rummikub
    assert RUMMIKUB.initial_meld_points == 30
    assert RUMMIKUB.joker_retrieval is JokerRetrieval.FREE
    assert RUMMIKUB.timeout_penalty_tiles == 3
    assert RUMMIKUB.joker_points == 30
    assert RUMMIKUB.total_pieces == 106
    assert (RUMMIKUB.min_players, RUMMIKUB.max_players, RUMMIKUB.hand_size) == (2, 4, 14)
    # docs/rules/contract-rummy.md Contract Rummy
    assert CONTRACT_RUMMY.decks_for(4) == (2, 3)  # up to 4 players: 2 decks, players-1 jokers
    assert CONTRACT_RUMMY.decks_for(5) == (3, 4)
    assert CONTRACT_RUMMY.with_options({"jokers": "all"}).decks_for(5) == (3, 6)
    assert len(CONTRACT_RUMMY.rounds) == 7
    assert [r.cards for r in CONTRACT_RUMMY.rounds] == [10, 10, 10, 10, 12, 12, 12]
    assert CONTRACT_RUMMY.buy_penalty_cards == 1
    assert CONTRACT_RUMMY.joker_points == 25
    assert CONTRACT_RUMMY.longest_run == 14
    assert CONTRACT_RUMMY.min_run == 4
    # docs/rules/shanghai.md Shanghai
    assert SHANGHAI.decks_for(3) == (2, 1)
    assert SHANGHAI.decks_for(5) == (3, 2)
    assert SHANGHAI.with_options({"jokers": "all"}).decks_for(4) == (2, 4)
    assert len(SHANGHAI.rounds) == 10
    assert all(r.cards == 11 for r in SHANGHAI.rounds)
    assert SHANGHAI.max_buys == 4
    assert SHANGHAI.min_run == 3
    assert (SHANGHAI.one_turn_out_bonus, SHANGHAI.one_turn_out_no_joker_bonus) == (-25, -50)
    # docs/rules/gin-rummy.md Gin
    assert GIN_RUMMY.knock_limit == 10
    assert (GIN_RUMMY.ace_low, GIN_RUMMY.ace_high) == (True, False)
    assert GIN_RUMMY.decks_for(2) == (1, 0)
    # docs/rules/indian-rummy.md Indian
    assert INDIAN_RUMMY.points_cap == 80
    assert INDIAN_RUMMY.hand_size == 13


def test_contract_tables() -> None:
    cr = [(r.contract.sets, r.contract.runs) for r in CONTRACT_RUMMY.rounds]
    assert cr == [(2, 0), (1, 1), (0, 2), (3, 0), (2, 1), (1, 2), (0, 3)]
    assert all(r.contract.exact for r in CONTRACT_RUMMY.rounds[:6])
    assert CONTRACT_RUMMY.rounds[6].contract.whole_hand
    sh = [(r.contract.sets, r.contract.runs, r.contract.run_size) for r in SHANGHAI.rounds]
    assert sh == [
        (2, 0, 4),
        (1, 1, 4),
        (0, 2, 4),
        (3, 0, 4),
        (1, 1, 7),
        (2, 1, 5),
        (0, 3, 4),
        (1, 1, 10),
        (3, 1, 5),
        (0, 3, 5),
    ]
    assert not any(r.contract.exact for r in SHANGHAI.rounds)


def test_round_that_does_not_exist() -> None:
    with pytest.raises(RuleSetError) as info:
        SHANGHAI.round(11)
    assert info.value.code == "unknown-round"
    with pytest.raises(RuleSetError):
        CONTRACT_RUMMY.round(0)
    with pytest.raises(RuleSetError):
        RUMMIKUB.round(1)


def test_house_rules_by_evolve_and_by_name() -> None:
    a = attrs.evolve(CONTRACT_RUMMY, deuces_wild=True)
    b = CONTRACT_RUMMY.with_options({"deuces_wild": True})
    assert a == b
    assert hash(a) == hash(b)
    assert SHANGHAI.with_options({"wild_ranks": ["5", "K"]}).wild_ranks == {Rank.FIVE, Rank.KING}


@pytest.mark.parametrize(
    ("options", "code"),
    [
        ({"no_such_option": 1}, "unknown-option"),
        ({"initial_meld_points": "30"}, "bad-option"),
        ({"initial_meld_points": True}, "bad-option"),
        ({"joker_ratio": 1}, "bad-option"),
        ({"joker_retrieval": "sometimes"}, "bad-option"),
        ({"wild_ranks": ["14"]}, "bad-option"),
        ({"name": "poker"}, "unknown-option"),
        ({"min_run": 2}, "bad-rules"),
        ({"game_target": 50}, "bad-rules"),
    ],
)
def test_bad_options_are_errors(options: dict[str, object], code: str) -> None:
    with pytest.raises(RuleSetError) as info:
        RUMMIKUB.with_options(options) if "game_target" not in options else GIN_RUMMY.with_options(options)
    assert info.value.code == code


def test_inconsistent_rule_sets_are_refused() -> None:
    with pytest.raises(RuleSetError):
        attrs.evolve(RUMMIKUB, group_min=5, group_max=4)
    with pytest.raises(RuleSetError):
        attrs.evolve(GIN_RUMMY, ace_low=False, ace_high=False)
    with pytest.raises(RuleSetError):
        attrs.evolve(RUMMIKUB, copies=0)


def test_options_round_trip() -> None:
    for preset in (RUMMIKUB, CONTRACT_RUMMY, SHANGHAI, GIN_RUMMY, INDIAN_RUMMY):
        assert preset.with_options(preset.options()) == preset


@pytest.mark.parametrize("options", [{"wild_ranks": ["5"]}, {"deuces_wild": True}])
def test_card_options_are_refused_for_tiles(options: dict[str, object]) -> None:
    """A tile game would silently ignore wild ranks, so a rule set asking for them is refused."""
    with pytest.raises(RuleSetError, match="is not a rule of Rummikub") as info:
        RUMMIKUB.with_options(options)
    assert info.value.code == "bad-option"
    with pytest.raises(RuleSetError, match="played with tiles"):  # attrs.evolve: the consistency check
        attrs.evolve(RUMMIKUB, deuces_wild=True)


def test_card_options_still_work_for_cards() -> None:
    assert CONTRACT_RUMMY.with_options({"deuces_wild": True}).deuces_wild


def test_check_methods_return_what_they_checked() -> None:
    """``check_*`` means one thing everywhere: the checked value, or an error."""
    tile = Tile.parse("r5")
    assert RUMMIKUB.check_piece(tile) is tile
    rack = parse_pieces("r5 r5 * k13")
    assert RUMMIKUB.check_piece_counts(rack) == rack
    assert RUMMIKUB.check_piece_counts(iter(rack)) == rack  # any iterable: a tuple comes back
    assert SHANGHAI.check_piece_counts([JOKER, Card.parse("Ah")]) == (JOKER, Card.parse("Ah"))
    assert RUMMIKUB.check_players(2) == 2
    assert GIN_RUMMY.check_players(2) == 2
    with pytest.raises(NotationError):
        RUMMIKUB.check_piece(Card.parse("5h"))
    with pytest.raises(RuleSetError) as info:
        RUMMIKUB.check_players(5)
    assert info.value.code == "bad-players"


def test_check_piece_refuses_what_is_not_a_piece_with_a_rummylib_error() -> None:
    for rules in (RUMMIKUB, SHANGHAI):
        with pytest.raises(InvalidPiecesError) as info:
            rules.check_piece("r5")  # type: ignore[arg-type]
        assert info.value.code == "not-a-piece"
        with pytest.raises(InvalidPiecesError) as info:
            rules.check_piece_counts([5])  # type: ignore[list-item]
        assert info.value.code == "not-a-piece"
    with pytest.raises(InvalidPiecesError):
        RUMMIKUB.check_piece_counts([[1]])  # type: ignore[list-item]  # unhashable: named, not a TypeError


@pytest.mark.parametrize(("rules", "option"), [(RUMMIKUB, "turn_time_limit"), (SHANGHAI, "max_reshuffles")])
@pytest.mark.parametrize("value", [10**400, 10**5000], ids=["400-digits", "5000-digits"])
def test_a_huge_number_for_an_option_is_refused_by_its_size(rules: RuleSet, option: str, value: int) -> None:
    # A float option met a 400-digit integer with OverflowError (math.isfinite), and a message
    # printing a 5,000-digit one failed on Python's limit of digits.
    with pytest.raises(RuleSetError) as info:
        rules.with_options({option: value})
    assert info.value.code == "bad-option"
    assert "digits" in info.value.message and len(info.value.message) < 200


# --- options belong to games -------------------------------------------------------------------


def test_an_option_of_another_game_is_refused_naming_the_games_that_have_it() -> None:
    with pytest.raises(RuleSetError) as info:
        RUMMIKUB.with_options({"knock_limit": 3, "buying": True})
    assert info.value.code == "bad-option"
    assert info.value.message == "option 'knock_limit' is not a rule of Rummikub (games that have it: Gin Rummy)"
    with pytest.raises(RuleSetError) as info:
        RUMMIKUB.with_options({"buying": True})
    assert info.value.message == (
        "option 'buying' is not a rule of Rummikub (games that have it: Contract Rummy, Shanghai)"
    )
    with pytest.raises(RuleSetError, match="not a rule of Gin Rummy"):
        GIN_RUMMY.with_options({"initial_meld_points": 20})
    with pytest.raises(RuleSetError, match="not a rule of Shanghai"):
        SHANGHAI.with_options({"max_turns": 10, "knock_limit": 5})
    with pytest.raises(RuleSetError, match="not a rule of Rummikub"):
        attrs.evolve(RUMMIKUB, buying=True)


@pytest.mark.parametrize("preset", [RUMMIKUB, CONTRACT_RUMMY, SHANGHAI, GIN_RUMMY, INDIAN_RUMMY])
def test_every_option_a_game_lists_is_one_it_takes_and_no_other(preset: RuleSet) -> None:
    listed = preset.options()
    assert preset.with_options(listed) == preset
    for field in attrs.fields(RuleSet):
        if field.name in ("name", "title", "family", "scoring"):
            assert not preset.has_option(field.name)
            continue
        assert preset.has_option(field.name) == (field.name in listed)
        assert preset.scoring in field.metadata["games"] or field.name not in listed


def test_the_house_limits_are_contract_options() -> None:
    for preset in (CONTRACT_RUMMY, SHANGHAI):
        assert preset.has_option("discard_taken_card") and preset.has_option("max_turns")
        house = preset.with_options({"discard_taken_card": False, "max_turns": 200})
        assert (house.discard_taken_card, house.max_turns) == (False, 200)
        assert preset.with_options(house.options()) == house
        assert "max_turns" in repr(house)
    for preset in (RUMMIKUB, GIN_RUMMY, INDIAN_RUMMY):
        assert not preset.has_option("max_turns")


# --- a plain field of the wrong type is refused, however the rule set is made ---------------------


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("ace_high", "yes", "ace_high must be true or false, not 'yes'"),
        ("buying", 1, "buying must be true or false, not 1"),
        ("knock_limit", True, "knock_limit must be a whole number, not True"),
        ("max_turns", "3", "max_turns must be a whole number or none, not '3'"),
        ("max_turns", 2.5, "max_turns must be a whole number or none, not 2.5"),
    ],
)
def test_evolve_refuses_a_plain_field_of_the_wrong_type(field: str, value: object, words: str) -> None:
    from rummylib import SHANGHAI
    from rummylib.errors import RuleSetError

    with pytest.raises(RuleSetError, match=re.escape(words)) as caught:
        attrs.evolve(SHANGHAI, **{field: value})
    assert caught.value.code == "bad-rules"


def test_every_preset_passes_the_type_check() -> None:
    from rummylib import PRESETS

    for preset in PRESETS.values():
        assert attrs.evolve(preset) == preset
