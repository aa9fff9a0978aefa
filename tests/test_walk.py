"""The local search for hard boards (engines/hard/walk.py and its compiled steps)."""

from __future__ import annotations

import os
import random
from array import array
from types import ModuleType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hardboards import need_pysat, small_boards
from queens import hard_boards
from queens.board import Board
from queens.engines.counting import reference
from queens.engines.hard import sat, turns, walk


def _compiled() -> ModuleType:
    """The compiled kernel; skipped with a reason where it was not built, except under
    CI=true (setup.py builds it there)."""
    module = walk.compiled()
    if module is None:
        if os.environ.get("CI") == "true":
            raise AssertionError("the compiled kernel (queens.engines._kernel) was not built")
        pytest.skip("the compiled kernel is not built (no C compiler at install)")
    return module


def _ok(board: Board) -> bytes:
    allowed = board.allowed_masks()
    return bytes((allowed[r] >> c) & 1 for r in range(board.n) for c in range(board.n))


@settings(max_examples=60, deadline=None)
@given(board=small_boards(max_n=7))
def test_the_compiled_steps_find_only_solutions(board: Board) -> None:
    module = _compiled()
    columns = array("i", random.Random(board.n).sample(range(board.n), board.n))
    found = module.walk_board(_ok(board), columns, 7, 20_000)
    solvable = reference.count(board.allowed_masks()) > 0
    assert found == walk.placement_fits(board.allowed_masks(), list(columns))
    assert not found or solvable  # a board with no solution is never "solved"


@settings(max_examples=20, deadline=None)
@given(board=small_boards(max_n=6))
def test_the_python_steps_find_only_solutions(board: Board) -> None:
    columns = random.Random(board.n).sample(range(board.n), board.n)
    found = walk._python_walk(_ok(board), columns, 3, 2_000)
    assert found == walk.placement_fits(board.allowed_masks(), columns)
    assert not found or reference.count(board.allowed_masks()) > 0


@settings(max_examples=60, deadline=None)
@given(
    board=small_boards(max_n=8),
    seed=st.integers(0, 2**64 - 1),
    steps=st.integers(0, 300),
    order=st.randoms(use_true_random=False),
)
def test_the_compiled_steps_are_the_python_steps(
    board: Board, seed: int, steps: int, order: random.Random
) -> None:
    # The compiled swap cost is worked out from the counts (board_walk.c), the Python one
    # by lifting and putting the queens: the same choices from the same seed must follow.
    module = _compiled()
    start = order.sample(range(board.n), board.n)
    compiled = array("i", start)
    found = module.walk_board(_ok(board), compiled, seed, steps)
    python = list(start)
    assert walk._python_walk(_ok(board), python, seed, steps) == found
    assert list(compiled) == python


@pytest.mark.parametrize("python", [False, True])
def test_a_frontier_like_board_is_solved_and_checked(
    python: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    if python:
        monkeypatch.setattr(walk, "compiled", lambda: None)
    else:
        _compiled()
    board = hard_boards.diagonals(16, 10, seed=1)
    found = walk.decide(board.allowed_masks(), seed=2)
    assert walk.placement_fits(board.allowed_masks(), found.columns or [])
    assert found.how == walk.LOCAL_SEARCH


def test_a_placement_that_does_not_fit_is_refused() -> None:
    allowed = Board.build(4, reserved=[(0, 1)]).allowed_masks()
    assert walk.placement_fits(allowed, [2, 0, 3, 1])
    assert not walk.placement_fits(allowed, [1, 3, 0, 2])  # on the reserved square
    assert not walk.placement_fits(allowed, [0, 1, 2, 3])  # on one diagonal
    assert not walk.placement_fits(allowed, [2, 0, 3])  # a row short
    assert not walk.placement_fits(allowed, [2, 2, 3, 1])  # a column twice


def test_a_wrong_answer_of_the_steps_is_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(walk, "solve", lambda ok, n, seed: list(range(n)))
    with pytest.raises(RuntimeError, match="does not fit"):
        walk.decide(Board.build(5).allowed_masks())


@pytest.mark.slow  # the portfolio starts its members' processes for every board (about 8 s)
@settings(max_examples=8, deadline=None)
@given(board=small_boards(max_n=7))
def test_the_portfolio_with_the_walk_agrees_with_the_reference(board: Board) -> None:
    need_pysat()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(turns, "FIRST_TURN", 0.05)  # the walk spins on a board with no solution
        found = sat.decide(board.allowed_masks()).columns
    if found is None:
        assert reference.count(board.allowed_masks()) == 0
    else:
        assert walk.placement_fits(board.allowed_masks(), found)
