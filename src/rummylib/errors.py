"""The error tree and the coded findings every check returns.

Every exception rummylib raises on purpose derives from [`RummyError`][rummylib.errors.RummyError]
and carries a stable [`ErrorCode`][rummylib.errors.ErrorCode] as ``code``. An error about the
caller's input also derives from ``ValueError`` (``TypeError`` stays the plain builtin, for a value
of the wrong Python type), so plain ``except ValueError`` keeps working:

```text
RummyError
├── NotationError, InvalidPiecesError, LimitExceededError   (and ValueError) pieces and notation
├── RuleSetError                                            (and ValueError) games, options, rounds
├── ScoringInputError, InvalidStateError, SaveError,        (and ValueError) hands, states, saves,
│   RecordError, TableMismatchError, RequestError           records, tables, batch requests
├── IllegalPlayError                                        (and ValueError) a play against the rules
│   ├── InvalidMeldError                                    .violations lists every finding
│   └── IllegalActionError                                  a referee's refusal
├── SolverError                                             a search failed on its own (a bug)
│   └── SearchLimitReached                                  the caller's budget ran out
└── the errors of one game, defined in its package:
    rummylib.rummikub: IllegalTurnError (an IllegalActionError), SolverInputError (and ValueError)
    rummylib.contracts: ContractNotMetError (an IllegalPlayError)
    rummylib.gin: KnockError (an IllegalPlayError), GinInputError (and ValueError)
    rummylib.indian: InvalidDeclarationError (an IllegalPlayError)
```

Two more live with the faces that raise them: `rummylib.batch.wire.HalfPairError` (a
`RequestError`) and the agent environments' missing-extra error (an ``ImportError``). Apart from
that one, only `SolverError` and `SearchLimitReached` are not ``ValueError``s: neither is about the
input. The errors of a game are importable from its package and from ``rummylib``.

A check that fails never answers only "no": it returns [`Violation`][rummylib.errors.Violation]
values, each with a stable [`RuleId`][rummylib.errors.RuleId] ``code``, a ``message`` for people,
and the meld and pieces concerned.

Examples:
    >>> from rummylib import Meld, check_meld, RUMMIKUB, InvalidMeldError
    >>> try:
    ...     check_meld(Meld.parse("r12 r13 r1"), rules=RUMMIKUB)
    ... except InvalidMeldError as exc:
    ...     print(exc.violations[0].code, "/", exc.violations[0].message)
    run-wraps / R12 R13 R1 would need the run to wrap from 13 round to 1; runs never wrap
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from enum import StrEnum
from typing import Protocol

import attrs

__all__ = [
    "ArgumentError",
    "ErrorCode",
    "IllegalActionError",
    "IllegalPlayError",
    "InvalidMeldError",
    "InvalidPiecesError",
    "InvalidStateError",
    "LimitExceededError",
    "Notated",
    "NotationError",
    "RecordError",
    "RequestError",
    "RuleId",
    "RuleSetError",
    "RummyError",
    "SaveError",
    "ScoringInputError",
    "SearchLimitReached",
    "SolverError",
    "TableMismatchError",
    "Violation",
]


class Notated(Hashable, Protocol):
    """What a finding names: a piece (`rummylib.pieces.Piece`), written in notation by ``str``.

    The error module sits below the pieces, so it names them by this small protocol; every
    `Violation` rummylib makes holds tiles, cards and jokers.
    """


class RuleId(StrEnum):
    """Stable kebab-case codes for every rule a check can find broken.

    The value is the code itself: a member is a ``str`` equal to its code
    (``RuleId.RUN_WRAPS == "run-wraps"``), and shows as that code in lists and reprs, the way
    `Violation.code` appears in JSON. Codes never change once published; new ones are only added.

    Examples:
        >>> RuleId("run-wraps") is RuleId.RUN_WRAPS, RuleId.RUN_WRAPS == "run-wraps"
        (True, True)
        >>> [RuleId.RUN_WRAPS, RuleId.RUN_GAP]
        ['run-wraps', 'run-gap']
    """

    def __repr__(self) -> str:
        return repr(self.value)

    # --- one meld -------------------------------------------------------------------------
    MELD_EMPTY = "meld-empty"
    """The meld holds no pieces at all."""
    PIECE_NOT_IN_GAME = "piece-not-in-game"
    """A piece that the game's box or decks do not contain (a green tile, a card in Rummikub)."""
    NO_NATURAL_PIECE = "no-natural-piece"
    """Every piece is a joker or a wild card that must act as one, so nothing fixes the meld."""
    GROUP_TOO_SMALL = "group-too-small"
    """A group (set) has fewer pieces than the rules require."""
    GROUP_TOO_LARGE = "group-too-large"
    """A group (set) has more pieces than the rules allow."""
    GROUP_RANKS_DIFFER = "group-ranks-differ"
    """The natural pieces of a group do not all show the same number or rank."""
    GROUP_COLOUR_REPEATED = "group-colour-repeated"
    """A group where colours (or suits) must all differ repeats one."""
    RUN_TOO_SHORT = "run-too-short"
    """A run has fewer pieces than the rules require."""
    RUN_TOO_LONG = "run-too-long"
    """A run has more pieces than the numbers (or ranks) available allow."""
    MIXED_SUITS = "mixed-suits"
    """A run mixes colours (tiles) or suits (cards)."""
    RUN_DUPLICATE_RANK = "run-duplicate-rank"
    """A run holds the same number or rank twice."""
    RUN_GAP = "run-gap"
    """The numbers of a run are too far apart for its jokers to fill the gaps."""
    RUN_WRAPS = "run-wraps"
    """A run would only be consecutive by wrapping round from the top number to 1 (K-A-2)."""
    TOO_MANY_JOKERS = "too-many-jokers"
    """A meld holds more jokers than the rules allow (for example more jokers than natural cards)."""
    NOT_A_MELD = "not-a-meld"
    """The pieces form neither a group nor a run (when no more precise reason applies)."""

    # --- Rummikub turns -------------------------------------------------------------------
    TILE_ALONE = "tile-alone"
    """A tile stands alone on the table after the turn (it must be part of a set)."""
    TABLE_TILE_MISSING = "table-tile-missing"
    """A tile that was on the table (a joker included) is not on it after the turn."""
    TILE_FROM_NOWHERE = "tile-from-nowhere"
    """A tile on the table after the turn was neither on the table before nor on the rack."""
    NO_TILE_PLAYED = "no-tile-played"
    """The turn played no tile from the rack (the player must draw instead)."""
    INITIAL_MELD_TOO_LOW = "initial-meld-too-low"
    """The initial meld is worth less than ``initial_meld_points``."""
    INITIAL_MELD_TABLE_CHANGED = "initial-meld-table-changed"
    """A set on the table changed during the player's initial meld."""
    INITIAL_MELD_TABLE_TILE_USED = "initial-meld-table-tile-used"
    """A tile from the table was used in a new set during the player's initial meld."""
    JOKER_SET_BROKEN = "joker-set-broken"
    """Under ``joker_retrieval="replace"``, a set holding a joker was not kept together."""
    JOKER_NOT_REPLACED = "joker-not-replaced"
    """Under ``joker_retrieval="replace"``, a joker left its set without its tile from the rack."""
    FREED_JOKER_MISPLACED = "freed-joker-misplaced"
    """Under ``joker_retrieval="replace"``, a freed joker is not in a new set with two rack tiles."""

    # --- contracts (Contract Rummy, Shanghai: contracts, lay-offs, joker substitution) ---------
    CONTRACT_MELD_COUNT = "contract-meld-count"
    """A meld-down has more or fewer melds than the contract asks for."""
    CONTRACT_MELD_KINDS = "contract-meld-kinds"
    """A meld-down has the right number of melds but the wrong mix of sets and runs."""
    CONTRACT_SET_SIZE = "contract-set-size"
    """A set of a meld-down is not of the contract's size (exactly, or at least)."""
    CONTRACT_RUN_SIZE = "contract-run-size"
    """A run of a meld-down is not of the contract's size (exactly, or at least)."""
    CONTRACT_RUNS_CONTINUE = "contract-runs-continue"
    """Two runs of one suit in a contract continue each other, so they count as one run."""
    CONTRACT_NOT_IN_HAND = "contract-not-in-hand"
    """The melds hold cards (or jokers) that the player's hand does not."""
    CONTRACT_WHOLE_HAND = "contract-whole-hand"
    """The contract must take the whole hand but at most one card (Contract Rummy, round 7)."""
    LAYOFF_EMPTY = "layoff-empty"
    """A lay-off with no cards."""
    LAYOFF_WRONG_RANK = "layoff-wrong-rank"
    """A card laid off on a set is not of the set's rank."""
    LAYOFF_WRONG_SUIT = "layoff-wrong-suit"
    """A card laid off on a run is not of the run's suit."""
    LAYOFF_NO_PLACE = "layoff-no-place"
    """A card of the run's suit that extends neither end of the run."""
    LAYOFF_JOKER_SPOT = "layoff-joker-spot"
    """A card laid off where a joker stands, when jokers do not slide (take it by substitution)."""
    JOKER_SWAP_NOT_ALLOWED = "joker-swap-not-allowed"
    """The game never lets a joker be taken from the table (``joker_swap``)."""
    JOKER_SWAP_NOT_DOWN = "joker-swap-not-down"
    """Only a player who has met the contract may take a joker (Contract Rummy)."""
    JOKER_DEAD_IN_SET = "joker-dead-in-set"
    """Jokers in a set are dead: never taken back (Contract Rummy)."""
    JOKER_SWAP_NO_JOKER = "joker-swap-no-joker"
    """The meld holds no joker to take."""
    JOKER_SWAP_WRONG_CARD = "joker-swap-wrong-card"
    """The card put in is not the one any joker of the meld stands for."""

    # --- referees (Contract Rummy and Shanghai rounds; shared by every referee) ---------------
    ROUND_OVER = "round-over"
    """The round (or game) is over: no action is legal any more."""
    NOT_A_PLAYER = "not-a-player"
    """The action names a seat that is not at the table."""
    NOT_YOUR_TURN = "not-your-turn"
    """Only the player whose turn it is may do this now."""
    WRONG_PHASE = "wrong-phase"
    """The action does not fit this point of the turn (discarding before drawing, drawing twice)."""
    NOT_IN_HAND = "not-in-hand"
    """The player does not hold the cards the action uses."""
    NO_SUCH_MELD = "no-such-meld"
    """The action names a meld that is not on the table."""
    BUYING_OFF = "buying-off"
    """Buying ("May I?") is switched off (option ``buying``)."""
    BUY_NOT_OFFERED = "buy-not-offered"
    """The player is not being offered the discard now (it is their turn, or they already answered)."""
    BUY_LIMIT = "buy-limit"
    """The player has used every buy allowed this round (``max_buys``, ``max_buys_by_round``)."""
    BUYER_DOWN = "buyer-down"
    """A player who has met the contract may not buy (``down_player_may_buy`` off)."""
    BUY_TWICE_RUNNING = "buy-twice-running"
    """The same player may not buy two discards in a row (``multiple_buys``), nor a second without it."""
    BUY_STOCK_SHORT = "buy-stock-short"
    """The stock (with the reshuffle) cannot give the penalty cards and the next draw."""
    ALREADY_DOWN = "already-down"
    """The player has already laid down the contract this round (it is laid down once)."""
    NOT_DOWN = "not-down"
    """Lay-offs (and joker swaps where the game says so) need the contract met first."""
    LAYOFF_SAME_TURN = "layoff-same-turn"
    """No lay-off in the turn the contract is laid down (``layoff_same_turn`` off)."""
    SWAPPED_JOKER_UNUSED = "swapped-joker-unused"
    """A joker taken from the table must be played the same turn (``swapped_joker_must_be_used``)."""
    JOKER_SWAP_NEEDS_CONTRACT = "joker-swap-needs-contract"
    """A player not down who takes a joker must meet the contract that turn."""
    LAST_CARD_DISCARD = "last-card-discard"
    """With ``go_out_by_discard`` off, the last card must be laid off, never discarded."""
    DISCARD_TAKEN_CARD = "discard-taken-card"
    """With ``discard_taken_card`` off, the card taken from the discard pile may not be discarded in
    the turn it was taken."""

    # --- Gin Rummy ----------------------------------------------------------------------------
    KNOCK_OVER_LIMIT = "knock-over-limit"
    """A knock with more deadwood than the knock limit allows (gin only / Oklahoma included)."""

    # --- Indian Rummy -------------------------------------------------------------------------
    DECLARATION_SIZE = "declaration-size"
    """A declaration does not hold exactly the hand's number of cards (13)."""
    TOO_FEW_SEQUENCES = "too-few-sequences"
    """A declaration has fewer sequences (runs) than ``min_sequences`` (2)."""
    NO_PURE_SEQUENCE = "no-pure-sequence"
    """A declaration has fewer pure sequences than ``min_pure_sequences`` (1)."""


