"""``rummylib batch``: JSON Lines for programs in any language.

Each input line is one JSON object with an ``"op"`` and a ``"game"`` (a preset name), and may
have ``"rules"`` (an object of option overrides), ``"wild_rank"`` (card games: a rank whose cards
are wild, as in Indian Rummy) and ``"id"`` (echoed back unchanged). Each non-blank input line gets
exactly one output line, in order, flushed at once. A request that cannot be answered gets
``{"id": ..., "error": {"code": ..., "message": ...}}`` and the stream goes on.

This module holds no rules: every op translates JSON into a call of the Python API and back.
Each op is one small function registered in an `Op` table.

Examples:
    >>> handle_line('{"op": "meld", "game": "rummikub", "meld": "r5 r6 *"}')
    {'valid': True, 'kind': 'run', 'value': 18, 'jokers': ['R7'], 'problems': []}
    >>> handle_line('{"op": "points", "game": "contract_rummy", "hand": "* Ah Kd", "id": 7}')
    {'id': 7, 'points': 50}
    >>> handle_line('{"op": "meld", "game": "rummikub", "meld": "r14"}')["error"]["code"]
    'bad-notation'
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import IO, Any

import attrs

from rummylib.errors import RequestError, RummyError
from rummylib.melds import Meld, meld_violations, read_meld
from rummylib.notation import parse_pieces
from rummylib.pieces import Piece
from rummylib.rules import RuleSet, ScoringScheme, find_ruleset
from rummylib.scoring import hand_points

__all__ = ["MAX_LINE_LENGTH", "Op", "Request", "handle_line", "handle_request", "run_batch"]

MAX_LINE_LENGTH = 1_000_000
"""Longest request line accepted, in characters."""

_COMMON_FIELDS = frozenset({"op", "game", "rules", "id", "wild_rank"})


@attrs.frozen
class Request:
    """One decoded request: the raw object and the rule set it asks for.

    The accessors check each field's type and raise `RequestError` naming the field.

    Examples:
        >>> req = Request.from_json({"op": "meld", "game": "shanghai", "meld": "7h 7s 7d"})
        >>> req.rules.name, req.pieces("meld")[0]
        ('shanghai', Card.parse('7h'))
    """

    data: Mapping[str, Any]
    """The request object as decoded from JSON."""
    rules: RuleSet
    """The preset named by ``game`` with ``rules`` and ``wild_rank`` applied."""

    @classmethod
    def from_json(cls, data: object) -> Request:
        """Check the common fields and build the rule set.

        Raises:
            RequestError: not an object, or ``op``/``game`` missing or not strings.
            RuleSetError: unknown game, unknown option or bad option value.
        """
        if not isinstance(data, dict):
            raise RequestError(f"a request must be a JSON object, not {_json_type(data)}")
        for name in ("op", "game"):
            if name not in data:
                raise RequestError(f"missing field {name!r}", code="missing-field")
            if not isinstance(data[name], str):
                raise RequestError(f"field {name!r} must be a string, not {_json_type(data[name])}", code="bad-field")
        rules = find_ruleset(data["game"])
        overrides = data.get("rules")
        if overrides is not None:
            if not isinstance(overrides, dict):
                raise RequestError(f"field 'rules' must be an object, not {_json_type(overrides)}", code="bad-field")
            rules = rules.with_options(overrides)
        if data.get("wild_rank") is not None:
            rules = rules.with_options({"wild_ranks": [*sorted(rules.wild_ranks), data["wild_rank"]]})
        return cls(data, rules)

    @property
    def op(self) -> str:
        """The op name."""
        return str(self.data["op"])

    def has(self, name: str) -> bool:
        """Whether the field is present and not null."""
        return self.data.get(name) is not None

    def field(self, name: str, kind: type | tuple[type, ...], *, default: Any = ..., what: str = "") -> Any:
        """The value of a field, checked to be of ``kind``; ``default`` when absent or null.

        Raises:
            RequestError: missing without a default (code ``missing-field``), or of the wrong type
                (code ``bad-field``).
        """
        value = self.data.get(name)
        if value is None:
            if default is ...:
                raise RequestError(f"missing field {name!r}", code="missing-field")
            return default
        kinds = kind if isinstance(kind, tuple) else (kind,)
        ok = False if isinstance(value, bool) and bool not in kinds else isinstance(value, kinds)
        if not ok:
            expected = what or " or ".join(_TYPE_NAMES.get(k, k.__name__) for k in kinds)
            raise RequestError(f"field {name!r} must be {expected}, not {_json_type(value)}", code="bad-field")
        return value

    def text(self, name: str, *, default: Any = ...) -> Any:
        """A string field (``default``, unchanged, when it is absent or null)."""
        return self.field(name, str, default=default)

    def boolean(self, name: str, *, default: Any = ...) -> bool:
        """A true/false field."""
        return bool(self.field(name, bool, default=default))

    def integer(self, name: str, *, default: Any = ...) -> int:
        """An integer field."""
        value = self.field(name, int, default=default)
        return int(value)

    def pieces(self, name: str, *, default: Any = ...) -> tuple[Piece, ...]:
        """A field of pieces in notation, read with the request's rules and checked for copies.

        ``default`` (unchanged) when the field is absent or null and a default is given.
        """
        text = self.field(name, str, default=None if default is not ... else ...)
        if text is None:
            return default  # type: ignore[no-any-return]
        pieces = parse_pieces(text, rules=self.rules)
        self.rules.check_piece_counts(pieces, what=f"field {name!r}")
        return pieces

    def piece_lists(self, name: str, *, default: Any = ...) -> list[tuple[Piece, ...]]:
        """A field holding a list of notation strings (melds, hands, racks)."""
        items = self.field(name, list, default=default, what="a list of strings")
        if len(items) > 10_000:
            raise RequestError(f"field {name!r} has {len(items)} items; the limit is 10000", code="too-large")
        out = []
        for i, item in enumerate(items):
            if not isinstance(item, str):
                raise RequestError(
                    f"field {name!r} item {i} must be a string, not {_json_type(item)}", code="bad-field"
                )
            try:
                out.append(parse_pieces(item, rules=self.rules))
            except RummyError as exc:
                # Keep the error's class and code; only say which item was at fault.
                exc.args = (f"{name}[{i}]: {exc.message}",)
                raise exc from None
        return out


_TYPE_NAMES: dict[type, str] = {
    str: "a string",
    bool: "true or false",
    int: "an integer",
    float: "a number",
    list: "a list",
    dict: "an object",
}


def _json_type(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__  # pragma: no cover - json only makes the types above


@attrs.frozen
class Op:
    """One batch op: its name, the fields it reads, and the function answering it.

    ``schemes`` limits the op to games scored one way (``score`` means different things in
    Rummikub and in Gin); ``None`` means every game.

    Examples:
        >>> {"meld", "points"} <= {op.name for op in all_ops()}
        True
    """

    name: str
    """The value of ``"op"`` that selects it."""
    fields: frozenset[str]
    """Fields it reads besides the common ones."""
    run: Callable[[Request], dict[str, Any]]
    """The function answering a request."""
    schemes: frozenset[ScoringScheme] | None = None
    """The games it serves, by scoring scheme; ``None`` for every game."""


def _meld_op(req: Request) -> dict[str, Any]:
    meld = Meld(req.pieces("meld"))
    reading = read_meld(meld, rules=req.rules)
    if reading is None:
        problems = [v.to_json() for v in meld_violations(meld, rules=req.rules)]
        return {"valid": False, "kind": None, "value": None, "jokers": [], "problems": problems}
    return {
        "valid": True,
        "kind": reading.kind.value,
        "value": reading.value,
        "jokers": [str(face) for face in reading.jokers],
        "problems": [],
    }


def _points_op(req: Request) -> dict[str, Any]:
    return {"points": hand_points(req.pieces("hand"), rules=req.rules)}


CORE_OPS: tuple[Op, ...] = (
    Op("meld", frozenset({"meld"}), _meld_op),
    Op(
        "points",
        frozenset({"hand"}),
        _points_op,
        frozenset({ScoringScheme.RACK, ScoringScheme.CONTRACT, ScoringScheme.GIN, ScoringScheme.INDIAN}),
    ),
)
"""The foundation's ops: ``meld`` and ``points``."""


