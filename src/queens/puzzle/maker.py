"""New puzzles: a random grid with exactly one solution, at a chosen difficulty.

1. A random solution: one queen a row and a column, no two touching.
2. Regions grown from those queens, one cell at a time, each new cell joining a region
   it touches, so every region is connected and holds exactly one queen of the solution.
3. While a second solution exists, one of its queens (off the first solution) moves to
   a neighbouring region: that solution then has two queens in one region and none in
   another, while the first keeps one queen per region.  Each move kills a solution and
   keeps the first, so the loop ends with exactly one.
4. A grid with more than ``SINGLE_CELLS`` one-cell regions is dropped; the others are
   explained (``queens.puzzle.explain``); it is kept when its hardest step
   is the difficulty asked for (never a case split), else the next attempt starts.

Everything comes from ``random.Random(seed)``, so a seed gives the same grid on every
run of the same Python.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from itertools import islice

from queens.puzzle.explain import LEVELS, difficulty_name, explain
from queens.puzzle.grid import NAMES, Grid
from queens.puzzle.solve import Square, solutions

MIN_N = 5
"""The smallest size generated (4 x 4 has two solutions and few grids; below, none)."""

MAX_N = 14
"""The largest size generated (past it, making the solution unique takes seconds to minutes)."""

ATTEMPTS = 2000
"""Grids tried for one difficulty before giving up (a GenerateError): medium 5 x 5 grids
are rare, and 400 attempts missed them for some seeds."""

SINGLE_CELLS = 2
"""Most one-cell regions a generated grid keeps: each hands out a queen for free, and
puzzles full of them are dull."""

SKEW = {"easy": 6.0, "medium": 3.0, "hard": 3.0}
"""How uneven the regions grow for each difficulty (see ``grow_regions``): many small
regions make easy puzzles."""

WANTED = {"easy": (1, 2), "medium": (3, 3), "hard": (4, 4)}
"""The levels of the hardest step of each difficulty."""


REPAIRS = 4
"""Moves (times n) tried to make a grid's solution unique before starting afresh (a move
can bring back solutions an earlier one killed)."""


OTHERS = 20
"""Other solutions looked at for a move that kills one of them."""


class GenerateError(ValueError):
    """A size or difficulty generate does not take."""


def random_solution(n: int, rng: random.Random) -> list[int]:
    """A random placement: one queen a row and a column, no two queens touching."""
    columns: list[int] = []
    used: set[int] = set()

    def extend() -> bool:
        if len(columns) == n:
            return True
        order = [c for c in range(n) if c not in used]
        rng.shuffle(order)
        for col in order:
            if columns and abs(columns[-1] - col) <= 1:
                continue
            columns.append(col)
            used.add(col)
            if extend():
                return True
            columns.pop()
            used.discard(col)
        return False

    if not extend():
        raise GenerateError(f"no {n} x {n} placement has queens that do not touch")
    return columns


def _neighbours(n: int, square: Square) -> Iterator[Square]:
    row, col = square
    for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
        if 0 <= r < n and 0 <= c < n:
            yield r, c


def grow_regions(
    n: int, seeds: list[Square], rng: random.Random, skew: float = 1.0
) -> list[list[int]]:
    """Regions grown from ``seeds`` (region i from seed i) until they fill the grid.

    Each step one region, drawn with a random weight of its own, takes a free cell it
    touches.  The weights are ``random() ** skew``: 0 grows regions of even size, larger
    skews leave some regions small (small regions make easy deductions).
    """
    region = [[-1] * n for _ in range(n)]
    for index, (row, col) in enumerate(seeds):
        region[row][col] = index
    weights = [rng.random() ** skew + 0.01 for _ in seeds]
    frontier = [[s for s in _neighbours(n, seed) if region[s[0]][s[1]] < 0] for seed in seeds]
    free = n * n - len(seeds)
    while free:
        growing = [i for i in range(len(seeds)) if frontier[i]]
        index = rng.choices(growing, [weights[i] for i in growing])[0]
        row, col = frontier[index].pop(rng.randrange(len(frontier[index])))
        if region[row][col] >= 0:
            continue
        region[row][col] = index
        free -= 1
        frontier[index].extend(s for s in _neighbours(n, (row, col)) if region[s[0]][s[1]] < 0)
    return region


def _connected_without(region: list[list[int]], square: Square) -> bool:
    """Whether the region of ``square`` stays connected once ``square`` leaves it."""
    n = len(region)
    owner = region[square[0]][square[1]]
    cells = [
        (r, c) for r in range(n) for c in range(n) if region[r][c] == owner and (r, c) != square
    ]
    seen = {cells[0]}
    todo = [cells[0]]
    while todo:
        for s in _neighbours(n, todo.pop()):
            if s != square and s not in seen and region[s[0]][s[1]] == owner:
                seen.add(s)
                todo.append(s)
    return len(seen) == len(cells)


def _break(region: list[list[int]], truth: list[int], other: list[int], rng: random.Random) -> bool:
    """Move one queen of ``other`` (off ``truth``) to a neighbouring region; False if no
    move keeps the regions connected."""
    n = len(region)
    rows = [r for r in range(n) if other[r] != truth[r]]
    rng.shuffle(rows)
    for row in rows:
        square = (row, other[row])
        owner = region[row][other[row]]
        targets = sorted({region[r][c] for r, c in _neighbours(n, square)} - {owner})
        if targets and _connected_without(region, square):
            region[row][other[row]] = rng.choice(targets)
            return True
    return False


def unique_grid(n: int, rng: random.Random, skew: float = 1.0) -> tuple[Grid, list[int]] | None:
    """A grid with exactly one solution (and that solution), or None if the repair failed."""
    truth = random_solution(n, rng)
    region = grow_regions(n, list(enumerate(truth)), rng, skew)
    for _ in range(REPAIRS * n):
        grid = Grid.from_regions(region, NAMES)
        others = islice((s for s in solutions(grid) if s != truth), OTHERS)
        found = False
        for other in others:
            found = True
            if _break(region, truth, other, rng):
                break
        else:
            return (grid, truth) if not found else None
    return None


def generate(n: int, seed: int, difficulty: str | None = None) -> Grid:
    """A grid with exactly one solution whose explanation needs ``difficulty``'s reasoning
    (easy, medium, hard; None: any that needs no case split).

    >>> print(generate(5, seed=1))
    ABBCC
    ADECC
    CDEEC
    CDDEC
    CCCCC
    """
    if not MIN_N <= n <= MAX_N:
        raise GenerateError(
            f"generate makes grids from {MIN_N} x {MIN_N} to {MAX_N} x {MAX_N}, not {n} x {n}"
        )
    low, high = WANTED[difficulty] if difficulty is not None else (1, LEVELS["exclusion"])
    rng = random.Random(seed)
    for _ in range(ATTEMPTS):
        made = unique_grid(n, rng, SKEW.get(difficulty or "hard", 3.0))
        if made is None:
            continue
        grid, _ = made
        if sum(1 for size in Counter(grid.cells).values() if size == 1) > SINGLE_CELLS:
            continue
        explanation = explain(grid, hardest=high)
        if explanation.solution is not None and explanation.level >= low:
            return grid
    wanted = difficulty or "any difficulty"
    raise GenerateError(f"no {wanted} {n} x {n} grid found in {ATTEMPTS} attempts with seed {seed}")


__all__ = ["MAX_N", "MIN_N", "GenerateError", "difficulty_name", "generate"]
