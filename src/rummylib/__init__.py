"""rummylib: the rules of the rummy family (Rummikub, Contract Rummy, Shanghai, Gin, Indian Rummy).

Examples:
    >>> import rummylib
    >>> reading = rummylib.check_meld("r5 r6 *", rules=rummylib.RUMMIKUB)
    >>> reading.kind.value, reading.value, [str(j) for j in reading.jokers]
    ('run', 18, ['R7'])
"""

from rummylib.cards import Card, Rank, Suit
from rummylib.errors import (
    ContractNotMetError,
    IllegalActionError,
    IllegalPlayError,
    IllegalTurnError,
    InvalidMeldError,
    InvalidPiecesError,
    LimitExceededError,
    NotationError,
    RequestError,
    RuleId,
    RuleSetError,
    RummyError,
    SearchLimitReached,
    SolverError,
    Violation,
)
from rummylib.melds import (
    Face,
    Meld,
    MeldKind,
    MeldReading,
    as_meld,
    check_meld,
    is_valid_meld,
    meld_readings,
    meld_violations,
    read_meld,
)
from rummylib.notation import format_melds, parse_melds, parse_piece, parse_pieces
from rummylib.pieces import JOKER, Family, Joker, Piece, PieceCount, format_pieces, piece_sort_key
from rummylib.rules import (
    CONTRACT_RUMMY,
    GIN_RUMMY,
    INDIAN_RUMMY,
    PRESETS,
    RUMMIKUB,
    SHANGHAI,
    Contract,
    JokerPolicy,
    JokerRetrieval,
    JokerSwap,
    Round,
    RuleSet,
    ScoringScheme,
    find_ruleset,
)
from rummylib.tiles import Color, Tile

__version__ = "0.1.0"

__all__ = [
    "CONTRACT_RUMMY",
    "GIN_RUMMY",
    "INDIAN_RUMMY",
    "JOKER",
    "PRESETS",
    "RUMMIKUB",
    "SHANGHAI",
    "Card",
    "Color",
    "Contract",
    "ContractNotMetError",
    "Face",
    "Family",
    "IllegalActionError",
    "IllegalPlayError",
    "IllegalTurnError",
    "InvalidMeldError",
    "InvalidPiecesError",
    "Joker",
    "JokerPolicy",
    "JokerRetrieval",
    "JokerSwap",
    "LimitExceededError",
    "Meld",
    "MeldKind",
    "MeldReading",
    "NotationError",
    "Piece",
    "PieceCount",
    "Rank",
    "RequestError",
    "Round",
    "RuleId",
    "RuleSet",
    "RuleSetError",
    "RummyError",
    "ScoringScheme",
    "SearchLimitReached",
    "SolverError",
    "Suit",
    "Tile",
    "Violation",
    "__version__",
    "as_meld",
    "check_meld",
    "find_ruleset",
    "format_melds",
    "format_pieces",
    "is_valid_meld",
    "meld_readings",
    "meld_violations",
    "parse_melds",
    "parse_piece",
    "parse_pieces",
    "piece_sort_key",
    "read_meld",
]
