"""The solver against an independent checker and a brute-force search (hypothesis)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzle_support import brute_force, is_solution, small_grids
from queens.puzzle.generate import random_solution
from queens.puzzle.grid import Grid, parse_grid
from queens.puzzle.solve import State, Verdict, bits, count, problem, solutions, solve


@settings(max_examples=120, deadline=None)
@given(small_grids())
def test_every_solution_and_only_those(grid: Grid) -> None:
    rows = grid.rows()
    expected = brute_force(rows)
    found = [tuple(s) for s in solutions(grid)]
    assert sorted(found) == expected
    assert count(grid) == len(expected)
    verdict = solve(grid)
    if expected:
        assert verdict.solution in expected and verdict.unique == (len(expected) == 1)
    else:
        assert verdict == Verdict(None, unique=False)


@settings(max_examples=100, deadline=None)
@given(small_grids(5, 7))
def test_problem_agrees_with_the_checker(grid: Grid) -> None:
    for columns in [*solutions(grid), [0] * grid.n, list(range(grid.n))]:
        assert (problem(grid, columns) is None) == is_solution(grid.rows(), columns)


def test_big_grids_are_solved() -> None:
    import random

    from queens.puzzle.generate import grow_regions

    rng = random.Random(4)
    for n in (16, 25):
        truth = random_solution(n, rng)
        grid = Grid.from_regions(grow_regions(n, list(enumerate(truth)), rng))
        verdict = solve(grid)
        assert verdict.solution is not None
        assert is_solution(grid.rows(), verdict.solution)


def test_count_stops_at_the_limit() -> None:
    grid = parse_grid("\n".join("ABCDEFG"[r] * 7 for r in range(7)))  # the regions are rows
    total = count(grid)
    assert total == len(brute_force(grid.rows())) > 3
    assert count(grid, limit=3) == 3


def test_givens() -> None:
    grid = parse_grid("AABB\nAABB\nCCDD\nCCDD")
    assert list(solutions(grid, queens=[(0, 2)])) == [[2, 0, 3, 1]]
    assert list(solutions(grid, excluded=[(0, 2)])) == [[1, 3, 0, 2]]
    assert list(solutions(grid, queens=[(0, 0), (1, 1)])) == []


@settings(max_examples=300, deadline=None)
@given(small_grids(1, 7))
def test_the_compiled_count_agrees_with_brute_force(grid: Grid) -> None:
    from queens.engines.counting import kernel

    found = kernel.count_regions(grid.n, bytes(grid.cells))
    if not kernel.compiled():
        assert found is None  # the puzzle's own search counts then
        return
    assert found == len(brute_force(grid.rows()))


def test_the_compiled_count_checks_its_input() -> None:
    import pytest

    from queens.engines.counting import kernel

    module = kernel.loaded()
    if module is None:
        pytest.skip("the compiled kernel is not in use (QUEENS_PURE_PYTHON or no compiler)")
    with pytest.raises(ValueError, match="n \\* n = 4 bytes"):
        module.count_regions(2, b"\0\1\1")
    with pytest.raises(ValueError, match="past the 2 regions"):
        module.count_regions(2, b"\0\1\1\2")
    with pytest.raises(ValueError, match=r"grids of 1\.\.64 rows"):
        module.count_regions(65, b"")
    assert module.count_regions(1, b"\0") == 1


@settings(max_examples=300, deadline=None)
@given(small_grids(1, 7), st.randoms(use_true_random=False), st.sampled_from([0, 1, 2]))
def test_the_compiled_search_with_closed_cells_agrees_with_the_python_one(
    grid: Grid, rng: random.Random, limit: int
) -> None:
    """``solve_regions`` (the generator's check): cells of no region hold no queen.  The
    first two solutions are those a plain row-by-row search meets first (the smallest
    columns by row): the generator's grids rest on that order, whatever the pruning."""
    from queens.engines.counting import kernel

    n = grid.n
    closed = [(r, c) for r in range(n) for c in range(n) if rng.random() < 0.25]
    cells = bytearray(grid.cells)
    for r, c in closed:
        cells[r * n + c] = 255
    found = kernel.solve_regions(n, bytes(cells), limit)
    if not kernel.compiled():
        assert found is None
        return
    assert found is not None
    expected = [tuple(s) for s in solutions(grid, excluded=closed)]
    total, first, second = found
    assert total == (len(expected) if limit == 0 else min(limit, len(expected)))
    shown = [s for s in (first, second) if s is not None]
    assert len(shown) == min(total, 2) and len(set(shown)) == len(shown)
    assert shown == sorted(expected)[: len(shown)]


@settings(max_examples=300, deadline=None)
@given(
    small_grids(1, 7),
    st.randoms(use_true_random=False),
    st.sampled_from([0, 1, 2, 200]),
    st.integers(1, 60),
)
def test_a_search_over_its_budget_says_so_and_never_answers_wrong(
    grid: Grid, rng: random.Random, limit: int, budget: int
) -> None:
    """``solve_regions`` with a budget of queens placed: the unbudgeted answer, or
    ``OverBudget`` (the generator then counts the move as the worst), never another
    answer.  Small budgets, so both outcomes come up."""
    from queens.engines.counting import kernel

    if not kernel.compiled():
        return
    n = grid.n
    cells = bytearray(grid.cells)
    for index in range(n * n):
        if rng.random() < 0.25:
            cells[index] = 255
    full = kernel.solve_regions(n, bytes(cells), limit)
    try:
        assert kernel.solve_regions(n, bytes(cells), limit, budget=budget) == full
    except kernel.OverBudget:
        assert kernel.solve_regions(n, bytes(cells), limit, budget=10**9) == full


def test_a_budget_too_small_for_the_search_gives_it_up() -> None:
    from queens.engines.counting import kernel

    if not kernel.compiled():
        return
    empty = bytes(range(8)) * 8  # region c = column c: the 8 x 8 grid's many solutions
    total, *_ = kernel.solve_regions(8, empty, 0) or (0,)
    assert total > 1
    with pytest.raises(kernel.OverBudget):
        kernel.solve_regions(8, empty, 0, budget=total)
    assert kernel.solve_regions(8, empty, 0, budget=10**6) == kernel.solve_regions(8, empty, 0)


@settings(max_examples=200, deadline=None)
@given(small_grids(1, 7), st.randoms(use_true_random=False))
def test_the_empty_unit_from_masks_is_the_first_listed(grid: Grid, rng: random.Random) -> None:
    """``State.empty_unit`` (the explanations' look-aheads) against ``open_units``."""
    state = State.start(grid)
    for row in range(grid.n):
        for col in range(grid.n):
            if rng.random() < 0.3:
                state.exclude(row, col)
    if rng.random() < 0.5 and state.cand[0]:
        state.place(0, rng.choice(list(bits(state.cand[0]))))
    listed = [(kind, index) for kind, index, cells in state.open_units() if not cells]
    assert state.empty_unit() == (listed[0] if listed else None)
