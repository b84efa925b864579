"""How an old public name keeps working for a while after a rename: the compatibility policy's tools.

Two tools, one per kind of name (the policy is in ``docs/compatibility.md``):

* `deprecated`, PEP 702's decorator, for a function kept under its old name: calling it warns with
  a `DeprecationWarning`, and type checkers (mypy, pyright) flag every use, because they read the
  decorator from ``typing_extensions``' stubs. At run time it is a small equivalent of
  `warnings.deprecated` that also wraps compiled functions (``typing_extensions`` is not a dependency).
* `DeprecatedAttributes`, a module-level ``__getattr__`` for a constant kept under its old name:
  reading it warns. Type checkers cannot see this one; the changelog and the reference say it.

`renamed` and `withdrawn` write the sentence every warning says, so that they all read alike
("OLD is deprecated since rummylib 0.1.0 and will be removed in 0.3.0: use NEW"). Type checkers read
``@deprecated``'s message only when it is a string literal, so a decorator spells that sentence
out; a test holds every one of them to it.

Examples:
    >>> import warnings
    >>> @deprecated("old_sum is deprecated since rummylib 0.1.0 and will be removed in 0.3.0: use new_sum")
    ... def old_sum(a: int, b: int) -> int:
    ...     return a + b
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     old_sum(1, 2)
    3
    >>> print(caught[0].category.__name__, caught[0].message)
    DeprecationWarning old_sum is deprecated since rummylib 0.1.0 and will be removed in 0.3.0: use new_sum
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import warnings
from collections.abc import Callable, Iterable, Mapping, MutableMapping
from types import ModuleType
from typing import TYPE_CHECKING, Any

__all__ = ["DeprecatedAttributes", "LazyAttributes", "deprecated", "renamed", "withdrawn"]

if TYPE_CHECKING:  # the stubs type checkers know: they flag every use of a name so decorated
    from typing_extensions import deprecated
else:
    # Not `warnings.deprecated` on 3.13 either: it sets ``__deprecated__`` on the function it wraps,
    # which a function of the compiled build (a C function) cannot take.

    class deprecated:  # the name PEP 702 gives it
        """PEP 702's ``@deprecated`` for functions, as `warnings.deprecated` (Python 3.13) does it.

        Calling the decorated function warns with ``category`` (a `DeprecationWarning` unless told),
        pointing at the caller; its ``__deprecated__`` holds the message, as PEP 702 says.
        """

        def __init__(
            self, message: str, /, *, category: type[Warning] | None = DeprecationWarning, stacklevel: int = 1
        ) -> None:
            if not isinstance(message, str):
                raise TypeError(f"expected the deprecation message as a str, not {type(message).__name__}")
            self.message = message
            self.category = category
            self.stacklevel = stacklevel

        def __call__(self, arg: Callable[..., Any], /) -> Callable[..., Any]:
            message, category, stacklevel = self.message, self.category, self.stacklevel
            if isinstance(arg, type) or not callable(arg):
                raise TypeError(f"rummylib's @deprecated takes a function, not {arg!r}")
            if category is None:
                with contextlib.suppress(AttributeError, TypeError):  # a compiled function takes no attribute
                    arg.__deprecated__ = message  # type: ignore[attr-defined]
                return arg

            @functools.wraps(arg)
            def wrapper(*args: Any, **kwargs: Any) -> Any:
                warnings.warn(message, category=category, stacklevel=stacklevel + 1)
                return arg(*args, **kwargs)

            wrapper.__deprecated__ = message  # type: ignore[attr-defined]
            with contextlib.suppress(AttributeError, TypeError):  # a compiled function takes no attribute
                arg.__deprecated__ = message  # type: ignore[attr-defined]
            return wrapper


def renamed(old: str, new: str, *, since: str, removed_in: str) -> str:
    """The sentence a deprecated name warns with: what it is now called, and when it goes.

    Args:
        old: The old name.
        new: The name to use instead, or a few words saying what to do instead.
        since: The release that deprecated it.
        removed_in: The first release without it (two minor releases later at the earliest).

    Returns:
        The warning's message.

    Examples:
        >>> renamed("lay_off", "check_layoff", since="0.1.0", removed_in="0.3.0")
        'lay_off is deprecated since rummylib 0.1.0 and will be removed in 0.3.0: use check_layoff'
    """
    return withdrawn(old, f"use {new}", since=since, removed_in=removed_in)


def withdrawn(old: str, why: str, *, since: str, removed_in: str) -> str:
    """The sentence a deprecated name with no successor warns with: why it is no longer needed.

    Args:
        old: The old name.
        why: Why nothing replaces it, in a few words.
        since: The release that deprecated it.
        removed_in: The first release without it.

    Returns:
        The warning's message.

    Examples:
        >>> withdrawn("PLAN_BUDGET", "nothing reads it", since="0.1.0", removed_in="0.3.0")
        'PLAN_BUDGET is deprecated since rummylib 0.1.0 and will be removed in 0.3.0: nothing reads it'
    """
    return f"{old} is deprecated since rummylib {since} and will be removed in {removed_in}: {why}"


class DeprecatedAttributes:
    """A module's ``__getattr__`` that still hands out old names, each with a `DeprecationWarning`.

    Assign one to ``__getattr__`` at the end of the module; the old names must no longer be defined
    there (Python asks ``__getattr__`` only for names it does not find) nor listed in ``__all__``.
    Declare them under ``if TYPE_CHECKING:`` so that type checkers still know their types.

    Args:
        module: The module's name, for the `AttributeError` of any other missing name.
        names: Each old name, with its value and the warning's message.

    Examples:
        >>> import warnings
        >>> getattr_ = DeprecatedAttributes("mymodule", {"OLD": (1, "OLD is deprecated: use NEW")})
        >>> getattr_.names
        ('OLD',)
        >>> with warnings.catch_warnings(record=True) as caught:
        ...     warnings.simplefilter("always")
        ...     getattr_("OLD")
        1
        >>> str(caught[0].message)
        'OLD is deprecated: use NEW'
        >>> getattr_("OTHER")
        Traceback (most recent call last):
        ...
        AttributeError: module 'mymodule' has no attribute 'OTHER'
    """

    __slots__ = ("_table", "module")

    def __init__(self, module: str, names: Mapping[str, tuple[object, str]]) -> None:
        self.module = module
        self._table = dict(names)

    @property
    def names(self) -> tuple[str, ...]:
        """The old names it hands out."""
        return tuple(self._table)

    def message(self, name: str) -> str:
        """The warning an old name is read with."""
        return self._table[name][1]

    def __call__(self, name: str) -> object:
        try:
            value, message = self._table[name]
        except KeyError:
            raise AttributeError(f"module {self.module!r} has no attribute {name!r}") from None
        warnings.warn(message, DeprecationWarning, stacklevel=2)
        return value

    def __repr__(self) -> str:
        return f"DeprecatedAttributes({self.module!r}, names={self.names!r})"


class LazyAttributes(DeprecatedAttributes):
    """A game package's ``__getattr__`` (PEP 562) that imports its modules the first time a name of theirs is read.

    ``from rummylib.contracts import check_layoff`` then loads `rummylib.contracts.layoffs` alone,
    not the referees: a ``rummylib batch`` worker answers its first request sooner. Each name read
    is kept in the package's namespace, so it is found directly from then on. A submodule's name
    (``rummylib.contracts.round``) imports that submodule; the old names (``deprecated``) are handed
    out with a `DeprecationWarning`, as `DeprecatedAttributes` does. Declare the lazy names under
    ``if TYPE_CHECKING:`` so that type checkers still see them (``tests/architecture/test_exports.py``
    writes that block from the table and holds the two equal), assign the instance's ``dir`` to
    the package's ``__dir__``, both under ``if not TYPE_CHECKING:``: a type checker then flags a
    name the package does not have. The package's ``__all__`` is `public_names`, written the first
    time it is read.

    Args:
        namespace: The package's ``globals()``.
        lazy: Each module (a dotted name) with the names read from it on first use.
        deprecated: Each old name, with its value and the warning's message.

    Examples:
        >>> namespace = {"__name__": "rummylib"}
        >>> getattr_ = LazyAttributes(namespace, {"rummylib.cards": ("Card",)})
        >>> getattr_("Card").__name__, "Card" in namespace
        ('Card', True)
        >>> getattr_("tiles").__name__
        'rummylib.tiles'
        >>> getattr_("Tile")
        Traceback (most recent call last):
        ...
        AttributeError: module 'rummylib' has no attribute 'Tile'
    """

    __slots__ = ("_lazy", "_namespace")

    def __init__(
        self,
        namespace: MutableMapping[str, object],
        lazy: Mapping[str, Iterable[str]],
        deprecated: Mapping[str, tuple[object, str]] | None = None,
    ) -> None:
        super().__init__(str(namespace["__name__"]), deprecated or {})
        self._namespace = namespace
        self._lazy = {name: module for module, names in lazy.items() for name in names}

    @property
    def lazy_names(self) -> dict[str, str]:
        """Each name loaded on first use, with the module it is read from."""
        return dict(self._lazy)

    def __call__(self, name: str) -> object:
        if name == "__all__":  # written on first read: `import rummylib` does not pay for it
            names = self._namespace["__all__"] = self.public_names()
            return names
        module = self._lazy.get(name)
        if module is not None:
            # lazy: the game's modules load with their first name read (cold start of a batch worker)
            value = getattr(importlib.import_module(module), name)
            self._namespace[name] = value
            return value
        if name in self._table:
            value, message = self._table[name]
            warnings.warn(message, DeprecationWarning, stacklevel=2)
            return value
        if not name.startswith("__"):
            try:
                return importlib.import_module(f"{self.module}.{name}")  # a submodule, as before it loaded late
            except ModuleNotFoundError as exc:
                if exc.name != f"{self.module}.{name}":
                    raise
        raise AttributeError(f"module {self.module!r} has no attribute {name!r}")

    def public_names(self) -> list[str]:
        """The package's ``__all__``: its own public names (modules aside) and the names loaded on first use.

        The package's ``__getattr__`` answers ``__all__`` with it the first time ``__all__`` is read
        (``from package import *`` included), and keeps it.

        A package so written names each export once: an eager name in its import (``from m import
        X as X``, an explicit re-export for type checkers), a late one in the table given here.

        Examples:
            >>> import types
            >>> namespace = {"__name__": "pkg", "Card": object(), "_helper": 1, "cards": types.ModuleType("cards")}
            >>> LazyAttributes(namespace, {"rummylib.tiles": ("Tile",)}).public_names()
            ['Card', 'Tile']
        """
        own = (name for name, value in self._namespace.items() if not isinstance(value, ModuleType))
        return sorted({name for name in own if not name.startswith("_") or name == "__version__"} | set(self._lazy))

    def dir(self) -> list[str]:
        """The package's names, those not loaded yet included (its ``__dir__``)."""
        return sorted(set(self._namespace) | set(self._lazy))

    def __repr__(self) -> str:
        return f"LazyAttributes({self.module!r}, lazy={len(self._lazy)}, names={self.names!r})"
