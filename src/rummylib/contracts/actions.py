"""The values a contract-game referee works with: actions, table melds, buy windows, results, views.

Every action names the seat (from 0) of the player doing it, and its class attribute ``kind`` is
its name in JSON (``"draw-stock"``, ``"lay-off"``, ...). Cards may be given as notation:
``Discard(0, "7h")`` is the same action as ``Discard(0, Card.parse("7h"))``.

Examples:
    >>> from rummylib.contracts import Discard, LayDown, LayOff
    >>> Discard(0, "7h")
    Discard(player=0, card=Card.parse('7h'))
    >>> [str(m) for m in LayDown(1, "7h 7s 7d | 9c 9d *").melds]
    ['7h 7s 7d', '9c 9d *']
    >>> LayOff(2, "Qs", 0).cards
    (Card.parse('Qs'),)
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import ClassVar, Literal, TypeAlias

import attrs

from rummylib import _inputs
from rummylib.actions import Discard, DrawDiscard, DrawStock
from rummylib.cards import Card
from rummylib.errors import ErrorCode, IllegalActionError, InvalidPiecesError, RuleId, Violation
from rummylib.melds import Meld, MeldReading, as_meld
from rummylib.notation import parse_melds, parse_piece, parse_pieces
from rummylib.pieces import Joker, Piece, PieceLike, format_pieces, piece_sort_key
from rummylib.tiles import Tile

__all__ = [
    "Buy",
    "BuyWindow",
    "ContractAction",
    "DeclineBuy",
    "Discard",
    "DrawDiscard",
    "DrawStock",
    "EndReason",
    "LayDown",
    "LayOff",
    "Phase",
    "RoundResult",
    "RoundView",
    "SwapJoker",
    "TableMeld",
]


class Phase(StrEnum):
    """Where a round stands.

    Examples:
        >>> Phase("buy") is Phase.BUY, str(Phase.PLAY)
        (True, 'play')
    """

    DRAW = "draw"
    """The player in turn must draw: the top discard, or from the stock (refusing the upcard)."""
    BUY = "buy"
    """The upcard was refused: the other players say whether they want to buy it ("May I?")."""
    PLAY = "play"
    """The player in turn has drawn: lay down, lay off, swap jokers, then discard."""
    OVER = "over"
    """The round has ended and been scored."""


class EndReason(StrEnum):
    """Why a round ended.

    Examples:
        >>> EndReason("went-out") is EndReason.WENT_OUT, EndReason.STOCK_EXHAUSTED.value
        (True, 'stock-exhausted')
    """

    WENT_OUT = "went-out"
    """A player got rid of the last card."""
    STOCK_EXHAUSTED = "stock-exhausted"
    """The stock was empty with no discards under the top card to shuffle into a new one."""
    TURN_LIMIT = "turn-limit"
    """The round reached the rule set's ``max_turns`` with nobody out: a cut-off, not an end of play."""


def _piece(value: PieceLike) -> Piece:
    return parse_piece(value) if isinstance(value, str) else value


def _pieces(value: PieceLike | Sequence[Piece]) -> tuple[Piece, ...]:
    if isinstance(value, str):
        return parse_pieces(value)
    if isinstance(value, Tile | Card | Joker):
        return (value,)
    return tuple(value)


def _melds(value: str | Sequence[Meld | str | Sequence[Piece]]) -> tuple[Meld, ...]:
    if isinstance(value, str):
        return tuple(Meld(m) for m in parse_melds(value))
    if type(value) is tuple and all(type(m) is Meld for m in value):
        return value  # the referee's own listing: already melds
    return tuple(as_meld(m) for m in value)


def _bad_swap(detail: str) -> IllegalActionError:
    return IllegalActionError([Violation(RuleId.NO_SUCH_MELD, f"swaps: {detail}")])


def _swaps(value: Sequence[tuple[PieceLike, int]]) -> tuple[tuple[Piece, int], ...]:
    """Check and read ``LayDown.swaps``: ``(card, meld index)`` pairs, the card maybe in notation."""
    if value == ():
        return ()
    if isinstance(value, str | bytes) or not isinstance(value, Sequence):
        raise _bad_swap(f"give a list of (card, meld index) pairs, not {value!r}")
    found: list[tuple[Piece, int]] = []
    for n, pair in enumerate(value):
        if isinstance(pair, str | bytes) or not isinstance(pair, Sequence) or len(pair) != 2:
            raise _bad_swap(f"swap {n} is {pair!r}, not a (card, meld index) pair")
        card, meld = pair
        if not isinstance(card, str | Tile | Card | Joker):
            raise InvalidPiecesError(
                f"swaps: swap {n} puts in {card!r}, which is not a card", code=ErrorCode.NOT_A_PIECE
            )
        if isinstance(meld, bool) or not isinstance(meld, int):
            raise _bad_swap(f"swap {n} names meld {meld!r}; a meld index is a whole number")
        found.append((_piece(card), meld))
    return tuple(found)


