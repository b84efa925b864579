"""Typed JSON <-> attrs values: one walker for rule-set options and for saved game states.

A value is written and read guided by the type annotations of its attrs class: enums by value,
tuples and frozensets as lists, nested attrs values as objects, unions tried member by member (a
union of several attrs classes tags its objects with ``"$type"``). What a particular type looks
like in JSON (a rank written ``"A"``, a piece written ``"R5"``, a rule set written as its game and
options) is a `Special` given by the caller, so this module names no game and no piece, and rule
options (`rummylib.rules`) and saves (`rummylib.referee`) share it.

Decoding builds only the classes the annotations name, never anything a document asks for, and
refuses what does not fit with `BadValue` (a path, what was expected and the value found); each
caller turns that into its own error (`RuleSetError`, `SaveError`).
"""

from __future__ import annotations

import enum
import math
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any, Literal

import attrs

__all__ = ["BadValue", "Codec", "Limits", "Special", "json_kind", "preview"]


class BadValue(Exception):
    """A JSON value that does not fit the type it is read as: where, and what is wrong.

    ``expected`` and ``value`` are set when the fault is a value of the wrong kind, so that a
    caller can word it its own way ("option 'x' must be an integer, not 'thirty'").

    Examples:
        >>> Codec(Limits()).decode("x", int, "field")
        Traceback (most recent call last):
        ...
        rummylib._json.BadValue: field: expected an integer, not a string
    """

    def __init__(self, path: str, detail: str, *, expected: str | None = None, value: object = None) -> None:
        self.path = path
        self.detail = detail
        self.expected = expected
        self.value = value
        super().__init__(f"{path}: {detail}")


def _the_number(number: float) -> str:
    """A number as a message names it; a huge one by its length (its digits may be too many to print)."""
    if isinstance(number, float) or abs(number) < 10**40:
        return f"the number {number!r}"
    return f"a number of about {int(number.bit_length() * math.log10(2)) + 1} digits"


def preview(value: object, width: int = 60) -> str:
    """``value`` as a message shows it: its ``repr``, cut to ``width``; a huge integer by its length.

    Examples:
        >>> preview(12), preview("x" * 100)[-6:], preview(10**400)
        ('12', "x ...'", 'a number of about 401 digits')
    """
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**40:
        return _the_number(value)
    shown = repr(value)
    return shown if len(shown) <= width else f"{shown[: width - 4]} ...{shown[-1]}"


def _bad(path: str, expected: str, value: object, found: str | None = None) -> BadValue:
    shown = found if found is not None else json_kind(value)
    return BadValue(path, f"expected {expected}, not {shown}", expected=expected, value=value)


@attrs.frozen
class Limits:
    """How large a document may be: integers, lists and strings.

    Examples:
        >>> Limits(max_items=3).max_items
        3
    """

    max_int: int = 2**64
    """Largest integer (in size) accepted."""
    max_items: int = 100_000
    """Most items in one list."""
    max_text: int = 10_000
    """Longest string."""


@attrs.frozen
class Special:
    """How one type that is not plain JSON is written and read (a piece as ``"R5"``, say).

    ``matches`` says whether a type annotation is this special type; ``write`` turns a value into
    JSON and ``read`` turns JSON back (raising `BadValue`, or a ``ValueError`` whose message says
    what is wrong).
    """

    matches: Callable[[Any], bool]
    """Whether an annotation names this type."""
    write: Callable[[Any], Any]
    """The JSON form of a value."""
    read: Callable[[Any, str], Any]
    """The value of a JSON form (``path`` for messages)."""
    instance: Callable[[Any], bool] = lambda value: False
    """Whether a Python value is of this type (for unions of plain and special types)."""


def json_kind(value: object) -> str:
    """How a JSON value's type is named in messages.

    Examples:
        >>> json_kind(None), json_kind(3), json_kind([1]), json_kind(True)
        ('null', 'a number', 'a list', 'a boolean')
    """
    if value is None:
        return "null"
    names = {bool: "a boolean", int: "a number", float: "a number", str: "a string", list: "a list", dict: "an object"}
    return names.get(type(value), type(value).__name__)


def _union_args(hint: Any) -> tuple[Any, ...] | None:
    if typing.get_origin(hint) in (types.UnionType, typing.Union):
        return typing.get_args(hint)
    return None


