"""Contracts of Contract Rummy and Shanghai: check a meld-down, and find the best one.

A round's contract (a [`Contract`][rummylib.rules.Contract] value: how many sets and runs, of what
size, exact or minimum) comes from the rule set's round table (``rules.round(n).contract``) or is
passed directly, so house contracts need no code.

* [`contract_violations`][rummylib.contracts.contract_violations],
  [`check_contract`][rummylib.contracts.check_contract] and
  [`is_legal_contract`][rummylib.contracts.is_legal_contract] judge a proposed meld-down: every
  problem, coded (wrong number or kind of melds, a set or run of the wrong size, two runs of one
  suit that continue each other, an invalid meld, cards not in the hand, a whole-hand contract
  that leaves more than one card).
* [`find_contract`][rummylib.contracts.find_contract] searches a hand for the meld-down that
  leaves the fewest points in hand. The search is exact: it never misses a solution.

Examples:
    >>> from rummylib import CONTRACT_RUMMY, SHANGHAI
    >>> is_legal_contract(["7h 7s 7d", "4c 5c 6c 7c"], round_number=2, rules=CONTRACT_RUMMY)
    True
    >>> [v.code for v in contract_violations(["7h 7s 7d 7c", "4c 5c 6c 7c"], round_number=2,
    ...                                       rules=CONTRACT_RUMMY)]
    ['contract-set-size']
    >>> plan = find_contract("7h 7s 7d 4c 5c 6c * Kd Qs 2h 3h", round_number=2, rules=SHANGHAI)
    >>> [str(m) for m in plan.melds], plan.points_left
    (['7d 7h 7s', '4c 5c 6c *'], 25)
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Sequence

import attrs

from rummylib import _inputs
from rummylib.cards import Card
from rummylib.contracts._search import _build, _Search
from rummylib.contracts.errors import ContractNotMetError
from rummylib.errors import RuleId, RuleSetError, SolverError, Violation
from rummylib.melds import Meld, MeldKind, MeldReading, meld_readings, meld_violations
from rummylib.pieces import Family, Piece, PiecesLike, format_pieces, piece_sort_key
from rummylib.rules import Contract, RuleSet
from rummylib.table import MeldsLike, Table
from rummylib.tiles import Drawable

__all__ = [
    "ContractPlan",
    "MeldDown",
    "check_contract",
    "contract_for",
    "contract_violations",
    "find_contract",
    "is_legal_contract",
]

_WORDS = ("no", "one", "two", "three", "four", "five", "six")


# ------------------------------------------------------------------------------------------
# Arguments
# ------------------------------------------------------------------------------------------


def contract_for(*, rules: RuleSet, round_number: int | None = None, contract: Contract | None = None) -> Contract:
    """The contract to meet: round ``round_number`` of the game, or ``contract`` itself.

    Exactly one of ``round_number`` and ``contract`` must be given.

    Raises:
        RuleSetError: the game has no such round (code ``unknown-round``).
        TypeError: both or neither of ``round_number`` and ``contract`` given.

    Examples:
        >>> from rummylib import SHANGHAI
        >>> str(contract_for(rules=SHANGHAI, round_number=8))
        'one set of 3 or more and one run of 10 or more'
        >>> str(contract_for(rules=SHANGHAI, contract=Contract(runs=2, run_size=6)))
        'two runs of 6 or more'
    """
    _inputs.ruleset(rules)
    if (round_number is None) == (contract is None):
        raise TypeError("give exactly one of round_number and contract")
    if contract is not None:
        if not isinstance(contract, Contract):
            raise TypeError(f"contract must be a Contract, not {type(contract).__name__}")
        return contract
    assert round_number is not None
    return rules.round(round_number).contract


@functools.lru_cache(maxsize=64)
def _meld_rules(rules: RuleSet) -> RuleSet:
    """The rules melds of a meld-down are read with: as the game's, but short melds still read.

    A 3-card run in Contract Rummy (runs of 4) is read as a run so that the problem reported is
    the contract's size rule, not "not a meld". The contract's own sizes are checked afterwards.
    """
    if rules.min_run == 3 and rules.group_min == 2:
        return rules
    return attrs.evolve(rules, min_run=3, group_min=2)


def _as_melds(melds: MeldsLike, rules: RuleSet) -> tuple[Meld, ...]:
    if isinstance(melds, Meld | MeldReading):
        raise TypeError(f"melds must be a sequence of melds or a table, not one {type(melds).__name__}")
    return Table.of(melds, rules=rules).melds


def _as_hand(hand: PiecesLike, rules: RuleSet) -> tuple[Piece, ...]:
    return _inputs.hand(hand, rules=rules, what="the hand")


# ------------------------------------------------------------------------------------------
# Checking a meld-down
# ------------------------------------------------------------------------------------------


@attrs.frozen
class _Option:
    """One way to count a valid meld: as a set, or as a run of one suit between two positions."""

    kind: MeldKind
    suit: object
    low: int
    high: int
    reading: MeldReading


def _options(reading_list: Sequence[MeldReading]) -> list[_Option]:
    out: list[_Option] = []
    seen: set[tuple[object, ...]] = set()
    for r in reading_list:
        if r.kind is MeldKind.GROUP:
            key: tuple[object, ...] = (MeldKind.GROUP,)
            opt = _Option(MeldKind.GROUP, None, r.rank, r.rank, r)
        else:
            face = r.faces[0]
            suit = face.suit if isinstance(face, Card) else face.color
            key = (MeldKind.RUN, suit, min(r.positions), max(r.positions))
            opt = _Option(MeldKind.RUN, suit, min(r.positions), max(r.positions), r)
        if key not in seen:
            seen.add(key)
            out.append(opt)
    return out


def _size_words(size: int, exact: bool) -> str:
    return f"exactly {size}" if exact else f"at least {size}"


def _plural(n: int, word: str) -> str:
    return f"{_WORDS[n] if n < len(_WORDS) else n} {word}{'' if n == 1 else 's'}"


def _judge(melds: Sequence[Meld], chosen: Sequence[_Option | None], contract: Contract) -> list[Violation]:
    """Contract problems of the melds counted as ``chosen`` (``None``: an invalid meld)."""
    out: list[Violation] = []
    need = contract.sets + contract.runs
    k = len(melds)
    groups = sum(1 for c in chosen if c is not None and c.kind is MeldKind.GROUP)
    runs = sum(1 for c in chosen if c is not None and c.kind is MeldKind.RUN)
    wanted = f"{_plural(contract.sets, 'set')} and {_plural(contract.runs, 'run')}"
    if k != need:
        out.append(
            Violation(
                RuleId.CONTRACT_MELD_COUNT,
                f"{_plural(k, 'meld')} laid down; the contract ({contract}) needs {need}",
            )
        )
    elif groups > contract.sets or runs > contract.runs:
        out.append(
            Violation(
                RuleId.CONTRACT_MELD_KINDS,
                f"the melds are {_plural(groups, 'set')} and {_plural(runs, 'run')}; the contract needs {wanted}",
            )
        )
    for i, (meld, c) in enumerate(zip(melds, chosen, strict=True)):
        if c is None:
            continue
        n = len(meld)
        if c.kind is MeldKind.GROUP:
            size, rule, what = contract.set_size, RuleId.CONTRACT_SET_SIZE, "set"
        else:
            size, rule, what = contract.run_size, RuleId.CONTRACT_RUN_SIZE, "run"
        if (n != size) if contract.exact else (n < size):
            out.append(
                Violation(
                    rule,
                    f"{what} of {n} cards; the contract needs {what}s of {_size_words(size, contract.exact)}",
                    pieces=meld.pieces,
                ).at(i)
            )
    for i, j in itertools.combinations(range(len(melds)), 2):
        a, b = chosen[i], chosen[j]
        if a is None or b is None or a.kind is not MeldKind.RUN or b.kind is not MeldKind.RUN or a.suit != b.suit:
            continue
        if a.high + 1 == b.low or b.high + 1 == a.low:
            out.append(
                Violation(
                    RuleId.CONTRACT_RUNS_CONTINUE,
                    f"runs {i + 1} and {j + 1} are of one suit and continue each other, "
                    f"so they count as one run, not two",
                    pieces=melds[j].pieces,
                ).at(j)
            )
    return out


def _best_count(
    melds: Sequence[Meld], options: Sequence[list[_Option]], contract: Contract
) -> tuple[list[_Option | None], list[Violation]]:
    """The way of counting the melds with the fewest contract problems (the first such)."""
    per_meld_kinds: list[list[MeldKind | None]] = []
    for opts in options:
        kinds: list[MeldKind | None] = list(dict.fromkeys(o.kind for o in opts))
        per_meld_kinds.append(kinds or [None])
    if sum(len(k) > 1 for k in per_meld_kinds) > 10:  # pragma: no cover - no real meld-down is this long
        per_meld_kinds = [k[:1] for k in per_meld_kinds]
    best: tuple[list[_Option | None], list[Violation]] | None = None
    for combo in itertools.product(*per_meld_kinds):
        chosen, problems = _best_windows(melds, options, list(combo), contract)
        if best is None or len(problems) < len(best[1]):
            best = (chosen, problems)
            if not problems:
                break
    assert best is not None
    return best


def _best_windows(
    melds: Sequence[Meld], options: Sequence[list[_Option]], kinds: list[MeldKind | None], contract: Contract
) -> tuple[list[_Option | None], list[Violation]]:
    """For fixed kinds, pick each run's reading so that as few runs as possible continue each other."""
    first: list[_Option | None] = []
    for opts, kind in zip(options, kinds, strict=True):
        first.append(next((o for o in opts if o.kind is kind), None) if kind is not None else None)
    runs = [i for i, c in enumerate(first) if c is not None and c.kind is MeldKind.RUN]
    suits = Counter(first[i].suit for i in runs)  # type: ignore[union-attr]
    shared = [i for i in runs if suits[first[i].suit] > 1]  # type: ignore[union-attr]
    if not shared:
        return first, _judge(melds, first, contract)
    choices = [[o for o in options[i] if o.kind is MeldKind.RUN] for i in shared]
    best: tuple[list[_Option | None], list[Violation]] | None = None
    for count, combo in enumerate(itertools.product(*choices)):
        chosen = list(first)
        for i, o in zip(shared, combo, strict=True):
            chosen[i] = o
        problems = _judge(melds, chosen, contract)
        if best is None or len(problems) < len(best[1]):
            best = (chosen, problems)
            if not problems:
                break
        if count > 20_000:  # pragma: no cover - a bound no real meld-down comes near
            break
    assert best is not None
    return best