def all_ops() -> tuple[Op, ...]:
    """Every op the batch interface serves, more specific ones first.

    Examples:
        >>> "meld" in {op.name for op in all_ops()}
        True
    """
    from rummylib import _ops_cards, _ops_contract, _ops_games, _ops_rummikub, _ops_solver

    extra = (*_ops_rummikub.OPS, *_ops_contract.OPS, *_ops_cards.OPS, *_ops_games.OPS, *_ops_solver.OPS)
    return (*extra, *CORE_OPS)


def _find_op(req: Request, ops: Sequence[Op]) -> Op:
    named = [op for op in ops if op.name == req.op]
    if not named:
        known = ", ".join(sorted({op.name for op in ops}))
        raise RequestError(f"unknown op {req.op[:40]!r}: known ops are {known}", code="unknown-op")
    for op in named:
        if op.schemes is None or req.rules.scoring in op.schemes:
            return op
    raise RequestError(f"op {req.op!r} is not available for {req.rules.title}", code="unknown-op")


def handle_request(data: object, *, ops: Sequence[Op] | None = None) -> dict[str, Any]:
    """Answer one decoded request with a JSON-ready dict (a result or an ``error`` object).

    Never raises for bad input: every `RummyError` becomes an ``error`` object with its code.

    Examples:
        >>> handle_request({"op": "fly", "game": "gin"})["error"]["code"]
        'unknown-op'
    """
    request_id = data.get("id") if isinstance(data, dict) else None
    try:
        req = Request.from_json(data)
        op = _find_op(req, all_ops() if ops is None else ops)
        result = op.run(req)
        unknown = sorted(set(req.data) - _COMMON_FIELDS - op.fields)
        if unknown:
            result["warnings"] = [f"unknown field {name!r} ignored" for name in unknown]
    except RummyError as exc:
        return {"id": request_id, "error": {"code": exc.code.value, "message": exc.message}}
    except RecursionError:
        return {"id": request_id, "error": {"code": "too-large", "message": "request nested too deeply"}}
    return ({"id": request_id} if isinstance(data, dict) and "id" in data else {}) | result


