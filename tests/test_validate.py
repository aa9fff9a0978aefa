from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from queens.board import Board
from queens.validate import board_problem, placement_problem


@pytest.mark.parametrize(
    ("columns", "n", "message"),
    [
        ([1, 3, 0, 2], None, None),
        ([0, 2, 0, 3], None, "queens at row 1, column 1 and row 3, column 1 share a column"),
        ([1, 3, 2, 0], None, "queens at row 2, column 4 and row 3, column 3 share a diagonal"),
        ([0, 3, 1, 2], None, "queens at row 3, column 2 and row 4, column 3 share a diagonal"),
        ([2, 0, 3, 1], 5, "4 queens given for a board of size 5"),
        ([1, 3, 0, 4], None, "the queen in row 4 is in column 5, off the board (1..4)"),
        ([1, 3, -2, 2], None, "the queen in row 3 is in column -1, off the board (1..4)"),
        ([1, 3, -1, 2], None, "row 3 has no queen (4 queens are to be placed)"),
    ],
)
def test_placement_problem(columns: list[int], n: int | None, message: str | None) -> None:
    assert placement_problem(columns, n) == message


def test_board_problem() -> None:
    board = Board.build(4, reserved=[(0, 2)], queens=[(1, 3)])
    assert board_problem([1, 3, 0, 2], board) is None
    assert board_problem([2, 0, 3, 1], board) == (
        "the queen at row 1, column 3 stands on a reserved square"
    )
    other = Board.build(4, queens=[(0, 0)])
    assert board_problem([1, 3, 0, 2], other) == "the fixed queen at row 1, column 1 is missing"


def naive_problem_kind(columns: list[int]) -> str | None:
    """The kind of the first problem, by brute force over pairs (independent of the package)."""
    n = len(columns)
    if any(not -1 <= c < n for c in columns):
        return "off the board"
    if -1 in columns:
        return "no queen"
    for r2 in range(n):
        for r1 in range(r2):
            if columns[r1] == columns[r2]:
                return "column"
            if abs(columns[r1] - columns[r2]) == r2 - r1:
                return "diagonal"
    return None


PAIR = re.compile(r"queens at row (\d+), column (\d+) and row (\d+), column (\d+) share a (\w+)")


@settings(max_examples=300)
@given(st.lists(st.integers(-2, 9), min_size=1, max_size=9))
def test_agrees_with_brute_force(columns: list[int]) -> None:
    problem = placement_problem(columns)
    kind = naive_problem_kind(columns)
    if kind is None:
        assert problem is None
        return
    assert problem is not None
    if kind in ("off the board", "no queen"):
        assert kind in problem
        return
    # The pair named really stands where the placement says and clashes as stated.
    match = PAIR.fullmatch(problem)
    assert match is not None
    r1, c1, r2, c2 = (int(g) - 1 for g in match.groups()[:4])
    assert r1 < r2 and columns[r1] == c1 and columns[r2] == c2
    if match.group(5) == "column":
        assert c1 == c2
    else:
        assert match.group(5) == "diagonal" and abs(c1 - c2) == r2 - r1


BIG = 100_000


def big_solution() -> list[int]:
    # Evens then odds (1-based) is a solution when n mod 6 is not 2 or 3.
    assert BIG % 6 == 4
    return list(range(1, BIG, 2)) + list(range(0, BIG, 2))


def test_big_placements_each_kind_of_problem() -> None:
    columns = big_solution()
    assert placement_problem(columns) is None
    # Row 1 takes row 2's column.
    clash = columns.copy()
    clash[0] = clash[1]
    assert placement_problem(clash) == (
        "queens at row 1, column 4 and row 2, column 4 share a column"
    )
    # Swapping two neighbouring rows' columns 2 apart puts them on a diagonal.
    down = columns.copy()
    down[10], down[11] = down[11], down[10]
    problem = placement_problem(down)
    assert problem is not None and problem.endswith("share a diagonal")
    off = columns.copy()
    off[-1] = BIG
    assert placement_problem(off) == (
        f"the queen in row {BIG} is in column {BIG + 1}, off the board (1..{BIG})"
    )
    assert (
        placement_problem(columns, BIG + 1) == f"{BIG} queens given for a board of size {BIG + 1}"
    )


@pytest.mark.parametrize("shift", [1, -1])
def test_big_both_diagonal_directions(shift: int) -> None:
    columns = big_solution()
    # Row 1 holds column 2 (1-based); put row 2's queen one step along either diagonal.
    columns[1] = columns[0] + shift
    problem = placement_problem(columns)
    assert problem is not None
    assert problem.startswith(f"queens at row 1, column 2 and row 2, column {2 + shift}")
    assert problem.endswith("share a diagonal")


def naive_rectangle_problem(columns: list[int], width: int, queens: int) -> bool:
    """True when the placement is wrong, by brute force over pairs of placed queens."""
    placed = [(r, c) for r, c in enumerate(columns) if c != -1]
    if any(not -1 <= c < width for c in columns) or len(placed) != queens:
        return True
    return any(
        c1 == c2 or abs(c1 - c2) == r2 - r1
        for i, (r1, c1) in enumerate(placed)
        for r2, c2 in placed[i + 1 :]
    )


@settings(max_examples=400)
@given(st.integers(1, 7), st.lists(st.integers(-1, 7), min_size=1, max_size=7), st.integers(0, 7))
def test_rectangles_with_empty_rows_agree_with_brute_force(
    width: int, columns: list[int], queens: int
) -> None:
    queens = min(queens, width, len(columns))
    problem = placement_problem(columns, width=width, queens=queens)
    assert (problem is not None) == naive_rectangle_problem(columns, width, queens)
    if problem is not None and "share" in problem:
        match = PAIR.fullmatch(problem)
        assert match is not None
        r1, c1, r2, c2 = (int(match.group(i)) - 1 for i in range(1, 5))
        assert columns[r1] == c1 and columns[r2] == c2
