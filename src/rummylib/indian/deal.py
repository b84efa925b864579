"""The referee of one deal of Indian Rummy (`IndianDeal`); a game of deals is `rummylib.indian.game`.

It follows the referee protocol of `rummylib.referee`: ``deal``, ``to_move``, ``legal_actions``,
``action_violations`` / ``is_legal``, ``apply`` (an illegal action raises
`rummylib.errors.IllegalActionError` naming the rule broken, and the state is unchanged, as every
value is), ``view``, ``is_over``, ``result`` and ``to_json`` / ``from_json``. The actions are
`DrawStock`, `DrawDiscard`, `Discard`, `Declare` and `Drop`.

A deal: 13 cards each, one card turned up for the wild joker (it stays beside the stock, out of
play), the next card starts the discard pile, and the player left of the dealer starts. In turn,
each player draws (or drops out), then discards or declares. A valid declaration wins the deal;
a wrong one costs 80 and puts the declarer out; the last player left in wins too.

Examples:
    >>> from rummylib import INDIAN_RUMMY
    >>> deal = IndianDeal.deal(rules=INDIAN_RUMMY, players=3, seed=4)
    >>> [len(h) for h in deal.hands], len(deal.stock), deal.to_move
    ([13, 13, 13], 67, 1)
    >>> deal.legal_actions()
    LegalActions((DrawStock(player=1), DrawDiscard(player=1), Drop(player=1)))
    >>> deal = deal.apply(DrawStock(1))
    >>> deal.phase.value, len(deal.hands[1])
    ('discard', 14)
    >>> deal.apply(DrawStock(1))
    Traceback (most recent call last):
    ...
    rummylib.errors.IllegalActionError: player 1 has drawn: discard or declare [wrong-phase]
"""

from __future__ import annotations

import functools
import itertools
import random
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, ClassVar

import attrs

from rummylib import _inputs
from rummylib._copies import field_copier
from rummylib._inputs import is_seat, sorted_pieces
from rummylib.cards import Card, Rank
from rummylib.decks import Seed, as_rng, full_set, shuffled
from rummylib.errors import ErrorCode, RuleId, RuleSetError, RummyError
from rummylib.indian import _state
from rummylib.indian._common import check_rules, deal_rules
from rummylib.indian.actions import (
    ACTIONS,
    DealEnd,
    Declare,
    Discard,
    DrawDiscard,
    DrawStock,
    Drop,
    IndianAction,
    IndianDealResult,
    IndianPhase,
    IndianView,
    SeatStatus,
)
from rummylib.indian.declarations import declarable_discards, declaration_violations, find_declaration
from rummylib.indian.scoring import drop_points, losing_points, wrong_declaration_points
from rummylib.melds import Meld
from rummylib.pieces import Joker, Piece, PieceCount, format_pieces
from rummylib.referee import (
    LegalActions,
    Outcome,
    RefereeBase,
    action_to_json,
    check_seat,
    piece_problems,
    refuse,
    replace_at,
)
from rummylib.rules import RuleSet, ScoringScheme

__all__ = ["IndianDeal"]

# ------------------------------------------------------------------------------------------
# Helpers
# ------------------------------------------------------------------------------------------


def _without(pieces: tuple[Piece, ...], piece: Piece) -> tuple[Piece, ...]:
    i = pieces.index(piece)
    return pieces[:i] + pieces[i + 1 :]


@functools.lru_cache(maxsize=256)
def _dealt(rules: RuleSet, players: int, seed: Seed, dealer: int, sitting_out: tuple[int, ...]) -> IndianDeal | None:
    """The deal a seed gives (``None`` when these rules and seats cannot deal it), remembered."""
    try:
        return IndianDeal.deal(rules=rules, players=players, seed=seed, dealer=dealer, sitting_out=sitting_out)
    except RummyError:
        return None


@functools.lru_cache(maxsize=4096)
def _valid_declaration(melds: tuple[Meld, ...], rules: RuleSet) -> bool:
    """Whether ``melds`` are a valid declaration, remembered: each listing asks it of every discard."""
    return not declaration_violations(melds, rules=rules)


@functools.lru_cache(maxsize=4096)
def _declared(hand: tuple[Piece, ...], rules: RuleSet) -> tuple[Meld, ...] | None:
    """`find_declaration` of a hand, remembered: listing, judging and checking ask it in turn."""
    return find_declaration(hand, rules=rules)


@functools.lru_cache(maxsize=1024)
def _discards(hand: tuple[Piece, ...], rules: RuleSet) -> frozenset[Piece] | None:
    """`declarable_discards` of a hand after its draw, remembered (``None``: not such a hand)."""
    return declarable_discards(hand, rules) if len(hand) == rules.hand_size + 1 else None


@functools.lru_cache(maxsize=1024)
def _single(card: Piece) -> Meld:
    """A meld of one card, made once per card: every listing lays out each discard's cards one by one."""
    return Meld((card,))


@functools.lru_cache(maxsize=4096)
def _hand_points(hand: tuple[Piece, ...], rules: RuleSet) -> int:
    """`losing_points` of a hand, remembered: a deal's result is counted again by every check."""
    return losing_points(hand, rules=rules)


