"""Indian Rummy as a PettingZoo AEC environment (2 to 6 players), over `rummylib.indian.IndianDeal` or `IndianGame`.

``env(players=3, game="deal")`` plays one deal; ``game="game"`` plays the rule set's format
(``indian_format``: points, pool or deals). Actions (``Discrete(162)``): 0 draw from the stock,
1 take the top discard, 2 drop, 3 + k discard a card of kind ``k``, 56 + k declare with a card of
kind ``k`` as the finishing discard (the valid declaration of the other 13, masked when they
cannot be declared), 109 + k declare wrongly with that discard (the 80-point declaration, always
a legal move). Card kinds: suit × 13 + rank − 1 (♠ ♥ ♦ ♣), 52 a printed joker. Every distinct legal
move of the referee has one index: the referee records a declaration by its discard and whether
it is valid, never by the grouping written.

Rewards, one deal: each loser pays the winner their points (zero-sum; when the stock runs out
and nobody wins, each pays their points to nobody). In a game: minus each seat's total as it grows.

Examples:
    >>> from rummylib.agents.envs import indian_rummy_v0
    >>> env = indian_rummy_v0.env(players=2)
    >>> env.reset(seed=4)
    >>> env.observe(env.agent_selection)["action_mask"].nonzero()[0].tolist()
    [0, 1, 2]
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, ClassVar

import numpy as np

from rummylib.agents.envs._base import (
    CARD_KINDS,
    ActionRow,
    Field,
    Layout,
    RummyAECEnv,
    RummyEnv,
    card_kind,
    wrap,
)
from rummylib.decks import full_set
from rummylib.errors import ErrorCode, RuleSetError
from rummylib.indian import IndianDeal, IndianGame
from rummylib.indian._observe import Encoder
from rummylib.indian.actions import Declare, Discard, DrawDiscard, DrawStock, Drop, IndianPhase, SeatStatus
from rummylib.pieces import Piece
from rummylib.referee import Referee
from rummylib.rules import INDIAN_RUMMY, RuleSet

_DISCARD, _DECLARE, _WRONG = 3, 56, 109
_STATUS = {s: i for i, s in enumerate(SeatStatus)}
_HELD: tuple[Piece, ...] = full_set(INDIAN_RUMMY, players=INDIAN_RUMMY.max_players)
"""The cards of the pack as the deals hold them: notation and `full_set` make one object per card."""
_KIND_OF_ID: dict[int, int] = {id(c): card_kind(c) for c in _HELD}
"""Each of those cards' kind (`card_kind`) by its identity (the cards are kept alive in `_HELD`): a card
made otherwise is looked up by `card_kind`."""
_PHASES = {IndianPhase.DRAW: 0, IndianPhase.DISCARD: 1, IndianPhase.OVER: 2}


def _kind(card: Piece) -> int:
    """`card_kind`, looked up."""
    k = _KIND_OF_ID.get(id(card))
    return card_kind(card) if k is None else k


def _draws(seat: int) -> tuple[DrawStock, DrawDiscard, Drop]:
    return DrawStock(seat), DrawDiscard(seat), Drop(seat)


_DRAWS = tuple(_draws(seat) for seat in range(INDIAN_RUMMY.max_players))
"""The draw phase's actions of each seat (values: one of each serves every deal)."""


