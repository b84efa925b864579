"""Property tests for Rummikub turns and scores (docs/rules/rummikub.md).

A strategy builds a legal turn constructively: runs of the table before are cut differently after
the turn (split, join), extended at either end with rack tiles, groups of three get a fourth tile,
jokers are retrieved by the tile they stand for and reused in a new set, and new sets are laid
from the rack. Every such turn must validate and report exactly the rack tiles used.
"""

from __future__ import annotations

import itertools
import json
from collections import Counter
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rummylib import JOKER, RUMMIKUB, IllegalTurnError, Piece, RuleId, Tile
from rummylib.decks import full_set
from rummylib.rummikub import check_turn, is_legal_turn, score_rummikub, turn_violations, validate_turn
from rummylib.testing import racks

COLORS = RUMMIKUB.colors


def _cut(draw: st.DrawFn, items: list[Piece]) -> list[list[Piece]]:
    """Cut a run into consecutive pieces of at least 3."""
    parts: list[list[Piece]] = []
    start = 0
    while len(items) - start >= 6 and draw(st.booleans()):
        size = draw(st.integers(3, len(items) - start - 3))
        parts.append(items[start : start + size])
        start += size
    parts.append(items[start:])
    return parts


@st.composite
def legal_turns(draw: st.DrawFn) -> dict[str, Any]:
    box = Counter(full_set(RUMMIKUB))
    before: list[list[Piece]] = []
    after: list[list[Piece]] = []
    rack: list[Piece] = []
    played: Counter[Piece] = Counter()

    def available(tiles: list[Piece]) -> bool:
        need = Counter(tiles)
        return all(box[p] >= n for p, n in need.items())

    def take(tiles: list[Piece]) -> None:
        box.subtract(tiles)

    def fresh_run(with_joker: bool) -> list[Piece] | None:
        color = draw(st.sampled_from(COLORS))
        start = draw(st.integers(1, 11))
        tiles: list[Piece] = [Tile(color, n) for n in range(start, start + 3)]
        if with_joker:
            tiles[draw(st.integers(0, 2))] = JOKER
        naturals = [t for t in tiles if t != JOKER]
        if not available(naturals):
            return None
        take(naturals)
        return tiles

    # runs of the table before, re-cut after the turn and maybe extended from the rack
    for _ in range(draw(st.integers(0, 5))):
        color = draw(st.sampled_from(COLORS))
        lo = draw(st.integers(1, 11))
        hi = draw(st.integers(lo + 2, 13))
        down = draw(st.integers(0, min(2, lo - 1)))
        up = draw(st.integers(0, min(2, 13 - hi)))
        table_part: list[Piece] = [Tile(color, n) for n in range(lo, hi + 1)]
        extra_low: list[Piece] = [Tile(color, n) for n in range(lo - down, lo)]
        extra_high: list[Piece] = [Tile(color, n) for n in range(hi + 1, hi + 1 + up)]
        if not available(table_part + extra_low + extra_high):
            continue
        take(table_part + extra_low + extra_high)
        old = list(table_part)
        if box[JOKER] and draw(st.booleans()):
            # a joker stands in the run before the turn; the real tile comes from the rack,
            # and the joker goes into a new run with two rack tiles
            spot = draw(st.integers(0, len(old) - 1))
            new_set = fresh_run(with_joker=True)
            if new_set is not None:
                take([JOKER])
                rack.append(old[spot])
                played[old[spot]] += 1
                old[spot] = JOKER
                rack.extend(t for t in new_set if t != JOKER)
                played.update(t for t in new_set if t != JOKER)
                after.append(new_set)
        before.extend(_cut(draw, old))
        rack.extend(extra_low + extra_high)
        played.update(extra_low + extra_high)
        after.extend(_cut(draw, extra_low + table_part + extra_high))

    # groups of three before, maybe a fourth colour from the rack after
    for _ in range(draw(st.integers(0, 3))):
        number = draw(st.integers(1, 13))
        colors = draw(st.permutations(COLORS))
        group: list[Piece] = [Tile(c, number) for c in colors[:3]]
        fourth: Piece = Tile(colors[3], number)
        if not available(group):
            continue
        take(group)
        before.append(group)
        new_group = list(group)
        if available([fourth]) and draw(st.booleans()):
            take([fourth])
            rack.append(fourth)
            played[fourth] += 1
            new_group.append(fourth)
        after.append(draw(st.permutations(new_group)))

    # new sets straight from the rack, and rack tiles that stay on the rack
    for _ in range(draw(st.integers(0 if played else 1, 2))):
        new_set = fresh_run(with_joker=bool(box[JOKER]) and draw(st.booleans()))
        if new_set is not None:
            if JOKER in new_set:
                take([JOKER])
            rack.extend(new_set)
            played.update(new_set)
            after.append(new_set)
    for _ in range(draw(st.integers(0, 4))):
        piece = draw(st.sampled_from(sorted(+box, key=str)))
        take([piece])
        rack.append(piece)
    after = draw(st.permutations(after))
    return {"before": before, "rack": draw(st.permutations(rack)), "after": after, "played": played}


