"""The moves of a contract round's play phase, enumerated (private: `ContractRound.legal_actions` uses it).

A move is known by its result, so this module lists each result once, as data the referee turns
into actions:

* `lay_downs`: every distinct way to meet a contract from a hand. A way is a collection of melds,
  each a set of cards or a run with every card in its place (what a joker stands for is part of
  the move: ``4c 5c 6c *`` and ``* 4c 5c 6c`` are two lay-downs). Each is returned as the melds to
  write in a `LayDown`: runs from low to high (the order laid is the reading, as the rules of Contract Rummy say), sets
  with their natural cards first, and the melds in an order the contract checker counts the way
  meant (a meld that could be a set or a run is counted as the set it is meant to be).
* `layoff_groups`: every group of cards from a hand that might go on one meld of the table at
  once. It is a superset: the referee asks `check_layoff` about each, which decides.
* `swap_cards`: the cards of a hand that may take the place of a joker of a meld.

Everything here is a pure function of pieces, readings and the rule set; what needs a whole state
(whose turn, the jokers owed, the last card) stays with the referee.
"""

from __future__ import annotations

import functools
import heapq
import itertools
from collections.abc import Iterable, Iterator, Sequence
from typing import NamedTuple

import attrs

from rummylib.cards import Card, Rank, Suit
from rummylib.melds import Meld, MeldKind, MeldReading, meld_readings
from rummylib.pieces import JOKER, Joker, Piece, piece_sort_key
from rummylib.rules import Contract, RuleSet

__all__ = ["LayDownWay", "lay_downs", "lay_downs_in_order", "layoff_groups", "swap_cards"]

_SUITS = tuple(Suit)


_CARDS: dict[tuple[Suit, int], Card] = {
    (s, q): Card(Rank(1 if q == 14 else q), s) for s in _SUITS for q in range(1, 15)
}
"""The card at each place of a run of each suit (the ace at 1 and at 14)."""


def _card_at(suit: Suit, position: int) -> Card:
    return _CARDS[suit, position]


class _Facts:
    """What the rules say of each piece (wild, points), asked once per piece: a search asks it of every card."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        # By the piece's identity (a card's hash is a Python function), the piece held.
        self.wild: dict[int, tuple[Piece, bool]] = {}
        self.points: dict[int, tuple[Piece, int]] = {}
        self.suits: list[tuple[dict[int, Card], dict[int, bool], dict[int, int]]] = []
        shape = rules.meld_shape
        for suit in _SUITS:
            cards = {q: _card_at(suit, q) for q in range(shape.run_low, shape.run_high + 1)}
            wild = {q: self.is_wild(c) for q, c in cards.items()}
            points = {q: self.piece_points(c) for q, c in cards.items()}
            self.suits.append((cards, wild, points))

    def is_wild(self, piece: Piece) -> bool:
        found = self.wild.get(id(piece))
        if found is None or found[0] is not piece:
            if len(self.wild) >= 4096:
                self.wild.clear()
            found = self.wild[id(piece)] = (piece, self.rules.is_wild(piece))
        return found[1]

    def piece_points(self, piece: Piece) -> int:
        found = self.points.get(id(piece))
        if found is None or found[0] is not piece:
            if len(self.points) >= 4096:
                self.points.clear()
            found = self.points[id(piece)] = (piece, self.rules.piece_points(piece))
        return found[1]


_FACTS: dict[int, _Facts] = {}
"""The `_Facts` of each rule set met (by identity, the rule set held by its facts)."""


def _facts(rules: RuleSet) -> _Facts:
    found = _FACTS.get(id(rules))
    if found is None or found.rules is not rules:
        if len(_FACTS) >= 64:
            _FACTS.clear()
        found = _FACTS[id(rules)] = _Facts(rules)
    return found


def _counts(pieces: Iterable[Piece]) -> dict[Piece, int]:
    """How many of each piece, in the order first met (as `Counter` counts, without its cost)."""
    cnt: dict[Piece, int] = {}
    for p in pieces:
        cnt[p] = cnt.get(p, 0) + 1
    return cnt


def _spots(piece: Piece, rules: RuleSet) -> tuple[int, ...]:
    """Where a natural card may sit in a run: its rank (an ace low, high or both)."""
    if not isinstance(piece, Card):
        return ()
    if piece.rank is Rank.ACE:
        return ((1,) if rules.ace_low else ()) + ((14,) if rules.ace_high else ())
    return (int(piece.rank),)


# ------------------------------------------------------------------------------------------
# Lay-downs
# ------------------------------------------------------------------------------------------


class _Skeleton:
    """A meld of a lay-down before its wild pieces are chosen: its natural cards and its empty places.

    A plain class (not attrs): the search makes hundreds per hand, and compiled it is a native
    class whose construction and fields cost next to nothing. Compared by identity only.
    """

    kind: MeldKind
    key: tuple[object, ...]
    """Runs by suit, ends and natural places; sets by rank, natural cards and size."""
    suit: int
    """The run's suit (`Suit.order`), or -1 for a set."""
    low: int
    high: int
    naturals: tuple[Piece, ...]
    """The natural cards: a run's from low to high, a set's in canonical order."""
    slots: tuple[int, ...]
    """A run's empty places; for a set, one 0 per wild piece it takes."""
    barred: tuple[Piece | None, ...]
    """For each empty place, the wild card that may not fill it (it would be natural there)."""
    rank: int
    """A set's rank (0 for a run)."""
    uses: int
    """The natural cards as packed counts (see `_Packing`)."""
    wild_naturals: tuple[Piece, ...]
    """The wild cards it holds as naturals (a deuce in its own place, a set of deuces)."""
    points: int
    """Points of the natural cards."""
    plain: int
    """How many of its natural cards are not wild."""

    def __init__(
        self,
        kind: MeldKind,
        key: tuple[object, ...],
        suit: int,
        low: int,
        high: int,
        naturals: tuple[Piece, ...],
        slots: tuple[int, ...],
        barred: tuple[Piece | None, ...],
        rank: int,
        uses: int,
        wild_naturals: tuple[Piece, ...],
        points: int,
        plain: int,
    ) -> None:
        self.kind = kind
        self.key = key
        self.suit = suit
        self.low = low
        self.high = high
        self.naturals = naturals
        self.slots = slots
        self.barred = barred
        self.rank = rank
        self.uses = uses
        self.wild_naturals = wild_naturals
        self.points = points
        self.plain = plain


