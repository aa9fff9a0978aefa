from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from queens.board import Board
from queens.symmetry import ALL, Symmetry, board_symmetries, canonical_columns, is_canonical
from strategies import boards


def test_eight_distinct_maps() -> None:
    n = 5
    squares = [(r, c) for r in range(n) for c in range(n)]
    images = {tuple(s.square(n, sq) for sq in squares) for s in ALL}
    assert len(images) == 8


@given(st.integers(1, 9), st.data())
def test_each_symmetry_is_a_bijection(n: int, data: st.DataObject) -> None:
    sym = data.draw(st.sampled_from(ALL))
    squares = {(r, c) for r in range(n) for c in range(n)}
    assert {sym.square(n, sq) for sq in squares} == squares


def test_rotation_composes() -> None:
    n = 7
    sq = (1, 4)
    r = Symmetry.ROTATE_90
    assert r.square(n, r.square(n, sq)) == Symmetry.ROTATE_180.square(n, sq)
    assert r.square(n, Symmetry.ROTATE_270.square(n, sq)) == sq


def test_columns_image_is_a_solution_image() -> None:
    cols = [1, 3, 0, 2]
    assert Symmetry.MIRROR.columns(cols) == [2, 0, 3, 1]
    # The 4-queens solution turns into itself by a quarter turn.
    assert Symmetry.ROTATE_90.columns(cols) == cols
    assert Symmetry.ROTATE_90.columns([0, 2, 1]) == [2, 0, 1]


def test_board_symmetries() -> None:
    assert board_symmetries(Board(6)) == ALL
    corner = Board.build(6, reserved=[(0, 0)])
    assert set(board_symmetries(corner)) == {
        Symmetry.IDENTITY,
        Symmetry.TRANSPOSE,
    }
    all_corners = Board.build(6, reserved=[(0, 0), (0, 5), (5, 0), (5, 5)])
    assert board_symmetries(all_corners) == ALL


@given(boards())
def test_board_group_maps_board_to_itself(board: Board) -> None:
    group = board_symmetries(board)
    assert Symmetry.IDENTITY in group
    for sym in group:
        assert sym.board(board) == board


def test_canonical() -> None:
    assert canonical_columns([2, 0, 3, 1]) == [1, 3, 0, 2]
    assert is_canonical([1, 3, 0, 2])
    assert not is_canonical([2, 0, 3, 1])
    # With only the identity, everything is its own representative.
    assert is_canonical([2, 0, 3, 1], (Symmetry.IDENTITY,))
