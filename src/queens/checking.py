"""Reading placements to check: list lines (``[1, 5, 8]``, ``1 5 8``, ``1,5,8``)
and boards (board text, separated by blank lines)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from queens.board import BoardError, parse_board
from queens.solution import parse_columns
from queens.validate import placement_problem

_BOARD_CHARS = frozenset(".*Qq ")
_MINUS_ONE = (-1).__add__  # 1-based to 0-based; map() with it stays in C


@dataclass(frozen=True)
class Placement:
    """A placement read from line ``line`` (1-based): columns, or why it has none."""

    line: int
    columns: Sequence[int]  # 0-based; may hold out-of-range columns, checked later
    size: int  # the board size the placement was written for
    missing: str | None = None  # a board row without exactly one queen

    def problem(self, n: int | None = None) -> str | None:
        size = self.size if n is None else n
        if self.size != size:
            return f"a placement for a board of size {self.size}, expected {size}"
        if self.missing is not None:
            return self.missing
        return placement_problem(self.columns, size)


def _is_board_line(line: str) -> bool:
    # The first character settles it for list lines (a digit or '['), so a
    # million-column line is not turned into a set.
    if line.lstrip(" ")[:1] not in _BOARD_CHARS:
        return False
    chars = set(line)
    return chars <= _BOARD_CHARS and bool(chars - {" "})


def read_placements(text: str) -> list[Placement]:
    """Every placement in ``text``; ValueError naming the line that cannot be read."""
    text = text.removeprefix("\ufeff")
    lines = [line.rstrip() for line in text.splitlines()]
    placements: list[Placement] = []
    index = 0
    while index < len(lines):
        line = lines[index]
        if not line.strip():
            index += 1
            continue
        if _is_board_line(line):
            end = index
            while end < len(lines) and lines[end].strip():
                end += 1
            placements.append(_board_placement(lines[index:end], index + 1))
            index = end
            continue
        try:
            columns = list(map(_MINUS_ONE, parse_columns(line)))
        except ValueError as error:
            raise ValueError(f"line {index + 1}: {error}") from None
        placements.append(Placement(index + 1, columns, len(columns)))
        index += 1
    if not placements:
        raise ValueError("no placements in the input")
    return placements


def _board_placement(lines: list[str], first_line: int) -> Placement:
    try:
        board = parse_board("\n".join(lines), first_line)
    except BoardError as error:
        raise ValueError(str(error)) from None
    by_row: dict[int, list[int]] = {}
    for row, col in sorted(board.queens):
        by_row.setdefault(row, []).append(col)
    columns: list[int] = []
    missing = None
    for row in range(board.n):
        cols = by_row.get(row, [])
        if len(cols) != 1 and missing is None:
            missing = (
                f"row {row + 1} has no queen"
                if not cols
                else f"queens at row {row + 1}, column {cols[0] + 1} and "
                f"row {row + 1}, column {cols[1] + 1} share a row"
            )
        columns.append(cols[0] if cols else -1)
    return Placement(first_line, columns, board.n, missing)
