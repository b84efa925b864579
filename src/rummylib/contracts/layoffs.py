"""Laying off cards on melds on the table, and taking jokers back (Contract Rummy, Shanghai).

Each is judged in the three forms of every check: ``*_violations`` (every problem), the check form
(the result, or `IllegalPlayError` with every problem; it keeps its name, as it does the thing
checked) and ``is_*`` (a ``bool``).

* [`check_layoff`][rummylib.contracts.check_layoff] adds one or more cards to a meld on the table and returns
  the meld they make (with [`layoff_violations`][rummylib.contracts.layoff_violations] and
  [`is_legal_layoff`][rummylib.contracts.is_legal_layoff]): a set takes any card of its rank; a
  run takes cards of its suit at either end and keeps its order (never more than
  ``rules.longest_run`` cards, 14 with the ace high and low). Jokers and wild cards go to an end
  (the high end unless ``joker_end="low"`` or it is full). Under ``rules.joker_slides`` (Contract
  Rummy), a natural card laid off where a joker of a run stands takes its place, and the joker
  moves to an end of the run.
* [`check_substitution`][rummylib.contracts.check_substitution] takes a joker from a meld by putting in
  the card it stands for (with
  [`substitution_violations`][rummylib.contracts.substitution_violations] and
  [`is_legal_substitution`][rummylib.contracts.is_legal_substitution]), under ``rules.joker_swap``
  (never, after going down, anyone) and ``rules.dead_set_jokers``. What the player must then do
  (use the joker this turn, or meet the contract this turn) is reported on the result for the
  game's referee to enforce.

Examples:
    >>> from rummylib import CONTRACT_RUMMY, SHANGHAI
    >>> str(check_layoff("4c 5c 6c 7c", "8c 9c 3c", rules=SHANGHAI).meld)
    '3c 4c 5c 6c 7c 8c 9c'
    >>> str(check_layoff("4c * 6c 7c", "5c", rules=CONTRACT_RUMMY).meld)
    '4c 5c 6c 7c *'
    >>> [v.code for v in layoff_violations("7h 7s 7d", "8h", rules=SHANGHAI)]
    ['layoff-wrong-rank']
    >>> meld, joker = check_substitution("4c * 6c 7c", "5c", rules=SHANGHAI, player_down=False)
    >>> str(meld), joker
    ('4c 5c 6c 7c', JOKER)
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Literal, TypeAlias

import attrs

from rummylib import _inputs
from rummylib.cards import Card, Rank
from rummylib.errors import IllegalPlayError, LimitExceededError, RuleId, Violation
from rummylib.melds import (
    Face,
    Meld,
    MeldKind,
    MeldReading,
    TableMeldLike,
    as_meld,
    meld_readings,
    meld_violations,
)
from rummylib.pieces import Joker, Piece, PieceLike, PiecesLike, format_pieces, piece_sort_key
from rummylib.rules import JokerSwap, RuleSet
from rummylib.tiles import Tile

__all__ = [
    "JokerEnd",
    "LayOffResult",
    "Substitution",
    "TableMeldLike",
    "check_layoff",
    "check_substitution",
    "is_legal_layoff",
    "is_legal_substitution",
    "layoff_violations",
    "substitution_violations",
]

JokerEnd: TypeAlias = Literal["high", "low"]
"""The end of a run a joker goes to first when it could go to either."""

_MAX_CARDS = 60


def _reading(meld: TableMeldLike, rules: RuleSet) -> tuple[MeldReading | None, tuple[Violation, ...]]:
    if isinstance(meld, MeldReading):
        return meld, ()
    laid = as_meld(meld, rules=rules, what="the meld on the table")
    readings = meld_readings(laid, rules=rules)
    if readings:
        return readings[0], ()
    return None, meld_violations(laid, rules=rules)


def _pieces(cards: PiecesLike, rules: RuleSet) -> tuple[Piece, ...]:
    return _inputs.pieces(cards, rules=rules, what="the cards laid off")


def _suit(face: Face) -> object:
    return face.suit if isinstance(face, Card) else face.color


def _spots(piece: Piece, rules: RuleSet) -> tuple[int, ...]:
    """Where a natural piece may sit in a run (an ace low or high)."""
    if isinstance(piece, Card):
        if piece.rank is Rank.ACE:
            return ((1,) if rules.ace_low else ()) + ((14,) if rules.ace_high else ())
        return (int(piece.rank),)
    if isinstance(piece, Tile):
        return (piece.number,)
    return ()


# ------------------------------------------------------------------------------------------
# Lay-offs
# ------------------------------------------------------------------------------------------


@attrs.frozen
class LayOffResult:
    """Cards laid off on a meld, and the meld they make.

    Examples:
        >>> from rummylib import CONTRACT_RUMMY
        >>> done = check_layoff("7c 8c 9c 10c", "*", rules=CONTRACT_RUMMY)
        >>> str(done.meld), [str(f) for f in done.reading.jokers]
        ('7c 8c 9c 10c *', ['Jc'])
    """

    before: MeldReading
    """The meld on the table before, as read."""
    cards: tuple[Piece, ...]
    """The cards laid off, in the order given."""
    meld: Meld
    """The meld after the lay-off: a run from low to high with its jokers in place; a set as laid
    with the new cards after it."""
    reading: MeldReading
    """How the new meld reads (what every joker now stands for)."""
    jokers_moved: int = 0
    """How many times a joker slid to an end of the run because a natural card took its place."""


# A run under construction: its suit and, in order, (position, piece, acting).
_Slot = tuple[int, Piece, bool]


class _RunLayOff:
    """Depth-first search for a way to place every card on a run (there are few cards)."""

    def __init__(self, reading: MeldReading, rules: RuleSet, joker_end: JokerEnd) -> None:
        self.rules = rules
        self.suit = _suit(reading.faces[0])
        self.ends = ("high", "low") if joker_end == "high" else ("low", "high")
        self.start: tuple[_Slot, ...] = tuple(
            sorted(
                zip(reading.positions, reading.meld.pieces, reading.acting, strict=True),
                key=lambda s: s[0],
            )
        )
        self.failed: set[tuple[tuple[_Slot, ...], tuple[Piece, ...]]] = set()

    def natural_at(self, piece: Piece, pos: int) -> bool:
        return not isinstance(piece, Joker) and _suit(piece) == self.suit and pos in _spots(piece, self.rules)

    def end_pos(self, run: tuple[_Slot, ...], end: str) -> int | None:
        pos = run[-1][0] + 1 if end == "high" else run[0][0] - 1
        if not self.rules.run_low <= pos <= self.rules.run_high or len(run) >= self.rules.longest_run:
            return None
        return pos

    def moves(self, run: tuple[_Slot, ...], piece: Piece) -> Iterator[tuple[tuple[_Slot, ...], int]]:
        """Every run the piece can make, with how many jokers slid."""
        for end in ("high", "low"):
            pos = self.end_pos(run, end)
            if pos is not None and self.natural_at(piece, pos):
                yield _add(run, (pos, piece, False)), 0
        if self.rules.joker_slides and not isinstance(piece, Joker):
            for i, (pos, held, acting) in enumerate(run):
                if acting and self.natural_at(piece, pos):
                    rest = (*run[:i], (pos, piece, False), *run[i + 1 :])
                    for end in self.ends:
                        new = self.end_pos(rest, end)
                        if new is not None:
                            yield _add(rest, (new, held, True)), 1
        if self.rules.is_wild(piece):
            for end in self.ends:
                pos = self.end_pos(run, end)
                if pos is not None and not self.natural_at(piece, pos):
                    yield _add(run, (pos, piece, True)), 0

    def search(self, run: tuple[_Slot, ...], cards: tuple[Piece, ...]) -> tuple[tuple[_Slot, ...], int] | None:
        if not cards:
            return (run, 0) if self.jokers_ok(run) else None
        key = (run, cards)
        if key in self.failed:
            return None
        tried: set[Piece] = set()
        for i, piece in enumerate(cards):
            if piece in tried:
                continue
            tried.add(piece)
            rest = cards[:i] + cards[i + 1 :]
            for new, moved in self.moves(run, piece):
                found = self.search(new, rest)
                if found is not None:
                    return found[0], found[1] + moved
        self.failed.add(key)
        return None

    def jokers_ok(self, run: tuple[_Slot, ...]) -> bool:
        acting = sum(1 for s in run if s[2])
        return self.rules.too_many_jokers(acting, len(run) - acting) is None


def _add(run: tuple[_Slot, ...], slot: _Slot) -> tuple[_Slot, ...]:
    return tuple(sorted((*run, slot), key=lambda s: s[0]))


def _run_problems(search: _RunLayOff, reading: MeldReading, cards: tuple[Piece, ...]) -> list[Violation]:
    """Why the cards cannot all go on the run: each card that finds no place, and why."""
    rules = search.rules
    run = search.start
    pending = list(cards)
    progress = True
    while progress and pending:  # place what can be placed, one card at a time
        progress = False
        for piece in list(pending):
            move = next(iter(search.moves(run, piece)), None)
            if move is not None:
                run = move[0]
                pending.remove(piece)
                progress = True
    out: list[Violation] = []
    shown = format_pieces(reading.ordered_pieces())
    for piece in pending:
        if len(run) >= rules.longest_run:
            out.append(
                Violation(
                    RuleId.RUN_TOO_LONG,
                    f"{piece} cannot go on {shown}: a run holds at most {rules.longest_run} cards",
                    pieces=(piece,),
                )
            )
        elif not rules.is_wild(piece) and _suit(piece) != search.suit:  # type: ignore[arg-type]
            out.append(
                Violation(
                    RuleId.LAYOFF_WRONG_SUIT,
                    f"{piece} is not of the suit of the run {shown}",
                    pieces=(piece,),
                )
            )
        elif any(acting and search.natural_at(piece, pos) for pos, _, acting in run):
            out.append(
                Violation(
                    RuleId.LAYOFF_JOKER_SPOT,
                    f"a joker stands for {piece} in {shown}; it can be taken by substitution, not laid off on",
                    pieces=(piece,),
                )
            )
        else:
            out.append(
                Violation(
                    RuleId.LAYOFF_NO_PLACE,
                    f"{piece} extends neither end of the run {shown}",
                    pieces=(piece,),
                )
            )
    if not out:
        acting = sum(1 for s in run if s[2])
        out.append(_joker_violation(acting, len(run) - acting, rules, cards))
    return out


def _joker_violation(acting: int, naturals: int, rules: RuleSet, cards: tuple[Piece, ...]) -> Violation:
    why = rules.too_many_jokers(acting, naturals) or f"{acting} jokers"
    return Violation(RuleId.TOO_MANY_JOKERS, why, pieces=tuple(p for p in cards if rules.is_wild(p)))


def _set_result(reading: MeldReading, cards: tuple[Piece, ...], rules: RuleSet) -> tuple[Meld | None, list[Violation]]:
    rank = reading.rank
    out: list[Violation] = []
    shown = format_pieces(reading.meld.pieces)
    for piece in cards:
        natural = isinstance(piece, Card | Tile) and (piece.rank if isinstance(piece, Card) else piece.number) == rank
        if not natural and not rules.is_wild(piece):
            out.append(
                Violation(RuleId.LAYOFF_WRONG_RANK, f"{piece} is not of the rank of the set {shown}", pieces=(piece,))
            )
    new = Meld((*reading.meld.pieces, *cards))
    if rules.group_max is not None and len(new) > rules.group_max:
        out.append(
            Violation(
                RuleId.GROUP_TOO_LARGE,
                f"the set would hold {len(new)} cards; a set holds at most {rules.group_max}",
                pieces=cards,
            )
        )
    if out:
        return None, out
    return new, []


def _examine(
    meld: TableMeldLike, cards: PiecesLike, rules: RuleSet, joker_end: JokerEnd
) -> tuple[MeldReading | None, tuple[Piece, ...], LayOffResult | None, tuple[Violation, ...]]:
    _inputs.ruleset(rules)
    if joker_end not in ("high", "low"):
        raise TypeError(f"joker_end must be 'high' or 'low', not {joker_end!r}")
    pieces = _pieces(cards, rules)
    reading, problems = _reading(meld, rules)
    if reading is None:
        return None, pieces, None, problems
    if len(pieces) > _MAX_CARDS:
        raise LimitExceededError(f"{len(pieces)} cards laid off at once; no meld can take more than {_MAX_CARDS}")
    rules.check_piece_counts((*reading.meld.pieces, *pieces), what="the meld and the cards laid off")
    if not pieces:
        return reading, pieces, None, (Violation(RuleId.LAYOFF_EMPTY, "no cards to lay off"),)
    if reading.kind is MeldKind.GROUP:
        new, errs = _set_result(reading, pieces, rules)
        if new is None:
            return reading, pieces, None, tuple(errs)
        group = next((r for r in meld_readings(new, rules=rules) if r.kind is MeldKind.GROUP), None)
        if group is None:  # the engine says why; a meld that reads only as a run is no set either
            why = meld_violations(new, rules=rules) or (
                Violation(RuleId.NOT_A_MELD, f"{format_pieces(new.pieces)} would not be a set", pieces=pieces),
            )
            return reading, pieces, None, why
        return reading, pieces, LayOffResult(reading, pieces, new, group, 0), ()
    search = _RunLayOff(reading, rules, joker_end)
    found = search.search(search.start, tuple(sorted(pieces, key=piece_sort_key)))
    if found is None:
        return reading, pieces, None, tuple(_run_problems(search, reading, pieces))
    run, moved = found
    new = Meld(s[1] for s in run)
    positions = tuple(s[0] for s in run)
    readings = meld_readings(new, rules=rules)
    match = next((r for r in readings if r.kind is MeldKind.RUN and r.positions == positions), None)
    if match is None:  # pragma: no cover - the search only builds runs the engine accepts
        return reading, pieces, None, meld_violations(new, rules=rules)
    return reading, pieces, LayOffResult(reading, pieces, new, match, moved), ()


def layoff_violations(
    meld: TableMeldLike, cards: PiecesLike, *, rules: RuleSet, joker_end: JokerEnd = "high"
) -> tuple[Violation, ...]:
    """Every problem with laying ``cards`` off on ``meld`` (empty when the lay-off is fine).

    ``meld`` is a meld on the table: a `MeldReading` keeps the reading it was given when laid;
    a plain meld is read afresh (its preferred reading). An invalid meld reports the meld
    engine's problems.

    Raises:
        NotationError: a card is not valid notation for the game.
        InvalidPiecesError: the meld and cards hold more copies of a card than the game has.
        LimitExceededError: more cards at once than any meld could take.

    Examples:
        >>> from rummylib import SHANGHAI, CONTRACT_RUMMY
        >>> [v.code for v in layoff_violations("4c 5c 6c 7c", "9c", rules=SHANGHAI)]
        ['layoff-no-place']
        >>> [v.code for v in layoff_violations("4c * 6c 7c", "5c", rules=SHANGHAI)]
        ['layoff-joker-spot']
        >>> [v.code for v in layoff_violations("4c 5c 6c 7c", "8h", rules=CONTRACT_RUMMY)]
        ['layoff-wrong-suit']
    """
    return _examine(meld, cards, rules, joker_end)[3]


def check_layoff(
    meld: TableMeldLike, cards: PiecesLike, *, rules: RuleSet, joker_end: JokerEnd = "high"
) -> LayOffResult:
    """Lay ``cards`` off on ``meld``: the meld they make, or an error with every problem.

    This is the check form of a lay-off (`layoff_violations` lists every problem, `is_legal_layoff`
    answers ``bool``); its result is the lay-off done.

    A set takes any card of its rank (and jokers or wild cards), up to ``rules.group_max``. A run
    takes cards of its suit that extend it at either end, in any order given (``9c 8c`` on
    ``4c 5c 6c 7c`` is fine), never beyond ``rules.longest_run`` cards nor past the ace. A joker
    or wild card goes to ``joker_end`` (the high end by default), or the other end when that one
    is full. With ``rules.joker_slides`` (Contract Rummy), a natural card laid off where a joker
    stands takes its place and the joker moves to an end (``joker_end`` first). ``rules.joker_ratio``
    and ``rules.max_jokers_per_meld`` are kept.

    Raises:
        IllegalPlayError: the cards cannot all be laid off; ``violations`` says why.
        NotationError: a card is not valid notation for the game.
        InvalidPiecesError: the meld and cards hold more copies of a card than the game has.
        LimitExceededError: more cards at once than any meld could take.

    Examples:
        >>> from rummylib import CONTRACT_RUMMY
        >>> done = check_layoff("* 5c 6c 7c", "4c", rules=CONTRACT_RUMMY, joker_end="low")
        >>> str(done.meld), done.jokers_moved, [str(f) for f in done.reading.jokers]
        ('* 4c 5c 6c 7c', 1, ['3c'])
        >>> check_layoff("Jc Qc Kc Ac", "2c", rules=CONTRACT_RUMMY)
        Traceback (most recent call last):
        ...
        rummylib.errors.IllegalPlayError: 2c extends neither end of the run Jc Qc Kc Ac [layoff-no-place]
    """
    _, _, done, problems = _examine(meld, cards, rules, joker_end)
    if done is None:
        raise IllegalPlayError(problems)
    return done


def is_legal_layoff(meld: TableMeldLike, cards: PiecesLike, *, rules: RuleSet, joker_end: JokerEnd = "high") -> bool:
    """Whether ``cards`` can all be laid off on ``meld`` (same arguments as `layoff_violations`).

    Raises:
        NotationError: a card is not valid notation for the game.
        InvalidPiecesError: the meld and cards hold more copies of a card than the game has.
        LimitExceededError: more cards at once than any meld could take.

    Examples:
        >>> from rummylib import SHANGHAI
        >>> is_legal_layoff("4c 5c 6c 7c", "8c 3c", rules=SHANGHAI), is_legal_layoff("7h 7s 7d", "8h", rules=SHANGHAI)
        (True, False)
    """
    return _examine(meld, cards, rules, joker_end)[2] is not None


# ------------------------------------------------------------------------------------------
# Taking a joker back
# ------------------------------------------------------------------------------------------


@attrs.frozen
class Substitution:
    """A joker taken from a meld on the table by putting in the card it stands for.

    Unpacks as ``(meld, joker)``. ``must_use_joker`` and ``must_meet_contract`` are obligations for
    the rest of the player's turn, which the game's referee enforces.

    Examples:
        >>> from rummylib import SHANGHAI
        >>> swap = check_substitution("8h 8s *", "8d", rules=SHANGHAI, player_down=False)
        >>> str(swap.meld), swap.joker, swap.must_use_joker, swap.must_meet_contract
        ('8h 8s 8d', JOKER, True, False)
    """

    meld: Meld
    """The meld with the card in the joker's place."""
    joker: Piece
    """The piece taken: a joker, or a wild card that was acting as one."""
    card: Piece
    """The card put in."""
    stood_for: Face
    """What the joker stood for."""
    reading: MeldReading
    """How the new meld reads."""
    must_use_joker: bool = False
    """The joker must be played again this turn (``rules.swapped_joker_must_be_used``)."""
    must_meet_contract: bool = False
    """The player, not yet down, must meet the contract this turn
    (``rules.joker_swap_requires_contract``)."""

    def __iter__(self) -> Iterator[Meld | Piece]:
        return iter((self.meld, self.joker))


