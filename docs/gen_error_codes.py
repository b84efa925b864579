"""Write the catalogue of error codes in ``docs/reference/error-codes.md`` from the code itself.

Each `ErrorCode` member's meaning is its attribute docstring in ``src/rummylib/errors.py``,
grouped by the section comments there. The exception classes listed for a code are found in the
code too: the `RummyError` subclasses whose class-level ``code`` it is, and the classes raised
with it as ``code=`` anywhere in ``src/rummylib``. Each example below is *run* while the page is
written: the message shown is the one the library really gives, and the example must raise (or
the batch interface must answer with) the code it illustrates. Run
``python docs/gen_error_codes.py`` after adding a code; the test
``tests/docs_pages/test_docs_error_codes.py`` fails while the page is stale or a code has no
example.
"""

from __future__ import annotations

import ast
import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import rummylib
from rummylib import audit, batch, contracts, errors, records, saves
from rummylib.agents import arena, text  # noqa: F401 - arena: its Forfeit is listed whatever ran first
from rummylib.batch import handle_line

PAGE = Path(__file__).resolve().parent / "reference" / "error-codes.md"
START = "<!-- generated error codes begin here, written by docs/gen_error_codes.py -->"
END = "<!-- generated error codes end here -->"

# code -> Python expression that raises a RummyError with that code. The names are those of
# `rummylib`, its modules `audit`, `batch`, `contracts`, `records` and `saves`, and
# `rummylib.agents.text` as `text`.
EXAMPLES: dict[str, str] = {
    # input: pieces and notation
    "bad-notation": 'Tile.parse("r14")',
    "not-a-piece": 'Tile("x", 5)',
    "too-many-copies": 'RUMMIKUB.check_piece_counts(parse_pieces("r5 r5 r5"))',
    "too-large": 'parse_pieces("r5 " * 40_000)',
    # input: rule sets
    "unknown-game": 'find_ruleset("poker")',
    "unknown-option": 'RUMMIKUB.with_options({"jokers_fly": True})',
    "bad-option": 'RUMMIKUB.with_options({"min_run": "three"})',
    "bad-rules": 'RUMMIKUB.with_options({"group_max": 2})',
    "bad-players": 'deal("rummikub", players=5, seed=1)',
    "unknown-round": "SHANGHAI.round(11)",
    "unsupported-rules": 'solve("", "7h 8h 9h", rules=SHANGHAI, initial_meld_done=True)',
    # input: arguments of the Python functions
    "bad-argument": 'validate_turn("", "r1 r2 r3", "r1 r2 r3", rules=RUMMIKUB, initial_meld_done="false")',
    # input: hands to score
    "bad-score-input": 'score_rummikub(["", ""], winner=5, rules=RUMMIKUB)',
    "bad-gin-hand": 'deadwood("Ah Ah 2h", rules=GIN_RUMMY)',
    # input: requests
    "bad-objective": 'solve("", "r1 r2 r3", rules=RUMMIKUB, initial_meld_done=True, objective="fun")',
    "no-move-found": 'text.read_move(GinHand.deal(rules=GIN_RUMMY, seed=7), 1, "I would rather wait.")',
    # saved games and states
    "bad-save": 'saves.loads(\'{"format": "rummylib-save", "version": 99, "type": "gin-hand", "state": {}}\')',
    "bad-state": "audit.check_conservation(GinHand.deal(rules=GIN_RUMMY, seed=3), full_set(GIN_RUMMY, players=2)[1:])",
    "table-mismatch": 'audit.check_claimed_table("r1 r2 r3 r4 | k7 b7 y7", "r1 r2 r3 | k7 b7 y7")',
    "bad-signature": 'batch.Signer(b"s3cret" * 6).check({"format": "rummylib-save"}, "0" * 64)',
    "bad-record": 'records.read_record("rummylib-record 2")',
    # refusals
    "illegal-play": 'check_layoff("4c 5c 6c 7c", "9c", rules=SHANGHAI)',
    "invalid-meld": 'check_meld("r12 r13 r1", rules=RUMMIKUB)',
    "contract-not-met": 'check_contract(["7h 7s 7d"], round_number=1, rules=SHANGHAI)',
    "illegal-turn": 'check_turn("r1 r2 r3", "k1", "r1 r2 r3", rules=RUMMIKUB, initial_meld_done=True)',
    "illegal-action": "ContractRound.deal(rules=SHANGHAI, players=3, seed=1).apply(contracts.DrawStock(2))",
    "knock-over-limit": 'score_hand("Ah 2h 3h 7c 7d 7s 9c 10d Jh Kd", "2c 3c 4c 5d 6d 8d Qc Qd Qh Qs", rules=GIN_RUMMY)',
    "invalid-declaration": 'check_declaration(["Ah 2h 3h"], rules=INDIAN_RUMMY)',
    # searches
    "search-limit": (
        'arrange("r1 r1 r2 r2 r3 r3 r4 r4 r5 r5 b1 b2 b3 b4 b5 k1 k2 k3 k4 k5 y1 y2 y3 y4 y5 * * y13", '
        "rules=RUMMIKUB, budget=5)"
    ),
    "unsolvable-table": 'solve(parse_pieces("r1 r5 k9"), "r2", rules=RUMMIKUB, initial_meld_done=True)',
}
"""One Python example per code that a call of the library raises (see the module docs)."""

