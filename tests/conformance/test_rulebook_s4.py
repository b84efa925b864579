"""docs/rules/gin-rummy.md (Gin Rummy), sentence by sentence, through ``rummylib batch`` and the Python API."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from rummylib import format_pieces, parse_pieces, piece_sort_key
from rummylib import rules as R
from rummylib.batch import handle_request
from rummylib.errors import RummyError
from rummylib.gin import DrawStock, GinHand, Knock, deadwood, knock_limit, score_game

G = "gin_rummy"
GR = R.GIN_RUMMY


def call(op: str, **fields: Any) -> dict[str, Any]:
    return handle_request({"op": op, "game": G, **fields})


def score(knocker: str, defender: str, **kw: Any) -> dict[str, Any]:
    return summary(call("score", hands=[knocker, defender], knocker=0, **kw))


def summary(answer: dict[str, Any]) -> dict[str, Any]:
    """A Gin ``score`` answer told from the knocker's side: who won, how, the points, the cards laid off."""
    if "error" in answer:
        return answer
    assert answer["scores"][answer["winner"]] == answer["points"]
    laid = format_pieces(sorted(parse_pieces(" ".join(lo["card"] for lo in answer["layoffs"])), key=piece_sort_key))
    return {
        "winner": "knocker" if answer["winner"] == 0 else "defender",
        "kind": answer["kind"],
        "points": answer["points"],
        "layoffs": laid,
    }


def test_two_players_one_deck_no_jokers_ten_cards() -> None:
    """'2 players, one 52-card deck, no jokers, 10 cards each.'"""
    hand = GinHand.deal(rules=GR, seed=4)
    assert [len(h) for h in hand.hands] == [10, 10]
    everything = hand.all_pieces()
    assert len(everything) == 52 and len(everything.distinct()) == 52
    assert all(str(c) != "*" for c in everything)
    assert call("points", hand="*")["error"]["code"] == "bad-notation"
    assert call("deadwood", hand="Ah Ah 2h")["error"]["code"] == "too-many-copies"


@pytest.mark.parametrize(("text", "valid"), [("Ah 2h 3h", True), ("Qh Kh Ah", False), ("Kh Ah 2h", False)])
def test_ace_low_only(text: str, valid: bool) -> None:
    """'Ace is low only (Ah 2h 3h is a run, Qh Kh Ah is not).'"""
    assert call("meld", meld=text)["valid"] is valid


def test_ace_low_only_in_deadwood() -> None:
    """'Qh Kh Ah is not' a run: all three count as deadwood (21)."""
    assert call("deadwood", hand="Qh Kh Ah") == {"deadwood": 21, "melds": [], "discard": None}


@pytest.mark.parametrize(
    ("text", "valid"),
    [("7h 7s 7d", True), ("7h 7s 7d 7c", True), ("7h 7s", False), ("4c 5c 6c", True), ("4c 5c 6c 7c 8c", True)],
)
def test_sets_3_or_4_runs_3_or_more(text: str, valid: bool) -> None:
    """'a set is 3 or 4 cards of one rank; a run is 3 or more cards of one suit in sequence.'"""
    assert call("meld", meld=text)["valid"] is valid


@pytest.mark.parametrize(("hand", "points"), [("Kd Qs Jc 10h", 40), ("Ah", 1), ("2c 9d", 11)])
def test_deadwood_values(hand: str, points: int) -> None:
    """'counted J Q K 10, ace 1, others face value'."""
    assert call("points", hand=hand) == {"points": points}
    assert call("deadwood", hand=hand)["deadwood"] == points


def test_deadwood_least_over_every_split() -> None:
    """'a hand's deadwood is the least over every way of splitting it into disjoint melds.'"""
    # 7h can go in the run 5h-6h-7h (34 left) or the set of 7s (31 left).
    answer = call("deadwood", hand="5h 6h 7h 7d 7c 8h 8d 8c Kd Qs")
    assert answer["deadwood"] == 31
    answer = call("deadwood", hand="3h 4h 5h 6h 3d 3c 9s 9d 9c Kd")
    assert answer["deadwood"] == 10
    assert sorted(answer["melds"]) == ["3c 3d 3h", "4h 5h 6h", "9c 9d 9s"]


def test_deadwood_eleven_cards_best_discard() -> None:
    """An 11-card hand: the deadwood after the best discard, and that discard."""
    answer = call("deadwood", hand="Ah 2h 3h 4s 4d 4c 9c 9d Kc Qs Jd")
    assert answer["deadwood"] == 38 and answer["discard"] in {"Kc", "Qs", "Jd"}


