"""A count for the page, in pieces whose progress the page shows."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from queens import symmetry
from queens.board import Board
from queens.engines import Counts
from queens.engines.kernel import StopFlag

CountPart = Callable[[StopFlag], Counts]
"""One piece of a count: called with the run's stop flag, it returns its counts."""


def count_parts(board: Board) -> list[CountPart]:
    """The pieces of a board's count, whose sum is the board's count.

    A square board with a queen in every row goes through the counting
    engine's split (:mod:`queens.counting.split`), whose sub-problems give the
    progress; any other shape is one piece, counted by the kernel with the
    board's shape.
    """
    from queens.api import engine_shape
    from queens.counting.split import count_subproblem, split
    from queens.engines import kernel

    if board.is_square and board.is_full:
        return [partial(count_subproblem, part) for part in split(board).subproblems]
    allowed, group = board.allowed_masks(), symmetry.board_symmetries(board)
    return [partial(kernel.count, allowed, group, **engine_shape(board))]
