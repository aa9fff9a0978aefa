"""Playing a grid with K stars a row, column and region (the region puzzle: K = 1): which
of a player's stars (queens) and crosses are wrong, and the next hint, for every K.

A star is wrong when no solution has a star there; a cross (a cell marked as holding no
star) is wrong when every solution has a star there.  The hint is the easiest deduction
(the explainer's ``next_step``) from the player's position, as the schema's step
(``queens.puzzle.schema``: ``kind``, ``level``, ``text``, ``place``, ``clear``, ``focus``).

>>> from queens.puzzle.grid import parse_grid
>>> grid = parse_grid("AAAB\\nCAAB\\nCCDB\\nCCDD")
>>> check(grid, queens=[(0, 0)], crosses=[(0, 1)])
Check(wrong=((0, 0), (0, 1)), solved=False)
>>> hint(grid, queens=[(0, 1)], crosses=[])["kind"]
'single'
>>> stars2 = parse_grid("AAAAAAAB CCCBBABB BBBBBBBB DDDBBBBB DDDEBFFF DGEEEHHH GGGEHHHH "
...                     "GGGEEHHH".replace(" ", "\\n"))
>>> check(stars2, [(0, 0)], [(0, 1)], stars=2)
Check(wrong=((0, 0),), solved=False)
>>> hint(stars2, [], [], stars=2)["place"]
[]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from queens.engines.counting.kernel import StopFlag, check_stop
from queens.puzzle import explain, schema
from queens.puzzle.grid import Grid
from queens.puzzle.solve import Contradiction, Square, given_state, problem, solutions, solve
from queens.puzzle.solve import star_search as search


@dataclass(frozen=True)
class Check:
    """The player's wrong stars and crosses (in the order given), and whether the grid is
    solved (K stars in every row, column and region, none touching, none wrong).

    >>> from queens.puzzle.grid import parse_grid
    >>> check(parse_grid("AAAB\\nCAAB\\nCCDB\\nCCDD"), [(0, 1), (1, 3), (2, 0), (3, 2)], [])
    Check(wrong=(), solved=True)
    """

    wrong: tuple[Square, ...]
    solved: bool


def mistakes_message(queens: int, crosses: int) -> str:
    """What a hint says of the player's mistakes (the web page and the notebook widget):
    wrong queens outlined, wrong crosses only counted (where a cross is wrong, a queen goes).

    >>> mistakes_message(2, 0)
    '2 queens are wrong (outlined). Undo back to before the mistake first.'
    >>> mistakes_message(0, 1).split(".")[0]
    "1 cross covers a queen's cell"
    """
    parts = []
    if queens:
        parts.append(f"{queens} queen{'s are' if queens > 1 else ' is'} wrong (outlined)")
    if crosses:
        parts.append(f"{crosses} cross{'es cover' if crosses > 1 else ' covers'} a queen's cell")
    return "; ".join(parts) + ". Undo back to before the mistake first."


def check(
    grid: Grid,
    queens: Sequence[Square],
    crosses: Sequence[Square],
    stars: int = 1,
    stop: StopFlag | None = None,
) -> Check:
    """The wrong marks among ``queens`` and ``crosses``, and whether the grid is solved;
    ``Stopped`` (``queens.engines.counting.kernel``) once ``stop`` is set.

    >>> from queens.puzzle.grid import parse_grid
    >>> check(parse_grid("AAAB\\nCAAB\\nCCDB\\nCCDD"), [(0, 1)], [(1, 3)]).wrong
    ((1, 3),)
    """
    verdict = solve(grid, stars, stop)
    if verdict.unique and verdict.rows is not None:
        truth = {(r, c) for r, columns in enumerate(verdict.rows) for c in columns}
        wrong = [q for q in queens if q not in truth] + [x for x in crosses if x in truth]
    else:  # no solution, or several: ask the solver about each move
        wrong = [q for q in queens if not possible(grid, stars, [q], [], stop)]
        wrong += [x for x in crosses if not possible(grid, stars, [], [x], stop)]
    rows = [sorted(c for r, c in set(queens) if r == row) for row in range(grid.n)]
    solved = not wrong and len(queens) == stars * grid.n and problem(grid, rows, stars) is None
    if solved and not possible(grid, stars, queens, [], stop):
        solved = False  # right one by one, but not together (a grid with several solutions)
    return Check(tuple(wrong), solved)


def possible(
    grid: Grid,
    stars: int,
    queens: Sequence[Square],
    crosses: Sequence[Square],
    stop: StopFlag | None = None,
) -> bool:
    """Whether some solution has stars on ``queens`` and none on ``crosses`` (``Stopped``
    once ``stop`` is set, looked at before the search).

    >>> from queens.puzzle.grid import parse_grid
    >>> grid = parse_grid("AABB\\nAABB\\nCCDD\\nCCDD")  # two solutions
    >>> possible(grid, 1, [(0, 1)], []), possible(grid, 1, [(0, 1), (1, 0)], [])
    (True, False)
    """
    check_stop(stop)
    if stars == 1:
        return next(solutions(grid, queens=queens, excluded=crosses), None) is not None
    try:
        state = explain.given_state(grid, stars, queens, crosses)
    except explain.Stuck:
        return False
    return next(search(state, stop), None) is not None


class NoHint(Exception):
    """No deduction from here: the grid is solved, the marks contradict each other, or the
    grid has several solutions from here.

    >>> from queens.puzzle.grid import parse_grid
    >>> try:
    ...     hint(parse_grid("AAAB\\nCAAB\\nCCDB\\nCCDD"), [(0, 1), (1, 3), (2, 0), (3, 2)], [])
    ... except NoHint as error:
    ...     print(error)
    solved
    """


def hint(
    grid: Grid,
    queens: Sequence[Square],
    crosses: Sequence[Square],
    stars: int = 1,
    stop: StopFlag | None = None,
) -> schema.Step:
    """The next deduction from the player's marks (which must be right: see ``check``), as
    the schema's step; ``NoHint`` saying why when there is none; ``Stopped`` once ``stop``
    is set (``explain.next_step``).

    >>> from queens.puzzle.grid import parse_grid
    >>> step = hint(parse_grid("AAAB\\nCAAB\\nCCDB\\nCCDD"), [(0, 1)], [])
    >>> step["kind"], step["place"]
    ('single', [[1, 3]])
    """
    try:
        if stars == 1:
            state = given_state(grid, queens, crosses)
            step = first_deduction(state.solved, lambda: explain.next_step(state, stop=stop))
            return schema.read_step(step.to_json())
        star_state = explain.given_state(grid, stars, queens, crosses)
        verdict = solve(grid, stars, stop)
        if verdict.unique and verdict.rows is not None:
            explain.know_solution(star_state, verdict.rows)  # quicker chains and splits
        star_step = first_deduction(
            star_state.solved, lambda: explain.next_step(star_state, stop=stop)
        )
        return schema.read_step(star_step.to_json())
    except (explain.Stuck, Contradiction) as error:
        raise NoHint(str(error) or "No deduction from here.") from None


AnyStep = TypeVar("AnyStep")


def first_deduction(solved: bool, deduce: Callable[[], AnyStep | None]) -> AnyStep:
    """The step ``deduce`` finds, for one star or K: ``NoHint`` when the grid is solved or
    nothing follows from the marks."""
    if solved:
        raise NoHint("solved")
    step = deduce()
    if step is None:
        raise NoHint("no deduction from here: the grid has more than one solution")
    return step


__all__ = ["Check", "NoHint", "check", "hint", "mistakes_message", "possible"]
