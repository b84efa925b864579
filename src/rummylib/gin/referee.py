"""The Gin Rummy hand referee: deal, draw, discard, knock, and the score by the rule book's §4.

`GinHand` is an immutable state. Each action returns a new state; an illegal action raises
`rummylib.errors.IllegalActionError` naming the rule broken, and the state it was applied to is
unchanged (as every value is). The hand ends when a player knocks (scored by
`rummylib.gin.score_hand`) or, with no knock, when only two cards are left in the stock after a
discard: then the hand is a draw and nobody scores. `GinGame` plays hands until a player reaches
the rule set's target.

Examples:
    >>> from rummylib import GIN_RUMMY
    >>> hand = GinHand.deal(rules=GIN_RUMMY, seed=7)
    >>> [len(h) for h in hand.hands], len(hand.stock), str(hand.upcard), hand.turn
    ([10, 10], 31, '9d', 1)
    >>> hand = hand.apply(GinDrawStock(1))
    >>> hand.phase.value, len(hand.hands[1])
    ('discard', 11)
    >>> hand.apply(GinDrawStock(1))
    Traceback (most recent call last):
    ...
    rummylib.errors.IllegalActionError: player 1 cannot draw now: discard or knock first [wrong-phase]
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from enum import StrEnum
from typing import NoReturn, TypeAlias

import attrs

from rummylib.cards import Card
from rummylib.decks import full_set, shuffled
from rummylib.errors import IllegalActionError, KnockError, RuleId, RuleSetError, Violation
from rummylib.gin._engine import min_deadwood, read_hand, tables_for
from rummylib.gin.deadwood import deadwood, knock_limit
from rummylib.gin.scoring import GinGameScore, GinHandResult, score_hand
from rummylib.pieces import Piece, PieceCount, piece_sort_key
from rummylib.rules import RuleSet

__all__ = [
    "STOCK_FLOOR",
    "GinAction",
    "GinDiscard",
    "GinDrawDiscard",
    "GinDrawStock",
    "GinGame",
    "GinHand",
    "GinKnock",
    "GinPhase",
]

STOCK_FLOOR = 2
"""A hand with no knock ends as a draw once the stock is down to this many cards after a discard."""

_INT = attrs.validators.instance_of(int)


def _card(value: Card | str) -> Card:
    if isinstance(value, str):
        return Card.parse(value)
    return value


def _maybe_card(value: Card | str | None) -> Card | None:
    return None if value is None else _card(value)


@attrs.frozen
class GinDrawStock:
    """The player in turn draws the top card of the stock.

    Examples:
        >>> GinDrawStock(0)
        GinDrawStock(player=0)
    """

    player: int = attrs.field(validator=_INT)
    """Seat of the player (0 or 1)."""


@attrs.frozen
class GinDrawDiscard:
    """The player in turn takes the top card of the discard pile.

    Examples:
        >>> GinDrawDiscard(1).player
        1
    """

    player: int = attrs.field(validator=_INT)
    """Seat of the player (0 or 1)."""


@attrs.frozen
class GinDiscard:
    """The player in turn discards a card face up, ending the turn.

    Examples:
        >>> GinDiscard(0, "Kd")
        GinDiscard(player=0, card=Card.parse('Kd'))
    """

    player: int = attrs.field(validator=_INT)
    """Seat of the player (0 or 1)."""
    card: Card = attrs.field(converter=_card)
    """The card discarded."""


@attrs.frozen
class GinKnock:
    """The player in turn discards ``card`` face down and knocks, ending the hand.

    With ``card=None`` the player lays down all 11 cards: big gin.

    Examples:
        >>> GinKnock(1, "Kd").card, GinKnock(1).card is None
        (Card.parse('Kd'), True)
    """

    player: int = attrs.field(validator=_INT)
    """Seat of the player (0 or 1)."""
    card: Card | None = attrs.field(default=None, converter=_maybe_card)
    """The card discarded before knocking, or ``None`` for big gin."""


GinAction: TypeAlias = GinDrawStock | GinDrawDiscard | GinDiscard | GinKnock
"""Any action of the Gin referee."""


class GinPhase(StrEnum):
    """Where a Gin hand stands.

    Examples:
        >>> GinPhase("discard") is GinPhase.DISCARD
        True
    """

    DRAW = "draw"
    """The player in turn must draw (stock or discard pile)."""
    DISCARD = "discard"
    """The player in turn holds 11 cards and must discard or knock."""
    OVER = "over"
    """The hand is over: knocked (see `GinHand.result`) or a draw."""


def _fail(rule: RuleId, detail: str, *, pieces: Sequence[Piece] = ()) -> NoReturn:
    raise IllegalActionError([Violation(rule, detail, pieces=tuple(pieces))])


def _without(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    i = hand.index(card)
    return hand[:i] + hand[i + 1 :]


def _replace(
    pair: tuple[tuple[Card, ...], tuple[Card, ...]], seat: int, hand: tuple[Card, ...]
) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    return (hand, pair[1]) if seat == 0 else (pair[0], hand)


@attrs.frozen
class GinHand:
    """One hand of Gin Rummy between players 0 and 1.

    Examples:
        >>> from rummylib import GIN_RUMMY
        >>> hand = GinHand.deal(rules=GIN_RUMMY, seed=1, dealer=1)
        >>> hand.turn, hand.phase.value, len(hand.all_cards())
        (0, 'draw', 52)
    """

    rules: RuleSet
    """The rule set (Gin Rummy or a house variant of it)."""
    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    """The cards of players 0 and 1."""
    stock: tuple[Card, ...]
    """The face-down stock, the next card to draw first."""
    discards: tuple[Card, ...]
    """The discard pile, bottom first: the top card is the last."""
    upcard: Card
    """The first upcard, turned after the deal (it sets the knock limit under Oklahoma)."""
    dealer: int
    """The dealer's seat; the other player plays first."""
    turn: int
    """The seat of the player to act."""
    phase: GinPhase = GinPhase.DRAW
    """Draw, discard or over."""
    result: GinHandResult | None = None
    """The score of a knocked hand (``None`` while playing, and for a drawn hand)."""
    knocker: int | None = None
    """The seat of the player who knocked, once the hand is over by a knock."""

    @classmethod
    def deal(cls, *, rules: RuleSet, seed: random.Random | int | str, dealer: int = 0) -> GinHand:
        """Shuffle one deck with ``seed``, deal ``hand_size`` (10) cards each and turn the upcard.

        Raises:
            RuleSetError: the rule set does not give a one-deck game without jokers.

        Examples:
            >>> from rummylib import GIN_RUMMY
            >>> GinHand.deal(rules=GIN_RUMMY, seed=3) == GinHand.deal(rules=GIN_RUMMY, seed=3)
            True
        """
        if dealer not in (0, 1):
            raise RuleSetError(f"the dealer must be player 0 or 1, not {dealer!r}", code="bad-players")
        pool = shuffled(full_set(rules, players=2), seed)
        cards = tuple(p for p in pool if isinstance(p, Card) and not rules.is_wild(p))
        if len(cards) != len(pool) or len(set(cards)) != len(cards):
            raise RuleSetError(f"{rules.title}: the Gin referee needs one deck without jokers")
        n = rules.hand_size
        if 2 * n + 1 + STOCK_FLOOR > len(cards):
            raise RuleSetError(f"{rules.title}: cannot deal {n} cards each from {len(cards)}")
        first = 1 - dealer
        hands: list[tuple[Card, ...]] = [(), ()]
        hands[first] = cards[0:n]
        hands[dealer] = cards[n : 2 * n]
        upcard = cards[2 * n]
        return cls(
            rules=rules,
            hands=(hands[0], hands[1]),
            stock=cards[2 * n + 1 :],
            discards=(upcard,),
            upcard=upcard,
            dealer=dealer,
            turn=first,
        )

    # --- facts ------------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        """Whether the hand has ended (by a knock or as a draw)."""
        return self.phase is GinPhase.OVER

    @property
    def is_draw(self) -> bool:
        """Whether the hand ended with nobody knocking."""
        return self.is_over and self.result is None

    @property
    def winner(self) -> int | None:
        """The seat that scores the hand, or ``None`` (still playing, or a draw)."""
        if self.result is None or self.knocker is None:
            return None
        return self.knocker if self.result.winner == "knocker" else 1 - self.knocker

    @property
    def scores(self) -> tuple[int, int]:
        """Points each seat scores for this hand (zeros until it is over, and for a draw)."""
        w = self.winner
        if w is None or self.result is None:
            return (0, 0)
        return (self.result.points, 0) if w == 0 else (0, self.result.points)

    @property
    def knock_limit(self) -> int:
        """The most deadwood a player may knock with in this hand (see `rummylib.gin.knock_limit`)."""
        return knock_limit(rules=self.rules, upcard=self.upcard)

    def all_cards(self) -> PieceCount:
        """Every card of the hand: both hands, stock and discard pile (always the whole deck)."""
        return PieceCount.of((*self.hands[0], *self.hands[1], *self.stock, *self.discards))

    # --- the three-way API ------------------------------------------------------------------
    def apply(self, action: GinAction) -> GinHand:
        """The hand after ``action``.

        Raises:
            IllegalActionError: the action breaks a rule (the violation names it); ``self`` is
                unchanged, as it always is.

        Examples:
            >>> from rummylib import GIN_RUMMY
            >>> hand = GinHand.deal(rules=GIN_RUMMY, seed=7)
            >>> hand.apply(GinDrawStock(0))
            Traceback (most recent call last):
            ...
            rummylib.errors.IllegalActionError: it is player 1's turn, not player 0's [not-your-turn]
        """
        return self._step(action)

    def action_violations(self, action: GinAction) -> tuple[Violation, ...]:
        """Every reason ``action`` is illegal now (empty when it is legal).

        Examples:
            >>> from rummylib import GIN_RUMMY
            >>> hand = GinHand.deal(rules=GIN_RUMMY, seed=7)
            >>> [v.code for v in hand.action_violations(GinDiscard(1, hand.hands[1][0]))]
            ['wrong-phase']
        """
        try:
            self._step(action)
        except IllegalActionError as exc:
            return exc.violations
        return ()

    def is_legal(self, action: GinAction) -> bool:
        """Whether ``action`` is legal now.

        Examples:
            >>> from rummylib import GIN_RUMMY
            >>> hand = GinHand.deal(rules=GIN_RUMMY, seed=7)
            >>> hand.is_legal(GinDrawDiscard(1)), hand.is_legal(GinDrawDiscard(0))
            (True, False)
        """
        return not self.action_violations(action)

    def legal_actions(self) -> tuple[GinAction, ...]:
        """Every legal action now, for the player in turn (none once the hand is over).

        Examples:
            >>> from rummylib import GIN_RUMMY
            >>> GinHand.deal(rules=GIN_RUMMY, seed=7).legal_actions()
            (GinDrawStock(player=1), GinDrawDiscard(player=1))
        """
        if self.is_over:
            return ()
        p = self.turn
        if self.phase is GinPhase.DRAW:
            draws: list[GinAction] = []
            if self.stock:
                draws.append(GinDrawStock(p))
            if self.discards:
                draws.append(GinDrawDiscard(p))
            return tuple(draws)
        hand = tuple(sorted(self.hands[p], key=piece_sort_key))
        out: list[GinAction] = [GinDiscard(p, c) for c in hand]
        limit = self.knock_limit
        for c in hand:
            if deadwood(_without(hand, c), rules=self.rules).deadwood <= limit:
                out.append(GinKnock(p, c))
        if self._big_gin(hand):
            out.append(GinKnock(p))
        return tuple(out)

    # --- the rules --------------------------------------------------------------------------
    def _big_gin(self, hand: Sequence[Card]) -> bool:
        _, masks = read_hand(hand, self.rules, "hand")
        return min_deadwood(masks, tables_for(self.rules)) == 0

    def _step(self, action: GinAction) -> GinHand:
        if not isinstance(action, GinDrawStock | GinDrawDiscard | GinDiscard | GinKnock):
            raise TypeError(f"not a Gin action: {action!r}")
        p = action.player
        if self.is_over:
            _fail(RuleId.ROUND_OVER, "the hand is over: no action is legal any more")
        if p not in (0, 1):
            _fail(RuleId.NOT_A_PLAYER, f"player {p} is not at the table (players 0 and 1)")
        if p != self.turn:
            _fail(RuleId.NOT_YOUR_TURN, f"it is player {self.turn}'s turn, not player {p}'s")
        hand = self.hands[p]
        if isinstance(action, GinDrawStock | GinDrawDiscard):
            if self.phase is not GinPhase.DRAW:
                _fail(RuleId.WRONG_PHASE, f"player {p} cannot draw now: discard or knock first")
            if isinstance(action, GinDrawStock):
                if not self.stock:  # pragma: no cover - the hand ends before the stock runs out
                    _fail(RuleId.WRONG_PHASE, "the stock is empty")
                card, stock, discards = self.stock[0], self.stock[1:], self.discards
            else:
                if not self.discards:  # pragma: no cover - the upcard starts the pile
                    _fail(RuleId.WRONG_PHASE, "the discard pile is empty")
                card, stock, discards = self.discards[-1], self.stock, self.discards[:-1]
            return attrs.evolve(
                self,
                hands=_replace(self.hands, p, (*hand, card)),
                stock=stock,
                discards=discards,
                phase=GinPhase.DISCARD,
            )
        if self.phase is not GinPhase.DISCARD:
            _fail(RuleId.WRONG_PHASE, f"player {p} must draw before discarding or knocking")
        if action.card is not None and action.card not in hand:
            _fail(RuleId.NOT_IN_HAND, f"player {p} does not hold {action.card}", pieces=(action.card,))
        other = self.hands[1 - p]
        if isinstance(action, GinKnock):
            if action.card is None:
                if not self._big_gin(hand):
                    _fail(
                        RuleId.KNOCK_OVER_LIMIT,
                        "big gin needs all 11 cards melded; discard a card to knock",
                        pieces=hand,
                    )
                kept = hand
                discards = self.discards
            else:
                kept = _without(hand, action.card)
                discards = (*self.discards, action.card)
            try:
                result = score_hand(kept, other, rules=self.rules, upcard=self.upcard)
            except KnockError as exc:
                raise IllegalActionError(exc.violations) from None
            return attrs.evolve(
                self,
                hands=_replace(self.hands, p, kept),
                discards=discards,
                phase=GinPhase.OVER,
                result=result,
                knocker=p,
            )
        assert action.card is not None
        kept = _without(hand, action.card)
        state = attrs.evolve(
            self,
            hands=_replace(self.hands, p, kept),
            discards=(*self.discards, action.card),
            turn=1 - p,
            phase=GinPhase.DRAW,
        )
        if len(state.stock) <= STOCK_FLOOR:
            state = attrs.evolve(state, phase=GinPhase.OVER)
        return state


