"""Agents: environments to train game-playing programs on rummylib's referees, bots, and an arena.

Nothing here is imported by ``import rummylib``, and this package itself imports nothing heavy.

* `rummylib.agents.envs`: PettingZoo AEC environments, one module per game: ``rummikub_v0``,
  ``contract_rummy_v0``, ``shanghai_v0``, ``gin_rummy_v0``, ``indian_rummy_v0``. Each has
  ``env(**kwargs)`` (with PettingZoo's usual wrappers) and ``raw_env``. They need the ``agents``
  extra: ``pip install "rummylib[agents]"`` (PettingZoo, Gymnasium, NumPy).

Examples:
    >>> import rummylib.agents
    >>> rummylib.agents.__name__
    'rummylib.agents'
"""
