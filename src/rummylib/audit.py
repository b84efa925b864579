"""Checks for game servers that never trust a client (or a saved file).

A referee state is a value; these functions say whether a value *could* have come out of a real
game, so a server can refuse a tampered save, a forged position or a client whose idea of the
table is not the server's:

* `state_problems` / `check_state`: every tile and card of the deal is somewhere exactly once
  (stock, discard pile, hands, table), hands hold possible numbers of pieces, seats, phases and
  counters are in range, melds on the table are valid, and recorded scores are the ones the
  rules give for the recorded hands;
* `check_conservation`: the pieces of any state against the pieces of its deal;
* `check_claimed_table`: a client's "table before" against the server's (melds compared as
  multisets, so the order of melds and of pieces in a meld does not matter);
* `replay`: apply a recorded list of actions to a starting state, re-validating each one;
  `verify_history`: rebuild a Rummikub game from its seed and its own history and compare.

Examples:
    >>> from rummylib import RUMMIKUB
    >>> from rummylib.rummikub import RummikubGame
    >>> game = RummikubGame.new(rules=RUMMIKUB, players=2, seed=1).draw()
    >>> state_problems(game)
    ()
    >>> import attrs
    >>> forged = attrs.evolve(game, pool=game.pool[1:])  # a tile vanished from the pool
    >>> state_problems(forged)[0]
    'pieces not conserved: missing ...'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from typing import Any

from rummylib.errors import IllegalActionError, InvalidStateError, RummyError, TableMismatchError
from rummylib.melds import Meld, is_valid_meld
from rummylib.pieces import Piece, PieceCount, format_pieces
from rummylib.rules import RuleSet

__all__ = [
    "InvalidStateError",
    "TableMismatchError",
    "all_pieces",
    "check_claimed_table",
    "check_conservation",
    "check_state",
    "expected_pieces",
    "replay",
    "state_problems",
    "verify_history",
]

MAX_REPORTED = 20
"""Most problems `state_problems` lists (a badly broken state would otherwise list hundreds)."""


# ------------------------------------------------------------------------------------------
# Pieces
# ------------------------------------------------------------------------------------------


def _state_kinds() -> dict[type, str]:
    from rummylib.contracts import ContractGame, ContractRound
    from rummylib.gin import GinGame, GinHand
    from rummylib.rummikub import RummikubGame

    return {
        RummikubGame: "rummikub",
        ContractRound: "contract-round",
        ContractGame: "contract-game",
        GinHand: "gin-hand",
        GinGame: "gin-game",
    }


def _kind(state: object) -> str:
    kind = _state_kinds().get(type(state))
    if kind is None:
        raise TypeError(f"not a referee state: {type(state).__name__}")
    return kind


def all_pieces(state: Any) -> PieceCount:
    """Every piece of a referee state, wherever it is (hands, stock or pool, discards, table).

    For a whole game (`ContractGame`, `GinGame`) it is the pieces of the round or hand in play.

    Raises:
        TypeError: not a referee state.

    Examples:
        >>> from rummylib import GIN_RUMMY
        >>> from rummylib.gin import GinHand
        >>> len(all_pieces(GinHand.deal(rules=GIN_RUMMY, seed=1)))
        52
    """
    kind = _kind(state)
    if kind == "rummikub":
        table: PieceCount = state.table.pieces()
        return PieceCount.of(p for r in state.racks for p in r) + PieceCount.of(state.pool) + table
    if kind == "contract-game":
        return all_pieces(state.round)
    if kind == "gin-game":
        return all_pieces(state.hand)
    if kind == "gin-hand":
        return PieceCount.of((*state.hands[0], *state.hands[1], *state.stock, *state.discards))
    pieces = [p for h in state.hands for p in h] + list(state.stock) + list(state.discards)
    pieces += [p for m in state.table for p in m.reading.meld.pieces]
    return PieceCount.of(pieces)


def expected_pieces(state: Any) -> PieceCount:
    """The pieces the state's deal holds: the game's full set for its rules and player count.

    Raises:
        TypeError: not a referee state.

    Examples:
        >>> from rummylib import SHANGHAI
        >>> from rummylib.contracts import ContractRound
        >>> len(expected_pieces(ContractRound.deal(rules=SHANGHAI, players=3, seed=0)))
        105
    """
    from rummylib.decks import full_set

    kind = _kind(state)
    if kind == "contract-game":
        return expected_pieces(state.round)
    if kind == "gin-game":
        return expected_pieces(state.hand)
    players = 2 if kind == "gin-hand" else len(state.racks if kind == "rummikub" else state.hands)
    return PieceCount.of(full_set(state.rules, players=players))


def _difference(have: PieceCount, want: PieceCount) -> list[str]:
    out = []
    missing = want - have
    extra = have - want
    if missing:
        out.append(f"missing {_short(missing)}")
    if extra:
        out.append(f"extra {_short(extra)}")
    return out


def _short(pieces: PieceCount) -> str:
    items = list(pieces)
    text = format_pieces(items[:12])
    return text + (f" and {len(items) - 12} more" if len(items) > 12 else "")


def check_conservation(state: Any, deal: Iterable[Piece] | PieceCount | None = None) -> None:
    """Raise unless every piece of ``deal`` is in ``state`` exactly once (and nothing else is).

    ``deal`` defaults to the game's full set (`expected_pieces`); a server that dealt from its
    own box passes that box.

    Raises:
        InvalidStateError: pieces missing or extra (code ``bad-state``).
        TypeError: not a referee state.

    Examples:
        >>> from rummylib import RUMMIKUB
        >>> from rummylib.rummikub import RummikubGame
        >>> game = RummikubGame.new(rules=RUMMIKUB, players=2, seed=1)
        >>> check_conservation(game)
        >>> check_conservation(game, game.pool)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        rummylib.errors.InvalidStateError: the state is not possible: pieces not conserved: extra ...
    """
    want = expected_pieces(state) if deal is None else deal if isinstance(deal, PieceCount) else PieceCount.of(deal)
    found = _difference(all_pieces(state), want)
    if found:
        raise InvalidStateError([f"pieces not conserved: {'; '.join(found)}"])


# ------------------------------------------------------------------------------------------
# Invariants of each referee state
# ------------------------------------------------------------------------------------------


def _seat(value: object, players: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < players


def _rummikub_problems(g: Any) -> Iterator[str]:
    from rummylib.rummikub import score_rummikub

    rules: RuleSet = g.rules
    n = len(g.racks)
    if not rules.min_players <= n <= rules.max_players:
        yield f"{n} players, but {rules.title} is for {rules.min_players} to {rules.max_players}"
        return
    if not _seat(g.current, n):
        yield f"the player in turn ({g.current!r}) is not a seat"
    if len(g.initial_meld_done) != n:
        yield f"initial_meld_done has {len(g.initial_meld_done)} entries for {n} players"
    for i, m in enumerate(g.table.melds):
        if not is_valid_meld(m, rules=rules):
            yield f"table set {i + 1} ({m}) is not a valid set"
    if g.turns_left is not None and not 0 <= g.turns_left <= n:
        yield f"turns_left {g.turns_left} is not 0 to {n}"
    if g.turns_left is not None and g.pool:
        yield "turns are counted down while the pool still holds tiles"
    if g.winner is not None:
        if not _seat(g.winner, n):
            yield f"the winner ({g.winner!r}) is not a seat"
        elif g.racks[g.winner]:
            yield f"player {g.winner} won with tiles left on the rack"
        if not g.is_over:
            yield "a winner while the game is not over"
    if not g.is_over and any(not r for r in g.racks):
        yield "a rack is empty but the game is not over"
    if g.table.melds and len(g.initial_meld_done) == n and not any(g.initial_meld_done):
        yield "sets on the table, but nobody has made the initial meld"
    if g.is_over and _seat(g.current, n):
        try:
            score_rummikub(g.racks, winner=g.winner, rules=rules)
        except RummyError as exc:
            yield f"the final racks cannot be scored: {exc.message}"


def _round_problems(r: Any) -> Iterator[str]:
    from rummylib.contracts import Phase, score_contract_round

    rules: RuleSet = r.rules
    n = len(r.hands)
    if not rules.min_players <= n <= rules.max_players:
        yield f"{n} players, but {rules.title} is for {rules.min_players} to {rules.max_players}"
        return
    if not isinstance(r.round_number, int) or not 1 <= r.round_number <= len(rules.rounds):
        yield f"round {r.round_number!r} does not exist in {rules.title}"
        return
    for name in ("current", "dealer"):
        if not _seat(getattr(r, name), n):
            yield f"{name} ({getattr(r, name)!r}) is not a seat"
    for name in ("down", "buys"):
        if len(getattr(r, name)) != n:
            yield f"{name} has {len(getattr(r, name))} entries for {n} players"
    if len(r.buys) == n:
        limit = rules.buy_limit(r.round_number)
        for p, b in enumerate(r.buys):
            if b < 0 or (limit is not None and b > limit):
                yield f"player {p} made {b} buys (limit {limit})"
    dealt = rules.round(r.round_number).cards
    over = r.phase is Phase.OVER
    for p, hand in enumerate(r.hands):
        bought = r.buys[p] if len(r.buys) == n else 0
        most = dealt + bought * (1 + rules.buy_penalty_cards) + 1
        if len(hand) > most:
            yield f"player {p} holds {len(hand)} cards, more than the {most} possible"
        if not hand and not over:
            yield f"player {p} holds no card but the round is not over"
    if r.reshuffles < 0 or (rules.max_reshuffles is not None and r.reshuffles > rules.max_reshuffles):
        yield f"{r.reshuffles} reshuffles is not possible"
    if not isinstance(r.turn, int) or r.turn < 1:
        yield f"turn {r.turn!r} is not possible"
    for i, tm in enumerate(r.table):
        if not _seat(tm.owner, n):
            yield f"table meld {i} belongs to {tm.owner!r}, not a seat"
        elif len(r.down) == n and not r.down[tm.owner]:
            yield f"table meld {i} belongs to player {tm.owner}, who is not down"
        if not is_valid_meld(tm.reading.meld, rules=rules):
            yield f"table meld {i} ({tm.reading.meld}) is not a valid meld"
    if (r.phase is Phase.BUY) != (r.window is not None):
        yield f"phase {r.phase.value} with {'a' if r.window else 'no'} buy window"
    if r.window is not None and (not r.discards or r.window.card != r.discards[-1]):
        yield "the card on offer is not the top of the discard pile"
    if over != (r.result is not None):
        yield "a round over without a result, or a result while the round goes on"
    if r.result is not None:
        res = r.result
        if res.hands != r.hands:
            yield "the result's hands are not the hands of the round"
        if res.round_number != r.round_number:
            yield "the result is for another round"
        yield from _result_problems(res, rules, n, score_contract_round)


def _result_problems(res: Any, rules: RuleSet, n: int, score: Any) -> Iterator[str]:
    if len(res.scores) != n or len(res.hands) != n:
        yield f"round {res.round_number}: {len(res.scores)} scores for {n} players"
        return
    if res.went_out is not None and (not _seat(res.went_out, n) or res.hands[res.went_out]):
        yield f"round {res.round_number}: player {res.went_out} went out holding cards"
    try:
        expected = score(res.hands, rules=rules, out_in_one_turn=res.out_in_one_turn, joker_used=res.joker_used)
    except RummyError as exc:
        yield f"round {res.round_number}: the hands cannot be scored: {exc.message}"
        return
    if tuple(res.scores) != tuple(expected):
        yield f"round {res.round_number}: scores {list(res.scores)} are not the {list(expected)} the hands give"


def _contract_game_problems(g: Any) -> Iterator[str]:
    from rummylib.contracts import score_contract_round

    r = g.round
    n = len(r.hands)
    if r.rules != g.rules or r.seed != g.seed:
        yield "the round in play has other rules or another seed than the game"
    if not _seat(g.first_dealer, n):
        yield f"the first dealer ({g.first_dealer!r}) is not a seat"
        return
    rounds = len(g.rules.rounds)
    done = len(g.results)
    if done > rounds:
        yield f"{done} round results, but {g.rules.title} has {rounds} rounds"
        return
    for i, res in enumerate(g.results):
        if res.round_number != i + 1:
            yield f"result {i + 1} is for round {res.round_number}"
        yield from _result_problems(res, g.rules, n, score_contract_round)
    number = done if done == rounds else done + 1
    if r.round_number != number:
        yield f"round {r.round_number} in play after {done} rounds finished"
    elif r.dealer != (g.first_dealer + number - 1) % n:
        yield f"round {number} is dealt by player {r.dealer}, not by player {(g.first_dealer + number - 1) % n}"
    if done == rounds and r.result != g.results[-1]:
        yield "the last round's result is not the one recorded"
    yield from _round_problems(r)


def _gin_hand_problems(h: Any) -> Iterator[str]:
    from rummylib.gin import GinPhase, score_hand

    rules: RuleSet = h.rules
    size = rules.hand_size
    for name in ("dealer", "turn"):
        if not _seat(getattr(h, name), 2):
            yield f"{name} ({getattr(h, name)!r}) is not player 0 or 1"
            return
    sizes = [len(x) for x in h.hands]
    if h.phase is GinPhase.DRAW:
        want = [size, size]
    elif h.phase is GinPhase.DISCARD:
        want = [size, size]
        want[h.turn] = size + 1
    else:
        want = sizes if h.knocker is not None and sorted(sizes) in ([size, size], [size, size + 1]) else [size, size]
    if sizes != want:
        yield f"hands of {sizes[0]} and {sizes[1]} cards in phase {h.phase.value} (expected {want[0]} and {want[1]})"
    if h.upcard not in (*h.discards, *h.hands[0], *h.hands[1]):
        yield f"the first upcard {h.upcard} is neither in a hand nor in the discard pile"
    if (h.result is None) != (h.knocker is None):
        yield "a knock without a result, or a result without a knocker"
    if h.result is not None and h.phase is not GinPhase.OVER:
        yield "a knock result while the hand goes on"
    if h.result is not None and _seat(h.knocker, 2) and not [s for s in sizes if s > size + 1]:
        try:
            expected = score_hand(h.hands[h.knocker], h.hands[1 - h.knocker], rules=rules, upcard=h.upcard)
        except RummyError as exc:
            yield f"the knock cannot be scored: {exc.message}"
        else:
            if expected != h.result:
                yield (
                    f"the recorded knock ({h.result.winner} wins {h.result.points}) is not what the hands give "
                    f"({expected.winner} wins {expected.points})"
                )


def _gin_game_problems(g: Any) -> Iterator[str]:
    s = g.score
    if g.hand.rules != g.rules:
        yield "the hand in play has other rules than the game"
    if not isinstance(g.hand_number, int) or g.hand_number < 1:
        yield f"hand number {g.hand_number!r} is not possible"
    for p in (0, 1):
        total, won = s.totals[p], s.hands_won[p]
        if won < 0 or total < 0:
            yield f"player {p} has a negative total or hands won"
        elif total < won or total > won * 600:
            yield f"player {p}: {total} points from {won} hands won is not possible"
    if isinstance(g.hand_number, int) and sum(s.hands_won) > g.hand_number:
        yield f"{sum(s.hands_won)} hands won in {g.hand_number} hands dealt"
    yield from _gin_hand_problems(g.hand)
    if g.last_hand is not None:
        yield from (f"last hand: {p}" for p in _gin_hand_problems(g.last_hand))


def _check_players(state: Any, kind: str) -> None:
    """Raise RuleSetError when the rules do not allow the state's number of players."""
    inner = state.round if kind == "contract-game" else state.hand if kind == "gin-game" else state
    seats = len(inner.racks) if kind == "rummikub" else len(inner.hands)
    state.rules.check_players(seats)
    inner.rules.check_players(seats)


