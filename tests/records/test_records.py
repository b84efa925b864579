"""Game records (`rummylib.records`): the line of every action, round trips, and the records refused.

A record is read by dealing the game again from its header and replaying every move through the
referee; written records read back to the same game and are written again to the same text. The
round trip is checked on random games of every registered referee (every preset of its family,
random seats, seeds, dealers and rounds), cut at a random point or played to the end.
"""

from __future__ import annotations

import datetime
import inspect
import random
from collections.abc import Iterator
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummylib import (
    GIN_RUMMY,
    INDIAN_RUMMY,
    PRESETS,
    RUMMIKUB,
    SHANGHAI,
    IllegalActionError,
    RecordError,
    RuleSet,
    Tile,
    contracts,
    gin,
    indian,
    rummikub,
)
from rummylib.errors import ErrorCode
from rummylib.records import (
    FORMAT,
    VERSION,
    Record,
    action_from_line,
    action_line,
    read_record,
    view_lines,
    write_record,
)
from rummylib.registry import FAMILIES, family_of, state_types
from rummylib.rummikub import IllegalTurnError

# ------------------------------------------------------------------------------------------
# The line of every action
# ------------------------------------------------------------------------------------------

EXAMPLES: dict[type, list[tuple[Any, str]]] = {
    rummikub.Play: [
        (rummikub.Play(0, "r1 r2 r3 | k7 b7 y7"), "0 play R1 R2 R3 | K7 B7 Y7"),
        (rummikub.Play(2, "r5 r6 *", elapsed=12.5), "2 play R5 R6 * elapsed=12.5"),
        (rummikub.Play(1, "r5 r6 *", elapsed=30), "1 play R5 R6 * elapsed=30.0"),
    ],
    rummikub.Draw: [(rummikub.Draw(1), "1 draw"), (rummikub.Draw(0, elapsed=0.25), "0 draw elapsed=0.25")],
    rummikub.Pass: [(rummikub.Pass(3), "3 pass")],
    rummikub.Timeout: [
        (rummikub.Timeout(0), "0 timeout"),
        (rummikub.Timeout(1, elapsed=61.0), "1 timeout elapsed=61.0"),
    ],
    contracts.DrawStock: [(contracts.DrawStock(1), "1 draw-stock")],
    contracts.DrawDiscard: [(contracts.DrawDiscard(0), "0 draw-discard")],
    contracts.Buy: [(contracts.Buy(2), "2 buy")],
    contracts.DeclineBuy: [(contracts.DeclineBuy(3), "3 decline-buy")],
    contracts.LayDown: [
        (contracts.LayDown(2, "7h 7s 7d | 9c 9d 9s"), "2 lay-down 7h 7s 7d | 9c 9d 9s"),
        (contracts.LayDown(1, "Kh Kd * | 5s 5d 5c", swaps=[("4c", 2)]), "1 lay-down Kh Kd * | 5s 5d 5c swaps=4c:2"),
        (
            contracts.LayDown(0, "4h 5h 6h 7h | * * 9c 10c", swaps=[("4c", 2), ("Kd", 0)]),
            "0 lay-down 4h 5h 6h 7h | * * 9c 10c swaps=4c:2,Kd:0",
        ),
    ],
    contracts.LayOff: [
        (contracts.LayOff(0, "8h 9h", 3), "0 lay-off 8h 9h meld=3"),
        (contracts.LayOff(1, "*", 0, joker_end="low"), "1 lay-off * meld=0 joker-end=low"),
    ],
    contracts.SwapJoker: [(contracts.SwapJoker(0, "5h", 1), "0 swap-joker 5h meld=1")],
    contracts.Discard: [(contracts.Discard(0, "Kd"), "0 discard Kd"), (contracts.Discard(1, "*"), "1 discard *")],
    gin.DrawStock: [(gin.DrawStock(1), "1 draw-stock")],
    gin.DrawDiscard: [(gin.DrawDiscard(0), "0 draw-discard")],
    gin.Discard: [(gin.Discard(0, "10d"), "0 discard 10d")],
    gin.Knock: [(gin.Knock(1, "Kd"), "1 knock Kd"), (gin.Knock(0), "0 knock")],
    indian.DrawStock: [(indian.DrawStock(3), "3 draw-stock")],
    indian.DrawDiscard: [(indian.DrawDiscard(1), "1 draw-discard")],
    indian.Discard: [(indian.Discard(0, "7h"), "0 discard 7h"), (indian.Discard(5, "*"), "5 discard *")],
    indian.Declare: [
        (
            indian.Declare(1, "Ah 2h 3h | 4c 5c 6c | 9s 9d 9h | Jc Qc Kc *", "7d"),
            "1 declare Ah 2h 3h | 4c 5c 6c | 9s 9d 9h | Jc Qc Kc * discard=7d",
        )
    ],
    indian.Drop: [(indian.Drop(2), "2 drop")],
}
"""A few actions of every class of every registered referee, and their record lines."""


