"""The textbook algorithms of ``queens compare``, each readable on its own.

Every module has the same two faces:

- ``trace(board)``: the search as ``queens.events`` (steppable, for the
  trace log, the animation, the recursion tree and the web page);
- ``search(board)``: the same search without events, returning the solutions
  and the number of nodes.

A *node* is one queen put on the board: every ``Place`` event is a node, and
``search`` counts exactly the places ``trace`` reports.  All of them honour
reserved squares and fixed queens through ``Board.allowed_masks``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

from queens.board import Board
from queens.events import Tracer


class Outcome(NamedTuple):
    """What a search found: every solution (0-based columns) and its node count."""

    solutions: list[tuple[int, ...]]
    nodes: int


Searcher = Callable[[Board], Outcome]


@dataclass(frozen=True)
class Algorithm:
    """One algorithm of ``queens compare``: its name, a line about it, both faces."""

    name: str
    summary: str
    trace: Tracer
    search: Searcher


def _algorithms() -> dict[str, Algorithm]:
    from queens.algorithms import array, bitmask, permutations, pruned, sets

    return {
        module.ALGORITHM.name: module.ALGORITHM
        for module in (permutations, pruned, array, sets, bitmask)
    }


ALGORITHMS: dict[str, Algorithm] = _algorithms()
"""The algorithms by name, slowest first (the order ``queens compare`` lists them)."""