def _where(meld_index: int | None, pieces: tuple[Notated, ...]) -> str:
    """The place a finding names at the start of its message: ``meld 2 (R5 R6): ``, or nothing."""
    if meld_index is None:
        return ""
    shown = " ".join(str(p) for p in pieces)
    return f"meld {meld_index + 1} ({shown}): " if shown else f"meld {meld_index + 1}: "


@attrs.frozen
class Violation:
    """One broken rule: its code, what is wrong in words, and the meld and pieces concerned.

    ``message`` is the text to show a player, the same text as the batch interface's ``message``.
    A finding placed in a list of melds with `at` names the meld at the start of its message;
    ``str(v)`` adds the code at the end, for logs.

    Examples:
        >>> from rummylib import Tile
        >>> v = Violation(RuleId.RUN_TOO_SHORT, "run of 2 pieces; at least 3 needed",
        ...               pieces=(Tile.parse("r5"), Tile.parse("r6"))).at(0)
        >>> v.code == "run-too-short", v.meld_index
        (True, 0)
        >>> v.message
        'meld 1 (R5 R6): run of 2 pieces; at least 3 needed'
        >>> str(v)
        'meld 1 (R5 R6): run of 2 pieces; at least 3 needed [run-too-short]'
        >>> v.to_json()["message"] == v.message
        True
    """

    code: RuleId
    """The stable code of the rule broken; a `RuleId`, equal to its string (``"run-wraps"``)."""
    message: str
    """What is wrong, in words, naming the pieces concerned (and the meld, once placed by `at`)."""
    meld_index: int | None = None
    """Index (from 0) of the meld concerned in the caller's list, or ``None``."""
    pieces: tuple[Notated, ...] = ()
    """The pieces the finding is about (the meld, or the tiles or cards at fault)."""

    def __str__(self) -> str:
        return f"{self.message} [{self.code.value}]"

    def at(self, meld_index: int) -> Violation:
        """The same finding, placed at meld ``meld_index`` of a larger list, its message saying so.

        The message starts with the place (``meld 3 (R5 R6): ``), in place of any it named before.

        Examples:
            >>> placed = Violation(RuleId.MELD_EMPTY, "the meld is empty").at(2)
            >>> placed.meld_index, placed.message
            (2, 'meld 3: the meld is empty')
            >>> placed.at(0).message
            'meld 1: the meld is empty'
        """
        what = self.message.removeprefix(_where(self.meld_index, self.pieces))
        return attrs.evolve(self, meld_index=meld_index, message=_where(meld_index, self.pieces) + what)

    def to_json(self) -> dict[str, object]:
        """A JSON-ready dict: ``code``, ``message``, and ``meld`` and ``pieces`` when the finding has them.

        The ``message`` is `message`; the code is a field of its own.

        Examples:
            >>> Violation(RuleId.MELD_EMPTY, "the meld is empty").to_json()
            {'code': 'meld-empty', 'message': 'the meld is empty'}
        """
        out: dict[str, object] = {"code": self.code.value, "message": self.message}
        if self.meld_index is not None:
            out["meld"] = self.meld_index
        if self.pieces:
            out["pieces"] = " ".join(str(p) for p in self.pieces)
        return out


