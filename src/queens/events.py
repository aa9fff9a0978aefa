"""Search events: what a backtracking search does, step by step.

Every steppable algorithm yields the same event types, 0-based like
the rest of the library, and ``event_json`` is their one JSON form, read
by ``queens trace --json`` and the web page alike.  They live below
``queens.tracing`` so that the algorithms in ``queens.algorithms`` can
emit them and ``trace`` can register the algorithms without an import cycle.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from queens.board import Board


@dataclass(frozen=True)
class _OnSquare:
    """An event about the queen on ``(row, col)``."""

    row: int
    col: int


class Place(_OnSquare):
    """A queen is put on ``(row, col)``: one node of the search tree.

    >>> Place(0, 1)
    Place(row=0, col=1)
    """


class Remove(_OnSquare):
    """Backtracking: the queen on ``(row, col)`` is taken off again.

    >>> Remove(0, 1), Remove(0, 1) == Place(0, 1)
    (Remove(row=0, col=1), False)
    """


@dataclass(frozen=True)
class DeadEnd:
    """No square is left for a queen in ``row`` (the queens above stay).

    >>> DeadEnd(2)
    DeadEnd(row=2)
    """

    row: int


@dataclass(frozen=True)
class Skip:
    """``row`` is left without a queen (fewer queens than rows): a branch of its own.

    The search tries it before every column of the row, as the reference
    solver does.  Nothing is placed, so no event takes it back: the next
    event's row says where the search stands (a ``Place`` or ``Skip`` in
    this row or above ends the branch).

    >>> Skip(2)
    Skip(row=2)
    """

    row: int


@dataclass(frozen=True)
class Found:
    """A full placement: the ``number``-th solution (1-based) of this search.

    ``columns`` has one entry a row, -1 for a row left empty.

    >>> Found((1, 3, 0, 2), 1)
    Found(columns=(1, 3, 0, 2), number=1)
    """

    columns: tuple[int, ...]
    number: int


Event = Place | Remove | Skip | DeadEnd | Found

Tracer = Callable[[Board], Iterator[Event]]
"""An algorithm stepping through a board, as events."""


def event_json(event: Event) -> dict[str, Any]:
    """One event as a JSON object, 0-based like every JSON of the library.

    ``event`` names the kind (``place``, ``remove``, ``skip``, ``dead-end``,
    ``solution``); the rest are the event's fields.  ``queens trace --json``
    prints these a line each, and the web page's event stream sends them.

    >>> event_json(Place(0, 1))
    {'event': 'place', 'row': 0, 'col': 1}
    >>> event_json(Skip(2))
    {'event': 'skip', 'row': 2}
    >>> event_json(DeadEnd(2))
    {'event': 'dead-end', 'row': 2}
    >>> event_json(Found((1, 3, 0, 2), 1))
    {'event': 'solution', 'number': 1, 'columns': [1, 3, 0, 2]}
    """
    match event:
        case Place(row, col):
            return {"event": "place", "row": row, "col": col}
        case Remove(row, col):
            return {"event": "remove", "row": row, "col": col}
        case Skip(row):
            return {"event": "skip", "row": row}
        case DeadEnd(row):
            return {"event": "dead-end", "row": row}
        case Found(columns, number):
            return {"event": "solution", "number": number, "columns": list(columns)}
    raise TypeError(f"not a search event: {event!r}")
