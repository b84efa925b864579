"""What the tile-choice masks of `rummylib.agents.envs.rummikub_v0` ask the solver beyond `lay_down`.

Private, for that environment: its questions come with pieces already checked, and an answer of
"ask `lay_down` instead" is fine for it, which a public function could not give (a public one
checks its input, names what is wrong, and answers every question). It lives here rather than in
`_api` so that the environment depends on this one helper only, not on the solver's internals.
"""

from __future__ import annotations

from collections.abc import Sequence

from rummylib.melds import Meld
from rummylib.pieces import JOKER, Piece
from rummylib.rules import JokerRetrieval, RuleSet
from rummylib.rummikub.solver._api import _box, _lay_down, _plan_melds, _Searcher, _shape
from rummylib.rummikub.solver._cover import GaveUp, extensions
from rummylib.rummikub.solver._encoding import encode

__all__ = ["addable", "lay_out"]


def addable(chosen: Sequence[Piece], rest: Sequence[Piece], rules: RuleSet) -> tuple[Piece, ...] | None:
    """With no table: the pieces of ``rest`` (each distinct one once) that could go down with all of ``chosen``.

    A piece counts when ``chosen`` plus it, with any more pieces of ``rest``, make valid sets;
    the answer is ``()`` when ``chosen`` itself cannot. One search answers every piece (see
    `extensions`). The pieces are trusted (checked by the caller); ``None`` when the question is
    not one for that search (too many jokers) or it gave up: ask `lay_down` instead.

    Examples:
        >>> from rummylib import RUMMIKUB, parse_pieces
        >>> [str(p) for p in addable(parse_pieces("r1 *"), parse_pieces("r3 k9"), RUMMIKUB)]
        ['R3']
    """
    shape = _shape(rules)
    enc = encode(chosen, rest, rules=rules)
    if enc.table_jokers + enc.rack_jokers >= min(shape.min_run, shape.group_min):
        return None
    avail = tuple(tuple(t + r for t, r in zip(tr, rr, strict=True)) for tr, rr in zip(enc.table, enc.rack, strict=True))
    try:
        found = extensions(enc.table, avail, enc.rack_jokers, shape, forced_jokers=enc.table_jokers)
    except GaveUp:
        return None
    if found is None:
        return ()
    cells, joker = found
    box = _box(rules)
    out: list[Piece] = [box[c][v] for c, row in enumerate(cells) for v, yes in enumerate(row) if yes and v]
    if joker:
        out.append(JOKER)
    return tuple(out)


def lay_out(
    table: tuple[Meld, ...], chosen: Sequence[Piece], rest: Sequence[Piece], rules: RuleSet, done: bool = True
) -> tuple[Meld, ...] | None:
    """`lay_down` for trusted pieces: the table after a play of ``chosen`` and any of ``rest``, or None.

    The same search and the same answer as ``lay_down(table, chosen, extra=rest,
    initial_meld_done=done)``, without the checks of its input: ``table`` is valid sets, the
    pieces belong to the game and are no more than the box holds, ``chosen`` is not empty, and
    ``rules.joker_retrieval`` is ``free`` (the caller made sure of all of it). Before the initial
    meld (``done`` False) the play is sets of its own worth ``rules.initial_meld_points``.

    Examples:
        >>> from rummylib import RUMMIKUB, Meld, parse_pieces
        >>> table = (Meld.parse("r1 r2 r3", rules=RUMMIKUB),)
        >>> [str(m) for m in lay_out(table, parse_pieces("r4"), parse_pieces("k9"), RUMMIKUB)]
        ['R1 R2 R3 R4']
        >>> lay_out(table, parse_pieces("k9"), (), RUMMIKUB) is None
        True
        >>> lay_out(table, parse_pieces("r4 r5 r6"), (), RUMMIKUB, done=False) is None  # 15 points
        True
    """
    assert chosen
    assert rules.joker_retrieval is JokerRetrieval.FREE
    searcher = _Searcher(rules, None)
    if not done:
        first = _lay_down(searcher, None, (), chosen, rest, rules.initial_meld_points or None)
        return None if first is None else (*table, *_plan_melds(first[0], rules))
    found = _lay_down(searcher, table, tuple(p for m in table for p in m.pieces), chosen, rest)
    if found is None:
        return None
    plan, kept = found
    return (*kept, *_plan_melds(plan, rules))
