"""The Rummikub turn judge's kernel: pieces as small ints, the sets seen, the flow of tiles in a turn.

Pieces are encoded as small ints: hashing attrs tiles (whose colour is an enum) is slow, and every
multiset comparison of a turn hashes each tile several times. What the judge needs of a set (its
codes, its sorted codes, the meld engine's verdict) is remembered per rule set, keyed by the `Meld` object and by
the set's codes (a tuple of small ints, which hashes in C), so a set already seen costs one dict
lookup: a server sees the same sets turn after turn, and most sets of a turn are unchanged.

Whether a set is valid is read from its codes alone (`valid_codes`, the meld engine's verdict
without its readings); the meld engine is asked only for what only it knows: the problems of an
invalid set, and the value of a valid one during an initial meld.

The batch ``turn`` op also remembers each set's text (`text_sets`) and each rack's text
(`rack_codes`): a text seen before costs one dict lookup, no notation read and no `Meld` built.

These caches are the documented ones of `rummylib.rummikub` (bounded: at most 20,000 sets, set
texts and rack texts per rule set, texts of at most 200 characters, for 64 rule sets (8 for texts),
then forgotten at once); `clear_cache` empties them (benchmarks of the cold
path use it, through `rummylib.rummikub.clear_caches`). `piece_code` and `code_order` are also a
documented test hook: the tests check that the codes sort in the canonical order of pieces.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

from rummylib._inputs import not_a_piece
from rummylib.cards import Card
from rummylib.decks import full_set
from rummylib.errors import RummyError, Violation
from rummylib.melds import Meld, MeldReading, meld_violations, read_meld
from rummylib.notation import parse_pieces
from rummylib.pieces import Family, Joker, Piece
from rummylib.rules import MAX_MELD_PIECES, RuleSet
from rummylib.tiles import Tile

__all__ = [
    "DECODE",
    "JOKER_CODE",
    "SETS",
    "Flow",
    "ReadTable",
    "SetInfo",
    "allowed_codes",
    "check_counts",
    "clear_cache",
    "code_order",
    "count_elements",
    "counts_fit",
    "encode",
    "explain",
    "infos",
    "judge_info",
    "judge_set",
    "marks_index",
    "meld_text",
    "name",
    "names",
    "new_sets",
    "piece_code",
    "rack_codes",
    "register",
    "remember",
    "sorted_codes",
    "table_counts",
    "text_sets",
    "valid_codes",
]

JOKER_CODE = 0
DECODE: dict[int, Piece] = {}  # code -> a piece with that code
_NAMES: dict[int, str] = {}  # id -> notation, for the pieces of DECODE (alive as long as it is)
# per rule set (`Sets`, below): the sets seen, by codes, and by object (``id``, with the object kept alive so that
# its id stays its own): a set object seen before costs one int lookup, no hashing of tiles
_SETS_SIZE = 20_000  # sets remembered per rule set (then forgotten all at once)
_RULE_SETS = 64  # rule sets remembered (requests may each bring their own options)
_ALLOWED: dict[RuleSet, frozenset[int]] = {}


class SetInfo:
    """What the judge knows of one set under one rule set."""

    __slots__ = ("codes", "judged", "kept", "key", "mark", "ok")

    def __init__(self, codes: tuple[int, ...]) -> None:
        self.codes = codes
        self.key = tuple(sorted(codes))  # the set as a multiset: equal keys, same tiles
        # equal keys, equal marks (a cheap first test); held as an object, so that a dict takes it as it is
        self.mark: object = hash(self.key)
        self.judged: tuple[MeldReading | None, tuple[Violation, ...]] | None = None
        self.ok: bool | None = None  # valid_codes(codes), once asked
        # the "kept" explanations made for it (`rummylib.rummikub.turns.SetChange` values)
        self.kept: dict[tuple[int, int], Any] | None = None


Sets = tuple[dict[int, tuple[Meld, SetInfo]], dict[tuple[int, ...], SetInfo]]
"""The sets seen under one rule set: by object (``id``, the object kept alive) and by codes."""
SETS: dict[RuleSet, Sets] = {}


def piece_code(p: object, what: str = "the pieces") -> int:
    if isinstance(p, Tile):
        return 64 + p.color.order * 32 + p.number
    if isinstance(p, Joker):
        return JOKER_CODE
    if isinstance(p, Card):
        return 1024 + p.suit.order * 32 + int(p.rank)
    raise not_a_piece(p, what)


def code_order(code: int) -> int:
    """Canonical order of codes: tiles by colour and number, then cards, jokers last.

    The same order as `piece_sort_key` (colours and suits in their enum order, as their ``order``).
    """
    return code or 1 << 20


def names(pieces: Iterable[Piece]) -> str:
    """``format_pieces(pieces)``, with the notation of the judge's own piece objects remembered."""
    names = _NAMES
    return " ".join([names.get(id(p)) or str(p) for p in pieces])


