"""Checking a meld-down against a contract: one test per rule of docs/rules/contract-rummy.md and docs/rules/shanghai.md."""

from collections import Counter

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from rummylib import (
    CONTRACT_RUMMY,
    SHANGHAI,
    Contract,
    ContractNotMetError,
    InvalidPiecesError,
    Meld,
    MeldKind,
    NotationError,
    RuleSetError,
    parse_pieces,
)
from rummylib.contracts import check_contract, contract_violations, is_legal_contract
from rummylib.testing import runs

CR = CONTRACT_RUMMY
SH = SHANGHAI


def codes(melds, **kw) -> list[str]:
    return [v.code for v in contract_violations(melds, **kw)]


def agree(melds, **kw) -> bool:
    """The three validators agree; returns the verdict."""
    problems = contract_violations(melds, **kw)
    met = is_legal_contract(melds, **kw)
    try:
        check_contract(melds, **kw)
        raised = None
    except ContractNotMetError as exc:
        raised = exc
    assert met is (not problems)
    assert (raised is None) is met
    if raised is not None:
        assert raised.violations == problems
    return met


# --- Contract Rummy (docs/rules/contract-rummy.md) ----------------------------------------


@pytest.mark.parametrize(
    ("round_number", "melds"),
    [
        (1, ["7h 7s 7d", "Kc Kd Kh"]),
        (2, ["7h 7s 7d", "4c 5c 6c 7c"]),
        (3, ["4c 5c 6c 7c", "9h 10h Jh Qh"]),
        (4, ["7h 7s 7d", "Kc Kd Kh", "As Ah As"]),
        (5, ["7h 7s 7d", "Kc Kd Kh", "4c 5c 6c 7c"]),
        (6, ["7h 7s 7d", "4c 5c 6c 7c", "9h 10h Jh Qh"]),
    ],
)
def test_contract_rummy_contracts_met(round_number, melds) -> None:
    """docs/rules/contract-rummy.md table: each round's contract, with exactly the cards it needs."""
    assert agree(melds, round_number=round_number, rules=CR)


def test_set_suits_free_decks_doubled() -> None:
    """docs/rules/contract-rummy.md Melds: "Ah As Ah is a set — decks are doubled"."""
    assert agree(["Ah As Ah", "7c 7c 7d"], round_number=1, rules=CR)


def test_exact_sizes_in_contract_rummy() -> None:
    """docs/rules/contract-rummy.md "a set of exactly 3, a run of exactly 4 (so 6 cards in round 1, 7 in round 2)"."""
    assert codes(["7h 7s 7d 7c", "Kc Kd Kh"], round_number=1, rules=CR) == ["contract-set-size"]
    assert codes(["7h 7s 7d", "4c 5c 6c 7c 8c"], round_number=2, rules=CR) == ["contract-run-size"]
    problems = contract_violations(["7h 7s 7d", "4c 5c 6c 7c 8c"], round_number=2, rules=CR)
    assert problems[0].meld_index == 1


def test_short_melds_report_the_contract_size() -> None:
    """A 3-card run or a pair is not the contract's size (reported as such, not 'not a meld')."""
    assert codes(["7h 7s", "Kc Kd Kh"], round_number=1, rules=CR) == ["contract-set-size"]
    assert codes(["7h 7s 7d", "4c 5c 6c"], round_number=2, rules=CR) == ["contract-run-size"]


def test_wrong_number_of_melds() -> None:
    assert codes(["7h 7s 7d"], round_number=1, rules=CR) == ["contract-meld-count"]
    assert "contract-meld-count" in codes(["7h 7s 7d", "8h 8s 8d", "9h 9s 9d"], round_number=1, rules=CR)


def test_wrong_kind_of_melds() -> None:
    """Round 2 needs one set and one run: two sets (or two runs) are the wrong kinds."""
    assert codes(["7h 7s 7d", "8h 8s 8d"], round_number=2, rules=CR) == ["contract-meld-kinds"]
    assert codes(["4c 5c 6c 7c", "9h 10h Jh Qh"], round_number=2, rules=CR) == ["contract-meld-kinds"]


def test_ace_high_or_low() -> None:
    """docs/rules/contract-rummy.md: "Jc Qc Kc Ac and Ac 2c 3c 4c are runs"."""
    assert agree(["Jc Qc Kc Ac", "Ac 2c 3c 4c"], round_number=3, rules=CR)


