"""Bitmask backtracking: the attacked squares of a row as one integer.

Three bitmasks hold the columns and the two diagonal directions attacked in
the current row; shifting the diagonal masks by one moves them to the next
row.  ``allowed & ~(cols | left | right)`` is then every free square of a
row at once, and ``free & -free`` picks the leftmost.  This is how the
reference solver and the compiled kernel search.
"""

from __future__ import annotations

from collections.abc import Iterator

from queens.algorithms import Algorithm, Outcome
from queens.board import Board
from queens.events import DeadEnd, Event, Found, Place, Remove


def trace(board: Board) -> Iterator[Event]:
    allowed = board.allowed_masks()
    n = board.n
    columns: list[int] = []
    found = 0

    def place(row: int, cols: int, left: int, right: int) -> Iterator[Event]:
        # ``left`` holds the diagonals running up-left (shifted left each row),
        # ``right`` those running up-right (shifted right each row).
        nonlocal found
        if row == n:
            found += 1
            yield Found(tuple(columns), found)
            return
        free = allowed[row] & ~(cols | left | right)
        if not free:
            yield DeadEnd(row)
            return
        while free:
            bit = free & -free
            free ^= bit
            col = bit.bit_length() - 1
            columns.append(col)
            yield Place(row, col)
            yield from place(row + 1, cols | bit, (left | bit) << 1, (right | bit) >> 1)
            columns.pop()
            yield Remove(row, col)

    yield from place(0, 0, 0, 0)


def search(board: Board) -> Outcome:
    allowed = board.allowed_masks()
    n = board.n
    columns: list[int] = []
    solutions: list[tuple[int, ...]] = []
    nodes = 0

    def place(row: int, cols: int, left: int, right: int) -> None:
        nonlocal nodes
        if row == n:
            solutions.append(tuple(columns))
            return
        free = allowed[row] & ~(cols | left | right)
        while free:
            bit = free & -free
            free ^= bit
            nodes += 1
            columns.append(bit.bit_length() - 1)
            place(row + 1, cols | bit, (left | bit) << 1, (right | bit) >> 1)
            columns.pop()

    place(0, 0, 0, 0)
    return Outcome(solutions, nodes)


ALGORITHM = Algorithm(
    "bitmask", "row by row, attacked squares as bitmasks (the reference solver)", trace, search
)
