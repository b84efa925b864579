"""Write the example records of ``docs/records.md``: one seeded game of each game, played by simple bots.

Each example is played from a seeded deal by a small deterministic player (the solver's best play
for Rummikub; for the card games, a player that lays down and lays off what it can, takes the
upcard when it helps the hand, throws its least useful card, and knocks or declares as soon as it may) and written with
`rummylib.records.write_record`. Run ``python docs/gen_records.py`` after changing the record
format or a referee; ``tests/docs_pages/test_docs_records.py`` fails while the page is stale.
"""

from __future__ import annotations

import collections
import functools
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rummylib import (
    CONTRACT_RUMMY,
    GIN_RUMMY,
    INDIAN_RUMMY,
    RUMMIKUB,
    SHANGHAI,
    Card,
    Joker,
    SearchLimitReached,
    contracts,
    gin,
    indian,
    rummikub,
)
from rummylib.records import write_record
from rummylib.referee import Referee

PAGE = Path(__file__).resolve().parent / "records.md"
START = "<!-- example records begin here, written by docs/gen_records.py -->"
END = "<!-- example records end here -->"

MAX_MOVES = 400
"""Most moves of one example (each game below ends well before)."""


def _rank_counts(hand: tuple[Any, ...]) -> collections.Counter[Any]:
    return collections.Counter(c.rank for c in hand if isinstance(c, Card))


def rummikub_move(state: rummikub.RummikubGame) -> Any:
    """The solver's best play (most tiles), or a draw; a search over its budget is a draw too."""
    seat = state.to_move
    assert seat is not None
    try:
        found = rummikub.solve(
            list(state.table.melds),
            state.rack(seat),
            rules=state.rules,
            initial_meld_done=state.initial_meld_done[seat],
            budget=rummikub.Budget(nodes=50_000),
        )
    except SearchLimitReached:
        found = None
    if found is not None and not found.is_pass:
        return rummikub.Play(seat, found.table_after)
    return rummikub.Draw(seat) if state.stock else rummikub.Pass(seat)


def contract_move(state: contracts.ContractRound) -> Any:
    """Lay down, lay off, take a useful upcard or buy it, and throw the least useful card."""
    seat = state.to_move
    assert seat is not None
    legal = state.legal_actions(seat)
    hand = state.hands[seat]
    counts = _rank_counts(hand)
    for kind in (contracts.LayDown, contracts.LayOff):
        found = [a for a in legal if isinstance(a, kind)]
        if found:
            return found[0]
    upcard = state.upcard
    pairs = isinstance(upcard, Card) and counts[upcard.rank] >= 1 and not state.down[seat]
    if any(isinstance(a, contracts.Buy) for a in legal):
        return contracts.Buy(seat) if pairs and counts[upcard.rank] >= 2 else contracts.DeclineBuy(seat)
    if any(isinstance(a, contracts.DrawDiscard) for a in legal):
        return contracts.DrawDiscard(seat) if pairs else contracts.DrawStock(seat)
    throws = [a for a in legal if isinstance(a, contracts.Discard)]
    rules = state.rules

    def useless(a: contracts.Discard) -> tuple[int, int]:
        card = a.card
        if isinstance(card, Joker) or rules.is_wild(card):
            return (-1, 0)
        assert isinstance(card, Card)
        return (-counts[card.rank], rules.rank_points[card.rank - 1])

    return max(throws, key=useless)


def gin_move(state: gin.GinHand) -> Any:
    """Take the upcard when it lowers the deadwood, knock when allowed, else throw the worst card."""
    seat = state.to_move
    assert seat is not None
    legal = state.legal_actions(seat)
    hand = state.hands[seat]
    rules = state.rules
    if any(isinstance(a, gin.DrawStock) for a in legal):
        top = state.discards[-1]
        now = gin.deadwood(hand, rules=rules).deadwood
        better = gin.deadwood((*hand, top), rules=rules).deadwood < now
        return gin.DrawDiscard(seat) if better else gin.DrawStock(seat)
    knocks = [a for a in legal if isinstance(a, gin.Knock)]
    if knocks:
        return min(knocks, key=lambda a: gin.deadwood([c for c in hand if c != a.card], rules=rules).deadwood)
    throws = [a for a in legal if isinstance(a, gin.Discard)]
    return min(throws, key=lambda a: gin.deadwood([c for c in hand if c != a.card], rules=rules).deadwood)


