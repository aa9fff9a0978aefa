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
    IDENTITY = "identity"
    ROTATE_90 = "rotate 90"  # clockwise
    ROTATE_180 = "rotate 180"
    ROTATE_270 = "rotate 270"
    MIRROR = "mirror"  # left <-> right
    FLIP = "flip"  # top <-> bottom
    TRANSPOSE = "transpose"  # main diagonal
    ANTI_TRANSPOSE = "anti-transpose"  # the other diagonal

    def square(self, n: int, square: Square) -> Square:
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
        n = board.n
        return Board.build(
            n,
            (self.square(n, s) for s in board.reserved),
            (self.square(n, s) for s in board.queens),
        )


ALL: tuple[Symmetry, ...] = tuple(Symmetry)


def board_symmetries(board: Board) -> tuple[Symmetry, ...]:
    """The symmetries that map the board onto itself (always at least the identity)."""
    if board.is_plain:
        return ALL
    return tuple(s for s in ALL if s.board(board) == board)


def canonical_columns(columns: Sequence[int], group: Sequence[Symmetry] = ALL) -> list[int]:
    """The lexicographically smallest image of a placement under ``group``."""
    return min(s.columns(columns) for s in group)


def is_canonical(columns: Sequence[int], group: Sequence[Symmetry] = ALL) -> bool:
    """True when no image under ``group`` is lexicographically smaller."""
    own = list(columns)
    return all(s.columns(columns) >= own for s in group)
