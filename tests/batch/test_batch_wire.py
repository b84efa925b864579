"""``rummylib batch`` as a referee a server runs unattended: every line answered, strictly, in time.

One test (or a few) per defect found by a hostile client: lines that killed the process, answers
that lost their id, output that was not standard JSON, requests without a time limit, lines held
whole in memory, byte-order marks, duplicate keys and whole floats, unsigned states trusted too
far, and seeds. Then protocol 1: ``hello``, the error for an op of another game, and the
``valid`` mark on Indian Rummy declarations.
"""

from __future__ import annotations

import importlib
import io
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummylib import GIN_RUMMY, INDIAN_RUMMY, SHANGHAI, saves
from rummylib import batch as batch_package
from rummylib.batch import DEFAULT_MAX_SECONDS, Op, Signer, handle_line, handle_request, hello, run_batch
from rummylib.batch.wire import MAX_LINE_BYTES, LineTooLong, read_lines
from rummylib.contracts import ContractGame, ContractRound
from rummylib.gin import GinGame, GinHand, GinPhase
from rummylib.indian import DrawStock, IndianDeal
from rummylib.records import write_record
from rummylib.registry import FAMILIES, state_types

POINTS = b'{"op": "points", "game": "rummikub", "hand": "r5 *", "id": %d}'