class ErrorCode(StrEnum):
    """Stable codes of the errors rummylib raises (``RummyError.code``), one per kind of mistake.

    These are about the *input* (bad notation, an unknown game, a malformed request) or a refusal
    carried through; the rules a play breaks are `RuleId` codes inside the error's violations.
    The batch interface reports the same codes in ``{"error": {"code": ...}}``.

    Examples:
        >>> ErrorCode("bad-notation") is ErrorCode.BAD_NOTATION, str(ErrorCode.TOO_LARGE)
        (True, 'too-large')
    """

    # --- input: pieces and notation ----------------------------------------------------------
    BAD_NOTATION = "bad-notation"
    """A piece that is not valid notation, or not part of the game (a card in Rummikub, ``r14``)."""
    NOT_A_PIECE = "not-a-piece"
    """Something that is not a piece, a meld or a table where one is expected."""
    TOO_MANY_COPIES = "too-many-copies"
    """More copies of a piece than the game has (three ``r5``; three jokers in Rummikub)."""
    TOO_LARGE = "too-large"
    """Input larger than any real game could produce (a meld of thousands of pieces)."""
    # --- input: rule sets ----------------------------------------------------------------------
    UNKNOWN_GAME = "unknown-game"
    """No game of that name."""
    UNKNOWN_OPTION = "unknown-option"
    """A rule-set option that does not exist."""
    BAD_OPTION = "bad-option"
    """A rule-set option with a value of the wrong kind or out of range."""
    BAD_RULES = "bad-rules"
    """Rule-set options that contradict each other (``min_run`` 2, ``group_max`` below ``group_min``)."""
    BAD_PLAYERS = "bad-players"
    """A number of players (or a seat) the game does not allow."""
    UNKNOWN_ROUND = "unknown-round"
    """A contract round the game does not have (Shanghai has 10, Contract Rummy 7)."""
    UNSUPPORTED_RULES = "unsupported-rules"
    """A rule set this operation cannot work with (a card game given to the Rummikub turn judge or solver)."""
    MISSING_EXTRA = "missing-extra"
    """An optional extra that this needs is not installed (``agents`` for the environments,
    ``arena-ray`` for the arena's Ray backend); the message names the ``pip install`` to run."""
    # --- input: arguments of the Python functions ------------------------------------------------
    BAD_ARGUMENT = "bad-argument"
    """An argument a Python function cannot take: a flag that is not a ``bool``, a seat that is not
    a whole number, a seed that is not an int or a str (or a str that cannot be written as UTF-8)."""
    # --- input: hands to score -------------------------------------------------------------------
    BAD_SCORE_INPUT = "bad-score-input"
    """Hands that cannot be scored as asked (a winner out of range, two players out)."""
    BAD_GIN_HAND = "bad-gin-hand"
    """A Gin hand that cannot be judged (a joker, a card twice, more than 11 cards)."""
    # --- input: requests (the batch interface, the command line) ----------------------------------
    BAD_JSON = "bad-json"
    """A line that is not valid JSON (``NaN`` and ``Infinity`` included)."""
    BAD_REQUEST = "bad-request"
    """A request that is JSON but not an object, or not a request at all; on the command line, arguments
    it cannot use (a usage error, options that contradict a turn file) or a file it cannot read or write."""
    MISSING_FIELD = "missing-field"
    """A required field is missing or null."""
    BAD_FIELD = "bad-field"
    """A field of the wrong JSON type or value."""
    UNKNOWN_OP = "unknown-op"
    """No such op."""
    OP_NOT_FOR_GAME = "op-not-for-game"
    """An op that exists, but not for the game asked (``solve`` for Gin Rummy)."""
    BAD_OBJECTIVE = "bad-objective"
    """A solver objective that does not exist."""
    NO_MOVE_FOUND = "no-move-found"
    """A free-text reply in which no move in the move grammar could be read (`rummylib.agents.text.read_move`)."""
    # --- agent environments ----------------------------------------------------------------------
    NOT_RESET = "not-reset"
    """An environment asked about its game before ``reset()`` dealt one."""
    MASKED_ACTION = "masked-action"
    """An action number the environment's action mask forbids at this step (or one outside its space)."""
    NO_SAMPLE = "no-sample"
    """No state an OpenSpiel seat cannot tell from the real one was found by resampling (not seen to happen)."""
    # --- saved games and states --------------------------------------------------------------------
    BAD_SAVE = "bad-save"
    """A save that cannot be loaded: not a save, another version, malformed or tampered with."""
    BAD_STATE = "bad-state"
    """A game state no real game could reach (pieces lost or duplicated, impossible counts)."""
    TABLE_MISMATCH = "table-mismatch"
    """A client's table differs from the server's."""
    BAD_SIGNATURE = "bad-signature"
    """A state sent to a signing ``rummylib batch`` without its signature, or with one that does not
    match (the state was changed, or signed with another secret); also an empty signing secret."""
    BAD_RECORD = "bad-record"
    """A game record that cannot be read: not a record, another version, a malformed line, or a
    header that its moves contradict."""
    # --- refusals: a play against the rules ------------------------------------------------------
    ILLEGAL_PLAY = "illegal-play"
    """A play that breaks the rules (the violations say which)."""
    INVALID_MELD = "invalid-meld"
    """A meld that is neither a valid group nor a valid run."""
    CONTRACT_NOT_MET = "contract-not-met"
    """A meld-down that does not meet the round's contract."""
    ILLEGAL_TURN = "illegal-turn"
    """A Rummikub turn that is not legal."""
    ILLEGAL_ACTION = "illegal-action"
    """An action a referee refuses at this point of the game (the state is unchanged)."""
    KNOCK_OVER_LIMIT = "knock-over-limit"
    """A Gin knock with more deadwood than the knock limit."""
    INVALID_DECLARATION = "invalid-declaration"
    """An Indian Rummy declaration that breaks the rules."""
    # --- searches ----------------------------------------------------------------------------------
    SOLVER_ERROR = "solver-error"
    """A search failed on its own, not because of its input: a bug in rummylib."""
    SEARCH_LIMIT = "search-limit"
    """A search ran out of its budget before it could prove an answer."""
    UNSOLVABLE_TABLE = "unsolvable-table"
    """Table pieces that no arrangement can lay out as valid sets."""
    TIME_LIMIT = "time-limit"
    """A batch request stopped at the server's time limit per request (``rummylib batch --max-seconds``)."""
    # --- not the caller's fault ---------------------------------------------------------------------
    INTERNAL_ERROR = "internal-error"
    """A bug in rummylib (only the batch interface reports it, and goes on)."""


