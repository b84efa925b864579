"""Scores of a finished Rummikub game: zero-sum, from the racks left.

Examples:
    >>> from rummylib import RUMMIKUB, parse_pieces
    >>> score_rummikub([parse_pieces(""), parse_pieces("r5 k3"), parse_pieces("*")], winner=0, rules=RUMMIKUB)
    (38, -8, -30)
"""

from __future__ import annotations

from collections.abc import Sequence

from rummylib import _inputs
from rummylib.errors import ScoringInputError
from rummylib.pieces import PiecesLike
from rummylib.rules import RuleSet
from rummylib.scoring import hand_points

__all__ = ["score_rummikub"]


def score_rummikub(racks: Sequence[PiecesLike], *, winner: int | None, rules: RuleSet) -> tuple[int, ...]:
    """Scores of a finished Rummikub game; they always add up to zero.

    With a ``winner`` (the player who emptied the rack), each loser scores minus the value left on
    their rack and the winner the sum of those values. With ``winner=None`` (the pool ran out and
    nobody went out), the lowest rack wins; every other player scores minus the difference from
    the winner's rack, and the winner the sum of the differences. On a tie for lowest, the first
    such player in seat order is taken as the winner (the tied players both score 0 against each
    other either way). Each rack may be given as notation.

    Raises:
        ScoringInputError: the winner is not a player, or the winner's rack is not empty.
        InvalidPiecesError: more copies of a tile on the racks together than the set has, or
            something that is not a tile (code ``not-a-piece``).
        NotationError: bad notation, or a piece that is not part of the game.
        RuleSetError: the rules of a card game (code ``unsupported-rules``).

    Examples:
        >>> from rummylib import RUMMIKUB, parse_pieces
        >>> score_rummikub([parse_pieces("r1 r2"), parse_pieces("k10"), parse_pieces("*")],
        ...                winner=None, rules=RUMMIKUB)
        (34, -7, -27)
        >>> score_rummikub(["", "r5 k3", "*"], winner=0, rules=RUMMIKUB)
        (38, -8, -30)
    """
    rules = _inputs.tile_rules(rules, what="Rummikub scoring")
    rack_lists = _inputs.piece_lists(racks, rules=rules, what="the racks", each="rack")
    values = [hand_points(r, rules=rules) for r in rack_lists]
    if len(values) < 1:
        raise ScoringInputError("no racks to score")
    if winner is None:
        best = min(range(len(values)), key=lambda i: values[i])
        base = values[best]
    else:
        winner = _inputs.seat(winner, players=len(values), what="the winner")
        if values[winner] != 0 or rack_lists[winner]:
            raise ScoringInputError(f"the winner (player {winner}) must have an empty rack")
        best, base = winner, 0
    scores = [-(v - base) for v in values]
    scores[best] = -sum(s for i, s in enumerate(scores) if i != best)
    return tuple(scores)
