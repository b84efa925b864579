"""Pictures (`rummylib.svg`): well-formed SVG, the right pieces, jokers, marks and outlines."""

from __future__ import annotations

import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rummylib import (
    GIN_RUMMY,
    INDIAN_RUMMY,
    JOKER,
    RUMMIKUB,
    SHANGHAI,
    Card,
    Family,
    Meld,
    NotationError,
    Tile,
    check_meld,
    svg,
)
from rummylib.testing import valid_melds

NS = "{http://www.w3.org/2000/svg}"


def parse(text: str) -> ET.Element:
    root = ET.fromstring(text)
    assert root.tag == f"{NS}svg"
    return root


def titles(text: str) -> list[str]:
    return [t.text or "" for t in parse(text).iter(f"{NS}title")]


def test_tile_picture_names_the_tile_and_uses_its_colour() -> None:
    picture = svg.piece(Tile.parse("b13"))
    assert titles(picture) == ["B13"]
    assert ">13</text>" in picture
    assert svg.TILE_INK[Tile.parse("b13").color] in picture
    assert "rl-tile" in picture


def test_card_picture_has_suit_symbol_and_red_or_black_ink() -> None:
    heart = svg.piece(Card.parse("10h"))
    spade = svg.piece(Card.parse("Qs"))
    assert "♥" in heart
    assert svg.CARD_RED in heart
    assert svg.CARD_BLACK not in heart
    assert "♠" in spade
    assert svg.CARD_BLACK in spade
    assert svg.CARD_RED not in spade
    assert titles(heart) == ["10h"]


def test_lone_joker_is_a_tile_unless_cards_are_asked_for() -> None:
    assert "rl-tile" in svg.piece(JOKER)
    card_joker = svg.piece(JOKER, family=Family.CARDS)
    assert "rl-card" in card_joker
    assert "JOKER" in card_joker


def test_size_scales_the_picture_but_not_the_drawing() -> None:
    small, big = parse(svg.piece(Tile.parse("r1"))), parse(svg.piece(Tile.parse("r1"), size=92))
    assert small.get("viewBox") == big.get("viewBox")
    assert float(big.get("width") or 0) == pytest.approx(92)
    assert float(big.get("height") or 0) > float(small.get("height") or 0)


def test_joker_shows_what_it_stands_for_in_a_run_and_a_group() -> None:
    # docs/rules/rummikub.md: r5 r6 * reads the joker as R7; r7 b7 * is a group of 7s.
    assert "* = R7" in titles(svg.meld("r5 r6 *", rules=RUMMIKUB))
    (joker_title,) = [t for t in titles(svg.meld("r7 b7 *", rules=RUMMIKUB)) if t.startswith("*")]
    assert joker_title in {"* = K7", "* = Y7"}


def test_joker_meaning_is_only_shown_when_judged() -> None:
    assert titles(svg.meld("r5 r6 *")) == ["R5", "R6", "*"]


def test_reading_can_be_drawn_directly() -> None:
    reading = check_meld("7h * 9h", rules=SHANGHAI)
    assert titles(svg.meld(reading, labels=True)) == ["7h", "* = 8h", "9h"]


def test_wild_card_acting_as_joker_gets_a_badge() -> None:
    rules = INDIAN_RUMMY.with_options({"wild_ranks": [5]})
    picture = svg.meld("4s 5h 6s", rules=rules)
    assert "5h = 5s" in titles(picture)


def test_invalid_meld_is_outlined_and_labelled_with_its_codes() -> None:
    picture = svg.meld("r12 r13 r1", rules=RUMMIKUB, labels=True)
    assert "run-wraps" in picture
    assert svg.INVALID_INK in picture
    assert svg.INVALID_INK not in svg.meld("r11 r12 r13", rules=RUMMIKUB, labels=True)


def test_labels_give_kind_and_value() -> None:
    assert "run · 18" in svg.meld("r5 r6 *", rules=RUMMIKUB, labels=True)
    assert ">set<" in svg.meld("7h 7s 7d", rules=SHANGHAI, labels=True)
    assert ">run<" in svg.meld("Ah 2h 3h", rules=GIN_RUMMY, labels=True)


