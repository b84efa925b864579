"""The five games as OpenSpiel games, on rummylib's referees (the ``openspiel`` extra).

Importing this module registers, with ``pyspiel.register_game``, the games
``python_rummylib_rummikub``, ``python_rummylib_contract_rummy``, ``python_rummylib_shanghai``,
``python_rummylib_gin_rummy`` and ``python_rummylib_indian_rummy``; then
``pyspiel.load_game("python_rummylib_gin_rummy(knock_limit=5)")`` loads one. Every rule is the
referee's: this module only numbers the moves and shows each seat what its view shows.

* **Parameters.** ``players``; for the card games, ``game``: one round (``"hand"`` for Gin,
  ``"round"`` for the contract games, ``"deal"`` for Indian Rummy) or ``"game"`` (Gin to the
  target, every contract round, the Indian format); ``round_number`` for one contract round;
  ``max_moves``, the moves after which a game is cut short (its returns then are the standing so
  far); and every house rule of the game's rule set (`rummylib.RuleSet.options`) whose value is a
  number, a yes/no or a word, under its own name (an option that may be "none" is a number where
  ``-1`` means none). Lists (``card_points``, ``rounds``, ...) stay as the preset has them.
* **Chance.** The deal is chance nodes, one piece at a time: each outcome is a kind of piece still
  in the box (the environments' kind numbers), with probability copies left / pieces left. When
  every piece is placed, the referee starts from that order (the first pieces to the hands as the
  referee deals them, the rest the stock). Later deals of a whole game and reshuffles of the
  discards are the referee's own, from a seed made of the first deal's order.
* **Actions.** The fixed action numbers of the PettingZoo environments (`rummylib.agents.envs`),
  steps inside the environment included (choosing Rummikub tiles, stepping along the contract
  lay-downs): each is one OpenSpiel move of the seat to move, which stays to move.
* **What a seat sees.** Observation strings are the seat's view (its JSON); information-state
  strings are every view the seat has had since the deal, with its own moves (not another seat's
  steps within its turn); observation tensors are the environments' encodings, and
  information-state tensors the same followed by a history block (`RummyState.information_tensor`:
  what each seat was seen to discard, take from the discard pile and put on the table). No hidden
  piece is in any of them.
* **Resampling** (`RummyState.resample_from_infostate`, for information-set MCTS): in the round
  in play (the one round, or in a whole game the round being played), the pieces of the kinds a
  seat never saw are dealt anew and the round's moves played again; a deal is kept only when the
  seat's information state stays the same, so no piece of a kind it never saw is kept where it is.
* **Returns**, at the end: the environments' rewards summed (Gin and Rummikub: zero-sum points;
  an Indian deal: the losers pay the winner; the contract games and whole Indian games: minus
  each seat's points).

Examples:
    >>> import pyspiel
    >>> import rummylib.agents.openspiel
    >>> game = pyspiel.load_game("python_rummylib_gin_rummy(knock_limit=5)")
    >>> game.get_parameters()["knock_limit"], game.num_distinct_actions(), game.max_chance_outcomes()
    (5, 107, 53)
    >>> state = game.new_initial_state()
    >>> state.is_chance_node(), len(state.chance_outcomes())
    (True, 52)
"""

from __future__ import annotations

import hashlib
import itertools
import json
import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import attrs
import numpy as np

from rummylib.agents.envs import contract_rummy_v0, gin_rummy_v0, indian_rummy_v0, rummikub_v0, shanghai_v0
from rummylib.agents.envs._base import Internal, RummyEnv, card_kind, kind_card, kind_tile, tile_kind
from rummylib.contracts import ContractGame, ContractRound
from rummylib.decks import full_set
from rummylib.errors import ErrorCode, RuleSetError, RummyError
from rummylib.gin import GinGame, GinHand
from rummylib.indian import IndianDeal, IndianGame, SeatStatus
from rummylib.pieces import Family, Piece
from rummylib.referee import Referee
from rummylib.rules import CONTRACT_RUMMY, GIN_RUMMY, INDIAN_RUMMY, RUMMIKUB, SHANGHAI, RuleSet
from rummylib.rummikub import RummikubGame

try:
    import pyspiel
except ImportError as exc:  # pragma: no cover - the test environment has the extra

    class MissingExtraError(RummyError, ModuleNotFoundError):
        """The ``openspiel`` extra is not installed (a rummylib error, and a `ModuleNotFoundError`)."""

    raise MissingExtraError(
        f"rummylib.agents.openspiel needs the 'openspiel' extra ({exc.name} is missing): "
        'pip install ".[openspiel]" from a checkout',
        code=ErrorCode.MISSING_EXTRA,
    ) from None

