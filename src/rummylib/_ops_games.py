"""Batch ops for the game referees and round scorers (see `rummylib.batch`)."""

from __future__ import annotations

from rummylib.batch import Op

OPS: tuple[Op, ...] = ()
"""Ops registered by this module."""
