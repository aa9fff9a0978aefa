"""K-star grids of a chosen difficulty, and the K-star grid of the day.

``generate_graded`` asks ``stars_generate.generate`` for grids (the seed first, then the
seeds ``seed + attempt * 2**64``) until one's explanation has the difficulty asked for
(``explain.grade``): the same seed and difficulty give the same grid.

The daily K-star grid is made when asked for, not shipped: a level archive of 2-star
grids would take about half an hour of one core to build, while one grid is made in a few
seconds.  The day's seed is fixed by the date (``daily_seed``), its size by the weekday
(``STARS_WEEK``, small early in the week), and the grid is the first of the day's seeds
that the explanation solves without a case split (else the first seed's, expert); its
difficulty is the explanation's.  Each is checked as it is made: exactly one solution by
two engines, and its explanation replayed to that solution.

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

from queens.puzzle.explain import (
    DIFFICULTIES,
    Explanation,
    NeedsSplit,
    NotUnique,
    Stuck,
    explain,
    grade,
    replay,
)
from queens.puzzle.grid import Grid
from queens.puzzle.levels import GradedGrid
from queens.puzzle.solve import count, solve_python, unique_by_rows
from queens.puzzle.stars_generate import GenerateError, generate

GRADED_ATTEMPTS = 40
"""Grids tried for a difficulty before giving up."""

STARS_WEEK = {2: (8, 8, 9, 9, 10, 10, 10), 3: (14,) * 7}
"""Each weekday's size (Monday first) of the daily grid with K stars, for each K the
daily takes (3 stars: 14 x 14, the smallest 3-star grid made, every day; 4 to 6 stars
need grids of 19 x 19 and more, whose making takes minutes)."""

DAILY_ATTEMPTS = {2: 12, 3: 2}
"""The day's seeds tried, for each K, for a grid solved without a case split (else the
first seed's grid is the day's).  A 14 x 14 3-star grid takes a second or a few to make
and explain, and most need no case split (the first seed's grid of 11 of 14 days; the
second seed's of the other 3), so two seeds are tried."""


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


def check_daily(puzzle: StarsDaily, explanation: Explanation) -> None:
    """Raise ``DailyError`` unless the grid has exactly one solution (by two engines: the
    kernel's two searches, or the kernel's and the propagating search) and its
    explanation replays to that solution with the difficulty stated."""
    stars = puzzle.stars
    where = f"the {stars}-star grid of {puzzle.day.isoformat()}"
    unique = unique_by_rows(puzzle.grid, stars)
    if unique is None:  # no kernel: the propagating search is the second engine
        unique = solve_python(puzzle.grid, stars).unique
    if count(puzzle.grid, stars, 2) != 1 or not unique:
        raise DailyError(f"{where} has not exactly one solution")
    if replay(puzzle.grid, stars, explanation.steps) != explanation.rows:
        raise DailyError(f"{where}: its explanation does not end at its solution")
    if explanation.difficulty != puzzle.difficulty:
        raise DailyError(f"{where} is not {puzzle.difficulty}")


def _made(n: int, stars: int, seed: int) -> Grid | None:
    try:
        return generate(n, stars, seed)
    except GenerateError:
        return None


@cache
def daily_stars(day: date, stars: int) -> StarsDaily:
    """``day``'s grid with ``stars`` a row, column and region: the first of the day's
    seeds (``DAILY_ATTEMPTS``) whose grid is solved without a case split, else the first
    seed's grid (expert).  Made once per process and date, checked as it is made."""
    if stars not in STARS_WEEK:
        raise DailyError(
            f"daily grids take --stars 1 to {max(STARS_WEEK)}, not {stars} "
            "(bigger grids take too long to make on request; see queens puzzle generate)"
        )
    n = STARS_WEEK[stars][day.weekday()]
    base = daily_seed(day, stars)
    first: tuple[StarsDaily, Explanation] | None = None  # explained to the end
    for attempt in range(DAILY_ATTEMPTS[stars]):
        seed = (base + attempt) % 2**64
        grid = _made(n, stars, seed)
        if grid is None:
            continue
        try:  # after the first grid, only whether a case split is needed matters
            explanation = _explained(grid, stars, splits=first is None)
        except NeedsSplit:
            continue
        puzzle = StarsDaily(grid, explanation.difficulty, seed, day=day, stars=stars)
        if all(step.kind != "split" for step in explanation.steps):
            return _checked(puzzle, explanation)
        # Reached only while first is None (later grids are explained without splits:
        # they return above or raise NeedsSplit), so "first or" guards, it never chooses.
        first = first or (puzzle, explanation)
    if first is None:
        raise DailyError(
            f"no {stars}-star grid for {day.isoformat()} in {DAILY_ATTEMPTS[stars]} seeds"
        )
    return _checked(*first)


def _explained(grid: Grid, stars: int, *, splits: bool) -> Explanation:
    try:
        return explain(grid, stars, splits=splits)
    except (Stuck, NotUnique):
        raise DailyError(f"a made {stars}-star grid has not exactly one solution") from None


def _checked(puzzle: StarsDaily, explanation: Explanation) -> StarsDaily:
    check_daily(puzzle, explanation)
    return puzzle
