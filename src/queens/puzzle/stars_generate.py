"""New Star Battle grids (k stars a row, column and region) with exactly one solution.

1. A random placement of k stars a row and a column, none touching: a row-by-row search
   filling the columns most in need first, started afresh after a bounded number of rows
   tried (``random_placement``; milliseconds up to 25 x 25 with 5 stars, seconds to a
   minute for 25 x 25 with 6).
2. The placement's stars joined k at a time, each with its nearest, by shortest paths:
   the n regions' cores.  Every other cell is a hole (in no region, no star on it).
3. The regions grow one cell at a time into the holes next to them, a cell joining a
   region only when no solution puts a star on it: a solution of the grown grid without
   that star is one of the grid before, so the grid keeps its solutions.  Checking that
   is a search with the star given, which propagation ends in a few nodes.  A hole that
   could not join keeps the solution that stopped it, and growth (which asks again about
   every stuck hole after each forced join) searches again only once that solution is
   gone: at 14 x 14 with 2 stars these repeated searches were most of the work.
4. When no hole can join a region so, the one letting in the fewest solutions joins (of
   ``FORCE_TRIES`` tried), and then, while a second solution exists (the search stops at
   the second), one of its stars off the placement moves to a neighbouring region
   (keeping regions connected): that kills it, and a move letting no solution in (a
   search with that star given) is taken first.  When every such star lies inside its
   region, a neighbour of one moves first to expose it.  Then growth goes on.  Every
   search counts against the attempt's ``SEARCHES`` and may propagate ``SEARCH_NODES``
   nodes (past them a join counts as letting solutions in, and a repair gives up); an
   attempt that runs out, or finds no move, gives way to a fresh one.  Work is counted
   in searches and nodes, never in time, so a seed gives the same grid on every machine.

The searches are the kernel's propagating search (``search_stars``, holes and a given
star allowed), or without the kernel ``queens.puzzle.solve.search_holes``: the same
steps, so the same checks, though a seed may give another grid (the second solution
found, which steers the repairs, depends on the engine; the pure-Python search has no
node budget).  The finished grid is checked by a second engine (the kernel's row-by-row
counter, else the propagating search again), and its difficulty is the explanation's
(``queens.puzzle.explain``).  Medians (largest) of 20 seeds with 2 stars
(``benchmarks/puzzle.py --stars --slow``, 2-core machine): 10 x 10 0.01 s (0.04 s),
12 x 12 0.25 s (0.99 s), 14 x 14 5.0 s (18.9 s), most of it fresh attempts whose repairs
found no move.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterator

from queens.engines.counting import kernel as counting_kernel
from queens.puzzle.grid import Grid
from queens.puzzle.solve import (
    MAX_STARS,
    MAX_STARS_N,
    Rows,
    count,
    rows_of_masks,
    search_holes,
    unique_by_rows,
)

MIN_N = {1: 4, 2: 8, 3: 14, 4: 19, 5: 23, 6: 25}
"""The smallest grid generated for each number of stars (smaller ones rarely, or never,
have a unique solution made this way)."""

ATTEMPTS = 200
"""Fresh starts before giving up."""

SEARCHES = 400
"""Searches one attempt may make (growing, forcing and repairing) before the next
attempt starts afresh: a few attempts run into long repairs."""

CORE_TRIES = 10
"""Groupings of a placement's stars into cores tried for one whose only solution it is."""

FORCE_TRIES = 6
"""Stuck holes (and regions) weighed when one must join a region that lets solutions in."""

FORCE_CAP = 3
"""How far the solutions a stuck hole lets in are counted when weighing them."""

SEARCH_NODES = 20_000
"""Nodes one search of the kernel may propagate: past them a join (or move) counts as
letting solutions in, and a second solution too long to look for ends the attempt.  The
searches of attempts that end well stay far below (a few thousand nodes at 14 x 14); a
budget of nodes, not of time, so a seed gives the same grid on every machine."""

PLACEMENT_NODES = 50
"""Rows tried per grid row by one try of ``random_placement`` before it starts afresh."""


