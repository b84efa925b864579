"""The one place that knows the list of games: each game family once, with what services ask of it.

A *family* is a game package (`rummylib.rummikub`, `rummylib.contracts`, `rummylib.gin`,
`rummylib.indian`): the rule sets it plays (by their ``scoring`` scheme), its referee states and
their actions, and how a hand left at the end costs. `rummylib.audit`, `rummylib.saves`, the
command line and `hand_cost` ask the registry; none of them names a game. A new game is one
package and one entry here.

Examples:
    >>> from rummylib import GIN_RUMMY, SHANGHAI
    >>> family(GIN_RUMMY).name, family(SHANGHAI).name
    ('gin', 'contracts')
    >>> sorted(state_types())[:3]
    ['contract-game', 'contract-round', 'gin-game']

Each family knows its classes by name and loads its game's package on first use: a program that
plays Gin Rummy never imports the other games.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from types import ModuleType
from typing import Any

import attrs

from rummylib._inputs import pieces as pieces_of
from rummylib._inputs import ruleset
from rummylib.decks import Seed
from rummylib.errors import ErrorCode, RuleSetError
from rummylib.pieces import Piece, PiecesLike
from rummylib.referee import Referee
from rummylib.rules import RuleSet, ScoringScheme, find_ruleset
from rummylib.scoring import HandCost, hand_points

__all__ = ["FAMILIES", "GameFamily", "deal", "family", "family_named", "family_of", "hand_cost", "state_types"]


def _package(name: str) -> ModuleType:
    """A game's package (``"gin"``: `rummylib.gin`), imported the first time a family needs it.

    A program (a ``rummylib batch`` worker) that plays one game loads that game only.
    """
    # lazy: each game's package on first use, each import written out so that the walls see it
    if name == "rummikub":
        from rummylib import rummikub  # noqa: PLC0415 - lazy (see tests/architecture/test_imports.py)

        return rummikub
    elif name == "contracts":
        from rummylib import contracts  # noqa: PLC0415 - lazy (see tests/architecture/test_imports.py)

        return contracts
    elif name == "gin":
        from rummylib import gin  # noqa: PLC0415 - lazy (see tests/architecture/test_imports.py)

        return gin
    from rummylib import indian  # noqa: PLC0415 - lazy (see tests/architecture/test_imports.py)

    return indian


@attrs.frozen
class GameFamily:
    """One game family: its rule sets, referee states and actions, and what a hand costs in it.

    The family knows its classes by name; its package is imported the first time ``states`` or
    ``actions`` is asked for (or a hand is costed), so that the registry loads only the games
    that are played.

    Examples:
        >>> family_of(_package("rummikub").RummikubGame).title
        'Rummikub'
        >>> family_named("gin").save_types
        ('gin-hand', 'gin-game')
    """

    name: str
    """The family's name, that of its package (``"contracts"``)."""
    title: str
    """Its name for people (``"Contract Rummy and Shanghai"``)."""
    schemes: frozenset[ScoringScheme]
    """The scoring schemes of the rule sets it plays (a rule set's ``scoring`` picks its family)."""
    save_types: tuple[str, ...]
    """The ``SAVE_TYPE`` of each of its referee states, in the order of ``states``."""
    state_names: tuple[str, ...] = attrs.field(repr=False)
    """The names, in its package, of its referee state classes."""
    action_names: tuple[str, ...] = attrs.field(repr=False)
    """The names, in its package, of the action classes its referees take."""
    cost: Callable[[Sequence[Piece], RuleSet], HandCost] = attrs.field(repr=False)
    """What a hand left at the end costs, counted the family's way."""

    @property
    def states(self) -> tuple[type[Referee], ...]:
        """Its referee state classes (each names its saves by its ``SAVE_TYPE``)."""
        package = _package(self.name)
        return tuple(getattr(package, n) for n in self.state_names)

    def state(self, save_type: str) -> type[Referee]:
        """Its referee state class whose saves are named ``save_type``, loading that class only.

        Raises:
            KeyError: none of its states has that ``SAVE_TYPE``.

        Examples:
            >>> family_named("gin").state("gin-hand").__name__
            'GinHand'
        """
        if save_type not in self.save_types:
            raise KeyError(save_type)
        return getattr(_package(self.name), self.state_names[self.save_types.index(save_type)])  # type: ignore[no-any-return]

    @property
    def actions(self) -> tuple[type, ...]:
        """The action classes its referees take."""
        package = _package(self.name)
        return tuple(getattr(package, n) for n in self.action_names)


def _pieces_cost(held: Sequence[Piece], rules: RuleSet) -> HandCost:
    return HandCost(hand_points(held, rules=rules), (), "points of the pieces left in hand")


