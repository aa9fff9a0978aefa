"""Naive permutations: generate every ordering of the columns, then test each.

One queen per row and one per column is built in, so a placement is a
permutation of the columns; this generates all n! of them row by row, with
no look-ahead at all, and only tests a placement once it is complete.  It is
the baseline every other algorithm prunes: its tree is the full tree of
partial permutations, sum over k of n!/(n-k)! nodes.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from queens.algorithms.base import Algorithm, Outcome
from queens.board import Board
from queens.events import Event, Found, Place, Remove


def is_solution(columns: Sequence[int], allowed: Sequence[int]) -> bool:
    """The test of a finished permutation: allowed squares, no shared diagonal."""
    if not all(allowed[row] >> col & 1 for row, col in enumerate(columns)):
        return False
    return all(
        abs(columns[a] - columns[b]) != b - a
        for a in range(len(columns))
        for b in range(a + 1, len(columns))
    )


def trace(board: Board) -> Iterator[Event]:
    n = board.n
    allowed = board.allowed_masks()
    columns: list[int] = []
    used = [False] * n
    found = 0

    def extend(row: int) -> Iterator[Event]:
        nonlocal found
        if row == n:
            if is_solution(columns, allowed):
                found += 1
                yield Found(tuple(columns), found)
            return
        for col in range(n):
            if used[col]:
                continue
            used[col] = True
            columns.append(col)
            yield Place(row, col)
            yield from extend(row + 1)
            columns.pop()
            used[col] = False
            yield Remove(row, col)

    yield from extend(0)


# The search of trace() written again without events, on purpose: each algorithm reads
# on its own, and counting pays no event's cost (see queens.algorithms).
def search(board: Board) -> Outcome:
    n = board.n
    allowed = board.allowed_masks()
    columns: list[int] = []
    used = [False] * n
    solutions: list[tuple[int, ...]] = []
    nodes = 0

    def extend(row: int) -> None:
        nonlocal nodes
        if row == n:
            if is_solution(columns, allowed):
                solutions.append(tuple(columns))
            return
        for col in range(n):
            if used[col]:
                continue
            nodes += 1
            used[col] = True
            columns.append(col)
            extend(row + 1)
            columns.pop()
            used[col] = False

    extend(0)
    return Outcome(solutions, nodes)


ALGORITHM = Algorithm(
    "permutations", "all n! column orders, each tested when complete", trace, search
)
