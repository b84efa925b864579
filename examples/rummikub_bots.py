"""Two simple bots play a full, seeded game of Rummikub; the referee judges every turn.

Run it with ``python examples/rummikub_bots.py``: it prints the table after each turn and the
final scores. The bots are deliberately simple: they lay runs and groups found in their rack
(waiting until those are worth the initial meld) and the greedy one also adds single tiles to the
ends of sets on the table. Every play goes through `RummikubGame.apply(Play(...))`, so an illegal idea would
raise instead of corrupting the game.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable, Sequence

from rummylib import (
    RUMMIKUB,
    IllegalTurnError,
    Joker,
    Meld,
    Piece,
    RuleSet,
    Tile,
    format_pieces,
    is_valid_meld,
    read_meld,
)
from rummylib.rummikub import ActionKind, Draw, Pass, Play, RummikubGame
from rummylib.table import Table

Bot = Callable[[RummikubGame], RummikubGame]


def find_sets(rack: Sequence[Piece], *, rules: RuleSet) -> list[tuple[Piece, ...]]:
    """Disjoint runs and groups made from rack tiles: longest runs first, then groups."""
    left = Counter(p for p in rack if isinstance(p, Tile))
    found: list[tuple[Piece, ...]] = []
    for color in rules.colors:
        number = 1
        while number <= rules.max_number:
            end = number
            while end <= rules.max_number and left[Tile(color, end)] > 0:
                end += 1
            if end - number >= rules.min_run:
                run = tuple(Tile(color, n) for n in range(number, end))
                left.subtract(run)
                found.append(run)
            number = end + 1 if end == number else end
    for number in range(1, rules.max_number + 1):
        group = tuple(Tile(c, number) for c in rules.colors if left[Tile(c, number)] > 0)
        if len(group) >= rules.group_min:
            left.subtract(group)
            found.append(group)
    jokers = [p for p in rack if isinstance(p, Joker)]
    if jokers and not found:  # use a joker to complete a pair of neighbours of one colour
        for tile in sorted(+left, key=lambda t: (t.color.order, t.number)):
            nxt = Tile(tile.color, tile.number + 1) if tile.number < rules.max_number else None
            if nxt is not None and left[nxt] > 0 and is_valid_meld((tile, nxt, jokers[0]), rules=rules):
                found.append((tile, nxt, jokers[0]))
                break
    return found


def _value(sets: Sequence[tuple[Piece, ...]], rules: RuleSet) -> int:
    total = 0
    for s in sets:
        reading = read_meld(s, rules=rules)
        total += reading.value or 0 if reading is not None else 0
    return total


@functools.lru_cache(maxsize=65536)
def _arranged(pieces: tuple[Piece, ...], rules: RuleSet) -> Meld | None:
    """The pieces in reading order if they form a valid set (cached: bots ask often)."""
    reading = read_meld(pieces, rules=rules)
    return None if reading is None else Meld(reading.ordered_pieces())


def _extend(table: list[Meld], rack: Counter[Piece], rules: RuleSet) -> bool:
    """Add one rack tile to the start or end of a table set, if any fits."""
    for tile in sorted(+rack, key=str):
        for i, meld in enumerate(table):
            if len(meld) >= rules.longest_run:
                continue
            for candidate in ((*meld.pieces, tile), (tile, *meld.pieces)):
                arranged = _arranged(candidate, rules)
                if arranged is not None:
                    table[i] = arranged
                    rack[tile] -= 1
                    return True
    return False


def _bot(game: RummikubGame, *, extend: bool) -> RummikubGame:
    seat = game.to_move
    if seat is None:
        return game  # the game is over: nobody moves
    rules = game.rules
    rack = game.rack(seat)
    sets = find_sets(rack, rules=rules)
    opened = game.initial_meld_done[seat]
    if not opened and _value(sets, rules) < rules.initial_meld_points:
        sets = []
    table = list(game.table.melds) + [Meld(s) for s in sets]
    left = Counter(rack)
    for s in sets:
        left.subtract(s)
    if opened and extend:
        while _extend(table, left, rules):
            pass
    proposal = Table(table)
    if proposal != game.table:
        try:
            return game.apply(Play(seat, proposal))
        except IllegalTurnError:
            pass  # not worth enough for an initial meld, say: draw instead
    return game.apply(Draw(seat)) if game.stock else game.apply(Pass(seat))


def greedy_bot(game: RummikubGame) -> RummikubGame:
    """Lay every set found in the rack, then add single tiles to table sets."""
    return _bot(game, extend=True)


def cautious_bot(game: RummikubGame) -> RummikubGame:
    """Only lay whole new sets from the rack; never touch the table."""
    return _bot(game, extend=False)


def play_game(bots: Sequence[Bot], *, seed: int, rules: RuleSet = RUMMIKUB, verbose: bool = False) -> RummikubGame:
    """Play a whole game, each seat moved by its bot, and return the final state."""
    game = RummikubGame.deal(rules=rules, players=len(bots), seed=seed)
    while (seat := game.to_move) is not None:
        game = bots[seat](game)
        if verbose:
            action = game.history[-1]
            if action.kind is ActionKind.PLAY:
                print(f"player {action.player} plays {format_pieces(action.played)}")
            else:
                print(action)
            print(f"    table: {game.table or '(empty)'}")
    return game


def main() -> None:
    game = play_game([greedy_bot, cautious_bot], seed=2024, verbose=True)
    print()
    print("winner:", "nobody went out" if game.winner is None else f"player {game.winner}")
    for seat, (rack, score) in enumerate(zip(game.hands, game.result().scores, strict=True)):
        print(f"player {seat}: {score:+d}  (rack left: {format_pieces(rack) or 'empty'})")


if __name__ == "__main__":
    main()
