"""Whole hands for the Gin scoring tests: at a knock the defender always holds 10 cards.

Many rule-book examples need only a few defender cards to show a rule (the cards that lay off,
the deadwood that undercuts). `ten` fills such a hand up to 10 cards with runs that change
nothing: each run is wholly melded, of ranks nobody else holds (so it joins no set, the
knocker's or the defender's), and no card of it is next to a card of its suit in either hand (so
it extends no run, and nothing lays off on it or from it). The deadwood, the lay-offs and the
score are those of the few cards given; only ``defender_melds`` gains the runs.
"""

from __future__ import annotations

from rummylib import Card, parse_pieces

_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def _cards(text: str) -> list[Card]:
    return [p for p in parse_pieces(text) if isinstance(p, Card)]


def _fillers(taken: list[Card]) -> list[list[str]]:
    """Every run (3 to 5 cards) and set (3 or 4) that touches nothing in ``taken``."""
    ranks = {int(c.rank) for c in taken}
    near = {(c.suit.value, int(c.rank) + d) for c in taken for d in (-1, 0, 1)}
    free = [(s, r) for s in "cdhs" for r in range(1, 14) if r not in ranks and (s, r) not in near]
    found = []
    for length in (3, 4, 5):
        for s, low in free:
            if all((s, r) in free for r in range(low, low + length)):
                found.append([f"{_RANKS[r - 1]}{s}" for r in range(low, low + length)])
    for r in sorted({r for _, r in free}):
        suits = [s for s in "cdhs" if (s, r) in free]
        if len(suits) >= 3:
            found.append([f"{_RANKS[r - 1]}{s}" for s in suits[:3]])
        if len(suits) == 4:
            found.append([f"{_RANKS[r - 1]}{s}" for s in suits])
    return found


def _fill(need: int, options: list[list[str]], used: set[str]) -> list[str] | None:
    if need == 0:
        return []
    for i, meld in enumerate(options):
        if len(meld) <= need and not used.intersection(meld):
            rest = _fill(need - len(meld), options[i + 1 :], used | set(meld))
            if rest is not None:
                return meld + rest
    return None


def ten(defender: str, knocker: str) -> str:
    """``defender`` filled up to 10 cards with melds that touch nothing (see the module docs).

    Examples:
        >>> ten("Kc 2d", "Ah 2h 3h 7c 7d 7s 9c 9d 9s 9h")
        'Kc 2d 5c 5d 5h 5s Jc Jd Jh Js'
    """
    out = defender.split()
    if len(out) == 10:
        return defender
    filler = _fill(10 - len(out), _fillers(_cards(defender) + _cards(knocker)), set())
    if filler is None:
        raise ValueError(f"cannot fill {defender!r} up to 10 cards with melds that touch nothing")
    return " ".join(out + filler)
