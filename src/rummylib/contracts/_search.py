"""The search behind `rummylib.contracts.find_contract` (private: its encoding may change).

Cards are packed into counts per suit and rank; a meld of the search is a *skeleton*: its natural
cards and how many fillers (jokers, wild cards) it needs at least and can take at most. Branch and
bound runs over the contract's runs (suit by suit) and then its sets; fillers are shared out at
each leaf, and the winning skeletons are turned back into melds of real cards.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence

import attrs

from rummylib.cards import Card, Rank, Suit
from rummylib.errors import ErrorCode, RuleSetError, SearchLimitReached
from rummylib.melds import Meld, MeldKind
from rummylib.pieces import Joker, Piece, piece_sort_key
from rummylib.rules import Contract, RuleSet

_SUITS = tuple(Suit)
_BIG = 10**6


@attrs.frozen
class _Skeleton:
    """A meld of the search: its natural cards and how many fillers it needs (and can take)."""

    kind: MeldKind
    key: tuple[int, ...]
    suit: int
    rank: int
    cards: tuple[tuple[int, int], ...]  # (suit index, rank) of each natural, positions for runs below
    positions: tuple[int, ...]
    points: int
    fmin: int
    fmax: int


class _Search:
    """Branch and bound over the contract's slots: runs first (by suit), then sets (by rank)."""

    def __init__(self, hand: tuple[Piece, ...], contract: Contract, rules: RuleSet, budget: int | None) -> None:
        self.rules = rules
        self.contract = contract
        self.budget = budget
        self.nodes = 0
        self.cnt = [[0] * 14 for _ in range(4)]
        self.jokers = 0
        for p in hand:
            if isinstance(p, Joker):
                self.jokers += 1
            elif isinstance(p, Card):
                self.cnt[p.suit.order][int(p.rank)] += 1
            else:
                raise RuleSetError(f"find_contract is for card games; {p} is not a card", code=ErrorCode.BAD_RULES)
        self.wild = [False] + [rules.is_wild(Card(Rank(r), Suit.CLUBS)) for r in range(1, 14)]
        self.pts = [0] + [rules.piece_points(Card(Rank(r), Suit.CLUBS)) for r in range(1, 14)]
        self.jp = rules.joker_points
        self.wild_ranks = [r for r in range(1, 14) if self.wild[r]]
        self.total_cards = len(hand)
        self.total_pts = sum(rules.piece_points(p) for p in hand)
        shape = rules.meld_shape
        self.positions = tuple(range(shape.run_low, shape.run_high + 1))
        self.longest = shape.run_max
        self.group_max = shape.group_max
        self.distinct = shape.distinct
        self.best: tuple[tuple[int, int, tuple[tuple[int, ...], ...]], list[_Skeleton], int] | None = None
        self.chosen: list[_Skeleton] = []

    # --- helpers ----------------------------------------------------------------------------
    def _tick(self) -> None:
        self.nodes += 1
        if self.budget is not None and self.nodes > self.budget:
            raise SearchLimitReached(f"find_contract: node budget of {self.budget} spent before the search ended")

    def _wild_left(self) -> list[int]:
        """Points of each wild card still in hand (they may act as jokers)."""
        out = []
        c0, c1, c2, c3 = self.cnt
        for r in self.wild_ranks:
            out.extend([self.pts[r]] * (c0[r] + c1[r] + c2[r] + c3[r]))
        return out

    def _fillers(self) -> list[int]:
        return sorted([self.jp] * self.jokers + self._wild_left(), reverse=True)

    def _cap(self, n: int, room: int) -> int:
        most = self.rules.most_jokers(n)
        return room if most is None else min(room, most)

    # --- candidates -------------------------------------------------------------------------
    def _run_candidates(self, suit: int, avail: int) -> list[_Skeleton]:
        c = self.contract
        row = self.cnt[suit]
        present = [p for p in self.positions if row[1 if p == 14 else p] > 0]
        out = []
        max_span = c.run_size if c.exact else self.longest
        for i, a in enumerate(present):
            for j in range(i, len(present)):
                b = present[j]
                span = b - a + 1
                if span > max_span:
                    break
                inner = present[i + 1 : j]
                base_n = 1 if i == j else 2 + len(inner)
                for drop in range(len(inner) + 1):
                    n = base_n - drop
                    length = c.run_size if c.exact else max(span, c.run_size)
                    fmin = length - n
                    if fmin > avail or fmin > self._cap(n, _BIG):
                        break
                    fmax = fmin if c.exact else self._cap(n, self.longest - n)
                    if fmax < fmin:
                        break
                    for dropped in itertools.combinations(inner, drop):
                        keep = [a, *(p for p in inner if p not in dropped)] + ([b] if j > i else [])
                        if 1 in keep and 14 in keep and row[1] < 2:
                            continue
                        cards = tuple((suit, 1 if p == 14 else p) for p in keep)
                        points = sum(self.pts[r] for _, r in cards)
                        out.append(
                            _Skeleton(MeldKind.RUN, (suit, *keep), suit, 0, cards, tuple(keep), points, fmin, fmax)
                        )
        out.sort(key=lambda k: (-k.points - self.jp * k.fmin, k.key))
        return out

    def _set_candidates(self, rank: int, avail: int) -> list[_Skeleton]:
        c = self.contract
        counts = [self.cnt[s][rank] for s in range(4)]
        total = sum(counts)
        distinct = sum(1 for x in counts if x)
        most = distinct if self.distinct else total
        if self.group_max is not None:
            most = min(most, self.group_max)
        room_all = self.group_max if self.group_max is not None else _BIG
        if self.distinct:
            room_all = min(room_all, 4)
        out = []
        for n in range(min(most, c.set_size if c.exact else most), 0, -1):
            if c.exact:
                fmin = fmax = c.set_size - n
                if c.set_size > room_all or fmin > self._cap(n, _BIG):
                    continue
            else:
                fmin = max(0, c.set_size - n)
                fmax = self._cap(n, room_all - n)
                if fmax < fmin:
                    continue
            if fmin > avail:
                continue
            order = sorted(range(4), key=lambda s: (-counts[s], s))
            cards: list[tuple[int, int]] = []
            left = counts[:]
            for _ in range(n):
                s = order[len(cards)] if self.distinct else max(range(4), key=lambda s: (left[s], -s))
                left[s] -= 1
                cards.append((s, rank))
            cards.sort()
            out.append(
                _Skeleton(MeldKind.GROUP, (rank, -n), -1, rank, tuple(cards), (), n * self.pts[rank], fmin, fmax)
            )
        return out

    # --- bounds -----------------------------------------------------------------------------
    def _bound(self, runs_left: int, sets_left: int, min_suit: int, min_rank: int) -> tuple[int, int]:
        """An upper bound on points still to meld, and the fewest cards that must stay in hand."""
        suit_pts = [0, 0, 0, 0]
        rank_pts = [0] * 14
        suit_n = [0, 0, 0, 0]
        rank_n = [0] * 14
        for s in range(4):
            row = self.cnt[s]
            for r in range(1, 14):
                k = row[r]
                if k and not self.wild[r]:
                    suit_pts[s] += k * self.pts[r]
                    rank_pts[r] += k * self.pts[r]
                    suit_n[s] += k
                    rank_n[r] += k
        usable_suits = list(range(min_suit, 4)) if runs_left else []
        usable_ranks = list(range(min_rank, 14)) if sets_left else []
        dead_n = 0
        dead_pts = 0
        for s in range(4):
            for r in range(1, 14):
                k = self.cnt[s][r]
                if k and not self.wild[r] and s not in usable_suits and r not in usable_ranks:
                    dead_n += k
                    dead_pts += k * self.pts[r]
        by_suit = sorted((suit_pts[s] for s in usable_suits), reverse=True)[:runs_left]
        by_rank = sorted((rank_pts[r] for r in usable_ranks), reverse=True)[:sets_left]
        natural_total = sum(suit_pts) - dead_pts
        bound = min(natural_total, sum(by_suit) + sum(by_rank))
        fillers = self._fillers()
        c = self.contract
        if c.exact:
            slots = runs_left * c.run_size + sets_left * c.set_size + sum(k.fmin for k in self.chosen)
            values = sorted(
                [
                    self.pts[r]
                    for s in range(4)
                    for r in range(1, 14)
                    for _ in range(self.cnt[s][r])
                    if not self.wild[r] and (s in usable_suits or r in usable_ranks)
                ]
                + fillers,
                reverse=True,
            )
            bound = min(bound + sum(fillers), sum(values[:slots]))
        else:
            bound += sum(fillers)
        return bound, dead_n

    def _fillers_needed(self, runs_left: int, sets_left: int, min_suit: int, min_rank: int) -> int:
        """A lower bound on the fillers the melds still to choose need (naturals are scarce)."""
        c = self.contract
        need = 0
        if sets_left:
            steps: list[int] = []
            size = c.set_size
            totals = [a + b + d + e for a, b, d, e in zip(*self.cnt, strict=True)]
            for r in range(min_rank, 14):
                have = totals[r]
                if not have:
                    continue
                prev = 0
                for k in range(1, min(have, sets_left) + 1):
                    cost = k * size - have
                    if cost > 0:
                        steps.append(cost - prev)
                        prev = cost
                    else:
                        steps.append(0)
            if len(steps) < sets_left:
                return _BIG
            steps.sort()
            need += sum(steps[:sets_left])
        if runs_left:
            best = _BIG
            for s in range(min_suit, 4):
                row = self.cnt[s]
                held = [1 if row[1 if p == 14 else p] else 0 for p in self.positions]
                if not any(held):
                    continue
                width = min(c.run_size, len(held))
                most = max(sum(held[i : i + width]) for i in range(len(held) - width + 1))
                best = min(best, max(0, c.run_size - most))
            if best == _BIG:
                return _BIG
            need += runs_left * best
        return need

    def _prune(self, used: int, runs_left: int, sets_left: int, min_suit: int, min_rank: int) -> bool:
        committed = sum(k.fmin for k in self.chosen)
        needed = self._fillers_needed(runs_left, sets_left, min_suit, min_rank)
        if committed + needed > self.jokers + len(self._wild_left()):
            return True
        if self.best is None and not self.contract.whole_hand:
            return False
        bound, dead = self._bound(runs_left, sets_left, min_suit, min_rank)
        if self.contract.whole_hand and dead > 1:
            return True
        if self.best is None:
            return False
        # Nothing in this branch can leave fewer points, or as few points and fewer cards.
        return (self.total_pts - (used + bound), dead) >= self.best[0][:2]

    # --- search -----------------------------------------------------------------------------
    def run(self) -> None:
        self._runs(0, (), 0)

    def _apply(self, k: _Skeleton, sign: int) -> None:
        for s, r in k.cards:
            self.cnt[s][r] -= sign

    def _avail(self) -> int:
        return self.jokers + len(self._wild_left()) - sum(k.fmin for k in self.chosen)

    def _runs(self, slot: int, prev: tuple[int, ...], used: int) -> None:
        c = self.contract
        if slot == c.runs:
            self._sets(0, (), used)
            return
        min_suit = prev[0] if prev else 0
        if self._prune(used, c.runs - slot, c.sets, min_suit, 1):
            return
        avail = self._avail()
        for suit in range(min_suit, 4):
            for k in self._run_candidates(suit, avail):
                if k.key < prev:
                    continue
                self._tick()
                self._apply(k, 1)
                self.chosen.append(k)
                if self._avail() >= 0:
                    self._runs(slot + 1, k.key, used + k.points)
                self.chosen.pop()
                self._apply(k, -1)

    def _sets(self, slot: int, prev: tuple[int, ...], used: int) -> None:
        c = self.contract
        if slot == c.sets:
            self._leaf(used)
            return
        min_rank = prev[0] if prev else 1
        if self._prune(used, 0, c.sets - slot, 4, min_rank):
            return
        avail = self._avail()
        cands = [k for r in range(min_rank, 14) for k in self._set_candidates(r, avail) if k.key >= prev]
        cands.sort(key=lambda k: (-k.points - self.jp * k.fmin, k.key))
        for k in cands:
            self._tick()
            self._apply(k, 1)
            self.chosen.append(k)
            if self._avail() >= 0:
                self._sets(slot + 1, k.key, used + k.points)
            self.chosen.pop()
            self._apply(k, -1)

    def _filler_totals(self, avail: int) -> tuple[int, list[int]] | None:
        """The most fillers the chosen melds can take (at most ``avail``) and each meld's share."""
        return _allocate(self.chosen, avail, self.rules, self.contract)

    def _leaf(self, used: int) -> None:
        fillers = self._fillers()
        allocation = self._filler_totals(len(fillers))
        if allocation is None:
            return
        f, _ = allocation
        used_pts = used + sum(fillers[:f])
        used_n = sum(len(k.cards) for k in self.chosen) + f
        left_n = self.total_cards - used_n
        if self.contract.whole_hand and left_n > 1:
            return
        key = (self.total_pts - used_pts, left_n, tuple(k.key for k in self.chosen))
        if self.best is None or key[:2] < self.best[0][:2]:
            self.best = (key, list(self.chosen), f)


