"""Star Battle for Gluecard 4, a SAT solver with native cardinality constraints (the
optional ``sat`` extra): a private part of ``queens.puzzle``, the engine that confirms
the 4- to 6-star grids ``queens.puzzle._planted`` makes with CaDiCaL.

It is written apart from ``queens.puzzle._sat`` (CaDiCaL's CNF) on purpose, so the two
agree only when both are right: another solver (Gluecard 4, from Glucose, not CaDiCaL),
another encoding (each row, column and region holds at most k stars and at most
size - k empty cells as two native constraints of the solver, no auxiliary variables,
where ``_sat`` builds sequential counters), the no-touching rule as a clause for every
pair of king-adjacent cells (``_sat``: at most one star in every 2 x 2 block), and the
cells numbered column by column (``_sat``: row by row).

A call to the solver cannot be interrupted, so it gets ``CHUNK`` conflicts at a time and
the stop flag (and Ctrl-C, between calls) is looked at after each; past ``CONFLICTS`` in
all it gives up (``None``), as the kernel's searches do past their budget.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from queens.engines.counting import kernel
from queens.puzzle._star_search import Rows
from queens.puzzle.grid import Grid

if TYPE_CHECKING:
    from pysat.solvers import Solver

    from queens.engines.counting.kernel import StopFlag

SOLVER = "gluecard4"
"""The PySAT solver (one that takes cardinality constraints as they are)."""

CHUNK = 20_000
"""Conflicts a call to the solver may take before the stop flag is looked at again
(tenths of a second)."""

CONFLICTS = 2_000_000
"""Conflicts in all before the engine gives up on a grid (``None``): the planted grids
measured took far fewer (``benchmarks/planted.py``)."""


def _cell(n: int, row: int, col: int) -> int:
    """The variable of a cell: column by column, from 1."""
    return col * n + row + 1


def _units(grid: Grid) -> Iterator[list[int]]:
    """The variables of every row, column and region."""
    n = grid.n
    yield from ([_cell(n, r, c) for c in range(n)] for r in range(n))
    yield from ([_cell(n, r, c) for r in range(n)] for c in range(n))
    regions: dict[int, list[int]] = {}
    for index, region in enumerate(grid.cells):
        regions.setdefault(region, []).append(_cell(n, *divmod(index, n)))
    yield from regions.values()


def _touching(n: int) -> Iterator[list[int]]:
    """A clause for every two king-adjacent cells: not both stars."""
    for r in range(n):
        for c in range(n):
            for dr, dc in ((0, 1), (1, -1), (1, 0), (1, 1)):
                if 0 <= r + dr < n and 0 <= c + dc < n:
                    yield [-_cell(n, r, c), -_cell(n, r + dr, c + dc)]


def _solver(grid: Grid, stars: int) -> Solver | None:
    """Gluecard holding the grid with ``stars`` a unit; None when a unit has fewer cells
    than stars (no solution)."""
    from pysat.solvers import Solver  # lazy: optional extra (sat)

    solver = Solver(name=SOLVER)
    for lits in _units(grid):
        if len(lits) < stars:
            solver.delete()
            return None
        solver.add_atmost(lits, stars)  # at most k stars ...
        solver.add_atmost([-lit for lit in lits], len(lits) - stars)  # ... and k at least
    for clause in _touching(grid.n):
        solver.add_clause(clause)
    return solver


def _decided(solver: Solver, stop: StopFlag | None, conflicts: int) -> bool | None:
    """The solver's answer, ``CHUNK`` conflicts at a time; None past ``conflicts``."""
    spent = 0
    while spent < conflicts:
        kernel.check_stop(stop)
        solver.conf_budget(min(CHUNK, conflicts - spent))
        answer = solver.solve_limited()
        if answer is not None:
            return bool(answer)
        spent += CHUNK
    return None


def solutions(
    grid: Grid,
    stars: int,
    limit: int = 2,
    stop: StopFlag | None = None,
    conflicts: int | None = None,
) -> list[Rows] | None:
    """Up to ``limit`` different solutions with ``stars`` a row, column and region (each
    later call blocks those found): [] when there is none, one when it is the only one
    (with ``limit`` 2); None when ``conflicts`` (``CONFLICTS`` unless given) ran out
    first.  ``kernel.Stopped`` when ``stop`` is set."""
    n = grid.n
    budget = CONFLICTS if conflicts is None else conflicts
    solver = _solver(grid, stars)
    if solver is None:
        return []
    found: list[Rows] = []
    try:
        while len(found) < limit:
            answer = _decided(solver, stop, budget)
            if answer is None:
                return None
            if not answer:
                break
            true = {v for v in solver.get_model() or [] if 0 < v <= n * n}
            found.append(
                tuple(tuple(c for c in range(n) if _cell(n, r, c) in true) for r in range(n))
            )
            solver.add_clause([-v for v in true])
    finally:
        solver.delete()
    return found
