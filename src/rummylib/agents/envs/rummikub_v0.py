"""Rummikub as a PettingZoo AEC environment (2 to 4 players), over `rummylib.rummikub.RummikubGame`.

A Rummikub play is a whole new table, and there are too many tables to number. The environment
lets the agent **choose rack tiles one at a time** and then play them; the library lays the table
out (`rummylib.rummikub.lay_down` with exactly the chosen tiles), and the referee judges the play.

Actions (``Discrete(58)``): 0 draw a tile (the turn ends), 1 pass (only once the pool is empty),
2 time out (only with a turn time limit), 3 play the chosen tiles, 4 clear the choice, 5 + k choose
one more tile of kind ``k`` (colour K, B, Y, R × 13 + number − 1; 52 the joker). The masks:

* "choose k" is open only while the chosen tiles plus a ``k`` can still all go down: after the
  initial meld, the table's tiles and the chosen ones can be laid out as valid sets with some
  more rack tiles (`lay_down` with the rest of the rack as ``extra`` answers it exactly); before
  it, the chosen tiles with some more rack tiles make valid sets on their own (the table is not
  touched). Every legal play is reached by
  choosing its tiles in any order: each step keeps them placeable, with the play itself as proof;
* "play" is open exactly when the chosen tiles are a legal play: after the initial meld, when
  they all go down with the table's tiles; before it, when they make sets worth the initial meld
  (``initial_meld_points``). Before the initial meld, a choice can be layable as sets and yet
  fall short of the points: then "play" stays masked, and the agent clears, or draws;
* choosing and clearing stay in the environment (no reward, the same agent) and count towards
  ``max_steps``. Two plays of the same tiles that leave different tables are one action here: the
  library's layout is played.

Rewards are the game's scores (zero-sum), given when the game ends. The rule set must keep
``joker_retrieval`` at ``free``.

Examples:
    >>> from rummylib.agents.envs import rummikub_v0
    >>> env = rummikub_v0.env(players=2)
    >>> env.reset(seed=1)
    >>> mask = env.observe(env.agent_selection)["action_mask"]
    >>> int(mask[0]), int(mask[3])
    (1, 0)
"""

from __future__ import annotations

import bisect
import functools
from collections.abc import Iterable, Sequence
from typing import Any, ClassVar

import numpy as np

from rummylib.agents.envs._base import (
    ActionRow,
    Field,
    Internal,
    Layout,
    RummyAECEnv,
    RummyEnv,
    kind_tile,
    tile_kind,
    wrap,
)
from rummylib.errors import ErrorCode, RuleSetError, RummyError
from rummylib.melds import Meld
from rummylib.pieces import Piece
from rummylib.referee import Referee
from rummylib.rules import RUMMIKUB, JokerRetrieval, RuleSet
from rummylib.rummikub import RummikubGame
from rummylib.rummikub.actions import Draw, Pass, Play, RummikubView, Timeout
from rummylib.rummikub.solver._env_search import (
    KindBox,
    TableFacts,
    alone,
    blocked_kinds,
    lay_out_kinds,
    layers,
    more,
    spare_kinds,
    table_facts,
    within,
)
from rummylib.rummikub.solver._masks import addable, lay_out
from rummylib.tiles import Tile

_DRAW, _PASS, _TIMEOUT, _PLAY, _CLEAR, _CHOOSE = 0, 1, 2, 3, 4, 5
_TABLES_KEPT = 16
"""Tables (per seat) whose witnesses are kept; more, and the oldest are forgotten all at once."""
_WITNESSES_KEPT = 64
"""Witnesses kept per table and seat (the oldest go first)."""
_KINDS = 53
"""Tile kinds (see `tile_kind`)."""
_JOKER = 52
"""The joker's kind."""


def _kinds(pieces: Iterable[Piece]) -> list[int]:
    """How many of each tile kind."""
    out = [0] * _KINDS
    for p in pieces:
        out[tile_kind(p)] += 1
    return out


def _distinct(pieces: Iterable[Piece]) -> list[Piece]:
    """Each distinct piece once, in the order first met."""
    seen: set[Piece] = set()
    out: list[Piece] = []
    for p in pieces:
        if p not in seen:
            seen.add(p)
            out.append(p)
    return out


