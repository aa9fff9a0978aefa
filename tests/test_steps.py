"""Events in words (1-based); their JSON is tested in test_events.py."""

from __future__ import annotations

from queens.events import DeadEnd, Found, Place, Remove, Skip
from queens.show.steps import event_text, numbered, until_first_solution
from queens.tracing import trace


def test_words_are_one_based() -> None:
    assert event_text(Place(1, 3)) == "place queen at row 2, col 4"
    assert event_text(Remove(1, 3)) == "backtrack: remove queen at row 2, col 4"
    assert event_text(DeadEnd(2)) == "dead end: no free square in row 3"
    assert event_text(Found((1, 3, 0, 2), 1)) == "solution 1: [2, 4, 1, 3]"


def test_numbered_lines() -> None:
    assert numbered(7, "x") == "   7  x"
    assert numbered(12345, "x") == "12345  x"


def test_until_first_solution() -> None:
    events = list(until_first_solution(trace(6)))
    assert isinstance(events[-1], Found) and events[-1].number == 1
    assert sum(isinstance(e, Found) for e in events) == 1
    assert list(until_first_solution(trace(3))) == list(trace(3))  # none: all events


def test_a_row_left_empty_in_words() -> None:
    assert event_text(Skip(2)) == "row 3 left empty"
    assert event_text(Found((-1, 0, -1, 2), 3)) == "solution 3: [-, 1, -, 3]"