def batch(data: bytes, *args: str, env: dict[str, str] | None = None) -> list[dict[str, Any]]:
    """The answers of ``rummylib batch`` to ``data`` on standard input, each read as strict JSON."""
    done = subprocess.run(
        [sys.executable, "-m", "rummylib", "batch", *args],
        input=data,
        capture_output=True,
        timeout=120,
        check=False,
        env={**os.environ, **(env or {})},
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == b""
    return [strict(line) for line in done.stdout.decode("utf-8").splitlines()]


def strict(line: str) -> dict[str, Any]:
    """A line read as JavaScript's ``JSON.parse`` reads it: no ``NaN`` or ``Infinity``, one value."""

    def refuse(name: str) -> Any:
        raise AssertionError(f"not standard JSON: {name}")

    value = json.loads(line, parse_constant=refuse)
    assert isinstance(value, dict)
    return value


# --- 1. one line never kills the process ------------------------------------------------------

NASTY = [
    b'{"op": "meld", "game": "rummikub", "meld": "r5 r6 r7", "id": "\\ud800"}',  # a lone surrogate id
    b'{"op": "meld", "game": "rummikub", "meld": "\xff\xfe r5"}',  # not UTF-8
    b'{"op": "deal", "game": "gin", "players": 2, "seed": "\\udc00", "id": 3}',
    b'{"id": 1e400, "op": "points", "game": "gin", "hand": "Kd"}',
    b"\xc3\x28",
]


@pytest.mark.parametrize("env", [{}, {"PYTHONIOENCODING": "utf-8"}, {"PYTHONIOENCODING": "ascii", "LC_ALL": "C"}])
def test_every_line_gets_one_answer_in_order_whatever_its_bytes(env: dict[str, str]) -> None:
    lines = [POINTS % 0, *NASTY, POINTS % 9]
    answers = batch(b"\n".join(lines) + b"\n", env=env)
    assert len(answers) == len(lines)
    assert answers[0] == {"id": 0, "points": 35} and answers[-1] == {"id": 9, "points": 35}
    assert [a["error"]["code"] for a in answers[1:-1]] == ["bad-json"] * len(NASTY)


def test_a_file_with_bad_bytes_is_answered_line_by_line(tmp_path: Path) -> None:
    path = tmp_path / "requests.jsonl"
    path.write_bytes(b"\n".join([POINTS % 1, b'{"op": "points", "game": "gin", "hand": "K\xe9"}', POINTS % 2]))
    answers = batch(b"", str(path))
    assert [a.get("id") for a in answers] == [1, None, 2]
    assert answers[1]["error"]["code"] == "bad-json"
    assert "not UTF-8" in answers[1]["error"]["message"]


@settings(max_examples=150, deadline=None)
@given(st.binary(max_size=80))
def test_any_bytes_get_one_strict_answer_and_never_an_internal_error(data: bytes) -> None:
    line = data.replace(b"\n", b" ")
    if not line.removeprefix(b"\xef\xbb\xbf").strip():
        return  # a blank line (after a byte-order mark) gets no answer
    out = io.BytesIO()
    assert run_batch([line], out) == 1
    answers = out.getvalue().decode("utf-8").splitlines()
    assert len(answers) == 1
    answer = strict(answers[0])
    assert answer.get("error", {}).get("code") != "internal-error"


# --- 2. the id stays on every answer once the line parsed --------------------------------------


def test_an_error_inside_an_op_keeps_the_id() -> None:
    line = '{"op": "deal", "game": "gin", "players": 2, "seed": "\\ud800", "id": 41}'
    assert handle_line(line) == {
        "id": 41,
        "error": {"code": "bad-json", "message": "not valid JSON: a string holds half of a UTF-16 surrogate pair"},
    }
    # from Python, the same seed is refused by the op itself, with the id
    answer = handle_request({"op": "deal", "game": "gin", "players": 2, "seed": "\ud800", "id": 42})
    assert answer["id"] == 42 and answer["error"]["code"] == "bad-field"


def test_an_unexpected_failure_keeps_the_id() -> None:
    answer = handle_request({"op": "points", "game": "rummikub", "hand": "r5", "id": 7}, ops=[_broken_op()])
    assert answer["id"] == 7
    assert answer["error"]["code"] == "internal-error"


def _broken_op() -> Op:
    def run(req: Any) -> dict[str, Any]:
        raise ZeroDivisionError("a bug")

    return Op("points", frozenset({"hand"}), run)


# --- 3. answers are standard JSON ----------------------------------------------------------------


def test_a_number_too_large_for_a_double_is_refused_not_echoed_as_infinity() -> None:
    (answer,) = batch(b'{"id": 1e400, "op": "points", "game": "gin", "hand": "Kd"}\n')
    assert answer == {"error": {"code": "bad-json", "message": "not valid JSON: the number 1e400 is too large"}}


# --- 4. a time limit per request -----------------------------------------------------------------

SLOW_FIND = {
    "op": "find_contract",
    "game": "contract_rummy",
    "round": 7,
    "budget": 10**12,
    "hand": "Ac 2c 3c 4c 5c 6c 7c 8c 9c 10c Jc Qc Kc Ad 2d 3d 4d 5d 6d 7d 8d 9d 10d Jd Qd Kd "
    "Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh As * *",
}


def test_a_request_past_the_limit_is_stopped_and_the_next_line_answered() -> None:
    lines = json.dumps(SLOW_FIND | {"id": 1}).encode() + b"\n" + POINTS % 2 + b"\n"
    first, second = batch(lines, "--max-seconds", "0.5")
    assert first["id"] == 1 and first["error"]["code"] == "time-limit"
    assert "0.5 seconds" in first["error"]["message"]
    assert second == {"id": 2, "points": 35}


def test_the_limit_caps_a_solver_budget_with_its_best_play_so_far() -> None:
    request = {
        "op": "solve",
        "game": "rummikub",
        "table": [],
        "rack": "r1 r2 r3 r4 r5 r6 r7 r8 r9 b1 b2 b3 b4 b5 b6 b7 b8 b9 k1 k2 k3 k4 k5 k6 k7 k8 k9 y1 y2 y3 *",
        "initial_meld_done": True,
        "budget": {"seconds": 10**9},
    }
    answer = handle_request(request, max_seconds=0.3)
    assert "error" not in answer or answer["error"]["code"] in ("time-limit", "search-limit")


def test_the_default_limit_is_documented() -> None:
    page = (Path(__file__).resolve().parents[2] / "docs" / "batch.md").read_text(encoding="utf-8")
    assert f"`--max-seconds` (default {DEFAULT_MAX_SECONDS:g})" in page


# --- 5. lines are read in bounded pieces ---------------------------------------------------------


class _Recording(io.BytesIO):
    """A byte stream that remembers the most it was asked to read at once."""

    most = 0

    def readline(self, size: int | None = -1) -> bytes:
        assert size is not None and size > 0, "a line read without a limit"
        self.most = max(self.most, size)
        return super().readline(size)


def test_a_long_line_is_never_read_whole() -> None:
    stream = _Recording(b"[" * (3 * MAX_LINE_BYTES) + b"\n" + POINTS % 5 + b"\n")
    found = list(read_lines(stream))
    assert isinstance(found[0], LineTooLong) and found[0].length == 3 * MAX_LINE_BYTES
    assert found[1] == POINTS % 5
    assert stream.most <= MAX_LINE_BYTES + 1


def test_a_long_line_gets_too_large_and_the_stream_goes_on() -> None:
    first, second = batch(b"[" * (MAX_LINE_BYTES + 10) + b"\n" + POINTS % 6 + b"\n")
    assert first["error"]["code"] == "too-large" and second == {"id": 6, "points": 35}


def _answer_bytes(line: bytes) -> bytes:
    """The answer line `run_batch` writes for one request line, as bytes."""
    out = io.BytesIO()
    assert run_batch([line], out) == 1
    return out.getvalue()


def test_unknown_fields_are_named_a_few_at_a_time_and_cut_short() -> None:
    many = {f"field{i:05}": 0 for i in range(60_000)}
    line = json.dumps({"op": "points", "game": "gin", "hand": "Kd", "id": 1, **many}, separators=(",", ":")).encode()
    assert 900_000 < len(line) < MAX_LINE_BYTES
    written = _answer_bytes(line)
    answer = strict(written.decode())
    assert answer["points"] == 10 and len(written) < 2_000
    assert answer["warnings"][:2] == ["unknown field 'field00000' ignored", "unknown field 'field00001' ignored"]
    assert answer["warnings"][-1] == "59980 more unknown fields ignored" and len(answer["warnings"]) == 21
    huge_key = json.dumps({"op": "points", "game": "gin", "hand": "Kd", "k" * 999_000: 1}).encode()
    written = _answer_bytes(huge_key)
    assert len(written) < 200
    assert strict(written.decode())["warnings"] == [f"unknown field {'k' * 40!r} ignored"]


def test_no_answer_is_longer_than_the_line_limit() -> None:
    # numbers written shorter than they are echoed: 1e308 is read as a whole number of 309 digits
    big_id = b'{"op": "points", "game": "gin", "hand": "Kd", "id": [' + b",".join([b"1e308"] * 150_000) + b"]}"
    assert len(big_id) < MAX_LINE_BYTES
    written = _answer_bytes(big_id)
    answer = strict(written.decode())
    assert "id" not in answer and answer["error"]["code"] == "too-large"  # no id: the id itself is too large
    assert "over the limit of 1000000 bytes a line" in answer["error"]["message"]
    small_id = b'{"op": "hello", "id": [' + b",".join([b"1e308"] * 100) + b"]}"
    answer = strict(_answer_bytes(small_id).decode())  # fits in the limit: the id is echoed
    assert answer["id"] == [int(1e308)] * 100 and answer["protocol"] == 1
    for request in (big_id, small_id, b'{"op": "meld", "game": "gin", "meld": "' + b"Ah " * 300_000 + b'"}'):
        assert len(_answer_bytes(request)) <= MAX_LINE_BYTES


# --- 6. a byte-order mark first is skipped -------------------------------------------------------


def test_a_bom_before_the_first_request_is_skipped(tmp_path: Path) -> None:
    data = b"\xef\xbb\xbf" + POINTS % 1 + b"\n" + POINTS % 2 + b"\n"
    assert batch(data) == [{"id": 1, "points": 35}, {"id": 2, "points": 35}]
    path = tmp_path / "requests.jsonl"
    path.write_bytes(data)
    assert batch(b"", str(path)) == [{"id": 1, "points": 35}, {"id": 2, "points": 35}]


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "rummylib", *args], capture_output=True, text=True, timeout=120, check=False
    )