def _hand_problems(
    melds: Sequence[Meld],
    hand: tuple[Piece, ...] | None,
    contract: Contract,
    round_cards: int | None,
    rules: RuleSet,
) -> list[Violation]:
    laid = Counter(p for m in melds for p in m.pieces)
    out: list[Violation] = []
    total = sum(laid.values())
    if hand is None:
        rules.check_piece_counts(list(laid.elements()), what="the melds")
        if contract.whole_hand and round_cards is not None and total < round_cards:
            out.append(
                Violation(
                    RuleId.CONTRACT_WHOLE_HAND,
                    f"the melds hold {total} cards; this contract must take the whole hand but at most "
                    f"one card, and a hand holds at least {round_cards + 1} cards when it is laid down",
                )
            )
        return out
    held = Counter(hand)
    missing = laid - held
    if missing:
        shown = tuple(sorted(missing.elements(), key=piece_sort_key))
        out.append(
            Violation(
                RuleId.CONTRACT_NOT_IN_HAND,
                f"{format_pieces(shown)} {'is' if len(shown) == 1 else 'are'} not in the hand",
                pieces=shown,
            )
        )
    if contract.whole_hand:
        left = sum((held - laid).values())
        if left > 1:
            out.append(
                Violation(
                    RuleId.CONTRACT_WHOLE_HAND,
                    f"{left} cards would stay in hand; this contract must take the whole hand "
                    f"but at most one card (the final discard)",
                )
            )
    return out


