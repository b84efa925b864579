"""Referees for Contract Rummy and Shanghai: whole rounds and whole games as immutable values.

A [`ContractRound`][rummylib.contracts.round.ContractRound] is one deal played out: the caller
applies actions (`DrawStock`, `DrawDiscard`, `Buy`, `DeclineBuy`, `LayDown`, `LayOff`,
`SwapJoker`, `Discard`) and gets a new round back; an illegal action raises
`rummylib.errors.IllegalActionError` naming the rule, and the old value stays as it was.
[`ContractGame`][rummylib.contracts.game.ContractGame] chains the rounds of a game, moving the
dealer left each round, and adds up the scores (lowest total wins). Every rule is read from the
`RuleSet`: the same code referees Contract Rummy, Shanghai and their house rules.

Examples:
    >>> from rummylib import SHANGHAI
    >>> from rummylib.contracts import ContractGame, DrawDiscard
    >>> g = ContractGame.deal(rules=SHANGHAI, players=3, seed=7)
    >>> g.round.current, g.apply(DrawDiscard(1)).round.phase.value
    (1, 'play')
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import ClassVar

import attrs

from rummylib.contracts.actions import (
    ContractAction,
    RoundResult,
    RoundView,
)
from rummylib.contracts.round import ContractRound, result_problems
from rummylib.decks import Seed
from rummylib.errors import RuleId
from rummylib.pieces import Piece, PieceCount
from rummylib.referee import LegalActions, Outcome, RefereeBase, refuse
from rummylib.rules import RuleSet

__all__ = ["ContractGame"]


@attrs.frozen(kw_only=True)
class ContractGame(RefereeBase):
    """A whole game of Contract Rummy (7 rounds) or Shanghai (10): rounds in order, scores added up.

    Actions go to the round in play; when it ends, its result is kept and the next round is dealt
    at once, the dealer one seat to the left. After the last round the game is over and the lowest
    total wins.

    Examples:
        >>> from rummylib import SHANGHAI
        >>> g = ContractGame.deal(rules=SHANGHAI, players=4, seed=11)
        >>> g.round_number, g.round.dealer, g.round.current, g.totals
        (1, 0, 1, (0, 0, 0, 0))
    """

    rules: RuleSet
    """The game's rules."""
    seed: Seed
    """The seed every round's deal and reshuffles derive from."""
    first_dealer: int
    """Seat of the dealer of round 1."""
    results: tuple[RoundResult, ...] = ()
    """Results of the rounds finished, in order."""
    round: ContractRound
    """The round in play (the last round, once the game is over)."""
    previous_round: ContractRound | None = None
    """The round that ended last, as it stood at its end (to show the final table), or ``None``."""

    SAVE_TYPE: ClassVar[str] = "contract-game"
    ACTIONS: ClassVar[tuple[type, ...]] = ContractRound.ACTIONS

    @classmethod
    def deal(cls, *, rules: RuleSet, players: int, seed: Seed, dealer: int = 0) -> ContractGame:
        """Deal round 1.

        Raises:
            RuleSetError: not a contract game, a player count it does not allow, or a bad dealer.

        Examples:
            >>> from rummylib import CONTRACT_RUMMY
            >>> ContractGame.deal(rules=CONTRACT_RUMMY, players=2, seed=0, dealer=1).round.current
            0
        """
        first = ContractRound.deal(rules=rules, players=players, seed=seed, round_number=1, dealer=dealer)
        return cls(rules=rules, seed=seed, first_dealer=dealer, round=first)

    @classmethod
    def _from_order(
        cls, *, rules: RuleSet, players: int, seed: Seed, order: Sequence[Piece], dealer: int = 0
    ) -> ContractGame:
        """The game whose round 1 is dealt from the cards in ``order`` (see `ContractRound._from_order`).

        The later rounds are dealt from ``seed``, as `deal`'s are.
        """
        first = ContractRound._from_order(rules=rules, players=players, seed=seed, order=order, dealer=dealer)
        return cls(rules=rules, seed=seed, first_dealer=dealer, round=first)

    @property
    def players(self) -> int:
        """Number of players."""
        return self.round.players

    @property
    def round_number(self) -> int:
        """The number of the round in play (the last one once the game is over)."""
        return self.round.round_number

    @property
    def is_over(self) -> bool:
        """Whether every round has been played."""
        return len(self.results) == len(self.rules.rounds)

    @property
    def to_move(self) -> int | None:
        """Whose decision it is in the round in play (``None`` once the game is over)."""
        return None if self.is_over else self.round.to_move

    def all_pieces(self) -> PieceCount:
        """Every card of the round in play (always its deal)."""
        return self.round.all_pieces()

    def result(self) -> Outcome:
        """The totals over every round (lower is better) and the winners (the lowest total).

        Raises:
            IllegalActionError: the game is not over yet (code ``wrong-phase``).

        Examples:
            >>> from rummylib import SHANGHAI
            >>> ContractGame.deal(rules=SHANGHAI, players=3, seed=0).result()
            Traceback (most recent call last):
            ...
            rummylib.errors.IllegalActionError: the game is not over yet: round 1 of 10 [wrong-phase]
        """
        if not self.is_over:
            refuse(
                RuleId.WRONG_PHASE, f"the game is not over yet: round {self.round_number} of {len(self.rules.rounds)}"
            )
        shown = " and ".join(f"player {p}" for p in self.winners)
        return Outcome(
            scores=self.totals,
            winners=self.winners,
            lower_wins=True,
            reason=f"{shown} {'has' if len(self.winners) == 1 else 'have'} the lowest total after every round",
        )

    @property
    def totals(self) -> tuple[int, ...]:
        """Each player's total over the rounds finished.

        Examples:
            >>> from rummylib import SHANGHAI
            >>> ContractGame.deal(rules=SHANGHAI, players=3, seed=0).totals
            (0, 0, 0)
        """
        return tuple(sum(r.scores[p] for r in self.results) for p in range(self.players))

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats with the lowest total once the game is over (several on a tie); empty before.

        Examples:
            >>> from rummylib import SHANGHAI
            >>> ContractGame.deal(rules=SHANGHAI, players=3, seed=0).winners
            ()
        """
        if not self.is_over:
            return ()
        best = min(self.totals)
        return tuple(p for p, t in enumerate(self.totals) if t == best)

    def apply(self, action: ContractAction) -> ContractGame:
        """The game after ``action`` (dealing the next round when this one ends).

        Raises:
            IllegalActionError: the action breaks a rule, or the game is over (code ``round-over``).

        Examples:
            >>> from rummylib import SHANGHAI
            >>> from rummylib.contracts import DrawDiscard
            >>> g = ContractGame.deal(rules=SHANGHAI, players=3, seed=0)
            >>> g.apply(DrawDiscard(1)).round.phase.value
            'play'
        """
        if self.is_over:
            refuse(RuleId.ROUND_OVER, "the game is over")
        nxt = self.round.apply(action)
        if nxt.round_result is None:
            return attrs.evolve(self, round=nxt)
        results = (*self.results, nxt.round_result)
        if len(results) == len(self.rules.rounds):
            return attrs.evolve(self, round=nxt, results=results)
        number = nxt.round_number + 1
        dealer = (self.first_dealer + number - 1) % self.players
        new_round = ContractRound.deal(
            rules=self.rules, players=self.players, seed=self.seed, round_number=number, dealer=dealer
        )
        return attrs.evolve(self, round=new_round, results=results, previous_round=nxt)

    def legal_actions(self, player: int | None = None) -> LegalActions[ContractAction]:
        """Every distinct legal action of the round in play, each once (none once the game is over).

        See `ContractRound.legal_actions` for what is listed and how a move written several ways
        is listed once.

        Examples:
            >>> from rummylib import SHANGHAI
            >>> ContractGame.deal(rules=SHANGHAI, players=3, seed=0).legal_actions()
            LegalActions((DrawStock(player=1), DrawDiscard(player=1)))
        """
        return LegalActions() if self.is_over else self.round.legal_actions(player)

    def view(self, player: int) -> RoundView:
        """What ``player`` may know of the round in play (`ContractRound.view`), with the game's totals.

        Raises:
            IllegalActionError: ``player`` is not a seat.

        Examples:
            >>> from rummylib import SHANGHAI
            >>> v = ContractGame.deal(rules=SHANGHAI, players=3, seed=0).view(1)
            >>> v.stock is None, v.totals
            (True, (0, 0, 0))
        """
        return attrs.evolve(
            self.round.view(player), to_move=self.to_move, is_over=self.is_over, totals=self._totals_before()
        )

    def _totals_before(self) -> tuple[int, ...]:
        """The totals of the rounds finished before the round in play (all of them once over)."""
        done = self.results if not self.is_over else self.results[:-1]
        return tuple(sum(r.scores[p] for r in done) for p in range(self.players))

    def table_view(self) -> RoundView:
        """The whole table of the round in play, with the game's totals.

        Examples:
            >>> from rummylib import SHANGHAI
            >>> len(ContractGame.deal(rules=SHANGHAI, players=3, seed=0).table_view().hands[0])
            11
        """
        return attrs.evolve(
            self.round.table_view(), to_move=self.to_move, is_over=self.is_over, totals=self._totals_before()
        )

    def seed_problems(self) -> tuple[str, ...]:
        """What the seed shows against the round in play (see `ContractRound.seed_problems`).

        Examples:
            >>> from rummylib import SHANGHAI
            >>> ContractGame.deal(rules=SHANGHAI, players=3, seed=2).seed_problems()
            ()
        """
        return self.round.seed_problems()

    def problems(self) -> tuple[str, ...]:
        """Every reason this game could not come out of real play (empty when it could).

        Examples:
            >>> from rummylib import SHANGHAI
            >>> ContractGame.deal(rules=SHANGHAI, players=3, seed=2).problems()
            ()
        """
        return tuple(self._problems())

    def _problems(self) -> Iterator[str]:
        r = self.round
        n = len(r.hands)
        if (r.rules is not self.rules and r.rules != self.rules) or r.seed != self.seed:  # (one object: equal)
            yield "the round in play has other rules or another seed than the game"
        if not (
            isinstance(self.first_dealer, int)
            and not isinstance(self.first_dealer, bool)
            and 0 <= self.first_dealer < n
        ):
            yield f"the first dealer ({self.first_dealer!r}) is not a seat"
            return
        rounds = len(self.rules.rounds)
        done = len(self.results)
        if done > rounds:
            yield f"{done} round results, but {self.rules.title} has {rounds} rounds"
            return
        for i, res in enumerate(self.results):
            if res.round_number != i + 1:
                yield f"result {i + 1} is for round {res.round_number}"
            yield from result_problems(res, self.rules, n)
        number = done if done == rounds else done + 1
        if r.round_number != number:
            yield f"round {r.round_number} in play after {done} rounds finished"
        elif r.dealer != (self.first_dealer + number - 1) % n:
            yield f"round {number} is dealt by player {r.dealer}, not by player {(self.first_dealer + number - 1) % n}"
        if done == rounds and r.round_result != self.results[-1]:
            yield "the last round's result is not the one recorded"
        yield from r.problems()

    def score_table(self) -> str:
        """The scores round by round and the totals, as a plain-text table.

        Examples:
            >>> from rummylib import SHANGHAI
            >>> print(ContractGame.deal(rules=SHANGHAI, players=3, seed=0).score_table())
            round     P0    P1    P2
            total      0     0     0
        """
        head = "round " + "".join(f"{'P' + str(p):>6}" for p in range(self.players))
        rows = [head]
        for r in self.results:
            mark = "*" if r.out_in_one_turn else " "
            rows.append(f"{r.round_number:>4}{mark} " + "".join(f"{s:>6}" for s in r.scores))
        rows.append("total " + "".join(f"{t:>6}" for t in self.totals))
        return "\n".join(rows)
