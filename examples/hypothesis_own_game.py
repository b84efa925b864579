"""Test your own game code against rummylib with Hypothesis.

Here "your game" is a small hint feature: given a rack, it suggests the runs of three or more
the player could lay, and shows each one's value. Three properties pin it down, each checked
on racks and melds drawn by `rummylib.testing`:

1. every suggestion is a valid meld, and made only of tiles on the rack;
2. the value shown is the value rummylib's engine reads, jokers included;
3. sorting the rack for display never loses the second copy of a tile.

Run it: it checks each property on a few hundred examples and prints what it checked.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from rummylib import JOKER, RUMMIKUB, Meld, Piece, Tile, check_meld, is_valid_meld, piece_sort_key
from rummylib.testing import racks, valid_melds


def suggest_runs(rack: Sequence[Piece]) -> list[Meld]:
    """Your hint feature: every run of 3+ consecutive tiles of one colour on the rack (no jokers)."""
    tiles = {p for p in rack if isinstance(p, Tile)}
    out = []
    for tile in sorted(tiles, key=piece_sort_key):
        if tile.number > 1 and Tile(tile.color, tile.number - 1) in tiles:
            continue  # not the start of a run
        run = [tile]
        while run[-1].number < 13 and Tile(tile.color, run[-1].number + 1) in tiles:
            run.append(Tile(tile.color, run[-1].number + 1))
        if len(run) >= 3:
            out.append(Meld(run))
    return out


def shown_value(meld: Meld) -> int:
    """Your UI's meld value: ask the engine, which knows what each joker stands for."""
    value = check_meld(meld, rules=RUMMIKUB).value
    assert value is not None
    return value


def display_order(rack: Sequence[Piece]) -> list[Piece]:
    """Your rack display: colours together, numbers up, jokers last."""
    return sorted(rack, key=piece_sort_key)


@settings(max_examples=200, deadline=None)
@given(racks(rules=RUMMIKUB, min_size=10, max_size=30))
def test_suggestions_are_valid_and_from_the_rack(rack: tuple[Piece, ...]) -> None:
    have = Counter(rack)
    for meld in suggest_runs(rack):
        assert is_valid_meld(meld, rules=RUMMIKUB), meld
        assert not Counter(meld.pieces) - have, f"{meld} uses tiles not on the rack"


@settings(max_examples=200, deadline=None)
@given(valid_melds(rules=RUMMIKUB))
def test_shown_value_is_the_engine_value(meld: Meld) -> None:
    reading = check_meld(meld, rules=RUMMIKUB)
    assert shown_value(meld) == reading.value
    naturals = sum(p.number for p in meld if isinstance(p, Tile))
    assert reading.value is not None
    assert reading.value >= naturals + meld.pieces.count(JOKER)


@settings(max_examples=200, deadline=None)
@given(racks(rules=RUMMIKUB, min_size=14, max_size=40), st.randoms(use_true_random=False))
def test_display_keeps_every_tile(rack: tuple[Piece, ...], rnd: object) -> None:
    shuffled = list(rack)
    rnd.shuffle(shuffled)  # type: ignore[attr-defined]
    shown = display_order(shuffled)
    assert Counter(shown) == Counter(rack)
    assert shown == display_order(list(rack))  # the order shown does not depend on the order dealt


def main() -> int:
    checks = [
        test_suggestions_are_valid_and_from_the_rack,
        test_shown_value_is_the_engine_value,
        test_display_keeps_every_tile,
    ]
    for check in checks:
        check()
        print("ok:", check.__name__.removeprefix("test_").replace("_", " "))
    print("example hint for k1 k2 k3 k4 r9 r10 r11 *:", [str(m) for m in suggest_runs(
        [Tile.parse(t) for t in ["k1", "k2", "k3", "k4", "r9", "r10", "r11"]] + [JOKER])])  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
