"""`rummylib points` counts a hand through `rummylib.registry.hand_cost`, as the library does."""

from __future__ import annotations

import json

import pytest

from rummylib import cli, find_ruleset, parse_pieces
from rummylib.batch import handle_request
from rummylib.registry import hand_cost

HANDS = [
    ("rummikub", "r5 k3 *", None),
    ("contract_rummy", "* Ah Kd", None),
    ("shanghai", "7h 7s 7d Kc", None),
    ("gin_rummy", "Ah 2h 3h 9c Kd", None),
    ("indian_rummy", "4s 5s 6s 7h 8h Kd Kc 2c 9d 3h 3d Qs 5d", "5"),
]


@pytest.mark.parametrize(("game", "hand", "wild"), HANDS)
def test_cli_points_is_hand_cost(capsys: pytest.CaptureFixture[str], game: str, hand: str, wild: str | None) -> None:
    argv = ["points", "-g", game, hand, "--json", *(["--wild-rank", wild] if wild else [])]
    assert cli.main(argv) == 0
    rules = find_ruleset(game)
    if wild:
        rules = rules.with_options({"wild_ranks": [*sorted(rules.wild_ranks), wild]})
    expected = hand_cost(parse_pieces(hand, rules=rules), rules=rules).points
    assert json.loads(capsys.readouterr().out) == {"points": expected}


@pytest.mark.parametrize(("game", "hand", "wild"), [h for h in HANDS if h[0] != "gin_rummy"])
def test_cli_points_agrees_with_the_batch_op(
    capsys: pytest.CaptureFixture[str], game: str, hand: str, wild: str | None
) -> None:
    argv = ["points", "-g", game, hand, "--json", *(["--wild-rank", wild] if wild else [])]
    cli.main(argv)
    request = {"op": "points", "game": game, "hand": hand} | ({"rules": {"wild_ranks": [wild]}} if wild else {})
    assert json.loads(capsys.readouterr().out) == handle_request(request)