_CHECKS = {
    "rummikub": _rummikub_problems,
    "contract-round": _round_problems,
    "contract-game": _contract_game_problems,
    "gin-hand": _gin_hand_problems,
    "gin-game": _gin_game_problems,
}


def state_problems(state: Any) -> tuple[str, ...]:
    """Every reason ``state`` could not come out of a real game (empty when it could).

    Checks conservation against the full set (`check_conservation`), pieces that do not belong
    to the game, hand sizes, seats, phases, counters (buys, reshuffles, turns), that table
    melds are valid, and that recorded results and scores are those the rules give.

    Raises:
        TypeError: not a referee state.

    Examples:
        >>> import attrs
        >>> from rummylib import GIN_RUMMY
        >>> from rummylib.gin import GinHand
        >>> hand = GinHand.deal(rules=GIN_RUMMY, seed=1)
        >>> state_problems(attrs.evolve(hand, hands=(hand.hands[0] + hand.stock[:1], hand.hands[1])))
        ('pieces not conserved: extra ...', 'hands of 11 and 10 cards in phase draw (expected 10 and 10)')
    """
    kind = _kind(state)
    found: list[str] = []
    try:
        _check_players(state, kind)
        have = all_pieces(state)
        foreign = [p for p in have.distinct() if not state.rules.has_piece(p)]
        if foreign:
            found.append(f"pieces not in {state.rules.title}: {format_pieces(foreign[:12])}")
        diff = _difference(have, expected_pieces(state))
        if diff:
            found.append(f"pieces not conserved: {'; '.join(diff)}")
        for problem in _CHECKS[kind](state):
            found.append(problem)
            if len(found) >= MAX_REPORTED:
                break
    except (RummyError, TypeError, ValueError, AttributeError, IndexError, KeyError) as exc:
        found.append(f"the state is malformed: {exc}")
    return tuple(found)


