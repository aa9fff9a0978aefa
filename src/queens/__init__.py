"""queens: solve, count, check and show N-Queens placements.

The names here (``solve``, ``solutions``, ``count``, ``counts``,
``trace``, ``Board``, ``Solution``, ``Symmetry``, ...) are the
library's front door.  Its public modules, from the bottom up (each imports only
those before it; ``lint-imports`` checks it, see ``pyproject.toml``):

- the board model: ``queens.rules`` (attack rules), ``queens.notation``
  (column lists and letters), ``queens.located`` (errors located in text),
  ``queens.board`` (``Board``, board text, sizes), ``queens.symmetry``,
  ``queens.validate``, ``queens.solution`` (``Solution``),
  ``queens.events`` (search events);
- the engines: ``queens.engines`` (counting and the C kernel, hard boards, any N),
  ``queens.puzzle`` (the region puzzle), ``queens.algorithms`` (the textbook
  searches);
- orchestration: ``queens.api`` (solve, solutions, count), ``queens.counting``
  (split counts, executors, checkpoints), ``queens.tracing``,
  ``queens.hard_boards`` (generated boards for the hard-board engines);
- presentation: ``queens.formats`` (text formats), ``queens.checking``
  (reading them back), ``queens.show`` (pictures);
- the command (``queens.cli``) and the web page (``queens.web``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from queens.api import Undecided, count, counts, solutions, solve
from queens.board import Board, BoardError
from queens.counting.estimate import CountTooLong
from queens.engines import Counts
from queens.solution import Solution
from queens.symmetry import Symmetry

if TYPE_CHECKING:
    from queens.engines.hard.sat import SolverMissing
    from queens.events import Event
    from queens.tracing import AlgorithmName

__version__ = "0.2.0"
"""The version, written here only (pyproject.toml reads it; CHANGELOG.md says what changed)."""


def trace(board_or_n: Board | int, algorithm: AlgorithmName = "backtracking") -> Iterator[Event]:
    """The search events of ``algorithm`` on a board or an n x n board (see ``queens.tracing``).

    The algorithms are imported on first use, so ``import queens`` stays quick.

    >>> next(trace(4))
    Place(row=0, col=0)
    >>> from queens.events import Found
    >>> sum(isinstance(event, Found) for event in trace(6, algorithm="sets"))
    4
    """
    from queens.tracing import trace as events_of  # lazy: ``import queens`` stays quick

    return events_of(board_or_n, algorithm)


def __getattr__(name: str) -> Any:
    """``SolverMissing`` on first use: its module (the SAT engine) loads multiprocessing."""
    if name == "SolverMissing":
        from queens.engines.hard.sat import SolverMissing  # lazy: loads multiprocessing

        return SolverMissing
    raise AttributeError(f"module 'queens' has no attribute {name!r}")


__all__ = [
    "Board",
    "BoardError",
    "CountTooLong",
    "Counts",
    "Solution",
    "SolverMissing",
    "Symmetry",
    "Undecided",
    "__version__",
    "count",
    "counts",
    "solutions",
    "solve",
    "trace",
]
