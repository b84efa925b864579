"""Gin Rummy deadwood and knocking: the least deadwood of a hand, and who may knock.

A hand's **deadwood** is the value of the cards in no meld, taken over the best way of splitting
the hand into disjoint melds (exact; the ace is low only under `GIN_RUMMY`, as every meld rule
here comes from the rule set). `deadwood` gives the number with the melds that reach it;
`deadwood_value` the number alone, faster (no meld is built).

A player may knock with deadwood of ``knock_limit`` or less (10); with 0 it is gin. A knock is
judged in the three forms of every check: `knock_violations` (every problem), `check_knock` (the
deadwood, or `KnockError`) and `is_legal_knock` (a ``bool``).

Examples:
    >>> from rummylib import GIN_RUMMY, parse_pieces
    >>> r = deadwood(parse_pieces("Ah 2h 3h 7c 7d 7s 9c 10d Jh Kd"), rules=GIN_RUMMY)
    >>> r.deadwood, [str(m) for m in r.melds]
    (39, ['7c 7d 7s', 'Ah 2h 3h'])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs

from rummylib import _inputs
from rummylib.cards import Card, Rank, Suit
from rummylib.errors import RuleId, Violation
from rummylib.gin._engine import (
    MAX_GIN_HAND,
    Tables,
    least_state,
    least_value,
    min_deadwood,
    min_deadwood_after_discard,
    parts_of_state,
    read_hand,
    state_packed,
    tables_for,
)
from rummylib.gin.errors import GinInputError, KnockError
from rummylib.melds import Meld
from rummylib.pieces import PieceLike, PiecesLike
from rummylib.rules import RuleSet
from rummylib.tiles import Drawable

__all__ = [
    "MAX_GIN_HAND",
    "DeadwoodResult",
    "check_knock",
    "deadwood",
    "deadwood_value",
    "hand_multiplier",
    "is_legal_knock",
    "knock_limit",
    "knock_violations",
]


class _Parts(Drawable):
    """A private slot under `DeadwoodResult`: the engine's state of a result built by `deadwood`."""

    __slots__ = ("_state",)


@attrs.frozen
class DeadwoodResult(_Parts):
    """The least deadwood of a Gin hand and one way of melding that reaches it.

    For an 11-card hand (after the draw) the result is for the ten cards kept after the best
    discard, and ``discard`` names that card.

    Examples:
        >>> from rummylib import GIN_RUMMY
        >>> r = deadwood("Ah 2h 3h 4h 7c 7d 7s 9c 9d Kd Qs", rules=GIN_RUMMY)
        >>> r.deadwood, str(r.discard), " ".join(str(c) for c in r.unmelded)
        (28, 'Kd', '9c 9d Qs')
    """

    deadwood: int
    """Value of the unmelded cards (after the discard, for an 11-card hand)."""
    melds: tuple[Meld, ...]
    """The melds: sets first, then runs from low to high, each in canonical order."""
    unmelded: tuple[Card, ...]
    """The cards in no meld (the discard excluded), in canonical order."""
    discard: Card | None = None
    """For an 11-card hand, the best card to discard; otherwise ``None``."""

    if not TYPE_CHECKING:

        def __getattr__(self, name: str) -> object:
            # A result of `deadwood` is made with its deadwood and discard only: its melds and
            # unmelded cards are built from the engine's state the first time either is read
            # (equality, hashing, repr, pickling and `attrs.evolve` read them as any caller does).
            missing = f"{type(self).__name__!r} object has no attribute {name!r}"
            if name not in ("melds", "unmelded"):
                raise AttributeError(missing)
            try:
                state, t = _STATE.__get__(self)
            except AttributeError:  # a result that was never given its parts
                raise AttributeError(missing) from None
            melds, left = parts_of_state(state, t)
            _MELDS.__set__(self, melds)
            _UNMELDED.__set__(self, left)
            return melds if name == "melds" else left


_STATE = _Parts.__dict__["_state"]
_DEADWOOD = DeadwoodResult.__dict__["deadwood"]
_MELDS = DeadwoodResult.__dict__["melds"]
_UNMELDED = DeadwoodResult.__dict__["unmelded"]
_DISCARD = DeadwoodResult.__dict__["discard"]
_NEW = DeadwoodResult.__new__


def _result(dw: int, discard: Card | None, state: int, t: Tables) -> DeadwoodResult:
    """A `DeadwoodResult` from the engine's trusted answer; its melds are built when first read."""
    r = _NEW(DeadwoodResult)
    _DEADWOOD.__set__(r, dw)
    _DISCARD.__set__(r, discard)
    _STATE.__set__(r, (state, t))
    return r


