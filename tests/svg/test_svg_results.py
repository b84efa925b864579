"""Pictures of results: turn reports, solver answers, meld-downs, Gin deadwood and hands, Indian arrangements."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from rummylib import CONTRACT_RUMMY, GIN_RUMMY, INDIAN_RUMMY, RUMMIKUB, svg
from rummylib.contracts import check_contract, find_contract
from rummylib.gin import deadwood, score_hand
from rummylib.indian import best_arrangement
from rummylib.rummikub import solve, validate_turn

NS = "{http://www.w3.org/2000/svg}"


def parse(text: str) -> ET.Element:
    root = ET.fromstring(text)
    assert root.tag == f"{NS}svg"
    return root


def titles(text: str) -> list[str]:
    return [t.text or "" for t in parse(text).iter(f"{NS}title")]


def texts(text: str) -> list[str]:
    return [t.text or "" for t in parse(text).iter(f"{NS}text")]


def framed(text: str, colour: str) -> list[str]:
    """The titles of the pieces framed in ``colour``."""
    return [
        title.text or ""
        for group in parse(text).iter(f"{NS}g")
        if (title := group.find(f"{NS}title")) is not None
        for rect in group.findall(f"{NS}rect")
        if rect.get("stroke") == colour
    ]


TURNS = [
    # (before, rack, after, initial meld done) - docs/rules/rummikub.md's manipulations, legal and not
    ("r3 r4 r5 r6 r7", "r5", "r3 r4 r5 | r5 r6 r7", True),
    ("r3 r4 r5 r6 | k9 b9 y9", "r7 r8 b1", "r3 r4 r5 | r6 r7 r8 | k9 b9 y9", True),
    ("r4 * r6", "r5 k9 k10", "r4 r5 r6 | k9 k10 *", True),
    ("k5 k6 k7", "r1 r2", "r1 r2 | k5 k6", True),
    ("r1 r2 r3", "r4", "r1 r2 r3 r4 b13", True),
    ("", "r1 r2 r3", "r1 r2 r3", False),
    ("k7 b7 y7 r7 | r1 r2 r3", "k8 k9", "b7 y7 r7 | k7 k8 k9 | r1 r2 r3", True),
    ("r1 r2 r3 | b1 b2 b3", "r4", "r1 r2 r3 r4 b1 b2 b3", True),
]


@pytest.mark.parametrize(("before", "rack", "after", "done"), TURNS)
def test_turn_report_draws_what_turn_draws(before: str, rack: str, after: str, done: bool) -> None:
    report = validate_turn(before, rack, after, rules=RUMMIKUB, initial_meld_done=done)
    expected = svg.turn(before, rack, after, rules=RUMMIKUB, initial_meld_done=done)
    assert svg.turn_report(report, rules=RUMMIKUB) == expected
    # the hook reads with the box rules, which are RUMMIKUB here: the same picture
    assert report._repr_svg_() == expected


def test_turn_report_hook_and_its_caption() -> None:
    report = validate_turn("r3 r4 r5 r6 r7", "r5 k1", "r3 r4 r5 | r5 r6 r7", rules=RUMMIKUB, initial_meld_done=True)
    html = report._repr_html_()
    assert html.startswith("<figure><svg") and html.endswith("</figcaption></figure>")
    assert "split into melds 1 (R3 R4 R5) and 2 (R5 R6 R7), with R5 from the rack" in html
    assert framed(report._repr_svg_(), svg.PLAYED_INK) == ["R5"]


def test_turn_legend_shows_only_the_marks_used() -> None:
    extend = svg.turn("r1 r2 r3", "r4", "r1 r2 r3 r4", rules=RUMMIKUB, initial_meld_done=True)
    assert "played from the rack" in texts(extend)
    assert "moved on the table" not in texts(extend) and "invalid meld" not in texts(extend)
    split = svg.turn("r3 r4 r5 r6", "r7 r8", "r3 r4 r5 | r6 r7 r8", rules=RUMMIKUB, initial_meld_done=True)
    assert {"played from the rack", "moved on the table"} <= set(texts(split))
    bad = svg.turn("r1 r2 r3", "r5", "r1 r2 r3 r5", rules=RUMMIKUB, initial_meld_done=True)
    assert "invalid meld" in texts(bad)


def test_invalid_sets_are_labelled_in_words_with_the_code_kept_in_the_title() -> None:
    picture = svg.turn("r1 r2 r3", "r5", "r1 r2 r3 r5", rules=RUMMIKUB, initial_meld_done=True)
    assert "✗ gap in the run" in texts(picture)
    assert not any("run-gap" in t for t in texts(picture) if t.startswith("✗ gap"))
    assert any(t.startswith("invalid: ") and "run-gap" in t for t in titles(picture))


def test_solution_frames_the_pieces_played() -> None:
    found = solve("r3 r4 r5 r6 | k9 b9 y9", "r7 r8 b1 *", rules=RUMMIKUB, initial_meld_done=True)
    picture = found._repr_svg_()
    assert sorted(framed(picture, svg.PLAYED_INK)) == sorted(
        str(p) if str(p) != "*" else "* = R9" for p in found.played
    )
    assert f"best play: {' '.join(str(p) for p in found.played)}" in " ".join(texts(picture))
    assert svg.INVALID_INK not in picture
    assert svg.solution(found, rules=RUMMIKUB) == picture


def test_a_solution_that_plays_nothing_says_draw() -> None:
    found = solve("r1 r2 r3", "k9", rules=RUMMIKUB, initial_meld_done=True)
    picture = svg.solution(found)
    assert found.is_pass
    assert any("no play" in t for t in texts(picture))
    assert framed(picture, svg.PLAYED_INK) == []


def test_meld_down_and_contract_plan() -> None:
    down = check_contract(["7h 7s *", "4c 5c 6c 7c"], round_number=2, rules=CONTRACT_RUMMY)
    picture = down._repr_svg_()
    assert "* = 7c" in titles(picture)
    assert any("meets the contract: one set of exactly 3 and one run of exactly 4" in t for t in texts(picture))
    plan = find_contract("7h 7s 7d 8c 8s 8h Kd 4c", round_number=1, rules=CONTRACT_RUMMY)
    assert plan is not None
    drawn = plan._repr_svg_()
    assert sorted(titles(drawn)) == sorted(["7d", "7h", "7s", "8c", "8h", "8s", "4c", "Kd"])
    assert "Left in hand: 2 cards, 14 points" in texts(drawn)


def test_deadwood_shows_melds_deadwood_and_discard() -> None:
    result = deadwood("Ah 2h 3h 4h 7c 7d 7s 9c 9d Kd Qs", rules=GIN_RUMMY)
    picture = result._repr_svg_()
    assert len(titles(picture)) == 11
    assert {"Melds", "Deadwood: 28", "Discard"} <= set(texts(picture))
    gin = svg.deadwood(deadwood("Ah 2h 3h 4h 7c 7d 7s 9c 9d 9s", rules=GIN_RUMMY))
    assert "none: gin" in texts(gin)


def test_gin_hand_frames_the_lay_offs() -> None:
    result = score_hand("Ah 2h 3h 7c 7d 7s 9c 9d 9s Kd", "4h 5h 9h 10h Jh 8c 2d Qd Kc Kh", rules=GIN_RUMMY)
    picture = result._repr_svg_()
    assert sorted(framed(picture, svg.LAID_OFF_INK)) == ["4h", "5h"]
    assert len(titles(picture)) == 20
    assert "the knocker wins 30 points" in texts(picture)
    assert "laid off by the defender" in texts(picture)


def test_indian_arrangement_names_its_melds_and_counted_cards() -> None:
    a = best_arrangement("Ah 2h 3h 4c * 6c 9s 9c 9d 7s 8h Kd 2d", rules=INDIAN_RUMMY)
    picture = a._repr_svg_()
    assert {"pure sequence", "set", "sequence"} <= set(texts(picture))
    assert "Cards that count: 27 points" in texts(picture)
    fives = INDIAN_RUMMY.with_options({"wild_ranks": ["5"]})
    wild = best_arrangement("4s 5s 6s 7h 8h 5d 9c 9d 9s Jc Qc Kc 2d", rules=fives)
    assert any(t.startswith("5d = ") for t in titles(svg.arrangement(wild, rules=fives)))
    assert not any(t.startswith("5d = ") for t in titles(wild._repr_svg_()))  # the hook cannot know the wild rank


def test_capped_points_say_so() -> None:
    a = best_arrangement("Kh Kd Ks Qh Qd Qs 9h 9d 9s 7c 7d 7h 2c", rules=INDIAN_RUMMY)
    assert any(t.startswith("Cards that count: 80 points (capped from") for t in texts(svg.arrangement(a)))


def test_contract_picture_places_problems_on_melds_or_under_them() -> None:
    from rummylib import SHANGHAI

    met = svg.contract(["7h 7s 7d 7c", "4c 5c 6c 7c 8c 9c 10c"], round_number=5, rules=SHANGHAI)
    assert any(t.startswith("✓ meets the contract: one set of 3 or more and one run of 7 or more") for t in texts(met))
    assert svg.INVALID_INK not in met
    short = svg.contract(["7h 7s 7d", "4c 5c 6c 7c 8c 9c"], round_number=5, rules=SHANGHAI)
    assert "✗ not the contract's run size" in texts(short)
    assert any("contract-run-size" in t for t in titles(short))
    few = svg.contract(["7h 7s 7d"], round_number=1, rules=CONTRACT_RUMMY)
    assert any("contract-meld-count" in t for t in texts(few))  # a problem of the whole: written under the melds
    assert svg.INVALID_INK not in few.replace('stroke="#e0301e" stroke-width="2" stroke-dasharray="3 2"', "")


def test_contract_picture_reads_jokers_the_way_they_count() -> None:
    from rummylib import SHANGHAI

    # each joker wears the card it counts as in the meld-down (a 7, then two 8s)
    rules = SHANGHAI.with_options({"jokers": "all"})
    picture = svg.contract(["7h 7s *", "8s 8d * *"], round_number=1, rules=rules)
    assert "✓ meets the contract: two sets of 3 or more" in texts(picture)
    jokers = [t for t in titles(picture) if t.startswith("* = ")]
    assert len(jokers) == 3 and jokers[0].startswith("* = 7") and all(t.startswith("* = 8") for t in jokers[1:])


def test_declaration_picture() -> None:
    fives = INDIAN_RUMMY.with_options({"wild_ranks": ["5"]})
    good = svg.declaration(["4s 5s 6s", "7h 8h *", "9c 9d 9s", "Jc Qc Kc 5d"], rules=fives)
    assert "✓ a valid declaration" in texts(good)
    assert [t for t in texts(good) if t in {"pure sequence", "sequence", "set"}] == [
        "pure sequence",
        "sequence",
        "set",
        "sequence",
    ]
    bad = svg.declaration(["Ah 2h *", "4c * 6c", "9s 9c 9d 9h", "Kd Kd Ks"], rules=INDIAN_RUMMY)
    assert "✗ a wrong declaration" in texts(bad) and "✗ suit repeated" in texts(bad)
    assert any("no-pure-sequence" in t for t in texts(bad))


def test_small_sections_sit_beside_the_one_before() -> None:
    picture = svg.deadwood(deadwood("Ah 2h 3h 4h 7c 7d 7s 9c 9d Kd Qs", rules=GIN_RUMMY))
    where = {t.text: (float(t.get("x") or 0), float(t.get("y") or 0)) for t in parse(picture).iter(f"{NS}text")}
    melds, dead, discard = where["Melds"], where["Deadwood: 28"], where["Discard"]
    assert melds[1] == dead[1] == discard[1]  # one row of captions
    assert melds[0] < dead[0] < discard[0]


def test_a_plain_table_has_no_legend() -> None:
    picture = svg.table("r1 r2 r3 | r12 r13 r1", rules=RUMMIKUB)
    assert "invalid meld" not in texts(picture) and "✗ run wraps past 13" in texts(picture)
