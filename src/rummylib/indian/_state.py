"""The referee's hot bookkeeping on plain values (private; compiled).

`rummylib.indian.deal` asks this of every deal: the shuffle of the pack, drawn
exactly as `random.Random.shuffle` draws it.
"""

from __future__ import annotations

import random
from typing import Any

__all__ = ["shuffle"]


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
