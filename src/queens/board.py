"""The board model: an n x n board with reserved squares and fixed queens.

Squares are ``(row, column)`` pairs, 0-based, row 0 at the top.  Engines do not
see :class:`Board` itself; they get plain integers from :meth:`Board.allowed_masks`
(bit ``c`` of row ``r`` set when a queen may stand on ``(r, c)``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions, RenderResult

Square = tuple[int, int]
"""A square as ``(row, column)``, both 0-based."""

Mask = int
"""A set of columns as a bitmask: bit ``c`` stands for column ``c``."""

FREE = "."
RESERVED = "*"
QUEEN = "Q"


class BoardError(ValueError):
    """Board text that cannot be read, with the 1-based line and column at fault.

    ``str(error)`` is the whole one-line message, e.g.
    ``board line 3, column 5: unexpected 'x' (expected '.', '*' or 'Q')``.
    """

    def __init__(self, reason: str, line: int | None = None, column: int | None = None) -> None:
        self.reason = reason
        self.line = line
        self.column = column
        if line is None:
            where = "board"
        elif column is None:
            where = f"board line {line}"
        else:
            where = f"board line {line}, column {column}"
        super().__init__(f"{where}: {reason}")


def describe_square(square: Square) -> str:
    """A square as a person reads it: ``row 4, column 4`` (1-based)."""
    return f"row {square[0] + 1}, column {square[1] + 1}"


def attack_kind(a: Square, b: Square) -> str | None:
    """What two distinct squares share (``row``, ``column``, ``diagonal``), or None."""
    if a[0] == b[0]:
        return "row"
    if a[1] == b[1]:
        return "column"
    if abs(a[0] - b[0]) == abs(a[1] - b[1]):
        return "diagonal"
    return None


@dataclass(frozen=True)
class Board:
    """An n x n board; ``reserved`` squares take no queen, ``queens`` are fixed.

    Reserved squares do not block attacks: a queen attacks along its row,
    column and diagonals right across them.
    """

    n: int
    reserved: frozenset[Square] = frozenset()
    queens: frozenset[Square] = frozenset()

    def __post_init__(self) -> None:
        if self.n < 1:
            raise ValueError(f"board size must be at least 1, got {self.n}")
        for square in (*self.reserved, *self.queens):
            if not (0 <= square[0] < self.n and 0 <= square[1] < self.n):
                raise ValueError(f"square {square} is off a {self.n} x {self.n} board")

    @classmethod
    def empty(cls, n: int) -> Board:
        return cls(n)

    @classmethod
    def build(cls, n: int, reserved: Iterable[Square] = (), queens: Iterable[Square] = ()) -> Board:
        return cls(n, frozenset(reserved), frozenset(queens))

    @classmethod
    def parse(cls, text: str) -> Board:
        """Read board text; raise :class:`BoardError` naming line and column."""
        return parse_board(text)

    # -- what engines use -------------------------------------------------

    @property
    def is_plain(self) -> bool:
        """True for a board without reserved squares or fixed queens."""
        return not self.reserved and not self.queens

    def allowed_masks(self) -> tuple[Mask, ...]:
        """Per row, the columns where a queen may stand.

        A row holding a fixed queen allows only that column (none if the row
        holds two, or the queen stands on a reserved square); attacks between
        fixed queens are left for the search to find, so every engine sees
        the same simple constraint: one queen per row, inside its mask.
        """
        full = (1 << self.n) - 1
        masks = [full] * self.n
        for row, col in self.reserved:
            masks[row] &= ~(1 << col)
        fixed: dict[int, Mask] = {}
        for row, col in self.queens:
            fixed[row] = fixed.get(row, 0) | (1 << col)
        for row, bits in fixed.items():
            single = bits & (bits - 1) == 0
            masks[row] &= bits if single else 0
        return tuple(masks)

    def conflict(self) -> str | None:
        """Why the fixed queens alone rule out every solution, or None.

        Names the first offending pair (or the queen on a reserved square),
        1-based, for the "no solution" message.
        """
        for square in sorted(self.queens & self.reserved):
            return f"the queen at {describe_square(square)} stands on a reserved square"
        queens = sorted(self.queens)
        for i, a in enumerate(queens):
            for b in queens[i + 1 :]:
                kind = attack_kind(a, b)
                if kind is not None:
                    return (
                        f"the queens at {describe_square(a)} and {describe_square(b)} "
                        f"share a {kind}"
                    )
        return None

    # -- text --------------------------------------------------------------

    def cell(self, square: Square) -> str:
        if square in self.queens:
            return QUEEN
        if square in self.reserved:
            return RESERVED
        return FREE

    def rows(self) -> list[str]:
        """Each row as cells separated by spaces, as the ``board`` format prints."""
        return [" ".join(self.cell((r, c)) for c in range(self.n)) for r in range(self.n)]

    def __str__(self) -> str:
        return "\n".join(self.rows())

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        """A checkered board in a rich console: reserved squares and fixed queens marked."""
        from queens.show.text import rich_board

        yield rich_board(self)


_CELLS = {FREE: FREE, RESERVED: RESERVED, "Q": QUEEN, "q": QUEEN}

MAX_TEXT_N = 1000
"""The largest board board text describes: the board format's limit too
(``queens.formats.BOARD_FORMAT_MAX_N``), so whatever queens prints reads back in."""


def text_limit(max_n: int = MAX_TEXT_N) -> int:
    """The most bytes a reader takes as board text of a board up to ``max_n`` rows.

    A row is at most ``2 * max_n - 1`` characters (cells separated by spaces)
    and a CRLF; the budget allows as much again per row for the tolerated
    trailing whitespace, plus a byte-order mark and as many trailing blank lines.
    """
    return 3 + max_n * (4 * max_n + 2)


def _split_cells(line: str, line_number: int) -> list[tuple[int, str]]:
    """The cells of one line with their 1-based columns.

    A line is either packed (``..Q.``) or separated by single spaces
    (``. . Q .``), decided by its second character.
    """
    separated = len(line) > 1 and line[1] == " "
    cells: list[tuple[int, str]] = []
    for index, char in enumerate(line):
        column = index + 1
        if separated and index % 2 == 1:
            if char != " ":
                raise BoardError(
                    f"expected a single space between cells, got {char!r}", line_number, column
                )
            continue
        if char not in _CELLS:
            raise BoardError(f"unexpected {char!r} (expected '.', '*' or 'Q')", line_number, column)
        cells.append((column, _CELLS[char]))
    if separated and len(line) % 2 == 0:
        raise BoardError("line ends with a space between cells", line_number, len(line))
    return cells


def parse_board(text: str, first_line: int = 1, max_n: int = MAX_TEXT_N) -> Board:
    """Parse board text; line numbers in errors count from ``first_line``.

    One line a row: ``.`` free, ``*`` reserved, ``Q`` or ``q`` a fixed queen,
    cells packed or separated by single spaces.  Tolerated: a byte-order
    mark, CRLF line ends, trailing whitespace and trailing blank lines.
    Boards larger than ``max_n`` are refused after reading their first line.
    """
    text = text.removeprefix("\ufeff")
    lines = [line.rstrip() for line in text.splitlines()]
    while lines and not lines[-1]:
        lines.pop()
    if not lines:
        raise BoardError("no board (the input is empty)")
    n = 0
    reserved: list[Square] = []
    queens: list[Square] = []
    for row, line in enumerate(lines):
        line_number = row + first_line
        if not line:
            raise BoardError("empty line inside the board", line_number)
        cells = _split_cells(line, line_number)
        if row == 0:
            n = len(cells)
            if n > max_n:
                raise BoardError(
                    f"{n} cells, but boards here are limited to N <= {max_n}", line_number
                )
        elif len(cells) != n:
            raise BoardError(f"{len(cells)} cells, but line {first_line} has {n}", line_number)
        for col, (_, cell) in enumerate(cells):
            if cell == RESERVED:
                reserved.append((row, col))
            elif cell == QUEEN:
                queens.append((row, col))
    if len(lines) != n:
        raise BoardError(f"{len(lines)} lines of {n} cells each (a board must be square)")
    return Board.build(n, reserved, queens)
