"""Star Battle as CNF for CaDiCaL (the optional ``sat`` extra): a private part of
``queens.puzzle.solve``, its second engine when the propagating search stalls.

A variable a cell (``r * n + c + 1``: a star there).  Every row, column and region holds
exactly k stars (``pysat.card``'s sequential counter); every 2 x 2 block holds at most one
(pairwise), which is the no-touching rule: two king-adjacent cells always share a 2 x 2
block.  Uniqueness is a second call with the first solution blocked (CaDiCaL is
incremental).  Nothing it answers is trusted: ``queens.puzzle.solve`` checks every
solution with the independent validator (``problem``).
"""

from __future__ import annotations

import random
from importlib.util import find_spec

from queens.engines.counting import kernel
from queens.engines.counting.kernel import StopFlag
from queens.puzzle._star_search import Rows
from queens.puzzle.grid import Grid

SOLVER = "cadical195"
"""The PySAT solver used (as ``queens.engines.hard.sat``)."""


def available() -> bool:
    """True when python-sat (the ``sat`` extra) can be imported."""
    return find_spec("pysat") is not None


def clauses(grid: Grid, stars: int) -> tuple[list[list[int]], int]:
    """The CNF of ``grid`` with ``stars`` a unit, and its highest variable."""
    regions: list[list[int]] = [[] for _ in range(grid.n)]
    for index, region in enumerate(grid.cells):
        regions[region].append(index + 1)
    return _placement_clauses(grid.n, stars, regions)


def _placement_clauses(n: int, stars: int, more: list[list[int]]) -> tuple[list[list[int]], int]:
    """Exactly ``stars`` in every row, column and unit of ``more`` (lists of variables),
    none touching: the clauses and the highest variable."""
    from pysat.card import CardEnc, EncType  # lazy: optional extra (sat)
    from pysat.formula import IDPool

    pool = IDPool(start_from=n * n + 1)
    units: list[list[int]] = [[r * n + c + 1 for c in range(n)] for r in range(n)]
    units += [[r * n + c + 1 for r in range(n)] for c in range(n)]
    cnf: list[list[int]] = []
    for lits in units + more:
        if len(lits) <= stars:  # CardEnc takes no bound past its literals
            cnf.extend([lit] for lit in lits)  # every cell a star ...
            if len(lits) < stars:  # ... and still too few: no solution
                never = pool.id(("too small", len(cnf)))
                cnf.extend([[never], [-never]])
            continue
        encoded = CardEnc.equals(lits=lits, bound=stars, vpool=pool, encoding=EncType.seqcounter)
        cnf.extend(encoded.clauses)
    for r in range(n - 1):
        for c in range(n - 1):
            block = [r * n + c + 1, r * n + c + 2, (r + 1) * n + c + 1, (r + 1) * n + c + 2]
            cnf.extend([-a, -b] for i, a in enumerate(block) for b in block[i + 1 :])
    return cnf, pool.top


def random_placement(
    n: int, stars: int, rng: random.Random, stop: StopFlag | None = None
) -> Rows | None:
    """``stars`` a row and column on an n x n grid, none touching, at random (CaDiCaL's,
    with a random star assumed in some rows, fewer after each try that finds none: at
    24 x 24 and 25 x 25 with 6 stars in a second or so); None when there is none.
    ``Stopped`` when ``stop`` is set (looked at before each try: a call to CaDiCaL cannot
    be interrupted)."""
    from pysat.solvers import Solver  # lazy: optional extra (sat)

    cnf, _ = _placement_clauses(n, stars, [])
    with Solver(name=SOLVER, bootstrap_with=cnf) as solver:
        size = n // 3
        while True:
            kernel.check_stop(stop)
            assumed = [r * n + rng.randrange(n) + 1 for r in rng.sample(range(n), size)]
            if solver.solve(assumptions=assumed):
                true = {v - 1 for v in solver.get_model() or [] if 0 < v <= n * n}
                return tuple(tuple(c for c in range(n) if r * n + c in true) for r in range(n))
            if not size:
                return None
            size -= 1


def solve(grid: Grid, stars: int, limit: int = 2) -> list[Rows]:
    """Up to ``limit`` different solutions by CaDiCaL (each later call blocks the ones
    found): [] when there is none, one when it is the only one (with ``limit`` 2)."""
    from pysat.solvers import Solver  # lazy: optional extra (sat)

    n = grid.n
    cnf, _ = clauses(grid, stars)
    found: list[Rows] = []
    with Solver(name=SOLVER, bootstrap_with=cnf) as solver:
        while len(found) < limit and solver.solve():
            model = solver.get_model() or []
            cells = [v - 1 for v in model if 0 < v <= n * n]
            found.append(tuple(tuple(c % n for c in cells if c // n == r) for r in range(n)))
            solver.add_clause([-(cell + 1) for cell in cells])
    return found