def _item_key(item: tuple[Piece, int]) -> tuple[int, int, int]:
    return _key_of(item[0])


class _Packing:
    """Counts of the hand's pieces packed in one int, eight bits each, to test a meld's fit in one subtraction.

    Each field holds a count (below 128: a game has at most a few copies of a card) under a guard
    bit; taking more than a field holds borrows its guard bit, and only that one.
    """

    def __init__(self, cnt: dict[Piece, int]) -> None:
        self.pieces: list[Piece] = []
        """The pieces counted, field by field."""
        self.bit_of: dict[int, int] = {}
        """Each piece counted (the objects ``cnt`` holds), by identity: its field's lowest bit."""
        guard = full = 0
        for i, (p, n) in enumerate(sorted(cnt.items(), key=_item_key)):
            self.pieces.append(p)
            self.bit_of[id(p)] = 1 << (8 * i)
            guard |= 1 << (8 * i + 7)
            full |= n << (8 * i)
        self.guard = guard
        self.full = guard | full

    @property
    def index(self) -> dict[Piece, int]:
        """Each piece's field (built when asked: the search reads the fields by identity)."""
        return {p: i for i, p in enumerate(self.pieces)}

    def pack(self, items: Iterable[tuple[Piece, int]]) -> int:
        index = self.index
        return sum(n << (8 * index[p]) for p, n in items)


