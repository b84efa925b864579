"""The meld engine against every meld example of the rules pages (docs/rules/)."""

import attrs
import pytest

from rummylib import (
    CONTRACT_RUMMY,
    GIN_RUMMY,
    INDIAN_RUMMY,
    RUMMIKUB,
    SHANGHAI,
    Card,
    InvalidMeldError,
    InvalidPiecesError,
    LimitExceededError,
    Meld,
    MeldKind,
    Rank,
    RuleSet,
    check_meld,
    is_valid_meld,
    meld_readings,
    meld_violations,
    read_meld,
)


def codes(meld: str, rules: RuleSet) -> list[str]:
    return [v.code for v in meld_violations(meld, rules=rules)]


# --- Rummikub (docs/rules/rummikub.md) ------------------------------------------------


@pytest.mark.parametrize("meld", ["r7 b7 k7", "r7 b7 k7 y7", "y3 y4 y5 y6", "r1 r2 r3", "r11 r12 r13"])
def test_rummikub_valid_sets(meld: str) -> None:
    assert is_valid_meld(meld, rules=RUMMIKUB)


def test_no_wrap_after_13() -> None:
    # "1 is only ever the lowest number; nothing follows 13 (r12 r13 r1 is invalid — no wrap)"
    assert codes("r12 r13 r1", RUMMIKUB) == ["run-wraps"]
    assert codes("r13 r1 r2", RUMMIKUB) == ["run-wraps"]


def test_longest_run_is_13() -> None:
    assert is_valid_meld(" ".join(f"b{n}" for n in range(1, 14)), rules=RUMMIKUB)
    assert "run-too-long" in codes(" ".join(f"b{n}" for n in range(1, 14)) + " *", RUMMIKUB)


def test_both_jokers_in_one_set() -> None:
    assert is_valid_meld("r5 * *", rules=RUMMIKUB)


@pytest.mark.parametrize(
    ("meld", "kind", "value", "jokers"),
    [
        ("r5 r6 *", MeldKind.RUN, 18, ["R7"]),  # rule 1: in order
        ("* r5 r6", MeldKind.RUN, 15, ["R4"]),
        ("* * r13", MeldKind.RUN, 36, ["R11", "R12"]),
        ("r13 * *", MeldKind.GROUP, 39, None),  # rule 2: the valid reading worth most
        ("r6 r5 r4", MeldKind.RUN, 15, []),
        ("r7 b7 *", MeldKind.GROUP, 21, None),
    ],
)
def test_joker_readings(meld: str, kind: MeldKind, value: int, jokers: list[str] | None) -> None:
    reading = check_meld(meld, rules=RUMMIKUB)
    assert reading.kind is kind
    assert reading.value == value
    if jokers is not None:
        assert [str(j) for j in reading.jokers] == jokers


def test_group_joker_stands_for_a_missing_colour() -> None:
    reading = check_meld("r7 b7 *", rules=RUMMIKUB)
    (joker,) = reading.jokers
    assert str(joker) in {"K7", "Y7"}
    reading = check_meld("r13 * *", rules=RUMMIKUB)
    assert sorted(str(j) for j in reading.jokers) == ["B13", "K13"] or len(set(reading.jokers)) == 2


@pytest.mark.parametrize(
    ("meld", "code"),
    [
        ("r7 r7 b7", "group-colour-repeated"),
        ("r5 r6", "run-too-short"),
        ("r5 b6 r7", "mixed-suits"),
        ("r5 r5 r6", "run-duplicate-rank"),
        ("r5 r9 *", "run-gap"),
        ("r5 b5 k5 y5 *", "group-too-large"),
        ("r5 b5", "group-too-small"),
        ("* *", "no-natural-piece"),
        ("", "meld-empty"),
    ],
)
def test_rummikub_invalid_codes(meld: str, code: str) -> None:
    assert code in codes(meld, RUMMIKUB)


def test_three_of_one_tile_is_an_error_not_a_meld() -> None:
    with pytest.raises(InvalidPiecesError) as info:
        meld_violations("r5 r5 r5", rules=RUMMIKUB)
    assert info.value.code == "too-many-copies"
    with pytest.raises(InvalidPiecesError):
        is_valid_meld("* * *", rules=RUMMIKUB)


def test_three_validators_agree_on_invalid() -> None:
    assert not is_valid_meld("r5 r6", rules=RUMMIKUB)
    assert read_meld("r5 r6", rules=RUMMIKUB) is None
    with pytest.raises(InvalidMeldError) as info:
        check_meld("r5 r6", rules=RUMMIKUB)
    assert [v.code for v in info.value.violations] == codes("r5 r6", RUMMIKUB)
    assert "R5 R6" in str(info.value) or "run of 2" in str(info.value)