_HINTS: dict[type, dict[str, Any]] = {}


def _hints(cls: type) -> dict[str, Any]:
    found = _HINTS.get(cls)
    if found is None:
        found = _HINTS[cls] = typing.get_type_hints(cls)
    return found


@attrs.frozen
class _ClassReader:
    """How an attrs class is read (made once per class by `Codec.decode_attrs`)."""

    names: frozenset[str]
    """The names of its ``__init__`` fields."""
    fields: tuple[tuple[str, str, bool, Callable[[Any, str], Any]], ...]
    """For each field: its name, its keyword, whether it must be given, and its reader."""


_FLAT_VALUES = 4096
"""The most values a `Codec` keeps by content (`Codec._flat_values`); the cache is emptied when full."""

_SCALAR_TYPES = frozenset({str, int, bool, type(None)})
"""The JSON types of the values `_flat_key` keys an object by."""


def _flat_key(cls: type, data: Mapping[Any, Any]) -> tuple[Any, ...] | None:
    """The content key of an object of scalars only, or ``None`` for one holding anything else.

    Each value is keyed with its exact type (``1`` and ``True`` differ); a float, a list or an
    object makes no key.

    Examples:
        >>> _flat_key(int, {"a": 1}) == _flat_key(int, {"a": True}), _flat_key(int, {"a": [1]})
        (False, None)
    """
    values = tuple(data.values())
    kinds = tuple(map(type, values))
    if not _SCALAR_TYPES.issuperset(kinds):
        return None
    return (cls, tuple(data), values, kinds)


