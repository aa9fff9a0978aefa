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


@st.composite
def shaped_boards(draw: st.DrawFn, max_side: int = 6) -> Board:
    """A width x height board (both 1..max_side) with random reserved squares,
    up to two fixed queens and any queen count that fits."""
    width = draw(st.integers(1, max_side))
    height = draw(st.integers(1, max_side))
    squares = st.tuples(st.integers(0, height - 1), st.integers(0, width - 1))
    reserved = draw(st.frozensets(squares, max_size=width * height // 3))
    queens = draw(st.frozensets(squares, max_size=2))
    k = draw(st.integers(0, min(width, height)))
    return Board(width, reserved - queens, queens, height=height, k=k)
