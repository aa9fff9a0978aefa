"""The SAT backend: valid answers, "no solution" only when the reference counts 0, timeouts."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings

from hardboards import answers_rule, answers_shape, honours, need_pysat, ruled_boards, small_boards
from queens import hard_boards
from queens.api import engine_shape, ruled_shape
from queens.board import Board
from queens.engines.counting import reference
from queens.engines.hard import cnf, sat
from queens.engines.hard.budget import Deadline, Undecided
from queens.engines.hard.state import State
from queens.rules import Rule
from strategies import shaped_boards

BOARDS = Path(__file__).parent / "data" / "boards"


@pytest.fixture(autouse=True)
def _pysat() -> None:
    need_pysat()


@pytest.mark.slow  # 150 boards through the SAT solver: CI's slow step
@settings(max_examples=150, deadline=None)
@given(small_boards())
def test_agrees_with_the_reference_counter(board: Board) -> None:
    found = sat.decide(board.allowed_masks()).columns
    if found is None:
        assert reference.count(board.allowed_masks()) == 0
    else:
        assert honours(found, board)


def test_the_encoding_of_an_open_board_is_solved_by_the_solver() -> None:
    # No forced squares here, so the answer comes from the SAT solver itself.
    board = hard_boards.blocked(12, 0.3, seed=4)
    state = sat.propagate.root(board.allowed_masks())
    assert state is not None and len(state.rows) == 12
    assert honours(sat.decide(board.allowed_masks()).columns, board)


def test_nauck_and_unsolvable_boards() -> None:
    nauck = Board.parse((BOARDS / "nauck-1850-2.txt").read_text())
    assert honours(sat.decide(nauck.allowed_masks()).columns, nauck)
    clash = Board.build(8, queens=[(0, 0), (5, 5)])
    row = Board.build(8, reserved=[(2, c) for c in range(8)])
    assert sat.decide(clash.allowed_masks()).columns is None
    assert sat.decide(row.allowed_masks()).columns is None
    assert sat.decide(Board.empty(3).allowed_masks()).columns is None


def test_with_a_deadline_the_child_process_answers() -> None:
    board = hard_boards.removed(60, 20, seed=2)
    assert honours(sat.decide(board.allowed_masks(), deadline=Deadline(60)).columns, board)
    assert sat.decide(Board.empty(3).allowed_masks(), deadline=Deadline(60)).columns is None


def test_the_deadline_stops_the_solver() -> None:
    # A board CaDiCaL needs seconds for (7.7 s measured on the AVX-512 machine under
    # load; the N = 22 board this test used before took 0.06 s there, too close to 0.05).
    board = hard_boards.diagonals(30, 28, seed=5)
    with pytest.raises(Undecided):
        sat.decide(board.allowed_masks(), deadline=Deadline(0.05))


def test_a_missing_solver_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sat, "available", lambda: False)
    with pytest.raises(sat.SolverMissing, match=r"install queens-toolkit\[sat\]"):
        sat.decide([1])


@pytest.mark.parametrize("size", [cnf.PAIRWISE_UP_TO, cnf.PAIRWISE_UP_TO + 1])
def test_both_cardinality_encodings(monkeypatch: pytest.MonkeyPatch, size: int) -> None:
    # A plain board of this size has rows of exactly the size around the switch.
    board = Board.empty(size)
    assert honours(sat.decide(board.allowed_masks()).columns, board)
    monkeypatch.setattr(cnf, "PAIRWISE_UP_TO", 0)
    nauck = Board.parse((BOARDS / "nauck-1850-2.txt").read_text())
    assert honours(sat.decide(nauck.allowed_masks()).columns, nauck)


def test_diagonals_every_solution_uses_get_a_queen() -> None:
    # After narrowing, this board has 8 d1 and 3 d2 diagonals that every set
    # meeting the diagonal-sum identity uses: each becomes an at-least-one clause.
    from queens.engines.hard import diagonal_sums, propagate

    board = hard_boards.diagonals(12, 10, seed=7)
    state, _ = propagate.checked_root(board.allowed_masks())
    assert state is not None
    support = diagonal_sums.support(state)
    assert support is not None
    needed1, needed2 = support[1], support[3]
    assert (len(needed1), len(needed2)) == (8, 3)
    problem = cnf.residual(state, (needed1, needed2))
    groups = {frozenset(problem.squares[i] for i in group) for group in problem.needed}
    open_squares = [(r, c) for r in state.rows for c in range(12) if (state.rows[r] >> c) & 1]
    expected = {frozenset(sq for sq in open_squares if sq[0] + sq[1] == d) for d in needed1}
    expected |= {frozenset(sq for sq in open_squares if sq[0] - sq[1] == d) for d in needed2}
    assert groups == expected
    formula, _ = cnf.clauses(problem)
    for group in problem.needed:
        assert sorted(i + 1 for i in group) in [sorted(clause) for clause in formula]
    found = sat.decide(board.allowed_masks()).columns
    if found is not None:
        assert honours(found, board)
        assert needed1 <= {r + c for r, c in enumerate(found)}
        assert needed2 <= {r - c for r, c in enumerate(found)}


@settings(max_examples=200, deadline=None)
@given(shaped_boards())
def test_boards_of_any_shape_agree_with_the_reference(board: Board) -> None:
    answers_shape(sat.decide(board.allowed_masks(), **engine_shape(board)).columns, board)


@pytest.mark.parametrize(("width", "height", "k"), [(12, 9, 9), (9, 12, 9), (12, 12, 7), (7, 7, 0)])
def test_the_encoding_of_shaped_boards_is_solved_by_the_solver(
    width: int, height: int, k: int
) -> None:
    # Open boards: nothing is forced, so the SAT solver places the queens (with
    # the count of all queens in the encoding when rows or columns may stay empty).
    board = Board(width, height=height, k=k)
    state = sat.propagate.root(board.allowed_masks(), **engine_shape(board))
    assert state is not None
    problem = cnf.residual(state)
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
    assert state is not None and state.left == 2 and len(cnf.residual(state).counted) == 5
    assert sat.decide(board.allowed_masks(), **engine_shape(board)).columns is None
    assert reference.count(board.allowed_masks(), 2) == 0
    one = board.with_queens(1)
    answers_shape(sat.decide(one.allowed_masks(), **engine_shape(one)).columns, one)


def test_a_row_counts_only_when_it_holds_a_queen() -> None:
    # Rows of two and three squares: a row's count variable must imply a queen
    # in that row, or the solver could count a row left empty (found by search).
    board = Board(4, [(0, 2), (1, 2), (2, 1), (2, 3), (3, 2)], k=3)
    found = sat.decide(board.allowed_masks(), **engine_shape(board)).columns
    answers_shape(found, board)


def test_the_encoding_allows_exactly_k_queens() -> None:
    # 3 queens on 6 x 6: any 3 squares of a 6-queen solution satisfy the clauses,
    # and any 4 do not (a queen in a row makes that row count).
    from pysat.solvers import Solver

    board = Board(6, k=3)
    state = sat.propagate.root(board.allowed_masks(), **engine_shape(board))
    assert state is not None
    problem = cnf.residual(state)
    formula, _ = cnf.clauses(problem)
    squares = [problem.squares.index((r, c)) + 1 for r, c in enumerate([1, 3, 5, 0, 2, 4])]
    with Solver(name=sat.SOLVER, bootstrap_with=formula) as solver:
        assert solver.solve(assumptions=squares[:3])
        assert not solver.solve(assumptions=squares[:4])
        assert not solver.solve(assumptions=[-s for s in squares] + squares[:2])


# -- attack rules -----------------------------------------------------------------


@settings(max_examples=100, deadline=None)  # more in the fuzz of the slow step
@given(ruled_boards())
def test_every_rule_agrees_with_the_reference(board: Board) -> None:
    answers_rule(sat.decide(board.allowed_masks(), **ruled_shape(board)).columns, board)


def _placements(problem: cnf.Residual) -> set[frozenset[tuple[int, int]]]:
    """The queens of every model of the problem's clauses, with the queens already placed."""
    from pysat.solvers import Solver

    formula, _ = cnf.clauses(problem)
    placed = set(problem.state.placed.items())
    found: set[frozenset[tuple[int, int]]] = set()
    variables = range(1, len(problem.squares) + 1)
    with Solver(name=sat.SOLVER, bootstrap_with=formula) as solver:
        while solver.solve():
            model = solver.get_model()
            queens = {v for v in variables if model[v - 1] > 0}
            found.add(frozenset(placed | {problem.squares[v - 1] for v in queens}))
            solver.add_clause([-v if v in queens else v for v in variables])  # the next one
    return found


