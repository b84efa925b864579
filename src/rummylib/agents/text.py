"""The games as text, for programs that read and write words (language models): rules, views, moves.

* `rules_text` says the rules of a rule set in plain words, sentence by sentence from its fields,
  so that a house rule reads as it is played (a Gin knock limit of 5 says 5).
* `view_text` says what one seat may see, in the library's notation; nothing hidden from that
  seat appears in it.
* `legal_text` lists the seat's legal moves in the records' move grammar, without the seat
  (``draw-stock``, ``discard Kc``); `move_text` writes one move so.
* `read_move` finds a move in a free-text reply (a backticked span or a line in the move grammar,
  prose around it allowed) and checks it with the referee: a reply with no readable move is refused
  with code ``no-move-found``, an illegal move with the referee's `rummylib.errors.IllegalActionError`.

Examples:
    >>> from rummylib import GIN_RUMMY
    >>> from rummylib.gin import GinHand
    >>> hand = GinHand.deal(rules=GIN_RUMMY, seed=7)
    >>> legal_text(hand, 1)
    ['draw-stock', 'draw-discard']
    >>> read_move(hand, 1, "Let me think... the upcard is no use. `draw-stock` it is.")
    DrawStock(player=1)
    >>> "knock with 5 points of deadwood or fewer" in rules_text(GIN_RUMMY.with_options({"knock_limit": 5}))
    True
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from rummylib import _inputs
from rummylib.errors import ArgumentError, ErrorCode, RequestError, RummyError
from rummylib.pieces import Family
from rummylib.records.display import view_lines
from rummylib.records.record import action_from_line, action_line
from rummylib.referee import Referee, check_seat
from rummylib.rules import IndianFormat, JokerPolicy, JokerRetrieval, JokerSwap, RuleSet, ScoringScheme

__all__ = ["PLAY_BUDGET", "NoMoveFound", "legal_text", "move_text", "read_move", "rules_text", "view_text"]

_RANKS = ("ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king")


class NoMoveFound(RequestError):
    """A reply in which no move in the move grammar could be read (code ``no-move-found``).

    Examples:
        >>> NoMoveFound("no move").code
        <ErrorCode.NO_MOVE_FOUND: 'no-move-found'>
    """

    code = ErrorCode.NO_MOVE_FOUND


# ------------------------------------------------------------------------------------------
# Rules
# ------------------------------------------------------------------------------------------

_Sentence = Callable[[RuleSet], str | None]

_GOAL: dict[ScoringScheme, str] = {
    ScoringScheme.RACK: (
        "The aim is to be first to lay every tile of your rack on the table. Players take turns; on your"
        " turn you either play tiles from your rack onto the table, rearranging the table as you like so"
        " long as every set on it is valid when your turn ends, or you draw one tile from the pool."
    ),
    ScoringScheme.CONTRACT: (
        "The game is played in rounds, each with a contract: the melds a player must lay down at once to"
        " go down. On your turn you draw (the top of the stock or the upcard, the top of the discard"
        " pile), may lay down your contract and, once down, lay cards off on melds on the table, then"
        " discard one card. The first player out of cards ends the round; the others score penalty"
        " points for the cards left in their hands, and the lowest total wins."
    ),
    ScoringScheme.GIN: (
        "On your turn you draw one card (the top of the stock or the upcard, the top of the discard"
        " pile), then discard one card, or end the hand by knocking: you lay your melds down and"
        " discard. Deadwood is the cards left outside your melds. When you knock, the defender lays off"
        " what it can on your melds; the player with less deadwood scores the difference."
    ),
    ScoringScheme.INDIAN: (
        "On your turn you draw one card (the top of the stock or the upcard, the top of the discard"
        " pile), then discard one card, or declare: arrange your whole hand into valid sequences (runs)"
        " and sets (groups) and show it. A player may also drop out of the deal instead of playing on."
        " Losers pay the points of the cards their hands cannot arrange."
    ),
}
"""What playing looks like, for each way of scoring (every game of a scheme plays so)."""

_NOTATION: dict[Family, str] = {
    Family.TILES: (
        "Tiles are written colour letter then number (K black, B blue, Y yellow, R red): R5 is the red 5;"
        " * is a joker. A meld is its tiles separated by spaces, melds are separated by |."
    ),
    Family.CARDS: (
        "Cards are written rank then suit (c clubs, d diamonds, h hearts, s spades): Kc is the king of"
        " clubs, 10h the ten of hearts, As the ace of spades; * is a joker. A meld is its cards separated"
        " by spaces, melds are separated by |."
    ),
}


def _number(value: int | None, unit: str) -> str:
    return f"{value} {unit}{'' if value == 1 else 's'}"


def _players(r: RuleSet) -> str:
    if r.min_players == r.max_players:
        return f"For {r.min_players} players."
    return f"For {r.min_players} to {r.max_players} players."


def _groups(r: RuleSet) -> str:
    upto = "" if r.group_max is None else f" and at most {r.group_max}"
    colours = "colours" if r.family is Family.TILES else "suits"
    distinct = f", all of different {colours}" if r.group_distinct else f"; {colours} may repeat"
    return f"A set (group) is at least {r.group_min}{upto} pieces of the same number or rank{distinct}."


def _runs(r: RuleSet) -> str:
    upto = "" if r.max_run is None else f" and at most {r.max_run}"
    kind = "colour" if r.family is Family.TILES else "suit"
    return f"A run (sequence) is at least {r.min_run}{upto} consecutive pieces of one {kind}; runs never wrap round."


def _ace(r: RuleSet) -> str:
    if r.ace_low and r.ace_high:
        return "The ace is low (A 2 3) or high (Q K A)."
    return "The ace is low only (A 2 3, not Q K A)." if r.ace_low else "The ace is high only (Q K A, not A 2 3)."


def _card_points(r: RuleSet) -> str:
    if r.number_cards_flat:
        return (
            f"Cards left in hand cost: ace {r.card_points[0]}, 2 to 10 {r.flat_points} each, jack, queen and"
            f" king {r.card_points[10]}, {r.card_points[11]} and {r.card_points[12]}."
        )
    return "Cards left in hand cost: " + ", ".join(f"{n} {p}" for n, p in zip(_RANKS, r.card_points, strict=True)) + "."


def _jokers(r: RuleSet) -> str:
    if r.jokers is JokerPolicy.TABLE and not any(row[2] for row in r.deck_table):
        return "There are no jokers."
    how = {
        JokerPolicy.TABLE: "Jokers join the decks by the number of players",
        JokerPolicy.PLAYERS_MINUS_ONE: "One joker fewer than the players joins the decks",
        JokerPolicy.ALL: "Every deck keeps its two jokers",
    }[r.jokers]
    return f"{how}; a joker stands for any card."


def _rounds(r: RuleSet) -> str | None:
    if not r.rounds:
        return None
    lines = [f"round {i}: {rd.cards} cards dealt, contract {rd.contract}" for i, rd in enumerate(r.rounds, 1)]
    return "The rounds: " + "; ".join(lines) + "."


def _buying(r: RuleSet) -> str | None:
    if not r.buying:
        return "Nobody may buy a discard out of turn."
    limit = "" if r.max_buys is None else f" at most {_number(r.max_buys, 'time')} a round"
    more = " After a buy, another player may buy the next discard." if r.multiple_buys else ""
    down = "" if r.down_player_may_buy else " A player who is down may not buy."
    return (
        f"A player whose turn it is not may buy the discard{limit}, taking"
        f" {_number(r.buy_penalty_cards, 'extra card')} from the stock with it.{more}{down}"
    )


def _swap(r: RuleSet) -> str | None:
    who = {
        JokerSwap.NEVER: None,
        JokerSwap.AFTER_DOWN: "A player who is down may take a joker from a run by putting in the card it stands for.",
        JokerSwap.ANYONE: "Any player may take a joker from a run by putting in the card it stands for.",
    }[r.joker_swap]
    if who and r.swapped_joker_must_be_used:
        who += " A joker so taken must be played again in the same turn."
    return who


def _indian_format(r: RuleSet) -> str:
    return {
        IndianFormat.POINTS: "One deal is played; each loser pays the winner its points.",
        IndianFormat.POOL: (
            f"Deals go on and points add up; a player whose total reaches {r.pool_limit} is out, and the last"
            " player left wins."
        ),
        IndianFormat.DEALS: f"{_number(r.deal_count, 'deal')} are played; the lowest total wins.",
    }[r.indian_format]


_SENTENCES: tuple[tuple[str, _Sentence], ...] = (
    ("min_players", _players),
    (
        "hand_size",
        lambda r: (
            None
            if r.rounds
            else f"Each player is dealt {r.hand_size} {'tiles' if r.family is Family.TILES else 'cards'}."
        ),
    ),
    ("group_min", _groups),
    ("min_run", _runs),
    ("max_number", lambda r: f"Tiles are numbered 1 to {r.max_number}."),
    ("ace_low", _ace),
    (
        "box_jokers",
        lambda r: f"The box holds {_number(r.box_jokers, 'joker')}; a joker stands for any tile.",
    ),
    ("jokers", _jokers),
    (
        "wild_ranks",
        lambda r: (
            "Every card of the wild rank, turned up at the deal, is also a joker."
            if r.scoring is ScoringScheme.INDIAN
            else ("Cards of rank " + ", ".join(_RANKS[int(k) - 1] for k in sorted(r.wild_ranks)) + " are also jokers.")
            if r.wild_ranks
            else None
        ),
    ),
    ("deuces_wild", lambda r: "Every 2 is also a joker." if r.deuces_wild else None),
    (
        "joker_ratio",
        lambda r: "A meld may hold no more jokers than natural pieces." if r.joker_ratio else None,
    ),
    (
        "max_jokers_per_meld",
        lambda r: (
            None
            if r.max_jokers_per_meld is None
            else f"A meld holds at most {_number(r.max_jokers_per_meld, 'joker')}."
        ),
    ),
    (
        "initial_meld_points",
        lambda r: f"Your first play must be worth at least {r.initial_meld_points} points, from your rack alone.",
    ),
    (
        "joker_retrieval",
        lambda r: (
            "A joker leaves a set on the table only when the tile it stands for replaces it from a rack."
            if r.joker_retrieval is JokerRetrieval.REPLACE
            else None
        ),
    ),
    ("rounds", _rounds),
    (
        "dead_set_jokers",
        lambda r: "A joker in a set can never be taken back." if r.dead_set_jokers else None,
    ),
    ("joker_swap", _swap),
    ("buying", _buying),
    (
        "layoff_same_turn",
        lambda r: (
            "You may lay off in the turn you go down."
            if r.layoff_same_turn
            else "You may not lay off in the turn you go down."
        ),
    ),
    (
        "go_out_by_discard",
        lambda r: (
            None if r.go_out_by_discard else "Your last card may not be discarded: it must be melded or laid off."
        ),
    ),
    ("card_points", _card_points),
    ("joker_points", lambda r: f"A joker left in hand costs {r.joker_points}." if r.joker_points else None),
    ("points_cap", lambda r: None if r.points_cap is None else f"A hand costs at most {r.points_cap} points."),
    (
        "knock_limit",
        lambda r: (
            "Knocking is not allowed: you may only end the hand by going gin (no deadwood)."
            if r.gin_only
            else f"You may knock with {r.knock_limit} points of deadwood or fewer."
        ),
    ),
    (
        "oklahoma",
        lambda r: (
            "Oklahoma: the first upcard's value sets the knock limit (an ace: gin only), and a hand is"
            " worth double when that upcard is a spade."
            if r.oklahoma
            else None
        ),
    ),
    (
        "gin_bonus",
        lambda r: (
            f"Going gin scores a bonus of {r.gin_bonus} (big gin, all 11 cards after the draw, {r.big_gin_bonus});"
            f" a defender with no more deadwood than the knocker undercuts and scores a bonus of {r.undercut_bonus}."
        ),
    ),
    (
        "game_target",
        lambda r: (
            f"A game ends when a player reaches {r.game_target} points; the winner gets {r.game_bonus} more, and"
            f" {r.line_bonus} per hand won."
        ),
    ),
    (
        "min_sequences",
        lambda r: (
            f"A declaration needs at least {_number(r.min_sequences, 'sequence')}, of which at least"
            f" {r.min_pure_sequences} pure (no joker standing in for a card)."
        ),
    ),
    (
        "drop_points",
        lambda r: (
            f"Dropping before your first draw costs {r.drop_points} points, after it {r.middle_drop_points};"
            f" a wrong declaration costs {r.wrong_declaration_points}."
        ),
    ),
    ("indian_format", _indian_format),
)
"""Sentence templates, each under the `RuleSet` field it says: used for the games that have that
option (`RuleSet.has_option`)."""


def rules_text(rules: RuleSet) -> str:
    """The rules of a rule set in plain words: what a turn is, then one sentence per rule, then the notation.

    Every sentence comes from the rule set's fields, so a house rule reads as it is played.

    Examples:
        >>> from rummylib import GIN_RUMMY, RUMMIKUB
        >>> print(rules_text(RUMMIKUB).splitlines()[0])
        Rummikub.
        >>> house = RUMMIKUB.with_options({"initial_meld_points": 25})
        >>> "at least 30 points" in rules_text(RUMMIKUB), "at least 25 points" in rules_text(house)
        (True, True)
        >>> "knock with 10 points" in rules_text(GIN_RUMMY)
        True
    """
    rules = _inputs.ruleset(rules)
    said = [say(rules) for field, say in _SENTENCES if rules.has_option(field)]
    return "\n".join(
        [
            f"{rules.title}.",
            _GOAL[rules.scoring],
            " ".join(s for s in said if s),
            _NOTATION[rules.family],
            "Answer with one move written as in the list of legal moves you are given"
            + (
                ", or play: the word play and the whole table you leave, every meld of it (play R5 R6 R7 | K9 B9 Y9)."
                if rules.family is Family.TILES
                else "."
            ),
        ]
    )


# ------------------------------------------------------------------------------------------
# Views and moves
# ------------------------------------------------------------------------------------------


def move_text(action: Any) -> str:
    """An action in the move grammar without its seat: ``discard Kc``, ``lay-down 7h 7s 7d | 9c 9d 9s``.

    Examples:
        >>> from rummylib.contracts import LayDown
        >>> move_text(LayDown(2, "7h 7s 7d | 9c 9d 9s"))
        'lay-down 7h 7s 7d | 9c 9d 9s'
    """
    return action_line(action).split(" ", 1)[1]


PLAY_BUDGET = 200_000
"""The limit of the solver search behind a tile game's listed play: search states (the same on any machine).

