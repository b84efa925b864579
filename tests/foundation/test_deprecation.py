"""After a release, old names keep working for a while, with a warning that names the new one.

The policy is docs/compatibility.md. 0.1.0 itself has no deprecated name: the names renamed while it
was being made were never published, and are gone. Every deprecated name of the package is found
here, not listed by hand: a function decorated with
PEP 702's ``@deprecated`` (it has ``__deprecated__``) and a constant handed out by a module's
`DeprecatedAttributes`. Each one must warn where it is used, be out of ``__all__``, be flagged by
mypy (functions), and be listed in the changelog with what replaces it.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

import rummylib
from rummylib._deprecation import DeprecatedAttributes, deprecated, renamed, withdrawn

ROOT = Path(__file__).resolve().parents[2]
CHANGELOG = (ROOT / "docs" / "changelog.md").read_text(encoding="utf-8")


def _modules() -> Iterator[str]:
    yield "rummylib"
    for info in pkgutil.walk_packages(rummylib.__path__, "rummylib."):
        try:
            importlib.import_module(info.name)
        except ImportError:  # a module of an extra that is not installed (Ray; the agents extra)
            continue
        yield info.name


def deprecated_functions() -> dict[str, object]:
    """Every function kept under an old name, by its dotted name where it is defined."""
    found: dict[str, object] = {}
    for module in _modules():
        for name, value in vars(importlib.import_module(module)).items():
            if callable(value) and isinstance(getattr(value, "__deprecated__", None), str):
                found.setdefault(f"{value.__module__}.{name}", value)
    return found


def deprecated_constants() -> dict[str, DeprecatedAttributes]:
    """Every constant kept under an old name, by its dotted name in each module that hands it out."""
    found: dict[str, DeprecatedAttributes] = {}
    for module in _modules():
        getattr_ = vars(importlib.import_module(module)).get("__getattr__")
        if isinstance(getattr_, DeprecatedAttributes):
            found.update({f"{module}.{name}": getattr_ for name in getattr_.names})
    return found


# ------------------------------------------------------------------------------------------
# The machinery
# ------------------------------------------------------------------------------------------


def test_a_deprecated_function_warns_at_its_caller_and_still_answers() -> None:
    @deprecated(renamed("old_add", "new_add", since="0.1.0", removed_in="0.3.0"))
    def old_add(a: int, b: int) -> int:
        """Add."""
        return a + b

    with pytest.warns(DeprecationWarning, match=r"^old_add is deprecated since rummylib 0\.1\.0 .* use new_add$") as w:
        assert old_add(2, 3) == 5
    assert w[0].filename == __file__  # the warning points at the caller, not at the machinery
    assert old_add.__deprecated__ == renamed("old_add", "new_add", since="0.1.0", removed_in="0.3.0")  # type: ignore[attr-defined]
    assert old_add.__name__ == "old_add" and old_add.__doc__ == "Add."


def test_a_deprecated_function_without_a_category_does_not_warn() -> None:
    @deprecated("quiet", category=None)
    def quiet() -> int:
        return 1

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert quiet() == 1
    assert quiet.__deprecated__ == "quiet"  # type: ignore[attr-defined]


def test_the_message_must_be_text() -> None:
    with pytest.raises(TypeError):
        deprecated(42)  # type: ignore[arg-type]


def test_deprecated_attributes_warn_and_other_names_are_missing_as_usual() -> None:
    getattr_ = DeprecatedAttributes(
        "somewhere", {"OLD": (7, withdrawn("OLD", "not needed", since="0.1.0", removed_in="0.3.0"))}
    )
    with pytest.warns(DeprecationWarning, match="OLD is deprecated") as w:
        assert getattr_("OLD") == 7
    assert w[0].filename == __file__
    with pytest.raises(AttributeError, match="module 'somewhere' has no attribute 'NEW'"):
        getattr_("NEW")


# ------------------------------------------------------------------------------------------
# Every deprecated name of the package
# ------------------------------------------------------------------------------------------


RENAMED_BEFORE_THE_RELEASE = {
    "rummylib": ("is_contract_met", "lay_off", "substitute_joker", "can_knock", "HandLike", "PLAN_BUDGET"),
    "rummylib.contracts": ("is_contract_met", "lay_off", "substitute_joker", "HandLike", "PLAN_BUDGET", "MeldsLike"),
    "rummylib.contracts.layoffs": ("lay_off", "substitute_joker"),
    "rummylib.contracts.meld_down": ("is_contract_met", "HandLike"),
    "rummylib.contracts.round": ("PLAN_BUDGET",),
    "rummylib.gin": ("can_knock",),
    "rummylib.gin.deadwood": ("can_knock",),
    "rummylib.rummikub.solver": ("PiecesLike",),
}


def test_the_names_renamed_before_the_release_are_gone_and_listed_in_the_changelog() -> None:
    renamed_section = CHANGELOG.split("### Renamed before the release", 1)[1].split("\n#", 1)[0]
    for module, names in RENAMED_BEFORE_THE_RELEASE.items():
        loaded = importlib.import_module(module)
        for name in names:
            with warnings.catch_warnings():
                warnings.simplefilter("error")  # gone, not handed out with a warning
                assert not hasattr(loaded, name), f"{module}.{name} is still there"
            assert f"`{name}`" in renamed_section or f"{module}.{name}`" in renamed_section, name
    assert "### Deprecated" not in CHANGELOG.split("\n## ", 2)[1], "0.1.0 deprecates nothing: it was never published"
    assert not deprecated_functions() and not deprecated_constants(), "0.1.0 ships no deprecated name"


def test_no_deprecated_name_is_in_an_all_list() -> None:
    for dotted in [*deprecated_functions(), *deprecated_constants()]:
        module, _, name = dotted.rpartition(".")
        for other in _modules():
            exported = getattr(importlib.import_module(other), "__all__", ())
            if name in exported:
                value = getattr(importlib.import_module(other), name)
                assert not isinstance(getattr(value, "__deprecated__", None), str), f"{other}.__all__ lists {name}"
        assert name not in getattr(importlib.import_module(module), "__all__", ()), f"{module}.__all__ lists {name}"


def test_every_deprecated_name_says_when_it_goes_and_is_in_the_changelog() -> None:
    messages = {name: str(f.__deprecated__) for name, f in deprecated_functions().items()}
    messages |= {name: table.message(name.rpartition(".")[2]) for name, table in deprecated_constants().items()}
    for dotted, message in messages.items():
        old = dotted.rpartition(".")[2]
        assert re.match(
            rf"{old} is deprecated since rummylib \d+\.\d+\.\d+ and will be removed in \d+\.\d+\.\d+: ", message
        )
        deprecations = CHANGELOG.split("### Deprecated", 1)[1].split("\n#", 1)[0]  # the release's section
        assert f"`{old}`" in deprecations, f"the changelog's Deprecated section does not list {old}"
        if ": use " in message:
            new = message.rsplit(": use ", 1)[1]
            assert f"`{old}` → `{new}`" in deprecations, f"the changelog does not say {old} became {new}"


def test_every_deprecated_function_warns_when_called() -> None:
    for dotted, function in deprecated_functions().items():
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            try:
                function()  # type: ignore[operator]  # the arguments are wrong: the warning comes first
            except (TypeError, rummylib.RummyError):
                pass
        assert [w.category for w in caught][:1] == [DeprecationWarning], dotted


def test_type_checkers_see_the_deprecated_functions(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("MYPYPATH", str(ROOT / "src"))  # this checkout's rummylib, not an installed one
    functions = deprecated_functions()
    if not functions:
        pytest.skip("no deprecated function today")
    mypy = pytest.importorskip("mypy.api")
    lines = [f"from {name.rpartition('.')[0]} import {name.rpartition('.')[2]}" for name in functions]  # a use of each
    (tmp_path / "uses.py").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (tmp_path / "mypy.ini").write_text("[mypy]\nenable_error_code = deprecated\n", encoding="utf-8")
    stdout, _, _ = mypy.run(
        [
            "--no-incremental",
            "--follow-imports=silent",
            "--config-file",
            str(tmp_path / "mypy.ini"),
            str(tmp_path / "uses.py"),
        ]
    )
    flagged = re.findall(r"error: function (\S+) is deprecated", stdout)
    assert sorted(set(flagged)) == sorted(functions), stdout


def test_a_warning_of_a_deprecated_name_is_an_error_under_the_test_suite() -> None:
    # filterwarnings = ["error"]: a test (or a doctest) of ours that still uses an old name fails
    @deprecated(renamed("old_name", "new_name", since="0.2.0", removed_in="0.4.0"))
    def old_name() -> int:
        return 1

    with pytest.raises(DeprecationWarning, match="old_name is deprecated"):
        old_name()