class _DiscardMoves(dict[int, Any]):
    """The discard phase's indices, each with its action made only when asked for.

    The keys, in order, are those `raw_env._moves` gives for the listed actions (each discard,
    then for each card its valid declaration when the one search of the hand finds it, and its
    wrong one); a value is the referee's own action for that index, made by the deal the first
    time it is read (the mask needs only the keys; a step reads one value).
    """

    def __init__(self, deal: IndianDeal, seat: int, cards: tuple[Piece, ...], valid: frozenset[Piece]) -> None:
        super().__init__()
        self._deal, self._seat = deal, seat
        self._cards: dict[int, Piece] = {}
        kinds = [_kind(c) for c in cards]
        for c, k in zip(cards, kinds, strict=True):
            self._cards[k] = c
            dict.__setitem__(self, _DISCARD + k, None)
        for c, k in zip(cards, kinds, strict=True):
            if c in valid:
                dict.__setitem__(self, _DECLARE + k, None)
            dict.__setitem__(self, _WRONG + k, None)

    def __getitem__(self, index: int) -> Any:
        move = dict.__getitem__(self, index)
        if move is None:
            start = _DISCARD if index < _DECLARE else _DECLARE if index < _WRONG else _WRONG
            card = self._cards[index - start]
            if start == _DISCARD:
                move = Discard(self._seat, card)
            else:
                move = self._deal._declaration(self._seat, card, index < _WRONG)
            dict.__setitem__(self, index, move)
        return move

    def get(self, index: int, default: Any = None) -> Any:
        try:
            return self[index]
        except KeyError:
            return default

    def __iter__(self) -> Iterator[int]:
        # (a dict subclass with its own __iter__ is copied through keys() and __getitem__)
        return iter(self.keys())

    def values(self) -> Any:
        return [self[i] for i in self.keys()]

    def items(self) -> Any:
        return [(i, self[i]) for i in self.keys()]


