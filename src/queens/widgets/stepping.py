"""A search stepped forwards and back, one ``queens.trace`` event at a time.

The events come from ``queens.tracing.trace``, read lazily: a step reads the next event
only when it goes past those already seen, so a search is never run ahead of the board.
The events seen are kept (to step back), at most ``max_events`` of them: past that the
search stops there (``capped``), so a runaway search cannot fill the memory.  No anywidget
here: ``queens.widgets.Search`` and ``Compare`` draw this state.

>>> steps = SearchSteps(4)
>>> [steps.step() for _ in range(3)]
[Place(row=0, col=0), Place(row=1, col=2), DeadEnd(row=2)]
>>> steps.queens, steps.nodes, steps.row
([0, 2], 2, 2)
>>> steps.back(), steps.queens
(DeadEnd(row=2), [0, 2])
>>> steps.next_solution(), steps.solutions
(Found(columns=(1, 3, 0, 2), number=1), 1)
"""

from __future__ import annotations

from collections.abc import Iterator

from queens.board import Board
from queens.events import DeadEnd, Event, Found, Place, Remove, Skip
from queens.show.steps import event_text, numbered
from queens.tracing import AlgorithmName, trace

MAX_EVENTS = 200_000
"""Events kept by default (19 MB measured with tracemalloc): a 10 x 10 board's whole
backtracking search (83,850 events) fits, an 11 x 11 one (394,926) stops part way."""

LOG_LINES = 12
"""Events listed under the board: the last ones up to the current step."""


class SearchSteps:
    """One search of ``board_or_n`` by ``algorithm``, at event ``position`` of those seen."""

    def __init__(
        self,
        board_or_n: Board | int,
        algorithm: AlgorithmName = "backtracking",
        max_events: int = MAX_EVENTS,
    ) -> None:
        if isinstance(max_events, bool) or not isinstance(max_events, int) or max_events < 1:
            raise ValueError(f"max_events must be a whole number at least 1, not {max_events!r}")
        self._events: Iterator[Event] = trace(board_or_n, algorithm)  # checks the board
        self.board = Board.of(board_or_n)
        self.algorithm = algorithm
        self.max_events = max_events
        self.seen: list[Event] = []
        self.position = 0
        self.columns = [-1] * self.board.height
        self.nodes = 0
        self.solutions = 0
        self.exhausted = False
        self.stopped = False

    @property
    def queens(self) -> list[int]:
        """The column of each placed row, 0-based, top row first (as ``Solution.to_list``)."""
        return [col for col in self.columns if col >= 0]

    @property
    def capped(self) -> bool:
        """Stopped at ``max_events`` events with the search not over."""
        return not self.exhausted and len(self.seen) >= self.max_events

    @property
    def finished(self) -> bool:
        """No step forwards is left: the search is over (or capped) and every event shown."""
        return self.position == len(self.seen) and (self.exhausted or self.stopped or self.capped)

    @property
    def current(self) -> Event | None:
        """The last event stepped over (None before the first)."""
        return self.seen[self.position - 1] if self.position else None

    @property
    def row(self) -> int | None:
        """The row the search stands in: that of the last event (None at a solution)."""
        event = self.current
        return None if event is None or isinstance(event, Found) else event.row

    def _read(self) -> Event | None:
        if self.exhausted or self.stopped or self.capped:
            return None
        event = next(self._events, None)
        if event is None:
            self.exhausted = True
        else:
            self.seen.append(event)
        return event

    def step(self) -> Event | None:
        """Go one event forwards and return it (None at the end, or at the cap)."""
        if self.position == len(self.seen) and self._read() is None:
            return None
        event = self.seen[self.position]
        self.position += 1
        self._apply(event, forwards=True)
        return event

    def back(self) -> Event | None:
        """Take the last event back and return it (None at the start)."""
        if not self.position:
            return None
        self.position -= 1
        event = self.seen[self.position]
        self._apply(event, forwards=False)
        return event

    def forwards(self, count: int) -> int:
        """Up to ``count`` steps forwards; how many were made."""
        made = 0
        while made < count and self.step() is not None:
            made += 1
        return made

    def next_solution(self) -> Found | None:
        """Step up to the next solution and return it (None if the search ends first)."""
        while (event := self.step()) is not None:
            if isinstance(event, Found):
                return event
        return None

    def _apply(self, event: Event, forwards: bool) -> None:
        sign = 1 if forwards else -1
        if isinstance(event, Place):
            self.columns[event.row] = event.col if forwards else -1
            self.nodes += sign
        elif isinstance(event, Remove):
            self.columns[event.row] = -1 if forwards else event.col
        elif isinstance(event, Found):
            self.solutions += sign
        else:  # a dead end or a row skipped: nothing on the board changes
            assert isinstance(event, DeadEnd | Skip)

    def log(self, lines: int = LOG_LINES) -> list[str]:
        """The last events up to here, as ``queens trace`` prints them (1-based)."""
        start = max(0, self.position - lines)
        return [
            numbered(step + 1, event_text(self.seen[step])) for step in range(start, self.position)
        ]

    def close(self) -> None:
        """Stop the search: its generator is closed and no event is read again."""
        close = getattr(self._events, "close", None)
        if close is not None:
            close()
        self.stopped = True
