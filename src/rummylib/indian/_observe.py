"""The observation of the ``indian_rummy_v0`` environment, written from a deal's own fields (private; compiled).

`rummylib.agents.envs.indian_rummy_v0` describes the layout; this writes it for one seat as the
deal's view (`rummylib.indian.IndianDeal.view`) would give it, without making the view. It lives
beside the engine so that the compiled build needs nothing of the agents extra.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rummylib.indian.actions import IndianPhase, SeatStatus

__all__ = ["Encoder"]


class Encoder:
    """Writes observations of one table size.

    ``at`` holds the offsets of the fields hand, wild_rank, wild_card, top_discard, discards, known,
    status, hand_sizes, stock_size, phase, to_move and totals; ``sums[k][c]`` is the value of ``c``
    cards of kind ``k``; ``kind_of_id`` each card's kind by its identity, ``kind`` the kind of any
    other card.
    """

    def __init__(
        self,
        seats: int,
        at: Sequence[int],
        sums: list[list[float]],
        kind_of_id: dict[int, int],
        kind: Callable[[Any], int],
        status_index: dict[SeatStatus, int],
        phase_index: dict[IndianPhase, int],
        stock_cards: int,
    ) -> None:
        self.seats = seats
        self.at = list(at)
        self.sums = sums
        self.kind_of_id = kind_of_id
        self.kind = kind
        self.status_index = status_index
        self.phase_index = phase_index
        self.width = len(status_index)
        self.stock_cards = stock_cards

    def card_kind(self, card: object) -> int:
        found = self.kind_of_id.get(id(card))
        return self.kind(card) if found is None else found

    def counts(self, out: Any, at: int, cards: Sequence[object]) -> None:
        """Write each kind's count of ``cards`` / its copies at ``at`` + kind (a field that was all 0)."""
        held: dict[int, int] = {}
        kind_of_id = self.kind_of_id
        for c in cards:
            k = kind_of_id.get(id(c))
            if k is None:
                k = self.kind(c)
            held[k] = held.get(k, 0) + 1
        sums = self.sums
        for k, m in held.items():
            out[at + k] = sums[k][m]

    def encode(
        self,
        out: Any,
        deal: Any,
        seat: int,
        to_move: int | None,
        totals: Sequence[int] | None,
    ) -> None:
        """Write ``seat``'s observation of ``deal`` into ``out`` (all 0), the game's seat to move and totals given."""
        at = self.at
        n = self.seats
        hands: tuple[tuple[object, ...], ...] = deal.hands
        self.counts(out, at[0], hands[seat])
        kind = self.card_kind(deal.wild_card)
        out[at[1] + (13 if kind == 52 else kind % 13)] = 1.0
        out[at[2] + kind] = 1.0
        discards: tuple[object, ...] = deal.discards
        if discards:
            out[at[3] + self.card_kind(discards[-1])] = 1.0
            if len(discards) > 1:
                self.counts(out, at[4], discards[:-1])
        status: tuple[SeatStatus, ...] = deal.status
        known: tuple[tuple[object, ...], ...] = deal.known
        phase: IndianPhase = deal.phase
        over = phase is IndianPhase.OVER
        for r in range(1, n):
            s = (seat + r) % n
            st = status[s]
            if st is SeatStatus.WRONG_DECLARATION or (over and st is SeatStatus.IN):
                self.counts(out, at[5] + (r - 1) * 53, hands[s])
            elif known[s]:
                self.counts(out, at[5] + (r - 1) * 53, known[s])
        width = self.width
        for r in range(n):
            s = (seat + r) % n
            out[at[6] + r * width + self.status_index[status[s]]] = 1.0
            out[at[7] + r] = len(hands[s]) / 14
        stock: tuple[object, ...] = deal.stock
        out[at[8]] = min(1.0, len(stock) / self.stock_cards)
        out[at[9] + self.phase_index[phase]] = 1.0
        if to_move == seat:
            out[at[10]] = 1.0
        if totals is not None:
            for r in range(n):
                out[at[11] + r] = min(1.0, totals[(seat + r) % n] / 250)