__all__ = ["GAMES", "RummyGame", "RummyState"]

KINDS = 53
"""Chance outcomes: the 53 piece kinds of the environments' encodings (52 cards or tiles, the joker)."""
_NONE = -1
"""A house rule that may be "none" (``max_run``, ``max_buys``, ...) is a number here; -1 means none."""
_FIXED = frozenset({"min_players", "max_players", "turn_time_limit"})
"""Options that are not parameters: the players are ``players``; a time limit needs a clock."""


# --- the one place that knows how each referee is started from a deck order ------------------------
def _seed(order: Sequence[Piece]) -> str:
    """The seed of what the referee shuffles itself (reshuffles, later deals): made of the deal's order."""
    return "openspiel:" + hashlib.sha256(" ".join(map(str, order)).encode()).hexdigest()[:20]


# Each function: the referee state dealt in ``order`` (the referee's own deck order: the hands as it
# deals them, then the face-up cards and the stock), by the referee's own constructor from an order
# (the one its `deal` uses after shuffling); ``seed`` is the referee's for what it shuffles itself.


def _start_gin(
    rules: RuleSet, players: int, game: str, round_number: int, order: Sequence[Piece], seed: str
) -> Referee:
    if game == "game":
        return GinGame._from_order(rules=rules, seed=seed, order=order)
    return GinHand._from_order(rules=rules, seed=seed, order=order)


def _start_rummikub(
    rules: RuleSet, players: int, game: str, round_number: int, order: Sequence[Piece], seed: str
) -> Referee:
    return RummikubGame._from_order(rules=rules, players=players, seed=seed, order=order)


def _start_indian(
    rules: RuleSet, players: int, game: str, round_number: int, order: Sequence[Piece], seed: str
) -> Referee:
    if game == "game":
        return IndianGame._from_order(rules=rules, players=players, seed=seed, order=order)
    return IndianDeal._from_order(rules=rules, players=players, seed=seed, order=order)


def _start_contract(
    rules: RuleSet, players: int, game: str, round_number: int, order: Sequence[Piece], seed: str
) -> Referee:
    if game == "game":
        return ContractGame._from_order(rules=rules, players=players, seed=seed, order=order)
    return ContractRound._from_order(rules=rules, players=players, seed=seed, order=order, round_number=round_number)


# The round in play of a whole game, laid out as its deck order at the deal and dealt again from
# another order (by the round class's own constructor from an order): resampling a later round.
def _gin_order(rnd: Any) -> list[Piece]:
    return [*rnd.hands[1 - rnd.dealer], *rnd.hands[rnd.dealer], *rnd.discards, *rnd.stock]


def _gin_round(rules: RuleSet, rnd: Any, order: Sequence[Piece], seed: str) -> Any:
    return GinHand._from_order(rules=rules, seed=seed, order=order, dealer=rnd.dealer)


def _contract_order(rnd: Any) -> list[Piece]:
    return [*itertools.chain(*rnd.hands), *rnd.discards, *rnd.stock]


def _contract_round(rules: RuleSet, rnd: Any, order: Sequence[Piece], seed: str) -> Any:
    return ContractRound._from_order(
        rules=rules, players=rnd.players, seed=seed, order=order, round_number=rnd.round_number, dealer=rnd.dealer
    )


def _indian_order(rnd: Any) -> list[Piece]:
    return [*itertools.chain(*rnd.hands), rnd.wild_card, *rnd.discards, *rnd.stock]


def _indian_round(rules: RuleSet, rnd: Any, order: Sequence[Piece], seed: str) -> Any:
    out = [p for p, status in enumerate(rnd.status) if status is SeatStatus.SITTING_OUT]
    return IndianDeal._from_order(
        rules=rules, players=rnd.players, seed=seed, order=order, dealer=rnd.dealer, sitting_out=out
    )


_ROUNDS: dict[type, tuple[Callable[[Any], list[Piece]], Callable[[RuleSet, Any, Sequence[Piece], str], Any]]] = {
    GinHand: (_gin_order, _gin_round),
    ContractRound: (_contract_order, _contract_round),
    IndianDeal: (_indian_order, _indian_round),
}
"""By round class: the round's deck order as dealt, and the round dealt from another order (with a seed)."""

_TRIES = 200
"""Deals a resampling tries before it gives up (in practice the first one nearly always fits)."""


