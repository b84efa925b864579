"""docs/batch.md: the action forms list every action of every referee, and the Gin transcript is true."""

from __future__ import annotations

import json
import re
import runpy
from pathlib import Path
from typing import Any

from rummylib.batch import handle_line
from rummylib.referee import action_from_json
from rummylib.registry import FAMILIES

DOCS = Path(__file__).resolve().parents[2] / "docs"
GEN: dict[str, Any] = runpy.run_path(str(DOCS / "gen_batch_sessions.py"))
PAGE = (DOCS / "batch.md").read_text(encoding="utf-8")


def _section(start: str, end: str) -> str:
    return PAGE.split(start)[1].split(end)[0]


ACTIONS = _section(GEN["ACTIONS_START"], GEN["ACTIONS_END"])
GAME = _section(GEN["GAME_START"], GEN["GAME_END"])


def test_action_forms_are_what_the_generator_writes() -> None:
    assert ACTIONS.strip() == GEN["render_actions"]().strip(), "run: python docs/gen_batch_sessions.py"


def test_every_action_of_every_referee_is_listed() -> None:
    """The page names every kind of every registered family with a referee, under its title."""
    blocks = dict(re.findall(r"^### (.+?)\n(.*?)(?=^### |\Z)", ACTIONS, flags=re.MULTILINE | re.DOTALL))
    with_referees = [f for f in FAMILIES if f.states]
    assert set(blocks) == {f.title for f in with_referees}
    for found in with_referees:
        block = blocks[found.title]
        rows = re.findall(r"^\| `([a-z-]+)` \|", block, flags=re.MULTILINE)[1:]  # under the header row
        assert rows == [str(cls.kind) for cls in found.actions]  # type: ignore[attr-defined]
        for cls in found.states:
            assert f"`{cls.SAVE_TYPE}`" in block
        examples = [json.loads(line) for line in block.split("```json\n")[1].split("```")[0].splitlines()]
        assert [e["action"] for e in examples] == rows
        for example in examples:
            # each example is a form the family's referees read back as it is written
            action = action_from_json(example, found.actions)
            assert type(action).kind == example["action"]  # type: ignore[attr-defined]


def _lines() -> list[tuple[str, str]]:
    body = GAME.split("```text\n")[1].split("```")[0]
    lines = body.splitlines()
    assert len(lines) % 2 == 0 and len(lines) >= 8
    pairs = []
    for request, answer in zip(lines[::2], lines[1::2], strict=True):
        assert request.startswith("→ ") and answer.startswith("← ")
        pairs.append((request[2:], answer[2:]))
    return pairs


def test_the_gin_transcript_is_what_the_ops_answer() -> None:
    """Replay the requests on the page, each with the state of the last answer that had one, and
    compare every answer (its state shown as on the page) with the page."""
    elided = GEN["ELIDED"]
    state: Any = None
    answers = []
    for request_text, answer_text in _lines():
        request = json.loads(request_text.replace(elided, '"STATE"'))
        if request.get("state") == "STATE":
            request["state"] = state
        answer = handle_line(json.dumps(request))
        answers.append(answer)
        assert GEN["_shown"](answer) == answer_text, f"request {request['id']} is answered otherwise"
        if "state" in answer:
            state = answer["state"]
    assert answers[0]["state"]["type"] == "gin-hand"
    assert answers[1]["error"]["code"] == "illegal-action"
    assert answers[-2]["is_over"] and answers[-2]["result"]["winners"]
    assert answers[-1]["view"]["shown"] is not None


def test_the_transcript_is_the_generators() -> None:
    assert GAME.strip() == GEN["render_game"]().strip(), "run: python docs/gen_batch_sessions.py"


def test_the_page_documents_every_session_op() -> None:
    for op in ("deal", "apply", "view", "legal"):
        assert f"### `{op}` —" in PAGE
    assert "## Signed states" in PAGE and "--secret-file" in PAGE