def _substitute(
    meld: TableMeldLike, card: PieceLike, rules: RuleSet, player_down: bool
) -> tuple[Substitution | None, tuple[Violation, ...]]:
    _inputs.ruleset(rules)
    _inputs.flag(player_down, what="player_down")
    piece = _inputs.piece(card, rules=rules, what="the card put in")
    if rules.joker_swap is JokerSwap.NEVER:
        return None, (Violation(RuleId.JOKER_SWAP_NOT_ALLOWED, f"{rules.title} never lets a joker be taken back"),)
    if rules.joker_swap is JokerSwap.AFTER_DOWN and not player_down:
        return None, (Violation(RuleId.JOKER_SWAP_NOT_DOWN, "only a player who has met the contract may take a joker"),)
    reading, problems = _reading(meld, rules)
    if reading is None:
        return None, problems
    laid = reading.meld.pieces
    rules.check_piece_counts((*laid, piece), what="the meld and the card put in")
    acting = [i for i, a in enumerate(reading.acting) if a]
    if not acting:
        return None, (Violation(RuleId.JOKER_SWAP_NO_JOKER, "the meld holds no joker to take", pieces=tuple(laid)),)
    if reading.kind is MeldKind.GROUP and rules.dead_set_jokers:
        return None, (
            Violation(
                RuleId.JOKER_DEAD_IN_SET,
                "jokers in a set are dead: they are never taken back",
                pieces=tuple(laid),
            ),
        )
    for i in acting:
        if _stands_for(reading, i, piece, rules):
            new = Meld((*laid[:i], piece, *laid[i + 1 :]))
            match = _same_shape(new, reading, rules)
            if match is None:
                continue
            return Substitution(
                meld=new,
                joker=laid[i],
                card=piece,
                stood_for=reading.faces[i],
                reading=match,
                must_use_joker=rules.swapped_joker_must_be_used,
                must_meet_contract=rules.joker_swap_requires_contract and not player_down,
            ), ()
    wanted = ", ".join(str(reading.faces[i]) for i in acting)
    if reading.kind is MeldKind.GROUP:
        wanted = f"a card of the set's rank ({wanted})"
    return None, (
        Violation(
            RuleId.JOKER_SWAP_WRONG_CARD,
            f"{piece} is not the card a joker of {format_pieces(reading.ordered_pieces())} stands for; "
            f"it needs {wanted}",
            pieces=(piece,),
        ),
    )