@attrs.frozen
class _Spec:
    """What differs between the five games, as data."""

    short_name: str
    """The OpenSpiel name."""
    long_name: str
    """The name for people."""
    rules: RuleSet
    """The preset whose options are the parameters."""
    env: Callable[..., RummyEnv]
    """The environment class whose action numbers and encoders are used."""
    start: Callable[[RuleSet, int, str, int, Sequence[Piece], str], Referee]
    """The referee state dealt in a deck order: ``start(rules, players, game, round_number, order, seed)``."""
    players: int
    """The default number of players."""
    rounds: tuple[str, str] | None
    """The values of ``game``: one round, a whole game (``None``: Rummikub, always one game)."""
    zero_sum: bool
    """Whether the returns always sum to zero (one round and whole games alike)."""
    max_moves: int
    """Default ``max_moves``."""
    env_seats: bool = True
    """Whether the environment takes ``players`` (Gin's is always for two)."""


GAMES: dict[str, _Spec] = {
    s.short_name: s
    for s in (
        _Spec(
            "python_rummylib_rummikub",
            "rummylib Rummikub",
            RUMMIKUB,
            rummikub_v0.raw_env,
            _start_rummikub,
            2,
            None,
            True,
            2000,
        ),
        _Spec(
            "python_rummylib_contract_rummy",
            "rummylib Contract Rummy",
            CONTRACT_RUMMY,
            contract_rummy_v0.raw_env,
            _start_contract,
            3,
            ("round", "game"),
            False,
            2000,
        ),
        _Spec(
            "python_rummylib_shanghai",
            "rummylib Shanghai",
            SHANGHAI,
            shanghai_v0.raw_env,
            _start_contract,
            3,
            ("round", "game"),
            False,
            2000,
        ),
        _Spec(
            "python_rummylib_gin_rummy",
            "rummylib Gin Rummy",
            GIN_RUMMY,
            gin_rummy_v0.raw_env,
            _start_gin,
            2,
            ("hand", "game"),
            True,
            1000,
            env_seats=False,
        ),
        _Spec(
            "python_rummylib_indian_rummy",
            "rummylib Indian Rummy",
            INDIAN_RUMMY,
            indian_rummy_v0.raw_env,
            _start_indian,
            2,
            ("deal", "game"),
            False,
            1000,
        ),
    )
}
"""The games this module registers, by OpenSpiel short name."""


# --- house rules as game parameters -------------------------------------------------------------
def _rule_parameters(rules: RuleSet) -> dict[str, int | bool | str]:
    """The rule set's options that are game parameters, with the preset's values."""
    out: dict[str, int | bool | str] = {}
    for name, value in rules.options().items():
        if name in _FIXED:
            continue
        if isinstance(value, bool | str) or (isinstance(value, int) and value >= 0):
            out[name] = value
        elif value is None and _takes_number(rules, name):
            out[name] = _NONE
    return out


def _takes_number(rules: RuleSet, name: str) -> bool:
    """Whether an option that is none in the preset takes a whole number (not a list or a fraction)."""
    for value in (1, 5, 14):
        try:
            rules.with_options({name: value})
        except RummyError:
            continue
        return True
    return False


def _rules_from(spec: _Spec, params: dict[str, Any]) -> RuleSet:
    """The rule set the parameters ask for (only the options that differ from the preset)."""
    base = _rule_parameters(spec.rules)
    changed = {k: (None if v == _NONE and base[k] == _NONE else v) for k, v in params.items() if k in base}
    changed = {k: v for k, v in changed.items() if v != base[k] and not (v is None and base[k] == _NONE)}
    return spec.rules.with_options(changed) if changed else spec.rules


def _parameters(spec: _Spec) -> dict[str, int | bool | str]:
    out: dict[str, int | bool | str] = {"players": spec.players}
    if spec.rounds is not None:
        out["game"] = spec.rounds[0]
    if spec.rules.rounds:
        out["round_number"] = 1
    out["max_moves"] = spec.max_moves
    out.update(_rule_parameters(spec.rules))
    return out


# --- the one place that reads views -------------------------------------------------------------
def _view_text(state: Referee, seat: int) -> str:
    """A seat's view, as its JSON (keys sorted): what the seat sees and nothing else."""
    return json.dumps(state.view(seat).to_json(), sort_keys=True, separators=(",", ":"))


def _seen_in(text: str, names: frozenset[str]) -> set[str]:
    """The pieces (by notation) written anywhere in a view's JSON."""
    out: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, str):
            out.update(t for t in value.split() if t in names)
        elif isinstance(value, dict):
            for v in value.values():
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)

    walk(json.loads(text))
    return out