def test_bad_notation_is_a_rummylib_error() -> None:
    with pytest.raises(NotationError):
        svg.meld("r14 r15 r16")
    with pytest.raises(NotationError):
        svg.table("r1 r2 r3 | | k1")


def test_rack_draws_every_piece_sorted_when_asked() -> None:
    assert titles(svg.rack("r9 k1 *", sort=True)) == ["K1", "R9", "*"]
    assert titles(svg.rack("r9 k1 *")) == ["R9", "K1", "*"]
    hand = svg.rack("Ah 2s *")
    assert "rl-wood" not in hand
    assert "rl-card" in hand


def test_table_wraps_rows_and_judges_every_meld() -> None:
    text = " | ".join(["b1 b2 b3 b4 b5 b6"] * 1 + ["k1 k2 k3", "y1 y2 y3", "r1 r2 r3", "r5 r5 r6"])
    picture = svg.table(text, rules=RUMMIKUB, width=320)
    root = parse(picture)
    assert len(titles(picture)) == 6 + 3 * 4 + 1  # one title per piece, plus the invalid outline's
    assert "run-duplicate-rank" in picture or "group-ranks-differ" in picture
    assert float(root.get("height") or 0) > 3 * svg.TILE_HEIGHT  # several rows


def test_empty_table_says_so() -> None:
    assert "empty table" in svg.table([], rules=RUMMIKUB)


def test_table_accepts_marks_by_position() -> None:
    picture = svg.table(["r1 r2 r3"], marks={(0, 1): svg.Mark.PLAYED})
    assert picture.count(svg.PLAYED_INK) == 1


def turn_picture(before: str, rack: str, after: str, *, initial_meld_done: bool = True) -> str:
    return svg.turn(before, rack, after, rules=RUMMIKUB, initial_meld_done=initial_meld_done)


def test_turn_marks_played_and_moved_tiles() -> None:
    # docs/rules/rummikub.md: split a run and add rack tiles to make two sets.
    picture = turn_picture("r3 r4 r5 r6 | k9 b9 y9", "r7 r8 b1", "r3 r4 r5 | r6 r7 r8 | k9 b9 y9")
    root = parse(picture)
    framed = {
        title.text: colour
        for group in root.iter(f"{NS}g")
        if (title := group.find(f"{NS}title")) is not None
        for rect in group.findall(f"{NS}rect")
        if (colour := rect.get("stroke")) in {svg.PLAYED_INK, svg.MOVED_INK}
    }
    assert framed == {"R7": svg.PLAYED_INK, "R8": svg.PLAYED_INK, "R6": svg.MOVED_INK}
    assert "legal turn: played R7 R8" in picture


def test_turn_accepts_a_computed_report() -> None:
    from rummylib.rummikub import validate_turn

    report = validate_turn("r3 r4 r5 r6", "r7", "r3 r4 r5 r6 r7", rules=RUMMIKUB, initial_meld_done=True)
    direct = svg.turn("r3 r4 r5 r6", "r7", "r3 r4 r5 r6 r7", rules=RUMMIKUB, initial_meld_done=True)
    assert svg.turn("", "", "r3 r4 r5 r6 r7", rules=RUMMIKUB, initial_meld_done=True, report=report) == direct


def test_turn_outlines_invalid_sets_and_lists_other_problems() -> None:
    picture = turn_picture("k5 k6 k7", "r1 r2", "r1 r2 | k5 k6")
    assert "run-too-short" in picture
    assert "table-tile-missing" in picture  # K7 went back to the rack: not tied to a set
    assert "illegal turn" in picture


def test_initial_meld_below_threshold_is_explained() -> None:
    picture = turn_picture("", "r1 r2 r3", "r1 r2 r3", initial_meld_done=False)
    assert "initial-meld-too-low" in picture


def test_repr_svg_on_values() -> None:
    for value in (Tile.parse("r5"), Card.parse("Qh"), JOKER, Meld.parse("r5 r6 *")):
        parse(value._repr_svg_())


def test_pictures_are_deterministic() -> None:
    assert svg.table("r1 r2 r3 | k7 b7 *", rules=RUMMIKUB) == svg.table("r1 r2 r3 | k7 b7 *", rules=RUMMIKUB)


