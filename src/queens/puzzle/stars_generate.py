"""New Star Battle grids (k stars a row, column and region) with exactly one solution.

1. A random placement of k stars a row and a column, none touching (a randomised
   row-by-row search).
2. Regions grown around it: each star grows a territory (random flood fill), and
   neighbouring territories are joined k at a time into the n regions, so the placement
   is a solution.
3. While a second solution exists, a cell on a region border that holds no star of the
   placement moves to a neighbouring region (keeping regions connected) when that does not
   add solutions; the placement stays a solution throughout.

The finished grid is checked by both engines (the compiled kernel's count and the
propagating search), and its difficulty is the explanation's
(``queens.puzzle.stars_explain``).
"""

from __future__ import annotations

import random
from collections import deque

from queens.puzzle.grid import Grid
from queens.puzzle.stars import MAX_STARS, MAX_STARS_N, Rows, count, sample, solve_python

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
    frontier = [cell for cell in range(n * n) if owner[cell] >= 0]
    while frontier:
        cell = frontier.pop(rng.randrange(len(frontier)))
        for other in _neighbours(n, cell):
            if owner[other] < 0:
                owner[other] = owner[cell]
                frontier.append(other)
    return owner


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


def _refine(n: int, stars: int, cells: list[int], placement: Rows, rng: random.Random) -> bool:
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


def generate(n: int, stars: int = 2, seed: int = 0) -> Grid:
    """A grid with exactly one solution of ``stars`` a row, column and region (same seed,
    same grid); checked by two engines."""
    if not 1 <= stars <= MAX_STARS or not MIN_N.get(stars, 99) <= n <= MAX_STARS_N:
        low = MIN_N.get(stars, MAX_STARS_N)
        raise GenerateError(
            f"{stars}-star grids are generated from {low} x {low} to "
            f"{MAX_STARS_N} x {MAX_STARS_N} (stars 1 to {MAX_STARS})"
        )
    rng = random.Random(seed)
    for _ in range(ATTEMPTS):
        placement = random_placement(n, stars, rng)
        cells = grow_regions(n, stars, placement, rng)
        if cells is None:
            continue
        if _refine(n, stars, cells, placement, rng):
            grid = _grid(n, cells)
            verdict = solve_python(grid, stars)
            if verdict.unique and count(grid, stars) == 1:
                return grid
    raise GenerateError(f"no {n} x {n} grid with one {stars}-star solution in {ATTEMPTS} tries")
