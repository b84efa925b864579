"""Pictures of the card games' results (meld-downs, deadwood, Gin hands, Indian arrangements) for `rummylib.svg`."""

from __future__ import annotations

from collections.abc import Sequence

from rummylib.cards import Card
from rummylib.contracts import ContractPlan, MeldDown
from rummylib.gin import DeadwoodResult, GinHandResult, GinOutcome
from rummylib.indian import IndianArrangement
from rummylib.melds import Meld, MeldKind, MeldReading
from rummylib.pieces import Family, Piece, format_pieces, piece_sort_key
from rummylib.rules import GIN_RUMMY, INDIAN_RUMMY, RuleSet
from rummylib.svg._board import _board, _guess_reading, _Laid, _lay, _loose, _Note, _Section
from rummylib.svg._pieces import BAD_NOTE, GOOD_NOTE, Mark

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
    sections = [_Section(f"Meld-down for {plan.contract}", _readings(plan.readings, labels=labels))]
    left = f"Left in hand: {_cards(len(plan.left))}, {_points(plan.points_left)}"
    sections.append(_Section(left, [_loose(plan.left, family=_CARDS)] if plan.left else [], empty="nothing"))
    return _board(
        sections,
        width=width,
        size=size,
        label=" | ".join(str(m) for m in plan.melds) + (f" (left: {format_pieces(plan.left)})" if plan.left else ""),
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
    sections = [_Section("Melds", _card_melds(result.melds, reader=GIN_RUMMY, labels=labels), empty="no meld")]
    sections.append(
        _Section(
            f"Deadwood: {result.deadwood}",
            [_loose(result.unmelded, family=_CARDS)] if result.unmelded else [],
            empty="none: gin",
        )
    )
    if result.discard is not None:
        sections.append(_Section("Discard", [_loose([result.discard], family=_CARDS)]))
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
    melds, marks = _with_layoffs(result)
    sections = [
        _Section(
            f"Knocker's melds (deadwood {result.knocker_deadwood})",
            _card_melds(melds, reader=GIN_RUMMY, labels=labels, marks=marks),
            empty="no meld",
        ),
    ]
    if result.knocker_unmelded:
        sections.append(_Section("Knocker's deadwood", [_loose(result.knocker_unmelded, family=_CARDS)]))
    if result.discard is not None:
        sections.append(_Section("Knocker's discard", [_loose([result.discard], family=_CARDS)]))
    after = " after the lay-offs" if result.layoffs else ""
    sections.append(
        _Section(
            f"Defender's melds (deadwood {result.defender_deadwood}{after})",
            _card_melds(result.defender_melds, reader=GIN_RUMMY, labels=labels),
            empty="no meld",
        )
    )
    if result.defender_unmelded:
        sections.append(_Section("Defender's deadwood", [_loose(result.defender_unmelded, family=_CARDS)]))
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