def _penalty(status: SeatStatus, rules: RuleSet) -> int:
    if status is SeatStatus.DROPPED:
        return drop_points(rules=rules)
    if status is SeatStatus.MIDDLE_DROP:
        return drop_points(rules=rules, after_drawing=True)
    if status is SeatStatus.WRONG_DECLARATION:
        return wrong_declaration_points(rules=rules)
    return 0


_DOING = {DrawStock: "draw", DrawDiscard: "draw", Discard: "discard", Declare: "declare", Drop: "drop"}


# ------------------------------------------------------------------------------------------
# One deal
# ------------------------------------------------------------------------------------------


@attrs.frozen(kw_only=True)
class IndianDeal(RefereeBase):
    """One deal of Indian Rummy for 2 to 6 players, as a value; `apply` returns the next one.

    Make one with `IndianDeal.deal`. **Which actions are the same.** Two actions are the same when
    they lead to the same state, and `legal_actions` lists each once. Hands are kept in canonical
    order, so the order cards were drawn in never matters. A `Declare` is recorded by what it
    changes: the finishing discard (on the discard pile), whether the declaration was valid, and
    for a valid one the arrangement `find_declaration` gives for the 13 cards, never the grouping
    as written. So every valid grouping of the same cards with the same discard leads to one
    state, and so does every wrong one (the declarer is out with 80 either way). The list is: in
    the draw phase `DrawStock`, `DrawDiscard` when the top discard may be drawn, and `Drop`; in the
    discard phase a `Discard` of each different card, and for each, the valid `Declare` of the
    other 13 when they can be declared, and a wrong one (each card laid out on its own).

    **Decisions where the rule book is silent.** A `Declare` must lay out exactly the 13 cards
    left after the discard, or it is refused (it is not a declaration). The finishing discard goes
    on the discard pile, also after a wrong declaration. A player out of the deal keeps their cards
    out of play; a wrong declaration's cards are shown. When the stock is empty at the end of a
    turn, the discards but the top one are shuffled into a new stock at once, from the deal's seed.
    Under the house rule ``max_reshuffles``, once the stock runs out with no reshuffle left the deal
    ends: nobody wins, and every player still in scores the points of their hand
    (`DealEnd.STOCK_EXHAUSTED`).

    Examples:
        >>> from rummylib import INDIAN_RUMMY
        >>> deal = IndianDeal.deal(rules=INDIAN_RUMMY, players=2, seed=4)
        >>> str(deal.wild_card), sorted(r.symbol for r in deal.rules.wild_ranks), deal.discards
        ('6d', ['6'], (Card.parse('Kd'),))
        >>> deal.apply(Drop(1)).result().scores
        (0, 20)
    """

    SAVE_TYPE: ClassVar[str] = "indian-deal"
    ACTIONS: ClassVar[tuple[type, ...]] = ACTIONS

    rules: RuleSet
    """The deal's rule set: the game's, with the wild rank of the card turned up (`with_wild_joker`)."""
    seed: Seed
    """The seed of the shuffle and of every reshuffle (the deal is reproducible from it)."""
    dealer: int
    """The dealer's seat; the player to the left (the next seat in) plays first."""
    hands: tuple[tuple[Piece, ...], ...]
    """Each seat's cards, in canonical order (a seat sitting out holds none)."""
    stock: tuple[Piece, ...]
    """The face-down stock, the next card to draw first."""
    discards: tuple[Piece, ...]
    """The discard pile, bottom first: the top card is the last."""
    wild_card: Piece
    """The card turned up for the wild joker: face up beside the stock, out of play."""
    to_move: int | None
    """The seat of the player to act, ``None`` once the deal is over."""
    status: tuple[SeatStatus, ...]
    """Where each seat stands: in, dropped, declared wrongly, or sitting out."""
    drawn: tuple[bool, ...]
    """Whether each seat has drawn a card in this deal (a drop then costs the middle drop)."""
    known: tuple[tuple[Piece, ...], ...]
    """For each seat, the cards it took from the discard pile and has not discarded since."""
    phase: IndianPhase = IndianPhase.DRAW
    """Draw, discard or over."""
    upcard_in_pile: bool = True
    """Whether the first upcard still lies at the bottom of the discard pile (it may always be drawn)."""
    reshuffles: int = 0
    """How many times the discards were shuffled into a new stock."""
    turns_played: int = 0
    """Turns finished in this deal (0 during the first; the turn that ends the deal counts once over)."""
    declaration: tuple[Meld, ...] = ()
    """The winning declaration as `find_declaration` arranges it, once made."""
    round_result: IndianDealResult | None = None
    """How the deal ended, once it has (`result` gives it as an `Outcome`)."""

    # --- construction -----------------------------------------------------------------------
    @classmethod
    def deal(
        cls, *, rules: RuleSet, players: int, seed: Seed, dealer: int = 0, sitting_out: Iterable[int] = ()
    ) -> IndianDeal:
        """Shuffle two decks with their jokers, deal 13 cards each, turn up the wild joker and the upcard.

        Seats in ``sitting_out`` (players eliminated from a pool game) get no cards. The same seed
        always gives the same deal.

        Raises:
            RuleSetError: not Indian Rummy, a player count the game does not allow, fewer than two
                players dealt in, a dealer who is not dealt in, or too few cards.
            ArgumentError: ``seed`` is not an int or a str, or a str UTF-8 cannot write (code
                ``bad-argument``).

        Examples:
            >>> from rummylib import INDIAN_RUMMY
            >>> d = IndianDeal.deal(rules=INDIAN_RUMMY, players=4, seed="x", dealer=3, sitting_out=[1])
            >>> [len(h) for h in d.hands], d.to_move, d.status[1].value
            ([13, 0, 13, 13], 0, 'sitting-out')
        """
        seed = _inputs.seed(seed)
        rules = check_rules(rules)
        rules.check_players(players)
        order = _shuffled(full_set(rules, players=players), as_rng(f"{seed}:deal"))
        return cls._from_order(
            rules=rules, players=players, seed=seed, order=order, dealer=dealer, sitting_out=sitting_out
        )

    @classmethod
    def _from_order(
        cls,
        *,
        rules: RuleSet,
        players: int,
        seed: Seed,
        order: Sequence[Piece],
        dealer: int = 0,
        sitting_out: Iterable[int] = (),
    ) -> IndianDeal:
        """The deal from the cards in ``order`` (`deal` shuffles, then deals this way).

        Each seat dealt in gets the next ``hand_size`` cards in turn, the next card is turned up
        for the wild joker, the next is the upcard and the rest is the stock, its top first.
        ``seed`` is kept as the deal's (its reshuffles).
        """
        rules = check_rules(rules)
        rules.check_players(players)
        out = set(sitting_out)
        if not all(is_seat(s, players) for s in out):
            raise RuleSetError(f"sitting_out must name seats from 0 to {players - 1}", code=ErrorCode.BAD_PLAYERS)
        seats = [p for p in range(players) if p not in out]
        if len(seats) < 2:
            raise RuleSetError("a deal needs at least two players dealt in", code=ErrorCode.BAD_PLAYERS)
        if not is_seat(dealer, players) or dealer in out:
            raise RuleSetError(f"the dealer must be a seat dealt in, not {dealer!r}", code=ErrorCode.BAD_PLAYERS)
        pool = tuple(order)
        size = rules.hand_size
        if size * len(seats) + 3 > len(pool):
            raise RuleSetError(
                f"{rules.title}: cannot deal {size} cards to {len(seats)} players from {len(pool)} and turn "
                "up the wild joker and the upcard",
                code=ErrorCode.BAD_PLAYERS,
            )
        hands: list[tuple[Piece, ...]] = [()] * players
        for i, p in enumerate(seats):
            hands[p] = sorted_pieces(pool[i * size : (i + 1) * size])
        k = size * len(seats)
        wild = pool[k]
        first = next(p for p in (*range(dealer + 1, players), *range(dealer + 1)) if p not in out)
        return cls(
            rules=deal_rules(rules, wild),
            seed=seed,
            dealer=dealer,
            hands=tuple(hands),
            stock=pool[k + 2 :],
            discards=(pool[k + 1],),
            wild_card=wild,
            to_move=first,
            status=tuple(SeatStatus.SITTING_OUT if p in out else SeatStatus.IN for p in range(players)),
            drawn=(False,) * players,
            known=((),) * players,
        )

    # --- facts ------------------------------------------------------------------------------
    @property
    def players(self) -> int:
        """Seats at the table (those sitting out included)."""
        return len(self.hands)

    @property
    def is_over(self) -> bool:
        """Whether the deal has ended."""
        return self.phase is IndianPhase.OVER

    @property
    def winner(self) -> int | None:
        """Who won the deal (``None`` while it goes on, and when the stock ran out)."""
        return None if self.round_result is None else self.round_result.winner

    @property
    def wild_rank(self) -> Rank | None:
        """The deal's wild rank, or ``None`` when a printed joker was turned up."""
        return self.wild_card.rank if isinstance(self.wild_card, Card) else None

    @property
    def scores(self) -> tuple[int, ...]:
        """Points of the deal so far: each player out their penalty, the rest 0 (final once over).

        Examples:
            >>> from rummylib import INDIAN_RUMMY
            >>> IndianDeal.deal(rules=INDIAN_RUMMY, players=3, seed=4).apply(Drop(1)).scores
            (0, 20, 0)
        """
        if self.round_result is not None:
            return self.round_result.scores
        return tuple(_penalty(s, self.rules) for s in self.status)

    def may_draw_discard(self) -> bool:
        """Whether the player in turn may take the top of the discard pile now.

        Not when the pile is empty, nor when its top is a joker (a printed joker or a card of the
        wild rank) that a player discarded, unless ``draw_discarded_joker``; the first upcard may
        always be drawn.

        Examples:
            >>> from rummylib import INDIAN_RUMMY
            >>> IndianDeal.deal(rules=INDIAN_RUMMY, players=2, seed=4).may_draw_discard()
            True
        """
        return self.phase is IndianPhase.DRAW and self._draw_discard_problem() is None

    def all_pieces(self) -> PieceCount:
        """Every card of the deal: hands, stock, discard pile and the wild joker (always the whole pack)."""
        return PieceCount.of(self._every_piece())

    def _every_piece(self) -> Iterator[Piece]:
        """The pieces `all_pieces` counts, as the objects the deal holds."""
        return itertools.chain(*self.hands, self.stock, self.discards, (self.wild_card,))

    def result(self) -> Outcome:
        """How the deal ended: each seat's points (lower is better) and the winner.

        Raises:
            IllegalActionError: the deal is not over yet (code ``wrong-phase``).

        Examples:
            >>> from rummylib import INDIAN_RUMMY
            >>> IndianDeal.deal(rules=INDIAN_RUMMY, players=2, seed=4).result()
            Traceback (most recent call last):
            ...
            rummylib.errors.IllegalActionError: the deal is not over yet [wrong-phase]
        """
        res = self.round_result
        if res is None:
            refuse(RuleId.WRONG_PHASE, "the deal is not over yet")
        reasons = {
            DealEnd.DECLARED: f"player {res.winner} declared",
            DealEnd.LAST_STANDING: f"player {res.winner} is the last one in",
            DealEnd.STOCK_EXHAUSTED: "the stock ran out: nobody won",
        }
        winners = () if res.winner is None else (res.winner,)
        return Outcome(scores=res.scores, winners=winners, lower_wins=True, reason=reasons[res.end])

    # --- the protocol -----------------------------------------------------------------------
    def legal_actions(self, player: int | None = None) -> LegalActions[IndianAction]:
        """Every distinct legal action now: the player in turn's (none for others, none once over).

        See the class for which actions count as the same.

        Examples:
            >>> from rummylib import INDIAN_RUMMY
            >>> deal = IndianDeal.deal(rules=INDIAN_RUMMY, players=2, seed=4).apply(DrawStock(1))
            >>> [a.kind for a in deal.legal_actions()].count("declare"), len(set(deal.hands[1]))
            (14, 14)
        """
        p = self.to_move
        if p is None or (player is not None and player != p):
            return LegalActions()
        if self.phase is IndianPhase.DRAW:
            draws: list[IndianAction] = [DrawStock(p)] if self.stock else []
            if self._draw_discard_problem() is None:
                draws.append(DrawDiscard(p))
            return LegalActions((*draws, Drop(p)))
        return LegalActions(action for action, _ in self._judged_discards(p))

    def _judged_discards(self, p: int) -> Iterator[tuple[IndianAction, bool | None]]:
        """The discard phase's legal actions, each with its `judge_declaration`, known from the listing.

        A declaration found by `find_declaration` is valid; when it finds none for a discard (the
        search is exact) no arrangement of that hand is, the one of single cards included.
        """
        cards = tuple(dict.fromkeys(self.hands[p]))
        yield from ((Discard(p, c), None) for c in cards)
        # One search finds the discards that leave a valid declaration; only those are arranged.
        valid = _discards(self.hands[p], self.rules)
        for c in cards:
            rest = _without(self.hands[p], c)
            melds = _declared(rest, self.rules) if valid is None or c in valid else None
            if melds is not None:
                yield _listed_declare(p, melds, c), True
            singles = tuple(_single(x) for x in rest)
            yield _listed_declare(p, singles, c), melds is not None and _valid_declaration(singles, self.rules)

    def _declarable(self, p: int) -> tuple[tuple[Piece, ...], frozenset[Piece] | None]:
        """The discard phase's answers without its actions: each distinct card, and the discards that declare.

        The cards in `_judged_discards`' order; the set is ``_discards`` of the hand (``None`` for
        a hand that is not ``hand_size`` + 1 cards). What the environment's mask asks.
        """
        hand = self.hands[p]
        return tuple(dict.fromkeys(hand)), _discards(hand, self.rules)

    def _declaration(self, p: int, card: Piece, valid: bool) -> Declare:
        """The `Declare` `_judged_discards` lists for ``card``: the valid one, or the wrong one (single cards).

        ``valid`` only for a card of `_declarable`'s set.
        """
        rest = _without(self.hands[p], card)
        if valid:
            melds = _declared(rest, self.rules)
            assert melds is not None
            return _listed_declare(p, melds, card)
        return _listed_declare(p, tuple(_single(x) for x in rest), card)

    def apply(self, action: IndianAction) -> IndianDeal:
        """The deal after ``action``.

        Raises:
            IllegalActionError: the action breaks a rule (the violation names it); ``self`` is
                unchanged, as it always is.
            TypeError: not an Indian Rummy action.

        Examples:
            >>> from rummylib import INDIAN_RUMMY
            >>> deal = IndianDeal.deal(rules=INDIAN_RUMMY, players=2, seed=4)
            >>> deal.apply(DrawStock(0))
            Traceback (most recent call last):
            ...
            rummylib.errors.IllegalActionError: it is player 1's turn, not player 0's [not-your-turn]
        """
        doing = _DOING.get(type(action))
        if doing is None:
            raise TypeError(f"not an Indian Rummy action: {action!r}")
        if self.is_over:
            refuse(RuleId.ROUND_OVER, "the deal is over: no action is legal any more")
        p = check_seat(action.player, self.players, doing)
        if p != self.to_move:
            refuse(RuleId.NOT_YOUR_TURN, f"it is player {self.to_move}'s turn, not player {p}'s")
        if isinstance(action, DrawStock | DrawDiscard | Drop):
            if self.phase is not IndianPhase.DRAW:
                refuse(RuleId.WRONG_PHASE, f"player {p} has drawn: discard or declare")
            if isinstance(action, Drop):
                status = SeatStatus.MIDDLE_DROP if self.drawn[p] else SeatStatus.DROPPED
                return _evolve(self, status=replace_at(self.status, p, status))._pass_turn()
            return self._draw(p, from_stock=isinstance(action, DrawStock))
        if self.phase is not IndianPhase.DISCARD:
            refuse(RuleId.WRONG_PHASE, f"player {p} must draw (or drop) before they {doing}")
        if isinstance(action, Discard):
            return self._put_down(p, action.card)._pass_turn()
        return self._declare(p, action)

    def _judged_actions(self, player: int | None = None) -> tuple[tuple[IndianAction, bool | None], ...]:
        """`legal_actions`, each with its `judge_declaration` (found while listing, not judged again)."""
        p = self.to_move
        if p is None or (player is not None and player != p) or self.phase is IndianPhase.DRAW:
            return tuple((action, None) for action in self.legal_actions(player))
        return tuple(self._judged_discards(p))

    def _judged_json(self, player: int) -> list[dict[str, Any]] | None:
        """`_judged_actions` of the discard phase as JSON, each ``declare`` with its ``"valid"`` (else ``None``).

        What ``rummylib batch`` answers for ``legal`` (see `rummylib.batch.sessions.legal_json`),
        written here without making the actions: a discard phase lists each distinct card twice
        (its discard, and its declaration of the 13 other cards one by one), and the card texts
        of the hand are all it takes. The verdicts are `_judged_discards`' own (one search of the
        hand tells which discards leave a valid declaration); a declaration that search finds is
        made and written as any action is. The same list, item for item, as `action_to_json` of
        `_judged_actions` (a test holds it).
        """
        p, rules = self.to_move, self.rules
        if p is None or player != p or self.phase is IndianPhase.DRAW:
            return None
        hand = self.hands[p]
        texts = format_pieces(hand).split(" ") if hand else []
        firsts: dict[str, int] = {}  # each distinct card (by its text) at its first place in the hand
        for i, text in enumerate(texts):
            firsts.setdefault(text, i)
        out: list[dict[str, Any]] = [{"action": "discard", "player": p, "card": text} for text in firsts]
        valid = _discards(hand, rules)
        for i in firsts.values():
            c = hand[i]
            verdict = False
            if valid is None or c in valid:
                rest = hand[:i] + hand[i + 1 :]
                melds = _declared(rest, rules)
                if melds is not None:
                    out.append(action_to_json(Declare(p, melds, c)) | {"valid": True})
                    verdict = _valid_declaration(tuple(_single(x) for x in rest), rules)
            rest_texts = texts[:i] + texts[i + 1 :]
            out.append({"action": "declare", "player": p, "melds": rest_texts, "discard": texts[i], "valid": verdict})
        return out

    def judge_declaration(self, action: IndianAction) -> bool | None:
        """Whether a ``declare`` action lays out a valid declaration (``None`` for other actions).

        Every declaration is a legal action (a wrong one costs its penalty), so `legal_actions`
        lists wrong ones too; this tells them apart.

        Examples:
            >>> from rummylib import INDIAN_RUMMY
            >>> deal = IndianDeal.deal(rules=INDIAN_RUMMY, players=2, seed=4).apply(DrawStock(1))
            >>> {deal.judge_declaration(a) for a in deal.legal_actions() if a.kind == "declare"}
            {False}
        """
        if not isinstance(action, Declare):
            return None
        return _valid_declaration(action.melds, self.rules)

    def view(self, player: int) -> IndianView:
        """What ``player`` sees: their hand, the wild joker, the discards, who is out, the known cards.

        Also the sizes of every hand and of the stock, and the points of the deal so far. Known
        cards are those another player took from the discard pile and still holds.

        Raises:
            IllegalActionError: ``player`` is not a seat (code ``not-a-player``).

        Examples:
            >>> from rummylib import INDIAN_RUMMY
            >>> v = IndianDeal.deal(rules=INDIAN_RUMMY, players=2, seed=4).view(1)
            >>> str(v.wild_card), v.wild_rank.symbol, v.to_move
            ('6d', '6', 1)
        """
        seat = check_seat(player, self.players, "view the deal")
        over = self.is_over
        shown = tuple(
            h if s is SeatStatus.WRONG_DECLARATION or (over and s is SeatStatus.IN) else None
            for h, s in zip(self.hands, self.status, strict=True)
        )
        return IndianView(
            viewer=seat,
            dealer=self.dealer,
            to_move=self.to_move,
            phase=self.phase,
            hand=self.hands[seat],
            wild_card=self.wild_card,
            wild_rank=self.wild_rank,
            discards=self.discards,
            hand_sizes=tuple(len(h) for h in self.hands),
            stock_size=len(self.stock),
            is_over=over,
            status=self.status,
            scores=self.scores,
            known=self.known,
            shown=shown,
            declaration=self.declaration,
            winner=self.winner,
        )

    # --- the rules --------------------------------------------------------------------------
    def _draw_discard_problem(self) -> str | None:
        if not self.discards:
            return "the discard pile is empty"
        top = self.discards[-1]
        upcard = self.upcard_in_pile and len(self.discards) == 1
        if self.rules.is_wild(top) and not upcard and not self.rules.draw_discarded_joker:
            return (
                f"{top} is a joker discarded by a player: it may not be drawn from the discard pile "
                "(house rule draw_discarded_joker)"
            )
        return None

    def _draw(self, p: int, *, from_stock: bool) -> IndianDeal:
        known = self.known
        if from_stock:
            if not self.stock:  # pragma: no cover - an empty stock is refilled (or ends the deal) at once
                refuse(RuleId.WRONG_PHASE, "the stock is empty")
            card, stock, discards, upcard = self.stock[0], self.stock[1:], self.discards, self.upcard_in_pile
        else:
            problem = self._draw_discard_problem()
            if problem is not None:
                refuse(RuleId.WRONG_PHASE, f"player {p} cannot draw from the discard pile: {problem}")
            card, stock, discards = self.discards[-1], self.stock, self.discards[:-1]
            upcard = self.upcard_in_pile and bool(discards)
            known = replace_at(known, p, sorted_pieces((*known[p], card)))
        return _evolve(
            self,
            hands=replace_at(self.hands, p, sorted_pieces((*self.hands[p], card))),
            stock=stock,
            discards=discards,
            upcard_in_pile=upcard,
            known=known,
            drawn=replace_at(self.drawn, p, True),
            phase=IndianPhase.DISCARD,
        )

    def _put_down(self, p: int, card: object) -> IndianDeal:
        """The deal with ``card`` moved from ``p``'s hand to the discard pile."""
        hand = self.hands[p]
        if card not in hand:
            refuse(RuleId.NOT_IN_HAND, f"player {p} does not hold {card}", pieces=_shown(card))
        assert isinstance(card, Card | Joker)
        known = self.known[p]
        return _evolve(
            self,
            hands=replace_at(self.hands, p, _without(hand, card)),
            discards=(*self.discards, card),
            known=replace_at(self.known, p, _without(known, card) if card in known else known),
        )

    def _declare(self, p: int, action: Declare) -> IndianDeal:
        after = self._put_down(p, action.discard)
        rest = after.hands[p]
        laid = [piece for meld in action.melds for piece in meld]
        if len(laid) != len(rest):
            refuse(
                RuleId.DECLARATION_SIZE,
                f"player {p} lays out {len(laid)} cards: a declaration lays out all {len(rest)} cards left "
                f"after the discard",
            )
        # (the cards laid in the hand's own order, as a listed wrong declaration lays them: none foreign)
        strangers = [] if laid == list(rest) else list((Counter(laid) - Counter(rest)).elements())
        if strangers:
            refuse(RuleId.NOT_IN_HAND, f"player {p} does not hold {format_pieces(strangers)}", pieces=strangers)
        declarable = _discards(self.hands[p], self.rules)  # one search of the hand, shared with the listing
        if (declarable is not None and action.discard not in declarable) or declaration_violations(
            action.melds, rules=self.rules
        ):
            # No arrangement of the cards left is valid when the search finds none (it is exact).
            status = replace_at(after.status, p, SeatStatus.WRONG_DECLARATION)
            return _evolve(after, status=status)._pass_turn()
        melds = _declared(rest, self.rules)
        if melds is None:  # pragma: no cover - find_declaration finds every valid declaration
            melds = action.melds
        return _evolve(after, declaration=melds)._end(DealEnd.DECLARED, p)

    def _pass_turn(self) -> IndianDeal:
        """End the turn of the player in turn: the next player in, or the end of the deal."""
        still_in = [q for q, s in enumerate(self.status) if s is SeatStatus.IN]
        if len(still_in) == 1:
            return self._end(DealEnd.LAST_STANDING, still_in[0])
        n = self.players
        now = self.to_move or 0  # (a deal over takes no turn)
        nxt = next(q for q in ((now + k) % n for k in range(1, n + 1)) if self.status[q] is SeatStatus.IN)
        state = _evolve(self, to_move=nxt, phase=IndianPhase.DRAW, turns_played=self.turns_played + 1)
        if state.stock:
            return state
        limit = self.rules.max_reshuffles
        if len(state.discards) < 2 or (limit is not None and state.reshuffles >= limit):
            return state._end(DealEnd.STOCK_EXHAUSTED, None)
        rng = as_rng(f"{self.seed}:reshuffle:{state.reshuffles}")
        return _evolve(
            state,
            stock=_shuffled(state.discards[:-1], rng),
            discards=state.discards[-1:],
            upcard_in_pile=False,
            reshuffles=state.reshuffles + 1,
        )

    def _end(self, end: DealEnd, winner: int | None) -> IndianDeal:
        result = IndianDealResult(scores=self._final_scores(winner), winner=winner, end=end)
        played = self.turns_played + (end is not DealEnd.STOCK_EXHAUSTED)  # (that one was counted on passing)
        return _evolve(self, phase=IndianPhase.OVER, to_move=None, round_result=result, turns_played=played)

    def _final_scores(self, winner: int | None) -> tuple[int, ...]:
        return tuple(
            _hand_points(hand, self.rules) if s is SeatStatus.IN and q != winner else _penalty(s, self.rules)
            for q, (hand, s) in enumerate(zip(self.hands, self.status, strict=True))
        )

    # --- invariants -------------------------------------------------------------------------
    def problems(self) -> tuple[str, ...]:
        """Every reason this deal could not come out of a real game (empty when it could).

        Every card of the pack exactly once, the deal's rule set against its wild joker, hand sizes
        that fit the phase, seats and counters in range, known cards held, and a recorded result
        (the declaration and every seat's points) that is what the rules give.

        Examples:
            >>> from rummylib import INDIAN_RUMMY
            >>> deal = IndianDeal.deal(rules=INDIAN_RUMMY, players=2, seed=1)
            >>> attrs.evolve(deal, stock=deal.stock[1:]).problems()
            ('pieces not conserved: missing ...',)
        """
        found = list(self._shape_problems())
        if found:
            return tuple(found)
        found = piece_problems(self, self._every_piece())
        found.extend(self._invariant_problems())
        return tuple(found)

    def _shape_problems(self) -> Iterator[str]:
        """The problems that keep every other check from being made: the game, seats, lengths."""
        rules, n = self.rules, self.players
        if rules.scoring is not ScoringScheme.INDIAN:
            yield f"{rules.title} is not Indian Rummy"
            return
        if not rules.min_players <= n <= rules.max_players:
            yield f"{n} seats, but {rules.title} is for {rules.min_players} to {rules.max_players} players"
            return
        for name in ("status", "drawn", "known"):
            if len(getattr(self, name)) != n:
                yield f"{name} has {len(getattr(self, name))} entries for {n} seats"
                return
        if not is_seat(self.dealer, n):
            yield f"dealer ({self.dealer!r}) is not a seat"
            return
        if self.phase is IndianPhase.OVER and self.to_move is not None:
            yield f"to_move ({self.to_move!r}) is not null once the deal is over"
            return
        if self.phase is not IndianPhase.OVER and not is_seat(self.to_move, n):
            yield f"to_move ({self.to_move!r}) is not a seat"
            return

    def _invariant_problems(self) -> Iterator[str]:
        found = list(self._shape_problems())
        if found:
            yield from found
            return
        rules, n = self.rules, self.players
        want = frozenset() if isinstance(self.wild_card, Joker) else frozenset({self.wild_rank})
        if rules.wild_ranks != want:
            yield f"the wild ranks of the deal's rules do not follow the wild joker {self.wild_card}"
        if self.status[self.dealer] is SeatStatus.SITTING_OUT:
            yield f"the dealer (player {self.dealer}) is not dealt in"
        if self.to_move is not None and self.status[self.to_move] is not SeatStatus.IN:
            yield f"player {self.to_move} is to act but is out of the deal"
        yield from self._size_problems()
        for p in range(n):
            if self.known[p] and Counter(self.known[p]) - Counter(self.hands[p]):  # (nothing known: nothing to count)
                yield f"player {p}'s known cards {format_pieces(self.known[p])} are not all in their hand"
            status, drew = self.status[p], self.drawn[p]
            if (self.known[p] or status in (SeatStatus.MIDDLE_DROP, SeatStatus.WRONG_DECLARATION)) and not drew:
                yield f"player {p} never drew, yet is {status.value} or took a card from the discard pile"
            if status in (SeatStatus.DROPPED, SeatStatus.SITTING_OUT) and drew:
                yield f"player {p} drew, yet is {status.value}"
        if self.upcard_in_pile and not self.discards:
            yield "the first upcard is said to be in the discard pile, which is empty"
        limit = rules.max_reshuffles
        if (
            not isinstance(self.reshuffles, int)
            or self.reshuffles < 0
            or (limit is not None and self.reshuffles > limit)
        ):
            yield f"{self.reshuffles!r} reshuffles is not possible"
        if not isinstance(self.turns_played, int) or self.turns_played < 0:
            yield f"turns_played {self.turns_played!r} is not possible"
        try:
            yield from self._result_problems()
        except RummyError as exc:  # foreign pieces or too many copies, reported above
            yield f"the result cannot be checked: {exc.message}"

    def seed_problems(self) -> tuple[str, ...]:
        """What the seed shows against this deal, where `problems` cannot look.

        The wild joker and the deal's rules must be those its seed deals and, until the first
        reshuffle, the stock the rest of the one it deals, in order. A position set up by hand has
        problems here and none in `problems` (see `rummylib.contracts.ContractRound.seed_problems`);
        a server reading a state it did not sign checks both.

        Examples:
            >>> from rummylib import INDIAN_RUMMY
            >>> deal = IndianDeal.deal(rules=INDIAN_RUMMY, players=2, seed=1)
            >>> deal.seed_problems(), len(attrs.evolve(deal, stock=deal.stock[::-1]).seed_problems())
            ((), 1)
        """
        return tuple(self._seed_problems())

    def _seed_problems(self) -> Iterator[str]:
        if isinstance(self.seed, bool) or not isinstance(self.seed, int | str):
            return
        out = tuple(p for p, s in enumerate(self.status) if s is SeatStatus.SITTING_OUT)
        dealt = _dealt(self.rules, self.players, self.seed, self.dealer, out)
        if dealt is None:
            yield "the seed and the rules cannot deal this deal"
            return
        if dealt.wild_card != self.wild_card or (dealt.rules is not self.rules and dealt.rules != self.rules):
            yield f"the wild joker {self.wild_card} or the deal's rules are not those its seed deals"
        left = len(self.stock)
        if self.reshuffles == 0 and (left > len(dealt.stock) or self.stock != dealt.stock[len(dealt.stock) - left :]):
            yield (
                "the stock is not what is left of the stock its seed deals, in that order "
                "(a card swapped or moved, or the rules changed since the deal)"
            )

    def _size_problems(self) -> Iterator[str]:
        size = self.rules.hand_size
        for p, (hand, status) in enumerate(zip(self.hands, self.status, strict=True)):
            want = 0 if status is SeatStatus.SITTING_OUT else size
            if p == self.to_move and self.phase is IndianPhase.DISCARD:
                want += 1
            if len(hand) != want:
                yield f"player {p} holds {len(hand)} cards in phase {self.phase.value} (expected {want})"

    def _result_problems(self) -> Iterator[str]:
        still_in = [q for q, s in enumerate(self.status) if s is SeatStatus.IN]
        res = self.round_result
        if (res is None) != (self.phase is not IndianPhase.OVER):
            yield "a deal over without a result, or a result while the deal goes on"
            return
        if self.declaration and (res is None or res.end is not DealEnd.DECLARED):
            yield "a declaration recorded, but the deal was not won by it"
        if res is None:
            if len(still_in) < 2:
                yield f"{len(still_in)} player(s) in, but the deal goes on"
            if not self.stock and self.phase is IndianPhase.DRAW:
                yield "the stock is empty, but the deal goes on"
            return
        if len(res.scores) != self.players:
            yield f"the result has {len(res.scores)} scores for {self.players} seats"
            return
        w = res.winner
        if w is not None and (not is_seat(w, self.players) or self.status[w] is not SeatStatus.IN):
            yield f"the winner ({w!r}) is not a player in the deal"
            return
        if res.end is DealEnd.LAST_STANDING and still_in != [w]:
            yield "the deal was won by the last player in, but others are still in"
        if res.end is DealEnd.STOCK_EXHAUSTED and (w is not None or self.stock):
            yield "the stock ran out, yet someone won or the stock holds cards"
        if res.end is DealEnd.DECLARED:
            if w is None:
                yield "a declaration won by nobody"
            elif declaration_violations(self.declaration, rules=self.rules) or PieceCount.of(
                p for m in self.declaration for p in m
            ) != PieceCount.of(self.hands[w]):
                yield "the recorded declaration is not a valid declaration of the winner's hand"
            elif self.declaration != _declared(self.hands[w], self.rules):
                yield "the recorded declaration is not the arrangement the referee records"
        elif res.end is not DealEnd.STOCK_EXHAUSTED and w is None:
            yield "a deal won by nobody that did not end with the stock"
        if w is None or is_seat(w, self.players):
            expected = self._final_scores(w)
            if expected != res.scores:
                yield f"the recorded scores {list(res.scores)} are not what the rules give ({list(expected)})"