def _as_laid_first(readings: tuple[MeldReading, ...]) -> tuple[MeldReading, ...]:
    """Where the cards, in the order laid, form an ascending run, that run is the one meant.

    The rule of the meld engine (a joker takes the place its position gives, so ``2c 3c 4c *`` is
    2 to 5 and ``* 2c 3c 4c`` is ace to 4); the meld may still count as a set when it can be one.
    """
    if not any(r.as_laid for r in readings):
        return readings
    return tuple(r for r in readings if r.kind is MeldKind.GROUP or r.as_laid)


def _examine(
    melds: MeldsLike,
    round_number: int | None,
    contract: Contract | None,
    rules: RuleSet,
    hand: PiecesLike | None,
) -> tuple[Contract, tuple[Meld, ...], list[_Option | None], list[Violation]]:
    wanted = contract_for(rules=rules, round_number=round_number, contract=contract)
    round_cards = rules.round(round_number).cards if round_number is not None else None
    laid = _as_melds(melds, rules)
    pieces = _as_hand(hand, rules) if hand is not None else None
    mrules = _meld_rules(rules)
    options: list[list[_Option]] = []
    problems: list[Violation] = []
    for i, m in enumerate(laid):
        readings = _as_laid_first(meld_readings(m, rules=mrules))
        options.append(_options(readings))
        if not readings:
            problems.extend(v.at(i) for v in meld_violations(m, rules=mrules))
    chosen, counted = _best_count(laid, options, wanted)
    problems.extend(counted)
    problems.extend(_hand_problems(laid, pieces, wanted, round_cards, rules))
    return wanted, laid, chosen, problems


