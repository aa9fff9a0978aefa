"""The level archive and the daily puzzle: checked data, one grid per date (the same on
every run), each with exactly one solution and its weekday's size and difficulty; and
``queens puzzle daily [DATE]``."""

from __future__ import annotations

import json
from datetime import date, timedelta

import pytest

from puzzle_support import is_solution
from queens.cli import main
from queens.puzzle.explain import explain
from queens.puzzle.levels import (
    CYCLE,
    EPOCH,
    WEEK,
    LevelsError,
    archive_text,
    daily,
    daily_number,
    level,
    levels,
    read_levels,
)
from queens.puzzle.solve import count, solve

A_WEEK = [date(2026, 11, 23) + timedelta(days=k) for k in range(7)]  # Monday to Sunday


def assert_good_daily(day: date) -> None:
    """The day's grid: one solution (checked apart), its weekday's size and difficulty."""
    puzzle = daily(day)
    n, difficulty = WEEK[day.weekday()]
    assert (puzzle.n, puzzle.difficulty) == (n, difficulty), day
    assert count(puzzle.grid, limit=2) == 1, day
    truth = solve(puzzle.grid).solution
    assert truth is not None and is_solution(puzzle.grid.rows(), truth)
    assert explain(puzzle.grid).difficulty == difficulty, day


def test_a_week_of_dailies() -> None:  # a year's in the slow step
    assert [day.weekday() for day in A_WEEK] == list(range(7))
    for day in A_WEEK:
        assert_good_daily(day)


@pytest.mark.slow  # 4 to 7 s
def test_a_year_of_dailies() -> None:
    days = [date(2026, 1, 1) + timedelta(days=k) for k in range(366)]
    assert {daily_number(day) for day in days} == set(range(1, CYCLE + 1))  # every level
    for day in days:
        assert_good_daily(day)


def test_the_daily_is_a_function_of_the_date() -> None:
    assert daily_number(EPOCH) == 1 and EPOCH.weekday() == 0
    assert daily_number(EPOCH + timedelta(days=CYCLE - 1)) == CYCLE
    for day in A_WEEK:
        same = daily(day)
        assert daily(day - timedelta(days=CYCLE)) == same  # before the epoch: backwards
        assert daily(day).number != daily(day + timedelta(days=1)).number
    assert len({str(level(k).grid) for k in range(1, CYCLE + 1)}) == CYCLE  # no repeats


def test_the_daily_does_not_come_round_after_the_archive() -> None:
    # Two years of dates: one number each; past the archive a level is made per number,
    # at its weekday's size and difficulty, from a seed of its own (a week of them made).
    from queens.puzzle.levels import level_seed, made_level

    days = [EPOCH + timedelta(days=k) for k in range(2 * CYCLE)]
    assert [daily_number(day) for day in days] == list(range(1, 2 * CYCLE + 1))
    assert len({level_seed(k) for k in range(CYCLE + 1, 2 * CYCLE + 1)}) == CYCLE
    archive = {str(level.grid) for level in levels()}
    made = []
    for day in A_WEEK:
        later = day + timedelta(days=CYCLE)
        puzzle = daily(later)
        assert puzzle.number == daily_number(day) + CYCLE and puzzle == made_level(puzzle.number)
        assert str(puzzle.grid) not in archive
        n, difficulty = WEEK[later.weekday()]
        assert (puzzle.n, puzzle.difficulty) == (n, difficulty)
        assert count(puzzle.grid, limit=2) == 1 and explain(puzzle.grid).difficulty == difficulty
        made.append(str(puzzle.grid))
    assert len(set(made)) == len(made)
    made_level.cache_clear()
    assert str(daily(A_WEEK[0] + timedelta(days=CYCLE)).grid) == made[0]  # the same again
    with pytest.raises(ValueError, match="archive's, not made"):
        made_level(CYCLE)


def test_the_archive_is_checked_on_read() -> None:
    text = archive_text(list(levels()))
    assert read_levels(text) == levels()
    damaged = text.replace('"grid": ["', '"grid": ["B', 1)
    with pytest.raises(LevelsError, match="SHA-256"):
        read_levels(damaged)
    data = json.loads(text)
    data["levels"][0]["n"] = 9  # consistent digest, wrong size for a Monday
    from queens.puzzle.levels import digest

    data["sha256"] = digest(data["levels"])
    with pytest.raises(LevelsError, match="level 1: not the 7 x 7 easy grid"):
        read_levels(json.dumps(data))
    with pytest.raises(LevelsError, match="epoch '2026-01-06', expected 2026-01-05"):
        read_levels(text.replace('"epoch": "2026-01-05"', '"epoch": "2026-01-06"'))
    with pytest.raises(LevelsError, match="not JSON"):
        read_levels("{")
    with pytest.raises(ValueError, match="1 to 364"):
        level(0)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(["puzzle", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_cli_daily(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "daily", "2026-11-26")
    puzzle = daily(date(2026, 11, 26))
    assert status == 0 and out == str(puzzle.grid) + "\n"
    assert err == f"queens: 2026-11-26 (Thursday): level {puzzle.number}, 9 x 9, medium\n"
    assert run(capsys, "daily", "2026-11-26") == (status, out, err)  # the same every time
    status, out, _ = run(capsys, "daily", "2026-11-26", "--json")
    record = json.loads(out)
    assert record == {"date": "2026-11-26", "stars": 1, "level": puzzle.number, "n": 9,
                      "difficulty": "medium", "seed": puzzle.seed,
                      "grid": puzzle.grid.rows()}  # fmt: skip
    status, out, _ = run(capsys, "daily")
    assert status == 0 and out == str(daily(date.today()).grid) + "\n"


@pytest.mark.parametrize(
    ("argument", "message"),
    [
        ("2026-13-01", "DATE must be a real date, got '2026-13-01' (month must be in 1..12)"),
        ("26-11-2026", "DATE must be a date YYYY-MM-DD, got '26-11-2026'"),
        ("\uff12\uff10\uff12\uff16-11-26", "DATE must be a date YYYY-MM-DD"),  # full-width digits
    ],
)
def test_cli_daily_bad_dates(
    capsys: pytest.CaptureFixture[str], argument: str, message: str
) -> None:
    status, out, err = run(capsys, "daily", argument)
    assert status == 2 and out == "" and message in err and err.count("\n") == 1
