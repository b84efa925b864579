"""How fast the Contract Rummy / Shanghai referee plays: whole bot games, `apply`, `legal_actions`.

Run: ``.venv/bin/python benchmarks/bench_contract_referee.py`` (about 20-40 s). Writes
``benchmarks/results/contract_referee.md``.
"""

from __future__ import annotations

import datetime
import importlib.util
import statistics
import sys
import time
from pathlib import Path
from types import ModuleType

from rummylib import CONTRACT_RUMMY, RuleSet
from rummylib.contracts import ContractGame, Phase

ROOT = Path(__file__).resolve().parents[1]
GAMES = 5


def load_bots() -> ModuleType:
    spec = importlib.util.spec_from_file_location("shanghai_bots", ROOT / "examples" / "shanghai_bots.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def run(rules: RuleSet, players: int, bots: ModuleType) -> dict[str, float]:
    game_times: list[float] = []
    apply_times: list[float] = []
    legal_times: list[float] = []
    actions = 0
    for seed in range(GAMES):
        start = time.perf_counter()
        game = ContractGame.deal(rules=rules, players=players, seed=seed)
        while not game.is_over:
            state = game.round
            if state.phase is Phase.PLAY:
                t = time.perf_counter()
                state.legal_actions()
                legal_times.append(time.perf_counter() - t)
            action = bots.choose(state)
            t = time.perf_counter()
            game = game.apply(action)
            apply_times.append(time.perf_counter() - t)
            actions += 1
        game_times.append(time.perf_counter() - start)
    return {
        "game_s": statistics.median(game_times),
        "actions": actions / GAMES,
        "apply_us": statistics.median(apply_times) * 1e6,
        "legal_ms": statistics.median(legal_times) * 1e3,
        "legal_p95_ms": statistics.quantiles(legal_times, n=20)[-1] * 1e3,
    }


def main() -> None:
    bots = load_bots()
    rows = [
        ("Shanghai, 4 bots, 10 rounds", bots.RULES, 4),
        ("Contract Rummy, 4 bots, 7 rounds", CONTRACT_RUMMY.with_options({"max_reshuffles": 1}), 4),
    ]
    lines = [
        "# Contract-game referee",
        "",
        f"`{Path(sys.executable).name} benchmarks/bench_contract_referee.py`, {datetime.date.today()}, "
        f"{GAMES} seeded games each, the bots of `examples/shanghai_bots.py` (house rule `max_reshuffles=1`). "
        "Wall-clock times on a shared 2-core machine; a game's time includes the extra `legal_actions` calls timed.",
        "",
        "| game | actions per game | median game (s) | median `apply` (µs) | median `legal_actions` in play (ms) | p95 (ms) |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for name, rules, players in rows:
        r = run(rules, players, bots)
        lines.append(
            f"| {name} | {r['actions']:.0f} | {r['game_s']:.2f} | {r['apply_us']:.0f} | {r['legal_ms']:.2f} "
            f"| {r['legal_p95_ms']:.2f} |"
        )
    text = "\n".join(lines) + "\n"
    print(text)
    out = ROOT / "benchmarks" / "results" / "contract_referee.md"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
