"""The referee of a game of Gin Rummy (`GinGame`): hands until a player reaches the rule set's target.

It follows the referee protocol of `rummylib.referee`, as `rummylib.gin.hand.GinHand` does for
each hand it deals; its actions are those of the hand being played (`rummylib.gin.actions`).

Examples:
    >>> from rummylib import GIN_RUMMY
    >>> game = GinGame.deal(rules=GIN_RUMMY, seed=5)
    >>> game = game.apply(game.legal_actions()[0])
    >>> game.round_number, game.is_over
    (1, False)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import ClassVar

import attrs

from rummylib import _inputs
from rummylib.decks import Seed
from rummylib.errors import RuleId
from rummylib.gin.actions import ACTIONS, GinAction, GinView
from rummylib.gin.hand import GinHand
from rummylib.gin.scoring import GinGameScore
from rummylib.pieces import Piece, PieceCount
from rummylib.referee import LegalActions, Outcome, RefereeBase, refuse
from rummylib.rules import RuleSet

__all__ = ["GinGame"]


@attrs.frozen
class GinGame(RefereeBase):
    """A game of Gin Rummy: hands until a player's total reaches ``game_target``.

    The dealer alternates from hand to hand; a drawn hand is replayed with the same dealer.

    Examples:
        >>> from rummylib import GIN_RUMMY
        >>> game = GinGame.deal(rules=GIN_RUMMY, seed=5)
        >>> game.to_move, game.score.totals, game.is_over
        (1, (0, 0), False)
    """

    SAVE_TYPE: ClassVar[str] = "gin-game"
    ACTIONS: ClassVar[tuple[type, ...]] = ACTIONS

    rules: RuleSet
    """The rule set."""
    round: GinHand
    """The hand being played (or the last one, once the game is over)."""
    score: GinGameScore = attrs.field(factory=GinGameScore)
    """Running totals and hands won."""
    round_number: int = 1
    """Hands dealt so far, the one being played included."""
    seed: str = "0"
    """The seed the game was started with; each hand's deal is seeded from it and the hand number."""
    previous_round: GinHand | None = None
    """The hand finished most recently (with its `GinHand.round_result`), or ``None``."""

    @classmethod
    def deal(cls, *, rules: RuleSet, seed: Seed, players: int = 2, dealer: int = 0) -> GinGame:
        """Deal the first hand.

        Raises:
            RuleSetError: not two players, or a rule set that does not give a one-deck game
                without jokers.
            ArgumentError: ``seed`` is not an int or a str, or a str UTF-8 cannot write (code
                ``bad-argument``).

        Examples:
            >>> from rummylib import GIN_RUMMY
            >>> game = GinGame.deal(rules=GIN_RUMMY, seed="club night", dealer=1)
            >>> game.round.dealer, game.round_number, game.winner
            (1, 1, None)
        """
        seed = _inputs.seed(seed)
        first = GinHand.deal(rules=rules, seed=f"{seed}/1", players=players, dealer=dealer)
        return cls(rules=rules, round=first, seed=str(seed))

    @classmethod
    def _from_order(cls, *, rules: RuleSet, seed: Seed, order: Sequence[Piece], dealer: int = 0) -> GinGame:
        """The game whose first hand is dealt from the deck in ``order`` (see `GinHand._from_order`).

        The later hands are dealt from ``seed``, as `deal`'s are.
        """
        seed = _inputs.seed(seed)
        first = GinHand._from_order(rules=rules, seed=f"{seed}/1", order=order, dealer=dealer)
        return cls(rules=rules, round=first, seed=str(seed))

    @property
    def players(self) -> int:
        """Always 2."""
        return 2

    @property
    def to_move(self) -> int | None:
        """The seat to act in the hand being played, ``None`` once the game is over."""
        return None if self.is_over else self.round.to_move

    @property
    def is_over(self) -> bool:
        """Whether a player has reached the target."""
        return self.score.is_over(rules=self.rules)

    @property
    def winner(self) -> int | None:
        """The seat with the higher score once the game is over."""
        return self.score.winner(rules=self.rules)

    def all_pieces(self) -> PieceCount:
        """Every card of the hand being played (always the whole deck)."""
        return self.round.all_pieces()

    def result(self) -> Outcome:
        """The final scores (with the end-of-game bonuses) and the winner.

        Raises:
            IllegalActionError: the game is not over yet (code ``wrong-phase``).

        Examples:
            >>> from rummylib import GIN_RUMMY
            >>> GinGame.deal(rules=GIN_RUMMY, seed=5).result()
            Traceback (most recent call last):
            ...
            rummylib.errors.IllegalActionError: the game is not over yet [wrong-phase]
        """
        w = self.winner
        if w is None:
            refuse(RuleId.WRONG_PHASE, "the game is not over yet")
        final = self.score.final_scores(rules=self.rules)
        return Outcome(
            scores=final,
            winners=(w,),
            lower_wins=False,
            reason=f"player {w} reached {self.rules.game_target} ({self.score.totals[w]} points in hands)",
        )

    def legal_actions(self, player: int | None = None) -> LegalActions[GinAction]:
        """The legal actions of the hand being played (none once the game is over).

        Examples:
            >>> from rummylib import GIN_RUMMY
            >>> GinGame.deal(rules=GIN_RUMMY, seed=5).legal_actions(0)
            LegalActions(())
        """
        return LegalActions() if self.is_over else self.round.legal_actions(player)

    def apply(self, action: GinAction) -> GinGame:
        """The game after ``action``; when the hand ends it is scored and the next one dealt.

        Raises:
            IllegalActionError: the action is illegal (code of the rule in the violation).

        Examples:
            >>> from rummylib import GIN_RUMMY
            >>> game = GinGame.deal(rules=GIN_RUMMY, seed=5)
            >>> from rummylib.gin import DrawStock
            >>> game.apply(DrawStock(1)).round.phase.value
            'discard'
        """
        if self.is_over:
            refuse(RuleId.ROUND_OVER, "the game is over: a player has reached the target")
        hand = self.round.apply(action)
        if not hand.is_over:
            return attrs.evolve(self, round=hand)
        score = self.score
        dealer = hand.dealer
        if hand.round_result is not None and hand.winner is not None:
            score = score.add(hand.round_result, winner=hand.winner, rules=self.rules)
            dealer = 1 - hand.dealer
        if score.is_over(rules=self.rules):
            return attrs.evolve(self, round=hand, score=score, previous_round=hand)
        number = self.round_number + 1
        following = GinHand.deal(rules=self.rules, seed=f"{self.seed}/{number}", dealer=dealer)
        return attrs.evolve(self, round=following, score=score, round_number=number, previous_round=hand)

    def view(self, player: int) -> GinView:
        """What ``player`` sees of the hand being played, with the game's totals.

        Raises:
            IllegalActionError: ``player`` is not 0 or 1 (code ``not-a-player``).

        Examples:
            >>> from rummylib import GIN_RUMMY
            >>> GinGame.deal(rules=GIN_RUMMY, seed=5).view(0).totals
            (0, 0)
        """
        return attrs.evolve(
            self.round.view(player),
            to_move=self.to_move,
            is_over=self.is_over,
            totals=self.score.totals,
            round_number=self.round_number,
        )

    def problems(self) -> tuple[str, ...]:
        """Every reason this game could not come out of real play (empty when it could).

        Examples:
            >>> from rummylib import GIN_RUMMY
            >>> GinGame.deal(rules=GIN_RUMMY, seed=5).problems()
            ()
        """
        found: list[str] = []
        s = self.score
        if self.round.rules is not self.rules and self.round.rules != self.rules:  # (one object: equal)
            found.append("the hand in play has other rules than the game")
        if not isinstance(self.round_number, int) or self.round_number < 1:
            found.append(f"hand number {self.round_number!r} is not possible")
        for p in (0, 1):
            total, won = s.totals[p], s.hands_won[p]
            if won < 0 or total < 0:
                found.append(f"player {p} has a negative total or hands won")
            elif total < won or total > won * 600:
                found.append(f"player {p}: {total} points from {won} hands won is not possible")
        if isinstance(self.round_number, int) and sum(s.hands_won) > self.round_number:
            found.append(f"{sum(s.hands_won)} hands won in {self.round_number} hands dealt")
        found.extend(self.round.problems())
        if self.previous_round is not None:
            found.extend(f"last hand: {p}" for p in self.previous_round._invariant_problems())
        return tuple(found)

    def seed_problems(self) -> tuple[str, ...]:
        """What the seed shows against the hand in play, where `problems` cannot look.

        The hand in play must be seeded from the game's seed and its hand number, and pass its own
        `GinHand.seed_problems`. A position set up by hand has problems here and none in
        `problems`; loading a save checks both (see `rummylib.contracts.ContractRound.seed_problems`).

        Examples:
            >>> from rummylib import GIN_RUMMY
            >>> game = GinGame.deal(rules=GIN_RUMMY, seed=5)
            >>> game.seed_problems()
            ()
            >>> len(attrs.evolve(game, round=attrs.evolve(game.round, stock=game.round.stock[::-1])).seed_problems())
            1
        """
        return tuple(self._seed_problems())

    def _seed_problems(self) -> Iterator[str]:
        if not isinstance(self.round_number, int) or isinstance(self.round_number, bool) or self.round_number < 1:
            return
        if self.round.seed != f"{self.seed}/{self.round_number}":
            yield f"the hand in play is not seeded as hand {self.round_number} of the game"
            return
        yield from self.round.seed_problems()
