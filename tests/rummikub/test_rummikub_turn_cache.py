"""The turn judge's caches never change a verdict (fast turn validation).

`validate_turn` remembers what it learnt of each set (per rule set) and the ``turn`` op remembers
each set's text and each rack token; these tests check that a verdict is the same whether the
sets are new objects, the same objects again, or read after the caches were emptied.
"""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from rummylib import RUMMIKUB, Meld, Tile
from rummylib.batch import handle_request
from rummylib.errors import RummyError
from rummylib.notation import parse_pieces
from rummylib.pieces import JOKER, Piece, piece_sort_key
from rummylib.rules import RuleSet
from rummylib.rummikub import clear_caches, validate_turn
from rummylib.rummikub._judge import SetInfo, counts_fit, encode, explain
from rummylib.rummikub._judge import code_order as _order
from rummylib.rummikub._judge import piece_code as _code
from rummylib.table import Table
from rummylib.tiles import Color

REPLACE = RUMMIKUB.with_options({"joker_retrieval": "replace"})


def _fresh(sets: list[list[Piece]]) -> Table:
    """New Meld objects with new tile objects: nothing can be found by identity."""
    return Table(Meld([Tile(p.color, p.number) if isinstance(p, Tile) else p for p in m]) for m in sets)


def _verdict(before: Table, rack: list[Piece], after: Table, rules: RuleSet, first: bool) -> object:
    try:
        report = validate_turn(before, rack, after, rules=rules, initial_meld_done=not first)
    except RummyError as exc:  # too many copies: the same error every time
        return (type(exc).__name__, exc.code, str(exc))
    return (report, report.to_json(), str(report))


def _check(before: list[list[Piece]], rack: list[Piece], after: list[list[Piece]], first: bool) -> None:
    for rules in (RUMMIKUB, REPLACE):
        clear_caches()
        cold = _verdict(_fresh(before), rack, _fresh(after), rules, first)
        old, new = Table(Meld(m) for m in before), Table(Meld(m) for m in after)
        assert _verdict(old, rack, new, rules, first) == cold
        assert _verdict(old, rack, new, rules, first) == cold
        assert _verdict(_fresh(before), rack, _fresh(after), rules, first) == cold


def _box() -> list[Piece]:
    box: list[Piece] = [Tile(c, n) for c in RUMMIKUB.colors for n in range(1, 14) for _ in range(2)]
    return [*box, JOKER, JOKER]


@given(st.randoms(use_true_random=False), st.booleans())
def test_cached_and_cold_verdicts_agree(rng: random.Random, first: bool) -> None:
    """Random (mostly illegal) turns: the cache never changes the report."""
    box = _box()
    rng.shuffle(box)
    before = [box[k : k + 3] for k in range(0, rng.randrange(0, 30), 3)]
    rest = box[30:]
    after = [list(m) for m in before]
    rack = rest[:6]
    for piece in rack[: rng.randrange(0, 6)]:
        if after and rng.random() < 0.7:
            rng.choice(after).append(piece)
        else:
            after.append([piece])
    if after and rng.random() < 0.3:
        after.append(list(after[0]))  # the same tiles twice: the slow matching path
    rng.shuffle(after)
    _check(before, rack, after, first)


def test_identical_sets_after_are_matched_in_order() -> None:
    """Two sets with the same tiles: the first set before keeps the first one after (rule book docs/rules/rummikub.md)."""
    run = parse_pieces("r1 r2 r3")
    report = validate_turn(
        Table([Meld(run), Meld(run)]),
        "k5 k6 k7",
        Table([Meld(parse_pieces("k5 k6 k7")), Meld(run), Meld(run)]),
        rules=RUMMIKUB,
        initial_meld_done=True,
    )
    assert report.valid
    assert report.to_json()["changes"]["kept"] == [[0, 1], [1, 2]]
    assert [c.kind.value for c in report.changes.sets] == ["kept", "kept", "new"]