@pytest.mark.parametrize(("limit", "ok"), [(None, True), (10, True), (9, False)])
def test_knock_limit(limit: int | None, ok: bool) -> None:
    """'A player may knock with deadwood of 10 or less (option knock_limit)'."""
    rules = {} if limit is None else {"knock_limit": limit}
    answer = score("Ah 2h 3h 4s 4d 4c 7c 7d 7s Jc", "Kc Kd Ks Qh Qs Qd Jh 2c 9s 5d", rules=rules)
    if ok:
        assert answer == {"winner": "knocker", "kind": "knock", "points": 16, "layoffs": ""}
    else:
        assert answer["error"]["code"] == "knock-over-limit"


def test_over_the_limit_is_an_error() -> None:
    """'a knocker over the knock limit is an error.'"""
    answer = score("Ah 2h 3h 4s 4d 4c 7c 7d Jc Qd", "Kc Kd Ks Qh Qs Jd Jh 2c 9s 5d")
    assert answer["error"]["code"] == "knock-over-limit"


def test_knock_scores_difference_after_lay_offs() -> None:
    """'knocker gets the difference in deadwood', comparing 'after the lay-offs'."""
    answer = score("Ah 2h 3h 4s 4d 4c 7c 7d 7s 5c", "Kc Kd Ks Qh Qs Qd Jh Jc 4h 9c")
    assert answer == {"winner": "knocker", "kind": "knock", "points": 24, "layoffs": "4h"}
    plain = score("Ah 2h 3h 4s 4d 4c 7c 7d 7s 5c", "Kc Kd Ks Qh Qs Qd Jh Jc 9d 9c")
    assert plain == {"winner": "knocker", "kind": "knock", "points": 33, "layoffs": ""}


def test_gin_bonus_25_and_no_lay_offs_after_gin() -> None:
    """'with 0 it is gin'; '(not after gin)'; 'gin: the other player's deadwood plus a bonus of 25'."""
    answer = score("Ah 2h 3h 4s 4d 4c 7c 7d 7s 7h", "Kc Kd Ks Qh Qs Qd Jh Jc 4h 9c")
    assert answer == {"winner": "knocker", "kind": "gin", "points": 25 + 33, "layoffs": ""}


@pytest.mark.parametrize(
    ("knocker", "defender", "points"),
    [
        ("Ah 2h 3h 4s 4d 4c 7c 7d 7s 2c", "Kc Kd Ks Qh Qs Qd Jh Jc Jd As", 1 + 25),
        ("Ah 2h 3h 4s 4d 4c 7c 7d 7s 2c", "Kc Kd Ks Qh Qs Qd Jh Jc Jd 2s", 0 + 25),
        ("Ah 2h 3h 4s 4d 4c 7c 7d 7s 3c", "Kc Kd Ks Qh Qs Qd Jh Jc Jd 4h", 3 + 25),
    ],
)
def test_undercut_equal_or_lower(knocker: str, defender: str, points: int) -> None:
    """'if the other player's deadwood is equal or lower, they undercut: the difference plus 25'."""
    answer = score(knocker, defender)
    assert (answer["winner"], answer["kind"], answer["points"]) == ("defender", "undercut", points)


def test_big_gin_31() -> None:
    """'big gin (all 11 cards melded after the draw, no discard) scores the other player's deadwood plus 31.'"""
    answer = score("Ah 2h 3h 4h 4d 4c 4s 7c 7d 7s 7h", "Kc Kd Ks Qh Qs Qd Jh Jc 5h 9c")
    assert answer == {"winner": "knocker", "kind": "big_gin", "points": 34 + 31, "layoffs": ""}


def test_bonus_options() -> None:
    """'Score (standard values, options)'."""
    rules = {"gin_bonus": 20, "undercut_bonus": 10, "big_gin_bonus": 50}
    assert score("Ah 2h 3h 4s 4d 4c 7c 7d 7s 7h", "Kc Kd Ks Qh Qs Qd Jh Jc 5h 9c", rules=rules)["points"] == 54
    assert score("Ah 2h 3h 4s 4d 4c 7c 7d 7s 2c", "Kc Kd Ks Qh Qs Qd Jh Jc Jd As", rules=rules)["points"] == 11
    assert score("Ah 2h 3h 4h 4d 4c 4s 7c 7d 7s 7h", "Kc Kd Ks Qh Qs Qd Jh Jc 5h 9c", rules=rules)["points"] == 84


def test_knocker_melds_tie_taken_the_way_best_for_knocker() -> None:
    """'Where the knocker's cards can be melded in several ways with the same least deadwood, ... best for the knocker'.

    A♥2♥3♥ A♦2♦3♦ A♠2♠3♠ is three runs or three sets; as sets the defender's 4♥ 4♦ lay off on nothing.
    """
    answer = score("Ah 2h 3h Ad 2d 3d As 2s 3s 9c", "4h 4d Kc Kd Qc Qd Jh 10c 6c 8s")
    assert answer == {"winner": "knocker", "kind": "knock", "points": 82 - 9, "layoffs": ""}


