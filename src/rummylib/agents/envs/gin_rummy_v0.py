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

from collections.abc import Sequence
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
from rummylib.errors import ErrorCode, RuleSetError
from rummylib.gin import GinGame, GinHand, GinPhase
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

    def _moves(self, state: Referee, seat: int) -> dict[int, Any]:
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


def env(**kwargs: Any) -> RummyAECEnv:
    """The Gin Rummy environment with PettingZoo's usual wrappers (arguments as `raw_env`).

    Examples:
        >>> e = env(encoding="rlcard")
        >>> e.reset(seed=3)
        >>> e.observe(e.agent_selection)["observation"].shape, int(e.action_space("player_0").n)
        ((5, 52), 110)
    """
    return wrap(raw_env(**kwargs))
