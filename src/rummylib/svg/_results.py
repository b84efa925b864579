"""Pictures of the card games' results (meld-downs, deadwood, Gin hands, Indian arrangements) for `rummylib.svg`."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from rummylib import _inputs
from rummylib.cards import Card
from rummylib.contracts import ContractPlan, MeldDown, check_contract, contract_violations
from rummylib.errors import Violation
from rummylib.gin import DeadwoodResult, GinHandResult, GinOutcome
from rummylib.indian import IndianArrangement, declaration_violations
from rummylib.melds import Meld, MeldKind, MeldLike, MeldReading, read_meld
from rummylib.pieces import Family, Piece, PiecesLike, format_pieces, piece_sort_key
from rummylib.rules import GIN_RUMMY, INDIAN_RUMMY, Contract, RuleSet
from rummylib.svg._board import _board, _guess_reading, _Laid, _lay, _loose, _Note, _Section
from rummylib.svg._pieces import BAD_NOTE, GOOD_NOTE, Mark
from rummylib.table import MeldsLike, Table

_CARDS = Family.CARDS


def _readings(readings: Sequence[MeldReading], *, labels: bool) -> list[_Laid]:
    return [_lay(r, rules=None, labels=labels, family=_CARDS) for r in readings]


def _points(n: int) -> str:
    return "1 point" if n == 1 else f"{n} points"


def _cards(n: int) -> str:
    return "1 card" if n == 1 else f"{n} cards"


def meld_down(down: MeldDown, *, size: float | None = None, width: float = 640, labels: bool = True) -> str:
    """A picture of a meld-down that meets its contract (what `check_contract` returns).

    Each meld is drawn as it counts (set or run), every joker with the card it stands for.

    Examples:
        >>> from rummylib import CONTRACT_RUMMY
        >>> from rummylib.contracts import check_contract
        >>> down = check_contract(["7h 7s *", "4c 5c 6c 7c"], round_number=2, rules=CONTRACT_RUMMY)
        >>> picture = meld_down(down)
        >>> "meets the contract: one set of exactly 3 and one run of exactly 4" in picture, "* = 7c" in picture
        (True, True)
    """
    labels = _inputs.flag(labels, what="labels")
    laid = _readings(down.readings, labels=labels)
    return _board(
        [_Section(None, laid)],
        width=width,
        size=size,
        label=" | ".join(str(m) for m in down.melds),
        notes=[_Note(f"✓ meets the contract: {down.contract}", GOOD_NOTE, bold=True)],
    )


def contract_plan(plan: ContractPlan, *, size: float | None = None, width: float = 640, labels: bool = True) -> str:
    """A picture of the best meld-down `find_contract` found: the melds, then the cards left in hand.

    Examples:
        >>> from rummylib import CONTRACT_RUMMY
        >>> from rummylib.contracts import find_contract
        >>> plan = find_contract("7h 7s 7d 8c 8s 8h Kd 4c", round_number=1, rules=CONTRACT_RUMMY)
        >>> picture = contract_plan(plan)
        >>> "Left in hand: 2 cards, 14 points" in picture, picture.count("<title>")
        (True, 8)
    """
    labels = _inputs.flag(labels, what="labels")
    sections = [_Section(f"Meld-down for {plan.contract}", _readings(plan.readings, labels=labels))]
    left = f"Left in hand: {_cards(len(plan.left))}, {_points(plan.points_left)}"
    sections.append(
        _Section(left, [_loose(plan.left, family=_CARDS)] if plan.left else [], empty="nothing", beside=True)
    )
    return _board(
        sections,
        width=width,
        size=size,
        label=" | ".join(str(m) for m in plan.melds) + (f" (left: {format_pieces(plan.left)})" if plan.left else ""),
    )


def _judged(
    melds: Sequence[Meld],
    found: Sequence[Violation],
    *,
    rules: RuleSet,
    labels: bool,
    readings: Sequence[MeldReading] = (),
    name: Callable[[MeldReading | None], str | None] | None = None,
) -> tuple[list[_Laid], list[_Note]]:
    """The melds of a verdict, each problem placed on its meld (or written under them), and the notes."""
    codes: dict[int, list[str]] = {}
    why: dict[int, list[str]] = {}
    loose: list[_Note] = []
    for v in found:
        if v.meld_index is not None and 0 <= v.meld_index < len(melds):
            codes.setdefault(v.meld_index, []).append(v.code)
            why.setdefault(v.meld_index, []).append(str(v))
        else:
            loose.append(_Note(f"✗ {v}", BAD_NOTE))
    laid = []
    for i, m in enumerate(melds):
        if i in codes:
            laid.append(_lay(m, rules=rules, labels=labels, problems=codes[i], why="; ".join(why[i])))
            continue
        reading = readings[i] if i < len(readings) else read_meld(m, rules=rules)
        label = name(reading) if name is not None else None
        laid.append(_lay(reading if reading is not None else m, rules=rules, labels=labels, label=label))
    return laid, loose


def contract(
    melds: MeldsLike,
    *,
    rules: RuleSet,
    round_number: int | None = None,
    contract: Contract | None = None,
    hand: PiecesLike | None = None,
    size: float | None = None,
    width: float = 640,
    labels: bool = True,
) -> str:
    """A picture of a proposed meld-down, judged against its contract (the arguments of `contract_violations`).

    A meld-down that meets the contract shows how each meld counts, jokers included. Otherwise
    every meld with a problem of its own is outlined in red with it in words, and the problems of
    the meld-down as a whole (too few runs, two runs that continue each other) are written under
    it.

    Raises:
        RuleSetError: the game has no such round (code ``unknown-round``).
        NotationError: a meld or the hand is not valid notation for the game.
        InvalidPiecesError: more copies of a card than the game holds.

    Examples:
        >>> from rummylib import CONTRACT_RUMMY
        >>> bad = contract(["2c 3c 4c 5c", "6c 7c 8c 9c"], round_number=3, rules=CONTRACT_RUMMY)
        >>> "contract-runs-continue" in bad, "does not meet the contract" in bad
        (True, True)
        >>> "✓ meets the contract" in contract(["7h 7s *", "4c 5c 6c 7c"], round_number=2, rules=CONTRACT_RUMMY)
        True
    """
    labels = _inputs.flag(labels, what="labels")
    found = contract_violations(melds, round_number=round_number, contract=contract, rules=rules, hand=hand)
    laid_melds = Table.of(melds, rules=rules).melds
    wanted = contract if contract is not None else rules.round(round_number or 0).contract
    readings: tuple[MeldReading, ...] = ()
    if not found:
        readings = check_contract(melds, round_number=round_number, contract=contract, rules=rules, hand=hand).readings
    laid, notes = _judged(laid_melds, found, rules=rules, labels=labels, readings=readings)
    verdict = (
        _Note(f"✓ meets the contract: {wanted}", GOOD_NOTE, bold=True)
        if not found
        else _Note(f"✗ does not meet the contract: {wanted}", BAD_NOTE, bold=True)
    )
    return _board(
        [_Section(None, laid, empty="no meld")],
        width=width,
        size=size,
        label=" | ".join(str(m) for m in laid_melds) or "no meld",
        notes=[verdict, *notes],
    )


def declaration(
    groups: Iterable[MeldLike],
    *,
    rules: RuleSet,
    size: float | None = None,
    width: float = 640,
    labels: bool = True,
) -> str:
    """A picture of an Indian Rummy declaration, judged (the arguments of `declaration_violations`).

    Each group is labelled a pure sequence, a sequence or a set; a bad group is outlined in red
    with its problem in words, and the problems of the declaration as a whole (no pure sequence,
    too few sequences, not all 13 cards) are written under it.

    Raises:
        NotationError: bad notation or a piece not of the game.
        InvalidPiecesError: more copies of a card than the decks hold.

    Examples:
        >>> from rummylib import INDIAN_RUMMY
        >>> fives = INDIAN_RUMMY.with_options({"wild_ranks": ["5"]})
        >>> good = declaration(["4s 5s 6s", "7h 8h *", "9c 9d 9s", "Jc Qc Kc 5d"], rules=fives)
        >>> "✓ a valid declaration" in good, "pure sequence" in good, "<title>5d = Ac</title>" in good
        (True, True, True)
    """
    labels = _inputs.flag(labels, what="labels")
    melds = Table.of(list(groups), rules=rules).melds
    found = declaration_violations(melds, rules=rules)
    laid, notes = _judged(melds, found, rules=rules, labels=labels, name=_indian_label)
    verdict = (
        _Note("✓ a valid declaration", GOOD_NOTE, bold=True)
        if not found
        else _Note("✗ a wrong declaration", BAD_NOTE, bold=True)
    )
    return _board(
        [_Section(None, laid, empty="no group")],
        width=width,
        size=size,
        label=" | ".join(str(m) for m in melds) or "no group",
        notes=[verdict, *notes],
    )


def _card_melds(
    melds: Sequence[Meld], *, reader: RuleSet, labels: bool, marks: Sequence[Sequence[Mark | None]] = ()
) -> list[_Laid]:
    return [
        _lay(m, rules=None, labels=labels, family=_CARDS, reader=reader, marks=marks[i] if marks else None)
        for i, m in enumerate(melds)
    ]


def deadwood(result: DeadwoodResult, *, size: float | None = None, width: float = 640, labels: bool = True) -> str:
    """A picture of a Gin hand's least deadwood: its melds, the deadwood cards and, after the draw, the discard.

    Examples:
        >>> from rummylib import GIN_RUMMY
        >>> from rummylib.gin import deadwood as least_deadwood
        >>> picture = deadwood(least_deadwood("Ah 2h 3h 4h 7c 7d 7s 9c 9d Kd Qs", rules=GIN_RUMMY))
        >>> "Deadwood: 28" in picture, "Discard" in picture
        (True, True)
    """
    labels = _inputs.flag(labels, what="labels")
    sections = [_Section("Melds", _card_melds(result.melds, reader=GIN_RUMMY, labels=labels), empty="no meld")]
    sections.append(
        _Section(
            f"Deadwood: {result.deadwood}",
            [_loose(result.unmelded, family=_CARDS)] if result.unmelded else [],
            empty="none: gin",
            beside=True,
        )
    )
    if result.discard is not None:
        sections.append(_Section("Discard", [_loose([result.discard], family=_CARDS)], beside=True))
    shown = " | ".join(str(m) for m in result.melds)
    return _board(sections, width=width, size=size, label=f"{shown} (deadwood {result.deadwood})")


def _with_layoffs(result: GinHandResult) -> tuple[list[Meld], list[list[Mark | None]]]:
    """The knocker's melds with the defender's lay-offs put in, and which cards were laid off."""
    melds: list[Meld] = []
    marks: list[list[Mark | None]] = []
    for i, m in enumerate(result.knocker_melds):
        added = [lo.card for lo in result.layoffs if lo.meld == i]
        cards: list[tuple[Piece, Mark | None]] = [(c, None) for c in m.pieces] + [(c, Mark.LAID_OFF) for c in added]
        if added and len({c.rank for c in m.pieces if isinstance(c, Card)}) > 1:  # a run: keep it in order
            cards.sort(key=lambda pair: piece_sort_key(pair[0]))
        melds.append(Meld(tuple(c for c, _ in cards)))
        marks.append([mark for _, mark in cards])
    return melds, marks


_VERDICT = {
    GinOutcome.KNOCK: "knock: the knocker scores the difference in deadwood",
    GinOutcome.GIN: "gin: the knocker scores the defender's deadwood and the gin bonus",
    GinOutcome.BIG_GIN: "big gin: the knocker scores the defender's deadwood and the big gin bonus",
    GinOutcome.UNDERCUT: "undercut: the defender scores the difference and the undercut bonus",
}


def gin_hand(result: GinHandResult, *, size: float | None = None, width: float = 640, labels: bool = True) -> str:
    """A picture of a scored Gin hand: both players' melds and deadwood, the lay-offs, and who scores what.

    The defender's lay-offs are drawn in the knocker's melds, framed in dotted blue.

    Examples:
        >>> from rummylib import GIN_RUMMY
        >>> from rummylib.gin import score_hand
        >>> r = score_hand("Ah 2h 3h 7c 7d 7s 9c 9d 9s Kd", "4h 5h 9h 10h Jh 8c 2d Qd Kc Kh", rules=GIN_RUMMY)
        >>> picture = gin_hand(r)
        >>> "the knocker wins 30 points" in picture, "laid off by the defender" in picture
        (True, True)
    """
    labels = _inputs.flag(labels, what="labels")
    melds, marks = _with_layoffs(result)
    sections = [
        _Section(
            f"Knocker's melds (deadwood {result.knocker_deadwood})",
            _card_melds(melds, reader=GIN_RUMMY, labels=labels, marks=marks),
            empty="no meld",
        ),
    ]
    if result.knocker_unmelded:
        sections.append(_Section("Knocker's deadwood", [_loose(result.knocker_unmelded, family=_CARDS)], beside=True))
    if result.discard is not None:
        sections.append(_Section("Knocker's discard", [_loose([result.discard], family=_CARDS)], beside=True))
    after = " after the lay-offs" if result.layoffs else ""
    sections.append(
        _Section(
            f"Defender's melds (deadwood {result.defender_deadwood}{after})",
            _card_melds(result.defender_melds, reader=GIN_RUMMY, labels=labels),
            empty="no meld",
        )
    )
    if result.defender_unmelded:
        sections.append(_Section("Defender's deadwood", [_loose(result.defender_unmelded, family=_CARDS)], beside=True))
    double = " (doubled: Oklahoma, a spade upcard)" if result.multiplier > 1 else ""
    notes = [
        _Note(f"the {result.winner} wins {_points(result.points)}{double}", GOOD_NOTE, bold=True),
        _Note(_VERDICT[result.kind]),
    ]
    return _board(
        sections,
        width=width,
        size=size,
        label=f"Gin hand: the {result.winner} wins {_points(result.points)} ({result.kind.value})",
        notes=notes,
        legend={Mark.LAID_OFF: "laid off by the defender"},
    )


_CASES = {
    "no-pure": "no pure sequence: every card counts",
    "pure-only": "a pure sequence but no second sequence: every card outside it counts",
    "full": "a pure sequence and a second sequence: only the cards in no meld count",
}


def _indian_label(reading: MeldReading | None) -> str | None:
    if reading is None:
        return None
    if reading.kind is MeldKind.GROUP:
        return "set"
    return "pure sequence" if reading.is_pure else "sequence"


def arrangement(
    found: IndianArrangement,
    *,
    rules: RuleSet | None = None,
    size: float | None = None,
    width: float = 640,
    labels: bool = True,
) -> str:
    """A picture of an Indian Rummy hand's best arrangement: its sequences and sets, then the cards that count.

    An arrangement does not keep its rule set: without ``rules``, melds are read by the preset
    (`rummylib.INDIAN_RUMMY`, printed jokers only), so a wild card standing in is drawn as laid.
    Pass the rules of the deal (its wild rank) to see what every joker and wild card stands for.

    Examples:
        >>> from rummylib import INDIAN_RUMMY
        >>> from rummylib.indian import best_arrangement
        >>> a = best_arrangement("Ah 2h 3h 4c * 6c 9s 9c 9d 7s 8h Kd 2d", rules=INDIAN_RUMMY)
        >>> picture = arrangement(a)
        >>> "pure sequence" in picture, "Cards that count: 27 points" in picture
        (True, True)
    """
    labels = _inputs.flag(labels, what="labels")
    reader = rules if rules is not None else INDIAN_RUMMY
    laid = []
    for m in found.melds:
        reading = _guess_reading(m, reader)
        shown = reading if reading is not None else m
        laid.append(_lay(shown, rules=None, labels=labels, family=_CARDS, label=_indian_label(reading)))
    capped = f" (capped from {found.raw_points})" if found.raw_points != found.points else ""
    sections = [
        _Section("Melds", laid, empty="no meld"),
        _Section(
            f"Cards that count: {_points(found.points)}{capped}",
            [_loose(found.counted, family=_CARDS)] if found.counted else [],
            empty="none",
            beside=True,
        ),
    ]
    ink = GOOD_NOTE if found.case == "full" else BAD_NOTE
    return _board(
        sections,
        width=width,
        size=size,
        label=f"Indian arrangement: {_points(found.points)}",
        notes=[_Note(_CASES[found.case], ink)],
    )
