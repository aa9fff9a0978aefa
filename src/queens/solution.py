"""Solution: at most one queen per row, given as the 0-based column of each row
(-1 for a row left empty, when fewer queens than rows are placed)."""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, overload

from queens import symmetry
from queens.board import PICTURE_HINT, PICTURE_MAX_SIDE, SUMMARY_SQUARES, TEXT_MAX_SIDE, Board
from queens.notation import EMPTY_LETTER, LETTERS, parse_columns
from queens.symmetry import Symmetry
from queens.validate import EMPTY, placement_problem

if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions, RenderResult


class Solution(Sequence[int]):
    """An immutable placement: ``solution[row]`` is the queen's column (0-based).

    Backed by a compact ``array('i')`` so that ten million queens fit in
    40 MB.  The columns are copied (changing the caller's list or array later
    changes no solution, nor its hash) and must be whole numbers (TypeError
    otherwise; ``True`` and ``False`` are not columns).  Ordering is
    lexicographic on the columns, as the solvers enumerate, and only between
    solutions: a solution is no list (``solution == [0]`` is False, so
    ``solution < [0]`` is a TypeError, as between a tuple and a list).  A
    ``Solution`` is not checked for attacks on creation (engines produce
    millions of them); call ``problem`` or ``is_valid``.

    On a board of another shape or with fewer queens than rows, ``width`` is
    the board's number of columns (default: square) and an empty row has
    the column -1; the formats write it as ``0`` (list), ``null`` (JSON) and
    ``-`` (letters).  A column off the board (below -1, or ``width`` and more)
    is a ValueError, as is a width below 1.

    >>> solution = Solution([1, 3, 0, 2])
    >>> print(solution)
    . Q . .
    . . . Q
    Q . . .
    . . Q .
    >>> solution.list_text(), solution.letters(), solution.to_json()
    ('[2, 4, 1, 3]', 'bdac', {'n': 4, 'columns': [1, 3, 0, 2]})
    >>> solution.is_valid(), solution.is_fundamental
    (True, True)
    >>> solution.transform(Symmetry.MIRROR)
    Solution([2, 0, 3, 1])
    >>> Solution.from_text("[2, 4, 1, 3]") == solution
    True
    >>> wide = Solution([0, -1, 2], width=4)
    >>> print(wide)
    Q . . .
    . . . .
    . . Q .
    >>> wide.list_text(), wide.letters(), wide.to_json()
    ('[1, 0, 3]', 'a-c', {'width': 4, 'height': 3, 'columns': [0, None, 2]})
    """

    __slots__ = ("_columns", "_width")

    def __init__(self, columns: Iterable[int], width: int | None = None) -> None:
        self._columns = _int_array(columns)
        self._width = len(self._columns) if width is None else _checked_width(width)
        if self._columns and not (
            min(self._columns) >= EMPTY and max(self._columns) < self._width
        ):  # off the board: no picture nor format could show it
            off = next(c for c in self._columns if not EMPTY <= c < self._width)
            raise ValueError(
                f"column {off} is off a board of {self._width} columns "
                f"(columns are 0 to {self._width - 1}, or -1 for an empty row)"
            )

    @classmethod
    def _owning(cls, columns: array[int], width: int | None = None) -> Solution:
        """A solution of ``columns`` as they are, not copied: for engines, whose
        fresh ``array('i')`` nobody else holds (millions of solutions a second)."""
        solution = cls.__new__(cls)
        solution._columns = columns
        solution._width = len(columns) if width is None else width
        return solution

    # -- sequence protocol -------------------------------------------------

    @property
    def n(self) -> int:
        """The side of a square board (ValueError when the board is not square).

        >>> eight = Solution([0, 4, 7, 5, 2, 6, 1, 3])
        >>> eight.n
        8
        """
        if self._width != len(self._columns):
            raise ValueError(f"the {self.size_text} board has no single size n (it is not square)")
        return len(self._columns)

    @property
    def width(self) -> int:
        """The board's number of columns.

        >>> Solution([1, 3], width=5).width
        5
        """
        return self._width

    @property
    def height(self) -> int:
        """The board's number of rows (one entry each).

        >>> Solution([1, 3], width=5).height
        2
        """
        return len(self._columns)

    @property
    def size_text(self) -> str:
        """The board's shape, ``10 x 8`` (width x height).

        >>> Solution([1, 3], width=5).size_text
        '5 x 2'
        """
        return f"{self._width} x {len(self._columns)}"

    @property
    def queen_count(self) -> int:
        """How many queens stand on the board (rows minus empty rows).

        >>> Solution([1, EMPTY, 3], width=5).queen_count
        2
        """
        return len(self._columns) - self._columns.count(EMPTY)

    def squares(self) -> list[tuple[int, int]]:
        """The queens as ``(row, column)`` squares, top row first.

        >>> Solution([1, 3, 0, 2]).squares()
        [(0, 1), (1, 3), (2, 0), (3, 2)]
        """
        return [(row, col) for row, col in enumerate(self._columns) if col != EMPTY]

    def __len__(self) -> int:
        return len(self._columns)

    @overload
    def __getitem__(self, index: int) -> int: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[int]: ...
    def __getitem__(self, index: int | slice) -> int | Sequence[int]:
        return self._columns[index]

    def __iter__(self) -> Iterator[int]:
        return iter(self._columns)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Solution):
            return self._columns == other._columns and self._width == other._width
        return NotImplemented

    def __lt__(self, other: object) -> bool:
        if isinstance(other, Solution):
            return self._columns < other._columns
        return NotImplemented

    def __le__(self, other: object) -> bool:
        if isinstance(other, Solution):
            return self._columns <= other._columns
        return NotImplemented

    def __gt__(self, other: object) -> bool:
        if isinstance(other, Solution):
            return self._columns > other._columns
        return NotImplemented

    def __ge__(self, other: object) -> bool:
        if isinstance(other, Solution):
            return self._columns >= other._columns
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._columns.tobytes())

    def __repr__(self) -> str:
        width = "" if self._width == len(self._columns) else f", width={self._width}"
        if len(self._columns) > 32:
            shown = ", ".join(map(str, self._columns[:8]))
            return f"Solution(n={len(self._columns)}{width}, [{shown}, ...])"
        return f"Solution({self._columns.tolist()}{width})"

    def __str__(self) -> str:
        """The board text, up to ``TEXT_MAX_SIDE`` a side; a summary
        above (``print(solve(100_000))`` prints one line)."""
        if max(self._width, len(self._columns)) > TEXT_MAX_SIDE:
            return self.summary(TEXT_MAX_SIDE, ".list_text() for its columns")
        return self.board()

    def summary(self, limit: int, instead: str) -> str:
        """One line for a solution too big to show whole: its size and first columns
        (1-based, as the ``list`` format writes them).

        >>> for part in Solution([1, 3, 0, 2]).summary(2, "queens render").split(": "):
        ...     print(part)
        a solution for N = 4, columns [2, 4, 1, 3]
        over 2 a side, too big to show here; use queens render
        """
        first = ", ".join(str(c + 1) for c in self._columns[:SUMMARY_SQUARES])
        more = ", ..." if len(self._columns) > SUMMARY_SQUARES else ""
        square = self._width == len(self._columns)
        size = f"N = {self._width:,}" if square else f"{self._width:,} x {self.height:,}"
        return (
            f"a solution for {size}, columns [{first}{more}]: over {limit} a side, too big "
            f"to show here; use {instead}"
        )

    # -- representations ----------------------------------------------------

    def to_list(self) -> list[int]:
        """The columns as a plain list, 0-based (the library's numbering).

        >>> eight = Solution([0, 4, 7, 5, 2, 6, 1, 3])
        >>> eight.to_list()
        [0, 4, 7, 5, 2, 6, 1, 3]
        """
        return self._columns.tolist()

    def list_text(self) -> str:
        """The ``list`` format: 1-based columns, ``[1, 5, 8, 6, 3, 7, 2, 4]`` (0: an empty row).

        >>> eight = Solution([0, 4, 7, 5, 2, 6, 1, 3])
        >>> eight.list_text()
        '[1, 5, 8, 6, 3, 7, 2, 4]'
        """
        # A list's repr is exactly this format, and CPython writes it at C speed.
        return repr(list(map((1).__add__, self._columns)))

    def letters(self) -> str:
        """The ``letters`` format, ``aehfcgbd``: a column letter per row, ``-`` for an
        empty row (boards up to 26 columns).

        >>> eight = Solution([0, 4, 7, 5, 2, 6, 1, 3])
        >>> eight.letters()
        'aehfcgbd'
        """
        if self._width > len(LETTERS):
            raise ValueError(
                f"the letters format needs at most {len(LETTERS)} columns, got {self._width}"
            )
        return "".join(EMPTY_LETTER if c == EMPTY else LETTERS[c] for c in self._columns)

    def board(self) -> str:
        """Board text: a row a line, ``Q`` and ``.`` separated by spaces, up to
        ``TEXT_MAX_SIDE`` a side (about 2 MB); above, a ``ValueError`` names what works at
        any size (``.list_text()``, ``.to_list()``): the text grows as the square of n
        (20 GB at n = 100,000).

        >>> print(Solution([1, 3, 0, 2]).board())
        . Q . .
        . . . Q
        Q . . .
        . . Q .
        >>> big = Solution(list(range(0, 2001, 2)) + list(range(1, 2001, 2)))
        >>> big.board()  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        ValueError: board text is limited to 1000 a side, this one is 2001; use .list_text() ...
        >>> big.list_text()[:16]
        '[1, 3, 5, 7, 9, '
        """
        width = self._width
        side = max(width, len(self._columns))
        if side > TEXT_MAX_SIDE:
            raise ValueError(
                f"board text is limited to {TEXT_MAX_SIDE} a side, this one is {side}; "
                "use .list_text() or .to_list() for its columns"
            )
        return "\n".join(" ".join("Q" if c == col else "." for c in range(width)) for col in self)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        """A checkered board in a rich console (rich is imported only here); a summary
        over ``PICTURE_MAX_SIDE`` a side."""
        from queens.show.text import rich_board  # lazy: display (rich)

        if max(self._width, len(self._columns)) > PICTURE_MAX_SIDE:
            yield self.summary(PICTURE_MAX_SIDE, PICTURE_HINT)
            return
        yield rich_board(Board.empty(self._width, self.height, self.queen_count), self)

    def _repr_svg_(self) -> str:
        """The board as SVG, for notebooks; a summary over
        ``PICTURE_MAX_SIDE`` a side (never megabytes of SVG)."""
        from queens.show.svg import board_svg, summary_svg  # lazy: display (notebooks)

        if max(self._width, len(self._columns)) > PICTURE_MAX_SIDE:
            return summary_svg(self.summary(PICTURE_MAX_SIDE, PICTURE_HINT))
        return board_svg(Board.empty(self._width, self.height, self.queen_count), self)

    def to_json(self) -> dict[str, Any]:
        """The JSON object of the ``json`` format: ``{"n": 8, "columns": [0, 4, ...]}``;
        ``{"width": 10, "height": 8, "columns": [...]}`` on a board that is not
        square; ``null`` for an empty row.

        >>> Solution([1, 3, 0, 2]).to_json()
        {'n': 4, 'columns': [1, 3, 0, 2]}
        >>> Solution([1, EMPTY], width=3).to_json()
        {'width': 3, 'height': 2, 'columns': [1, None]}
        """
        columns: list[int] | list[int | None] = self.to_list()
        if EMPTY in self._columns:
            columns = [None if c == EMPTY else c for c in self._columns]
        if self._width == len(self._columns):
            return {"n": self._width, "columns": columns}
        return {"width": self._width, "height": len(self._columns), "columns": columns}

    # -- validation and symmetry --------------------------------------------

    def problem(self) -> str | None:
        """Why this is not a valid placement (1-based message), or None.

        >>> Solution([1, 3, 0, 2]).problem() is None
        True
        >>> Solution([0, 1, 3, 2]).problem()
        'queens at row 1, column 1 and row 2, column 2 share a diagonal'
        """
        return placement_problem(self._columns, width=self._width, queens=self.queen_count)

    def is_valid(self) -> bool:
        """Whether no two queens attack each other (``problem()`` finds nothing).

        >>> Solution([1, 3, 0, 2]).is_valid(), Solution([0, 1, 3, 2]).is_valid()
        (True, False)
        """
        return self.problem() is None

    def transform(self, sym: Symmetry) -> Solution:
        """The image under ``sym`` (a quarter turn of a rectangle swaps its sides).

        >>> from queens.symmetry import Symmetry
        >>> Solution([1, 3, 0, 2]).transform(Symmetry.MIRROR)
        Solution([2, 0, 3, 1])
        """
        image = array("i", sym.columns(self._columns, self._width))
        return Solution._owning(image, self.height if sym.swaps_sides else self._width)

    def symmetries(self) -> tuple[Symmetry, ...]:
        """The symmetries of the board's shape: 8 when square, 4 otherwise.

        >>> len(Solution([1, 3, 0, 2]).symmetries()), len(Solution([1, 3], width=4).symmetries())
        (8, 4)
        """
        return symmetry.shape_symmetries(self._width, self.height)

    def images(self) -> list[Solution]:
        """The images under the board's symmetries (with repeats for symmetric ones).

        >>> eight = Solution([0, 4, 7, 5, 2, 6, 1, 3])
        >>> len(set(eight.images()))
        8
        >>> Solution([1, 3, 0, 2]).images()[:2]
        [Solution([1, 3, 0, 2]), Solution([1, 3, 0, 2])]
        """
        return [self.transform(s) for s in self.symmetries()]

    def canonical(self, group: Sequence[Symmetry] | None = None) -> Solution:
        """The lexicographically smallest image: the representative of its class
        (``group``: default, every symmetry of the board's shape).

        >>> Solution([7, 3, 0, 2, 5, 1, 6, 4]).canonical()
        Solution([0, 4, 7, 5, 2, 6, 1, 3])
        """
        group = self.symmetries() if group is None else group
        return Solution(symmetry.canonical_columns(self._columns, group, self._width), self._width)

    @property
    def is_fundamental(self) -> bool:
        """True when this is its own canonical representative.

        >>> Solution([0, 4, 7, 5, 2, 6, 1, 3]).is_fundamental
        True
        >>> Solution([7, 3, 0, 2, 5, 1, 6, 4]).is_fundamental
        False
        """
        return symmetry.is_canonical(self._columns, self.symmetries(), self._width)

    # -- reading -------------------------------------------------------------

    @classmethod
    def from_text(cls, text: str, width: int | None = None) -> Solution:
        """Read 1-based columns: ``[1, 5, 8]``, ``1 5 8`` or ``1,5,8`` (0: an empty row).

        Raises ValueError naming the first item that is not a column number.

        >>> Solution.from_text('[2, 4, 1, 3]'), Solution.from_text('2 0 1', width=3)
        (Solution([1, 3, 0, 2]), Solution([1, -1, 0]))
        """
        return cls((c - 1 for c in parse_columns(text)), width)


def _checked_width(width: int) -> int:
    """``width`` when it is a whole number of at least 1."""
    if isinstance(width, bool) or not isinstance(width, int):
        raise TypeError(f"a width is a whole number, got {width!r}")
    if width < 1:
        raise ValueError(f"a board is at least 1 column wide, got width={width}")
    return width


def _int_array(columns: Iterable[int]) -> array[int]:
    """A fresh ``array('i')`` of ``columns``; TypeError unless they are whole numbers."""
    if isinstance(columns, (str, bytes, bytearray, memoryview)):
        # array() would read a bytes object as raw machine integers.
        raise TypeError(f"columns must be whole numbers, got {type(columns).__name__}")
    items = columns if isinstance(columns, (array, list, tuple)) else list(columns)
    try:
        copy = array("i", items)  # refuses floats, strings and None
    except TypeError:
        bad = next((c for c in items if not hasattr(c, "__index__")), None)
        raise TypeError(f"columns must be whole numbers, got {bad!r}") from None
    except OverflowError:
        raise ValueError("a column is beyond the 32-bit range of columns") from None
    if not isinstance(items, array) and any(c is True or c is False for c in items):
        raise TypeError("columns must be whole numbers, got a bool")
    return copy
