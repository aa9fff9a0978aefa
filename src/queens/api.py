"""The public functions: solve, solutions, count.

Each takes a board size ``n`` or a :class:`~queens.board.Board`.
"""

from __future__ import annotations

from collections.abc import Iterator

from queens import symmetry
from queens.board import Board
from queens.engines import Counts, reference
from queens.engines.budget import Deadline, Undecided
from queens.solution import Solution

__all__ = ["METHODS", "Undecided", "count", "counts", "solutions", "solve"]

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
    found = (Solution(columns) for columns in reference.solutions(board.allowed_masks()))
    if not unique:
        yield from found
        return
    group = symmetry.board_symmetries(board)
    for solution in found:
        if symmetry.is_canonical(solution, group):
            yield solution


METHODS = ("auto", "search", "propagate", "sat")
"""Ways of finding one solution; ``auto`` picks by board size and constraints."""

BOARD_METHODS = ("auto", "search", "propagate", "sat")
"""The methods that honour reserved squares and fixed queens."""


def solve(
    board_or_n: BoardOrN,
    *,
    method: str = "auto",
    seed: int | None = None,
    timeout: float | None = None,
) -> Solution | None:
    """One solution, or None when there is none.

    ``search`` gives the lexicographically first solution.  ``seed`` and
    ``timeout`` are for the methods that use them: ``propagate``, ``sat`` and
    ``auto`` on a board with constraints raise :class:`Undecided` when
    ``timeout`` seconds pass without an answer.  ``sat`` needs the ``sat``
    extra (``SolverMissing`` otherwise).
    """
    if method not in METHODS:
        raise ValueError(f"unknown method {method!r} (choose from {', '.join(METHODS)})")
    board = as_board(board_or_n)
    if not board.is_plain and method not in BOARD_METHODS:
        raise ValueError(
            f"method {method!r} cannot honour reserved squares or fixed queens "
            f"(use {', '.join(BOARD_METHODS)})"
        )
    if method in ("propagate", "sat") or (method == "auto" and not board.is_plain):
        return _solve_hard(board, method, timeout)
    return next(solutions(board), None)


def _solve_hard(board: Board, method: str, timeout: float | None) -> Solution | None:
    """The engines for hard boards: propagating search, SAT, or both (``auto``)."""
    from queens.engines import portfolio, propagate, sat

    engines = {"auto": portfolio.solve, "propagate": propagate.solve, "sat": sat.solve}
    columns = engines[method](board.allowed_masks(), deadline=Deadline(timeout))
    return None if columns is None else Solution(columns)


def count(board_or_n: BoardOrN, *, unique: bool = False) -> int:
    """The number of solutions (with ``unique``, of fundamental solutions)."""
    board = as_board(board_or_n)
    if unique:
        return counts(board).unique
    return reference.count(board.allowed_masks())


def counts(board_or_n: BoardOrN) -> Counts:
    """Total and fundamental counts together, from one search."""
    board = as_board(board_or_n)
    group = symmetry.board_symmetries(board)
    total = unique = 0
    for columns in reference.solutions(board.allowed_masks()):
        total += 1
        unique += symmetry.is_canonical(columns, group)
    return Counts(total, unique)