def test_turn_meld_and_replay_files_may_start_with_a_bom(tmp_path: Path) -> None:
    turn = tmp_path / "turn.json"
    body = {"table_before": ["r1 r2 r3"], "rack": "r4", "table_after": ["r1 r2 r3 r4"], "initial_meld_done": True}
    turn.write_bytes(b"\xef\xbb\xbf" + json.dumps(body).encode())
    assert _cli("turn", str(turn)).returncode == 0
    melds = tmp_path / "melds.txt"
    melds.write_bytes(b"\xef\xbb\xbfr5 r6 r7\n")
    done = _cli("meld", "--game", "rummikub", "--file", str(melds))
    assert done.returncode == 0, done.stderr
    start = GinHand.deal(rules=GIN_RUMMY, seed=7)
    record = tmp_path / "game.txt"
    record.write_bytes(b"\xef\xbb\xbf" + write_record(start, [], seed=7).encode())
    done = _cli("replay", str(record))
    assert done.returncode == 0, done.stderr


# --- 7. duplicate keys and numbers read one way ---------------------------------------------------


def test_duplicate_keys_are_refused_in_requests_and_in_states() -> None:
    assert handle_line('{"op": "points", "game": "gin", "game": "rummikub", "hand": "Kd"}')["error"]["code"] == (
        "bad-json"
    )
    dealt = handle_request({"op": "deal", "game": "gin", "players": 2, "seed": 1})
    text = json.dumps({"op": "view", "state": dealt["state"], "player": 0})
    twice = text.replace('"dealer": 0', '"dealer": 0, "dealer": 1', 1)
    assert twice != text
    assert handle_line(twice)["error"]["code"] == "bad-json"


