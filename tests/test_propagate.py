"""The propagating search: valid answers, and "no solution" only when the reference counts 0."""

from __future__ import annotations

import itertools
import math
import random
from pathlib import Path

import pytest
from hypothesis import given, settings

from hardboards import answers_rule, answers_shape, honours, ruled_boards, small_boards
from queens import hard_boards
from queens.api import engine_shape, ruled_shape
from queens.board import Board
from queens.engines.counting import reference
from queens.engines.hard import diagonal_sums, propagate
from queens.engines.hard.budget import Deadline, Undecided
from queens.engines.hard.state import State
from queens.rules import Rule, attack_kind
from queens.validate import board_problem
from strategies import shaped_boards

BOARDS = Path(__file__).parent / "data" / "boards"


@settings(max_examples=300, deadline=None)
@given(small_boards())
def test_agrees_with_the_reference_counter(board: Board) -> None:
    found = propagate.solve(board.allowed_masks())
    if found is None:
        assert reference.count(board.allowed_masks()) == 0
    else:
        assert honours(found, board)


@pytest.mark.parametrize("n", [1, 4, 5, 8, 30, 120])
def test_plain_boards(n: int) -> None:
    assert honours(propagate.solve([(1 << n) - 1] * n), Board.empty(n))


@pytest.mark.parametrize("n", [2, 3])
def test_plain_boards_without_solutions(n: int) -> None:
    assert propagate.solve([(1 << n) - 1] * n) is None


def test_nauck_puzzle_gives_one_of_its_two_completions() -> None:
    board = Board.parse((BOARDS / "nauck-1850-2.txt").read_text())
    completions = list(reference.solutions(board.allowed_masks()))
    assert len(completions) == 2
    found = propagate.solve(board.allowed_masks())
    assert honours(found, board)
    assert found in completions


def test_attacking_fixed_queens_have_no_solution() -> None:
    for queens in ([(0, 0), (3, 3)], [(1, 2), (5, 2)], [(2, 0), (2, 5)]):
        assert propagate.solve(Board.build(8, queens=queens).allowed_masks()) is None


def test_a_fully_reserved_row_or_column_has_no_solution() -> None:
    row = Board.build(8, reserved=[(4, c) for c in range(8)])
    column = Board.build(8, reserved=[(r, 6) for r in range(8)])
    assert propagate.solve(row.allowed_masks()) is None
    assert propagate.solve(column.allowed_masks()) is None


def test_a_column_with_one_free_square_is_forced() -> None:
    board = Board.build(6, reserved=[(r, 0) for r in range(6) if r != 4])
    state = propagate.root(board.allowed_masks())
    assert state is not None
    assert state.placed.get(4) == 0


def test_completion_of_a_large_board() -> None:
    board = hard_boards.removed(200, 30, seed=5)
    assert honours(propagate.solve(board.allowed_masks()), board)


def test_random_tie_breaks_give_valid_solutions_repeatably() -> None:
    full = [(1 << 40) - 1] * 40
    first = propagate.solve(full, rng=random.Random(3))
    assert honours(first, Board.empty(40))
    assert first == propagate.solve(full, rng=random.Random(3))


def test_the_deadline_stops_a_long_search() -> None:
    board = hard_boards.diagonals(22, 20, seed=1)
    with pytest.raises(Undecided, match="undecided"):
        propagate.solve(board.allowed_masks(), deadline=Deadline(0.0))


def test_node_limit_stops_the_search() -> None:
    start = propagate.root(hard_boards.diagonals(22, 20, seed=1).allowed_masks())
    assert start is not None
    with pytest.raises(propagate.NodeLimit):
        propagate.search(start, node_limit=10)


def test_forced_squares_save_decisions() -> None:
    # On this board the search makes 24 decisions; without placing the queen
    # of a row (or column) left with one square at once it needs more (33
    # without the rows' forcing), so the count pins the forcing down.
    board = hard_boards.blocked(12, 0.5, seed=2)
    start = propagate.root(board.allowed_masks())
    assert start is not None
    stats = propagate.Stats()
    found = propagate.search(start, stats=stats)
    assert honours(found, board)
    assert stats.decisions == 24


def test_decide_says_what_decided() -> None:
    refuted = propagate.decide(hard_boards.diagonals(12, 10, seed=0).allowed_masks())
    searched = propagate.decide(hard_boards.blocked(12, 0.5, seed=2).allowed_masks())
    assert refuted.columns is None
    assert refuted.how == "refuted by the diagonal-sum identity before search"
    assert searched.how.startswith("search: ") and searched.columns is not None
    assert propagate.decide(Board.build(8, queens=[(0, 0), (3, 3)]).allowed_masks()).how == (
        "refuted by propagation before search"
    )


@settings(max_examples=300, deadline=None)
@given(shaped_boards())
def test_boards_of_any_shape_agree_with_the_reference(board: Board) -> None:
    found = propagate.solve(board.allowed_masks(), **engine_shape(board))
    answers_shape(found, board)


@pytest.mark.parametrize(
    ("width", "height", "k"),
    [(3, 3, 2), (2, 2, 1), (10, 8, 8), (8, 10, 8), (8, 8, 5), (5, 9, 3), (40, 30, 30), (6, 6, 0)],
)
def test_plain_boards_of_other_shapes(width: int, height: int, k: int) -> None:
    # 2 queens on 3 x 3 would be refuted by the diagonal-sum identity, which
    # holds only when every open row and column takes a queen.
    board = Board(width, height=height, k=k)
    found = propagate.solve(board.allowed_masks(), **engine_shape(board))
    assert found is not None and board_problem(found, board) is None