def _referee_of(cls: type) -> type:
    return next(state for f in FAMILIES for state in f.states if cls in state.ACTIONS)  # type: ignore[attr-defined]


def test_every_action_of_every_registered_referee_has_examples() -> None:
    registered = {cls for f in FAMILIES for state in f.states for cls in state.ACTIONS}  # type: ignore[attr-defined]
    assert registered - set(EXAMPLES) == set(), "add record lines for these actions to EXAMPLES"


@pytest.mark.parametrize(
    ("action", "line"), [pytest.param(a, t, id=t) for examples in EXAMPLES.values() for a, t in examples]
)
def test_the_line_of_an_action_reads_back_as_the_same_action(action: Any, line: str) -> None:
    assert action_line(action) == line
    again = action_from_line(line, _referee_of(type(action)))
    assert again == action and action_line(again) == line


def test_lines_read_with_any_spacing_and_case_of_notation() -> None:
    assert action_from_line("  2   lay-down 7H 7s 7d|9c 9d  9s ", contracts.ContractRound) == contracts.LayDown(
        2, "7h 7s 7d | 9c 9d 9s"
    )
    assert action_from_line("0 play r1 r2 r3|k7 b7 y7", rummikub.RummikubGame) == rummikub.Play(
        0, "R1 R2 R3 | K7 B7 Y7"
    )
    assert action_from_line("1 lay-off 8h,9h meld=3", contracts.ContractRound) == contracts.LayOff(1, "8h 9h", 3)


@pytest.mark.parametrize(
    ("line", "referee", "says"),
    [
        ("draw-stock", gin.GinHand, "a move is a seat, an action"),
        ("x draw-stock", gin.GinHand, "a move is a seat, an action"),
        ("0 draw", gin.GinHand, "unknown action 'draw' (this game's actions: discard, draw-discard, draw-stock"),
        ("0 draw-stock Kd", gin.GinHand, "draw-stock takes no pieces"),
        ("0 discard", gin.GinHand, "missing field 'card'"),
        ("0 discard Kd Qd", gin.GinHand, "discard"),
        ("0 discard Zz", gin.GinHand, "discard"),
        ("0 lay-off 8h", contracts.ContractRound, "missing field 'meld'"),
        ("0 lay-off 8h meld=three", contracts.ContractRound, "lay-off meld: 'three' is not a whole number"),
        ("0 lay-off 8h meld=1 meld=2", contracts.ContractRound, "meld is given twice"),
        ("0 lay-off 8h meld=1 side=low", contracts.ContractRound, "lay-off has no field 'side'"),
        ("0 lay-off 8h meld=1 joker-end=middle", contracts.ContractRound, "lay-off"),
        ("0 lay-down 7h 7s 7d swaps=4c", contracts.ContractRound, "is not 2 values joined by ':'"),
        ("0 play r1 r2 r3 elapsed=soon", rummikub.RummikubGame, "play elapsed: 'soon' is not a number"),
        ("", gin.GinHand, "holds no move"),
    ],
)
def test_a_line_that_is_no_move_is_refused(line: str, referee: type, says: str) -> None:
    with pytest.raises(RecordError) as info:
        action_from_line(line, referee)
    assert says in info.value.message
    assert info.value.code is ErrorCode.BAD_RECORD


def test_action_line_refuses_what_is_not_an_action() -> None:
    with pytest.raises(TypeError):
        action_line("0 draw")
    with pytest.raises(TypeError):
        action_from_line("0 draw", str)


