"""The page's solve: the first solution under the board's rule, or an honest answer in time."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from queens import api
from queens.board import Board
from queens.engines.counting import reference
from queens.rules import RULE_NAMES, parse_rule, shape_problem
from queens.validate import board_problem
from queens.web.solve import first_solution
from strategies import boards, shaped_boards


def ruled(board: Board, rule: str) -> Board:
    """``board`` under ``rule``, or under the queen rule where ``rule`` does not fit it."""
    return board if shape_problem(parse_rule(rule), *board.size) else board.with_rule(rule)


@settings(max_examples=80, deadline=None)
@given(board=st.one_of(boards(max_n=8), shaped_boards()), rule=st.sampled_from(RULE_NAMES))
def test_the_first_solution_is_the_reference_searchs(board: Board, rule: str) -> None:
    board = ruled(board, rule)
    answer = first_solution(board)
    assert answer.decided
    first = next(
        reference.solutions(
            board.allowed_masks(), board.k, board.required_rows(), board.rule, board.width
        ),
        None,
    )
    if first is None:
        assert answer.solution is None
    else:
        assert answer.solution is not None
        assert answer.solution.to_list() == first
        assert board_problem(first, board) is None


def test_the_whole_boards() -> None:
    for n in (10, 11, 13, 16):
        for rule in RULE_NAMES:
            board = Board(n, rule=rule)
            found = first_solution(board).solution
            expected = next(api.solutions(board), None)
            assert (found is None) == (expected is None), (n, rule)
            assert found is None or (
                found == expected and board_problem(found.to_list(), board) is None
            )


def test_out_of_time_is_not_a_no() -> None:
    answer = first_solution(Board(18, rule="toroidal"), seconds=0.0)
    assert answer.solution is None and not answer.decided
