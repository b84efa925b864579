"""docs/reliability.md (what every check returns): coded problems, and only rummylib errors on bad input."""

from __future__ import annotations

import itertools
import json
import subprocess
import sys
from typing import Any

import pytest

from rummylib import rules as R
from rummylib.batch import all_ops, handle_line, handle_request
from rummylib.contracts import score_contract_round
from rummylib.errors import RummyError
from rummylib.gin import GinHand
from rummylib.notation import parse_pieces
from rummylib.rummikub import score_rummikub
from rummylib.scoring import hand_points

GAMES = ["rummikub", "contract_rummy", "shanghai", "gin_rummy", "indian_rummy"]


def is_error(answer: dict[str, Any]) -> bool:
    if "error" not in answer:
        return False
    err = answer["error"]
    # A refusal that names the rules broken (an illegal action) lists them as "problems" too.
    assert set(err) - {"problems"} == {"code", "message"}
    assert all({"code", "message"} <= set(p) for p in err.get("problems", []))
    assert isinstance(err["code"], str) and err["code"] and err["code"] == err["code"].lower()
    assert isinstance(err["message"], str) and err["message"]
    return True


# --- A check never answers only "no" ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "text"),
    [
        ("rummikub", "r12 r13 r1"),
        ("rummikub", "r7 r7 b7"),
        ("rummikub", "r1 b2 k3"),
        ("contract_rummy", "Kc Ac 2c 3c"),
        ("gin_rummy", "Qh Kh Ah"),
        ("shanghai", "4c 5c"),
    ],
)
def test_invalid_meld_says_which_rule_with_code_and_sentence(game: str, text: str) -> None:
    """'It says which meld or tile broke which rule, with a stable machine-readable code and a sentence.'"""
    answer = handle_request({"op": "meld", "game": game, "meld": text})
    assert answer["valid"] is False and answer["problems"]
    for problem in answer["problems"]:
        assert {"code", "message"} <= set(problem)
        assert problem["code"] and " " not in problem["code"]
        assert len(problem["message"].split()) >= 3


def test_bad_turn_names_the_set_and_the_tile() -> None:
    """docs/rules/rummikub.md: 'The table check must say, for a bad turn, which set is invalid and why, or which tile went missing'."""
    answer = handle_request(
        {
            "op": "turn",
            "game": "rummikub",
            "table_before": ["r1 r2 r3 *"],
            "rack": "b5 b6",
            "table_after": ["r1 r2 r3", "b5 b6 r9"],
            "initial_meld_done": True,
        }
    )
    assert answer["valid"] is False
    by_code = {p["code"]: p for p in answer["problems"]}
    assert "table-tile-missing" in by_code and "*" in by_code["table-tile-missing"]["message"]
    assert "tile-from-nowhere" in by_code and "R9" in by_code["tile-from-nowhere"]["message"]
    assert any(p.get("meld") == 1 for p in answer["problems"])


def test_bad_contract_names_the_meld() -> None:
    """A contract check names the offending meld."""
    answer = handle_request(
        {"op": "contract", "game": "contract_rummy", "round": 2, "melds": ["7h 7s 7d", "4c 5c 6c 7c 8c"]}
    )
    assert answer["valid"] is False
    assert answer["problems"][0]["meld"] == 1 and "4c 5c 6c 7c 8c" in answer["problems"][0]["message"]


# --- Bad input: only the library's own errors ---------------------------------------------------------


