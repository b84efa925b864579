"""Gin Rummy as a PettingZoo AEC environment (two players), over `rummylib.gin.GinHand` or `GinGame`.

``env(game="hand")`` plays one hand; ``game="game"`` plays hands until a player reaches the rule
set's target. ``rules`` is a Gin rule set (house rules with ``GIN_RUMMY.with_options``).

Two encodings. ``encoding="rummylib"`` (the default) has 107 actions: draw from the stock, draw
the top discard, discard × card, knock × card (the card discarded face down) and big gin; its
observation is the flat vector of `docs/agents/environments.md`. ``encoding="rlcard"`` is the
encoding of PettingZoo's former ``gin_rummy_v4`` and RLCard: 110 actions and a 5 × 52 plane
observation, so that agents trained there drop in. In both, the mask is exact: every unmasked
index is a legal action of the referee, and every legal action has an index.

Rewards are the hand's points, zero-sum: the player who scores gets ``+points``, the other
``-points`` (in a game, the final scores with their bonuses, as the totals change).

Examples:
    >>> from rummylib.agents.envs import gin_rummy_v0
    >>> env = gin_rummy_v0.env()
    >>> env.reset(seed=1)
    >>> env.agent_selection, env.observe("player_1")["action_mask"].nonzero()[0].tolist()
    ('player_1', [0, 1])
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces

from rummylib.agents.envs._base import (
    ActionRow,
    Field,
    Layout,
    RummyAECEnv,
    RummyEnv,
    card_kind,
    wrap,
)
from rummylib.cards import Card
from rummylib.errors import ErrorCode, RuleSetError
from rummylib.gin import GinGame, GinHand, GinPhase
from rummylib.gin._engine import CARDS, MAX_GIN_HAND, codes_packed, knock_scan, tables_for
from rummylib.gin.actions import Discard, DrawDiscard, DrawStock, GinView, Knock
from rummylib.gin.deadwood import deadwood_value
from rummylib.referee import Referee
from rummylib.rules import GIN_RUMMY, RuleSet

_NATIVE = Layout(
    (
        Field("hand", 52, "1 for each card of the viewer's hand (card index: suit × 13 + rank − 1, suits ♠ ♥ ♦ ♣)"),
        Field("top_discard", 52, "1 at the top card of the discard pile"),
        Field("discards", 52, "1 for each card of the discard pile under the top card"),
        Field("opponent_known", 52, "1 for each card the opponent is known to hold (taken from the discard pile)"),
        Field("unknown", 52, "1 for each card the viewer cannot place: the stock and the opponent's unseen cards"),
        Field("first_upcard", 52, "1 at the hand's first upcard (it sets the knock limit under Oklahoma)"),
        Field("phase", 3, "one-hot: draw, discard (or knock), over"),
        Field("to_move", 1, "1 when the viewer is to move"),
        Field("stock_size", 1, "cards left in the stock / 31"),
        Field("opponent_hand_size", 1, "cards in the opponent's hand / 11"),
        Field("knock_limit", 1, "the hand's knock limit / 10 (0: gin only)"),
        Field("totals", 2, "in a game: the viewer's and the opponent's totals / the target (0 in one hand)"),
    )
)
_RLCARD = Layout(
    (
        Field("plane 0", 52, "the viewer's hand (cards ordered ♠ ♥ ♦ ♣, ace to king within a suit)"),
        Field("plane 1", 52, "the top card of the discard pile"),
        Field("plane 2", 52, "the cards of the discard pile under the top card"),
        Field("plane 3", 52, "the opponent's known cards"),
        Field("plane 4", 52, "the unknown cards: the stock and the opponent's unseen cards"),
    )
)

_DRAW_STOCK, _DRAW_DISCARD, _DISCARD, _KNOCK, _BIG_GIN = 0, 1, 2, 54, 106
_R_DRAW, _R_PICK, _R_GIN, _R_DISCARD, _R_KNOCK = 2, 3, 5, 6, 58


class raw_env(RummyEnv):
    """Gin Rummy, unwrapped (`env` adds PettingZoo's usual wrappers)."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi", "human", "svg"],
        "name": "gin_rummy_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        *,
        rules: RuleSet = GIN_RUMMY,
        game: str = "hand",
        encoding: str = "rummylib",
        render_mode: str | None = None,
        max_steps: int = 5000,
    ) -> None:
        if game not in ("hand", "game"):
            raise RuleSetError(f"game must be 'hand' or 'game', not {game!r}", code=ErrorCode.BAD_OPTION)
        if encoding not in ("rummylib", "rlcard"):
            raise RuleSetError(f"encoding must be 'rummylib' or 'rlcard', not {encoding!r}", code=ErrorCode.BAD_OPTION)
        GinHand.deal(rules=rules, seed=0)  # refuses a rule set the Gin referee cannot deal
        self.rules = rules
        self.game = game
        self.encoding = encoding
        self.layout = _RLCARD if encoding == "rlcard" else _NATIVE
        self.actions = 110 if encoding == "rlcard" else 107
        self._packs: dict[int, tuple[tuple[Card, ...], int]] = {}
        self._limit_key: tuple[object, object, int] = (None, None, 0)
        super().__init__(players=2, render_mode=render_mode, max_steps=max_steps)

    def _observation_box(self) -> spaces.Box:
        if self.encoding == "rlcard":
            return spaces.Box(low=0.0, high=1.0, shape=(5, 52), dtype=np.float32)
        return super()._observation_box()

    def _deal(self, seed: int) -> Referee:
        if self.game == "game":
            return GinGame.deal(rules=self.rules, seed=seed)
        return GinHand.deal(rules=self.rules, seed=seed)

    def _standing(self, state: Referee) -> Sequence[float]:
        if state.is_over:
            s = state.result().scores
        elif isinstance(state, GinGame):
            s = state.score.totals
        else:
            s = (0, 0)
        return (s[0] - s[1], s[1] - s[0])

    def _moves(self, state: Referee, seat: int) -> Mapping[int, Any]:
        hand = state.round if isinstance(state, GinGame) else state
        if type(hand) is not GinHand or hand.to_move != seat or state.to_move != seat:
            return self._moves_listed(state, seat)
        rl = self.encoding == "rlcard"
        if hand.phase is GinPhase.DRAW:
            keys = []
            if hand.stock:
                keys.append(_R_DRAW if rl else _DRAW_STOCK)
            if hand.discards:
                keys.append(_R_PICK if rl else _DRAW_DISCARD)
            return _Moves(keys, seat, hand.hands[seat], 0, rl)
        cards = hand.hands[seat]
        if hand.phase is not GinPhase.DISCARD or len(cards) != MAX_GIN_HAND:
            return self._moves_listed(state, seat)
        packed = self._packed(cards)
        knocks, gins, big = knock_scan(packed, tables_for(hand.rules), self._limit(hand))
        discard, knock = (_R_DISCARD, _R_KNOCK) if rl else (_DISCARD, _KNOCK)
        order = _ORDER
        keys = [discard + order[b] for b in _bits(packed)]
        keys += [knock + order[b] for b in _bits(knocks)]
        gin_card = -1
        if rl:
            if big or gins:
                keys.append(_R_GIN)
                if not big:
                    gin_card = (gins & -gins).bit_length() - 1
        elif big:
            keys.append(_BIG_GIN)
        return _Moves(keys, seat, cards, gin_card, rl)

    def _packed(self, cards: tuple[Card, ...]) -> int:
        """The engine's packed masks of a tuple of cards the referee holds, the last few remembered."""
        cache = self._packs
        found = cache.get(id(cards))
        if found is not None and found[0] is cards:
            return found[1]
        packed = codes_packed(cards)
        if len(cache) >= 8:
            cache.clear()
        cache[id(cards)] = (cards, packed)
        return packed

    def _limit(self, hand: GinHand) -> int:
        """``hand.knock_limit``, remembered for the hand's rules and first upcard."""
        key = self._limit_key
        if key[0] is hand.rules and key[1] is hand.first_upcard:
            return key[2]
        limit = hand.knock_limit
        self._limit_key = (hand.rules, hand.first_upcard, limit)
        return limit

    def _moves_listed(self, state: Referee, seat: int) -> dict[int, Any]:
        """`_moves` from the referee's list of legal actions (every state `_moves` does not read itself)."""
        out: dict[int, Any] = {}
        rl = self.encoding == "rlcard"
        first_gin: Knock | None = None
        big_gin: Knock | None = None
        view = state.view(seat)
        assert isinstance(view, GinView)
        hand = view.hand if rl else ()
        for a in self.legal_actions_of(state, seat):
            if isinstance(a, DrawStock):
                out[_R_DRAW if rl else _DRAW_STOCK] = a
            elif isinstance(a, DrawDiscard):
                out[_R_PICK if rl else _DRAW_DISCARD] = a
            elif isinstance(a, Discard):
                out[(_R_DISCARD if rl else _DISCARD) + card_kind(a.card)] = a
            elif a.card is None:
                big_gin = a
                if not rl:
                    out[_BIG_GIN] = a
            else:
                out[(_R_KNOCK if rl else _KNOCK) + card_kind(a.card)] = a
                if rl and first_gin is None:
                    kept = [c for c in hand if c != a.card]
                    if deadwood_value(kept, rules=self.rules) == 0:
                        first_gin = a
        if rl and (big_gin or first_gin) is not None:
            out[_R_GIN] = big_gin or first_gin
        return out

    def _encode(self, state: Referee, seat: int) -> np.ndarray[Any, Any]:
        hand = state.round if isinstance(state, GinGame) else state
        if type(hand) is not GinHand or seat not in (0, 1):
            return self._encode_view(state, seat)
        other = 1 - seat
        mine = _kinds(self._packed(hand.hands[seat]))
        seen = mine
        bits = mine
        discards = hand.discards
        if discards:
            top = _kinds(codes_packed((discards[-1],)))
            under = _kinds(self._packed(discards)) & ~top
            bits |= top << 52 | under << 104
            seen |= top | under
        known = hand.known[other]
        if known:
            k = _kinds(self._packed(known))
            bits |= k << 156
            seen |= k
        bits |= (_ALL52 & ~seen) << 208
        if self.encoding == "rlcard":
            return _unpack(bits, 260).reshape(5, 52).astype(np.float32)
        bits |= _kinds(codes_packed((hand.first_upcard,))) << 260
        bits |= 1 << (312 + _PHASE[hand.phase])
        if state.to_move == seat:
            bits |= 1 << 315
        out = _unpack(bits, self.layout.size).astype(np.float32)
        out[316] = len(hand.stock) / 31
        out[317] = len(hand.hands[other]) / 11
        out[318] = self._limit(hand) / 10
        if isinstance(state, GinGame):
            totals = state.score.totals
            target = self.rules.game_target
            out[319] = min(1.0, totals[seat] / target)
            out[320] = min(1.0, totals[other] / target)
        return out

    def _encode_view(self, state: Referee, seat: int) -> np.ndarray[Any, Any]:
        """`_encode` from the seat's view (every state `_encode` does not read itself)."""
        view = state.view(seat)
        assert isinstance(view, GinView)
        planes = np.zeros((6, 52), dtype=np.float32)
        for c in view.hand:
            planes[0, card_kind(c)] = 1.0
        if view.discards:
            planes[1, card_kind(view.discards[-1])] = 1.0
            for c in view.discards[:-1]:
                planes[2, card_kind(c)] = 1.0
        other = 1 - seat
        for c in view.known[other]:
            planes[3, card_kind(c)] = 1.0
        planes[4] = 1.0 - planes[0] - planes[1] - planes[2] - planes[3]
        if self.encoding == "rlcard":
            return planes[:5].copy()
        planes[5, card_kind(view.first_upcard)] = 1.0
        out = np.zeros(self.layout.size, dtype=np.float32)
        out[:312] = planes.reshape(-1)
        at = 312
        out[at + {GinPhase.DRAW: 0, GinPhase.DISCARD: 1, GinPhase.OVER: 2}[view.phase]] = 1.0
        out[at + 3] = 1.0 if view.to_move == seat else 0.0
        out[at + 4] = view.stock_size / 31
        out[at + 5] = view.hand_sizes[other] / 11
        out[at + 6] = view.knock_limit / 10
        if view.totals is not None:
            target = self.rules.game_target
            out[at + 7] = min(1.0, view.totals[seat] / target)
            out[at + 8] = min(1.0, view.totals[other] / target)
        return out

    def action_rows(self) -> list[ActionRow]:
        """The action table of this encoding."""
        if self.encoding == "rlcard":
            return [
                ActionRow(
                    0,
                    2,
                    "score player 0 / player 1 (RLCard's scoring steps): always masked, the hand is scored at once",
                ),
                ActionRow(2, 1, "draw the top card of the stock"),
                ActionRow(3, 1, "take the top card of the discard pile"),
                ActionRow(4, 1, "declare a dead hand: always masked, the referee ends the hand as a draw itself"),
                ActionRow(
                    5,
                    1,
                    "gin: big gin when all eleven cards meld, else the first knock (in card order) "
                    "that leaves no deadwood",
                ),
                ActionRow(6, 52, "discard card 6 + k (k: suit × 13 + rank − 1, suits ♠ ♥ ♦ ♣)"),
                ActionRow(58, 52, "knock, discarding card 58 + k face down (gin when no deadwood is left)"),
            ]
        return [
            ActionRow(0, 1, "draw the top card of the stock"),
            ActionRow(1, 1, "take the top card of the discard pile"),
            ActionRow(2, 52, "discard card 2 + k (k: suit × 13 + rank − 1, suits ♠ ♥ ♦ ♣)"),
            ActionRow(54, 52, "knock, discarding card 54 + k face down (gin when no deadwood is left)"),
            ActionRow(106, 1, "big gin: lay down all eleven cards, no discard"),
        ]


