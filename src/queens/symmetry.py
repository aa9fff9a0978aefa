"""The 8 symmetries of the square board (the dihedral group D4), and the 4 of a
rectangle that is not square (identity, half turn and the two mirrors).

A symmetry maps a square ``(row, col)`` of a board to another square.
Applied to a solution (at most one queen per row) it gives another solution,
since rows, columns and diagonals map onto rows, columns and diagonals.  The
quarter turns and the transpositions swap width and height, so on a board
that is not square they map it onto another board, never onto itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum
from functools import lru_cache

from queens.board import Board, Square
from queens.rules import Rule


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
        """The image of a square ``(row, col)`` of an n x n board.

        >>> Symmetry.ROTATE_90.square(8, (0, 0)), Symmetry.MIRROR.square(8, (0, 0))
        ((0, 7), (0, 7))
        """
        return self.square_on(n, n, square)

    def square_on(self, width: int, height: int, square: Square) -> Square:
        """The image of a square ``(row, col)`` of a width x height board.

        >>> Symmetry.ROTATE_90.square_on(3, 2, (0, 0))  # the image board is 2 wide, 3 high
        (0, 1)
        """
        r, c = square
        bottom, right = height - 1, width - 1
        match self:
            case Symmetry.IDENTITY:
                return r, c
            case Symmetry.ROTATE_90:
                return c, bottom - r
            case Symmetry.ROTATE_180:
                return bottom - r, right - c
            case Symmetry.ROTATE_270:
                return right - c, r
            case Symmetry.MIRROR:
                return r, right - c
            case Symmetry.FLIP:
                return bottom - r, c
            case Symmetry.TRANSPOSE:
                return c, r
            case Symmetry.ANTI_TRANSPOSE:
                return right - c, bottom - r
        raise AssertionError(self)  # pragma: no cover

    @property
    def swaps_sides(self) -> bool:
        """True for the symmetries that turn a width x height board into height x width.

        >>> Symmetry.TRANSPOSE.swaps_sides, Symmetry.FLIP.swaps_sides
        (True, False)
        """
        return self in _SWAPPING

    def columns(self, columns: Sequence[int], width: int | None = None) -> list[int]:
        """The image of a placement given as one column per row (-1: an empty row).

        ``width`` is the board's (default: square, the number of rows).

        >>> Symmetry.MIRROR.columns([0, -1], width=3)
        [2, -1]
        """
        height = len(columns)
        width = height if width is None else width
        image = [-1] * (width if self in _SWAPPING else height)
        for row, col in enumerate(columns):
            if col >= 0:
                r, c = self.square_on(width, height, (row, col))
                image[r] = c
        return image

    def board(self, board: Board) -> Board:
        """The image of a board: its reserved squares and fixed queens moved.

        >>> from queens.board import Board
        >>> Symmetry.MIRROR.board(Board(4, reserved=[(0, 0)])).reserved
        frozenset({(0, 3)})
        """
        width, height = board.width, board.height
        return Board.build(
            height if self in _SWAPPING else width,
            (self.square_on(width, height, s) for s in board.reserved),
            (self.square_on(width, height, s) for s in board.queens),
            height=width if self in _SWAPPING else height,
            k=board.k,
            rule=board.rule,
        )


_SWAPPING = frozenset(
    {Symmetry.ROTATE_90, Symmetry.ROTATE_270, Symmetry.TRANSPOSE, Symmetry.ANTI_TRANSPOSE}
)

ALL: tuple[Symmetry, ...] = tuple(Symmetry)

RECTANGLE: tuple[Symmetry, ...] = tuple(s for s in ALL if s not in _SWAPPING)
"""The symmetries of a board that is not square: identity, half turn, mirror, flip."""


def shape_symmetries(width: int, height: int) -> tuple[Symmetry, ...]:
    """The symmetries of an empty width x height board: 8 when square, else 4.

    >>> len(shape_symmetries(8, 8)), [s.value for s in shape_symmetries(10, 8)]
    (8, ['identity', 'rotate 180', 'mirror', 'flip'])
    """
    return ALL if width == height else RECTANGLE


@lru_cache(maxsize=64)
def board_symmetries(board: Board) -> tuple[Symmetry, ...]:
    """The symmetries that map the board onto itself (always at least the identity).

    Worked out once per board (boards are immutable and hashable): the API,
    the split and the kernel ask for the same board's group on one path.

    >>> len(board_symmetries(Board.empty(8)))
    8
    >>> [s.value for s in board_symmetries(Board.build(4, reserved=[(0, 0), (3, 3)]))]
    ['identity', 'rotate 180', 'transpose', 'anti-transpose']
    >>> len(board_symmetries(Board(5, height=3)))
    4
    """
    if board.is_plain:
        return ALL
    return tuple(s for s in shape_symmetries(board.width, board.height) if s.board(board) == board)


def canonical_columns(
    columns: Sequence[int], group: Sequence[Symmetry] = ALL, width: int | None = None
) -> list[int]:
    """The lexicographically smallest image of a placement under ``group``.

    ``width``: the board's, when it is not square (then ``group`` must keep
    the shape).  Empty rows (-1) come before every column.

    >>> canonical_columns([2, 0, 3, 1])
    [1, 3, 0, 2]
    >>> canonical_columns([2, 0, 3, 1], [Symmetry.IDENTITY])
    [2, 0, 3, 1]
    """
    return min(s.columns(columns, width) for s in group)


def is_canonical(
    columns: Sequence[int], group: Sequence[Symmetry] = ALL, width: int | None = None
) -> bool:
    """True when no image under ``group`` is lexicographically smaller.

    >>> is_canonical([1, 3, 0, 2]), is_canonical([2, 0, 3, 1])
    (True, False)
    """
    own = list(columns)
    return all(s.columns(columns, width) >= own for s in group)


def keeps_translations(board: Board) -> bool:
    """True for the whole torus: n toroidal queens on an empty n x n board.

    Its solutions also map onto each other by the n x n translations (shift
    every queen by the same rows and columns, wrapping around), so its
    fundamental solutions are classes under those and the 8 symmetries
    together (8 n^2 maps; OEIS A053994 counts them).  With fewer queens than
    rows the translations map the board onto itself too, but are not used:
    fundamental solutions with empty rows are classes under the 8 symmetries
    alone, as on every board (a definition, documented in the README's rules).

    >>> keeps_translations(Board(7, rule="toroidal")), keeps_translations(Board(7))
    (True, False)
    """
    return (
        board.rule is Rule.TOROIDAL
        and board.is_square
        and board.is_full
        and not board.reserved
        and not board.queens
    )


def is_torus_canonical(columns: Sequence[int]) -> bool:
    """True when no image of a full toroidal placement under the 8 symmetries
    and the translations of the torus is lexicographically smaller.

    The smallest image starts with column 0 (a column shift puts any queen of
    the first row there), so only images shifted that way are compared.

    >>> is_torus_canonical([0, 2, 4, 1, 3]), is_torus_canonical([0, 3, 1, 4, 2])
    (True, False)
    """
    own = tuple(columns)
    n = len(own)
    if not own or own[0] != 0:
        return not own
    for s in ALL:
        image = s.columns(own)
        for row in range(n):
            shift = image[row]
            # The image moved up by `row` rows and left by `shift` columns.
            for offset in range(1, n):
                moved = (image[(row + offset) % n] - shift) % n
                if moved != own[offset]:
                    if moved < own[offset]:
                        return False
                    break
    return True
