"""Indian Rummy declarations: the wild joker of a deal, and whether 13 cards are a valid declaration.

The wild-joker rank of a deal is the rule set's ``wild_ranks`` (`with_wild_joker`, or
``INDIAN_RUMMY.with_options({"wild_ranks": ["5"]})``); every card of that rank acts as a joker, as
do the printed jokers. A wild card used as its own natural self (the 5♠ in ``4s 5s 6s`` with fives
wild) keeps a sequence pure: the meld engine reports it as not acting (`MeldReading.is_pure`).

Examples:
    >>> from rummylib import INDIAN_RUMMY
    >>> fives = INDIAN_RUMMY.with_options({"wild_ranks": ["5"]})
    >>> melds = ["4s 5s 6s", "7h 8h *", "9c 9d 9s", "Jc Qc Kc 5d"]
    >>> is_valid_declaration(melds, rules=fives)
    True
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from rummylib import _inputs
from rummylib.cards import Card
from rummylib.errors import LimitExceededError, NotationError, RuleId, Violation
from rummylib.indian._finder import Finder
from rummylib.indian.arrangement import _read
from rummylib.indian.errors import InvalidDeclarationError
from rummylib.melds import Meld, MeldKind, MeldReading, meld_readings, meld_violations
from rummylib.pieces import Piece, PiecesLike
from rummylib.rules import RuleSet
from rummylib.table import MeldsLike, Table

__all__ = [
    "check_declaration",
    "declaration_violations",
    "find_declaration",
    "is_valid_declaration",
    "with_wild_joker",
]


def with_wild_joker(card: Card | str, *, rules: RuleSet) -> RuleSet:
    """The rule set of a deal whose turned-up card is ``card``: its rank becomes the wild joker.

    The printed jokers stay wild; any wild rank of an earlier deal is replaced.

    Raises:
        NotationError: ``card`` is not a card of the game (a printed joker cannot name a rank).
        InvalidPiecesError: ``card`` is not a piece at all (code ``not-a-piece``).

    Examples:
        >>> from rummylib import INDIAN_RUMMY
        >>> deal_rules = with_wild_joker("7s", rules=INDIAN_RUMMY)
        >>> sorted(r.symbol for r in deal_rules.wild_ranks)
        ['7']
    """
    piece = _inputs.piece(card, rules=_inputs.ruleset(rules), what="the wild joker")
    if not isinstance(piece, Card):
        raise NotationError(f"the wild joker is named by a card, not {piece}")
    return attrs.evolve(rules, wild_ranks=frozenset({piece.rank}))


def _melds(melds: MeldsLike, rules: RuleSet) -> tuple[Meld, ...]:
    # the melds as every function takes them (`MeldsLike`): a list, a Table, or "Ah 2h 3h | 4c 5c 6c"
    if isinstance(melds, Meld | MeldReading):
        raise TypeError(f"pass a list of melds, not one {type(melds).__name__}")
    out = Table.of(melds, rules=_inputs.ruleset(rules)).melds
    if len(out) > 64:
        raise LimitExceededError(f"{len(out)} melds; a declaration has at most 64")
    return out


def declaration_violations(melds: MeldsLike, *, rules: RuleSet) -> tuple[Violation, ...]:
    """Every problem with a declaration: all cards of the hand arranged into valid melds.

    A declaration needs exactly ``hand_size`` cards (13), every meld a valid sequence (run) or
    set (group), at least ``min_sequences`` sequences (2) and at least ``min_pure_sequences`` (1)
    of them pure, i.e. with no joker or wild card standing in for another card. Problems with a
    single meld carry its index (``meld_index``).

    Raises:
        NotationError: bad notation or a piece not of the game.
        InvalidPiecesError: more copies of a card than the decks hold.

    Examples:
        >>> from rummylib import INDIAN_RUMMY
        >>> bad = ["Ah 2h 3h", "4c * 6c", "10c Jc Qc Kc", "9s 9s 9d"]
        >>> [(v.code, v.meld_index) for v in declaration_violations(bad, rules=INDIAN_RUMMY)]
        [('group-colour-repeated', 3)]
    """
    laid = _melds(melds, rules)
    pieces = [p for m in laid for p in m.pieces]
    rules.check_piece_counts(pieces, what="the declaration")
    out: list[Violation] = []
    if len(pieces) != rules.hand_size:
        out.append(
            Violation(
                RuleId.DECLARATION_SIZE,
                f"the declaration holds {len(pieces)} cards; it must arrange all {rules.hand_size}",
            )
        )
    sequences = pure = 0
    for i, meld in enumerate(laid):
        problems = meld_violations(meld, rules=rules)
        if problems:
            out.extend(v.at(i) if v.meld_index is None else v for v in problems)
            continue
        runs = [r for r in meld_readings(meld, rules=rules) if r.kind is MeldKind.RUN]
        if runs:
            sequences += 1
            pure += any(r.is_pure for r in runs)
    if sequences < rules.min_sequences:
        out.append(
            Violation(
                RuleId.TOO_FEW_SEQUENCES,
                f"{sequences} valid sequence{'s' if sequences != 1 else ''}; "
                f"a declaration needs at least {rules.min_sequences}",
            )
        )
    if pure < rules.min_pure_sequences:
        out.append(
            Violation(
                RuleId.NO_PURE_SEQUENCE,
                f"{pure} pure sequence{'s' if pure != 1 else ''} (no joker standing in); "
                f"a declaration needs at least {rules.min_pure_sequences}",
            )
        )
    return tuple(out)


def check_declaration(melds: MeldsLike, *, rules: RuleSet) -> tuple[Meld, ...]:
    """The melds of a valid declaration; raises with every problem otherwise.

    Raises:
        InvalidDeclarationError: the declaration is wrong; ``violations`` lists every problem.
        NotationError: bad notation or a piece not of the game.
        InvalidPiecesError: more copies of a card than the decks hold.

    Examples:
        >>> from rummylib import INDIAN_RUMMY
        >>> len(check_declaration(["Ah 2h 3h", "4c * 6c", "Jc Qc Kc", "9s 9c 9d 9h"], rules=INDIAN_RUMMY))
        4
    """
    laid = _melds(melds, rules)
    problems = declaration_violations(laid, rules=rules)
    if problems:
        raise InvalidDeclarationError(problems)
    return laid


def is_valid_declaration(melds: MeldsLike, *, rules: RuleSet) -> bool:
    """Whether the melds form a valid declaration.

    Raises:
        NotationError: bad notation or a piece not of the game.
        InvalidPiecesError: more copies of a card than the decks hold.

    Examples:
        >>> from rummylib import INDIAN_RUMMY
        >>> is_valid_declaration(["Ah 2h *", "4c * 6c", "Jc Jd Js", "9s 9c 9d 9h"], rules=INDIAN_RUMMY)
        False
    """
    return not declaration_violations(melds, rules=rules)


# ------------------------------------------------------------------------------------------
# Finding a declaration
# ------------------------------------------------------------------------------------------


def find_declaration(hand: PiecesLike, *, rules: RuleSet) -> tuple[Meld, ...] | None:
    """A valid declaration of exactly these cards, or ``None`` when they cannot be declared.

    Every card of ``hand`` (``hand_size``, 13) must go into a group, as `declaration_violations`
    asks: jokers and wild cards included, which is why a hand of 0 points (`best_arrangement`) is
    not always one that can be declared. The search is exact, and its answer depends only on the
    cards, not on their order: runs are written low to high with each joker in its place, sets
    with their natural cards first. The referee records this arrangement for a valid declaration.

    Raises:
        RuleSetError: the rule set is a tile game (Rummikub), not a card game.
        NotationError: bad notation or a piece not of the game.
        InvalidPiecesError: more copies of a card than the decks hold.
        LimitExceededError: more than `MAX_INDIAN_HAND` cards.

    Examples:
        >>> from rummylib import INDIAN_RUMMY
        >>> fives = INDIAN_RUMMY.with_options({"wild_ranks": ["5"]})
        >>> [str(m) for m in find_declaration("Kc Qc Jc 9s 9d 9c 7h 8h * 4s 5s 6s 5d", rules=fives)]
        ['9c 9d 9s', 'Jc Qc Kc', '7h 8h *', '4s 5s 6s 5d']
        >>> find_declaration("Kc Qc Jc 9s 9d 9c 7h 8h 2d 4s 5s 6s 5d", rules=fives) is None
        True
    """
    pieces = _read(hand, rules)
    if len(pieces) != rules.hand_size:
        return None
    found = Finder(pieces, rules).find()
    return None if found is None else tuple(Meld(m) for m in found)


def declarable_discards(hand: Sequence[Piece], rules: RuleSet) -> frozenset[Piece]:
    """The pieces of ``hand`` (``hand_size`` + 1 of them) whose discard leaves a declaration.

    That is, every piece ``p`` for which `find_declaration` of the hand without ``p`` finds one;
    a single search of the whole hand answers it, where asking `find_declaration` of each discard
    would search the hand once per piece. The referee asks it before it lists declarations.

    Examples:
        >>> from rummylib import INDIAN_RUMMY, parse_pieces
        >>> fives = INDIAN_RUMMY.with_options({"wild_ranks": ["5"]})
        >>> hand = parse_pieces("Kc Qc Jc 9s 9d 9c 7h 8h * 4s 5s 6s 5d 2d", rules=fives)
        >>> sorted(str(p) for p in declarable_discards(hand, fives))
        ['2d']
    """
    return Finder(hand, rules).discards()
