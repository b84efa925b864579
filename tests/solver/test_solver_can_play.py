"""`can_play` and `lay_down`: whether some rack tiles can all go down together, and one such play.

Rule examples first, then properties against the full solver (`solve` with exactly the chosen
tiles as the rack places them all exactly when `can_play` says so) and against brute force on
small rule sets, then the ``can_play`` batch op.
"""

from __future__ import annotations

import importlib.util
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummylib import (
    JOKER,
    RUMMIKUB,
    InvalidMeldError,
    InvalidPiecesError,
    Meld,
    NotationError,
    Piece,
    RuleSet,
    SearchLimitReached,
    SolverInputError,
    Tile,
    is_valid_meld,
    parse_pieces,
)
from rummylib.batch import handle_request
from rummylib.rummikub import can_play, clear_caches, lay_down, solve, validate_turn
from rummylib.rummikub.solver import _api
from rummylib.rummikub.solver._masks import addable

_spec = importlib.util.spec_from_file_location("_solver_oracle_ref", Path(__file__).with_name("test_solver_oracle.py"))
assert _spec is not None and _spec.loader is not None
_oracle: Any = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_oracle)
SMALL: RuleSet = _oracle.SMALL
VARIANTS: list[RuleSet] = _oracle.VARIANTS
arrangeable = _oracle.arrangeable
best_meld_value = _oracle.best_meld_value


def _yes(table: Any, tiles: str, *, done: bool = True, rules: RuleSet = RUMMIKUB) -> bool:
    return can_play(table, tiles, rules=rules, initial_meld_done=done)


# --- rule examples -----------------------------------------------------------------------------


def test_a_tile_that_extends_a_run_goes_down() -> None:
    assert _yes("r1 r2 r3", "r4")
    assert not _yes("r1 r2 r3", "r5")


def test_every_tile_must_go_down() -> None:
    assert _yes("r1 r2 r3 | b7 k7 y7", "r4 r7")
    assert not _yes("r1 r2 r3 | b7 k7 y7", "r4 r7 b9")


def test_the_table_may_be_rearranged() -> None:
    # R4 only fits once the group of sevens gives up its red seven to a new run R5 R6 R7.
    assert _yes("r1 r2 r3 r4 | r7 k7 b7 y7", "r5 r6")
    # Splitting a run in two with the tile that completes both halves.
    assert _yes("b1 b2 b3 b4 b5 b6", "b3")


def test_jokers_on_the_table_stay_on_it() -> None:
    assert _yes("r5 r6 *", "r8")  # the joker moves to stand for R7
    assert not _yes("r5 * r7", "k2")  # the joker cannot leave its set to help K2


def test_a_rack_joker_goes_down_anywhere_it_fits() -> None:
    assert _yes("r1 r2 r3", "*")
    assert not _yes("", "*")


def test_no_tiles_is_no_play() -> None:
    assert not _yes("r1 r2 r3", "")
    assert not _yes("", "", done=False)


def test_before_the_initial_meld_the_tiles_make_sets_on_their_own_worth_the_points() -> None:
    assert _yes("", "r10 r11 r12", done=False)  # 33 points
    assert not _yes("", "r1 r2 r3", done=False)  # 6 points
    assert _yes("", "r1 r2 r3 k9 b9 y9", done=False)  # 6 + 27 = 33
    assert not _yes("r1 r2 r3", "r4 r10 r11 r12", done=False)  # R4 cannot touch the table yet
    assert _yes("", "r11 r12 *", done=False)  # the joker counts as the R10 or R13 it stands for


def test_the_threshold_is_a_rule_set_option() -> None:
    low = RUMMIKUB.with_options({"initial_meld_points": 0})
    assert _yes("", "r1 r2 r3", done=False, rules=low)


def test_table_given_as_tiles_only() -> None:
    tiles = (Tile(RUMMIKUB.colors[3], 1), Tile(RUMMIKUB.colors[3], 2), Tile(RUMMIKUB.colors[3], 3))
    assert can_play(tiles, "r4", rules=RUMMIKUB, initial_meld_done=True)
    with pytest.raises(SolverInputError) as err:
        can_play((*tiles[:2],), "k9", rules=RUMMIKUB, initial_meld_done=True)
    assert err.value.code == "unsolvable-table"


