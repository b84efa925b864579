"""A hint button: the best play for a Rummikub position, and what it changes on the table.

Run it with no arguments: ``python examples/solver_hint.py``.
"""

from __future__ import annotations

from rummylib import RUMMIKUB
from rummylib.rummikub import playable_tiles, solve

TABLE = "r3 r4 r5 r6 | k7 b7 y7 | b10 b11 b12"
RACK = "r7 b9 k8 y2 y3 *"


def main() -> None:
    print(f"table: {TABLE}")
    print(f"rack:  {RACK}")
    lit = playable_tiles(TABLE, RACK, rules=RUMMIKUB, initial_meld_done=True)
    print("tiles you could play on their own:", " ".join(str(p) for p in lit) or "none")
    for objective in ("tiles", "value", "fewest_changes"):
        hint = solve(TABLE, RACK, rules=RUMMIKUB, initial_meld_done=True, objective=objective)
        played = " ".join(str(p) for p in hint.played) or "nothing (draw a tile)"
        print(
            f"\n[{objective}] play {played}: {hint.tiles_placed} tiles, {hint.value_placed} points, "
            f"{hint.changed_sets} table set(s) changed"
        )
        for meld in hint.table_after:
            print(f"    {meld}")
    first = solve("", RACK, rules=RUMMIKUB, initial_meld_done=False)
    print(f"\nas an initial meld: {first.tiles_placed} tiles")


if __name__ == "__main__":
    main()