_ORDER = tuple((3 - i // 13) * 13 + i % 13 for i in range(52))
"""The action offset (suit ♠ ♥ ♦ ♣ × 13 + rank − 1) of each bit of the engine's packed masks (suits ♣ ♦ ♥ ♠)."""
_ALL52 = (1 << 52) - 1
_PHASE = {GinPhase.DRAW: 0, GinPhase.DISCARD: 1, GinPhase.OVER: 2}


def _bits(packed: int) -> Iterator[int]:
    """The set bits of ``packed``, lowest first (the referee's card order: suit, then rank)."""
    while packed:
        low = packed & -packed
        packed ^= low
        yield low.bit_length() - 1


def _kinds(packed: int) -> int:
    """The engine's packed masks (suits ♣ ♦ ♥ ♠) as 52 bits in the encoding's card order (♠ ♥ ♦ ♣)."""
    m = 8191
    return packed >> 39 & m | (packed >> 26 & m) << 13 | (packed >> 13 & m) << 26 | (packed & m) << 39


def _unpack(bits: int, size: int) -> np.ndarray[Any, Any]:
    """The first ``size`` bits of ``bits``, lowest first, as a vector of 0s and 1s (``uint8``)."""
    raw = np.frombuffer(bits.to_bytes((size + 7) // 8, "little"), dtype=np.uint8)
    return np.unpackbits(raw, count=size, bitorder="little")


class _Moves(Mapping[int, Any]):
    """The legal indices of the seat to move, in the referee's order; each action built when looked up.

    ``gin_card`` is, under the RLCard encoding, the bit of the first card whose knock is gin when
    index 5 stands for that knock (``-1``: big gin, or no gin).
    """

    __slots__ = ("_cards", "_gin", "_keys", "_rl", "_seat")

    def __init__(self, keys: list[int], seat: int, cards: tuple[Card, ...], gin_card: int, rl: bool) -> None:
        self._keys = keys
        self._seat = seat
        self._cards = cards
        self._gin = gin_card
        self._rl = rl

    def __len__(self) -> int:
        return len(self._keys)

    def __iter__(self) -> Iterator[int]:
        return iter(self._keys)

    def __contains__(self, index: object) -> bool:
        return index in self._keys

    def __getitem__(self, index: int) -> Any:
        if index not in self._keys:
            raise KeyError(index)
        return self._action(index)

    def get(self, index: int, default: Any = None) -> Any:
        return self._action(index) if index in self._keys else default

    def _card(self, kind: int) -> Card:
        """The seat's own card of a kind index (the object its hand holds)."""
        canonical = CARDS[3 - kind // 13][kind % 13]
        return self._cards[self._cards.index(canonical)]

    def _card_at_bit(self, bit: int) -> Card:
        return self._card(_ORDER[bit])

    def _action(self, index: int) -> Any:
        p = self._seat
        if self._rl:
            if index == _R_DRAW:
                return DrawStock(p)
            if index == _R_PICK:
                return DrawDiscard(p)
            if index == _R_GIN:
                return Knock(p) if self._gin < 0 else Knock(p, self._card_at_bit(self._gin))
            if index < _R_KNOCK:
                return Discard(p, self._card(index - _R_DISCARD))
            return Knock(p, self._card(index - _R_KNOCK))
        if index == _DRAW_STOCK:
            return DrawStock(p)
        if index == _DRAW_DISCARD:
            return DrawDiscard(p)
        if index == _BIG_GIN:
            return Knock(p)
        if index < _KNOCK:
            return Discard(p, self._card(index - _DISCARD))
        return Knock(p, self._card(index - _KNOCK))


def env(**kwargs: Any) -> RummyAECEnv:
    """The Gin Rummy environment with PettingZoo's usual wrappers (arguments as `raw_env`).

    Examples:
        >>> e = env(encoding="rlcard")
        >>> e.reset(seed=3)
        >>> e.observe(e.agent_selection)["observation"].shape, int(e.action_space("player_0").n)
        ((5, 52), 110)
    """
    return wrap(raw_env(**kwargs))