def _hopeful(table: Sequence[Meld], rack: Sequence[int], rules: RuleSet) -> int:
    """The rack kinds that are in some valid set of tiles from the table and the rack, as a bitmask.

    A necessary condition for choosing a kind, and a cheap one: its number in enough other
    colours, or a shortest run through it, with the jokers of the table and the rack filling the
    gaps. Every table tile counts as free. The joker is always hopeful.
    """
    have = list(rack)
    for m in table:
        for p in m.pieces:
            have[tile_kind(p)] += 1
    jokers = have[_JOKER]
    shape = rules.meld_shape
    ncol, top = len(rules.colors), rules.max_number
    gmax = ncol if shape.group_max is None else min(shape.group_max, ncol)
    out = 1 << _JOKER
    for k in range(_JOKER):
        if not rack[k]:
            continue
        c, v = divmod(k, top)
        v += 1
        others = sum(1 for d in range(ncol) if d != c and have[d * top + v - 1])
        if gmax >= shape.group_min and others + jokers >= shape.group_min - 1:
            out |= 1 << k
            continue
        width = shape.run_min
        if shape.run_max < width:
            continue
        for a in range(max(1, v - width + 1), min(v, top - width + 1) + 1):
            missing = sum(1 for x in range(a, a + width) if x != v and not have[c * top + x - 1])
            if missing <= jokers:
                out |= 1 << k
                break
    return out


