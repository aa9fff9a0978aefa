"""The one JSON form of search events (0-based), shared by trace --json and the web page."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from queens.board import Board
from queens.events import DeadEnd, Event, Found, Place, Remove, Skip, event_json
from queens.tracing import TRACERS, trace
from strategies import boards, shaped_boards


def test_json_is_zero_based() -> None:
    assert event_json(Place(1, 3)) == {"event": "place", "row": 1, "col": 3}
    assert event_json(Remove(0, 0)) == {"event": "remove", "row": 0, "col": 0}
    assert event_json(DeadEnd(2)) == {"event": "dead-end", "row": 2}
    assert event_json(Found((1, 3, 0, 2), 2)) == {
        "event": "solution",
        "number": 2,
        "columns": [1, 3, 0, 2],
    }


def test_anything_else_is_refused() -> None:
    with pytest.raises(TypeError, match="not a search event"):
        event_json((0, 1))  # type: ignore[arg-type]


def _read(message: dict[str, Any]) -> Event:
    """The event a JSON object stands for: the inverse the page and scripts rely on."""
    kind = message.pop("event")
    if kind == "place":
        return Place(**message)
    if kind == "remove":
        return Remove(**message)
    if kind == "skip":
        return Skip(**message)
    if kind == "dead-end":
        return DeadEnd(**message)
    assert kind == "solution", kind
    return Found(tuple(message["columns"]), message["number"])


@settings(deadline=None)  # a permutations search of 6 x 6 takes its time on a loaded machine
@given(boards(max_n=6), st.sampled_from(list(TRACERS)))
def test_every_event_survives_json(board: Board, algorithm: str) -> None:
    for event in trace(board, algorithm):
        assert _read(json.loads(json.dumps(event_json(event)))) == event


@settings(deadline=None)
@given(shaped_boards(max_side=5))
def test_every_event_of_any_shape_survives_json(board: Board) -> None:
    for event in trace(board):
        assert _read(json.loads(json.dumps(event_json(event)))) == event


def test_a_row_left_empty_as_json() -> None:
    assert event_json(Skip(3)) == {"event": "skip", "row": 3}
    assert event_json(Found((-1, 2), 1)) == {"event": "solution", "number": 1, "columns": [-1, 2]}
