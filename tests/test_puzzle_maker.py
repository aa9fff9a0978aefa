"""Generated grids: exactly one solution, the difficulty asked for, the same per seed."""

from __future__ import annotations

import itertools
import random

import pytest

from puzzle_support import is_solution
from queens.puzzle.explain import explain
from queens.puzzle.maker import (
    MAX_N,
    MIN_N,
    GenerateError,
    generate,
    grow_regions,
    random_solution,
)
from queens.puzzle.solve import count


@pytest.mark.parametrize("n", [5, 6, 8, 10, 12])
def test_one_solution_and_no_guessing(n: int) -> None:
    grid = generate(n, seed=n)
    assert grid.n == n and len(set(grid.cells)) == n
    assert count(grid, limit=2) == 1
    explanation = explain(grid)
    assert explanation.difficulty in ("easy", "medium", "hard")
    assert explanation.solution is not None and is_solution(grid.rows(), explanation.solution)


@pytest.mark.parametrize("difficulty", ["easy", "medium", "hard"])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_difficulty_asked_for(difficulty: str, seed: int) -> None:
    grid = generate(7, seed, difficulty)
    assert count(grid, limit=2) == 1
    assert explain(grid).difficulty == difficulty


def test_the_same_seed_gives_the_same_grid() -> None:
    assert generate(9, 3) == generate(9, 3)
    assert generate(9, 3) != generate(9, 4)


def test_regions_are_connected() -> None:
    grid = generate(10, 7)
    assert all(grid.connected(region) for region in range(grid.n))


def test_random_solutions_and_regions() -> None:
    rng = random.Random(0)
    for n in (4, 9, 30):
        columns = random_solution(n, rng)
        assert sorted(columns) == list(range(n))
        assert all(abs(a - b) > 1 for a, b in itertools.pairwise(columns))
        region = grow_regions(n, list(enumerate(columns)), rng)
        assert sorted({v for row in region for v in row}) == list(range(n))
        assert all(region[r][c] == r for r, c in enumerate(columns))


@pytest.mark.parametrize("n", [MIN_N - 1, MAX_N + 1])
def test_sizes_out_of_range(n: int) -> None:
    with pytest.raises(GenerateError, match=f"from {MIN_N} x {MIN_N} to {MAX_N} x {MAX_N}"):
        generate(n, 1)


@pytest.mark.parametrize("seed", range(10))
def test_rare_small_medium_grids_are_found(seed: int) -> None:
    grid = generate(5, seed, "medium")
    assert explain(grid).difficulty == "medium"
