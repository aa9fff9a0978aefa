"""A count for the page, in pieces whose progress the page shows."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from queens.board import Board
from queens.counting.split import count_subproblem, split
from queens.engines import Counts
from queens.engines.counting.kernel import StopFlag

CountPart = Callable[[StopFlag], Counts]
"""One piece of a count: called with the run's stop flag, it returns its counts."""


def count_parts(board: Board) -> list[CountPart]:
    """The pieces of a board's count, whose sum is the board's count.

    Every shape goes through the counting engine's split
    (``queens.counting.split``), whose sub-problems give the progress and
    stop between them.
    """
    return [partial(count_subproblem, part) for part in split(board).subproblems]
