"""Shared helpers for the hard-puzzle tests: an independent validator and random small boards.

The validator is written here on purpose, apart from queens.validate, so a
bug there cannot hide one in the engines.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

import pytest
from hypothesis import strategies as st

from queens.board import Board


def honours(columns: Sequence[int] | None, board: Board) -> bool:
    """True when ``columns`` is a full non-attacking placement obeying every constraint."""
    if columns is None or len(columns) != board.n:
        return False
    queens = list(enumerate(columns))
    for r, c in queens:
        if not 0 <= c < board.n or (r, c) in board.reserved:
            return False
    for i, (r1, c1) in enumerate(queens):
        for r2, c2 in queens[i + 1 :]:
            if c1 == c2 or abs(r1 - r2) == abs(c1 - c2):
                return False
    return board.queens <= set(queens)


@st.composite
def small_boards(draw: st.DrawFn, max_n: int = 7) -> Board:
    """Random boards up to ``max_n`` with reserved squares and fixed queens (which may clash)."""
    n = draw(st.integers(1, max_n))
    squares = st.tuples(st.integers(0, n - 1), st.integers(0, n - 1))
    reserved = draw(st.frozensets(squares, max_size=n * n // 2))
    queens = draw(st.frozensets(squares, max_size=3))
    return Board(n, reserved, queens)


def need_pysat() -> None:
    """Skip with a reason when python-sat is missing, except under CI=true (then fail)."""
    if os.environ.get("CI") == "true":
        import pysat  # noqa: F401  (must be installed in CI: the test extra pulls queens[sat])
    else:
        pytest.importorskip(
            "pysat", reason="python-sat is not installed: pip install 'queens[sat]'"
        )
