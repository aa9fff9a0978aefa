"""Bitmask backtracking: the attacked squares of a row as one integer.

Three bitmasks hold the columns and the two diagonal directions attacked in
the current row; shifting the diagonal masks by one moves them to the next
row.  ``allowed & ~(cols | left | right)`` is then every free square of a
row at once, and ``free & -free`` picks the leftmost.  This is how the
reference solver and the compiled kernel search.
"""

from __future__ import annotations

from collections.abc import Iterator

from queens.algorithms.base import Algorithm, Outcome
from queens.board import Board
from queens.events import DeadEnd, Event, Found, Place, Remove, Skip

EMPTY = -1
"""The column of a row left empty."""


def trace(board: Board) -> Iterator[Event]:
    """The search of any board: any width and height, ``board.k`` queens.

    With fewer queens than rows a row may stay empty: ``Skip``, tried
    before every column, exactly where the reference solver
    (``queens.engines.counting.reference.solutions``) tries it, so solutions come
    in its order.  One pruning of its own keeps the log free of unexplained
    backtracks: a queen is not put in a free row when the rows of fixed
    queens below would then be left without one (no solution lies there).

    >>> from queens.board import Board
    >>> next(trace(Board(4)))
    Place(row=0, col=0)
    >>> from queens.events import Found
    >>> sum(isinstance(event, Found) for event in trace(Board(6)))
    4
    """
    allowed = board.allowed_masks()
    height = board.height
    required = board.required_rows()
    # Per row: the fixed queens' rows below it, and whether it may stay empty.
    needed_below = [(required >> (row + 1)).bit_count() for row in range(height)]
    may_be_empty = [not required >> row & 1 for row in range(height)]
    columns: list[int] = []
    found = 0

    def place(row: int, to_place: int, cols: int, left: int, right: int) -> Iterator[Event]:
        # ``left`` holds the diagonals running up-left (shifted left each row),
        # ``right`` those running up-right (shifted right each row).
        nonlocal found
        if to_place == 0:
            if not required >> row:  # no fixed queen left below (more than k of them)
                found += 1
                yield Found((*columns, *[EMPTY] * (height - row)), found)
            return
        may_skip = height - row > to_place and may_be_empty[row]
        if may_skip:
            columns.append(EMPTY)
            yield Skip(row)
            yield from place(row + 1, to_place, cols, left << 1, right >> 1)
            columns.pop()
        free = allowed[row] & ~(cols | left | right) if to_place > needed_below[row] else 0
        if not free:
            if not may_skip:
                yield DeadEnd(row)
            return
        while free:
            bit = free & -free
            free ^= bit
            col = bit.bit_length() - 1
            columns.append(col)
            yield Place(row, col)
            yield from place(
                row + 1, to_place - 1, cols | bit, (left | bit) << 1, (right | bit) >> 1
            )
            columns.pop()
            yield Remove(row, col)

    yield from place(0, board.k, 0, 0, 0)


# The search of trace() written again without events, on purpose: each algorithm reads
# on its own, and counting pays no event's cost (see queens.algorithms).
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