def test_replace_rule_keeps_sets_with_a_joker_together() -> None:
    boxed = RUMMIKUB.with_options({"joker_retrieval": "replace"})
    assert _yes("r5 r6 *", "r8")  # free: the joker moves
    assert not _yes("r5 r6 *", "r8", rules=boxed)
    assert _yes("r5 r6 * | k1 k2 k3", "k4", rules=boxed)


def test_bad_input_is_refused() -> None:
    with pytest.raises(NotationError):
        can_play("r1 r2 r3", "r99", rules=RUMMIKUB, initial_meld_done=True)
    with pytest.raises(InvalidMeldError):
        can_play("r1 r2", "r3", rules=RUMMIKUB, initial_meld_done=True)
    with pytest.raises(InvalidPiecesError):
        can_play("r1 r2 r3", "r1 r1", rules=RUMMIKUB, initial_meld_done=True)
    with pytest.raises(TypeError):
        can_play("", "r1", rules=RUMMIKUB, initial_meld_done="yes")  # type: ignore[arg-type]


def test_a_tiny_budget_raises_rather_than_guesses() -> None:
    table = "k1 k2 k3 k4 | b1 b2 b3 b4 | y1 y2 y3 y4 | r1 r2 r3 r4 | k9 b9 y9 | k10 b10 y10"
    with pytest.raises(SearchLimitReached):
        can_play(table, "r9 r10 r11 k11 b11 b12", rules=RUMMIKUB, initial_meld_done=True, budget=1)


def test_lay_down_gives_a_legal_table_with_extras() -> None:
    after = lay_down("r1 r2 r3 | b7 k7 y7", "r4", extra="r5 b9", rules=RUMMIKUB, initial_meld_done=True)
    assert after is not None
    laid = Counter(p for m in after for p in m.pieces)
    assert laid[Tile(RUMMIKUB.colors[3], 4)] == 1
    assert all(is_valid_meld(m, rules=RUMMIKUB) for m in after)
    assert lay_down("r1 r2 r3", "b9", extra="b10", rules=RUMMIKUB, initial_meld_done=True) is None


def test_lay_down_before_the_initial_meld_leaves_the_table_first() -> None:
    after = lay_down("k1 k2 k3", "r10 r11 r12", rules=RUMMIKUB, initial_meld_done=False)
    assert after is not None and [str(m) for m in after] == ["K1 K2 K3", "R10 R11 R12"]


# --- properties --------------------------------------------------------------------------------


def _box(rules: RuleSet) -> list[Piece]:
    tiles: list[Piece] = [Tile(c, n) for c in rules.colors for n in range(1, rules.max_number + 1)]
    return tiles * rules.copies + [JOKER] * rules.box_jokers


def _random_table(rules: RuleSet, rnd: random.Random, k: int) -> tuple[list[Meld], Counter[Piece]]:
    """Up to k random valid sets (some with a joker) from the box, and what is left of it."""
    pool = Counter(_box(rules))
    table: list[Meld] = []
    for _ in range(60):
        if len(table) >= k:
            break
        if rnd.random() < 0.5:
            color = rnd.choice(rules.colors)
            length = rnd.choice((3, 3, 4, 5))
            start = rnd.randint(1, rules.max_number - length + 1)
            pieces: list[Piece] = [Tile(color, n) for n in range(start, start + length)]
        else:
            number = rnd.randint(1, rules.max_number)
            pieces = [Tile(c, number) for c in rnd.sample(rules.colors, rnd.choice((3, 4)))]
        if rnd.random() < 0.25:
            pieces[rnd.randrange(len(pieces))] = JOKER
        need = Counter(pieces)
        if any(pool[p] < n for p, n in need.items()) or not is_valid_meld(Meld(tuple(pieces)), rules=rules):
            continue
        pool -= need
        table.append(Meld(tuple(pieces)))
    return table, pool