def _error_code(code: ErrorCode | str) -> ErrorCode:
    if isinstance(code, ErrorCode):
        return code
    try:
        return ErrorCode(code)
    except ValueError:
        raise ValueError(f"{code!r} is not a rummylib error code (see ErrorCode)") from None


class RummyError(Exception):
    """Root of every error rummylib raises on purpose.

    ``code`` is a stable `ErrorCode`, the same one the batch interface reports.

    Examples:
        >>> issubclass(NotationError, RummyError) and issubclass(NotationError, ValueError)
        True
        >>> RummyError("no", code="bad-field").code is ErrorCode.BAD_FIELD
        True
    """

    code: ErrorCode = ErrorCode.ILLEGAL_PLAY

    def __init__(self, message: str, *, code: ErrorCode | str | None = None) -> None:
        super().__init__(message)
        if code is not None:
            self.code = _error_code(code)

    @property
    def message(self) -> str:
        """The human-readable message."""
        return str(self.args[0]) if self.args else ""

    def __str__(self) -> str:
        return self.message


class NotationError(RummyError, ValueError):
    """Text that is not valid rummylib notation (an unknown tile, a 14, a stray symbol).

    The message quotes the input and, where it helps, the column at fault.

    Examples:
        >>> from rummylib import NotationError, Tile
        >>> try:
        ...     Tile.parse("r14")
        ... except NotationError as exc:
        ...     print(exc)
        'r14' is not a tile: numbers run from 1 to 13
    """

    code = ErrorCode.BAD_NOTATION

    def __init__(
        self,
        message: str,
        *,
        text: str | None = None,
        column: int | None = None,
        code: ErrorCode | str | None = None,
    ) -> None:
        super().__init__(message, code=code)
        self.text = text
        self.column = column


