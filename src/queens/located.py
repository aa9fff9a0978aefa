"""Errors in text a person wrote, located by the 1-based line and column at fault.

Board text (``queens.board.BoardError``) and puzzle grids
(``queens.puzzle.grid.GridError``) are read the same way, and say where
they stumbled the same way: ``board line 3, column 5: unexpected 'x' ...``.
"""

from __future__ import annotations

from collections.abc import Container


class LocatedError(ValueError):
    """Text that cannot be read, with the 1-based line and column at fault.

    ``str(error)`` is the whole one-line message: the ``subject`` (what
    was being read), the line and column when known, and the reason.

    >>> error = LocatedError("unexpected 'x'", line=3, column=5)
    >>> str(error), error.line, error.column, error.reason
    ("text line 3, column 5: unexpected 'x'", 3, 5, "unexpected 'x'")
    """

    subject = "text"
    """What the text is, as the message names it (``board``, ``grid``)."""

    size = "N"
    """What a size is called in the messages (``N`` for boards, ``n`` for grids)."""

    @classmethod
    def limited(cls, max_n: int) -> str:
        """Why a text too big is refused: ``texts here are limited to N <= 8``."""
        return f"{cls.subject}s here are limited to {cls.size} <= {max_n}"

    def __init__(self, reason: str, line: int | None = None, column: int | None = None) -> None:
        self.reason = reason
        self.line = line
        self.column = column
        where = self.subject
        if line is not None:
            where += f" line {line}" if column is None else f" line {line}, column {column}"
        super().__init__(f"{where}: {reason}")


def split_cells(
    line: str, number: int, error: type[LocatedError], known: Container[str], expected: str
) -> list[tuple[int, str]]:
    """The cells of line ``number`` of board or grid text, with their 1-based columns.

    A line is either packed (``..Q.``) or separated by single spaces (``. . Q .``),
    decided by its second character.  A cell not in ``known`` is ``error`` (the
    ``LocatedError`` of the text being read) saying it expected ``expected``.

    >>> split_cells(". Q .", 1, LocatedError, ".Q", "'.' or 'Q'")
    [(1, '.'), (3, 'Q'), (5, '.')]
    >>> split_cells("..x", 4, LocatedError, ".Q", "'.' or 'Q'")
    Traceback (most recent call last):
    ...
    queens.located.LocatedError: text line 4, column 3: unexpected 'x' (expected '.' or 'Q')
    """
    separated = len(line) > 1 and line[1] == " "
    cells: list[tuple[int, str]] = []
    for index, char in enumerate(line):
        column = index + 1
        if separated and index % 2 == 1:
            if char != " ":
                raise error(f"expected a single space between cells, got {char!r}", number, column)
            continue
        if char not in known:
            raise error(f"unexpected {char!r} (expected {expected})", number, column)
        cells.append((column, char))
    if separated and len(line) % 2 == 0:
        raise error("line ends with a space between cells", number, len(line))
    return cells


def text_lines(text: str, error: type[LocatedError]) -> list[str]:
    """The lines of board or grid text, without a byte-order mark, trailing whitespace
    or trailing blank lines; ``error`` (of the text being read) when none is left.

    >>> text_lines("\\ufeff. Q \\r\\n\\n", LocatedError)
    ['. Q']
    """
    lines = [line.rstrip() for line in text.removeprefix("\ufeff").splitlines()]
    while lines and not lines[-1]:
        lines.pop()
    if not lines:
        raise error(f"no {error.subject} (the input is empty)")
    return lines


def text_limit(max_n: int) -> int:
    """The most characters a reader takes as board or grid text up to ``max_n`` rows.

    A row is at most ``2 * max_n - 1`` characters (cells separated by spaces)
    and a CRLF; the budget allows as much again per row for the tolerated
    trailing whitespace, plus a byte-order mark and as many trailing blank lines.

    >>> text_limit(8)
    275
    """
    return 3 + max_n * (4 * max_n + 2)


def bounded_lines(text: str, error: type[LocatedError], max_n: int, largest: str) -> list[str]:
    """The lines of board or grid text (``text_lines``), once it is known to be a str of
    at most ``text_limit(max_n)`` characters: the ``error`` of the text being read names
    ``largest``, the largest text taken (``board of N = 8``), when it is longer.

    >>> bounded_lines("." * 300, LocatedError, 8, "text of 8 lines")
    Traceback (most recent call last):
    ...
    queens.located.LocatedError: text: the text is 300 characters, over the 275 of a text of 8 ...
    """
    if not isinstance(text, str):
        raise TypeError(f"{error.subject} text must be a str, got {type(text).__name__}")
    if len(text) > text_limit(max_n):
        raise error(
            f"the text is {len(text):,} characters, over the {text_limit(max_n):,} of a "
            f"{largest} ({error.limited(max_n)})"
        )
    return text_lines(text, error)


def check_line_length(line: str, number: int, error: type[LocatedError], max_n: int) -> None:
    """Line ``number`` is no longer than a row of ``max_n`` cells, however they are
    written (else ``error``), so its cells can be split without spending more.

    >>> check_line_length("." * 16, 2, LocatedError, 8)
    Traceback (most recent call last):
    ...
    queens.located.LocatedError: text line 2: 16 characters, more than the 15 of 8 cells ...
    """
    if len(line) > 2 * max_n - 1:
        raise error(
            f"{len(line):,} characters, more than the {2 * max_n - 1} of {max_n} cells "
            f"({error.limited(max_n)})",
            number,
        )
