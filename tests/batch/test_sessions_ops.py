"""The session ops of ``rummylib batch`` (deal, apply, view, legal) against the referees themselves.

Every registered referee is reached through the registry, so a referee added later is tested here
the day it is registered: what the ops answer must be exactly what the Python API says.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from tests.indian.positions import DECLARABLE, LOOSE, choose, rig

from rummylib import INDIAN_RUMMY, saves
from rummylib.batch import handle_line, handle_request
from rummylib.indian import IndianGame, IndianPhase
from rummylib.referee import action_to_json
from rummylib.registry import FAMILIES, GameFamily
from rummylib.rules import PRESETS, RuleSet


def _rules_of(found: GameFamily) -> list[RuleSet]:
    return [r for r in PRESETS.values() if r.scoring in found.schemes]


STATE_TYPES = [
    (rules.name, cls.SAVE_TYPE, cls) for found in FAMILIES for cls in found.states for rules in _rules_of(found)
]
"""Every (game, state type) the session ops can deal."""

SHORT = {"max_reshuffles": 1}
"""House rules that keep random contract rounds short."""


def _deal(game: str, state_type: str, seed: int = 1) -> dict[str, Any]:
    rules = PRESETS[game]
    request: dict[str, Any] = {
        "op": "deal",
        "game": game,
        "players": rules.min_players,
        "seed": seed,
        "state_type": state_type,
        "rules": SHORT if rules.has_option("max_reshuffles") else {},
    }
    answer = handle_request(request)
    assert "error" not in answer, answer
    return answer


def _expected(state: Any) -> dict[str, Any]:
    """What the ops must say of a state: computed with the referee's own methods."""
    mover = state.to_move
    return {
        "to_move": mover,
        "is_over": state.is_over,
        "result": state.result().to_json() if state.is_over else None,
        "legal": [] if mover is None else [action_to_json(a) for a in state.legal_actions(mover)],
        "view": None if mover is None else state.view(mover).to_json(),
        "state": state.to_json(),
    }


def test_every_registered_state_type_is_dealt() -> None:
    assert {t for _, t, _ in STATE_TYPES} == {cls.SAVE_TYPE for f in FAMILIES for cls in f.states}
    assert len(STATE_TYPES) >= 7


@pytest.mark.parametrize(("game", "state_type", "cls"), STATE_TYPES, ids=[f"{g}-{t}" for g, t, _ in STATE_TYPES])
def test_deal_answers_what_the_referee_says(game: str, state_type: str, cls: Any) -> None:
    answer = _deal(game, state_type)
    state = saves.from_json(answer["state"])
    assert type(state) is cls
    assert list(answer) == ["to_move", "is_over", "result", "legal", "view", "state"]
    assert answer == _expected(state)
    assert answer["legal"] and answer["view"]["viewer"] == answer["to_move"]
    json.dumps(answer)  # JSON-ready


@pytest.mark.parametrize(("game", "state_type", "cls"), STATE_TYPES, ids=[f"{g}-{t}" for g, t, _ in STATE_TYPES])
def test_random_play_through_the_ops_is_the_referees_play(game: str, state_type: str, cls: Any) -> None:
    """Random legal actions through JSON lines: every answer is what the referee gives, to the end
    (or for 150 actions, for the long games)."""
    rng = random.Random(f"{game}/{state_type}")
    answer = _deal(game, state_type, seed=rng.randrange(1000))
    state = cls.from_json(answer["state"])
    for _ in range(150):
        if answer["is_over"]:
            break
        choice = rng.choice(answer["legal"])
        line = json.dumps({"op": "apply", "state": answer["state"], "action": choice})
        answer = json.loads(json.dumps(handle_line(line)))  # through the wire format
        action = cls.action_from_json(choice)
        after = state.apply(action)
        assert answer["action"] == action_to_json(action)
        history = getattr(after, "history", None)
        assert answer["turn"] == (history[-1].to_json() if history is not None else None)
        assert {k: v for k, v in answer.items() if k not in ("action", "turn")} == _expected(after)
        state = after
    if answer["is_over"]:
        assert answer["result"] == state.result().to_json()
        assert answer["legal"] == [] and answer["view"] is None and answer["to_move"] is None


