"""The puzzle grid and its text: one line a row, one letter (or digit) a cell naming its region.

>>> grid = parse_grid("AAB\\nCAB\\nCCB")
>>> grid.n, grid.names, grid.region(1, 0)
(3, ('A', 'B', 'C'), 2)
>>> print(grid)
AAB
CAB
CCB

Cells may be separated by single spaces (``A A B``).  Tolerated, as in board text: a
UTF-8 byte-order mark, CRLF line ends, trailing whitespace and trailing blank lines.
Region names are case-sensitive (``a`` and ``A`` are two regions).  A region need not
be connected.  Anything else is a ``GridError`` naming the line and column.
"""

from __future__ import annotations

import string
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

from queens import located
from queens.located import LocatedError, bounded_lines, check_line_length, split_cells

NAMES = string.ascii_uppercase + string.ascii_lowercase + string.digits
"""The characters that name regions, in the order generated grids use them."""

MAX_N = len(NAMES)
"""The largest grid: one distinct character per region (62)."""

Square = tuple[int, int]

QUEEN = "*"
"""A queen in the board format (not a region name, so it stands out)."""


class GridError(LocatedError):
    """Grid text that cannot be a puzzle, with the 1-based line and column at fault.

    >>> str(GridError("unexpected '#' (expected a letter or digit)", 2, 4))
    "grid line 2, column 4: unexpected '#' (expected a letter or digit)"
    """

    subject = "grid"
    size = "n"


@dataclass(frozen=True)
class Grid:
    """An n x n grid cut into n regions.

    ``cells[row * n + col]`` is the 0-based index of the cell's region, regions being
    numbered in reading order of first appearance; ``names[index]`` is the character
    naming it in text.  Built by ``parse_grid`` or ``from_regions``, which check it.

    >>> grid = parse_grid("\\n".join(["AABBB", "BBBBB", "CCBDD", "CCCED", "CCCEE"]))
    >>> grid.n, grid.names
    (5, ('A', 'B', 'C', 'D', 'E'))
    >>> grid.cells[:5]
    (0, 0, 1, 1, 1)
    """

    n: int
    cells: tuple[int, ...]
    names: tuple[str, ...]

    @classmethod
    def from_regions(cls, rows: Sequence[Sequence[int]], names: str = NAMES) -> Grid:
        """A grid from a region number per cell (any n distinct numbers), named by ``names``.

        >>> print(Grid.from_regions([[5, 5], [7, 5]]))
        AA
        BA
        """
        n = len(rows)
        text = []
        order: dict[int, int] = {}
        for row in rows:
            if len(row) != n:
                raise GridError(f"a row of {len(row)} cells in a grid of {n} rows")
            text.append("".join(names[order.setdefault(v, len(order)) % len(names)] for v in row))
        return parse_grid("\n".join(text))

    def region(self, row: int, col: int) -> int:
        """The 0-based index of the region a cell belongs to.

        >>> grid = parse_grid("\\n".join(["AABBB", "BBBBB", "CCBDD", "CCCED", "CCCEE"]))
        >>> grid.region(0, 0), grid.region(4, 4)
        (0, 4)
        """
        return self.cells[row * self.n + col]

    def name(self, row: int, col: int) -> str:
        """The character naming a cell's region in the grid text.

        >>> grid = parse_grid("\\n".join(["AABBB", "BBBBB", "CCBDD", "CCCED", "CCCEE"]))
        >>> grid.name(0, 0), grid.name(4, 4)
        ('A', 'E')
        """
        return self.names[self.cells[row * self.n + col]]

    @cached_property
    def region_masks(self) -> tuple[tuple[int, ...], ...]:
        """``region_masks[g][row]``: the columns of region ``g`` in ``row``, as a bitmask.

        >>> grid = parse_grid("\\n".join(["AABBB", "BBBBB", "CCBDD", "CCCED", "CCCEE"]))
        >>> [bin(mask) for mask in grid.region_masks[0]]
        ['0b11', '0b0', '0b0', '0b0', '0b0']
        """
        masks = [[0] * self.n for _ in range(self.n)]
        for index, region in enumerate(self.cells):
            row, col = divmod(index, self.n)
            masks[region][row] |= 1 << col
        return tuple(tuple(row) for row in masks)

    @cached_property
    def region_rows(self) -> tuple[tuple[tuple[int, int], ...], ...]:
        """``region_rows[g]``: (row, column bitmask) for each row region ``g`` has cells in.

        >>> grid = parse_grid("\\n".join(["AABBB", "BBBBB", "CCBDD", "CCCED", "CCCEE"]))
        >>> grid.region_rows[3]
        ((2, 24), (3, 16))
        """
        return tuple(
            tuple((row, mask) for row, mask in enumerate(masks) if mask)
            for masks in self.region_masks
        )

    def squares(self, region: int) -> list[Square]:
        """The cells of a region, in reading order.

        >>> grid = parse_grid("\\n".join(["AABBB", "BBBBB", "CCBDD", "CCCED", "CCCEE"]))
        >>> grid.squares(4)
        [(3, 3), (4, 3), (4, 4)]
        """
        n = self.n
        return [divmod(i, n) for i, g in enumerate(self.cells) if g == region]

    def connected(self, region: int) -> bool:
        """Whether the cells of a region make one piece, edge to edge (a region need not).

        >>> grid = parse_grid("ABA\\nBBB\\nACA")
        >>> grid.connected(0), grid.connected(1)
        (False, True)
        """
        cells = set(self.squares(region))
        seen = {min(cells)}
        todo = list(seen)
        while todo:
            r, c = todo.pop()
            for near in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if near in cells and near not in seen:
                    seen.add(near)
                    todo.append(near)
        return seen == cells

    def rows(self) -> list[str]:
        """The grid text's lines: a region name a cell.

        >>> grid = parse_grid("\\n".join(["AABBB", "BBBBB", "CCBDD", "CCCED", "CCCEE"]))
        >>> grid.rows()[:2]
        ['AABBB', 'BBBBB']
        """
        n = self.n
        return ["".join(self.names[g] for g in self.cells[r * n : (r + 1) * n]) for r in range(n)]

    def __str__(self) -> str:
        return "\n".join(self.rows())

    def board(self, columns: Sequence[int]) -> str:
        """The grid with a queen (``*``, the star of Star Battle) in each row's column,
        cells separated by spaces.

        >>> print(parse_grid("AAB\\nCAB\\nCCB").board([0, 2, 1]))
        * A B
        C A *
        C * B
        """
        lines = []
        for row, text in enumerate(self.rows()):
            cells = list(text)
            cells[columns[row]] = QUEEN
            lines.append(" ".join(cells))
        return "\n".join(lines)