_copy_deal = field_copier(IndianDeal)


def _evolve(deal: IndianDeal, **changes: Any) -> IndianDeal:
    """``attrs.evolve(deal, **changes)``, made without attrs' generic loop when the class allows it."""
    if type(deal) is IndianDeal:
        return _copy_deal(deal, **changes)
    return attrs.evolve(deal, **changes)


_DECLARE_FIELDS = ("player", "melds", "discard")
_PLAIN_DECLARE = tuple(a.name for a in attrs.fields(Declare)) == _DECLARE_FIELDS and not hasattr(
    Declare, "__attrs_post_init__"
)


def _listed_declare(p: int, melds: tuple[Meld, ...], card: Piece) -> Declare:
    """``Declare(p, melds, card)`` for a seat, melds and a card of the deal: what its checks and converters give.

    The seat is the deal's own, the melds already a tuple of `Meld` (which the converter keeps as
    they are) and the card a piece, so the fields are set as they are.
    """
    if not _PLAIN_DECLARE:  # pragma: no cover - the fields of Declare are those three
        return Declare(p, melds, card)
    made = object.__new__(Declare)
    for name, value in zip(_DECLARE_FIELDS, (p, melds, card), strict=True):
        object.__setattr__(made, name, value)
    return made


def _draws_as_random(rng: random.Random) -> bool:
    """Whether `_state.shuffle` shuffles as ``rng.shuffle`` would: a plain generator whose shuffle is this Python's."""
    return type(rng) is random.Random and _SHUFFLE_AS_RANDOM


def _same_shuffle() -> bool:
    mine, theirs = list(range(300)), list(range(300))
    _state.shuffle(mine, random.Random(5))
    random.Random(5).shuffle(theirs)
    return mine == theirs


_SHUFFLE_AS_RANDOM = _same_shuffle()
"""Checked once: `random.Random.shuffle` of this Python draws as `_state.shuffle` does."""


def _shuffled(pieces: tuple[Piece, ...], rng: random.Random) -> tuple[Piece, ...]:
    """`rummylib.decks.shuffled` of ``pieces`` by ``rng``: the same order, drawn without random.py's loop."""
    if not _draws_as_random(rng):
        return shuffled(pieces, rng)
    out = list(pieces)
    _state.shuffle(out, rng)
    return tuple(out)


def _shown(card: object) -> tuple[Piece, ...]:
    return (card,) if isinstance(card, Card | Joker) else ()
