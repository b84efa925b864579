"""Batch ops for the solver part of rummylib (see `rummylib.batch`)."""

from __future__ import annotations

from rummylib.batch import Op

OPS: tuple[Op, ...] = ()
"""Ops registered by this module."""
