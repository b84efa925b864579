"""What the tile-choice masks of `rummylib.agents.envs.rummikub_v0` ask the solver beyond `lay_down`.

Private, for that environment: its questions come with pieces already checked, and an answer of
"ask `lay_down` instead" is fine for it, which a public function could not give (a public one
checks its input, names what is wrong, and answers every question). It lives here rather than in
`_api` so that the environment depends on this one helper only, not on the solver's internals.
"""

from __future__ import annotations

from collections.abc import Sequence

from rummylib.pieces import JOKER, Piece
from rummylib.rules import RuleSet
from rummylib.rummikub.solver._api import _box, _shape
from rummylib.rummikub.solver._cover import GaveUp, extensions
from rummylib.rummikub.solver._encoding import encode

__all__ = ["addable"]


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
