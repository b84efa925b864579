"""Signed states: ``rummylib batch --secret-file`` signs every state it returns and refuses any other."""

from __future__ import annotations

import hashlib
import hmac
import io
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummylib import RummyError
from rummylib.batch import Signer, handle_line, handle_request, run_batch
from rummylib.batch.sessions import MAX_SECRET_BYTES, canonical_json
from rummylib.batch.signing import _MAKE_A_SECRET, MIN_SECRET_BYTES

SECRET = b"a secret for the tests, 32 bytes or more"
SIGNER = Signer(SECRET)


def _deal(**fields: Any) -> dict[str, Any]:
    request = {"op": "deal", "game": "gin", "players": 2, "seed": 11, **fields}
    answer = handle_request(request, signer=SIGNER)
    assert "error" not in answer, answer
    return answer


def _spec_signature(state: Any, secret: bytes = SECRET) -> str:
    """The signature as docs/batch.md defines it, written out independently of the library."""
    text = json.dumps(state, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hmac.new(secret, text.encode("utf-8"), hashlib.sha256).hexdigest()


DEALT = _deal()
CANONICAL = canonical_json(DEALT["state"])


def _view_line(state_text: str, signature: str = DEALT["signature"]) -> str:
    return '{"op": "view", "player": 0, "signature": "' + signature + '", "state": ' + state_text + "}"


# --- the signature --------------------------------------------------------------------------------


def test_answers_carry_the_signature_the_docs_define() -> None:
    assert list(DEALT)[-2:] == ["state", "signature"]
    assert DEALT["signature"] == _spec_signature(DEALT["state"])
    applied = handle_request(
        {"op": "apply", "state": DEALT["state"], "signature": DEALT["signature"], "action": DEALT["legal"][0]},
        signer=SIGNER,
    )
    assert applied["signature"] == _spec_signature(applied["state"]) != DEALT["signature"]


def test_view_and_legal_answers_carry_no_state_and_no_signature() -> None:
    for op in ("view", "legal"):
        answer = handle_request(
            {"op": op, "state": DEALT["state"], "signature": DEALT["signature"], "player": 1}, signer=SIGNER
        )
        assert "error" not in answer and "state" not in answer and "signature" not in answer


def test_the_signed_state_goes_on_through_a_whole_hand() -> None:
    rng = random.Random(2)
    answer = DEALT
    for _ in range(500):
        if answer["is_over"]:
            break
        action = rng.choice(answer["legal"])
        answer = handle_request(
            {"op": "apply", "state": answer["state"], "signature": answer["signature"], "action": action},
            signer=SIGNER,
        )
        assert "error" not in answer, answer
    assert answer["result"] is not None


@pytest.mark.parametrize(
    ("signature", "words"),
    [
        (None, "has no signature"),
        ("", "64 lowercase hex digits"),
        (5, "64 lowercase hex digits, not a number"),
        (["ab"], "not a list"),
        ("é" * 64, "64 lowercase hex digits"),
        ("0" * 64, "does not match"),
        ("0" * 63, "64 lowercase hex digits"),
    ],
)
def test_a_missing_or_wrong_signature_is_refused(signature: object, words: str) -> None:
    for op in ("apply", "view", "legal"):
        request: dict[str, Any] = {"op": op, "state": DEALT["state"], "action": DEALT["legal"][0], "player": 1}
        if signature is not None:
            request["signature"] = signature
        answer = handle_request(request, signer=SIGNER)
        assert answer["error"]["code"] == "bad-signature", answer
        assert words in answer["error"]["message"]


def test_the_signature_is_exact() -> None:
    upper = DEALT["signature"].upper()
    assert upper != DEALT["signature"]
    answer = handle_request({"op": "view", "state": DEALT["state"], "signature": upper, "player": 0}, signer=SIGNER)
    assert answer["error"]["code"] == "bad-signature"
    other = Signer(b"another secret, 32 bytes or longer")
    answer = handle_request(
        {"op": "view", "state": DEALT["state"], "signature": DEALT["signature"], "player": 0}, signer=other
    )
    assert answer["error"]["code"] == "bad-signature"


def test_the_signature_is_checked_before_the_state_is_read() -> None:
    """A state that is not even a save gets bad-signature, not bad-save: nothing unsigned is read."""
    answer = handle_request({"op": "view", "state": {"junk": [1, 2]}, "signature": "0" * 64}, signer=SIGNER)
    assert answer["error"]["code"] == "bad-signature"


def test_the_signature_is_of_the_value_not_of_the_text() -> None:
    """A program may parse the state and write it again: other spacing, other key order, whole numbers
    without their '.0' (as JavaScript writes them)."""
    for text in (
        json.dumps(DEALT["state"], indent=2),
        json.dumps(DEALT["state"], sort_keys=True, separators=(",", ":")),
        json.dumps(dict(reversed(list(DEALT["state"].items())))),
        json.dumps(DEALT["state"], ensure_ascii=True),
    ):
        assert handle_line(_view_line(text), signer=SIGNER)["view"]["viewer"] == 0
    # Rummikub times turns in seconds, a float: 31.0 travels as 31 through JavaScript
    game = handle_request({"op": "deal", "game": "rummikub", "players": 2, "seed": 1}, signer=SIGNER)
    drawn = handle_request(
        {
            "op": "apply",
            "state": game["state"],
            "signature": game["signature"],
            "action": {"action": "draw", "player": 0, "elapsed": 31.0},
        },
        signer=SIGNER,
    )
    assert drawn["state"]["state"]["history"][0]["elapsed"] == 31.0
    text = json.dumps(drawn["state"]).replace("31.0", "31")
    line = '{"op": "legal", "signature": "' + drawn["signature"] + '", "state": ' + text + "}"
    assert handle_line(line, signer=SIGNER)["player"] == 1
    assert canonical_json({"a": 31.0, "b": -0.0, "c": 0.25}) == b'{"a":31,"b":0,"c":0.25}'


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_any_single_changed_byte_of_a_signed_state_is_refused(data: st.DataObject) -> None:
    """The property of the brief: change any one byte of a signed state's JSON text, and the state
    is refused (not JSON any more, or a different state without its signature). The text is the
    canonical one: it has no spacing, so no byte can change without changing the value."""
    position = data.draw(st.integers(0, len(CANONICAL) - 1), label="position")
    byte = data.draw(st.integers(0, 255).filter(lambda b: b != CANONICAL[position]), label="byte")
    changed = CANONICAL[:position] + bytes([byte]) + CANONICAL[position + 1 :]
    answer = handle_line(_view_line(changed.decode("utf-8", errors="replace")), signer=SIGNER)
    assert "error" in answer, f"a changed byte at {position} was accepted"
    assert answer["error"]["code"] in {"bad-json", "bad-signature"}, answer


def test_every_byte_of_a_signed_state_matters() -> None:
    """The same property at every position of the text, each byte changed to its neighbour."""
    original = handle_line(_view_line(CANONICAL.decode("utf-8")), signer=SIGNER)
    assert original["view"]["viewer"] == 0
    for position, value in enumerate(CANONICAL):
        changed = CANONICAL[:position] + bytes([value ^ 1]) + CANONICAL[position + 1 :]
        answer = handle_line(_view_line(changed.decode("utf-8", errors="replace")), signer=SIGNER)
        assert answer["error"]["code"] in {"bad-json", "bad-signature"}, (position, answer)


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 63), st.sampled_from("0123456789abcdefABCDEF g"))
def test_any_changed_character_of_the_signature_is_refused(position: int, char: str) -> None:
    signature = DEALT["signature"]
    if signature[position] == char:
        return
    changed = signature[:position] + char + signature[position + 1 :]
    answer = handle_request({"op": "view", "state": DEALT["state"], "signature": changed, "player": 0}, signer=SIGNER)
    assert answer["error"]["code"] == "bad-signature"


