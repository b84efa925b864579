"""The round referee of Contract Rummy and Shanghai: one deal played out, as an immutable value.

A [`ContractRound`][rummylib.contracts.round.ContractRound] is driven by the caller's actions
(`DrawStock`, `DrawDiscard`, `Buy`, `DeclineBuy`, `LayDown`, `LayOff`, `SwapJoker`, `Discard`)
and returns a new round for each; an illegal action raises `rummylib.errors.IllegalActionError`
naming the rule, and the old value stays as it was. Every rule is read from the `RuleSet`: the
same code referees Contract Rummy, Shanghai and their house rules. Import it from
`rummylib.contracts`, which also has the game referee.

Seats are numbered from 0 in the order of play: "left" of a seat is the next number.

Examples:
    >>> from rummylib import SHANGHAI
    >>> from rummylib.contracts import ContractRound, DrawStock, Discard
    >>> r = ContractRound.deal(rules=SHANGHAI, players=3, seed=7)
    >>> r.dealer, r.current, r.phase.value, len(r.hands[1]), str(r.upcard)
    (0, 1, 'draw', 11, '4c')
    >>> r = r.apply(DrawStock(1))            # refusing the upcard opens the "May I?" window
    >>> r.phase.value, r.window.waiting
    ('buy', (2, 0))
    >>> [str(a) for a in r.legal_actions()]
    ['Buy(player=2)', 'DeclineBuy(player=2)', 'Buy(player=0)', 'DeclineBuy(player=0)']
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import ClassVar, TypeVar

import attrs

from rummylib import _inputs
from rummylib._copies import field_copier
from rummylib._inputs import is_seat, sorted_pieces
from rummylib.cards import Card
from rummylib.contracts._moves import lay_downs_in_order, layoff_groups, swap_cards
from rummylib.contracts.actions import (
    Buy,
    BuyWindow,
    ContractAction,
    DeclineBuy,
    Discard,
    DrawDiscard,
    DrawStock,
    EndReason,
    LayDown,
    LayOff,
    Phase,
    RoundResult,
    RoundView,
    SwapJoker,
    TableMeld,
)
from rummylib.contracts.errors import ContractNotMetError
from rummylib.contracts.layoffs import JokerEnd, check_layoff, check_substitution, layoff_violations
from rummylib.contracts.meld_down import check_contract
from rummylib.contracts.scoring import score_contract_round
from rummylib.decks import Seed, as_rng, deal, shuffled
from rummylib.errors import ErrorCode, IllegalActionError, IllegalPlayError, RuleId, RuleSetError, RummyError, Violation
from rummylib.melds import MeldKind, MeldReading, is_valid_meld
from rummylib.pieces import Piece, PieceCount, format_pieces
from rummylib.referee import (
    LegalActions,
    Outcome,
    RefereeBase,
    check_seat,
    piece_problems,
    refuse,
)
from rummylib.rules import JokerSwap, RuleSet, ScoringScheme

__all__ = ["ContractRound", "result_problems"]

_T = TypeVar("_T")


_ACTIONS: tuple[type, ...] = (DrawStock, DrawDiscard, Buy, DeclineBuy, LayDown, LayOff, SwapJoker, Discard)


def _not_held(seen: Sequence[Piece], hand: Sequence[Piece]) -> list[Piece]:
    """The pieces of ``seen`` that ``hand`` does not hold, copies counted (``seen`` less ``hand``, as multisets).

    A few known cards against a hand: each is taken out of a copy of the hand in turn, which
    finds the shared object of a piece by identity before comparing values.

    Examples:
        >>> from rummylib import parse_pieces
        >>> format_pieces(_not_held(parse_pieces("9h 9h Kc"), parse_pieces("9h 2c 3c")))
        '9h Kc'
    """
    left = list(hand)
    missing = []
    for piece in seen:
        try:
            left.remove(piece)
        except ValueError:
            missing.append(piece)
    return missing


def result_problems(res: RoundResult, rules: RuleSet, players: int) -> Iterator[str]:
    """Why a recorded round result is not what its hands give (nothing when it is).

    Examples:
        >>> from rummylib import SHANGHAI, parse_pieces
        >>> from rummylib.contracts import EndReason
        >>> res = RoundResult(round_number=1, scores=(0, 9), reason=EndReason.WENT_OUT, went_out=0,
        ...                   out_in_one_turn=False, joker_used=False, hands=((), parse_pieces("Kd")))
        >>> list(result_problems(res, SHANGHAI, 2))
        ['round 1: scores [0, 9] are not the [0, 10] the hands give']
    """
    if len(res.scores) != players or len(res.hands) != players:
        yield f"round {res.round_number}: {len(res.scores)} scores for {players} players"
        return
    if res.went_out is not None and (not is_seat(res.went_out, players) or res.hands[res.went_out]):
        yield f"round {res.round_number}: player {res.went_out} went out holding cards"
    try:
        expected = score_contract_round(
            res.hands, rules=rules, out_in_one_turn=res.out_in_one_turn, joker_used=res.joker_used
        )
    except RummyError as exc:
        yield f"round {res.round_number}: the hands cannot be scored: {exc.message}"
        return
    if tuple(res.scores) != tuple(expected):
        yield f"round {res.round_number}: scores {list(res.scores)} are not the {list(expected)} the hands give"


def _take(hand: Sequence[Piece], pieces: Sequence[Piece]) -> tuple[Piece, ...] | None:
    """The hand without ``pieces`` (as a multiset), or ``None`` if it does not hold them all."""
    left = list(hand)
    for piece in pieces:
        try:
            left.remove(piece)
        except ValueError:
            return None
    return tuple(left)


_DISCARDS: dict[tuple[int, int], Discard] = {}
"""The discard actions made so far, by seat and the card's identity (an action is a value: one serves
every round; it holds its card, whose id stays its own)."""


def _discard_of(player: int, card: Piece) -> Discard:
    """``Discard(player, card)``, made once and then remembered (holding ``card`` itself)."""
    found = _DISCARDS.get((player, id(card)))
    if found is None or found.card is not card:
        if len(_DISCARDS) >= 4096:
            _DISCARDS.clear()
        found = _DISCARDS[player, id(card)] = Discard(player, card)
    return found


def _distinct(pieces: Sequence[Piece]) -> tuple[Piece, ...]:
    return tuple(dict.fromkeys(pieces))


def _replace(items: tuple[_T, ...], index: int, value: _T) -> tuple[_T, ...]:
    return (*items[:index], value, *items[index + 1 :])


def _less(pieces: Sequence[Piece], gone: Sequence[Piece]) -> tuple[Piece, ...]:
    """``pieces`` without ``gone`` as multisets (what is not there is ignored), in canonical order."""
    if not pieces:
        return ()
    left = list(pieces)
    for piece in gone:
        if piece in left:
            left.remove(piece)
    out = sorted_pieces(tuple(left))
    # The same value as before is the same tuple: what reads the round by identity (an
    # environment's observation) knows it unchanged.
    return pieces if type(pieces) is tuple and out == pieces else out


_LAYOFFS_SEEN: dict[tuple[int, int, tuple[Piece, ...], str], tuple[object, object, tuple[object, ...] | None]] = {}
"""`_layoff_content`'s answers, by the reading and the rules (by identity, held while remembered)."""