def test_a_whole_float_is_the_integer_everywhere() -> None:
    signer = Signer(b"one way, thirty-two bytes or more")
    dealt = handle_request({"op": "deal", "game": "gin", "players": 2, "seed": 1}, signer=signer)
    text = json.dumps({"op": "view", "state": dealt["state"], "signature": dealt["signature"], "player": 1})
    floated = text.replace('"dealer": 0', '"dealer": 0.0', 1).replace('"player": 1', '"player": 1.0')
    assert floated != text
    assert handle_line(floated, signer=signer) == handle_line(text, signer=signer)
    assert "view" in handle_line(floated)


# --- 8. unsigned states: every invariant a state can be checked for --------------------------------


def _refused(state: Any) -> str:
    """The message of the ``bad-save`` that an unsigned ``rummylib batch`` answers to ``state``."""
    answer = handle_request({"op": "view", "state": state.to_json(), "player": 0})
    assert answer["error"]["code"] == "bad-save", answer
    message: str = answer["error"]["message"]
    return message


def test_the_seed_is_checked_only_where_no_signature_vouches() -> None:
    game = GinGame.deal(rules=GIN_RUMMY, seed=5)
    reordered = attrs.evolve(game, round=attrs.evolve(game.round, stock=game.round.stock[::-1]))
    assert reordered.problems() == ()  # a position some seed deals: the Python API takes it
    assert reordered.seed_problems() != ()
    saves.from_json(saves.to_json(reordered))
    signer = Signer(b"vouched for, thirty-two bytes or more")
    state = reordered.to_json()
    answer = handle_request({"op": "view", "state": state, "signature": signer.sign(state), "player": 0}, signer=signer)
    assert "view" in answer


def test_a_gin_game_with_a_card_swapped_with_the_stock_is_refused() -> None:
    game = GinGame.deal(rules=GIN_RUMMY, seed=5)
    hand = game.round
    h0 = hand.hands[0]
    swapped = attrs.evolve(hand, hands=((hand.stock[0], *h0[1:]), hand.hands[1]), stock=(h0[0], *hand.stock[1:]))
    assert "stock" in _refused(attrs.evolve(game, round=swapped))


def test_a_reordered_stock_is_refused() -> None:
    game = GinGame.deal(rules=GIN_RUMMY, seed=5)
    assert "stock" in _refused(attrs.evolve(game, round=attrs.evolve(game.round, stock=game.round.stock[::-1])))
    round_ = ContractRound.deal(rules=SHANGHAI, players=4, seed=3)
    assert "stock" in _refused(attrs.evolve(round_, stock=round_.stock[::-1]))
    deal = IndianDeal.deal(rules=INDIAN_RUMMY, players=3, seed=3)
    assert "stock" in _refused(attrs.evolve(deal, stock=deal.stock[::-1]))


def test_a_contract_round_with_a_card_swapped_with_the_stock_is_refused() -> None:
    round_ = ContractRound.deal(rules=SHANGHAI, players=4, seed=3)
    h0 = round_.hands[0]
    hands = ((round_.stock[0], *h0[1:]), *round_.hands[1:])
    assert "stock" in _refused(attrs.evolve(round_, hands=hands, stock=(h0[0], *round_.stock[1:])))


def test_rules_changed_mid_hand_are_refused_where_they_show() -> None:
    contract = ContractGame.deal(rules=SHANGHAI, players=4, seed=3)
    changed = SHANGHAI.with_options({"deuces_wild": True})
    assert _refused(attrs.evolve(contract, round=attrs.evolve(contract.round, rules=changed)))
    game = GinGame.deal(rules=GIN_RUMMY, seed=5)
    assert _refused(
        attrs.evolve(game, round=attrs.evolve(game.round, rules=GIN_RUMMY.with_options({"knock_limit": 5})))
    )


def test_a_gin_hand_drawn_with_a_full_stock_is_refused() -> None:
    hand = GinHand.deal(rules=GIN_RUMMY, seed=1)
    ended = attrs.evolve(hand, phase=GinPhase.OVER, to_move=None)
    assert "drawn" in _refused(ended) or "draw" in _refused(ended)


def test_the_docs_say_only_a_signature_proves_a_state_is_ours() -> None:
    page = (Path(__file__).resolve().parents[2] / "docs" / "batch.md").read_text(encoding="utf-8")
    assert "only a signature proves a state is ours" in page.lower()


# --- 10. seeds ------------------------------------------------------------------------------------


def test_deal_without_a_seed_draws_one_at_random() -> None:
    first = handle_request({"op": "deal", "game": "shanghai", "players": 3})
    second = handle_request({"op": "deal", "game": "shanghai", "players": 3})
    assert "error" not in first and "error" not in second
    assert first["state"]["state"]["seed"] != second["state"]["state"]["seed"]
    assert len(first["state"]["state"]["seed"]) == 32