Example:
    >>> from rummylib import RUMMIKUB
    >>> from rummylib.rummikub import RummikubGame
    >>> game = RummikubGame.deal(rules=RUMMIKUB, players=2, seed=1)
    >>> moves = legal_text(game, game.to_move)  # the play, if any, found within PLAY_BUDGET states
    >>> moves[-1]
    'draw'
"""


def legal_text(state: Referee, seat: int) -> list[str]:
    """The legal moves of a seat, in the move grammar without the seat (`move_text`).

    These are the referee's `legal_actions`. In a tile game (Rummikub), whose plays are too many to
    list (any table the turn may leave), the list starts with one play when the seat to move has
    one: the play laying the most rack tiles that the solver (`rummylib.rummikub.solver.solve`)
    finds within `PLAY_BUDGET`, written ``play`` and the whole table it leaves; every other legal
    play is accepted by `read_move` all the same.

    Examples:
        >>> from rummylib import INDIAN_RUMMY
        >>> from rummylib.indian import IndianDeal
        >>> legal_text(IndianDeal.deal(rules=INDIAN_RUMMY, players=2, seed=1), 1)
        ['draw-stock', 'draw-discard', 'drop']
        >>> from rummylib import RUMMIKUB
        >>> from rummylib.rummikub import RummikubGame
        >>> legal_text(RummikubGame.deal(rules=RUMMIKUB, players=2, seed=0), 0)
        ['play K12 B12 R12', 'draw']
    """
    listed = [move_text(a) for a in state.legal_actions(check_seat(seat, state.players, "list moves"))]
    play = _best_play(state, seat)
    return listed if play is None else [move_text(play), *listed]


def _best_play(state: Referee, seat: int) -> Any | None:
    """A tile game's best play for the seat to move that the solver finds within the budget (``None``: none)."""
    if state.rules.family is not Family.TILES or state.to_move != seat or state.is_over:
        return None
    # late: a program playing a card game never loads the tile game (see tests/architecture/test_imports.py)
    from rummylib.rummikub.actions import Play, RummikubView  # noqa: PLC0415
    from rummylib.rummikub.solver import solve  # noqa: PLC0415

    view = state.view(seat)
    if not isinstance(view, RummikubView) or not view.hand:
        return None
    try:
        best = solve(
            view.table,
            view.hand,
            rules=state.rules,
            initial_meld_done=view.initial_meld_done[seat],
            budget=PLAY_BUDGET,
            keep_sets=False,
        )
    except RummyError:  # the budget ran out before any play was found
        return None
    if best.is_pass:
        return None
    play = Play(seat, best.table_after)
    return play if state.is_legal(play) else None