def _near_tiles(pool: Counter[Piece], table: list[Meld], rnd: random.Random, n: int) -> list[Piece]:
    """n tiles from the pool, most of them close to the table's (so that plays are often possible)."""
    near = {(p.color, p.number + d) for m in table for p in m.pieces if isinstance(p, Tile) for d in (-1, 0, 1)}
    left = list(pool.elements())
    rnd.shuffle(left)
    left.sort(key=lambda p: isinstance(p, Tile) and (p.color, p.number) not in near and rnd.random() < 0.7)
    return left[:n]


@settings(max_examples=120, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(0, 7), st.integers(1, 6), st.booleans())
def test_can_play_agrees_with_the_solver(rnd: Any, k: int, n: int, done: bool) -> None:
    """``can_play`` is True exactly when `solve`, given just these tiles, places them all."""
    table, pool = _random_table(RUMMIKUB, rnd, k)
    tiles = _near_tiles(pool, table, rnd, n)
    answer = can_play(table, tiles, rules=RUMMIKUB, initial_meld_done=done)
    best = solve(table, tiles, rules=RUMMIKUB, initial_meld_done=done, keep_sets=False)
    assert answer == (best.tiles_placed == len(tiles)), ([str(m) for m in table], [str(p) for p in tiles])
    after = lay_down(table, tiles, rules=RUMMIKUB, initial_meld_done=done)
    assert (after is not None) == answer
    if after is not None:
        report = validate_turn(table, tiles, list(after), rules=RUMMIKUB, initial_meld_done=done)
        assert report.valid and len(report.played) == len(tiles), report.to_json()


@settings(max_examples=50, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(8, 14), st.integers(1, 10))
def test_can_play_on_larger_tables_agrees_with_the_solver(rnd: Any, k: int, n: int) -> None:
    """Larger tables (jokers on a quarter of the sets), where the covering search takes the
    table's tiles too before the dynamic programme: the same answers as `solve`."""
    table, pool = _random_table(RUMMIKUB, rnd, k)
    tiles = _near_tiles(pool, table, rnd, n)
    answer = can_play(table, tiles, rules=RUMMIKUB, initial_meld_done=True)
    best = solve(table, tiles, rules=RUMMIKUB, initial_meld_done=True, keep_sets=False)
    assert answer == (best.tiles_placed == len(tiles)), ([str(m) for m in table], [str(p) for p in tiles])
    after = lay_down(table, tiles, rules=RUMMIKUB, initial_meld_done=True)
    assert (after is not None) == answer
    if after is not None:
        report = validate_turn(table, tiles, list(after), rules=RUMMIKUB, initial_meld_done=True)
        assert report.valid and len(report.played) == len(tiles), report.to_json()


def _with_both_jokers(table: list[Meld], pool: Counter[Piece], rnd: random.Random) -> list[Meld]:
    """The table with both jokers of the box on it: a tile of a set swapped for each one left in the pool."""
    table = list(table)
    for _ in range(40):
        if not pool[JOKER] or not table:
            break
        i = rnd.randrange(len(table))
        pieces = list(table[i].pieces)
        j = rnd.randrange(len(pieces))
        if pieces[j] == JOKER:
            continue
        old, pieces[j] = pieces[j], JOKER
        if is_valid_meld(Meld(tuple(pieces)), rules=RUMMIKUB):
            table[i] = Meld(tuple(pieces))
            pool[JOKER] -= 1
            pool[old] += 1
    return table


@settings(max_examples=50, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(6, 14), st.integers(1, 10))
def test_can_play_with_both_jokers_on_the_table_agrees_with_the_solver(rnd: Any, k: int, n: int) -> None:
    """Both jokers on the table, where the count test says nothing and the jokers may have to
    move: the same answers as `solve`, and every layout a legal turn."""
    table, pool = _random_table(RUMMIKUB, rnd, k)
    table = _with_both_jokers(table, pool, rnd)
    tiles = _near_tiles(pool, table, rnd, n)
    answer = can_play(table, tiles, rules=RUMMIKUB, initial_meld_done=True)
    best = solve(table, tiles, rules=RUMMIKUB, initial_meld_done=True, keep_sets=False)
    assert answer == (best.tiles_placed == len(tiles)), ([str(m) for m in table], [str(p) for p in tiles])
    after = lay_down(table, tiles, rules=RUMMIKUB, initial_meld_done=True)
    assert (after is not None) == answer
    if after is not None:
        report = validate_turn(table, tiles, list(after), rules=RUMMIKUB, initial_meld_done=True)
        assert report.valid and len(report.played) == len(tiles), report.to_json()