class InvalidPiecesError(RummyError, ValueError):
    """Pieces that cannot exist together in one game (three ``R5`` where the box holds two).

    Examples:
        >>> from rummylib import RUMMIKUB, InvalidPiecesError, parse_pieces
        >>> try:
        ...     RUMMIKUB.check_piece_counts(parse_pieces("r5 r5 r5"))
        ... except InvalidPiecesError as exc:
        ...     print(exc.code)
        too-many-copies
    """

    code = ErrorCode.TOO_MANY_COPIES


class LimitExceededError(RummyError, ValueError):
    """An input larger than any real game could produce (documented limits).

    Examples:
        >>> LimitExceededError("too big").code
        <ErrorCode.TOO_LARGE: 'too-large'>
    """

    code = ErrorCode.TOO_LARGE


class RuleSetError(RummyError, ValueError):
    """A rule set that is inconsistent, or an unknown option or game name.

    Examples:
        >>> from rummylib import RuleSetError, find_ruleset
        >>> try:
        ...     find_ruleset("poker")
        ... except RuleSetError as exc:
        ...     print(exc.code)
        unknown-game
    """

    code = ErrorCode.BAD_RULES


class RequestError(RummyError, ValueError):
    """A batch request that is malformed: bad JSON, a missing field, a value of the wrong type.

    Examples:
        >>> print(RequestError("missing field 'op'", code="missing-field").code)
        missing-field
    """

    code = ErrorCode.BAD_REQUEST


