"""K-star grids of a chosen difficulty, and the daily K-star grid."""

from __future__ import annotations

import dataclasses
import json
from datetime import date
from pathlib import Path

import pytest

from queens.puzzle import stars
from queens.puzzle.stars_explain import grade
from queens.puzzle.stars_levels import (
    DAILY_ATTEMPTS,
    DailyError,
    StarsDaily,
    check_daily,
    daily_seed,
    daily_stars,
    generate_graded,
)

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


def test_daily_stars_is_fixed_by_the_date_and_checked() -> None:
    puzzle = daily_stars(MONDAY, 2)
    assert (puzzle.n, puzzle.stars) == (8, 2)  # Mondays are small
    assert daily_stars(date(2026, 1, 11), 2).n == 10  # Sundays big
    daily_stars.cache_clear()
    again = daily_stars(MONDAY, 2)
    assert str(again.grid) == str(puzzle.grid) and again.seed == puzzle.seed
    assert (puzzle.seed - daily_seed(MONDAY, 2)) % 2**64 < DAILY_ATTEMPTS
    assert stars.count(puzzle.grid, 2) == 1 and grade(puzzle.grid, 2) == puzzle.difficulty
    assert str(daily_stars(date(2026, 1, 12), 2).grid) != str(puzzle.grid)  # next Monday


def test_check_daily_refuses_a_wrong_difficulty_or_several_solutions() -> None:
    from queens.puzzle.grid import Grid

    puzzle = daily_stars(MONDAY, 2)
    other = "hard" if puzzle.difficulty != "hard" else "easy"
    with pytest.raises(DailyError, match=f"is not {other}"):
        check_daily(dataclasses.replace(puzzle, difficulty=other))
    several = Grid.from_regions([[r] * 8 for r in range(8)])
    with pytest.raises(DailyError, match="not exactly one solution"):
        check_daily(StarsDaily(several, "easy", 0, day=MONDAY, stars=2))


def test_daily_refuses_stars_it_cannot_make_in_time() -> None:
    with pytest.raises(DailyError, match="--stars 1 or 2, not 3"):
        daily_stars(MONDAY, 3)


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
