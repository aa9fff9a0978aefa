"""A search taken a batch of events at a time, with the page's live counters.

The events are those of ``queens.tracing.trace``; this module only counts
them (the app sends them as ``queens.events.event_json`` writes them, and
the page draws them).  No search logic lives in the page.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import asdict, dataclass
from itertools import islice

from queens.board import Board
from queens.tracing import AlgorithmName, Event, Found, Place, Remove, trace
from queens.web import limits


@dataclass
class Counters:
    """What the page shows beside the board.

    ``steps``: events so far; ``depth``: queens on the board now; ``nodes``:
    queens placed so far (the nodes of the recursion tree below its root);
    ``solutions``: solutions found so far.
    """

    steps: int = 0
    depth: int = 0
    nodes: int = 0
    solutions: int = 0

    def count(self, event: Event) -> None:
        self.steps += 1
        if isinstance(event, Place):
            self.depth += 1
            self.nodes += 1
        elif isinstance(event, Remove):
            self.depth -= 1
        elif isinstance(event, Found):
            self.solutions += 1

    def to_json(self) -> dict[str, int]:
        return asdict(self)


class Stepper:
    """The events of one search, handed out in batches.

    ``finished`` turns true with the batch that holds the last event (one
    event is read ahead for that), so the page learns of the end at once.
    For small boards the events so far are kept for the recursion tree.
    """

    def __init__(self, board: Board, algorithm: AlgorithmName) -> None:
        self.board = board
        self.algorithm = algorithm
        self.counters = Counters()
        self.history: list[Event] | None = [] if max(board.size) <= limits.TREE_MAX_N else None
        self._events: Iterator[Event] = trace(board, algorithm)
        self._ahead: Event | None = next(self._events, None)

    @property
    def finished(self) -> bool:
        return self._ahead is None

    def take(self, count: int) -> list[Event]:
        """Up to ``count`` next events (fewer only at the end of the search)."""
        if self._ahead is None or count < 1:
            return []
        batch = [self._ahead, *islice(self._events, count - 1)]
        self._ahead = next(self._events, None) if len(batch) == count else None
        for event in batch:
            self.counters.count(event)
        if self.history is not None:
            self.history.extend(batch)
        return batch
