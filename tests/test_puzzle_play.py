"""Playing: wrong queens and crosses, solved, and hints that are sound from any right position."""

from __future__ import annotations

import random

import pytest

from puzzle_support import brute_force
from queens.puzzle.grid import parse_grid
from queens.puzzle.maker import generate
from queens.puzzle.play import Check, NoHint, check, hint
from queens.puzzle.solve import solve


def cells(listed: list[list[int]]) -> set[tuple[int, int]]:
    """A step's cells ([row, column] lists) as a set of pairs."""
    return {(row, col) for row, col in listed}


TWO = parse_grid("AABB\nAABB\nCCDD\nCCDD")  # solutions [1, 3, 0, 2] and [2, 0, 3, 1]


def test_wrong_moves_against_the_solution() -> None:
    grid = generate(7, 1)
    truth = solve(grid).solution
    assert truth is not None
    off = (0, (truth[0] + 2) % 7)
    assert check(grid, [(0, truth[0])], [off]) == Check((), solved=False)
    assert check(grid, [off], [(1, truth[1])]) == Check((off, (1, truth[1])), solved=False)
    assert check(grid, list(enumerate(truth)), []).solved


def test_several_solutions_each_move_on_its_own() -> None:
    assert check(TWO, [(0, 1)], []).wrong == ()
    assert check(TWO, [(0, 0)], [(0, 1)]).wrong == ((0, 0),)
    # Right one by one, but from two different solutions.
    assert check(TWO, [(0, 1), (1, 0), (2, 3), (3, 2)], []) == Check((), solved=False)
    assert check(TWO, [(0, 1), (1, 3), (2, 0), (3, 2)], []).solved


@pytest.mark.parametrize("seed", range(4))
def test_hints_from_random_right_positions_are_sound(seed: int) -> None:
    rng = random.Random(seed)
    grid = generate(6, seed)
    (truth,) = brute_force(grid.rows())
    queens = [(r, c) for r, c in enumerate(truth) if rng.random() < 0.3]
    crosses = [(r, c) for r in range(6) for c in range(6) if c != truth[r] and rng.random() < 0.2]
    step = hint(grid, queens, crosses)
    assert cells(step["place"]) <= set(enumerate(truth))
    assert not cells(step["clear"]) & set(enumerate(truth))
    assert not cells(step["clear"]) & set(crosses)  # nothing the player already crossed


def test_no_hint_when_solved() -> None:
    grid = generate(6, 0)
    truth = solve(grid).solution
    assert truth is not None
    with pytest.raises(NoHint, match="solved"):
        hint(grid, list(enumerate(truth)), [])


def test_hints_on_a_grid_with_two_solutions_keep_both() -> None:
    step = hint(TWO, [], [])
    kept = {(0, 1), (1, 3), (2, 0), (3, 2), (0, 2), (1, 0), (2, 3), (3, 1)}
    assert (step["place"] or step["clear"]) and not cells(step["clear"]) & kept