@attrs.frozen
class GinGame:
    """A game of Gin Rummy: hands until a player's total reaches ``game_target``.

    The dealer alternates from hand to hand; a drawn hand is replayed with the same dealer.

    Examples:
        >>> from rummylib import GIN_RUMMY
        >>> game = GinGame.start(rules=GIN_RUMMY, seed=5)
        >>> game.hand.turn, game.score.totals, game.is_over
        (1, (0, 0), False)
    """

    rules: RuleSet
    """The rule set."""
    hand: GinHand
    """The hand being played (or the last one, once the game is over)."""
    score: GinGameScore = attrs.field(factory=GinGameScore)
    """Running totals and hands won."""
    hand_number: int = 1
    """Hands dealt so far, the current one included."""
    seed: str = "0"
    """The seed the game was started with; each hand's deal is seeded from it and the hand number."""
    last_hand: GinHand | None = None
    """The hand finished most recently (with its `GinHand.result`), or ``None``."""

    @classmethod
    def start(cls, *, rules: RuleSet, seed: int | str, dealer: int = 0) -> GinGame:
        """Deal the first hand.

        Raises:
            RuleSetError: the rule set does not give a one-deck game without jokers.

        Examples:
            >>> from rummylib import GIN_RUMMY
            >>> game = GinGame.start(rules=GIN_RUMMY, seed="club night", dealer=1)
            >>> game.hand.dealer, game.hand_number, game.winner
            (1, 1, None)
        """
        return cls(rules=rules, hand=GinHand.deal(rules=rules, seed=f"{seed}/1", dealer=dealer), seed=str(seed))

    @property
    def is_over(self) -> bool:
        """Whether a player has reached the target."""
        return self.score.is_over(rules=self.rules)

    @property
    def winner(self) -> int | None:
        """The seat with the higher score once the game is over."""
        return self.score.winner(rules=self.rules)

    def legal_actions(self) -> tuple[GinAction, ...]:
        """The legal actions of the hand being played (none once the game is over)."""
        return () if self.is_over else self.hand.legal_actions()

    def apply(self, action: GinAction) -> GinGame:
        """The game after ``action``; when the hand ends it is scored and the next one dealt.

        Raises:
            IllegalActionError: the action is illegal (code of the rule in the violation).

        Examples:
            >>> from rummylib import GIN_RUMMY
            >>> game = GinGame.start(rules=GIN_RUMMY, seed=5)
            >>> game.apply(GinDrawStock(1)).hand.phase.value
            'discard'
        """
        if self.is_over:
            _fail(RuleId.ROUND_OVER, "the game is over: a player has reached the target")
        hand = self.hand.apply(action)
        if not hand.is_over:
            return attrs.evolve(self, hand=hand)
        score = self.score
        dealer = hand.dealer
        if hand.result is not None and hand.winner is not None:
            score = score.add(hand.result, winner=hand.winner, rules=self.rules)
            dealer = 1 - hand.dealer
        if score.is_over(rules=self.rules):
            return attrs.evolve(self, hand=hand, score=score, last_hand=hand)
        number = self.hand_number + 1
        following = GinHand.deal(rules=self.rules, seed=f"{self.seed}/{number}", dealer=dealer)
        return attrs.evolve(self, hand=following, score=score, hand_number=number, last_hand=hand)
