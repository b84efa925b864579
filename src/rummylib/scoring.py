"""What pieces left in hand cost, in every game: the points of each piece, by the rule set.

The scorers of whole games (a Rummikub game, a contract round, a Gin hand, an Indian deal) are in
their game's package; `rummylib.registry.hand_cost` gives what a hand costs by any game's own way
of counting.

Examples:
    >>> from rummylib import CONTRACT_RUMMY, parse_pieces
    >>> hand_points(parse_pieces("* Ah Kd"), rules=CONTRACT_RUMMY)
    50
"""

from __future__ import annotations

import attrs

from rummylib import _inputs
from rummylib.melds import Meld
from rummylib.pieces import PiecesLike
from rummylib.rules import RuleSet

__all__ = ["HandCost", "hand_points"]


def hand_points(pieces: PiecesLike, *, rules: RuleSet) -> int:
    """What a player left holding these pieces pays, by the game's point values.

    Tiles count their number and a joker ``joker_points`` (30 in Rummikub); cards count the rule
    set's table (with ``number_cards_flat``, ``joker_points`` and wild cards), capped at
    ``points_cap`` where the game has one. No melding is done here. The pieces may be given as
    notation.

    Raises:
        NotationError: bad notation, or a piece that is not part of the game.
        InvalidPiecesError: more copies of a piece than the game has (code ``too-many-copies``), or
            something that is not a piece (code ``not-a-piece``).

    Examples:
        >>> from rummylib import RUMMIKUB, INDIAN_RUMMY, parse_pieces
        >>> hand_points(parse_pieces("r5 k3 *"), rules=RUMMIKUB), hand_points("r5 k3 *", rules=RUMMIKUB)
        (38, 38)
        >>> hand_points(parse_pieces("Kh Kd Ks Qh Qd Qs Jh Jd Js"), rules=INDIAN_RUMMY)
        80
        >>> hand_points(parse_pieces("r5 r5 r5"), rules=RUMMIKUB)
        Traceback (most recent call last):
        ...
        rummylib.errors.InvalidPiecesError: the hand: 3 copies of R5, but Rummikub has at most 2
    """
    held = _inputs.hand(pieces, rules=_inputs.ruleset(rules), what="the hand")
    total = sum(rules.piece_points(piece) for piece in held)
    return total if rules.points_cap is None else min(total, rules.points_cap)


@attrs.frozen
class HandCost:
    """What one hand costs in its game, and how that was counted.

    Examples:
        >>> from rummylib import Meld
        >>> cost = HandCost(19, (Meld.parse("Ah 2h 3h"),), "deadwood after melding Ah 2h 3h")
        >>> cost.points, [str(m) for m in cost.melds]
        (19, ['Ah 2h 3h'])
    """

    points: int
    """The points the hand costs."""
    melds: tuple[Meld, ...]
    """The melds kept from counting (none where every piece left in hand counts)."""
    how: str
    """How the points were counted, in words."""
