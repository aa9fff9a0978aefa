"""K-star grids for K = 4 to 6 at full size: a private part of ``queens.puzzle.generate``
(which dispatches to it from ``FROM_STARS`` stars), built on CaDiCaL (the ``sat`` extra).

The growth of ``generate`` asks the propagating search about every cell as the regions
grow; with 4 stars and more those searches stall (an 18 x 18 4-star grid was not made in
15 minutes).  Here the whole grid is drawn first and repaired after, with one
incremental SAT solver asked again after each repair:

1. A random placement (the *truth*): k stars a row and a column, none touching
   (``queens.puzzle._sat.random_placement``).
2. Regions of k of its stars each, grown around them at random to fill the grid
   (``queens.puzzle.generate.grow_star_regions``, up to ``CORE_TRIES`` groupings of the
   stars), so the truth is a solution.
3. The solver holds the rows, columns and 2 x 2 blocks as fixed clauses, the truth
   blocked (so any model is a *second* solution), and each region's "exactly k" behind a
   selector literal of its own, assumed true; its phases are the truth's, so the other
   solutions it finds first differ from the truth in few stars.  While it finds other
   solutions (up to ``OTHERS``), one of their stars off the truth leaves its region for
   a neighbouring one, along the shortest path of its region's cells (no truth star on
   it) to the region's border, with any piece of the region the path cuts off from the
   region's truth stars (``_carried``): its region then holds fewer of that solution's
   stars, so it is no solution any more, and the truth keeps k stars in every region
   (``repair``).  The two regions changed get new selectors (the old ones are switched
   off for good), so the solver keeps what it learnt.  ``REPAIRS`` times n repairs at
   most, then a fresh attempt.
4. When the solver finds none, the grid is checked by engines written apart from it:
   the truth by the independent validator (``queens.puzzle.solve.problem``), its
   uniqueness by the compiled kernel's propagating search when that settles it within
   ``QUICK_NODES``, else by Gluecard 4 on an encoding of its own
   (``queens.puzzle._cardinality``: native cardinality constraints), whose only solution
   must be the truth.  So every grid is unique by two engines of different code:
   CaDiCaL and the kernel, or CaDiCaL and Gluecard.  A grid the second engine does not
   settle within its budget, or finds another solution in, is dropped and the next
   attempt starts.

Every repair keeps the truth a solution (``tests/test_planted.py`` checks it with
hypothesis for 1 to 3 stars on small grids).
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING

from queens.engines.counting import kernel
from queens.puzzle import _cardinality, _sat
from queens.puzzle._star_search import Rows
from queens.puzzle.grid import Grid

if TYPE_CHECKING:
    from pysat.formula import IDPool
    from pysat.solvers import Solver

    from queens.engines.counting.kernel import StopFlag

FROM_STARS = 4
"""``generate`` makes grids with this many stars and more here."""

REPAIRS = 8
"""Repairs (times n) of one attempt before the next starts afresh: attempts that end
well mostly take fewer than n, those that run long rarely end (measured at 20 x 20)."""

PATHS = 6
"""Ways out (a path to the border and the region it joins) weighed for one repair: the
shortest is taken, ties at random."""

OTHERS = 4
"""Solutions other than the truth found before each repair: the repair kills as many of
them as it can."""

QUICK_NODES = 20_000
"""Nodes the kernel's propagating search may take to confirm a grid unique (a tenth of a
second or so): past them Gluecard is asked instead, which settled every grid CaDiCaL
made unique in under a second or two (the kernel's search most of them not within a
million nodes, 10 s, at 19 x 19 with 4 stars and up: ``benchmarks/planted.py``)."""

ATTEMPTS = 200
"""Fresh attempts before giving up."""

CORE_TRIES = 10
"""Groupings of one placement's stars into regions tried before a new placement (a
placement takes a second at 24 x 24 with 6 stars; many groupings cannot be joined)."""

Cells = list[int]
"""A region index per cell, row by row."""

Grow = Callable[[int, int, Rows, random.Random], "Cells | None"]
"""``queens.puzzle.generate.grow_star_regions`` (handed in: generate imports this module)."""


def _neighbours(n: int, index: int) -> list[int]:
    """The cells sharing a side with ``index`` (row-major indexes)."""
    r, c = divmod(index, n)
    steps = ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
    return [a * n + b for a, b in steps if 0 <= a < n and 0 <= b < n]


def _carried(n: int, cells: Cells, path: list[int], truth_cells: set[int]) -> list[int] | None:
    """The cells that leave their region with ``path`` (no truth star on it): the path and
    every piece of the region it cuts off from the region's truth stars (none on those
    pieces, so the truth keeps its count); None when the path splits the truth stars
    apart.  So a star on a thin part of its region, between two of its truth stars, can
    leave it too (before, when every way out split the region, the attempt ended: "no
    way out")."""
    region = cells[path[0]]
    gone = set(path)
    left = {i for i, owner in enumerate(cells) if owner == region} - gone
    anchor = next(cell for cell in left if cell in truth_cells)
    reached = {anchor}
    frontier = [anchor]
    while frontier:
        fresh = {o for o in _neighbours(n, frontier.pop()) if o in left and o not in reached}
        reached |= fresh
        frontier.extend(fresh)
    cut = left - reached
    if not cut.isdisjoint(truth_cells):
        return None
    return [*path, *sorted(cut)]


class _Regions:
    """The incremental SAT solver of one attempt: the grid's fixed clauses, the truth
    blocked, and each region's count behind its selector (module docstring, step 3)."""

    def __init__(
        self, n: int, stars: int, cells: Cells, truth: Rows, stop: StopFlag | None = None
    ) -> None:
        from pysat.formula import IDPool  # lazy: optional extra (sat)
        from pysat.solvers import Solver

        self.n, self.stars, self.cells, self.stop = n, stars, cells, stop
        fixed, top = _sat._placement_clauses(n, stars, [])
        self.pool: IDPool = IDPool(start_from=top + 1)
        self.solver: Solver = Solver(name=_sat.SOLVER, bootstrap_with=fixed)
        truth_cells = {r * n + c for r, row in enumerate(truth) for c in row}
        self.solver.add_clause([-(cell + 1) for cell in sorted(truth_cells)])
        # Near the truth first: CaDiCaL then finds the other solutions that differ from it
        # in a few stars, which one repair kills, before those far from it (left to its own
        # phases, at 23 x 23 with 5 stars, it found solutions differing in about half the
        # stars, and repairs made new ones about as fast as they killed them).
        self.solver.set_phases(
            [cell + 1 if cell in truth_cells else -cell - 1 for cell in range(n * n)]
        )
        self.selectors: dict[int, int] = {}
        self.versions = 0
        for region in range(n):
            self._encode(region)

    def _encode(self, region: int) -> None:
        from pysat.card import CardEnc, EncType  # lazy: optional extra (sat)

        old = self.selectors.get(region)
        if old is not None:
            self.solver.add_clause([-old])  # that region's clauses are off for good
        self.versions += 1
        selector = self.pool.id(("selector", self.versions))
        lits = [i + 1 for i, owner in enumerate(self.cells) if owner == region]
        encoded = CardEnc.equals(
            lits=lits, bound=self.stars, vpool=self.pool, encoding=EncType.seqcounter
        )
        for clause in encoded.clauses:
            self.solver.add_clause([*clause, -selector])
        self.selectors[region] = selector

    def others(self, limit: int) -> list[set[int]]:
        """The star cells of up to ``limit`` solutions other than the truth ([] when there
        is none): each found is blocked for this call only, behind a selector of its own.
        ``Stopped`` when the stop flag is set (looked at before each call to CaDiCaL, which
        cannot be interrupted: each took up to a second of CPU at 25 x 25 with 6 stars)."""
        found: list[set[int]] = []
        self.versions += 1
        blocking = self.pool.id(("blocking", self.versions))
        assumed = [*self.selectors.values(), blocking]
        while len(found) < limit:
            kernel.check_stop(self.stop)
            if not self.solver.solve(assumptions=assumed):
                break
            model = self.solver.get_model() or []
            stars = {v - 1 for v in model if 0 < v <= self.n * self.n}
            found.append(stars)
            self.solver.add_clause([-(cell + 1) for cell in stars] + [-blocking])
        self.solver.add_clause([-blocking])
        return found

    def move(self, path: list[int], region: int) -> None:
        """The cells of ``path`` (all in one region) join ``region``."""
        left = self.cells[path[0]]
        for cell in path:
            self.cells[cell] = region
        self._encode(left)
        self._encode(region)

    def close(self) -> None:
        self.solver.delete()


def ways_out(n: int, cells: Cells, start: int, keep: set[int]) -> list[tuple[list[int], int]]:
    """Paths from ``start`` through its region's cells (none in ``keep``) to a cell
    touching another region, shortest first (up to ``PATHS``), each with that region:
    the path from ``start`` to the border cell."""
    region = cells[start]
    came: dict[int, int] = {start: start}
    queue = deque([start])
    found: list[tuple[list[int], int]] = []
    while queue and len(found) < PATHS:
        here = queue.popleft()
        outside = sorted({cells[o] for o in _neighbours(n, here)} - {region})
        if outside:
            path = [here]
            while path[-1] != start:
                path.append(came[path[-1]])
            found.extend((path[::-1], other) for other in outside)
            continue
        for other in _neighbours(n, here):
            if other not in came and cells[other] == region and other not in keep:
                came[other] = here
                queue.append(other)
    return found[:PATHS]


def repair(
    n: int, cells: Cells, truth_cells: set[int], others: list[set[int]], rng: random.Random
) -> tuple[list[int], int] | None:
    """The move that kills the most of the solutions ``others`` (their star cells): a path
    out of its region (no truth star on it) from a star of one of them off the truth,
    with the pieces it cuts off (``_carried``), and the region it joins; a solution with a
    star on the cells moved is killed (the region left holds fewer of its stars).  The
    most killed first, then the fewest cells, ties at random; None when there is none.
    The stars of every solution found are tried, not only the first's: its stars are
    often all walled in by truth stars ("no way out", most attempts that failed at 18 x 18
    with 4 stars, ``benchmarks/planted.py``)."""
    off = sorted({cell for stars in others for cell in stars} - truth_cells)
    rng.shuffle(off)
    moves: list[tuple[int, int, float, list[int], int]] = []
    for cell in off:
        for path, region in ways_out(n, cells, cell, truth_cells):
            carried = _carried(n, cells, path, truth_cells)
            if carried is not None:
                killed = sum(1 for stars in others if not stars.isdisjoint(carried))
                moves.append((-killed, len(carried), rng.random(), carried, region))
    if not moves:
        return None
    *_, path, region = min(moves)
    return path, region


def attempt(
    n: int, stars: int, rng: random.Random, grow: Grow, stop: StopFlag | None = None
) -> tuple[Cells, Rows] | None:
    """One attempt (steps 1 to 3): the regions and the truth, its only solution by
    CaDiCaL, or None when the repairs ran out.  ``kernel.Stopped`` when ``stop`` is set
    (looked at between the steps)."""
    truth = _sat.random_placement(n, stars, rng, stop)
    if truth is None:
        return None
    for _ in range(CORE_TRIES):  # (a placement takes a second at 24 x 24 with 6 stars)
        kernel.check_stop(stop)
        cells = grow(n, stars, truth, rng)
        if cells is not None:
            break
    else:
        return None
    truth_cells = {r * n + c for r, row in enumerate(truth) for c in row}
    regions = _Regions(n, stars, cells, truth, stop)
    try:
        for _ in range(REPAIRS * n):
            others = regions.others(OTHERS)
            if not others:
                return cells, truth
            move = repair(n, cells, truth_cells, others, rng)
            if move is None:
                return None
            regions.move(*move)
        return None
    finally:
        regions.close()


def confirmed(grid: Grid, stars: int, truth: Rows, stop: StopFlag | None) -> bool:
    """Whether an engine written apart from CaDiCaL's agrees: the truth is a solution (the
    validator) and the only one, by the compiled kernel's propagating search when it
    settles within ``QUICK_NODES``, else by Gluecard (``queens.puzzle._cardinality``),
    whose one solution must be the truth.  False when the engine finds another solution
    or gives up (``CONFLICTS``): the grid is dropped."""
    from queens.puzzle.solve import problem  # lazy: solve imports _sat

    if problem(grid, truth, stars) is not None:
        return False
    try:
        searched = kernel.search_stars(
            grid.n, stars, bytes(grid.cells), 2, stop, budget=QUICK_NODES
        )
    except kernel.OverBudget:
        searched = None
    if searched is not None:
        return searched[0][0] == 1
    found = _cardinality.solutions(grid, stars, 2, stop)
    return found == [tuple(tuple(sorted(row)) for row in truth)]


def unique(n: int, stars: int, seed: int, grow: Grow, stop: StopFlag | None = None) -> Grid | None:
    """A grid with one solution of ``stars`` a row, column and region, by CaDiCaL and the
    kernel or Gluecard (the module's steps 1 to 4); the same seed gives the same grid.  Raises
    None after ``ATTEMPTS`` attempts without one; ``kernel.Stopped`` when ``stop`` is set.
    ``grow`` grows the regions around a placement (step 2)."""
    rng = random.Random(seed)
    for _ in range(ATTEMPTS):
        made = attempt(n, stars, rng, grow, stop)
        if made is None:
            continue
        cells, truth = made
        grid = Grid.from_regions([cells[r * n : (r + 1) * n] for r in range(n)])
        if confirmed(grid, stars, truth, stop):
            return grid
    return None
