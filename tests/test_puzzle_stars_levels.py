"""K-star grids of a chosen difficulty, and the daily K-star grid."""

from __future__ import annotations

import dataclasses
import json
from datetime import date
from pathlib import Path

import pytest

from queens.puzzle import solve as stars
from queens.puzzle.explain import explain, grade, replay
from queens.puzzle.grid import Grid
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


def test_the_daily_takes_the_first_seed_without_a_case_split(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The day's seeds in turn: the first whose grid needs no case split, else the first
    seed's grid (explained to the end).  Long chains are left out so that the 9 x 9 grid
    ``SPLIT`` needs case splits; an 8 x 8 generated grid needs none."""
    from queens.puzzle import explain as explainer
    from queens.puzzle import stars_levels
    from queens.puzzle.grid import parse_grid
    from test_puzzle_explain_stars import SPLIT

    monkeypatch.setattr(explainer, "LONG_CHAIN_MAX", explainer.STAR_CHAIN_MAX)
    needs_split, plain = parse_grid(SPLIT), generate_graded(8, 2, 3, "easy")
    base = daily_seed(MONDAY, 2)

    def made(grids: list[Grid]) -> None:
        def by_seed(n: int, stars: int, seed: int) -> Grid:
            return grids[(seed - base) % 2**64]

        monkeypatch.setattr(stars_levels, "_made", by_seed)
        daily_stars.cache_clear()

    try:
        made([needs_split, plain, needs_split])
        puzzle = daily_stars(MONDAY, 2)
        assert str(puzzle.grid) == str(plain) and puzzle.seed == base + 1
        made([needs_split] * DAILY_ATTEMPTS[2])
        puzzle = daily_stars(MONDAY, 2)
        assert str(puzzle.grid) == str(needs_split) and puzzle.seed == base
        assert puzzle.difficulty == "expert"
    finally:
        daily_stars.cache_clear()  # not the real day's grids


def test_cli_generate_names_the_sizes_it_makes_for_k_stars(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from queens.cli import main

    assert main(["puzzle", "generate", "16", "--stars", "4"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "start at 19 x 19, past this command's 16 x 16" in err
    assert main(["puzzle", "generate", "12", "--stars", "3"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "generated from 14 x 14 to 16 x 16" in err
