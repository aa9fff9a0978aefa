"""Row-by-row backtracking with an array of columns: the textbook PlaceQueens.

``columns[i]`` is the column of the queen in row ``i``.  To place row ``r``,
try each column ``j`` left to right and compare it with every queen above:
same column, or the same distance across as down (a diagonal), is illegal.
This is the algorithm of most textbooks, written as they write it.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from queens.algorithms.base import Algorithm, Outcome
from queens.board import Board
from queens.events import DeadEnd, Event, Found, Place, Remove


def legal(columns: Sequence[int], row: int, col: int, allowed: Sequence[int]) -> bool:
    """Whether a queen on ``(row, col)`` is allowed and attacks none of the rows above."""
    if not allowed[row] >> col & 1:
        return False
    for above in range(row):
        if columns[above] in (col, col + row - above, col - row + above):
            return False
    return True


def trace(board: Board) -> Iterator[Event]:
    n = board.n
    allowed = board.allowed_masks()
    columns = [0] * n
    found = 0

    def place_queens(row: int) -> Iterator[Event]:
        nonlocal found
        if row == n:
            found += 1
            yield Found(tuple(columns), found)
            return
        placed = False
        for col in range(n):
            if legal(columns, row, col, allowed):
                placed = True
                columns[row] = col
                yield Place(row, col)
                yield from place_queens(row + 1)
                yield Remove(row, col)
        if not placed:
            yield DeadEnd(row)

    yield from place_queens(0)


# The search of trace() written again without events, on purpose: each algorithm reads
# on its own, and counting pays no event's cost (see queens.algorithms).
def search(board: Board) -> Outcome:
    n = board.n
    allowed = board.allowed_masks()
    columns = [0] * n
    solutions: list[tuple[int, ...]] = []
    nodes = 0

    def place_queens(row: int) -> None:
        nonlocal nodes
        if row == n:
            solutions.append(tuple(columns))
            return
        for col in range(n):
            if legal(columns, row, col, allowed):
                nodes += 1
                columns[row] = col
                place_queens(row + 1)

    place_queens(0)
    return Outcome(solutions, nodes)


ALGORITHM = Algorithm(
    "array",
    "row by row, each column checked against the queens above (PlaceQueens)",
    trace,
    search,
)
