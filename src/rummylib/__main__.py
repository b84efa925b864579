"""``python -m rummylib``: the same as the ``rummylib`` command."""

import sys

from rummylib.cli import main

if __name__ == "__main__":  # pragma: no cover - exercised through subprocess tests
    sys.exit(main())
