"""The Hall-type count: sound (a board it refutes has no solution by the reference
counter), its matching exact on small graphs, and it refutes what propagation misses."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hardboards import ruled_boards, small_boards
from queens import hard_boards
from queens.api import ruled_shape
from queens.board import Board
from queens.engines.counting import reference
from queens.engines.hard import hall, propagate


def _brute_matching(edges: dict[int, set[int]]) -> int:
    """The largest matching by trying every set of edges (tiny graphs only)."""
    pairs = [(a, b) for a, bs in edges.items() for b in bs]
    for size in range(len(edges), 0, -1):
        for chosen in itertools.combinations(pairs, size):
            if len({a for a, _ in chosen}) == size == len({b for _, b in chosen}):
                return size
    return 0


@settings(max_examples=80, deadline=None)
@given(st.dictionaries(st.integers(0, 5), st.sets(st.integers(0, 5), min_size=1), max_size=6))
def test_the_matching_is_maximum(edges: dict[int, set[int]]) -> None:
    assert hall.max_matching(edges) == _brute_matching(edges)


@settings(max_examples=200, deadline=None)
@given(
    st.dictionaries(st.integers(0, 5), st.sets(st.integers(0, 5), min_size=1), max_size=6),
    st.integers(1, 6),
)
def test_the_shortcut_agrees_with_the_matching(edges: dict[int, set[int]], left: int) -> None:
    assert hall._short(edges, left) == (_brute_matching(edges) < left)


def _refuted(board: Board) -> bool:
    state = propagate.root(board.allowed_masks(), **ruled_shape(board))
    return state is not None and hall.refutes(state)


@settings(max_examples=300, deadline=None)
@given(small_boards())
def test_sound_on_the_queen_rule(board: Board) -> None:
    if _refuted(board):
        assert reference.count(board.allowed_masks()) == 0, board


@settings(max_examples=300, deadline=None)
@given(ruled_boards())
def test_sound_under_every_rule_and_shape(board: Board) -> None:
    if _refuted(board):
        shape = ruled_shape(board)
        first = reference.solutions(
            board.allowed_masks(), shape["queens"], shape["required"], shape["rule"], board.width
        )
        assert next(first, None) is None, board


def test_three_rows_on_two_columns() -> None:
    # Rows 0..2 may use columns 0 and 1 only: propagation sees no line run dry.
    reserved = [(r, c) for r in range(3) for c in range(2, 6)]
    board = Board(6, reserved)
    state = propagate.root(board.allowed_masks())
    assert state is not None and state.left
    assert hall.short_pair(state) == ("rows", "columns")
    assert reference.count(board.allowed_masks()) == 0


def test_big_states_are_not_counted(monkeypatch: pytest.MonkeyPatch) -> None:
    board = Board(6, [(r, c) for r in range(3) for c in range(2, 6)])
    state = propagate.root(board.allowed_masks())
    assert state is not None and hall.refutes(state)
    monkeypatch.setattr(hall, "MAX_SQUARES", 6 * 3 - 1)
    assert not hall.refutes(state)


def test_refutes_an_excluded_board_the_identity_leaves_open() -> None:
    board = hard_boards.diagonals(26, 24, 11)  # benchmarks/hard.py: excluded, unsolvable
    masks = board.allowed_masks()
    from queens.engines.hard import diagonal_sums

    state = propagate.root(masks)
    assert state is not None
    assert not diagonal_sums.refutes(state) and diagonal_sums.narrow(state)
    assert hall.short_pair(state) == ("d1 diagonals", "d2 diagonals")
    how = "refuted by a Hall-type count (d1 diagonals against d2 diagonals) before search"
    assert propagate.decide(masks).how == how


def test_nothing_to_count_once_every_queen_is_placed() -> None:
    state = propagate.root(Board.build(4, queens=[(0, 1), (1, 3), (2, 0), (3, 2)]).allowed_masks())
    assert state is not None and not state.left
    assert hall.short_pair(state) is None
