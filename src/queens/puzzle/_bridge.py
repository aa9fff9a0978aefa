"""The solver's one-for-every-K calls, over today's two solvers (``solve.py`` for one star,
``stars.py`` for K).

A stand-in for issue 40's one solver, explainer, generator and level store (being written
beside this one), each taking ``stars`` itself: ``solve(grid, stars=1)`` (rows and
whether unique), ``solutions``, ``count``, ``explain`` (its steps in the one JSON
vocabulary), ``generate`` and ``daily``, so that the play service, the CLI and the web
page are written once for every K.  At the merge the imports of ``queens.puzzle._bridge``
go to the modules that then hold these names, and this file goes.

>>> from queens.puzzle.grid import parse_grid
>>> verdict = solve(parse_grid("AAAB\\nCAAB\\nCCDB\\nCCDD"))
>>> verdict.rows, verdict.unique
(((1,), (3,), (0,), (2,)), True)
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import date

from queens.puzzle import explain as queens_explain
from queens.puzzle import levels, maker, stars_levels
from queens.puzzle import solve as queens_solve
from queens.puzzle.grid import Grid
from queens.puzzle.solve import Rows, Verdict
from queens.puzzle.stars_generate import MIN_N as STARS_MIN_N
from queens.puzzle.stars_generate import GenerateError as StarsGenerateError


def solve(grid: Grid, stars: int = 1) -> Verdict:
    """The first solution (``rows``: each row's star columns) and whether it is the only one."""
    return queens_solve.solve(grid, stars)


def solutions(grid: Grid, stars: int = 1) -> Iterator[Rows]:
    """Every solution, each as ``rows``."""
    if stars == 1:
        return (as_rows(columns) for columns in queens_solve.solutions(grid))
    return queens_solve.solutions(grid, stars)


def count(grid: Grid, stars: int = 1, limit: int | None = None, *, force: bool = False) -> int:
    """How many solutions (no further than ``limit``); a whole count estimated over an hour
    raises ``CountTooLong`` unless ``force``."""
    return queens_solve.count(grid, stars, limit, force=force)


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
    return maker.MIN_N if stars == 1 else STARS_MIN_N[stars]


def generate(
    n: int, stars: int, seed: int, difficulty: str | None = None, *, seconds: float | None = None
) -> Grid:
    """A new grid with one solution (of ``difficulty`` when given); ``maker.GenerateError``
    (one line) for every K when none is made."""
    if stars == 1:
        return maker.generate(n, seed, difficulty, seconds=seconds)
    try:
        return stars_levels.generate_graded(n, stars, seed, difficulty, seconds=seconds)
    except StarsGenerateError as error:
        raise maker.GenerateError(str(error)) from None


def daily(day: date, stars: int = 1) -> levels.GradedGrid:
    """The day's grid with ``stars``; ``levels.LevelsError`` (one line) for every K when
    there is none."""
    if stars == 1:
        return levels.daily(day)
    try:
        return stars_levels.daily_stars(day, stars)
    except stars_levels.DailyError as error:
        raise levels.LevelsError(str(error)) from None