def contract_violations(
    melds: MeldsLike,
    *,
    round_number: int | None = None,
    contract: Contract | None = None,
    rules: RuleSet,
    hand: PiecesLike | None = None,
) -> tuple[Violation, ...]:
    """Every problem keeping ``melds`` from meeting the contract (empty when they meet it).

    The contract is round ``round_number`` of the game, or ``contract`` (exactly one of the two).
    Each meld must be a valid set or run (invalid melds report the meld engine's problems, placed
    at their index, such as ``run-wraps`` or ``too-many-jokers``); then the melds must be the
    contract's number of sets and runs (``contract-meld-count``, ``contract-meld-kinds``), each of
    the contract's size (exactly, or at least: ``contract-set-size``, ``contract-run-size``), and
    no two runs of one suit may continue each other (``contract-runs-continue``). A meld that could
    be read as a set or as a run is counted the way that meets the contract, when there is one; a
    run whose cards, in the order laid, form an ascending run is that run (``2c 3c 4c *`` is 2 to
    5, ``* 2c 3c 4c`` ace to 4), as the meld engine reads it; otherwise any place it fits counts.

    With ``hand``, the melds must come from it (``contract-not-in-hand``), and a whole-hand
    contract (Contract Rummy, round 7) must leave at most one card in it
    (``contract-whole-hand``). Without a hand, a whole-hand contract of a numbered round must at
    least hold as many cards as were dealt (a player holds one more after drawing); a whole-hand
    ``contract`` passed directly with no hand cannot be checked for it.

    Raises:
        RuleSetError: the game has no such round (code ``unknown-round``).
        NotationError: a meld or the hand is not valid notation for the game.
        InvalidPiecesError: more copies of a card than the game holds (in the hand, or in the
            melds when no hand is given).

    Examples:
        >>> from rummylib import CONTRACT_RUMMY, SHANGHAI
        >>> [v.code for v in contract_violations(["2c 3c 4c 5c", "6c 7c 8c 9c"], round_number=3,
        ...                                       rules=CONTRACT_RUMMY)]
        ['contract-runs-continue']
        >>> contract_violations(["7h 7s 7d 7c", "4c 5c 6c 7c 8c 9c 10c"], round_number=5, rules=SHANGHAI)
        ()
        >>> print(contract_violations(["Kc Ac 2c 3c", "7h 7s 7d"], round_number=2, rules=CONTRACT_RUMMY)[0])
        meld 1 (Kc Ac 2c 3c): Kc Ac 2c 3c would need the run to wrap from K round to A; runs never wrap [run-wraps]
    """
    return tuple(_examine(melds, round_number, contract, rules, hand)[3])