def test_huge_meld_is_rejected_early() -> None:
    with pytest.raises(LimitExceededError):
        meld_violations(Meld([Card.parse("5h")] * 10_000), rules=CONTRACT_RUMMY)


def test_cards_in_rummikub_are_not_in_game() -> None:
    assert codes(Meld([Card.parse("5h"), Card.parse("6h"), Card.parse("7h")]), RUMMIKUB) == ["piece-not-in-game"]


# --- Contract Rummy (docs/rules/contract-rummy.md) -----------------------------------


def test_contract_sets_allow_repeated_suits() -> None:
    # "Ah As Ah is a set — decks are doubled"
    assert check_meld("Ah As Ah", rules=CONTRACT_RUMMY).kind is MeldKind.GROUP


@pytest.mark.parametrize("meld", ["Jc Qc Kc Ac", "Ac 2c 3c 4c"])
def test_contract_ace_high_or_low(meld: str) -> None:
    assert check_meld(meld, rules=CONTRACT_RUMMY).kind is MeldKind.RUN


def test_contract_run_never_wraps() -> None:
    assert codes("Kc Ac 2c 3c", CONTRACT_RUMMY) == ["run-wraps"]


def test_contract_run_needs_four() -> None:
    assert "run-too-short" in codes("4c 5c 6c", CONTRACT_RUMMY)


def test_contract_run_ace_to_ace_is_14() -> None:
    full = "Ac 2c 3c 4c 5c 6c 7c 8c 9c 10c Jc Qc Kc Ac"
    assert is_valid_meld(full, rules=CONTRACT_RUMMY)
    assert "run-too-long" in codes(full + " *", CONTRACT_RUMMY)


def test_deuces_wild() -> None:
    house = CONTRACT_RUMMY.with_options({"deuces_wild": True})
    reading = check_meld("7h 7s 2d", rules=house)
    assert reading.kind is MeldKind.GROUP and reading.joker_count == 1
    assert not is_valid_meld("7h 7s 2d", rules=CONTRACT_RUMMY)
    # a deuce may still be itself in a run
    assert check_meld("Ac 2c 3c 4c", rules=house).is_pure


# --- Shanghai (docs/rules/shanghai.md) -----------------------------------------------


def test_joker_ratio() -> None:
    # "8 8 * * is fine, 8 * * is not"
    house = SHANGHAI.with_options({"joker_ratio": True})
    assert is_valid_meld("8h 8s * *", rules=house)
    assert codes("8h * *", house) == ["too-many-jokers"]
    assert is_valid_meld("8h * *", rules=SHANGHAI)


def test_shanghai_min_run_option() -> None:
    assert is_valid_meld("4c 5c 6c", rules=SHANGHAI)
    assert not is_valid_meld("4c 5c 6c", rules=SHANGHAI.with_options({"min_run": 4}))


# --- Gin (docs/rules/gin-rummy.md) ---------------------------------------------------


def test_gin_ace_low_only() -> None:
    assert is_valid_meld("Ah 2h 3h", rules=GIN_RUMMY)
    assert codes("Qh Kh Ah", GIN_RUMMY) == ["run-wraps"]


def test_gin_sets_of_three_or_four() -> None:
    assert is_valid_meld("7h 7s 7d 7c", rules=GIN_RUMMY)
    assert "group-too-small" in codes("7h 7s", GIN_RUMMY)


# --- Indian (docs/rules/indian-rummy.md) ---------------------------------------------


def test_indian_wild_card_as_itself_keeps_purity() -> None:
    fives = attrs.evolve(INDIAN_RUMMY, wild_ranks={Rank.FIVE})
    reading = check_meld("4s 5s 6s", rules=fives)
    assert reading.is_pure
    impure = check_meld("4s 5h 6s", rules=fives)
    assert not impure.is_pure and [str(j) for j in impure.jokers] == ["5s"]


def test_indian_sets_need_distinct_suits() -> None:
    assert "group-colour-repeated" in codes("7h 7h 7s", INDIAN_RUMMY)


def test_all_readings_listed() -> None:
    readings = meld_readings("r5 * *", rules=RUMMIKUB)
    kinds = {r.kind for r in readings}
    assert kinds == {MeldKind.GROUP, MeldKind.RUN}
    assert readings[0].as_laid
    assert all(is_valid_meld(r.meld, rules=RUMMIKUB) for r in readings)
