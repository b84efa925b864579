"""The page of observation and action tables is the one the environments write."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("pettingzoo", reason='the environments need the agents extra: pip install "rummylib[agents]"')

from rummylib.agents.envs import _docs

PAGE = Path(__file__).resolve().parents[2] / "docs" / "agents" / "environments.md"


def test_the_environments_page_matches_the_code() -> None:
    assert PAGE.read_text(encoding="utf-8") == _docs.page(), (
        "docs/agents/environments.md is stale: python -m rummylib.agents.envs._docs > docs/agents/environments.md"
    )


def test_every_action_index_is_documented_once() -> None:
    for _name, _title, make, _text in _docs._ENVS:
        env = make()
        covered = [i for row in env.action_rows() for i in range(row.start, row.start + row.size)]
        assert covered == list(range(env.actions))
        assert env.layout.size == sum(f.size for f in env.layout.fields)


def test_an_action_named_by_an_observation_field_is_the_action_it_describes() -> None:
    """A field that says "(action N)" describes the thing action N plays (the candidate lay-down, the other play)."""
    import re

    for name, _title, make, _text in _docs._ENVS:
        env = make()
        rows = {row.start: row.text for row in env.action_rows() if row.size == 1}
        for field in env.layout.fields:
            for number in re.findall(r"\(action (\d+)\)", field.text):
                thing = field.text.split(" (action", 1)[0].removeprefix("the ").removeprefix("in a game: ")
                assert thing in rows[int(number)], f"{name}: {field.name} names action {number}: {rows[int(number)]!r}"
