"""Referees: game and round state machines driven by the caller's actions.

Each referee is an immutable state value: an action returns a new state, an illegal action raises
`rummylib.errors.IllegalActionError` and leaves the old state as it was.
"""
