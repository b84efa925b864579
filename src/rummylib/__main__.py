"""``python -m rummylib`` and the ``rummylib`` command: ``batch`` starts at once, the rest is `rummylib.cli`.

``rummylib batch`` is started by a game server for every worker, so it does not build the whole
command line: `main` hands it to `rummylib.batch.command` and loads `rummylib.cli` only for the
other commands.
"""

import sys
from collections.abc import Sequence

from rummylib.batch import command


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``rummylib`` command; returns the exit status (see `rummylib.cli.main`)."""
    args = sys.argv[1:] if argv is None else list(argv)
    if args[:1] == ["batch"]:
        return command.main(args[1:])
    # lazy: the command line of people (every game, the pictures) loads only when it is asked for
    from rummylib import cli  # noqa: PLC0415 - lazy (see tests/architecture/test_imports.py)

    status: int = cli.main(args)
    return status


if __name__ == "__main__":  # pragma: no cover - exercised through subprocess tests
    sys.exit(main())
