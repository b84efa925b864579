"""Scores of a Contract Rummy or Shanghai round: the points left in each hand, and Shanghai's bonus.

Examples:
    >>> from rummylib import SHANGHAI, parse_pieces
    >>> score_contract_round([parse_pieces(""), parse_pieces("* Ah 7c")], rules=SHANGHAI)
    (0, 47)
"""

from __future__ import annotations

from collections.abc import Sequence

from rummylib import _inputs
from rummylib.errors import ScoringInputError
from rummylib.pieces import PiecesLike
from rummylib.rules import RuleSet
from rummylib.scoring import hand_points

__all__ = ["score_contract_round"]


def score_contract_round(
    hands: Sequence[PiecesLike],
    *,
    rules: RuleSet,
    out_in_one_turn: bool = False,
    joker_used: bool = False,
) -> tuple[int, ...]:
    """Penalty points of one round of Contract Rummy or Shanghai (lower is better).

    Every player scores the points left in hand. The player who went out (empty hand) scores 0,
    or, when ``out_in_one_turn`` (all cards laid down in one turn), the rule set's
    ``one_turn_out_bonus`` (Shanghai: -25), or ``one_turn_out_no_joker_bonus`` (-50) when no joker
    was among the cards (``joker_used`` false). Each hand may be given as notation.

    Raises:
        ScoringInputError: ``out_in_one_turn`` without exactly one player out.
        InvalidPiecesError: more copies of a card in the hands together than the decks hold, or
            something that is not a card (code ``not-a-piece``).
        NotationError: bad notation, or a piece that is not part of the game.
        ArgumentError: ``out_in_one_turn`` or ``joker_used`` is not a ``bool`` (code ``bad-argument``).

    Examples:
        >>> from rummylib import SHANGHAI, parse_pieces
        >>> score_contract_round([parse_pieces(""), parse_pieces("* Ah 7c")], rules=SHANGHAI,
        ...                      out_in_one_turn=True)
        (-50, 47)
        >>> score_contract_round(["", "* Ah 7c"], rules=SHANGHAI)
        (0, 47)
    """
    _inputs.flag(out_in_one_turn, what="out_in_one_turn")
    _inputs.flag(joker_used, what="joker_used")
    lists = _inputs.piece_lists(hands, rules=_inputs.ruleset(rules), what="the hands", each="hand")
    scores = [hand_points(h, rules=rules) for h in lists]
    out = [i for i, h in enumerate(lists) if not h]
    if out_in_one_turn:
        if len(out) != 1:
            raise ScoringInputError(f"going out in one turn needs exactly one empty hand, found {len(out)}")
        bonus = rules.one_turn_out_bonus if joker_used else rules.one_turn_out_no_joker_bonus
        scores[out[0]] = bonus
    return tuple(scores)
