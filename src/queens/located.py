"""Errors in text a person wrote, located by the 1-based line and column at fault.

Board text (:class:`queens.board.BoardError`) and puzzle grids
(:class:`queens.puzzle.grid.GridError`) are read the same way, and say where
they stumbled the same way: ``board line 3, column 5: unexpected 'x' ...``.
"""

from __future__ import annotations


class LocatedError(ValueError):
    """Text that cannot be read, with the 1-based line and column at fault.

    ``str(error)`` is the whole one-line message: the :attr:`subject` (what
    was being read), the line and column when known, and the reason.

    >>> error = LocatedError("unexpected 'x'", line=3, column=5)
    >>> str(error), error.line, error.column, error.reason
    ("text line 3, column 5: unexpected 'x'", 3, 5, "unexpected 'x'")
    """

    subject = "text"
    """What the text is, as the message names it (``board``, ``grid``)."""

    def __init__(self, reason: str, line: int | None = None, column: int | None = None) -> None:
        self.reason = reason
        self.line = line
        self.column = column
        where = self.subject
        if line is not None:
            where += f" line {line}" if column is None else f" line {line}, column {column}"
        super().__init__(f"{where}: {reason}")
