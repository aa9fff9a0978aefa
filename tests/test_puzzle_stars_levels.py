"""K-star grids of a chosen difficulty, and the daily K-star grid."""

from __future__ import annotations

import dataclasses
import json
import random
from datetime import date, timedelta
from pathlib import Path

import pytest

from queens.puzzle import solve as stars
from queens.puzzle.explain import explain, grade, replay
from queens.puzzle.generate import HOLE, _eased_stars, _Maker, _unique_stars, generate
from queens.puzzle.grid import Grid
from queens.puzzle.levels import (
    DAILY_ATTEMPTS,
    DailyError,
    StarsDaily,
    check_daily,
    daily_seed,
    daily_stars,
    make_daily_stars,
)


def generate_graded(n: int, stars: int, seed: int, difficulty: str | None = None) -> Grid:
    return generate(n, seed, difficulty, stars=stars)


MONDAY = date(2026, 1, 5)


@pytest.mark.parametrize("difficulty", ["easy", "medium"])
def test_generate_graded_has_the_difficulty_asked_for(difficulty: str) -> None:
    grid = generate_graded(8, 2, 3, difficulty)
    assert stars.count(grid, 2) == 1
    assert grade(grid, 2) == difficulty
    assert str(generate_graded(8, 2, 3, difficulty)) == str(grid)  # same seed, same grid


