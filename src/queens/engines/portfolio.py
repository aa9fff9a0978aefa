"""Picking the engine for a board with constraints: the propagating search, then SAT too.

Most boards (completion puzzles, lightly blocked boards) fall to the
propagating search within a few thousand decisions.  Past that budget,
when the SAT extra is installed, CaDiCaL starts in a child process and the
search goes on beside it: whichever answers first wins.  ``benchmarks/hard.py``
measured why: CaDiCaL is steadier on densely blocked boards, the search is
faster at proving boards with excluded diagonals unsolvable.
"""

from __future__ import annotations

from collections.abc import Sequence

from queens.engines import propagate, sat
from queens.engines.budget import NEVER, Deadline

QUICK_DECISIONS = 500
"""Decisions the search gets alone before the SAT solver joins in."""


class _Answered(Exception):
    """The SAT solver answered first."""


def solve(allowed: Sequence[int], *, deadline: Deadline = NEVER) -> list[int] | None:
    """A solution (0-based columns per row) or None when there is none.

    Raises :class:`~queens.engines.budget.Undecided` at the deadline.
    """
    if not allowed:
        return []
    start = propagate.root(allowed)
    if start is None:
        return None
    try:
        return propagate.search(start, deadline=deadline, node_limit=QUICK_DECISIONS)
    except propagate.NodeLimit:
        pass
    if not sat.available():
        return propagate.search(start, deadline=deadline)
    child = sat.Background(allowed)

    def check() -> None:
        if child.done():
            raise _Answered

    try:
        return propagate.search(start, deadline=deadline, check=check)
    except _Answered:
        return child.result()
    finally:
        child.stop()