# --- without a secret -----------------------------------------------------------------------------


def test_without_a_signer_nothing_is_signed_or_checked() -> None:
    plain = handle_request({"op": "deal", "game": "gin", "players": 2, "seed": 11})
    assert "signature" not in plain
    assert plain["state"] == DEALT["state"]
    for signature in (None, "0" * 64, 5):
        request = {"op": "view", "state": plain["state"], "player": 0, "signature": signature}
        answer = handle_request(request)
        assert "error" not in answer and "warnings" not in answer


def test_run_batch_signs_and_checks() -> None:
    out = io.StringIO()
    dealt_line = json.dumps({"op": "deal", "game": "gin", "players": 2, "seed": 11})
    assert run_batch([dealt_line], out, signer=SIGNER) == 1
    answer = json.loads(out.getvalue())
    assert answer["signature"] == DEALT["signature"]
    out = io.StringIO()
    run_batch([json.dumps({"op": "view", "state": answer["state"], "player": 0})], out, signer=SIGNER)
    assert json.loads(out.getvalue())["error"]["code"] == "bad-signature"


# --- the Signer -----------------------------------------------------------------------------------


def test_the_signer_keeps_its_secret_out_of_sight() -> None:
    assert SECRET.decode() not in repr(SIGNER) and SECRET.decode() not in str(SIGNER)
    with pytest.raises(RummyError) as info:
        Signer(b"")
    assert info.value.code == "bad-signature"
    with pytest.raises(TypeError):
        Signer("text")  # type: ignore[arg-type]


