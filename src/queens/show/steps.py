"""Search events as a person reads them (1-based); their JSON is ``queens.events.event_json``."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from queens.events import DeadEnd, Event, Found, Place, Remove, Skip


def event_text(event: Event) -> str:
    """One event in words: ``place queen at row 2, col 4`` (1-based, as the CLI numbers).

    A row left empty reads ``row 3 left empty``, and in a solution it is ``-``:

    >>> event_text(Skip(2)), event_text(Found((-1, 0, 2), 1))
    ('row 3 left empty', 'solution 1: [-, 1, 3]')
    """
    if isinstance(event, Place):
        return f"place queen at row {event.row + 1}, col {event.col + 1}"
    if isinstance(event, Remove):
        return f"backtrack: remove queen at row {event.row + 1}, col {event.col + 1}"
    if isinstance(event, Skip):
        return f"row {event.row + 1} left empty"
    if isinstance(event, DeadEnd):
        return f"dead end: no free square in row {event.row + 1}"
    columns = ", ".join("-" if c < 0 else str(c + 1) for c in event.columns)
    return f"solution {event.number}: [{columns}]"


def numbered(step: int, text: str) -> str:
    """A log line: the 1-based step number right-aligned, then the text."""
    return f"{step:>4}  {text}"


def until_first_solution(events: Iterable[Event]) -> Iterator[Event]:
    """The events up to and including the first solution."""
    for event in events:
        yield event
        if isinstance(event, Found):
            return