def test_required_rows_and_queen_count_make_no_solution() -> None:
    # Three queens on a 3 x 2 board cannot fit; a fixed queen's row must be used.
    assert propagate.solve([0b111, 0b111], width=3, queens=3) is None
    assert propagate.solve([0b001, 0b000], width=3, queens=1, required=0b10) is None
    assert propagate.solve([0b001, 0b100], width=3, queens=1, required=0b10) == [-1, 2]


def test_the_identity_is_kept_off_shaped_states() -> None:
    state = propagate.root(Board(3, k=2).allowed_masks(), width=3, queens=2)
    assert state is not None and not diagonal_sums.applies(state)
    assert not diagonal_sums.refutes(state)
    classic = propagate.root(Board(3).allowed_masks())
    assert classic is None or diagonal_sums.applies(classic)


@pytest.mark.parametrize(("width", "height", "k"), [(30, 29, 29), (29, 30, 29), (100, 99, 99)])
def test_nearly_square_rectangles_need_few_decisions(width: int, height: int, k: int) -> None:
    # Branching only on lines that must hold a queen stalled here (50,000
    # decisions without an answer on 30 x 29); the columns that may stay empty
    # are branched on too.
    board = Board(width, height=height, k=k)
    start = propagate.root(board.allowed_masks(), **engine_shape(board))
    assert start is not None
    found = propagate.search(start, node_limit=1000)
    assert found is not None and board_problem(found, board) is None


# -- attack rules -----------------------------------------------------------------


@settings(max_examples=400, deadline=None)
@given(ruled_boards())
def test_every_rule_agrees_with_the_reference(board: Board) -> None:
    answers_rule(propagate.solve(board.allowed_masks(), **ruled_shape(board)), board)


@pytest.mark.parametrize(
    ("rule", "width", "height"),
    [
        (Rule.QUEEN, 9, 9),
        (Rule.TOROIDAL, 9, 9),
        (Rule.TOROIDAL, 10, 10),
        (Rule.SUPERQUEEN, 9, 9),
        (Rule.SUPERQUEEN, 9, 7),
        (Rule.SUPERQUEEN, 7, 9),
    ],
)
def test_a_queen_strikes_out_what_the_rule_attacks(rule: Rule, width: int, height: int) -> None:
    # From each square, on an open board: the squares left in the rows' and the
    # columns' domains are exactly those attack_kind (the rule's slow definition)
    # says the queen does not attack.
    board = Board(width, height=height, rule=rule)
    for square in itertools.product(range(height), range(width)):
        state = State.from_allowed(board.allowed_masks(), **ruled_shape(board))
        assert state.propagate([square]) and state.placed == {square[0]: square[1]}
        free = {
            (r, c)
            for r in range(height)
            for c in range(width)
            if r != square[0] and attack_kind(board.rule, square, (r, c), width) is None
        }
        by_rows = {(r, c) for r, mask in state.rows.items() for c in range(width) if mask >> c & 1}
        by_cols = {(r, c) for c, mask in state.cols.items() for r in range(height) if mask >> r & 1}
        assert by_rows == by_cols == free


@pytest.mark.parametrize("n", range(1, 17))
def test_the_torus_has_solutions_exactly_when_n_is_coprime_to_6(n: int) -> None:
    board = Board(n, rule="toroidal")
    found = propagate.solve(board.allowed_masks(), **ruled_shape(board))
    assert (found is not None) == (math.gcd(n, 6) == 1)  # Polya, 1918
    if found is not None or n <= 10:  # (the pure-Python reference is slow to say no above)
        answers_rule(found, board)


@pytest.mark.parametrize("n", range(1, 14))
def test_superqueens_have_solutions_from_ten(n: int) -> None:
    board = Board(n, rule="superqueen")
    found = propagate.solve(board.allowed_masks(), **ruled_shape(board))
    assert (found is not None) == (n == 1 or n >= 10)  # OEIS A051223
    if found is not None:
        answers_rule(found, board)


def test_fixed_queens_under_the_rules() -> None:
    # A queen a knight's jump from a fixed queen, or on its wrapped diagonal,
    # is ruled out by propagation alone.
    knight = Board.build(12, queens=[(0, 0), (1, 2)], rule="superqueen")
    wrapped = Board.build(11, queens=[(0, 1), (1, 0)], rule="toroidal")
    for board in (knight, wrapped):
        found = propagate.decide(board.allowed_masks(), **ruled_shape(board))
        assert found.columns is None and found.how == "refuted by propagation before search"
    assert propagate.solve(knight.with_rule(Rule.QUEEN).allowed_masks()) is not None
    completed = Board.build(13, queens=[(0, 5), (6, 6), (12, 0)], rule="toroidal")
    answers_rule(propagate.solve(completed.allowed_masks(), **ruled_shape(completed)), completed)


def test_an_unknown_rule_is_refused() -> None:
    with pytest.raises(ValueError, match="does not know the rule 'king'"):
        propagate.solve([0b11, 0b11], rule="king")