def _validate(turn: dict[str, Any], after: list[list[Piece]] | None = None) -> Any:
    return validate_turn(
        turn["before"], turn["rack"], turn["after"] if after is None else after, rules=RUMMIKUB, initial_meld_done=True
    )


@given(legal_turns())
def test_legal_rearrangements_validate_and_report_the_rack_tiles_played(turn: dict[str, Any]) -> None:
    report = _validate(turn)
    if not turn["played"]:
        assert [v.code for v in report.violations] == [RuleId.NO_TILE_PLAYED]
        return
    assert report.valid, str(report)
    assert Counter(report.played) == turn["played"]
    assert len(report.changes.placed) == len(report.played)
    assert Counter(m.piece for m in report.changes.placed) == turn["played"]


@given(legal_turns())
def test_legal_turns_conserve_tiles(turn: dict[str, Any]) -> None:
    report = _validate(turn)
    if report.valid:
        before = Counter(p for m in turn["before"] for p in m)
        after = Counter(p for m in turn["after"] for p in m)
        assert before + Counter(report.played) == after
        assert Counter(report.played) <= Counter(turn["rack"])


@given(legal_turns(), st.data())
def test_removing_a_table_tile_always_fails(turn: dict[str, Any], data: st.DataObject) -> None:
    before = Counter(p for m in turn["before"] for p in m)
    spots = [
        (i, k) for i, m in enumerate(turn["after"]) for k, p in enumerate(m) if before[p] and not turn["played"][p]
    ]
    if not spots:
        return
    i, k = data.draw(st.sampled_from(spots))
    after = [list(m) for m in turn["after"]]
    gone = after[i].pop(k)
    after = [m for m in after if m]
    report = _validate(turn, after)
    assert not report.valid
    missing = [v for v in report.violations if v.code is RuleId.TABLE_TILE_MISSING]
    assert [v.pieces for v in missing] == [(gone,)]


@given(legal_turns(), st.data())
def test_adding_a_tile_from_nowhere_always_fails(turn: dict[str, Any], data: st.DataObject) -> None:
    held = Counter(p for m in turn["before"] for p in m) + Counter(turn["rack"])
    left_on_rack = Counter(turn["rack"]) - turn["played"]

    def limit(p: Piece) -> int:
        return RUMMIKUB.max_jokers if p == JOKER else RUMMIKUB.copies

    choices = sorted((p for p in set(full_set(RUMMIKUB)) if held[p] < limit(p) and not left_on_rack[p]), key=str)
    extra = data.draw(st.sampled_from(choices))
    after: list[list[Piece]] = [list(m) for m in turn["after"]]
    into_a_set = data.draw(st.booleans())
    if after and into_a_set:
        after[data.draw(st.integers(0, len(after) - 1))].append(extra)
    else:
        after.append([extra])
    report = _validate(turn, after)
    assert not report.valid
    assert RuleId.TILE_FROM_NOWHERE in {v.code for v in report.violations}


@given(st.data(), st.integers(2, 4), st.booleans())
def test_scores_sum_to_zero(data: st.DataObject, players: int, somebody_out: bool) -> None:
    """'Scores of one game always add up to zero.'"""
    pieces = data.draw(racks(rules=RUMMIKUB, min_size=0, max_size=40))
    cuts = sorted(data.draw(st.lists(st.integers(0, len(pieces)), min_size=players - 1, max_size=players - 1)))
    bounds = [0, *cuts, len(pieces)]
    hands = [pieces[a:b] for a, b in itertools.pairwise(bounds)]
    winner = None
    if somebody_out:
        winner = data.draw(st.integers(0, players - 1))
        hands[winner] = ()
    scores = score_rummikub(hands, winner=winner, rules=RUMMIKUB)
    assert sum(scores) == 0
    assert len(scores) == players
    best = winner if winner is not None else scores.index(max(scores))
    assert all(s <= 0 for i, s in enumerate(scores) if i != best)


@given(legal_turns(), st.data())
def test_the_three_validators_agree_and_the_report_is_json(turn: dict[str, Any], data: st.DataObject) -> None:
    """`validate_turn`, `turn_violations`, `is_legal_turn` and `check_turn` always agree."""
    after: list[list[Piece]] = [list(m) for m in turn["after"]]
    drop = data.draw(st.booleans())
    if after and drop:  # sometimes break the turn: drop a whole set
        after.pop(data.draw(st.integers(0, len(after) - 1)))
    args = (turn["before"], turn["rack"], after)
    report = validate_turn(*args, rules=RUMMIKUB, initial_meld_done=True)
    assert report.valid == (not report.violations)
    assert turn_violations(*args, rules=RUMMIKUB, initial_meld_done=True) == report.violations
    assert is_legal_turn(*args, rules=RUMMIKUB, initial_meld_done=True) is report.valid
    if report.valid:
        assert check_turn(*args, rules=RUMMIKUB, initial_meld_done=True) == report
    else:
        with pytest.raises(IllegalTurnError):
            check_turn(*args, rules=RUMMIKUB, initial_meld_done=True)
    assert json.loads(json.dumps(report.to_json())) == report.to_json()