class GenerateError(Exception):
    """No grid could be made (within the attempts) for the request.

    >>> try:
    ...     generate(5, stars=2)
    ... except GenerateError as error:
    ...     print(error)
    2-star grids are generated from 8 x 8 to 25 x 25 (stars 1 to 6)
    """


def random_placement(
    n: int, stars: int, rng: random.Random, stop: counting_kernel.StopFlag | None = None
) -> Rows:
    """k stars in each row and column, none touching, at random: a row-by-row search
    that fills the columns most in need first and starts afresh after
    ``PLACEMENT_NODES * n`` rows tried (random restarts end the long tails that one
    search has).  Stops (``Stopped``) when ``stop`` is set; a ``GenerateError`` when a
    try ends within its budget with none (there is none)."""
    while True:
        if stop is not None and stop.is_set():
            raise counting_kernel.Stopped
        found = _placement_try(n, stars, rng)
        if found is None:
            raise GenerateError(f"no placement of {stars} stars on a {n} x {n} grid")
        if found:
            return found


def _placement_try(n: int, stars: int, rng: random.Random) -> Rows | None:
    """One try of ``random_placement``: a placement, () when the budget ran out, None when
    the search ended within it (no placement at all)."""
    held = [0] * n
    chosen: list[tuple[int, ...]] = []
    budget = [PLACEMENT_NODES * n]

    def feasible(row: int, mask: int) -> bool:
        """Every column can still get its stars in the rows below (no two in
        neighbouring rows), and those that must take the next row do not touch."""
        left = n - 1 - row
        forced = 0
        for c in range(n):
            need = stars - held[c]
            if need and 2 * need - 1 + (mask >> c & 1) > left:
                return False
            if need and 2 * need - 1 == left:
                forced |= 1 << c
        return forced.bit_count() <= stars and not forced & forced << 1

    def options(row: int, above: int) -> Iterator[tuple[tuple[int, ...], int]]:
        """Row ``row``'s choices, the columns most in need first (ties at random)."""
        blocked = above | above << 1 | above >> 1
        left = n - row
        open_columns = [c for c in range(n) if not blocked >> c & 1 and held[c] < stars]
        open_columns.sort(key=lambda c: left - 2 * (stars - held[c]) + 2 * rng.random())

        def pick(
            start: int, taken: tuple[int, ...], used: int
        ) -> Iterator[tuple[tuple[int, ...], int]]:
            if len(taken) == stars:
                yield tuple(sorted(taken)), used
                return
            for i in range(start, len(open_columns)):
                c = open_columns[i]
                if not (used | used << 1 | used >> 1) >> c & 1:
                    yield from pick(i + 1, (*taken, c), used | 1 << c)

        return pick(0, (), 0)

    def place(row: int, above: int) -> bool:
        if row == n:
            return True
        for option, mask in options(row, above):
            budget[0] -= 1
            if budget[0] < 0:
                return False
            for c in option:
                held[c] += 1
            if feasible(row, mask):
                chosen.append(option)
                if place(row + 1, mask):
                    return True
                chosen.pop()
            for c in option:
                held[c] -= 1
        return False

    if place(0, 0):
        return tuple(chosen)
    return () if budget[0] < 0 else None


def _neighbours(n: int, index: int) -> list[int]:
    r, c = divmod(index, n)
    out = []
    if r > 0:
        out.append(index - n)
    if r + 1 < n:
        out.append(index + n)
    if c > 0:
        out.append(index - 1)
    if c + 1 < n:
        out.append(index + 1)
    return out


