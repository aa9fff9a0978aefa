"""New Star Battle grids (k stars a row, column and region) with exactly one solution.

1. A random placement of k stars a row and a column, none touching (a randomised
   row-by-row search).
2. The placement's stars joined k at a time, each with its nearest, by shortest paths:
   the n regions' cores.  Every other cell is a hole (in no region, no star on it), so the
   placement is the one solution of this first grid (else the next attempt).
3. The regions grow one cell at a time into the holes next to them, a cell joining a
   region only when no solution puts a star on it (a solution of the grown grid without
   that star is one of the grid before: the placement alone).  Checking that is a search
   with the star given, which the kernel's propagation ends in a few nodes: the grid stays
   unique as it grows.
4. Holes that no neighbouring region can take so join one at random, and then, while a
   second solution exists, a cell on a region border that holds no star of the placement
   moves to a neighbouring region (keeping regions connected) when that does not add
   solutions; the placement stays a solution throughout.

The finished grid is checked by both of the kernel's engines (its propagating search and
its row-by-row counter; without the kernel, the propagating search of
``queens.puzzle.stars``), and its difficulty is the explanation's
(``queens.puzzle.stars_explain``).
"""

from __future__ import annotations

import random
from collections import deque

from queens.engines.counting import kernel as counting_kernel
from queens.puzzle.grid import Grid
from queens.puzzle.stars import (
    MAX_STARS,
    MAX_STARS_N,
    Rows,
    count,
    count_rows,
    sample,
)

MIN_N = {1: 4, 2: 8, 3: 14, 4: 19, 5: 23, 6: 25}
"""The smallest grid generated for each number of stars (smaller ones rarely, or never,
have a unique solution made this way)."""

ATTEMPTS = 12
"""Fresh starts before giving up."""

MOVES = 4000
"""Region changes tried in one attempt."""


CAPS = (20, 100, 500)
"""How far solutions are counted while regions change: the least cap above the count, so
a move's effect shows (a grid with more than the largest cap takes moves at random)."""


class GenerateError(Exception):
    """No grid could be made (within the attempts) for the request."""


def random_placement(n: int, stars: int, rng: random.Random) -> Rows:
    """k stars in each row and column, none touching, at random."""
    full = (1 << n) - 1
    held = [0] * n
    chosen: list[tuple[int, ...]] = []

    def options(above: int) -> list[tuple[int, ...]]:
        blocked = above | above << 1 | above >> 1
        open_columns = [c for c in range(n) if not blocked >> c & 1 and held[c] < stars]
        rng.shuffle(open_columns)
        found: list[tuple[int, ...]] = []

        def pick(start: int, taken: tuple[int, ...]) -> None:
            if len(found) >= 40:
                return
            if len(taken) == stars:
                found.append(tuple(sorted(taken)))
                return
            for i in range(start, len(open_columns)):
                c = open_columns[i]
                if all(abs(c - t) > 1 for t in taken):
                    pick(i + 1, (*taken, c))

        pick(0, ())
        return found

    def feasible(row: int, mask: int) -> bool:
        left = n - 1 - row
        return all(
            2 * (stars - held[c]) - 1 + (mask >> c & 1) <= left for c in range(n) if held[c] < stars
        )

    def place(row: int, above: int) -> bool:
        if row == n:
            return True
        for option in options(above):
            mask = sum(1 << c for c in option)
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

    if not place(0, 0):
        raise GenerateError(f"no placement of {stars} stars on a {n} x {n} grid")
    assert full
    return tuple(chosen)


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


def _solutions_with(
    n: int,
    stars: int,
    cells: list[int],
    star: int,
    limit: int,
    stop: counting_kernel.StopFlag | None,
) -> int | None:
    """The solutions of the grid being made (holes allowed) up to ``limit``, those with a
    star on ``star`` only unless it is -1; None without the kernel."""
    if n > counting_kernel.STARS_SEARCH_MAX_N:
        return None
    searched = counting_kernel.search_stars(n, stars, bytes(cells), limit, stop, star)
    return None if searched is None else searched[0][0]


def grow_unique(
    n: int,
    stars: int,
    cells: list[int],
    rng: random.Random,
    stop: counting_kernel.StopFlag | None = None,
) -> list[int]:
    """Grow the regions into the holes, a cell joining a neighbouring region only when no
    solution puts a star on it (so a unique grid stays unique).  Returns the holes no
    region could take so."""
    holes = [cell for cell in range(n * n) if cells[cell] == HOLE]
    while holes:
        rng.shuffle(holes)
        left = []
        for cell in holes:
            regions = sorted({cells[o] for o in _neighbours(n, cell)} - {HOLE})
            rng.shuffle(regions)
            for region in regions:
                cells[cell] = region
                if _solutions_with(n, stars, cells, cell, 1, stop) == 0:
                    break
                cells[cell] = HOLE
            else:
                left.append(cell)
        if len(left) == len(holes):
            return left
        holes = left
    return []


