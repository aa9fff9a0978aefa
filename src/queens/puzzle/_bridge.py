"""The answers the command and the puzzle page share for every K, on top of the one
solver, explainer, generator and level store: ``solutions`` as rows of star columns for
every K, ``explain`` as a record with its steps in the one JSON vocabulary, ``generate``
and ``smallest`` with the stars first, and ``daily`` raising ``LevelsError`` for every K.

>>> from queens.puzzle.grid import parse_grid
>>> next(solutions(parse_grid("AAAB\\nCAAB\\nCCDB\\nCCDD")))
((1,), (3,), (0,), (2,))
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import date

from queens.puzzle import explain as queens_explain
from queens.puzzle import generate as maker
from queens.puzzle import levels
from queens.puzzle import solve as queens_solve
from queens.puzzle.grid import Grid
from queens.puzzle.solve import Rows


def solutions(grid: Grid, stars: int = 1) -> Iterator[Rows]:
    """Every solution, each as ``rows``."""
    if stars == 1:
        return (as_rows(columns) for columns in queens_solve.solutions(grid))
    return queens_solve.solutions(grid, stars)


def as_rows(columns: tuple[int, ...] | list[int]) -> Rows:
    """A one-star solution (a column a row) as rows of star columns.

    >>> as_rows([1, 3, 0, 2])
    ((1,), (3,), (0,), (2,))
    """
    return tuple((column,) for column in columns)


@dataclass(frozen=True)
class Explained:
    """An explanation for any K: the solution's rows, the hardest step's level, the
    difficulty, a phrase saying why (one star: its level's reason) and the steps as JSON."""

    rows: Rows
    level: int
    difficulty: str
    reason: str
    steps: Sequence[Mapping[str, object]]


def explain(grid: Grid, stars: int = 1) -> Explained:
    """The steps from the empty grid to the solution; ``queens.puzzle.explain``'s ``Stuck``
    (no solution) or ``NotUnique`` (several) for every K."""
    found = queens_explain.explain(grid, stars)
    assert found.rows is not None
    reason = f"{found.level}: {queens_explain.level_reason(found.level)}" if stars == 1 else ""
    steps = [step.to_json() for step in found.steps]
    return Explained(found.rows, found.level, found.difficulty, reason, steps)


def smallest(stars: int) -> int:
    """The smallest grid generated with ``stars``."""
    return maker.STARS_MIN_N[stars]


def generate(
    n: int,
    stars: int,
    seed: int,
    difficulty: str | None = None,
    *,
    seconds: float | None = None,
    look: str = "even",
    force: bool = False,
) -> Grid:
    """A new grid with one solution (of ``difficulty`` when given, one star grown with
    ``look``); ``maker.GenerateError`` (one line) for every K when none is made."""
    return maker.generate(n, seed, difficulty, stars=stars, seconds=seconds, look=look, force=force)


def daily(day: date, stars: int = 1) -> levels.GradedGrid:
    """The day's grid with ``stars``; ``levels.LevelsError`` (one line) for every K when
    there is none."""
    if stars == 1:
        return levels.daily(day)
    try:
        return levels.daily_stars(day, stars)
    except levels.DailyError as error:
        raise levels.LevelsError(str(error)) from None
