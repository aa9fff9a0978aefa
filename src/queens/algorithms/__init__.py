"""The textbook algorithms of ``queens compare``, each readable on its own.

Every module has the same two faces:

- ``trace(board)``: the search as ``queens.events`` (steppable, for the
  trace log, the animation, the recursion tree and the web page);
- ``search(board)``: the same search without events, returning the solutions
  and the number of nodes.

A *node* is one queen put on the board: every ``Place`` event is a node, and
``search`` counts exactly the places ``trace`` reports.  All of them honour
reserved squares and fixed queens through ``Board.allowed_masks``.

The two faces, and the algorithms among themselves, repeat their set-up and
loops on purpose: each module is read on its own as the algorithm it teaches,
and ``search`` stays free of the events' cost.
"""

from __future__ import annotations

from queens.algorithms import array, bitmask, permutations, pruned, sets
from queens.algorithms.base import Algorithm, Outcome, Searcher

ALGORITHMS: dict[str, Algorithm] = {
    module.ALGORITHM.name: module.ALGORITHM
    for module in (permutations, pruned, array, sets, bitmask)
}
"""The algorithms by name, slowest first (the order ``queens compare`` lists them)."""

__all__ = ["ALGORITHMS", "Algorithm", "Outcome", "Searcher"]