def test_run_never_wraps() -> None:
    """docs/rules/contract-rummy.md: "Kc Ac 2c 3c is not" a run; the meld engine's run-wraps is passed through at its index."""
    problems = contract_violations(["7h 7s 7d", "Kc Ac 2c 3c"], round_number=2, rules=CR)
    assert [v.code for v in problems] == ["run-wraps"]
    assert problems[0].meld_index == 1
    assert not agree(["7h 7s 7d", "Kc Ac 2c 3c"], round_number=2, rules=CR)


def test_invalid_meld_reports_meld_problems() -> None:
    problems = contract_violations(["7h 8s 7d", "4c 5d 6c 7c"], round_number=2, rules=CR)
    assert {v.meld_index for v in problems} == {0, 1}
    assert "mixed-suits" in [v.code for v in problems]


def test_two_runs_of_one_suit_must_not_continue() -> None:
    """docs/rules/contract-rummy.md: "2 3 4 5 and 7 8 9 10 of clubs are two runs, 2 … 9 of clubs is one"."""
    assert agree(["2c 3c 4c 5c", "7c 8c 9c 10c"], round_number=3, rules=CR)
    assert codes(["2c 3c 4c 5c", "6c 7c 8c 9c"], round_number=3, rules=CR) == ["contract-runs-continue"]
    assert codes(["6c 7c 8c 9c", "2c 3c 4c 5c"], round_number=3, rules=CR) == ["contract-runs-continue"]
    # Different suits may continue each other.
    assert agree(["2c 3c 4c 5c", "6h 7h 8h 9h"], round_number=3, rules=CR)
    # Runs of one suit that overlap (doubled decks) do not continue each other.
    assert agree(["2c 3c 4c 5c", "4c 5c 6c 7c"], round_number=3, rules=CR)


def test_joker_placement_chosen_to_meet_contract() -> None:
    """A run whose joker could sit at either end is counted the way that meets the contract."""
    # '* 6c 7c 8c' reads as 5c-8c as laid, continuing 'Ac 2c 3c 4c'; as 6c-9c it does not.
    melds = ["Ac 2c 3c 4c", "6c 7c 8c *"]
    assert agree(melds, round_number=3, rules=CR)
    down = check_contract(melds, round_number=3, rules=CR)
    assert [str(j) for j in down.readings[1].jokers] == ["9c"]


def test_meld_read_as_set_or_run_counts_as_needed() -> None:
    """A meld that is a set or a run is counted as the kind the contract needs."""
    either = "7h * *"  # a set of three 7s, or a run 7h-9h (or 5h-7h, 6h-8h)
    mine = Contract(sets=1, runs=1, run_size=3)
    assert agree(["7c 7d 7s", either], contract=mine, rules=SH)
    down = check_contract(["7c 7d 7s", either], contract=mine, rules=SH)
    assert [r.kind for r in down.readings] == [MeldKind.GROUP, MeldKind.RUN]
    assert agree([either, "8c 9c 10c"], contract=mine, rules=SH)
    down = check_contract([either, "8c 9c 10c"], contract=mine, rules=SH)
    assert [r.kind for r in down.readings] == [MeldKind.GROUP, MeldKind.RUN]
    # Contract Rummy round 2: '7h * * *' is a set of 4 (wrong size) or a run of exactly 4.
    assert agree(["7c 7d 7s", "7h * * *"], round_number=2, rules=CR)


def test_round_7_takes_the_whole_hand() -> None:
    """docs/rules/contract-rummy.md: round 7, three runs of 4 or more holding every card in hand but at most one."""
    melds = ["4c 5c 6c 7c 8c", "9h 10h Jh Qh", "3s 4s 5s 6s"]
    hand13 = "4c 5c 6c 7c 8c 9h 10h Jh Qh 3s 4s 5s 6s"
    assert agree(melds, round_number=7, rules=CR, hand=hand13)
    assert agree(melds, round_number=7, rules=CR, hand=hand13 + " Kd")  # one card left: the discard
    assert codes(melds, round_number=7, rules=CR, hand=hand13 + " Kd Qd") == ["contract-whole-hand"]
    # Runs of 4 *or more* in round 7.
    assert agree(["4c 5c 6c 7c 8c 9c", "9h 10h Jh Qh", "3s 4s 5s"[:0] + "3s 4s 5s 6s"], round_number=7, rules=CR)


