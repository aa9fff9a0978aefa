"""The plain reference solver: row-by-row backtracking over bitmasks.

It is the oracle every faster engine is tested against, so it stays simple:
place a queen in each row in turn, trying columns from left to right, and
keep three bitmasks of the columns and diagonals already attacked.  Trying
columns in increasing order makes solutions come out in lexicographic order.

Boards arrive as ``allowed``: per row, a bitmask of the columns where a queen
may stand (see :meth:`queens.board.Board.allowed_masks`).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence


def _free_columns(mask: int) -> Iterator[int]:
    """The set bits of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def solutions(allowed: Sequence[int]) -> Iterator[list[int]]:
    """Every placement of one queen per row inside ``allowed``, lexicographically.

    Yields a fresh list of 0-based columns per solution.
    """
    n = len(allowed)
    columns = [0] * n

    def place(row: int, cols: int, left: int, right: int) -> Iterator[list[int]]:
        # ``left`` holds the diagonals running up-left (shifted left each row),
        # ``right`` those running up-right (shifted right each row).
        if row == n:
            yield list(columns)
            return
        for col in _free_columns(allowed[row] & ~(cols | left | right)):
            columns[row] = col
            bit = 1 << col
            yield from place(row + 1, cols | bit, (left | bit) << 1, (right | bit) >> 1)

    yield from place(0, 0, 0, 0)


def count(allowed: Sequence[int]) -> int:
    """The number of solutions (the same search as :func:`solutions`, counting only)."""
    n = len(allowed)

    def place(row: int, cols: int, left: int, right: int) -> int:
        if row == n:
            return 1
        total = 0
        free = allowed[row] & ~(cols | left | right)
        while free:
            bit = free & -free
            free ^= bit
            total += place(row + 1, cols | bit, (left | bit) << 1, (right | bit) >> 1)
        return total

    return place(0, 0, 0, 0)
