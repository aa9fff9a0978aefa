"""Checking a placement: O(N) time and memory, naming a clashing pair.

The fast path asks only whether all columns and both diagonal indices are
distinct (set sizes, done in C by CPython); only an invalid placement pays
for the slower pass that finds the first offending pair.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Sequence
from itertools import repeat
from operator import add, sub

from queens.board import Board, Square, describe_square
from queens.rules import rule_clash

EMPTY = -1
"""The column of a row without a queen (when fewer queens than rows are placed)."""


def placement_problem(
    columns: Sequence[int],
    n: int | None = None,
    *,
    width: int | None = None,
    queens: int | None = None,
) -> str | None:
    """Why ``columns`` (0-based, one per row) is not a solution, or None when it is.

    ``n`` is the number of rows required (default: the number of columns
    given), ``width`` the number of columns of the board (default: ``n``) and
    ``queens`` the number of queens required (default: one in every row, at
    most the width).  A row without a queen has the column ``-1``.

    >>> placement_problem([1, 3, 0, 2]) is None
    True
    >>> placement_problem([0, 2, 1])
    'queens at row 2, column 3 and row 3, column 2 share a diagonal'
    >>> placement_problem([1, 3, 0, 2], n=5)
    '4 queens given for a board of size 5'
    >>> placement_problem([0, -1, 4], width=5, queens=2) is None
    True
    >>> placement_problem([0, -1, 4], width=5)
    'row 2 has no queen (3 queens are to be placed)'
    """
    height = len(columns) if n is None else n
    width = height if width is None else width
    if len(columns) != height:
        if width == height:
            return f"{len(columns)} queens given for a board of size {height}"
        return f"{len(columns)} rows given for a {width} x {height} board"
    wanted = min(width, height) if queens is None else queens
    if height and not (min(columns) >= 0 and max(columns) < width):
        for row, col in enumerate(columns):
            if not EMPTY <= col < width:
                return (
                    f"the queen in row {row + 1} is in column {col + 1}, off the board (1..{width})"
                )
    placed = [(row, col) for row, col in enumerate(columns) if col != EMPTY]
    if len(placed) != len(columns):  # rows left empty: the rare case, slower is fine
        if len(placed) != wanted:
            if wanted == height:
                row = next(row for row, col in enumerate(columns) if col == EMPTY)
                return f"row {row + 1} has no queen ({wanted} queens are to be placed)"
            return f"{len(placed)} queens placed, but {wanted} are to be placed"
        rows: Sequence[int] = [row for row, _ in placed]
        cols: Sequence[int] = [col for _, col in placed]
    else:
        if wanted != height:
            return f"{height} queens placed, but {wanted} are to be placed"
        rows, cols = range(height), columns
    span = max(width, height)
    if (
        _all_distinct(cols, len(cols), span)
        and _all_distinct(map(add, rows, cols), len(cols), 2 * span)
        and _all_distinct(map(sub, rows, cols), len(cols), span)
    ):
        return None
    return _first_clash(columns)


def _all_distinct(keys: Iterable[int], count: int, span: int) -> bool:
    """True when the ``count`` keys, each in ``-span < key < span``, are all different.

    Marks a byte per key and counts the marks, with every loop in C (map and
    deque): twice as fast as building a set, a million queens in ~0.1 s.
    Negative keys index from the end, which stays clear of the non-negative
    ones because the table holds 2 * span - 1 bytes.
    """
    marks = bytearray(max(2 * span - 1, 1))
    deque(map(marks.__setitem__, keys, repeat(1)), maxlen=0)
    return marks.count(1) == count


def _first_clash(columns: Sequence[int]) -> str:
    seen: tuple[dict[int, int], dict[int, int], dict[int, int]] = ({}, {}, {})
    for row, col in enumerate(columns):
        if col == EMPTY:
            continue
        keys = (col, row + col, row - col)
        for kind, table, key in zip(("column", "diagonal", "diagonal"), seen, keys, strict=True):
            if key in table:
                other = table[key]
                return (
                    f"queens at {describe_square((other, columns[other]))} and "
                    f"{describe_square((row, col))} share a {kind}"
                )
            table[key] = row
    raise AssertionError("no clash found in an invalid placement")  # pragma: no cover


def board_problem(columns: Sequence[int], board: Board) -> str | None:
    """Why ``columns`` is not a solution of ``board`` (clashes, reserved, fixed queens).

    >>> board_problem([1, 3, 0, 2], Board.build(4, reserved=[(0, 1)]))
    'the queen at row 1, column 2 stands on a reserved square'
    >>> board_problem([1, 3, 0, 2], Board.build(4, queens=[(0, 2)]))
    'the fixed queen at row 1, column 3 is missing'
    """
    problem = placement_problem(columns, board.height, width=board.width, queens=board.k)
    if problem is None:
        problem = rule_clash(board.rule, list(columns), board.width)
    if problem is not None:
        return problem
    for row, col in enumerate(columns):
        if col != EMPTY and (row, col) in board.reserved:
            return f"the queen at {describe_square((row, col))} stands on a reserved square"
    placed: set[Square] = set(enumerate(columns))
    for square in sorted(board.queens):
        if square not in placed:
            return f"the fixed queen at {describe_square(square)} is missing"
    return None
