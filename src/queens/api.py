"""The public functions: solve, solutions, count.

Each takes a board size ``n`` or a :class:`~queens.board.Board`.
"""

from __future__ import annotations

from collections.abc import Iterator

from queens import symmetry
from queens.board import Board
from queens.engines import Counts, kernel
from queens.solution import Solution

BoardOrN = Board | int


def as_board(board_or_n: BoardOrN) -> Board:
    """A :class:`Board` for a board or a size (an empty board of that size)."""
    if isinstance(board_or_n, Board):
        return board_or_n
    if isinstance(board_or_n, bool) or not isinstance(board_or_n, int):
        raise TypeError(f"expected a Board or a board size, got {board_or_n!r}")
    return Board.empty(board_or_n)


def solutions(board_or_n: BoardOrN, *, unique: bool = False) -> Iterator[Solution]:
    """All solutions in lexicographic order, as a generator.

    With ``unique``, only the fundamental ones: each class of solutions that
    the board's own symmetries map onto each other, represented by its
    lexicographically smallest member.
    """
    board = as_board(board_or_n)
    group = symmetry.board_symmetries(board) if unique else ()
    for columns in kernel.solutions(board.allowed_masks(), group):
        yield Solution(columns)


METHODS = ("auto", "search")
"""Ways of finding one solution; ``auto`` picks by board size and constraints."""


def solve(
    board_or_n: BoardOrN,
    *,
    method: str = "auto",
    seed: int | None = None,
    timeout: float | None = None,
) -> Solution | None:
    """One solution, or None when there is none.

    ``search`` gives the lexicographically first solution.  ``seed`` and
    ``timeout`` are for the methods that use them.
    """
    if method not in METHODS:
        raise ValueError(f"unknown method {method!r} (choose from {', '.join(METHODS)})")
    return next(solutions(board_or_n), None)


def count(board_or_n: BoardOrN, *, unique: bool = False) -> int:
    """The number of solutions (with ``unique``, of fundamental solutions)."""
    board = as_board(board_or_n)
    if unique or board.is_plain:
        found = counts(board)
        return found.unique if unique else found.total
    return kernel.count(board.allowed_masks()).total


def counts(board_or_n: BoardOrN) -> Counts:
    """Total and fundamental counts together, from one search (in this process).

    For many cores, split the count: see :mod:`queens.counting`.
    """
    board = as_board(board_or_n)
    if board.is_plain and board.n >= kernel.SYMMETRIC_MIN_N:
        return kernel.count_symmetric(board.n)
    return kernel.count(board.allowed_masks(), symmetry.board_symmetries(board))