def _stands_for(reading: MeldReading, i: int, piece: Piece, rules: RuleSet) -> bool:
    face = reading.faces[i]
    if isinstance(piece, Joker):
        return False
    if reading.kind is MeldKind.RUN:
        return _suit(piece) == _suit(face) and reading.positions[i] in _spots(piece, rules)
    rank = piece.rank if isinstance(piece, Card) else piece.number
    return int(rank) == reading.rank


def _same_shape(new: Meld, old: MeldReading, rules: RuleSet) -> MeldReading | None:
    for r in meld_readings(new, rules=rules):
        if r.kind is old.kind and (r.kind is MeldKind.GROUP or r.positions == old.positions):
            return r
    return None


def substitution_violations(
    meld: TableMeldLike, card: PieceLike, *, rules: RuleSet, player_down: bool
) -> tuple[Violation, ...]:
    """Every reason ``card`` cannot take a joker's place in ``meld`` (empty when it can).

    Raises:
        NotationError: the card is not valid notation for the game.
        InvalidPiecesError: the meld and card hold more copies of a card than the game has.

    Examples:
        >>> from rummylib import CONTRACT_RUMMY
        >>> [v.code for v in substitution_violations("4c * 6c 7c", "5c", rules=CONTRACT_RUMMY, player_down=False)]
        ['joker-swap-not-down']
        >>> [v.code for v in substitution_violations("8h 8s *", "8d", rules=CONTRACT_RUMMY, player_down=True)]
        ['joker-dead-in-set']
    """
    return _substitute(meld, card, rules, player_down)[1]


