"""rummylib: the rules of the rummy family (Rummikub, Contract Rummy, Shanghai, Gin, Indian Rummy).

The names most programs need, from the core (pieces, notation, rule sets, melds, tables, errors,
the referee protocol), the game packages (`rummylib.rummikub`, `rummylib.contracts`,
`rummylib.gin`, `rummylib.indian`) and the registry of games. Every name is also importable from
the module that defines it.

``import rummylib`` loads the core only; a name of a game package or of the registry is imported
the first time it is used (``from rummylib import validate_turn`` loads `rummylib.rummikub`), so
a program pays only for the games it plays.

Examples:
    >>> import rummylib
    >>> reading = rummylib.check_meld("r5 r6 *", rules=rummylib.RUMMIKUB)
    >>> reading.kind.value, reading.value, [str(j) for j in reading.jokers]
    ('run', 18, ['R7'])
"""

import typing

from rummylib import _deprecation

# The names re-exported as themselves (`X as X`), one statement per module.
# isort: off
from rummylib._build import (
    BuildInfo as BuildInfo,
)
from rummylib.cards import (
    Card as Card,
    Rank as Rank,
    Suit as Suit,
)
from rummylib.errors import (
    ArgumentError as ArgumentError,
    ErrorCode as ErrorCode,
    IllegalActionError as IllegalActionError,
    IllegalPlayError as IllegalPlayError,
    InvalidMeldError as InvalidMeldError,
    InvalidPiecesError as InvalidPiecesError,
    InvalidStateError as InvalidStateError,
    LimitExceededError as LimitExceededError,
    NotationError as NotationError,
    RecordError as RecordError,
    RequestError as RequestError,
    RuleId as RuleId,
    RuleSetError as RuleSetError,
    RummyError as RummyError,
    SaveError as SaveError,
    ScoringInputError as ScoringInputError,
    SearchLimitReached as SearchLimitReached,
    SolverError as SolverError,
    TableMismatchError as TableMismatchError,
    Violation as Violation,
)
from rummylib.melds import (
    Face as Face,
    Meld as Meld,
    MeldKind as MeldKind,
    MeldLike as MeldLike,
    MeldReading as MeldReading,
    as_meld as as_meld,
    check_meld as check_meld,
    is_valid_meld as is_valid_meld,
    meld_readings as meld_readings,
    meld_violations as meld_violations,
    read_meld as read_meld,
)
from rummylib.notation import (
    format_melds as format_melds,
    parse_melds as parse_melds,
    parse_piece as parse_piece,
    parse_pieces as parse_pieces,
)
from rummylib.pieces import (
    JOKER as JOKER,
    Family as Family,
    Joker as Joker,
    Piece as Piece,
    PieceCount as PieceCount,
    PieceLike as PieceLike,
    PiecesLike as PiecesLike,
    format_pieces as format_pieces,
    piece_sort_key as piece_sort_key,
)
from rummylib.rules import (
    CONTRACT_RUMMY as CONTRACT_RUMMY,
    GIN_RUMMY as GIN_RUMMY,
    INDIAN_RUMMY as INDIAN_RUMMY,
    PRESETS as PRESETS,
    RUMMIKUB as RUMMIKUB,
    SHANGHAI as SHANGHAI,
    Contract as Contract,
    IndianFormat as IndianFormat,
    JokerPolicy as JokerPolicy,
    JokerRetrieval as JokerRetrieval,
    JokerSwap as JokerSwap,
    Round as Round,
    RuleSet as RuleSet,
    ScoringScheme as ScoringScheme,
    find_ruleset as find_ruleset,
)
from rummylib.tiles import (
    Color as Color,
    Tile as Tile,
)

# isort: on
from rummylib._build import compiled_modules as _compiled_modules