def test_cli_generate_with_stars_and_difficulty(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from queens.cli import main
    from queens.puzzle.grid import parse_grid

    out = tmp_path / "g.txt"
    args = ["puzzle", "generate", "8", "--stars", "2", "--seed", "4", "--difficulty", "medium"]
    assert main([*args, "--out", str(out)]) == 0
    assert grade(parse_grid(out.read_text()), 2) == "medium"
    assert main([*args[:-1], "expert"]) == 2
    assert "unknown difficulty 'expert'" in capsys.readouterr().err


@pytest.mark.slow  # a few seconds: the fast suite keeps under 3 minutes
def test_daily_stars_is_fixed_by_the_date_and_checked() -> None:
    puzzle = daily_stars(MONDAY, 2)
    assert (puzzle.n, puzzle.stars) == (8, 2)  # Mondays are small
    assert daily_stars(date(2026, 1, 11), 2).n == 10  # Sundays big
    daily_stars.cache_clear()
    again = daily_stars(MONDAY, 2)
    assert str(again.grid) == str(puzzle.grid) and again.seed == puzzle.seed
    assert (puzzle.seed - daily_seed(MONDAY, 2)) % 2**64 < DAILY_ATTEMPTS[2]
    assert stars.count(puzzle.grid, 2) == 1 and grade(puzzle.grid, 2) == puzzle.difficulty
    assert str(daily_stars(date(2026, 1, 12), 2).grid) != str(puzzle.grid)  # next Monday


def test_check_daily_refuses_a_wrong_difficulty_a_wrong_explanation_or_several_solutions() -> None:
    from queens.puzzle.grid import Grid

    puzzle = daily_stars(MONDAY, 2)
    explanation = explain(puzzle.grid, 2)
    check_daily(puzzle, explanation)
    other = "hard" if puzzle.difficulty != "hard" else "easy"
    with pytest.raises(DailyError, match=f"is not {other}"):
        check_daily(dataclasses.replace(puzzle, difficulty=other), explanation)
    short = dataclasses.replace(explanation, steps=explanation.steps[:-1])
    with pytest.raises(DailyError, match="does not end at its solution"):
        check_daily(puzzle, short)
    several = Grid.from_regions([[r] * 8 for r in range(8)])
    with pytest.raises(DailyError, match="not exactly one solution"):
        check_daily(StarsDaily(several, "easy", 0, day=MONDAY, stars=2), explanation)


def test_daily_refuses_stars_it_cannot_make_in_time() -> None:
    with pytest.raises(DailyError, match="--stars 1 to 3, not 4"):
        daily_stars(MONDAY, 4)


@pytest.mark.slow
def test_daily_three_stars_is_a_checked_14_by_14_grid() -> None:
    # Seconds: a 14 x 14 3-star grid made and explained (the fast suite has the 2-star one).
    thursday = date(2026, 1, 8)
    puzzle = daily_stars(thursday, 3)
    assert (puzzle.n, puzzle.stars) == (14, 3)
    assert (puzzle.seed - daily_seed(thursday, 3)) % 2**64 < DAILY_ATTEMPTS[3]
    explanation = explain(puzzle.grid, 3)
    assert explanation.difficulty == puzzle.difficulty
    assert replay(puzzle.grid, 3, explanation.steps) == explanation.rows
    assert stars.unique_by_rows(puzzle.grid, 3) is True


def test_cli_daily_with_stars(capsys: pytest.CaptureFixture[str]) -> None:
    from queens.cli import main

    assert main(["puzzle", "daily", "2026-01-05", "--stars", "2", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["date"] == "2026-01-05" and record["stars"] == 2 and record["n"] == 8
    assert record["grid"] == daily_stars(MONDAY, 2).grid.rows()
    assert main(["puzzle", "daily", "2026-01-05", "--stars", "2"]) == 0
    captured = capsys.readouterr()
    assert captured.out == str(daily_stars(MONDAY, 2).grid) + "\n"
    assert captured.err.startswith("queens: 2026-01-05 (Monday): 2 stars, 8 x 8, ")
    assert main(["puzzle", "daily", "--stars", "4"]) == 2
    assert capsys.readouterr().err.count("\n") == 1


@pytest.mark.slow  # 27 s: grids graded for several seeds
def test_the_daily_takes_the_first_seed_of_the_days_difficulty_else_the_nearest(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The day's seeds in turn, leaving out grids that need a case split: the first whose
    grid has the day's difficulty (a Monday: easy), else the first of those nearest to it.
    Long chains are left out so that the 9 x 9 grid ``SPLIT`` needs case splits."""
    from queens.puzzle import explain as explainer
    from queens.puzzle import levels
    from queens.puzzle.grid import parse_grid
    from test_puzzle_explain_stars import SPLIT

    monkeypatch.setattr(explainer, "LONG_CHAIN_MAX", explainer.STAR_CHAIN_MAX)
    split, easy = parse_grid(SPLIT), generate_graded(8, 2, 3, "easy")
    medium, other_medium = generate_graded(8, 2, 3, "medium"), generate_graded(8, 2, 4, "medium")
    assert str(medium) != str(other_medium)
    base = daily_seed(MONDAY, 2)

    def made(grids: list[Grid]) -> StarsDaily:
        def by_seed(n: int, seed: int, *, stars: int) -> Grid:
            return grids[(seed - base) % 2**64 % len(grids)]

        monkeypatch.setattr(levels, "generate", by_seed)
        return make_daily_stars(MONDAY, 2)

    found = made([split, medium, easy, split])
    assert str(found.grid) == str(easy) and found.seed == base + 2
    found = made([split, medium, split, other_medium] + [split] * DAILY_ATTEMPTS[2])
    assert str(found.grid) == str(medium) and found.seed == base + 1
    assert found.difficulty == "medium"
    # A grid that needs a case split is never the day's, even on an expert day (without
    # suppositions ``SPLIT`` needs one; with them it is expert).
    monkeypatch.setattr(explainer, "STAR_SUPPOSE_MAX", 0)
    monkeypatch.setitem(levels.STARS_WEEK, 2, ((8, "expert"),) * 7)
    found = made([split, medium])
    assert str(found.grid) == str(medium) and found.seed == base + 1
    with pytest.raises(DailyError, match="no 2-star grid for 2026-01-05 in 40 seeds"):
        made([split])


def test_cli_generate_names_the_sizes_it_makes_for_k_stars(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from queens.cli import main

    assert main(["puzzle", "generate", "16", "--stars", "4"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "generated from 17 x 17 to 25 x 25" in err
    assert main(["puzzle", "generate", "12", "--stars", "3"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "generated from 14 x 14 to 25 x 25" in err
    assert main(["puzzle", "generate", "17"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "from 5 to 16 with one star" in err


def test_the_k_star_week() -> None:
    # The schedule per weekday: 2 stars as the one-star week's difficulties (easy Monday,
    # hard from Friday), 3 stars hard to Thursday and expert from Friday.
    from queens.puzzle.levels import STARS_FIRST, WEEK, stars_schedule

    week = [STARS_FIRST + timedelta(days=k) for k in range(7)]
    assert [stars_schedule(day, 2)[1] for day in week] == [d for _, d in WEEK]
    assert [stars_schedule(day, 2)[0] for day in week] == [8, 8, 9, 9, 10, 10, 10]
    assert [stars_schedule(day, 3) for day in week] == [(14, "hard")] * 4 + [(14, "expert")] * 3


def test_the_shipped_dailies_follow_the_week_and_do_not_repeat() -> None:
    from queens.puzzle.levels import STARS_FIRST, star_dailies, star_days, stars_schedule

    shipped = star_dailies()
    assert star_days(2) >= 364 and star_days(3) >= 7
    for k in (2, 3):
        days = [STARS_FIRST + timedelta(days=offset) for offset in range(star_days(k))]
        grids = {str(shipped[k, day].grid) for day in days}
        assert len(grids) == len(days)  # no grid comes twice
        for day in days:
            n, difficulty = stars_schedule(day, k)
            assert shipped[k, day].n == n
            if k == 2:  # the 2-star week is kept every day
                assert shipped[k, day].difficulty == difficulty, day


@pytest.mark.slow  # about 4 CPU-minutes: 61 3-star explanations
@pytest.mark.parametrize("stars", [2, 3])
def test_no_shipped_daily_needs_a_case_split(stars: int) -> None:
    # Every 2-star day, and every 6th 3-star day (all 364 were checked when they were
    # made; 66 days of the first shipped year needed a split and were made anew).
    from queens.puzzle.explain import NeedsSplit
    from queens.puzzle.levels import star_dailies

    days = sorted(day for k, day in star_dailies() if k == stars)
    for day in days[:: 1 if stars == 2 else 6]:
        daily = star_dailies()[stars, day]
        try:
            assert explain(daily.grid, stars, splits=False).difficulty == daily.difficulty
        except NeedsSplit:
            pytest.fail(f"the {stars}-star daily of {day} needs a case split")


def test_a_shipped_daily_is_the_made_one_and_past_them_the_daily_is_made() -> None:
    from queens.puzzle.levels import STARS_FIRST, star_dailies, star_days

    assert make_daily_stars(STARS_FIRST, 2) == star_dailies()[2, STARS_FIRST]
    assert daily_stars(STARS_FIRST, 2) == star_dailies()[2, STARS_FIRST]
    past = STARS_FIRST + timedelta(days=star_days(2))
    assert (2, past) not in star_dailies()
    assert daily_stars(past, 2) == make_daily_stars(past, 2)


def test_tampered_star_dailies_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    from queens.puzzle import levels
    from queens.puzzle.levels import (
        STARS_FIRST,
        digest,
        read_star_dailies,
        star_dailies,
        star_dailies_text,
    )

    records = [daily.to_json() for daily in star_dailies().values()]
    text = star_dailies_text(records)
    assert read_star_dailies(text) == star_dailies()
    with pytest.raises(DailyError, match="SHA-256"):
        read_star_dailies(text.replace('"grid": ["', '"grid": ["B', 1))

    def rewritten(change: dict[str, object], index: int = 0) -> str:
        data = json.loads(text)
        data["dailies"][index].update(change)
        data["sha256"] = digest(data["dailies"])
        return json.dumps(data)

    with pytest.raises(DailyError, match="record 1: not a 8 x 8 grid"):
        read_star_dailies(rewritten({"n": 9}))
    with pytest.raises(DailyError, match="record 1: 2026-12-01, not 2026-11-30"):
        read_star_dailies(rewritten({"date": "2026-12-01"}))
    with pytest.raises(DailyError, match="not version 1 from 2026-11-30"):
        read_star_dailies(text.replace('"first": "2026-11-30"', '"first": "2026-11-23"'))
    # A grid with a second solution (its digest made right) is refused as it is served.
    several = dataclasses.replace(
        star_dailies()[2, STARS_FIRST], grid=Grid.from_regions([[r] * 8 for r in range(8)])
    )
    monkeypatch.setattr(levels, "star_dailies", lambda: {(2, STARS_FIRST): several})
    daily_stars.cache_clear()
    try:
        with pytest.raises(DailyError, match="not exactly one solution"):
            daily_stars(STARS_FIRST, 2)
    finally:
        daily_stars.cache_clear()


@pytest.mark.parametrize("seed", [0, 10])  # 10: eased in several rounds
def test_an_easy_grid_is_eased_where_the_easy_steps_stop(seed: int) -> None:
    """``_eased_stars`` trims regions around their stars where the easy steps stop: the
    grid stays connected with the same one solution, and is now explained easily."""
    grid = _unique_stars(10, 2, seed, None, small=7)
    assert explain(grid, 2, 3).rows is None  # the easy steps stop short
    eased = _eased_stars(grid, 2, random.Random(seed))
    assert eased.cells != grid.cells
    assert all(eased.connected(region) for region in range(eased.n))
    assert stars.count(eased, 2) == 1
    assert stars.solve(eased, 2).rows == stars.solve(grid, 2).rows
    assert grade(eased, 2) == "easy"


@pytest.mark.slow  # 0.6 s with the kernel, 4 minutes on the pure-Python engines
def test_easy_grids_of_the_pages_largest_two_star_size_are_made() -> None:
    """Easy 12 x 12 2-star grids took 40 attempts and more before the growth kept regions
    small and the grids were eased (1 of seeds 0 to 4 made one); now each seed makes one."""
    for seed in range(2):
        grid = generate_graded(12, 2, seed, "easy")
        assert stars.count(grid, 2) == 1 and grade(grid, 2) == "easy"


@pytest.mark.parametrize("kept, joined", [(0, 1), (1, 0)])
def test_a_region_kept_small_takes_a_hole_only_when_no_other_region_can(
    kept: int, joined: int
) -> None:
    """A hole touching two regions, either free to take it, joins the one not kept small."""

    class Free(_Maker):  # every join lets no solution in
        def through(self, cell: int, region: int, limit: int = 1) -> int:
            return 0

    cells = [0, HOLE, 1] * 3
    maker = Free(3, 1, cells, ((0,), (0,), (0,)), random.Random(0), None)
    maker.kept_small = frozenset({kept})
    assert maker.grow() == []
    assert [cells[r * 3 + 1] for r in range(3)] == [joined] * 3


@pytest.mark.slow  # 10-23 s on the pure-Python engines
@pytest.mark.parametrize("seed", [0, 4])
def test_an_eased_grid_keeps_its_one_solution(seed: int) -> None:
    """Trimming a region can let a second solution in (it does on these 11 x 11 grids):
    the easing keeps only grids the search still finds unique, with the same solution."""
    grid = _unique_stars(11, 2, seed, None, small=8)
    eased = _eased_stars(grid, 2, random.Random(seed))
    assert stars.count(eased, 2, limit=2) == 1
    assert stars.solve(eased, 2).rows == stars.solve(grid, 2).rows


def test_hard_grids_of_the_smallest_two_star_size_are_made() -> None:
    """A hard 8 x 8 2-star grid is rare (seed 3 makes one at its 68th attempt): small grids
    get more attempts than the 40 of big ones, which missed it for 4 of seeds 0 to 19."""
    grid = generate_graded(8, 2, 3, "hard")
    assert stars.count(grid, 2) == 1 and grade(grid, 2) == "hard"
