"""``rummylib points`` and ``rummylib score``: what hands cost, and the scores of a finished game."""

from __future__ import annotations

import argparse

from rummylib.cli._args import read_rules
from rummylib.cli._output import EXIT_VALID, Out, emit_json
from rummylib.contracts import score_contract_round
from rummylib.errors import RequestError
from rummylib.gin import score_hand
from rummylib.indian import score_deal
from rummylib.notation import parse_pieces
from rummylib.registry import hand_cost
from rummylib.rules import ScoringScheme
from rummylib.rummikub import (
    score_rummikub,
)


def cmd_points(args: argparse.Namespace, out: Out) -> int:
    """``rummylib points``: what a hand left at the end costs."""
    rules = read_rules(args)
    hand = parse_pieces(args.hand, rules=rules)
    rules.check_piece_counts(hand, what="hand")
    cost = hand_cost(hand, rules=rules)
    if args.json:
        emit_json(out, {"points": cost.points})
    else:
        out.line(f"{cost.points} points  {out.dim(cost.how)}")
    return EXIT_VALID


def cmd_score(args: argparse.Namespace, out: Out) -> int:
    """``rummylib score``: the scores of a finished hand, round or game."""
    rules = read_rules(args)
    hands = [parse_pieces(h, rules=rules) for h in args.hands]
    if not hands:
        raise RequestError('give one hand (or rack) per player, in seat order; "" for an empty one')
    rules.check_piece_counts([p for h in hands for p in h], what="hands")
    scores: tuple[int, ...]
    if rules.scoring is ScoringScheme.RACK:
        scores = score_rummikub(hands, winner=args.winner, rules=rules)
    elif rules.scoring is ScoringScheme.CONTRACT:
        scores = score_contract_round(
            hands, rules=rules, out_in_one_turn=args.out_in_one_turn, joker_used=args.joker_used
        )
    elif rules.scoring is ScoringScheme.GIN:
        if len(hands) != 2:
            raise RequestError("gin: give the knocker's hand, then the defender's")
        result = score_hand(hands[0], hands[1], rules=rules, first_upcard=args.first_upcard)
        if args.json:
            emit_json(out, {"winner": result.winner, "kind": result.kind.value, "points": result.points})
        else:
            out.line(f"the {result.winner} scores {result.points} ({result.kind.value})")
        return EXIT_VALID
    else:
        if args.winner is None:
            raise RequestError("indian rummy: give --winner, the player who declared")
        scores = score_deal(hands, winner=args.winner, rules=rules)
    if args.json:
        emit_json(out, {"scores": list(scores)})
    else:
        width = max(len(str(s)) for s in scores)
        for i, (hand, score) in enumerate(zip(hands, scores, strict=True)):
            shown = " ".join(out.piece(p) for p in hand) or out.dim("(out)")
            out.line(f"  player {i}: {score:>{width}}  {shown}")
    return EXIT_VALID