def check_state(state: Any) -> None:
    """Raise unless `state_problems` finds nothing.

    Raises:
        InvalidStateError: the state could not come out of a real game (code ``bad-state``).
        TypeError: not a referee state.

    Examples:
        >>> from rummylib import SHANGHAI
        >>> from rummylib.contracts import ContractGame
        >>> check_state(ContractGame.start(rules=SHANGHAI, players=3, seed=2))
    """
    problems = state_problems(state)
    if problems:
        raise InvalidStateError(problems)


# ------------------------------------------------------------------------------------------
# Client claims and histories
# ------------------------------------------------------------------------------------------


def _meld_key(meld: Meld) -> tuple[tuple[str, int], ...]:
    return tuple(sorted(Counter(str(p) for p in meld.pieces).items()))


def _unwrap(item: object) -> object:
    """The meld of a contract game's `TableMeld` (or a reading); anything else unchanged."""
    if hasattr(item, "reading"):
        return item.reading.meld
    if hasattr(item, "meld"):
        return item.meld
    return item


def _melds_of(table: object) -> list[Meld]:
    from rummylib.table import Table

    if isinstance(table, Meld):
        return [table]
    if isinstance(table, Iterable) and not isinstance(table, str | Table):
        table = [_unwrap(m) for m in table]
    # Table.of reads notation and pieces, and refuses anything else with a clear error.
    return list(Table.of(table).melds)  # type: ignore[arg-type]


