"""``Compare``: the textbook algorithms of ``queens compare`` side by side in a notebook.

One small board per algorithm (``queens.algorithms``, slowest first), each stepping its
own search (``SearchSteps`` over ``queens.trace``) in lockstep: an event of each per step,
so the boards show which search wastes its nodes where.  ``table()`` runs them to the end
without events, as ``queens compare`` does (``queens.show.compare``: an algorithm
estimated to take longer than ``limit_seconds`` is skipped), with the library's engine
last, and shows the table under the boards.
"""

from __future__ import annotations

from typing import Any

from queens.algorithms import ALGORITHMS
from queens.board import Board
from queens.engines.counting import kernel
from queens.show.compare import Row, compare, disagreement
from queens.show.durations import describe_seconds
from queens.tracing import check_algorithm
from queens.widgets._base import Handlers, traitlets
from queens.widgets.playing import Stepped
from queens.widgets.stepping import MAX_EVENTS, SearchSteps

__all__ = ["LIMIT_SECONDS", "MAX_N", "Compare"]

MAX_N = 12
"""The largest board compared here (five boards drawn side by side; ``queens compare``
itself goes further, as a table)."""

LIMIT_SECONDS = 10.0
"""The table's time limit per algorithm, as ``queens compare``'s default."""


class Compare(Stepped):
    """The textbook algorithms on an N x N board (N, or a ``Board`` with N queens),
    side by side: ``step()`` moves every search one event on; ``nodes`` and ``solutions``
    map each algorithm's name to its counts so far; ``table()`` runs them all to the end.

    >>> compare = Compare(5)
    >>> compare.step(10)
    >>> compare.nodes
    {'permutations': 7, 'pruned-permutations': 5, 'array': 5, 'sets': 5, 'bitmask': 5}
    >>> Compare(13)
    Traceback (most recent call last):
    ...
    ValueError: Compare draws boards up to N = 12, not 13
    """

    kind = traitlets.Unicode("compare").tag(sync=True)

    size = traitlets.Int().tag(sync=True)
    runs: traitlets.List[Any] = traitlets.List().tag(sync=True)
    rows: traitlets.List[Any] = traitlets.List().tag(sync=True)
    note = traitlets.Unicode("").tag(sync=True)

    def __init__(
        self, n: Board | int, *, max_events: int = MAX_EVENTS, limit_seconds: float = LIMIT_SECONDS
    ) -> None:
        board = Board.of(n)
        if not (board.is_square and board.is_full):
            raise ValueError("Compare takes N x N boards with N queens (as queens compare)")
        if board.n > MAX_N:
            raise ValueError(f"Compare draws boards up to N = {MAX_N}, not {board.n}")
        super().__init__(size=board.n)
        self.board = board
        self.limit_seconds = limit_seconds
        self._searches = {
            name: SearchSteps(board, check_algorithm(name), max_events) for name in ALGORITHMS
        }
        self._sync()

    @property
    def nodes(self) -> dict[str, int]:
        """The queens each algorithm has placed so far, by name.

        >>> compare = Compare(6)
        >>> compare.step(30)  # the permutations place more queens for nothing
        >>> compare.nodes["bitmask"], compare.nodes["permutations"]
        (14, 18)
        """
        return {name: steps.nodes for name, steps in self._searches.items()}

    @property
    def solutions(self) -> dict[str, int]:
        """The solutions each algorithm has found so far, by name.

        >>> compare = Compare(5)
        >>> compare.step(30)
        >>> compare.solutions
        {'permutations': 0, 'pruned-permutations': 2, 'array': 2, 'sets': 2, 'bitmask': 2}
        """
        return {name: steps.solutions for name, steps in self._searches.items()}

    def queens(self, algorithm: str) -> list[int]:
        """One algorithm's current placement (the column of each placed row, 0-based).

        >>> compare = Compare(5)
        >>> compare.step(2)
        >>> compare.queens("bitmask"), compare.queens("permutations")
        ([0, 2], [0, 1])
        """
        return self._searches[algorithm].queens

    def step(self, count: int = 1) -> None:
        """Every search still going ``count`` events on.

        >>> compare = Compare(4)
        >>> compare.step(1000)  # past the end: each search stops at its last event
        >>> compare.finished, compare.solutions["sets"]
        (True, 2)
        """
        for steps in self._searches.values():
            steps.forwards(count)
        self._sync()

    def restart(self) -> None:
        """Every search back to its start.

        >>> compare = Compare(5)
        >>> compare.step(10)
        >>> compare.restart()
        >>> compare.nodes
        {'permutations': 0, 'pruned-permutations': 0, 'array': 0, 'sets': 0, 'bitmask': 0}
        """
        for steps in self._searches.values():
            while steps.back() is not None:
                pass
        self._sync()

    def table(self) -> list[Row]:
        """Every algorithm run to the end without events, as ``queens compare`` runs them
        (one skipped when estimated over ``limit_seconds``), the library's engine last.

        >>> compare = Compare(5)
        >>> rows = compare.table()
        >>> for row in rows[:-1]:
        ...     print(row.name, row.solutions, row.nodes)
        permutations 10 325
        pruned-permutations 10 53
        array 10 53
        sets 10 53
        bitmask 10 53
        >>> rows[-1].solutions, compare.note
        (10, 'all that ran agree')
        """
        found = list(compare(self.board, self.limit_seconds, kernel.description()))
        with self.hold_sync():
            self.changed()
            self.rows = [_row_json(row) for row in found]
            problem = disagreement(found)
            self.note = f"WRONG ANSWER, {problem}" if problem else "all that ran agree"
        return found

    def close(self) -> None:
        """Stop the searches and close the widget.

        >>> compare = Compare(8)
        >>> compare.step(3)
        >>> compare.close()
        >>> compare.step(3)
        >>> compare.nodes["bitmask"], compare.finished
        (3, True)
        """
        for steps in getattr(self, "_searches", {}).values():  # none: a failed __init__
            steps.close()
        self.playing = False
        super().close()

    def _handlers(self) -> Handlers:
        return {
            "step": lambda _: self.step(),
            "restart": lambda _: self.restart(),
            "table": lambda _: self.table(),
            "tick": self.tick,
        }

    def _sync(self) -> None:
        with self.hold_sync():
            self.changed()
            self.runs = [
                {
                    "name": name,
                    "summary": ALGORITHMS[name].summary,
                    "columns": list(steps.columns),
                    "row": -1 if steps.row is None else steps.row,
                    "position": steps.position,
                    "nodes": steps.nodes,
                    "solutions": steps.solutions,
                    "finished": steps.finished,
                }
                for name, steps in self._searches.items()
            ]
            self.finished = all(steps.finished for steps in self._searches.values())
            if self.finished:
                self.playing = False


def _row_json(row: Row) -> dict[str, object]:
    return {
        "name": row.name,
        "solutions": row.solutions,
        "nodes": row.nodes,
        "time": None if row.seconds is None else describe_seconds(row.seconds),
        "skipped": row.skipped,
    }