# --- protocol 1 ------------------------------------------------------------------------------------


def test_hello_reports_the_protocol_and_every_op() -> None:
    answer = handle_line('{"op": "hello", "id": "h"}')
    assert answer["id"] == "h" and answer["protocol"] == 1
    assert answer["ops"]["layoff"]["games"] == ["contract_rummy", "shanghai", "gin_rummy"]
    assert answer["ops"]["layoff"]["fields"] == ["cards", "joker_end", "meld"]
    assert set(answer["ops"]) >= {"hello", "deal", "apply", "view", "legal", "defender_layoffs"}
    assert hello()["games"] == answer["games"]


def test_an_op_of_another_game_has_its_own_code() -> None:
    assert handle_request({"op": "deadwood", "game": "rummikub", "hand": "r5"})["error"]["code"] == "op-not-for-game"
    assert handle_request({"op": "deadwod", "game": "gin", "hand": "Kd"})["error"]["code"] == "unknown-op"


def test_indian_legal_says_which_declarations_are_valid() -> None:
    deal = IndianDeal.deal(rules=INDIAN_RUMMY, players=2, seed=4).apply(DrawStock(1))
    answer = handle_request({"op": "legal", "state": deal.to_json()})
    declares = [a for a in answer["legal"] if a["action"] == "declare"]
    assert declares and all(isinstance(a["valid"], bool) for a in declares)
    assert all("valid" not in a for a in answer["legal"] if a["action"] != "declare")
    # an item sent back as it is, mark and all, is applied
    applied = handle_request({"op": "apply", "state": deal.to_json(), "action": declares[0]})
    assert "error" not in applied and "valid" not in applied["action"]


def test_the_catalogue_of_op_modules_is_complete() -> None:
    """Each op is listed with the module that serves it, so a request loads only its own."""
    served: dict[str, set[str]] = {}
    for module in sorted({m for names in batch_package._GAME_MODULES.values() for m in names}) + list(
        batch_package._SHARED_MODULES
    ):
        for op in importlib.import_module(module).OPS:
            served.setdefault(op.name, set()).add(module)
    assert {name: set(modules) for name, modules in batch_package._OP_MODULES.items()} == served


def test_a_first_meld_loads_no_game() -> None:
    code = (
        "import sys, io; from rummylib.batch import run_batch; "
        'run_batch([\'{"op": "meld", "game": "rummikub", "meld": "r5 r6 *"}\'], io.StringIO()); '
        "print(sorted(m for m in sys.modules if m.split('.')[:2] in "
        "(['rummylib', 'rummikub'], ['rummylib', 'gin'], ['rummylib', 'contracts'], ['rummylib', 'indian'], "
        "['rummylib', 'registry'])))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True)
    assert done.stdout.strip() == "[]"


def _games_loaded_by(request: dict[str, Any]) -> list[str]:
    """The game packages a new process has loaded once it has answered ``request``."""
    code = (
        "import sys, io, json; from rummylib.batch import run_batch; "
        f"run_batch([{json.dumps(json.dumps(request))}], io.StringIO()); "
        "print(json.dumps(sorted({m.split('.')[1] for m in sys.modules if m.split('.')[:2] in "
        "(['rummylib', 'rummikub'], ['rummylib', 'gin'], ['rummylib', 'contracts'], ['rummylib', 'indian'])})))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True)
    loaded: list[str] = json.loads(done.stdout)
    return loaded


def test_a_first_deal_loads_its_own_game_only() -> None:
    assert _games_loaded_by({"op": "deal", "game": "gin", "players": 2, "seed": 1}) == ["gin"]
    assert _games_loaded_by({"op": "deal", "game": "shanghai", "players": 4, "seed": 1}) == ["contracts"]


def test_a_state_sent_to_a_new_process_loads_its_own_game_only() -> None:
    state = handle_request({"op": "deal", "game": "indian", "players": 2, "seed": 1})["state"]
    assert _games_loaded_by({"op": "legal", "state": state}) == ["indian"]


def test_the_registry_names_each_family_s_classes_as_they_are() -> None:
    """The registry knows each game's save types and classes by name, before loading it: the names hold."""
    for family in FAMILIES:
        assert family.save_types == tuple(cls.SAVE_TYPE for cls in family.states)
        assert all(isinstance(cls, type) for cls in family.actions)
        for kind, cls in zip(family.save_types, family.states, strict=True):
            assert state_types()[kind] is cls
    assert len(state_types()) == sum(len(f.save_types) for f in FAMILIES)