REQUESTS: dict[str, str] = {
    "bad-json": '{"op": "meld", "game": "rummikub", "meld": NaN}',
    "bad-request": "[1, 2]",
    "missing-field": '{"game": "rummikub", "meld": "r1 r2 r3"}',
    "bad-field": '{"op": "meld", "game": "rummikub", "meld": 5}',
    "unknown-op": '{"op": "fly", "game": "gin_rummy"}',
    "op-not-for-game": '{"op": "turn", "game": "gin_rummy"}',
}
"""One request line for ``rummylib batch`` per code that is about the request itself."""

NO_EXAMPLE: dict[str, str] = {
    "missing-extra": (
        "Not shown here, where every extra is installed: importing `rummylib.agents.envs` without "
        "the `agents` extra raises it (a `RummyError` that is also an `ImportError`), and so does the "
        "arena's `ray` backend without the `arena-ray` extra. The message names the `pip install` to run."
    ),
    "not-reset": (
        "An agent environment of `rummylib.agents.envs` raises it when asked about its game (its "
        "`referee`, `observe`, `step`) before `reset()` has dealt one: call `reset(seed=...)` first."
    ),
    "masked-action": (
        "An agent environment's `step(action)` raises it for an action number that the current "
        "`action_mask` forbids (or that is outside the action space); the state is unchanged."
    ),
    "no-sample": (
        "An OpenSpiel state's `resample_from_infostate` raises it when none of its draws gave a "
        "state the seat cannot tell from the real one (it has not been seen to happen): rather "
        "than give a state that puts hidden pieces where they truly are."
    ),
    "solver-error": (
        "No input triggers it on purpose: a search raises it when its own answer fails the check it "
        "makes before returning, which is a bug in rummylib. Please report it. The other search "
        "errors have codes of their own (`search-limit`, `unsolvable-table`, `unsupported-rules`, "
        "`bad-objective`)."
    ),
    "time-limit": (
        "No exception has this code, and no expression shows it at once. `rummylib batch` answers "
        "with it when a request reaches the limit per request (`--max-seconds`, 10 seconds unless "
        "told), then goes on with the next line; `solve` answers with its best play so far instead."
    ),
    "internal-error": (
        "No exception has this code. The batch interface answers with it when something other than "
        "a `RummyError` escapes while it handles a line; it then goes on with the next line. It "
        "always means a bug in rummylib. Please report it with the line that caused it."
    ),
}
"""The codes that no single expression can show, with a sentence instead."""


def _namespace() -> dict[str, Any]:
    names: dict[str, Any] = {name: getattr(rummylib, name) for name in rummylib.__all__}
    names.update(audit=audit, batch=batch, contracts=contracts, records=records, saves=saves, text=text)
    return names


def error_codes() -> list[tuple[str, str, str]]:
    """``(section, code, meaning)`` for every `ErrorCode` member, in source order."""
    source = Path(errors.__file__).read_text(encoding="utf-8")
    tree = ast.parse(source)
    (cls,) = [n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "ErrorCode"]
    lines = source.splitlines()
    end = cls.end_lineno or len(lines)
    sections = {
        line_no: m.group(1).strip()
        for line_no in range(cls.lineno, end + 1)
        if (m := re.match(r"\s*# -+ (.*?) -*$", lines[line_no - 1])) is not None
    }
    out = []
    section = ""
    body = cls.body
    for k, node in enumerate(body):
        if not (isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant)):
            continue
        for line_no in sorted(sections):
            if line_no < node.lineno:
                section = sections[line_no]
        doc = ""
        if k + 1 < len(body) and isinstance(body[k + 1], ast.Expr):
            value = getattr(body[k + 1], "value", None)
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                doc = " ".join(value.value.split())
        out.append((section, str(node.value.value), doc))
    return out


