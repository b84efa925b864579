"""The turn judge's hot paths, compiled: the judgement of a turn and the explanation of its changes.

`rummylib.rummikub.turns` is the public face (`validate_turn` and its report); this module holds
what runs for every turn once the sets are read and encoded: the counts checked, the flow of tiles
explained, each set judged (`rummylib.rummikub._judge.valid_codes`, the meld engine asked only
about an invalid set or an initial meld), and each change named. For the batch ``turn`` op,
`turn_answer` writes the answer ``validate_turn(...).to_json()`` would give, straight from the
request's text: each set's text is read once (`rummylib.rummikub._judge.text_sets`, a bounded
cache by text), the judge is fed the sets' codes without a `Table`, and the answer is written from
the flow of tiles, with a value only for the sets that changed. A request this path does not take
(fields of other types, a table as one ``|`` string, bad notation, pieces that cannot exist
together) gets ``None``, and the op answers it the slow way, which says what is wrong.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from itertools import chain
from typing import Any

from rummylib.errors import RuleId, RummyError, Violation
from rummylib.melds import Meld, MeldReading
from rummylib.pieces import Family, Joker, Piece, piece_sort_key
from rummylib.rules import JokerRetrieval, RuleSet
from rummylib.rummikub._judge import (
    DECODE,
    Flow,
    ReadTable,
    SetInfo,
    check_counts,
    count_elements,
    counts_fit,
    explain,
    judge_info,
    marks_index,
    meld_text,
    name,
    names,
    rack_codes,
    sorted_codes,
    table_counts,
    text_sets,
    valid_codes,
)

__all__ = ["change_json", "change_text", "changes_json", "judge_turn", "on_table", "turn_answer", "walk"]


def on_table(meld: Meld) -> str:
    """A set of the table before, named by its tiles (its number would clash with the table after's)."""
    return f"{meld_text(meld)} on the table"


def judge_turn(
    before: Sequence[Meld],
    old_infos: Sequence[SetInfo],
    hand: Sequence[Piece],
    hand_codes: tuple[int, ...],
    after: Sequence[Meld],
    new_infos: Sequence[SetInfo],
    rules: RuleSet,
    initial_meld_done: bool,
    checks: tuple[Any, Any],
    old_table: ReadTable | None = None,
    new_table: ReadTable | None = None,
) -> tuple[tuple[Piece, ...], list[Violation], int | None, Flow]:
    """The judgement of a turn whose sets and rack are read, encoded and checked to be of the game.

    The rack tiles played, every problem, the value of an initial meld, and the flow of tiles.
    Raises when the pieces cannot exist together. ``checks`` are the checks of an initial meld and
    of the joker box rule (`rummylib.rummikub.turns` passes its own: they build its values).
    ``old_table`` and ``new_table``, when the tables were read from texts, remember what the judge
    derives of a whole table (its counts, the index of its marks) for the next time it is seen.
    """
    initial_meld, replace_rule = checks
    r_count: dict[int, int] = {}
    count_elements(r_count, hand_codes)
    index = None
    if new_table is not None:
        index = new_table.index
        if index is None:
            index = new_table.index = marks_index(new_infos)
    flow = explain(old_infos, new_infos, r_count, index)
    base = None
    if old_table is not None:
        base = old_table.counts
        if base is None:
            base = old_table.counts = table_counts(old_infos, rules)
    b_ok = counts_fit(old_infos, hand_codes, rules, base)
    if not b_ok:
        b_codes = [*chain.from_iterable([info.codes for info in old_infos]), *hand_codes]
        b_count: dict[int, int] = {}
        count_elements(b_count, b_codes)
        check_counts(b_count, lambda: [*(p for m in before for p in m.pieces), *hand], rules, "table before and rack")
    # when every tile after is explained (nothing from nowhere), each piece is there no more often
    # than on the table before and the rack together, which passed the quick test
    if (flow.nowhere or not b_ok) and not counts_fit(new_infos, (), rules):
        a_count: dict[int, int] = {}
        count_elements(a_count, chain.from_iterable([info.codes for info in new_infos]))
        check_counts(a_count, lambda: [p for m in after for p in m.pieces], rules, "table after")
    # the rack tiles placed are exactly (table after - table before) & rack, counted as multisets
    decode = DECODE
    played = tuple([decode[c] for c in sorted_codes(flow.played)])

    violations: list[Violation] = []
    readings: list[MeldReading | None] = []
    for j, info in enumerate(new_infos):
        ok = info.ok
        if ok is None:
            ok = info.ok = valid_codes(info.codes, rules)
        if ok and initial_meld_done:
            continue  # a valid set: nothing to report, and no reading needed (its value is not asked)
        judged = info.judged
        if judged is None:
            judged = judge_info(info, after[j], rules)
        readings.append(judged[0])
        if judged[1] or len(info.codes) == 1:
            m = after[j]
            if len(m.pieces) == 1:
                violations.append(
                    Violation(
                        RuleId.TILE_ALONE,
                        f"{m.pieces[0]} stands alone; every tile on the table must be part of a set",
                        pieces=m.pieces,
                    ).at(j)
                )
            violations.extend(v.at(j) for v in judged[1])

    for piece, i in flow.vanished:
        why = " (a joker taken from a set must be placed again in the same turn)" if isinstance(piece, Joker) else ""
        violations.append(
            Violation(
                RuleId.TABLE_TILE_MISSING,
                f"{piece} (from {on_table(before[i])} before) is no longer on the table; "
                f"no tile may go back to a rack{why}",
                pieces=(piece,),
            )
        )
    for piece, j in flow.nowhere:
        violations.append(
            Violation(
                RuleId.TILE_FROM_NOWHERE,
                f"{piece} was neither on the table nor on the rack",
                pieces=(piece,),
            ).at(j)
        )
    if not played:
        violations.append(
            Violation(RuleId.NO_TILE_PLAYED, "no tile from the rack was played; a player who cannot play must draw")
        )

    initial_value: int | None = None
    if not initial_meld_done:
        initial_value, found = initial_meld(
            before=before, after=after, readings=readings, flow=flow, rules=rules, anything_played=bool(played)
        )
        violations.extend(found)

    if rules.joker_retrieval is JokerRetrieval.REPLACE:
        played_count = Counter(played)
        violations.extend(replace_rule(before=before, after=after, flow=flow, played=played_count, rules=rules))

    return played, violations, initial_value, flow


def walk(
    before: Sequence[Meld], after: Sequence[Meld], f: Flow, infos: Sequence[SetInfo] | None, parts: tuple[Any, ...]
) -> tuple[list[Any], list[Any]]:
    """The change of every set and the table tiles moved; the sets kept only with ``infos``.

    ``parts`` are what the changes are made of: `rummylib.rummikub.turns` passes its `SetChange`,
    `TileMove`, the kinds kept, extended, merged, split, broken up and new, and each kind's value.
    """
    SetChange, TileMove, _KEPT, _EXTENDED, _MERGED, _SPLIT, _BROKEN_UP, _NEW, _ = parts
    targets: dict[int, list[int]] = {}
    sources: dict[int, list[int]] = {}
    for i, j in sorted(f.flow):
        targets.setdefault(i, []).append(j)
        sources.setdefault(j, []).append(i)
    added: dict[int, list[Piece]] = {}
    for piece, j in f.placed:
        added.setdefault(j, []).append(piece)
    lost: dict[int, list[Piece]] = {}
    for piece, i in f.vanished:
        lost.setdefault(i, []).append(piece)

    def rack_part(js: Sequence[int]) -> tuple[Piece, ...]:
        if len(js) == 1:  # the rack tiles of one set are placed in canonical order already
            return tuple(added.get(js[0], ()))
        return tuple(sorted((p for j in js for p in added.get(j, ())), key=piece_sort_key))

    def sets_after(js: Sequence[int]) -> tuple[Meld, ...]:
        return tuple(after[j] for j in js)

    sets: list[Any] = []
    merged: dict[int, list[int]] = {}
    moved: list[Any] = []
    kept = f.kept
    for i, m in enumerate(before):
        at = kept.get(i)
        if at is not None:
            if infos is None:
                continue
            # the same set, at the same places, comes back turn after turn: reuse its value
            info = infos[i]
            made = info.kept
            change = made.get((i, at)) if made is not None else None
            if change is None or change.old[0] is not m or change.new[0] is not after[at]:
                if made is None or len(made) > 16:
                    made = info.kept = {}
                change = made[(i, at)] = SetChange(_KEPT, (i,), (at,), (), (m,), (after[at],))
            sets.append(change)
            continue
        ts = targets.get(i, [])
        gone = lost.get(i, [])
        if len(ts) > 1:
            main = max(ts, key=lambda j: (f.flow[(i, j)].total(), -j))
            for j in ts:
                if j != main:
                    moved.extend(TileMove(p, i, j) for p in sorted(f.flow[(i, j)].elements(), key=piece_sort_key))
        if gone:
            moved.extend(TileMove(p, i, None) for p in gone)
        if not gone and len(ts) == 1:
            j = ts[0]
            if sources[j] == [i]:
                sets.append(SetChange(_EXTENDED, (i,), (j,), rack_part([j]), (m,), (after[j],)))
            else:
                merged.setdefault(j, []).append(i)
                if len(merged[j]) == 1:
                    sets.append(SetChange(_MERGED, (i,), (j,)))  # completed below
            continue
        kind = _SPLIT if not gone and all(sources[j] == [i] for j in ts) else _BROKEN_UP
        extra = rack_part(ts) if kind is _SPLIT else ()
        sets.append(SetChange(kind, (i,), tuple(ts), extra, (m,), sets_after(ts), tuple(gone)))
    for k, change in enumerate(sets if merged else ()):
        if change.kind is _MERGED:
            j = change.after[0]
            group = merged[j]
            others = tuple(i for i in sources[j] if i not in group)
            old = tuple(before[i] for i in group)
            sets[k] = SetChange(_MERGED, tuple(group), (j,), rack_part([j]), old, (after[j],), joined=others)
    for j in f.loose_after:  # ascending, like the table after
        if j not in sources:
            sets.append(SetChange(_NEW, (), (j,), rack_part([j]), new=(after[j],)))
    return sets, moved


def _old_phrase(indexes: Sequence[int], melds: Sequence[Meld]) -> str:
    """Sets of the table before, by their tiles (by place only when the tiles are not known)."""
    shown = [
        meld_text(melds[k]) if k < len(melds) else f"set {i + 1} of the table before" for k, i in enumerate(indexes)
    ]
    return " and ".join(shown) if shown else "no set"


def _new_phrase(indexes: Sequence[int], melds: Sequence[Meld]) -> str:
    """Melds of the table after, as problems name them: ``meld 2 (R4 R5 R6)``, ``melds 1 (...) and 2 (...)``."""
    shown = [f"{j + 1} ({meld_text(melds[k])})" if k < len(melds) else str(j + 1) for k, j in enumerate(indexes)]
    if not shown:
        return "no meld"
    if len(shown) == 1:
        return f"meld {shown[0]}"
    return "melds " + ", ".join(shown[:-1]) + " and " + shown[-1]


def change_text(c: Any, parts: tuple[Any, ...]) -> str:
    """``SetChange.text``: the change ``c`` in words (``parts`` as for `walk`)."""
    _, _, _KEPT, _EXTENDED, _MERGED, _SPLIT, _BROKEN_UP, _NEW, _ = parts
    added = c.added
    after = c.after
    rack = f", with {names(added)} from the rack" if added else ""
    old = _old_phrase(c.before, c.old)
    new = _new_phrase(after, c.new)
    kind = c.kind
    if kind is _KEPT:
        return f"{old} kept as {new}"
    if kind is _EXTENDED:
        return f"{old} extended to {new}{rack}"
    if kind is _MERGED:
        joined = c.joined
        also = f" (with tiles of {len(joined)} other set{'s' if len(joined) > 1 else ''})" if joined else ""
        return f"{old} merged into {new}{also}{rack}"
    if kind is _SPLIT:
        return f"{old} split into {new}{rack}"
    if kind is _NEW:
        made = c.new
        whole = made and len(added) == len(made[0])
        return f"new {new}" + (" from the rack" if whole else "")
    if not after:
        return f"{old} left the table"
    lost = f"; {names(c.lost)} left the table" if c.lost else ""
    return f"{old} broken up into {new}{lost}"


def change_json(c: Any, parts: tuple[Any, ...]) -> dict[str, Any]:
    """``SetChange.to_json()``: ``{"change", "before", "after", "added", "message"}``."""
    kind = c.kind
    value = parts[8].get(kind)
    return {
        "change": kind.value if value is None else value,
        "before": list(c.before),
        "after": list(c.after),
        "added": names(c.added),
        "message": change_text(c, parts),
    }


def changes_json(before: Sequence[Meld], after: Sequence[Meld], f: Flow, parts: tuple[Any, ...]) -> dict[str, Any]:
    """``turns._changes(...).to_json()``, written without a value for each set kept or tile placed."""
    sets, moved = walk(before, after, f, None, parts)
    return {
        "kept": [[i, at] for i, at in sorted(f.kept.items())],
        "sets": [change_json(c, parts) for c in sets],
        "placed": [{"tile": name(p), "from": "rack", "to": j} for p, j in f.placed],
        "moved": [
            {
                "tile": name(m.piece),
                "from": "rack" if m.source is None else m.source,
                "to": m.target,
            }
            for m in moved
        ],
    }


def turn_answer(
    data: Mapping[str, Any], rules: RuleSet, checks: tuple[Any, Any], parts: tuple[Any, ...]
) -> dict[str, Any] | None:
    """The answer to a ``turn`` request (``None``: answer it the slow way); see `judge_turn` and `walk`."""
    if rules.family is not Family.TILES:
        return None
    after_texts = data.get("table_after")
    before_texts = data.get("table_before")
    rack = data.get("rack")
    done = data.get("initial_meld_done")
    if before_texts is None:
        before_texts = []
    if done is None:
        done = False
    if (
        type(after_texts) is not list
        or type(before_texts) is not list
        or type(rack) is not str
        or type(done) is not bool
    ):
        return None
    old = text_sets(before_texts, rules)
    if old is None:
        return None
    hand = rack_codes(rack, rules)
    if hand is None:
        return None
    new = text_sets(after_texts, rules)
    if new is None:
        return None
    before = old.melds
    after = new.melds
    try:
        played, violations, _, flow = judge_turn(
            before, old.infos, hand[0], hand[1], after, new.infos, rules, done, checks, old, new
        )
    except RummyError:
        return None
    return {
        "valid": not violations,
        "played": names(played),
        "problems": [v.to_json() for v in violations],
        "changes": changes_json(before, after, flow, parts),
    }