def _run_skeletons(cnt: dict[Piece, int], contract: Contract, rules: RuleSet, packing: _Packing) -> list[_Skeleton]:
    """Every run of the contract's size whose natural cards the hand holds (wild pieces fill the rest)."""
    shape = rules.meld_shape
    low_end, high_end = shape.run_low, shape.run_high
    longest = contract.run_size if contract.exact else shape.run_max
    facts = _facts(rules)
    wild_total = 0
    # The hand's cards by suit and rank (``cnt``'s own objects, read by identity: no hash).
    held_n = [[0] * 14 for _ in _SUITS]
    held_bit = [[0] * 14 for _ in _SUITS]
    bit_of = packing.bit_of
    for p, n in cnt.items():
        if facts.is_wild(p):
            wild_total += n
        if isinstance(p, Card) and n:
            s, r = p.suit.order, int(p.rank)
            held_n[s][r] = n
            held_bit[s][r] = bit_of[id(p)]
    out: list[_Skeleton] = []
    for suit in _SUITS:
        cards, wild, points = facts.suits[suit.order]
        row_n, row_bit = held_n[suit.order], held_bit[suit.order]
        have = {q for q in cards if row_n[1 if q == 14 else q]}
        if not have:
            continue
        bit = {q: row_bit[1 if q == 14 else q] for q in cards if q in have}
        two_aces = 1 in have and row_n[1] >= 2
        for low in range(low_end, high_end + 1):
            for size in range(contract.run_size, longest + 1):
                high = low + size - 1
                if high > high_end:
                    break
                window = range(low, high + 1)
                held = [q for q in window if q in have]
                for k in range(len(held), max(1, size - wild_total) - 1, -1):
                    if rules.too_many_jokers(size - k, k) is not None:
                        break
                    for places in itertools.combinations(held, k):
                        if 1 in places and 14 in places and not two_aces:
                            continue
                        taken = set(places)
                        slots = tuple(q for q in window if q not in taken)
                        wild_naturals = tuple(cards[q] for q in places if wild[q])
                        out.append(
                            _Skeleton(
                                kind=MeldKind.RUN,
                                key=(1, suit.order, low, high, places),
                                suit=suit.order,
                                low=low,
                                high=high,
                                naturals=tuple(cards[q] for q in places),
                                slots=slots,
                                barred=tuple(cards[q] if wild[q] else None for q in slots),
                                rank=0,
                                uses=sum(bit[q] for q in places),
                                wild_naturals=wild_naturals,
                                points=sum(points[q] for q in places),
                                plain=k - len(wild_naturals),
                            )
                        )
    out.sort(key=lambda m: m.key)
    return out


def _sub_multisets(items: Sequence[tuple[Piece, int]], most: int) -> Iterator[tuple[Piece, ...]]:
    """Every sub-multiset of ``items`` (piece, count) with at most ``most`` pieces, the empty one first."""
    if not items:
        yield ()
        return
    (piece, count), rest = items[0], items[1:]
    for k in range(min(count, most) + 1):
        for tail in _sub_multisets(rest, most - k):
            yield (piece,) * k + tail


def _index_multisets(items: Sequence[tuple[int, int]], size: int) -> Iterator[tuple[int, ...]]:
    """Every multiset of exactly ``size`` indexes from ``items`` (index, count), as sorted tuples."""
    if not size:
        yield ()
        return
    if not items:
        return
    (k, count), rest = items[0], items[1:]
    for n in range(min(count, size), -1, -1):
        for tail in _index_multisets(rest, size - n):
            yield (k,) * n + tail


def _record_key(record: tuple[tuple[int, int, int], Piece, int, bool, int, int]) -> tuple[int, int, int]:
    return record[0]


def _group_skeletons(cnt: dict[Piece, int], contract: Contract, rules: RuleSet, packing: _Packing) -> list[_Skeleton]:
    """Every set of the contract's size whose natural cards the hand holds (a set is its cards: order is free)."""
    shape = rules.meld_shape
    total = sum(cnt.values())
    biggest = contract.set_size if contract.exact else total
    if shape.group_max is not None:
        biggest = min(biggest, shape.group_max)
    # One pass over the hand: the cards of each rank (each with what the search needs of it, so
    # that no card is looked up again), the wild pieces (all, and of each rank).
    by_rank: dict[int, list[tuple[tuple[int, int, int], Piece, int, bool, int, int]]] = {}
    wild_of_rank: dict[int, int] = {}
    wild_total = 0
    facts = _facts(rules)
    bit_of = packing.bit_of  # ``cnt``'s own objects: by identity, no hash
    for p, n in cnt.items():
        wild = facts.is_wild(p)
        if wild:
            wild_total += n
        if isinstance(p, Card):
            r = int(p.rank)
            record = (_key_of(p), p, n, wild, facts.piece_points(p), bit_of[id(p)])
            by_rank.setdefault(r, []).append(record)
            if wild:
                wild_of_rank[r] = wild_of_rank.get(r, 0) + n
    most_of: dict[int, int | None] = {}
    out: list[_Skeleton] = []
    for rank in sorted(by_rank):
        records = sorted(by_rank[rank], key=_record_key)  # canonical order (the keys differ)
        fill = wild_total - wild_of_rank.get(rank, 0)
        held = sum(rec[2] for rec in records)
        # A set of ``a`` natural cards takes at most ``fill`` wild pieces: fewer than the set's size less
        # ``fill`` never make one.
        for a in range(max(1, contract.set_size - fill), min(biggest, held) + 1):
            if a not in most_of:
                most_of[a] = rules.most_jokers(a)
            most = most_of[a]
            top = min(biggest - a, fill, most if most is not None else fill)
            if shape.distinct:
                top = min(top, 4 - a)
            low_f = max(0, contract.set_size - a)
            if low_f > top:
                continue
            for picks in _index_multisets([(i, rec[2]) for i, rec in enumerate(records)], a):
                chosen = [records[i] for i in picks]
                if shape.distinct and len({rec[0][1] for rec in chosen}) < a:
                    continue
                nat = tuple([rec[1] for rec in chosen])
                wild_naturals = tuple([rec[1] for rec in chosen if rec[3]])
                uses = 0
                nat_points = 0
                for rec in chosen:
                    uses += rec[5]
                    nat_points += rec[4]
                keys = tuple([rec[0] for rec in chosen])
                for f in range(low_f, top + 1):
                    if contract.exact and a + f != contract.set_size:
                        continue
                    out.append(
                        _Skeleton(
                            kind=MeldKind.GROUP,
                            key=(0, rank, keys, f),
                            suit=-1,
                            low=rank,
                            high=rank,
                            naturals=nat,
                            slots=(0,) * f,
                            barred=(None,) * f,
                            rank=rank,
                            uses=uses,
                            wild_naturals=wild_naturals,
                            points=nat_points,
                            plain=a - len(wild_naturals),
                        )
                    )
    out.sort(key=lambda m: m.key)
    return out