@settings(max_examples=80, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(0, 6), st.integers(1, 5), st.integers(0, 5))
def test_lay_down_with_extras_agrees_with_the_solver(rnd: Any, k: int, n: int, m: int) -> None:
    """With ``extra``: a play exists exactly when `solve` can place the forced tiles, the extras free.

    The oracle puts the forced tiles on the table (where every tile must stay) and the extras in
    the rack: the table can be laid out exactly when such a play exists.
    """
    table, pool = _random_table(RUMMIKUB, rnd, k)
    picked = _near_tiles(pool, table, rnd, n + m)
    tiles, extra = picked[:n], picked[n:]
    after = lay_down(table, tiles, extra=extra, rules=RUMMIKUB, initial_meld_done=True)
    table_pieces = [p for s in table for p in s.pieces]
    try:
        solve((*table_pieces, *tiles), extra, rules=RUMMIKUB, initial_meld_done=True, keep_sets=False)
        expected = True
    except SolverInputError:
        expected = False
    assert (after is not None) == expected, ([str(s) for s in table], [str(p) for p in picked], n)
    if after is not None:
        laid = Counter(p for s in after for p in s.pieces)
        laid.subtract(table_pieces)
        assert not laid - Counter([*tiles, *extra]) and not Counter(tiles) - laid
        assert all(is_valid_meld(s, rules=RUMMIKUB) for s in after)


@settings(max_examples=120, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(1, 8), st.integers(0, 14))
def test_on_an_empty_table_the_covering_search_agrees_with_the_solver(rnd: Any, n: int, m: int) -> None:
    """No table: the short covering search (chosen tiles, extras and jokers) against `solve`."""
    box = _box(RUMMIKUB)
    rnd.shuffle(box)
    numbers = rnd.sample(range(1, 14), 5)  # a few numbers, so that sets are often possible
    box.sort(key=lambda p: not isinstance(p, Tile) or p.number not in numbers)
    picked = box[: n + m]
    for i in range(min(len(picked), rnd.choice((0, 0, 1, 2)))):
        picked[i] = JOKER  # none, one or both jokers
    rnd.shuffle(picked)
    tiles, extra = picked[:n], picked[n:]
    after = lay_down((), tiles, extra=extra, rules=RUMMIKUB, initial_meld_done=True)
    try:
        solve(tiles, extra, rules=RUMMIKUB, initial_meld_done=True, keep_sets=False)
        expected = True
    except SolverInputError:
        expected = False
    assert (after is not None) == expected, ([str(p) for p in tiles], [str(p) for p in extra])
    if after is not None:
        assert all(is_valid_meld(s, rules=RUMMIKUB) for s in after)
        laid = Counter(p for s in after for p in s.pieces)
        assert not Counter(tiles) - laid and not laid - Counter(picked)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([SMALL, *VARIANTS]), st.randoms(use_true_random=False), st.booleans())
def test_can_play_agrees_with_brute_force(rules: RuleSet, rnd: Any, done: bool) -> None:
    """On small rule sets: the table's tiles and the chosen ones split into valid sets (brute force)."""
    box = _box(rules)
    rnd.shuffle(box)
    k = rnd.randint(0, 7)
    table, tiles = box[:k], box[k : k + rnd.randint(1, 5)]
    if not arrangeable(table, rules):
        table = []
    answer = can_play(table, tiles, rules=rules, initial_meld_done=done)
    if done:
        expected = arrangeable([*table, *tiles], rules)
    else:
        expected = best_meld_value(tiles, rules) >= rules.initial_meld_points
    assert answer == expected, ([str(p) for p in table], [str(p) for p in tiles])


# --- the batch op ------------------------------------------------------------------------------


def _ask(**fields: object) -> dict[str, Any]:
    return handle_request({"op": "can_play", "game": "rummikub", **fields})