def _layoff_content(
    reading: MeldReading, cards: tuple[Piece, ...], rules: RuleSet, end: JokerEnd
) -> tuple[object, ...] | None:
    """The `TableMeld.content` the meld read as ``reading`` has once ``cards`` are laid off on it (None: refused).

    Remembered: a meld of the table is the same reading from state to state until it changes,
    and the same cards are tried on it turn after turn.
    """
    key = (id(reading), id(rules), cards, end)
    seen = _LAYOFFS_SEEN.get(key)
    if seen is not None and seen[0] is reading and seen[1] is rules:
        return seen[2]
    try:
        done = check_layoff(reading, cards, rules=rules, joker_end=end)
    except IllegalPlayError:
        content = None
    else:
        content = TableMeld(owner=0, reading=done.reading).content  # (the owner is not part of it)
    if len(_LAYOFFS_SEEN) >= 8192:
        _LAYOFFS_SEEN.clear()
    _LAYOFFS_SEEN[key] = (reading, rules, content)
    return content


def _table_order(meld: TableMeld) -> tuple[object, ...]:
    """Where a newly laid meld goes among the melds of its lay-down: sets by rank, then runs by suit and place."""
    r = meld.reading
    if r.kind is MeldKind.GROUP:
        return (0, r.rank, 0, meld.content)
    face = r.faces[0]
    suit = face.suit.order if isinstance(face, Card) else 0
    return (1, suit, min(r.positions), meld.content)


def _check_game(rules: RuleSet, players: int, dealer: int) -> None:
    if rules.scoring is not ScoringScheme.CONTRACT:
        raise RuleSetError(f"{rules.title} is not a contract game (Contract Rummy, Shanghai)", code=ErrorCode.BAD_RULES)
    rules.check_players(players)
    if not is_seat(dealer, players):
        raise RuleSetError(
            f"the dealer must be a seat from 0 to {players - 1}, not {dealer!r}", code=ErrorCode.BAD_PLAYERS
        )


@functools.lru_cache(maxsize=256)
def _dealt_stock(rules: RuleSet, players: int, seed: Seed, round_number: int) -> tuple[Piece, ...] | None:
    """The stock the seed deals for a round, upcard taken (``None`` when these rules cannot deal it)."""
    try:
        return ContractRound.deal(rules=rules, players=players, seed=seed, round_number=round_number).stock
    except RummyError:
        return None