@pytest.mark.parametrize("size", [1, 16, 31])
def test_a_secret_shorter_than_32_bytes_is_refused_saying_how_to_make_one(tmp_path: Path, size: int) -> None:
    with pytest.raises(RummyError, match=f"is {size} bytes long: it must be at least 32 bytes") as info:
        Signer(b"k" * size)
    assert info.value.code == "bad-signature"
    assert 'python -c "import secrets; print(secrets.token_hex(32))" > secret' in info.value.message
    path = tmp_path / "secret"
    path.write_bytes(b"k" * size + b"\n")
    with pytest.raises(RummyError, match=f"holds {size} bytes: a secret must be at least 32 bytes") as info:
        Signer.from_file(path)
    assert info.value.code == "bad-signature" and "secrets.token_hex(32)" in info.value.message
    assert Signer(b"k" * MIN_SECRET_BYTES).sign({}) != Signer(b"j" * MIN_SECRET_BYTES).sign({})


def test_the_command_that_makes_a_secret_makes_one_that_is_taken(tmp_path: Path) -> None:
    command = _MAKE_A_SECRET.replace("python", sys.executable, 1).replace("> secret", f"> {tmp_path / 'secret'}")
    subprocess.run(command, shell=True, check=True, timeout=60)  # the documented command, as written
    assert len((tmp_path / "secret").read_bytes().strip()) == 64
    assert Signer.from_file(tmp_path / "secret").sign({})


def test_signer_from_file(tmp_path: Path) -> None:
    path = tmp_path / "secret"
    for content in (SECRET, SECRET + b"\n", SECRET + b"\r\n", SECRET + b"\n\n"):
        path.write_bytes(content)
        assert Signer.from_file(path) == SIGNER
    path.write_bytes(b" spaces are kept, at both ends too \n")
    assert Signer.from_file(path) == Signer(b" spaces are kept, at both ends too ")
    for content in (b"", b"\n", b"\r\n\r\n"):
        path.write_bytes(content)
        with pytest.raises(RummyError, match="is empty") as info:
            Signer.from_file(path)
        assert info.value.code == "bad-signature"
    path.write_bytes(b"x" * (MAX_SECRET_BYTES + 1))
    with pytest.raises(RummyError, match="longer than"):
        Signer.from_file(path)
    path.write_bytes(b"x" * MAX_SECRET_BYTES)
    assert Signer.from_file(path) == Signer(b"x" * MAX_SECRET_BYTES)
    with pytest.raises(OSError):
        Signer.from_file(tmp_path / "missing")


# --- the command line -----------------------------------------------------------------------------


def _batch(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "rummylib", "batch", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_command_line_signs_with_the_secret_file(tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_bytes(SECRET + b"\n")
    deal = json.dumps({"op": "deal", "game": "gin", "players": 2, "seed": 11})
    done = _batch("--secret-file", str(secret), stdin=deal + "\n")
    assert done.returncode == 0 and done.stderr == ""
    answer = json.loads(done.stdout)
    assert answer["signature"] == DEALT["signature"]
    good = json.dumps({"op": "legal", "state": answer["state"], "signature": answer["signature"]})
    bad = json.dumps({"op": "legal", "state": answer["state"]})
    done = _batch("--secret-file", str(secret), stdin=f"{good}\n{bad}\n")
    first, second = (json.loads(line) for line in done.stdout.splitlines())
    assert first["player"] == 1 and second["error"]["code"] == "bad-signature"


@pytest.mark.parametrize(
    "content",
    [None, b"", b"\n", b"k", b"x" * 31 + b"\n"],
    ids=["missing", "empty", "only-a-newline", "1-byte", "31-bytes"],
)
def test_command_line_refuses_a_secret_file_it_cannot_use(tmp_path: Path, content: bytes | None) -> None:
    secret = tmp_path / "secret.txt"
    if content is not None:
        secret.write_bytes(content)
    done = _batch("--secret-file", str(secret), stdin='{"op": "points", "game": "gin", "hand": "Ah"}\n')
    assert done.returncode == 2
    assert done.stdout == ""
    assert len(done.stderr.strip().splitlines()) == 1
    assert done.stderr.startswith("rummylib: error: ") and "secret" in done.stderr
    assert "Traceback" not in done.stderr


def test_command_line_refuses_a_directory_as_secret_file(tmp_path: Path) -> None:
    done = _batch("--secret-file", str(tmp_path))
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1


def _whole(value: Any) -> Any:
    """The value with every whole float as an integer, as a signature reads numbers."""
    if isinstance(value, dict):
        return {key: _whole(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_whole(item) for item in value]
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**20), 10**20)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=20,
)


@given(JSON_VALUES)
@settings(max_examples=300, deadline=None)
def test_the_canonical_form_writes_every_whole_number_as_an_integer(value: Any) -> None:
    """The fast path (no float in the text) and the walk give the same bytes for every JSON value."""
    expected = json.dumps(_whole(value), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    assert canonical_json(value) == expected.encode("utf-8")
