"""queens: solve, count, check and show N-Queens placements."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from queens.api import count, counts, solutions, solve
from queens.board import Board, BoardError
from queens.counting.estimate import CountTooLong
from queens.solution import Solution
from queens.symmetry import Symmetry

if TYPE_CHECKING:
    from queens.events import Event

__version__ = "0.1.0"


def trace(board_or_n: Board | int, algorithm: str = "backtracking") -> Iterator[Event]:
    """The search events of ``algorithm`` on a board or an n x n board (see :mod:`queens.tracing`).

    The algorithms are imported on first use, so ``import queens`` stays quick.
    """
    from queens.tracing import trace as events_of

    return events_of(board_or_n, algorithm)


__all__ = [
    "Board",
    "BoardError",
    "CountTooLong",
    "Solution",
    "Symmetry",
    "__version__",
    "count",
    "counts",
    "solutions",
    "solve",
    "trace",
]
