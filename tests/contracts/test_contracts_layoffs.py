"""Lay-offs and joker substitution (docs/rules/contract-rummy.md "A turn", "Jokers"; docs/rules/shanghai.md "Jokers")."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rummylib import (
    CONTRACT_RUMMY,
    JOKER,
    SHANGHAI,
    IllegalPlayError,
    InvalidPiecesError,
    MeldKind,
    NotationError,
    check_meld,
    is_valid_meld,
    meld_readings,
    parse_pieces,
)
from rummylib.contracts import check_layoff, check_substitution, layoff_violations, substitution_violations
from rummylib.melds import Meld
from rummylib.testing import runs

# rummylib.testing.groups can loop forever when a suit is drawn more often than it has copies,
# so sets are drawn here directly: 3 to 6 cards of one rank, at most 3 of each card, one joker.
sets_ = st.builds(
    lambda rank, suits, joker: Meld(
        parse_pieces(
            " ".join(f"{'A23456789'[rank - 1] if rank < 10 else ('10', 'J', 'Q', 'K')[rank - 10]}{s}" for s in suits)
        )
        + ((JOKER,) if joker else ())
    ),
    st.integers(1, 13),
    st.lists(st.sampled_from("cdhs"), min_size=3, max_size=6).filter(lambda xs: all(xs.count(x) <= 3 for x in xs)),
    st.booleans(),
)

CR = CONTRACT_RUMMY
SH = SHANGHAI


def laid(meld, cards, rules, **kw) -> str:
    return str(check_layoff(meld, cards, rules=rules, **kw).meld)


def codes(meld, cards, rules, **kw) -> list[str]:
    return [v.code for v in layoff_violations(meld, cards, rules=rules, **kw)]


# --- lay-offs ------------------------------------------------------------------------------------


def test_run_takes_cards_at_either_end_in_order() -> None:
    """Runs keep their order: cards go to the right end, in any order given."""
    assert laid("4c 5c 6c 7c", "8c 9c", SH) == "4c 5c 6c 7c 8c 9c"
    assert laid("4c 5c 6c 7c", "9c 3c 8c", SH) == "3c 4c 5c 6c 7c 8c 9c"
    assert laid("4c 5c 6c 7c", "3c", CR) == "3c 4c 5c 6c 7c"


def test_set_takes_any_card_of_its_rank() -> None:
    """A set is 3 or more of a rank, suits free (docs/rules/contract-rummy.md, docs/rules/shanghai.md): it takes any card of its rank."""
    assert laid("7h 7s 7d", "7c 7h", SH) == "7h 7s 7d 7c 7h"
    assert codes("7h 7s 7d", "8h", SH) == ["layoff-wrong-rank"]
    assert laid("7h 7s 7d", "*", CR) == "7h 7s 7d *"


def test_wrong_suit_and_no_place() -> None:
    assert codes("4c 5c 6c 7c", "8h", CR) == ["layoff-wrong-suit"]
    assert codes("4c 5c 6c 7c", "9c", CR) == ["layoff-no-place"]
    assert codes("4c 5c 6c 7c", "5c", CR) == ["layoff-no-place"]
    assert codes("4c 5c 6c 7c", "", CR) == ["layoff-empty"]


def test_ace_high_or_low_never_wraps() -> None:
    """docs/rules/contract-rummy.md: ace high or low, no wrap: Ac goes after Kc or before 2c, 2c never after Ac."""
    assert laid("Jc Qc Kc", "Ac", SH) == "Jc Qc Kc Ac"
    assert laid("2c 3c 4c 5c", "Ac", CR) == "Ac 2c 3c 4c 5c"
    assert codes("Jc Qc Kc Ac", "2c", CR) == ["layoff-no-place"]


def test_run_never_exceeds_14_cards() -> None:
    """docs/rules/contract-rummy.md: a run holds at most 14 cards (ace low to ace high)."""
    full = "Ac 2c 3c 4c 5c 6c 7c 8c 9c 10c Jc Qc Kc"
    assert laid(full, "Ac", CR) == full + " Ac"
    assert codes(full + " Ac", "*", CR) == ["run-too-long"]


def test_jokers_go_to_an_end() -> None:
    done = check_layoff("7c 8c 9c 10c", "*", rules=CR)
    assert str(done.meld) == "7c 8c 9c 10c *"
    assert [str(f) for f in done.reading.jokers] == ["Jc"]
    assert laid("7c 8c 9c 10c", "*", CR, joker_end="low") == "* 7c 8c 9c 10c"
    assert laid("10c Jc Qc Kc Ac", "*", CR) == "* 10c Jc Qc Kc Ac"  # the high end is full


def test_joker_slides_in_contract_rummy() -> None:
    """docs/rules/contract-rummy.md: "A joker in a run may be moved to either end by a player laying off the natural card it stood for"."""
    done = check_layoff("4c * 6c 7c", "5c", rules=CR)
    assert str(done.meld) == "4c 5c 6c 7c *"
    assert done.jokers_moved == 1
    assert [str(f) for f in done.reading.jokers] == ["8c"]
    assert laid("4c * 6c 7c", "5c", CR, joker_end="low") == "* 4c 5c 6c 7c"
    assert laid("* 5c 6c 7c", "4c", CR) == "4c 5c 6c 7c *"


def test_no_slide_in_shanghai() -> None:
    """Shanghai: a natural card where a joker stands is a joker substitution, not a lay-off."""
    problems = layoff_violations("4c * 6c 7c", "5c", rules=SH)
    assert [v.code for v in problems] == ["layoff-joker-spot"]
    assert laid("4c * 6c 7c", "8c", SH) == "4c * 6c 7c 8c"


def test_joker_ratio_on_lay_off() -> None:
    """docs/rules/shanghai.md joker_ratio: a meld may hold no more jokers than natural cards."""
    rules = CR.with_options({"joker_ratio": True})
    assert codes("4c * * 7c", "*", rules) == ["too-many-jokers"]
    assert laid("4c * * 7c", "8c *", rules) == "4c * * 7c 8c *"


def test_deuces_wild_lay_off() -> None:
    rules = CR.with_options({"deuces_wild": True})
    assert laid("4c 5c 6c 7c", "2h", rules) == "4c 5c 6c 7c 2h"
    assert laid("Ac 2c 3c 4c", "5c", rules) == "Ac 2c 3c 4c 5c"
    assert codes("4c 5c 6c 7c", "2h", CR) == ["layoff-wrong-suit"]


def test_reading_pins_the_meld() -> None:
    """A MeldReading keeps the meld as it was read when laid down."""
    as_set = next(r for r in meld_readings("7h * * *", rules=CR) if r.kind is MeldKind.GROUP)
    assert laid(as_set, "7c", CR) == "7h * * * 7c"
    assert codes("7h * * *", "7c", CR) == ["layoff-wrong-suit"]  # read as the run 7h-10h


def test_invalid_table_meld_and_bad_input() -> None:
    assert codes("4c 5d 6c 7c", "8c", CR) == ["mixed-suits"]
    with pytest.raises(IllegalPlayError) as info:
        check_layoff("4c 5c 6c 7c", "9c", rules=CR)
    assert info.value.violations[0].code == "layoff-no-place"
    with pytest.raises(NotationError):
        check_layoff("4c 5c 6c 7c", "9x", rules=CR)
    with pytest.raises(InvalidPiecesError):
        check_layoff("7h 7h 7h", "7h", rules=CR)


@given(st.one_of(runs(rules=SH), sets_), st.integers(1, 13))
def test_lay_off_result_is_a_valid_meld(meld, rank) -> None:
    """Whatever lays off is a valid meld of the same kind with every card added; the two
    functions agree."""
    reading = check_meld(meld, rules=SH)
    cards = parse_pieces("*") if rank == 13 else parse_pieces(f"{'A23456789'[rank - 1] if rank < 10 else '10'}h")
    if sum(p == JOKER for p in (*meld.pieces, *cards)) > SH.max_jokers:
        return
    if any((*meld.pieces, *cards).count(p) > SH.copies for p in cards):
        return
    problems = layoff_violations(reading, cards, rules=SH)
    if problems:
        with pytest.raises(IllegalPlayError) as info:
            check_layoff(reading, cards, rules=SH)
        assert info.value.violations == problems
        return
    done = check_layoff(reading, cards, rules=SH)
    assert not problems
    assert is_valid_meld(done.meld, rules=SH)
    assert done.reading.kind is reading.kind
    assert sorted(map(str, done.meld.pieces)) == sorted(map(str, (*meld.pieces, *cards)))


# --- joker substitution --------------------------------------------------------------------------


def test_contract_rummy_swap_only_when_down() -> None:
    """docs/rules/contract-rummy.md: "Once down, a player may take a joker from a run by putting in the natural card it stands for"."""
    assert [v.code for v in substitution_violations("4c * 6c 7c", "5c", rules=CR, player_down=False)] == [
        "joker-swap-not-down"
    ]
    meld, joker = check_substitution("4c * 6c 7c", "5c", rules=CR, player_down=True)
    assert str(meld) == "4c 5c 6c 7c"
    assert joker == JOKER


def test_contract_rummy_set_jokers_are_dead() -> None:
    """docs/rules/contract-rummy.md: "Jokers in a set are dead: never taken back"."""
    with pytest.raises(IllegalPlayError) as info:
        check_substitution("8h 8s *", "8d", rules=CR, player_down=True)
    assert info.value.violations[0].code == "joker-dead-in-set"


def test_shanghai_anyone_may_swap_and_must_use_the_joker() -> None:
    """docs/rules/shanghai.md: any player may take a joker by putting in the card it stands for; it must be used that turn."""
    swap = check_substitution("4c * 6c 7c", "5c", rules=SH, player_down=False)
    assert str(swap.meld) == "4c 5c 6c 7c"
    assert swap.must_use_joker
    assert not swap.must_meet_contract
    swap = check_substitution("8h 8s *", "8d", rules=SH, player_down=False)
    assert str(swap.meld) == "8h 8s 8d"
    assert str(swap.stood_for)[0] == "8"


def test_shanghai_house_rule_not_down_must_meet_contract() -> None:
    """docs/rules/shanghai.md house rule: "a player not yet down who takes a joker must meet the contract that turn"."""
    rules = SH.with_options({"joker_swap_requires_contract": True})
    assert check_substitution("4c * 6c 7c", "5c", rules=rules, player_down=False).must_meet_contract
    assert not check_substitution("4c * 6c 7c", "5c", rules=rules, player_down=True).must_meet_contract


def test_swap_problems() -> None:
    assert [v.code for v in substitution_violations("4c 5c 6c 7c", "5c", rules=SH, player_down=True)] == [
        "joker-swap-no-joker"
    ]
    assert [v.code for v in substitution_violations("4c * 6c 7c", "5d", rules=SH, player_down=True)] == [
        "joker-swap-wrong-card"
    ]
    never = SH.with_options({"joker_swap": "never"})
    assert [v.code for v in substitution_violations("4c * 6c 7c", "5c", rules=never, player_down=True)] == [
        "joker-swap-not-allowed"
    ]
    assert check_substitution("Jc Qc Kc *", "Ac", rules=SH, player_down=False).stood_for == parse_pieces("Ac")[0]


def test_wild_card_acting_as_joker_can_be_taken() -> None:
    rules = CR.with_options({"deuces_wild": True})
    meld, taken = check_substitution("4c 2h 6c 7c", "5c", rules=rules, player_down=True)
    assert str(meld) == "4c 5c 6c 7c"
    assert str(taken) == "2h"