def _gin_cost(held: Sequence[Piece], rules: RuleSet) -> HandCost:
    result = _package("gin").deadwood(held, rules=rules)
    discard = f", discard {result.discard}" if result.discard is not None else ""
    shown = ", ".join(str(m) for m in result.melds) or "no melds"
    return HandCost(result.deadwood, tuple(result.melds), f"deadwood after melding {shown}{discard}")


def _indian_cost(held: Sequence[Piece], rules: RuleSet) -> HandCost:
    arrangement = _package("indian").best_arrangement(held, rules=rules)
    shown = ", ".join(str(m) for m in arrangement.melds) or "no melds"
    return HandCost(arrangement.points, arrangement.melds, f"best arrangement ({arrangement.case}): {shown}")


FAMILIES: tuple[GameFamily, ...] = (
    GameFamily(
        name="rummikub",
        title="Rummikub",
        schemes=frozenset({ScoringScheme.RACK}),
        save_types=("rummikub-game",),
        state_names=("RummikubGame",),
        action_names=("Play", "Draw", "Pass", "Timeout"),
        cost=_pieces_cost,
    ),
    GameFamily(
        name="contracts",
        title="Contract Rummy and Shanghai",
        schemes=frozenset({ScoringScheme.CONTRACT}),
        save_types=("contract-round", "contract-game"),
        state_names=("ContractRound", "ContractGame"),
        action_names=(
            "DrawStock",
            "DrawDiscard",
            "Buy",
            "DeclineBuy",
            "LayDown",
            "LayOff",
            "SwapJoker",
            "Discard",
        ),
        cost=_pieces_cost,
    ),
    GameFamily(
        name="gin",
        title="Gin Rummy",
        schemes=frozenset({ScoringScheme.GIN}),
        save_types=("gin-hand", "gin-game"),
        state_names=("GinHand", "GinGame"),
        action_names=("DrawStock", "DrawDiscard", "Discard", "Knock"),
        cost=_gin_cost,
    ),
    GameFamily(
        name="indian",
        title="Indian Rummy",
        schemes=frozenset({ScoringScheme.INDIAN}),
        save_types=("indian-deal", "indian-game"),
        state_names=("IndianDeal", "IndianGame"),
        action_names=("DrawStock", "DrawDiscard", "Discard", "Declare", "Drop"),
        cost=_indian_cost,
    ),
)
"""Every game family rummylib knows, in the order of the rule book (their packages load on first use)."""

_BY_SCHEME = {scheme: f for f in FAMILIES for scheme in f.schemes}
_BY_NAME = {f.name: f for f in FAMILIES}
_BY_SAVE_TYPE = {kind: (f, i) for f in FAMILIES for i, kind in enumerate(f.save_types)}


def family(rules: RuleSet) -> GameFamily:
    """The family that plays a rule set (by its ``scoring`` scheme).

    Examples:
        >>> from rummylib import INDIAN_RUMMY
        >>> family(INDIAN_RUMMY).title
        'Indian Rummy'
    """
    ruleset(rules)
    return _BY_SCHEME[rules.scoring]


def family_of(state: object) -> GameFamily:
    """The family of a referee state (or of its class).

    Raises:
        TypeError: not a referee state.

    Examples:
        >>> from rummylib import GIN_RUMMY
        >>> from rummylib.gin import GinHand
        >>> family_of(GinHand.deal(rules=GIN_RUMMY, seed=1)).name
        'gin'
    """
    cls = state if isinstance(state, type) else type(state)
    kind = getattr(cls, "SAVE_TYPE", None)
    found = _BY_SAVE_TYPE.get(kind) if isinstance(kind, str) else None
    if found is None or found[0].state(found[0].save_types[found[1]]) is not cls:
        raise TypeError(f"not a referee state: {cls.__name__}")
    return found[0]


def family_named(name: str) -> GameFamily:
    """The family of that name (``"gin"``).

    Raises:
        KeyError: no family of that name.

    Examples:
        >>> family_named("contracts").title
        'Contract Rummy and Shanghai'
    """
    return _BY_NAME[name]


class _StateTypes(Mapping[str, "type[Referee]"]):
    """Every referee state class by the name its saves give it; a game's package loads on first look-up."""

    def __getitem__(self, kind: str) -> type[Referee]:
        found = _BY_SAVE_TYPE.get(kind) if isinstance(kind, str) else None
        if found is None:
            raise KeyError(kind)
        return found[0].state(kind)

    def __iter__(self) -> Iterator[str]:
        return iter(_BY_SAVE_TYPE)

    def __len__(self) -> int:
        return len(_BY_SAVE_TYPE)

    def __repr__(self) -> str:
        return f"state_types({list(_BY_SAVE_TYPE)})"


_STATES = _StateTypes()