def test_gin_and_contract_rounds_play_to_the_end() -> None:
    """A Gin hand and a Shanghai round, random legal actions until the result."""
    for request in (
        {"op": "deal", "game": "gin", "players": 2, "seed": 4},
        {"op": "deal", "game": "shanghai", "players": 3, "seed": 4, "rules": SHORT},
    ):
        rng = random.Random(4)
        answer = handle_request(request)
        steps = 0
        while not answer["is_over"]:
            assert answer["legal"], "the legal list is empty while the game goes on"
            answer = handle_request({"op": "apply", "state": answer["state"], "action": rng.choice(answer["legal"])})
            assert "error" not in answer, answer
            steps += 1
            assert steps < 5000
        assert answer["result"]["scores"] and answer["legal"] == []


def test_default_state_type_is_the_first_registered() -> None:
    for found in FAMILIES:
        for rules in _rules_of(found):
            answer = handle_request({"op": "deal", "game": rules.name, "players": rules.min_players, "seed": 1})
            if not found.states:
                assert answer["error"]["code"] == "op-not-for-game"
                assert rules.title in answer["error"]["message"]
                continue
            assert answer["state"]["type"] == found.states[0].SAVE_TYPE


def test_deal_options_round_and_dealer() -> None:
    answer = handle_request({"op": "deal", "game": "contract_rummy", "players": 4, "seed": 3, "round": 5, "dealer": 2})
    state = saves.from_json(answer["state"])
    assert (state.round_number, state.dealer, answer["to_move"]) == (5, 2, 3)
    assert len(state.hands[0]) == 12
    gin = handle_request({"op": "deal", "game": "gin", "players": 2, "seed": 3, "dealer": 1})
    assert gin["to_move"] == 0
    game = handle_request({"op": "deal", "game": "gin", "players": 2, "seed": 3, "state_type": "gin-game"})
    assert game["state"]["type"] == "gin-game" and game["view"]["totals"] == [0, 0]
    assert (
        handle_request({"op": "deal", "game": "rummikub", "players": 3, "seed": "x"})["view"]["hand_sizes"] == [14] * 3
    )


@pytest.mark.parametrize(
    ("request_", "code", "words"),
    [
        ({"game": "gin", "players": 2, "seed": 1, "round": 2}, "bad-field", "'round' does not apply to a gin-hand"),
        ({"game": "rummikub", "players": 2, "seed": 1, "dealer": 1}, "bad-field", "'dealer' does not apply"),
        (
            {"game": "shanghai", "players": 3, "seed": 1, "state_type": "contract-game", "round": 2},
            "bad-field",
            "round",
        ),
        ({"game": "gin", "players": 2, "seed": 1, "state_type": "gin-round"}, "bad-field", "gin-hand, gin-game"),
        ({"game": "gin", "players": 2, "seed": 1, "state_type": 5}, "bad-field", "state_type"),
        ({"game": "gin", "players": 3, "seed": 1}, "bad-players", "2 players"),
        ({"game": "shanghai", "players": 2, "seed": 1}, "bad-players", "3 to 8"),
        ({"game": "shanghai", "players": 3, "seed": 1, "round": 11}, "unknown-round", "11"),
        ({"game": "shanghai", "players": 3, "seed": 1, "dealer": 3}, "bad-players", "dealer"),
        ({"game": "shanghai", "seed": 1}, "missing-field", "players"),
        ({"game": "indian_rummy", "seed": 1}, "missing-field", "players"),
        ({"game": "gin", "players": 2, "seed": 1.5}, "bad-field", "seed"),
        ({"game": "gin", "players": 2, "seed": True}, "bad-field", "seed"),
        ({"game": "gin", "players": 2, "seed": 10**30}, "bad-field", "seed"),
        ({"game": "gin", "players": 2, "seed": "x" * 20_000}, "bad-field", "seed"),
        ({"game": "gin", "players": "2", "seed": 1}, "bad-field", "players"),
        ({"game": "gin", "players": 2, "seed": 1, "rules": {"hand_size": 30}}, "bad-rules", "deal"),
    ],
)
def test_deal_refuses_what_it_cannot_deal(request_: dict[str, Any], code: str, words: str) -> None:
    answer = handle_request({"op": "deal", **request_})
    assert answer["error"]["code"] == code, answer
    assert words in answer["error"]["message"]


def test_deal_needs_no_players_where_the_game_seats_one_number() -> None:
    # Gin Rummy seats 2 and no other number: the field is optional there, and means the same
    alone = handle_request({"op": "deal", "game": "gin", "seed": 5})
    assert alone == handle_request({"op": "deal", "game": "gin", "players": 2, "seed": 5})
    assert len(alone["view"]["hand_sizes"]) == 2