@functools.lru_cache(maxsize=64)
def _meld_rules(rules: RuleSet) -> RuleSet:
    """The rules the contract checker reads a lay-down's melds with (short melds still read)."""
    if rules.min_run == 3 and rules.group_min == 2:
        return rules
    return attrs.evolve(rules, min_run=3, group_min=2)


def _run_first(written: tuple[Piece, ...], rules: RuleSet) -> bool:
    """Whether the contract checker tries a meld, as written, as a run before trying it as a set."""
    readings = meld_readings(Meld(written), rules=_meld_rules(rules))
    if any(r.as_laid for r in readings):
        readings = tuple(r for r in readings if r.kind is MeldKind.GROUP or r.as_laid)
    return bool(readings) and readings[0].kind is MeldKind.RUN


def _maybe_both(pieces: Sequence[Piece], rules: RuleSet) -> bool:
    """Whether a meld could read both as a set and as a run: its non-wild cards share one rank and suit."""
    return len({(p.rank, p.suit) for p in pieces if isinstance(p, Card) and not rules.is_wild(p)}) <= 1


class LayDownWay(NamedTuple):
    """One distinct lay-down: the melds to write, and the points and cards it leaves in hand."""

    melds: tuple[Meld, ...]
    """The melds, in the order to write them."""
    points_left: int
    """Points of the cards it leaves in hand."""
    cards_left: int
    """How many cards it leaves in hand."""
    sort_key: tuple[object, ...]
    """Fewest points left first, then fewest cards, then the cards."""

    @property
    def used(self) -> tuple[Piece, ...]:
        """Every card it lays down."""
        return tuple(p for m in self.melds for p in m.pieces)


