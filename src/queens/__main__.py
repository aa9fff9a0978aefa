"""``python -m queens``: the same as the ``queens`` command."""

from queens.cli import entry_point

entry_point()