def _cells(line: str, number: int) -> list[tuple[int, str]]:
    """The cells of one line with their 1-based columns (packed, or single spaces between)."""
    return split_cells(line, number, GridError, NAMES, "a letter or digit naming a region")


def text_limit(max_n: int = MAX_N) -> int:
    """The most characters a reader takes as the text of a grid up to ``max_n`` rows
    (``queens.located.text_limit``).

    >>> text_limit(5), text_limit()
    (113, 15503)
    """
    return located.text_limit(max_n)


def parse_grid(text: str, max_n: int = MAX_N) -> Grid:
    """Read grid text; a one-line ``GridError`` naming line and column if it is wrong.

    >>> parse_grid("AB\\nBA\\nAB")
    Traceback (most recent call last):
    ...
    queens.puzzle.grid.GridError: grid line 3, column 1: 3 lines of 2 cells each (a grid ...
    >>> parse_grid("AAB\\nCAB\\nCDB")
    Traceback (most recent call last):
    ...
    queens.puzzle.grid.GridError: grid line 3, column 2: region 'D' is the 4th region, but ...

    Text longer than ``text_limit`` allows for ``max_n``, or a line longer than
    a row of ``max_n`` cells, is refused before it is split.
    """
    lines = bounded_lines(text, GridError, max_n, f"{max_n} x {max_n} grid")
    for number, line in enumerate(lines, 1):
        check_line_length(line, number, GridError, max_n)
    n = 0
    index: dict[str, int] = {}
    cells: list[int] = []
    for row, line in enumerate(lines):
        number = row + 1
        if not line:
            raise GridError("empty line inside the grid", number)
        found = _cells(line, number)
        if row == 0:
            n = len(found)
            if n > max_n:
                raise GridError(f"{n} cells, but {GridError.limited(max_n)}", 1)
        elif len(found) != n:
            column = found[n][0] if len(found) > n else len(line) + 1
            raise GridError(f"{len(found)} cells, but line 1 has {n}", number, column)
        if row == n:
            raise GridError(
                f"{len(lines)} lines of {n} cells each (a grid must be square)", number, 1
            )
        for column, char in found:
            if char not in index:
                if len(index) == n:
                    raise GridError(
                        f"region {char!r} is the {_ordinal(n + 1)} region, but a {n} x {n} grid "
                        f"has {n} (one a row)",
                        number,
                        column,
                    )
                index[char] = len(index)
            cells.append(index[char])
    if len(lines) < n:
        raise GridError(
            f"the grid ends after {len(lines)} lines of {n} cells (a grid must be square)",
            len(lines) + 1,
            1,
        )
    if len(index) < n:
        raise GridError(_missing_regions(n, list(index)))
    return Grid(n, tuple(cells), tuple(index))


def _missing_regions(n: int, names: list[str]) -> str:
    """Too few regions: which one is empty when the names run from A (or a, or 0)."""
    for alphabet in (string.ascii_uppercase, string.ascii_lowercase, string.digits):
        if set(names) <= set(alphabet[:n]) and n <= len(alphabet):
            empty = next(c for c in alphabet[:n] if c not in names)
            return (
                f"region {empty!r} is empty: a {n} x {n} grid needs {n} regions, "
                f"this one has {len(names)}"
            )
    return f"a {n} x {n} grid needs {n} regions, this one has {len(names)}"


def _ordinal(k: int) -> str:
    suffix = "th" if 10 <= k % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(k % 10, "th")
    return f"{k}{suffix}"


__all__ = [
    "MAX_N",
    "Grid",
    "GridError",
    "parse_grid",
    "text_limit",
]