def _without(hand: tuple[Any, ...], card: Any) -> tuple[Any, ...]:
    rest = list(hand)
    rest.remove(card)
    return tuple(rest)


def indian_move(state: indian.IndianDeal) -> Any:
    """Declare when a valid declaration is in hand, take the upcard when it lowers the hand's points, else
    throw the card whose loss leaves the fewest points."""
    seat = state.to_move
    assert seat is not None
    hand = state.hands[seat]
    rules = state.rules
    legal = state.legal_actions(seat)
    if state.phase is indian.IndianPhase.DRAW:
        top = state.discards[-1]
        if any(isinstance(a, indian.DrawDiscard) for a in legal):
            taken = (*hand, top)
            best = min(indian.losing_points(_without(taken, c), rules=rules) for c in set(taken) if c != top)
            if best < indian.losing_points(hand, rules=rules):
                return indian.DrawDiscard(seat)
        return indian.DrawStock(seat)
    for card in dict.fromkeys(hand):
        groups = indian.find_declaration(_without(hand, card), rules=rules)
        if groups is not None:
            return indian.Declare(seat, groups, card)
    throws = [a for a in legal if isinstance(a, indian.Discard)]
    return min(throws, key=lambda a: indian.losing_points(_without(hand, a.card), rules=rules))


def play(start: Referee, move: Callable[[Any], Any]) -> list[Any]:
    """The moves ``move`` makes from ``start`` to the end."""
    state, moves = start, []
    while not state.is_over and len(moves) < MAX_MOVES:
        action = move(state)
        state = state.apply(action)
        moves.append(action)
    return moves


@functools.cache
def examples() -> tuple[tuple[str, str], ...]:
    """Each example's title and record (played once, then remembered)."""
    out = []
    game = rummikub.RummikubGame.deal(rules=RUMMIKUB, players=2, seed=4)
    out.append(("Rummikub, 2 players", write_record(game, play(game, rummikub_move), date="2025-03-01")))
    names = ["Ann", "Bob", "Cy"]
    round_ = contracts.ContractRound.deal(rules=CONTRACT_RUMMY, players=3, seed=2, round_number=2)
    out.append(
        (
            "Contract Rummy, round 2 (one set and one run), 3 players",
            write_record(round_, play(round_, contract_move), names=names, date="2025-03-01"),
        )
    )
    round_ = contracts.ContractRound.deal(rules=SHANGHAI, players=3, seed=28, round_number=2)
    out.append(
        (
            "Shanghai, round 2 (one set and one run of 4), 3 players",
            write_record(round_, play(round_, contract_move), names=names, date="2025-03-01"),
        )
    )
    hand = gin.GinHand.deal(rules=GIN_RUMMY, seed=12, dealer=1)
    out.append(("Gin Rummy, one hand", write_record(hand, play(hand, gin_move), seed=12, date="2025-03-01")))
    deal = indian.IndianDeal.deal(rules=INDIAN_RUMMY, players=3, seed=3)
    out.append(
        (
            "Indian Rummy, one deal, 3 players",
            write_record(deal, play(deal, indian_move), names=names, date="2025-03-01"),
        )
    )
    return tuple(out)


def render() -> str:
    """The generated part of the page, between its markers."""
    parts = [START, ""]
    for title, record in examples():
        body = "\n".join("    " + line if line else "" for line in record.rstrip("\n").splitlines())
        parts += [f'??? example "{title}"', "", "    ```text", body, "    ```", ""]
    parts.append(END)
    return "\n".join(parts)


def page() -> str:
    """The whole page with its examples written in."""
    text = PAGE.read_text(encoding="utf-8")
    before, _, rest = text.partition(START)
    _, _, after = rest.partition(END)
    return before + render() + after


def main() -> int:
    """Write the page."""
    PAGE.write_text(page(), encoding="utf-8")
    print(f"wrote {PAGE.relative_to(PAGE.parent.parent)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