def check_claimed_table(claimed: object, actual: object) -> None:
    """Raise unless a client's table holds exactly the server's melds.

    Tables may be a `rummylib.table.Table`, ``|`` notation, or a sequence of melds (`Meld`,
    notation, pieces, a contract game's `TableMeld`). Melds are compared as multisets of pieces
    and the table as a multiset of melds: the order of melds, and of pieces within a meld, does
    not matter; a meld added, removed, split, merged or with one piece changed does.

    Raises:
        TableMismatchError: the tables differ; the message says which melds (code ``table-mismatch``).
        NotationError: bad notation.
        InvalidPiecesError: a table or meld that is not one (code ``not-a-piece``).

    Examples:
        >>> check_claimed_table("r3 r1 r2 | k7 b7 y7", "k7 y7 b7 | r1 r2 r3")
        >>> try:
        ...     check_claimed_table("r1 r2 r3 r4", "r1 r2 r3")
        ... except TableMismatchError as exc:
        ...     print(exc.code, "/", exc.message.split(": ")[1])
        table-mismatch / claims R1 R2 R3 R4 not on the table; misses R1 R2 R3
    """
    mine = Counter(_meld_key(m) for m in _melds_of(actual))
    theirs = Counter(_meld_key(m) for m in _melds_of(claimed))
    if mine == theirs:
        return

    def show(keys: Counter[tuple[tuple[str, int], ...]]) -> str:
        melds = [" ".join(p for p, n in key for _ in range(n)) for key in keys.elements()]
        return ", ".join(melds[:5]) + (f" and {len(melds) - 5} more" if len(melds) > 5 else "")

    parts = []
    if theirs - mine:
        parts.append(f"claims {show(theirs - mine)} not on the table")
    if mine - theirs:
        parts.append(f"misses {show(mine - theirs)}")
    raise TableMismatchError("the claimed table differs from the server's: " + "; ".join(parts))


