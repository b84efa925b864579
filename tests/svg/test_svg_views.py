"""Pictures of referee views (`rummylib.svg.view`) and the one display hook every referee state has."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import attrs
import pytest

from rummylib import GIN_RUMMY, INDIAN_RUMMY, JOKER, RUMMIKUB, SHANGHAI, Card, Meld, parse_pieces, svg
from rummylib.contracts import ContractGame, ContractRound
from rummylib.gin import GinGame, GinHand
from rummylib.referee import Referee
from rummylib.rummikub import RummikubGame

NS = "{http://www.w3.org/2000/svg}"


def parse(text: str) -> ET.Element:
    root = ET.fromstring(text)
    assert root.tag == f"{NS}svg"
    return root


def titles(text: str) -> list[str]:
    return [t.text or "" for t in parse(text).iter(f"{NS}title")]


def texts(text: str) -> list[str]:
    return [t.text or "" for t in parse(text).iter(f"{NS}text")]


def play(state: Referee, steps: int, seed: int) -> Referee:
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_actions(state.to_move)))
    return state


STATES = {
    "rummikub": lambda: RummikubGame.deal(rules=RUMMIKUB, players=3, seed=2),
    "contract-round": lambda: ContractRound.deal(rules=SHANGHAI.with_options({"max_reshuffles": 1}), players=3, seed=1),
    "contract-game": lambda: ContractGame.deal(rules=SHANGHAI, players=3, seed=0),
    "gin-hand": lambda: GinHand.deal(rules=GIN_RUMMY, seed=7),
    "gin-game": lambda: GinGame.deal(rules=GIN_RUMMY, seed=5),
}


@pytest.mark.parametrize("name", sorted(STATES))
@pytest.mark.parametrize("steps", [0, 25, 5000])
def test_every_referee_state_shows_the_view_of_the_seat_to_move(name: str, steps: int) -> None:
    state = play(STATES[name](), steps, seed=steps)
    seat = state.to_move if state.to_move is not None else 0
    picture = state._repr_svg_()  # type: ignore[attr-defined]
    assert picture == svg.view(state.view(seat), rules=state.rules)
    parse(picture)
    assert f"seen by seat {seat}" in " ".join(texts(picture))  # (a long title wraps)


def test_rummikub_view_shows_the_rack_the_table_and_the_counts() -> None:
    game = RummikubGame.deal(rules=RUMMIKUB, players=3, seed=2)
    seen = game.view(1)
    picture = svg.view(seen, rules=RUMMIKUB)
    assert sorted(titles(picture)) == sorted(str(p) for p in seen.hand)
    assert "Rack of seat 1 (14 tiles)" in texts(picture)
    assert "empty table" in texts(picture)
    assert "pool: 64 tiles · racks: seat 0: 14, seat 1: 14, seat 2: 14" in texts(picture)
    assert "rl-wood" in picture


def test_a_long_rack_wraps_to_the_width() -> None:
    game = RummikubGame.deal(rules=RUMMIKUB, players=2, seed=1)
    for _ in range(12):  # both players draw: 20 tiles each
        game = game.apply(game.legal_actions(game.to_move)[-1])
    picture = svg.view(game.view(0), rules=RUMMIKUB, width=640)
    assert float(parse(picture).get("width") or 0) <= 640


def test_round_view_shows_the_contract_the_melds_and_the_top_discard() -> None:
    rules = SHANGHAI.with_options({"max_reshuffles": 1})
    state = play(ContractRound.deal(rules=rules, players=3, seed=4), 400, seed=9)
    seen = state.view(0)
    picture = svg.view(seen, rules=rules)
    shown = titles(picture)
    held = seen.hands[0] or ()
    on_table = sum(len(tm.meld) for tm in seen.table)
    assert len(shown) == len(held) + on_table + (1 if seen.upcard is not None else 0)
    assert any(t.startswith(f"Shanghai, round {seen.round_number}: ") for t in texts(picture))
    assert all(f"seat {tm.owner}" in " ".join(texts(picture)) for tm in seen.table)


def test_gin_view_after_a_knock_shows_both_hands() -> None:
    hand = play(GinHand.deal(rules=GIN_RUMMY, seed=3), 5000, seed=3)
    seen = hand.view(0)
    picture = svg.view(seen, rules=GIN_RUMMY)
    if seen.shown is not None:
        assert "Hand of seat 0 (laid down)" in texts(picture) and "Hand of seat 1 (laid down)" in texts(picture)
    assert any(t.startswith("the hand is over") for t in texts(picture)) == hand.is_over


@attrs.frozen
class DealView:
    """A view no drawer knows (as the Indian deal's view will be): drawn from its fields."""

    viewer: int
    to_move: int | None
    hand: tuple[Card, ...]
    discards: tuple[Card, ...]
    wild_joker: Card
    stock_size: int
    hand_sizes: tuple[int, ...]
    table: tuple[Meld, ...] = ()
    phase: str = "draw"


def test_a_view_of_a_new_game_is_drawn_from_its_fields() -> None:
    seen = DealView(
        viewer=1,
        to_move=1,
        hand=tuple(parse_pieces("Ah 2h 3h 9c 9d 9s 4c 6c Kd Qd Jd 7s *")),  # type: ignore[arg-type]
        discards=tuple(parse_pieces("2c 8h")),  # type: ignore[arg-type]
        wild_joker=Card.parse("5d"),
        stock_size=70,
        hand_sizes=(13, 13),
        table=(Meld.parse("4s 5s 6s"),),
    )
    picture = svg.view(seen, rules=INDIAN_RUMMY)
    assert "Indian Rummy, seen by seat 1" in texts(picture)
    assert "Hand (13 pieces)" in texts(picture) and "Wild joker" in texts(picture)
    assert "Discards (2 pieces)" in texts(picture)
    shown = titles(picture)
    assert shown.count("8h") == 1 and "2c" not in shown  # only the top of the discard pile
    assert str(JOKER) in shown and "5d" in shown and "4s" in shown
    assert any("stock size: 70" in t and "hand sizes: seat 0: 13, seat 1: 13" in t for t in texts(picture))


def test_view_without_rules_still_draws() -> None:
    seen = RummikubGame.deal(rules=RUMMIKUB, players=2, seed=3).view(0)
    assert len(titles(svg.view(seen))) == 14
