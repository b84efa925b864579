"""The referee's hot bookkeeping on plain values (private; compiled).

`rummylib.indian.deal` asks these of every deal and every step: the shuffle of the pack, drawn
exactly as `random.Random.shuffle` draws it, and a copy of a deal with some fields changed, as
`attrs.evolve` makes it for a class whose fields have no validator nor converter.
"""

from __future__ import annotations

import random
from typing import Any, TypeVar

__all__ = ["evolve", "shuffle"]

_T = TypeVar("_T")


def shuffle(items: list[Any], rng: random.Random) -> None:
    """Shuffle ``items`` in place as ``rng.shuffle(items)`` does: the same draws, the same order.

    Each place from the last down swaps with one drawn below it by ``getrandbits``, retried while
    the draw is too large, as `random.Random._randbelow_with_getrandbits` draws (the caller checks
    once that this generator draws so).
    """
    getrandbits = rng.getrandbits
    i = len(items) - 1
    while i > 0:
        n = i + 1
        k = n.bit_length()
        r: int = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        items[i], items[r] = items[r], items[i]
        i -= 1


def evolve(inst: _T, names: tuple[str, ...], changes: dict[str, Any]) -> _T:
    """A copy of ``inst`` (a slotted attrs class) with ``changes``; ``names`` are all its fields.

    What ``attrs.evolve(inst, **changes)`` gives when no field validates nor converts (the caller
    checks that once): each field set as the class's own ``__init__`` sets it.
    """
    new: _T = object.__new__(type(inst))
    setter = object.__setattr__
    for name in names:
        setter(new, name, changes[name] if name in changes else getattr(inst, name))
    return new
