"""The referee of one hand of Gin Rummy (`GinHand`); a game of hands to the target is `rummylib.gin.game`.

It follows the referee protocol of `rummylib.referee`: ``deal``, ``to_move``, ``legal_actions``,
``action_violations`` / ``is_legal``, ``apply`` (an illegal action raises
`rummylib.errors.IllegalActionError` naming the rule broken, and the state is unchanged, as every
value is), ``view``, ``is_over``, ``result`` and ``to_json`` / ``from_json``. The actions are
`DrawStock`, `DrawDiscard`, `Discard` and `Knock` (in `rummylib.gin.actions`).

A hand ends when a player knocks (scored by `rummylib.gin.score_hand`) or, with no knock, when only
two cards are left in the stock after a discard: then the hand is a draw and nobody scores.

Examples:
    >>> from rummylib import GIN_RUMMY
    >>> hand = GinHand.deal(rules=GIN_RUMMY, seed=7)
    >>> [len(h) for h in hand.hands], len(hand.stock), str(hand.first_upcard), hand.to_move
    ([10, 10], 31, '9d', 1)
    >>> hand = hand.apply(DrawStock(1))
    >>> hand.phase.value, len(hand.hands[1])
    ('discard', 11)
    >>> hand.apply(DrawStock(1))
    Traceback (most recent call last):
    ...
    rummylib.errors.IllegalActionError: player 1 cannot draw now: discard or knock first [wrong-phase]
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Sequence
from typing import ClassVar

import attrs

from rummylib import _inputs
from rummylib._inputs import is_seat, sorted_pieces
from rummylib.cards import Card
from rummylib.decks import Seed, full_set, shuffled
from rummylib.errors import ErrorCode, IllegalActionError, RuleId, RuleSetError, RummyError
from rummylib.gin._engine import MAX_GIN_HAND, min_deadwood, read_hand, tables_for
from rummylib.gin.actions import ACTIONS, Discard, DrawDiscard, DrawStock, GinAction, GinPhase, GinView, Knock
from rummylib.gin.deadwood import deadwood_value, knock_limit
from rummylib.gin.errors import KnockError
from rummylib.gin.scoring import GinHandResult, score_hand
from rummylib.pieces import Piece, PieceCount, format_pieces, piece_sort_key
from rummylib.referee import LegalActions, Outcome, RefereeBase, check_seat, piece_problems, refuse
from rummylib.rules import RuleSet

__all__ = ["STOCK_FLOOR", "GinHand"]

STOCK_FLOOR = 2
"""A hand with no knock ends as a draw once the stock is down to this many cards after a discard."""


def _without(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    i = hand.index(card)
    return hand[:i] + hand[i + 1 :]


def _replace(
    pair: tuple[tuple[Card, ...], tuple[Card, ...]], seat: int, hand: tuple[Card, ...]
) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    return (hand, pair[1]) if seat == 0 else (pair[0], hand)


def _forget(known: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """The known cards once ``card`` has left the hand (one deck: at most one of it was known)."""
    return tuple(c for c in known if c != card)


@functools.lru_cache(maxsize=256)
def _dealt(rules: RuleSet, seed: Seed, dealer: int) -> GinHand | None:
    """The hand a seed deals (``None`` when these rules cannot deal one), remembered."""
    try:
        return GinHand.deal(rules=rules, seed=seed, dealer=dealer)
    except RummyError:
        return None


def _two_players(players: int) -> None:
    if isinstance(players, bool) or not isinstance(players, int) or players != 2:
        raise RuleSetError(f"Gin Rummy is for 2 players, not {players!r}", code=ErrorCode.BAD_PLAYERS)


@attrs.frozen
class GinHand(RefereeBase):
    """One hand of Gin Rummy between players 0 and 1.

    Examples:
        >>> from rummylib import GIN_RUMMY
        >>> hand = GinHand.deal(rules=GIN_RUMMY, seed=1, dealer=1)
        >>> hand.to_move, hand.phase.value, len(hand.all_pieces())
        (0, 'draw', 52)
    """

    SAVE_TYPE: ClassVar[str] = "gin-hand"
    ACTIONS: ClassVar[tuple[type, ...]] = ACTIONS

    rules: RuleSet
    """The rule set (Gin Rummy or a house variant of it)."""
    seed: Seed
    """The seed of the deal (the hand is reproducible from it; `seed_problems` checks against it)."""
    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    """The cards of players 0 and 1."""
    stock: tuple[Card, ...]
    """The face-down stock, the next card to draw first."""
    discards: tuple[Card, ...]
    """The discard pile, bottom first: the top card is the last."""
    first_upcard: Card
    """The first upcard, turned after the deal (it sets the knock limit under Oklahoma)."""
    dealer: int
    """The dealer's seat; the other player plays first."""
    to_move: int | None
    """The seat of the player to act, ``None`` once the hand is over."""
    phase: GinPhase = GinPhase.DRAW
    """Draw, discard or over."""
    round_result: GinHandResult | None = None
    """The score of a knocked hand (``None`` while playing, and for a drawn hand)."""
    knocker: int | None = None
    """The seat of the player who knocked, once the hand is over by a knock."""
    known: tuple[tuple[Card, ...], tuple[Card, ...]] = ((), ())
    """For players 0 and 1, the cards of that hand both players have seen go into it, in canonical
    order: a card taken from the discard pile stays known until it is discarded; after a knock both
    hands are laid down and all of each is known. (A card drawn from the stock never is.)"""

    @classmethod
    def deal(cls, *, rules: RuleSet, seed: Seed, players: int = 2, dealer: int = 0) -> GinHand:
        """Shuffle one deck with ``seed``, deal ``hand_size`` (10) cards each and turn the upcard.

        Raises:
            RuleSetError: not two players, a dealer who is not a seat, or a rule set that does not
                give a one-deck game without jokers.
            ArgumentError: ``seed`` is not an int or a str, or a str UTF-8 cannot write (code
                ``bad-argument``).

        Examples:
            >>> from rummylib import GIN_RUMMY
            >>> GinHand.deal(rules=GIN_RUMMY, seed=3) == GinHand.deal(rules=GIN_RUMMY, seed=3)
            True
        """
        seed = _inputs.seed(seed)
        _two_players(players)
        if not is_seat(dealer, 2):
            raise RuleSetError(f"the dealer must be player 0 or 1, not {dealer!r}", code=ErrorCode.BAD_PLAYERS)
        return cls._from_order(rules=rules, seed=seed, order=shuffled(full_set(rules, players=2), seed), dealer=dealer)

    @classmethod
    def _from_order(cls, *, rules: RuleSet, seed: Seed, order: Sequence[Piece], dealer: int = 0) -> GinHand:
        """The hand dealt from the deck in ``order`` (`deal` shuffles, then deals this way).

        The player left of the dealer gets the first ``hand_size`` cards, the dealer the next ones,
        then the upcard, and the rest is the stock (its top first). ``seed`` is kept as the hand's.
        """
        pool = tuple(order)
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
            seed=seed,
            hands=(hands[0], hands[1]),
            stock=cards[2 * n + 1 :],
            discards=(upcard,),
            first_upcard=upcard,
            dealer=dealer,
            to_move=first,
        )

    # --- facts ------------------------------------------------------------------------------
    @property
    def players(self) -> int:
        """Always 2."""
        return 2

    @property
    def upcard(self) -> Card | None:
        """The top card of the discard pile now, or ``None`` when the pile is empty."""
        return self.discards[-1] if self.discards else None

    @property
    def is_over(self) -> bool:
        """Whether the hand has ended (by a knock or as a draw)."""
        return self.phase is GinPhase.OVER

    @property
    def is_draw(self) -> bool:
        """Whether the hand ended with nobody knocking."""
        return self.is_over and self.round_result is None

    @property
    def winner(self) -> int | None:
        """The seat that scores the hand, or ``None`` (still playing, or a draw)."""
        if self.round_result is None or self.knocker is None:
            return None
        return self.knocker if self.round_result.winner == "knocker" else 1 - self.knocker

    @property
    def scores(self) -> tuple[int, int]:
        """Points each seat scores for this hand (zeros until it is over, and for a draw)."""
        w = self.winner
        if w is None or self.round_result is None:
            return (0, 0)
        return (self.round_result.points, 0) if w == 0 else (0, self.round_result.points)

    @property
    def knock_limit(self) -> int:
        """The most deadwood a player may knock with in this hand (see `rummylib.gin.knock_limit`)."""
        return knock_limit(rules=self.rules, first_upcard=self.first_upcard)

    def all_pieces(self) -> PieceCount:
        """Every card of the hand: both hands, stock and discard pile (always the whole deck)."""
        return PieceCount.of(self._every_piece())

    def _every_piece(self) -> tuple[Piece, ...]:
        """The pieces `all_pieces` counts, as the objects the hand holds."""
        return (*self.hands[0], *self.hands[1], *self.stock, *self.discards)

    def result(self) -> Outcome:
        """How the hand ended: the points each seat scored, and who won (nobody, for a draw).

        Raises:
            IllegalActionError: the hand is not over yet (code ``wrong-phase``).

        Examples:
            >>> from rummylib import GIN_RUMMY
            >>> GinHand.deal(rules=GIN_RUMMY, seed=7).result()
            Traceback (most recent call last):
            ...
            rummylib.errors.IllegalActionError: the hand is not over yet [wrong-phase]
        """
        if not self.is_over:
            refuse(RuleId.WRONG_PHASE, "the hand is not over yet")
        w = self.winner
        if w is None or self.round_result is None:
            return Outcome(scores=(0, 0), winners=(), lower_wins=False, reason="a draw: nobody knocked")
        how = self.round_result.kind.value.replace("_", " ")
        return Outcome(
            scores=self.scores,
            winners=(w,),
            lower_wins=False,
            reason=f"player {self.knocker} knocked ({how}); player {w} scores {self.round_result.points}",
        )

    # --- the protocol -----------------------------------------------------------------------
    def apply(self, action: GinAction) -> GinHand:
        """The hand after ``action``.

        Raises:
            IllegalActionError: the action breaks a rule (the violation names it); ``self`` is
                unchanged, as it always is.

        Examples:
            >>> from rummylib import GIN_RUMMY
            >>> hand = GinHand.deal(rules=GIN_RUMMY, seed=7)
            >>> hand.apply(DrawStock(0))
            Traceback (most recent call last):
            ...
            rummylib.errors.IllegalActionError: it is player 1's turn, not player 0's [not-your-turn]
        """
        return self._step(action)

    def legal_actions(self, player: int | None = None) -> LegalActions[GinAction]:
        """Every distinct legal action now, each once: the player in turn's (none for the other, none once over).

        In the draw phase both draws (the stock, and the discard pile while it holds a card); in
        the discard phase every discard, every knock (`Knock(player, card)`: the ten cards kept are
        within the knock limit, `knock_limit`: gin-only and Oklahoma included), and big gin
        (`Knock(player)`) when all eleven cards meld. Every one leads to a different state (one
        deck: every card is a different card), so the list has no two ways of making one move.

        Examples:
            >>> from rummylib import GIN_RUMMY
            >>> GinHand.deal(rules=GIN_RUMMY, seed=7).legal_actions()
            LegalActions((DrawStock(player=1), DrawDiscard(player=1)))
        """
        p = self.to_move
        if p is None or (player is not None and player != p):
            return LegalActions()
        if self.phase is GinPhase.DRAW:
            draws: list[GinAction] = []
            if self.stock:
                draws.append(DrawStock(p))
            if self.discards:
                draws.append(DrawDiscard(p))
            return LegalActions(draws)
        hand = tuple(sorted(self.hands[p], key=piece_sort_key))
        out: list[GinAction] = [Discard(p, c) for c in hand]
        limit = self.knock_limit
        # The best discard first (one search): when even it leaves too much deadwood, no discard knocks.
        if len(hand) != MAX_GIN_HAND or deadwood_value(hand, rules=self.rules) <= limit:
            for c in hand:
                if deadwood_value(_without(hand, c), rules=self.rules) <= limit:
                    out.append(Knock(p, c))
        if self._big_gin(hand):
            out.append(Knock(p))
        return LegalActions(out)

    def view(self, player: int) -> GinView:
        """What ``player`` may know, and nothing more (see `GinView`).

        Their own hand, the other's size and known cards, the discard pile; both hands after a knock.

        Raises:
            IllegalActionError: ``player`` is not 0 or 1 (code ``not-a-player``).

        Examples:
            >>> from rummylib import GIN_RUMMY
            >>> GinHand.deal(rules=GIN_RUMMY, seed=7).view(1).to_move
            1
        """
        seat = check_seat(player, 2, "view the hand")
        return GinView(
            viewer=seat,
            dealer=self.dealer,
            to_move=self.to_move,
            phase=self.phase,
            hand=self.hands[seat],
            hand_sizes=(len(self.hands[0]), len(self.hands[1])),
            stock_size=len(self.stock),
            is_over=self.is_over,
            discards=self.discards,
            first_upcard=self.first_upcard,
            knock_limit=self.knock_limit,
            shown=(sorted_pieces(self.hands[0]), sorted_pieces(self.hands[1]))
            if self.round_result is not None
            else None,
            round_result=self.round_result,
            known=self.known,
        )

    def problems(self) -> tuple[str, ...]:
        """Every reason this hand could not come out of a real game (empty when it could).

        Every card of the deck exactly once, hand sizes that fit the phase, seats, the upcard, the
        known cards of each hand in that hand, and a recorded knock that is what the hands give.

        Examples:
            >>> from rummylib import GIN_RUMMY
            >>> hand = GinHand.deal(rules=GIN_RUMMY, seed=1)
            >>> attrs.evolve(hand, stock=hand.stock[1:]).problems()
            ('pieces not conserved: missing ...',)
        """
        found = piece_problems(self, self._every_piece())
        found.extend(self._invariant_problems())
        return tuple(found)

    def _invariant_problems(self) -> Iterator[str]:
        size = self.rules.hand_size
        if not is_seat(self.dealer, 2):
            yield f"dealer ({self.dealer!r}) is not player 0 or 1"
            return
        if self.phase is GinPhase.OVER:
            if self.to_move is not None:
                yield f"to_move ({self.to_move!r}) is not null once the hand is over"
                return
        elif not is_seat(self.to_move, 2):
            yield f"to_move ({self.to_move!r}) is not player 0 or 1"
            return
        sizes = [len(x) for x in self.hands]
        if self.phase is GinPhase.DRAW:
            want = [size, size]
        elif self.phase is GinPhase.DISCARD:
            want = [size, size]
            want[self.to_move or 0] = size + 1
        else:
            knocked = self.knocker is not None and sorted(sizes) in ([size, size], [size, size + 1])
            want = sizes if knocked else [size, size]
        if sizes != want:
            yield (
                f"hands of {sizes[0]} and {sizes[1]} cards in phase {self.phase.value} "
                f"(expected {want[0]} and {want[1]})"
            )
        for seat in (0, 1):
            unseen = PieceCount.of(self.known[seat]) - PieceCount.of(self.hands[seat])
            if unseen:
                yield f"player {seat} is known to hold {format_pieces(unseen)}, which the hand does not hold"
        if self.first_upcard not in (*self.discards, *self.hands[0], *self.hands[1]):
            yield f"the first upcard {self.first_upcard} is neither in a hand nor in the discard pile"
        if (self.round_result is None) != (self.knocker is None):
            yield "a knock without a result, or a result without a knocker"
        if self.phase is GinPhase.OVER and self.knocker is None and len(self.stock) > STOCK_FLOOR:
            yield (
                f"the hand ended as a draw with {len(self.stock)} cards in the stock "
                f"(a hand is drawn only when {STOCK_FLOOR} are left)"
            )
        if self.round_result is not None and self.phase is not GinPhase.OVER:
            yield "a knock result while the hand goes on"
        knocker = self.knocker
        if self.round_result is not None and knocker in (0, 1) and not [s for s in sizes if s > size + 1]:
            try:
                expected = score_hand(
                    self.hands[knocker], self.hands[1 - knocker], rules=self.rules, first_upcard=self.first_upcard
                )
            except RummyError as exc:
                yield f"the knock cannot be scored: {exc.message}"
            else:
                if expected != self.round_result:
                    yield (
                        f"the recorded knock ({self.round_result.winner} wins {self.round_result.points}) is not what "
                        f"the hands give ({expected.winner} wins {expected.points})"
                    )

    def seed_problems(self) -> tuple[str, ...]:
        """What the seed shows against this hand, where `problems` cannot look.

        The first upcard must be the one its seed deals, the stock the rest of the one it deals, in
        order (a Gin hand never reshuffles), and a card dealt to one player can be in the other's
        hand only when it is known to have been taken from the discard pile (so can the first
        upcard). A position set up by hand has problems here and none in `problems` (see
        `rummylib.contracts.ContractRound.seed_problems`); loading a save checks both.

        Examples:
            >>> from rummylib import GIN_RUMMY
            >>> hand = GinHand.deal(rules=GIN_RUMMY, seed=5)
            >>> hand.seed_problems(), len(attrs.evolve(hand, stock=hand.stock[::-1]).seed_problems())
            ((), 1)
        """
        return tuple(self._seed_problems())

    def _seed_problems(self) -> Iterator[str]:
        if not is_seat(self.dealer, 2) or isinstance(self.seed, bool) or not isinstance(self.seed, int | str):
            return
        dealt = _dealt(self.rules, self.seed, self.dealer)
        if dealt is None:
            yield "the seed and the rules cannot deal this hand"
            return
        if self.first_upcard != dealt.first_upcard:
            yield f"the first upcard {self.first_upcard} is not the one the seed deals ({dealt.first_upcard})"
        left = len(self.stock)
        if left > len(dealt.stock) or self.stock != dealt.stock[len(dealt.stock) - left :]:
            yield (
                "the stock is not what is left of the stock its seed deals, in that order "
                "(a card swapped or moved, or the rules changed since the deal)"
            )
        for seat in (0, 1):
            # A card can leave the hand it was dealt to only face up, by the discard pile: in the
            # other hand it is known, until it is discarded again (so is the first upcard).
            foreign = {*dealt.hands[1 - seat], dealt.first_upcard}
            unseen = [c for c in self.hands[seat] if c in foreign and c not in self.known[seat]]
            if unseen:
                shown = format_pieces(sorted(unseen, key=piece_sort_key))
                yield f"player {seat} holds {shown}, which the seed deals elsewhere, without having taken it"

    # --- the rules --------------------------------------------------------------------------
    def _big_gin(self, hand: Sequence[Card]) -> bool:
        _, masks = read_hand(hand, self.rules, "hand")
        return min_deadwood(masks, tables_for(self.rules)) == 0

    def _step(self, action: GinAction) -> GinHand:
        if not isinstance(action, DrawStock | DrawDiscard | Discard | Knock):
            raise TypeError(f"not a Gin action: {action!r}")
        p = action.player
        if self.is_over:
            refuse(RuleId.ROUND_OVER, "the hand is over: no action is legal any more")
        check_seat(p, 2, "act")
        if p != self.to_move:
            refuse(RuleId.NOT_YOUR_TURN, f"it is player {self.to_move}'s turn, not player {p}'s")
        hand = self.hands[p]
        if isinstance(action, DrawStock | DrawDiscard):
            if self.phase is not GinPhase.DRAW:
                refuse(RuleId.WRONG_PHASE, f"player {p} cannot draw now: discard or knock first")
            known = self.known
            if isinstance(action, DrawStock):
                if not self.stock:  # pragma: no cover - the hand ends before the stock runs out
                    refuse(RuleId.WRONG_PHASE, "the stock is empty")
                card, stock, discards = self.stock[0], self.stock[1:], self.discards
            else:
                if not self.discards:  # pragma: no cover - the upcard starts the pile
                    refuse(RuleId.WRONG_PHASE, "the discard pile is empty")
                card, stock, discards = self.discards[-1], self.stock, self.discards[:-1]
                known = _replace(known, p, sorted_pieces((*known[p], card)))  # taken face up
            return attrs.evolve(
                self,
                hands=_replace(self.hands, p, (*hand, card)),
                stock=stock,
                discards=discards,
                phase=GinPhase.DISCARD,
                known=known,
            )
        if self.phase is not GinPhase.DISCARD:
            refuse(RuleId.WRONG_PHASE, f"player {p} must draw before discarding or knocking")
        if isinstance(action, Discard) and not isinstance(action.card, Card):  # the shared Discard takes any piece
            refuse(
                RuleId.NOT_IN_HAND,
                f"player {p} does not hold {action.card}: a Gin hand holds cards only",
                pieces=(action.card,),
            )
        if action.card is not None and action.card not in hand:
            refuse(RuleId.NOT_IN_HAND, f"player {p} does not hold {action.card}", pieces=(action.card,))
        other = self.hands[1 - p]
        if isinstance(action, Knock):
            if action.card is None:
                if not self._big_gin(hand):
                    refuse(
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
                result = score_hand(kept, other, rules=self.rules, first_upcard=self.first_upcard)
            except KnockError as exc:
                raise IllegalActionError(exc.violations) from None
            hands = _replace(self.hands, p, kept)
            return attrs.evolve(
                self,
                hands=hands,
                discards=discards,
                phase=GinPhase.OVER,
                to_move=None,
                round_result=result,
                knocker=p,
                known=(sorted_pieces(hands[0]), sorted_pieces(hands[1])),  # both hands are laid down
            )
        assert action.card is not None
        kept = _without(hand, action.card)
        state = attrs.evolve(
            self,
            hands=_replace(self.hands, p, kept),
            discards=(*self.discards, action.card),
            to_move=1 - p,
            phase=GinPhase.DRAW,
            known=_replace(self.known, p, _forget(self.known[p], action.card)),
        )
        if len(state.stock) <= STOCK_FLOOR:
            state = attrs.evolve(state, phase=GinPhase.OVER, to_move=None)
        return state
