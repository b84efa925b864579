"""A turn report counts in one table: melds after the turn are ``meld N``, sets before it are named by their tiles.

The report used to say "set 1 (R3 R4 R5 R6) split into sets 1 (R3 R4 R5) and 2 (...)", with "set 1"
meaning a set of the table before and a set of the table after in one sentence, beside problems
that said "meld 2" for the table after.
"""

from __future__ import annotations

import re

import pytest

from rummylib import RUMMIKUB, validate_turn

TURNS = [
    # (before, rack, after, initial_meld_done, replace rule): docs/rules/rummikub.md manipulations, legal and not
    ("r3 r4 r5 r6 | k9 b9 y9", "r7 r9 * k1", "r3 r4 r5 | r6 r7 * | k9 b9 y9 r9", True, False),
    ("k5 k6 k7", "r1", "k5 k6", True, False),
    ("r1 r2 r3 | r4 r5 r6", "r7", "r1 r2 r3 r4 r5 r6 r7", True, False),
    ("k1 k2 k3 | y5 y6 y7", "b1", "y5 y6 y7", True, False),
    ("r1 r2 r3 r4 r5 r6", "r10 r11 r12", "r1 r2 r3 | r4 r5 r6 | r10 r11 r12", False, False),
    ("r3 r4 r5 | k7 b7 y7 r7", "b2", "r3 r4 r5 | k7 b7 y7 | r7 b2", True, False),
    ("r4 r5 r6 *", "k1", "r4 r5 r6 | * k1", True, True),
    ("r3 r4 r5 * r7 r8", "r6 b9", "r3 r4 r5 | r6 r7 r8 | * b9", True, True),
]


def _sentences(before: str, rack: str, after: str, opened: bool, replace: bool) -> list[str]:
    rules = RUMMIKUB.with_options({"joker_retrieval": "replace"}) if replace else RUMMIKUB
    report = validate_turn(before, rack, after, rules=rules, initial_meld_done=opened)
    return [str(v) for v in report.violations] + [c.text for c in report.changes.sets]


@pytest.mark.parametrize("turn", TURNS)
def test_no_sentence_numbers_a_set(turn: tuple[str, str, str, bool, bool]) -> None:
    for sentence in _sentences(*turn):
        assert not re.search(r"\bsets? \d", sentence), sentence  # numbered things are melds of the table after
        assert "table set" not in sentence


def _numbered(sentence: str) -> list[tuple[str, str]]:
    """``(number, tiles)`` of every ``meld N (tiles)`` and ``melds N (tiles), M (tiles) and K (tiles)``.

    A problem's place (``meld 3 (B2): ...``) names the pieces at fault, which may be fewer.
    """
    found = re.findall(r"(?<!^)\bmeld (\d+) \(([^)]*)\)", sentence)
    for group in re.findall(r"\bmelds ((?:\d+ \([^)]*\)(?:, | and )?)+)", sentence):
        found += re.findall(r"(\d+) \(([^)]*)\)", group)
    return found


@pytest.mark.parametrize("turn", TURNS)
def test_every_numbered_meld_is_the_meld_of_the_table_after(turn: tuple[str, str, str, bool, bool]) -> None:
    after = [m.strip().upper() for m in turn[2].split("|")]
    for sentence in _sentences(*turn):
        for number, tiles in _numbered(sentence):
            assert after[int(number) - 1] == tiles, sentence
    assert any(_numbered(sentence) for sentence in _sentences(*turn)) or "left the table" in " ".join(_sentences(*turn))


def test_a_joker_problem_places_itself_on_the_meld_after() -> None:
    rules = RUMMIKUB.with_options({"joker_retrieval": "replace"})
    report = validate_turn("r4 r5 r6 *", "k1", "r4 r5 r6 | * k1", rules=rules, initial_meld_done=True)
    (v,) = [v for v in report.violations if v.code == "joker-not-replaced"]
    assert str(v).startswith("meld 1 (R4 R5 R6): a joker left R4 R5 R6 * on the table without")


def test_the_tutorial_turn_in_words() -> None:
    before = "r3 r4 r5 r6 | k9 b9 y9 | b10 b11 b12 b13"
    after = "r3 r4 r5 | r6 r7 * | k9 b9 y9 r9 | b10 b11 b12 b13"
    report = validate_turn(before, "r7 r9 * k1", after, rules=RUMMIKUB, initial_meld_done=True)
    assert str(report.changes).splitlines() == [
        "R3 R4 R5 R6 split into melds 1 (R3 R4 R5) and 2 (R6 R7 *), with R7 * from the rack",
        "K9 B9 Y9 extended to meld 3 (K9 B9 Y9 R9), with R9 from the rack",
    ]
    missing = validate_turn("k5 k6 k7", "r1", "k5 k6", rules=RUMMIKUB, initial_meld_done=True).violations[1]
    assert str(missing) == (
        "K7 (from K5 K6 K7 on the table before) is no longer on the table; no tile may go back to a rack"
        " [table-tile-missing]"
    )
