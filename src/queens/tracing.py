"""Search events: what a backtracking search does, step by step.

Every steppable algorithm yields the same event types (defined in
``queens.events``, 0-based like the rest of the library); the trace log,
the animation, the recursion tree and the web page all consume them.
``TRACERS`` holds every steppable algorithm's tracer by name.

Backtracking (and ``bitmask``, the same search) follows boards of any shape
and any number of queens; the other textbook algorithms are written for the
classic N x N board with N queens (reserved squares and fixed queens allowed)
and refuse any other with ``UnsupportedBoard``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Literal, get_args

from queens import algorithms
from queens.algorithms import bitmask
from queens.board import Board
from queens.events import DeadEnd, Event, Found, Place, Remove, Skip, Tracer
from queens.rules import Rule

__all__ = [
    "TRACERS",
    "DeadEnd",
    "Event",
    "Found",
    "Place",
    "Remove",
    "Skip",
    "Tracer",
    "UnknownAlgorithm",
    "UnsupportedBoard",
    "backtracking",
    "check_algorithm",
    "replay",
    "trace",
]

AlgorithmName = Literal[
    "backtracking", "permutations", "pruned-permutations", "array", "sets", "bitmask"
]
"""The name of a steppable algorithm: a key of ``TRACERS``."""

backtracking: Tracer = bitmask.trace
"""Row-by-row backtracking, columns left to right, as the reference solver searches."""

TRACERS: dict[str, Tracer] = {
    "backtracking": backtracking,
    **{name: algorithm.trace for name, algorithm in algorithms.ALGORITHMS.items()},
}
"""The steppable algorithms' tracers by name: the reference order first, then those of
``queens compare``."""


class UnknownAlgorithm(ValueError):
    """Not the name of a steppable algorithm.

    >>> try:
    ...     check_algorithm("quantum")
    ... except UnknownAlgorithm as error:
    ...     print(error.name)
    quantum
    """

    def __init__(self, name: str) -> None:
        super().__init__(f"unknown algorithm {name!r} (choose from {', '.join(TRACERS)})")
        self.name = name


def check_algorithm(name: str) -> AlgorithmName:
    """``name`` as an ``AlgorithmName``, or ``UnknownAlgorithm``.

    >>> check_algorithm("sets")
    'sets'
    """
    for known in _ALGORITHM_NAMES:
        if name == known:
            return known
    raise UnknownAlgorithm(name)


_ALGORITHM_NAMES: tuple[AlgorithmName, ...] = get_args(AlgorithmName)

ANY_SHAPE: frozenset[str] = frozenset({"backtracking", "bitmask"})
"""The algorithms that follow boards of any shape and any number of queens."""


class UnsupportedBoard(ValueError):
    """An algorithm written for N x N boards with N queens, given another board.

    >>> str(UnsupportedBoard("sets"))
    'the sets algorithm takes N x N boards with N queens only (backtracking takes any board)'
    """

    def __init__(self, name: str) -> None:
        super().__init__(
            f"the {name} algorithm takes N x N boards with N queens only "
            "(backtracking takes any board)"
        )
        self.name = name


def takes(algorithm: str, board: Board) -> bool:
    """Whether ``algorithm`` can follow a search of ``board``.

    >>> takes("sets", Board(8)), takes("sets", Board(8, k=5)), takes("backtracking", Board(8, k=5))
    (True, False, True)
    """
    return algorithm in ANY_SHAPE or (board.is_square and board.is_full)


TRACE_MAX_N = 900
"""The largest side traced: the algorithms keep arrays the size of the board and some
recurse once a row (Python allows about 1000 levels).  The command line stops far
below (``queens trace`` up to N = 64: the textbook algorithms are slow)."""


def trace(board_or_n: Board | int, algorithm: AlgorithmName = "backtracking") -> Iterator[Event]:
    """The events of ``algorithm`` searching a board (or an empty n x n board) for all solutions.

    >>> events = list(trace(4))
    >>> events[:3]
    [Place(row=0, col=0), Place(row=1, col=2), DeadEnd(row=2)]
    >>> [event for event in events if isinstance(event, Found)]
    [Found(columns=(1, 3, 0, 2), number=1), Found(columns=(2, 0, 3, 1), number=2)]
    >>> sum(isinstance(event, Place) for event in trace(4, "permutations"))
    64
    >>> [str(event) for event in trace(Board(2, height=3, k=1))][:3]
    ['Skip(row=0)', 'Skip(row=1)', 'Place(row=2, col=0)']

    Raises ``UnsupportedBoard`` for an algorithm that does not take the board, and
    ValueError for a side over ``TRACE_MAX_N`` (before any memory is spent).
    """
    board = _as_board(board_or_n)
    if max(board.size) > TRACE_MAX_N:
        raise ValueError(f"tracing goes up to N = {TRACE_MAX_N}, not {board.size_text}")
    name = check_algorithm(algorithm)
    if board.rule is not Rule.QUEEN:
        raise ValueError(f"queens trace supports the queen rule only, not {board.rule.value!r}")
    if not takes(name, board):
        raise UnsupportedBoard(name)
    return TRACERS[name](board)


def _as_board(board_or_n: Board | int) -> Board:
    if isinstance(board_or_n, Board):
        return board_or_n
    if isinstance(board_or_n, bool) or not isinstance(board_or_n, int):
        raise TypeError(f"expected a Board or a board size, got {board_or_n!r}")
    return Board.empty(board_or_n)


def replay(
    events: Iterable[Event], height: int, queens: int | None = None
) -> Iterator[tuple[int, ...]]:
    """The solutions a stream of events describes, rebuilt from places and removes alone
    (``queens``: how many a solution holds, default one a row; -1 for an empty row).

    >>> list(replay(trace(4), 4))
    [(1, 3, 0, 2), (2, 0, 3, 1)]
    >>> list(replay(trace(Board(2, height=3, k=1)), 3, 1))[:2]
    [(-1, -1, 0), (-1, -1, 1)]
    """
    wanted = height if queens is None else queens
    placed: dict[int, int] = {}
    for event in events:
        if isinstance(event, Place):
            placed[event.row] = event.col
        elif isinstance(event, Remove):
            del placed[event.row]
        elif isinstance(event, Found) and len(placed) == wanted:
            yield tuple(placed.get(r, -1) for r in range(height))