# --- what a seat remembers of the play, for its information-state tensor ----------------------
_MOVES = ("discarded", "took", "melded")
"""What the history block counts, per seat: pieces put on the discard pile, taken from it, put on the table."""


def _table_pieces(view: Any) -> list[Piece]:
    """The pieces on a view's table (Rummikub's sets, the contract games' melds; none elsewhere)."""
    table = getattr(view, "table", None)
    if table is None:
        return []
    melds = table.melds if hasattr(table, "melds") else table
    return [p for m in melds for p in (m.meld.pieces if hasattr(m, "meld") else m.pieces)]


class _History:
    """One seat's memory of the play, read from its own views only: per seat, pieces discarded, taken, melded.

    Between two views of the seat, one seat moved: a discard pile one piece longer is a piece that
    seat discarded, one piece shorter a piece it took, new pieces on the table pieces it melded (a
    new round, or a reshuffle, is neither).
    """

    def __init__(self, game: RummyGame) -> None:
        self.counts = np.zeros((game.players, len(_MOVES), KINDS), dtype=np.float32)
        self.done = 0
        self.before: tuple[Any, tuple[Piece, ...], Counter[Piece]] | None = None

    def copy(self) -> _History:
        out = object.__new__(_History)
        out.counts, out.done, out.before = self.counts.copy(), self.done, self.before
        return out

    @staticmethod
    def _of(view: Any) -> tuple[Any, tuple[Piece, ...], Counter[Piece]]:
        return getattr(view, "round_number", None), tuple(getattr(view, "discards", ())), Counter(_table_pieces(view))

    def catch_up(self, state: RummyState, seat: int) -> None:
        """Read the moves since the last call (the seat's views after each, and before the first)."""
        game, d = state.d.game, state.d
        if self.before is None:
            assert d.start is not None
            self.before = self._of(d.start.view(seat))
        for referee, mover, move in d.log[self.done :]:
            if isinstance(move, Internal):
                continue
            after = self._of(referee.view(seat))
            (rnd0, pile0, table0), (rnd1, pile1, table1) = self.before, after
            if rnd0 == rnd1:
                who = (mover - seat) % game.players
                if len(pile1) == len(pile0) + 1 and pile1[:-1] == pile0:
                    self.counts[who, 0, game._kind(pile1[-1])] += 1
                elif len(pile1) + 1 == len(pile0) and pile0[:-1] == pile1:
                    self.counts[who, 1, game._kind(pile0[-1])] += 1
                for piece, n in (table1 - table0).items():
                    self.counts[who, 2, game._kind(piece)] += n
            self.before = after
        self.done = len(d.log)


# --- the game ----------------------------------------------------------------------------------
def _game_type(spec: _Spec) -> Any:
    zero = spec.zero_sum
    return pyspiel.GameType(
        short_name=spec.short_name,
        long_name=spec.long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM if zero else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=spec.rules.max_players,
        min_num_players=spec.rules.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=False,
        parameter_specification=_parameters(spec),
    )


