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
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType

import attrs

from rummylib import contracts, gin, indian, rummikub
from rummylib._inputs import pieces as pieces_of
from rummylib._inputs import ruleset
from rummylib.pieces import Piece, PiecesLike
from rummylib.referee import Referee
from rummylib.rules import RuleSet, ScoringScheme
from rummylib.scoring import HandCost, hand_points

__all__ = ["FAMILIES", "GameFamily", "family", "family_named", "family_of", "hand_cost", "state_types"]


@attrs.frozen
class GameFamily:
    """One game family: its rule sets, referee states and actions, and what a hand costs in it.

    Examples:
        >>> family_of(rummikub.RummikubGame).title
        'Rummikub'
    """

    name: str
    """The family's name, that of its package (``"contracts"``)."""
    title: str
    """Its name for people (``"Contract Rummy and Shanghai"``)."""
    schemes: frozenset[ScoringScheme]
    """The scoring schemes of the rule sets it plays (a rule set's ``scoring`` picks its family)."""
    states: tuple[type[Referee], ...]
    """Its referee state classes (each names its saves by its ``SAVE_TYPE``)."""
    actions: tuple[type, ...]
    """The action classes its referees take."""
    cost: Callable[[Sequence[Piece], RuleSet], HandCost] = attrs.field(repr=False)
    """What a hand left at the end costs, counted the family's way."""


def _pieces_cost(held: Sequence[Piece], rules: RuleSet) -> HandCost:
    return HandCost(hand_points(held, rules=rules), (), "points of the pieces left in hand")


def _gin_cost(held: Sequence[Piece], rules: RuleSet) -> HandCost:
    result = gin.deadwood(held, rules=rules)
    discard = f", discard {result.discard}" if result.discard is not None else ""
    shown = ", ".join(str(m) for m in result.melds) or "no melds"
    return HandCost(result.deadwood, tuple(result.melds), f"deadwood after melding {shown}{discard}")


def _indian_cost(held: Sequence[Piece], rules: RuleSet) -> HandCost:
    arrangement = indian.best_arrangement(held, rules=rules)
    shown = ", ".join(str(m) for m in arrangement.melds) or "no melds"
    return HandCost(arrangement.points, arrangement.melds, f"best arrangement ({arrangement.case}): {shown}")


FAMILIES: tuple[GameFamily, ...] = (
    GameFamily(
        name="rummikub",
        title="Rummikub",
        schemes=frozenset({ScoringScheme.RACK}),
        states=(rummikub.RummikubGame,),
        actions=(rummikub.Play, rummikub.Draw, rummikub.Pass, rummikub.Timeout),
        cost=_pieces_cost,
    ),
    GameFamily(
        name="contracts",
        title="Contract Rummy and Shanghai",
        schemes=frozenset({ScoringScheme.CONTRACT}),
        states=(contracts.ContractRound, contracts.ContractGame),
        actions=(
            contracts.DrawStock,
            contracts.DrawDiscard,
            contracts.Buy,
            contracts.DeclineBuy,
            contracts.LayDown,
            contracts.LayOff,
            contracts.SwapJoker,
            contracts.Discard,
        ),
        cost=_pieces_cost,
    ),
    GameFamily(
        name="gin",
        title="Gin Rummy",
        schemes=frozenset({ScoringScheme.GIN}),
        states=(gin.GinHand, gin.GinGame),
        actions=(gin.DrawStock, gin.DrawDiscard, gin.Discard, gin.Knock),
        cost=_gin_cost,
    ),
    GameFamily(
        name="indian",
        title="Indian Rummy",
        schemes=frozenset({ScoringScheme.INDIAN}),
        states=(indian.IndianDeal, indian.IndianGame),
        actions=(indian.DrawStock, indian.DrawDiscard, indian.Discard, indian.Declare, indian.Drop),
        cost=_indian_cost,
    ),
)
"""Every game family rummylib knows, in the order of the rule book."""

_BY_SCHEME = {scheme: f for f in FAMILIES for scheme in f.schemes}
_BY_STATE = {cls: f for f in FAMILIES for cls in f.states}
_STATES: Mapping[str, type[Referee]] = MappingProxyType({cls.SAVE_TYPE: cls for f in FAMILIES for cls in f.states})
_BY_NAME = {f.name: f for f in FAMILIES}


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
        >>> family_of(gin.GinHand.deal(rules=GIN_RUMMY, seed=1)).name
        'gin'
    """
    cls = state if isinstance(state, type) else type(state)
    found = _BY_STATE.get(cls)
    if found is None:
        raise TypeError(f"not a referee state: {cls.__name__}")
    return found


def family_named(name: str) -> GameFamily:
    """The family of that name (``"gin"``).

    Raises:
        KeyError: no family of that name.

    Examples:
        >>> family_named("contracts").title
        'Contract Rummy and Shanghai'
    """
    return _BY_NAME[name]


def state_types() -> Mapping[str, type[Referee]]:
    """Every referee state class, by the name saves give it (``"gin-hand"``).

    Examples:
        >>> state_types()["gin-hand"] is gin.GinHand
        True
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