def test_apply_refuses_an_illegal_action_naming_the_rule() -> None:
    dealt = handle_request({"op": "deal", "game": "gin", "players": 2, "seed": 7, "id": "t1"})
    answer = handle_request(
        {"op": "apply", "id": "t1", "state": dealt["state"], "action": {"action": "discard", "player": 1, "card": "Ah"}}
    )
    assert set(answer) == {"id", "error"} and answer["id"] == "t1"
    error = answer["error"]
    assert error["code"] == "illegal-action"
    assert [p["code"] for p in error["problems"]] == ["wrong-phase"]
    assert "draw" in error["problems"][0]["message"]


def test_apply_refuses_in_every_game() -> None:
    """Every referee's refusal comes back as an error with its violations' codes."""
    for game, state_type, _ in STATE_TYPES:
        dealt = _deal(game, state_type)
        other = (dealt["to_move"] + 1) % saves.from_json(dealt["state"]).players
        wrong = {**dealt["legal"][0], "player": other}
        answer = handle_request({"op": "apply", "state": dealt["state"], "action": wrong})
        assert answer["error"]["code"] in {"illegal-action", "illegal-turn"}, (game, answer)
        assert "not-your-turn" in [p["code"] for p in answer["error"]["problems"]], (game, answer)


def test_a_rummikub_play_names_every_problem_and_a_draw_names_the_tile() -> None:
    dealt = handle_request({"op": "deal", "game": "rummikub", "players": 2, "seed": 1})
    play = {"action": "play", "player": 0, "table": {"melds": ["r1 r2"]}}
    answer = handle_request({"op": "apply", "state": dealt["state"], "action": play})
    assert answer["error"]["code"] == "illegal-turn"
    codes = [p["code"] for p in answer["error"]["problems"]]
    assert codes[0] == "run-too-short" and "no-tile-played" in codes
    assert answer["error"]["problems"][0]["meld"] == 0
    drawn = handle_request({"op": "apply", "state": dealt["state"], "action": {"action": "draw", "player": 0}})
    game = saves.from_json(dealt["state"])
    assert drawn["turn"] == {"kind": "draw", "player": 0, "drawn": str(game.stock[0])}
    assert drawn["action"] == {"action": "draw", "player": 0, "elapsed": None}


def test_a_legal_rummikub_play_reports_the_tiles_played() -> None:
    # find a deal whose first player holds a run worth 30 in one colour
    for seed in range(200):
        dealt = handle_request({"op": "deal", "game": "rummikub", "players": 2, "seed": seed})
        solved = handle_request(
            {"op": "solve", "game": "rummikub", "table": [], "rack": dealt["view"]["hand"], "initial_meld_done": False}
        )
        if solved["tiles_placed"]:
            break
    else:  # pragma: no cover - seeds with an opening are common
        pytest.fail("no opening found")
    play = {"action": "play", "player": 0, "table": {"melds": solved["table_after"]}}
    answer = handle_request({"op": "apply", "state": dealt["state"], "action": play})
    assert answer["turn"]["kind"] == "play" and answer["turn"]["played"] == solved["played"]
    assert answer["view"]["viewer"] == 1 and answer["view"]["table"] == solved["table_after"]


@pytest.mark.parametrize(
    ("action", "words"),
    [
        ({"action": "fly", "player": 1}, "unknown action 'fly'"),
        ({"player": 1}, "unknown action"),
        ({"action": "discard", "player": 1}, "missing field 'card'"),
        ({"action": "discard", "player": 1, "card": "Zz"}, "Zz"),
        ({"action": "draw-stock", "player": "one"}, "integer"),
        ({"action": "draw-stock", "player": 1, "extra": 2}, "unknown field 'extra'"),
        ({"action": "play", "player": 1, "table": "r1 r2 r3"}, "unknown action 'play'"),
    ],
)
def test_apply_refuses_what_is_not_an_action(action: dict[str, Any], words: str) -> None:
    dealt = handle_request({"op": "deal", "game": "gin", "players": 2, "seed": 7})
    answer = handle_request({"op": "apply", "state": dealt["state"], "action": action})
    assert answer["error"]["code"] == "bad-field", answer
    assert answer["error"]["message"].startswith("field 'action': ")
    assert words in answer["error"]["message"]


def test_apply_needs_a_state_and_an_action() -> None:
    dealt = handle_request({"op": "deal", "game": "gin", "players": 2, "seed": 7})
    assert handle_request({"op": "apply", "action": dealt["legal"][0]})["error"]["code"] == "missing-field"
    assert handle_request({"op": "apply", "state": dealt["state"]})["error"]["code"] == "missing-field"
    assert handle_request({"op": "apply", "state": [1], "action": {}})["error"]["code"] == "bad-field"
    assert handle_request({"op": "apply", "state": dealt["state"], "action": 5})["error"]["code"] == "bad-field"
    assert (
        handle_request({"op": "apply", "state": dealt["state"], "action": "draw"})["error"]["code"] == "no-move-found"
    )


