"""Scorers: what leftover pieces cost, and the results of a Rummikub game or a contract round.

Every scorer takes the rule set as a keyword argument and returns plain integers, one per player
in seat order.

Examples:
    >>> from rummylib import RUMMIKUB, CONTRACT_RUMMY, parse_pieces
    >>> hand_points(parse_pieces("* Ah Kd"), rules=CONTRACT_RUMMY)
    50
    >>> score_rummikub([parse_pieces(""), parse_pieces("r5 k3"), parse_pieces("*")], winner=0, rules=RUMMIKUB)
    (38, -8, -30)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import attrs

from rummylib.errors import ScoringInputError
from rummylib.melds import Meld
from rummylib.pieces import Piece
from rummylib.rules import RuleSet, ScoringScheme

__all__ = ["HandCost", "hand_cost", "hand_points", "score_rummikub"]


def hand_points(pieces: Iterable[Piece], *, rules: RuleSet) -> int:
    """What a player left holding these pieces pays, by the game's point values.

    Tiles count their number and a joker ``joker_points`` (30 in Rummikub); cards count the rule
    set's table (with ``number_cards_flat``, ``joker_points`` and wild cards), capped at
    ``points_cap`` where the game has one. No melding is done here.

    Raises:
        NotationError: a piece that is not part of the game.
        InvalidPiecesError: more copies of a piece than the game has (code ``too-many-copies``).

    Examples:
        >>> from rummylib import RUMMIKUB, INDIAN_RUMMY, parse_pieces
        >>> hand_points(parse_pieces("r5 k3 *"), rules=RUMMIKUB)
        38
        >>> hand_points(parse_pieces("Kh Kd Ks Qh Qd Qs Jh Jd Js"), rules=INDIAN_RUMMY)
        80
        >>> hand_points(parse_pieces("r5 r5 r5"), rules=RUMMIKUB)
        Traceback (most recent call last):
        ...
        rummylib.errors.InvalidPiecesError: the hand: 3 copies of R5, but Rummikub has at most 2
    """
    held = list(pieces)
    rules.check_piece_counts(held, what="the hand")
    total = sum(rules.piece_points(piece) for piece in held)
    return total if rules.points_cap is None else min(total, rules.points_cap)


@attrs.frozen
class HandCost:
    """What one hand costs in its game, and how that was counted.

    Examples:
        >>> from rummylib import GIN_RUMMY, parse_pieces
        >>> cost = hand_cost(parse_pieces("Ah 2h 3h 9c Kd"), rules=GIN_RUMMY)
        >>> cost.points, [str(m) for m in cost.melds]
        (19, ['Ah 2h 3h'])
    """

    points: int
    """The points the hand costs."""
    melds: tuple[Meld, ...]
    """The melds kept from counting (none where every piece left in hand counts)."""
    how: str
    """How the points were counted, in words."""


def hand_cost(pieces: Iterable[Piece], *, rules: RuleSet) -> HandCost:
    """What a hand costs by the game's scoring scheme (``rules.scoring``).

    Rummikub, Contract Rummy and Shanghai count every piece left in hand (`hand_points`); Gin
    Rummy counts the least deadwood (`rummylib.gin.deadwood`); Indian Rummy the fewest points the
    hand can be arranged to (`rummylib.indian.best_arrangement`).

    Raises:
        NotationError: a piece that is not part of the game.
        InvalidPiecesError: more copies of a piece than the game has (code ``too-many-copies``).
        GinInputError: a Gin hand of more than 11 cards (code ``bad-gin-hand``).
        LimitExceededError: an Indian Rummy hand of more than 14 cards.

    Examples:
        >>> from rummylib import GIN_RUMMY, RUMMIKUB, parse_pieces
        >>> hand_cost(parse_pieces("r5 k3 *"), rules=RUMMIKUB).points
        38
        >>> hand_cost(parse_pieces("Ah 2h 3h 9c Kd"), rules=GIN_RUMMY).how
        'deadwood after melding Ah 2h 3h'
    """
    held = list(pieces)
    if rules.scoring is ScoringScheme.GIN:
        from rummylib.gin import deadwood

        result = deadwood(held, rules=rules)
        discard = f", discard {result.discard}" if result.discard is not None else ""
        shown = ", ".join(str(m) for m in result.melds) or "no melds"
        return HandCost(result.deadwood, tuple(result.melds), f"deadwood after melding {shown}{discard}")
    if rules.scoring is ScoringScheme.INDIAN:
        from rummylib.indian import best_arrangement

        arrangement = best_arrangement(held, rules=rules)
        shown = ", ".join(str(m) for m in arrangement.melds) or "no melds"
        return HandCost(arrangement.points, arrangement.melds, f"best arrangement ({arrangement.case}): {shown}")
    return HandCost(hand_points(held, rules=rules), (), "points of the pieces left in hand")


def score_rummikub(racks: Sequence[Iterable[Piece]], *, winner: int | None, rules: RuleSet) -> tuple[int, ...]:
    """Scores of a finished Rummikub game; they always add up to zero.

    With a ``winner`` (the player who emptied the rack), each loser scores minus the value left on
    their rack and the winner the sum of those values. With ``winner=None`` (the pool ran out and
    nobody went out), the lowest rack wins; every other player scores minus the difference from
    the winner's rack, and the winner the sum of the differences. On a tie for lowest, the first
    such player in seat order is taken as the winner (the tied players both score 0 against each
    other either way).

    Raises:
        ScoringInputError: the winner is not a player, or the winner's rack is not empty.
        InvalidPiecesError: more copies of a tile on the racks together than the set has.

    Examples:
        >>> from rummylib import RUMMIKUB, parse_pieces
        >>> score_rummikub([parse_pieces("r1 r2"), parse_pieces("k10"), parse_pieces("*")],
        ...                winner=None, rules=RUMMIKUB)
        (34, -7, -27)
    """
    rack_lists = [list(r) for r in racks]
    rules.check_piece_counts([p for r in rack_lists for p in r], what="the racks")
    values = [hand_points(r, rules=rules) for r in rack_lists]
    if len(values) < 1:
        raise ScoringInputError("no racks to score")
    if winner is None:
        best = min(range(len(values)), key=lambda i: values[i])
        base = values[best]
    else:
        if isinstance(winner, bool) or not isinstance(winner, int) or not 0 <= winner < len(values):
            raise ScoringInputError(f"winner must be a player from 0 to {len(values) - 1}, not {winner!r}")
        if values[winner] != 0 or rack_lists[winner]:
            raise ScoringInputError(f"the winner (player {winner}) must have an empty rack")
        best, base = winner, 0
    scores = [-(v - base) for v in values]
    scores[best] = -sum(s for i, s in enumerate(scores) if i != best)
    return tuple(scores)