@attrs.frozen
class MeldDown(Drawable):
    """A meld-down that meets its contract: the melds and how each is counted.

    Examples:
        >>> from rummylib import CONTRACT_RUMMY
        >>> down = check_contract(["7h 7s *", "4c 5c 6c 7c"], round_number=2, rules=CONTRACT_RUMMY)
        >>> [r.kind.value for r in down.readings], [str(f) for f in down.readings[0].jokers]
        (['group', 'run'], ['7c'])
    """

    contract: Contract
    """The contract met."""
    melds: tuple[Meld, ...]
    """The melds, as given."""
    readings: tuple[MeldReading, ...]
    """How each meld is counted (a set or a run, and what each joker stands for), in order."""

    @property
    def sets(self) -> tuple[MeldReading, ...]:
        """The readings counted as sets."""
        return tuple(r for r in self.readings if r.kind is MeldKind.GROUP)

    @property
    def runs(self) -> tuple[MeldReading, ...]:
        """The readings counted as runs."""
        return tuple(r for r in self.readings if r.kind is MeldKind.RUN)


def check_contract(
    melds: MeldsLike,
    *,
    round_number: int | None = None,
    contract: Contract | None = None,
    rules: RuleSet,
    hand: PiecesLike | None = None,
) -> MeldDown:
    """The melds with their readings when they meet the contract; raises with every problem otherwise.

    Takes the same arguments as `contract_violations`.

    Raises:
        ContractNotMetError: the melds do not meet the contract; ``violations`` lists every problem.
        RuleSetError: the game has no such round (code ``unknown-round``).
        NotationError: a meld or the hand is not valid notation for the game.
        InvalidPiecesError: more copies of a card than the game holds.

    Examples:
        >>> from rummylib import CONTRACT_RUMMY
        >>> len(check_contract("7h 7s 7d | 8c 8s 8h", round_number=1, rules=CONTRACT_RUMMY).sets)
        2
        >>> check_contract(["7h 7s 7d"], round_number=1, rules=CONTRACT_RUMMY)
        Traceback (most recent call last):
        ...
        rummylib.contracts.errors.ContractNotMetError: one meld laid down; the contract (two sets of exactly 3) ...
    """
    wanted, laid, chosen, problems = _examine(melds, round_number, contract, rules, hand)
    if problems:
        raise ContractNotMetError(problems)
    readings = tuple(c.reading for c in chosen if c is not None)
    return MeldDown(contract=wanted, melds=laid, readings=readings)


def is_legal_contract(
    melds: MeldsLike,
    *,
    round_number: int | None = None,
    contract: Contract | None = None,
    rules: RuleSet,
    hand: PiecesLike | None = None,
) -> bool:
    """Whether laying down the melds meets the contract (same arguments as `contract_violations`).

    Raises:
        RuleSetError: the game has no such round (code ``unknown-round``).
        NotationError: a meld or the hand is not valid notation for the game.
        InvalidPiecesError: more copies of a card than the game holds.

    Examples:
        >>> from rummylib import SHANGHAI
        >>> is_legal_contract(["4c 5c 6c 7c 8c", "9h 10h Jh Qh Kh Ah", "2s 3s 4s 5s 6s"],
        ...                   round_number=10, rules=SHANGHAI)
        True
    """
    return not contract_violations(melds, round_number=round_number, contract=contract, rules=rules, hand=hand)


# ------------------------------------------------------------------------------------------
# Finding the best meld-down
# ------------------------------------------------------------------------------------------


@attrs.frozen
class ContractPlan(Drawable):
    """A way to meet a contract from a hand, and what it leaves in hand.

    Examples:
        >>> from rummylib import CONTRACT_RUMMY
        >>> plan = find_contract("7h 7s 7d 8c 8s 8h Kd 4c", round_number=1, rules=CONTRACT_RUMMY)
        >>> [str(m) for m in plan.melds], format_pieces(plan.left), plan.points_left
        (['7d 7h 7s', '8c 8h 8s'], '4c Kd', 14)
    """

    contract: Contract
    """The contract met."""
    melds: tuple[Meld, ...]
    """The melds to lay down: sets first, then runs (each run from low to high)."""
    readings: tuple[MeldReading, ...]
    """How each meld counts (set or run, and what each joker stands for), in the same order."""
    points_left: int
    """Points of the cards left in hand (``rules.piece_points``)."""
    left: tuple[Piece, ...]
    """The cards left in hand, in canonical order."""