@settings(max_examples=200, deadline=None)
@given(ruled_boards(max_side=6))
def test_the_models_of_every_rule_s_encoding_are_its_solutions(board: Board) -> None:
    # The solver alone, on the board as given and after propagation: its models
    # (projected on the squares) are exactly the reference's solutions.
    shape = ruled_shape(board)
    solutions = reference.solutions(
        board.allowed_masks(), shape["queens"], shape["required"], shape["rule"], board.width
    )
    expected = {frozenset((r, c) for r, c in enumerate(found) if c >= 0) for found in solutions}
    given_state = State.from_allowed(board.allowed_masks(), **shape)
    if given_state.initial_forced() is None:
        assert not expected
    else:
        assert _placements(cnf.residual(given_state)) == expected
    state = sat.propagate.root(board.allowed_masks(), **shape)
    assert _placements(cnf.residual(state)) == expected if state is not None else not expected


def test_knight_pairs_are_excluded_under_the_superqueen_rule() -> None:
    # Two squares a knight's jump apart on an open board: the queen's clauses
    # allow both, the superqueen's do not.
    from pysat.solvers import Solver

    for rule, allowed in ((Rule.QUEEN, True), (Rule.SUPERQUEEN, False)):
        state = State.from_allowed([(1 << 12) - 1] * 12, rule=rule)
        problem = cnf.residual(state)
        a, b = problem.squares.index((3, 4)), problem.squares.index((5, 5))
        formula, _ = cnf.clauses(problem)
        with Solver(name=sat.SOLVER, bootstrap_with=formula) as solver:
            assert solver.solve(assumptions=[a + 1, b + 1]) is allowed