class _LayDowns:
    """The search behind `lay_downs`: melds chosen by their natural cards, wild pieces shared out last."""

    def __init__(self, hand: Sequence[Piece], contract: Contract, rules: RuleSet, must_use: Sequence[Piece]) -> None:
        self.rules = rules
        self.contract = contract
        self.cnt: dict[Piece, int] = _counts(hand)
        self.packing = _Packing(self.cnt)
        facts = self.facts = _facts(rules)
        self.wilds = sorted((p for p in self.cnt if facts.is_wild(p)), key=_key_of)
        self.wild_total = sum(self.cnt[w] for w in self.wilds)
        self.runs: list[_Skeleton] = []
        self.groups: list[_Skeleton] = []
        self.total_cards = len(hand)
        self.total_points = sum(facts.piece_points(p) for p in hand)
        self.need = _counts(must_use)
        self.plain = [0, 0, 0, 0]  # cards of each suit in hand that are not wild
        for p, n in self.cnt.items():
            if isinstance(p, Card) and not facts.is_wild(p):
                self.plain[p.suit.order] += n
        self.dedupe = len(rules.all_wild_ranks) > 1  # a set of two wild ranks reads one way only
        # A whole-hand contract of runs alone: a natural card no run can take is left in hand.
        self.runs_only_whole_hand = contract.whole_hand and not contract.sets
        self.seen: set[tuple[object, ...]] = set()
        self.memo: dict[tuple[MeldKind, tuple[Piece, ...]], _Written] = {}
        self.fillings: dict[tuple[int, tuple[int, ...]], list[tuple[_Written, tuple[int, ...]]]] = {}
        self.wild_index = {w: k for k, w in enumerate(self.wilds)}
        self.found: list[LayDownWay] = []
        self.chosen: list[_Skeleton] = []
        self.combos: list[tuple[tuple[_Skeleton, ...], int]] | None = None
        """When a list, the search keeps each collection of melds with its wild pieces to place, unfilled."""

    def run(self) -> list[LayDownWay]:
        contract = self.contract
        if self.runs_only_whole_hand and (
            self._hopeless(contract.runs, 0) or self.total_cards - 1 > contract.runs * self.rules.longest_run
        ):
            return []  # more than one card would be left whatever the runs
        self.runs = _run_skeletons(self.cnt, contract, self.rules, self.packing) if contract.runs else []
        self.groups = _group_skeletons(self.cnt, contract, self.rules, self.packing) if contract.sets else []
        self._runs(0, 0, self.packing.full, 0, 0)
        return self.found

    # --- choosing melds by their natural cards ------------------------------------------------
    def _hopeless(self, runs_left: int, suit: int) -> bool:
        """A whole-hand contract whose runs from ``suit`` on must leave more than one card in hand."""
        stranded = sum(self.plain[s] for s in range(suit))
        open_counts = sorted(self.plain[s] for s in range(suit, 4) if self.plain[s])
        if len(open_counts) > runs_left:
            stranded += sum(open_counts[: len(open_counts) - runs_left])
        return stranded > 1

    def _runs(self, slot: int, start: int, left: int, fill: int, wild_nat: int) -> None:
        contract, runs, guard = self.contract, self.runs, self.packing.guard
        prune = self.runs_only_whole_hand
        if slot == contract.runs:
            if prune and self._hopeless(0, 4):
                return
            self._groups(0, 0, left, fill, wild_nat)
            return
        suit, hopeless = -1, False
        for i in range(start, len(runs)):
            m = runs[i]
            if prune and m.suit != suit:
                suit = m.suit
                hopeless = self._hopeless(contract.runs - slot, suit)
            if prune and hopeless:
                continue
            after = left - m.uses
            if after & guard != guard:
                continue
            nat = wild_nat + len(m.wild_naturals)
            if fill + len(m.slots) > self.wild_total - nat:
                continue
            if any(c.suit == m.suit and (c.high + 1 == m.low or m.high + 1 == c.low) for c in self.chosen):
                continue
            self.chosen.append(m)
            self.plain[m.suit] -= m.plain
            self._runs(slot + 1, i, after, fill + len(m.slots), nat)
            self.plain[m.suit] += m.plain
            self.chosen.pop()

    def _groups(self, slot: int, start: int, left: int, fill: int, wild_nat: int) -> None:
        contract, groups, guard = self.contract, self.groups, self.packing.guard
        if slot == contract.sets:
            used = sum(len(m.naturals) for m in self.chosen) + fill
            if contract.whole_hand and self.total_cards - used > 1:
                return
            if self.combos is not None:
                self.combos.append((tuple(self.chosen), fill))
                return
            self._fill(fill)
            return
        for i in range(start, len(groups)):
            m = groups[i]
            after = left - m.uses
            if after & guard != guard:
                continue
            nat = wild_nat + len(m.wild_naturals)
            if fill + len(m.slots) > self.wild_total - nat:
                continue
            self.chosen.append(m)
            self._groups(slot + 1, i, after, fill + len(m.slots), nat)
            self.chosen.pop()

    def in_order(self) -> Iterator[LayDownWay]:
        """The ways of `run`, sorted as `lay_downs` sorts them, each filled only when it may come next.

        The collections of melds are found first, unfilled; each has a bound on what it can leave
        in hand (its cards left are known, its points left are at least what the most valuable
        wild pieces would leave). The collections are filled in the order of their bounds, and a
        way found is given once no collection still to fill could give one before it. Ways that
        sort equal keep the order of the full search (collection, then filling).
        """
        self.combos = []
        self.run()
        combos = self.combos
        wild_points = sorted([self.facts.piece_points(w) for w in self.wilds for _ in range(self.cnt[w])], reverse=True)
        best_fill = [0]
        for p in wild_points:
            best_fill.append(best_fill[-1] + p)
        order: list[tuple[int, int, int]] = []
        for idx, (chosen, fill) in enumerate(combos):
            cards = fill
            points = best_fill[fill]
            for m in chosen:
                cards += len(m.naturals)
                points += m.points
            order.append((self.total_points - points, self.total_cards - cards, idx))
        order.sort()
        heap: list[tuple[tuple[object, ...], int, int, LayDownWay]] = []
        for least_points, cards_left, idx in order:
            while heap and (heap[0][3].points_left, heap[0][3].cards_left) < (least_points, cards_left):
                yield heapq.heappop(heap)[3]
            chosen, fill = combos[idx]
            self.chosen = list(chosen)
            self.found = []
            self._fill(fill)
            for j, way in enumerate(self.found):
                heapq.heappush(heap, (way.sort_key, idx, j, way))
        while heap:
            yield heapq.heappop(heap)[3]

    # --- sharing out the wild pieces -------------------------------------------------------------
    def _fill(self, fill: int) -> None:
        spare = [self.cnt[w] for w in self.wilds]
        for m in self.chosen:
            for c in m.wild_naturals:
                spare[self.wild_index[c]] -= 1
        self._fill_meld(0, spare, [])

    def _fill_meld(self, j: int, spare: list[int], written: list[_Written]) -> None:
        chosen = self.chosen
        if j == len(chosen):
            self._emit(written)
            return
        m = chosen[j]
        twin = j > 0 and chosen[j - 1] is m  # the same meld twice: its two fillings in one order only
        for info, took in self._fillings(m, spare):
            if twin and info.keys < written[-1].keys:
                continue
            for k in took:
                spare[k] -= 1
            written.append(info)
            self._fill_meld(j + 1, spare, written)
            written.pop()
            for k in took:
                spare[k] += 1

    def _fillings(self, m: _Skeleton, spare: list[int]) -> list[tuple[_Written, tuple[int, ...]]]:
        """Every way to fill a meld's empty places from the ``spare`` wild pieces (by index), with what each takes.

        Remembered for the search: the same meld comes back with the same pieces to spare in many
        collections of melds.
        """
        key = (id(m), tuple(spare))
        found = self.fillings.get(key)
        if found is not None:
            return found
        found = []
        wilds = self.wilds
        if m.kind is MeldKind.GROUP:
            allowed = [
                (k, spare[k])
                for k, w in enumerate(wilds)
                if spare[k] and not (isinstance(w, Card) and w.rank == m.rank)
            ]
            for took in _index_multisets(allowed, len(m.slots)):
                found.append((self._written(m, m.naturals + tuple(wilds[k] for k in took)), took))
        else:
            empty = set(m.slots)
            naturals = iter(m.naturals)
            run: list[Piece] = [JOKER if q in empty else next(naturals) for q in range(m.low, m.high + 1)]
            at = [q - m.low for q in m.slots]
            barred = [-1 if b is None else self.wild_index.get(b, -1) for b in m.barred]
            left = list(spare)
            placed: list[int] = []

            def place(i: int) -> None:
                if i == len(at):
                    found.append((self._written(m, tuple(run)), tuple(placed)))
                    return
                for k in range(len(wilds)):
                    if left[k] and k != barred[i]:
                        left[k] -= 1
                        run[at[i]] = wilds[k]
                        placed.append(k)
                        place(i + 1)
                        placed.pop()
                        left[k] += 1

            place(0)
        self.fillings[key] = found
        return found

    def _written(self, m: _Skeleton, pieces: tuple[Piece, ...]) -> _Written:
        """What the search needs of a filled meld, worked out once per search."""
        key = (m.kind, pieces)
        info = self.memo.get(key)
        if info is None:
            rules = self.rules
            keys = _piece_keys(pieces)
            late = m.kind is MeldKind.GROUP and _maybe_both(pieces, rules) and _run_first(pieces, rules)
            info = _Written(
                meld=Meld(pieces),
                keys=keys,
                order=(late, m.key, keys),
                points=sum(self.facts.piece_points(p) for p in pieces),
            )
            self.memo[key] = info
        return info

    def _emit(self, written: list[_Written]) -> None:
        if self.need:
            got = _counts([p for w in written for p in w.meld.pieces])
            if any(got.get(p, 0) < n for p, n in self.need.items()):
                return
        if self.dedupe:
            key = tuple(sorted(tuple(sorted(w.keys)) for w in written))
            if key in self.seen:
                return
            self.seen.add(key)
        ordered = sorted(written, key=_order)
        cards = points = 0
        for w in written:
            cards += len(w.keys)
            points += w.points
        points_left, cards_left = self.total_points - points, self.total_cards - cards
        melds = tuple([w.meld for w in ordered])
        self.found.append(
            LayDownWay(melds, points_left, cards_left, (points_left, cards_left, tuple([w.keys for w in ordered])))
        )


