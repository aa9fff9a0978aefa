"""Generated grids: exactly one solution, the difficulty asked for, the same per seed."""

from __future__ import annotations

import itertools
import random

import pytest

from puzzle_support import is_solution
from queens.puzzle.explain import DIFFICULTIES, LEVELS, explain
from queens.puzzle.generate import (
    MAX_N,
    MIN_N,
    GenerateError,
    _graded,
    _Growth,
    _unique_regions,
    generate,
    grow_regions,
    random_solution,
)
from queens.puzzle.grid import NAMES, Grid
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


def test_a_grid_grown_again_after_a_repair_stays_connected() -> None:
    # This grid's repair frees cells and grows them again; a free cell whose last region
    # was freed next to it once kept that region as one it could join, and region K came
    # out in two pieces.
    grid = generate(12, 2, "medium")
    assert all(grid.connected(region) for region in range(grid.n))


def test_a_free_cell_left_touching_no_region_leaves_the_frontier() -> None:
    region = [[-1, 0, 0], [-1, 1, 1], [1, 1, 1]]
    growth = _Growth(3, region, random.Random(0), skew=2.0, cap=9)
    assert growth.touching[(0, 0)] == (0,)
    growth.release((0, 1))  # (0, 0) now touches only free cells
    assert (0, 0) not in growth.frontier and (0, 0) not in growth.touching
    for square in growth.frontier:
        assert growth.touching[square] == tuple(sorted(growth.options(square)))


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


@pytest.mark.parametrize("difficulty", DIFFICULTIES)
def test_without_the_compiled_kernel(monkeypatch: pytest.MonkeyPatch, difficulty: str) -> None:
    """The checks fall back on the Python search: still one solution, still balanced."""
    from queens.engines.counting import kernel

    monkeypatch.setattr(kernel, "solve_regions", lambda *args, **options: None)
    grid = generate(8, 1, difficulty)
    assert count(grid, limit=2) == 1
    assert explain(grid).difficulty == difficulty
    sizes = [grid.cells.count(region) for region in range(grid.n)]
    assert 1 not in sizes and max(sizes) <= 0.4 * 64


def assert_balanced_unique(grid: Grid, difficulty: str) -> None:
    """One solution (the Python search, not the kernel that steered the generator), the
    difficulty, connected regions, none of one cell, none over 40 % of the board."""
    assert count(grid, limit=2) == 1
    assert explain(grid).difficulty == difficulty
    assert all(grid.connected(region) for region in range(grid.n))
    sizes = [grid.cells.count(region) for region in range(grid.n)]
    assert 1 not in sizes and max(sizes) <= 0.4 * grid.n**2


@pytest.mark.parametrize("difficulty", DIFFICULTIES)
@pytest.mark.parametrize("seed", range(2))
def test_larger_grids_are_balanced_and_unique(seed: int, difficulty: str) -> None:
    assert_balanced_unique(generate(12, seed, difficulty), difficulty)


@pytest.mark.slow
@pytest.mark.parametrize("difficulty", DIFFICULTIES)
@pytest.mark.parametrize("n", [14, 16])
def test_the_largest_grids_are_balanced_and_unique(n: int, difficulty: str) -> None:
    for seed in range(3):
        assert_balanced_unique(generate(n, seed, difficulty), difficulty)


def test_grids_whose_explanation_stops_are_eased_to_their_solution() -> None:
    """Unique 10 x 10 grids that easy steps do not solve: those the confinements ease are
    easy, balanced, and keep the solution the regions grew from."""
    stopped = eased = 0
    for seed in range(30):
        made = _unique_regions(10, random.Random(seed), 3.0, 3)
        if made is None:
            continue
        growth, truth = made
        before = Grid.from_regions(growth.region, NAMES)
        if explain(before, hardest=LEVELS["confined"]).solution is not None:
            continue
        stopped += 1
        grid = _graded(growth, truth, 1, LEVELS["confined"])
        if grid is None:
            continue
        eased += 1
        assert grid != before
        assert_balanced_unique(grid, "easy")
        assert explain(grid).solution == tuple(truth)
    assert stopped >= 5 and eased >= 2, (stopped, eased)