def check_substitution(meld: TableMeldLike, card: PieceLike, *, rules: RuleSet, player_down: bool) -> Substitution:
    """Take a joker from ``meld`` by putting in ``card``, the card it stands for.

    This is the check form of a substitution (`substitution_violations` lists every problem,
    `is_legal_substitution` answers ``bool``); its result is the swap done.

    Who may do it is ``rules.joker_swap``: ``never``; ``after-down`` (Contract Rummy: only a player
    who has met the contract, ``player_down``); ``anyone`` (Shanghai). Under
    ``rules.dead_set_jokers`` (Contract Rummy) a joker in a set is never taken. In a run the card
    must be the one the joker stands for; in a set, any card of the set's rank. A wild card acting
    as a joker can be taken the same way.

    The result says what the player must still do this turn, for the referee to enforce:
    ``must_use_joker`` (``rules.swapped_joker_must_be_used``, Shanghai: play the joker again this
    turn) and ``must_meet_contract`` (``rules.joker_swap_requires_contract``, Shanghai house rule:
    a player not yet down must meet the contract this turn).

    Raises:
        IllegalPlayError: the joker cannot be taken; ``violations`` says why.
        NotationError: the card is not valid notation for the game.
        InvalidPiecesError: the meld and card hold more copies of a card than the game has.

    Examples:
        >>> from rummylib import CONTRACT_RUMMY
        >>> swap = check_substitution("10h Jh * Kh", "Qh", rules=CONTRACT_RUMMY, player_down=True)
        >>> str(swap.meld), str(swap.stood_for), swap.must_use_joker
        ('10h Jh Qh Kh', 'Qh', False)
        >>> check_substitution("10h Jh * Kh", "Qd", rules=CONTRACT_RUMMY, player_down=True)
        Traceback (most recent call last):
        ...
        rummylib.errors.IllegalPlayError: Qd is not the card a joker of 10h Jh * Kh stands for; it needs Qh [...]
    """
    done, problems = _substitute(meld, card, rules, player_down)
    if done is None:
        raise IllegalPlayError(problems)
    return done


def is_legal_substitution(meld: TableMeldLike, card: PieceLike, *, rules: RuleSet, player_down: bool) -> bool:
    """Whether ``card`` can take a joker's place in ``meld`` (same arguments as `substitution_violations`).

    Raises:
        NotationError: the card is not valid notation for the game.
        InvalidPiecesError: the meld and card hold more copies of a card than the game has.

    Examples:
        >>> from rummylib import CONTRACT_RUMMY
        >>> is_legal_substitution("4c * 6c 7c", "5c", rules=CONTRACT_RUMMY, player_down=True)
        True
        >>> is_legal_substitution("4c * 6c 7c", "5c", rules=CONTRACT_RUMMY, player_down=False)
        False
    """
    return _substitute(meld, card, rules, player_down)[0] is not None