def error_classes() -> list[type[errors.RummyError]]:
    """Every subclass of `RummyError` that rummylib defines, parents before children."""

    def walk(cls: type[errors.RummyError]) -> Iterator[type[errors.RummyError]]:
        for sub in cls.__subclasses__():
            yield sub
            yield from walk(sub)

    found = dict.fromkeys(c for c in walk(errors.RummyError) if c.__module__.startswith("rummylib."))
    return list(found)


def _code_given(node: ast.expr) -> str | None:
    """The code a ``code=`` argument names, when it is a literal or an `ErrorCode` member."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "ErrorCode":
        return errors.ErrorCode[node.attr].value
    return None  # passed on from another error (``code=exc.code``)


def raised_with() -> dict[str, set[str]]:
    """Code -> the names of the classes raised with it as ``code=`` somewhere in the library."""
    names = {c.__name__ for c in error_classes()} | {"RummyError"}
    out: dict[str, set[str]] = {}
    for path in sorted(Path(rummylib.__file__).resolve().parent.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
            if name not in names:
                continue
            for keyword in node.keywords:
                code = _code_given(keyword.value) if keyword.arg == "code" else None
                if code is not None:
                    out.setdefault(errors.ErrorCode(code).value, set()).add(name)
    return out


def classes_for() -> dict[str, list[tuple[str, bool]]]:
    """Code -> ``(class name, whether it is the class's own code)``, own codes first."""
    given = raised_with()
    out: dict[str, list[tuple[str, bool]]] = {}
    for cls in error_classes():
        out.setdefault(cls.code.value, []).append((cls.__name__, True))
    for code, names in given.items():
        own = {name for name, _ in out.get(code, [])}
        out.setdefault(code, []).extend((name, False) for name in sorted(names - own))
    return out


def _heading(section: str) -> str:
    return section[:1].upper() + section[1:]


def _documented_at(name: str) -> str:
    """Where the API reference documents an error class: the module that defines it."""
    found = [c for c in error_classes() if c.__name__ == name]
    return found[0].__module__ if found else "rummylib.errors"


def _classes_line(classes: list[tuple[str, bool]]) -> str:
    shown = [
        f"[`{name}`][{_documented_at(name)}.{name}]" + (" (its default code)" if own else "") for name, own in classes
    ]
    return f"Raised as {', '.join(shown)}.\n"


# The root class as the package exports it and as its module holds it: the same class, except
# under pytest's importlib mode, which can load ``rummylib/errors.py`` a second time when it
# collects the module's doctests.
_RUMMY_ERRORS = (rummylib.RummyError, errors.RummyError)


def _python_example(code: str, call: str, names: dict[str, Any]) -> str:
    try:
        eval(call, names)  # our own literal examples, run to check them
    except _RUMMY_ERRORS as exc:
        raised = exc
    else:
        raise AssertionError(f"the example for {code} raises nothing: {call}")
    assert raised.code == code, f"the example for {code} raises {raised.code}, not {code}: {call}"
    return f"*Example*:\n\n```text\n{call}\n→ {type(raised).__name__} ({raised.code}): {raised}\n```\n"


def _request_example(code: str, line: str) -> str:
    answer = handle_line(line)
    found = answer.get("error", {}).get("code")
    assert found == code, f"the request for {code} is answered with {found}, not {code}: {line}"
    shown = json.dumps(answer, ensure_ascii=False)
    return f"*Example* (a line for `rummylib batch` and its answer):\n\n```text\n{line}\n→ {shown}\n```\n"


def render() -> str:
    """The catalogue, as Markdown.

    Raises:
        KeyError: a code has no example.
        AssertionError: an example does not give its code.
    """
    names = _namespace()
    classes = classes_for()
    parts: list[str] = []
    current = None
    for section, code, meaning in error_codes():
        if section != current:
            parts.append(f"## {_heading(section)}\n")
            current = section
        parts.append(f"### `{code}` {{#{code}}}\n")
        parts.append(f"{meaning}\n")
        if code in classes:
            parts.append(_classes_line(classes[code]))
        if code in EXAMPLES:
            parts.append(_python_example(code, EXAMPLES[code], names))
        elif code in REQUESTS:
            parts.append(_request_example(code, REQUESTS[code]))
        else:
            parts.append(f"{NO_EXAMPLE[code]}\n")
    return "\n".join(parts)


def main() -> int:
    """Rewrite the catalogue between the markers of the page."""
    page = PAGE.read_text(encoding="utf-8")
    head, rest = page.split(START)
    _, tail = rest.split(END)
    PAGE.write_text(f"{head}{START}\n\n{render()}\n{END}{tail}", encoding="utf-8")
    print(f"wrote {PAGE.name}: {len(error_codes())} codes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
