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


def need_dratify() -> None:
    """``need_pysat``, and the same for dratify (the DRAT checker of the ``sat`` extra)."""
    need_pysat()
    if os.environ.get("CI") == "true":
        import dratify  # noqa: F401  (in the sat extra, so installed in CI)
    else:
        pytest.importorskip(
            "dratify", reason="dratify is not installed: pip install 'queens-toolkit[sat]'"
        )


def answers_shape(found: Sequence[int] | None, board: Board) -> None:
    """Assert that ``found`` is a solution of ``board`` (any shape, any queen count) by
    :func:`queens.validate.board_problem`, or None only when the reference counts none."""
    from queens.engines.counting import reference
    from queens.validate import board_problem

    if found is None:
        assert reference.count(board.allowed_masks(), board.k, board.required_rows()) == 0
    else:
        assert board_problem(found, board) is None, (found, board_problem(found, board))


@st.composite
def ruled_boards(draw: st.DrawFn, max_side: int = 7) -> Board:
    """Random small boards under every attack rule: reserved squares, up to two fixed
    queens (which may clash), any queen count that fits; superqueen boards may be
    rectangles (the torus is square only)."""
    from queens.rules import Rule

    rule = draw(st.sampled_from(list(Rule)))
    height = draw(st.integers(1, max_side))
    square = rule is Rule.TOROIDAL or draw(st.booleans())
    width = height if square else draw(st.integers(1, max_side))
    squares = st.tuples(st.integers(0, height - 1), st.integers(0, width - 1))
    reserved = draw(st.frozensets(squares, max_size=width * height // 3))
    queens = draw(st.frozensets(squares, max_size=2))
    most = min(width, height)
    k = draw(st.one_of(st.just(most), st.integers(0, most)))
    return Board(width, reserved - queens, queens, height=height, k=k, rule=rule)


def answers_rule(found: Sequence[int] | None, board: Board) -> None:
    """Assert that ``found`` solves ``board`` under its rule, by :mod:`queens.validate` and
    by every pair of queens against :func:`queens.rules.attack_kind` (the rule's slow
    definition), or is None only when the reference search finds no solution."""
    from queens.api import ruled_shape
    from queens.engines.counting import reference
    from queens.rules import attack_kind
    from queens.validate import EMPTY, board_problem

    if found is None:
        shape = ruled_shape(board)
        first = reference.solutions(
            board.allowed_masks(), shape["queens"], shape["required"], shape["rule"], board.width
        )
        assert next(first, None) is None, board
        return
    assert board_problem(found, board) is None, (found, board_problem(found, board))
    placed = [(r, c) for r, c in enumerate(found) if c != EMPTY]
    assert len(placed) == board.k
    for i, a in enumerate(placed):
        for b in placed[i + 1 :]:
            assert attack_kind(board.rule, a, b, board.width) is None, (found, a, b)
