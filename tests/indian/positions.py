"""Deals of Indian Rummy in any position, from notation, for the referee tests."""

from __future__ import annotations

import random
from collections.abc import Sequence

from rummylib import INDIAN_RUMMY, Joker, Piece, PieceCount, RuleSet, parse_pieces, piece_sort_key
from rummylib.decks import full_set
from rummylib.indian import Declare, Drop, IndianAction, IndianDeal, IndianPhase, SeatStatus, with_wild_joker


def choose(rng: random.Random, legal: tuple[IndianAction, ...], patience: float) -> IndianAction:
    """A random legal action; with ``patience`` near 1 players rarely drop or declare wrongly."""
    calm = [
        a
        for a in legal
        if not isinstance(a, Drop) and not (isinstance(a, Declare) and all(len(g) == 1 for g in a.melds))
    ]
    if calm and rng.random() < patience:
        valid = [a for a in calm if isinstance(a, Declare)]
        return rng.choice(valid) if valid and rng.random() < 0.5 else rng.choice(calm)
    return rng.choice(legal)


def cards(text: str) -> tuple[Piece, ...]:
    """The cards of ``text``, in canonical order."""
    return tuple(sorted(parse_pieces(text), key=piece_sort_key))


def rig(
    hands: Sequence[str],
    *,
    wild: str = "7s",
    discards: str = "Kd",
    stock: str | None = None,
    turn: int = 0,
    dealer: int | None = None,
    phase: IndianPhase = IndianPhase.DRAW,
    status: Sequence[SeatStatus] | None = None,
    drawn: Sequence[bool] | None = None,
    known: Sequence[str] | None = None,
    upcard_in_pile: bool = True,
    rules: RuleSet = INDIAN_RUMMY,
    seed: int = 0,
    check: bool = True,
) -> IndianDeal:
    """A deal with chosen hands and discards (bottom first).

    The rest of the pack is the stock, in canonical order; when the stock is given, the rest lies at
    the bottom of the discard pile instead.
    """
    n = len(hands)
    held = [cards(h) for h in hands]
    wild_card = parse_pieces(wild)[0]
    pile = parse_pieces(discards)
    stock_cards = parse_pieces(stock) if stock is not None else ()
    used = PieceCount.of([*(p for h in held for p in h), wild_card, *pile, *stock_cards])
    rest = tuple(sorted(PieceCount.of(full_set(rules, players=n)) - used, key=piece_sort_key))
    if stock is None:
        stock_cards = rest
    else:
        pile = rest + pile  # the rest of the pack lies under the discards given
    if isinstance(wild_card, Joker):
        deal_rules = rules.with_options({"wild_ranks": []})
    else:
        deal_rules = with_wild_joker(wild_card, rules=rules)
    if drawn is None:
        drawn = [phase is IndianPhase.DISCARD and p == turn for p in range(n)]
    deal = IndianDeal(
        rules=deal_rules,
        seed=seed,
        dealer=(turn - 1) % n if dealer is None else dealer,
        hands=tuple(held),
        stock=stock_cards,
        discards=pile,
        wild_card=wild_card,
        to_move=turn,
        phase=phase,
        status=tuple(status) if status is not None else (SeatStatus.IN,) * n,
        drawn=tuple(drawn),
        known=tuple(cards(k) for k in known) if known is not None else ((),) * n,
        upcard_in_pile=upcard_in_pile,
    )
    assert not check or deal.problems() == (), deal.problems()
    return deal


# A hand of 13 that declares with sevens wild: a pure sequence, a second sequence, two sets.
DECLARABLE = "Ah 2h 3h 4c 5c 6c 9s 9d 9h Jc Qc Kc *"
"""Ah 2h 3h | 4c 5c 6c | 9s 9d 9h | Jc Qc Kc * (sevens wild)."""
LOOSE = "2c 4d 6h 8s 10c Qd Kh 3s 5d 9h Jc Ad 8c"
"""Thirteen cards that make nothing."""
OTHER = "3d 5h 8h 9c Jd Kc 2s 4h 6s 8d 10s Qc Ah"
"""Thirteen more cards that make nothing, none of them in `LOOSE`."""