if typing.TYPE_CHECKING:  # _LAZY's names, written from it by tests/architecture/test_exports.py
    from rummylib.contracts import ContractGame as ContractGame
    from rummylib.contracts import ContractNotMetError as ContractNotMetError
    from rummylib.contracts import ContractPlan as ContractPlan
    from rummylib.contracts import ContractRound as ContractRound
    from rummylib.contracts import LayOffResult as LayOffResult
    from rummylib.contracts import MeldDown as MeldDown
    from rummylib.contracts import Substitution as Substitution
    from rummylib.contracts import check_contract as check_contract
    from rummylib.contracts import check_layoff as check_layoff
    from rummylib.contracts import check_substitution as check_substitution
    from rummylib.contracts import contract_for as contract_for
    from rummylib.contracts import contract_violations as contract_violations
    from rummylib.contracts import find_contract as find_contract
    from rummylib.contracts import is_legal_contract as is_legal_contract
    from rummylib.contracts import is_legal_layoff as is_legal_layoff
    from rummylib.contracts import is_legal_substitution as is_legal_substitution
    from rummylib.contracts import layoff_violations as layoff_violations
    from rummylib.contracts import score_contract_round as score_contract_round
    from rummylib.contracts import substitution_violations as substitution_violations
    from rummylib.decks import Deal as Deal
    from rummylib.decks import full_set as full_set
    from rummylib.decks import shuffled as shuffled
    from rummylib.gin import DeadwoodResult as DeadwoodResult
    from rummylib.gin import GinGame as GinGame
    from rummylib.gin import GinHand as GinHand
    from rummylib.gin import GinHandResult as GinHandResult
    from rummylib.gin import GinInputError as GinInputError
    from rummylib.gin import KnockError as KnockError
    from rummylib.gin import check_knock as check_knock
    from rummylib.gin import is_legal_knock as is_legal_knock
    from rummylib.gin import knock_violations as knock_violations
    from rummylib.gin import score_game as score_game
    from rummylib.gin import score_hand as score_hand
    from rummylib.gin.deadwood import deadwood as deadwood
    from rummylib.indian import IndianArrangement as IndianArrangement
    from rummylib.indian import IndianDeal as IndianDeal
    from rummylib.indian import IndianGame as IndianGame
    from rummylib.indian import InvalidDeclarationError as InvalidDeclarationError
    from rummylib.indian import best_arrangement as best_arrangement
    from rummylib.indian import check_declaration as check_declaration
    from rummylib.indian import declaration_violations as declaration_violations
    from rummylib.indian import find_declaration as find_declaration
    from rummylib.indian import is_valid_declaration as is_valid_declaration
    from rummylib.referee import Outcome as Outcome
    from rummylib.referee import Referee as Referee
    from rummylib.registry import deal as deal
    from rummylib.registry import hand_cost as hand_cost
    from rummylib.rummikub import Budget as Budget
    from rummylib.rummikub import IllegalTurnError as IllegalTurnError
    from rummylib.rummikub import Objective as Objective
    from rummylib.rummikub import RummikubGame as RummikubGame
    from rummylib.rummikub import Solution as Solution
    from rummylib.rummikub import SolverInputError as SolverInputError
    from rummylib.rummikub import TurnChanges as TurnChanges
    from rummylib.rummikub import TurnReport as TurnReport
    from rummylib.rummikub import arrange as arrange
    from rummylib.rummikub import can_play as can_play
    from rummylib.rummikub import check_turn as check_turn
    from rummylib.rummikub import is_legal_turn as is_legal_turn
    from rummylib.rummikub import lay_down as lay_down
    from rummylib.rummikub import playable_tiles as playable_tiles
    from rummylib.rummikub import score_rummikub as score_rummikub
    from rummylib.rummikub import solve as solve
    from rummylib.rummikub import turn_violations as turn_violations
    from rummylib.rummikub import validate_turn as validate_turn
    from rummylib.scoring import HandCost as HandCost
    from rummylib.scoring import hand_points as hand_points
    from rummylib.table import MeldsLike as MeldsLike
    from rummylib.table import Table as Table

__version__ = "0.1.0"
"""The version number of this rummylib, as a string (``"0.1.0"``); the package's metadata takes it from here."""


def build_info() -> BuildInfo:
    """Which build of rummylib is running, as a `BuildInfo`: pure Python, or which modules run compiled.

    ``rummylib --version`` prints the same line.

    Examples:
        >>> info = build_info()
        >>> info.kind in {"compiled", "pure Python"} and info.version == __version__
        True
    """
    return BuildInfo(__version__, _compiled_modules())


_LAZY: dict[str, tuple[str, ...]] = {
    "rummylib.decks": ("Deal", "full_set", "shuffled"),
    "rummylib.referee": ("Outcome", "Referee"),
    "rummylib.scoring": ("HandCost", "hand_points"),
    "rummylib.table": ("MeldsLike", "Table"),
    "rummylib.contracts": (
        "ContractGame",
        "ContractNotMetError",
        "ContractPlan",
        "ContractRound",
        "LayOffResult",
        "MeldDown",
        "Substitution",
        "check_contract",
        "check_layoff",
        "check_substitution",
        "contract_for",
        "contract_violations",
        "find_contract",
        "is_legal_contract",
        "is_legal_layoff",
        "is_legal_substitution",
        "layoff_violations",
        "score_contract_round",
        "substitution_violations",
    ),
    "rummylib.gin": (
        "DeadwoodResult",
        "GinGame",
        "GinHand",
        "GinHandResult",
        "GinInputError",
        "KnockError",
        "check_knock",
        "is_legal_knock",
        "knock_violations",
        "score_game",
        "score_hand",
    ),
    "rummylib.gin.deadwood": ("deadwood",),
    "rummylib.indian": (
        "IndianArrangement",
        "IndianDeal",
        "IndianGame",
        "InvalidDeclarationError",
        "best_arrangement",
        "check_declaration",
        "declaration_violations",
        "find_declaration",
        "is_valid_declaration",
    ),
    "rummylib.registry": (
        "deal",
        "hand_cost",
    ),
    "rummylib.rummikub": (
        "Budget",
        "IllegalTurnError",
        "Objective",
        "RummikubGame",
        "Solution",
        "SolverInputError",
        "TurnChanges",
        "TurnReport",
        "arrange",
        "can_play",
        "check_turn",
        "is_legal_turn",
        "lay_down",
        "playable_tiles",
        "score_rummikub",
        "solve",
        "turn_violations",
        "validate_turn",
    ),
}
"""The names the package re-exports from the game packages, the registry, and the core modules a
first meld does not need (decks, the referee protocol, scoring, tables), by module.

They are imported when first used, not with the package: a program that uses the core alone (pieces,
notation, rule sets, melds) does not pay for four games, their referees and the solver, and a
`rummylib batch` worker answers its first meld sooner.
"""

# The one late import of the package, measured worth it: `import rummylib` loads 15 of its modules
# instead of 42 and takes about 40% less time (CPU, median of 15 runs: 154 -> 88 ms with check_meld,
# 154 -> 114 ms with validate_turn; `python -X importtime`: median 423 -> 254 ms, busy machine).
# The same loader as each game package's (`rummylib._deprecation.LazyAttributes`); a game package's
# own name (``rummylib.gin``) imports that package.
if not typing.TYPE_CHECKING:  # type checkers read the TYPE_CHECKING imports, and flag any other name
    __getattr__ = _deprecation.LazyAttributes(globals(), _LAZY)
    __dir__ = __getattr__.dir
