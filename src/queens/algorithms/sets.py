"""Backtracking with sets of attacked columns and diagonals.

Instead of comparing a square with every queen above, keep three sets: the
columns taken, the diagonals taken (``row - col`` is the same along a
down-right diagonal) and the anti-diagonals taken (``row + col``).  A square
is free when none of its three keys is in its set: constant time per square.
"""

from __future__ import annotations

from collections.abc import Iterator

from queens.algorithms.base import Algorithm, Outcome
from queens.board import Board
from queens.events import DeadEnd, Event, Found, Place, Remove


def trace(board: Board) -> Iterator[Event]:
    n = board.n
    allowed = board.allowed_masks()
    columns: list[int] = []
    cols: set[int] = set()
    diagonals: set[int] = set()
    anti_diagonals: set[int] = set()
    found = 0

    def place(row: int) -> Iterator[Event]:
        nonlocal found
        if row == n:
            found += 1
            yield Found(tuple(columns), found)
            return
        placed = False
        for col in range(n):
            if not allowed[row] >> col & 1:
                continue
            if col in cols or row - col in diagonals or row + col in anti_diagonals:
                continue
            placed = True
            columns.append(col)
            cols.add(col)
            diagonals.add(row - col)
            anti_diagonals.add(row + col)
            yield Place(row, col)
            yield from place(row + 1)
            columns.pop()
            cols.remove(col)
            diagonals.remove(row - col)
            anti_diagonals.remove(row + col)
            yield Remove(row, col)
        if not placed:
            yield DeadEnd(row)

    yield from place(0)


# The search of trace() written again without events, on purpose: each algorithm reads
# on its own, and counting pays no event's cost (see queens.algorithms).
def search(board: Board) -> Outcome:
    n = board.n
    allowed = board.allowed_masks()
    columns: list[int] = []
    cols: set[int] = set()
    diagonals: set[int] = set()
    anti_diagonals: set[int] = set()
    solutions: list[tuple[int, ...]] = []
    nodes = 0

    def place(row: int) -> None:
        nonlocal nodes
        if row == n:
            solutions.append(tuple(columns))
            return
        for col in range(n):
            if not allowed[row] >> col & 1:
                continue
            if col in cols or row - col in diagonals or row + col in anti_diagonals:
                continue
            nodes += 1
            columns.append(col)
            cols.add(col)
            diagonals.add(row - col)
            anti_diagonals.add(row + col)
            place(row + 1)
            columns.pop()
            cols.remove(col)
            diagonals.remove(row - col)
            anti_diagonals.remove(row + col)

    place(0)
    return Outcome(solutions, nodes)


ALGORITHM = Algorithm("sets", "row by row, with sets of taken columns and diagonals", trace, search)
