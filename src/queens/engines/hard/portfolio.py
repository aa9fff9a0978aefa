"""Picking the engine for a board with constraints: the propagating search first, then SAT.

Both start from the propagated board after the diagonal-sum identity
(``queens.engines.hard.propagate.checked_root``), which decides most
unsolvable boards with excluded diagonals before any search.

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
from typing import Unpack

from queens.engines.hard import propagate, sat
from queens.engines.hard.budget import NEVER, Deadline
from queens.engines.hard.state import Shape
from queens.engines.hard.verdict import Verdict

QUICK_DECISIONS = 2000
"""Decisions the search gets before the SAT solver takes over."""


def decide(
    allowed: Sequence[int],
    *,
    deadline: Deadline = NEVER,
    symmetry: bool = True,
    **shape: Unpack[Shape],
) -> Verdict:
    """The board decided by the search, or by CaDiCaL past ``QUICK_DECISIONS``: its
    ``Verdict`` (0-based columns per row, -1 for an
    empty row, or None; and what decided it).

    ``shape``: as ``queens.engines.hard.propagate.decide`` takes it.  Raises
    ``Undecided`` at the deadline.
    With ``symmetry``, both engines break the propagated board's own
    symmetries (``queens.engines.hard.symmetry_breaking``): the search by its
    orbit cut, CaDiCaL by lex-leader clauses.
    """
    start = propagate.before_search(allowed, **shape)
    if isinstance(start, Verdict):
        return start
    stats = propagate.Stats()
    group = propagate.root_group(start) if symmetry else ()
    if not sat.available():
        columns = propagate.search(start, deadline=deadline, stats=stats, group=group)
        return Verdict(columns, propagate.searched(stats, group))
    try:
        columns = propagate.search(
            start, deadline=deadline, node_limit=QUICK_DECISIONS, stats=stats, group=group
        )
    except propagate.NodeLimit:
        return sat.decide(allowed, deadline=deadline, symmetry=symmetry, **shape)
    return Verdict(columns, propagate.searched(stats, group))
