"""Generation of 4- to 6-star grids (issue 40, ``queens.puzzle._planted``): each repair
keeps the planted solution (hypothesis, 1 and 2 stars on small grids), a finished grid is
unique by engines other than CaDiCaL, and ``generate`` is bounded (python-sat needed,
sizes past the measured ones refused without ``force``, a stop flag, Ctrl-C)."""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import needs_sat
from queens.cli import main
from queens.engines.counting import kernel
from queens.puzzle import _cardinality, _planted, _sat, generate
from queens.puzzle._planted import _Regions
from queens.puzzle.grid import Grid
from queens.puzzle.solve import count, problem, solve_python
from runaway_support import interrupted_after
from stopping import assert_the_flag_stops

T = TypeVar("T")

BIG_SIZES = [(n, k) for k, n in generate.PLANTED_UP_TO.items()]
"""The largest size of each number of stars made without ``force``."""

needs_kernel = pytest.mark.skipif(not kernel.compiled(), reason="the compiled kernel's paths")


def connected(n: int, cells: list[int], region: int) -> bool:
    """Whether ``region``'s cells are one piece (a plain flood fill)."""
    members = {i for i, owner in enumerate(cells) if owner == region}
    seen = {min(members)}
    todo = list(seen)
    while todo:
        r, c = divmod(todo.pop(), n)
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            other = rr * n + cc
            if 0 <= rr < n and 0 <= cc < n and other in members and other not in seen:
                seen.add(other)
                todo.append(other)
    return seen == members


def grid_of(n: int, cells: list[int]) -> Grid:
    return Grid.from_regions([cells[r * n : (r + 1) * n] for r in range(n)])


