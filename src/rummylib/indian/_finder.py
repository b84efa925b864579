"""The search behind `find_declaration` and `declarable_discards`, on small ints (private; compiled).

Cards are ``(suit order, rank)`` pairs inside; `Piece` values appear only where a plan is named.
`rummylib.indian.declarations` is its public face and checks every input first.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence

from rummylib.cards import Card, Rank, Suit
from rummylib.melds import Meld, MeldKind, meld_readings
from rummylib.pieces import JOKER, Piece
from rummylib.rules import RuleSet

__all__ = ["Finder"]

_Nat = tuple[int, int]  # (suit order, rank 1-13)
_FILLER: _Nat = (-1, 0)  # a place held by a joker or a wild card acting, named only at the end
_JOKER_MARK: _Nat = (-2, 0)  # a joker in a group of leftover pieces
_CARDS: dict[_Nat, Piece] = {(s.order, int(r)): Card(r, s) for s in Suit for r in Rank}
_CARDS[_JOKER_MARK] = JOKER
_Groups = tuple[tuple[_Nat, ...], ...]
_Plan = tuple[_Groups, tuple[Piece, ...]]
"""Groups as laid (with `_FILLER` places), and the pieces that fill those places, in order."""
_Candidate = tuple[tuple[_Nat, ...], tuple[_Nat, ...], tuple[_Nat, ...], int, bool, bool]
"""A group: its cards as laid, the naturals it takes, the wild cards it takes as themselves, how
many fillers it takes, whether it counts as a sequence and whether it is pure."""


@functools.lru_cache(maxsize=16_384)
def _meld_info(pieces: tuple[Piece, ...], rules: RuleSet) -> tuple[bool, bool, bool]:
    """What `declaration_violations` makes of one group: valid, a sequence, a pure sequence."""
    readings = meld_readings(Meld(pieces), rules=rules)
    runs = [r for r in readings if r.kind is MeldKind.RUN]
    return bool(readings), bool(runs), any(r.is_pure for r in runs)


class Finder:
    """The search of `find_declaration`.

    The first natural card left (in canonical order) is given a group in every way it can have
    one: a run of its suit over every window of places around it, each place holding its own card
    (a natural, or a wild card standing for itself) or a filler, or a set of its rank. Which joker
    or wild card fills a place does not change whether a group is valid, so the search only counts
    the fillers it has used (``spare``: jokers and wild cards not yet spoken for); the pieces are
    named once the naturals are placed. Then the pieces left over must make groups of their own
    (judged by the meld engine). Positions reached twice are searched once.
    """

    def __init__(self, pieces: Sequence[Piece], rules: RuleSet) -> None:
        self.rules = rules
        shape = rules.meld_shape
        self.shape = shape
        self.need_seq = rules.min_sequences
        self.need_pure = rules.min_pure_sequences
        self.smallest = min(shape.group_min, shape.run_min)
        self.low_ace = shape.run_low == 1
        self.high_ace = shape.run_high == 14
        wild_ranks = rules.all_wild_ranks  # (`RuleSet.is_wild` of a card)
        naturals: list[_Nat] = []
        wilds: list[_Nat] = []
        jokers = 0
        for p in pieces:
            if isinstance(p, Card):
                rank = p.rank
                (wilds if rank in wild_ranks else naturals).append((p.suit.order, int(rank)))
            else:
                jokers += 1
        naturals.sort()
        wilds.sort()
        self.naturals = tuple(naturals)
        self.wilds = tuple(wilds)
        self.jokers = jokers
        self.memo: dict[tuple[object, ...], _Plan | None] = {}
        self.discard_memo: dict[tuple[object, ...], frozenset[_Nat]] = {}
        self.joker_limits: dict[int, bool] = {}

    def find(self) -> tuple[tuple[Piece, ...], ...] | None:
        if self.need_pure and not self._has_pure_window():
            return None
        plan = self._go(self.naturals, self.wilds, self.jokers + len(self.wilds), 0, 0)
        if plan is None:
            return None
        groups, fill = plan
        pieces = iter(fill)
        return tuple(tuple(next(pieces) if n == _FILLER else _CARDS[n] for n in group) for group in groups)

    def discards(self) -> frozenset[Piece]:
        """The pieces whose discard leaves the others a declaration (the hand holds one piece more)."""
        if self.need_pure and not self._has_pure_window():
            return frozenset()
        found = self._discards(self.naturals, self.wilds, self.jokers + len(self.wilds), 0, 0)
        return frozenset(_CARDS[n] for n in found)

    # --- quick tests ------------------------------------------------------------------------
    def _positions(self, rank: int) -> tuple[int, ...]:
        if rank == 1:
            low = (1,) if self.shape.run_low == 1 else ()
            return low + ((14,) if self.shape.run_high == 14 else ())
        return (rank,)

    def _needy(self, naturals: tuple[_Nat, ...]) -> int:
        """A lower bound on the fillers (jokers and wild cards) the naturals need to be placed.

        Two naturals are linked when they can share a group with nothing between them but
        naturals: one rank (other suits, and the same suit when copies may share a set), or one
        suit, two places apart at most. A linked family smaller than the smallest group needs a
        filler in the group of its own, or two between it and another family in a run; either
        way one filler for each such family at least.

        Counted on the kinds held (suit × 16 + rank): the copies of a kind are linked to the
        same cards, so a kind linked to another brings all its copies into that family, and the
        copies of a kind linked to none are a family each (one family, when they may share a set).
        """
        counts = [0] * 64
        kinds: list[int] = []
        for suit, rank in naturals:
            k = suit * 16 + rank
            if counts[k] == 0:
                kinds.append(k)
            counts[k] += 1
        parent = list(range(64))
        linked = [False] * 64
        low, high, distinct = self.low_ace, self.high_ace, self.shape.distinct
        n = len(kinds)
        for i in range(n):
            a = kinds[i]
            sa, ra = a >> 4, a & 15
            for j in range(i + 1, n):
                b = kinds[j]
                sb, rb = b >> 4, b & 15
                if ra == rb:
                    pass  # one rank, other suits
                elif sa != sb or not _near(ra, rb, low, high):
                    continue
                linked[a] = linked[b] = True
                x = a
                while parent[x] != x:
                    x = parent[x]
                y = b
                while parent[y] != y:
                    y = parent[y]
                if x != y:
                    parent[x] = y
        sizes = [0] * 64
        small = 0
        smallest = self.smallest
        for k in kinds:
            if linked[k]:
                x = k
                while parent[x] != x:
                    x = parent[x]
                sizes[x] += counts[k]
            elif distinct:
                small += counts[k] if smallest > 1 else 0
            elif counts[k] < smallest:
                small += 1
        for k in kinds:
            if linked[k] and parent[k] == k and sizes[k] < smallest:
                small += 1
        return small

    def _has_pure_window(self) -> bool:
        places: dict[int, set[int]] = {}
        for suit, rank in (*self.naturals, *self.wilds):
            places.setdefault(suit, set()).update(self._positions(rank))
        size = self.shape.run_min
        for held in places.values():
            row = 0
            for q in range(self.shape.run_low, self.shape.run_high + 1):
                row = row + 1 if q in held else 0
                if row >= size:
                    return True
        return False

    # --- the search -------------------------------------------------------------------------
    def _go(self, naturals: tuple[_Nat, ...], wilds: tuple[_Nat, ...], spare: int, seq: int, pure: int) -> _Plan | None:
        """A plan for the naturals and wild cards left; ``spare`` jokers and wild cards are not yet spoken for."""
        key = (naturals, wilds, spare, seq, pure)
        if key not in self.memo:
            self.memo[key] = self._search(naturals, wilds, spare, seq, pure)
        return self.memo[key]

    def _search(
        self, naturals: tuple[_Nat, ...], wilds: tuple[_Nat, ...], spare: int, seq: int, pure: int
    ) -> _Plan | None:
        if not naturals:
            return self._leftovers(wilds, spare, seq, pure)
        if len(naturals) + spare < self.smallest or (self.need_seq - seq) * self.shape.run_min > len(naturals) + spare:
            return None
        if self._needy(naturals) > spare:
            return None
        for group, used_naturals, used_self, fillers, is_seq, is_pure in self._natural_groups(naturals, wilds, spare):
            rest = self._go(
                _take(naturals, used_naturals),
                _take(wilds, used_self),
                spare - fillers - len(used_self),
                min(self.need_seq, seq + is_seq),
                min(self.need_pure, pure + is_pure),
            )
            if rest is not None:
                return ((group, *rest[0]), rest[1])
        return None

    def _discards(
        self, naturals: tuple[_Nat, ...], wilds: tuple[_Nat, ...], spare: int, seq: int, pure: int
    ) -> frozenset[_Nat]:
        """`_search` with one piece still to leave out: every piece whose leaving out lets the rest be placed.

        The first natural is left out, or given each of its groups as `_search` gives them (the
        searches below, with nothing left to leave out, are `_go`'s own); once the naturals are
        placed, a joker or a wild card among the pieces left over is left out. Each answer is
        the union over every branch, so nothing stops early here: the cost is that of one search
        that finds nothing, instead of one search for each piece.
        """
        key = (naturals, wilds, spare, seq, pure)
        if key in self.discard_memo:
            return self.discard_memo[key]
        found: set[_Nat] = set()
        if not naturals:
            if spare:
                if self.jokers and self._leftovers(wilds, spare - 1, seq, pure, self.jokers - 1) is not None:
                    found.add(_JOKER_MARK)
                for wild in dict.fromkeys(wilds):
                    if self._leftovers(_take(wilds, (wild,)), spare - 1, seq, pure, self.jokers) is not None:
                        found.add(wild)
        elif (self.need_seq - seq) * self.shape.run_min <= len(naturals) + spare and self._needy(naturals) - 1 <= spare:
            # (leaving a natural out lowers the bound by one at most: adding one raises it by one at most)
            if self._go(naturals[1:], wilds, spare, seq, pure) is not None:
                found.add(naturals[0])
            for _, used_naturals, used_self, fillers, is_seq, is_pure in self._natural_groups(naturals, wilds, spare):
                found |= self._discards(
                    _take(naturals, used_naturals),
                    _take(wilds, used_self),
                    spare - fillers - len(used_self),
                    min(self.need_seq, seq + is_seq),
                    min(self.need_pure, pure + is_pure),
                )
        answer = frozenset(found)
        self.discard_memo[key] = answer
        return answer

    def _natural_groups(self, naturals: tuple[_Nat, ...], wilds: tuple[_Nat, ...], spare: int) -> list[_Candidate]:
        """Every group the first natural card can be in: runs of its suit, then sets of its rank."""
        first, rest = naturals[0], naturals[1:]
        have: dict[_Nat, int] = {}  # (counts of the cards held, as a Counter would give them)
        for card in rest:
            have[card] = have.get(card, 0) + 1
        wild_have: dict[_Nat, int] = {}
        for card in wilds:
            wild_have[card] = wild_have.get(card, 0) + 1
        suit = first[0]
        shape = self.shape
        out: list[_Candidate] = []
        for pos in self._positions(first[1]):
            left_gaps = 0
            for lo in range(pos, max(shape.run_low, pos - shape.run_max + 1) - 1, -1):
                if lo < pos:
                    card = (suit, 1 if lo == 14 else lo)
                    if card not in have and card not in wild_have:
                        left_gaps += 1
                        if left_gaps > spare:
                            break
                gaps = left_gaps
                for hi in range(pos, min(shape.run_high, lo + shape.run_max - 1) + 1):
                    if hi > pos:
                        card = (suit, 1 if hi == 14 else hi)
                        if card not in have and card not in wild_have:
                            gaps += 1
                            if gaps > spare:
                                break
                    if hi - lo + 1 >= shape.run_min:
                        self._runs(out, first, pos, lo, hi, have, wild_have, spare)
        self._sets(out, first, rest, spare)
        return out

    def _too_many_jokers(self, jokers: int, naturals: int) -> bool:
        """Whether the rules refuse ``jokers`` jokers beside ``naturals`` naturals in one group (asked once each)."""
        key = jokers * 64 + naturals
        found = self.joker_limits.get(key)
        if found is None:
            found = self.rules.too_many_jokers(jokers, naturals) is not None
            self.joker_limits[key] = found
        return found

    def _runs(
        self,
        out: list[_Candidate],
        first: _Nat,
        pos: int,
        lo: int,
        hi: int,
        have: dict[_Nat, int],
        wild_have: dict[_Nat, int],
        spare: int,
    ) -> None:
        """Add the runs of ``first`` over the places ``lo`` to ``hi``: each its own card, or a filler."""
        suit = first[0]
        places = [(q, (suit, 1 if q == 14 else q)) for q in range(lo, hi + 1) if q != pos]
        owned = [q for q, card in places if card in have or card in wild_have]
        held = set(owned)
        gaps = len(places) - len(owned)
        length = hi - lo + 1
        # Places are distinct cards but for an ace, which a run may want at both of its ends.
        both_aces = lo == 1 and hi == 14
        for extra in range(min(len(owned), spare - gaps) + 1):
            count = gaps + extra
            if self._too_many_jokers(count, length - count):
                continue
            for filled in itertools.combinations(owned, extra):
                mine = {q: card for q, card in places if q in held and q not in filled}
                used_naturals = tuple(card for card in mine.values() if card in have)
                used_self = tuple(card for card in mine.values() if card not in have)
                if count + len(used_self) > spare:
                    continue
                if both_aces and (_exceeds(used_naturals, have) or _exceeds(used_self, wild_have)):
                    continue  # an ace wanted at both ends of a run, and only one held
                laid = tuple(first if q == pos else mine.get(q, _FILLER) for q in range(lo, hi + 1))
                out.append((laid, (first, *used_naturals), used_self, count, True, count == 0))

    def _sets(self, out: list[_Candidate], first: _Nat, rest: tuple[_Nat, ...], spare: int) -> None:
        """Add every set of the rank of ``first``: other naturals of its rank, and fillers."""
        shape = self.shape
        suit, rank = first
        same = [n for n in rest if n[1] == rank and (n[0] != suit or not shape.distinct)]
        pool = list(dict.fromkeys(same)) if shape.distinct else same
        most = len(rest) + 1 + spare if shape.group_max is None else shape.group_max
        for k in range(min(len(pool), most - 1) + 1):
            for partners in dict.fromkeys(itertools.combinations(pool, k)):
                for f in range(max(0, shape.group_min - 1 - k), min(spare, most - 1 - k) + 1):
                    if k == 0 and shape.run_min <= 1 + f <= shape.run_max:
                        continue  # the same cards as a run of one natural and fillers, tried above
                    if self._too_many_jokers(f, 1 + k):
                        continue
                    out.append(((first, *partners, *(_FILLER,) * f), (first, *partners), (), f, False, False))

    def _leftovers(
        self, wilds: tuple[_Nat, ...], spare: int, seq: int, pure: int, jokers: int | None = None
    ) -> _Plan | None:
        """Name the fillers, and make groups of the pieces left over (the meld engine judges them).

        The ``jokers`` (all of them unless told) and the wild cards ``wilds`` not taken as
        themselves fill the places above but ``spare`` of them; every choice of which are left
        over is tried.
        """
        jokers = self.jokers if jokers is None else jokers
        for left_jokers in range(min(jokers, spare), -1, -1):
            if spare - left_jokers > len(wilds):
                break
            for left_wilds in dict.fromkeys(itertools.combinations(wilds, spare - left_jokers)):
                groups = self._cover(left_wilds, left_jokers, seq, pure)
                if groups is not None:
                    acting = _take(wilds, left_wilds)
                    return groups, (*(JOKER,) * (jokers - left_jokers), *(_CARDS[w] for w in acting))
        return None

    def _cover(self, wilds: tuple[_Nat, ...], jokers: int, seq: int, pure: int) -> _Groups | None:
        """Groups of wild cards and jokers alone (at least one wild card in each), meeting what is left to meet."""
        if not wilds:
            return () if not jokers and seq >= self.need_seq and pure >= self.need_pure else None
        first, rest = wilds[0], wilds[1:]
        for size in range(len(rest), -1, -1):
            for others in dict.fromkeys(itertools.combinations(rest, size)):
                for j in range(jokers, -1, -1):
                    if 1 + size + j < self.smallest:
                        continue
                    pieces = (_CARDS[first], *(_CARDS[w] for w in others), *(JOKER,) * j)
                    valid, is_seq, is_pure = _meld_info(pieces, self.rules)
                    if not valid:
                        continue
                    below = self._cover(
                        _take(rest, others),
                        jokers - j,
                        min(self.need_seq, seq + is_seq),
                        min(self.need_pure, pure + is_pure),
                    )
                    if below is not None:
                        return ((first, *others, *(_JOKER_MARK,) * j), *below)
        return None


def _exceeds(used: Sequence[_Nat], have: dict[_Nat, int]) -> bool:
    """Whether ``used`` takes some card more times than ``have`` counts it (``Counter(used) - have``)."""
    taken: dict[_Nat, int] = {}
    for card in used:
        taken[card] = taken.get(card, 0) + 1
        if taken[card] > have.get(card, 0):
            return True
    return False


def _near(ra: int, rb: int, low: bool, high: bool) -> bool:
    """Whether two ranks of one suit lie one or two places apart in a run (an ace low, high, or both)."""
    if ra == 1:
        return (low and rb <= 3) or (high and rb >= 12)
    if rb == 1:
        return (low and ra <= 3) or (high and ra >= 12)
    return abs(ra - rb) <= 2


def _take(pool: tuple[_Nat, ...], used: Sequence[_Nat]) -> tuple[_Nat, ...]:
    """``pool`` less the cards ``used`` (each once), in order."""
    if not used:
        return pool
    left = list(pool)
    for card in used:
        left.remove(card)
    return tuple(left)
