"""Copies of the referees' own frozen states with some fields changed (private).

A referee's step builds its next state from one it made itself, so the fields need no checking
again. `field_copier` writes, once per class, a function that sets each field as given or as it
was: what ``attrs.evolve`` gives for a class whose fields neither validate nor convert, without
its generic loop. The function is written out per field, as attrs writes ``__init__``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import attrs

__all__ = ["field_copier"]

_T = TypeVar("_T")


def field_copier(cls: type[_T], finish: Callable[[_T], None] | None = None) -> Callable[..., _T]:
    """A function ``copy(state, **changes)`` giving ``attrs.evolve(state, **changes)`` for ``cls``.

    ``finish`` does, on the new object, what the class's ``__attrs_post_init__`` does. A class
    whose fields validate, convert or are renamed, or that has a post-init and no ``finish``, gets
    ``attrs.evolve`` itself.

        >>> @attrs.frozen
        ... class P:
        ...     x: int
        ...     y: int
        >>> field_copier(P)(P(1, 2), y=5)
        P(x=1, y=5)
    """
    fields = attrs.fields(cls)  # type: ignore[arg-type]  # an attrs class, as every caller's
    plain = all(a.init and a.alias == a.name and a.validator is None and a.converter is None for a in fields)
    if not plain or (finish is None and hasattr(cls, "__attrs_post_init__")):
        return attrs.evolve
    names = [a.name for a in fields]
    params = ", ".join(f"{n}=_KEEP" for n in names)
    body = "".join(f"    _set(new, {n!r}, state.{n} if {n} is _KEEP else {n})\n" for n in names)
    tail = "    _finish(new)\n" if finish is not None else ""
    source = f"def copy(state, *, {params}):\n    new = _new(_cls)\n{body}{tail}    return new\n"
    scope: dict[str, Any] = {"_KEEP": object(), "_new": object.__new__, "_cls": cls, "_set": object.__setattr__}
    scope["_finish"] = finish
    exec(compile(source, f"<{cls.__name__} copy>", "exec"), scope)  # our own source, as attrs writes __init__
    made: Callable[..., _T] = scope["copy"]
    return made