_SEAT = _inputs.player  # a seat number, or a coded error (never attrs' own TypeError)


@attrs.frozen
class Buy:
    """A player out of turn asks to buy the refused upcard ("May I?").

    When several ask, the one whose turn comes first gets it, with the penalty card(s).

    Examples:
        >>> Buy(3)
        Buy(player=3)
    """

    kind: ClassVar[str] = "buy"
    player: int = attrs.field(validator=_SEAT)
    """Seat of the player asking."""


@attrs.frozen
class DeclineBuy:
    """A player out of turn says they do not want the upcard on offer.

    Examples:
        >>> DeclineBuy(1).player
        1
    """

    kind: ClassVar[str] = "decline-buy"
    player: int = attrs.field(validator=_SEAT)
    """Seat of the player."""


@attrs.frozen
class LayDown:
    """Lay down the round's contract, after first taking jokers from the table with ``swaps``.

    Each swap is ``(card, meld index)``: the card from the hand goes into that table meld in
    place of the joker it stands for, and the joker joins the hand before the melds are laid.

    Raises:
        IllegalActionError: ``swaps`` is not a list of ``(card, meld index)`` pairs, or an index
            is not a whole number (code ``no-such-meld``).
        InvalidPiecesError: a swap's card is not a piece (code ``not-a-piece``).
        NotationError: bad notation.

    Examples:
        >>> LayDown(0, ["7h 7s 7d", "9c 9d 9s"]).melds[1]
        Meld.parse('9c 9d 9s')
        >>> LayDown(0, "Kh Kd * | 5s 5d 5c", swaps=[("4c", 2)]).swaps
        ((Card.parse('4c'), 2),)
    """

    kind: ClassVar[str] = "lay-down"
    player: int = attrs.field(validator=_SEAT)
    """Seat of the player."""
    melds: tuple[Meld, ...] = attrs.field(converter=_melds)
    """The melds of the contract (notation ``"7h 7s 7d | 9c 9d 9s"`` is accepted)."""
    swaps: tuple[tuple[Piece, int], ...] = attrs.field(default=(), converter=_swaps)
    """Jokers taken first: ``(card put in, index of the table meld)``."""


@attrs.frozen
class LayOff:
    """Lay off cards from the hand on a meld of the table (any player's).

    Examples:
        >>> LayOff(1, "8h 9h", 3)
        LayOff(player=1, cards=(Card.parse('8h'), Card.parse('9h')), meld=3, joker_end='high')
    """

    kind: ClassVar[str] = "lay-off"
    player: int = attrs.field(validator=_SEAT)
    """Seat of the player."""
    cards: tuple[Piece, ...] = attrs.field(converter=_pieces)
    """The cards laid off."""
    meld: int = attrs.field(validator=_inputs.integer)
    """Index of the table meld they go on."""
    joker_end: Literal["high", "low"] = attrs.field(default="high", validator=attrs.validators.in_(("high", "low")))
    """The end of a run a joker goes to when it could go to either (a joker laid off, or one that
    slides because its natural card is laid off): the player's choice."""


@attrs.frozen
class SwapJoker:
    """Take a joker from a table meld by putting in the card it stands for.

    Examples:
        >>> SwapJoker(0, "5h", 1).card
        Card.parse('5h')
    """

    kind: ClassVar[str] = "swap-joker"
    player: int = attrs.field(validator=_SEAT)
    """Seat of the player."""
    card: Piece = attrs.field(converter=_piece)
    """The natural card put in the joker's place."""
    meld: int = attrs.field(validator=_inputs.integer)
    """Index of the table meld holding the joker."""


ContractAction: TypeAlias = DrawStock | DrawDiscard | Buy | DeclineBuy | LayDown | LayOff | SwapJoker | Discard
"""Any action of a contract-game round."""


def _content(reading: MeldReading) -> tuple[object, ...]:
    """What a meld on the table is, whatever order its cards were laid in (`TableMeld.content`)."""
    slots = sorted(
        (pos, piece_sort_key(piece), acting, piece_sort_key(face))
        for pos, piece, acting, face in zip(
            reading.positions, reading.meld.pieces, reading.acting, reading.faces, strict=True
        )
    )
    return (reading.kind.value, tuple(slots))


