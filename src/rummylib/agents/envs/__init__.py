"""PettingZoo AEC environments for the five games, on rummylib's referees.

One module per game, each with ``env(**kwargs)`` (wrapped as PettingZoo's classic environments
are) and ``raw_env``: `rummikub_v0`, `contract_rummy_v0`, `shanghai_v0`, `gin_rummy_v0`,
`indian_rummy_v0`. The observation and action tables of each are on the documentation page
"Environments". They need the ``agents`` extra; without it, importing this package raises an
error that names it: a `rummylib.errors.RummyError` that is an `ImportError` too.

Examples:
    >>> from rummylib.agents.envs import gin_rummy_v0
    >>> e = gin_rummy_v0.env()
    >>> e.reset(seed=0)
    >>> sorted(e.observe(e.agent_selection))
    ['action_mask', 'observation']
"""

from __future__ import annotations

from rummylib.errors import ErrorCode, RummyError

EXTRA = 'pip install ".[agents]" from a checkout (pip install "rummylib[agents]" once rummylib is published)'
"""The command that installs what the environments need."""


try:
    import gymnasium  # noqa: F401 - only checked for
    import numpy  # noqa: F401 - only checked for
    import pettingzoo  # noqa: F401 - only checked for
except ImportError as exc:  # pragma: no cover - the test environment has the extra

    class MissingExtraError(RummyError, ImportError):
        """The ``agents`` extra is not installed.

        A rummylib error, and an `ImportError` for tools
        that import every module and skip the ones that cannot be (``pkgutil.walk_packages``).
        Defined only when it is raised, so that with the extra installed no such class exists.
        """

    raise MissingExtraError(
        f"rummylib.agents.envs needs the 'agents' extra ({exc.name} is missing): {EXTRA}",
        code=ErrorCode.MISSING_EXTRA,
    ) from None