def _group_stars(seeds: list[int], n: int, stars: int, rng: random.Random) -> list[list[int]]:
    """The placement's stars k at a time, each star with its nearest free ones."""
    left = seeds.copy()
    rng.shuffle(left)
    groups = []
    while left:
        first = left.pop()
        r, c = divmod(first, n)
        left.sort(key=lambda s: -(abs(s // n - r) + abs(s % n - c)) - rng.random())
        groups.append([first] + [left.pop() for _ in range(stars - 1)])
    return groups


def _path(n: int, owner: list[int], start: int, goal: int, group: int) -> list[int] | None:
    """A shortest path of unowned cells (or the group's own) from start to goal, or None."""
    came = {start: start}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if here == goal:
            path = []
            while here != start:
                path.append(here)
                here = came[here]
            return path
        for other in _neighbours(n, here):
            if other not in came and owner[other] in (-1, group):
                came[other] = here
                queue.append(other)
    return None


def grow_regions(n: int, stars: int, placement: Rows, rng: random.Random) -> list[int] | None:
    """A region per cell, each region connected and holding ``stars`` of the placement;
    None when a region's stars could not be joined by a path of free cells."""
    owner = cores(n, stars, placement, rng)
    if owner is None:
        return None
    frontier = [cell for cell in range(n * n) if owner[cell] != HOLE]
    while frontier:
        cell = frontier.pop(rng.randrange(len(frontier)))
        for other in _neighbours(n, cell):
            if owner[other] == HOLE:
                owner[other] = owner[cell]
                frontier.append(other)
    return owner


HOLE = 255
"""A cell no region has taken yet (``queens.engines.counting.kernel.STARS_HOLE``)."""


def cores(n: int, stars: int, placement: Rows, rng: random.Random) -> list[int] | None:
    """The regions' cores: the placement's stars k at a time, joined by shortest paths;
    every other cell a ``HOLE``.  None when a group's stars could not be joined."""
    seeds = [r * n + c for r, columns in enumerate(placement) for c in columns]
    owner = [-1] * (n * n)
    groups = _group_stars(seeds, n, stars, rng)
    for label, members in enumerate(groups):
        for cell in members:
            owner[cell] = label
    for label, members in enumerate(groups):
        for cell in members[1:]:
            path = _path(n, owner, members[0], cell, label)
            if path is None:
                return None
            for step in path:
                owner[step] = label
    return [HOLE if label < 0 else label for label in owner]


def _search(
    n: int,
    stars: int,
    cells: list[int],
    limit: int,
    stop: counting_kernel.StopFlag | None,
    star: int = -1,
) -> tuple[int, Rows | None, Rows | None]:
    """The solutions of the grid being made (holes hold no star) up to ``limit``, those
    with a star on ``star`` only unless it is -1, with the first and last found: the
    kernel's propagating search, else ``queens.puzzle.solve``'s.  Raises
    ``OverBudget`` when the kernel's search runs past ``SEARCH_NODES``."""
    if counting_kernel.compiled() and n <= counting_kernel.STARS_SEARCH_MAX_N:
        searched = counting_kernel.search_stars(
            n, stars, bytes(cells), limit, stop, star, SEARCH_NODES
        )
        if searched is not None:
            total, first, last = searched[0]
            if first is None or last is None:
                return total, None, None
            return total, rows_of_masks(first), rows_of_masks(last)
    if stop is not None and stop.is_set():
        raise counting_kernel.Stopped
    return search_holes(n, stars, cells, limit, star, HOLE)


class _Maker:
    """One attempt: the grid being made (``cells``, a region or ``HOLE`` a cell) around a
    placement that stays its one solution as it grows, and the work spent (``searches``,
    capped by ``SEARCHES``)."""

    def __init__(
        self,
        n: int,
        stars: int,
        cells: list[int],
        placement: Rows,
        rng: random.Random,
        stop: counting_kernel.StopFlag | None,
    ) -> None:
        self.n = n
        self.stars = stars
        self.cells = cells
        self.rng = rng
        self.stop = stop
        self.truth = placement
        self.star_cells = {r * n + c for r, columns in enumerate(placement) for c in columns}
        self.searches = 0
        self.made: set[tuple[int, int]] = set()
        self.witness: dict[tuple[int, int], Rows] = {}

    def search(self, limit: int, star: int = -1) -> tuple[int, Rows | None, Rows | None]:
        self.searches += 1
        if self.searches > SEARCHES:
            raise _OutOfWork
        return _search(self.n, self.stars, self.cells, limit, self.stop, star)

    def through(self, cell: int, region: int, limit: int = 1) -> int:
        """The solutions with a star on ``cell`` once it is in ``region`` (up to ``limit``):
        the solutions that joining (or moving) it lets in, all of them; ``limit + 1`` (more
        than any count) when the search runs past its budget."""
        before = self.cells[cell]
        self.cells[cell] = region
        try:
            total, first, _ = self.search(limit, cell)
        except counting_kernel.OverBudget:
            return limit + 1
        finally:
            self.cells[cell] = before
        if first is not None:
            self.witness[cell, region] = first
        return total

    def blocked(self, cell: int, region: int) -> bool:
        """Whether a solution found before with a star on ``cell`` (joining ``region``)
        still is one: then joining still lets it in, and no search need say so (growth
        asks again about every stuck hole after each forced join)."""
        found = self.witness.get((cell, region))
        if found is None:
            return False
        held = [0] * self.n
        for r, columns in enumerate(found):
            for c in columns:
                index = r * self.n + c
                owner = region if index == cell else self.cells[index]
                if owner == HOLE:
                    return False
                held[owner] += 1
        return all(count == self.stars for count in held)

    def grow(self) -> list[int]:
        """Holes join neighbouring regions while that lets no solution in; the holes left."""
        n, cells = self.n, self.cells
        holes = [cell for cell in range(n * n) if cells[cell] == HOLE]
        while holes:
            self.rng.shuffle(holes)
            left = []
            for cell in holes:
                regions = sorted({cells[o] for o in _neighbours(n, cell)} - {HOLE})
                self.rng.shuffle(regions)
                for region in regions:
                    if not self.blocked(cell, region) and self.through(cell, region) == 0:
                        cells[cell] = region
                        break
                else:
                    left.append(cell)
            if len(left) == len(holes):
                return left
            holes = left
        return []

    def force(self, holes: list[int]) -> None:
        """One stuck hole joins the neighbouring region letting in the fewest solutions."""
        n, cells = self.n, self.cells
        options = [
            (cell, region)
            for cell in holes
            for region in sorted({cells[o] for o in _neighbours(n, cell)} - {HOLE})
        ]
        self.rng.shuffle(options)
        cell, region = min(options[:FORCE_TRIES], key=lambda o: self.through(o[0], o[1], FORCE_CAP))
        cells[cell] = region

    def repair(self) -> bool:
        """While a second solution exists, one of its stars off the placement moves to a
        neighbouring region (which kills it): a move letting no solution in if there is
        one, else the one letting in the fewest (of ``FORCE_TRIES``), never one made
        before; when none can move, a cell next to one of them (in its region) moves
        first, to expose it.  Whether one solution was left (False too when the search
        runs past its budget)."""
        n, cells = self.n, self.cells
        while True:
            try:
                total, first, last = self.search(2)
            except counting_kernel.OverBudget:
                return False
            if total == 1:
                return True
            other = first if first != self.truth else last
            if total == 0 or other is None:
                return False
            off = [
                cell
                for r, columns in enumerate(other)
                for c in columns
                if (cell := r * n + c) not in self.star_cells
            ]
            moves = self._moves(off)
            if not moves:
                # its stars lie inside their regions: a neighbour leaves first, to expose one
                shown = set(off)
                moves = self._moves(
                    [
                        o
                        for cell in off
                        for o in _neighbours(n, cell)
                        if cells[o] == cells[cell] and o not in self.star_cells | shown
                    ]
                )
            if not moves:
                return False
            self.rng.shuffle(moves)
            weighed = [(self.through(c, g, FORCE_CAP), (c, g)) for c, g in moves[:FORCE_TRIES]]
            cell, region = min(weighed, key=lambda w: w[0])[1]
            self.made.add((cell, cells[cell]))
            cells[cell] = region

    def _moves(self, movable: list[int]) -> list[tuple[int, int]]:
        """Each cell of ``movable`` into each neighbouring region, except moves made before
        and those that would cut its region in two."""
        n, cells = self.n, self.cells
        moves = [
            (cell, region)
            for cell in dict.fromkeys(movable)
            for region in sorted({cells[o] for o in _neighbours(n, cell)} - {HOLE, cells[cell]})
            if (cell, region) not in self.made
        ]
        return [m for m in moves if _connected_without(n, cells, cells[m[0]], m[0])]

    def make(self) -> bool:
        """Grow, force and repair until no hole is left; whether the grid is unique."""
        if not self.repair():
            return False
        while True:
            stuck = self.grow()
            if not stuck:
                return True
            self.force(stuck)
            if not self.repair():
                return False


class _OutOfWork(Exception):
    """An attempt spent its ``SEARCHES``: the next one starts."""


def _made(
    n: int, stars: int, placement: Rows, rng: random.Random, stop: counting_kernel.StopFlag | None
) -> list[int] | None:
    """A grid with the placement its one solution (steps 2 to 4), or None."""
    for _ in range(CORE_TRIES):
        cells = cores(n, stars, placement, rng)
        if cells is not None and _unique_so_far(n, stars, cells, stop):
            break
    else:
        return None
    maker = _Maker(n, stars, cells, placement, rng, stop)
    try:
        return cells if maker.make() else None
    except _OutOfWork:
        return None


def _unique_so_far(
    n: int, stars: int, cells: list[int], stop: counting_kernel.StopFlag | None
) -> bool:
    """Whether the grid being made has one solution (False past the search's budget)."""
    try:
        return _search(n, stars, cells, 2, stop)[0] == 1
    except counting_kernel.OverBudget:
        return False


def _connected_without(n: int, cells: list[int], region: int, removed: int) -> bool:
    """Whether region ``region`` stays connected when ``removed`` leaves it."""
    members = [i for i, g in enumerate(cells) if g == region and i != removed]
    if not members:
        return False
    seen = {members[0]}
    queue = [members[0]]
    while queue:
        here = queue.pop()
        for other in _neighbours(n, here):
            if other != removed and other not in seen and cells[other] == region:
                seen.add(other)
                queue.append(other)
    return len(seen) == len(members)


def _grid(n: int, cells: list[int]) -> Grid:
    return Grid.from_regions([cells[r * n : (r + 1) * n] for r in range(n)])


def generate(
    n: int, stars: int = 2, seed: int = 0, stop: counting_kernel.StopFlag | None = None
) -> Grid:
    """A grid with exactly one solution of ``stars`` a row, column and region (same seed,
    same grid); checked by two engines.  Stops (``Stopped``) when ``stop`` is set; from
    the main thread without one, a Ctrl-C stops it within a second (``interruptible``).

    >>> print(generate(8, stars=2, seed=1))
    AAABBCCC
    AABBCCCC
    AAABBCCD
    EABBBDDD
    EEFFGHDD
    EFFFGHHH
    EFFGGHHH
    EFFFGHHH
    """
    if not 1 <= stars <= MAX_STARS or not MIN_N.get(stars, 99) <= n <= MAX_STARS_N:
        low = MIN_N.get(stars, MAX_STARS_N)
        raise GenerateError(
            f"{stars}-star grids are generated from {low} x {low} to "
            f"{MAX_STARS_N} x {MAX_STARS_N} (stars 1 to {MAX_STARS})"
        )
    return counting_kernel.interruptible(lambda flag: _generate(n, stars, seed, flag), stop)


def _generate(n: int, stars: int, seed: int, stop: counting_kernel.StopFlag | None) -> Grid:
    rng = random.Random(seed)
    for _ in range(ATTEMPTS):
        placement = random_placement(n, stars, rng, stop)
        cells = _made(n, stars, placement, rng, stop)
        if cells is not None:
            grid = _grid(n, cells)
            if count(grid, stars, limit=2) == 1 and unique_by_rows(grid, stars, stop) is not False:
                return grid
    raise GenerateError(f"no {n} x {n} grid with one {stars}-star solution in {ATTEMPTS} tries")


__all__ = [
    "MIN_N",
    "GenerateError",
    "generate",
]