@attrs.frozen
class TableMeld:
    """A meld on the table, how it is read (what its jokers stand for) and who laid it down.

    The cards are kept in the order they were laid, for display; two table melds are equal when
    they have the same owner and the same `content` (the same cards standing for the same things),
    whatever that order. So laying ``7h 7s 7d`` or ``7d 7s 7h`` down is one move.

    Examples:
        >>> from rummylib import SHANGHAI, check_meld
        >>> tm = TableMeld(owner=2, reading=check_meld("7h 7s *", rules=SHANGHAI))
        >>> str(tm), str(tm.meld)
        ('7h 7s * (player 2)', '7h 7s *')
        >>> tm == TableMeld(owner=2, reading=check_meld("7s * 7h", rules=SHANGHAI))
        True
    """

    owner: int
    """Seat of the player who laid it down."""
    reading: MeldReading = attrs.field(eq=False)
    """The meld and its reading, kept from when it was laid (lay-offs and joker swaps change it)."""
    content: tuple[object, ...] = attrs.field(init=False, repr=False)
    """What the meld is, whatever order its cards were laid in: its kind, and for each card where it
    sits (a run's place, a set's rank), whether it acts as a joker and what it stands for. Every
    rule reads a table meld through these alone (a lay-off, a joker swap); equality compares them."""

    @content.default
    def _read_content(self) -> tuple[object, ...]:
        return _content(self.reading)

    @property
    def meld(self) -> Meld:
        """The cards, in the order laid."""
        return self.reading.meld

    def __str__(self) -> str:
        return f"{self.meld} (player {self.owner})"


@attrs.frozen
class BuyWindow:
    """The card on offer after the player in turn refused it, and who has answered.

    Examples:
        >>> from rummylib import Card
        >>> w = BuyWindow(card=Card.parse("Qh"), waiting=(2, 3), requests=(), last_buyer=None)
        >>> w.waiting
        (2, 3)
    """

    card: Piece
    """The top discard on offer."""
    waiting: tuple[int, ...]
    """Seats that may buy it and have not answered yet, in turn order."""
    requests: tuple[int, ...]
    """Seats that asked for it, in the order they asked."""
    last_buyer: int | None
    """Who bought the card above it in this window (they may not buy this one), or ``None``."""


@attrs.frozen
class RoundResult:
    """How a round ended and what each player scored (lower is better).

    Examples:
        >>> r = RoundResult(round_number=1, scores=(0, 35), reason=EndReason.WENT_OUT, went_out=0,
        ...                 out_in_one_turn=False, joker_used=False, hands=((), ()))
        >>> r.scores
        (0, 35)
    """

    round_number: int
    """The round (from 1)."""
    scores: tuple[int, ...]
    """Penalty points of each player, seat 0 first."""
    reason: EndReason
    """Why the round ended."""
    went_out: int | None
    """Seat of the player who went out, or ``None`` when the stock ran out."""
    out_in_one_turn: bool
    """Whether that player laid down every card in one turn (Shanghai's bonus)."""
    joker_used: bool
    """Whether a joker (or wild card) was among the cards that player played in that turn."""
    hands: tuple[tuple[Piece, ...], ...]
    """The cards left in each hand, which the scores count."""