# ------------------------------------------------------------------------------------------
# Random games of every registered referee
# ------------------------------------------------------------------------------------------

_FORWARD = ("lay-down", "lay-off", "swap-joker", "knock", "declare")


def _rummikub_sets(rack: tuple[Any, ...]) -> list[list[Tile]]:
    """Disjoint runs and groups of three natural tiles from a rack (a quick way to play for tests)."""
    left = [t for t in rack if isinstance(t, Tile)]
    found = []
    for t in sorted(left, key=lambda t: (t.color.value, t.number)):
        run = [
            t,
            Tile(t.color, t.number + 1) if t.number < 13 else None,
            Tile(t.color, t.number + 2) if t.number < 12 else None,
        ]
        if all(x is not None and x in left for x in run) and len(set(run)) == 3:
            for x in run:
                left.remove(x)  # type: ignore[arg-type]
            found.append(run)
    for number in range(1, 14):
        colours = {t.color: t for t in left if t.number == number}
        if len(colours) >= 3:
            group = list(colours.values())[:3]
            for x in group:
                left.remove(x)
            found.append(group)
    return found  # type: ignore[return-value]


def _rummikub_move(state: rummikub.RummikubGame, rng: random.Random) -> Any:
    seat = state.to_move
    assert seat is not None
    legal = list(state.legal_actions(seat))
    sets = _rummikub_sets(state.rack(seat))
    opened = state.initial_meld_done[seat]
    value = sum(t.number for s in sets for t in s)
    elapsed = rng.choice([None, None, 2.5, 14.0])
    if sets and (opened or value >= state.rules.initial_meld_points) and rng.random() < 0.9:
        return rummikub.Play(seat, [*state.table.melds, *sets], elapsed=elapsed)
    choice = rng.choice(legal)
    return attrs.evolve(choice, elapsed=elapsed) if hasattr(choice, "elapsed") else choice


def random_game(cls: type, rules: RuleSet, rng: random.Random, steps: int) -> tuple[Any, list[Any], dict[str, Any]]:
    """A dealt state, up to ``steps`` random legal moves from it, and the deal's arguments."""
    players = rng.randint(rules.min_players, min(rules.max_players, rules.min_players + 2))
    deal: dict[str, Any] = {}
    params = inspect.signature(cls.deal).parameters  # type: ignore[attr-defined]
    if "dealer" in params:
        deal["dealer"] = rng.randrange(players)
    if "round_number" in params:
        deal["round_number"] = rng.randint(1, len(rules.rounds))
    seed = rng.choice([rng.randrange(10**6), f"table {rng.randrange(100)}"])
    start = cls.deal(rules=rules, players=players, seed=seed, **deal)  # type: ignore[attr-defined]
    state, moves = start, []
    while not state.is_over and len(moves) < steps:
        if isinstance(state, rummikub.RummikubGame):
            action = _rummikub_move(state, rng)
        else:
            legal = state.legal_actions(state.to_move)
            forward = [a for a in legal if a.kind in _FORWARD]
            action = rng.choice(forward if forward and rng.random() < 0.8 else legal)
            gin_hand = isinstance(state, gin.GinHand | gin.GinGame)  # the Discard class is every card game's
            discards = [a for a in legal if isinstance(a, gin.Discard)] if gin_hand else []
            if discards and not forward and rng.random() < 0.7:  # Gin: keep the hand good, so that knocks come
                held = state.view(state.to_move).hand
                action = min(
                    discards, key=lambda a: gin.deadwood([c for c in held if c != a.card], rules=rules).deadwood
                )
        state = state.apply(action)
        moves.append(action)
    return start, moves, {"seed": seed, "deal": deal}


def _variants(cls: type) -> Iterator[Any]:
    family = family_of(cls)
    for rules in PRESETS.values():
        if rules.scoring not in family.schemes:
            continue
        short = {"max_reshuffles": 1} if rules.has_option("max_reshuffles") else {}
        yield pytest.param(cls, rules.with_options(short), id=f"{cls.SAVE_TYPE}-{rules.name}")
        if rules is RUMMIKUB:
            timed = rules.with_options({"turn_time_limit": 10, "joker_retrieval": "replace", "initial_meld_points": 20})
            yield pytest.param(cls, timed, id=f"{cls.SAVE_TYPE}-{rules.name}-timed")


