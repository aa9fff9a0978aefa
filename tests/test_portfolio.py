"""auto on hard boards: the propagating search first, then the SAT solver."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from hardboards import answers_rule, answers_shape, honours, need_pysat, ruled_boards, small_boards
from queens import hard_boards
from queens.api import engine_shape, ruled_shape
from queens.board import Board
from queens.engines.counting import reference
from queens.engines.hard import portfolio, propagate, sat, verdict
from queens.engines.hard.budget import Deadline, Undecided
from strategies import shaped_boards


@settings(max_examples=150, deadline=None)
@given(small_boards())
def test_agrees_with_the_reference_counter(board: Board) -> None:
    found = portfolio.decide(board.allowed_masks()).columns
    if found is None:
        assert reference.count(board.allowed_masks()) == 0
    else:
        assert honours(found, board)


@pytest.mark.parametrize("seed", range(4))
def test_the_sat_solver_takes_over(monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    need_pysat()
    monkeypatch.setattr(portfolio, "QUICK_DECISIONS", 0)
    board = hard_boards.diagonals(10, 8, seed=seed)
    found = portfolio.decide(board.allowed_masks()).columns
    if found is None:
        assert reference.count(board.allowed_masks()) == 0
    else:
        assert honours(found, board)


def test_without_the_sat_solver_the_search_goes_on(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(portfolio, "QUICK_DECISIONS", 0)
    monkeypatch.setattr(sat, "available", lambda: False)
    board = hard_boards.blocked(14, 0.5, seed=1)
    found = portfolio.decide(board.allowed_masks()).columns
    assert found is None if reference.count(board.allowed_masks()) == 0 else honours(found, board)


def test_the_deadline_gives_undecided() -> None:
    # auto takes seconds on this board (7.3 s on the AVX-512 machine; the blocked board
    # used before took 1.1 s there, too close to the deadline on a faster one).
    board = hard_boards.diagonals(30, 28, seed=5)
    with pytest.raises(Undecided):
        portfolio.decide(board.allowed_masks(), deadline=Deadline(0.2))


@settings(max_examples=150, deadline=None)
@given(shaped_boards())
def test_boards_of_any_shape_agree_with_the_reference(board: Board) -> None:
    answers_shape(portfolio.decide(board.allowed_masks(), **engine_shape(board)).columns, board)


def test_the_sat_solver_takes_over_on_a_shaped_board(monkeypatch: pytest.MonkeyPatch) -> None:
    need_pysat()

    def give_up(*_: object, **__: object) -> None:
        raise propagate.NodeLimit(0)

    monkeypatch.setattr(propagate, "search", give_up)
    board = Board(12, reserved=[(0, 0), (5, 7)], height=10, k=8)
    found = portfolio.decide(board.allowed_masks(), **engine_shape(board))
    assert found.how == verdict.SAT
    answers_shape(found.columns, board)


@settings(max_examples=100, deadline=None)
@given(ruled_boards())
def test_every_rule_agrees_with_the_reference(board: Board) -> None:
    answers_rule(portfolio.decide(board.allowed_masks(), **ruled_shape(board)).columns, board)


def test_the_sat_solver_takes_over_under_the_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    need_pysat()
    monkeypatch.setattr(portfolio, "QUICK_DECISIONS", 0)
    # Boards the search takes over 64 decisions on (its first check of the limit).
    torus = Board.build(19, queens=[(0, 0), (1, 5)], rule="toroidal")
    for board in (torus, Board.build(12, queens=[(0, 0)], rule="superqueen")):
        found = portfolio.decide(board.allowed_masks(), **ruled_shape(board))
        assert found.how.startswith(verdict.SAT)
        answers_rule(found.columns, board)
