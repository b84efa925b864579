"""The batch protocol: a decoded request (`Request`, with typed accessors) and an op (`Op`).

Every op module of `rummylib.batch` reads its fields through `Request`, so the same mistake gets
the same error everywhere: a missing field is ``missing-field``, a field of the wrong JSON type
``bad-field``, bad notation ``bad-notation``, all naming the field.

Examples:
    >>> req = Request.from_json({"op": "meld", "game": "shanghai", "meld": "7h 7s 7d"})
    >>> req.rules.name, req.pieces("meld")[0]
    ('shanghai', Card.parse('7h'))
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import attrs

from rummylib.errors import ErrorCode, RequestError, RummyError
from rummylib.melds import Meld
from rummylib.notation import parse_pieces
from rummylib.pieces import Piece
from rummylib.rules import RuleSet, ScoringScheme, find_ruleset
from rummylib.table import Table

__all__ = ["COMMON_FIELDS", "MAX_LINE_LENGTH", "PROTOCOL", "STATE_OPS", "Op", "Request", "json_type"]

PROTOCOL = 1
"""The version of the batch protocol, as ``{"op": "hello"}`` reports it."""

STATE_OPS = frozenset({"apply", "view", "legal"})
"""The ops that read a state: their game and rules are the state's own (``game`` is not needed)."""

MAX_LINE_LENGTH = 1_000_000
"""Longest request line accepted, in bytes (in characters for a line given as text)."""

COMMON_FIELDS = frozenset({"op", "game", "rules", "id"})
"""The fields `Request` reads itself (wild ranks are a rule: ``{"rules": {"wild_ranks": ["5"]}}``)."""


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
    """The preset named by ``game`` with ``rules`` applied."""
    max_seconds: float | None = attrs.field(default=None, kw_only=True)
    """The server's time limit per request, which caps a client's budget (``None``: no limit)."""

    @classmethod
    def from_json(cls, data: object, *, max_seconds: float | None = None) -> Request:
        """Check the common fields and build the rule set.

        Raises:
            RequestError: not an object, or ``op``/``game`` missing or not strings.
            RuleSetError: unknown game, unknown option or bad option value.
        """
        if not isinstance(data, dict):
            raise RequestError(f"a request must be a JSON object, not {json_type(data)}")
        for name in ("op", "game"):
            if name not in data:
                raise RequestError(f"missing field {name!r}", code=ErrorCode.MISSING_FIELD)
            if not isinstance(data[name], str):
                raise RequestError(
                    f"field {name!r} must be a string, not {json_type(data[name])}", code=ErrorCode.BAD_FIELD
                )
        rules = find_ruleset(data["game"])
        overrides = data.get("rules")
        if overrides is not None:
            if not isinstance(overrides, dict):
                raise RequestError(
                    f"field 'rules' must be an object, not {json_type(overrides)}", code=ErrorCode.BAD_FIELD
                )
            rules = _SAME_RULES.one(rules.with_options(overrides))
        return cls(data, rules, max_seconds=max_seconds)

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
                raise RequestError(f"missing field {name!r}", code=ErrorCode.MISSING_FIELD)
            return default
        kinds = kind if isinstance(kind, tuple) else (kind,)
        ok = False if isinstance(value, bool) and bool not in kinds else isinstance(value, kinds)
        if not ok:
            expected = what or " or ".join(_TYPE_NAMES.get(k, k.__name__) for k in kinds)
            raise RequestError(f"field {name!r} must be {expected}, not {json_type(value)}", code=ErrorCode.BAD_FIELD)
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

    def piece(self, name: str, *, default: Any = ...) -> Piece:
        """A field holding exactly one piece in notation (an upcard, a card to put in).

        Raises:
            RequestError: not one piece (code ``bad-field``).
        """
        pieces = self.pieces(name, default=None if default is not ... else ...)
        if pieces is None:
            return default
        if len(pieces) != 1:
            raise RequestError(f"field {name!r} must be one piece, not {len(pieces)}", code=ErrorCode.BAD_FIELD)
        return pieces[0]

    def _strings(self, name: str, default: Any) -> Any:
        items = self.field(name, list, default=default, what="a list of strings")
        if items is default:
            return default
        if len(items) > 10_000:
            raise RequestError(f"field {name!r} has {len(items)} items; the limit is 10000", code=ErrorCode.TOO_LARGE)
        for i, item in enumerate(items):
            if not isinstance(item, str):
                raise RequestError(
                    f"field {name!r} item {i} must be a string, not {json_type(item)}", code=ErrorCode.BAD_FIELD
                )
        return items

    def piece_lists(self, name: str, *, default: Any = ...) -> list[tuple[Piece, ...]]:
        """A field holding a list of notation strings (melds, hands, racks)."""
        items = self._strings(name, default)
        if items is default:
            return default  # type: ignore[no-any-return]
        out: list[tuple[Piece, ...]] = []
        for i, item in enumerate(items):
            try:
                out.append(parse_pieces(item, rules=self.rules))
            except RummyError as exc:
                # Keep the error's class and code; only say which item was at fault.
                exc.args = (f"{name}[{i}]: {exc.message}",)
                raise exc from None
        return out

    def table(self, name: str) -> Table:
        """A table field: a list of melds in notation, or one ``|`` string (empty when absent)."""
        value = self.field(name, (list, str), default=[], what="a list of melds in notation (or one '|' string)")
        if isinstance(value, str):
            try:
                return Table.parse(value, rules=self.rules)
            except RummyError as exc:
                exc.args = (f"{name}: {exc.message}",)  # keep the error's class and code
                raise exc from None
        if len(value) > 10_000:
            raise RequestError(f"field {name!r} has {len(value)} items; the limit is 10000", code=ErrorCode.TOO_LARGE)
        parse, rules = Meld.parse, self.rules
        melds = []
        for i, item in enumerate(value):
            if type(item) is not str:
                raise RequestError(
                    f"field {name!r} item {i} must be a string, not {json_type(item)}", code=ErrorCode.BAD_FIELD
                )
            try:
                melds.append(parse(item, rules=rules))
            except RummyError as exc:
                exc.args = (f"{name}[{i}]: {exc.message}",)
                raise exc from None
        return Table(melds)