@attrs.frozen
class Codec:
    """Writes and reads attrs values as JSON, with ``specials`` for the types that need them.

    Examples:
        >>> from rummylib.rules import Contract
        >>> codec = Codec(Limits())
        >>> codec.encode_attrs(Contract(sets=2, exact=True))["sets"]
        2
        >>> codec.decode_attrs({"runs": 3, "run_size": 5}, Contract, "contract")
        Contract(sets=0, runs=3, set_size=3, run_size=5, exact=False, whole_hand=False)
    """

    limits: Limits
    """The size limits of what is read."""
    specials: tuple[Special, ...] = ()
    """Types written in a form of their own, tried in order before the general rules."""
    float_from_int: bool = True
    """Whether an integer is accepted where a float is expected."""
    _found: dict[Any, Special | None] = attrs.field(factory=dict, init=False, repr=False, eq=False)
    """The special of each hint asked about so far (a state's hints are asked of thousands of times)."""
    _writers: dict[Any, Callable[[Any], Any]] = attrs.field(factory=dict, init=False, repr=False, eq=False)
    """The writer made for each hint so far (`_writer`): the hint is looked at once, not per value."""
    _readers: dict[Any, Callable[[Any, str], Any]] = attrs.field(factory=dict, init=False, repr=False, eq=False)
    """The reader made for each hint so far (`_reader`)."""
    _class_writers: dict[type, tuple[tuple[str, Callable[[Any], Any]], ...]] = attrs.field(
        factory=dict, init=False, repr=False, eq=False
    )
    """For each attrs class written so far: each ``__init__`` field's name and writer."""
    _class_readers: dict[type, _ClassReader] = attrs.field(factory=dict, init=False, repr=False, eq=False)
    """For each attrs class read so far: its fields, their readers and defaults."""
    _flat_values: dict[tuple[Any, ...], Any] = attrs.field(factory=dict, init=False, repr=False, eq=False)
    """Values read lately from objects of scalars only, by class and content (a bounded cache of
    `_FLAT_VALUES` entries): a save's records, sent back turn after turn, are read once each."""

    # --- writing ----------------------------------------------------------------------------
    def _special(self, hint: Any) -> Special | None:
        try:
            return self._found[hint]
        except KeyError:
            pass
        except TypeError:  # an unhashable hint: look it up every time
            return self._match(hint)
        found = self._found[hint] = self._match(hint)
        return found

    def _match(self, hint: Any) -> Special | None:
        for s in self.specials:
            if s.matches(hint):
                return s
        return None

    def encode(self, value: Any, hint: Any) -> Any:
        """The JSON form of ``value``, read as the annotation ``hint``."""
        return self._writer(hint)(value)

    def _writer(self, hint: Any) -> Callable[[Any], Any]:
        """The function that writes values of ``hint`` (made once per hint: the same as `_encode`)."""
        try:
            return self._writers[hint]
        except KeyError:
            pass
        except TypeError:  # an unhashable hint: the general walker each time
            return lambda value: self._encode(value, hint)
        found = self._writers[hint] = self._make_writer(hint)
        return found

    def _make_writer(self, hint: Any) -> Callable[[Any], Any]:
        special = self._special(hint)
        if special is not None:
            write_special = special.write
            return lambda value: None if value is None else write_special(value)
        args = _union_args(hint)
        if args is not None:
            tagged = len([a for a in args if attrs.has(a)]) > 1
            members = [a for a in args if a is not type(None)]

            def write_union(value: Any) -> Any:
                if value is None:
                    return None
                if tagged and attrs.has(type(value)):
                    return {"$type": type(value).__name__, **self.encode_attrs(value)}
                for a in members:
                    if self._fits(value, a):
                        return self._writer(a)(value)
                raise TypeError(f"cannot write {value!r} as {hint}")

            return write_union
        targs = typing.get_args(hint)
        fixed = targs if typing.get_origin(hint) is tuple and targs and targs[-1] is not Ellipsis else None
        inner = targs[0] if targs else Any
        inner_special = self._special(inner) if fixed is None else None
        plain = (bool, int, str, float)
        sequences = (tuple, list, frozenset)

        def write(value: Any) -> Any:
            if value is None:
                return None
            if isinstance(value, enum.Enum):
                return value.value
            if isinstance(value, plain):
                return value
            if isinstance(value, sequences):
                items = sorted(value) if isinstance(value, frozenset) else value
                if fixed is not None:
                    return [self._writer(t)(v) for v, t in zip(items, fixed, strict=True)]
                if inner_special is not None:  # (a table's melds, say): the special's writer, directly
                    write_item = inner_special.write
                    return [None if v is None else write_item(v) for v in items]
                each = self._writer(inner)
                return [each(v) for v in items]
            if attrs.has(type(value)):
                return self.encode_attrs(value)
            raise TypeError(f"cannot write a {type(value).__name__}")

        return write

    def _encode(self, value: Any, hint: Any) -> Any:
        """The general walker behind `encode` (unions, and hints that cannot be remembered)."""
        special = self._special(hint)
        if special is not None:
            return None if value is None else special.write(value)
        args = _union_args(hint)
        if args is not None:
            if value is None:
                return None
            classes = [a for a in args if attrs.has(a)]
            if attrs.has(type(value)) and len(classes) > 1:
                return {"$type": type(value).__name__, **self.encode_attrs(value)}
            for a in args:
                if a is not type(None) and self._fits(value, a):
                    return self.encode(value, a)
            raise TypeError(f"cannot write {value!r} as {hint}")
        if value is None:
            return None
        if isinstance(value, enum.Enum):
            return value.value
        if isinstance(value, bool | int | str | float):
            return value
        if isinstance(value, tuple | list | frozenset):
            items = sorted(value) if isinstance(value, frozenset) else value
            targs = typing.get_args(hint)
            if typing.get_origin(hint) is tuple and targs and targs[-1] is not Ellipsis:
                return [self.encode(v, t) for v, t in zip(items, targs, strict=True)]
            inner = targs[0] if targs else Any
            return [self.encode(v, inner) for v in items]
        if attrs.has(type(value)):
            return self.encode_attrs(value)
        raise TypeError(f"cannot write a {type(value).__name__}")

    def _fits(self, value: Any, hint: Any) -> bool:
        if hint is Any:
            return True
        special = self._special(hint)
        if special is not None:
            return special.instance(value)
        origin = typing.get_origin(hint) or hint
        if origin is Literal:
            return value in typing.get_args(hint)
        if origin is float:
            return isinstance(value, float | int) and not isinstance(value, bool)
        if origin is int:
            return isinstance(value, int) and not isinstance(value, bool)
        return isinstance(value, origin) if isinstance(origin, type) else False

    def encode_attrs(self, value: Any) -> dict[str, Any]:
        """The JSON object of an attrs value: every field its ``__init__`` takes."""
        cls = type(value)
        plan = self._class_writers.get(cls)
        if plan is None:
            hints = _hints(cls)
            plan = tuple((f.name, self._writer(hints[f.name])) for f in attrs.fields(cls) if f.init)
            self._class_writers[cls] = plan
        return {name: write(getattr(value, name)) for name, write in plan}

    # --- reading ----------------------------------------------------------------------------
    def decode(self, data: Any, hint: Any, path: str) -> Any:
        """The value of JSON ``data`` read as the annotation ``hint``.

        Raises:
            BadValue: ``data`` does not fit ``hint`` (or a size limit).
        """
        return self._reader(hint)(data, path)

    def _reader(self, hint: Any) -> Callable[[Any, str], Any]:
        """The function that reads JSON as ``hint`` (made once per hint: the same as `_decode`)."""
        try:
            return self._readers[hint]
        except KeyError:
            pass
        except TypeError:  # an unhashable hint: the general walker each time
            return lambda data, path: self._decode(data, hint, path)
        found = self._readers[hint] = self._make_reader(hint)
        return found

    def _make_reader(self, hint: Any) -> Callable[[Any, str], Any]:
        special = self._special(hint)
        if special is not None:
            read_special = special.read

            def read(data: Any, path: str) -> Any:
                try:
                    return read_special(data, path)
                except BadValue:
                    raise
                except (TypeError, ValueError) as exc:
                    raise BadValue(path, getattr(exc, "message", None) or str(exc)) from None

            return read
        args = _union_args(hint)
        if args is not None:
            return self._union_reader(hint, args)
        origin = typing.get_origin(hint)
        if origin in (tuple, frozenset) or hint in (tuple, frozenset):
            return self._sequence_reader(hint, origin)
        if isinstance(hint, type) and attrs.has(hint) and not issubclass(hint, enum.Enum):
            return lambda data, path: self.decode_attrs(data, hint, path)
        return self._scalar_reader(hint, origin)

    def _scalar_reader(self, hint: Any, origin: Any) -> Callable[[Any, str], Any]:
        """`_decode_plain` of ``hint``, with a quick path for a value that fits.

        Anything else, and so every refusal, goes the long way, with its words.
        """

        def plain(data: Any, path: str) -> Any:
            return self._decode_plain(data, hint, origin, path)

        if hint is int:
            top = self.limits.max_int

            def read_int(data: Any, path: str) -> Any:
                if type(data) is int and -top <= data <= top:
                    return data
                return plain(data, path)

            return read_int
        if hint is str:
            longest = self.limits.max_text

            def read_str(data: Any, path: str) -> Any:
                if type(data) is str and len(data) <= longest:
                    return data
                return plain(data, path)

            return read_str
        if hint is bool:
            return lambda data, path: data if type(data) is bool else plain(data, path)
        if isinstance(hint, type) and issubclass(hint, enum.Enum):
            by_text = {m.value: m for m in hint if type(m.value) is str}

            def read_enum(data: Any, path: str) -> Any:
                found = by_text.get(data) if type(data) is str else None
                return found if found is not None else plain(data, path)

            return read_enum
        return plain

    def _union_reader(self, hint: Any, args: tuple[Any, ...]) -> Callable[[Any, str], Any]:
        """`_decode` of a union, with its members sorted out once."""
        nullable = type(None) in args
        members = [a for a in args if a is not type(None)]
        if len([a for a in members if attrs.has(a)]) > 1:  # tagged objects: the general walker
            return lambda data, path: self._decode(data, hint, path)

        def read(data: Any, path: str) -> Any:
            if data is None and nullable:
                return None
            for m in members:
                if self._json_fits(data, m):
                    return self._reader(m)(data, path)
            if len(members) == 1:
                return self._reader(members[0])(data, path)
            raise _bad(path, f"a value of {hint}", data)

        return read

    def _sequence_reader(self, hint: Any, origin: Any) -> Callable[[Any, str], Any]:
        targs = typing.get_args(hint)
        as_tuple = origin is tuple or hint is tuple
        limit = self.limits.max_items

        def read(data: Any, path: str) -> Any:
            if not isinstance(data, list | tuple):
                raise _bad(path, "a list", data)
            if len(data) > limit:
                raise BadValue(
                    path,
                    f"a list of {len(data)} items is longer than the limit of {limit}",
                    expected=f"a list of at most {limit} items",
                    value=data,
                )
            if origin is tuple and targs and targs[-1] is not Ellipsis:
                if len(data) != len(targs):
                    raise _bad(path, f"a list of {len(targs)} items", data, found=f"{len(data)} items")
                return tuple(
                    self._reader(t)(v, f"{path}[{i}]") for i, (v, t) in enumerate(zip(data, targs, strict=True))
                )
            each = self._reader(targs[0] if targs else Any)
            try:  # read with the list's own path: an item's path is written only for an error
                items = [each(v, path) for v in data]
            except BadValue:
                for i, v in enumerate(data):
                    each(v, f"{path}[{i}]")  # the same refusal, now naming the item
                raise  # pragma: no cover - readers are pure: the item above raised again
            return tuple(items) if as_tuple else frozenset(items)

        return read

    def _decode(self, data: Any, hint: Any, path: str) -> Any:
        """The general walker behind `decode` (specials, unions, scalars, and hints not remembered)."""
        special = self._special(hint)
        if special is not None:
            try:
                return special.read(data, path)
            except BadValue:
                raise
            except (TypeError, ValueError) as exc:
                raise BadValue(path, getattr(exc, "message", None) or str(exc)) from None
        args = _union_args(hint)
        if args is not None:
            if data is None and type(None) in args:
                return None
            members = [a for a in args if a is not type(None)]
            classes = [a for a in members if attrs.has(a)]
            if len(classes) > 1:
                if not isinstance(data, dict) or not isinstance(data.get("$type"), str):
                    raise _bad(path, 'an object with a "$type"', data)
                chosen = [c for c in classes if c.__name__ == data["$type"]]
                if not chosen:
                    raise _bad(path, "a known type", data, found=repr(data["$type"][:40]))
                return self.decode({k: v for k, v in data.items() if k != "$type"}, chosen[0], path)
            for m in members:
                if self._json_fits(data, m):
                    return self.decode(data, m, path)
            if len(members) == 1:
                return self.decode(data, members[0], path)
            raise _bad(path, f"a value of {hint}", data)
        return self._decode_plain(data, hint, typing.get_origin(hint), path)

    def _decode_plain(self, data: Any, hint: Any, origin: Any, path: str) -> Any:
        """`_decode` of a hint that is neither special nor a union (``origin`` is its origin)."""
        if origin is Literal:
            literals = typing.get_args(hint)
            if data not in literals:
                raise _bad(path, "one of " + ", ".join(repr(a) for a in literals), data, found=repr(data)[:40])
            return data
        if hint is bool:
            if not isinstance(data, bool):
                raise _bad(path, "true or false", data)
            return data
        if hint is int:
            if isinstance(data, bool) or not isinstance(data, int):
                raise _bad(path, "an integer", data)
            if abs(data) > self.limits.max_int:
                raise BadValue(
                    path,
                    f"{_the_number(data)} is larger than any game value",
                    expected="a number no larger than any game value",
                    value=data,
                )
            return data
        if hint is float:
            kinds = (int, float) if self.float_from_int else (float,)
            if isinstance(data, bool) or not isinstance(data, kinds):
                raise _bad(path, "a finite number", data)
            if isinstance(data, float) and not math.isfinite(data):  # (an int is finite, however large)
                raise _bad(path, "a finite number", data)
            if abs(data) > self.limits.max_int:
                raise BadValue(
                    path,
                    f"{_the_number(data)} is larger than any game value",
                    expected="a number no larger than any game value",
                    value=data,
                )
            return float(data)
        if hint is str:
            if not isinstance(data, str):
                raise _bad(path, "a string", data)
            if len(data) > self.limits.max_text:
                raise BadValue(
                    path,
                    f"a string of {len(data)} characters is too long (the limit is {self.limits.max_text})",
                    expected=f"a string of at most {self.limits.max_text} characters",
                    value=data,
                )
            return data
        if isinstance(hint, type) and issubclass(hint, enum.Enum):
            try:
                return hint(data)
            except (ValueError, TypeError):
                allowed = ", ".join(repr(m.value) for m in hint)
                raise BadValue(
                    path, f"{repr(data)[:40]} is not one of {allowed}", expected=f"one of {allowed}", value=data
                ) from None
        if origin in (tuple, frozenset) or hint in (tuple, frozenset):
            if not isinstance(data, list | tuple):
                raise _bad(path, "a list", data)
            if len(data) > self.limits.max_items:
                raise BadValue(
                    path,
                    f"a list of {len(data)} items is longer than the limit of {self.limits.max_items}",
                    expected=f"a list of at most {self.limits.max_items} items",
                    value=data,
                )
            targs = typing.get_args(hint)
            if origin is tuple and targs and targs[-1] is not Ellipsis:
                if len(data) != len(targs):
                    raise _bad(path, f"a list of {len(targs)} items", data, found=f"{len(data)} items")
                return tuple(
                    self.decode(v, t, f"{path}[{i}]") for i, (v, t) in enumerate(zip(data, targs, strict=True))
                )
            inner = targs[0] if targs else Any
            items = [self.decode(v, inner, f"{path}[{i}]") for i, v in enumerate(data)]
            return tuple(items) if origin is tuple or hint is tuple else frozenset(items)
        if isinstance(hint, type) and attrs.has(hint):
            return self.decode_attrs(data, hint, path)
        raise _bad(path, f"a value of {hint}", data)  # pragma: no cover - every field type is handled

    def _json_fits(self, data: Any, hint: Any) -> bool:
        if hint is int:
            return isinstance(data, int) and not isinstance(data, bool)
        if hint is float:
            return isinstance(data, int | float) and not isinstance(data, bool)
        if hint is str:
            return isinstance(data, str)
        if hint is bool:
            return isinstance(data, bool)
        if isinstance(hint, type) and attrs.has(hint):
            return isinstance(data, dict)
        return True

    def decode_attrs(self, data: Any, cls: type, path: str, *, build: Callable[..., Any] | None = None) -> Any:
        """The attrs value of class ``cls`` a JSON object holds (every field checked, none unknown).

        ``build`` makes the value from the decoded fields (default: ``cls(**fields)``); an error
        the class raises on bad fields becomes a `BadValue`.

        Raises:
            BadValue: not an object, an unknown or missing field, or a field that does not fit.
        """
        if not isinstance(data, Mapping):
            raise _bad(path, f"an object for {cls.__name__}", data)
        key = _flat_key(cls, data) if build is None else None
        if key is not None:
            found = self._flat_values.get(key)
            if found is not None:
                return found
        value = self._decode_fields(data, cls, path, build)
        if key is not None:
            if len(self._flat_values) >= _FLAT_VALUES:
                self._flat_values.clear()
            self._flat_values[key] = value
        return value

    def _decode_fields(self, data: Mapping[Any, Any], cls: type, path: str, build: Callable[..., Any] | None) -> Any:
        """`decode_attrs` itself, without its cache."""
        plan = self._class_readers.get(cls)
        if plan is None:
            hints = _hints(cls)
            fields = [f for f in attrs.fields(cls) if f.init]
            plan = self._class_readers[cls] = _ClassReader(
                frozenset(f.name for f in fields),
                tuple(
                    (f.name, f.alias or f.name, f.default is attrs.NOTHING, self._reader(hints[f.name])) for f in fields
                ),
            )
        if not plan.names.issuperset(data):
            unknown = sorted(str(k) for k in set(data) - plan.names)
            raise BadValue(path, f"unknown field {unknown[0][:40]!r} for {cls.__name__}")
        kwargs: dict[str, Any] | None = None
        if len(data) == len(plan.fields):  # every field given: read at once, with the object's own path
            try:  # noqa: SIM105 - a context manager per object would cost more than the quick read saves
                kwargs = {alias: read(data[name], path) for name, alias, _, read in plan.fields}
            except BadValue:
                pass  # read again one by one below, for the words and the path of the refusal
        if kwargs is None:
            kwargs = {}
            for name, alias, required, read in plan.fields:
                if name not in data:
                    if required:
                        raise BadValue(path, f"missing field {name!r} of {cls.__name__}")
                    continue
                kwargs[alias] = read(data[name], f"{path}.{name}")
        try:
            return (build or cls)(**kwargs)
        except (TypeError, ValueError) as exc:
            raise BadValue(path, getattr(exc, "message", None) or f"not a valid {cls.__name__} ({exc})") from None