def deadwood(hand: PiecesLike, *, rules: RuleSet) -> DeadwoodResult:
    """The least deadwood of a hand over every split into disjoint melds, exactly.

    Melds are the rule set's: sets of ``group_min``-``group_max`` cards of a rank and runs of
    ``min_run`` or more cards of a suit, the ace where ``ace_low``/``ace_high`` allow (low only
    in Gin Rummy). Card values come from ``card_points``. A hand of 11 cards is taken to be a
    hand after the draw: the answer is the deadwood of the best ten cards to keep, and
    ``discard`` the card to throw (on a tie, the higher-value card).

    Raises:
        GinInputError: a joker or a wild card, a tile, or the same card twice.
        InvalidPiecesError: something that is not a piece (code ``not-a-piece``).
        LimitExceededError: more than 11 cards.
        NotationError: bad notation, or a card not of the game.

    Examples:
        >>> from rummylib import GIN_RUMMY
        >>> deadwood("Qh Kh Ah 2c 3c 4c", rules=GIN_RUMMY).deadwood  # the ace is low only
        21
        >>> r = deadwood("5c 5d 5h 5s 6s 7s", rules=GIN_RUMMY)
        >>> r.deadwood, [str(m) for m in r.melds]
        (0, ['5c 5d 5h', '5s 6s 7s'])
    """
    return _result(*least_state(hand, rules, "hand"))


def deadwood_value(hand: PiecesLike, *, rules: RuleSet) -> int:
    """The least deadwood of a hand, the number alone: ``deadwood(hand, rules=rules).deadwood``.

    The same search as `deadwood`, with the same reading of the hand and the same errors, but no
    meld, card or result is built: the fast form for callers that only compare deadwood (a bot
    weighing a discard, a knock check). A hand of 11 cards is taken to be a hand after the draw:
    the answer is the deadwood left after the best discard.

    Raises:
        GinInputError: a joker or a wild card, a tile, or the same card twice.
        InvalidPiecesError: something that is not a piece (code ``not-a-piece``).
        LimitExceededError: more than 11 cards.
        NotationError: bad notation, or a card not of the game.

    Examples:
        >>> from rummylib import GIN_RUMMY
        >>> deadwood_value("Ah 2h 3h 7c 7d 7s 9c 10d Jh Kd", rules=GIN_RUMMY)
        39
        >>> deadwood_value("Ah 2h 3h 4h 7c 7d 7s 9c 9d Kd Qs", rules=GIN_RUMMY)  # after discarding Kd
        28
    """
    return least_value(hand, rules, "hand")


def _least(cards: tuple[Card, ...], masks: list[int], t: Tables) -> DeadwoodResult:
    packed = masks[0] | masks[1] << 13 | masks[2] << 26 | masks[3] << 39 | len(cards) << 52
    return _result(*state_packed(packed, t), t)


# ------------------------------------------------------------------------------------------
# Knocking and scoring a hand
# ------------------------------------------------------------------------------------------


def _check_upcard(first_upcard: PieceLike | None) -> Card | None:
    if first_upcard is None:
        return None
    card = _inputs.piece(first_upcard, rules=None, what="the first upcard")
    if not isinstance(card, Card):
        raise GinInputError(f"the first upcard must be a card, not {card}")
    return card


def knock_limit(*, rules: RuleSet, first_upcard: PieceLike | None = None) -> int:
    """The most deadwood a player may knock with in this hand.

    ``knock_limit`` normally (10); 0 under ``gin_only``; under ``oklahoma``, the value of the
    first upcard (J Q K count 10), or 0 (gin only) when it is an ace.

    Raises:
        GinInputError: Oklahoma without a first upcard, or one that is not a card.

    Examples:
        >>> from rummylib import GIN_RUMMY
        >>> okla = GIN_RUMMY.with_options({"oklahoma": True})
        >>> knock_limit(rules=GIN_RUMMY), knock_limit(rules=okla, first_upcard="7s")
        (10, 7)
        >>> knock_limit(rules=okla, first_upcard="Ad")
        0
    """
    card = _check_upcard(first_upcard)
    if rules.gin_only:
        return 0
    if rules.oklahoma:
        if card is None:
            raise GinInputError("Oklahoma Gin needs the first upcard to set the knock limit")
        return 0 if card.rank is Rank.ACE else rules.rank_points[card.rank - 1]
    return rules.knock_limit


def hand_multiplier(*, rules: RuleSet, first_upcard: PieceLike | None = None) -> int:
    """2 when an Oklahoma hand's first upcard is a spade, else 1.

    Raises:
        GinInputError: the first upcard is not a card.

    Examples:
        >>> from rummylib import GIN_RUMMY
        >>> okla = GIN_RUMMY.with_options({"oklahoma": True})
        >>> hand_multiplier(rules=okla, first_upcard="2s"), hand_multiplier(rules=GIN_RUMMY, first_upcard="2s")
        (2, 1)
    """
    card = _check_upcard(first_upcard)
    return 2 if rules.oklahoma and card is not None and card.suit is Suit.SPADES else 1