def name(p: object) -> str:
    """``str(p)``, remembered for the judge's own piece objects."""
    return _NAMES.get(id(p)) or str(p)


def sorted_codes(codes: list[int]) -> list[int]:
    """``sorted(codes, key=code_order)``, without a Python call per code (jokers, code 0, go last)."""
    codes.sort()
    if codes and not codes[0]:
        jokers = codes.count(0)
        return codes[jokers:] + codes[:jokers]
    return codes


def encode(pieces: Iterable[object], what: str) -> tuple[int, ...]:
    out = []
    decode = DECODE
    for p in pieces:
        c = 64 + p.color.order * 32 + p.number if type(p) is Tile else piece_code(p, what)  # tiles inlined
        out.append(c)
        if c not in decode:
            decode[c] = p  # type: ignore[assignment]  # piece_code accepted it, so it is a piece
            _NAMES[id(p)] = str(p)
    return tuple(out)


def infos(
    melds: Sequence[Meld],
    sets: Sets,
    fresh: list[tuple[Meld, SetInfo]],
    what: str,
) -> list[SetInfo]:
    """The judge's view of each set: from the cache, or encoded now (and listed in ``fresh``)."""
    out = []
    by_id, by_codes = sets
    for m in melds:
        seen = by_id.get(id(m))
        if seen is not None and seen[0] is m:
            out.append(seen[1])
            continue
        # found by its codes, not by the set's value: a tuple of small ints hashes in C, a set of
        # tiles through the tiles' own hashes (and the codes are needed for a set not seen before)
        codes = encode(m.pieces, what)
        info = by_codes.get(codes)
        if info is None:
            info = SetInfo(codes)
            fresh.append((m, info))
        else:
            if len(by_id) >= _SETS_SIZE:
                by_id.clear()
            by_id[id(m)] = (m, info)
        out.append(info)
    return out


def new_sets(rules: RuleSet) -> Sets:
    if len(SETS) >= _RULE_SETS:
        SETS.clear()
    sets: Sets = ({}, {})
    SETS[rules] = sets
    return sets


def remember(sets: Sets, m: Meld, info: SetInfo) -> None:
    by_id, by_codes = sets
    if len(by_codes) >= _SETS_SIZE:
        by_codes.clear()
    if len(by_id) >= _SETS_SIZE:
        by_id.clear()
    by_codes[info.codes] = info
    by_id[id(m)] = (m, info)


def register(
    sets: Sets,
    fresh: list[tuple[Meld, SetInfo]],
    hand_codes: tuple[int, ...],
    rules: RuleSet,
) -> None:
    """Check that the sets read now and the rack are of the game (else the rule set raises), then remember the sets."""
    allowed = allowed_codes(rules)
    for _, info in fresh:
        if not allowed.issuperset(info.codes):
            for c in info.codes:
                if c not in allowed:
                    rules.check_piece(DECODE[c])
    if not allowed.issuperset(hand_codes):
        for c in hand_codes:
            if c not in allowed:
                rules.check_piece(DECODE[c])
    for m, info in fresh:
        remember(sets, m, info)


def allowed_codes(rules: RuleSet) -> frozenset[int]:
    codes = _ALLOWED.get(rules)
    if codes is None:
        players = rules.max_players if rules.family is Family.CARDS else None
        codes = frozenset(piece_code(p) for p in full_set(rules, players=players))
        if len(_ALLOWED) >= _RULE_SETS:
            _ALLOWED.clear()
        _ALLOWED[rules] = codes
    return codes


_K = TypeVar("_K")


try:  # the C helper behind Counter.update, when this Python has it
    from collections import _count_elements as count_elements  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - CPython has it

    def count_elements(counts: dict[_K, int], items: Iterable[_K]) -> None:
        """Add ``items`` to the multiset ``counts`` (what `Counter.update` does, without its checks)."""
        get = counts.get
        for c in items:
            counts[c] = get(c, 0) + 1