def _windows(k: _Skeleton, f: int, rules: RuleSet, contract: Contract) -> list[tuple[int, int]]:
    """Every window (low, high) of ``len(cards) + f`` places holding the run's naturals."""
    length = len(k.cards) + f
    a, b = k.positions[0], k.positions[-1]
    lows = range(max(rules.run_low, b - length + 1), min(a, rules.run_high - length + 1) + 1)
    return [(low, low + length - 1) for low in reversed(lows)]


def _allocate(
    chosen: Sequence[_Skeleton], avail: int, rules: RuleSet, contract: Contract
) -> tuple[int, list[int]] | None:
    """Fillers per meld: the most in total (at most ``avail``), runs of one suit never continuing.

    Returns the total and each meld's count, or ``None`` when even the fewest needed are too many.
    """
    fmin = [k.fmin for k in chosen]
    if sum(fmin) > avail:
        return None
    by_suit: dict[int, list[int]] = {}
    for i, k in enumerate(chosen):
        if k.kind is MeldKind.RUN:
            by_suit.setdefault(k.suit, []).append(i)
    grouped = [idx for idx in by_suit.values() if len(idx) > 1]
    in_group = {i for g in grouped for i in g}
    free = [i for i in range(len(chosen)) if i not in in_group]
    # Totals reachable by each group of same-suit runs (windows that never touch end to end).
    group_totals: list[dict[int, tuple[int, ...]]] = []
    for g in grouped:
        totals: dict[int, tuple[int, ...]] = {}
        ranges = [range(chosen[i].fmin, min(chosen[i].fmax, avail) + 1) for i in g]
        for counts in itertools.product(*ranges):
            total = sum(counts)
            if total in totals or total > avail:
                continue
            if _group_ok([chosen[i] for i in g], counts, rules, contract):
                totals[total] = counts
        if not totals:
            return None
        group_totals.append(totals)
    lo = sum(fmin[i] for i in free)
    hi = sum(min(chosen[i].fmax, avail) for i in free)
    best: tuple[int, tuple[tuple[int, ...], ...]] | None = None
    for combo in itertools.product(*(sorted(t.items(), reverse=True) for t in group_totals)):
        base = sum(t for t, _ in combo)
        if lo + base > avail:
            continue
        total = min(avail, hi + base)
        if best is None or total > best[0]:
            best = (total, tuple(cs for _, cs in combo))
    if best is None:
        return None
    total, group_counts = best
    shares = list(fmin)
    for g, cs in zip(grouped, group_counts, strict=True):
        for i, n in zip(g, cs, strict=True):
            shares[i] = n
    extra = total - sum(shares)
    for i in free:
        more = min(extra, min(chosen[i].fmax, avail) - fmin[i])
        shares[i] += more
        extra -= more
    return total, shares


