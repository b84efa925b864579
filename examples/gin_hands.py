"""Score a few Gin Rummy hands: least deadwood, knocks, lay-offs, gin, big gin and undercuts.

Run: ``python examples/gin_hands.py``
"""

from __future__ import annotations

from rummylib import GIN_RUMMY
from rummylib.gin import GinGameScore, deadwood, score_hand

HANDS: list[tuple[str, str, str]] = [
    ("knock, with lay-offs", "Ah 2h 3h 7c 7d 7s 9c 9d 9s Kd", "4h 5h Kc Qc Jc 2c 2d 3s 8s 8h"),
    ("gin", "Ah 2h 3h 7c 7d 7s 9c 9d 9s 9h", "Kc Kd Ks 4c 5c 6c 8h 8d 2s 3s"),
    ("undercut", "Ah 2h 3h 7c 7d 7s 9c 9d 9s Qd", "Kc Kd Ks 4c 5c 6c 10h Jh Qh As"),
    ("big gin (11 cards)", "Ah 2h 3h 4h 7c 7d 7s 9c 9d 9s 9h", "Kc Kd Ks 4c 5c 6c 8h 8d 2s 3s"),
    ("knocker's choice", "4s 5s 6s 7s 8s 8c 8d 8h Ah 2c", "9s Kc Qd 2d 3d 10h Jh 6c 6d 7d"),
]


def main() -> None:
    print("Least deadwood of an 11-card hand (after the draw):")
    r = deadwood("Ah 2h 3h 4h 7c 7d 7s 9c 9d Kd Qs", rules=GIN_RUMMY)
    melds = " | ".join(str(m) for m in r.melds)
    print(f"  melds {melds}; discard {r.discard}; deadwood {r.deadwood}\n")
    game = GinGameScore()
    for title, knocker, defender in HANDS:
        res = score_hand(knocker, defender, rules=GIN_RUMMY)
        laid = res.layoff_text or "none"
        print(f"{title}:")
        print(f"  knocker  {knocker}  (deadwood {res.knocker_deadwood})")
        print(f"  defender {defender}  (deadwood {res.defender_deadwood} after lay-offs: {laid})")
        print(f"  -> {res.winner} scores {res.points} ({res.kind.value})\n")
        if not game.is_over(rules=GIN_RUMMY):
            game = game.add(res, winner=0 if res.winner == "knocker" else 1, rules=GIN_RUMMY)
    print(f"Game totals (player 0 knocking every hand): {game.totals}, hands won {game.hands_won}")
    if game.is_over(rules=GIN_RUMMY):
        final = game.final_scores(rules=GIN_RUMMY)
        print(f"Player {game.winner(rules=GIN_RUMMY)} reached {GIN_RUMMY.game_target}; with the bonuses: {final}")


if __name__ == "__main__":
    main()
