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

from typing import TYPE_CHECKING

from rummylib._build import BuildInfo, compiled_modules
from rummylib._deprecation import LazyAttributes
from rummylib.cards import Card, Rank, Suit
from rummylib.decks import Deal, full_set, shuffled
from rummylib.errors import (
    ArgumentError,
    ContractNotMetError,
    ErrorCode,
    GinInputError,
    IllegalActionError,
    IllegalPlayError,
    IllegalTurnError,
    InvalidDeclarationError,
    InvalidMeldError,
    InvalidPiecesError,
    InvalidStateError,
    KnockError,
    LimitExceededError,
    NotationError,
    RecordError,
    RequestError,
    RuleId,
    RuleSetError,
    RummyError,
    SaveError,
    ScoringInputError,
    SearchLimitReached,
    SolverError,
    TableMismatchError,
    Violation,
)
from rummylib.melds import (
    Face,
    Meld,
    MeldKind,
    MeldLike,
    MeldReading,
    as_meld,
    check_meld,
    is_valid_meld,
    meld_readings,
    meld_violations,
    read_meld,
)
from rummylib.notation import format_melds, parse_melds, parse_piece, parse_pieces
from rummylib.pieces import JOKER, Family, Joker, Piece, PieceCount, PiecesLike, format_pieces, piece_sort_key
from rummylib.referee import Outcome, Referee
from rummylib.rules import (
    CONTRACT_RUMMY,
    GIN_RUMMY,
    INDIAN_RUMMY,
    PRESETS,
    RUMMIKUB,
    SHANGHAI,
    Contract,
    IndianFormat,
    JokerPolicy,
    JokerRetrieval,
    JokerSwap,
    Round,
    RuleSet,
    ScoringScheme,
    find_ruleset,
)
from rummylib.scoring import HandCost, hand_points
from rummylib.table import MeldsLike, Table
from rummylib.tiles import Color, Tile

if TYPE_CHECKING:  # the names of the games and the registry, loaded on first use (see __getattr__)
    from rummylib.contracts import (
        ContractGame,
        ContractPlan,
        ContractRound,
        LayOffResult,
        MeldDown,
        Substitution,
        check_contract,
        check_layoff,
        check_substitution,
        contract_for,
        contract_violations,
        find_contract,
        is_legal_contract,
        is_legal_layoff,
        is_legal_substitution,
        layoff_violations,
        score_contract_round,
        substitution_violations,
    )

    # The old names, kept with a warning until 0.3.0 (see docs/compatibility.md); not in __all__.
    from rummylib.contracts import is_contract_met as is_contract_met  # type: ignore[deprecated]  # re-exported, not used
    from rummylib.contracts import lay_off as lay_off  # type: ignore[deprecated]  # re-exported, not used
    from rummylib.contracts import substitute_joker as substitute_joker  # type: ignore[deprecated]  # re-exported, not used
    from rummylib.gin import (
        DeadwoodResult,
        GinGame,
        GinHand,
        GinHandResult,
        check_knock,
        is_legal_knock,
        knock_violations,
        score_game,
        score_hand,
    )
    from rummylib.gin import can_knock as can_knock  # type: ignore[deprecated]  # re-exported, not used
    from rummylib.gin.deadwood import deadwood  # from its module: mypy takes rummylib.gin's name for the module
    from rummylib.indian import (
        IndianArrangement,
        IndianDeal,
        IndianGame,
        best_arrangement,
        check_declaration,
        declaration_violations,
        find_declaration,
        is_valid_declaration,
    )
    from rummylib.registry import deal, hand_cost
    from rummylib.rummikub import (
        Budget,
        Objective,
        RummikubGame,
        Solution,
        TurnChanges,
        TurnReport,
        arrange,
        can_play,
        check_turn,
        is_legal_turn,
        lay_down,
        playable_tiles,
        score_rummikub,
        solve,
        turn_violations,
        validate_turn,
    )

__version__ = "0.1.0"


def build_info() -> BuildInfo:
    """Which build is installed: the version, and the modules compiled with mypyc (none when pure).

    ``rummylib --version`` prints the same line.

    Examples:
        >>> info = build_info()
        >>> info.kind in {"compiled", "pure Python"} and info.version == __version__
        True
    """
    return BuildInfo(__version__, compiled_modules())