def test_round_7_without_hand_needs_the_dealt_cards() -> None:
    """Without a hand, a whole-hand round's melds must hold at least the cards dealt."""
    melds = ["4c 5c 6c 7c", "9h 10h Jh Qh", "3s 4s 5s 6s"]
    assert agree(melds, round_number=7, rules=CR)  # 12 cards: as many as were dealt
    longer = attrs.evolve(CR, rounds=(*CR.rounds[:6], attrs.evolve(CR.rounds[6], cards=14)))
    assert codes(melds, round_number=7, rules=longer) == ["contract-whole-hand"]
    # A whole-hand contract passed directly, with no hand, cannot be checked for it.
    assert agree(melds, contract=CR.round(7).contract, rules=CR)


def test_cards_not_in_hand() -> None:
    problems = contract_violations(["7h 7s 7d", "8c 8s 8h"], round_number=1, rules=CR, hand="7h 7s 7d 8c 8s Kd Qd")
    assert [v.code for v in problems] == ["contract-not-in-hand"]
    assert [str(p) for p in problems[0].pieces] == ["8h"]
    # A joker in a meld must be a joker of the hand.
    assert codes(["7h 7s *", "8c 8s 8h"], round_number=1, rules=CR, hand="7h 7s 7d 8c 8s 8h") == [
        "contract-not-in-hand"
    ]
    assert agree(["7h 7s *", "8c 8s 8h"], round_number=1, rules=CR, hand=parse_pieces("7h 7s * 8c 8s 8h 2d"))


def test_deuces_wild() -> None:
    """docs/rules/contract-rummy.md option deuces_wild: every 2 is also a joker."""
    rules = CR.with_options({"deuces_wild": True})
    assert agree(["7h 7s 2d", "4c 5c 2h 7c"], round_number=2, rules=rules)
    assert not agree(["7h 7s 2d", "4c 5c 2h 7c"], round_number=2, rules=CR)
    # A 2 can still be itself.
    assert agree(["2h 2s 2d", "Ac 2c 3c 4c"], round_number=2, rules=rules)


# --- Shanghai (docs/rules/shanghai.md) ----------------------------------------------------


def test_shanghai_sizes_are_minimums() -> None:
    """docs/rules/shanghai.md: "a run of 7 is 7 or more cards"; sets of 3 or more."""
    assert agree(["7h 7s 7d 7c", "4c 5c 6c 7c 8c 9c 10c"], round_number=5, rules=SH)
    assert agree(["7h 7s 7d", "4c 5c 6c 7c 8c 9c 10c Jc"], round_number=5, rules=SH)
    assert codes(["7h 7s 7d", "4c 5c 6c 7c 8c 9c"], round_number=5, rules=SH) == ["contract-run-size"]
    assert agree(["7h 7s 7d", "Ac 2c 3c 4c 5c 6c 7c 8c 9c 10c"], round_number=8, rules=SH)


def test_shanghai_runs_must_not_continue() -> None:
    """docs/rules/shanghai.md: "two runs of one suit in a contract must not continue each other"."""
    assert codes(["2c 3c 4c 5c", "6c 7c 8c 9c"], round_number=3, rules=SH) == ["contract-runs-continue"]
    assert agree(["2c 3c 4c 5c", "7c 8c 9c 10c"], round_number=3, rules=SH)


def test_shanghai_every_round() -> None:
    melds = {
        1: ["7h 7s 7d", "Kc Kd Kh"],
        2: ["7h 7s 7d", "4c 5c 6c 7c"],
        3: ["4c 5c 6c 7c", "9h 10h Jh Qh"],
        4: ["7h 7s 7d", "Kc Kd Kh", "As Ah As"],
        5: ["7h 7s 7d", "4c 5c 6c 7c 8c 9c 10c"],
        6: ["7h 7s 7d", "Kc Kd Kh", "4c 5c 6c 7c 8c"],
        7: ["4c 5c 6c 7c", "9h 10h Jh Qh", "3s 4s 5s 6s"],
        8: ["7h 7s 7d", "Ac 2c 3c 4c 5c 6c 7c 8c 9c 10c"],
        9: ["7h 7s 7d", "Kc Kd Kh", "As Ah As", "4c 5c 6c 7c 8c"],
        10: ["4c 5c 6c 7c 8c", "9h 10h Jh Qh Kh", "2s 3s 4s 5s 6s"],
    }
    for n, laid in melds.items():
        assert agree(laid, round_number=n, rules=SH), n
        if n > 1:
            assert not agree(laid, round_number=n - 1, rules=SH), n