def test_game_target_and_higher_score_wins() -> None:
    """'The game ends when a player reaches the target (seed: 100, selectable 100–500); the higher score wins.'"""
    g = score_game([(0, 60), (1, 30)], rules=GR)
    assert not g.is_over(rules=GR)
    g = score_game([(0, 60), (1, 30), (1, 75)], rules=GR)
    assert g.is_over(rules=GR) and g.winner(rules=GR) == 1
    r250 = GR.with_options({"game_target": 250})
    assert not score_game([(0, 200)], rules=r250).is_over(rules=r250)


@pytest.mark.parametrize("target", [50, 501])
def test_game_target_selectable_100_to_500(target: int) -> None:
    """'selectable 100–500'."""
    with pytest.raises(RummyError):
        GR.with_options({"game_target": target})


def test_gin_only_variant() -> None:
    """'*gin only* (no knocking below gin)'."""
    answer = score("Ah 2h 3h 4s 4d 4c 7c 7d 7s 2c", "Kc Kd Ks Qh Qs Qd Jh Jc 9d 9c", rules={"gin_only": True})
    assert answer["error"]["code"] == "knock-over-limit"
    gin = score("Ah 2h 3h 4s 4d 4c 7c 7d 7s 7h", "Kc Kd Ks Qh Qs Qd Jh Jc 5h 9c", rules={"gin_only": True})
    assert gin["kind"] == "gin"


@pytest.mark.parametrize(("upcard", "limit"), [("5c", 5), ("Kd", 10), ("10h", 10), ("Ac", 0), ("2s", 2)])
def test_oklahoma_upcard_sets_knock_limit(upcard: str, limit: int) -> None:
    """'*Oklahoma* (the first upcard's value sets the knock limit; an ace upcard means gin only)'."""
    assert knock_limit(rules=GR.with_options({"oklahoma": True}), first_upcard=upcard) == limit


def test_oklahoma_spade_doubles_and_limit_through_batch() -> None:
    """'a spade upcard doubles the hand's score.'"""
    rules = {"oklahoma": True}
    k, d = "Ah 2h 3h 4s 4d 4c 7c 7d 7s 5c", "Kc Kd Ks Qh Qs Qd Jh Jc 9d 9c"
    assert score(k, d, rules=rules, first_upcard="6c")["points"] == 33
    assert score(k, d, rules=rules, first_upcard="6s")["points"] == 66
    assert score(k, d, rules=rules, first_upcard="4c")["error"]["code"] == "knock-over-limit"


def test_deadwood_python_api_agrees_with_batch() -> None:
    """The Python API gives the same least deadwood."""
    assert deadwood("Ah 2h 3h 4s 4d 4c 9c 9d Kc Qs", rules=GR).deadwood == 38


def _hand(knocker: str, defender: str, draw: str) -> GinHand:
    from rummylib.notation import parse_pieces

    base = GinHand.deal(rules=GR, seed=2, dealer=1)
    cards = lambda s: tuple(parse_pieces(s, rules=GR))  # noqa: E731
    return attrs.evolve(base, hands=(cards(knocker), cards(defender)), stock=cards(draw + " 2d 3d"), to_move=0)


def test_referee_knock_within_limit_and_gin() -> None:
    """Referee: a knock over the limit is refused; a knock within it ends the hand with the Gin score."""
    h = _hand("Ah 2h 3h 4s 4d 4c 7c 7d Kc 5c", "Kd Ks Qh Qs Qd Jh Jc 9d 9c 8s", "7s").apply(DrawStock(0))
    with pytest.raises(RummyError):
        h.apply(Knock(0, "7s"))  # would leave 29 deadwood
    done = h.apply(Knock(0, "Kc"))  # leaves 5c: 5
    assert done.is_over and done.round_result is not None and done.round_result.points == 66 - 5
    big = _hand("Ah 2h 3h 4h 4d 4c 4s 7c 7d 7s", "Kd Ks Qh Qs Qd Jh Jc 9d 9c 8s", "7h").apply(DrawStock(0))
    over = big.apply(Knock(0))
    assert (
        over.round_result is not None
        and over.round_result.kind.value == "big_gin"
        and over.round_result.points == 66 + 31
    )


# --- The whole Gin score against an independent brute-force oracle ------------------------------------

_R = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
_MeldT = tuple[str, frozenset[str]]


def _rank(c: str) -> int:
    return _R.index(c[:-1]) + 1


def _value(c: str) -> int:
    return min(_rank(c), 10)