_LIMITS: dict[RuleSet, tuple[int, int, int, int]] = {}


def _limits(rules: RuleSet) -> tuple[int, int, int, int]:
    """The count vector's length (the largest code of the game, plus one), copies, jokers and pieces."""
    limits = _LIMITS.get(rules)
    if limits is None:
        limits = (max(allowed_codes(rules)) + 1, rules.copies, rules.max_jokers, rules.total_pieces)
        if len(_LIMITS) >= _RULE_SETS:
            _LIMITS.clear()
        _LIMITS[rules] = limits
    return limits


def table_counts(sets: Sequence[SetInfo], rules: RuleSet) -> list[int]:
    """The count of each code over ``sets``, then their number of pieces; empty when a piece is there too often.

    Jokers (code 0) are held to ``max_jokers``, every other piece to ``copies``: a count per code,
    no list built or sorted.
    """
    size, copies, jokers, _ = _limits(rules)
    counts = [0] * (size + 1)
    n = 0
    for info in sets:
        codes = info.codes
        n += len(codes)
        for c in codes:
            if c >= size:
                return []
            k = counts[c] + 1
            counts[c] = k
            if k > copies and (c != JOKER_CODE or k > jokers):
                return []
    if jokers < counts[JOKER_CODE]:
        return []
    counts[size] = n
    return counts


def counts_fit(sets: Sequence[SetInfo], extra: tuple[int, ...], rules: RuleSet, base: list[int] | None = None) -> bool:
    """A quick sufficient test that no piece of ``sets`` and ``extra`` is there more often than it may be.

    ``base``, when given, is ``table_counts(sets, rules)``, remembered. Every piece is also held to
    ``total_pieces``. ``False`` sends the caller to the exact check (`check_counts`), which says
    what is wrong.
    """
    size, copies, jokers, total = _limits(rules)
    counts = table_counts(sets, rules) if base is None else base
    if not counts:
        return False
    if extra:
        counts = counts[:]
        for c in extra:
            if c >= size:
                return False
            k = counts[c] + 1
            counts[c] = k
            if k > copies and (c != JOKER_CODE or k > jokers):
                return False
        if jokers < counts[JOKER_CODE]:
            return False
    return counts[size] + len(extra) <= total


def check_counts(counts: dict[int, int], pieces: Callable[[], list[Piece]], rules: RuleSet, what: str) -> None:
    """Raise, through the rule set's own check, when the pieces cannot exist together."""
    too_many = sum(counts.values()) > rules.total_pieces or any(
        n > (rules.max_jokers if c == JOKER_CODE else rules.copies) for c, n in counts.items()
    )
    if too_many:
        rules.check_piece_counts(pieces(), what=what)


def judge_info(info: SetInfo, meld: Meld, rules: RuleSet) -> tuple[MeldReading | None, tuple[Violation, ...]]:
    """Read one set with the meld engine (remembered in ``info``)."""
    found = info.judged
    if found is None:
        reading = read_meld(meld, rules=rules)
        found = (reading, ()) if reading is not None else (None, meld_violations(meld, rules=rules))
        info.judged = found
    return found


def judge_set(meld: Meld, rules: RuleSet) -> tuple[MeldReading | None, tuple[Violation, ...]]:
    """Read one set (of pieces known to be of the game) through the cache."""
    sets = SETS.get(rules) or new_sets(rules)
    codes = encode(meld.pieces, "set")
    info = sets[1].get(codes)
    if info is None:
        info = SetInfo(codes)
        remember(sets, meld, info)
    return judge_info(info, meld, rules)


def clear_cache() -> None:
    """Forget every set read so far (for benchmarks of the cold path)."""
    SETS.clear()
    _TEXT_SETS.clear()
    _RACKS.clear()
    _LIMITS.clear()
    _TABLES.clear()


# ------------------------------------------------------------------------------------------
# Whether a set is valid, from its codes
# ------------------------------------------------------------------------------------------

_SHAPES: dict[RuleSet, tuple[int, int, bool, int, int, int, int, int, bool, int]] = {}


class _Last:
    """The rule set asked last and its shape (a rule set hashes through Python: one turn asks for dozens of sets)."""

    def __init__(self) -> None:
        self.rules: object = None
        self.shape: tuple[int, int, bool, int, int, int, int, int, bool, int] = (0, 0, False, 0, 0, 0, 0, 0, False, 0)


_LAST = _Last()


