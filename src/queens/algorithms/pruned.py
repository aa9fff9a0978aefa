"""Permutations with pruning: swap columns into place, drop a prefix as soon as it clashes.

The permutation lives in one array; row ``r`` tries each column still
unused by swapping it into position ``r`` (the classic swap-based
permutation generator).  Columns can never clash, so only the diagonals
(and the board's allowed squares) are tested, and a clashing prefix is
abandoned with every permutation that starts with it.  Columns of a row are
tried in swap order, not left to right, so solutions come out in another
order than the other algorithms.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from queens.algorithms.base import Algorithm, Outcome
from queens.board import Board
from queens.events import DeadEnd, Event, Found, Place, Remove


def fits(perm: Sequence[int], row: int, allowed: Sequence[int]) -> bool:
    """Whether ``perm[row]`` is allowed and off the diagonals of the rows above."""
    col = perm[row]
    if not allowed[row] >> col & 1:
        return False
    return all(abs(col - perm[above]) != row - above for above in range(row))


def trace(board: Board) -> Iterator[Event]:
    n = board.n
    allowed = board.allowed_masks()
    perm = list(range(n))
    found = 0

    def extend(row: int) -> Iterator[Event]:
        nonlocal found
        if row == n:
            found += 1
            yield Found(tuple(perm), found)
            return
        placed = False
        for i in range(row, n):
            perm[row], perm[i] = perm[i], perm[row]
            if fits(perm, row, allowed):
                placed = True
                yield Place(row, perm[row])
                yield from extend(row + 1)
                yield Remove(row, perm[row])
            perm[row], perm[i] = perm[i], perm[row]
        if not placed:
            yield DeadEnd(row)

    yield from extend(0)


# The search of trace() written again without events, on purpose: each algorithm reads
# on its own, and counting pays no event's cost (see queens.algorithms).
def search(board: Board) -> Outcome:
    n = board.n
    allowed = board.allowed_masks()
    perm = list(range(n))
    solutions: list[tuple[int, ...]] = []
    nodes = 0

    def extend(row: int) -> None:
        nonlocal nodes
        if row == n:
            solutions.append(tuple(perm))
            return
        for i in range(row, n):
            perm[row], perm[i] = perm[i], perm[row]
            if fits(perm, row, allowed):
                nodes += 1
                extend(row + 1)
            perm[row], perm[i] = perm[i], perm[row]

    extend(0)
    return Outcome(solutions, nodes)


ALGORITHM = Algorithm(
    "pruned-permutations",
    "permutations by swapping, a prefix dropped on a diagonal clash",
    trace,
    search,
)