class RummyGame(pyspiel.Game):  # type: ignore[misc]
    """One of the five games as an OpenSpiel game (load it with ``pyspiel.load_game``).

    Examples:
        >>> import pyspiel
        >>> game = pyspiel.load_game("python_rummylib_shanghai(players=4,max_buys=2)")
        >>> game.num_players(), game.get_parameters()["max_buys"], game.rules.max_buys
        (4, 2, 2)
    """

    spec: _Spec

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        spec = self.spec
        defaults = _parameters(spec)
        params = {**defaults, **(params or {})}
        self.rules = _rules_from(spec, params)
        self.players = int(params["players"])
        self.rules.check_players(self.players)
        self.mode = str(params.get("game", "game"))
        if spec.rounds is not None and self.mode not in spec.rounds:
            raise RuleSetError(f"game must be one of {list(spec.rounds)}, not {self.mode!r}", code=ErrorCode.BAD_OPTION)
        self.round_number = int(params.get("round_number", 1))
        self.max_moves = int(params["max_moves"])
        if self.max_moves < 1:
            raise RuleSetError(f"max_moves must be above 0, not {self.max_moves}", code=ErrorCode.BAD_OPTION)
        env_args: dict[str, Any] = {"rules": self.rules}
        if spec.env_seats:
            env_args["players"] = self.players
        if spec.rounds is not None:
            env_args["game"] = self.mode
        if spec.rules.rounds:
            env_args["round_number"] = self.round_number
        self.env: RummyEnv = spec.env(**env_args)
        self.tiles = self.rules.family is Family.TILES
        box = full_set(self.rules, players=self.players)
        self.box: list[int] = [0] * KINDS
        for p in box:
            self.box[self._kind(p)] += 1
        self.names = frozenset(str(p) for p in box)
        self.copies = np.maximum(np.asarray(self.box, dtype=np.float32), 1.0)
        """Pieces of each kind in the box (at least 1: the history block's scale)."""
        self.history_size = self.players * len(_MOVES) * KINDS
        """The length of the information-state tensor's history block."""
        self.distinct = len(set(box)) == len(box)
        bound = float(self._utility_bound())
        info = pyspiel.GameInfo(
            num_distinct_actions=self.env.actions,
            max_chance_outcomes=KINDS,
            num_players=self.players,
            min_utility=-bound,
            max_utility=bound,
            utility_sum=0.0 if spec.zero_sum else None,
            max_game_length=len(box) + self.max_moves,
        )
        super().__init__(_game_type(spec), info, params)

    def _utility_bound(self) -> int:
        """A bound on any seat's return (generous: every piece at its highest value, bonuses, many rounds)."""
        r = self.rules
        worst = max([*r.card_points, r.joker_points, r.max_number, 25])
        one = worst * len(full_set(r, players=self.players)) * 2 + r.gin_bonus + r.big_gin_bonus + r.undercut_bonus
        return one * (1 + max(len(r.rounds), 1) * 20) + r.game_bonus * 4

    def _kind(self, piece: Piece) -> int:
        return tile_kind(piece) if self.tiles else card_kind(piece)

    def piece(self, kind: int) -> Piece:
        """The piece of a kind number (a chance outcome)."""
        return kind_tile(kind) if self.tiles else kind_card(kind)

    def new_initial_state(self) -> RummyState:
        """The start: the deal's first chance node."""
        return RummyState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        """An observer: the information state with perfect recall, else the observation."""
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return _Observer(self, recall)


class _Data:
    """A state's own values; a copy shares the immutable ones (referee states, the game)."""

    def __init__(self, game: RummyGame) -> None:
        self.game = game
        self.left: list[int] = list(game.box)
        """Pieces of each kind not dealt yet."""
        self.order: list[int] = []
        """The kinds dealt so far, in the referee's deck order."""
        self.referee: Referee | None = None
        """The referee state, once the deal is done."""
        self.start: Referee | None = None
        """The referee state as dealt."""
        self.turn: Any = None
        """The environment's own choices in the turn (see `RummyEnv._save_turn`)."""
        self.moves = 0
        self.over = False
        self.log: list[tuple[Referee, int, Any]] = []
        """After each move of a seat: the referee state, the seat, what it did."""
        self.legal: Mapping[int, Any] | None = None
        self.lines: list[list[str]] = [[] for _ in range(game.players)]
        self.done: list[int] = [0] * game.players
        self.seed: str | None = None
        """The referee's seed, when not the one made of the deal's order (a resampled state keeps the original's)."""
        self.history: list[_History] = [_History(game) for _ in range(game.players)]

    def __deepcopy__(self, memo: dict[int, Any]) -> _Data:
        out = object.__new__(_Data)
        out.__dict__.update(self.__dict__)
        out.left, out.order, out.log = list(self.left), list(self.order), list(self.log)
        out.lines, out.done = [list(x) for x in self.lines], list(self.done)
        out.history = [h.copy() for h in self.history]
        return out