VARIANTS = [v for cls in state_types().values() for v in _variants(cls)]


def test_every_registered_referee_is_covered() -> None:
    assert {v.values[0] for v in VARIANTS} == set(state_types().values())


_names = st.none() | st.lists(st.sampled_from(["Ann", "Bob", "Cy", "Dee Dee", "Éloïse", "Ng"]), min_size=8, max_size=8)


@pytest.mark.parametrize(("cls", "rules"), VARIANTS)
@settings(max_examples=max(8, settings().max_examples // 5), deadline=None)
@given(rng=st.randoms(use_true_random=False), steps=st.integers(0, 90), names=_names, dated=st.booleans())
def test_record_game_record_is_the_same(
    cls: type, rules: RuleSet, rng: random.Random, steps: int, names: list[str] | None, dated: bool
) -> None:
    start, moves, dealt = random_game(cls, rules, rng, steps)
    seats = names[: start.players] if names else ()
    date = datetime.date(2025, 3, 1) if dated else None
    text = write_record(start, moves, seed=dealt["seed"], names=seats, date=date, event="tests")
    record = read_record(text)
    final = start
    for move in moves:
        final = final.apply(move)
    assert record.start == start
    assert record.final == final
    assert record.actions == tuple(moves)
    assert record.text() == text
    # record -> game -> record: writing the game read gives the same text
    again = write_record(
        record.start, record.actions, seed=record.seed, names=record.names, date=record.date, event="tests"
    )
    assert again == text
    assert read_record(again) == record
    assert len(record.states) == len(moves) + 1 and record.states[-1] == final
    assert [t.line for t in record.turns()] == list(record.lines)
    assert text.splitlines()[0] == f"{FORMAT} {VERSION}"


@pytest.mark.parametrize(("cls", "rules"), VARIANTS)
def test_a_game_to_its_end(cls: type, rules: RuleSet) -> None:
    """A round or hand to its end; a whole game of rounds or hands far enough to cross a few of them."""
    rng = random.Random(f"end {cls.SAVE_TYPE} {rules.name}")
    limit = 1200 if cls in (contracts.ContractGame, gin.GinGame) else 6000
    start, moves, dealt = random_game(cls, rules, rng, limit)
    text = write_record(start, moves, seed=dealt["seed"])
    record = read_record(text)
    assert record.final.is_over == (len(moves) < limit)
    assert record.text() == text
    result = dict(record.header)["Result"]
    if record.final.is_over:
        outcome = record.final.result()
        assert result.startswith(" ".join(map(str, outcome.scores)) + "; ") and result.endswith(outcome.reason)
    description = record.describe()
    assert description.count("\n\n") == len(moves) + 2 and description.endswith(f"result: {result}")


# ------------------------------------------------------------------------------------------
# Writing
# ------------------------------------------------------------------------------------------


def test_a_game_that_keeps_its_history_is_written_from_any_point() -> None:
    rng = random.Random(4)
    start, moves, _ = random_game(rummikub.RummikubGame, RUMMIKUB, rng, 40)
    game = start
    for move in moves:
        game = game.apply(move)
    assert write_record(game) == write_record(start, moves)
    assert read_record(write_record(game)).final == game


def test_the_header_names_the_deal() -> None:
    start = contracts.ContractGame.deal(
        rules=SHANGHAI.with_options({"joker_ratio": True}), players=4, seed="x", dealer=2
    )
    header = dict(read_record(write_record(start, [], date="2025-01-02", site="the club")).header)
    assert header == {
        "Game": "shanghai",
        "Options": '{"joker_ratio": true}',
        "Type": "contract-game",
        "Players": "4",
        "Seed": '"x"',
        "Dealer": "2",
        "Date": "2025-01-02",
        "Site": "the club",
        "Result": "unfinished",
    }
    hand = gin.GinGame.deal(rules=GIN_RUMMY, seed=9, dealer=1)  # the dealer is read from the hand in play
    assert dict(read_record(write_record(hand, [])).header)["Dealer"] == "1"
    assert read_record(write_record(hand, [])).start == hand


def test_an_indian_deal_names_the_options_it_was_dealt_with() -> None:
    """The deal makes the turned-up rank wild; the header names the house rules, not that."""
    rules = INDIAN_RUMMY.with_options({"pool_limit": 201, "indian_format": "pool"})
    start = indian.IndianDeal.deal(rules=rules, players=3, seed=5, dealer=2)
    assert start.rules != rules  # the wild rank of the deal
    record = read_record(write_record(start, []))
    assert dict(record.header)["Options"] == '{"indian_format": "pool", "pool_limit": 201}'
    assert "Sitting out" not in dict(record.header) and record.start == start and record.rules == rules
    out = indian.IndianDeal.deal(rules=rules, players=4, seed=5, dealer=2, sitting_out=[1])
    with pytest.raises(RecordError, match=r"is not what IndianDeal\.deal"):
        write_record(out, [])
    text = write_record(out, [], deal={"sitting_out": [1]})
    assert "Sitting out: [1]\n" in text and read_record(text).start == out


def test_write_record_refuses() -> None:
    hand = gin.GinHand.deal(rules=GIN_RUMMY, seed=3)
    assert read_record(write_record(hand, [])).start == hand  # a Gin hand keeps its seed
    with pytest.raises(RecordError, match=r"is not what GinHand\.deal"):
        write_record(hand, [], seed=4)
    with pytest.raises(RecordError, match=r"is not what GinHand\.deal"):
        write_record(hand.apply(gin.DrawStock(1)), [], seed=3)  # not as dealt
    with pytest.raises(RecordError, match=r"is not what GinHand\.deal"):
        write_record(hand, [], seed=3, deal={"dealer": 1})
    with pytest.raises(TypeError, match="takes no argument 'round_number'"):
        write_record(hand, [], seed=3, deal={"round_number": 2})
    with pytest.raises(TypeError, match="keeps no history"):
        write_record(hand, seed=3)
    with pytest.raises(TypeError, match="not an action of GinHand"):
        write_record(hand, [contracts.Buy(1)], seed=3)
    with pytest.raises(IllegalActionError, match=r"^move 2: 1 draw-stock: .*\[wrong-phase\]"):
        write_record(hand, [gin.DrawStock(1), gin.DrawStock(1)], seed=3)
    with pytest.raises(ValueError, match="one name per seat"):
        write_record(hand, [], seed=3, names=["Ann"])
    with pytest.raises(TypeError, match="not a str"):
        write_record(hand, [], seed=3, names="Ann")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="one line"):
        write_record(hand, [], seed=3, event="two\nlines")
    with pytest.raises(TypeError):
        write_record("a game", [])  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="an int or a str"):
        write_record(gin.GinHand.deal(rules=GIN_RUMMY, seed=random.Random(1)), [], seed=random.Random(1))  # type: ignore[arg-type]


