"""Star Battle with k stars: the kernel's count, the propagating search and the generator
checked against a plain brute force written apart from the package."""

from __future__ import annotations

import contextlib
import json
import random
from itertools import combinations, pairwise
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from queens.puzzle import solve as stars
from queens.puzzle.grid import NAMES, Grid, parse_grid
from queens.puzzle.stars_generate import generate, grow_regions, random_placement
from stopping import assert_the_flag_stops

Placement = tuple[tuple[int, ...], ...]


def brute_force(rows: list[str], k: int, hole: str = "") -> list[Placement]:
    """Every placement, row by row over every k columns of each row, checked only for
    what a partial placement already breaks (a column or region over k, two stars
    touching), then wholly at the end.  Cells named ``hole`` take no star."""
    n = len(rows)
    found: list[Placement] = []
    choices = list(combinations(range(n), k))

    def ok(chosen: list[tuple[int, ...]]) -> bool:
        cells = [(r, c) for r, cols in enumerate(chosen) for c in cols]
        for a, b in combinations(cells, 2):
            if max(abs(a[0] - b[0]), abs(a[1] - b[1])) <= 1:
                return False
        for col in range(n):
            if sum(1 for _, c in cells if c == col) > k:
                return False
        for name in set("".join(rows)):
            if sum(1 for r, c in cells if rows[r][c] == name) > (0 if name == hole else k):
                return False
        return True

    def walk(chosen: list[tuple[int, ...]]) -> None:
        if len(chosen) == n:
            cells = [(r, c) for r, cols in enumerate(chosen) for c in cols]
            if all(sum(1 for _, c in cells if c == col) == k for col in range(n)) and all(
                sum(1 for r, c in cells if rows[r][c] == name) == k
                for name in set("".join(rows)) - {hole}
            ):
                found.append(tuple(chosen))
            return
        for option in choices:
            chosen.append(option)
            if ok(chosen):
                walk(chosen)
            chosen.pop()

    walk([])
    return found


@st.composite
def star_grids(draw: st.DrawFn, low: int = 6, high: int = 8) -> Grid:
    """At 8 x 8 mostly a grid grown around a random 2-star placement (so it has a
    solution); else uniformly random regions (6 x 6 and 7 x 7 hold no 2-star placement)."""
    n = draw(st.integers(low, high))
    seed = draw(st.integers(0, 2**32 - 1))
    rng = random.Random(seed)
    if n == 8 and draw(st.integers(0, 3)):
        cells = None
        while cells is None:
            cells = grow_regions(n, 2, random_placement(n, 2, rng), rng)
    else:
        cells = [rng.randrange(n) for _ in range(n * n)]
        cells[:n] = range(n)
    return parse_grid(
        "\n".join("".join(NAMES[v] for v in cells[r * n : (r + 1) * n]) for r in range(n))
    )


@settings(max_examples=25, deadline=None)
@given(star_grids())
def test_counts_equal_brute_force(grid: Grid) -> None:
    truth = brute_force(grid.rows(), 2)
    assert stars.count(grid, 2) == len(truth)
    assert sorted(stars.solutions(grid, 2)) == sorted(truth)
    verdict = stars.solve(grid, 2)
    assert verdict.unique == (len(truth) == 1)
    assert (verdict.rows is None) == (not truth)
    if verdict.rows is not None:
        assert verdict.rows in truth
        assert stars.problem(grid, verdict.rows, 2) is None
    python = stars.solve_python(grid, 2)
    assert python.unique == verdict.unique


def test_kernel_and_python_agree_with_limits() -> None:
    rng = random.Random(5)
    for _ in range(5):
        n = 9
        cells = None
        while cells is None:
            cells = grow_regions(n, 2, random_placement(n, 2, rng), rng)
        grid = Grid.from_regions([cells[r * n : (r + 1) * n] for r in range(n)])
        total = stars.count(grid, 2)
        python = sum(1 for _ in stars.solutions(grid, 2))
        assert total == python >= 1
        assert stars.count(grid, 2, limit=1) == 1


