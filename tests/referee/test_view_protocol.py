"""Every game's view speaks one vocabulary: the `View` protocol's attributes, the same keys in JSON.

`viewer`, `to_move`, `hand`, `hand_sizes`, `stock_size` and `is_over` mean the same thing in a
Rummikub game, a contract round or game (Contract Rummy and Shanghai), a Gin hand or game and an
Indian deal or game, for a player's view and (contract games) the table's: checked here against
the state viewed, along random play, and by mypy (each view class is a `View`).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from rummylib import CONTRACT_RUMMY, GIN_RUMMY, INDIAN_RUMMY, RUMMIKUB, SHANGHAI
from rummylib.contracts import ContractGame, ContractRound
from rummylib.gin import GinGame, GinHand
from rummylib.indian import IndianDeal, IndianGame
from rummylib.pieces import format_pieces
from rummylib.referee import View
from rummylib.rummikub import RummikubGame

SHARED = ("viewer", "to_move", "hand", "hand_sizes", "stock_size", "is_over")

STATES: dict[str, Any] = {
    "rummikub": lambda: RummikubGame.deal(rules=RUMMIKUB, players=3, seed=4),
    "contract-round": lambda: ContractRound.deal(rules=CONTRACT_RUMMY, players=3, seed=4),
    "shanghai-round": lambda: ContractRound.deal(rules=SHANGHAI, players=4, seed=4),
    "contract-game": lambda: ContractGame.deal(rules=CONTRACT_RUMMY, players=2, seed=4),
    "gin-hand": lambda: GinHand.deal(rules=GIN_RUMMY, seed=4),
    "gin-game": lambda: GinGame.deal(rules=GIN_RUMMY, seed=4),
    "indian-deal": lambda: IndianDeal.deal(rules=INDIAN_RUMMY, players=3, seed=4),
    "indian-game": lambda: IndianGame.deal(rules=INDIAN_RUMMY, players=2, seed=4),
}


def _held(state: Any) -> tuple[tuple[Any, ...], ...]:
    """Every seat's pieces, read from the state itself (not from a view)."""
    inner = getattr(state, "round", state)
    return tuple(inner.hands)


def _stock(state: Any) -> int:
    inner = getattr(state, "round", state)
    return len(inner.stock)


def _check(state: Any, view: Any, seat: int | None) -> None:
    assert isinstance(view, View)
    held = _held(state)
    assert view.viewer == seat
    assert view.to_move == state.to_move
    assert view.is_over == state.is_over
    assert view.hand == (() if seat is None else held[seat])
    assert view.hand_sizes == tuple(len(h) for h in held)
    assert view.stock_size == _stock(state)
    data = view.to_json()
    assert {k: data[k] for k in SHARED} == {
        "viewer": seat,
        "to_move": view.to_move,
        "hand": format_pieces(view.hand),
        "hand_sizes": list(view.hand_sizes),
        "stock_size": view.stock_size,
        "is_over": view.is_over,
    }


@pytest.mark.parametrize("name", sorted(STATES))
def test_every_view_has_the_shared_keys_meaning_the_state(name: str) -> None:
    state = STATES[name]()
    rng = random.Random(name)
    for _ in range(120):
        for seat in range(state.players):
            _check(state, state.view(seat), seat)
        if hasattr(state, "table_view"):
            _check(state, state.table_view(), None)
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_actions()))


def test_a_finished_round_says_so_in_every_view() -> None:
    state: Any = GinHand.deal(rules=GIN_RUMMY, seed=2)
    rng = random.Random(2)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
    for seat in (0, 1):
        view = state.view(seat)
        assert view.is_over and view.to_move is None and view.to_json()["is_over"] is True


def test_mypy_sees_each_view_class_as_a_view(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each view class is a `View` to mypy --strict; a class without `stock_size` is not."""
    mypy = pytest.importorskip("mypy.api")
    root = Path(__file__).resolve().parents[2]
    monkeypatch.setenv("MYPYPATH", str(root / "src"))
    source = (
        "from rummylib.contracts import RoundView\n"
        "from rummylib.gin import GinView\n"
        "from rummylib.indian import IndianView\n"
        "from rummylib.referee import View\n"
        "from rummylib.rummikub import RummikubView\n"
        "kinds: list[type[View]] = [RummikubView, RoundView, GinView, IndianView]\n"
        "class Partial:\n"
        "    viewer: int | None = 0\n"
        "    to_move: int | None = None\n"
        "    hand: tuple[()] = ()\n"
        "    hand_sizes: tuple[int, ...] = ()\n"
        "    is_over: bool = False\n"
        "    def to_json(self) -> dict[str, object]:\n"
        "        return {}\n"
        "wrong: type[View] = Partial\n"
    )
    (tmp_path / "views.py").write_text(source, encoding="utf-8")
    (tmp_path / "mypy.ini").write_text("[mypy]\nstrict = true\n", encoding="utf-8")
    stdout, _, _ = mypy.run(
        [
            "--no-incremental",
            "--follow-imports=silent",
            "--config-file",
            str(tmp_path / "mypy.ini"),
            str(tmp_path / "views.py"),
        ]
    )
    errors = [line for line in stdout.splitlines() if ": error:" in line]
    assert len(errors) == 1 and "views.py:15:" in errors[0], stdout
