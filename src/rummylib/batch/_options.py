"""What both readers of ``rummylib batch``'s options share: `read_seconds`.

`rummylib.batch.command` reads a worker's usual arguments itself and `rummylib.batch.arguments`
(`argparse`) reads the rest; both read ``--max-seconds`` with `read_seconds`, from here, so that
neither imports the other (`rummylib.batch.command` re-exports it).

Examples:
    >>> read_seconds("2.5")
    2.5
"""

from __future__ import annotations

import math

__all__ = ["read_seconds"]


def read_seconds(text: str) -> float | None:
    """A ``--max-seconds`` value: a positive, finite number of seconds, or None if ``text`` is not one.

    Examples:
        >>> read_seconds("2.5"), read_seconds("0"), read_seconds("inf"), read_seconds("soon")
        (2.5, None, None, None)
    """
    try:
        value = float(text)
    except ValueError:
        return None
    return value if math.isfinite(value) and value > 0 else None
