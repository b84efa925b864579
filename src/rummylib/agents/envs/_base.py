"""What every rummylib environment shares: the AEC loop over a referee, the layouts, the masks.

An environment holds one referee state. At each step it asks the referee for the legal actions of
the seat to move and gives each one an index of the fixed action space (`RummyEnv._moves`); the
mask is exactly those indices. An index may also stand for a step inside the environment that
does not reach the referee (choosing among several lay-downs, choosing Rummikub tiles): such a
step keeps the same agent to move and gives no reward.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, ClassVar, TypeAlias

import attrs
import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from rummylib import svg
from rummylib.cards import Card, Rank, Suit
from rummylib.errors import ErrorCode, RuleSetError, RummyError
from rummylib.pieces import Joker, Piece
from rummylib.records import view_lines
from rummylib.referee import Referee
from rummylib.tiles import STANDARD_COLORS, Tile

__all__ = [
    "CARD_KINDS",
    "ActionRow",
    "Field",
    "Internal",
    "Layout",
    "RummyEnv",
    "card_kind",
    "kind_name",
    "tile_kind",
    "wrap",
]

SUITS: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
"""Suit order of every card encoding: spades, hearts, diamonds, clubs (the order RLCard uses)."""
CARD_KINDS = 53
"""Kinds of piece an encoding tells apart: 52 cards (or 52 tiles) and the joker (index 52)."""
JOKER_KIND = 52
_SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}
_COLOR_INDEX = {c: i for i, c in enumerate(STANDARD_COLORS)}


def card_kind(piece: Piece) -> int:
    """The index of a card's kind: suit (spades, hearts, diamonds, clubs) × 13 + rank − 1; a joker is 52.

    Examples:
        >>> card_kind(Card.parse("As")), card_kind(Card.parse("Kc")), card_kind(Joker())
        (0, 51, 52)
    """
    if isinstance(piece, Card):
        return _SUIT_INDEX[piece.suit] * 13 + int(piece.rank) - 1
    return JOKER_KIND


def tile_kind(piece: Piece) -> int:
    """The index of a tile's kind: colour (K, B, Y, R) × 13 + number − 1; a joker is 52.

    Examples:
        >>> tile_kind(Tile.parse("K1")), tile_kind(Tile.parse("R13")), tile_kind(Joker())
        (0, 51, 52)
    """
    if isinstance(piece, Tile):
        return _COLOR_INDEX[piece.color] * 13 + piece.number - 1
    return JOKER_KIND


def kind_card(kind: int) -> Piece:
    """The card of a kind index (the inverse of `card_kind`)."""
    if kind == JOKER_KIND:
        return Joker()
    return Card(Rank(kind % 13 + 1), SUITS[kind // 13])


def kind_tile(kind: int) -> Piece:
    """The tile of a kind index (the inverse of `tile_kind`)."""
    if kind == JOKER_KIND:
        return Joker()
    return Tile(STANDARD_COLORS[kind // 13], kind % 13 + 1)


def kind_name(kind: int, *, tiles: bool = False) -> str:
    """The notation of a kind index, for the action tables.

    Examples:
        >>> kind_name(0), kind_name(52), kind_name(13, tiles=True)
        ('As', '*', 'B1')
    """
    return str(kind_tile(kind) if tiles else kind_card(kind))


@attrs.frozen
class Field:
    """One named stretch of an observation vector."""

    name: str
    """Its name in the documentation."""
    size: int
    """How many numbers it takes."""
    text: str
    """What the numbers mean."""


class Layout:
    """The fields of an observation vector, in order, with their offsets."""

    def __init__(self, fields: Iterable[Field]) -> None:
        self.fields: tuple[Field, ...] = tuple(fields)
        self.offset: dict[str, int] = {}
        at = 0
        for f in self.fields:
            self.offset[f.name] = at
            at += f.size
        self.size = at

    def rows(self) -> list[tuple[str, str, str]]:
        """``(indices, name, meaning)`` for every field."""
        out = []
        for f in self.fields:
            start = self.offset[f.name]
            where = str(start) if f.size == 1 else f"{start}–{start + f.size - 1}"
            out.append((where, f.name, f.text))
        return out


@attrs.frozen
class ActionRow:
    """One stretch of the action space, for the action table."""

    start: int
    """The first index."""
    size: int
    """How many indices."""
    text: str
    """What they do."""


@attrs.frozen
class Internal:
    """A step that stays inside the environment (the referee is not asked); ``run`` changes the env."""

    what: str
    """What the step does, in words (two steps are equal when this is)."""
    run: Callable[[], None] = attrs.field(eq=False)
    """The step itself."""


def seed_of(seed: int | None, rng: np.random.Generator) -> int:
    """The deal's seed: the one given, or one drawn from the environment's generator."""
    return int(seed) if seed is not None else int(rng.integers(0, 2**31 - 1))


class RummyEnv(AECEnv[str, dict[str, Any], int | None]):
    """An AEC environment over a rummylib referee; each game's module fills in the deal, moves and views.

    Subclasses set ``metadata``, ``layout`` (the observation fields), ``actions`` (the size of the
    action space) and implement `_deal`, `_moves`, `_encode` and `_standing`.
    """

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi", "human", "svg"],
        "name": "rummy",
        "is_parallelizable": False,
    }
    layout: Layout
    actions: int
    max_steps: int

    def __init__(self, *, players: int, render_mode: str | None = None, max_steps: int = 5000) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise RuleSetError(f"render_mode must be one of {self.metadata['render_modes']}", code=ErrorCode.BAD_OPTION)
        if isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 1:
            raise RuleSetError(
                f"max_steps must be a whole number above 0, not {max_steps!r}", code=ErrorCode.BAD_OPTION
            )
        self.render_mode = render_mode
        self.max_steps = max_steps
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self.agents = list(self.possible_agents)
        self.seats = players
        obs = self._observation_box()
        mask = spaces.Box(low=0, high=1, shape=(self.actions,), dtype=np.int8)
        self.observation_spaces = {a: spaces.Dict({"observation": obs, "action_mask": mask}) for a in self.agents}
        self.action_spaces = {a: spaces.Discrete(self.actions) for a in self.agents}
        self.state_: Referee | None = None
        self._legal: Mapping[int, Any] = {}
        self._cache_key: tuple[int, int] | None = None
        self._cache_state: Referee | None = None
        self._cache: tuple[Any, ...] = ()
        self._zero_mask = np.zeros(self.actions, dtype=np.int8)
        self._seat_of = {a: i for i, a in enumerate(self.possible_agents)}
        self._np_random: np.random.Generator | None = None
        self._np_seed: int | None = None

    @property
    def np_random(self) -> np.random.Generator:
        """The environment's NumPy generator: gymnasium's ``seeding.np_random`` of the last ``reset`` seed.

        It is made when first asked for (a reset with a seed only notes the seed), and is then exactly
        the generator that seed gives; before any seeded reset it is seeded from the system.

        Examples:
            >>> from rummylib.agents.envs import gin_rummy_v0
            >>> env = gin_rummy_v0.raw_env()
            >>> env.reset(seed=3)
            >>> int(env.np_random.integers(10**6)) == int(np.random.default_rng(3).integers(10**6))
            True
        """
        rng = self._np_random
        if rng is None:
            rng, _ = seeding.np_random(self._np_seed)
            self._np_random = rng
        return rng

    @np_random.setter
    def np_random(self, rng: np.random.Generator) -> None:
        self._np_random = rng

    # --- what a game fills in -------------------------------------------------------------------
    def _observation_box(self) -> spaces.Box:
        return spaces.Box(low=0.0, high=1.0, shape=(self.layout.size,), dtype=np.float32)

    def _deal(self, seed: int) -> Referee:
        raise NotImplementedError  # pragma: no cover - every game defines it

    def _moves(self, state: Referee, seat: int) -> Mapping[int, Any]:
        raise NotImplementedError  # pragma: no cover - every game defines it

    def _encode(self, state: Referee, seat: int) -> np.ndarray[Any, Any]:
        raise NotImplementedError  # pragma: no cover - every game defines it

    def _standing(self, state: Referee) -> Sequence[float]:
        """Each seat's score so far, higher better; a step's reward is its change."""
        raise NotImplementedError  # pragma: no cover - every game defines it

    def _reset_turn(self) -> None:
        """Forget the environment's own choices (cursors, chosen tiles) when the referee moves on."""

    def _save_turn(self) -> Any:
        """The environment's own choices in this turn, as a hashable value (see `reachable_actions`)."""
        return None

    def _restore_turn(self, saved: Any) -> None:
        """Go back to choices `_save_turn` gave."""

    def legal_actions_of(self, state: Referee, seat: int) -> tuple[Any, ...]:
        """``state.legal_actions(seat)``, remembered for the state in play (env steps ask again)."""
        key = (id(state), seat)
        if self._cache_key != key or self._cache_state is not state:
            self._cache_key, self._cache_state = key, state
            self._cache = tuple(state.legal_actions(seat))
        return self._cache

    def reachable_actions(self) -> list[Any]:
        """Every referee action the agent to move can take from here, by one index or after env steps.

        The environment's own steps (`Internal`) are followed, every choice they lead to explored
        once, and the environment is left as it was. A test hook: the masks are exact when this is
        the referee's `legal_actions` and every unmasked index is legal.
        """
        found: list[Any] = []
        start = self._save_turn()
        seen = {start}
        todo = [start]
        seat = self.possible_agents.index(self.agent_selection)
        while todo:
            self._restore_turn(todo.pop())
            moves = self._moves(self.referee, seat)
            for move in moves.values():
                if not isinstance(move, Internal):
                    if move not in found:
                        found.append(move)
                    continue
                here = self._save_turn()
                move.run()
                after = self._save_turn()
                self._restore_turn(here)
                if after not in seen:
                    seen.add(after)
                    todo.append(after)
        self._restore_turn(start)
        self._legal = self._moves(self.referee, seat)
        return found

    # --- the AEC API --------------------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The `Dict` of ``observation`` and ``action_mask`` for ``agent``."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The fixed `Discrete` action space."""
        return self.action_spaces[agent]

    @property
    def referee(self) -> Referee:
        """The referee state being played."""
        if self.state_ is None:
            raise RummyError("call reset() first: no game has been dealt yet", code=ErrorCode.NOT_RESET)
        return self.state_

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal anew; the same ``seed`` gives the same deal and the same play."""
        if seed is None:
            self.rng = random.Random(seed_of(None, self.np_random))
        else:
            if type(seed) is int and seed >= 0:
                # What seeding.np_random(seed) would give, made when first asked for (see np_random).
                self._np_random, self._np_seed = None, seed
            else:
                self.np_random, _ = seeding.np_random(seed)
            self.rng = random.Random(int(seed))
        self.state_ = self._deal(self.rng.randrange(2**31))
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.steps = 0
        self._before = tuple(self._standing(self.state_))
        self._reset_turn()
        self._next()

    def _next(self) -> None:
        state = self.referee
        seat = state.to_move
        if seat is None:
            self._legal = {}
            return
        self.agent_selection = self.possible_agents[seat]
        self._legal = self._moves(state, seat)

    def _cut_off(self, state: Referee) -> bool:
        """Whether a state that is over was cut off by a limit of the rules (reported as truncated, not terminated)."""
        return False

    def legal_moves(self) -> dict[int, Any]:
        """The unmasked indices of the agent to move, each with the referee action (or env step) it takes."""
        return dict(self._legal)

    def action_mask(self, agent: str) -> np.ndarray[Any, Any]:
        """The mask of ``agent``: ones at the legal indices when it is to move, zeros otherwise."""
        if agent != self.agent_selection or self.terminations[agent] or self.truncations[agent]:
            return self._zero_mask.copy()
        mask = self._zero_mask.copy()
        legal = self._legal
        if len(legal) > 3:
            mask.put(list(legal), 1)
        else:
            for index in legal:
                mask[index] = 1
        return mask

    def observe(self, agent: str) -> dict[str, Any]:
        """``agent``'s observation (its seat's private view, encoded) and action mask."""
        seat = self._seat_of.get(agent)
        if seat is None:
            seat = self.possible_agents.index(agent)
        return {"observation": self._encode(self.referee, seat), "action_mask": self.action_mask(agent)}

    def step(self, action: int | None) -> None:
        """Play index ``action`` for the agent to move.

        Raises:
            RummyError: a masked index (code ``bad-field``).
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        cumulative = self._cumulative_rewards
        cumulative[agent] = 0.0
        self.rewards = rewards = dict.fromkeys(self.agents, 0.0)
        move = self._legal.get(int(action)) if action is not None else None
        if move is None:
            raise RummyError(f"action {action} is masked for {agent}", code=ErrorCode.MASKED_ACTION)
        if isinstance(move, Internal):
            move.run()
            self.steps += 1
            self._legal = self._moves(self.referee, self.possible_agents.index(agent))
            if self.steps >= self.max_steps:
                self.truncations = dict.fromkeys(self.agents, True)
                self._legal = {}
        else:
            state = self.referee.apply(move)
            self.state_ = state
            self.steps += 1
            after = tuple(self._standing(state))
            for a, now, was in zip(self.possible_agents, after, self._before, strict=False):
                rewards[a] = float(now - was)
            self._before = after
            self._reset_turn()
            if state.is_over and self._cut_off(state):
                self.truncations = dict.fromkeys(self.agents, True)
                self._legal = {}
            elif state.is_over:
                self.terminations = dict.fromkeys(self.agents, True)
                self._legal = {}
            elif self.steps >= self.max_steps:
                self.truncations = dict.fromkeys(self.agents, True)
                self._legal = {}
            else:
                self._next()
        for a, reward in rewards.items():
            cumulative[a] += reward
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The game, in the ``render_mode`` the environment was made with.

        * ``"ansi"``: a text board, returned: whose turn it is, then what each seat sees (its view,
          as ``rummylib replay`` shows it: pieces and melds on lines of their own, then the facts);
        * ``"human"``: the same board, printed (after every step too);
        * ``"svg"``: a picture of the game as the seat to move sees it (an SVG document, returned);
        * ``None`` (the default): nothing.

        Examples:
            >>> from rummylib.agents.envs import gin_rummy_v0
            >>> env = gin_rummy_v0.raw_env(render_mode="ansi")
            >>> env.reset(seed=1)
            >>> print(env.render())  # doctest: +ELLIPSIS
            gin_rummy_v0: player_1 to move
            player_0 sees:
              hand: ...
            ...
        """
        if self.render_mode is None:
            return None
        state = self.referee
        seat = state.to_move
        if self.render_mode == "svg":
            return svg.view(state.view(0 if seat is None else seat), rules=state.rules)
        head = "over" if state.is_over else f"{self.agent_selection} to move"
        lines = [f"{self.metadata['name']}: {head}"]
        for i, agent in enumerate(self.possible_agents):
            lines.append(f"{agent} sees:")
            lines += [f"  {line}" for line in view_lines(state.view(i))]
        text = "\n".join(lines)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""

    def action_rows(self) -> list[ActionRow]:
        """The action table: every stretch of indices and what it does."""
        raise NotImplementedError  # pragma: no cover - every game defines it


RummyAECEnv: TypeAlias = AECEnv[str, dict[str, Any], int | None]
"""What every ``env()`` factory returns: a PettingZoo AEC environment whose agents are named
``"player_0"``, ... , whose observations are ``{"observation", "action_mask"}`` and whose actions are
action numbers (``None`` for an agent that is done)."""


def wrap(env: RummyEnv) -> RummyAECEnv:
    """PettingZoo's usual wrappers: bounds asserted, order enforced (as the classic environments do)."""
    return _Wrapped(env)


