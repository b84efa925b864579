"""Agents: environments to train game-playing programs on rummylib's referees, bots, and an arena.

Nothing here is imported by ``import rummylib``, and this package itself imports nothing heavy.

* `rummylib.agents.envs`: PettingZoo AEC environments, one module per game: ``rummikub_v0``,
  ``contract_rummy_v0``, ``shanghai_v0``, ``gin_rummy_v0``, ``indian_rummy_v0``. Each has
  ``env(**kwargs)`` (with PettingZoo's usual wrappers) and ``raw_env``. They need the ``agents``
  extra (PettingZoo, Gymnasium, NumPy): ``pip install ".[agents]"`` from a checkout.
* `rummylib.agents.bots`: bots with one interface, ``act(view, legal)``: a random legal bot and a
  heuristic bot for every game (plain Python on the referees: no extra needed).
* `rummylib.agents.arena`: seeded games between bots with the seats rotated, reporting wins, mean
  scores with confidence intervals and Elo, on local processes or (with the ``arena-ray`` extra)
  on a Ray cluster; ``rummylib arena`` on the command line. Programs in other processes play in
  it too (`rummylib.agents.arena.ExternalProgram`).
* `rummylib.agents.text`: the games as text for language models: the rules in plain words, a
  seat's view and legal moves, and a move read from a free-text reply.

Examples:
    >>> import rummylib.agents
    >>> rummylib.agents.__name__
    'rummylib.agents'
"""