def _apply(state: Any, action: Any) -> Any:
    from rummylib.rummikub import Action, ActionKind, RummikubGame

    if isinstance(state, RummikubGame):
        if not isinstance(action, Action):
            raise TypeError(f"a Rummikub game replays Action values, not {type(action).__name__}")
        if action.kind is ActionKind.PLAY:
            return state.play(action.table if action.table is not None else "", elapsed=action.elapsed)
        if action.kind is ActionKind.DRAW:
            return state.draw(elapsed=action.elapsed)
        if action.kind is ActionKind.PASS:
            return state.pass_turn()
        return state.timeout(elapsed=action.elapsed)
    return state.apply(action)


def replay(start: Any, actions: Iterable[Any]) -> Any:
    """Apply ``actions`` one by one to ``start``, re-validating each; the final state.

    Works for every referee: Rummikub (`rummylib.rummikub.Action` values, as in a game's
    ``history``) and the ``apply`` referees (Contract Rummy and Shanghai rounds and games, Gin
    hands and games). The start state itself is checked first (`check_state`). The first action
    the referee refuses stops the replay with its error, its message prefixed by the action's
    number.

    Raises:
        InvalidStateError: the start state is not possible.
        IllegalActionError: an action is illegal (the message names which, from 1).
        IllegalTurnError: a recorded Rummikub play is not legal.
        TypeError: not a referee state, or an action of another game.

    Examples:
        >>> from rummylib import GIN_RUMMY
        >>> from rummylib.gin import GinHand, GinDrawStock, GinDiscard
        >>> hand = GinHand.deal(rules=GIN_RUMMY, seed=7)
        >>> after = hand.apply(GinDrawStock(1))
        >>> after = after.apply(GinDiscard(1, after.hands[1][0]))
        >>> replay(hand, [GinDrawStock(1), GinDiscard(1, hand.hands[1][0])]) == after
        True
        >>> replay(hand, [GinDrawStock(0)])
        Traceback (most recent call last):
        ...
        rummylib.errors.IllegalActionError: action 1: it is player 1's turn, not player 0's [not-your-turn]
    """
    from rummylib.errors import IllegalPlayError, RuleId, Violation

    check_state(start)
    state = start
    for n, action in enumerate(actions, 1):
        player = getattr(action, "player", None)
        current = getattr(state, "current", None)
        if current is not None and hasattr(state, "racks") and player != current:
            text = f"action {n} is by player {player}, but it is player {current}'s turn"
            raise IllegalActionError([Violation(RuleId.NOT_YOUR_TURN, text)])
        try:
            state = _apply(state, action)
        except IllegalPlayError as exc:
            exc.args = (f"action {n}: {exc.message}",)
            raise exc from None
    return state


