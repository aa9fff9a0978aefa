"""Generated puzzles: repeatable per seed, and what each family promises."""

from __future__ import annotations

import pytest

from hardboards import honours
from queens import hard_boards
from queens.board import Board
from queens.engines.hard import propagate


def _non_attacking(squares: set[tuple[int, int]]) -> bool:
    listed = sorted(squares)
    return all(
        r1 != r2 and c1 != c2 and abs(r1 - r2) != abs(c1 - c2)
        for i, (r1, c1) in enumerate(listed)
        for r2, c2 in listed[i + 1 :]
    )


@pytest.mark.parametrize(
    "make",
    [
        lambda seed: hard_boards.removed(30, 7, seed),
        lambda seed: hard_boards.placed(30, 20, seed),
        lambda seed: hard_boards.blocked(30, 0.4, seed),
        lambda seed: hard_boards.diagonals(30, 9, seed),
    ],
)
def test_the_same_seed_gives_the_same_board(make: object) -> None:
    assert callable(make)
    assert make(11) == make(11)
    assert make(11) != make(12)


@pytest.mark.parametrize(("n", "remove"), [(8, 0), (8, 8), (50, 10), (400, 40)])
def test_removed_queens_leave_a_solvable_board(n: int, remove: int) -> None:
    board = hard_boards.removed(n, remove, seed=n)
    assert len(board.queens) == n - remove
    assert not board.reserved
    assert _non_attacking(set(board.queens))
    assert honours(propagate.solve(board.allowed_masks()), board)


def test_random_solutions_are_solutions() -> None:
    queens = dict(hard_boards.removed(25, 0, seed=1).queens)
    assert honours([queens[row] for row in range(25)], Board.empty(25))
    with pytest.raises(ValueError):
        hard_boards.removed(3, 0)


@pytest.mark.parametrize(("n", "place"), [(8, 0), (8, 5), (43, 28), (171, 141)])
def test_placed_queens_do_not_attack_each_other(n: int, place: int) -> None:
    board = hard_boards.placed(n, place, seed=3)
    assert len(board.queens) == place
    assert _non_attacking(set(board.queens))


def test_too_many_queens_are_refused() -> None:
    with pytest.raises(ValueError):
        hard_boards.placed(8, 9)
    with pytest.raises(ValueError):
        hard_boards.removed(8, 9)
    with pytest.raises(ValueError, match="could not place"):
        hard_boards.placed(3, 3, seed=1)


def test_blocked_density() -> None:
    assert not hard_boards.blocked(20, 0.0, seed=1).reserved
    assert len(hard_boards.blocked(20, 1.0, seed=1).reserved) == 400
    half = len(hard_boards.blocked(40, 0.5, seed=1).reserved)
    assert 600 < half < 1000
    with pytest.raises(ValueError):
        hard_boards.blocked(5, 1.5)


def _diagonal_lines(n: int) -> list[set[tuple[int, int]]]:
    squares = [(r, c) for r in range(n) for c in range(n)]
    sums = [{s for s in squares if s[0] + s[1] == k} for k in range(2 * n - 1)]
    diffs = [{s for s in squares if s[0] - s[1] == k} for k in range(-(n - 1), n)]
    return sums + diffs


@pytest.mark.parametrize("count", [0, 1, 7, 20])
def test_diagonals_reserve_whole_diagonals(count: int) -> None:
    n = 12
    board = hard_boards.diagonals(n, count, seed=count)
    full = [line for line in _diagonal_lines(n) if line <= board.reserved]
    assert set().union(*full) == board.reserved
    assert len(full) >= count
    assert not board.queens
    with pytest.raises(ValueError):
        hard_boards.diagonals(4, 15)