@pytest.mark.parametrize(
    ("request_", "code"),
    [
        ({"op": "meld", "game": "rummikub", "meld": "x5 r5 r6"}, "bad-notation"),
        ({"op": "meld", "game": "rummikub", "meld": "r14 r5 r6"}, "bad-notation"),
        ({"op": "meld", "game": "rummikub", "meld": "r0 r1 r2"}, "bad-notation"),
        ({"op": "meld", "game": "contract_rummy", "meld": "14h 13h 12h Kh"}, "bad-notation"),
        ({"op": "meld", "game": "rummikub", "meld": "r5 r5 r5"}, "too-many-copies"),
        ({"op": "meld", "game": "rummikub", "meld": "Ah 2h 3h"}, "bad-notation"),
        ({"op": "contract", "game": "shanghai", "round": 11, "melds": ["7h 7s 7d"]}, "unknown-round"),
        ({"op": "contract", "game": "contract_rummy", "round": 8, "melds": ["7h 7s 7d"]}, "unknown-round"),
        ({"op": "meld", "game": "uno", "meld": "r5"}, "unknown-game"),
        ({"op": "fly", "game": "rummikub"}, "unknown-op"),
        ({"op": "meld", "game": "rummikub", "meld": "r1 r2 r3", "rules": {"nope": 1}}, "unknown-option"),
    ],
)
def test_bad_input_gives_error_object(request_: dict[str, Any], code: str) -> None:
    """'an unknown tile, a 14, three r5, a contract round 11' → an error object with a stable code."""
    answer = handle_request(request_)
    assert is_error(answer) and answer["error"]["code"] == code
    assert "id" not in answer  # no id asked, none answered


def test_malformed_json_is_an_error_object() -> None:
    """'malformed JSON' → an error object, never a traceback."""
    for line in ['{"op": "meld"', "{bad", "[1, 2]", "null", '"text"', "{'op': 'meld'}", "\ufeff{"]:
        answer = handle_line(line)
        assert is_error(answer), line
    assert handle_line("{bad")["error"]["code"] == "bad-json"


def test_id_echoed_on_error_and_success() -> None:
    """'id' echoed back unchanged."""
    assert handle_request({"id": "a", "op": "meld", "game": "rummikub", "meld": "r5 r5 r5"})["id"] == "a"
    assert handle_request({"id": [1], "op": "meld", "game": "rummikub", "meld": "r5 r6 r7"})["id"] == [1]


@pytest.mark.parametrize(
    "call",
    [
        lambda: parse_pieces("r14", rules=R.RUMMIKUB),
        lambda: parse_pieces("q5", rules=R.RUMMIKUB),
        lambda: R.RUMMIKUB.check_piece_counts(parse_pieces("r5 r5 r5", rules=R.RUMMIKUB)),
        lambda: R.SHANGHAI.round(11),
        lambda: R.CONTRACT_RUMMY.round(0),
        lambda: R.find_ruleset("uno"),
        lambda: R.RUMMIKUB.with_options({"initial_meld_points": "lots"}),
        lambda: R.RUMMIKUB.with_options({"no_such_option": 1}),
    ],
)
def test_python_api_bad_input_raises_rummy_errors(call: Any) -> None:
    """'it never raises anything but the library's own error types on bad input'."""
    with pytest.raises(RummyError) as info:
        call()
    assert info.value.code


# --- Hostile fuzz: every op, every game, every field ---------------------------------------------------

BAD_VALUES: list[Any] = [
    None,
    True,
    0,
    -1,
    99,
    1.5,
    "",
    "r14",
    "x",
    "r5 r5 r5",
    "* * * * *",
    "Ah Ah Ah",
    " | ",
    [],
    [""],
    ["r5 r5 r5"],
    [1],
    {},
    {"a": 1},
    "Ah " * 40,
    "r1 " * 40,
]

GOOD: dict[str, dict[str, Any]] = {
    "rummikub": {
        "meld": "r5 r6 *",
        "hand": "r5 *",
        "racks": ["", "r5 k3"],
        "winner": 0,
        "table_before": ["r1 r2 r3"],
        "rack": "r4 k9",
        "table_after": ["r1 r2 r3 r4"],
        "table": ["r1 r2 r3"],
        "tiles": "r4",
        "initial_meld_done": True,
        "objective": "tiles",
    },
    "contract_rummy": {
        "meld": "4c 5c 6c 7c",
        "hand": "7h 7s 7d 8c 8c 8h 9d",
        "round": 1,
        "melds": ["7h 7s 7d", "8c 8c 8h"],
        "cards": "8c",
        "hands": ["", "Ah"],
        "out_in_one_turn": False,
        "joker_used": False,
    },
    "shanghai": {
        "meld": "4c 5c 6c",
        "hand": "7h 7s 7d 8c 8c 8h 9d",
        "round": 1,
        "melds": ["7h 7s 7d", "8c 8c 8h"],
        "cards": "7c",
        "hands": ["", "Ah", "2c"],
        "out_in_one_turn": True,
        "joker_used": False,
    },
    "gin_rummy": {
        "meld": "Ah 2h 3h",
        "hand": "Ah 2h 3h 4s 4d 4c 9c 9d Kc Qs",
        "hands": ["Ah 2h 3h 4s 4d 4c 7c 7d 7s 5c", "Kc Kd Ks Qh Qs Qd Jh Jc 9d 9c"],
        "melds": ["5h 6h 7h", "8c 8d 8s"],
        "cards": "8h",
        # the session ops: a deal, and a dealt hand to act on
        "players": 2,
        "seed": 7,
        "state": GinHand.deal(rules=R.GIN_RUMMY, seed=7).to_json(),
        "action": {"action": "draw-stock", "player": 1},
        "player": 1,
    },
    "indian_rummy": {
        "meld": "4s 5s 6s",
        "hand": "4s 5s 6s 8h",
        "rules": {"wild_ranks": ["5"]},
        "melds": ["4s 5s 6s", "7h 8h 9h", "Jc Jd Js", "Kh Kc Kd Ks"],
    },
}