def _shape(rules: RuleSet) -> tuple[int, int, bool, int, int, int, int, int, bool, int]:
    last = _LAST
    if last.rules is rules:
        return last.shape
    shape = _SHAPES.get(rules)
    if shape is None:
        group_max = rules.group_max
        most = rules.max_jokers_per_meld
        shape = (
            rules.group_min,
            -1 if group_max is None else group_max,
            rules.group_distinct,
            len(rules.colors),
            rules.min_run,
            rules.longest_run,
            rules.run_low,
            rules.run_high,
            rules.joker_ratio,
            -1 if most is None else most,
        )
        if len(_SHAPES) >= _RULE_SETS:
            _SHAPES.clear()
        _SHAPES[rules] = shape
    last.rules = rules
    last.shape = shape
    return shape


def valid_codes(codes: tuple[int, ...], rules: RuleSet) -> bool:
    """Whether the tiles of a set (their codes) make a valid group or run under tile ``rules``.

    The meld engine's verdict (``read_meld(meld, rules=rules) is not None``) for a set whose pieces
    all belong to the game, no more copies of each than the game has: the judge checks both
    before it asks. Tiles have no wild ranks, so a piece acts as a joker exactly when it is one.
    A set too long for any meld is called invalid here: the meld engine then says why.
    """
    n = len(codes)
    if n > MAX_MELD_PIECES:
        return False
    group_min, group_max, distinct, colours, run_min, run_max, run_low, run_high, ratio, most = _shape(rules)
    jokers = 0
    colour = -1
    number = -1
    one_colour = True
    one_number = True
    colours_seen = 0
    numbers_seen = 0
    colours_differ = True
    numbers_differ = True
    low = 1 << 20
    high = -1
    for c in codes:
        if c == JOKER_CODE:
            jokers += 1
            continue
        col = c >> 5
        num = c & 31
        if colour < 0:
            colour = col
            number = num
        else:
            if col != colour:
                one_colour = False
            if num != number:
                one_number = False
        bit = 1 << col
        if colours_seen & bit:
            colours_differ = False
        colours_seen |= bit
        bit = 1 << num
        if numbers_seen & bit:
            numbers_differ = False
        numbers_seen |= bit
        low = min(low, num)
        high = max(high, num)
    naturals = n - jokers
    if naturals == 0 or (ratio and jokers > naturals) or (most >= 0 and jokers > most):
        return False
    group = one_number and n >= group_min and (group_max < 0 or n <= group_max)
    if group and (not distinct or (colours_differ and jokers <= colours - naturals)):
        return True
    if one_colour and numbers_differ and run_min <= n <= run_max:
        first = high - n + 1 if high - n + 1 > run_low else run_low
        last = run_high - n + 1 if run_high - n + 1 < low else low
        if first <= last:
            return True
    return False


# ------------------------------------------------------------------------------------------
# The texts of the batch turn op
# ------------------------------------------------------------------------------------------

_TEXT_SIZE = 200  # longer texts are read each time (and not remembered)
_TEXT_RULE_SETS = 8  # rule sets whose texts are remembered (then forgotten at once)
_TEXT_SETS: dict[RuleSet, dict[str, tuple[Meld, SetInfo]]] = {}
_RACKS: dict[RuleSet, dict[str, tuple[tuple[Piece, ...], tuple[int, ...]]]] = {}


class ReadTable:
    """A table read from its texts: its sets, the judge's view of each, and what the judge derives of the whole."""

    __slots__ = ("counts", "index", "infos", "melds")

    def __init__(self, melds: list[Meld], infos: list[SetInfo]) -> None:
        self.melds = melds
        self.infos = infos
        self.counts: list[int] | None = None  # table_counts(infos), once asked
        self.index: tuple[dict[object, int], dict[object, list[int]]] | None = None  # marks_index(infos), once asked


_TABLES_SIZE = 2_000  # tables remembered per rule set (then forgotten all at once)
_TABLES: dict[RuleSet, dict[tuple[str, ...], ReadTable]] = {}


