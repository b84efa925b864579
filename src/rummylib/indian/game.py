"""The referee of a game of Indian Rummy (`IndianGame`): one deal, a pool game or a number of deals.

It follows the referee protocol of `rummylib.referee`, as `rummylib.indian.deal.IndianDeal` does
for each deal it plays; its actions are those of the deal being played (`rummylib.indian.actions`).

Examples:
    >>> from rummylib import INDIAN_RUMMY
    >>> game = IndianGame.deal(rules=INDIAN_RUMMY, players=3, seed=4)
    >>> game.round_number, game.is_over
    (1, False)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, ClassVar

import attrs

from rummylib import _inputs
from rummylib._inputs import is_seat
from rummylib.decks import Seed
from rummylib.errors import RuleId
from rummylib.indian._common import check_rules, deal_rules
from rummylib.indian.actions import ACTIONS, IndianAction, IndianDealResult, IndianView, SeatStatus
from rummylib.indian.deal import IndianDeal
from rummylib.pieces import Piece, PieceCount
from rummylib.referee import LegalActions, Outcome, RefereeBase, refuse, replace_at
from rummylib.rules import IndianFormat, RuleSet, ScoringScheme
from rummylib.tiles import Tile

__all__ = ["IndianGame"]


# ------------------------------------------------------------------------------------------
# A game of deals
# ------------------------------------------------------------------------------------------


@attrs.frozen(kw_only=True)
class IndianGame(RefereeBase):
    """A game of Indian Rummy in the format of the rule set's ``indian_format``.

    * ``points``: one deal. Each loser pays the winner their points: in `result`, the winner scores
      what the others pay and each loser minus their points (zero-sum; higher is better). A deal
      won by nobody (the stock ran out) is void: every seat scores 0.
    * ``pool``: deals go on and each player's points add up; a player whose total reaches
      ``pool_limit`` is eliminated and sits out the next deals. The last player standing wins (if
      the last players are eliminated in the same deal, the lowest total wins). Lower is better.
    * ``deals``: ``deal_count`` deals; the lowest total wins (several on a tie).

    The dealer moves left each deal, to the next seat still in the game. Each deal is seeded from
    the game's seed and the deal's number.

    Examples:
        >>> from rummylib import INDIAN_RUMMY
        >>> game = IndianGame.deal(rules=INDIAN_RUMMY.with_options({"indian_format": "deals"}), players=3, seed=5)
        >>> game.round_number, game.round.dealer, game.to_move, game.totals
        (1, 0, 1, (0, 0, 0))
    """

    SAVE_TYPE: ClassVar[str] = "indian-game"
    ACTIONS: ClassVar[tuple[type, ...]] = ACTIONS

    rules: RuleSet
    """The game's rule set (each deal adds its own wild rank to it)."""
    seed: Seed
    """The seed the game was started with; deal ``k`` is seeded ``f"{seed}/{k}"``."""
    first_dealer: int
    """The dealer of the first deal."""
    round: IndianDeal
    """The deal being played (the last one, once the game is over)."""
    results: tuple[IndianDealResult, ...] = ()
    """The results of the deals finished, in order."""
    previous_round: IndianDeal | None = None
    """The deal finished most recently, as it ended (to show the hands), or ``None``."""

    @classmethod
    def deal(cls, *, rules: RuleSet, players: int, seed: Seed, dealer: int = 0) -> IndianGame:
        """Deal the first deal of a game.

        Raises:
            RuleSetError: not Indian Rummy, a player count it does not allow, or a bad dealer.
            ArgumentError: ``seed`` is not an int or a str, or a str UTF-8 cannot write (code
                ``bad-argument``).

        Examples:
            >>> from rummylib import INDIAN_RUMMY
            >>> IndianGame.deal(rules=INDIAN_RUMMY, players=2, seed=1, dealer=1).to_move
            0
        """
        seed = _inputs.seed(seed)
        first = IndianDeal.deal(rules=rules, players=players, seed=f"{seed}/1", dealer=dealer)
        return cls(rules=check_rules(rules), seed=seed, first_dealer=dealer, round=first)

    @classmethod
    def _from_order(
        cls, *, rules: RuleSet, players: int, seed: Seed, order: Sequence[Piece], dealer: int = 0
    ) -> IndianGame:
        """The game whose first deal is from the cards in ``order`` (see `IndianDeal._from_order`).

        The later deals are dealt from ``seed``, as `deal`'s are.
        """
        seed = _inputs.seed(seed)
        first = IndianDeal._from_order(rules=rules, players=players, seed=f"{seed}/1", order=order, dealer=dealer)
        return cls(rules=check_rules(rules), seed=seed, first_dealer=dealer, round=first)

    # --- facts ------------------------------------------------------------------------------
    @property
    def players(self) -> int:
        """Seats at the table."""
        return self.round.players

    @property
    def round_number(self) -> int:
        """The number of the deal in play (from 1; the last one once the game is over)."""
        return max(1, len(self.results) + (0 if self.round.is_over else 1))

    @property
    def totals(self) -> tuple[int, ...]:
        """Each seat's points over the deals finished.

        Examples:
            >>> from rummylib import INDIAN_RUMMY
            >>> IndianGame.deal(rules=INDIAN_RUMMY, players=3, seed=0).totals
            (0, 0, 0)
        """
        return tuple(sum(r.scores[p] for r in self.results) for p in range(self.players))

    @property
    def eliminated(self) -> tuple[bool, ...]:
        """Whether each seat is out of a pool game (total at ``pool_limit`` or more); never in other formats."""
        return _eliminated(self.rules, self.results, self.players)

    @property
    def is_over(self) -> bool:
        """Whether the game has ended (see the class for each format)."""
        return _game_over(self.rules, self.results, self.players)

    @property
    def to_move(self) -> int | None:
        """The seat to act in the deal being played, ``None`` once the game is over."""
        return None if self.is_over else self.round.to_move

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats that won, once the game is over (empty before, and for a void points deal)."""
        return self.result().winners if self.is_over else ()

    def all_pieces(self) -> PieceCount:
        """Every card of the deal being played (always the whole pack)."""
        return self.round.all_pieces()

    def result(self) -> Outcome:
        """The game's scores and winners (see the class for each format).

        Raises:
            IllegalActionError: the game is not over yet (code ``wrong-phase``).

        Examples:
            >>> from rummylib import INDIAN_RUMMY
            >>> from rummylib.indian import Drop
            >>> game = IndianGame.deal(rules=INDIAN_RUMMY, players=3, seed=4).apply(Drop(1)).apply(Drop(2))
            >>> outcome = game.result()
            >>> outcome.scores, outcome.winners, outcome.lower_wins
            ((40, -20, -20), (0,), False)
        """
        if not self.is_over:
            refuse(RuleId.WRONG_PHASE, f"the game is not over yet: deal {self.round_number} is being played")
        fmt = self.rules.indian_format
        if fmt is IndianFormat.POINTS:
            res = self.results[0]
            w = res.winner
            if w is None:
                return Outcome(
                    scores=(0,) * self.players, winners=(), lower_wins=False, reason="the stock ran out: nobody pays"
                )
            paid = tuple(-s for s in res.scores)
            scores = replace_at(paid, w, -sum(paid))
            reason = f"player {w} won the deal; each loser pays their points"
            return Outcome(scores=scores, winners=(w,), lower_wins=False, reason=reason)
        totals = self.totals
        if fmt is IndianFormat.POOL:
            standing = tuple(p for p, out in enumerate(self.eliminated) if not out)
            if len(standing) == 1:
                reason = f"player {standing[0]} is the last standing"
                return Outcome(scores=totals, winners=standing, lower_wins=True, reason=reason)
        best = min(totals)
        winners = tuple(p for p, t in enumerate(totals) if t == best)
        shown = " and ".join(f"player {p}" for p in winners)
        return Outcome(scores=totals, winners=winners, lower_wins=True, reason=f"{shown}: the lowest total")

    # --- the protocol -----------------------------------------------------------------------
    def legal_actions(self, player: int | None = None) -> LegalActions[IndianAction]:
        """The legal actions of the deal being played (none once the game is over).

        Examples:
            >>> from rummylib import INDIAN_RUMMY
            >>> IndianGame.deal(rules=INDIAN_RUMMY, players=2, seed=5).legal_actions(0)
            LegalActions(())
        """
        return LegalActions() if self.is_over else self.round.legal_actions(player)

    def apply(self, action: IndianAction) -> IndianGame:
        """The game after ``action``; when a deal ends it is scored and, unless the game is over, the next dealt.

        Raises:
            IllegalActionError: the action is illegal, or the game is over (code ``round-over``).
            TypeError: not an Indian Rummy action.

        Examples:
            >>> from rummylib import INDIAN_RUMMY
            >>> pool = INDIAN_RUMMY.with_options({"indian_format": "pool"})
            >>> from rummylib.indian import Drop
            >>> game = IndianGame.deal(rules=pool, players=3, seed=2).apply(Drop(1)).apply(Drop(2))
            >>> game.round_number, game.totals, game.round.dealer
            (2, (0, 20, 20), 1)
        """
        if self.is_over:
            refuse(RuleId.ROUND_OVER, "the game is over")
        nxt = self.round.apply(action)
        if nxt.round_result is None:
            return attrs.evolve(self, round=nxt)
        results = (*self.results, nxt.round_result)
        if _game_over(self.rules, results, self.players):
            return attrs.evolve(self, round=nxt, results=results, previous_round=nxt)
        out = _eliminated(self.rules, results, self.players)
        following = IndianDeal.deal(
            rules=self.rules,
            players=self.players,
            seed=f"{self.seed}/{len(results) + 1}",
            dealer=_next_seat(nxt.dealer, out),
            sitting_out=[p for p, gone in enumerate(out) if gone],
        )
        return attrs.evolve(self, round=following, results=results, previous_round=nxt)

    def seed_problems(self) -> tuple[str, ...]:
        """What the seed shows against the deal in play (see `IndianDeal.seed_problems`).

        Examples:
            >>> from rummylib import INDIAN_RUMMY
            >>> IndianGame.deal(rules=INDIAN_RUMMY, players=2, seed=5).seed_problems()
            ()
        """
        return self.round.seed_problems()

    def _judged_actions(self, player: int | None = None) -> tuple[tuple[IndianAction, bool | None], ...]:
        """`legal_actions`, each with its `judge_declaration` (see `IndianDeal._judged_actions`)."""
        return () if self.is_over else self.round._judged_actions(player)

    def _judged_json(self, player: int) -> list[dict[str, Any]] | None:
        """`legal_json` of the deal being played, where it writes it (see `IndianDeal._judged_json`)."""
        return None if self.is_over else self.round._judged_json(player)

    def judge_declaration(self, action: IndianAction) -> bool | None:
        """Whether a ``declare`` action lays out a valid declaration (see `IndianDeal.judge_declaration`).

        Examples:
            >>> from rummylib import INDIAN_RUMMY
            >>> from rummylib.indian import Drop
            >>> IndianGame.deal(rules=INDIAN_RUMMY, players=2, seed=5).judge_declaration(Drop(1)) is None
            True
        """
        return self.round.judge_declaration(action)

    def view(self, player: int) -> IndianView:
        """What ``player`` sees of the deal being played, with the game's totals.

        Raises:
            IllegalActionError: ``player`` is not a seat (code ``not-a-player``).

        Examples:
            >>> from rummylib import INDIAN_RUMMY
            >>> IndianGame.deal(rules=INDIAN_RUMMY, players=2, seed=5).view(0).totals
            (0, 0)
        """
        return attrs.evolve(
            self.round.view(player),
            to_move=self.to_move,
            is_over=self.is_over,
            totals=self.totals,
            round_number=self.round_number,
            eliminated=self.eliminated if self.rules.indian_format is IndianFormat.POOL else None,
        )

    def problems(self) -> tuple[str, ...]:
        """Every reason this game could not come out of real play (empty when it could).

        The deal in play (and the last one) by their own checks; its rules, seed, dealer and the
        seats sitting out against the game's; the results of the deals finished in range.

        Examples:
            >>> from rummylib import INDIAN_RUMMY
            >>> IndianGame.deal(rules=INDIAN_RUMMY, players=3, seed=2).problems()
            ()
        """
        return tuple(self._problems())

    def _problems(self) -> Iterator[str]:
        deal, n = self.round, self.round.players
        if self.rules.scoring is not ScoringScheme.INDIAN:
            yield f"{self.rules.title} is not Indian Rummy"
            return
        if not is_seat(self.first_dealer, n):
            yield f"the first dealer ({self.first_dealer!r}) is not a seat"
            return
        for k, res in enumerate(self.results):
            if len(res.scores) != n or any(s < 0 for s in res.scores):
                yield f"deal {k + 1}'s scores {list(res.scores)} are not possible"
                return
        if isinstance(deal.wild_card, Tile) or (
            (wanted := deal_rules(self.rules, deal.wild_card)) is not deal.rules and deal.rules != wanted
        ):
            yield "the deal in play has other rules than the game's"
        done = len(self.results)
        for k in range(done):
            if _game_over(self.rules, self.results[:k], n):
                yield f"deal {k + 1} was played after the game was over"
                return
        number = done if deal.is_over else done + 1
        if deal.seed != f"{self.seed}/{number}":
            yield f"the deal in play is not seeded as deal {number} of the game"
        if deal.is_over != (done > 0 and deal.round_result == self.results[-1] and self.is_over):
            yield "the deal in play ended, but the game did not go on (or the other way round)"
        dealer = self.first_dealer
        for k in range(number - 1):
            dealer = _next_seat(dealer, _eliminated(self.rules, self.results[: k + 1], n))
        if deal.dealer != dealer:
            yield f"deal {number} is dealt by player {deal.dealer}, not by player {dealer}"
        out = _eliminated(self.rules, self.results[: number - 1], n)
        sitting = tuple(s is SeatStatus.SITTING_OUT for s in deal.status)
        if sitting != out:
            yield "the seats sitting out are not the players eliminated"
        for k, res in enumerate(self.results):
            if res.winner is not None and (not is_seat(res.winner, n) or res.scores[res.winner] != 0):
                yield f"deal {k + 1} was won by {res.winner!r}, who does not score 0"
        yield from deal.problems()
        if self.previous_round is not None and (
            not self.results or self.previous_round.round_result != self.results[-1]
        ):
            yield "the last deal's result is not the one recorded"
        if self.previous_round is not None:
            yield from (f"last deal: {p}" for p in self.previous_round._invariant_problems())


def _eliminated(rules: RuleSet, results: Sequence[IndianDealResult], players: int) -> tuple[bool, ...]:
    if rules.indian_format is not IndianFormat.POOL:
        return (False,) * players
    return tuple(sum(r.scores[p] for r in results) >= rules.pool_limit for p in range(players))


def _game_over(rules: RuleSet, results: Sequence[IndianDealResult], players: int) -> bool:
    fmt = rules.indian_format
    if fmt is IndianFormat.POINTS:
        return len(results) >= 1
    if fmt is IndianFormat.DEALS:
        return len(results) >= rules.deal_count
    return sum(not out for out in _eliminated(rules, results, players)) <= 1


def _next_seat(dealer: int, out: Sequence[bool]) -> int:
    """The next seat to the left of ``dealer`` still in the game."""
    n = len(out)
    return next((q for q in ((dealer + k) % n for k in range(1, n + 1)) if not out[q]), dealer)
