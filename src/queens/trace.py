"""Search events: what a backtracking search does, step by step.

Every steppable algorithm yields the same four event types, 0-based like
the rest of the library; the trace log, the animation, the recursion tree
and the web page all consume them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from queens.board import Board


@dataclass(frozen=True)
class Place:
    """A queen is put on ``(row, col)``."""

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


def backtracking(board: Board) -> Iterator[Event]:
    """Row-by-row backtracking, columns left to right, as the reference solver searches."""
    allowed = board.allowed_masks()
    n = board.n
    columns: list[int] = []
    found = 0

    def place(row: int, cols: int, left: int, right: int) -> Iterator[Event]:
        nonlocal found
        if row == n:
            found += 1
            yield Found(tuple(columns), found)
            return
        free = allowed[row] & ~(cols | left | right)
        if not free:
            yield DeadEnd(row)
            return
        while free:
            bit = free & -free
            free ^= bit
            col = bit.bit_length() - 1
            columns.append(col)
            yield Place(row, col)
            yield from place(row + 1, cols | bit, (left | bit) << 1, (right | bit) >> 1)
            columns.pop()
            yield Remove(row, col)

    yield from place(0, 0, 0, 0)


ALGORITHMS: dict[str, Tracer] = {"backtracking": backtracking}
"""The steppable algorithms by name (``queens compare`` adds its Python ones)."""


def trace(board: Board, algorithm: str = "backtracking") -> Iterator[Event]:
    """The events of ``algorithm`` searching ``board`` for all solutions."""
    try:
        tracer = ALGORITHMS[algorithm]
    except KeyError:
        raise ValueError(
            f"unknown algorithm {algorithm!r} (choose from {', '.join(ALGORITHMS)})"
        ) from None
    return tracer(board)


def replay(events: Sequence[Event] | Iterator[Event], n: int) -> Iterator[tuple[int, ...]]:
    """The solutions a stream of events describes, rebuilt from places and removes alone."""
    placed: dict[int, int] = {}
    for event in events:
        if isinstance(event, Place):
            placed[event.row] = event.col
        elif isinstance(event, Remove):
            del placed[event.row]
        elif isinstance(event, Found) and len(placed) == n:
            yield tuple(placed[r] for r in range(n))
