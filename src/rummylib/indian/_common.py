"""What the Indian Rummy referees of a deal and of a game share (private)."""

from __future__ import annotations

import attrs

from rummylib import _inputs
from rummylib.cards import Card
from rummylib.errors import ErrorCode, RuleSetError
from rummylib.indian.declarations import with_wild_joker
from rummylib.pieces import Piece
from rummylib.rules import RuleSet, ScoringScheme


def deal_rules(rules: RuleSet, wild_card: Piece) -> RuleSet:
    """The rule set a deal plays under once ``wild_card`` is turned up."""
    if isinstance(wild_card, Card):
        return with_wild_joker(wild_card, rules=rules)
    return attrs.evolve(rules, wild_ranks=frozenset())  # a printed joker: only the jokers are wild


def check_rules(rules: object) -> RuleSet:
    """The rule set, read as every function reads one; an error unless it plays Indian Rummy."""
    read = _inputs.ruleset(rules)
    if read.scoring is not ScoringScheme.INDIAN:
        raise RuleSetError(f"{read.title} is not Indian Rummy", code=ErrorCode.BAD_RULES)
    return read


def is_seat(value: object, players: int) -> bool:
    """Whether ``value`` is a seat (a whole number, not a bool) at a table of ``players``."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < players
