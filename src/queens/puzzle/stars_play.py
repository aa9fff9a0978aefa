"""Playing a K-star grid: which of a player's stars and crosses are wrong, and the next
hint (as ``queens.puzzle.play`` does for one star).

A star is wrong when no solution has a star there; a cross when every solution has one.
The hint is the easiest deduction (``stars_explain.next_step``) from the player's marks.

>>> from queens.puzzle.grid import parse_grid
>>> grid = parse_grid("AAAAAAAB CCCBBABB BBBBBBBB DDDBBBBB DDDEBFFF DGEEEHHH GGGEHHHH GGGEEHHH"
...                   .replace(" ", "\\n"))
>>> check_stars(grid, 2, placed=[(0, 0)], crossed=[(0, 1)])
Check(wrong=((0, 0),), solved=False)
>>> print(hint_stars(grid, 2, [], []).text)
region C lies within row 2 and needs its 2 stars: the other cells there cleared
"""

from __future__ import annotations

from collections.abc import Sequence

from queens.puzzle.grid import Grid
from queens.puzzle.play import Check, first_deduction
from queens.puzzle.solve import problem, solve
from queens.puzzle.solve import star_search as search
from queens.puzzle.stars_explain import (
    Cell,
    Step,
    Stuck,
    given_state,
    know_solution,
    next_step,
)


def _possible(grid: Grid, stars: int, placed: Sequence[Cell], crossed: Sequence[Cell]) -> bool:
    """Whether some solution has stars on ``placed`` and none on ``crossed``."""
    try:
        state = given_state(grid, stars, placed, crossed)
    except Stuck:
        return False
    return next(search(state), None) is not None


def check_stars(grid: Grid, stars: int, placed: Sequence[Cell], crossed: Sequence[Cell]) -> Check:
    verdict = solve(grid, stars)
    if verdict.unique and verdict.rows is not None:
        truth = {(r, c) for r, columns in enumerate(verdict.rows) for c in columns}
        wrong = [q for q in placed if q not in truth] + [x for x in crossed if x in truth]
    else:  # no solution, or several: ask the solver about each move
        wrong = [q for q in placed if not _possible(grid, stars, [q], [])]
        wrong += [x for x in crossed if not _possible(grid, stars, [], [x])]
    rows = [sorted(c for r, c in set(placed) if r == row) for row in range(grid.n)]
    solved = not wrong and problem(grid, rows, stars) is None
    return Check(tuple(wrong), solved)


def hint_stars(grid: Grid, stars: int, placed: Sequence[Cell], crossed: Sequence[Cell]) -> Step:
    """The next deduction from the player's marks (which must be right: see
    ``check_stars``)."""
    state = given_state(grid, stars, placed, crossed)
    verdict = solve(grid, stars)
    if verdict.unique and verdict.rows is not None:
        know_solution(state, verdict.rows)  # quicker chains and case splits
    return first_deduction(state.solved, lambda: next_step(state))