@needs_sat
@settings(max_examples=25)
@given(
    case=st.sampled_from([(6, 1), (7, 1), (8, 1), (9, 2), (10, 2)]),
    seed=st.integers(0, 2**32 - 1),
)
def test_every_repair_keeps_the_planted_solution(case: tuple[int, int], seed: int) -> None:
    n, stars = case
    rng = random.Random(seed)
    truth = _sat.random_placement(n, stars, rng)
    assert truth is not None
    cells = generate.grow_star_regions(n, stars, truth, rng)
    if cells is None:
        return  # a group's stars could not be joined: the attempt starts afresh
    truth_cells = {r * n + c for r, row in enumerate(truth) for c in row}
    regions = _Regions(n, stars, cells, truth)
    try:
        for _ in range(3 * n):
            others = regions.others(_planted.OTHERS)
            for stars_of in others:  # CaDiCaL's: real solutions, none the truth
                rows = [sorted(c % n for c in stars_of if c // n == r) for r in range(n)]
                assert problem(grid_of(n, cells), rows, stars) is None
                assert stars_of != truth_cells
            if not others:
                assert count(grid_of(n, cells), stars) == 1  # brute force agrees
                break
            move = _planted.repair(n, cells, truth_cells, others, rng)
            if move is None:
                break
            path, region = move
            assert not truth_cells & set(path)
            regions.move(path, region)
            grid = grid_of(n, cells)
            assert problem(grid, truth, stars) is None
            assert all(connected(n, cells, region) for region in range(n))
            for stars_of in others:  # the first one at least is killed
                rows = [sorted(c % n for c in stars_of if c // n == r) for r in range(n)]
                if not stars_of.isdisjoint(path):
                    assert problem(grid, rows, stars) is not None
    finally:
        regions.close()


@needs_sat
@pytest.mark.parametrize(("n", "stars", "seed"), [(7, 1, 0), (9, 2, 1), (10, 2, 2)])
def test_small_planted_grids_are_unique_by_brute_force(n: int, stars: int, seed: int) -> None:
    made = None
    rng = random.Random(seed)
    while made is None:
        made = _planted.attempt(n, stars, rng, generate.grow_star_regions)
    cells, truth = made
    grid = grid_of(n, cells)
    assert problem(grid, truth, stars) is None
    assert count(grid, stars) == 1
    if stars > 1:
        verdict = solve_python(grid, stars)
        assert verdict.unique and verdict.rows == truth


def check_generated(n: int, stars: int, seed: int) -> Grid:
    grid = generate.generate(n, seed, stars=stars)
    assert len(set(grid.cells)) == n
    (truth,) = _sat.solve(grid, stars)  # CaDiCaL, then Gluecard on its own encoding (the
    assert _cardinality.solutions(grid, stars) == [truth]  # kernel's search stalls on some
    return grid  # grids from 19 x 19 with 4 stars: seed 0's took over 10 minutes)


@pytest.mark.slow  # 2-6 s in the fast suite, which must stay under 3 minutes
@needs_sat
@needs_kernel
def test_a_17_x_17_4_star_grid_is_valid_and_unique() -> None:
    grid = check_generated(17, 4, 2)
    assert count(grid, 4, limit=2) == 1  # the kernel's propagating search, no budget
    assert generate.generate(17, 2, stars=4) == grid  # a seed gives the same grid


@pytest.mark.slow  # a minute or so on a busy machine
@needs_sat
@needs_kernel
@pytest.mark.parametrize(("n", "stars"), [(17, 4), (19, 4), (21, 5), (24, 6)])
def test_4_to_6_star_grids_are_valid_and_unique(n: int, stars: int) -> None:
    check_generated(n, stars, 0)


@pytest.mark.slow  # seconds to a minute each on a busy machine
@needs_sat
@pytest.mark.parametrize(("n", "stars"), BIG_SIZES)
def test_the_largest_grids_made_unforced_are_unique_by_both_sat_engines(n: int, stars: int) -> None:
    """The sizes raised past the kernel's reach (its search stalls on many of them): the
    grid made unforced, checked again by CaDiCaL and Gluecard (two encodings)."""
    grid = generate.generate(n, 2, stars=stars)  # seed 2: 43.6 s of CPU at 23 x 23
    assert len(set(grid.cells)) == n
    (truth,) = _sat.solve(grid, stars)
    assert problem(grid, truth, stars) is None
    assert _cardinality.solutions(grid, stars) == [truth]


def test_without_python_sat_4_stars_are_refused_in_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(_sat, "available", lambda: False)
    with pytest.raises(generate.GenerateError, match="python-sat"):
        generate.generate(17, stars=4)
    assert main(["puzzle", "generate", "17", "--stars", "4", "--seed", "0"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "queens-toolkit[sat]" in err


@needs_sat
def test_past_the_measured_sizes_generation_is_refused_naming_force(
    capsys: pytest.CaptureFixture[str],
) -> None:
    largest = generate.PLANTED_UP_TO[4]
    with pytest.raises(generate.GenerateTooLong):
        generate.generate(largest + 1, stars=4)
    assert main(["puzzle", "generate", str(largest + 1), "--stars", "4", "--seed", "0"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--force" in err and "may take hours" in err


@pytest.mark.slow  # a generation stopped after a moment
@needs_sat
def test_the_stop_flag_ends_a_4_star_generation() -> None:
    assert_the_flag_stops(lambda stop: generate.generate(25, 0, stars=4, stop=stop, force=True))


@pytest.mark.slow  # a child process and Ctrl-C: seconds
@needs_sat
def test_a_forced_generation_gives_notice_and_stops_on_ctrl_c(tmp_path: Path) -> None:
    argv = ["puzzle", "generate", "25", "--stars", "4", "--seed", "0", "--force"]
    status, written = interrupted_after(argv, b"Ctrl-C stops it", terminal=False)
    assert status == 130
    assert written.decode().splitlines() == [
        "queens: generating a 25 x 25 grid with 4 stars; Ctrl-C stops it",
        "queens: interrupted",
    ]


@needs_sat
@pytest.mark.parametrize(("n", "seed"), [(8, 1), (10, 0)])
@pytest.mark.parametrize("at", [1, 2, 3, 5, 8, 13, 21])
def test_a_stop_between_any_two_steps_starts_no_sat_call_or_growth_after_it(
    n: int, seed: int, at: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The flag set (as by a Ctrl-C or a time limit) at the end of the ``at``-th call to
    CaDiCaL or growth of the regions: no such call starts after it (CaDiCaL cannot be
    interrupted, so the flag is looked at before each), and the answer is ``Stopped`` or,
    when the flag came after the last step, a grid checked unique."""
    from pysat.solvers import Solver

    stop = kernel.StopFlag()
    steps: list[str] = []
    late: list[str] = []

    def watched(name: str, call: Callable[..., T]) -> Callable[..., T]:
        def step(*args: object, **kwargs: object) -> T:
            if stop.is_set():
                late.append(name)
            try:
                return call(*args, **kwargs)
            finally:
                steps.append(name)
                if len(steps) == at:
                    stop.set()

        return step

    monkeypatch.setattr(Solver, "solve", watched("solve", Solver.solve))
    grow = watched("grow", generate.grow_star_regions)
    try:
        grid = _planted.unique(n, 2, seed, grow, stop)
    except kernel.Stopped:
        assert stop.is_set()
    else:
        assert grid is not None and count(grid, 2, limit=2) == 1
    assert late == []


@needs_sat
def test_past_a_tiny_time_budget_4_star_generation_ends_with_the_generators_error() -> None:
    with pytest.raises(
        generate.GenerateError, match=r"^no 17 x 17 4-star grid found within 0\.001 s$"
    ):
        generate.generate(17, 0, stars=4, seconds=0.001)
    with pytest.raises(generate.GenerateError, match=r"^no easy 17 x 17 4-star grid found within"):
        generate.generate(17, 0, "easy", stars=4, seconds=0.001)


@needs_sat
def test_a_stop_flag_set_under_a_time_budget_is_a_stop_not_the_time() -> None:
    stop = kernel.StopFlag()
    stop.set()
    with pytest.raises(kernel.Stopped):
        generate.generate(17, 0, stars=4, seconds=60.0, stop=stop)


@pytest.mark.slow  # a generation stopped by its time after a moment
@needs_sat
@needs_kernel
def test_a_time_budget_ends_a_long_forced_generation() -> None:
    """A 25 x 25 4-star grid takes minutes: its budget of 0.5 s ends it (the kernel's
    searches too, through the timed flag) with the generators' error.  The 60 s join is
    a guard against a hang, not a timing assertion."""
    outcome: list[object] = []

    def run() -> None:
        try:
            outcome.append(generate.generate(25, 0, stars=4, seconds=0.5, force=True))
        except generate.GenerateError as error:
            outcome.append(error)

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(timeout=60)
    assert not worker.is_alive()
    (error,) = outcome
    assert str(error) == "no 25 x 25 4-star grid found within 0.5 s"


@needs_sat
def test_a_repair_looks_past_a_solution_whose_stars_have_no_way_out() -> None:
    """A first solution with no star off the truth (all walled in) does not end the
    attempt: the other solutions found are repaired instead."""
    checked = 0
    for seed in range(12):
        n, stars = 9, 2
        rng = random.Random(seed)
        truth = _sat.random_placement(n, stars, rng)
        assert truth is not None
        cells = generate.grow_star_regions(n, stars, truth, rng)
        if cells is None:
            continue
        truth_cells = {r * n + c for r, row in enumerate(truth) for c in row}
        regions = _Regions(n, stars, cells, truth)
        try:
            others = regions.others(_planted.OTHERS)
        finally:
            regions.close()
        plain = _planted.repair(n, cells, truth_cells, others, random.Random(0)) if others else None
        if plain is None:
            continue
        decoy = _planted.repair(n, cells, truth_cells, [truth_cells, *others], random.Random(0))
        assert decoy is not None
        path, _ = decoy
        assert not truth_cells & set(path)
        assert any(not found.isdisjoint(path) for found in others)
        checked += 1
    assert checked


def test_a_repair_carries_out_the_piece_its_path_cuts_off() -> None:
    """A star whose way out splits its region from its truth stars leaves with the piece
    cut off (no truth star on it), so the region stays one piece; a path that would split
    the truth stars apart is no way out."""
    n = 4
    cells = [0] * 4 + [1] * 4 + [2] * 4 + [3] * 4  # the regions are the rows
    assert _planted._carried(n, cells, [2], {0}) == [2, 3]
    assert _planted._carried(n, cells, [1], {0}) == [1, 2, 3]
    assert _planted._carried(n, cells, [2], {0, 3}) is None
    # another solution's star at row 1, column 3 (cell 2): its only way out is down
    assert _planted.repair(n, cells, {0}, [{2}], random.Random(0)) == ([2, 3], 1)
    assert _planted.repair(n, cells, {0, 3}, [{2}], random.Random(0)) is None
