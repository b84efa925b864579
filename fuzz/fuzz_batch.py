"""Coverage-guided fuzzing of ``rummylib batch`` and the save loader with atheris.

Not part of the test suite (it runs until stopped). Install atheris, then::

    .venv/bin/pip install atheris
    .venv/bin/python fuzz/fuzz_batch.py -atheris_runs=20000          # a fixed number of inputs
    .venv/bin/python fuzz/fuzz_batch.py -max_total_time=300 fuzz/corpus  # five minutes, keeping a corpus

Each input is turned into one request line: the raw bytes as text, a request built from them
for a real op and game, or a save built from them. The properties are those of
``tests/hostile``: an answer is always a dict with a result or ``{"error": {"code", "message"}}``,
and loading a save raises nothing but ``SaveError``. Any other exception is a crash, and
atheris stops and writes the input to a ``crash-...`` file to replay with
``.venv/bin/python fuzz/fuzz_batch.py crash-...``.
"""

from __future__ import annotations

import contextlib
import json
import sys
from typing import Any

import atheris

with atheris.instrument_imports():
    from rummylib.batch import all_ops, handle_line
    from rummylib.errors import SaveError
    from rummylib.rules import PRESETS
    from rummylib.saves import loads

FIELDS = {
    (op.name, game): sorted(op.fields)
    for op in all_ops()
    for game, rules in PRESETS.items()
    if op.schemes is None or rules.scoring in op.schemes
}
OPS = sorted(FIELDS)
TOKENS = [
    "r1",
    "r2",
    "r3",
    "r5",
    "r13",
    "k7",
    "b7",
    "y7",
    "*",
    "Ah",
    "2c",
    "5s",
    "7h",
    "7d",
    "10h",
    "Qs",
    "Kd",
    "r14",
    "x9",
    "|",
    ",",
]


def _notation(fdp: atheris.FuzzedDataProvider) -> str:
    return " ".join(TOKENS[fdp.ConsumeIntInRange(0, len(TOKENS) - 1)] for _ in range(fdp.ConsumeIntInRange(0, 30)))


def _value(fdp: atheris.FuzzedDataProvider, depth: int = 0) -> Any:
    kind = fdp.ConsumeIntInRange(0, 8 if depth < 3 else 5)
    if kind == 0:
        return None
    if kind == 1:
        return fdp.ConsumeBool()
    if kind == 2:
        return fdp.ConsumeInt(8)
    if kind == 3:
        return fdp.ConsumeUnicodeNoSurrogates(20)
    if kind in (4, 5):
        return _notation(fdp)
    if kind == 6:
        return [_notation(fdp) for _ in range(fdp.ConsumeIntInRange(0, 6))]
    if kind == 7:
        return [_value(fdp, depth + 1) for _ in range(fdp.ConsumeIntInRange(0, 4))]
    return {fdp.ConsumeUnicodeNoSurrogates(6): _value(fdp, depth + 1) for _ in range(fdp.ConsumeIntInRange(0, 3))}


def _check(answer: object) -> None:
    if not isinstance(answer, dict):
        raise AssertionError(f"not a dict: {answer!r}")
    if "error" in answer:
        error = answer["error"]
        if not (isinstance(error.get("code"), str) and isinstance(error.get("message"), str)):
            raise AssertionError(f"bad error object: {answer!r}")
    json.dumps(answer)


def test_one_input(data: bytes) -> None:
    """One fuzz input: a raw line, a save, or a request for a real op and game."""
    fdp = atheris.FuzzedDataProvider(data)
    mode = fdp.ConsumeIntInRange(0, 9)
    if mode == 0:
        _check(handle_line(fdp.ConsumeUnicodeNoSurrogates(2000)))
        return
    if mode == 1:
        with contextlib.suppress(SaveError):
            loads(fdp.ConsumeUnicodeNoSurrogates(4000))
        return
    op, game = OPS[fdp.ConsumeIntInRange(0, len(OPS) - 1)]
    request: dict[str, Any] = {"op": op, "game": game}
    for name in FIELDS[(op, game)]:
        if fdp.ConsumeIntInRange(0, 3):
            request[name] = _value(fdp)
    if fdp.ConsumeIntInRange(0, 5) == 0:
        request["rules"] = {fdp.ConsumeUnicodeNoSurrogates(12): _value(fdp)}
    if op == "find_contract":
        request["budget"] = 20_000  # an unbounded search is a known finding, not a crash to rediscover
    _check(handle_line(json.dumps(request)))


def main() -> None:
    """Run the fuzzer with the command-line options of libFuzzer."""
    atheris.instrument_all()  # the op modules are imported lazily, after instrument_imports
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
