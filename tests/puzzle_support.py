"""Helpers of the region-puzzle tests, written apart from the package: an independent
checker, a brute-force solver and a hypothesis strategy of small grids."""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import permutations

from hypothesis import assume
from hypothesis import strategies as st

from queens.puzzle.grid import NAMES, Grid, parse_grid


def regions_of(grid_text: str) -> list[str]:
    """The grid's lines, one character a cell (the region's name)."""
    return [line.replace(" ", "") for line in grid_text.strip().splitlines()]


def is_solution(rows: Sequence[str], columns: Sequence[int]) -> bool:
    """One queen a row (given), a column, a region; no two queens touching, pairwise."""
    n = len(rows)
    if len(columns) != n or sorted(columns) != list(range(n)):
        return False
    regions = [rows[r][c] for r, c in enumerate(columns)]
    if len(set(regions)) != n:
        return False
    for a in range(n):
        for b in range(a + 1, n):
            if max(abs(a - b), abs(columns[a] - columns[b])) <= 1:
                return False
    return True


def brute_force(rows: Sequence[str]) -> list[tuple[int, ...]]:
    """Every solution, in lexicographic order, by trying every permutation (n <= 8)."""
    return [p for p in permutations(range(len(rows))) if is_solution(rows, p)]


@st.composite
def small_grids(draw: st.DrawFn, low: int = 1, high: int = 6) -> Grid:
    """An n x n grid with exactly n regions (any shapes, not necessarily connected)."""
    n = draw(st.integers(low, high))
    cells = draw(st.lists(st.integers(0, n - 1), min_size=n * n, max_size=n * n))
    assume(len(set(cells)) == n)
    text = "\n".join("".join(NAMES[v] for v in cells[r * n : (r + 1) * n]) for r in range(n))
    return parse_grid(text)


def random_cells(n: int, rng: random.Random) -> list[int]:
    """Regions of an n x n grid: grown from n seeds (each region connected)."""
    region = [-1] * (n * n)
    frontier = []
    for g, seed in enumerate(rng.sample(range(n * n), n)):
        region[seed] = g
        frontier.append(seed)
    while frontier:
        cell = frontier.pop(rng.randrange(len(frontier)))
        r, c = divmod(cell, n)
        for nr, nc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if 0 <= nr < n and 0 <= nc < n and region[nr * n + nc] < 0:
                region[nr * n + nc] = region[cell]
                frontier.append(nr * n + nc)
    return region