def test_the_wrapped_diagonals_of_a_filled_torus_hold_one_queen_each() -> None:
    # The empty 12 x 12 torus: 24 wrapped diagonals of 12 squares, each an
    # exactly-one group, and the clauses alone are unsatisfiable (no torus
    # identity needed); with one fixed queen, its two diagonals are taken.
    from pysat.solvers import Solver

    state = State.from_allowed([(1 << 12) - 1] * 12, rule=Rule.TOROIDAL)
    problem = cnf.residual(state)
    assert len(problem.wrapped) == 24 and {len(g) for g in problem.wrapped} == {12}
    for group in problem.wrapped:
        keys = {((r + c) % 12, (r - c) % 12) for r, c in (problem.squares[i] for i in group)}
        assert len({a for a, _ in keys}) == 1 or len({b for _, b in keys}) == 1
    with Solver(name=sat.SOLVER, bootstrap_with=cnf.clauses(problem)[0]) as solver:
        assert not solver.solve()
    board = Board.build(11, queens=[(2, 3)], rule="toroidal")
    fixed = sat.propagate.root(board.allowed_masks(), **ruled_shape(board))
    assert fixed is not None and len(cnf.residual(fixed).wrapped) == 20
    answers_rule(sat.decide(board.allowed_masks(), **ruled_shape(board)).columns, board)
    part = State.from_allowed([(1 << 11) - 1] * 11, queens=9, rule=Rule.TOROIDAL)
    assert cnf.residual(part).wrapped == ()  # not filled: at most one queen a diagonal


@pytest.mark.parametrize(("rule", "n"), [("toroidal", 13), ("superqueen", 12), ("superqueen", 9)])
def test_whole_boards_under_the_rules(rule: str, n: int) -> None:
    board = Board(n, rule=rule)
    found = sat.decide(board.allowed_masks(), **ruled_shape(board))
    assert found.how.startswith(("SAT solver (CaDiCaL)", "solved by propagation before search"))
    assert (found.columns is None) == (n == 9)
    if found.columns is not None:
        answers_rule(found.columns, board)