class raw_env(RummyEnv):
    """Indian Rummy, unwrapped (`env` adds PettingZoo's usual wrappers)."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi", "human", "svg"],
        "name": "indian_rummy_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        *,
        rules: RuleSet = INDIAN_RUMMY,
        players: int = 2,
        game: str = "deal",
        render_mode: str | None = None,
        max_steps: int = 5000,
    ) -> None:
        if game not in ("deal", "game"):
            raise RuleSetError(f"game must be 'deal' or 'game', not {game!r}", code=ErrorCode.BAD_OPTION)
        decks, jokers = rules.decks_for(players)
        self.rules, self.game = rules, game
        self.decks, self.jokers = decks, max(1, jokers)
        self.copies = np.full(CARD_KINDS, 1.0 / decks, dtype=np.float32)
        self.copies[52] = 1.0 / self.jokers
        # sums[k][c]: ``copies[k]`` added c times in float32, one after another, as the encoding
        # adds a card at a time (each count is written once, with the very same number).
        # (as Python floats: each is a float32, written back to the float32 observation exactly)
        self._sums: list[list[float]] = []
        for k in range(CARD_KINDS):
            row, total = [0.0], np.float32(0.0)
            for _ in range(max(decks, self.jokers) * 2):
                total = np.float32(total + self.copies[k])
                row.append(float(total))
            self._sums.append(row)
        n = players
        self.actions = 162
        self.layout = Layout(
            (
                Field(
                    "hand",
                    53,
                    "the viewer's cards by kind (suit × 13 + rank − 1, ♠ ♥ ♦ ♣; 52 a printed "
                    "joker), each count / the copies of it in the decks",
                ),
                Field("wild_rank", 14, "one-hot: the wild rank (ace to king), or 13 when only printed jokers are wild"),
                Field("wild_card", 53, "1 at the kind of the card turned up for the wild joker"),
                Field("top_discard", 53, "1 at the kind of the top discard"),
                Field("discards", 53, "the discard pile under the top card, by kind, count / copies"),
                Field(
                    "known",
                    53 * (n - 1),
                    "for each other seat in turn order after the viewer, the cards "
                    "it is known to hold or has shown, count / copies",
                ),
                Field(
                    "status",
                    len(_STATUS) * n,
                    "for each seat from the viewer, one-hot: in, dropped, middle drop, wrong declaration, sitting out",
                ),
                Field("hand_sizes", n, "cards in each hand / 14, seats from the viewer"),
                Field("stock_size", 1, "cards in the stock / the cards of the decks"),
                Field("phase", 3, "one-hot: draw (or drop), discard (or declare), over"),
                Field("to_move", 1, "1 when the viewer is to move"),
                Field("totals", n, "in a game: each seat's total / 250, seats from the viewer (0 in one deal)"),
            )
        )
        off = self.layout.offset
        fields = ("hand", "wild_rank", "wild_card", "top_discard", "discards", "known", "status", "hand_sizes")
        self._encoder = Encoder(
            players,
            [off[name] for name in (*fields, "stock_size", "phase", "to_move", "totals")],
            self._sums,
            _KIND_OF_ID,
            card_kind,
            _STATUS,
            _PHASES,
            52 * self.decks + self.jokers,
        )
        super().__init__(players=players, render_mode=render_mode, max_steps=max_steps)

    def _deal(self, seed: int) -> Referee:
        if self.game == "game":
            return IndianGame.deal(rules=self.rules, players=self.seats, seed=seed)
        return IndianDeal.deal(rules=self.rules, players=self.seats, seed=seed)

    def _standing(self, state: Referee) -> Sequence[float]:
        if isinstance(state, IndianGame):
            totals = state.result().scores if state.is_over else state.totals
            return tuple(-float(t) for t in totals)
        if not state.is_over:
            return (0.0,) * self.seats
        outcome = state.result()
        out = [-float(s) for s in outcome.scores]
        if len(outcome.winners) == 1:
            out[outcome.winners[0]] += float(sum(outcome.scores))
        return tuple(out)

    def _moves(self, state: Referee, seat: int) -> dict[int, Any]:
        deal = state.round if isinstance(state, IndianGame) else state
        assert isinstance(deal, IndianDeal)
        if deal.to_move == seat:
            if deal.phase is IndianPhase.DRAW:
                # The referee's listing (`IndianDeal.legal_actions`), written out: each action made once per seat.
                draw_stock, draw_discard, drop = _DRAWS[seat] if seat < len(_DRAWS) else _draws(seat)
                moves: dict[int, Any] = {0: draw_stock} if deal.stock else {}
                if deal._draw_discard_problem() is None:
                    moves[1] = draw_discard
                moves[2] = drop
                return moves
            if deal.phase is IndianPhase.DISCARD:
                cards, valid = deal._declarable(seat)
                if valid is not None:
                    return _DiscardMoves(deal, seat, cards, valid)
        out: dict[int, Any] = {}
        for a in self.legal_actions_of(state, seat):
            if isinstance(a, DrawStock):
                out[0] = a
            elif isinstance(a, DrawDiscard):
                out[1] = a
            elif isinstance(a, Drop):
                out[2] = a
            elif isinstance(a, Discard):
                out[_DISCARD + card_kind(a.card)] = a
            elif isinstance(a, Declare):
                wrong = all(len(m.pieces) == 1 for m in a.melds)
                out[(_WRONG if wrong else _DECLARE) + card_kind(a.discard)] = a
        return out

    def _encode(self, state: Referee, seat: int) -> np.ndarray[Any, Any]:
        # Written from the deal's own fields, as its view gives them (`IndianDeal.view`, and
        # `IndianGame.view` for the game's seat to move and totals): the view is not made.
        if isinstance(state, IndianGame):
            deal, to_move, totals = state.round, state.to_move, state.totals
        else:
            assert isinstance(state, IndianDeal)
            deal, to_move, totals = state, state.to_move, None
        out = np.zeros(self.layout.size, dtype=np.float32)
        self._encoder.encode(out, deal, seat, to_move, totals)
        return np.minimum(out, 1.0, out=out)  # (every value is at least 0: `np.clip` to [0, 1])

    def action_rows(self) -> list[ActionRow]:
        """The action table."""
        return [
            ActionRow(0, 1, "draw the top card of the stock"),
            ActionRow(1, 1, "take the top card of the discard pile"),
            ActionRow(2, 1, "drop out of the deal (the first drop before drawing, the middle drop after)"),
            ActionRow(_DISCARD, 53, "discard a card of kind k = index − 3 (suit × 13 + rank − 1, ♠ ♥ ♦ ♣; 52 joker)"),
            ActionRow(
                _DECLARE,
                53,
                "declare, finishing with a card of kind k = index − 56: the valid "
                "arrangement of the other 13 (masked when there is none)",
            ),
            ActionRow(
                _WRONG,
                53,
                "declare wrongly, finishing with a card of kind k = index − 109 (80 points, out of the deal)",
            ),
        ]


def env(**kwargs: Any) -> RummyAECEnv:
    """Indian Rummy with PettingZoo's usual wrappers (arguments as `raw_env`)."""
    return wrap(raw_env(**kwargs))
