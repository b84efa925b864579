"""The batch ``turn`` op's fast path answers as the slow path does, byte for byte.

The fast path (`rummylib.rummikub._turn`) reads each set's text once, judges the sets from their
codes (`rummylib.rummikub._judge.valid_codes`, without the meld engine's readings) and writes the
answer without a `TurnReport`. These tests hold it to the slow path: `validate_turn` on the tables
read by the request, and the report's ``to_json`` (or the error the request gets), on random legal
and illegal turns, with jokers, bad notation, too many copies and house rules.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummylib import RUMMIKUB, is_valid_meld
from rummylib.batch import handle_request
from rummylib.batch import rummikub as batch_rummikub
from rummylib.pieces import JOKER, Piece
from rummylib.rules import RuleSet
from rummylib.rummikub import clear_caches
from rummylib.rummikub._judge import encode, valid_codes
from rummylib.rummikub.turns import _batch_answer
from rummylib.tiles import Tile

HOUSE_RULES: list[dict[str, Any]] = [
    {},
    {"joker_retrieval": "replace"},
    {"initial_meld_points": 0},
    {"joker_ratio": True},
    {"max_jokers_per_meld": 1},
    {"group_distinct": False, "group_max": None},
    {"group_max": 3, "max_run": 5},
    {"min_run": 4, "group_min": 4},
    {"max_number": 9, "box_jokers": 4},
]
"""Option sets for the rules of the requests (``{}``: the preset)."""


def _rules(options: dict[str, Any]) -> RuleSet:
    return RUMMIKUB.with_options(options) if options else RUMMIKUB


def _box(rules: RuleSet) -> list[Piece]:
    tiles: list[Piece] = [Tile(c, n) for c in rules.colors for n in range(1, rules.max_number + 1)]
    return [*(t for t in tiles for _ in range(rules.copies)), *[JOKER] * rules.max_jokers]


@st.composite
def tile_sets(draw: st.DrawFn) -> tuple[RuleSet, list[Piece]]:
    """A rule set and a set of its tiles (no more copies than it has), often a group or a run."""
    rules = _rules(draw(st.sampled_from(HOUSE_RULES)))
    box = Counter(_box(rules))
    shape = draw(st.sampled_from(["run", "group", "any"]))
    size = draw(st.integers(0, 15))
    if shape == "run":
        color = draw(st.sampled_from(rules.colors))
        start = draw(st.integers(0, rules.max_number + 1))
        wanted: list[Piece] = [
            Tile(color, n) for n in range(max(1, start), min(rules.max_number, start + size - 1) + 1)
        ]
    elif shape == "group":
        number = draw(st.integers(1, rules.max_number))
        wanted = [Tile(c, number) for c in draw(st.lists(st.sampled_from(rules.colors), max_size=size))]
    else:
        wanted = draw(st.lists(st.sampled_from(sorted(box, key=str)), max_size=size))
    for k in range(draw(st.integers(0, 3))):  # jokers, in place of a tile or added
        if wanted and draw(st.booleans()):
            wanted[draw(st.integers(0, len(wanted) - 1))] = JOKER
        else:
            wanted.insert(draw(st.integers(0, len(wanted))), JOKER)
        del k
    pieces: list[Piece] = []
    for p in draw(st.permutations(wanted)) if draw(st.booleans()) else wanted:
        if box[p] > 0:
            box[p] -= 1
            pieces.append(p)
    return rules, pieces


@settings(max_examples=400)
@given(tile_sets())
def test_validity_from_codes_is_the_meld_engines(case: tuple[RuleSet, list[Piece]]) -> None:
    rules, pieces = case
    assert valid_codes(encode(pieces, "set"), rules) is is_valid_meld(pieces, rules=rules)


def _text(pieces: list[Piece], rng: random.Random) -> str:
    """Notation as a client may write it: canonical, lower case, or with commas."""
    tokens = [str(p) for p in pieces]
    style = rng.randrange(3)
    if style == 1:
        tokens = [t.lower() for t in tokens]
    return (", " if style == 2 else " ").join(tokens)


def _turn(rng: random.Random, rules: RuleSet) -> tuple[list[list[Piece]], list[Piece], list[list[Piece]]]:
    """A random turn: valid sets before, then the moves of a player (legal or not) after."""
    box = _box(rules)
    rng.shuffle(box)
    left = Counter(box)
    before: list[list[Piece]] = []
    for _ in range(rng.randrange(0, 12)):
        color = rng.choice(rules.colors)
        if rng.random() < 0.6:
            length = rng.randint(3, 5)
            start = rng.randint(1, max(1, rules.max_number - length + 1))
            meld: list[Piece] = [Tile(color, n) for n in range(start, min(rules.max_number, start + length - 1) + 1)]
        else:
            number = rng.randint(1, rules.max_number)
            meld = [Tile(c, number) for c in rng.sample(rules.colors, rng.randint(3, 4))]
        if rng.random() < 0.15:
            meld[rng.randrange(len(meld))] = JOKER
        if all(left[p] >= n for p, n in Counter(meld).items()):
            left.subtract(meld)
            before.append(meld)
    spare = [p for p in box if left[p] > 0 and not left.subtract([p])]
    rack = spare[: rng.randint(0, 14)]
    unused = spare[len(rack) :]
    after = [list(m) for m in before]
    for piece in rack:
        roll = rng.random()
        if roll < 0.45 and after:
            rng.choice(after).append(piece)
        elif roll < 0.6:
            after.append([piece])
    for _ in range(rng.randrange(0, 4)):  # rearrangements of the table
        if not after:
            break
        k = rng.randrange(len(after))
        roll = rng.random()
        if roll < 0.3 and len(after[k]) > 1:  # split
            cut = rng.randrange(1, len(after[k]))
            after[k : k + 1] = [after[k][:cut], after[k][cut:]]
        elif roll < 0.5:  # a tile moves to another set
            if after[k]:
                piece = after[k].pop(rng.randrange(len(after[k])))
                rng.choice(after).append(piece)
        elif roll < 0.6 and after[k]:  # a tile goes back to the rack
            after[k].pop()
        elif roll < 0.7 and unused:  # a tile from nowhere
            after[k].append(unused.pop())
        elif roll < 0.8:  # the same set twice
            after.append(list(after[k]))
        elif roll < 0.9:  # two sets merged
            j = rng.randrange(len(after))
            if j != k:
                after[k].extend(after[j])
                del after[j]
        else:
            rng.shuffle(after[k])
    rng.shuffle(after)
    return before, rack, after


def _legal_turn(rng: random.Random, rules: RuleSet) -> tuple[list[list[Piece]], list[Piece], list[list[Piece]]]:
    """A turn that is legal under the preset (runs extended, split or joined, groups grown, new sets laid)."""
    left = Counter(_box(rules))
    before: list[list[Piece]] = []
    for _ in range(rng.randrange(0, 14)):
        color = rng.choice(rules.colors)
        if rng.random() < 0.6:
            start = rng.randint(2, rules.max_number - 4)
            meld: list[Piece] = [Tile(color, n) for n in range(start, start + rng.randint(3, 4))]
        else:
            meld = [Tile(c, rng.randint(1, rules.max_number)) for c in rng.sample(rules.colors, 3)]
            meld = [Tile(c, meld[0].number) for c in rng.sample(rules.colors, 3)]  # type: ignore[union-attr]
        if rng.random() < 0.15:
            meld[rng.randrange(len(meld))] = JOKER
        if all(left[p] >= n for p, n in Counter(meld).items()):
            left.subtract(meld)
            before.append(meld)
    rack: list[Piece] = []

    def grab(piece: Piece) -> bool:
        if left[piece] > 0:
            left[piece] -= 1
            rack.append(piece)
            return True
        return False

    after = [list(m) for m in before]
    for m in after:
        naturals = [p for p in m if isinstance(p, Tile)]
        if not naturals or rng.random() < 0.5:
            continue
        if len({p.color for p in naturals}) == 1 and len({p.number for p in naturals}) == len(naturals):
            top = m[-1]
            number = top.number + 1 if isinstance(top, Tile) else m[-2].number + 2  # type: ignore[union-attr]
            if number <= rules.max_number and grab(Tile(naturals[0].color, number)):
                m.append(Tile(naturals[0].color, number))
        elif len(m) == 3:
            colors = [c for c in rules.colors if all(p.color != c for p in naturals)]
            if JOKER not in m and colors and grab(Tile(colors[0], naturals[0].number)):
                m.insert(rng.randrange(4), Tile(colors[0], naturals[0].number))
    for k, m in enumerate(list(after)):  # split long runs
        if len(m) >= 6 and all(isinstance(p, Tile) for p in m) and len({p.color for p in m}) == 1:  # type: ignore[union-attr]
            after[k] = m[:3]
            after.append(m[3:])
    if rng.random() < 0.7:  # a new run from the rack
        color = rng.choice(rules.colors)
        start = rng.randint(rules.max_number - 5, rules.max_number - 2)
        run: list[Piece] = [Tile(color, n) for n in range(start, start + 3)]
        if all(left[p] > 0 for p in run):
            for p in run:
                grab(p)
            after.append(run)
    pool = sorted(+left, key=str)
    rack.extend(rng.sample(pool, min(len(pool), rng.randint(0, 5))))
    rng.shuffle(rack)
    rng.shuffle(after)
    return before, rack, after


def _request(rng: random.Random, options: dict[str, Any], first: bool | None) -> dict[str, Any]:
    rules = _rules(options)
    before, rack, after = (_legal_turn if rng.random() < 0.5 else _turn)(rng, rules)
    data: dict[str, Any] = {
        "op": "turn",
        "game": "rummikub",
        "table_before": [_text(m, rng) for m in before],
        "rack": _text(rack, rng),
        "table_after": [_text(m, rng) for m in after],
    }
    if first is not None:
        data["initial_meld_done"] = not first
    if options:
        data["rules"] = options
    return data


def _spoil(rng: random.Random, data: dict[str, Any]) -> None:
    """Something a client may get wrong, for the slow path to say."""
    field = rng.choice(["table_before", "rack", "table_after"])
    roll = rng.randrange(7)
    if roll == 0:  # bad notation
        token = rng.choice(["r14", "x5", "r0", "**", "5h", "r"])
        if field == "rack":
            data["rack"] += " " + token
        elif data[field]:
            data[field][rng.randrange(len(data[field]))] += " " + token
        else:
            data[field].append(token)
    elif roll == 1:  # too many copies
        extra = "r5 r5 r5" if rng.random() < 0.5 else "* * * * *"
        if field == "rack":
            data["rack"] = f"{data['rack']} {extra}"
        else:
            data[field].append(extra)
    elif roll == 2:  # a table as one string
        data[field] = " | ".join(data[field]) if field != "rack" else data[field]
    elif roll == 3:  # a field of the wrong type
        data[field] = rng.choice([None, 3, [1], {"a": 1}, ["r1 r2 r3", None]])
    elif roll == 4:
        data["initial_meld_done"] = rng.choice(["yes", 1, None])
    elif roll == 5:  # an empty set, or a set of one tile
        if field != "rack":
            data[field].append(rng.choice(["", "r7", ",", "*"]))
    else:  # more sets than a game has pieces
        if field != "rack":
            data[field] = data[field] + ["r1 r2 r3"] * 120


def _slow(data: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    with monkeypatch.context() as patch:
        patch.setattr(batch_rummikub, "_batch_answer", lambda data, rules: None)
        return handle_request(data)


def _bytes(answer: dict[str, Any]) -> str:
    return json.dumps(answer, ensure_ascii=False)


@settings(max_examples=300, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from(HOUSE_RULES), st.sampled_from([True, False, None]))
def test_fast_turn_answers_as_validate_turn(rng: random.Random, options: dict[str, Any], first: bool | None) -> None:
    """Random legal and illegal turns, first sight and seen again: the same answer as the slow path."""
    monkeypatch = pytest.MonkeyPatch()
    data = _request(rng, options, first)
    if rng.random() < 0.5:
        clear_caches()
    slow = _slow(data, monkeypatch)
    assert "error" in slow or _batch_answer(data, _rules(options)) is not None  # the fast path takes it
    for _ in range(2):  # first sight, then seen again
        assert _bytes(handle_request(data)) == _bytes(slow)


@settings(max_examples=300, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from(HOUSE_RULES), st.sampled_from([True, False, None]))
def test_fast_turn_refuses_what_the_slow_path_refuses(
    rng: random.Random, options: dict[str, Any], first: bool | None
) -> None:
    """Bad notation, too many copies, other field types: the same answer (an error, mostly)."""
    monkeypatch = pytest.MonkeyPatch()
    data = _request(rng, options, first)
    _spoil(rng, data)
    if rng.random() < 0.5:
        clear_caches()
    slow = _slow(data, monkeypatch)
    for _ in range(2):
        assert _bytes(handle_request(data)) == _bytes(slow)


def test_the_text_caches_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    """Texts never seen before, again and again: the caches forget rather than grow."""
    from rummylib.rummikub import _judge

    monkeypatch.setattr(_judge, "_SETS_SIZE", 50)
    monkeypatch.setattr(_judge, "_TABLES_SIZE", 50)
    clear_caches()
    for k in range(400):
        spaces = " " * (k % 40 + 1)
        handle_request(
            {
                "op": "turn",
                "game": "rummikub",
                "table_before": [f"r1{spaces}r2 r3", f"k{1 + k % 11} k{2 + k % 11} k{3 + k % 11}"],
                "rack": f"r4{spaces}b9",
                "table_after": [f"r1 r2{spaces}r3 r4", f"k{1 + k % 11} k{2 + k % 11} k{3 + k % 11}"],
                "initial_meld_done": True,
            }
        )
        assert all(len(texts) <= 50 for texts in _judge._TEXT_SETS.values())
        assert all(len(racks) <= 50 for racks in _judge._RACKS.values())
        assert all(len(tables) <= 50 for tables in _judge._TABLES.values())
    long_text = "r1 " * 100 + "r2"
    handle_request({"op": "turn", "game": "rummikub", "rack": long_text, "table_after": [long_text]})
    assert all(long_text not in texts for texts in _judge._TEXT_SETS.values())
    assert all(long_text not in racks for racks in _judge._RACKS.values())


@settings(max_examples=200, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from(HOUSE_RULES), st.sampled_from([True, False, None]))
def test_tables_read_before_in_the_other_place(rng: random.Random, options: dict[str, Any], first: bool | None) -> None:
    """A table remembered as the table after, then asked as the table before (and back): the slow path's answers."""
    monkeypatch = pytest.MonkeyPatch()
    data = _request(rng, options, first)
    handle_request(data)  # both tables remembered, with what the judge derived of each
    swapped = {**data, "table_before": data["table_after"], "table_after": data.get("table_before", [])}
    for request in (swapped, data):
        slow = _slow(request, monkeypatch)
        assert _bytes(handle_request(request)) == _bytes(slow)