def view_text(state: Referee, seat: int) -> str:
    """What a seat may see, in words and notation: whose turn it is, then `rummylib.records.view_lines`.

    Examples:
        >>> from rummylib import GIN_RUMMY
        >>> from rummylib.gin import GinHand
        >>> print(view_text(GinHand.deal(rules=GIN_RUMMY, seed=7), 1).splitlines()[0])
        You are seat 1 of 2; it is your turn.
    """
    return _view_text(state.view(check_seat(seat, state.players, "view")), seat, state.players, state.to_move)


def _view_text(view: Any, seat: int, players: int, to_move: int | None) -> str:
    if to_move is None:
        turn = "the game is over"
    elif to_move == seat:
        turn = "it is your turn"
    else:
        turn = f"it is seat {to_move}'s turn"
    return "\n".join([f"You are seat {seat} of {players}; {turn}.", *view_lines(view)])


_SPAN = re.compile(r"```[a-zA-Z]*\n?(.*?)```|`([^`\n]+)`", re.DOTALL)
_LEAD = re.compile(r"^[\s>*\-#:.]*(?:(?:my\s+)?(?:move|answer|action|play)\s*[:=]\s*)?", re.IGNORECASE)


def _candidates(reply: str) -> list[str]:
    """The pieces of a reply a move may be in: backticked spans first (the last first), then lines (the last first)."""
    spans = [(m.group(1) or m.group(2) or "").strip() for m in _SPAN.finditer(reply)]
    lines = [line for span in spans for line in span.splitlines()]
    rest = _SPAN.sub(" ", reply).splitlines()
    return [x for x in [*reversed(lines), *reversed(rest)] if x.strip()]