def test_can_play_op_answers_and_lays_out() -> None:
    assert _ask(table=["r1 r2 r3", "b7 k7 y7"], tiles="r4 r7", initial_meld_done=True) == {"valid": True}
    assert _ask(table=["r1 r2 r3"], tiles="r4 b9", initial_meld_done=True) == {"valid": False}
    out = _ask(table=["r1 r2 r3"], tiles="r4", initial_meld_done=True, layout=True)
    assert out == {"valid": True, "table_after": ["R1 R2 R3 R4"]}
    assert _ask(table=[], tiles="r1 r2 r3", initial_meld_done=False, layout=True) == {"valid": False}


def test_can_play_op_errors() -> None:
    assert _ask(table=["r1 r2"], tiles="r3", initial_meld_done=True)["error"]["code"] == "invalid-meld"
    assert _ask(table=[], tiles="r3")["error"]["code"] == "missing-field"
    assert _ask(table=[], tiles="r5 r5 r5", initial_meld_done=True)["error"]["code"] == "too-many-copies"
    bad = handle_request({"op": "can_play", "game": "gin", "tiles": "r4", "initial_meld_done": True})
    assert bad["error"]["code"] == "op-not-for-game"
    table = ["k1 k2 k3 k4", "b1 b2 b3 b4", "y1 y2 y3 y4", "r1 r2 r3 r4", "k9 b9 y9", "k10 b10 y10"]
    limited = _ask(table=table, tiles="r9 r10 r11 k11 b11 b12", initial_meld_done=True, budget=1)
    assert limited["error"]["code"] == "search-limit"


# --- one search for every tile that can join a choice (the environment's masks) -----------------


@settings(max_examples=120, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(0, 5), st.integers(0, 14))
def test_the_tiles_that_can_join_a_choice_are_those_lay_down_finds(rnd: Any, n: int, m: int) -> None:
    """No table: `addable` answers, for every rack piece at once, what `lay_down` answers for each."""
    box = _box(RUMMIKUB)
    rnd.shuffle(box)
    numbers = rnd.sample(range(1, 14), 5)
    box.sort(key=lambda p: not isinstance(p, Tile) or p.number not in numbers)
    picked = box[: n + m]
    for i in range(min(len(picked), rnd.choice((0, 0, 1, 2)))):
        picked[i] = JOKER
    rnd.shuffle(picked)
    chosen, rest = picked[:n], picked[n:]
    found = addable(chosen, rest, RUMMIKUB)
    assert found is not None  # two jokers at most: always a question for the covering search
    want = set()
    for piece in set(rest):
        others = list(rest)
        others.remove(piece)
        if lay_down((), [*chosen, piece], extra=others, rules=RUMMIKUB, initial_meld_done=True) is not None:
            want.add(piece)
    if chosen and lay_down((), chosen, extra=rest, rules=RUMMIKUB, initial_meld_done=True) is None:
        assert found == ()
    assert set(found) == want, ([str(p) for p in chosen], [str(p) for p in rest])
    assert len(found) == len(set(found))


def test_addable_examples() -> None:
    def names(chosen: str, rest: str) -> list[str]:
        found = addable(parse_pieces(chosen), parse_pieces(rest), RUMMIKUB)
        assert found is not None
        return sorted(str(p) for p in found)

    assert names("", "r1 r2 r3 k9") == ["R1", "R2", "R3"]
    assert names("r1", "r2 r3 r4 r5 k1") == ["R2", "R3", "R4", "R5"]  # K1 and R1: a group needs three
    assert names("r1 *", "r3 k9") == ["R3"]  # the joker stands for R2
    assert names("k9", "r1 r2") == []  # K9 goes nowhere: nothing can join it


def test_clear_caches_forgets_the_table_sets_judged() -> None:
    _api._set_problems.cache_clear()
    assert can_play("r1 r2 r3 | b7 k7 y7", "r4", rules=RUMMIKUB, initial_meld_done=True)
    assert _api._set_problems.cache_info().currsize == 1
    clear_caches()
    assert _api._set_problems.cache_info().currsize == 0
    assert can_play("r1 r2 r3 | b7 k7 y7", "r4", rules=RUMMIKUB, initial_meld_done=True)  # same answer after


# --- the covering search's short cuts ------------------------------------------------------------