class RummyState(pyspiel.State):  # type: ignore[misc]
    """A state: the deal so far (chance), then the referee state and the turn's environment steps.

    Examples:
        >>> import pyspiel
        >>> state = pyspiel.load_game("python_rummylib_gin_rummy").new_initial_state()
        >>> for kind in range(52):  # the deck in kind order: spades, hearts, diamonds, clubs
        ...     state.apply_action(kind)
        >>> state.current_player(), state.legal_actions(), state.referee.to_move
        (1, [0, 1], 1)
        >>> state.action_to_string(1, 1)
        'DrawDiscard(player=1)'
    """

    def __init__(self, game: RummyGame) -> None:
        super().__init__(game)
        self.d = _Data(game)

    @property
    def referee(self) -> Referee | None:
        """The referee state (``None`` during the deal)."""
        return self.d.referee

    # --- what OpenSpiel asks ----------------------------------------------------------------------
    def current_player(self) -> int:
        """The seat to move, or chance during the deal, or terminal."""
        if self.d.over:
            return int(pyspiel.PlayerId.TERMINAL)
        if self.referee is None:
            return int(pyspiel.PlayerId.CHANCE)
        seat = self.referee.to_move
        assert seat is not None
        return int(seat)

    def is_terminal(self) -> bool:
        """Whether the game is over (or cut short at ``max_moves``)."""
        return self.d.over

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The kinds still in the box, each with its share of the pieces left."""
        total = sum(self.d.left)
        return [(k, n / total) for k, n in enumerate(self.d.left) if n]

    def _moves(self) -> Mapping[int, Any]:
        if self.d.legal is None:
            env, state = self.d.game.env, self.referee
            assert state is not None
            seat = state.to_move
            assert seat is not None
            env._restore_turn(self.d.turn)
            self.d.legal = env._moves(state, seat)
        return self.d.legal

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self._moves()) if player == self.current_player() else []

    def _apply_action(self, action: int) -> None:
        game = self.d.game
        if self.referee is None:
            if not self.d.left[action]:
                raise RummyError(f"no piece of kind {action} is left to deal", code=ErrorCode.MASKED_ACTION)
            self.d.left[action] -= 1
            self.d.order.append(action)
            if not any(self.d.left):
                pieces = [game.piece(k) for k in self.d.order]
                seed = self.d.seed if self.d.seed is not None else _seed(pieces)
                self.d.referee = game.spec.start(game.rules, game.players, game.mode, game.round_number, pieces, seed)
                self.d.start = self.referee
                game.env._reset_turn()
                self.d.turn = game.env._save_turn()
            return
        move = self._moves().get(action)
        if move is None:
            raise RummyError(f"action {action} is not legal here", code=ErrorCode.MASKED_ACTION)
        seat = self.current_player()
        env = game.env
        self.d.moves += 1
        self.d.legal = None
        if isinstance(move, Internal):
            env._restore_turn(self.d.turn)
            move.run()
            self.d.turn = env._save_turn()
            self.d.log.append((self.referee, seat, move))
        else:
            self.d.referee = self.referee.apply(move)
            env._reset_turn()
            self.d.turn = env._save_turn()
            self.d.log.append((self.referee, seat, move))
        if self.referee.is_over or self.d.moves >= game.max_moves:
            self.d.over = True

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {self.d.game.piece(action)}"
        if self.referee is not None and not self.d.over and player == self.current_player():
            move = self._moves().get(action)
            if move is not None:
                return move.what if isinstance(move, Internal) else str(move)
        return f"action {action}"

    def returns(self) -> list[float]:
        """Each seat's total reward: the game's points at the end (zero before)."""
        if not self.d.over or self.referee is None:
            return [0.0] * self.d.game.players
        return [float(x) for x in self.d.game.env._standing(self.referee)]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> RummyState:
        """A state the seat cannot tell from this one: the pieces of kinds it has never seen dealt anew.

        The round in play is dealt again: one round, or in a whole game the round being played
        (the earlier rounds stay as they were scored). Every piece of a kind the seat has seen in
        that round (in any of its views since the round's deal) stays where the deal put it; the
        others (in hidden hands and the stock) are shuffled among their places, drawing from
        ``probability_sampler``, and the round's moves are played again: the seat's own, every move
        another seat made that reached the referee, and another seat's steps within its turn
        (choosing Rummikub tiles, stepping along lay-downs) where the new deal allows them. A new
        deal is kept only when the seat's information state comes out the same; otherwise another
        one is drawn, so the unseen pieces lie in any way the seat cannot rule out, each as likely,
        and none is kept where it truly is. What the referee shuffles itself from now on (reshuffles, the
        later rounds' deals) comes from a seed of the new state's own; after a reshuffle in the
        round in play, from this state's seed (for that reshuffle to come out the same, which
        leaves the reshuffled stock's unseen cards where they are). Every piece count is the same
        in the new state.

        Raises:
            RummyError: no new deal fitted in 200 draws (code ``no-sample``); it has not been seen
                to happen.
        """
        game = self.d.game
        if self.referee is None:
            copy: RummyState = self.clone()
            return copy
        rng = random.Random(int(probability_sampler() * 2**52))
        seed = self.d.seed if self.d.seed is not None else _seed([game.piece(k) for k in self.d.order])
        steps = self.history()[len(self.d.order) :]
        target = self.information_string(player_id)
        start = self._round_start()
        # the world's own seed for what its referee shuffles from now on (reshuffles, later deals);
        # after a reshuffle in the round in play, the state's, for that reshuffle to come out the same
        fresh = seed if self._reshuffled(start) else f"{seed}:world:{rng.getrandbits(64):016x}"
        prefix: RummyState | None = None
        if start is None:  # the first deal: its chance outcomes are dealt again
            base, seen = list(self.d.order), self._seen(player_id)
        else:  # a later round of a whole game: dealt again from its order at its deal
            prefix = RummyState(game)
            prefix.d.seed = seed
            for k in self.d.order:
                prefix.apply_action(k)
            for a in steps[: start + 1]:
                prefix.apply_action(a)
            rnd: Any = getattr(self.d.log[start][0], "round")  # noqa: B009 - the whole games' referees
            base = [game._kind(p) for p in _ROUNDS[type(rnd)][0](rnd)]
            seen = self._seen(player_id, start)
        free = [i for i, k in enumerate(base) if str(game.piece(k)) not in seen]
        for _attempt in range(_TRIES):
            kinds = [base[i] for i in free]
            rng.shuffle(kinds)
            order = list(base)
            for i, k in zip(free, kinds, strict=True):
                order[i] = k
            if prefix is None:
                out = self._replayed(self._dealt(order, fresh), steps, 0, player_id)
            else:
                assert start is not None
                world = self._redealt(prefix, order, fresh)
                out = self._replayed(world, steps[start + 1 :], start + 1, player_id)
            if out is not None and out.information_string(player_id) == target:
                return out
        raise RummyError(  # pragma: no cover - not seen to happen
            f"no deal of the unseen pieces fitted player {player_id}'s information state in {_TRIES} draws",
            code=ErrorCode.NO_SAMPLE,
        )

    def _round_start(self) -> int | None:
        """From a whole game's second round on: where in the log is the move after which the round in play was dealt."""
        start: int | None = None
        before = self.d.start
        for i, (state, _mover, move) in enumerate(self.d.log):
            if isinstance(move, Internal):
                continue
            rnd = getattr(state, "round", None)
            previous = getattr(state, "previous_round", None)
            if rnd is not None and previous is not getattr(before, "previous_round", None) and not rnd.is_over:
                start = i
            before = state
        return start

    def _dealt(self, order: list[int], seed: str) -> RummyState | None:
        """A new state dealt in ``order`` (``None`` when the referee refuses the deal)."""
        out = RummyState(self.d.game)
        out.d.seed = seed
        try:
            for k in order:
                out.apply_action(k)
        except (RummyError, pyspiel.SpielError):
            return None
        return out

    def _reshuffled(self, start: int | None) -> bool:
        """Whether the referee has shuffled the discards into a new stock in the round in play."""
        before = self.d.start if start is None else self.d.log[start][0]
        for state, _mover, _move in self.d.log if start is None else self.d.log[start + 1 :]:
            old, new = getattr(before, "round", before), getattr(state, "round", state)
            if len(getattr(new, "stock", ())) > len(getattr(old, "stock", ())):
                return True
            before = state
        return False

    @staticmethod
    def _redealt(prefix: RummyState, order: list[int], seed: str) -> RummyState | None:
        """``prefix`` (just after a round of a whole game was dealt) with that round dealt in ``order``.

        ``seed`` is the game's and the round's from now on (what the referee shuffles itself).
        """
        game, state = prefix.d.game, prefix.referee
        assert state is not None
        rnd = getattr(state, "round")  # noqa: B009 - the whole games' referees, untyped here
        try:
            again = _ROUNDS[type(rnd)][1](state.rules, rnd, [game.piece(k) for k in order], seed)
        except RummyError:
            return None
        referee: Referee = attrs.evolve(state, round=again, seed=seed)  # type: ignore[misc]
        out: RummyState = prefix.clone()
        _old, mover, move = out.d.log[-1]
        out.d.referee, out.d.legal = referee, None
        out.d.log[-1] = (referee, mover, move)
        return out

    def _replayed(self, out: RummyState | None, steps: Sequence[int], first: int, seat: int) -> RummyState | None:
        """This state's moves from the ``first``-th on, played on ``out`` (another seat's steps skipped if refused)."""
        if out is None:
            return None
        try:
            for a, (_state, mover, move) in zip(steps, self.d.log[first:], strict=True):
                if mover != seat and isinstance(move, Internal) and a not in out._moves():
                    continue  # a choice within another seat's turn that the new deal does not allow
                out.apply_action(a)
        except (RummyError, pyspiel.SpielError):
            return None
        if out.current_player() != self.current_player() or out.is_terminal() != self.is_terminal():
            return None
        return out

    def _seen(self, seat: int, start: int | None = None) -> set[str]:
        """Every piece the seat has seen: in any of its views since the deal (or of the round dealt at ``start``)."""
        names = self.d.game.names
        out: set[str] = set()
        if start is None:
            self._catch_up(seat)
            for line in self.d.lines[seat]:
                out |= _seen_in(line.split("\t")[-1], names)
            return out
        for state, mover, move in self.d.log[start:]:
            if mover != seat and isinstance(move, Internal):
                continue  # another seat's choices within its turn are its own
            rnd: Any = getattr(state, "round")  # noqa: B009 - its own view: not what the seat saw of earlier rounds
            out |= _seen_in(json.dumps(rnd.view(seat).to_json()), names)
        return out

    # --- what a seat sees ---------------------------------------------------------------------------
    def _catch_up(self, seat: int) -> None:
        """The seat's lines: its first view, then its view after each move it sees (with its own moves).

        A seat sees every move that reaches the referee, and its own steps within its turn; another
        seat's steps within its turn (choosing tiles, stepping along lay-downs) are not seen.
        """
        lines = self.d.lines[seat]
        if self.referee is None:
            return
        if not lines:
            assert self.d.start is not None
            lines.append(_view_text(self.d.start, seat))
        for state, mover, move in self.d.log[self.d.done[seat] :]:
            if mover != seat and isinstance(move, Internal):
                continue  # another seat's choices within its turn are its own
            own = f"{move.what if isinstance(move, Internal) else move}\t" if mover == seat else ""
            lines.append(own + _view_text(state, seat))
        self.d.done[seat] = len(self.d.log)

    def information_string(self, seat: int) -> str:
        """Every view the seat has had since the deal, one a line, with its own moves (perfect recall)."""
        if self.referee is None:
            return f"p{seat} deal {len(self.d.order)}"
        self._catch_up(seat)
        return "\n".join(self.d.lines[seat])

    def observation_text(self, seat: int) -> str:
        """The seat's view now (and its choices so far this turn, when it is to move)."""
        if self.referee is None:
            return f"p{seat} deal {len(self.d.order)}"
        text = _view_text(self.referee, seat)
        if not self.d.over and self.current_player() == seat and self.d.turn is not None:
            text += f"\tturn {self.d.turn}"
        return text

    def encode(self, seat: int) -> np.ndarray[Any, Any]:
        """The environment's observation vector of the seat (zeros during the deal)."""
        env = self.d.game.env
        if self.referee is None:
            return np.zeros(env.layout.size, dtype=np.float32)
        if not self.d.over:
            self.d.legal = None
            self._moves()  # the environment's own choices of this turn, for its encoder
        return np.asarray(env._encode(self.referee, seat), dtype=np.float32).reshape(-1)

    def information_tensor(self, seat: int) -> np.ndarray[Any, Any]:
        """The seat's observation vector, then its history block (see `RummyGame`; zeros during the deal).

        The history block holds, for each seat from this one on (this one first) and for each of
        discarded, taken from the discard pile, put on the table: how many pieces of each kind
        it has moved so, divided by the copies of the kind in the box (at most 1).
        """
        game = self.d.game
        out = np.zeros(game.env.layout.size + game.history_size, dtype=np.float32)
        if self.referee is None:
            return out
        out[: game.env.layout.size] = self.encode(seat)
        history = self.d.history[seat]
        history.catch_up(self, seat)
        out[game.env.layout.size :] = np.minimum(history.counts / game.copies, 1.0).reshape(-1)
        return out

    def __str__(self) -> str:
        if self.referee is None:
            return f"deal: {' '.join(str(self.d.game.piece(k)) for k in self.d.order)}"
        return json.dumps(self.referee.to_json(), sort_keys=True)


class _Observer:
    """OpenSpiel's observer: a seat's tensor and string (with perfect recall: the information state)."""

    def __init__(self, game: RummyGame, recall: bool) -> None:
        self.recall = recall
        size = game.env.layout.size + (game.history_size if recall else 0)
        self.tensor = np.zeros(size, dtype=np.float32)
        self.dict = {"info_state" if recall else "observation": self.tensor}

    def set_from(self, state: RummyState, player: int) -> None:
        self.tensor[:] = state.information_tensor(player) if self.recall else state.encode(player)

    def string_from(self, state: RummyState, player: int) -> str:
        return state.information_string(player) if self.recall else state.observation_text(player)


def _register(specs: Iterable[_Spec]) -> None:
    for spec in specs:
        cls = type(
            f"RummyGame_{spec.short_name}",
            (RummyGame,),
            {"spec": spec, "__doc__": f"{spec.long_name} as an OpenSpiel game."},
        )
        pyspiel.register_game(_game_type(spec), cls)


_register(GAMES.values())
