"""Draw the pictures the documentation uses, with rummylib itself.

Run ``python docs/gen_pictures.py`` after changing `rummylib.svg`; a test
(``tests/svg/test_svg_doc_assets.py``) checks that the committed files in ``docs/assets/`` are
exactly what this script draws.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

from rummylib import GIN_RUMMY, INDIAN_RUMMY, RUMMIKUB, SHANGHAI, svg

ASSETS = Path(__file__).resolve().parent / "assets"

PICTURES: dict[str, Callable[[], str]] = {
    # The tutorial: pieces and notation.
    "tiles.svg": lambda: svg.rack("k1 b5 y9 r13 r10 *"),
    "cards.svg": lambda: svg.rack("Ah 10d Jc Qh Ks *"),
    # The tutorial: checking a meld.
    "meld-run-joker.svg": lambda: svg.meld("r5 r6 *", rules=RUMMIKUB, labels=True),
    "meld-group-joker.svg": lambda: svg.meld("r7 b7 *", rules=RUMMIKUB, labels=True),
    "meld-wraps.svg": lambda: svg.meld("r12 r13 r1", rules=RUMMIKUB, labels=True),
    "meld-cards-run.svg": lambda: svg.meld("Jc Qc Kc Ac", rules=SHANGHAI, labels=True),
    # The tutorial: a table and a turn.
    "table.svg": lambda: svg.table("r3 r4 r5 r6 | k9 b9 y9 | b10 b11 b12 b13", rules=RUMMIKUB),
    "turn-legal.svg": lambda: svg.turn(
        "r3 r4 r5 r6 | k9 b9 y9 | b10 b11 b12 b13",
        "r7 r9 * k1",
        "r3 r4 r5 | r6 r7 * | k9 b9 y9 r9 | b10 b11 b12 b13",
        rules=RUMMIKUB,
        initial_meld_done=True,
    ),
    "turn-illegal.svg": lambda: svg.turn(
        "r3 r4 r5 r6 | k9 b9 y9",
        "r7 b2",
        "r3 r4 r5 | r6 r7 | k9 b9",
        rules=RUMMIKUB,
        initial_meld_done=True,
        width=560,
    ),
    # The tutorial: a Shanghai contract (round 2: one set of 3 and one run of 4).
    "contract-shanghai.svg": lambda: svg.table(["7h 7s 7d", "4c 5c 6c *"], rules=SHANGHAI),
    # Rules pages (offered to their authors): how jokers are read, aces, wild cards, Gin melds.
    "rummikub-sets.svg": lambda: svg.table("r7 b7 k7 | y3 y4 y5 y6 | r12 r13 r1", rules=RUMMIKUB),
    "rummikub-joker-readings.svg": lambda: svg.table("r5 r6 * | * r5 r6 | * * r13 | r13 * *", rules=RUMMIKUB),
    "shanghai-aces.svg": lambda: svg.table("Ac 2c 3c 4c | Jc Qc Kc Ac | Kc Ac 2c 3c", rules=SHANGHAI, width=720),
    "indian-wild-fives.svg": lambda: svg.table(
        "4s 5s 6s | 7h 5d 9h | Qc Qd 5c", rules=INDIAN_RUMMY.with_options({"wild_ranks": ["5"]})
    ),
    "gin-melds.svg": lambda: svg.table(["Ah 2h 3h", "9c 9d 9s", "Qh Kh Ah"], rules=GIN_RUMMY),
}
"""Each file name in ``docs/assets/`` and the function that draws it."""


def main() -> int:
    """Write every picture; print the names written."""
    ASSETS.mkdir(exist_ok=True)
    for name, draw in PICTURES.items():
        (ASSETS / name).write_text(draw() + "\n", encoding="utf-8")
        print(f"wrote docs/assets/{name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