def _full_cover(need: list[list[int]], avail: list[list[int]], jokers: int, forced: int) -> bool:
    """The covering search without its short cuts: every set, the jokers laid on the way."""
    from rummylib.rummikub.solver._cover import _Cover

    search = _Cover(len(need), len(need[0]) - 1, _api._shape(RUMMIKUB), 10**9)
    search.spare = jokers
    flat_need = [n for row in need for n in row]
    flat_avail = [n for row in avail for n in row]
    search.setup(flat_need, flat_avail)
    return search.go(flat_need, flat_avail, jokers + forced, [], [])


@settings(max_examples=200, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(1, 12), st.integers(0, 8), st.integers(0, 2), st.booleans())
def test_the_lean_covering_search_agrees_with_the_full_one(rnd: Any, n: int, m: int, jokers: int, forced: bool) -> None:
    """`cover` tries only the sets that need each of their jokers and puts the others in at the end
    (`_Cover.tuck`); the search that lays every set, jokers on the way, gives the same answers, and
    every layout found covers the needed tiles with valid sets and every joker that must go down."""
    from rummylib.rummikub.solver._cover import cover

    numbers = rnd.sample(range(1, 14), rnd.choice((3, 4, 6)))  # a few numbers: sets are often possible
    need = [[0] * 14 for _ in range(4)]
    avail = [[0] * 14 for _ in range(4)]
    for i in range(n + m):
        c, v = rnd.randrange(4), rnd.choice(numbers)
        if avail[c][v] < 2:
            avail[c][v] += 1
            need[c][v] += i < n
    must = jokers if forced else 0
    spare = jokers - must
    found = cover(tuple(map(tuple, need)), tuple(map(tuple, avail)), spare, _api._shape(RUMMIKUB), 10**9, must)
    assert (found is not None) == _full_cover(need, avail, spare, must)
    if found is not None:
        sets = [*found[0], *found[1]]
        laid = Counter((c, v) for s in sets for c, v, j in s if not j)
        assert all(laid[c, v] >= need[c][v] and laid[c, v] <= avail[c][v] for c in range(4) for v in range(14))
        assert must <= sum(j for s in sets for _c, _v, j in s) <= jokers
        melds = _api._plan_melds(_api.Plan(0, found[0], found[1], 0, (), 0), RUMMIKUB)
        assert all(is_valid_meld(m, rules=RUMMIKUB) for m in melds), [str(m) for m in melds]


def test_a_joker_with_no_room_in_the_sets_found_gets_a_set_of_its_own() -> None:
    """Every set found full (a group of four): the joker that must go down needs another layout."""
    from rummylib.rummikub.solver._cover import cover

    def grid(cells: str) -> tuple[tuple[int, ...], ...]:
        rows = [[0] * 14 for _ in range(4)]
        for p in parse_pieces(cells, rules=RUMMIKUB):
            assert isinstance(p, Tile)
            rows[RUMMIKUB.colors.index(p.color)][p.number] += 1
        return tuple(map(tuple, rows))

    shape = _api._shape(RUMMIKUB)
    assert cover(grid("k5 b5 y5 r5"), grid("k5 b5 y5 r5"), 0, shape, forced_jokers=1) is None
    found = cover(grid("k5 b5 y5 r5"), grid("k5 b5 y5 r5 r6 r7"), 0, shape, forced_jokers=1)
    assert found is not None
    assert sum(j for s in (*found[0], *found[1]) for _c, _v, j in s) == 1


@settings(max_examples=80, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(0, 10), st.integers(1, 6), st.integers(0, 6), st.booleans())
def test_the_environments_lay_out_is_lay_down(rnd: Any, k: int, n: int, m: int, done: bool) -> None:
    """`_masks.lay_out` (no input checks, for the environment) gives what `lay_down` gives."""
    from rummylib.rummikub.solver._masks import lay_out

    table, pool = _random_table(RUMMIKUB, rnd, k)
    picked = _near_tiles(pool, table, rnd, n + m)
    tiles, extra = picked[:n], picked[n:]
    if not tiles:
        return
    expected = lay_down(table, tiles, extra=extra, rules=RUMMIKUB, initial_meld_done=done)
    assert lay_out(tuple(table), tiles, extra, RUMMIKUB, done) == expected