class ArgumentError(RummyError, TypeError, ValueError):
    """An argument a Python function cannot take (a flag that is not a ``bool``, a seat that is not a number).

    A seed that is neither an int nor a str is one too. It is a ``TypeError`` (most such mistakes
    are a value of the wrong type) and a ``ValueError`` (a seed that UTF-8 cannot write is a
    ``str``), so either ``except`` catches it.

    Examples:
        >>> from rummylib import RUMMIKUB, ArgumentError, validate_turn
        >>> try:
        ...     validate_turn("", "r1 r2 r3", "r1 r2 r3", rules=RUMMIKUB, initial_meld_done="false")
        ... except ArgumentError as exc:
        ...     print(exc.code, "/", exc)
        bad-argument / initial_meld_done must be True or False, not 'false'
    """

    code = ErrorCode.BAD_ARGUMENT


class ScoringInputError(RummyError, ValueError):
    """Hands that cannot be scored as asked (a winner out of range, two players out, ...).

    Examples:
        >>> from rummylib import RUMMIKUB, ScoringInputError, score_rummikub
        >>> try:
        ...     score_rummikub(["", ""], winner=5, rules=RUMMIKUB)
        ... except ScoringInputError as exc:
        ...     print(exc.code)
        bad-score-input
    """

    code = ErrorCode.BAD_SCORE_INPUT


