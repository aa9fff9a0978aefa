"""Picking the engine for a board with constraints: the propagating search first, then SAT.

Most boards (completion puzzles, lightly blocked boards, many with excluded
diagonals) fall to the propagating search within a few thousand decisions.
Past that budget, when the SAT extra is installed, CaDiCaL takes over;
without it the search goes on to the end.

``benchmarks/hard.py`` decided this: CaDiCaL is steadier on densely blocked
boards (the search has long tails there), and running the search beside the
solver in a second process (a parallel portfolio) was slower on this
two-core machine than handing over, as the two fought for the cores.
"""

from __future__ import annotations

from collections.abc import Sequence

from queens.engines import propagate, sat
from queens.engines.budget import NEVER, Deadline

QUICK_DECISIONS = 2000
"""Decisions the search gets before the SAT solver takes over."""


def solve(allowed: Sequence[int], *, deadline: Deadline = NEVER) -> list[int] | None:
    """A solution (0-based columns per row) or None when there is none.

    Raises :class:`~queens.engines.budget.Undecided` at the deadline.
    """
    if not allowed:
        return []
    start = propagate.root(allowed)
    if start is None:
        return None
    if not sat.available():
        return propagate.search(start, deadline=deadline)
    try:
        return propagate.search(start, deadline=deadline, node_limit=QUICK_DECISIONS)
    except propagate.NodeLimit:
        return sat.solve(allowed, deadline=deadline)
