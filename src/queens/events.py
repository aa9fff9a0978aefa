"""Search events: what a backtracking search does, step by step.

Every steppable algorithm yields the same four event types, 0-based like
the rest of the library.  They live below :mod:`queens.tracing` so that the
algorithms in :mod:`queens.algorithms` can emit them and ``trace`` can
register the algorithms without an import cycle.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from queens.board import Board


@dataclass(frozen=True)
class Place:
    """A queen is put on ``(row, col)``: one node of the search tree."""

    row: int
    col: int


@dataclass(frozen=True)
class Remove:
    """Backtracking: the queen on ``(row, col)`` is taken off again."""

    row: int
    col: int


@dataclass(frozen=True)
class DeadEnd:
    """No square is left for a queen in ``row`` (the queens above stay)."""

    row: int


@dataclass(frozen=True)
class Found:
    """A full placement: the ``number``-th solution (1-based) of this search."""

    columns: tuple[int, ...]
    number: int


Event = Place | Remove | DeadEnd | Found

Tracer = Callable[[Board], Iterator[Event]]
"""An algorithm stepping through a board, as events."""
