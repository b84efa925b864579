"""The contract games' environment (Contract Rummy and Shanghai share it), over `ContractRound` / `ContractGame`.

**Actions.** With ``n`` players and ``M`` meld slots (``n`` × the most melds any contract of the
rule set asks for), the space is ``Discrete(63 + 159·M)``:

* 0 draw from the stock, 1 take the upcard, 2 buy the upcard, 3 decline to buy;
* 4 lay down the *candidate* lay-down, 5 / 6 make the next / previous one the candidate; 7 play
  the candidate of the other plays (lay-offs of several cards at once), 8 / 9 next / previous.
  The candidates are the referee's own list (`ContractRound.legal_actions`: every distinct
  lay-down, best first), the candidate is shown in the observation; "next" is masked at the last
  and "previous" at the first, so from any point every lay-down is reached by stepping to it.
  These steps stay in the environment (no reward, same agent) and count towards ``max_steps``;
* 10 + k: discard a card of kind ``k`` (suit × 13 + rank − 1, suits ♠ ♥ ♦ ♣; 52 the joker);
* 63 + (slot × 53 + k) × 2 + e: lay off one card of kind ``k`` on table meld ``slot``, a joker
  that could go either end going to the high end (e = 0) or the low end (e = 1);
* 63 + 106·M + slot × 53 + k: take the joker from meld ``slot`` by putting in a card of kind ``k``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, ClassVar

import numpy as np

from rummylib.agents.envs._base import CARD_KINDS, ActionRow, Field, Internal, Layout, RummyEnv, card_kind
from rummylib.contracts import ContractGame, ContractRound
from rummylib.contracts.actions import (
    Buy,
    DeclineBuy,
    Discard,
    DrawDiscard,
    DrawStock,
    EndReason,
    LayDown,
    LayOff,
    Phase,
    SwapJoker,
)
from rummylib.errors import ErrorCode, RuleSetError
from rummylib.melds import MeldKind
from rummylib.pieces import Piece
from rummylib.referee import Referee
from rummylib.rules import RuleSet

_LAY_DOWN, _OTHER, _DISCARD, _LAY_OFF = 4, 7, 10, 63
_PHASES = {Phase.DRAW: 0, Phase.BUY: 1, Phase.PLAY: 2, Phase.OVER: 3}


_KINDS: dict[int, tuple[Piece, int]] = {}
"""`_kind` of each piece met, by its identity (a game's cards are a few shared objects; the piece held)."""


def _kind(piece: Piece) -> int:
    """`card_kind`, remembered by the piece's identity."""
    found = _KINDS.get(id(piece))
    if found is None or found[0] is not piece:
        kind = card_kind(piece)
        if len(_KINDS) >= 4096:
            _KINDS.clear()
        found = _KINDS[id(piece)] = (piece, kind)
    return found[1]


def _laid(action: LayDown) -> list[Piece]:
    """The cards of a lay-down, meld after meld."""
    return [c for meld in action.melds for c in meld.pieces]


class ContractEnv(RummyEnv):
    """A contract game (one round, or all rounds) as an AEC environment.

    Each game's module names its own rule set (``DEFAULT_RULES``) and PettingZoo ``metadata``.
    """

    DEFAULT_RULES: ClassVar[RuleSet]
    """The rule set played when ``rules`` is not given."""

    def __init__(
        self,
        *,
        rules: RuleSet | None = None,
        players: int = 3,
        game: str = "round",
        round_number: int = 1,
        render_mode: str | None = None,
        max_steps: int = 5000,
    ) -> None:
        rules = self.DEFAULT_RULES if rules is None else rules
        if game not in ("round", "game"):
            raise RuleSetError(f"game must be 'round' or 'game', not {game!r}", code=ErrorCode.BAD_OPTION)
        rules.round(round_number)  # refuses a round the game does not have
        rules.decks_for(players)  # refuses a number of players the game does not allow
        self.rules, self.game, self.round_number = rules, game, round_number
        self.decks, jokers = rules.decks_for(players)
        self.jokers = max(1, jokers)
        self.max_melds = max(r.contract.sets + r.contract.runs for r in rules.rounds)
        self.slots = players * self.max_melds
        m, n = self.slots, players
        self.swap_at = _LAY_OFF + 106 * m
        self.actions = self.swap_at + 53 * m
        self.copies = np.full(CARD_KINDS, 1.0 / self.decks, dtype=np.float32)
        self.copies[52] = 1.0 / self.jokers
        self._sum_table: list[list[float]] = [[0.0] for _ in range(CARD_KINDS)]
        self._sum_clamped: list[list[float]] = [[0.0] for _ in range(CARD_KINDS)]  # the same, at most 1
        self._blocks: dict[tuple[int, bool, int], tuple[object, np.ndarray[Any, Any], np.ndarray[Any, Any]]] = {}
        rounds = len(rules.rounds)
        self.layout = Layout(
            (
                Field(
                    "hand",
                    53,
                    "the viewer's cards by kind (suit × 13 + rank − 1, ♠ ♥ ♦ ♣; 52 the joker), "
                    "each count / the copies of it in the decks",
                ),
                Field("top_discard", 53, "1 at the kind of the upcard (the top discard)"),
                Field("discards", 53, "the discard pile under the top card, by kind, count / copies"),
                Field(
                    "known",
                    53 * (n - 1),
                    "for each other seat in turn order after the viewer, the cards it is "
                    "known to hold (taken from the discard pile, bought, jokers taken), count / copies",
                ),
                Field(
                    "table",
                    m * (55 + n),
                    f"{m} meld slots in the order laid, each: present, is a run, its "
                    "owner (one-hot, seats from the viewer), its cards by kind (count / copies)",
                ),
                Field("hand_sizes", n, "cards in each hand / 30, seats from the viewer"),
                Field("down", n, "1 for each seat that has met the contract, seats from the viewer"),
                Field("buys", n, "buys made this round / 5, seats from the viewer"),
                Field("stock_size", 1, "cards in the stock / the cards of the decks"),
                Field("round_number", rounds, "one-hot: the round being played"),
                Field("phase", 4, "one-hot: draw, buy window, play (lay down, lay off, discard), over"),
                Field("to_move", 1, "1 when the viewer is to move"),
                Field(
                    "seat_to_move", n, "one-hot: the seat whose decision it is (none once over), seats from the viewer"
                ),
                Field("jokers_owed", 1, "jokers taken this turn still to be played / 2"),
                Field(
                    "lay_down_candidate",
                    55,
                    "the candidate lay-down (action 4): its cards by kind "
                    "(count / copies), then the candidate's place in the list / its length, then 1 when "
                    "there is a next one",
                ),
                Field(
                    "other_candidate",
                    55 + m,
                    "the candidate other play (action 7): its cards by kind, its "
                    "place / the list's length, 1 when there is a next one, and its meld slot (one-hot)",
                ),
                Field("totals", n, "in a game: each seat's total over the rounds finished / 1000 (0 in one round)"),
            )
        )
        super().__init__(players=players, render_mode=render_mode, max_steps=max_steps)
        self._reset_turn()

    def _reset_turn(self) -> None:
        self.cursor = [0, 0]
        self._lists: list[list[Any]] = [[], []]
        self._more: Iterator[Any] | None = None  # the lay-downs not yet taken from the referee
        self._listed: tuple[Referee | None, int, dict[int, Any]] = (None, -1, {})

    def _pull(self, count: int) -> None:
        """Take lay-downs from the referee until ``count`` are known (or all are)."""
        more, items = self._more, self._lists[0]
        while more is not None and len(items) < count:
            item = next(more, None)
            if item is None:
                self._more = more = None
            else:
                items.append(item)

    def _deal(self, seed: int) -> Referee:
        if self.game == "game":
            return ContractGame.deal(rules=self.rules, players=self.seats, seed=seed)
        return ContractRound.deal(rules=self.rules, players=self.seats, seed=seed, round_number=self.round_number)

    def _standing(self, state: Referee) -> Sequence[float]:
        if state.is_over:
            return tuple(-s for s in state.result().scores)
        if isinstance(state, ContractGame):
            return tuple(-t for t in state.totals)
        return (0.0,) * self.seats

    def _cut_off(self, state: Referee) -> bool:
        """A round (the last round of a game) ended by the rules' ``max_turns``: truncated, not terminated."""
        if isinstance(state, ContractGame):
            last = state.results[-1] if state.results else None
        else:
            assert isinstance(state, ContractRound)
            last = state.round_result
        return last is not None and last.reason is EndReason.TURN_LIMIT

    def _actions(self, state: Referee, seat: int) -> tuple[Iterable[Any], Iterator[Any] | None]:
        """The referee's legal actions of ``seat``: the lay-downs apart, as a lazy stream, best first.

        The stream is the referee's own (`legal_actions` lists the same lay-downs, in the same
        order): the environment shows one candidate and whether there is a next, so it takes one
        or two of them, and all of them only when it must show the candidate's place among them.
        """
        rnd = state.round if isinstance(state, ContractGame) else state
        assert isinstance(rnd, ContractRound)
        if rnd.phase is not Phase.PLAY or seat != rnd.current:
            return self.legal_actions_of(state, seat), None
        found: list[Any] = []
        lay_downs: Iterator[Any] | None = None
        for kind, build in rnd._play_parts():
            if kind == LayDown.kind:
                lay_downs = rnd._lay_downs_in_order()
            else:
                found += build()
        return found, lay_downs

    def _moves(self, state: Referee, seat: int) -> dict[int, Any]:
        listed_state, listed_seat, fixed = self._listed
        if listed_state is not state or listed_seat != seat:
            fixed = self._list_moves(state, seat)
            self._listed = (state, seat, fixed)
        out = dict(fixed)
        self._pull(self.cursor[0] + 2)
        for which, play in enumerate((_LAY_DOWN, _OTHER)):
            items = self._lists[which]
            if not items:
                continue
            self.cursor[which] = min(self.cursor[which], len(items) - 1)
            out[play] = items[self.cursor[which]]
            if self.cursor[which] + 1 < len(items):
                out[play + 1] = Internal(f"next candidate {which}", functools.partial(self._advance, which, 1))
            if self.cursor[which] > 0:
                out[play + 2] = Internal(f"previous candidate {which}", functools.partial(self._advance, which, -1))
        return out

    def _list_moves(self, state: Referee, seat: int) -> dict[int, Any]:
        """The indices of every action but the candidates, once per state; the candidates' lists kept."""
        out: dict[int, Any] = {}
        others: list[Any] = []
        m = self.slots
        actions, lay_downs = self._actions(state, seat)
        for a in actions:
            index: int | None = None
            if isinstance(a, DrawStock):
                index = 0
            elif isinstance(a, DrawDiscard):
                index = 1
            elif isinstance(a, Buy):
                index = 2
            elif isinstance(a, DeclineBuy):
                index = 3
            elif isinstance(a, Discard):
                index = _DISCARD + _kind(a.card)
            elif isinstance(a, LayDown):
                continue  # (never here: the lay-downs come apart)
            elif isinstance(a, LayOff) and len(a.cards) == 1 and a.meld < m:
                index = _LAY_OFF + (a.meld * 53 + _kind(a.cards[0])) * 2 + (a.joker_end == "low")
            elif isinstance(a, SwapJoker) and a.meld < m:
                index = self.swap_at + a.meld * 53 + _kind(a.card)
            if index is None or index in out:
                others.append(a)  # several cards at once, or (never expected) a slot past the last
            else:
                out[index] = a
        self._lists = [[], others]
        self._more = lay_downs
        return out

    def _save_turn(self) -> Any:
        return tuple(self.cursor)

    def _restore_turn(self, saved: Any) -> None:
        self.cursor = list(saved)

    def _advance(self, which: int, by: int) -> None:
        self.cursor[which] += by

    def _sums(self, kind: int, count: int) -> float:
        """``count`` copies of a kind, each 1 / its copies, added one by one in float32 (as a count vector is)."""
        table, clamped = self._sum_table[kind], self._sum_clamped[kind]
        while len(table) <= count:
            table.append(float(np.float32(table[-1]) + self.copies[kind]))
            clamped.append(min(1.0, table[-1]))
        return clamped[count]

    def _put_counts(
        self,
        out: np.ndarray[Any, Any],
        at: int,
        pieces: Sequence[Piece] | Callable[[], Sequence[Piece]],
        skip_last: bool = False,
        of: object = None,
    ) -> None:
        """Write a count vector of ``pieces`` (all but the last, with ``skip_last``) at ``at``.

        Each count is divided by the copies of its kind. The vectors are remembered by the
        sequence itself, or by ``of``, the value the pieces are read from (by identity, while it
        is held; ``pieces`` may then be a function giving them, called only when not remembered):
        a hand, a pile, a meld of the table or a candidate is the same value from step to step
        until it changes.
        """
        owner = pieces if of is None else of
        key = (id(owner), skip_last, at)
        found = self._blocks.get(key)
        if found is None or found[0] is not owner:
            listed = pieces() if callable(pieces) else pieces
            counts: dict[int, int] = {}
            kinds = _KINDS
            for c in listed[:-1] if skip_last else listed:
                known = kinds.get(id(c))
                k = known[1] if known is not None and known[0] is c else _kind(c)
                counts[k] = counts.get(k, 0) + 1
            where = np.array([k + at for k in counts], dtype=np.intp)
            sums = self._sum_clamped
            values = np.array(
                [sums[k][c] if c < len(sums[k]) else self._sums(k, c) for k, c in counts.items()], dtype=np.float32
            )
            if len(self._blocks) >= 4096:
                self._blocks.clear()
            found = self._blocks[key] = (owner, where, values)
        if len(found[1]):
            out[found[1]] = found[2]

    def _encode(self, state: Referee, seat: int) -> np.ndarray[Any, Any]:
        # What `state.view(seat)` shows, read from the round itself (no view is built).
        totals: tuple[int, ...] | None = None
        if isinstance(state, ContractGame):
            rnd, to_move, totals = state.round, state.to_move, state._totals_before()
        else:
            assert isinstance(state, ContractRound)
            rnd, to_move = state, state.to_move
        discards, known, hands = rnd.discards, rnd.known, rnd.hands
        n, m, offset = self.seats, self.slots, self.layout.offset
        out = np.zeros(self.layout.size, dtype=np.float32)
        put = self._put_counts
        put(out, offset["hand"], hands[seat])
        if discards:
            out[offset["top_discard"] + _kind(discards[-1])] = 1.0
            put(out, offset["discards"], discards, True)
        at = offset["known"]
        if known:
            for r in range(1, n):
                put(out, at + (r - 1) * 53, known[(seat + r) % n])
        at = offset["table"]
        width = 55 + n
        for i, tm in enumerate(rnd.table[:m]):
            base = at + i * width
            out[base] = 1.0
            out[base + 1] = 1.0 if tm.reading.kind is MeldKind.RUN else 0.0
            out[base + 2 + (tm.owner - seat) % n] = 1.0
            put(out, base + 2 + n, tm.reading.meld.pieces)
        for name, values, scale in (
            ("hand_sizes", tuple(len(h) for h in hands), 30.0),
            ("down", tuple(float(d) for d in rnd.down), 1.0),
            ("buys", rnd.buys, 5.0),
        ):
            at = offset[name]
            for r in range(n):
                out[at + r] = max(0.0, min(1.0, values[(seat + r) % n] / scale))
        out[offset["stock_size"]] = max(0.0, min(1.0, len(rnd.stock) / (52 * self.decks + self.jokers)))
        out[offset["round_number"] + rnd.round_number - 1] = 1.0
        out[offset["phase"] + _PHASES[rnd.phase]] = 1.0
        out[offset["to_move"]] = 1.0 if to_move == seat else 0.0
        if to_move is not None:
            out[offset["seat_to_move"] + (to_move - seat) % n] = 1.0
        out[offset["jokers_owed"]] = min(1.0, len(rnd.jokers_owed) / 2)
        if to_move == seat:
            # The candidate's place is its index / the list's length: 0 at the first, whatever the
            # length, so the whole list is taken from the referee only once past the first.
            self._pull(self.cursor[0] + 2 if self.cursor[0] == 0 else 1 << 30)
            for which, name in ((0, "lay_down_candidate"), (1, "other_candidate")):
                items = self._lists[which]
                if not items:
                    continue
                at = offset[name]
                a = items[self.cursor[which]]
                if isinstance(a, LayDown):
                    put(out, at, functools.partial(_laid, a), of=a)
                else:
                    put(out, at, a.cards, of=a)
                out[at + 53] = self.cursor[which] / len(items)
                out[at + 54] = 1.0 if self.cursor[which] + 1 < len(items) else 0.0
                if which == 1 and isinstance(a, LayOff) and a.meld < m:
                    out[at + 55 + a.meld] = 1.0
        if totals is not None:
            at = offset["totals"]
            for r in range(n):
                out[at + r] = max(0.0, min(1.0, totals[(seat + r) % n] / 1000))
        return out  # every number written is in [0, 1] already

    def action_rows(self) -> list[ActionRow]:
        """The action table for this number of players (``M`` meld slots)."""
        m = self.slots
        return [
            ActionRow(0, 1, "draw the top card of the stock (refusing the upcard: the others may buy it)"),
            ActionRow(1, 1, "take the upcard (the top discard)"),
            ActionRow(2, 1, 'buy the upcard ("May I?")'),
            ActionRow(3, 1, "decline to buy the upcard"),
            ActionRow(4, 1, "lay down the candidate lay-down (shown in the observation)"),
            ActionRow(5, 1, "make the next lay-down the candidate (masked at the last; stays in the environment)"),
            ActionRow(6, 1, "make the previous lay-down the candidate (masked at the first; stays in the environment)"),
            ActionRow(7, 1, "play the candidate other play: a lay-off of several cards at once"),
            ActionRow(8, 1, "make the next other play the candidate (masked at the last; stays in the environment)"),
            ActionRow(
                9, 1, "make the previous other play the candidate (masked at the first; stays in the environment)"
            ),
            ActionRow(_DISCARD, 53, "discard a card of kind k = index − 10 (suit × 13 + rank − 1, ♠ ♥ ♦ ♣; 52 joker)"),
            ActionRow(
                _LAY_OFF,
                106 * m,
                "lay off one card: index − 63 = (slot × 53 + k) × 2 + e, on table meld "
                "slot, a sliding joker to the high end (e = 0) or the low end (e = 1)",
            ),
            ActionRow(
                self.swap_at,
                53 * m,
                f"take the joker of meld slot = (index − {self.swap_at}) // 53 by "
                f"putting in a card of kind k = (index − {self.swap_at}) % 53",
            ),
        ]