class SaveError(RummyError, ValueError):
    """A save that cannot be loaded: not a save, another version, malformed, or tampered with.

    Examples:
        >>> from rummylib import SaveError
        >>> from rummylib.saves import from_json
        >>> try:
        ...     from_json({"format": "rummylib-save", "version": 99, "type": "gin-hand", "state": {}})
        ... except SaveError as exc:
        ...     print(exc.code, "/", exc)
        bad-save / save format version 99 is not supported (this library reads version 1)
    """

    code = ErrorCode.BAD_SAVE


class RecordError(RummyError, ValueError):
    """A game record that cannot be read: not a record, another version, or a malformed line.

    ``line`` is the number (from 1) of the line at fault, when there is one; the message starts
    with it. A move that breaks the rules is an `IllegalActionError` instead.

    Examples:
        >>> from rummylib.records import read_record
        >>> try:
        ...     read_record("rummylib-record 2")
        ... except RecordError as exc:
        ...     print(exc.code, exc.line, "/", exc)
        bad-record 1 / line 1: record format version 2 is not supported (this library reads version 1)
    """

    code = ErrorCode.BAD_RECORD

    def __init__(self, message: str, *, line: int | None = None) -> None:
        super().__init__(message if line is None else f"line {line}: {message}")
        self.line = line


