"""Instructions of a cold `validate_turn` on a table of about 90 tiles, for valgrind's callgrind.

Run twice under callgrind, with 0 and with N turns, and subtract (the setup cancels out):

    valgrind --tool=callgrind --callgrind-out-file=/dev/null python benchmarks/count_first_sight.py 0
    valgrind --tool=callgrind --callgrind-out-file=/dev/null python benchmarks/count_first_sight.py 20

(the total is the ``Collected`` line). Instruction counts do not move with the load of the machine.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_turn

from rummylib import RUMMIKUB, Meld
from rummylib.rummikub import clear_caches, validate_turn
from rummylib.table import Table


def main() -> None:
    turns = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    before, rack, after = bench_turn._turn(0, 95)
    old, new = Table(Meld(m) for m in before), Table(Meld(m) for m in after)
    assert validate_turn(old, rack, new, rules=RUMMIKUB, initial_meld_done=True).valid
    for _ in range(turns):
        clear_caches()
        validate_turn(old, rack, new, rules=RUMMIKUB, initial_meld_done=True)
    print(sum(len(m) for m in new.melds), "tiles,", len(new.melds), "sets,", turns, "cold turns")


if __name__ == "__main__":
    main()
