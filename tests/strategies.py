"""Hypothesis strategies for random small boards."""

from __future__ import annotations

from hypothesis import strategies as st

from queens.board import Board


@st.composite
def boards(draw: st.DrawFn, max_n: int = 7) -> Board:
    """A board of size 1..max_n with random reserved squares and up to two fixed queens."""
    n = draw(st.integers(1, max_n))
    squares = st.tuples(st.integers(0, n - 1), st.integers(0, n - 1))
    reserved = draw(st.frozensets(squares, max_size=n * n // 3))
    queens = draw(st.frozensets(squares, max_size=2))
    return Board(n, reserved - queens, queens)
