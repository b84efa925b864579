"""One spelling for the three forms of every check, with the same arguments in each form.

Things are *valid* (a meld, a declaration); moves are *legal* (a turn, a lay-down meeting a
contract, a lay-off, a joker swap, a knock). Each concept has ``X_violations`` (every problem),
``check_X`` (the value, or an error) and ``is_valid_X`` / ``is_legal_X`` (a bool), exported by the
package, taking exactly the same parameters, typed with the same input aliases.
"""

from __future__ import annotations

import importlib
import inspect
import typing

import pytest

import rummylib

CONCEPTS = {
    "meld": "is_valid",
    "declaration": "is_valid",
    "turn": "is_legal",
    "contract": "is_legal",
    "layoff": "is_legal",
    "substitution": "is_legal",
    "knock": "is_legal",
}


def _forms(concept: str) -> tuple[str, str, str]:
    return f"{concept}_violations", f"check_{concept}", f"{CONCEPTS[concept]}_{concept}"


@pytest.mark.parametrize("concept", sorted(CONCEPTS))
def test_every_concept_has_its_three_forms_at_the_top(concept: str) -> None:
    for name in _forms(concept):
        assert name in rummylib.__all__, f"rummylib does not export {name}"
        function = getattr(rummylib, name)
        assert callable(function) and not hasattr(function, "__deprecated__")


@pytest.mark.parametrize("concept", sorted(CONCEPTS))
def test_the_three_forms_take_the_same_arguments_with_the_same_types(concept: str) -> None:
    violations, check, yes_no = (getattr(rummylib, name) for name in _forms(concept))
    expected = inspect.signature(violations).parameters
    for function in (check, yes_no):
        parameters = inspect.signature(function).parameters
        assert list(parameters) == list(expected), function.__name__
        for name, parameter in parameters.items():
            assert parameter.kind == expected[name].kind and parameter.default == expected[name].default, (
                f"{function.__name__}({name})"
            )
        hints, wanted = typing.get_type_hints(function), typing.get_type_hints(violations)
        assert {k: v for k, v in hints.items() if k != "return"} == {k: v for k, v in wanted.items() if k != "return"}
    assert typing.get_type_hints(yes_no)["return"] is bool


SEARCHES = {"can_play"}
"""Yes-or-no answers of a search, not checks of a given thing or move: `can_play` looks for any play
of the tiles (as `find_contract` looks for a meld-down), so it has no violations form to go with."""


def test_no_yes_or_no_form_is_spelled_another_way() -> None:
    odd = [
        name
        for name in rummylib.__all__
        if name.startswith(("can_", "is_")) and not name.startswith(("is_valid_", "is_legal_")) and name not in SEARCHES
    ] + [name for name in rummylib.__all__ if name.endswith("_met")]
    assert not odd, f"yes-or-no checks spelled neither is_valid_ nor is_legal_: {odd}"


@pytest.mark.parametrize(
    ("alias", "where"),
    [("PiecesLike", "rummylib.pieces"), ("MeldLike", "rummylib.melds"), ("MeldsLike", "rummylib.table")],
)
def test_the_input_aliases_live_in_the_core(alias: str, where: str) -> None:
    assert getattr(rummylib, alias) is getattr(importlib.import_module(where), alias)


def test_hands_and_melds_are_typed_with_the_aliases() -> None:
    hints = typing.get_type_hints
    pieces_like, melds_like = rummylib.PiecesLike, rummylib.MeldsLike
    assert hints(rummylib.contract_violations)["hand"] == pieces_like | None
    assert hints(rummylib.contract_violations)["melds"] == melds_like
    assert hints(rummylib.declaration_violations)["melds"] == melds_like
    assert hints(rummylib.knock_violations)["hand"] == pieces_like
    assert hints(rummylib.layoff_violations)["cards"] == pieces_like
    assert hints(rummylib.turn_violations)["rack"] == pieces_like
    assert hints(rummylib.meld_violations)["meld"] == rummylib.MeldLike
