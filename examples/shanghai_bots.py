"""Four simple bots play a full 10-round game of Shanghai; prints the scores round by round.

The bots go down as soon as `rummylib.contracts.find_contract` finds the contract in hand, lay
off every card they can, buy a refused upcard that pairs with their hand, and discard the card that
helps them least. The referee (`rummylib.contracts.ContractGame`) enforces every rule.

One house rule keeps bot games finite: a round also ends when the stock runs out a second time
(``max_reshuffles=1``). Under the rule book alone, a round where every player is down holding
cards that fit no meld on the table could go on for ever.

Run it with ``python examples/shanghai_bots.py [seed]``.
"""

from __future__ import annotations

import sys

from rummylib import JOKER, SHANGHAI, Card, Piece
from rummylib.contracts import (
    Buy,
    ContractAction,
    ContractGame,
    ContractRound,
    DeclineBuy,
    Discard,
    DrawDiscard,
    DrawStock,
    LayDown,
    LayOff,
    Phase,
    SwapJoker,
    layoff_violations,
)

RULES = SHANGHAI.with_options({"max_reshuffles": 1})
PLAYERS = 4


def usefulness(card: Piece, hand: tuple[Piece, ...]) -> int:
    """How much a card helps a hand: cards of its rank, and cards of its suit one or two ranks away."""
    if not isinstance(card, Card):
        return 100  # jokers are always kept
    score = 0
    for other in hand:
        if isinstance(other, Card) and other is not card:
            if other.rank == card.rank:
                score += 3
            elif other.suit == card.suit and abs(other.rank - card.rank) <= 2:
                score += 2
    return score


def fits_table(card: Piece, state: ContractRound) -> bool:
    """Whether the card could be laid off on some meld of the table."""
    return any(not layoff_violations(m.reading, (card,), rules=state.rules) for m in state.table)


def wants(card: Piece, seat: int, state: ContractRound) -> bool:
    """Whether a bot would take ``card`` (from the discard pile, or by buying it)."""
    hand = state.hands[seat]
    if card == JOKER:
        return True
    if state.down[seat]:
        return fits_table(card, state)
    return usefulness(card, hand) >= 6


def choose(state: ContractRound) -> ContractAction:
    """The bot's action for whoever must act now."""
    if state.phase is Phase.BUY:
        assert state.window is not None
        seat = state.window.waiting[0]
        return Buy(seat) if wants(state.window.card, seat, state) else DeclineBuy(seat)
    seat = state.current
    if state.phase is Phase.DRAW:
        upcard = state.upcard
        return DrawDiscard(seat) if upcard is not None and wants(upcard, seat, state) else DrawStock(seat)
    actions = state.legal_actions()
    for kind in (LayDown, SwapJoker, LayOff):
        for action in actions:
            if isinstance(action, kind):
                return action
    hand = state.hands[seat]
    discards = [a for a in actions if isinstance(a, Discard)]
    return min(discards, key=lambda a: (usefulness(a.card, hand), -state.rules.piece_points(a.card)))


def play(seed: int) -> ContractGame:
    """Play a whole game with the bots and return it, finished."""
    game = ContractGame.deal(rules=RULES, players=PLAYERS, seed=seed)
    while not game.is_over:
        game = game.apply(choose(game.round))
    return game


def main() -> None:
    """Play one game and print the table of scores."""
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 2024
    game = play(seed)
    print(f"Shanghai, {PLAYERS} bots, seed {seed} (* = went out in one turn)")
    print(game.score_table())
    for result in game.results:
        how = f"player {result.went_out} went out" if result.went_out is not None else "the stock ran out"
        contract = RULES.round(result.round_number).contract
        print(f"round {result.round_number:>2} ({contract}): {how}")
    winners = ", ".join(f"player {p}" for p in game.winners)
    print(f"lowest total: {winners} with {min(game.totals)}")


if __name__ == "__main__":
    main()