# ------------------------------------------------------------------------------------------
# Reading: the records refused
# ------------------------------------------------------------------------------------------

GIN = """rummylib-record 1
Game: gin_rummy
Type: gin-hand
Players: 2
Seed: 7
Dealer: 0
Result: unfinished

1 draw-stock
1 discard 5s
"""


def _refused(text: str) -> RecordError:
    with pytest.raises(RecordError) as info:
        read_record(text)
    assert info.value.code is ErrorCode.BAD_RECORD
    return info.value


def test_the_sample_reads() -> None:
    record = read_record(GIN)
    assert isinstance(record, Record) and record.text() == GIN and record.lines == (9, 10)


def test_comments_and_blank_lines_are_skipped() -> None:
    text = GIN.replace("Seed: 7\n", "# dealt at the club\nSeed: 7\n").replace("1 discard", "\n# then\n1 discard")
    record = read_record(text)
    assert record.text() == GIN and record.lines == (10, 13)


@pytest.mark.parametrize(
    ("change", "line", "says"),
    [
        (("rummylib-record 1", "rummylib-record 2"), 1, "record format version 2 is not supported"),
        (("rummylib-record 1", "rummylib-save 1"), 1, "not a rummylib record"),
        (("Game: gin_rummy", "Game: poker"), 2, "unknown game 'poker'"),
        (("Type: gin-hand", "Type: gin-match"), 3, "unknown type 'gin-match'"),
        (("Type: gin-hand", "Type: rummikub-game"), 6, "unknown header line 'dealer' (a rummikub-game record has"),
        (("Type: gin-hand", "Type: contract-round"), 3, "cannot deal the game"),
        (("Players: 2", "Players: 3"), 3, "cannot deal the game"),
        (("Players: 2", "Players: two"), 4, "Players: 'two' is not a JSON value"),
        (("Seed: 7", "Seed: [7]"), 5, "Seed must be a whole number or a string in quotes"),
        (("Dealer: 0", "Dealer: 2"), 3, "cannot deal the game"),
        (("Dealer: 0", "Dealr: 0"), 6, "unknown header line 'dealr'"),
        (("Dealer: 0", "Dealer 0"), 6, "a header line is 'Name: value'"),
        (("Dealer: 0", "Seed: 8"), 6, "Seed is given twice"),
        (("Result: unfinished", "Result: 10 0; winner 0; gin"), 7, "the record says the result is"),
        (("Result: unfinished", "Options: [1]"), 7, "Options must be a JSON object"),
        (("Result: unfinished", 'Options: {"knock_limit": "ten"}'), 7, "knock_limit"),
        (("Result: unfinished", "Seat 1: Bob"), 7, "give a Seat line for every seat"),
        (("1 discard 5s", "1 discard 5s meld=2"), 10, "discard has no field 'meld'"),
        (("1 discard 5s", "1 shuffle"), 10, "unknown action 'shuffle'"),
    ],
)
def test_a_malformed_record_is_refused_naming_its_line(change: tuple[str, str], line: int, says: str) -> None:
    error = _refused(GIN.replace(*change))
    assert error.line == line and says in error.message and error.message.startswith(f"line {line}: ")