class InvalidStateError(RummyError, ValueError):
    """A game state that no real game could reach: pieces lost or duplicated, impossible counts.

    ``problems`` lists every finding in words.

    Examples:
        >>> print(InvalidStateError(["hand 0 holds 40 cards"]))
        the state is not possible: hand 0 holds 40 cards
    """

    code = ErrorCode.BAD_STATE

    def __init__(
        self, problems: Sequence[str], *, what: str = "the state", code: ErrorCode | str | None = None
    ) -> None:
        self.problems: tuple[str, ...] = tuple(problems)
        super().__init__(f"{what} is not possible: " + "; ".join(self.problems), code=code)


class TableMismatchError(RummyError, ValueError):
    """A client's table differs from the server's: melds added, removed or changed.

    Examples:
        >>> print(TableMismatchError("differs").code)
        table-mismatch
    """

    code = ErrorCode.TABLE_MISMATCH


class IllegalPlayError(RummyError, ValueError):
    """A play that breaks the rules; ``violations`` lists every finding.

    Examples:
        >>> err = IllegalPlayError([Violation(RuleId.MELD_EMPTY, "the meld is empty")])
        >>> print(err.code, len(err.violations))
        illegal-play 1
    """

    code = ErrorCode.ILLEGAL_PLAY

    def __init__(self, violations: Sequence[Violation], message: str | None = None) -> None:
        self.violations: tuple[Violation, ...] = tuple(violations)
        text = message or "; ".join(str(v) for v in self.violations) or "illegal play"
        super().__init__(text)


class InvalidMeldError(IllegalPlayError):
    """A meld that is neither a valid group nor a valid run under the rule set.

    Examples:
        >>> from rummylib import RUMMIKUB, InvalidMeldError, check_meld
        >>> try:
        ...     check_meld("r5 r6", rules=RUMMIKUB)
        ... except InvalidMeldError as exc:
        ...     print(exc.code, exc.violations[0].code)
        invalid-meld run-too-short
    """

    code = ErrorCode.INVALID_MELD


class IllegalActionError(IllegalPlayError):
    """An action a referee refuses at this point of a game; the state is left unchanged.

    Examples:
        >>> from rummylib import SHANGHAI, ContractRound, IllegalActionError
        >>> from rummylib.contracts import DrawStock
        >>> round_ = ContractRound.deal(rules=SHANGHAI, players=3, seed=1)
        >>> try:
        ...     round_.apply(DrawStock(2))
        ... except IllegalActionError as exc:
        ...     print(exc.code, exc.violations[0].code)
        illegal-action not-your-turn
    """

    code = ErrorCode.ILLEGAL_ACTION


class SolverError(RummyError):
    """A search failed on its own: not the caller's input, and not a budget spent.

    Its code, ``solver-error``, means a bug in rummylib (a search's answer that fails the check
    it makes before returning). It is no ``ValueError``: bad input to a search is one, under its
    own class and code (`rummylib.rummikub.solver.SolverInputError` for an unknown objective or a
    table no arrangement lays out; a `RuleSetError`, code ``unsupported-rules``, for rules the
    search cannot play). A spent budget is `SearchLimitReached`.

    Examples:
        >>> err = SolverError("internal error: the plan found does not pass the checker")
        >>> print(err.code, isinstance(err, ValueError))
        solver-error False
    """

    code = ErrorCode.SOLVER_ERROR


class SearchLimitReached(SolverError):
    """A search ran out of its caller-set budget before it could prove its answer.

    Examples:
        >>> print(SearchLimitReached("node budget of 10 spent").code)
        search-limit
    """

    code = ErrorCode.SEARCH_LIMIT