def _order(w: _Written) -> tuple[object, ...]:
    """Where a meld goes in the way written: sets (by rank), then runs (by suit and place), sets read as runs last.

    A meld that could read both as a set and as a run is counted by the contract checker the first
    way that meets the contract, trying the melds in the order given and each first as it reads
    first (a meld whose cards, as written, form an ascending run, as that run). Runs are written
    as the run they are. A set the checker would try as a run first is written last: every way of
    counting it as a run, with the melds before it as they are meant, counts one set too few, so
    the checker comes to the way meant before any other way that meets the contract.
    """
    return w.order


class _Written:
    """A filled meld of the search: the meld, its cards' sort keys, where it is written, its points.

    A plain class, as `_Skeleton` is.
    """

    meld: Meld
    keys: tuple[tuple[int, int, int], ...]
    order: tuple[object, ...]
    points: int

    def __init__(
        self, meld: Meld, keys: tuple[tuple[int, int, int], ...], order: tuple[object, ...], points: int
    ) -> None:
        self.meld = meld
        self.keys = keys
        self.order = order
        self.points = points


def _piece_keys(pieces: Sequence[Piece]) -> tuple[tuple[int, int, int], ...]:
    return tuple(map(_key_of, pieces))


_KEYS: dict[int, tuple[Piece, tuple[int, int, int]]] = {}
"""`piece_sort_key` of each piece met, by its identity (the piece held, so that its id stays its own)."""