def _group_ok(runs: Sequence[_Skeleton], counts: Sequence[int], rules: RuleSet, contract: Contract) -> bool:
    return _group_windows(runs, counts, rules, contract) is not None


def _group_windows(
    runs: Sequence[_Skeleton], counts: Sequence[int], rules: RuleSet, contract: Contract
) -> tuple[tuple[int, int], ...] | None:
    """Windows for runs of one suit, in order, no two continuing each other (or ``None``)."""
    options = [_windows(k, f, rules, contract) for k, f in zip(runs, counts, strict=True)]
    for combo in itertools.product(*options):
        if all(x[1] + 1 != y[0] and y[1] + 1 != x[0] for x, y in itertools.combinations(combo, 2)):
            return combo
    return None


def _build(
    search: _Search, chosen: list[_Skeleton], f: int, hand: tuple[Piece, ...]
) -> tuple[tuple[Meld, ...], tuple[Piece, ...]]:
    """Turn the winning skeletons into melds of real cards, and the cards left in hand."""
    rules, contract = search.rules, search.contract
    allocation = _allocate(chosen, f, rules, contract)
    assert allocation is not None
    _, shares = allocation
    remaining = Counter(hand)
    for k in chosen:
        for s, r in k.cards:
            remaining[Card(Rank(r), _SUITS[s])] -= 1
    filler_pool = [p for p in remaining.elements() if rules.is_wild(p)]
    filler_pool.sort(key=lambda p: (-rules.piece_points(p), isinstance(p, Joker), piece_sort_key(p)))
    fillers = iter(filler_pool[:f])
    by_suit: dict[int, list[int]] = {}
    for i, k in enumerate(chosen):
        if k.kind is MeldKind.RUN:
            by_suit.setdefault(k.suit, []).append(i)
    windows: dict[int, tuple[int, int]] = {}
    for idx in by_suit.values():
        combo = _group_windows([chosen[i] for i in idx], [shares[i] for i in idx], rules, contract)
        assert combo is not None
        windows.update(zip(idx, combo, strict=True))
    sets: list[Meld] = []
    runs: list[Meld] = []
    used: list[Piece] = []
    for i, k in enumerate(chosen):
        if k.kind is MeldKind.GROUP:
            pieces: list[Piece] = [Card(Rank(r), _SUITS[s]) for s, r in k.cards]
            pieces += [next(fillers) for _ in range(shares[i])]
            sets.append(Meld(pieces))
        else:
            low, high = windows[i]
            pieces = []
            for pos in range(low, high + 1):
                if pos in k.positions:
                    pieces.append(Card(Rank(1 if pos == 14 else pos), _SUITS[k.suit]))
                else:
                    pieces.append(next(fillers))
            runs.append(Meld(pieces))
        used.extend(pieces)
    left = Counter(hand)
    left.subtract(used)
    return tuple(sets + runs), tuple(sorted(left.elements(), key=piece_sort_key))