def state_types() -> Mapping[str, type[Referee]]:
    """Every referee state class, by the name saves give it (``"gin-hand"``).

    A class is imported (with its game's package) when it is first looked up: the names are
    known without loading any game.

    Examples:
        >>> from rummylib import gin
        >>> state_types()["gin-hand"] is gin.GinHand
        True
        >>> list(state_types())[:3]
        ['rummikub-game', 'contract-round', 'contract-game']
    """
    return _STATES


def hand_cost(pieces: PiecesLike, *, rules: RuleSet) -> HandCost:
    """What a hand costs in its game, counted the game's way (``rules.scoring`` picks the family).

    Rummikub, Contract Rummy and Shanghai count every piece left in hand
    (`rummylib.scoring.hand_points`); Gin Rummy counts the least deadwood (`rummylib.gin.deadwood`);
    Indian Rummy the fewest points the hand can be arranged to (`rummylib.indian.best_arrangement`).

    Raises:
        NotationError: a piece that is not part of the game.
        InvalidPiecesError: more copies of a piece than the game has (code ``too-many-copies``).
        GinInputError: a Gin hand of more than 11 cards (code ``bad-gin-hand``).
        LimitExceededError: an Indian Rummy hand of more than 14 cards.

    Examples:
        >>> from rummylib import GIN_RUMMY, RUMMIKUB, parse_pieces
        >>> hand_cost(parse_pieces("r5 k3 *"), rules=RUMMIKUB).points, hand_cost("r5 k3 *", rules=RUMMIKUB).points
        (38, 38)
        >>> hand_cost(parse_pieces("Ah 2h 3h 9c Kd"), rules=GIN_RUMMY).how
        'deadwood after melding Ah 2h 3h'
    """
    return family(rules).cost(pieces_of(pieces, rules=ruleset(rules), what="the hand"), rules)


def _rules_for(game: str | RuleSet, rules: RuleSet | Mapping[str, Any] | None) -> RuleSet:
    preset = find_ruleset(game) if isinstance(game, str) else ruleset(game)
    if rules is None:
        return preset
    if isinstance(rules, Mapping):
        return preset.with_options(rules)
    chosen = ruleset(rules)
    if family(chosen) is not family(preset):
        raise RuleSetError(
            f"the rules of {chosen.title} cannot play {preset.title}: give rules of the same game",
            code=ErrorCode.UNSUPPORTED_RULES,
        )
    return chosen


def deal(
    game: str | RuleSet,
    *,
    players: int,
    seed: Seed | None = None,
    state_type: str | None = None,
    rules: RuleSet | Mapping[str, Any] | None = None,
) -> Referee[Any]:
    """Deal a new game of any registered game, by name: the one way in for a generic driver.

    The referee is the game family's first (a Rummikub game, a contract round, a Gin hand, an
    Indian Rummy deal) unless ``state_type`` names another of its family (``"contract-game"``,
    ``"gin-game"``, ``"indian-game"``: see `state_types`), as the batch op ``deal`` does.

    Args:
        game: A game's name (``"gin_rummy"``, ``"shanghai"``; see `rummylib.rules.find_ruleset`),
            or a rule set.
        players: How many seats.
        seed: The deal's seed (the same seed deals the same cards); ``None`` picks one at random.
            The state keeps it, so its record and its saves replay it.
        state_type: Which referee of the game's family, by the name its saves carry.
        rules: House rules: a rule set of the same game, or a dict of options changed from the
            preset (`RuleSet.with_options`).

    Returns:
        The referee state, ready for ``legal_actions()`` and ``apply(...)``.

    Raises:
        RuleSetError: an unknown game (``unknown-game``), options it does not have, a number of
            players it does not allow (``bad-players``), rules of another game
            (``unsupported-rules``), or a ``state_type`` not of its family (``unknown-game``).

    Examples:
        >>> state = deal("gin_rummy", players=2, seed=1)
        >>> type(state).__name__, state.to_move, len(state.legal_actions()) > 0
        ('GinHand', 1, True)
        >>> type(deal("shanghai", players=3, seed=2, state_type="contract-game")).__name__
        'ContractGame'
        >>> deal("rummikub", players=3, seed=0, rules={"initial_meld_points": 25}).rules.initial_meld_points
        25
        >>> deal("gin", players=2, state_type="contract-round")
        Traceback (most recent call last):
        ...
        rummylib.errors.RuleSetError: Gin Rummy has no referee 'contract-round'; it has gin-hand, gin-game
    """
    chosen = _rules_for(game, rules)
    found = family(chosen)
    if state_type is not None and state_type not in found.save_types:
        raise RuleSetError(
            f"{chosen.title} has no referee {state_type[:40]!r}; it has {', '.join(found.save_types)}",
            code=ErrorCode.UNKNOWN_GAME,
        )
    cls = found.state(found.save_types[0] if state_type is None else state_type)
    if seed is None:
        seed = random.SystemRandom().randrange(2**63)
    return cls.deal(rules=chosen, players=players, seed=seed)