def find_contract(
    hand: PiecesLike,
    *,
    round_number: int | None = None,
    contract: Contract | None = None,
    rules: RuleSet,
    budget: int | None = None,
) -> ContractPlan | None:
    """The meld-down meeting the contract that leaves the fewest points in hand, or ``None``.

    The search is exact, with jokers, wild ranks (``rules.is_wild``: ``deuces_wild``,
    ``wild_ranks``) and every meld option of the rule set (``joker_ratio``,
    ``max_jokers_per_meld``, ``group_max``, ...): it answers ``None`` only when no meld-down
    meets the contract. It branches on the contract's runs (in order of suit and cards) and then
    its sets (in order of rank), each meld chosen by its natural cards, with jokers and wild cards
    shared out at the end as fillers; a bound on the points still to meld prunes the branches
    that cannot beat the best plan found so far.

    The plan leaves the fewest points (``rules.piece_points``); among plans leaving equal points,
    one leaving fewer cards; among those, the first the search meets. The search tries runs suit
    by suit (clubs, diamonds, hearts, spades) and then sets, each time the melds holding the most
    points first, in an order fixed by the cards alone: the same hand gives the same plan whatever
    order its cards come in. Jokers and wild cards are put in as fillers worth most first (wild
    cards before jokers when worth the same); a run takes extra fillers above its cards first,
    then below. A whole-hand contract (``whole_hand``) leaves at most one card.

    ``budget`` (optional) caps the nodes searched: when spent, `SearchLimitReached` is raised,
    never a wrong answer.

    Raises:
        RuleSetError: the game has no such round (code ``unknown-round``), or is played with tiles.
        NotationError: the hand is not valid notation for the game.
        InvalidPiecesError: more copies of a card than the game holds.
        SearchLimitReached: ``budget`` nodes were searched before the answer was proved.

    Examples:
        >>> from rummylib import CONTRACT_RUMMY, SHANGHAI
        >>> plan = find_contract("4c 5c 6c 7c 8c 9h 10h Jh Qh * Kd 3s", round_number=7, rules=CONTRACT_RUMMY)
        >>> plan is None
        True
        >>> plan = find_contract("4c 5c 6c 7c 8c 9h 10h Jh Qh * 3s 4s 5s", round_number=7, rules=CONTRACT_RUMMY)
        >>> [str(m) for m in plan.melds], format_pieces(plan.left)
        (['4c 5c 6c 7c 8c', '9h 10h Jh Qh', '3s 4s 5s *'], '')
        >>> find_contract("7h 7s 7d 8c 8s", round_number=1, rules=SHANGHAI) is None
        True
    """
    wanted = contract_for(rules=rules, round_number=round_number, contract=contract)
    if rules.family is not Family.CARDS:
        raise RuleSetError(f"find_contract is for card games, and {rules.title} is played with tiles")
    pieces = _as_hand(hand, rules)
    if budget is not None and (isinstance(budget, bool) or not isinstance(budget, int) or budget < 1):
        raise TypeError("budget must be a positive int or None")
    search = _Search(pieces, wanted, rules, budget)
    search.run()
    if search.best is None:
        return None
    (points_left, _, _), chosen, f = search.best
    melds, left = _build(search, chosen, f, pieces)
    try:
        down = check_contract(melds, contract=wanted, rules=rules, hand=pieces)
    except ContractNotMetError as exc:  # pragma: no cover - a bug, never an answer
        raise SolverError(f"internal error: the plan found does not pass the checker: {exc}") from None
    total_left = sum(rules.piece_points(p) for p in left)
    if total_left != points_left:  # pragma: no cover - a bug, never an answer
        raise SolverError(f"internal error: points left {total_left} != {points_left}")
    return ContractPlan(contract=wanted, melds=melds, readings=down.readings, points_left=points_left, left=left)