def _unwrap(word: str) -> str:
    """A word without the quotes or markdown stars around it (a lone ``*``, a joker, is kept)."""
    word = word.strip("\"'")
    return word.strip("*") or word


def _parse(text: str, seat: int, referee: type[Referee]) -> Any | None:
    """The first move found in one piece of text: from a word naming an action, the longest run of words that reads."""
    kinds = {str(getattr(c, "kind", "")) for c in referee.ACTIONS}
    words = _LEAD.sub("", text.strip()).replace("`", " ").split()
    for start, word in enumerate(words):
        owner = seat
        if word.strip(".,;:!?\"'*").lower() not in kinds:
            continue
        if start and re.fullmatch(r"\d{1,3}", words[start - 1]):
            owner = int(words[start - 1])
        for stop in range(len(words), start, -1):
            tail = [_unwrap(w) for w in words[start:stop]]
            tail[-1] = tail[-1].rstrip(".,;:!?)")
            tail[0] = tail[0].lower()
            try:
                return action_from_line(f"{owner} " + " ".join(t for t in tail if t), referee)
            except RummyError:
                continue
    return None


def read_move(state: Referee, seat: int, reply: str) -> Any:
    """The move a free-text reply gives for a seat, checked by the referee.

    The move is looked for in the reply's backticked spans, then its lines, the last first; from a
    word that names one of the game's actions, the longest run of words that reads as a move wins,
    so prose around it does no harm. Both ``discard Kc`` and ``1 discard Kc`` are read (a seat
    written is the seat meant). Of the moves found, the last legal one is taken.

    Raises:
        NoMoveFound: no move in the move grammar in the reply (code ``no-move-found``).
        IllegalActionError: moves were found but none is legal; the referee's code and message of the
            last one (code ``illegal-action``, its violations say why); ``seat`` not a seat of the
            state (``not-a-player``).
        ArgumentError: ``reply`` is not a str (code ``bad-argument``, a ``TypeError`` too).

    Examples:
        >>> from rummylib import GIN_RUMMY
        >>> from rummylib.gin import GinHand
        >>> hand = GinHand.deal(rules=GIN_RUMMY, seed=7)
        >>> read_move(hand, 1, "1 draw-discard")
        DrawDiscard(player=1)
        >>> read_move(hand, 1, "I am not sure what to do.")
        Traceback (most recent call last):
        ...
        rummylib.agents.text.NoMoveFound: no move found in the reply: answer with one of: draw-stock, draw-discard
        >>> read_move(hand, 1, "`discard Ac`")
        Traceback (most recent call last):
        ...
        rummylib.errors.IllegalActionError: player 1 must draw before discarding or knocking [wrong-phase]
    """
    check_seat(seat, state.players, "move")
    if not isinstance(reply, str):
        raise ArgumentError(f"a reply is a str, not {type(reply).__name__}")
    referee = type(state)
    found = [a for a in (_parse(c, seat, referee) for c in _candidates(reply[:20_000])) if a is not None]
    for action in found:
        if state.is_legal(action):
            return action
    if found:
        state.apply(found[0])  # raises the referee's IllegalActionError with its violations
        raise RuntimeError(f"{move_text(found[0])}: not legal, yet applied")  # pragma: no cover - apply refuses it
    legal = ", ".join(legal_text(state, seat)[:20])
    hint = f": answer with one of: {legal}" if legal else ""
    raise NoMoveFound(f"no move found in the reply{hint}")