def handle_line(line: str, *, ops: Sequence[Op] | None = None) -> dict[str, Any]:
    """Decode one JSON line and answer it.

    Examples:
        >>> handle_line("{not json")["error"]["code"]
        'bad-json'
    """
    if len(line) > MAX_LINE_LENGTH:
        return {"id": None, "error": {"code": "too-large", "message": f"line longer than {MAX_LINE_LENGTH} characters"}}
    try:
        data = json.loads(line, parse_constant=_reject_constant)
    except (ValueError, RecursionError) as exc:
        return {"id": None, "error": {"code": "bad-json", "message": f"not valid JSON: {exc}"}}
    return handle_request(data, ops=ops)


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not allowed")


def run_batch(lines: Iterable[str], out: IO[str]) -> int:
    r"""Answer every non-blank line, writing one JSON line each to ``out`` and flushing it.

    Returns the number of requests answered.

    Examples:
        >>> import io
        >>> buf = io.StringIO()
        >>> run_batch(['{"op": "points", "game": "rummikub", "hand": "r5 *"}', ""], buf)
        1
        >>> buf.getvalue()
        '{"points": 35}\n'
    """
    count = 0
    for line in lines:
        if not line.strip():
            continue
        try:
            answer = handle_line(line)
        except Exception as exc:
            answer = {"id": None, "error": {"code": "internal-error", "message": f"{type(exc).__name__}: {exc}"}}
        out.write(json.dumps(answer, ensure_ascii=False) + "\n")
        out.flush()
        count += 1
    return count


def main_batch(path: str | None) -> int:
    """Run the batch loop on a file (or stdin when ``path`` is ``None`` or ``"-"``); exit status."""
    if path is None or path == "-":
        run_batch(sys.stdin, sys.stdout)
        return 0
    with open(path, encoding="utf-8") as handle:
        run_batch(handle, sys.stdout)
    return 0