@attrs.frozen(kw_only=True)
class ContractRound(RefereeBase):
    """One round of Contract Rummy or Shanghai, as a value; `apply` returns the next one.

    Make one with `ContractRound.deal`. The turn: the player in turn draws (`DrawDiscard`, or
    `DrawStock`, which first offers the refused upcard to the others: `Buy` / `DeclineBuy`);
    then may `LayDown` the contract (once a round), `LayOff` cards (from the turn after the
    contract, unless ``layoff_same_turn``), `SwapJoker`; and ends the turn with a `Discard`.
    Getting rid of the last card ends the round; so does a stock that is empty with nothing under
    the upcard to shuffle into a new one.

    Examples:
        >>> from rummylib import CONTRACT_RUMMY
        >>> r = ContractRound.deal(rules=CONTRACT_RUMMY, players=4, seed=3, round_number=5, dealer=2)
        >>> r.current, [len(h) for h in r.hands], len(r.stock)
        (3, [12, 12, 12, 12], 58)
        >>> r = r.apply(DrawDiscard(3))
        >>> r.phase.value, len(r.hands[3])
        ('play', 13)
        >>> r.apply(Discard(0, r.hands[0][0]))
        Traceback (most recent call last):
        ...
        rummylib.errors.IllegalActionError: player 0 cannot discard: it is player 3's turn [not-your-turn]
    """

    SAVE_TYPE: ClassVar[str] = "contract-round"
    ACTIONS: ClassVar[tuple[type, ...]] = _ACTIONS

    rules: RuleSet
    """The game's rules."""
    seed: Seed
    """The seed of the deal and of every reshuffle (the round is reproducible from it)."""
    round_number: int
    """The round (from 1); sets the cards dealt and the contract."""
    dealer: int
    """Seat of the dealer; play starts left of the dealer."""
    hands: tuple[tuple[Piece, ...], ...]
    """Each player's hand, in canonical order."""
    stock: tuple[Piece, ...]
    """The stock, the next card to draw first."""
    discards: tuple[Piece, ...]
    """The discard pile, bottom first: the upcard is the last."""
    table: tuple[TableMeld, ...] = ()
    """Melds laid down this round, in the order laid."""
    down: tuple[bool, ...]
    """Whether each player has met the contract."""
    buys: tuple[int, ...]
    """Buys made by each player this round."""
    current: int
    """Seat of the player whose turn it is."""
    phase: Phase = Phase.DRAW
    """Where the turn stands."""
    turns_played: int = 0
    """Turns finished in this round (0 during the first; the turn that goes out counts once over)."""
    window: BuyWindow | None = None
    """The buy window while the refused upcard is on offer."""
    laid_down_this_turn: bool = False
    """Whether the player in turn laid down the contract in this turn."""
    played_this_turn: tuple[Piece, ...] = ()
    """Cards the player in turn has put on the table this turn, in canonical order."""
    jokers_owed: tuple[Piece, ...] = ()
    """Jokers taken from the table this turn that must still be played (``swapped_joker_must_be_used``),
    in canonical order."""
    reshuffles: int = 0
    """How many times the discards were shuffled into a new stock."""
    taken_this_turn: Piece | None = None
    """The card the player in turn took from the discard pile this turn, while a card like it is
    still in their hand (``None`` otherwise); under ``discard_taken_card`` off it may not be
    discarded this turn. A card bought out of turn is never this card."""
    round_result: RoundResult | None = None
    """How the round ended, once it has (`result` gives it as an `Outcome`)."""
    known: tuple[tuple[Piece, ...], ...] = ()
    """For each seat, the cards of their hand every player has seen go into it, in canonical order:
    the upcard taken, a card bought (not its penalty card), a joker taken from the table. A card
    leaves it when a card like it leaves the hand (laid, laid off, put in for a joker, discarded);
    once the round is over the hands are shown for the count and all of each is known. Given as
    ``()``, nothing is known yet."""

    def __attrs_post_init__(self) -> None:
        if not self.known:
            object.__setattr__(self, "known", ((),) * len(self.hands))

    # --- construction -----------------------------------------------------------------------
    @classmethod
    def deal(cls, *, rules: RuleSet, players: int, seed: Seed, round_number: int = 1, dealer: int = 0) -> ContractRound:
        """Shuffle and deal a round: the round's cards to each player, then turn up the upcard.

        The decks and jokers follow ``rules.decks_for(players)``; the cards per hand follow
        ``rules.round(round_number).cards``. The same seed always gives the same deal.

        Raises:
            RuleSetError: not a contract game, a player count the game does not allow, a round the
                game does not have, or a dealer who is not a seat.

        Examples:
            >>> from rummylib import CONTRACT_RUMMY
            >>> r = ContractRound.deal(rules=CONTRACT_RUMMY, players=5, seed="x", round_number=7, dealer=4)
            >>> r.current, len(r.hands[0]), len(r.stock) + len(r.discards) + 5 * 12
            (0, 12, 160)
        """
        seed = _inputs.seed(seed)
        _check_game(rules, players, dealer)
        cards = rules.round(round_number).cards
        dealt = deal(rules, players=players, rng=as_rng(f"{seed}:deal:{round_number}"), hand_size=cards)
        order = (*itertools.chain(*dealt.hands), *dealt.stock)
        return cls._from_order(
            rules=rules, players=players, seed=seed, order=order, round_number=round_number, dealer=dealer
        )

    @classmethod
    def _from_order(
        cls, *, rules: RuleSet, players: int, seed: Seed, order: Sequence[Piece], round_number: int = 1, dealer: int = 0
    ) -> ContractRound:
        """The round dealt from the cards in ``order`` (`deal` shuffles, then deals this way).

        Each player in turn gets the round's number of cards, the next card is the upcard and the
        rest is the stock, its top first. ``seed`` is kept as the round's (its reshuffles).
        """
        _check_game(rules, players, dealer)
        cards, pool = rules.round(round_number).cards, tuple(order)
        if cards * players >= len(pool):
            raise RuleSetError(
                f"no card left to turn up after dealing {cards} to {players} players", code=ErrorCode.BAD_PLAYERS
            )
        k = cards * players
        return cls(
            rules=rules,
            seed=seed,
            round_number=round_number,
            dealer=dealer,
            hands=tuple(sorted_pieces(pool[i * cards : (i + 1) * cards]) for i in range(players)),
            stock=pool[k + 1 :],
            discards=pool[k : k + 1],
            down=(False,) * players,
            buys=(0,) * players,
            current=(dealer + 1) % players,
        )

    # --- facts ------------------------------------------------------------------------------
    @property
    def players(self) -> int:
        """Number of players."""
        return len(self.hands)

    @property
    def upcard(self) -> Piece | None:
        """The top card of the discard pile, or ``None``."""
        return self.discards[-1] if self.discards else None

    @property
    def is_over(self) -> bool:
        """Whether the round has ended."""
        return self.phase is Phase.OVER

    @property
    def to_move(self) -> int | None:
        """Whose decision it is (``None`` once over).

        The player in turn or, while the upcard is on offer, the first seat still to answer (every
        waiting seat may answer, in any order).

        Examples:
            >>> from rummylib import SHANGHAI
            >>> ContractRound.deal(rules=SHANGHAI, players=3, seed=0).to_move
            1
        """
        if self.phase is Phase.OVER:
            return None
        if self.phase is Phase.BUY and self.window is not None and self.window.waiting:
            return self.window.waiting[0]
        return self.current

    def all_pieces(self) -> PieceCount:
        """Every card of the round wherever it is (hands, stock, discards, table): always the deal.

        Examples:
            >>> from rummylib import SHANGHAI
            >>> from rummylib.decks import full_set
            >>> r = ContractRound.deal(rules=SHANGHAI, players=4, seed=0)
            >>> r.all_pieces() == PieceCount.of(full_set(SHANGHAI, players=4))
            True
        """
        return PieceCount.of(self._every_piece())

    def _every_piece(self) -> Iterator[Piece]:
        """The pieces `all_pieces` counts, as the objects the round holds."""
        return itertools.chain(*self.hands, self.stock, self.discards, *(m.meld for m in self.table))

    def result(self) -> Outcome:
        """How the round ended: each seat's penalty points (lower is better) and who won.

        The winner is the player who went out, or, when the stock ran out or the round reached the
        turn limit (``max_turns``), the lowest score.

        Raises:
            IllegalActionError: the round is not over yet (code ``wrong-phase``).

        Examples:
            >>> from rummylib import SHANGHAI
            >>> ContractRound.deal(rules=SHANGHAI, players=3, seed=0).result()
            Traceback (most recent call last):
            ...
            rummylib.errors.IllegalActionError: round 1 is not over yet [wrong-phase]
        """
        res = self.round_result
        if res is None:
            refuse(RuleId.WRONG_PHASE, f"round {self.round_number} is not over yet")
        if res.went_out is not None:
            winners: tuple[int, ...] = (res.went_out,)
            reason = f"player {res.went_out} went out" + (" in one turn" if res.out_in_one_turn else "")
        else:
            best = min(res.scores)
            winners = tuple(p for p, v in enumerate(res.scores) if v == best)
            reason = "the turn limit was reached" if res.reason is EndReason.TURN_LIMIT else "the stock ran out"
        return Outcome(scores=res.scores, winners=winners, lower_wins=True, reason=reason)

    def problems(self) -> tuple[str, ...]:
        """Every reason this round could not come out of a real game (empty when it could).

        Every card of the deal exactly once, hand sizes, seats, phases and counters (buys,
        reshuffles, turns) in range, the known cards of each hand in that hand, table melds valid
        and laid by players who are down, every player down owning a meld on the table, and a
        recorded result that is what the hands give.

        Examples:
            >>> from rummylib import SHANGHAI
            >>> r = ContractRound.deal(rules=SHANGHAI, players=3, seed=1)
            >>> attrs.evolve(r, buys=(9, 0, 0)).problems()
            ('player 0 made 9 buys (limit 4)',)
        """
        found = piece_problems(self, self._every_piece())
        found.extend(self._invariant_problems())
        return tuple(found)

    def _invariant_problems(self) -> Iterator[str]:
        rules = self.rules
        n = len(self.hands)
        if not rules.min_players <= n <= rules.max_players:
            yield f"{n} players, but {rules.title} is for {rules.min_players} to {rules.max_players}"
            return
        if not isinstance(self.round_number, int) or not 1 <= self.round_number <= len(rules.rounds):
            yield f"round {self.round_number!r} does not exist in {rules.title}"
            return
        for name in ("current", "dealer"):
            if not is_seat(getattr(self, name), n):
                yield f"{name} ({getattr(self, name)!r}) is not a seat"
        for name in ("down", "buys", "known"):
            if len(getattr(self, name)) != n:
                yield f"{name} has {len(getattr(self, name))} entries for {n} players"
        if len(self.known) == n:
            for p, (hand, seen) in enumerate(zip(self.hands, self.known, strict=True)):
                if not seen:
                    continue  # nothing known of this hand: nothing to check
                extra = _not_held(seen, hand)
                if extra:
                    shown = format_pieces(PieceCount.of(extra))
                    yield f"player {p} is known to hold {shown}, which the hand does not hold"
        if len(self.buys) == n:
            limit = rules.buy_limit(self.round_number)
            for p, b in enumerate(self.buys):
                if b < 0 or (limit is not None and b > limit):
                    yield f"player {p} made {b} buys (limit {limit})"
        dealt = rules.round(self.round_number).cards
        over = self.phase is Phase.OVER
        for p, hand in enumerate(self.hands):
            bought = self.buys[p] if len(self.buys) == n else 0
            most = dealt + bought * (1 + rules.buy_penalty_cards) + 1
            if len(hand) > most:
                yield f"player {p} holds {len(hand)} cards, more than the {most} possible"
            if not hand and not over:
                yield f"player {p} holds no card but the round is not over"
        if self.reshuffles < 0 or (rules.max_reshuffles is not None and self.reshuffles > rules.max_reshuffles):
            yield f"{self.reshuffles} reshuffles is not possible"
        if not isinstance(self.turns_played, int) or self.turns_played < 0:
            yield f"turns_played {self.turns_played!r} is not possible"
        elif rules.max_turns is not None and (
            self.turns_played > rules.max_turns or (self.turns_played >= rules.max_turns and not over)
        ):
            yield f"turns_played {self.turns_played} goes past the turn limit of {rules.max_turns}"
        taken = self.taken_this_turn
        if taken is not None and (
            self.phase is not Phase.PLAY or not is_seat(self.current, n) or taken not in self.hands[self.current]
        ):
            yield f"{taken} is marked as taken from the discard pile this turn, but the player in turn does not hold it"
        for i, tm in enumerate(self.table):
            if not is_seat(tm.owner, n):
                yield f"table meld {i} belongs to {tm.owner!r}, not a seat"
            elif len(self.down) == n and not self.down[tm.owner]:
                yield f"table meld {i} belongs to player {tm.owner}, who is not down"
            if not is_valid_meld(tm.reading.meld, rules=rules):
                yield f"table meld {i} ({tm.reading.meld}) is not a valid meld"
        if len(self.down) == n:  # meeting the contract lays melds down, and they stay on the table
            owners = {tm.owner for tm in self.table}
            for p, is_down in enumerate(self.down):
                if is_down and p not in owners:
                    yield f"player {p} is down but owns no meld on the table"
        if (self.phase is Phase.BUY) != (self.window is not None):
            yield f"phase {self.phase.value} with {'a' if self.window else 'no'} buy window"
        if self.window is not None and (not self.discards or self.window.card != self.discards[-1]):
            yield "the card on offer is not the top of the discard pile"
        if over != (self.round_result is not None):
            yield "a round over without a result, or a result while the round goes on"
        if self.round_result is not None:
            res = self.round_result
            if res.hands != self.hands:
                yield "the result's hands are not the hands of the round"
            if res.round_number != self.round_number:
                yield "the result is for another round"
            if res.reason is EndReason.TURN_LIMIT and (
                rules.max_turns is None or res.went_out is not None or self.turns_played != rules.max_turns
            ):
                yield "the result says the turn limit ended the round, but these rules and turns do not"
            yield from result_problems(res, rules, n)

    def seed_problems(self) -> tuple[str, ...]:
        """What the seed shows against this round, where `problems` cannot look.

        Until the first reshuffle, the stock must be the rest of the one its seed deals, in order.
        A position set up by hand (a test, an analysis) has other problems here, and none in
        `problems`: a round a real game could reach from some seed need not be the one from its
        own. A server that reads a state it did not sign checks this too (``rummylib batch``
        does): it finds a card swapped between a hand and the stock, a reordered stock, or rules
        that deal another round; what the seed cannot show (two cards swapped between two hands,
        a rule changed that deals the same) only a signature can.

        Examples:
            >>> from rummylib import SHANGHAI
            >>> r = ContractRound.deal(rules=SHANGHAI, players=3, seed=1)
            >>> r.seed_problems(), len(attrs.evolve(r, stock=r.stock[::-1]).seed_problems())
            ((), 1)
        """
        return tuple(self._seed_problems())

    def _seed_problems(self) -> Iterator[str]:
        if self.reshuffles != 0 or isinstance(self.seed, bool) or not isinstance(self.seed, int | str):
            return
        dealt = _dealt_stock(self.rules, len(self.hands), self.seed, self.round_number)
        if dealt is None:
            yield "the seed and the rules cannot deal this round"
            return
        left = len(self.stock)
        if left > len(dealt) or self.stock != dealt[len(dealt) - left :]:
            yield (
                "the stock is not what is left of the stock its seed deals, in that order "
                "(a card swapped or moved, or the rules changed since the deal)"
            )

    def may_lay_off(self, player: int) -> bool:
        """Whether ``player`` may lay off now: down, and not in the turn of the contract (unless allowed).

        Raises:
            IllegalActionError: ``player`` is not a seat (code ``not-a-player``).

        Examples:
            >>> from rummylib import SHANGHAI
            >>> ContractRound.deal(rules=SHANGHAI, players=3, seed=0).may_lay_off(1)
            False
        """
        self._check_seat(player, "lay off")
        if not self.down[player]:
            return False
        return self.rules.layoff_same_turn or not (player == self.current and self.laid_down_this_turn)

    def buy_violations(self, player: int, *, last_buyer: int | None = None) -> tuple[Violation, ...]:
        """Why ``player`` may not buy the upcard now, if they may not (empty when they may).

        Checks ``buying``, the round's buy limit, ``down_player_may_buy``, the rule against the same
        player buying twice in a row, and that the stock (with the reshuffle) can give the penalty
        card(s) and the draw of the player in turn. The player in turn never buys.

        Raises:
            IllegalActionError: ``player`` is not a seat (code ``not-a-player``).

        Examples:
            >>> from rummylib import SHANGHAI
            >>> r = ContractRound.deal(rules=SHANGHAI.with_options({"buying": False}), players=3, seed=0)
            >>> [v.code for v in r.buy_violations(2)]
            ['buying-off']
        """
        self._check_seat(player, "buy")
        rules = self.rules
        found: list[Violation] = []
        if player == self.current:
            found.append(Violation(RuleId.BUY_NOT_OFFERED, f"player {player} is the one who refused the upcard"))
        if not rules.buying:
            found.append(Violation(RuleId.BUYING_OFF, "buying is off in this game"))
        limit = rules.buy_limit(self.round_number)
        if limit is not None and self.buys[player] >= limit:
            found.append(
                Violation(RuleId.BUY_LIMIT, f"player {player} has made {self.buys[player]} of {limit} buys this round")
            )
        if not rules.down_player_may_buy and self.down[player]:
            found.append(Violation(RuleId.BUYER_DOWN, f"player {player} is down and may not buy"))
        if last_buyer == player:
            found.append(
                Violation(RuleId.BUY_TWICE_RUNNING, f"player {player} bought the card above; not two in a row")
            )
        available = len(self.stock) + (max(0, len(self.discards) - 2) if self._may_reshuffle() else 0)
        if available < rules.buy_penalty_cards + 1:
            found.append(
                Violation(
                    RuleId.BUY_STOCK_SHORT,
                    f"the stock has {available} cards left to give, {rules.buy_penalty_cards + 1} needed",
                )
            )
        return tuple(found)

    # --- the three-way API ------------------------------------------------------------------
    def apply(self, action: ContractAction) -> ContractRound:
        """The round after ``action``.

        Raises:
            IllegalActionError: the action breaks a rule (every `Violation` names it); ``self`` is
                unchanged, as it always is.

        Examples:
            >>> from rummylib import SHANGHAI
            >>> r = ContractRound.deal(rules=SHANGHAI, players=3, seed=0)
            >>> r.apply(LayOff(1, r.hands[1][0], 0))
            Traceback (most recent call last):
            ...
            rummylib.errors.IllegalActionError: player 1 cannot lay off: draw first [wrong-phase]
        """
        return self._step(action)

    def legal_actions(self, player: int | None = None) -> LegalActions[ContractAction]:
        """Every distinct legal action now (of one player, or of everyone), each once, as a lazy `LegalActions`.

        Two actions are the same move when they leave the same round. Listed:

        * in the draw phase, `DrawStock` and (when there is an upcard) `DrawDiscard`;
        * while the upcard is on offer, `Buy` and `DeclineBuy` of every seat still to answer;
        * once the player in turn has drawn: every lay-down that meets the contract (each with the
          joker swaps it may take in first, under ``joker_swap="anyone"``), best first (fewest points,
          then fewest cards left in hand); every lay-off of a card, or of a group of cards a meld
          takes at once, on every meld, with ``joker_end="low"`` too where that gives another meld;
          every joker swap; every discard.

        A move that can be written several ways is listed once, in one way, and the referee stores
        its result in one form, so that every way of writing it is the same move: a lay-down's melds
        go on the table in one order (sets by rank, then runs), the cards of a set or a lay-off in
        any order make the same table meld (`TableMeld` equality is by its `content`, the order
        laid being kept only for display), and the cards played and jokers owed are kept sorted. The
        listed form writes sets in canonical order with their natural cards first, and runs from low
        to high (the order laid is the reading, so ``4c 5c 6c *`` and ``* 4c 5c 6c`` stay two
        moves). Listing every way instead would list the same move hundreds of times.

        The list is complete with no search budget: a lay-down is listed whenever one is legal.
        In the play phase it is built in parts, on first need: ``legal_actions().any_of("discard")``
        or ``Discard(...) in legal_actions()`` never searches the lay-downs.

        Examples:
            >>> from rummylib import SHANGHAI
            >>> r = ContractRound.deal(rules=SHANGHAI, players=3, seed=0)
            >>> r.legal_actions()
            LegalActions((DrawStock(player=1), DrawDiscard(player=1)))
            >>> r.legal_actions(0)
            LegalActions(())
        """
        if self.phase is Phase.OVER:
            return LegalActions()
        found: list[ContractAction] = []
        if self.phase is Phase.DRAW:
            found.append(DrawStock(self.current))
            if self.discards:
                found.append(DrawDiscard(self.current))
        elif self.phase is Phase.BUY:
            assert self.window is not None
            for seat in self.window.waiting:
                found += [Buy(seat), DeclineBuy(seat)]
        elif player is None or player == self.current:
            return LegalActions(parts=self._play_parts(), is_legal=self.is_legal)
        return LegalActions(a for a in found if player is None or a.player == player)

    # --- views ------------------------------------------------------------------------------
    def view(self, player: int) -> RoundView:
        """What ``player`` may know, and nothing more (see `RoundView`).

        Their own hand, the table and discards, the sizes of the other hands and of the stock, and
        the cards of other hands everyone has seen (`RoundView.known`).

        Raises:
            IllegalActionError: ``player`` is not a seat (code ``not-a-player``).

        Examples:
            >>> from rummylib import SHANGHAI
            >>> v = ContractRound.deal(rules=SHANGHAI, players=3, seed=0).view(2)
            >>> v.hands[0], len(v.hands[2]), v.stock_size
            (None, 11, 71)
        """
        self._check_seat(player, "view the round")
        return self._view(player)

    def table_view(self) -> RoundView:
        """Everything: every hand and the stock.

        Examples:
            >>> from rummylib import SHANGHAI
            >>> v = ContractRound.deal(rules=SHANGHAI, players=3, seed=0).table_view()
            >>> len(v.stock), v.viewer
            (71, None)
        """
        return self._view(None)

    def _view(self, viewer: int | None) -> RoundView:
        return RoundView(
            viewer=viewer,
            to_move=self.to_move,
            hand=() if viewer is None else self.hands[viewer],
            is_over=self.is_over,
            round_number=self.round_number,
            dealer=self.dealer,
            phase=self.phase,
            turns_played=self.turns_played,
            hands=tuple(h if viewer is None or seat == viewer else None for seat, h in enumerate(self.hands)),
            hand_sizes=tuple(len(h) for h in self.hands),
            stock=self.stock if viewer is None else None,
            stock_size=len(self.stock),
            discards=self.discards,
            table=self.table,
            down=self.down,
            buys=self.buys,
            window=self.window,
            round_result=self.round_result,
            known=self.known,
            jokers_owed=self.jokers_owed,
            taken_card=self.taken_this_turn,
        )

    def __str__(self) -> str:
        return str(self.table_view())

    # --- the referee ------------------------------------------------------------------------
    def _check_seat(self, player: object, doing: str) -> None:
        check_seat(player, self.players, doing)

    def _check_turn(self, player: int, doing: str, phase: Phase) -> None:
        if player != self.current:
            refuse(RuleId.NOT_YOUR_TURN, f"player {player} cannot {doing}: it is player {self.current}'s turn")
        if self.phase is not phase:
            hint = {
                Phase.DRAW: "draw first",
                Phase.BUY: "the upcard is on offer to the other players",
                Phase.PLAY: "the card is already drawn",
            }[self.phase]
            refuse(RuleId.WRONG_PHASE, f"player {player} cannot {doing}: {hint}")

    def _step(self, action: ContractAction) -> ContractRound:
        names = {
            DrawStock: "draw from the stock",
            DrawDiscard: "take the upcard",
            Buy: "buy",
            DeclineBuy: "decline to buy",
            LayDown: "lay down",
            LayOff: "lay off",
            SwapJoker: "swap a joker",
            Discard: "discard",
        }
        doing = names.get(type(action))
        if doing is None:
            raise TypeError(f"not a contract-game action: {action!r}")
        if self.phase is Phase.OVER:
            refuse(RuleId.ROUND_OVER, f"round {self.round_number} is over")
        self._check_seat(action.player, doing)
        if isinstance(action, Buy | DeclineBuy):
            return self._answer_buy(action, doing)
        phase = Phase.DRAW if isinstance(action, DrawStock | DrawDiscard) else Phase.PLAY
        self._check_turn(action.player, doing, phase)
        if isinstance(action, DrawDiscard):
            return self._draw_discard()
        if isinstance(action, DrawStock):
            return self._refuse_upcard()
        if isinstance(action, LayDown):
            return self._lay_down(action)
        if isinstance(action, LayOff):
            return self._lay_off(action)
        if isinstance(action, SwapJoker):
            return self._swap_joker(action)
        return self._discard(action)

    # --- drawing and buying -------------------------------------------------------------------
    def _draw_discard(self) -> ContractRound:
        if not self.discards:
            refuse(RuleId.WRONG_PHASE, "the discard pile is empty")
        card = self.discards[-1]
        seat = self.current
        hands = _replace(self.hands, seat, sorted_pieces((*self.hands[seat], card)))
        known = _replace(self.known, seat, sorted_pieces((*self.known[seat], card)))
        return _evolve(
            self, hands=hands, discards=self.discards[:-1], phase=Phase.PLAY, known=known, taken_this_turn=card
        )

    def _draw_stock(self, count: int) -> tuple[tuple[Piece, ...], ContractRound]:
        """Take ``count`` cards from the stock, shuffling the discards but the top into a new stock when empty."""
        stock, discards, reshuffles = self.stock, self.discards, self.reshuffles
        drawn: list[Piece] = []
        for _ in range(count):
            if not stock:
                if len(discards) < 2 or not self._may_reshuffle(reshuffles):
                    break  # pragma: no cover - callers check that enough cards are left first
                stock = shuffled(discards[:-1], as_rng(f"{self.seed}:reshuffle:{self.round_number}:{reshuffles}"))
                discards = discards[-1:]
                reshuffles += 1
            drawn.append(stock[0])
            stock = stock[1:]
        return tuple(drawn), _evolve(self, stock=stock, discards=discards, reshuffles=reshuffles)

    def _may_reshuffle(self, done: int | None = None) -> bool:
        limit = self.rules.max_reshuffles
        return limit is None or (self.reshuffles if done is None else done) < limit

    def _buyers(self, last_buyer: int | None) -> tuple[int, ...]:
        order = [(self.current + k) % self.players for k in range(1, self.players)]
        return tuple(p for p in order if not self.buy_violations(p, last_buyer=last_buyer))

    def _refuse_upcard(self) -> ContractRound:
        if not self.discards:
            return self._then_draw()
        buyers = self._buyers(None)
        if not buyers:
            return self._then_draw()
        window = BuyWindow(card=self.discards[-1], waiting=buyers, requests=(), last_buyer=None)
        return _evolve(self, phase=Phase.BUY, window=window)

    def _then_draw(self) -> ContractRound:
        drawn, after = self._draw_stock(1)
        hands = _replace(after.hands, self.current, sorted_pieces((*after.hands[self.current], *drawn)))
        return _evolve(after, hands=hands, phase=Phase.PLAY, window=None)

    def _answer_buy(self, action: Buy | DeclineBuy, doing: str) -> ContractRound:
        player = action.player
        window = self.window
        if self.phase is not Phase.BUY or window is None:
            refuse(
                RuleId.WRONG_PHASE,
                f"player {player} cannot {doing}: no upcard is on offer (it is offered when the player "
                "in turn draws from the stock)",
            )
        if player not in window.waiting:
            if player in window.requests:
                refuse(RuleId.BUY_NOT_OFFERED, f"player {player} has already asked for {window.card}")
            problems = self.buy_violations(player, last_buyer=window.last_buyer)
            if problems:
                raise IllegalActionError(problems)
            refuse(RuleId.BUY_NOT_OFFERED, f"player {player} has already declined {window.card}")
        waiting = tuple(p for p in window.waiting if p != player)
        requests = (*window.requests, player) if isinstance(action, Buy) else window.requests
        window = BuyWindow(card=window.card, waiting=waiting, requests=requests, last_buyer=window.last_buyer)
        if waiting:
            return _evolve(self, window=window)
        return self._close_window(window)

    def _close_window(self, window: BuyWindow) -> ContractRound:
        if not window.requests:
            return self._then_draw()
        # The one whose turn comes first (after the player in turn) gets the card.
        buyer = min(window.requests, key=lambda p: (p - self.current) % self.players)
        card = self.discards[-1]
        after = _evolve(self, discards=self.discards[:-1])
        penalty, after = after._draw_stock(self.rules.buy_penalty_cards)
        hands = _replace(after.hands, buyer, sorted_pieces((*after.hands[buyer], card, *penalty)))
        buys = _replace(after.buys, buyer, after.buys[buyer] + 1)
        known = _replace(after.known, buyer, sorted_pieces((*after.known[buyer], card)))  # the penalty card is unseen
        after = _evolve(after, hands=hands, buys=buys, window=None, known=known)
        if self.rules.multiple_buys and after.discards:
            buyers = after._buyers(buyer)
            if buyers:
                nxt = BuyWindow(card=after.discards[-1], waiting=buyers, requests=(), last_buyer=buyer)
                return _evolve(after, window=nxt)
        return after._then_draw()

    # --- laying down, laying off, jokers --------------------------------------------------------
    def _table_meld(self, index: int, player: int, doing: str) -> TableMeld:
        if isinstance(index, bool) or not 0 <= index < len(self.table):
            refuse(
                RuleId.NO_SUCH_MELD,
                f"player {player} cannot {doing} on meld {index}: the table has {len(self.table)} melds",
            )
        return self.table[index]

    def _holding(self, player: int, pieces: Sequence[Piece], doing: str) -> tuple[Piece, ...]:
        left = _take(self.hands[player], pieces)
        if left is None:
            missing = PieceCount.of(pieces) - PieceCount.of(self.hands[player])
            refuse(
                RuleId.NOT_IN_HAND,
                f"player {player} cannot {doing}: {format_pieces(missing)} not in hand",
                pieces=tuple(missing),
            )
        return left

    def _fits_somewhere(self, card: Piece) -> bool:
        return any(not layoff_violations(m.reading, (card,), rules=self.rules) for m in self.table)

    def _joker_playable(self, player: int) -> bool:
        """Whether the first joker owed can still be laid off this turn (so the turn can end)."""
        if not self.may_lay_off(player):
            return False
        joker = self.jokers_owed[0]
        return any(self.is_legal(LayOff(player, (joker,), i)) for i in range(len(self.table)))

    def _pay_jokers(self, played: Sequence[Piece]) -> tuple[Piece, ...]:
        return _less(self.jokers_owed, played)

    def _still_taken(self, played: Sequence[Piece]) -> Piece | None:
        """The card taken from the pile this turn, unless a card like it is among ``played`` (it went with them)."""
        taken = self.taken_this_turn
        return None if taken is None or taken in played else taken

    def _pinned(self, card: Piece) -> bool:
        """Whether ``card`` is the card taken from the pile this turn, held back (``discard_taken_card`` off).

        A player holding another card like it may discard that one: only the last card like the
        one taken is held back.
        """
        taken = self.taken_this_turn
        return (
            taken is not None
            and not self.rules.discard_taken_card
            and card == taken
            and self.hands[self.current].count(card) == 1
        )

    def _last_card_free(self, state: ContractRound) -> bool:
        """Whether any last card of the hand ``state`` leaves may be discarded (else the listing asks the referee)."""
        rules = self.rules
        return rules.go_out_by_discard and (rules.discard_taken_card or state.taken_this_turn is None)

    def _after_play(self, player: int, doing: str) -> ContractRound:
        """Finish a lay-down or lay-off: go out on an empty hand; refuse a dead end."""
        hand = self.hands[player]
        if not hand:
            return self._end(EndReason.WENT_OUT, player)
        if self.jokers_owed and not self._joker_playable(player):
            refuse(
                RuleId.SWAPPED_JOKER_UNUSED,
                f"player {player} cannot {doing}: the joker taken from the table must be played this turn, "
                "and it could not be",
            )
        if (
            len(hand) == 1
            and (not self.rules.go_out_by_discard or self._pinned(hand[0]))
            and not (self.may_lay_off(player) and self._fits_somewhere(hand[0]))
        ):
            if not self.rules.go_out_by_discard:
                refuse(
                    RuleId.LAST_CARD_DISCARD,
                    f"player {player} cannot {doing}: {hand[0]} would be left as the last card, which may not be "
                    "discarded and cannot be laid off",
                    pieces=hand,
                )
            refuse(
                RuleId.DISCARD_TAKEN_CARD,
                f"player {player} cannot {doing}: {hand[0]} would be left as the last card, but it was taken "
                "from the discard pile this turn, so it may not be discarded, and it cannot be laid off",
                pieces=hand,
            )
        return self

    def _lay_down(self, action: LayDown) -> ContractRound:
        player = action.player
        if self.down[player]:
            refuse(RuleId.ALREADY_DOWN, f"player {player} has already laid down the contract this round")
        state = self
        for card, index in action.swaps:
            state = state._take_joker(player, card, index, "lay down")
        melds = action.melds
        pieces = [p for m in melds for p in m]
        left = state._holding(player, pieces, "lay down")
        try:
            down = check_contract(melds, round_number=self.round_number, rules=self.rules, hand=state.hands[player])
        except ContractNotMetError as exc:
            raise IllegalActionError(exc.violations) from None
        owed = state._pay_jokers(pieces)
        if owed and not self.rules.layoff_same_turn:
            refuse(
                RuleId.SWAPPED_JOKER_UNUSED,
                f"player {player} cannot lay down: the joker taken from the table must be in the melds",
            )
        # The melds go on the table in one order whatever order they were given in (sets by
        # rank, then runs): laying the same melds down is the same move.
        laid = sorted((TableMeld(owner=player, reading=r) for r in down.readings), key=_table_order)
        after = _evolve(
            state,
            hands=_replace(state.hands, player, left),
            table=(*state.table, *laid),
            down=_replace(state.down, player, True),
            laid_down_this_turn=True,
            played_this_turn=sorted_pieces((*state.played_this_turn, *pieces)),
            jokers_owed=owed,
            known=_replace(state.known, player, _less(state.known[player], pieces)),
            taken_this_turn=state._still_taken(pieces),
        )
        return after._after_play(player, "lay down")

    def _lay_off(self, action: LayOff) -> ContractRound:
        player = action.player
        if not self.down[player]:
            refuse(RuleId.NOT_DOWN, f"player {player} cannot lay off before meeting the contract")
        if not self.may_lay_off(player):
            refuse(
                RuleId.LAYOFF_SAME_TURN,
                f"player {player} cannot lay off in the turn the contract was laid down",
            )
        if not action.cards:
            refuse(RuleId.NOT_IN_HAND, f"player {player} cannot lay off: no cards given")
        target = self._table_meld(action.meld, player, "lay off")
        left = self._holding(player, action.cards, "lay off")
        try:
            done = check_layoff(target.reading, action.cards, rules=self.rules, joker_end=action.joker_end)
        except IllegalPlayError as exc:
            raise IllegalActionError([v.at(action.meld) for v in exc.violations]) from None
        after = _evolve(
            self,
            hands=_replace(self.hands, player, left),
            table=_replace(self.table, action.meld, attrs.evolve(target, reading=done.reading)),
            played_this_turn=sorted_pieces((*self.played_this_turn, *action.cards)),
            jokers_owed=self._pay_jokers(action.cards),
            known=_replace(self.known, player, _less(self.known[player], action.cards)),
            taken_this_turn=self._still_taken(action.cards),
        )
        return after._after_play(player, "lay off")

    def _take_joker(self, player: int, card: Piece, index: int, doing: str) -> ContractRound:
        """Put ``card`` in place of a joker of table meld ``index``; the joker joins the hand."""
        if self.rules.joker_swap is JokerSwap.NEVER:
            refuse(RuleId.JOKER_SWAP_NOT_ALLOWED, f"player {player} cannot {doing}: jokers never leave the table")
        target = self._table_meld(index, player, "take a joker")
        left = self._holding(player, (card,), doing)
        try:
            swap = check_substitution(target.reading, card, rules=self.rules, player_down=self.down[player])
        except IllegalPlayError as exc:
            raise IllegalActionError([v.at(index) for v in exc.violations]) from None
        joker = swap.joker
        owed = sorted_pieces((*self.jokers_owed, joker)) if swap.must_use_joker else self.jokers_owed
        seen = sorted_pieces((*_less(self.known[player], (card,)), joker))  # everyone saw the joker taken
        return _evolve(
            self,
            hands=_replace(self.hands, player, sorted_pieces((*left, joker))),
            table=_replace(self.table, index, attrs.evolve(target, reading=swap.reading)),
            played_this_turn=sorted_pieces((*self.played_this_turn, card)),
            jokers_owed=owed,
            known=_replace(self.known, player, seen),
            taken_this_turn=self._still_taken((card,)),
        )

    def _swap_joker(self, action: SwapJoker) -> ContractRound:
        player, rules = action.player, self.rules
        if self.down[player]:
            if not self.may_lay_off(player):
                refuse(
                    RuleId.LAYOFF_SAME_TURN,
                    f"player {player} cannot swap a joker in the turn the contract was laid down",
                )
        elif rules.joker_swap is not JokerSwap.NEVER and self._swap_needs_lay_down():
            # (Under NEVER, `_take_joker` refuses every player alike.) Only the message is chosen here.
            if rules.joker_swap is JokerSwap.AFTER_DOWN:
                refuse(RuleId.JOKER_SWAP_NOT_DOWN, f"player {player} may take a joker only once down")
            if rules.joker_swap_requires_contract:
                refuse(
                    RuleId.JOKER_SWAP_NEEDS_CONTRACT,
                    f"player {player} is not down: take the joker as part of the lay-down (LayDown swaps)",
                )
            refuse(
                RuleId.SWAPPED_JOKER_UNUSED,
                f"player {player} is not down, so the joker could not be played this turn except in the "
                "contract: take it as part of the lay-down (LayDown swaps)",
            )
        after = self._take_joker(player, action.card, action.meld, "swap a joker")
        return after._after_play(player, "swap a joker")

    # --- discarding and the end ---------------------------------------------------------------
    def _discard(self, action: Discard) -> ContractRound:
        player = action.player
        if self.jokers_owed:
            refuse(
                RuleId.SWAPPED_JOKER_UNUSED,
                f"player {player} cannot discard yet: the joker taken from the table must be played this turn",
            )
        left = self._holding(player, (action.card,), "discard")
        if self._pinned(action.card):
            refuse(
                RuleId.DISCARD_TAKEN_CARD,
                f"player {player} cannot discard {action.card}: it was taken from the discard pile this turn",
                pieces=(action.card,),
            )
        if not left and not self.rules.go_out_by_discard:
            refuse(
                RuleId.LAST_CARD_DISCARD,
                f"player {player} cannot discard the last card: it must be laid off",
                pieces=(action.card,),
            )
        hands = _replace(self.hands, player, left)
        discards = (*self.discards, action.card)
        known = _replace(self.known, player, _less(self.known[player], (action.card,)))
        if not left:
            # the discard ends the turn, going out or not
            after = _evolve(self, hands=hands, discards=discards, known=known, taken_this_turn=None)
            return after._end(EndReason.WENT_OUT, player)
        nxt = _evolve(
            self,
            hands=hands,
            discards=discards,
            known=known,
            current=(self.current + 1) % self.players,
            turns_played=self.turns_played + 1,
            phase=Phase.DRAW,
            laid_down_this_turn=False,
            played_this_turn=(),
            jokers_owed=(),
            taken_this_turn=None,
        )
        if not nxt.stock and (len(nxt.discards) < 2 or not nxt._may_reshuffle()):
            return nxt._end(EndReason.STOCK_EXHAUSTED, None)
        limit = self.rules.max_turns
        if limit is not None and nxt.turns_played >= limit:
            return nxt._end(EndReason.TURN_LIMIT, None)
        return nxt

    def _end(self, reason: EndReason, went_out: int | None) -> ContractRound:
        one_turn = went_out is not None and self.laid_down_this_turn
        joker_used = one_turn and any(self.rules.is_wild(p) for p in self.played_this_turn)
        scores = score_contract_round(self.hands, rules=self.rules, out_in_one_turn=one_turn, joker_used=joker_used)
        result = RoundResult(
            round_number=self.round_number,
            scores=scores,
            reason=reason,
            went_out=went_out,
            out_in_one_turn=one_turn,
            joker_used=joker_used,
            hands=self.hands,
        )
        # The hands are shown for the count: every card of every hand is known.
        played = self.turns_played + (went_out is not None)  # the turn that went out is played
        return _evolve(self, phase=Phase.OVER, window=None, round_result=result, known=self.hands, turns_played=played)

    # --- listing actions ----------------------------------------------------------------------
    def _play_parts(self) -> list[tuple[str, Callable[[], Iterable[ContractAction]]]]:
        """The parts of the list of the player in turn, once they have drawn, each built on need."""
        player, rules = self.current, self.rules
        parts: list[tuple[str, Callable[[], Iterable[ContractAction]]]] = []
        if not self.down[player]:
            parts.append((LayDown.kind, self._lay_down_actions))
        if self.may_lay_off(player):
            parts.append((LayOff.kind, self._layoff_actions))
        if rules.joker_swap is not JokerSwap.NEVER and (self.down[player] or not self._swap_needs_lay_down()):
            parts.append((SwapJoker.kind, self._swap_actions))
        if not self.jokers_owed and (len(self.hands[player]) > 1 or rules.go_out_by_discard):
            parts.append((Discard.kind, self._discard_actions))
        return parts

    def _swap_actions(self) -> list[ContractAction]:
        """Every legal joker swap of the player in turn."""
        player, rules, hand = self.current, self.rules, self.hands[self.current]
        swaps = [SwapJoker(player, c, i) for i, m in enumerate(self.table) for c in swap_cards(hand, m.reading, rules)]
        return [a for a in swaps if self.is_legal(a)]

    def _discard_actions(self) -> list[ContractAction]:
        """Every discard of the player in turn (a card taken from the pile this turn may be pinned)."""
        player = self.current
        return [_discard_of(player, c) for c in _distinct(self.hands[player]) if not self._pinned(c)]

    def _settled(self, player: int, played: Sequence[Piece], cards_left: int, state: ContractRound) -> bool:
        """Whether a lay-down or lay-off known to fit leaves nothing for `_after_play` to refuse.

        When it is not (a joker owed is still to be played, or a last card under
        ``go_out_by_discard`` off), the action itself is tried.
        """
        if not cards_left:
            return True
        if state.jokers_owed and state._pay_jokers(played):
            return False
        return cards_left != 1 or self._last_card_free(state)

    def _layoff_actions(self) -> list[ContractAction]:
        """Every lay-off with a distinct result: each group of cards a meld takes, and each joker end that matters."""
        player, rules = self.current, self.rules
        hand = self.hands[player]
        found: list[ContractAction] = []
        for i, target in enumerate(self.table):
            reading = target.reading
            slides = rules.joker_slides and reading.joker_count > 0
            for cards in layoff_groups(hand, reading, rules):
                ends: tuple[JokerEnd, ...] = (
                    ("high", "low") if slides or any(rules.is_wild(c) for c in cards) else ("high",)
                )
                results: set[tuple[object, ...]] = set()
                for end in ends:
                    content = _layoff_content(reading, cards, rules, end)
                    if content is None:
                        break  # the search tries both ends whichever comes first: the other fails too
                    if content in results:
                        continue
                    results.add(content)
                    action = LayOff(player, cards, i, joker_end=end)
                    if self._settled(player, cards, len(hand) - len(cards), self) or self.is_legal(action):
                        found.append(action)
        return found

    def _swap_needs_lay_down(self) -> bool:
        """Whether a player not yet down may take a joker only as part of the lay-down (`LayDown` swaps)."""
        rules = self.rules
        return rules.joker_swap is not JokerSwap.ANYONE or (
            rules.swapped_joker_must_be_used or rules.joker_swap_requires_contract
        )

    def _lay_down_actions(self) -> list[ContractAction]:
        """Every distinct lay-down: without swaps, then after each set of joker swaps the hand allows."""
        return list(self._lay_downs_in_order())

    def _lay_downs_in_order(self) -> Iterator[LayDown]:
        """The lay-downs of `_lay_down_actions`, in its order, each found only when asked for.

        Taking the first one or two (all an environment shows until it is asked for the next)
        searches far less than listing them all.
        """
        player, rules = self.current, self.rules
        yield from self._lay_downs_after((), self)
        if rules.joker_swap is not JokerSwap.ANYONE:
            return  # only a player who is down may take a joker, and this one is not
        hand = self.hands[player]
        pairs = [(c, i) for i, m in enumerate(self.table) for c in swap_cards(hand, m.reading, rules)]
        for k in range(1, len(pairs) + 1):
            for chosen in itertools.combinations(pairs, k):
                state = self
                try:
                    for card, index in chosen:
                        state = state._take_joker(player, card, index, "lay down")
                except IllegalActionError:
                    continue
                yield from self._lay_downs_after(chosen, state)

    def _lay_downs_after(self, swaps: tuple[tuple[Piece, int], ...], state: ContractRound) -> Iterator[LayDown]:
        """The lay-downs of the hand ``state`` leaves after ``swaps`` (the jokers owed in the melds), best first."""
        player, rules = self.current, self.rules
        contract = rules.round(self.round_number).contract
        must = () if rules.layoff_same_turn else state.jokers_owed
        for way in lay_downs_in_order(state.hands[player], contract, rules, must_use=must):
            action = LayDown(player, way.melds, swaps=swaps)
            left = way.cards_left
            settled = not left or (not state.jokers_owed and (left != 1 or self._last_card_free(state)))
            if settled or self._settled(player, way.used, left, state) or self.is_legal(action):
                yield action


def _fill_known(new: ContractRound) -> None:
    """What `ContractRound.__attrs_post_init__` does: ``known`` given empty is one empty tuple per hand."""
    if not new.known:
        object.__setattr__(new, "known", ((),) * len(new.hands))


_evolve = field_copier(ContractRound, _fill_known)
"""`attrs.evolve` for `ContractRound`, for the referee's own steps: the fields copied, not checked."""