class _Interned:
    """One object for each rule set met lately: equal house rules sent again are the same `RuleSet`.

    Every request with ``rules`` builds a new rule set, equal to the last one with the same
    options. The meld and notation caches of the core keep the rule set of each entry they make;
    without this, a long-running process would keep one copy of the same rules (each with the
    pieces of its game, built on first use) for every entry. The most recent ``size`` rule sets
    are kept.

    Examples:
        >>> from rummylib import SHANGHAI
        >>> seen = _Interned(2)
        >>> a, b = (SHANGHAI.with_options({"joker_ratio": True}) for _ in range(2))
        >>> a is b, seen.one(a) is seen.one(b)
        (False, True)
    """

    def __init__(self, size: int) -> None:
        self.size = size
        self.seen: dict[RuleSet, RuleSet] = {}

    def one(self, rules: RuleSet) -> RuleSet:
        """The rule set equal to ``rules`` met first (and still kept), else ``rules`` itself, kept from now on."""
        seen = self.seen
        found = seen.pop(rules, None)
        kept = rules if found is None else found
        seen[kept] = kept  # the most recent last
        if len(seen) > self.size:
            del seen[next(iter(seen))]
        return kept


_SAME_RULES = _Interned(256)
"""The rule sets of the latest requests that gave ``rules`` (see `_Interned`)."""


_TYPE_NAMES: dict[type, str] = {
    str: "a string",
    bool: "true or false",
    int: "an integer",
    float: "a number",
    list: "a list",
    dict: "an object",
}


def json_type(value: object) -> str:
    """How a JSON value's type is named in messages (``"a string"``, ``"null"``).

    Examples:
        >>> json_type([1]), json_type(None), json_type(True)
        ('a list', 'null', 'a boolean')
    """
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
        >>> from rummylib.batch import all_ops
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