def test_a_tampered_state_is_refused_with_bad_save() -> None:
    dealt = handle_request({"op": "deal", "game": "gin", "players": 2, "seed": 7})
    state = json.loads(json.dumps(dealt["state"]))
    state["state"]["hands"][1] += " Ah"  # one ace more
    for op in ("apply", "view", "legal"):
        answer = handle_request({"op": op, "state": state, "action": dealt["legal"][0], "player": 1})
        assert answer["error"]["code"] == "bad-save", answer
    state = json.loads(json.dumps(dealt["state"]))
    state["version"] = 2
    assert handle_request({"op": "view", "state": state, "player": 0})["error"]["code"] == "bad-save"
    state = json.loads(json.dumps(dealt["state"]))
    state["type"] = "os.system"
    assert handle_request({"op": "view", "state": state, "player": 0})["error"]["code"] == "bad-save"


def test_an_edited_rummikub_history_is_refused() -> None:
    dealt = handle_request({"op": "deal", "game": "rummikub", "players": 2, "seed": 2})
    drawn = handle_request({"op": "apply", "state": dealt["state"], "action": dealt["legal"][0]})
    state = drawn["state"]
    racks = state["state"]["hands"]
    racks[0], racks[1] = racks[1], racks[0]  # swap two racks: every tile is still there
    answer = handle_request({"op": "legal", "state": state})
    assert answer["error"]["code"] == "bad-save"


def test_view_and_legal() -> None:
    dealt = handle_request({"op": "deal", "game": "shanghai", "players": 3, "seed": 2})
    state = saves.from_json(dealt["state"])
    for seat in range(3):
        view = handle_request({"op": "view", "state": dealt["state"], "player": seat})
        assert view == {"view": state.view(seat).to_json()}
        legal = handle_request({"op": "legal", "state": dealt["state"], "player": seat})
        assert legal == {"player": seat, "legal": [action_to_json(a) for a in state.legal_actions(seat)]}
    mover = handle_request({"op": "legal", "state": dealt["state"]})
    assert mover == {"player": dealt["to_move"], "legal": dealt["legal"]}
    assert handle_request({"op": "legal", "state": dealt["state"], "player": None}) == mover
    for op in ("view", "legal"):
        for seat in (3, -1, 10**20):
            answer = handle_request({"op": op, "state": dealt["state"], "player": seat})
            assert answer["error"]["code"] == "illegal-action"
            assert [p["code"] for p in answer["error"]["problems"]] == ["not-a-player"]
        assert handle_request({"op": op, "state": dealt["state"], "player": "0"})["error"]["code"] == "bad-field"
        assert handle_request({"op": op, "state": dealt["state"], "player": True})["error"]["code"] == "bad-field"
    assert handle_request({"op": "view", "state": dealt["state"]})["error"]["code"] == "missing-field"


def test_a_buy_window_lists_each_waiting_seat() -> None:
    dealt = handle_request({"op": "deal", "game": "shanghai", "players": 4, "seed": 5})
    mover = dealt["to_move"]
    refused = handle_request(
        {"op": "apply", "state": dealt["state"], "action": {"action": "draw-stock", "player": mover}}
    )
    waiting = refused["view"]["window"]["waiting"]
    assert len(waiting) == 3 and refused["to_move"] == waiting[0]
    for seat in waiting:
        legal = handle_request({"op": "legal", "state": refused["state"], "player": seat})["legal"]
        assert {a["action"] for a in legal} == {"buy", "decline-buy"}
    last = waiting[-1]  # any waiting seat may answer first
    answer = handle_request(
        {"op": "apply", "state": refused["state"], "action": {"action": "decline-buy", "player": last}}
    )
    assert "error" not in answer and last not in answer["view"]["window"]["waiting"]


def test_ops_on_a_finished_game() -> None:
    rng = random.Random(3)
    answer = handle_request({"op": "deal", "game": "gin", "players": 2, "seed": 9})
    while not answer["is_over"]:
        answer = handle_request({"op": "apply", "state": answer["state"], "action": rng.choice(answer["legal"])})
    assert handle_request({"op": "legal", "state": answer["state"]}) == {"player": None, "legal": []}
    refused = handle_request({"op": "apply", "state": answer["state"], "action": {"action": "draw-stock", "player": 0}})
    assert refused["error"]["code"] == "illegal-action"
    assert handle_request({"op": "view", "state": answer["state"], "player": 1})["view"]["phase"] == "over"


