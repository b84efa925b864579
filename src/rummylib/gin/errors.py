"""The errors only Gin Rummy raises: hands it cannot judge, and knocks its rules do not allow."""

from __future__ import annotations

from rummylib.errors import ErrorCode, IllegalPlayError, RummyError

__all__ = [
    "GinInputError",
    "KnockError",
]


class GinInputError(RummyError, ValueError):
    """Gin hands that cannot be judged: a joker, a card twice, too many cards, a missing upcard.

    Examples:
        >>> from rummylib import GIN_RUMMY, GinInputError, deadwood
        >>> try:
        ...     deadwood("Ah Ah 2h", rules=GIN_RUMMY)
        ... except GinInputError as exc:
        ...     print(exc.code)
        bad-gin-hand
    """

    code = ErrorCode.BAD_GIN_HAND


class KnockError(IllegalPlayError):
    """A knock the rules do not allow: deadwood over the knock limit (or not gin under gin only).

    Its violation has the code ``knock-over-limit``.

    Examples:
        >>> from rummylib import GIN_RUMMY, KnockError, score_hand
        >>> try:
        ...     score_hand("Ah 2h 3h 7c 7d 7s 9c 10d Jh Kd", "2c 3c 4c 5d 6d 8d Qc Qd Qh Qs", rules=GIN_RUMMY)
        ... except KnockError as exc:
        ...     print(exc.code, exc.violations[0].code)
        knock-over-limit knock-over-limit
    """

    code = ErrorCode.KNOCK_OVER_LIMIT