def test_one_star_matches_the_region_puzzle() -> None:
    from queens.puzzle.solve import count

    grid = parse_grid("AAAB\nCAAB\nCCDB\nCCDD")
    assert stars.count(grid, 1) == count(grid) == 1


def test_limits_are_checked_first() -> None:
    with pytest.raises(stars.StarsError, match="stars must be 1 to 6"):
        stars.count(parse_grid("A"), 0)
    big = Grid.from_regions([[c for c in range(26)] for _ in range(26)])
    with pytest.raises(stars.StarsError, match="limited to n <= 25"):
        stars.solve(big, 2)


@pytest.mark.parametrize(("n", "placements"), [(6, 0), (7, 0), (8, 2)])
def test_line_regions_count_the_bare_placements(n: int, placements: int) -> None:
    grid = Grid.from_regions([[r] * n for r in range(n)])
    assert stars.count(grid, 2) == len(brute_force(grid.rows(), 2)) == placements


def test_too_small_grids_have_no_solution_with_the_reason() -> None:
    grid = Grid.from_regions([[r] * 6 for r in range(6)])
    assert stars.impossible(grid, 2) == (
        "a 6 x 6 grid holds at most 9 stars with none touching (a 2 x 2 block holds one), 12 needed"
    )
    assert stars.count(grid, 2) == 0
    assert stars.solve(grid, 2).rows is None
    assert brute_force(grid.rows(), 2) == []


def test_a_region_too_small_is_named() -> None:
    cells = [[r] * 8 for r in range(8)]
    cells[7] = [6] * 7 + [7]  # region H: one cell
    grid = Grid.from_regions(cells)
    assert stars.impossible(grid, 2) == "region H holds at most 1 star with none touching, 2 needed"
    assert stars.count(grid, 2) == 0


@pytest.mark.parametrize("n", [8, 10])
def test_generated_grids_have_one_solution_by_both_engines(n: int) -> None:
    for seed in range(3):
        grid = generate(n, 2, seed)
        assert stars.count(grid, 2) == 1
        python = list(stars.solutions(grid, 2))
        assert len(python) == 1
        assert stars.problem(grid, python[0], 2) is None
        assert generate(n, 2, seed) == grid


@pytest.mark.parametrize("engine", ["count_stars", "count_stars_rows"])
def test_the_kernel_stops_on_the_flag(engine: str) -> None:
    from queens.engines.counting import kernel

    if not kernel.compiled():
        pytest.skip("the compiled kernel is not built")
    n = 20  # the bare placements of 2 stars on 20 x 20 (regions = rows): minutes to count
    grid = Grid.from_regions([[r] * n for r in range(n)])
    engine_count = getattr(kernel, engine)
    assert_the_flag_stops(lambda stop: engine_count(n, 2, bytes(grid.cells), 0, stop))


# Odd seeds are 10 x 10 grids, in the slow step: an explanation there can take seconds.
@pytest.mark.parametrize(
    "seed", [pytest.param(s, marks=pytest.mark.slow) if s % 2 else s for s in range(4)]
)
def test_explanations_are_sound_and_replay_to_the_solution(seed: int) -> None:
    from queens.puzzle.explain import LEVELS, explain, replay

    grid = generate(8 + 2 * (seed % 2), 2, seed)
    (truth,) = list(stars.solutions(grid, 2))
    solution = {(r, c) for r, cols in enumerate(truth) for c in cols}
    explanation = explain(grid, 2)
    assert explanation.rows == truth
    for step in explanation.steps:
        assert step.kind in LEVELS and step.text
        assert set(step.place) <= solution, step.text
        assert not set(step.clear) & solution, step.text
    assert replay(grid, 2, explanation.steps) == truth


