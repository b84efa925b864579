"""What the Indian Rummy referees of a deal and of a game share (private)."""

from __future__ import annotations

import functools

import attrs

from rummylib import _inputs
from rummylib._json import BadValue
from rummylib.cards import Card, Rank
from rummylib.errors import ErrorCode, RuleSetError, RummyError
from rummylib.indian.declarations import with_wild_joker
from rummylib.pieces import Piece
from rummylib.referee import STATE_CODEC
from rummylib.rules import RuleSet, ScoringScheme, find_ruleset


@functools.lru_cache(maxsize=256)
def deal_rules(rules: RuleSet, wild_card: Piece) -> RuleSet:
    """The rule set a deal plays under once ``wild_card`` is turned up, made once per rules and card.

    It is the very object a save of the deal reads its rules as (`_as_saved`), so that a deal
    dealt here and the same deal read from a save hold one rule set, which the caches keyed by a
    rule set (a hand's declarations, the deal a seed gives) find by identity instead of comparing
    every option.
    """
    if isinstance(wild_card, Card):
        return _rank_rules(rules, wild_card)
    return _as_saved(attrs.evolve(rules, wild_ranks=frozenset()))  # a printed joker: only the jokers are wild


_BY_RANK: dict[tuple[RuleSet, Rank], RuleSet] = {}
"""`_rank_rules` made so far (a bounded cache: cleared when full)."""


def _rank_rules(rules: RuleSet, card: Card) -> RuleSet:
    """`deal_rules` of a card turned up, made once per rank: the rules depend on its rank alone.

    `with_wild_joker` reads the first card of that rank asked for; any other of its rank gives
    equal rules. Thirteen rule sets to make, where one per card would be fifty-two.
    """
    key = (rules, card.rank)
    found = _BY_RANK.get(key)
    if found is None:
        if len(_BY_RANK) >= 256:
            _BY_RANK.clear()
        found = _BY_RANK[key] = _as_saved(with_wild_joker(card, rules=rules))
    return found


def _as_saved(rules: RuleSet) -> RuleSet:
    """The rule set a save of ``rules`` reads as (`rummylib.referee.STATE_CODEC`): equal, and one object.

    A save names the preset and the options that differ from it; they are found here without
    the codec's writer, whose cache would then hold this passing object, not the one kept.
    """
    try:
        preset = find_ruleset(rules.name).options()
        changed = {k: v for k, v in rules.options().items() if k not in preset or preset[k] != v}
        found: RuleSet = STATE_CODEC.decode({"game": rules.name, "options": changed}, RuleSet, "rules")
    except (BadValue, RummyError):  # a rule set no save names (not of a preset): itself
        return rules
    return found if found == rules else rules


def check_rules(rules: object) -> RuleSet:
    """The rule set, read as every function reads one; an error unless it plays Indian Rummy."""
    read = _inputs.ruleset(rules)
    if read.scoring is not ScoringScheme.INDIAN:
        raise RuleSetError(f"{read.title} is not Indian Rummy", code=ErrorCode.BAD_RULES)
    return read