class raw_env(RummyEnv):
    """Rummikub, unwrapped (`env` adds PettingZoo's usual wrappers)."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi", "human", "svg"],
        "name": "rummikub_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        *,
        rules: RuleSet = RUMMIKUB,
        players: int = 2,
        render_mode: str | None = None,
        max_steps: int = 5000,
    ) -> None:
        if rules.joker_retrieval is not JokerRetrieval.FREE:
            raise RuleSetError(
                "rummikub_v0 plays joker_retrieval 'free' only",
                code=ErrorCode.UNSUPPORTED_RULES,
            )
        if len(rules.colors) != 4 or rules.max_number != 13:
            raise RuleSetError(
                "rummikub_v0 plays the standard box of 4 colours × 13",
                code=ErrorCode.UNSUPPORTED_RULES,
            )
        RummikubGame.deal(rules=rules, players=players, seed=0)  # refuses what the referee refuses
        self.rules = rules
        n = players
        self.actions = 58
        self.layout = Layout(
            (
                Field(
                    "hand",
                    53,
                    "the viewer's tiles by kind (colour K B Y R × 13 + number − 1; 52 the joker), count / 2",
                ),
                Field(
                    "chosen",
                    53,
                    "the tiles chosen so far this turn, by kind, count / 2",
                ),
                Field("table", 53, "the tiles on the table, by kind, count / 2"),
                Field("table_sets", 1, "sets on the table / 40"),
                Field("hand_sizes", n, "tiles in each rack / 30, seats from the viewer"),
                Field("stock_size", 1, "tiles in the pool / 106"),
                Field(
                    "initial_meld_done",
                    n,
                    "1 for each seat that has made the initial meld, seats from the viewer",
                ),
                Field(
                    "turns_left",
                    1,
                    "once the pool is empty: turns left / players (0 before)",
                ),
                Field("to_move", 1, "1 when the viewer is to move"),
                Field(
                    "playable",
                    1,
                    "1 when the chosen tiles are a legal play (action 3 is open)",
                ),
            )
        )
        super().__init__(players=players, render_mode=render_mode, max_steps=max_steps)
        self._witness_book: dict[tuple[int, tuple[Meld, ...]], list[tuple[int, ...]]] = {}
        self._layouts: dict[tuple[int, tuple[Meld, ...]], dict[tuple[int, ...], tuple[Meld, ...]]] = {}
        self._choice_steps: dict[Piece, Internal] = {}
        self._kind_box = KindBox(rules)
        self._table_facts: TableFacts | None = None
        self._seen: tuple[Referee, int, np.ndarray[Any, Any], bool] | None = None
        """The last state and seat encoded, with what `_encode_state` gave."""
        """Per seat and table (after the initial meld), the table after each witness, by its tiles."""
        self._reset_turn()

    # --- the turn's own state: the chosen tiles -----------------------------------------------------
    def _reset_turn(self) -> None:
        self.chosen: tuple[Piece, ...] = ()
        self._chosen_kinds: list[int] = [0] * _KINDS
        """The chosen tiles counted per kind (kept with ``chosen``)."""
        self._chosen_key: tuple[int, ...] = ()
        """The chosen tiles' kinds, sorted (`_save_turn`)."""
        self._turn_book: tuple[list[tuple[int, ...]], dict[tuple[int, ...], tuple[Meld, ...]] | None] | None = None
        self._play: Play | None = None
        self._refused: list[tuple[int, ...]] = []
        self._masks: dict[Any, list[Piece]] = {}
        self._plays: dict[Any, Play | None] = {}
        self._hope: int | None = None
        self._live: list[tuple[int, ...]] | None = None
        self._answers_for: RummikubGame | None = None
        self._rack_facts: tuple[int, list[int], tuple[int, ...], list[tuple[Piece, int]]] | None = None

    def _same_state(self, state: RummikubGame) -> None:
        """Forget the turn's remembered answers when the game state is not the one they were for."""
        if state is not self._answers_for:
            self._answers_for = state
            self._masks.clear()
            self._plays.clear()
            self._refused.clear()
            self._hope = None
            self._live = None
            self._rack_facts = None
            self._turn_book = None

    def _save_turn(self) -> Any:
        return self._chosen_key

    def _restore_turn(self, saved: Any) -> None:
        self.chosen = tuple(kind_tile(k) for k in saved)
        kinds = [0] * _KINDS
        for k in saved:
            kinds[k] += 1
        self._chosen_kinds = kinds
        self._chosen_key = tuple(saved)

    def _choose(self, piece: Piece) -> None:
        self.chosen = (*self.chosen, piece)
        k = tile_kind(piece)
        kinds = self._chosen_kinds[:]
        kinds[k] += 1
        self._chosen_kinds = kinds
        key = list(self._chosen_key)
        bisect.insort(key, k)
        self._chosen_key = tuple(key)

    def _clear(self) -> None:
        self.chosen = ()
        self._chosen_kinds = [0] * _KINDS
        self._chosen_key = ()

    def _deal(self, seed: int) -> Referee:
        return RummikubGame.deal(rules=self.rules, players=self.seats, seed=seed)

    def _standing(self, state: Referee) -> Sequence[float]:
        if state.is_over:
            return tuple(float(s) for s in state.result().scores)
        return (0.0,) * self.seats

    def _choosable(self, state: RummikubGame, seat: int) -> list[Piece]:
        """The rack pieces (each distinct one once) that keep the choice placeable (see the module).

        Exact, and asked of the solver as rarely as can be:

        * a kind that is in no set at all, even with every table and rack tile free (a quick
          count per rack), is never choosable;
        * every play found is kept as a witness for as long as the table stays as it is (before
          the initial meld, for the whole game): a choice inside one whose tiles are all still
          on the rack is placeable without asking again;
        * a choice holding one found not placeable this turn is not placeable either;
        * the answer for one choice is remembered for the rest of the turn (a clear comes back
          to the empty choice, say).

        Choices are counted by tile kind as bitmasks: layer ``i`` holds the kinds with more than
        ``i`` copies.
        """
        self._same_state(state)
        done = state.initial_meld_done[seat]
        table = state.table.melds if done else ()
        rack_pieces = state.rack(seat)
        chosen_key = self._save_turn()
        cached = self._masks.get(chosen_key)
        if cached is not None:
            return cached
        facts = self._rack_facts
        if facts is None or facts[0] != seat:
            rack = _kinds(rack_pieces)
            firsts: dict[int, Piece] = {}
            for piece in rack_pieces:
                firsts.setdefault(tile_kind(piece), piece)
            facts = self._rack_facts = (
                seat,
                rack,
                layers(rack),
                [(p, k) for k, p in firsts.items()],
            )
        if not table and not self.chosen:
            # Nothing chosen and no table: a kind is open when some set of rack tiles holds it.
            alone_kinds = alone(facts[1], self._kind_box.shape)
            if alone_kinds is not None:
                open_now = [p for p, k in facts[3] if alone_kinds >> k & 1]
                self._masks[chosen_key] = open_now
                return open_now
            # (too many jokers for that count: the search)
            rest = list(rack_pieces)
            for p in self.chosen:
                rest.remove(p)
            found = addable(self.chosen, rest, self.rules)
            if found is not None:
                kinds = {tile_kind(p) for p in found}
                open_now = [p for p in _distinct(rack_pieces) if tile_kind(p) in kinds]
                self._masks[chosen_key] = open_now
                return open_now
        _seat, rack, rack_bits, distinct = facts
        chosen = self._chosen_kinds
        chosen_bits = layers(chosen)
        turn_book = self._turn_book
        if turn_book is None:
            book = self._witness_book.get((seat, table))
            if book is None:
                if len(self._witness_book) >= _TABLES_KEPT:
                    self._witness_book.clear()
                    self._layouts.clear()
                book = self._witness_book[seat, table] = []
            turn_book = self._turn_book = (
                book,
                self._layouts.setdefault((seat, table), {}) if done else None,
            )
        book, layouts = turn_book
        # Witnesses still on the rack (sorted out once for the turn) and holding the choice: a
        # kind is free if one has one more.
        if self._live is None:
            self._live = [w for w in book if within(w, rack_bits)]
        live = self._live
        spare = spare_kinds(live, chosen_bits)
        # Refusals: one refused choice inside the choice plus a kind blocks that kind.
        blocked = blocked_kinds(self._refused, chosen_bits)
        if blocked < 0:
            self._masks[chosen_key] = []
            return []  # the choice holds a refused one: nothing more makes it placeable
        if self._hope is None:
            self._hope = _hopeful(table, rack, self.rules)
        hope = self._hope
        facts_now = self._facts(table)
        out: list[Piece] = []
        for piece, k in distinct:
            if rack[k] <= chosen[k]:
                continue
            bit = 1 << k
            if spare & bit:
                out.append(piece)
                continue
            if blocked & bit or not hope & bit:
                continue
            want = chosen[:]
            want[k] += 1
            others = [n - w for n, w in zip(rack, want, strict=True)]
            answer = lay_out_kinds(facts_now, want, others, self._kind_box, layouts is not None)
            if answer is None:
                self._refused.append(layers(want))
                continue
            laid, after = answer
            witness = layers(laid)
            book.append(witness)
            live.append(witness)
            if len(book) > _WITNESSES_KEPT:
                del book[0]
            if layouts is not None and len(layouts) < _WITNESSES_KEPT:
                assert after is not None
                layouts[witness] = after
            spare |= more(witness, chosen_bits)
            out.append(piece)
        self._masks[chosen_key] = out
        return out

    def _facts(self, table: tuple[Meld, ...]) -> TableFacts | None:
        """What the table's sets give once (None for no table), kept while the table stays the same."""
        if not table:
            return None
        facts = self._table_facts
        if facts is None or facts.melds is not table:
            facts = self._table_facts = table_facts(table, self._kind_box)
        return facts

    def _as_play(self, state: RummikubGame, seat: int) -> Play | None:
        """The play of exactly the chosen tiles, laid out by the library, or ``None`` when there is none.

        Remembered per choice for the rest of the turn. Before the initial meld, a choice worth
        less than ``initial_meld_points`` even with each joker standing for the highest number
        is refused without a search.
        """
        if not self.chosen:
            return None
        self._same_state(state)
        key = self._save_turn()
        if key in self._plays:
            return self._plays[key]
        done = state.initial_meld_done[seat]
        play: Play | None = None
        if done:
            # A witness of exactly the chosen tiles is a play of them, already laid out.
            turn_book = self._turn_book
            known = turn_book[1] if turn_book is not None else self._layouts.get((seat, state.table.melds))
            found = None if known is None else known.get(layers(self._chosen_kinds))
            if found is not None:
                play = Play(seat, found)
                self._plays[key] = play
                return play
        if done:
            laid = lay_out_kinds(
                self._facts(state.table.melds),
                self._chosen_kinds,
                [0] * _KINDS,
                self._kind_box,
                True,
            )
            play = None if laid is None or laid[1] is None else Play(seat, laid[1])
        elif self._worth(self.chosen) >= self.rules.initial_meld_points:
            after = lay_out(state.table.melds, self.chosen, (), self.rules, done)
            play = None if after is None else Play(seat, after)
        self._plays[key] = play
        return play

    def _worth(self, pieces: Iterable[Piece]) -> int:
        """The most points ``pieces`` can count for in an initial meld (a joker as the highest number)."""
        return sum(p.number if isinstance(p, Tile) else self.rules.max_number for p in pieces)

    def _moves(self, state: Referee, seat: int) -> dict[int, Any]:
        assert isinstance(state, RummikubGame)
        out: dict[int, Any] = {}
        for a in self.legal_actions_of(state, seat):
            if isinstance(a, Draw):
                out[_DRAW] = a
            elif isinstance(a, Pass):
                out[_PASS] = a
            elif isinstance(a, Timeout):
                out[_TIMEOUT] = a
        play = self._as_play(state, seat)
        self._play = play
        if play is not None:
            out[_PLAY] = play
        if self.chosen:
            out[_CLEAR] = Internal("clear", self._clear)
        steps = self._choice_steps
        for piece in self._choosable(state, seat):
            step = steps.get(piece)
            if step is None:  # (one step per tile, made once: it is the same step every turn)
                step = steps[piece] = Internal(f"choose {piece}", functools.partial(self._choose, piece))
            out[_CHOOSE + tile_kind(piece)] = step
        return out

    def reachable_actions(self) -> list[Any]:
        """Not for Rummikub: the plays reachable by choosing tiles are too many to list.

        Raises:
            RummyError: always (code ``unsupported-rules``); the tests reach plays by choosing
                the tiles of plays the solver finds.
        """
        raise RummyError("Rummikub's plays are too many to list", code=ErrorCode.UNSUPPORTED_RULES)

    def _encode(self, state: Referee, seat: int) -> np.ndarray[Any, Any]:
        # What the state alone gives is encoded once per state and seat (the tile choices of a
        # turn observe the same state again and again); the choice is added to a copy.
        seen = self._seen
        if seen is not None and seen[0] is state and seen[1] == seat:
            base, mine = seen[2], seen[3]
        else:
            base, mine = self._encode_state(state, seat)
            self._seen = (state, seat, base, mine)
        out = base.copy()
        if mine:
            at = self.layout.offset["chosen"]
            for k in self._chosen_key:
                out[at + k] += 0.5
            if self._play is not None:
                out[self.layout.offset["playable"]] = 1.0
        clipped: np.ndarray[Any, Any] = np.clip(out, 0.0, 1.0)
        return clipped

    def _encode_state(self, state: Referee, seat: int) -> tuple[np.ndarray[Any, Any], bool]:
        """``seat``'s observation unclipped, nothing chosen, "playable" 0; and whether the seat is to move."""
        view = state.view(seat)
        assert isinstance(view, RummikubView)
        n, lay = self.seats, self.layout
        out = np.zeros(lay.size, dtype=np.float32)
        at = lay.offset["hand"]
        for p in view.hand:
            out[at + tile_kind(p)] += 0.5
        at = lay.offset["table"]
        for m in view.table:
            for p in m.pieces:
                out[at + tile_kind(p)] += 0.5
        out[lay.offset["table_sets"]] = min(1.0, len(view.table) / 40)
        at = lay.offset["hand_sizes"]
        for r in range(n):
            out[at + r] = min(1.0, view.hand_sizes[(seat + r) % n] / 30)
        out[lay.offset["stock_size"]] = view.stock_size / 106
        at = lay.offset["initial_meld_done"]
        for r in range(n):
            out[at + r] = 1.0 if view.initial_meld_done[(seat + r) % n] else 0.0
        if view.turns_left is not None:
            out[lay.offset["turns_left"]] = min(1.0, view.turns_left / n)
        out[lay.offset["to_move"]] = 1.0 if view.to_move == seat else 0.0
        return out, view.to_move == seat

    def action_rows(self) -> list[ActionRow]:
        """The action table."""
        return [
            ActionRow(_DRAW, 1, "draw a tile from the pool (the turn ends)"),
            ActionRow(_PASS, 1, "pass (only once the pool is empty)"),
            ActionRow(_TIMEOUT, 1, "time out: the penalty tiles (only with a turn time limit)"),
            ActionRow(_PLAY, 1, "play the chosen tiles, the table laid out by the library"),
            ActionRow(_CLEAR, 1, "clear the choice (stays in the environment)"),
            ActionRow(
                _CHOOSE,
                53,
                "choose one more tile of kind k = index − 5 (colour K B Y R × 13 + number − 1; "
                "52 the joker), open while the choice stays placeable (stays in the environment)",
            ),
        ]


def env(**kwargs: Any) -> RummyAECEnv:
    """Rummikub with PettingZoo's usual wrappers (arguments as `raw_env`)."""
    return wrap(raw_env(**kwargs))