def _knock_problem(dw: int, limit: int, cards: Sequence[Card], *, after_discard: bool) -> Violation:
    """The ``knock-over-limit`` finding (`knock_violations` and `score_hand` both report it)."""
    why = "gin only: the knocker needs no deadwood" if limit == 0 else f"the knock limit is {limit}"
    after = " after the best discard" if after_discard else ""
    return Violation(RuleId.KNOCK_OVER_LIMIT, f"the knocker has {dw} deadwood{after}; {why}", pieces=tuple(cards))


def _judge_knock(
    hand: PiecesLike, rules: RuleSet, first_upcard: PieceLike | None
) -> tuple[DeadwoodResult, tuple[Violation, ...]]:
    t = tables_for(rules)
    cards, masks = read_hand(hand, rules, "hand")
    result = _least(cards, masks, t)
    limit = knock_limit(rules=rules, first_upcard=first_upcard)
    if result.deadwood <= limit:
        return result, ()
    return result, (_knock_problem(result.deadwood, limit, cards, after_discard=result.discard is not None),)


def _knock_findings(hand: PiecesLike, rules: RuleSet, first_upcard: PieceLike | None) -> tuple[Violation, ...]:
    """`_judge_knock`'s findings alone, from the number alone (no meld built)."""
    t = tables_for(rules)
    cards, masks = read_hand(hand, rules, "hand")
    after_discard = len(cards) == MAX_GIN_HAND
    dw = min_deadwood_after_discard(masks, t) if after_discard else min_deadwood(masks, t)
    limit = knock_limit(rules=rules, first_upcard=first_upcard)
    if dw <= limit:
        return ()
    return (_knock_problem(dw, limit, cards, after_discard=after_discard),)


def knock_violations(
    hand: PiecesLike, *, rules: RuleSet, first_upcard: PieceLike | None = None
) -> tuple[Violation, ...]:
    """Every reason ``hand`` may not knock (empty when it may): its least deadwood over the limit.

    A 10-card hand is judged as it is; an 11-card hand (after the draw) after its best discard.
    The one finding has the code ``knock-over-limit`` and names the deadwood and the limit
    (`knock_limit`: 10, 0 under ``gin_only``, Oklahoma's upcard), as `score_hand`'s `KnockError`
    does.

    Raises:
        GinInputError: a joker, a card twice, or Oklahoma without a first upcard.
        LimitExceededError: more than 11 cards.
        NotationError: bad notation.

    Examples:
        >>> from rummylib import GIN_RUMMY
        >>> knock_violations("Ah 2h 3h 7c 7d 7s 9c 9d 9s Kd", rules=GIN_RUMMY)
        ()
        >>> for v in knock_violations("Ah 2h 3h 7c 7d 7s 9c 9d Ks Kd", rules=GIN_RUMMY):
        ...     print(v.code, "/", v.message)
        knock-over-limit / the knocker has 38 deadwood; the knock limit is 10
    """
    return _knock_findings(hand, rules, first_upcard)


def check_knock(hand: PiecesLike, *, rules: RuleSet, first_upcard: PieceLike | None = None) -> DeadwoodResult:
    """The least deadwood of a hand that may knock (see `deadwood`); raises when it may not.

    Takes the same arguments as `knock_violations`.

    Raises:
        KnockError: the deadwood is over the knock limit (code ``knock-over-limit``).
        GinInputError: a joker, a card twice, or Oklahoma without a first upcard.
        LimitExceededError: more than 11 cards.
        NotationError: bad notation.

    Examples:
        >>> from rummylib import GIN_RUMMY
        >>> check_knock("Ah 2h 3h 7c 7d 7s 9c 9d 9s Kd", rules=GIN_RUMMY).deadwood
        10
        >>> check_knock("Ah 2h 3h 7c 7d 7s 9c 9d 9s Kd", rules=GIN_RUMMY.with_options({"gin_only": True}))
        Traceback (most recent call last):
        ...
        rummylib.gin.errors.KnockError: the knocker has 10 deadwood; gin only: the knocker needs no deadwood [...]
    """
    result, problems = _judge_knock(hand, rules, first_upcard)
    if problems:
        raise KnockError(problems)
    return result


def is_legal_knock(hand: PiecesLike, *, rules: RuleSet, first_upcard: PieceLike | None = None) -> bool:
    """Whether a hand may knock: 10 cards within the knock limit, or 11 after the best discard.

    That is ``not knock_violations(hand, rules=rules, first_upcard=first_upcard)``.

    Raises:
        GinInputError: a joker, a card twice, or Oklahoma without a first upcard.
        LimitExceededError: more than 11 cards.
        NotationError: bad notation.

    Examples:
        >>> from rummylib import GIN_RUMMY
        >>> is_legal_knock("Ah 2h 3h 7c 7d 7s 9c 9d 9s Kd", rules=GIN_RUMMY)
        True
        >>> is_legal_knock("Ah 2h 3h 7c 7d 7s 9c 9d 9s Kd", rules=GIN_RUMMY.with_options({"gin_only": True}))
        False
    """
    return not knock_violations(hand, rules=rules, first_upcard=first_upcard)