def _key_of(piece: Piece) -> tuple[int, int, int]:
    """`piece_sort_key`, remembered: a game's pieces are a few shared objects, asked for often.

    Looked up by identity: a card's own hash is a Python function, a dozen times dearer.
    """
    found = _KEYS.get(id(piece))
    if found is not None and found[0] is piece:
        return found[1]
    key = piece_sort_key(piece)
    if len(_KEYS) >= 4096:
        _KEYS.clear()
    _KEYS[id(piece)] = (piece, key)
    return key


def lay_downs(
    hand: Sequence[Piece], contract: Contract, rules: RuleSet, *, must_use: Sequence[Piece] = ()
) -> list[LayDownWay]:
    """Every distinct lay-down meeting ``contract`` from ``hand``, holding ``must_use``; fewest points left first.

    Two ways are distinct when the melds differ in a card or in what a card stands for; the order
    of the melds, and of the cards of a set, is not part of a way. The search chooses the melds by
    their natural cards (runs suit by suit, then sets rank by rank, each list in one order so that
    a collection of melds is met once) and then shares the wild pieces out over the empty places.
    """
    found = _LayDowns(hand, contract, rules, must_use).run()
    found.sort(key=lambda w: w.sort_key)
    return found


def lay_downs_in_order(
    hand: Sequence[Piece], contract: Contract, rules: RuleSet, *, must_use: Sequence[Piece] = ()
) -> Iterator[LayDownWay]:
    """The ways of `lay_downs`, in the same order, found lazily: taking the first few fills few melds."""
    search = _LayDowns(hand, contract, rules, must_use)
    if search.dedupe:
        # Two wild ranks: the search keeps the first of two ways that read alike, an order the
        # lazy filling does not keep.
        found = search.run()
        found.sort(key=lambda w: w.sort_key)
        yield from found
        return
    yield from search.in_order()


# ------------------------------------------------------------------------------------------
# Lay-offs and joker swaps
# ------------------------------------------------------------------------------------------


_HAND_PARTS: list[tuple[object, object, dict[Piece, int], list[tuple[Piece, int]]]] = []
"""`_hand_parts` of the last hand asked about (by identity): every meld of the table asks of the same hand."""


def _hand_parts(hand: Sequence[Piece], rules: RuleSet) -> tuple[dict[Piece, int], list[tuple[Piece, int]]]:
    """The hand's counts, and its wild pieces with their counts in canonical order (not to be changed)."""
    if _HAND_PARTS and _HAND_PARTS[0][0] is hand and _HAND_PARTS[0][1] is rules:
        return _HAND_PARTS[0][2], _HAND_PARTS[0][3]
    cnt = _counts(hand)
    facts = _facts(rules)
    wilds = sorted(((p, n) for p, n in cnt.items() if facts.is_wild(p)), key=_first_key)
    if type(hand) is tuple:  # (a list could change under the same identity)
        _HAND_PARTS[:] = [(hand, rules, cnt, wilds)]
    return cnt, wilds