def test_joker_ratio() -> None:
    """docs/rules/shanghai.md joker_ratio: "8 8 * * is fine, 8 * * is not"."""
    rules = SH.with_options({"joker_ratio": True})
    assert agree(["8h 8s * *", "Kc Kd Kh"], round_number=1, rules=rules)
    problems = contract_violations(["8h * *", "Kc Kd Kh"], round_number=1, rules=rules)
    assert [v.code for v in problems] == ["too-many-jokers"]
    assert problems[0].meld_index == 0
    assert agree(["8h * *", "Kc Kd Kh"], round_number=1, rules=SH)


# --- user-defined contracts and bad input ---------------------------------------------------


def test_user_contract() -> None:
    mine = Contract(sets=1, runs=2, set_size=4, run_size=5)
    assert agree(["7h 7s 7d 7c", "4c 5c 6c 7c 8c", "9h 10h Jh Qh Kh"], contract=mine, rules=SH)
    assert codes(["7h 7s 7d", "4c 5c 6c 7c 8c", "9h 10h Jh Qh Kh"], contract=mine, rules=SH) == ["contract-set-size"]
    exact = Contract(runs=1, run_size=3, exact=True)
    assert agree(["4c 5c 6c"], contract=exact, rules=CR)  # a contract may ask for shorter runs
    assert codes(["4c 5c 6c 7c"], contract=exact, rules=CR) == ["contract-run-size"]


def test_table_notation_and_piece_sequences() -> None:
    assert agree("7h 7s 7d | 4c 5c 6c 7c", round_number=2, rules=CR)
    assert agree([Meld.parse("7h 7s 7d"), parse_pieces("4c 5c 6c 7c")], round_number=2, rules=CR)


def test_bad_input_raises_library_errors() -> None:
    with pytest.raises(RuleSetError) as info:
        contract_violations(["7h 7s 7d"], round_number=8, rules=CR)
    assert info.value.code == "unknown-round"
    with pytest.raises(NotationError):
        contract_violations(["7h 7s 7x"], round_number=1, rules=CR)
    with pytest.raises(NotationError):
        contract_violations(["r5 r6 r7"], round_number=1, rules=CR)
    with pytest.raises(InvalidPiecesError):
        contract_violations(["7h 7h 7h", "7h 8c 8c 8c"], round_number=1, rules=CR)
    with pytest.raises(InvalidPiecesError):
        contract_violations(["7h 7s 7d"], round_number=1, rules=CR, hand="7h 7h 7h 7h")
    with pytest.raises(TypeError):
        contract_violations(["7h 7s 7d"], rules=CR)
    with pytest.raises(TypeError):
        contract_violations(Meld.parse("7h 7s 7d"), round_number=1, rules=CR)  # type: ignore[arg-type]


def test_messages_name_the_meld_and_the_code() -> None:
    problems = contract_violations(["7h 7s 7d 7c", "Kc Kd Kh"], round_number=1, rules=CR)
    assert str(problems[0]).startswith("meld 1 (7h 7s 7d 7c): set of 4 cards")
    assert str(problems[0]).endswith("[contract-set-size]")
    assert problems[0].to_json()["meld"] == 0


# --- properties ----------------------------------------------------------------------------------

_RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
_sets = st.builds(
    lambda r, suits: " ".join(f"{_RANKS[r]}{s}" for s in suits),
    st.integers(0, 12),
    st.lists(st.sampled_from("cdhs"), min_size=2, max_size=5).filter(lambda xs: all(xs.count(x) <= 2 for x in xs)),
)
_melds = st.lists(st.one_of(_sets, runs(rules=CR, jokers=False).map(str)), min_size=1, max_size=4)


@given(_melds, st.sampled_from([1, 2, 3, 4, 5, 6]), st.randoms(use_true_random=False))
def test_validators_agree_and_order_does_not_matter(melds, round_number, rng) -> None:
    """The three functions agree; the order of the melds never changes the verdict."""
    counts = Counter(p for m in melds for p in parse_pieces(m))
    if any(n > CR.copies for n in counts.values()):
        return
    verdict = agree(melds, round_number=round_number, rules=CR)
    shuffled = list(melds)
    rng.shuffle(shuffled)
    assert agree(shuffled, round_number=round_number, rules=CR) is verdict
