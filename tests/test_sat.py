"""The SAT backend: valid answers, "no solution" only when the reference counts 0, timeouts."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings

from hardboards import answers_shape, honours, need_pysat, small_boards
from queens import generate
from queens.api import engine_shape
from queens.board import Board
from queens.engines import reference, sat
from queens.engines.budget import Deadline, Undecided
from strategies import shaped_boards

BOARDS = Path(__file__).parent / "data" / "boards"


@pytest.fixture(autouse=True)
def _pysat() -> None:
    need_pysat()


@settings(max_examples=150, deadline=None)
@given(small_boards())
def test_agrees_with_the_reference_counter(board: Board) -> None:
    found = sat.solve(board.allowed_masks())
    if found is None:
        assert reference.count(board.allowed_masks()) == 0
    else:
        assert honours(found, board)


def test_the_encoding_of_an_open_board_is_solved_by_the_solver() -> None:
    # No forced squares here, so the answer comes from the SAT solver itself.
    board = generate.blocked(12, 0.3, seed=4)
    state = sat.propagate.root(board.allowed_masks())
    assert state is not None and len(state.rows) == 12
    assert honours(sat.solve(board.allowed_masks()), board)


def test_nauck_and_unsolvable_boards() -> None:
    nauck = Board.parse((BOARDS / "nauck-1850-2.txt").read_text())
    assert honours(sat.solve(nauck.allowed_masks()), nauck)
    clash = Board.build(8, queens=[(0, 0), (5, 5)])
    row = Board.build(8, reserved=[(2, c) for c in range(8)])
    assert sat.solve(clash.allowed_masks()) is None
    assert sat.solve(row.allowed_masks()) is None
    assert sat.solve(Board.empty(3).allowed_masks()) is None


def test_with_a_deadline_the_child_process_answers() -> None:
    board = generate.removed(60, 20, seed=2)
    assert honours(sat.solve(board.allowed_masks(), deadline=Deadline(60)), board)
    assert sat.solve(Board.empty(3).allowed_masks(), deadline=Deadline(60)) is None


def test_the_deadline_stops_the_solver() -> None:
    board = generate.diagonals(22, 20, seed=1)
    with pytest.raises(Undecided):
        sat.solve(board.allowed_masks(), deadline=Deadline(0.05))


def test_a_missing_solver_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sat, "available", lambda: False)
    with pytest.raises(sat.SolverMissing, match=r"install queens-toolkit\[sat\]"):
        sat.solve([1])


@pytest.mark.parametrize("size", [sat.PAIRWISE_UP_TO, sat.PAIRWISE_UP_TO + 1])
def test_both_cardinality_encodings(monkeypatch: pytest.MonkeyPatch, size: int) -> None:
    # A plain board of this size has rows of exactly the size around the switch.
    board = Board.empty(size)
    assert honours(sat.solve(board.allowed_masks()), board)
    monkeypatch.setattr(sat, "PAIRWISE_UP_TO", 0)
    nauck = Board.parse((BOARDS / "nauck-1850-2.txt").read_text())
    assert honours(sat.solve(nauck.allowed_masks()), nauck)


def test_diagonals_every_solution_uses_get_a_queen() -> None:
    # After narrowing, this board has 8 d1 and 3 d2 diagonals that every set
    # meeting the diagonal-sum identity uses: each becomes an at-least-one clause.
    from queens.engines import diagonal_sums, propagate

    board = generate.diagonals(12, 10, seed=7)
    state, _ = propagate.checked_root(board.allowed_masks())
    assert state is not None
    support = diagonal_sums.support(state)
    assert support is not None
    needed1, needed2 = support[1], support[3]
    assert (len(needed1), len(needed2)) == (8, 3)
    problem = sat.residual(state, (needed1, needed2))
    groups = {frozenset(problem.squares[i] for i in group) for group in problem.needed}
    open_squares = [(r, c) for r in state.rows for c in range(12) if (state.rows[r] >> c) & 1]
    expected = {frozenset(sq for sq in open_squares if sq[0] + sq[1] == d) for d in needed1}
    expected |= {frozenset(sq for sq in open_squares if sq[0] - sq[1] == d) for d in needed2}
    assert groups == expected
    cnf, _ = sat.clauses(problem)
    for group in problem.needed:
        assert sorted(i + 1 for i in group) in [sorted(clause) for clause in cnf]
    found = sat.solve(board.allowed_masks())
    if found is not None:
        assert honours(found, board)
        assert needed1 <= {r + c for r, c in enumerate(found)}
        assert needed2 <= {r - c for r, c in enumerate(found)}


@settings(max_examples=200, deadline=None)
@given(shaped_boards())
def test_boards_of_any_shape_agree_with_the_reference(board: Board) -> None:
    answers_shape(sat.solve(board.allowed_masks(), **engine_shape(board)), board)


@pytest.mark.parametrize(("width", "height", "k"), [(12, 9, 9), (9, 12, 9), (12, 12, 7), (7, 7, 0)])
def test_the_encoding_of_shaped_boards_is_solved_by_the_solver(
    width: int, height: int, k: int
) -> None:
    # Open boards: nothing is forced, so the SAT solver places the queens (with
    # the count of all queens in the encoding when rows or columns may stay empty).
    board = Board(width, height=height, k=k)
    state = sat.propagate.root(board.allowed_masks(), **engine_shape(board))
    assert state is not None
    problem = sat.residual(state)
    assert problem.queens == (0 if k == min(width, height) or k == 0 else k)
    answers_shape(
        sat.decide_here(board.allowed_masks(), sat.Shape(**engine_shape(board))).columns, board
    )


def test_too_many_queens_for_the_free_squares_is_unsatisfiable() -> None:
    # Only the main diagonal is free: every row and column has a square, so
    # propagation leaves the board open, and only the count of queens (a
    # variable a row, true exactly when the row holds one) says that 2 cannot fit.
    diagonal = {(r, r) for r in range(5)}
    board = Board(5, {(r, c) for r in range(5) for c in range(5)} - diagonal, k=2)
    state = sat.propagate.root(board.allowed_masks(), **engine_shape(board))
    assert state is not None and state.left == 2 and len(sat.residual(state).counted) == 5
    assert sat.solve(board.allowed_masks(), **engine_shape(board)) is None
    assert reference.count(board.allowed_masks(), 2) == 0
    one = board.with_queens(1)
    answers_shape(sat.solve(one.allowed_masks(), **engine_shape(one)), one)


def test_a_row_counts_only_when_it_holds_a_queen() -> None:
    # Rows of two and three squares: a row's count variable must imply a queen
    # in that row, or the solver could count a row left empty (found by search).
    board = Board(4, [(0, 2), (1, 2), (2, 1), (2, 3), (3, 2)], k=3)
    found = sat.solve(board.allowed_masks(), **engine_shape(board))
    answers_shape(found, board)


def test_the_encoding_allows_exactly_k_queens() -> None:
    # 3 queens on 6 x 6: any 3 squares of a 6-queen solution satisfy the clauses,
    # and any 4 do not (a queen in a row makes that row count).
    from pysat.solvers import Solver

    board = Board(6, k=3)
    state = sat.propagate.root(board.allowed_masks(), **engine_shape(board))
    assert state is not None
    problem = sat.residual(state)
    cnf, _ = sat.clauses(problem)
    squares = [problem.squares.index((r, c)) + 1 for r, c in enumerate([1, 3, 5, 0, 2, 4])]
    with Solver(name=sat.SOLVER, bootstrap_with=cnf) as solver:
        assert solver.solve(assumptions=squares[:3])
        assert not solver.solve(assumptions=squares[:4])
        assert not solver.solve(assumptions=[-s for s in squares] + squares[:2])
