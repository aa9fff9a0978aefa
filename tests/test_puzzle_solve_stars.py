"""The one solver for 1 to 6 stars (``queens.puzzle.solve``): its CaDiCaL encoding
against the plain brute force, the portfolio's hand-over and its checks, and the
estimate of k-star counts against measured counts (issue 40)."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from queens.engines.counting import kernel
from queens.puzzle import _sat
from queens.puzzle import solve as solver
from queens.puzzle.generate import grow_star_regions as grow_regions
from queens.puzzle.generate import random_placement
from queens.puzzle.grid import Grid, parse_grid
from runaway_support import rows_grid
from stopping import assert_the_flag_stops
from test_puzzle_stars import brute_force, star_grids

Placer = Callable[[int, int, random.Random], tuple[tuple[int, ...], ...] | None]


def _needs_sat() -> None:
    try:
        import pysat  # noqa: F401
    except ImportError as missing:
        from conftest import skip_for_missing_extra

        skip_for_missing_extra(missing, "the SAT engine")


def planted(n: int, stars: int, seed: int, place: Placer = random_placement) -> Grid:
    """A grid grown around a random placement of ``stars`` a row (it has a solution)."""
    rng = random.Random(seed)
    while True:
        placement = place(n, stars, rng)
        assert placement is not None
        cells = grow_regions(n, stars, placement, rng)
        if cells is not None:
            return Grid.from_regions([cells[r * n : (r + 1) * n] for r in range(n)])


def test_sat_placements_are_placements() -> None:
    _needs_sat()
    rng = random.Random(5)
    for n, stars in ((8, 2), (12, 3), (20, 4)):
        placement = _sat.random_placement(n, stars, rng)
        assert placement is not None
        cells = [(r, c) for r, row in enumerate(placement) for c in row]
        assert all(len(row) == stars for row in placement)
        assert all(sum(1 for _, c in cells if c == col) == stars for col in range(n))
        assert not any(
            max(abs(a[0] - b[0]), abs(a[1] - b[1])) <= 1
            for i, a in enumerate(cells)
            for b in cells[i + 1 :]
        )
    assert _sat.random_placement(5, 2, rng) is None  # a 5 x 5 grid holds 9 stars, not 10


@pytest.mark.parametrize("stars", [1, 2])
def test_the_sat_encoding_takes_a_region_no_larger_than_its_stars(stars: int) -> None:
    # Region A is one cell: all of it for one star, too small for two (CardEnc takes no
    # bound past its literals: hypothesis found the 2-star case in CI's package step).
    _needs_sat()
    grid = parse_grid("ABBCC\nBBBCC\nDDDCC\nDDEEE\nDDEEE")
    truth = sorted(brute_force(grid.rows(), stars))
    assert sorted(_sat.solve(grid, stars, limit=len(truth) + 1)) == truth


@settings(max_examples=12, deadline=None)
@given(star_grids(), st.integers(1, 2))
def test_the_sat_encoding_finds_what_brute_force_finds(grid: Grid, stars: int) -> None:
    _needs_sat()
    truth = sorted(brute_force(grid.rows(), stars))
    found = sorted(_sat.solve(grid, stars, limit=len(truth) + 1))
    assert found == truth
    verdict = solver.solve_sat(grid, stars)
    assert verdict is not None
    assert verdict.unique == (len(truth) == 1)
    assert (verdict.rows is None) == (not truth) and (verdict.rows in truth or not truth)


def test_a_stalled_search_hands_over_to_sat(monkeypatch: pytest.MonkeyPatch) -> None:
    # The kernel gives up after one node: the verdict is CaDiCaL's, checked, and agrees
    # with the propagating search in Python on planted 3-star grids.
    _needs_sat()
    monkeypatch.setattr(solver, "KERNEL_NODES", 1)
    answered = []
    real = _sat.solve
    monkeypatch.setattr(_sat, "solve", lambda *a, **k: answered.append(1) or real(*a, **k))
    for seed in range(2):
        grid = planted(12, 3, seed)
        verdict = solver.solve(grid, 3)
        python = solver.solve_python(grid, 3)
        assert verdict.unique == python.unique and verdict.rows is not None
        assert solver.problem(grid, verdict.rows, 3) is None
    assert len(answered) == 2  # (without the kernel CaDiCaL answers at once)


def test_a_wrong_sat_answer_is_an_error_not_an_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    _needs_sat()
    grid = planted(10, 2, 0)
    (truth,) = _sat.solve(grid, 2, limit=1)
    shifted = (truth[1], truth[0], *truth[2:])  # two rows swapped: no longer a solution
    monkeypatch.setattr(_sat, "solve", lambda *a, **k: [shifted])
    with pytest.raises(solver.Unchecked, match="CaDiCaL answered a placement"):
        solver.solve_sat(grid, 2)


def test_without_python_sat_the_kernel_answers_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_sat, "available", lambda: False)
    monkeypatch.setattr(solver, "KERNEL_NODES", 1)
    grid = planted(10, 2, 1)
    assert solver.solve_sat(grid, 2) is None
    verdict = solver.solve(grid, 2)
    assert verdict.rows is not None and solver.problem(grid, verdict.rows, 2) is None
    assert verdict.unique == solver.solve_python(grid, 2).unique


def test_one_star_verdicts_give_rows_and_columns() -> None:
    grid = parse_grid("AAAB\nCAAB\nCCDB\nCCDD")
    verdict = solver.solve(grid, 1)
    assert verdict.solution == (1, 3, 0, 2) and verdict.rows == ((1,), (3,), (0,), (2,))
    assert solver.problem(grid, verdict.rows, 1) is None
    assert solver.problem(grid, [1, 3, 0, 2]) is None
    with pytest.raises(ValueError, match="2 stars a row"):
        _ = solver.Verdict(((0, 2), (1, 3)), unique=True).solution


def _estimate_meets_count(text: str, probes: int) -> None:
    # Knuth's estimator, seeded: its solutions within a factor of 3 of the count, and
    # (with the kernel) its nodes, scaled to the kernel's tree, within a factor of 4.
    grid = parse_grid(text.strip())
    nodes, found = solver.star_tree(grid, 2, probes=probes, seed=1)
    total = solver.count(grid, 2, force=True)
    assert total / 3 <= found <= total * 3
    searched = kernel.search_stars(grid.n, 2, bytes(grid.cells))
    if searched is not None:
        kernel_nodes = searched[1]
        assert kernel_nodes / 4 <= nodes / solver.STAR_TREE_RATIO <= kernel_nodes * 4


def test_the_estimate_of_a_star_count_meets_the_measured_count() -> None:
    _estimate_meets_count(rows_grid(9), 100)


@pytest.mark.slow  # hundreds of probes on bigger trees
@pytest.mark.parametrize("text", [rows_grid(10), "\n".join(planted(12, 2, 3).rows())])
def test_the_estimate_of_bigger_star_counts_meets_the_measured_counts(text: str) -> None:
    _estimate_meets_count(text, 300)


def test_a_star_count_estimated_too_long_is_refused_unless_forced(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    grid = parse_grid(rows_grid(9).strip())
    assert solver.count(grid, 2) == solver.count_rows(grid, 2) or not kernel.compiled()
    monkeypatch.setattr(solver, "QUICK_NODES", 1)  # no quick count: the estimate decides
    monkeypatch.setattr(solver, "STAR_PROBES", 20)
    seconds = solver.estimated_seconds(grid, 2)
    monkeypatch.setattr(solver, "REFUSE_SECONDS", seconds / 2)
    with pytest.raises(solver.CountTooLong, match="would take"):
        solver.count(grid, 2)
    monkeypatch.setattr(solver, "REFUSE_SECONDS", seconds * 2)
    assert solver.count(grid, 2) == solver.count(grid, 2, force=True) > 0


@pytest.mark.slow  # an estimate of a second, then a count stopped
def test_a_long_star_count_is_refused_and_a_forced_one_stops_on_its_flag() -> None:
    grid = parse_grid(rows_grid(12).strip())  # 2 stars: some 16 hours of counting
    with pytest.raises(solver.CountTooLong):
        solver.count(grid, 2)
    assert_the_flag_stops(lambda stop: solver.count(grid, 2, stop=stop, force=True))


@pytest.mark.slow  # planted grids of 4 to 6 stars at full size: seconds each
@pytest.mark.parametrize(("n", "stars"), [(19, 4), (20, 4), (22, 5), (25, 6)])
def test_big_planted_grids_are_solved_and_checked(n: int, stars: int) -> None:
    _needs_sat()
    grid = planted(n, stars, 7, _sat.random_placement)
    verdict = solver.solve(grid, stars)
    assert verdict.rows is not None and solver.problem(grid, verdict.rows, stars) is None
    if not verdict.unique:  # a second solution, found by blocking the first
        assert len(_sat.solve(grid, stars, limit=2)) == 2
