"""Batch ops for Rummikub (see `rummylib.batch`): ``turn`` and ``score``.

Examples:
    >>> from rummylib.batch import handle_request
    >>> answer = handle_request({"op": "turn", "game": "rummikub", "table_before": ["r1 r2 r3"],
    ...                          "rack": "r4 k9", "table_after": ["r1 r2 r3 r4"], "initial_meld_done": True})
    >>> answer["valid"], answer["played"], answer["problems"]
    (True, 'R4', [])
    >>> handle_request({"op": "score", "game": "rummikub", "racks": ["", "r5 k3", "*"], "winner": 0})
    {'scores': [38, -8, -30]}
"""

from __future__ import annotations

from typing import Any, TypeVar

from rummylib._tokens import MAX_TEXT_LENGTH
from rummylib._tokens import SPLIT_RE as _SPLIT_RE
from rummylib.batch import Op, Request, _json_type
from rummylib.errors import RequestError, RummyError
from rummylib.melds import Meld
from rummylib.notation import parse_pieces
from rummylib.pieces import JOKER, Joker, Piece
from rummylib.rules import RuleSet, ScoringScheme
from rummylib.rummikub import score_rummikub, validate_turn
from rummylib.rummikub._judge import count_elements as _count_elements
from rummylib.table import Table

_SHORT = 200  # notation this short is cached (a set is at most 13 tiles: about 50 characters)
_CACHE_SIZE = 8192  # entries per rule set in each cache below (then forgotten all at once)
# A server sees the same sets turn after turn, and the same few dozen tile names in every rack:
# per rule set, each set's text read as one `Meld` object (so the judge finds it by identity),
# and each token read as one piece. Only successful reads are cached; errors always come from
# the notation module itself, so their messages do not change.
_SETS: dict[RuleSet, dict[str, Meld]] = {}
_V = TypeVar("_V")
_TOKENS: dict[RuleSet, dict[str, Piece]] = {}


_RULE_SETS = 64  # rule sets with caches (requests may each bring their own options)


def _new_cache(caches: dict[RuleSet, dict[str, _V]], rules: RuleSet) -> dict[str, _V]:
    if len(caches) >= _RULE_SETS:
        caches.clear()
    known: dict[str, _V] = {}
    caches[rules] = known
    return known


def _read_set(text: str, rules: RuleSet) -> Meld:
    """One set's notation, as a `Meld` (cached by its text when short)."""
    known = _SETS.get(rules)
    if known is None:
        known = _new_cache(_SETS, rules)
    meld = known.get(text)
    if meld is None:
        meld = Meld(parse_pieces(text, rules=rules))
        if len(text) <= _SHORT:
            if len(known) >= _CACHE_SIZE:
                known.clear()
            known[text] = meld
    return meld


def _read_pieces(text: str, rules: RuleSet) -> tuple[Piece, ...]:
    """Pieces in notation, as `parse_pieces` reads them, from cached tokens when all are known."""
    known = _TOKENS.get(rules)
    if known is None:
        known = _new_cache(_TOKENS, rules)
    if len(text) <= MAX_TEXT_LENGTH:
        out = []
        for token in _SPLIT_RE.split(text.strip()):
            if token:
                piece = known.get(token)
                if piece is None:
                    break
                out.append(piece)
        else:
            kinds = set(map(type, out))
            kinds.discard(Joker)  # cached jokers are JOKER itself
            if len(kinds) <= 1:
                return tuple(out)
    pieces = parse_pieces(text, rules=rules)  # raises, with the notation module's message
    tokens = [t for t in _SPLIT_RE.split(text.strip()) if t]
    if len(known) + len(tokens) > _CACHE_SIZE:
        known.clear()
    for token, piece in zip(tokens, pieces, strict=True):
        if len(token) <= 8:
            known[token] = piece
    return pieces


def _rack(req: Request) -> tuple[Piece, ...]:
    """The ``rack`` field, read and checked as `Request.pieces` does."""
    text = req.field("rack", str, default=None)
    if text is None:
        return ()
    pieces = _read_pieces(text, req.rules)
    rules = req.rules
    counts: dict[Piece, int] = {}
    _count_elements(counts, pieces)
    jokers = counts.pop(JOKER, 0)
    most = max(counts.values(), default=0)
    if len(pieces) > rules.total_pieces or jokers > rules.max_jokers or most > rules.copies:
        rules.check_piece_counts(pieces, what="field 'rack'")  # the rule set's own check and message
    return pieces


def _table(req: Request, name: str) -> Table:
    value = req.field(name, (list, str), default=[], what="a list of sets in notation (or one '|' string)")
    if isinstance(value, str):
        try:
            return Table.parse(value, rules=req.rules)
        except RummyError as exc:
            exc.args = (f"{name}: {exc.message}",)  # keep the error's class and code
            raise exc from None
    if len(value) > 10_000:
        raise RequestError(f"field {name!r} has {len(value)} items; the limit is 10000", code="too-large")
    known = _SETS.get(req.rules)
    if known is None:
        known = _new_cache(_SETS, req.rules)
    melds = []
    for i, item in enumerate(value):
        if item.__class__ is str:  # the common case: a set seen before
            meld = known.get(item)
            if meld is not None:
                melds.append(meld)
                continue
        if not isinstance(item, str):
            raise RequestError(f"field {name!r} item {i} must be a string, not {_json_type(item)}", code="bad-field")
        try:
            melds.append(_read_set(item, req.rules))
        except RummyError as exc:
            exc.args = (f"{name}[{i}]: {exc.message}",)
            raise exc from None
    return Table(melds)


def _turn_op(req: Request) -> dict[str, Any]:
    if not req.has("table_after"):
        raise RequestError("missing field 'table_after'", code="missing-field")
    report = validate_turn(
        _table(req, "table_before"),
        _rack(req),
        _table(req, "table_after"),
        rules=req.rules,
        initial_meld_done=req.boolean("initial_meld_done", default=False),
    )
    return report.to_json()


def _score_op(req: Request) -> dict[str, Any]:
    racks: list[tuple[Piece, ...]] = req.piece_lists("racks")
    req.rules.check_players(len(racks))
    req.rules.check_piece_counts([p for rack in racks for p in rack], what="racks")
    winner = req.field("winner", int, default=None, what="a player number or null")
    return {"scores": list(score_rummikub(racks, winner=winner, rules=req.rules))}


OPS: tuple[Op, ...] = (
    Op(
        "turn",
        frozenset({"table_before", "rack", "table_after", "initial_meld_done"}),
        _turn_op,
        frozenset({ScoringScheme.RACK}),
    ),
    Op("score", frozenset({"racks", "winner"}), _score_op, frozenset({ScoringScheme.RACK})),
)
"""Ops registered by this module: ``turn`` and ``score`` (Rummikub)."""