def test_code_order_is_the_canonical_order() -> None:
    """The judge sorts tiles by code where the report promises `piece_sort_key` order."""
    pieces: list[Piece] = [Tile(c, n) for c in Color for n in range(1, 14)]
    pieces.append(JOKER)
    random.Random(3).shuffle(pieces)
    assert sorted(pieces, key=piece_sort_key) == sorted(pieces, key=lambda p: _order(_code(p)))


def test_batch_answers_do_not_depend_on_what_was_seen_before() -> None:
    """The op's caches of set text and rack tokens give the answers of a first request."""
    request = {
        "op": "turn",
        "game": "rummikub",
        "table_before": ["r3 r4 r5 r6 r7", "k7 b7 y7"],
        "rack": "r5, K1 k2",
        "table_after": ["r3 r4 r5", "r5 r6 r7", "y7 k7 b7"],
        "initial_meld_done": True,
    }
    first = handle_request(dict(request))
    assert handle_request(dict(request)) == first
    assert first["valid"] is True and first["played"] == "R5"
    # a rack token never seen, then a bad one after good cached ones: the notation module's error
    assert handle_request({**request, "rack": "r5 z9"})["error"]["code"] == "bad-notation"
    bad = handle_request({**request, "rack": "r5 z9"})["error"]["message"]
    assert "z9" in bad and "token 2" in bad
    too_many = handle_request({**request, "rack": "k1 k1 K1"})["error"]
    assert too_many["code"] == "too-many-copies"
    assert "field 'rack'" in too_many["message"]
    assert handle_request({**request, "table_after": ["r3 r4 r5", "r5 r6 r7", 7]})["error"]["code"] == "bad-field"


_HOUSES = [RUMMIKUB, RUMMIKUB.with_options({"box_jokers": 4}), RUMMIKUB.with_options({"copies": 1, "box_jokers": 0})]


@given(
    st.sampled_from(_HOUSES),
    st.lists(st.lists(st.sampled_from([0, 65, 66, 97, 129, 161, 173]), max_size=6), max_size=40),
    st.lists(st.sampled_from([0, 65, 66, 173]), max_size=14),
)
def test_the_count_test_is_the_exact_count(rules: RuleSet, sets: list[list[int]], extra: list[int]) -> None:
    """`counts_fit` (a count per code) agrees with counting every piece (jokers, copies, pieces in all)."""
    codes = [c for s in sets for c in s] + extra
    counts = Counter(codes)
    exact = len(codes) <= rules.total_pieces and all(
        n <= (rules.max_jokers if c == 0 else rules.copies) for c, n in counts.items()
    )
    assert counts_fit([SetInfo(tuple(s)) for s in sets], tuple(extra), rules) is exact


def _matched(before: list[SetInfo], after: list[SetInfo]) -> tuple[dict[int, int], list[int], list[int]]:
    """Each set before kept by the first set after with the same tiles not kept yet."""
    kept: dict[int, int] = {}
    for i, info in enumerate(before):
        free = [j for j, other in enumerate(after) if other.key == info.key and j not in kept.values()]
        if free:
            kept[i] = free[0]
    loose_before = [i for i in range(len(before)) if i not in kept]
    return kept, loose_before, [j for j in range(len(after)) if j not in kept.values()]


_SHAPES = [(65, 66, 67), (67, 65, 66), (97, 129, 161), (0, 66, 67), (65, 66, 67, 68), (161, 129, 97)]


@given(
    st.lists(st.sampled_from(_SHAPES), max_size=8),
    st.lists(st.sampled_from(_SHAPES), max_size=8),
    st.booleans(),
)
def test_kept_sets_are_matched_in_order(
    before: list[tuple[int, ...]], after: list[tuple[int, ...]], clash: bool
) -> None:
    """The quick match of kept sets (by mark, identical sets in order) is the match by tiles; so when marks clash."""
    encode(_box(), "the box")  # every code known to the judge (its flow names tiles)
    old = [SetInfo(s) for s in before]
    new = [SetInfo(s) for s in after]
    if clash:  # every set with one mark: the match by tiles decides
        for info in [*old, *new]:
            info.mark = 7
    flow = explain(old, new, {})
    assert (flow.kept, flow.loose_before, flow.loose_after) == _matched(old, new)
