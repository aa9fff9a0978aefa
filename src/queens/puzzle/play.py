"""Playing a grid: which of a player's queens and crosses are wrong, and the next hint.

A queen is wrong when no solution has a queen there; a cross (a cell marked as holding
no queen) is wrong when every solution has a queen there.  The hint is the easiest
deduction (``queens.puzzle.explain.next_step``) from the player's position.

>>> from queens.puzzle.grid import parse_grid
>>> grid = parse_grid("AAAB\\nCAAB\\nCCDB\\nCCDD")
>>> check(grid, queens=[(0, 0)], crosses=[(0, 1)])
Check(wrong=((0, 0), (0, 1)), solved=False)
>>> hint(grid, queens=[(0, 1)], crosses=[]).kind
'single'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from queens.puzzle.explain import Step, next_step
from queens.puzzle.grid import Grid
from queens.puzzle.solve import Square, given_state, solutions, solve


@dataclass(frozen=True)
class Check:
    """The player's wrong queens and crosses (in the order given), and whether the grid is
    solved (a queen in every row, none wrong)."""

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


def check(grid: Grid, queens: Sequence[Square], crosses: Sequence[Square]) -> Check:
    verdict = solve(grid)
    if verdict.unique and verdict.solution is not None:
        truth = set(enumerate(verdict.solution))
        wrong = [q for q in queens if q not in truth] + [x for x in crosses if x in truth]
    else:  # no solution, or several: ask the solver about each move
        wrong = [q for q in queens if next(solutions(grid, queens=[q]), None) is None]
        wrong += [x for x in crosses if next(solutions(grid, excluded=[x]), None) is None]
    solved = not wrong and len({row for row, _ in queens}) == grid.n == len(queens)
    if solved and next(solutions(grid, queens=queens), None) is None:
        solved = False  # right one by one, but not together (a grid with several solutions)
    return Check(tuple(wrong), solved)


class NoHint(Exception):
    """No deduction from here: the grid is solved, or has several solutions from here."""


def hint(grid: Grid, queens: Sequence[Square], crosses: Sequence[Square]) -> Step:
    """The next deduction from the player's position (their queens and crosses, which must
    be right: see ``check``)."""
    state = given_state(grid, queens, crosses)
    return first_deduction(state.solved, lambda: next_step(state))


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