def text_sets(texts: list[Any], rules: RuleSet) -> ReadTable | None:
    """The sets of a table given as a list of notation strings, each with the judge's view of it.

    ``None`` when the list cannot be read so (an item that is not a string, bad notation, a piece
    that is not of the game, more sets than the game has pieces): the caller then reads the
    request the slow way, which says what is wrong. A table whose texts were all read before (as
    a table before or after) is found whole: a server sees the table after one turn as the table
    before the next.
    """
    if len(texts) > _limits(rules)[3]:
        return None
    short = True
    for text in texts:
        if type(text) is not str:
            return None
        if len(text) > _TEXT_SIZE:
            short = False
    tables = _TABLES.get(rules)
    if tables is None:
        if len(_TABLES) >= _TEXT_RULE_SETS:
            _TABLES.clear()
        tables = _TABLES[rules] = {}
    key = tuple(texts)
    table = tables.get(key) if short else None
    if table is not None:
        return table
    known = _TEXT_SETS.get(rules)
    if known is None:
        if len(_TEXT_SETS) >= _TEXT_RULE_SETS:
            _TEXT_SETS.clear()
        known = _TEXT_SETS[rules] = {}
    melds: list[Meld] = []
    out: list[SetInfo] = []
    for text in texts:
        seen = known.get(text)
        if seen is None:
            found = _read_set(text, rules)
            if found is None:
                return None
            seen = found
            if len(text) <= _TEXT_SIZE:
                if len(known) >= _SETS_SIZE:
                    known.clear()
                known[text] = seen
        melds.append(seen[0])
        out.append(seen[1])
    table = ReadTable(melds, out)
    if short:
        if len(tables) >= _TABLES_SIZE:
            tables.clear()
        tables[key] = table
    return table


def _read_set(text: str, rules: RuleSet) -> tuple[Meld, SetInfo] | None:
    try:
        meld = Meld.parse(text, rules=rules)
    except RummyError:
        return None
    sets = SETS.get(rules) or new_sets(rules)
    try:
        codes = encode(meld.pieces, "set")
    except RummyError:  # pragma: no cover - notation read with the rules makes pieces of the game
        return None
    info = sets[1].get(codes)
    if info is None:
        if not allowed_codes(rules).issuperset(codes):
            return None
        info = SetInfo(codes)
        remember(sets, meld, info)
    return meld, info


def rack_codes(text: str, rules: RuleSet) -> tuple[tuple[Piece, ...], tuple[int, ...]] | None:
    """A rack given as notation: its pieces and their codes (``None`` when it cannot be read so)."""
    known = _RACKS.get(rules)
    if known is None:
        if len(_RACKS) >= _TEXT_RULE_SETS:
            _RACKS.clear()
        known = _RACKS[rules] = {}
    seen = known.get(text)
    if seen is not None:
        return seen
    try:
        pieces = parse_pieces(text, rules=rules)
        codes = encode(pieces, "the rack")
    except RummyError:
        return None
    if not allowed_codes(rules).issuperset(codes):
        return None
    seen = (pieces, codes)
    if len(text) <= _TEXT_SIZE:
        if len(known) >= _SETS_SIZE:
            known.clear()
        known[text] = seen
    return seen


_TEXTS: dict[int, tuple[Meld, str]] = {}  # id -> (set, its notation), the set kept alive


def meld_text(meld: Meld) -> str:
    """``str(meld)``, remembered for the set objects that come back turn after turn."""
    seen = _TEXTS.get(id(meld))
    if seen is not None and seen[0] is meld:
        return seen[1]
    text = str(meld)
    if len(_TEXTS) >= _SETS_SIZE:
        _TEXTS.clear()
    _TEXTS[id(meld)] = (meld, text)
    return text


class Flow:
    """How the tiles of the table after are explained by the table before and the rack."""

    __slots__ = ("flow", "kept", "loose_after", "loose_before", "nowhere", "placed", "played", "vanished")

    kept: dict[int, int]  # before index -> after index, for unchanged sets
    flow: dict[tuple[int, int], Counter[Piece]]  # (before, after) -> table tiles moved
    placed: list[tuple[Piece, int]]  # rack tile -> after index
    nowhere: list[tuple[Piece, int]]  # unexplained tile -> after index
    vanished: list[tuple[Piece, int]]  # table tile -> before index it left
    loose_before: list[int]  # before indexes not kept
    loose_after: list[int]  # after indexes not kept
    played: list[int]  # codes of the rack tiles placed

    def __init__(
        self,
        kept: dict[int, int],
        flow: dict[tuple[int, int], Counter[Piece]],
        placed: list[tuple[Piece, int]],
        nowhere: list[tuple[Piece, int]],
        vanished: list[tuple[Piece, int]],
        loose_before: list[int],
        loose_after: list[int],
        played: list[int],
    ) -> None:
        self.kept = kept
        self.flow = flow
        self.placed = placed
        self.nowhere = nowhere
        self.vanished = vanished
        self.loose_before = loose_before
        self.loose_after = loose_after
        self.played = played