def _first_key(item: tuple[Piece, int]) -> tuple[int, int, int]:
    return _key_of(item[0])


def layoff_groups(hand: Sequence[Piece], reading: MeldReading, rules: RuleSet) -> Iterator[tuple[Piece, ...]]:
    """Every group of cards of ``hand`` that might be laid off on the meld at once (sorted; a superset).

    A set takes cards of its rank and wild pieces; a run takes natural cards beyond its ends (or,
    under ``joker_slides``, where a joker stands) and wild pieces, as long as the new run could be
    one unbroken run no longer than the rules allow. `check_layoff` decides each.
    """
    cnt, wilds = _hand_parts(hand, rules)
    if reading.kind is MeldKind.GROUP:
        facts = _facts(rules)
        rank = reading.rank
        naturals = sorted(
            ((p, n) for p, n in cnt.items() if isinstance(p, Card) and int(p.rank) == rank and not facts.is_wild(p)),
            key=lambda x: _key_of(x[0]),
        )
        room = len(hand) if rules.group_max is None else rules.group_max - len(reading.meld)
        for cards in _sub_multisets([*naturals, *wilds], room):
            if cards:
                yield tuple(sorted(cards, key=_key_of))
        return
    yield from _run_layoffs(cnt, wilds, reading, rules)


def _run_layoffs(
    cnt: dict[Piece, int], wilds: list[tuple[Piece, int]], reading: MeldReading, rules: RuleSet
) -> Iterator[tuple[Piece, ...]]:
    face = reading.faces[0]
    assert isinstance(face, Card)
    suit = face.suit
    taken = set(reading.positions)
    low, high = min(taken), max(taken)
    size = len(reading.meld)
    room = rules.longest_run - size
    if room <= 0:
        return
    acting = {q for q, a in zip(reading.positions, reading.acting, strict=True) if a}
    facts = _facts(rules)
    # Natural cards that might go on: beyond the ends, or (sliding a joker) where a joker stands.
    # Wild cards go anywhere a filler goes, so they are counted with the fillers.
    outside: dict[Piece, tuple[int, ...]] = {}
    slides: list[Piece] = []
    for p in sorted(cnt, key=_key_of):
        if not isinstance(p, Card) or p.suit is not suit or facts.is_wild(p):
            continue
        spots = _spots(p, rules)
        free = tuple(q for q in spots if q not in taken)
        if free:
            outside[p] = free
        if rules.joker_slides and any(q in acting for q in spots):
            slides.append(p)
    naturals = [(p, min(cnt[p], len(free))) for p, free in outside.items()]
    seen: set[tuple[Piece, ...]] = set()
    for slide in _sub_multisets([(p, 1) for p in slides], len(acting)):
        spare = [(p, n - slide.count(p)) for p, n in naturals]
        for nat in _sub_multisets(spare, room - len(slide)):
            for wild in _sub_multisets(wilds, room - len(slide) - len(nat)):
                cards = (*slide, *nat, *wild)
                if not cards or not _could_join(nat, size + len(cards), low, high, outside):
                    continue
                key = tuple(sorted(cards, key=_key_of))
                if key not in seen:
                    seen.add(key)
                    yield key


def _could_join(nat: tuple[Piece, ...], length: int, low: int, high: int, spots: dict[Piece, tuple[int, ...]]) -> bool:
    """Whether natural cards set in some of their places leave a run of ``length`` cards possible.

    The run low..high and the naturals must fit in one window of ``length`` places (the rules'
    bounds hold it: ``length`` is at most the longest run); fillers take every other place.
    """
    for places in itertools.product(*(spots[p] for p in nat)):
        if len(set(places)) == len(places) and max((high, *places)) - min((low, *places)) + 1 <= length:
            return True
    return False


def swap_cards(hand: Sequence[Piece], reading: MeldReading, rules: RuleSet) -> Iterator[Piece]:
    """The distinct cards of ``hand`` that may take the place of a piece acting as a joker in the meld."""
    acting = [i for i, a in enumerate(reading.acting) if a]
    if not acting:
        return
    for p in sorted(set(hand), key=_key_of):
        if isinstance(p, Joker):
            continue
        if reading.kind is MeldKind.GROUP:
            if isinstance(p, Card) and int(p.rank) == reading.rank:
                yield p
        elif any(
            isinstance(p, Card)
            and isinstance(reading.faces[i], Card)
            and p.suit is reading.faces[i].suit  # type: ignore[union-attr]
            and reading.positions[i] in _spots(p, rules)
            for i in acting
        ):
            yield p
