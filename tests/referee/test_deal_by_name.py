"""`rummylib.deal`: any registered game dealt by its name, as the batch op ``deal`` does."""

from __future__ import annotations

from typing import Any

import pytest

import rummylib
from rummylib import GIN_RUMMY, SHANGHAI, RuleSetError
from rummylib.batch import handle_request
from rummylib.errors import ErrorCode
from rummylib.referee import Referee
from rummylib.registry import FAMILIES, state_types

PLAYERS = {"rummikub": 3, "contracts": 4, "gin": 2, "indian": 3}


@pytest.mark.parametrize("name", ["rummikub", "contract_rummy", "shanghai", "gin_rummy", "indian_rummy"])
def test_every_game_deals_by_name_and_can_be_played(name: str) -> None:
    rules = rummylib.find_ruleset(name)
    players = PLAYERS[next(f.name for f in FAMILIES if rules.scoring in f.schemes)]
    state = rummylib.deal(name, players=players, seed=5)
    assert isinstance(state, Referee) and state.rules.name == rules.name and state.players == players
    legal = state.legal_actions()
    assert legal and state.apply(legal[0]) != state


@pytest.mark.parametrize("state_type", sorted(state_types()))
def test_it_deals_what_the_batch_op_deals(state_type: str) -> None:
    cls = state_types()[state_type]
    game = {"rummikub-game": "rummikub", "contract-round": "shanghai", "contract-game": "contract_rummy"}.get(
        state_type, "gin_rummy" if state_type.startswith("gin") else "indian_rummy"
    )
    players = 2 if game == "gin_rummy" else 3
    state = rummylib.deal(game, players=players, seed="s", state_type=state_type)
    assert type(state) is cls
    answer = handle_request({"op": "deal", "game": game, "players": players, "seed": "s", "state_type": state_type})
    assert "error" not in answer, answer
    assert answer["state"] == state.to_json()


def test_without_a_seed_each_deal_is_new_and_keeps_its_seed() -> None:
    first, second = (rummylib.deal("gin", players=2) for _ in range(2))
    assert first.to_json() != second.to_json()
    assert type(first).from_json(first.to_json()) == first


def test_house_rules_as_options_or_as_a_rule_set() -> None:
    options: dict[str, Any] = {"knock_limit": 5}
    assert rummylib.deal("gin", players=2, seed=1, rules=options).rules == GIN_RUMMY.with_options(options)
    house = SHANGHAI.with_options({"joker_ratio": True})
    assert rummylib.deal("shanghai", players=3, seed=1, rules=house).rules is house
    assert rummylib.deal(house, players=3, seed=1).rules is house


@pytest.mark.parametrize(
    ("kwargs", "code"),
    [
        ({"game": "poker", "players": 2}, ErrorCode.UNKNOWN_GAME),
        ({"game": "gin", "players": 3}, ErrorCode.BAD_PLAYERS),
        ({"game": "gin", "players": 2, "rules": SHANGHAI}, ErrorCode.UNSUPPORTED_RULES),
        ({"game": "gin", "players": 2, "state_type": "contract-round"}, ErrorCode.UNKNOWN_GAME),
        ({"game": "gin", "players": 2, "rules": {"no_such_option": 1}}, ErrorCode.UNKNOWN_OPTION),
    ],
)
def test_bad_input_gets_a_rummylib_error(kwargs: dict[str, Any], code: ErrorCode) -> None:
    game = kwargs.pop("game")
    with pytest.raises(RuleSetError) as caught:
        rummylib.deal(game, **kwargs)
    assert caught.value.code is code


def test_the_decks_dealer_is_still_there() -> None:
    from rummylib.decks import deal as deal_pieces

    assert len(deal_pieces(GIN_RUMMY, players=2, rng=1).hands) == 2


def test_the_referee_protocol_types_its_actions_and_its_classes(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """mypy sees `GinHand` as a `Referee[GinAction]` and its class as a dealer: a wrong action is an error."""
    mypy = pytest.importorskip("mypy.api")
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    monkeypatch.setenv("MYPYPATH", str(root / "src"))
    source = (
        "from rummylib import GIN_RUMMY\n"
        "from rummylib.gin import GinHand\n"
        "from rummylib.gin.actions import GinAction\n"
        "from rummylib.referee import Referee\n"
        "from rummylib.rummikub import Draw\n"
        "cls: type[Referee[GinAction]] = GinHand\n"
        "state: Referee[GinAction] = cls.deal(rules=GIN_RUMMY, players=2, seed=1)\n"
        "after: Referee[GinAction] = state.apply(state.legal_actions()[0])\n"
        "wrong = state.apply(Draw(0))\n"
    )
    (tmp_path / "uses.py").write_text(source, encoding="utf-8")
    (tmp_path / "mypy.ini").write_text("[mypy]\nstrict = true\n", encoding="utf-8")
    stdout, _, _ = mypy.run(
        [
            "--no-incremental",
            "--follow-imports=silent",
            "--config-file",
            str(tmp_path / "mypy.ini"),
            str(tmp_path / "uses.py"),
        ]
    )
    errors = [line for line in stdout.splitlines() if ": error:" in line]
    assert len(errors) == 1 and "uses.py:9:" in errors[0] and "arg-type" in errors[0], stdout
