"""The games as text (rummylib.agents.text): rules in words, a seat's view and moves, moves read from replies."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from rummylib import PRESETS, RuleSet, saves
from rummylib.agents.bots import make_bot
from rummylib.agents.text import NoMoveFound, legal_text, move_text, read_move, rules_text, view_text
from rummylib.batch import handle_request
from rummylib.errors import ErrorCode, IllegalActionError
from rummylib.pieces import Family
from rummylib.records.record import action_line
from rummylib.referee import Referee, action_to_json
from rummylib.registry import family

GAMES = sorted(PRESETS)
PIECE = re.compile(r"(?<![\w*])(?:10|[2-9AJQKT])[cdhs](?!\w)|(?<![\w*])[KBYR](?:1[0-3]|[1-9])(?!\w)")
"""A card or a tile in notation, alone as a word."""


def _players(rules: RuleSet) -> int:
    return max(2, rules.min_players)


def _deal(name: str, seed: int) -> Referee:
    rules = PRESETS[name]
    state: Referee = family(rules).states[0].deal(rules=rules, players=_players(rules), seed=seed)
    return state


def _pieces(value: Any) -> set[str]:
    """Every piece written anywhere in a JSON value (as the save and view write them)."""
    return set(PIECE.findall(json.dumps(value)))


def _walk(name: str, seed: int, steps: int) -> list[Referee]:
    """The states of a game played by heuristic bots, the first ``steps`` of them."""
    state = _deal(name, seed)
    bots = [make_bot("heuristic", rules=state.rules, seed=f"{seed}/{s}") for s in range(state.players)]
    out = [state]
    while not state.is_over and len(out) < steps:
        seat = state.to_move
        assert seat is not None
        state = state.apply(bots[seat].act(state.view(seat), state.legal_actions(seat)))
        out.append(state)
    return out


@pytest.mark.parametrize("name", GAMES)
def test_rules_text_says_the_rules_of_the_variant(name: str) -> None:
    rules = PRESETS[name]
    text = rules_text(rules)
    assert text.startswith(f"{rules.title}.")
    assert f"at least {rules.min_run} consecutive" in text
    longer = rules.with_options({"min_run": rules.min_run + 1})
    assert f"at least {rules.min_run + 1} consecutive" in rules_text(longer)
    assert handle_request({"op": "rules", "game": name, "rules": {"min_run": rules.min_run + 1}}) == {
        "text": rules_text(longer)
    }


def test_a_house_rule_reads_as_it_is_played() -> None:
    gin = PRESETS["gin_rummy"]
    assert "knock with 10 points of deadwood" in rules_text(gin)
    assert "knock with 5 points of deadwood" in rules_text(gin.with_options({"knock_limit": 5}))
    assert "at least 25 points" in rules_text(PRESETS["rummikub"].with_options({"initial_meld_points": 25}))
    assert "at most 2 times a round" in rules_text(PRESETS["shanghai"].with_options({"max_buys": 2}))
    assert "Knocking is not allowed" in rules_text(gin.with_options({"gin_only": True}))
    assert "Knocking is not allowed" not in rules_text(gin)


@pytest.mark.parametrize("name", GAMES)
def test_a_seats_text_shows_nothing_hidden_from_it(name: str) -> None:
    """Pieces in the state but not in the seat's view (other hands, the stock) never appear in its text."""
    checked = hidden_seen = 0
    for state in _walk(name, seed=3, steps=40):
        for seat in range(state.players):
            hidden = _pieces(state.to_json()) - _pieces(state.view(seat).to_json())
            text = view_text(state, seat) + "\n" + "\n".join(legal_text(state, seat))
            assert not hidden & set(PIECE.findall(text)), (seat, hidden & set(PIECE.findall(text)))
            own = state.view(seat).hand
            assert {str(p) for p in own if PIECE.fullmatch(str(p))} <= set(PIECE.findall(text))
            checked += 1
            hidden_seen += len(hidden)
    assert checked > 40 and hidden_seen > 100  # there was much to hide


@pytest.mark.parametrize("name", GAMES)
def test_legal_moves_as_text_and_read_back(name: str) -> None:
    rng = random.Random(name)
    for state in _walk(name, seed=5, steps=30):
        seat = state.to_move
        if seat is None:
            continue
        actions = state.legal_actions(seat)
        texts = legal_text(state, seat)
        plays = texts[: len(texts) - len(actions)]
        assert texts[len(plays) :] == [action_line(a).split(" ", 1)[1] for a in actions]
        assert len(plays) <= (1 if state.rules.family is Family.TILES else 0)
        for play in plays:  # a tile game's best play the solver finds, first
            assert play.startswith("play ") and state.is_legal(read_move(state, seat, play))
        k = rng.randrange(len(actions))
        assert read_move(state, seat, texts[len(plays) + k]) == actions[k]
        text = texts[len(plays) + k]
        assert read_move(state, seat, f"{seat} {text}") == actions[k]
        reply = f"Let me think about this hand...\nI will play `{text}` now, that should do."
        assert read_move(state, seat, reply) == actions[k]
        assert read_move(state, seat, f"Thinking.\n\nMove: {text}.\n") == actions[k]
        with pytest.raises(NoMoveFound) as refused:
            read_move(state, seat, "I would rather not say. Maybe later?")
        assert refused.value.code is ErrorCode.NO_MOVE_FOUND
        assert texts[0] in refused.value.message


