"""Gluecard on its own encoding (``queens.puzzle._cardinality``, issue 40), the engine that
confirms the 4- to 6-star grids CaDiCaL makes: its solutions and counts (0, 1, 2 and
more) against brute force and the kernel's counter on small random grids, its budget and
stop flag, and ``_planted.confirmed`` asking it when the kernel's look does not settle."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from queens.engines.counting import kernel
from queens.puzzle import _cardinality, _planted, _sat, generate
from queens.puzzle.grid import Grid, parse_grid
from queens.puzzle.solve import count, problem
from runaway_support import rows_grid
from test_puzzle_solve_stars import planted
from test_puzzle_stars import brute_force, star_grids


@pytest.fixture(autouse=True)
def _pysat() -> None:
    try:
        import pysat  # noqa: F401
    except ImportError as missing:
        from conftest import skip_for_missing_extra

        skip_for_missing_extra(missing, "Gluecard")


@settings(max_examples=12, deadline=None)
@given(star_grids(), st.integers(1, 2))
def test_every_solution_and_only_those_as_brute_force_finds(grid: Grid, stars: int) -> None:
    truth = sorted(brute_force(grid.rows(), stars))
    assert sorted(_cardinality.solutions(grid, stars, limit=len(truth) + 1) or ()) == truth
    two = _cardinality.solutions(grid, stars)  # the confirmation's question: 0, 1 or 2+
    assert two is not None and len(two) == min(len(truth), 2)
    assert all(found in truth for found in two)


@settings(max_examples=6, deadline=None)
@given(st.sampled_from([(10, 2), (12, 2), (13, 3)]), st.integers(0, 2**32 - 1))
def test_counts_up_to_two_as_the_kernels_counter_on_planted_grids(
    size: tuple[int, int], seed: int
) -> None:
    n, stars = size
    grid = planted(n, stars, seed, _sat.random_placement)
    found = _cardinality.solutions(grid, stars)
    assert found is not None and len(found) == count(grid, stars, limit=2)
    assert all(problem(grid, rows, stars) is None for rows in found)
    assert len(set(found)) == len(found)


@pytest.mark.parametrize("stars", [1, 2])
def test_a_region_no_larger_than_its_stars(stars: int) -> None:
    grid = parse_grid("ABBCC\nBBBCC\nDDDCC\nDDEEE\nDDEEE")  # region A: one cell
    truth = sorted(brute_force(grid.rows(), stars))
    assert sorted(_cardinality.solutions(grid, stars, limit=len(truth) + 1) or ()) == truth


def test_past_its_conflicts_it_gives_up() -> None:
    grid = parse_grid(rows_grid(10))
    assert _cardinality.solutions(grid, 2, conflicts=0) is None


class _LateStop(kernel.StopFlag):
    """A flag that is set once it has been looked at ``looks`` times."""

    def __init__(self, looks: int) -> None:
        super().__init__()
        self.looks = looks

    def is_set(self) -> bool:
        self.looks -= 1
        return self.looks < 0 or super().is_set()


def test_the_stop_flag_is_looked_at_before_every_call_to_the_solver(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from pysat.solvers import Solver

    calls: list[bool] = []
    stop = _LateStop(3)
    plain = Solver.solve_limited

    def watched(self: Solver, *args: object, **kwargs: object) -> bool | None:
        calls.append(stop.looks < 0)
        return plain(self, *args, **kwargs)

    monkeypatch.setattr(Solver, "solve_limited", watched)
    with pytest.raises(kernel.Stopped):
        _cardinality.solutions(parse_grid(rows_grid(10)), 2, limit=1000, stop=stop)
    assert calls == [False, False, False]


def _one_solution_grid() -> tuple[Grid, tuple[tuple[int, ...], ...]]:
    rng = random.Random(3)
    while True:
        made = _planted.attempt(9, 2, rng, generate.grow_star_regions)
        if made is not None:
            cells, truth = made
            return Grid.from_regions([cells[r * 9 : (r + 1) * 9] for r in range(9)]), truth


def test_confirmed_asks_gluecard_when_the_kernel_does_not_settle(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def over(*args: object, **kwargs: object) -> None:
        raise kernel.OverBudget("no answer")

    asked: list[Grid] = []
    plain = _cardinality.solutions

    def counted(grid: Grid, *args: object) -> object:
        asked.append(grid)
        return plain(grid, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(kernel, "search_stars", over)
    monkeypatch.setattr(_cardinality, "solutions", counted)
    grid, truth = _one_solution_grid()
    assert _planted.confirmed(grid, 2, truth, None)
    assert asked == [grid]
    other = tuple(tuple(c + 1 for c in row) for row in truth)  # no solution: the validator
    assert not _planted.confirmed(grid, 2, other, None)
    many = parse_grid(rows_grid(10))
    (first, *_) = _sat.solve(many, 2)
    assert not _planted.confirmed(many, 2, first, None)  # Gluecard finds a second


def test_confirmed_drops_a_grid_gluecard_gives_up_on(monkeypatch: pytest.MonkeyPatch) -> None:
    def over(*args: object, **kwargs: object) -> None:
        raise kernel.OverBudget("no answer")

    monkeypatch.setattr(kernel, "search_stars", over)
    monkeypatch.setattr(_cardinality, "CONFLICTS", 0)
    grid, truth = _one_solution_grid()
    assert not _planted.confirmed(grid, 2, truth, None)
