"""Indian Rummy's scores of a deal: a losing hand's points, drops and wrong declarations.

Examples:
    >>> from rummylib import INDIAN_RUMMY
    >>> losing_points("Kh Kd Ks Qh Qd Qs 9h 9d 9s 7c 7d 7h 2c", rules=INDIAN_RUMMY)  # no sequence
    80
    >>> score_deal(["", "Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh"], winner=0, rules=INDIAN_RUMMY)
    (0, 0)
"""

from __future__ import annotations

from collections.abc import Sequence

from rummylib import _inputs
from rummylib.indian.arrangement import _card_rules, best_arrangement
from rummylib.pieces import PiecesLike
from rummylib.rules import IndianFormat, RuleSet

__all__ = ["drop_points", "losing_points", "score_deal", "wrong_declaration_points"]


def losing_points(hand: PiecesLike, *, rules: RuleSet) -> int:
    """What a hand scores when another player declares: its best arrangement's points, capped at 80.

    That is ``best_arrangement(hand, rules=rules).points`` (see `best_arrangement` for the three
    cases of the rule book).

    Raises:
        RuleSetError: the rule set is a tile game (Rummikub), not a card game.
        NotationError: bad notation or a piece not of the game.
        InvalidPiecesError: more copies of a card than the decks hold.
        LimitExceededError: more than `MAX_INDIAN_HAND` cards.

    Examples:
        >>> from rummylib import INDIAN_RUMMY
        >>> losing_points("Kh Kd Ks Qh Qd Qs 9h 9d 9s 7c 7d 7h 2c", rules=INDIAN_RUMMY)  # no sequence
        80
        >>> losing_points("Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh", rules=INDIAN_RUMMY)  # one pure sequence
        0
    """
    return best_arrangement(hand, rules=rules).points


def drop_points(*, rules: RuleSet, after_drawing: bool = False) -> int:
    """What a player who drops out of the deal scores: 20 before drawing, 40 after (the middle drop).

    In a pool game (``indian_format`` ``pool``) whose ``pool_limit`` is ``pool_drop_from`` (201)
    or more, the drop scores ``pool_drop_points`` (25) and the middle drop
    ``pool_middle_drop_points`` (50) instead.

    Examples:
        >>> from rummylib import INDIAN_RUMMY
        >>> drop_points(rules=INDIAN_RUMMY), drop_points(rules=INDIAN_RUMMY, after_drawing=True)
        (20, 40)
        >>> pool201 = INDIAN_RUMMY.with_options({"indian_format": "pool", "pool_limit": 201})
        >>> drop_points(rules=pool201), drop_points(rules=pool201, after_drawing=True)
        (25, 50)
    """
    rules = _inputs.ruleset(rules)
    _inputs.flag(after_drawing, what="after_drawing")
    if rules.indian_format is IndianFormat.POOL and rules.pool_limit >= rules.pool_drop_from:
        return rules.pool_middle_drop_points if after_drawing else rules.pool_drop_points
    return rules.middle_drop_points if after_drawing else rules.drop_points


def wrong_declaration_points(*, rules: RuleSet) -> int:
    """What a player who declares wrongly scores (80).

    Examples:
        >>> from rummylib import INDIAN_RUMMY
        >>> wrong_declaration_points(rules=INDIAN_RUMMY)
        80
    """
    return rules.wrong_declaration_points


def score_deal(hands: Sequence[PiecesLike], *, winner: int, rules: RuleSet) -> tuple[int, ...]:
    """Points of one deal after a valid declaration: 0 for the declarer, `losing_points` for the rest.

    Raises:
        ScoringInputError: ``winner`` is not a player (code ``bad-score-input``).
        RuleSetError: the rule set is a tile game (Rummikub), not a card game.
        NotationError: bad notation or a piece not of the game.
        InvalidPiecesError: more copies of a card in the hands together than the decks hold, or
            something that is not a card (code ``not-a-piece``).

    Examples:
        >>> from rummylib import INDIAN_RUMMY
        >>> score_deal(["", "Kh Kd Ks Qh Qd Qs 9h 9d 9s 7c 7d 7h 2c"], winner=0, rules=INDIAN_RUMMY)
        (0, 80)
    """
    read = _inputs.piece_lists(hands, rules=_card_rules(rules), what="the hands", each="hand")
    winner = _inputs.seat(winner, players=len(read), what="the winner")
    return tuple(0 if i == winner else losing_points(h, rules=rules) for i, h in enumerate(read))