def test_a_record_missing_a_header_line_is_refused() -> None:
    assert "no Seed line" in _refused(GIN.replace("Seed: 7\n", "")).message
    assert "not a rummylib record" in _refused("").message


def test_an_illegal_move_is_refused_naming_its_line_and_rule() -> None:
    with pytest.raises(IllegalActionError) as info:
        read_record(GIN.replace("1 discard 5s", "1 discard Kd"))
    assert info.value.code is ErrorCode.ILLEGAL_ACTION
    assert info.value.message == "line 10: 1 discard Kd: player 1 does not hold Kd [not-in-hand]"
    assert [v.code for v in info.value.violations] == ["not-in-hand"]
    with pytest.raises(IllegalActionError, match=r"^line 9: 0 draw-stock: .*\[not-your-turn\]"):
        read_record(GIN.replace("1 draw-stock", "0 draw-stock"))
    # an illegal Rummikub play keeps its own error, with the line
    start = rummikub.RummikubGame.deal(rules=RUMMIKUB, players=2, seed=1)
    text = write_record(start, []).replace("Result: unfinished\n\n", "Result: unfinished\n\n0 play r1 r2\n")
    with pytest.raises(IllegalTurnError, match=r"^line 8: 0 play R1 R2: .*\[run-too-short\]"):
        read_record(text)


def test_read_record_takes_text_only() -> None:
    with pytest.raises(TypeError):
        read_record(b"rummylib-record 1")  # type: ignore[arg-type]


# ------------------------------------------------------------------------------------------
# Turns and views for people
# ------------------------------------------------------------------------------------------


def test_turns_say_what_the_mover_took() -> None:
    record = read_record(GIN)
    first, second = record.turns()
    assert first.describe().splitlines()[0] == "1. player 1: draw-stock (takes 5s)"
    assert second.describe().splitlines()[0] == "2. player 1: discard 5s"
    # seen by the other seat: the card drawn stays hidden
    assert "takes" not in first.describe(seat=0) and "5s" not in first.describe(seat=0).split("\n")[1]
    with pytest.raises(IllegalActionError):
        record.describe(seat=5)


def test_views_of_every_referee_read_as_lines() -> None:
    for cls in state_types().values():
        family = family_of(cls)
        rules = next(r for r in PRESETS.values() if r.scoring in family.schemes)
        state = cls.deal(rules=rules, players=rules.min_players, seed=1)  # type: ignore[attr-defined]
        lines = view_lines(state.view(0))
        assert lines and all(line and "\n" not in line for line in lines)
    assert view_lines("plain") == ["plain"]
