"""Search events as a person reads them (1-based) and as JSON (0-based)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from queens.events import DeadEnd, Event, Found, Place, Remove


def event_text(event: Event) -> str:
    """One event in words: ``place queen at row 2, col 4`` (1-based, as the CLI numbers)."""
    if isinstance(event, Place):
        return f"place queen at row {event.row + 1}, col {event.col + 1}"
    if isinstance(event, Remove):
        return f"backtrack: remove queen at row {event.row + 1}, col {event.col + 1}"
    if isinstance(event, DeadEnd):
        return f"dead end: no free square in row {event.row + 1}"
    columns = ", ".join(str(c + 1) for c in event.columns)
    return f"solution {event.number}: [{columns}]"


def event_json(event: Event) -> dict[str, Any]:
    """One event as a JSON object, 0-based like every JSON output."""
    if isinstance(event, Place):
        return {"event": "place", "row": event.row, "col": event.col}
    if isinstance(event, Remove):
        return {"event": "remove", "row": event.row, "col": event.col}
    if isinstance(event, DeadEnd):
        return {"event": "dead-end", "row": event.row}
    return {"event": "solution", "number": event.number, "columns": list(event.columns)}


def numbered(step: int, text: str) -> str:
    """A log line: the 1-based step number right-aligned, then the text."""
    return f"{step:>4}  {text}"


def until_first_solution(events: Iterable[Event]) -> Iterator[Event]:
    """The events up to and including the first solution."""
    for event in events:
        yield event
        if isinstance(event, Found):
            return
