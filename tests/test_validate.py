from __future__ import annotations

import pytest

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
        ([1, 3, -1, 2], None, "the queen in row 3 is in column 0, off the board (1..4)"),
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