def marks_index(after: Sequence[SetInfo]) -> tuple[dict[object, int], dict[object, list[int]]]:
    """Each mark's first set (by index), and the later sets with that mark (identical sets)."""
    where: dict[object, int] = {}
    more: dict[object, list[int]] = {}
    for j, info in enumerate(after):
        mark = info.mark
        if mark in where:
            spots = more.get(mark)
            if spots is None:
                more[mark] = [j]
            else:
                spots.append(j)
        else:
            where[mark] = j
    return where, more


def explain(
    before: Sequence[SetInfo],
    after: Sequence[SetInfo],
    rack: dict[int, int],
    index: tuple[dict[object, int], dict[object, list[int]]] | None = None,
) -> Flow:
    """Match unchanged sets by their sorted codes, then explain the tiles of the other sets.

    ``index`` is ``marks_index(after)``, remembered (it is only read).
    """
    decode = DECODE
    kept: dict[int, int] = {}
    loose_before: list[int] = []
    # each set before is kept if an unused set after has the same tiles (the first such one)
    where, more = marks_index(after) if index is None else index
    taken = [False] * len(after)
    clash = False
    for i, info in enumerate(before):
        mark = info.mark
        at = where.get(mark, -1)
        if at >= 0 and taken[at]:  # the first is kept already: the next one not kept
            at = -1
            for j in more.get(mark, ()):
                if not taken[j]:
                    at = j
                    break
        if at < 0:
            loose_before.append(i)
        elif after[at].key == info.key:
            kept[i] = at
            taken[at] = True
        else:  # two different sets with one mark: match by keys below
            clash = True
            break
    if not clash:
        loose_after = [j for j in range(len(after)) if not taken[j]]
    else:
        kept.clear()
        loose_before.clear()
        by_key: dict[tuple[int, ...], list[int]] = {}
        for j, info in enumerate(after):
            by_key.setdefault(info.key, []).append(j)
        for i, info in enumerate(before):
            spots = by_key.get(info.key)
            if spots:
                kept[i] = spots.pop(0)
            else:
                loose_before.append(i)
        matched_after = set(kept.values())
        loose_after = [j for j in range(len(after)) if j not in matched_after]
    # multisets of codes as plain dicts (Counter arithmetic costs more than these few tiles)
    supply: dict[int, dict[int, int]] = {}
    for i in loose_before:
        d: dict[int, int] = {}
        for c in before[i].codes:
            d[c] = d.get(c, 0) + 1
        supply[i] = d
    need: dict[int, dict[int, int]] = {}
    for j in loose_after:
        d = {}
        for c in after[j].codes:
            d[c] = d.get(c, 0) + 1
        need[j] = d
    pairs = []
    for i in loose_before:
        sup = supply[i]
        for j in loose_after:
            if not sup.keys().isdisjoint(need[j]):
                nd = need[j]
                common = 0
                for c, n in sup.items():
                    m = nd.get(c)
                    if m:
                        common += n if n < m else m
                pairs.append((-common, i, j))
    pairs.sort()
    flow: dict[tuple[int, int], Counter[Piece]] = {}
    for _, i, j in pairs:
        sup = supply[i]
        nd = need[j]
        take: Counter[Piece] | None = None
        for c, n in sup.items():
            m = nd.get(c, 0)
            if n > 0 and m > 0:
                k = n if n < m else m
                if take is None:
                    take = flow[(i, j)] = Counter()
                take[decode[c]] = k
                sup[c] = n - k
                nd[c] = m - k
    left = dict(rack)
    placed: list[tuple[Piece, int]] = []
    played: list[int] = []
    nowhere: list[tuple[Piece, int]] = []
    for j in loose_after:
        nd = need[j]
        for c in sorted_codes([c for c, n in nd.items() if n > 0]):
            piece = decode[c]
            for _ in range(nd[c]):
                if left.get(c, 0) > 0:
                    left[c] -= 1
                    placed.append((piece, j))
                    played.append(c)
                else:
                    nowhere.append((piece, j))
    vanished = [
        (decode[c], i)
        for i in loose_before
        for c in sorted_codes([c for c, n in supply[i].items() if n > 0])
        for _ in range(supply[i][c])
    ]
    return Flow(kept, flow, placed, nowhere, vanished, loose_before, loose_after, played)
