"""queens: solve, count, check and show N-Queens placements."""

from queens.api import count, solutions, solve
from queens.board import Board, BoardError
from queens.solution import Solution
from queens.symmetry import Symmetry
from queens.tracing import trace

__version__ = "0.1.0"

__all__ = [
    "Board",
    "BoardError",
    "Solution",
    "Symmetry",
    "__version__",
    "count",
    "solutions",
    "solve",
    "trace",
]