def test_explain_refuses_grids_without_one_solution() -> None:
    from queens.puzzle.explain import NotUnique, Stuck, explain

    with pytest.raises(Stuck):
        explain(Grid.from_regions([[r] * 6 for r in range(6)]), 2)
    with pytest.raises(NotUnique):
        explain(Grid.from_regions([[r] * 8 for r in range(8)]), 2)


def test_cli_solve_count_and_explain(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from queens.cli import main

    grid = generate(10, 2, 0)
    path = tmp_path / "g.txt"
    path.write_text(str(grid) + "\n")
    assert main(["puzzle", "solve", "--stars", "2", "--count", str(path)]) == 0
    assert capsys.readouterr().out == "1\n"
    assert main(["puzzle", "solve", "--stars", "2", "--format", "json", str(path)]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["stars"] == 2 and stars.problem(grid, record["rows"], 2) is None
    assert main(["puzzle", "solve", "--stars", "2", "--format", "list", str(path)]) == 2
    assert "--format list with --stars 2" in capsys.readouterr().err
    assert main(["puzzle", "solve", "--stars", "7", str(path)]) == 2
    capsys.readouterr()
    assert main(["puzzle", "explain", "--stars", "2", "--json", str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["difficulty"] in ("easy", "medium", "hard", "expert")
    small = tmp_path / "s.txt"
    small.write_text("\n".join("ABCDEF"[r] * 6 for r in range(6)) + "\n")
    assert main(["puzzle", "solve", "--stars", "2", str(small)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "a 6 x 6 grid holds at most 9 stars" in err


# ---- the kernel's propagating search (search_stars) and the generator's growth ------------


def _kernel_or_skip() -> object:
    from queens.engines.counting import kernel

    if not kernel.compiled():
        pytest.skip("the compiled kernel is not built")
    return kernel


@st.composite
def three_star_grids(draw: st.DrawFn) -> Grid:
    """10 x 10 grids (the smallest that hold 3 stars a row) grown around a 3-star placement,
    or with random regions."""
    n = 10
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    cells = None
    if draw(st.booleans()):
        from queens.puzzle.stars_generate import GenerateError

        with contextlib.suppress(GenerateError):  # the randomised placement may find none
            while cells is None:
                cells = grow_regions(n, 3, random_placement(n, 3, rng), rng)
    if cells is None:
        cells = [rng.randrange(n) for _ in range(n * n)]
        cells[:n] = range(n)
    return Grid.from_regions([cells[r * n : (r + 1) * n] for r in range(n)])


@settings(max_examples=25, deadline=None)
@given(star_grids(), st.sampled_from([0, 1, 2]))
def test_the_kernel_search_equals_brute_force_and_the_row_counter(grid: Grid, limit: int) -> None:
    kernel = _kernel_or_skip()
    truth = brute_force(grid.rows(), 2)
    found = kernel.search_stars(grid.n, 2, bytes(grid.cells), limit)  # type: ignore[attr-defined]
    (total, first, last), nodes, _ = found
    assert total == (len(truth) if not limit else min(limit, len(truth)))
    assert nodes >= 1
    rows_total = kernel.count_stars_rows(grid.n, 2, bytes(grid.cells), limit)[0]  # type: ignore[attr-defined]
    assert rows_total == total
    for masks in (first, last):
        if masks is not None:
            assert tuple(stars.columns_of(m) for m in masks) in truth


@settings(max_examples=10, deadline=None)
@given(three_star_grids())
def test_three_stars_the_kernel_search_equals_the_python_search(grid: Grid) -> None:
    kernel = _kernel_or_skip()
    python = sorted(stars.solutions(grid, 3))
    (total, first, _), _, _ = kernel.search_stars(grid.n, 3, bytes(grid.cells), 0)  # type: ignore[attr-defined]
    assert total == len(python)
    assert kernel.count_stars_rows(grid.n, 3, bytes(grid.cells), 0)[0] == total  # type: ignore[attr-defined]
    if first is not None:
        assert tuple(stars.columns_of(m) for m in first) in python


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_holes_and_a_given_star_equal_brute_force(seed: int) -> None:
    """A grid being made: holes (no region, no star) and the solutions with a star on a
    given cell, against the brute force with the holes as a region of their own that takes
    no star."""
    kernel = _kernel_or_skip()
    from queens.puzzle.stars_generate import HOLE, cores

    rng = random.Random(seed)
    n = 8
    cells = None
    while cells is None:
        cells = cores(n, 2, random_placement(n, 2, rng), rng)
    for cell in rng.sample(range(n * n), 20):  # some holes join a neighbouring region
        near = [cells[o] for o in (cell - 1, cell + 1, cell - n, cell + n) if 0 <= o < n * n]
        near = [g for g in near if g != HOLE]
        if cells[cell] == HOLE and near:
            cells[cell] = rng.choice(near)
    rows = [
        "".join("#" if v == HOLE else NAMES[v] for v in cells[r * n : (r + 1) * n])
        for r in range(n)
    ]
    truth = brute_force(rows, 2, hole="#")
    (total, _, _), _, _ = kernel.search_stars(n, 2, bytes(cells), 0)  # type: ignore[attr-defined]
    assert total == len(truth) >= 1
    star = rng.randrange(n * n)
    if cells[star] != HOLE:
        r, c = divmod(star, n)
        with_star = [p for p in truth if c in p[r]]
        (given, _, _), _, _ = kernel.search_stars(n, 2, bytes(cells), 0, None, star)  # type: ignore[attr-defined]
        assert given == len(with_star)


def _grid_being_made(seed: int, n: int = 8, joined: int = 20) -> list[int]:
    """Cores around a random 2-star placement, then some holes joined to a neighbouring
    region at random: a grid as the generator has it half made."""
    from queens.puzzle.stars_generate import cores

    rng = random.Random(seed)
    cells = None
    while cells is None:
        cells = cores(n, 2, random_placement(n, 2, rng), rng)
    _join_some(cells, n, joined, rng)
    return cells


def _join_some(cells: list[int], n: int, tries: int, rng: random.Random) -> None:
    """``tries`` cells at random: each that is a hole joins a neighbouring region, if any."""
    from queens.puzzle.stars_generate import HOLE, _neighbours

    for cell in rng.sample(range(n * n), tries):
        near = [cells[o] for o in _neighbours(n, cell) if cells[o] != HOLE]
        if cells[cell] == HOLE and near:
            cells[cell] = rng.choice(near)


def _grown(seed: int, n: int) -> list[int]:
    """A whole grid grown around a random 2-star placement: one solution or many."""
    rng = random.Random(seed)
    cells = None
    while cells is None:
        cells = grow_regions(n, 2, random_placement(n, 2, rng), rng)
    return cells


@settings(max_examples=40, deadline=None)
@given(
    st.integers(0, 2**32 - 1),
    st.booleans(),
    st.integers(1, 3000),
    st.sampled_from([0, 1, 2]),
    st.integers(-1, 99),
)
def test_a_budgeted_search_answers_as_the_unbudgeted_one_or_says_it_is_over(
    seed: int, whole: bool, budget: int, limit: int, star: int
) -> None:
    """Past its budget of nodes the kernel's search raises ``OverBudget``; within it, its
    answer (count, first and last solution) is the unbudgeted search's, never another.
    Whole 10 x 10 grids (often hundreds of solutions, thousands of nodes) and 8 x 8 grids
    being made (holes, a few nodes)."""
    kernel = _kernel_or_skip()
    from queens.puzzle.stars_generate import HOLE

    n = 10 if whole else 8
    cells = _grown(seed, n) if whole else _grid_being_made(seed, joined=seed % 64)
    star = star if 0 <= star < n * n and cells[star] != HOLE else -1
    search = kernel.search_stars  # type: ignore[attr-defined]
    full, nodes, _ = search(n, 2, bytes(cells), limit, None, star)
    try:
        budgeted, spent, _ = search(n, 2, bytes(cells), limit, None, star, budget)
    except kernel.OverBudget:  # type: ignore[attr-defined]
        assert nodes > budget
    else:
        assert budgeted == full and spent == nodes <= budget
    if whole:  # the row counter (no holes, no given star) and its budget of stars tried
        counted = kernel.count_stars_rows(n, 2, bytes(cells), limit)  # type: ignore[attr-defined]
        assert counted[0] == search(n, 2, bytes(cells), limit)[0][0]
        with contextlib.suppress(kernel.OverBudget):  # type: ignore[attr-defined]
            assert kernel.count_stars_rows(n, 2, bytes(cells), limit, None, budget) == counted  # type: ignore[attr-defined]


def test_the_second_engine_counts_an_image_of_the_grid_within_its_budget(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The generator's check by the row counter: one solution, more, and no image counted
    within the budget (the grid is then dropped, never passed)."""
    _kernel_or_skip()
    unique = generate(10, 2, 0)
    many = Grid.from_regions([_grown(0, 10)[r * 10 : (r + 1) * 10] for r in range(10)])
    assert stars.count(many, 2, limit=2) == 2
    assert stars.unique_by_rows(unique, 2) is True
    assert stars.unique_by_rows(many, 2) is False
    monkeypatch.setattr(stars, "ROWS_BUDGET", 3)
    assert stars.unique_by_rows(unique, 2) is False


def test_a_search_over_its_budget_says_so() -> None:
    kernel = _kernel_or_skip()
    cells = bytes(_grown(0, 10))
    (total, _, _), nodes, _ = kernel.search_stars(10, 2, cells, 0)  # type: ignore[attr-defined]
    assert total > 100 and nodes > 1000
    with pytest.raises(kernel.OverBudget, match="no answer within 1000 nodes"):  # type: ignore[attr-defined]
        kernel.search_stars(10, 2, cells, 0, None, -1, 1000)  # type: ignore[attr-defined]
    assert kernel.search_stars(10, 2, cells, 0, None, -1, nodes)[0][0] == total  # type: ignore[attr-defined]


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(0, 100), st.integers(0, 2**32 - 1))
def test_a_stuck_hole_is_blocked_without_a_search_only_when_a_search_agrees(
    seed: int, joined: int, later: int
) -> None:
    """Growth skips the search for a hole whose earlier solution (found with a star there)
    still solves the grid: whenever it does, the search finds a solution too, after holes
    joined regions and cells moved between them."""
    _kernel_or_skip()
    from queens.puzzle.stars_generate import HOLE, _Maker, _neighbours

    n = 12  # smaller grids being made rarely let a solution through a hole
    cells = _grid_being_made(seed, n, joined)
    maker = _Maker(n, 2, cells, (), random.Random(seed), None)
    joins = [
        (cell, g)
        for cell in range(n * n)
        if cells[cell] == HOLE
        for g in sorted({cells[o] for o in _neighbours(n, cell)} - {HOLE})
    ]
    for cell, g in joins:
        maker.through(cell, g)
    rng = random.Random(later)  # the grid changes, as growth and repairs change it
    _join_some(cells, n, 10, rng)
    for cell in rng.sample(range(n * n), 12):  # a cell moves to a neighbouring region
        near = [cells[o] for o in _neighbours(n, cell) if cells[o] not in (HOLE, cells[cell])]
        if cells[cell] != HOLE and near:
            cells[cell] = rng.choice(near)
    for cell, g in joins:
        if cells[cell] == HOLE and maker.blocked(cell, g):
            assert maker.through(cell, g) == 1


def test_the_generator_stops_on_the_flag() -> None:
    kernel = _kernel_or_skip()
    from queens.puzzle.stars_generate import generate as make

    stop = kernel.StopFlag()  # type: ignore[attr-defined]
    stop.set()
    with pytest.raises(kernel.Stopped):  # type: ignore[attr-defined]
        make(14, 3, 0, stop)


def _placement_is_valid(placement: stars.Rows, n: int, k: int) -> bool:
    columns = [c for row in placement for c in row]
    return (
        len(placement) == n
        and all(len(row) == k and all(b - a > 1 for a, b in pairwise(row)) for row in placement)
        and all(columns.count(c) == k for c in range(n))
        and all(abs(a - b) > 1 for up, down in pairwise(placement) for a in up for b in down)
    )


@pytest.mark.parametrize(("n", "k"), [(8, 2), (14, 3), (20, 4), (25, 5)])
def test_random_placements_are_valid_and_seeded(n: int, k: int) -> None:
    for seed in range(3):
        placement = random_placement(n, k, random.Random(seed))
        assert _placement_is_valid(placement, n, k)
        assert random_placement(n, k, random.Random(seed)) == placement


def test_a_placement_that_cannot_exist_is_an_error_not_a_hang() -> None:
    from queens.puzzle.stars_generate import GenerateError

    with pytest.raises(GenerateError, match="no placement of 3 stars on a 10 x 10 grid"):
        random_placement(10, 3, random.Random(0))  # two rows would need 6 of 5 columns


def test_the_placement_stops_on_the_flag() -> None:
    from queens.engines.counting import kernel

    stop = kernel.StopFlag()
    stop.set()
    with pytest.raises(kernel.Stopped):
        random_placement(25, 6, random.Random(0), stop)


def test_without_the_kernel_the_generator_takes_the_same_path(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The pure-Python engines grow, force and repair the same way (``search_holes`` for
    ``search_stars``); the grid may differ, but it has one solution by the brute force."""
    from queens.engines.counting import kernel
    from queens.puzzle import stars_generate

    searched: list[int] = []
    real = stars_generate.search_holes

    def counted(*args: object) -> object:
        searched.append(1)
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(kernel, "compiled", lambda: False)
    for name in ("search_stars", "count_stars", "count_stars_rows"):
        monkeypatch.setattr(kernel, name, lambda *args, **kwargs: None)
    monkeypatch.setattr(stars_generate, "search_holes", counted)
    for seed in range(2):
        grid = generate(8, 2, seed)
        assert len(brute_force(grid.rows(), 2)) == 1
    assert searched


def test_a_twelve_by_twelve_two_star_grid_has_one_solution_by_every_engine() -> None:
    """The kernel's propagating search, its row-by-row counter and the pure-Python search
    (about a second at 12 x 12; minutes at 14 x 14, so not there)."""
    grid = generate(12, 2, 0)
    assert stars.count(grid, 2, limit=2) == 1
    assert stars.count_rows(grid, 2, limit=2) in (1, None)
    verdict = stars.solve_python(grid, 2)
    assert verdict.unique and stars.problem(grid, verdict.rows, 2) is None  # type: ignore[arg-type]


@pytest.mark.slow
@pytest.mark.parametrize(("n", "seed"), [(12, 1), (12, 2), (13, 0), (14, 0), (14, 1)])
def test_big_two_star_grids_have_one_solution_by_both_kernel_engines(n: int, seed: int) -> None:
    grid = generate(n, 2, seed)
    assert stars.count(grid, 2, limit=2) == 1
    assert stars.count_rows(grid, 2, limit=2) in (1, None)
    assert generate(n, 2, seed) == grid


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(3))
def test_three_star_grids_have_one_solution_by_both_engines(seed: int) -> None:
    grid = generate(14, 3, seed)
    assert stars.count(grid, 3, limit=2) == 1
    assert stars.solve_python(grid, 3).unique
    assert stars.count_rows(grid, 3, limit=2) in (1, None)
