"""The error only Indian Rummy raises: a declaration that breaks its rules."""

from __future__ import annotations

from rummylib.errors import ErrorCode, IllegalPlayError

__all__ = [
    "InvalidDeclarationError",
]


class InvalidDeclarationError(IllegalPlayError):
    """An Indian Rummy declaration that breaks the rules; ``violations`` lists every problem.

    Examples:
        >>> from rummylib import INDIAN_RUMMY, InvalidDeclarationError, check_declaration
        >>> try:
        ...     check_declaration(["Ah 2h 3h"], rules=INDIAN_RUMMY)
        ... except InvalidDeclarationError as exc:
        ...     print(exc.code, [v.code for v in exc.violations])
        invalid-declaration ['declaration-size', 'too-few-sequences']
    """

    code = ErrorCode.INVALID_DECLARATION