@attrs.frozen
class RoundView:
    """What one player (or the whole table) sees of a round.

    A player's view holds what that seat may know and nothing more: their own hand; the table,
    the discard pile and the buy window; how many cards each hand and the stock hold; who is down,
    the buys, whose turn it is; and, for every hand, the cards everyone has seen go into it and not
    come out again (`known`: a discard taken, a card bought, a joker taken from the table; never a
    card drawn from the stock or a buy's penalty card). Other hands and the stock are ``None``.
    The table view (`ContractRound.table_view`) shows everything; its ``viewer`` is ``None`` and
    its ``hand`` empty. The keys shared by every game's view are `rummylib.referee.View`'s.

    Examples:
        >>> from rummylib import SHANGHAI
        >>> from rummylib.contracts import ContractRound, DrawDiscard
        >>> r = ContractRound.deal(rules=SHANGHAI, players=3, seed=1)
        >>> v = r.view(0)
        >>> len(v.hand), v.hands[1], v.hand_sizes, v.stock, v.to_move, v.is_over
        (11, None, (11, 11, 11), None, 1, False)
        >>> [format_pieces(k) for k in r.apply(DrawDiscard(1)).view(0).known]
        ['', '8h', '']
    """

    viewer: int | None
    """The seat whose view this is, or ``None`` for the whole table."""
    to_move: int | None
    """The seat whose decision it is (the player in turn, or the first seat still to answer a buy
    window), ``None`` once the round is over."""
    hand: tuple[Piece, ...]
    """The viewer's own cards (empty in the table view, whose viewer is ``None``)."""
    is_over: bool
    """Whether the round has ended."""
    round_number: int
    """The round (from 1)."""
    dealer: int
    """Seat of the dealer."""
    phase: Phase
    """Where the turn stands."""
    turns_played: int
    """Turns finished in this round (a turn ends with its discard; 0 during the first)."""
    hands: tuple[tuple[Piece, ...] | None, ...]
    """Each hand, or ``None`` where hidden."""
    hand_sizes: tuple[int, ...]
    """How many cards each player holds."""
    stock: tuple[Piece, ...] | None
    """The stock, top first, or ``None`` where hidden."""
    stock_size: int
    """How many cards the stock holds."""
    discards: tuple[Piece, ...]
    """The discard pile, bottom first (the upcard last)."""
    table: tuple[TableMeld, ...]
    """The melds on the table."""
    down: tuple[bool, ...]
    """Whether each player has met the contract."""
    buys: tuple[int, ...]
    """Buys made by each player this round."""
    window: BuyWindow | None
    """The open buy window, if any."""
    round_result: RoundResult | None
    """The result, once the round is over (the hands are then shown, for the count)."""
    known: tuple[tuple[Piece, ...], ...] = ()
    """For each hand, the cards every player has seen go into it and not come out again, in
    canonical order (the whole hand once the round is over)."""
    jokers_owed: tuple[Piece, ...] = ()
    """Jokers the player in turn took from the table this turn and must still play."""
    totals: tuple[int, ...] | None = None
    """In a game: each player's total over the rounds finished before this one."""
    taken_card: Piece | None = None
    """The card the player in turn took from the discard pile this turn (everyone saw it taken),
    while it is still in their hand; ``None`` otherwise. Under ``discard_taken_card`` off it may not
    be discarded this turn."""

    @property
    def upcard(self) -> Piece | None:
        """The top card of the discard pile, or ``None``."""
        return self.discards[-1] if self.discards else None

    def to_json(self) -> dict[str, object]:
        """A JSON-ready dict of the view, cards in notation (hidden hands and stock are ``None``).

        Examples:
            >>> from rummylib import SHANGHAI
            >>> from rummylib.contracts import ContractRound
            >>> j = ContractRound.deal(rules=SHANGHAI, players=3, seed=1).view(0).to_json()
            >>> j["phase"], j["hands"][1], j["stock"], j["hand_sizes"], j["upcard"], j["known"]
            ('draw', None, None, [11, 11, 11], '8h', ['', '', ''])
        """
        window = self.window
        result = self.round_result
        return {
            "viewer": self.viewer,
            "to_move": self.to_move,
            "hand": format_pieces(self.hand),
            "is_over": self.is_over,
            "round_number": self.round_number,
            "dealer": self.dealer,
            "phase": self.phase.value,
            "turns_played": self.turns_played,
            "hands": [format_pieces(h) if h is not None else None for h in self.hands],
            "hand_sizes": list(self.hand_sizes),
            "known": [format_pieces(k) for k in self.known],
            "stock": format_pieces(self.stock) if self.stock is not None else None,
            "stock_size": self.stock_size,
            "discards": format_pieces(self.discards),
            "upcard": str(self.upcard) if self.upcard is not None else None,
            "table": [{"owner": m.owner, "meld": str(m.meld)} for m in self.table],
            "down": list(self.down),
            "buys": list(self.buys),
            "jokers_owed": format_pieces(self.jokers_owed),
            "window": None
            if window is None
            else {
                "card": str(window.card),
                "waiting": list(window.waiting),
                "requests": list(window.requests),
                "last_buyer": window.last_buyer,
            },
            "round_result": None
            if result is None
            else {
                "scores": list(result.scores),
                "reason": result.reason.value,
                "went_out": result.went_out,
                "out_in_one_turn": result.out_in_one_turn,
                "joker_used": result.joker_used,
                "hands": [format_pieces(h) for h in result.hands],
            },
            "totals": None if self.totals is None else list(self.totals),
            "taken_card": None if self.taken_card is None else str(self.taken_card),
        }

    def __str__(self) -> str:
        who = "nobody" if self.to_move is None else f"player {self.to_move}"
        lines = [f"round {self.round_number}, turn {self.turns_played + 1}: {who} to {self.phase.value}"]
        for seat, hand in enumerate(self.hands):
            shown = format_pieces(hand) if hand is not None else f"{self.hand_sizes[seat]} cards"
            seen = self.known[seat] if seat < len(self.known) else ()
            if hand is None and seen:
                shown += f", known {format_pieces(seen)}"
            lines.append(f"  player {seat}{' (down)' if self.down[seat] else ''}: {shown}")
        lines.append(f"  stock {self.stock_size}, upcard {self.upcard if self.upcard is not None else '-'}")
        lines.extend(f"  meld {i}: {m}" for i, m in enumerate(self.table))
        return "\n".join(lines)