def verify_history(game: Any) -> None:
    """Raise unless a Rummikub game is exactly what its seed and its own history give.

    The game is rebuilt from a new deal with its rules, player count and seed by replaying every
    recorded action (each re-validated), and compared with ``game`` field by field: any change
    to a rack, the pool, the table or a flag that the history does not explain is caught.

    Raises:
        InvalidStateError: the rebuilt game differs (code ``bad-state``).
        IllegalActionError: a recorded action is illegal.
        IllegalTurnError: a recorded play is not legal.
        TypeError: not a Rummikub game.

    Examples:
        >>> import attrs
        >>> from rummylib import RUMMIKUB
        >>> from rummylib.rummikub import RummikubGame
        >>> game = RummikubGame.new(rules=RUMMIKUB, players=2, seed=4).draw().draw()
        >>> verify_history(game)
        >>> verify_history(attrs.evolve(game, history=game.history[:1]))  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        rummylib.errors.InvalidStateError: the game is not possible: racks, pool, current differ from what ...
    """
    import attrs

    from rummylib.rummikub import RummikubGame

    if not isinstance(game, RummikubGame):
        raise TypeError(f"verify_history needs a RummikubGame, not {type(game).__name__}")
    start = RummikubGame.new(rules=game.rules, players=len(game.racks), seed=game.seed)
    rebuilt = replay(start, game.history)
    if rebuilt != game:
        fields = [f.name for f in attrs.fields(RummikubGame) if getattr(rebuilt, f.name) != getattr(game, f.name)]
        raise InvalidStateError([f"{', '.join(fields)} differ from what the history gives"], what="the game")