def _melds_in(hand: list[str]) -> list[_MeldT]:
    import itertools

    have = set(hand)
    out: list[_MeldT] = []
    by_rank: dict[int, list[str]] = {}
    for c in hand:
        by_rank.setdefault(_rank(c), []).append(c)
    for cs in by_rank.values():
        for k in (3, 4):
            out.extend(("set", frozenset(comb)) for comb in itertools.combinations(cs, k))
    for suit in "cdhs":
        for lo in range(1, 12):
            for hi in range(lo + 2, 14):
                run = [_R[i - 1] + suit for i in range(lo, hi + 1)]
                if all(c in have for c in run):
                    out.append(("run", frozenset(run)))
    return out


def _arrangements(hand: list[str]) -> tuple[int, list[list[_MeldT]]]:
    """Least deadwood (ace low only, J Q K 10) and every arrangement that reaches it."""
    melds = _melds_in(hand)
    best: list[Any] = [10**9, []]

    def dfs(i: int, used: frozenset[str], chosen: list[_MeldT]) -> None:
        dw = sum(_value(c) for c in hand if c not in used)
        if dw < best[0]:
            best[0], best[1] = dw, [list(chosen)]
        elif dw == best[0]:
            best[1].append(list(chosen))
        for j in range(i, len(melds)):
            if not melds[j][1] & used:
                chosen.append(melds[j])
                dfs(j + 1, used | melds[j][1], chosen)
                chosen.pop()

    dfs(0, frozenset(), [])
    return best[0], best[1]


def _extends(meld: _MeldT, cards: list[str]) -> bool:
    kind, cs = meld
    if kind == "set":
        rank = _rank(next(iter(cs)))
        return all(_rank(c) == rank for c in cards) and len(cs) + len(cards) <= 4
    suit = next(iter(cs))[-1]
    ranks = sorted([_rank(c) for c in cs] + [_rank(c) for c in cards])
    return all(c[-1] == suit for c in cards) and ranks == list(range(ranks[0], ranks[0] + len(ranks)))


def _defender_least(arrangement: list[_MeldT], defender: list[str]) -> int:
    import itertools

    candidates = [
        c
        for c in defender
        if any(_extends(m, [c]) or (m[0] == "run" and c[-1] in {x[-1] for x in m[1]}) for m in arrangement)
    ]
    best = _arrangements(defender)[0]
    for choice in itertools.product(*[[None, *range(len(arrangement))] for _ in candidates]):
        groups: dict[int, list[str]] = {}
        for card, target in zip(candidates, choice, strict=True):
            if target is not None:
                groups.setdefault(target, []).append(card)
        if groups and all(_extends(arrangement[i], g) for i, g in groups.items()):
            laid = {c for g in groups.values() for c in g}
            best = min(best, _arrangements([c for c in defender if c not in laid])[0])
    return best


def _oracle(knocker: list[str], defender: list[str]) -> tuple[str, str, int] | None:
    k, arrangements = _arrangements(knocker)
    if k > 10:
        return None
    if k == 0:
        return ("knocker", "gin", _arrangements(defender)[0] + 25)
    outcomes = []
    for arrangement in arrangements:
        d = _defender_least(arrangement, defender)
        outcomes.append(("defender", "undercut", k - d + 25) if d <= k else ("knocker", "knock", d - k))
    return max(outcomes, key=lambda o: o[2] if o[0] == "knocker" else -o[2])


def test_score_agrees_with_brute_force_oracle() -> None:
    """Knock, gin, undercut, best lay-offs after the knock and the knocker's best melding, on 150 hands."""
    import random

    rng = random.Random(11)
    deck = [r + s for r in _R for s in "cdhs"]
    checked = 0
    while checked < 150:
        hand: set[str] = set()
        for _ in range(rng.choice([2, 3])):
            if rng.random() < 0.5:
                r = rng.choice(_R)
                hand |= set(rng.sample([r + s for s in "cdhs"], 3))
            else:
                s, lo = rng.choice("cdhs"), rng.randint(1, 10)
                hand |= {_R[i - 1] + s for i in range(lo, min(13, lo + rng.randint(2, 4)) + 1)}
        knocker = sorted(hand)[:10]
        rest = [c for c in deck if c not in knocker]
        while len(knocker) < 10:
            card = rng.choice([c for c in rest if _value(c) <= 4] or rest)
            knocker.append(card)
            rest.remove(card)
        near = [
            c
            for c in rest
            if any(abs(_rank(c) - _rank(x)) <= 1 and (c[-1] == x[-1] or _rank(c) == _rank(x)) for x in knocker)
        ]
        take = min(len(near), rng.randint(2, 6))
        defender = rng.sample(near, take)
        defender += rng.sample([c for c in rest if c not in defender], 10 - take)
        expected = _oracle(knocker, defender)
        if expected is None:
            continue
        checked += 1
        answer = score(" ".join(knocker), " ".join(defender))
        assert (answer["winner"], answer["kind"], answer["points"]) == expected, (knocker, defender, answer)
