"""Write the catalogue of problem codes in ``docs/reference/problem-codes.md`` from the code itself.

Each `RuleId` member's meaning is its attribute docstring in ``src/rummylib/errors.py``, grouped
by the section comments there. Each example below is Python that is *run* while the page is
written: the message shown is the one the library really gives, and the example must report the
code it illustrates. Run ``python docs/gen_problem_codes.py`` after adding a code; the test
``tests/docs_pages/test_docs_problem_codes.py`` fails while the page is stale or a code has no
example.
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path
from typing import Any

import rummylib
from rummylib import contracts, errors, gin, indian, rummikub

PAGE = Path(__file__).resolve().parent / "reference" / "problem-codes.md"
START = "<!-- generated problem codes begin here, written by docs/gen_problem_codes.py -->"
END = "<!-- generated problem codes end here -->"

_TURN = "validate_turn({}, rules={}, initial_meld_done={}).violations"

# code -> (game, Python expression giving violations)   for checks that return violations;
# code -> (game, None, situation in words)               for referee refusals (a game in play).
EXAMPLES: dict[str, tuple[str, str | None] | tuple[str, None, str]] = {
    # one meld
    "meld-empty": ("Rummikub", 'meld_violations("", rules=RUMMIKUB)'),
    "piece-not-in-game": ("Rummikub", 'meld_violations(Meld.parse("7h 7s 7d"), rules=RUMMIKUB)'),
    "no-natural-piece": ("Rummikub", 'meld_violations("* *", rules=RUMMIKUB)'),
    "group-too-small": ("Shanghai", 'meld_violations("7h 7s", rules=SHANGHAI)'),
    "group-too-large": ("Rummikub", 'meld_violations("r7 b7 k7 y7 *", rules=RUMMIKUB)'),
    "group-ranks-differ": ("Rummikub", 'meld_violations("r5 b6 k7", rules=RUMMIKUB)'),
    "group-colour-repeated": ("Rummikub", 'meld_violations("r7 r7 b7", rules=RUMMIKUB)'),
    "run-too-short": ("Rummikub", 'meld_violations("r5 r6", rules=RUMMIKUB)'),
    "run-too-long": ("Rummikub", 'meld_violations("r1 r2 r3 r4 r5 r6 r7 r8 r9 r10 r11 r12 r13 *", rules=RUMMIKUB)'),
    "mixed-suits": ("Contract Rummy", 'meld_violations("4c 5d 6c 7c", rules=CONTRACT_RUMMY)'),
    "run-duplicate-rank": ("Rummikub", 'meld_violations("r5 r6 r6 r7", rules=RUMMIKUB)'),
    "run-gap": ("Rummikub", 'meld_violations("r5 r9 *", rules=RUMMIKUB)'),
    "run-wraps": ("Rummikub", 'meld_violations("r12 r13 r1", rules=RUMMIKUB)'),
    "too-many-jokers": (
        "Shanghai, house rule",
        'meld_violations("8h * *", rules=SHANGHAI.with_options({"joker_ratio": True}))',
    ),
    "not-a-meld": ("Shanghai", 'meld_violations("3d Ad Ad", rules=SHANGHAI)'),
    # Rummikub turns
    "tile-alone": ("Rummikub", _TURN.format('"r1 r2 r3", "r4 k9", "r1 r2 r3 | k9"', "RUMMIKUB", True)),
    "table-tile-missing": (
        "Rummikub",
        _TURN.format('"k5 k6 k7 k8", "r1 r2 r3", "k5 k6 k7 | r1 r2 r3"', "RUMMIKUB", True),
    ),
    "tile-from-nowhere": ("Rummikub", _TURN.format('"r1 r2 r3", "r4", "r1 r2 r3 r4 r5"', "RUMMIKUB", True)),
    "no-tile-played": ("Rummikub", _TURN.format('"r1 r2 r3", "k1", "r1 r2 r3"', "RUMMIKUB", True)),
    "initial-meld-too-low": ("Rummikub", _TURN.format('"", "r1 r2 r3", "r1 r2 r3"', "RUMMIKUB", False)),
    "initial-meld-table-changed": (
        "Rummikub",
        _TURN.format('"r1 r2 r3 r4 r5 r6", "r7 k10 k11 k12", "r1 r2 r3 r4 r5 r6 r7 | k10 k11 k12"', "RUMMIKUB", False),
    ),
    "initial-meld-table-tile-used": (
        "Rummikub",
        _TURN.format('"r1 r2 r3 r4 r5 r6", "r7 k10 k11 k12", "r1 r2 r3 r4 r5 r6 r7 | k10 k11 k12"', "RUMMIKUB", False),
    ),
    "joker-set-broken": (
        "Rummikub, official joker rule",
        _TURN.format('"r3 r4 r5 * r7 r8", "r6", "r3 r4 r5 * | r6 r7 r8"', "REPLACE", True),
    ),
    "joker-not-replaced": (
        "Rummikub, official joker rule",
        _TURN.format('"r4 r5 r6 *", "k1 k2", "r4 r5 r6 | k1 k2 *"', "REPLACE", True),
    ),
    "freed-joker-misplaced": (
        "Rummikub, official joker rule",
        _TURN.format('"r5 r6 * | k9 b9 y9", "r7", "r5 r6 r7 | k9 b9 y9 *"', "REPLACE", True),
    ),
    # contracts, lay-offs, joker substitution
    "contract-meld-count": ("Shanghai", 'contract_violations(["7h 7s 7d"], round_number=1, rules=SHANGHAI)'),
    "contract-meld-kinds": (
        "Shanghai",
        'contract_violations(["7h 7s 7d", "8h 8s 8d"], round_number=2, rules=SHANGHAI)',
    ),
    "contract-set-size": (
        "Contract Rummy",
        'contract_violations(["7h 7s 7d 7c", "4c 5c 6c 7c"], round_number=2, rules=CONTRACT_RUMMY)',
    ),
    "contract-run-size": (
        "Shanghai",
        'contract_violations(["7h 7s 7d", "4c 5c 6c"], round_number=2, rules=SHANGHAI)',
    ),
    "contract-runs-continue": (
        "Shanghai",
        'contract_violations(["4c 5c 6c 7c", "8c 9c 10c Jc"], round_number=3, rules=SHANGHAI)',
    ),
    "contract-not-in-hand": (
        "Shanghai",
        'contract_violations(["7h 7s 7d", "8h 8s 8d"], round_number=1, rules=SHANGHAI, hand="7h 7s 7d 8h 8s 2c")',
    ),
    "contract-whole-hand": (
        "Contract Rummy",
        'contract_violations(["2c 3c 4c 5c", "6h 7h 8h 9h", "9s 10s Js Qs"], round_number=7, '
        'rules=CONTRACT_RUMMY, hand="2c 3c 4c 5c 6h 7h 8h 9h 9s 10s Js Qs Kd Kh")',
    ),
    "layoff-empty": ("Shanghai", 'layoff_violations("4c 5c 6c 7c", "", rules=SHANGHAI)'),
    "layoff-wrong-rank": ("Shanghai", 'layoff_violations("7h 7s 7d", "8h", rules=SHANGHAI)'),
    "layoff-wrong-suit": ("Contract Rummy", 'layoff_violations("4c 5c 6c 7c", "8h", rules=CONTRACT_RUMMY)'),
    "layoff-no-place": ("Shanghai", 'layoff_violations("4c 5c 6c 7c", "9c", rules=SHANGHAI)'),
    "layoff-joker-spot": ("Shanghai", 'layoff_violations("4c * 6c 7c", "5c", rules=SHANGHAI)'),
    "joker-swap-not-allowed": (
        "Contract Rummy, house rule",
        'substitution_violations("4c * 6c 7c", "5c", rules=CONTRACT_RUMMY.with_options({"joker_swap": "never"}), '
        "player_down=True)",
    ),
    "joker-swap-not-down": (
        "Contract Rummy",
        'substitution_violations("4c * 6c 7c", "5c", rules=CONTRACT_RUMMY, player_down=False)',
    ),
    "joker-dead-in-set": (
        "Contract Rummy",
        'substitution_violations("8h 8s *", "8d", rules=CONTRACT_RUMMY, player_down=True)',
    ),
    "joker-swap-no-joker": (
        "Contract Rummy",
        'substitution_violations("4c 5c 6c 7c", "5c", rules=CONTRACT_RUMMY, player_down=True)',
    ),
    "joker-swap-wrong-card": (
        "Contract Rummy",
        'substitution_violations("4c * 6c 7c", "9c", rules=CONTRACT_RUMMY, player_down=True)',
    ),
    # referees: refusals of an action in a game in play (the referees of each game package)
    "round-over": ("any referee", None, "any action after the round (or game) has ended."),
    "not-a-player": ("any referee", None, "an action for seat 5 at a table of four."),
    "not-your-turn": ("any referee", None, "player 2 draws while it is player 1's turn."),
    "wrong-phase": ("Contract Rummy", None, "a discard before the player has drawn, or a second draw."),
    "not-in-hand": ("Contract Rummy", None, "laying off the 9♣ when the player does not hold it."),
    "no-such-meld": ("Contract Rummy", None, "laying off on meld 7 when the table holds 4 melds."),
    "buying-off": ("Contract Rummy, house rule", None, "asking to buy the discard with `buying` switched off."),
    "buy-not-offered": ("Shanghai", None, "the player whose turn it is asks to buy the discard."),
    "buy-limit": ("Shanghai", None, "a fifth buy in one round (at most 4)."),
    "buyer-down": (
        "Shanghai, house rule",
        None,
        "a player who has met the contract asks to buy with `down_player_may_buy` off.",
    ),
    "buy-twice-running": ("Shanghai", None, "the player who bought the last discard asks to buy the next one too."),
    "buy-stock-short": ("Contract Rummy", None, "a buy when the stock cannot give the penalty card and the next draw."),
    "already-down": ("Contract Rummy", None, "laying down the contract a second time in one round."),
    "not-down": ("Contract Rummy", None, "a lay-off before the player has met the contract."),
    "layoff-same-turn": ("Shanghai", None, "laying off in the turn the contract is laid down."),
    "swapped-joker-unused": ("Shanghai", None, "ending the turn still holding a joker taken from the table."),
    "joker-swap-needs-contract": (
        "Shanghai, house rule",
        None,
        "a player not yet down takes a joker and ends the turn without meeting the contract.",
    ),
    "last-card-discard": ("Shanghai, house rule", None, "discarding the last card with `go_out_by_discard` off."),
    "discard-taken-card": (
        "Contract Rummy, house rule",
        None,
        "with `discard_taken_card` off, discarding the card taken from the discard pile in the same turn.",
    ),
    "knock-over-limit": (
        "Gin Rummy",
        'gin.knock_violations("Ah 2h 3h 9c 9d Kd Qs Js 10c 8c", rules=GIN_RUMMY)',
    ),
    "declaration-size": ("Indian Rummy", 'declaration_violations(["Ah 2h 3h"], rules=INDIAN_RUMMY)'),
    "too-few-sequences": (
        "Indian Rummy",
        'declaration_violations(["Ah 2h 3h", "4s 4d 4c", "7c 7d 7h", "Ks Kd Kc Kh"], rules=INDIAN_RUMMY)',
    ),
    "no-pure-sequence": (
        "Indian Rummy",
        'declaration_violations(["Ah * 3h", "4s * 6s", "7c 7d 7h", "Ks Kd Kc Kh"], rules=INDIAN_RUMMY)',
    ),
}
"""One example per code (see the module docs)."""


def _namespace() -> dict[str, Any]:
    names: dict[str, Any] = {name: getattr(rummylib, name) for name in rummylib.__all__}
    names.update(
        validate_turn=rummikub.validate_turn,
        contract_violations=contracts.contract_violations,
        layoff_violations=contracts.layoff_violations,
        substitution_violations=contracts.substitution_violations,
        declaration_violations=indian.declaration_violations,
        gin=gin,
        REPLACE=rummylib.RUMMIKUB.with_options({"joker_retrieval": "replace"}),
    )
    return names


def rule_ids() -> list[tuple[str, str, str]]:
    """``(section, code, meaning)`` for every `RuleId` member, in source order."""
    source = Path(errors.__file__).read_text(encoding="utf-8")
    tree = ast.parse(source)
    (cls,) = [n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "RuleId"]
    lines = source.splitlines()
    sections = {
        i + 1: m.group(1).strip()
        for i, line in enumerate(lines)
        if (m := re.match(r"\s*# -+ (.*?) -*$", line)) is not None
    }
    out = []
    section = ""
    body = cls.body
    for k, node in enumerate(body):
        if not (isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant)):
            continue
        for line_no in sorted(sections):
            if line_no < node.lineno:
                section = sections[line_no]
        doc = ""
        if k + 1 < len(body) and isinstance(body[k + 1], ast.Expr):
            value = getattr(body[k + 1], "value", None)
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                doc = " ".join(value.value.split())
        out.append((section, str(node.value.value), doc))
    return out


def _heading(section: str) -> str:
    return section[:1].upper() + section[1:]


def render() -> str:
    """The catalogue, as Markdown.

    Raises:
        KeyError: a code has no example.
        AssertionError: an example does not report its code.
    """
    names = _namespace()
    parts: list[str] = []
    current = None
    for section, code, meaning in rule_ids():
        if section != current:
            parts.append(f"## {_heading(section)}\n")
            current = section
        example = EXAMPLES[code]
        parts.append(f"### `{code}` {{#{code}}}\n")
        parts.append(f"{meaning}\n")
        game, call = example[0], example[1]
        if call is None:
            situation = example[2]  # type: ignore[misc]
            parts.append(f"*Example* ({game}): {situation}\n")
            continue
        found = [v for v in eval(call, names) if v.code == code]  # our own literal examples, run to check them
        assert found, f"the example for {code} does not report it: {call}"
        parts.append(f"*Example* ({game}):\n\n```text\n{call}\n→ {found[0]}\n```\n")
    return "\n".join(parts)


def main() -> int:
    """Rewrite the catalogue between the markers of the page."""
    page = PAGE.read_text(encoding="utf-8")
    head, rest = page.split(START)
    _, tail = rest.split(END)
    PAGE.write_text(f"{head}{START}\n\n{render()}\n{END}{tail}", encoding="utf-8")
    print(f"wrote {PAGE.name}: {len(rule_ids())} codes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
