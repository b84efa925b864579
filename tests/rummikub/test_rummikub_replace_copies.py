"""The box rule for jokers (``joker_retrieval: "replace"``, docs/rules/rummikub.md) with copies of a tile.

A box holds every tile twice, and the two copies are the same tile: a turn is legal under
``replace`` when *some* way of telling the table's copies from the rack's satisfies the rule (the
tile the joker stands for takes its place from the rack, and the freed joker goes into a new set
with at least two rack tiles and no tile that was on the table). The judge once pinned the
table's copy to the freed joker's new set and refused such turns with ``freed-joker-misplaced``.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from rummylib import JOKER, RUMMIKUB, Piece, Tile
from rummylib.decks import full_set
from rummylib.rummikub import validate_turn

REPLACE = RUMMIKUB.with_options({"joker_retrieval": "replace"})
COLORS = RUMMIKUB.colors


def _codes(before: str, rack: str, after: str) -> list[str]:
    report = validate_turn(before, rack, after, rules=REPLACE, initial_meld_done=True)
    return [v.code for v in report.violations]


@pytest.mark.parametrize(
    ("before", "rack", "after"),
    [
        # the rack's B6 takes the joker's place; the joker joins the rack's R7 and B7, while the
        # table's B7 and B8 stay in the run (or the other way round: the copies are the same)
        ("* b7 b8 | y6 k6 b6 r6", "r5 k13 r10 b6 r7 b8 b7", "r7 * b7 | b6 b8 b7 | r6 b6 y6 k6"),
        # the rack's Y6 takes the joker's place; the joker joins the rack's K5 and R5 with a Y5
        ("y5 * y7", "k5 r5 y6 y5", "y5 k5 * r5 | y6 y7 y5"),
        # the same turns with the sets and the tiles in another order
        ("* b7 b8 | r6 y6 k6 b6", "b7 b6 r7", "b6 b7 b8 | k6 y6 b6 r6 | b7 * r7"),
        ("y5 * y7", "y5 y6 r5 k5", "y7 y6 y5 | r5 * k5 y5"),
    ],
)
def test_a_copy_of_a_table_tile_from_the_rack_may_join_the_freed_joker(before: str, rack: str, after: str) -> None:
    assert _codes(before, rack, after) == []


def test_a_tile_only_the_table_has_still_may_not_join_the_freed_joker() -> None:
    # the table's Y5 is the only Y5: the freed joker's set would hold a tile that was on the table
    assert _codes("y5 * y7 y8", "k5 r5 y6", "y6 y7 y8 | y5 k5 * r5") == ["joker-set-broken"]
    # the table's K9 is the only K9: it may not join the freed joker's new set
    found = _codes("r4 * r6 | k9 k10 k11 k12", "r5 k8 k13", "r4 r5 r6 | k10 k11 k12 k13 | k8 k9 *")
    assert found == ["freed-joker-misplaced"]
    # with a second Y5 from the rack the same table is legal
    assert _codes("y5 * y7 y8", "k5 r5 y6 y5", "y5 y6 y7 y8 | y5 k5 * r5") == []


# ------------------------------------------------------------------------------------------
# Legal turns under "replace", built by construction
# ------------------------------------------------------------------------------------------


@st.composite
def _joker_set(draw: st.DrawFn) -> tuple[list[Piece], Tile]:
    """A set holding one joker, and the tile the joker stands for (its replacement)."""
    if draw(st.booleans()):
        color = draw(st.sampled_from(COLORS))
        size = draw(st.integers(3, 5))
        start = draw(st.integers(1, 14 - size))
        run: list[Piece] = [Tile(color, n) for n in range(start, start + size)]
        at = draw(st.integers(0, size - 1))
        wanted = run[at]
        run[at] = JOKER
        assert isinstance(wanted, Tile)
        return run, wanted
    number = draw(st.integers(1, 13))
    colors = draw(st.permutations(COLORS))
    size = draw(st.integers(3, 4))
    group: list[Piece] = [Tile(c, number) for c in colors[: size - 1]]
    replacement = Tile(draw(st.sampled_from(colors[size - 1 :])), number)
    return [*group, JOKER], replacement


@st.composite
def _joker_partners(draw: st.DrawFn) -> list[Piece]:
    """Two tiles that make a valid set with a joker."""
    if draw(st.booleans()):
        number = draw(st.integers(1, 13))
        a, b = draw(st.permutations(COLORS))[:2]
        return [Tile(a, number), Tile(b, number)]
    color = draw(st.sampled_from(COLORS))
    low = draw(st.integers(1, 12))
    gap = draw(st.integers(1, 2)) if low <= 11 else 1
    return [Tile(color, low), Tile(color, low + gap)]


@st.composite
def _plain_set(draw: st.DrawFn) -> list[Piece]:
    if draw(st.booleans()):
        color = draw(st.sampled_from(COLORS))
        size = draw(st.integers(3, 5))
        start = draw(st.integers(1, 14 - size))
        return [Tile(color, n) for n in range(start, start + size)]
    number = draw(st.integers(1, 13))
    colors = draw(st.permutations(COLORS))
    return [Tile(c, number) for c in colors[: draw(st.integers(3, 4))]]


@st.composite
def replace_turns(draw: st.DrawFn) -> tuple[str, str, str]:
    """(table before, rack, table after) of a legal joker retrieval under ``replace``.

    A joker is taken out of its set with the tile it stands for from the rack, and makes a new set
    with two rack tiles; other sets stay. The rack's tiles are drawn near the table's numbers, so
    that copies of table tiles are common, and the sets after the turn and the tiles inside them
    are shuffled, so that the judge cannot tell the table's copy from the rack's by position.
    """
    joker_set, replacement = draw(_joker_set())
    partners = draw(_joker_partners())
    others = draw(st.lists(_plain_set(), max_size=3))
    # copies: the partners or the replacement also on the table, or spare rack tiles
    spare = draw(st.lists(st.sampled_from([t for s in others for t in s] or [replacement]), max_size=3))
    before = [joker_set, *others]
    rack: list[Piece] = [replacement, *partners, *spare]
    box = Counter(full_set(RUMMIKUB))
    used = Counter(p for s in before for p in s) + Counter(rack)
    assume(all(box[p] >= n for p, n in used.items()))
    kept = [replacement if p is JOKER else p for p in joker_set]
    new_set: list[Piece] = [*partners, JOKER]
    after = [kept, new_set, *others]
    rng = draw(st.randoms(use_true_random=False))
    rng.shuffle(after)
    for s in after:
        if len({p.number for p in s if isinstance(p, Tile)}) == 1:  # a group: any order
            rng.shuffle(s)
    for s in before:
        if len({p.number for p in s if isinstance(p, Tile)}) == 1:
            rng.shuffle(s)
    rng.shuffle(rack)

    def text(sets: list[list[Piece]]) -> str:
        return " | ".join(" ".join(str(p) for p in s) for s in sets)

    return text(before), " ".join(str(p) for p in rack), text(after)


@given(replace_turns())
def test_a_joker_retrieved_by_the_box_rule_is_accepted(turn: tuple[str, str, str]) -> None:
    before, rack, after = turn
    report = validate_turn(before, rack, after, rules=REPLACE, initial_meld_done=True)
    assert report.valid, (before, rack, after, [str(v) for v in report.violations])