def _forward(name: str) -> property:
    """A property of `_Wrapped` reading ``name`` from the environment itself once it has been reset."""

    def get(self: _Wrapped) -> Any:
        if self._has_reset:
            return getattr(self._raw, name)
        raise AttributeError(f"{name} cannot be accessed before reset")

    return property(get)


class _Wrapped(wrappers.OrderEnforcingWrapper[str, dict[str, Any], int | None]):
    """``OrderEnforcingWrapper(AssertOutOfBoundsWrapper(env))``, the same checks on a shorter road.

    PettingZoo's wrappers reach every attribute of the environment through ``__getattr__`` twice
    over, and test every action with the action space; here the attributes read at every step are
    properties, and an action that is a plain ``int`` inside the space goes straight to the
    environment. Anything else (``None``, a NumPy integer, an action out of bounds, a call before
    ``reset``) takes the wrappers' own road, with their warnings and errors.
    """

    _has_reset: bool
    _has_updated: bool

    def __init__(self, env: RummyEnv) -> None:
        super().__init__(wrappers.AssertOutOfBoundsWrapper(env))
        self._raw = env
        spaces_ = [env.action_space(a) for a in env.possible_agents]
        plain = all(type(sp) is spaces.Discrete and int(sp.start) == 0 for sp in spaces_)
        sizes = {int(sp.n) for sp in spaces_ if type(sp) is spaces.Discrete}
        self._actions = sizes.pop() if plain and len(sizes) == 1 else 0

    agent_selection = _forward("agent_selection")
    agents = _forward("agents")
    terminations = _forward("terminations")
    truncations = _forward("truncations")
    rewards = _forward("rewards")
    infos = _forward("infos")
    _cumulative_rewards = _forward("_cumulative_rewards")

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """The wrapped environment's ``reset`` (see `RummyEnv.reset`)."""
        self._has_reset = True
        self._has_updated = True
        self._raw.reset(seed=seed, options=options)

    def step(self, action: int | None) -> None:
        """The wrapped environment's ``step`` (see `RummyEnv.step`)."""
        if self._has_reset:
            raw = self._raw
            if raw.agents and (
                (type(action) is int and 0 <= action < self._actions)
                or (action is None and (raw.terminations[raw.agent_selection] or raw.truncations[raw.agent_selection]))
            ):
                self._has_updated = True
                raw.step(action)
                return
        super().step(action)

    def observe(self, agent: str) -> dict[str, Any] | None:
        """The wrapped environment's ``observe`` (see `RummyEnv.observe`)."""
        if self._has_reset:
            return self._raw.observe(agent)
        return super().observe(agent)

    def __str__(self) -> str:
        """The environment's name, as PettingZoo's own wrappers give it."""
        return str(self.env) if hasattr(self, "metadata") else repr(self)


def counts(out: np.ndarray[Any, Any], at: int, kinds: Iterable[int], scale: float) -> None:
    """Add ``scale`` at ``at + kind`` for each kind (a count vector, scaled into [0, 1])."""
    for k in kinds:
        out[at + k] += scale


def one_hot(out: np.ndarray[Any, Any], at: int, index: int) -> None:
    """Set one of a one-hot block."""
    out[at + index] = 1.0
