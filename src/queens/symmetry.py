"""The 8 symmetries of the square board (the dihedral group D4).

A symmetry maps a square ``(row, col)`` of an n x n board to another square.
Applied to a solution (one queen per row) it gives another solution, since
rows, columns and diagonals map onto rows, columns and diagonals.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum

from queens.board import Board, Square


class Symmetry(Enum):
    """One of the 8 symmetries of the square, acting on squares, placements and boards.

    The value is the symmetry's name as a person reads it.

    >>> Symmetry.ROTATE_90.square(4, (0, 1))  # clockwise: the top row becomes the right column
    (1, 3)
    >>> Symmetry.MIRROR.columns([1, 3, 0, 2])
    [2, 0, 3, 1]
    >>> print(Symmetry.TRANSPOSE.board(Board.build(3, reserved=[(0, 2)])))
    . . .
    . . .
    * . .
    >>> len(Symmetry), Symmetry("rotate 180")
    (8, <Symmetry.ROTATE_180: 'rotate 180'>)
    """

    IDENTITY = "identity"
    ROTATE_90 = "rotate 90"  # clockwise
    ROTATE_180 = "rotate 180"
    ROTATE_270 = "rotate 270"
    MIRROR = "mirror"  # left <-> right
    FLIP = "flip"  # top <-> bottom
    TRANSPOSE = "transpose"  # main diagonal
    ANTI_TRANSPOSE = "anti-transpose"  # the other diagonal

    def square(self, n: int, square: Square) -> Square:
        """The image of a square ``(row, col)`` of an n x n board."""
        r, c = square
        m = n - 1
        match self:
            case Symmetry.IDENTITY:
                return r, c
            case Symmetry.ROTATE_90:
                return c, m - r
            case Symmetry.ROTATE_180:
                return m - r, m - c
            case Symmetry.ROTATE_270:
                return m - c, r
            case Symmetry.MIRROR:
                return r, m - c
            case Symmetry.FLIP:
                return m - r, c
            case Symmetry.TRANSPOSE:
                return c, r
            case Symmetry.ANTI_TRANSPOSE:
                return m - c, m - r
        raise AssertionError(self)  # pragma: no cover

    def columns(self, columns: Sequence[int]) -> list[int]:
        """The image of a placement given as one column per row."""
        n = len(columns)
        image = [0] * n
        for row, col in enumerate(columns):
            r, c = self.square(n, (row, col))
            image[r] = c
        return image

    def board(self, board: Board) -> Board:
        """The image of a board: its reserved squares and fixed queens moved."""
        n = board.n
        return Board.build(
            n,
            (self.square(n, s) for s in board.reserved),
            (self.square(n, s) for s in board.queens),
        )


ALL: tuple[Symmetry, ...] = tuple(Symmetry)


def board_symmetries(board: Board) -> tuple[Symmetry, ...]:
    """The symmetries that map the board onto itself (always at least the identity).

    >>> len(board_symmetries(Board.empty(8)))
    8
    >>> [s.value for s in board_symmetries(Board.build(4, reserved=[(0, 0), (3, 3)]))]
    ['identity', 'rotate 180', 'transpose', 'anti-transpose']
    """
    if board.is_plain:
        return ALL
    return tuple(s for s in ALL if s.board(board) == board)


def canonical_columns(columns: Sequence[int], group: Sequence[Symmetry] = ALL) -> list[int]:
    """The lexicographically smallest image of a placement under ``group``.

    >>> canonical_columns([2, 0, 3, 1])
    [1, 3, 0, 2]
    >>> canonical_columns([2, 0, 3, 1], [Symmetry.IDENTITY])
    [2, 0, 3, 1]
    """
    return min(s.columns(columns) for s in group)


def is_canonical(columns: Sequence[int], group: Sequence[Symmetry] = ALL) -> bool:
    """True when no image under ``group`` is lexicographically smaller.

    >>> is_canonical([1, 3, 0, 2]), is_canonical([2, 0, 3, 1])
    (True, False)
    """
    own = list(columns)
    return all(s.columns(columns) >= own for s in group)