def _cases() -> list[tuple[str, str, str]]:
    out = []
    for op in all_ops():
        for game in GAMES:
            base = {"op": op.name, "game": game, **GOOD[game]}
            if "error" in handle_request(base):
                continue  # this op is not for this game
            fields = sorted(set(op.fields) | ({"rules"} if game == "indian_rummy" else set()))
            out.extend((op.name, game, f) for f in fields)
    return sorted(set(out))


CASES = _cases()


def test_fuzz_cases_cover_every_op() -> None:
    """The fuzz below reaches every batch op."""
    assert {op for op, _, _ in CASES} == {op.name for op in all_ops()}


@pytest.mark.parametrize(("op", "game", "field"), CASES)
def test_bad_field_values_never_raise(op: str, game: str, field: str) -> None:
    """Any bad value in any field of any op: an answer or an error object, never an exception."""
    base = {"op": op, "game": game, **GOOD[game]}
    base.pop("budget", None)
    for value in BAD_VALUES:
        request_ = base | {field: value}
        answer = handle_request(request_)
        assert isinstance(answer, dict)
        if not is_error(answer):
            json.dumps(answer)


@pytest.mark.parametrize(("game", "option"), list(itertools.product(GAMES, ["min_run", "knock_limit", "jokers"])))
def test_bad_option_values_never_raise(game: str, option: str) -> None:
    """Bad values in ``rules``: an error object, never an exception."""
    for value in [None, -5, "x", [], {}, 10**9, 2.5]:
        answer = handle_request({"op": "points", "game": game, "hand": "", "rules": {option: value}})
        assert isinstance(answer, dict) and ("points" in answer or is_error(answer))


