"""Events in words (1-based) and as JSON (0-based)."""

from __future__ import annotations

import json

from queens.events import DeadEnd, Found, Place, Remove
from queens.show.steps import event_json, event_text, numbered, until_first_solution
from queens.tracing import trace


def test_words_are_one_based() -> None:
    assert event_text(Place(1, 3)) == "place queen at row 2, col 4"
    assert event_text(Remove(1, 3)) == "backtrack: remove queen at row 2, col 4"
    assert event_text(DeadEnd(2)) == "dead end: no free square in row 3"
    assert event_text(Found((1, 3, 0, 2), 1)) == "solution 1: [2, 4, 1, 3]"


def test_json_is_zero_based() -> None:
    assert event_json(Place(1, 3)) == {"event": "place", "row": 1, "col": 3}
    assert event_json(Remove(0, 0)) == {"event": "remove", "row": 0, "col": 0}
    assert event_json(DeadEnd(2)) == {"event": "dead-end", "row": 2}
    found = event_json(Found((1, 3, 0, 2), 2))
    assert json.loads(json.dumps(found)) == {
        "event": "solution",
        "number": 2,
        "columns": [1, 3, 0, 2],
    }


def test_numbered_lines() -> None:
    assert numbered(7, "x") == "   7  x"
    assert numbered(12345, "x") == "12345  x"


def test_until_first_solution() -> None:
    events = list(until_first_solution(trace(6)))
    assert isinstance(events[-1], Found) and events[-1].number == 1
    assert sum(isinstance(e, Found) for e in events) == 1
    assert list(until_first_solution(trace(3))) == list(trace(3))  # none: all events
