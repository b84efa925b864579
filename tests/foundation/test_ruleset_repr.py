"""``repr`` of a rule set is short and eval-able (docs/explanation/design.md, "Rule sets are data"): its preset and the options it changes.

``repr(RUMMIKUB)`` used to list all 60 fields (1,479 characters).
"""

from __future__ import annotations

import attrs
import pytest

from rummylib import CONTRACT_RUMMY, INDIAN_RUMMY, PRESETS, RUMMIKUB, SHANGHAI, RuleSet, find_ruleset
from rummylib.cards import Rank
from rummylib.pieces import Family
from rummylib.rules import JokerPolicy, JokerRetrieval, JokerSwap, ScoringScheme
from rummylib.tiles import Color

NAMES = {
    "find_ruleset": find_ruleset,
    "RuleSet": RuleSet,
    "Family": Family,
    "ScoringScheme": ScoringScheme,
    "Color": Color,
    "JokerPolicy": JokerPolicy,
    "JokerRetrieval": JokerRetrieval,
    "JokerSwap": JokerSwap,
    "Rank": Rank,
}


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_a_preset_is_its_name(name: str) -> None:
    assert repr(PRESETS[name]) == f"find_ruleset({name!r})"


HOUSE_RULES = [
    SHANGHAI.with_options({"joker_ratio": True}),
    SHANGHAI.with_options({"min_run": 4, "go_out_by_discard": False, "max_buys": 3}),
    RUMMIKUB.with_options({"joker_penalty": 50, "joker_retrieval": "replace", "initial_meld_points": 25}),
    CONTRACT_RUMMY.with_options({"deuces_wild": True, "jokers": "all"}),
    INDIAN_RUMMY.with_options({"wild_ranks": ["5"]}),
]


@pytest.mark.parametrize("rules", HOUSE_RULES, ids=repr)
def test_house_rules_are_the_preset_and_the_changed_options(rules: RuleSet) -> None:
    text = repr(rules)
    assert text.startswith(f"find_ruleset({rules.name!r}).with_options({{")
    assert len(text) < 160
    assert eval(text, dict(NAMES)) == rules  # our own text, read back


def test_the_example_of_the_issue() -> None:
    assert (
        repr(SHANGHAI.with_options({"joker_ratio": True}))
        == "find_ruleset('shanghai').with_options({'joker_ratio': True})"
    )


def test_a_rule_set_of_no_preset_names_its_own_fields() -> None:
    mine = RuleSet(
        name="three_colours",
        title="Three colours",
        family=Family.TILES,
        scoring=ScoringScheme.RACK,
        colors=(Color.RED, Color.BLUE, Color.BLACK),
        group_max=3,
    )
    text = repr(mine)
    assert text.startswith("RuleSet(name='three_colours', title='Three colours', family=Family.TILES")
    assert eval(text, dict(NAMES)) == mine
    retitled = attrs.evolve(RUMMIKUB, title="Rummikub at home")  # a fixed field changed: no with_options form
    assert eval(repr(retitled), dict(NAMES)) == retitled
    wild = attrs.evolve(INDIAN_RUMMY.with_options({"wild_ranks": ["5", "Q"]}), title="Fives and queens")
    assert "frozenset({Rank." in repr(wild)
    assert eval(repr(wild), dict(NAMES)) == wild