def test_batch_command_one_answer_per_line_exit_0() -> None:
    """One JSON object per non-blank line, in order; the stream goes on after bad lines; exit 0."""
    lines = [
        '{"op": "meld", "game": "rummikub", "meld": "r5 r6 *", "id": 1}',
        "{bad json",
        "",
        '{"op": "contract", "game": "shanghai", "round": 11, "melds": [], "id": 3}',
        '{"op": "points", "game": "contract_rummy", "hand": "* Ah Kd", "id": 4}',
    ]
    proc = subprocess.run(
        [sys.executable, "-m", "rummylib", "batch"],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert proc.returncode == 0 and "Traceback" not in proc.stderr
    answers = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(answers) == 4
    assert answers[0] == {"id": 1, "valid": True, "kind": "run", "value": 18, "jokers": ["R7"], "problems": []}
    assert answers[1]["error"]["code"] == "bad-json"
    assert answers[2]["id"] == 3 and answers[2]["error"]["code"] == "unknown-round"
    assert answers[3] == {"id": 4, "points": 50}


# --- Every option named on the rules pages (docs/rules/) is accepted under its exact name -----------------------------------

RULEBOOK_OPTIONS: dict[str, Any] = {
    "initial_meld_points": 25,
    "joker_retrieval": "replace",
    "timeout_penalty_tiles": 2,
    "joker_penalty": 25,
    "jokers": "all",
    "deuces_wild": True,
    "buy_penalty_cards": 2,
    "buying": False,
    "multiple_buys": True,
    "number_cards_flat": True,
    "joker_points": 15,
    "min_run": 4,
    "joker_ratio": True,
    "go_out_by_discard": False,
    "knock_limit": 5,
}

OPTION_GAME = {
    "initial_meld_points": "rummikub",
    "joker_retrieval": "rummikub",
    "timeout_penalty_tiles": "rummikub",
    "joker_penalty": "rummikub",
    "jokers": "contract_rummy",
    "deuces_wild": "contract_rummy",
    "buy_penalty_cards": "contract_rummy",
    "buying": "contract_rummy",
    "multiple_buys": "contract_rummy",
    "number_cards_flat": "contract_rummy",
    "joker_points": "contract_rummy",
    "min_run": "shanghai",
    "joker_ratio": "shanghai",
    "go_out_by_discard": "shanghai",
    "knock_limit": "gin_rummy",
}


@pytest.mark.parametrize("option", sorted(RULEBOOK_OPTIONS))
def test_rulebook_option_names_accepted_in_batch_rules(option: str) -> None:
    """Every option the rules pages (docs/rules/) name is accepted, under that exact name, in the batch ``rules`` object."""
    game = OPTION_GAME[option]
    hand = "r5" if game == "rummikub" else "5h"
    answer = handle_request({"op": "points", "game": game, "hand": hand, "rules": {option: RULEBOOK_OPTIONS[option]}})
    assert "error" not in answer, answer
    R.find_ruleset(game).with_options({option: RULEBOOK_OPTIONS[option]})  # the Python API too


PROBES: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {
    "joker_penalty": ({"op": "points", "hand": "*"}, {"points": 25}),
    "deuces_wild": ({"op": "points", "hand": "2c"}, {"points": 25}),
    "number_cards_flat": ({"op": "points", "hand": "9c"}, {"points": 5}),
    "joker_points": ({"op": "points", "hand": "*"}, {"points": 15}),
    "min_run": ({"op": "meld", "meld": "Ah 2h 3h"}, {"valid": False}),
    "joker_ratio": ({"op": "meld", "meld": "8h * *"}, {"valid": False}),
    "initial_meld_points": (
        {
            "op": "turn",
            "table_before": [],
            "rack": "r8 r9 r10",
            "table_after": ["r8 r9 r10"],
            "initial_meld_done": False,
        },
        {"valid": True},
    ),
    "knock_limit": (
        {"op": "score", "hands": ["Ah 2h 3h 4s 4d 4c 7c 7d 7s 9c", "Kc Kd Ks Qh Qs Qd Jh 2c 9s 5d"]},
        {"error": "knock-over-limit"},
    ),
}


@pytest.mark.parametrize("option", sorted(PROBES))
def test_rulebook_option_changes_an_answer(option: str) -> None:
    """Options that change a points, meld, turn or score answer do so through the batch ``rules`` object."""
    game = OPTION_GAME[option]
    rules = {option: RULEBOOK_OPTIONS[option]}
    request_, expected = PROBES[option]
    answer = handle_request({"game": game, **request_, "rules": rules})
    for key, value in expected.items():
        if key == "error":
            assert answer["error"]["code"] == value
        else:
            assert answer[key] == value, answer


@pytest.mark.parametrize(
    "call",
    [
        lambda: hand_points(parse_pieces("r5 r5 r5", rules=R.RUMMIKUB), rules=R.RUMMIKUB),
        lambda: score_rummikub(
            [parse_pieces("r5 r5", rules=R.RUMMIKUB), parse_pieces("r5", rules=R.RUMMIKUB), []],
            winner=2,
            rules=R.RUMMIKUB,
        ),
        lambda: score_contract_round(
            [parse_pieces("* *", rules=R.SHANGHAI), parse_pieces("*", rules=R.SHANGHAI), []], rules=R.SHANGHAI
        ),
    ],
)
def test_python_scorers_refuse_more_copies_than_the_game_has(call: Any) -> None:
    """docs/rules/rummikub.md 'A table or rack can never hold more copies of a tile than the set has (3 × r5 is an error)' — scorers too."""
    with pytest.raises(RummyError) as info:
        call()
    assert info.value.code == "too-many-copies"
