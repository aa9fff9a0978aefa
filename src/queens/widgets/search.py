"""``Search``: a search stepped on its board in a notebook, forwards and back.

The board, the controls (play, pause, step, back, next solution, restart, speed), the
counters and the last events are drawn by ``static/widgets.js``; every step is taken here,
in Python, on ``queens.trace``'s events (``SearchSteps``), so ``widget.step()`` from a cell
and a click on the page move the same search.  While playing, the page asks for a batch
of steps at a time and waits for the answer before asking again, so a busy kernel slows
the play down rather than queueing steps.
"""

from __future__ import annotations

from typing import Any

from queens.board import Board
from queens.events import Event, Found
from queens.tracing import AlgorithmName
from queens.widgets._base import Handlers, traitlets
from queens.widgets.playing import Stepped, batch
from queens.widgets.stepping import MAX_EVENTS, SearchSteps

__all__ = ["DRAW_MAX_N", "Search"]

DRAW_MAX_N = 24
"""The largest side drawn as a board; a larger one gets the summary view (counters, the
placement as a list, the events)."""


class Search(Stepped):
    """A search of ``board_or_n`` (a ``Board`` or N) by ``algorithm``, stepped on its board.

    ``step()`` goes one event forwards, ``back()`` one back, ``next_solution()`` to the next
    solution; ``queens`` is the current placement (the column of each placed row, 0-based,
    as ``Solution.to_list()``), ``solutions`` the number found so far, ``nodes`` the queens
    placed so far.  At most ``max_events`` events are read: past that the search stops
    there, as it does when ``close()`` is called (the widget closed).

    >>> search = Search(4)  # a notebook shows the board when a cell ends with `search`
    >>> search.step(2), search.queens
    (Place(row=1, col=2), [0, 2])
    >>> search.next_solution(), search.queens, search.solutions
    (Found(columns=(1, 3, 0, 2), number=1), [1, 3, 0, 2], 1)
    >>> capped = Search(8, max_events=10)
    >>> last = capped.step(20)
    >>> capped.position, capped.status
    (10, 'stopped after 10 events (max_events): 0 solutions so far')
    """

    kind = traitlets.Unicode("search").tag(sync=True)

    algorithm = traitlets.Unicode().tag(sync=True)
    width = traitlets.Int().tag(sync=True)
    height = traitlets.Int().tag(sync=True)
    reserved: traitlets.List[Any] = traitlets.List().tag(sync=True)
    fixed: traitlets.List[Any] = traitlets.List().tag(sync=True)
    drawn = traitlets.Bool(True).tag(sync=True)
    columns: traitlets.List[Any] = traitlets.List().tag(sync=True)
    row = traitlets.Int(-1).tag(sync=True)
    position = traitlets.Int(0).tag(sync=True)
    nodes = traitlets.Int(0).tag(sync=True)
    solutions = traitlets.Int(0).tag(sync=True)
    lines: traitlets.List[Any] = traitlets.List().tag(sync=True)
    status = traitlets.Unicode("").tag(sync=True)

    def __init__(
        self,
        board_or_n: Board | int,
        algorithm: AlgorithmName = "backtracking",
        *,
        max_events: int = MAX_EVENTS,
        speed: int = 10,
    ) -> None:
        steps = SearchSteps(board_or_n, algorithm, max_events)
        board = steps.board
        super().__init__(
            algorithm=algorithm,
            width=board.width,
            height=board.height,
            reserved=sorted([list(square) for square in board.reserved]),
            fixed=sorted([list(square) for square in board.queens]),
            drawn=max(board.size) <= DRAW_MAX_N,
            speed=speed,
        )
        self._steps = steps
        self._sync()

    @property
    def board(self) -> Board:
        """The board searched (an N given is the empty N x N board).

        >>> Search(5).board
        Board(5)
        """
        return self._steps.board

    @property
    def queens(self) -> list[int]:
        """The column of each placed row, 0-based, top row first (as ``Solution.to_list()``).

        >>> search = Search(6)
        >>> search.queens
        []
        >>> found = search.next_solution()
        >>> search.queens
        [1, 3, 5, 0, 2, 4]
        """
        return self._steps.queens

    @property
    def events(self) -> list[Event]:
        """The events stepped over so far, in order (as ``queens.trace`` yields them).

        >>> search = Search(4)
        >>> search.step(3)
        DeadEnd(row=2)
        >>> search.events
        [Place(row=0, col=0), Place(row=1, col=2), DeadEnd(row=2)]
        """
        return self._steps.seen[: self._steps.position]

    def step(self, count: int = 1) -> Event | None:
        """Go ``count`` events forwards; the last one stepped over (None if none was).

        >>> search = Search(4)
        >>> search.step(), search.step(2), search.position
        (Place(row=0, col=0), DeadEnd(row=2), 3)
        """
        event = None
        for _ in range(count):
            made = self._steps.step()
            if made is None:
                break
            event = made
        self._sync()
        return event

    def back(self) -> Event | None:
        """Take the last event back; the event taken back (None at the start).

        >>> search = Search(4)
        >>> search.back() is None
        True
        >>> search.step(2), search.back(), search.queens
        (Place(row=1, col=2), Place(row=1, col=2), [0])
        """
        event = self._steps.back()
        self._sync()
        return event

    def next_solution(self) -> Found | None:
        """Step up to the next solution (None if the search ends, or stops, first).

        >>> search = Search(4)
        >>> search.next_solution(), search.next_solution(), search.next_solution()
        (Found(columns=(1, 3, 0, 2), number=1), Found(columns=(2, 0, 3, 1), number=2), None)
        >>> search.status
        'the search is over after 38 steps: 2 solutions'
        """
        found = self._steps.next_solution()
        self._sync()
        return found

    def restart(self) -> None:
        """Back to the start (the events read so far are kept, not read again).

        >>> search = Search(4)
        >>> search.next_solution().number
        1
        >>> search.restart()
        >>> search.position, search.queens, search.solutions
        (0, [], 0)
        >>> search.next_solution().number  # the same search, stepped again
        1
        """
        while self._steps.back() is not None:
            pass
        self._sync()

    def close(self) -> None:
        """Stop the search (its events are no longer read) and close the widget.

        >>> search = Search(8)
        >>> search.step(3)
        Place(row=2, col=4)
        >>> search.close()
        >>> search.step() is None, search.status
        (True, 'stopped at step 3')
        """
        steps = getattr(self, "_steps", None)  # None: closed by a failed __init__
        if steps is not None:
            steps.close()
        self.playing = False
        super().close()

    def _handlers(self) -> Handlers:
        return {
            "step": lambda message: self.step(batch(message)),
            "back": lambda _: self.back(),
            "solution": lambda _: self.next_solution(),
            "restart": lambda _: self.restart(),
            "tick": self.tick,
        }

    def _sync(self) -> None:
        steps = self._steps
        with self.hold_sync():
            self.changed()
            self.columns = list(steps.columns)
            self.row = -1 if steps.row is None else steps.row
            self.position = steps.position
            self.nodes = steps.nodes
            self.solutions = steps.solutions
            self.lines = steps.log()
            self.finished = steps.finished
            self.status = _status(steps)
            if steps.finished:
                self.playing = False


def _status(steps: SearchSteps) -> str:
    if not steps.finished:
        return f"step {steps.position:,}"
    if steps.stopped:
        return f"stopped at step {steps.position:,}"
    if steps.capped:
        return (
            f"stopped after {steps.max_events:,} events (max_events): "
            f"{steps.solutions:,} solutions so far"
        )
    found = "1 solution" if steps.solutions == 1 else f"{steps.solutions:,} solutions"
    return f"the search is over after {steps.position:,} steps: {found}"
