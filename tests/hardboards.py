"""Shared helpers for the hard-puzzle tests: answers checked by the independent validator
(conftest.is_solution), random small boards, and the SAT extra's skip."""

from __future__ import annotations

import os
from collections.abc import Sequence

import pytest
from hypothesis import strategies as st

from conftest import is_solution
from queens.board import Board


def honours(columns: Sequence[int] | None, board: Board) -> bool:
    """True when ``columns`` is an answer (not None) placing the queens as ``board`` demands."""
    return columns is not None and is_solution(columns, board)


@st.composite
def small_boards(draw: st.DrawFn, max_n: int = 7) -> Board:
    """Random boards up to ``max_n``: reserved squares and up to 3 fixed queens, which may
    clash with each other, even share a row (a row no queen can take: what a queen on a
    reserved square would be, which Board refuses; strategies.boards avoids clashes)."""
    n = draw(st.integers(1, max_n))
    squares = st.tuples(st.integers(0, n - 1), st.integers(0, n - 1))
    reserved = draw(st.frozensets(squares, max_size=n * n // 2))
    queens = draw(st.frozensets(squares, max_size=3))
    return Board(n, reserved - queens, queens)


def need_pysat() -> None:
    """Skip with a reason when python-sat is missing, except under CI=true (then fail)."""
    if os.environ.get("CI") == "true":
        import pysat  # noqa: F401  (must be installed in CI: the test extra pulls queens-toolkit[sat])
    else:
        pytest.importorskip(
            "pysat", reason="python-sat is not installed: pip install 'queens-toolkit[sat]'"
        )


def answers_shape(found: Sequence[int] | None, board: Board) -> None:
    """Assert that ``found`` is a solution of ``board`` (any shape, any queen count) by
    :func:`queens.validate.board_problem`, or None only when the reference counts none."""
    from queens.engines import reference
    from queens.validate import board_problem

    if found is None:
        assert reference.count(board.allowed_masks(), board.k, board.required_rows()) == 0
    else:
        assert board_problem(found, board) is None, (found, board_problem(found, board))
