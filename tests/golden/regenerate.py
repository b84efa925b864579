"""Write the golden playthroughs: ``python tests/golden/regenerate.py`` (from the project's root).

One JSON file per referee state type (and per contract game: Contract Rummy and Shanghai), each a
seeded deal played by a seeded random player that picks among ``legal_actions()``. Each of the
first `RECORDED` decisions records every seat's view (``view(seat).to_json()``), every seat's
legal actions (as JSON), the seat to move, the action applied and a digest of the state's save;
the play then goes on unrecorded to the end (at most `MAX_STEPS` decisions), where the views, the
result and the whole save are recorded again. The save at the deal is kept whole too, so that a
renamed save field shows by name.

``tests/golden/test_golden.py`` replays each file's actions and compares everything, step by
step: a renamed key or a changed value is a test failure naming the file, the step and the key.
Regenerate only when a change of the views, the saves or the rules is meant, and say so in the
changelog.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rummylib import CONTRACT_RUMMY, GIN_RUMMY, INDIAN_RUMMY, RUMMIKUB, SHANGHAI
from rummylib.contracts import ContractGame, ContractRound
from rummylib.gin import GinGame, GinHand
from rummylib.indian import IndianDeal, IndianGame
from rummylib.referee import action_to_json
from rummylib.rummikub import RummikubGame

HERE = Path(__file__).resolve().parent
RECORDED = 60
"""Decisions recorded in full from the deal."""
MAX_STEPS = 3000
"""Decisions played at most (a random player seldom goes out in a contract game)."""

CASES: dict[str, Callable[[], Any]] = {
    "rummikub-game": lambda: RummikubGame.deal(rules=RUMMIKUB, players=3, seed=1),
    "contract-round": lambda: ContractRound.deal(
        rules=CONTRACT_RUMMY.with_options({"max_reshuffles": 1}), players=3, seed=1
    ),
    "shanghai-round": lambda: ContractRound.deal(rules=SHANGHAI, players=4, seed=2, round_number=3, dealer=1),
    "contract-game": lambda: ContractGame.deal(
        rules=CONTRACT_RUMMY.with_options({"max_reshuffles": 0}), players=2, seed=3
    ),
    "shanghai-game": lambda: ContractGame.deal(rules=SHANGHAI.with_options({"max_reshuffles": 0}), players=3, seed=4),
    "gin-hand": lambda: GinHand.deal(rules=GIN_RUMMY, seed=5),
    "gin-game": lambda: GinGame.deal(rules=GIN_RUMMY, seed=6),
    "indian-deal": lambda: IndianDeal.deal(rules=INDIAN_RUMMY.with_options({"max_reshuffles": 1}), players=3, seed=7),
    "indian-game": lambda: IndianGame.deal(
        rules=INDIAN_RUMMY.with_options({"indian_format": "pool", "max_reshuffles": 1}), players=2, seed=8
    ),
}
"""Each golden file's name and the deal it starts from."""


def choose(state: Any, rng: random.Random) -> Any:
    """The random player's choice among ``state.legal_actions()``.

    It knocks in Gin when it may, and in Indian Rummy declares when a declaration is valid and
    never drops or declares wrongly (else a deal would end at once); any other choice is random.
    """
    legal = state.legal_actions()
    knocks = [a for a in legal if a.kind == "knock"]
    if knocks:
        return rng.choice(knocks)
    if isinstance(state, IndianDeal | IndianGame):
        valid = [a for a in legal if a.kind == "declare" and state.judge_declaration(a)]
        if valid:
            return rng.choice(valid)
        legal = tuple(a for a in legal if a.kind not in ("drop", "declare"))
    return rng.choice(legal)


def digest(data: Any) -> str:
    """A short digest of JSON data (keys sorted)."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def seen(state: Any) -> dict[str, Any]:
    """What every seat sees and may do now: views, legal actions, the seat to move, the save's digest."""
    seats = range(state.players)
    return {
        "to_move": state.to_move,
        "is_over": state.is_over,
        "views": [state.view(seat).to_json() for seat in seats],
        "legal": [[action_to_json(a) for a in state.legal_actions(seat)] for seat in seats],
        "save_digest": digest(state.to_json()),
    }


def play(name: str, actions: list[Any] | None = None) -> dict[str, Any]:
    """The playthrough of ``name``: chosen by the seeded random player, or replaying ``actions`` (JSON)."""
    state = CASES[name]()
    rng = random.Random(f"golden/{name}")
    out: dict[str, Any] = {
        "name": name,
        "type": state.SAVE_TYPE,
        "players": state.players,
        "start_save": state.to_json(),
        "steps": [],
        "actions": [],
    }
    step = 0
    while not state.is_over and step < MAX_STEPS and (actions is None or step < len(actions)):
        if actions is None:
            action = choose(state, rng)
        else:
            action = type(state).action_from_json(actions[step])
        if step < RECORDED:
            out["steps"].append({"step": step, **seen(state), "action": action_to_json(action)})
        out["actions"].append(action_to_json(action))
        state = state.apply(action)
        step += 1
    out["end"] = {
        "step": step,
        **seen(state),
        "result": state.result().to_json() if state.is_over else None,
        "save": state.to_json(),
    }
    return out


def write(name: str) -> Path:
    """Play ``name`` afresh and write its file."""
    path = HERE / f"{name}.json"
    path.write_text(json.dumps(play(name), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return path


def main() -> int:
    for name in CASES:
        path = write(name)
        print(f"wrote {path.name}: {path.stat().st_size:,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