def test_state_ops_need_no_game_and_say_what_they_ignore() -> None:
    dealt = handle_request({"op": "deal", "game": "gin", "players": 2, "seed": 7})
    plain = handle_request({"op": "view", "state": dealt["state"], "player": 0})
    assert "warnings" not in plain
    extra = handle_request(
        {"op": "view", "state": dealt["state"], "player": 0, "game": "rummikub", "rules": {"x": 1}, "colour": 1}
    )
    assert extra["view"] == plain["view"]
    assert extra["warnings"] == [
        "unknown field 'colour' ignored",
        "field 'game' ignored: the state carries its own game and rules",
        "field 'rules' ignored: the state carries its own game and rules",
    ]


def test_id_is_echoed_by_every_session_op() -> None:
    dealt = handle_request({"op": "deal", "game": "gin", "players": 2, "seed": 7, "id": [1]})
    assert list(dealt)[0] == "id" and dealt["id"] == [1]
    for op in ("apply", "view", "legal"):
        answer = handle_request({"op": op, "id": op, "state": dealt["state"], "action": dealt["legal"][0], "player": 1})
        assert answer["id"] == op and "error" not in answer


def test_the_state_survives_the_wire() -> None:
    """A state parsed and written again by another program (spacing, key order) is the same state."""
    dealt = handle_request({"op": "deal", "game": "shanghai", "players": 3, "seed": 8})
    shuffled = json.loads(json.dumps(dealt["state"], indent=3, sort_keys=True))
    answer = handle_request({"op": "apply", "state": shuffled, "action": dealt["legal"][0]})
    direct = handle_request({"op": "apply", "state": dealt["state"], "action": dealt["legal"][0]})
    assert answer == direct


def _judged_as_listed(state: Any) -> None:
    """The actions listed with their verdicts are `legal_actions`, each judged by `judge_declaration`."""
    for player in (None, *range(state.players)):
        pairs = state._judged_actions(player)
        assert tuple(action for action, _ in pairs) == state.legal_actions(player)
        assert [verdict for _, verdict in pairs] == [state.judge_declaration(a) for a, _ in pairs]


def test_indian_verdicts_found_while_listing_are_the_judge_s() -> None:
    """`legal` marks each declaration valid or not from the listing; the marks are the judge's own."""
    declarable = rig([DECLARABLE + " 10d", LOOSE], wild="7s", phase=IndianPhase.DISCARD)
    _judged_as_listed(declarable)
    assert True in {verdict for _, verdict in declarable._judged_actions()}
    rng = random.Random(5)
    for seed in range(3):
        game: Any = IndianGame.deal(rules=INDIAN_RUMMY, players=2 + seed, seed=seed)
        for _ in range(60):
            _judged_as_listed(game)
            _judged_as_listed(game.round)
            if game.is_over:
                break
            game = game.apply(choose(rng, game.legal_actions(), patience=0.95))


def _written_as_judged(state: Any) -> None:
    """The listing an Indian referee writes itself is `action_to_json` of its judged actions, item for item."""
    for player in range(state.players):
        written = state._judged_json(player)
        if written is None:
            continue
        expected = []
        for action, verdict in state._judged_actions(player):
            data = action_to_json(action)
            if verdict is not None:
                data["valid"] = verdict
            expected.append(data)
        assert written == expected
        assert [list(item) for item in written] == [list(item) for item in expected]  # the keys' order too


def test_indian_listing_written_directly_is_the_judged_one() -> None:
    """`legal` of an Indian discard phase, written without making the actions, says what the actions say."""
    declarable = rig([DECLARABLE + " 10d", LOOSE], wild="7s", phase=IndianPhase.DISCARD)
    _written_as_judged(declarable)
    assert any(item.get("valid") for item in declarable._judged_json(declarable.to_move))
    rng = random.Random(6)
    seen = 0
    for seed in range(4):
        game: Any = IndianGame.deal(rules=INDIAN_RUMMY, players=2 + seed % 3, seed=seed)
        for _ in range(60):
            _written_as_judged(game)
            _written_as_judged(game.round)
            seen += game._judged_json(game.round.to_move) is not None
            if game.is_over:
                break
            game = game.apply(choose(rng, game.legal_actions(), patience=0.95))
    assert seen > 20
