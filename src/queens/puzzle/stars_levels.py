"""K-star grids of a chosen difficulty, and the K-star grid of the day.

``generate_graded`` asks ``stars_generate.generate`` for grids (the seed first, then the
seeds ``seed + attempt * 2**64``) until one's explanation has the difficulty asked for
(``stars_explain.grade``): the same seed and difficulty give the same grid.

The daily K-star grid is made when asked for, not shipped: a level archive of 2-star
grids would take about half an hour of one core to build, while one grid is made in a few
seconds.  The day's seed is fixed by the date (``daily_seed``), its size by the weekday
(``STARS_WEEK``, small early in the week), and the grid is the first of the day's seeds
that the explanation solves without a case split; its difficulty is the explanation's.
Each is checked as it is made: exactly one solution by both engines (the compiled
kernel's count and the propagating search) and the difficulty stated recomputed.

>>> from datetime import date
>>> puzzle = daily_stars(date(2026, 1, 5), 2)
>>> puzzle.n, puzzle.stars, puzzle.difficulty in ("easy", "medium", "hard")
(8, 2, True)
"""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass, field
from datetime import date
from functools import cache

from queens.puzzle.grid import Grid
from queens.puzzle.levels import GradedGrid
from queens.puzzle.stars import count, solve_python
from queens.puzzle.stars_explain import DIFFICULTIES, grade
from queens.puzzle.stars_generate import GenerateError, generate

GRADED_ATTEMPTS = 40
"""Grids tried for a difficulty before giving up."""

STARS_WEEK = {2: (8, 8, 9, 9, 10, 10, 10)}
"""Each weekday's size (Monday first) of the daily grid with K stars, for each K the
daily takes (3 stars need 14 x 14 grids, whose making and grading take too long for a
request)."""

DAILY_ATTEMPTS = 12
"""The day's seeds tried for a grid solved without a case split."""


class DailyError(ValueError):
    """No daily grid for the request (too many stars), or a made grid failed its check."""


def generate_graded(
    n: int, stars: int, seed: int, difficulty: str | None = None, *, seconds: float | None = None
) -> Grid:
    """A grid with one solution of ``stars`` a row, column and region whose explanation
    has ``difficulty`` (None: the generator's first grid, whatever its difficulty).  With
    ``seconds``, a ``GenerateError`` once that time has passed between two attempts."""
    if difficulty is None:
        return generate(n, stars, seed)
    if difficulty not in DIFFICULTIES:
        raise GenerateError(
            f"unknown difficulty {difficulty!r} (choose from {', '.join(DIFFICULTIES)})"
        )
    deadline = None if seconds is None else time.monotonic() + seconds
    for attempt in range(GRADED_ATTEMPTS):
        if deadline is not None and time.monotonic() > deadline:
            raise GenerateError(f"no {difficulty} {n} x {n} grid found within {seconds:g} s")
        grid = generate(n, stars, seed + attempt * 2**64)
        if grade(grid, stars) == difficulty:
            return grid
    raise GenerateError(
        f"no {difficulty} {n} x {n} {stars}-star grid found in {GRADED_ATTEMPTS} attempts "
        f"with seed {seed}"
    )


@dataclass(frozen=True)
class StarsDaily(GradedGrid):
    """A day's K-star grid: its size, difficulty and seed."""

    day: date = field(kw_only=True)
    stars: int = field(kw_only=True)

    def to_json(self) -> dict[str, object]:
        return {"date": self.day.isoformat(), "stars": self.stars, **super().to_json()}


def daily_seed(day: date, stars: int) -> int:
    """The seed of a day's K-star grid: from a hash of the date and K, so that it does
    not change with Python's version or the machine."""
    digest = hashlib.sha256(f"queens-stars/{stars}/{day.isoformat()}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def check_daily(puzzle: StarsDaily) -> None:
    """Raise ``DailyError`` unless the grid has exactly one solution (both engines) and
    the difficulty stated."""
    stars = puzzle.stars
    where = f"the {stars}-star grid of {puzzle.day.isoformat()}"
    if count(puzzle.grid, stars, 2) != 1 or not solve_python(puzzle.grid, stars).unique:
        raise DailyError(f"{where} has not exactly one solution")
    if grade(puzzle.grid, stars) != puzzle.difficulty:
        raise DailyError(f"{where} is not {puzzle.difficulty}")


@cache
def daily_stars(day: date, stars: int) -> StarsDaily:
    """``day``'s grid with ``stars`` a row, column and region (made once per process and
    date, checked as it is made)."""
    if stars not in STARS_WEEK:
        raise DailyError(
            f"daily grids take --stars 1 or {', '.join(map(str, STARS_WEEK))}, not {stars} "
            "(bigger grids take too long to make on request; see queens puzzle generate)"
        )
    n = STARS_WEEK[stars][day.weekday()]
    base = daily_seed(day, stars)
    for attempt in range(DAILY_ATTEMPTS):
        seed = (base + attempt) % 2**64
        try:
            grid = generate(n, stars, seed)
        except GenerateError:
            continue
        difficulty = grade(grid, stars)
        if difficulty in DIFFICULTIES:
            puzzle = StarsDaily(grid, difficulty, seed, day=day, stars=stars)
            check_daily(puzzle)
            return puzzle
    raise DailyError(f"no {stars}-star grid for {day.isoformat()} in {DAILY_ATTEMPTS} seeds")