@given(valid_melds(rules=RUMMIKUB) | valid_melds(rules=SHANGHAI) | valid_melds(rules=GIN_RUMMY), st.booleans())
def test_every_valid_meld_draws_one_title_per_piece_and_no_outline(meld: Meld, labels: bool) -> None:
    rules = SHANGHAI if any(isinstance(p, Card) for p in meld) else RUMMIKUB
    picture = svg.meld(meld, rules=rules, labels=labels)
    assert len(titles(picture)) == len(meld)
    assert svg.INVALID_INK not in picture


@pytest.mark.skipif(shutil.which("rsvg-convert") is None, reason="rsvg-convert is not installed")
def test_pictures_convert_to_png(tmp_path: Path) -> None:
    source = tmp_path / "t.svg"
    source.write_text(turn_picture("r3 r4 r5 r6", "r7 *", "r3 r4 r5 | r6 r7 *"), encoding="utf-8")
    subprocess.run(["rsvg-convert", "-o", str(tmp_path / "t.png"), str(source)], check=True, timeout=60)
    assert (tmp_path / "t.png").read_bytes().startswith(b"\x89PNG")


def test_extended_boxes_draw_every_colour_and_two_digit_numbers() -> None:
    import attrs

    from rummylib import Color

    big = attrs.evolve(RUMMIKUB, colors=tuple(Color), max_number=26)
    picture = svg.table("g24 g25 g26 | p7 c7 m7 *", rules=big)
    for colour in (Color.GREEN, Color.PURPLE, Color.CYAN, Color.MAGENTA):
        assert svg.TILE_INK[colour] in picture
    assert ">26</text>" in picture
    assert "run · 75" in picture


def test_every_tile_colour_has_its_own_shape() -> None:
    # "colours are never the only clue": the mark under the number differs for every colour
    import attrs

    from rummylib import Color

    assert set(svg.TILE_SHAPES) == set(Color)
    assert len(set(svg.TILE_SHAPES.values())) == len(Color)
    big = attrs.evolve(RUMMIKUB, colors=tuple(Color))
    marks = set()
    for colour in Color:
        root = parse(svg.meld(Meld((Tile(colour, 5),)), rules=big))
        group = next(root.iter(f"{NS}g"))
        last = list(group)[-1]  # the colour's mark, drawn after the number
        ink = svg.TILE_INK[colour]
        assert ink in (last.get("fill"), last.get("stroke"))
        drawn = ET.tostring(last).decode().replace(ink, "")
        marks.add(drawn)
    assert len(marks) == len(Color)


def test_card_joker_badge_clears_the_word_joker() -> None:
    picture = svg.piece(JOKER, family=Family.CARDS, stands_for=Card.parse("7c"))
    root = parse(picture)
    word = next(t for t in root.iter(f"{NS}text") if t.text == "JOKER")
    badge = next(r for r in root.iter(f"{NS}rect") if r.get("rx") == "7")
    assert float(word.get("y") or 0) < float(badge.get("y") or 0) - 4  # the word's baseline sits above the badge
    plain = parse(svg.piece(JOKER, family=Family.CARDS))
    assert any(t.text == "JOKER" for t in plain.iter(f"{NS}text"))


@pytest.mark.parametrize(
    ("notation", "rules", "words"),
    [
        ("r12 r13 r1", RUMMIKUB, "run wraps past 13"),
        ("r7 b7 b7", RUMMIKUB, "colour repeated"),
        ("7h 7h 7s", INDIAN_RUMMY, "suit repeated"),
        ("r1 r2 r4", RUMMIKUB, "gap in the run"),
    ],
)
def test_invalid_meld_labels_are_words(notation: str, rules: object, words: str) -> None:
    from rummylib import RuleSet

    assert isinstance(rules, RuleSet)
    picture = svg.meld(notation, rules=rules, labels=True)
    labels = [t.text or "" for t in parse(picture).iter(f"{NS}text") if (t.text or "").startswith("✗")]
    assert labels and words in labels[0]
    assert "-" not in labels[0]


def test_problem_words_cover_every_meld_code() -> None:
    from rummylib.errors import RuleId

    for code in RuleId:
        for cards in (False, True):
            words = svg.problem_words(code.value, cards=cards)
            assert words and "-" not in words
