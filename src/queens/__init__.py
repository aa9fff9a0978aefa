"""queens: solve, count, check and show N-Queens placements."""

import sys

from queens.api import count, solutions, solve
from queens.board import Board, BoardError
from queens.solution import Solution
from queens.symmetry import Symmetry

# Bound after the submodule import on purpose: from here on ``queens.trace`` is the
# function (``from queens.trace import Place`` still reads the module).
from queens.trace import trace

__version__ = "0.1.0"


def _mirror_trace_module() -> None:
    """Give the function ``queens.trace`` the public names of the module ``queens.trace``.

    ``import queens.trace as events`` looks ``trace`` up on this package, where it is
    the function; with the module's names on it, that spelling keeps working
    (``events.ALGORITHMS``, ``events.Place``...) as it did before the function existed.
    """
    module = sys.modules["queens.trace"]
    for name in module.__all__:
        setattr(trace, name, getattr(module, name))


_mirror_trace_module()

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