__all__ = [
    "CONTRACT_RUMMY",
    "GIN_RUMMY",
    "INDIAN_RUMMY",
    "JOKER",
    "PRESETS",
    "RUMMIKUB",
    "SHANGHAI",
    "ArgumentError",
    "Budget",
    "BuildInfo",
    "Card",
    "Color",
    "Contract",
    "ContractGame",
    "ContractNotMetError",
    "ContractPlan",
    "ContractRound",
    "DeadwoodResult",
    "Deal",
    "ErrorCode",
    "Face",
    "Family",
    "GinGame",
    "GinHand",
    "GinHandResult",
    "GinInputError",
    "HandCost",
    "IllegalActionError",
    "IllegalPlayError",
    "IllegalTurnError",
    "IndianArrangement",
    "IndianDeal",
    "IndianFormat",
    "IndianGame",
    "InvalidDeclarationError",
    "InvalidMeldError",
    "InvalidPiecesError",
    "InvalidStateError",
    "Joker",
    "JokerPolicy",
    "JokerRetrieval",
    "JokerSwap",
    "KnockError",
    "LayOffResult",
    "LimitExceededError",
    "Meld",
    "MeldDown",
    "MeldKind",
    "MeldLike",
    "MeldReading",
    "MeldsLike",
    "NotationError",
    "Objective",
    "Outcome",
    "Piece",
    "PieceCount",
    "PiecesLike",
    "Rank",
    "RecordError",
    "Referee",
    "RequestError",
    "Round",
    "RuleId",
    "RuleSet",
    "RuleSetError",
    "RummikubGame",
    "RummyError",
    "SaveError",
    "ScoringInputError",
    "ScoringScheme",
    "SearchLimitReached",
    "Solution",
    "SolverError",
    "Substitution",
    "Suit",
    "Table",
    "TableMismatchError",
    "Tile",
    "TurnChanges",
    "TurnReport",
    "Violation",
    "__version__",
    "arrange",
    "as_meld",
    "best_arrangement",
    "build_info",
    "can_play",
    "check_contract",
    "check_declaration",
    "check_knock",
    "check_layoff",
    "check_meld",
    "check_substitution",
    "check_turn",
    "contract_for",
    "contract_violations",
    "deadwood",
    "deal",
    "declaration_violations",
    "find_contract",
    "find_declaration",
    "find_ruleset",
    "format_melds",
    "format_pieces",
    "full_set",
    "hand_cost",
    "hand_points",
    "is_legal_contract",
    "is_legal_knock",
    "is_legal_layoff",
    "is_legal_substitution",
    "is_legal_turn",
    "is_valid_declaration",
    "is_valid_meld",
    "knock_violations",
    "lay_down",
    "layoff_violations",
    "meld_readings",
    "meld_violations",
    "parse_melds",
    "parse_piece",
    "parse_pieces",
    "piece_sort_key",
    "playable_tiles",
    "read_meld",
    "score_contract_round",
    "score_game",
    "score_hand",
    "score_rummikub",
    "shuffled",
    "solve",
    "substitution_violations",
    "turn_violations",
    "validate_turn",
]

_LAZY: dict[str, tuple[str, ...]] = {
    "rummylib.contracts": (
        "ContractGame",
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
        "is_contract_met",  # deprecated (see the TYPE_CHECKING imports)
        "lay_off",  # deprecated
        "substitute_joker",  # deprecated
    ),
    "rummylib.gin": (
        "DeadwoodResult",
        "GinGame",
        "GinHand",
        "GinHandResult",
        "check_knock",
        "is_legal_knock",
        "knock_violations",
        "score_game",
        "score_hand",
        "can_knock",  # deprecated
    ),
    "rummylib.gin.deadwood": ("deadwood",),
    "rummylib.indian": (
        "IndianArrangement",
        "IndianDeal",
        "IndianGame",
        "best_arrangement",
        "check_declaration",
        "declaration_violations",
        "find_declaration",
        "is_valid_declaration",
    ),
    "rummylib.registry": ("deal", "hand_cost"),
    "rummylib.rummikub": (
        "Budget",
        "Objective",
        "RummikubGame",
        "Solution",
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
"""The names the package re-exports from the game packages and the registry, by module.

They are imported when first used, not with the package: a program that uses the core alone (pieces,
notation, rule sets, melds, tables) does not pay for four games, their referees and the solver.
"""

# The one late import of the package, measured worth it: `import rummylib` loads 15 of its modules
# instead of 42 and takes about 40% less time (CPU, median of 15 runs: 154 -> 88 ms with check_meld,
# 154 -> 114 ms with validate_turn; `python -X importtime`: median 423 -> 254 ms, busy machine).
# The same loader as each game package's (`rummylib._deprecation.LazyAttributes`); a game package's
# own name (``rummylib.gin``) imports that package.
if not TYPE_CHECKING:
    __getattr__ = LazyAttributes(globals(), _LAZY)
    __dir__ = __getattr__.dir
