"""The round tables of Contract Rummy (docs/rules/contract-rummy.md) and Shanghai (docs/rules/shanghai.md), as data in rules.py."""

import pytest

from rummylib import CONTRACT_RUMMY, SHANGHAI, Contract, RuleSetError
from rummylib.contracts import contract_for


def test_contract_rummy_table() -> None:
    """docs/rules/contract-rummy.md "Rounds and contracts": 7 rounds, 10 cards in rounds 1-4 and 12 in rounds 5-7."""
    expected = [(10, 2, 0), (10, 1, 1), (10, 0, 2), (10, 3, 0), (12, 2, 1), (12, 1, 2), (12, 0, 3)]
    assert len(CONTRACT_RUMMY.rounds) == 7
    for n, (cards, sets, runs) in enumerate(expected, start=1):
        rnd = CONTRACT_RUMMY.round(n)
        c = rnd.contract
        assert (rnd.cards, c.sets, c.runs) == (cards, sets, runs)
        # "a set of exactly 3, a run of exactly 4" — except round 7, runs of 4 or more.
        assert (c.set_size, c.run_size) == (3, 4)
        assert c.exact is (n != 7)
        assert c.whole_hand is (n == 7)


def test_shanghai_table() -> None:
    """docs/rules/shanghai.md "Rounds": 10 rounds of 11 cards; the contract's numbers are minimums."""
    expected = [
        (2, 0, 3, 4),
        (1, 1, 3, 4),
        (0, 2, 3, 4),
        (3, 0, 3, 4),
        (1, 1, 3, 7),
        (2, 1, 3, 5),
        (0, 3, 3, 4),
        (1, 1, 3, 10),
        (3, 1, 3, 5),
        (0, 3, 3, 5),
    ]
    assert len(SHANGHAI.rounds) == 10
    for n, (sets, runs, set_size, run_size) in enumerate(expected, start=1):
        rnd = SHANGHAI.round(n)
        c = rnd.contract
        assert rnd.cards == 11
        assert c.sets == sets
        assert c.runs == runs
        if sets:
            assert c.set_size == set_size
        if runs:
            assert c.run_size == run_size
        assert not c.exact
        assert not c.whole_hand


@pytest.mark.parametrize(("rules", "bad"), [(CONTRACT_RUMMY, 8), (CONTRACT_RUMMY, 0), (SHANGHAI, 11), (SHANGHAI, -1)])
def test_unknown_round(rules, bad) -> None:
    """A contract round 11 is an error with a stable code, never a crash."""
    with pytest.raises(RuleSetError) as info:
        contract_for(rules=rules, round_number=bad)
    assert info.value.code == "unknown-round"


def test_exactly_one_of_round_and_contract() -> None:
    with pytest.raises(TypeError):
        contract_for(rules=SHANGHAI)
    with pytest.raises(TypeError):
        contract_for(rules=SHANGHAI, round_number=1, contract=Contract(sets=1))
    assert contract_for(rules=SHANGHAI, contract=Contract(sets=1)) == Contract(sets=1)


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"sets": 9}, "contract sets must be a whole number from 0 to 6, not 9"),
        ({"runs": 1, "run_size": 2}, "contract run_size must be a whole number from 3 to 14, not 2"),
        ({"sets": 1, "set_size": "3"}, "contract set_size must be a whole number from 2 to 14, not '3'"),
    ],
)
def test_bad_contract_fields_are_rule_set_errors(fields: dict[str, object], message: str) -> None:
    """A contract out of range is a `RuleSetError` naming the field, never a bare ValueError."""
    with pytest.raises(RuleSetError) as info:
        Contract(**fields)  # type: ignore[arg-type]
    assert info.value.message == message and info.value.code == "bad-option"