def _fill(n: int, cells: list[int], holes: list[int], rng: random.Random) -> None:
    """Every hole to a neighbouring region at random (holes next to holes wait their turn)."""
    while holes:
        waiting = []
        for cell in holes:
            regions = sorted({cells[o] for o in _neighbours(n, cell)} - {HOLE})
            if regions:
                cells[cell] = rng.choice(regions)
            else:
                waiting.append(cell)
        holes = waiting


def _made(
    n: int, stars: int, placement: Rows, rng: random.Random, stop: counting_kernel.StopFlag | None
) -> list[int] | None:
    """A grid with the placement its one solution (steps 2 to 4), or None."""
    if not counting_kernel.compiled() or n > counting_kernel.STARS_SEARCH_MAX_N:
        cells = grow_regions(n, stars, placement, rng)
        if cells is None or not _refine(n, stars, cells, placement, rng, stop):
            return None
        return cells
    cells = cores(n, stars, placement, rng)
    if cells is None or _solutions_with(n, stars, cells, -1, 2, stop) != 1:
        return None
    stuck = grow_unique(n, stars, cells, rng, stop)
    if stuck:
        _fill(n, cells, stuck, rng)
        if not _refine(n, stars, cells, placement, rng, stop):
            return None
    return cells


def _foreign(n: int, cells: list[int], cell: int) -> list[int]:
    """The other regions next to ``cell`` (it is on their border when there are any)."""
    return sorted({cells[o] for o in _neighbours(n, cell)} - {cells[cell]})


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


def _refine(
    n: int,
    stars: int,
    cells: list[int],
    placement: Rows,
    rng: random.Random,
    stop: counting_kernel.StopFlag | None = None,
) -> bool:
    """Move border cells between regions until one solution is left; whether it was.

    A move is aimed at another solution: one of its stars off the placement moves to a
    neighbouring region, which that solution then breaks (two regions off by one star),
    while the placement stays whole.  A move is kept when the solutions (counted up to
    a cap) do not grow."""
    star_cells = {r * n + c for r, columns in enumerate(placement) for c in columns}
    cap = CAPS[0]
    solutions, shown = sample(_grid(n, cells), stars, cap)
    while solutions == cap and cap < CAPS[-1]:
        cap = CAPS[CAPS.index(cap) + 1]
        solutions, shown = sample(_grid(n, cells), stars, cap)
    for _ in range(MOVES):
        if solutions == 1:
            return True
        if stop is not None and stop.is_set():
            raise counting_kernel.Stopped
        other = next((rows for rows in shown if rows != placement), None)
        targets: list[int] = []
        if other is not None:
            targets = [r * n + c for r, columns in enumerate(other) for c in columns]
            targets = [t for t in targets if t not in star_cells]
        targets = [t for t in targets if _foreign(n, cells, t)]
        if not targets or rng.random() < 0.2:
            targets = [t for t in range(n * n) if t not in star_cells and _foreign(n, cells, t)]
        cell = rng.choice(targets)
        choices = _foreign(n, cells, cell)
        old = cells[cell]
        if not _connected_without(n, cells, old, cell):
            continue
        cells[cell] = rng.choice(choices)
        found, found_shown = sample(_grid(n, cells), stars, cap)
        if found <= solutions:
            solutions, shown = found, found_shown
            # fewer solutions than a smaller cap holds: count with that cap from now on
            while cap > CAPS[0] and solutions < CAPS[CAPS.index(cap) - 1]:
                cap = CAPS[CAPS.index(cap) - 1]
        else:
            cells[cell] = old
    return solutions == 1


def _second_engine_unique(grid: Grid, stars: int) -> bool:
    """One solution by the other engine: the kernel's row-by-row counter, else (no kernel:
    ``count`` was the propagating search already) True."""
    rows = count_rows(grid, stars, limit=2)
    return True if rows is None else rows == 1


def generate(
    n: int, stars: int = 2, seed: int = 0, stop: counting_kernel.StopFlag | None = None
) -> Grid:
    """A grid with exactly one solution of ``stars`` a row, column and region (same seed,
    same grid); checked by two engines.  Stops (``Stopped``) when ``stop`` is set; from
    the main thread without one, a Ctrl-C stops it within a second (``interruptible``)."""
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
        placement = random_placement(n, stars, rng)
        cells = _made(n, stars, placement, rng, stop)
        if cells is not None:
            grid = _grid(n, cells)
            if count(grid, stars, limit=2) == 1 and _second_engine_unique(grid, stars):
                return grid
    raise GenerateError(f"no {n} x {n} grid with one {stars}-star solution in {ATTEMPTS} tries")