def test_a_rummikub_play_is_written_and_read() -> None:
    state = _deal("rummikub", 2)
    for state in _walk("rummikub", seed=2, steps=60):
        seat = state.to_move
        if seat is None:
            break
        action = make_bot("heuristic", rules=state.rules, seed=1).act(state.view(seat), state.legal_actions(seat))
        if move_text(action).startswith("play"):
            assert read_move(state, seat, f"Here goes:\n```\n{move_text(action)}\n```") == action
            return
    pytest.fail("no play in 60 turns")


def test_rummikub_lists_the_solvers_best_play_and_reads_any_legal_play() -> None:
    """The listed play lays the most tiles the solver finds; a play not listed is read and checked too."""
    from rummylib.rummikub import RummikubGame
    from rummylib.rummikub.actions import Play
    from rummylib.rummikub.solver import solve

    listed = 0
    for state in _walk("rummikub", seed=2, steps=80):
        seat = state.to_move
        if seat is None or not isinstance(state, RummikubGame):
            continue
        texts = legal_text(state, seat)
        view = state.view(seat)
        best = solve(view.table, view.hand, rules=state.rules, initial_meld_done=view.initial_meld_done[seat])
        if best.is_pass:
            assert not texts[0].startswith("play")
            continue
        listed += 1
        play = read_move(state, seat, f"I lay down:\n`{texts[0]}`")
        assert isinstance(play, Play) and state.is_legal(play)
        assert sum(len(m.pieces) for m in play.table.melds) - len(state.table.pieces()) == best.tiles_placed
        if best.tiles_placed > 3:  # a smaller play, not listed, is legal and read all the same
            for m in best.table_after:
                smaller = Play(seat, [x for x in best.table_after if x is not m])
                if state.is_legal(smaller) and move_text(smaller) not in texts:
                    assert read_move(state, seat, f"Rather: {move_text(smaller)}") == smaller
    assert listed >= 3


@pytest.mark.parametrize("name", GAMES)
def test_an_illegal_move_is_refused_with_the_referees_reason(name: str) -> None:
    state = _deal(name, 1)
    seat = state.to_move
    assert seat is not None
    other = (seat + 1) % state.players
    with pytest.raises(IllegalActionError) as refused:
        read_move(state, seat, f"I'll take `{other} {legal_text(state, seat)[0]}`")
    assert refused.value.code is ErrorCode.ILLEGAL_ACTION
    assert refused.value.violations[0].code == "not-your-turn"


@pytest.mark.parametrize("name", GAMES)
def test_the_batch_speaks_text(name: str) -> None:
    rules = PRESETS[name]
    dealt = handle_request({"op": "deal", "game": name, "players": _players(rules), "seed": 4})
    seat = dealt["to_move"]
    state = _deal(name, 4)  # the same seed: the same deal
    view = handle_request({"op": "view", "state": dealt["state"], "player": seat, "format": "text"})
    assert view == {"view": view_text(_from(dealt), seat)}
    legal = handle_request({"op": "legal", "state": dealt["state"], "format": "text"})
    assert legal == {"player": seat, "legal": legal_text(_from(dealt), seat)}
    move = legal["legal"][-1]
    applied = handle_request({"op": "apply", "state": dealt["state"], "action": f"Well... `{move}`."})
    assert applied["action"] == action_to_json(state.legal_actions(seat)[-1])
    refused = handle_request({"op": "apply", "state": dealt["state"], "action": "hmm, no idea"})
    assert refused["error"]["code"] == "no-move-found"
    bad = handle_request({"op": "view", "state": dealt["state"], "player": seat, "format": "yaml"})
    assert bad["error"]["code"] == "bad-field"


def _from(answer: dict[str, Any]) -> Referee:
    found: Referee = saves.from_json(answer["state"])
    return found


# --- what the text functions refuse ----------------------------------------------------------------


def test_the_text_functions_refuse_a_seat_that_is_not_one_and_rules_that_are_not_a_rule_set() -> None:
    from rummylib import GIN_RUMMY, ArgumentError, IllegalActionError
    from rummylib.agents.text import legal_text, read_move, rules_text, view_text
    from rummylib.gin import GinHand

    hand = GinHand.deal(rules=GIN_RUMMY, seed=1)
    for call in (
        lambda: read_move(hand, "1", "draw-stock"),
        lambda: read_move(hand, 5, "draw-stock"),
        lambda: legal_text(hand, True),
        lambda: view_text(hand, "0"),
    ):
        with pytest.raises(IllegalActionError) as caught:
            call()
        assert [v.code for v in caught.value.violations] == ["not-a-player"]
    with pytest.raises(ArgumentError, match="a reply is a str, not int"):
        read_move(hand, 1, 123)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="rules must be a RuleSet, not str"):
        rules_text("gin")  # type: ignore[arg-type]
