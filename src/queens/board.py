"""The board model: a width x height board with reserved squares, fixed queens
and a number of queens to place.

Squares are ``(row, column)`` pairs, 0-based, row 0 at the top.  Engines do not
see ``Board`` itself; they get plain integers from ``Board.allowed_masks``
(bit ``c`` of row ``r`` set when a queen may stand on ``(r, c)``),
``Board.required_rows`` and the queen count ``k``.
"""

from __future__ import annotations

import operator
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

from queens import located
from queens.located import LocatedError, bounded_lines, check_line_length, split_cells
from queens.rules import Rule, parse_rule, shape_problem
from queens.rules import attack_kind as rule_attack_kind

if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions, RenderResult

Square = tuple[int, int]
"""A square as ``(row, column)``, both 0-based."""

Mask = int
"""A set of columns as a bitmask: bit ``c`` stands for column ``c``."""

Size = tuple[int, int]
"""A board's shape as ``(width, height)``: columns, then rows."""

FREE = "."
RESERVED = "*"
QUEEN = "Q"

TEXT_MAX_SIDE = 1000
"""The largest side ``str()`` of a board or a solution draws: the largest board text
describes (``MAX_TEXT_N``), so what ``str()`` gives reads back in; above, one
line sums it up (``print(solve(100_000))``: not 20 GB of dots)."""

PICTURE_MAX_SIDE = 32
"""The largest side a notebook picture (``_repr_svg_``, under 100 KB) or a rich
console draws; above, a summary says how to get the picture
(``queens.show.svg.board_svg``, or ``queens render``)."""

SUMMARY_SQUARES = 8
"""How many squares (or columns) a summary of a big board or solution lists."""


class BoardError(LocatedError):
    """Board text that cannot be read, with the 1-based line and column at fault.

    ``str(error)`` is the whole one-line message, e.g.
    ``board line 3, column 5: unexpected 'x' (expected '.', '*' or 'Q')``.

    >>> error = BoardError("unexpected 'x' (expected '.', '*' or 'Q')", line=3, column=5)
    >>> str(error)
    "board line 3, column 5: unexpected 'x' (expected '.', '*' or 'Q')"
    >>> error.line, error.column
    (3, 5)
    """

    subject = "board"


def describe_square(square: Square) -> str:
    """A square as a person reads it: ``row 4, column 4`` (1-based).

    >>> describe_square((3, 3))
    'row 4, column 4'
    """
    return f"row {square[0] + 1}, column {square[1] + 1}"


def attack_kind(a: Square, b: Square) -> str | None:
    """What two distinct squares share (``row``, ``column``, ``diagonal``), or None.

    >>> attack_kind((0, 0), (2, 2)), attack_kind((0, 0), (0, 5))
    ('diagonal', 'row')
    >>> attack_kind((0, 0), (1, 2)) is None
    True
    """
    return rule_attack_kind(Rule.QUEEN, a, b, 0)  # the queen's: no torus to wrap around


def _check_side(side: object, what: str) -> None:
    if isinstance(side, bool) or not isinstance(side, int):
        raise TypeError(f"{what} must be a whole number, got {side!r}")
    if side < 1:
        raise ValueError(f"{what} must be at least 1, got {side}")


@dataclass(frozen=True, init=False, repr=False)
class Board:
    """A width x height board; ``reserved`` squares take no queen, ``queens`` are fixed.

    ``Board(n)`` is the classic n x n board with n queens to place;
    ``Board(10, height=8)`` has 10 columns and 8 rows, and ``k`` (default
    ``min(width, height)``) is how many queens a solution places, at most one
    per row and per column, so with ``k < height`` some rows stay empty.
    Reserved squares do not block attacks: a queen attacks along its row,
    column and diagonals right across them.  Immutable and hashable: the
    squares may be given as any iterables of ``(row, column)`` pairs and are
    kept as frozensets of tuples.  A square cannot be both reserved and a
    queen (ValueError): no board text could say so, and no solution could
    use it.

    >>> board = Board.build(4, reserved=[(0, 1)], queens=[(3, 1)])
    >>> print(board)
    . * . .
    . . . .
    . . . .
    . Q . .
    >>> board.is_plain
    False
    >>> from queens import solutions
    >>> [s.to_list() for s in solutions(board)]
    [[2, 0, 3, 1]]
    >>> wide = Board(5, height=3)
    >>> wide.size_text, wide.k, wide.is_square
    ('5 x 3', 3, False)
    """

    width: int
    reserved: frozenset[Square]
    queens: frozenset[Square]
    height: int
    k: int
    rule: Rule

    def __init__(
        self,
        width: int,
        reserved: Iterable[Square] = frozenset(),
        queens: Iterable[Square] = frozenset(),
        *,
        height: int | None = None,
        k: int | None = None,
        rule: Rule | str = Rule.QUEEN,
    ) -> None:
        _check_side(width, "board size" if height is None else "board width")
        if height is None:
            height = width
        else:
            _check_side(height, "board height")
        most = min(width, height)
        if k is None:
            k = most
        elif isinstance(k, bool) or not isinstance(k, int):
            raise TypeError(f"the number of queens must be a whole number, got {k!r}")
        elif not 0 <= k <= most:
            raise ValueError(
                f"{k} queens do not fit on a {width} x {height} board "
                f"(at most {most}, one per row and column)"
            )
        set_field = object.__setattr__  # frozen: fields are set once, here
        set_field(self, "width", width)
        set_field(self, "height", height)
        set_field(self, "k", k)
        set_field(self, "rule", parse_rule(rule))
        problem = shape_problem(self.rule, width, height)
        if problem is not None:
            raise ValueError(problem)
        # Frozen copies: a caller's set changed later changes no board (nor its hash).
        set_field(self, "reserved", self._squares(reserved, "reserved"))
        set_field(self, "queens", self._squares(queens, "queens"))
        for square in sorted(self.reserved & self.queens):
            raise ValueError(f"square {square} cannot be both reserved and a fixed queen")

    def __repr__(self) -> str:
        """Only what differs from the defaults: ``Board(8)``, ``Board(10, height=8, k=6)``;
        over ``SUMMARY_SQUARES`` reserved squares or queens, the first ones and how many."""
        parts = [str(self.width)]
        if self.reserved:
            parts.append(f"reserved={_squares_text(self.reserved)}")
        if self.queens:
            parts.append(f"queens={_squares_text(self.queens)}")
        if not self.is_square:
            parts.append(f"height={self.height}")
        if self.k != min(self.width, self.height):
            parts.append(f"k={self.k}")
        if self.rule is not Rule.QUEEN:
            parts.append(f"rule={self.rule.value!r}")
        return f"Board({', '.join(parts)})"

    def _squares(self, squares: Iterable[Square], what: str) -> frozenset[Square]:
        """``squares`` as a frozenset of ``(row, column)`` tuples on this board."""
        found = []
        for square in squares:
            try:
                row, col = square
                row, col = operator.index(row), operator.index(col)
            except (TypeError, ValueError):
                raise TypeError(
                    f"{what}: a square is a (row, column) pair of whole numbers, got {square!r}"
                ) from None
            if not (0 <= row < self.height and 0 <= col < self.width):
                raise ValueError(f"square {(row, col)} is off a {self.size_text} board")
            found.append((row, col))
        return frozenset(found)

    @classmethod
    def empty(
        cls, n: int, height: int | None = None, k: int | None = None, rule: Rule | str = Rule.QUEEN
    ) -> Board:
        """The board without reserved squares or fixed queens: n x n, or n x ``height``.

        >>> print(Board.empty(3))
        . . .
        . . .
        . . .
        >>> Board.empty(8).is_plain, Board.empty(8, k=5).is_plain
        (True, False)
        """
        return cls(n, height=height, k=k, rule=rule)

    @classmethod
    def build(
        cls,
        n: int,
        reserved: Iterable[Square] = (),
        queens: Iterable[Square] = (),
        *,
        height: int | None = None,
        k: int | None = None,
        rule: Rule | str = Rule.QUEEN,
    ) -> Board:
        """A board from any iterables of ``(row, column)`` squares, 0-based.

        ``n`` is the width (and the height unless ``height`` is given).
        ``reserved`` squares take no queen; ``queens`` are fixed: every
        solution contains them.  ValueError for a square off the board.

        >>> board = Board.build(5, reserved=[(0, 0), (4, 4)], queens=[(2, 2)])
        >>> sorted(board.reserved), sorted(board.queens)
        ([(0, 0), (4, 4)], [(2, 2)])
        >>> Board.build(4, reserved=[(4, 0)])
        Traceback (most recent call last):
        ...
        ValueError: square (4, 0) is off a 4 x 4 board
        """
        return cls(n, frozenset(reserved), frozenset(queens), height=height, k=k, rule=rule)

    @classmethod
    def of(cls, board_or_n: Board | int) -> Board:
        """``board_or_n`` itself when it is a Board, else the empty board of that size.

        >>> Board.of(4) == Board.empty(4)
        True
        >>> board = Board.build(4, reserved=[(0, 0)])
        >>> Board.of(board) is board
        True
        """
        if isinstance(board_or_n, Board):
            return board_or_n
        if isinstance(board_or_n, bool) or not isinstance(board_or_n, int):
            raise TypeError(f"expected a Board or a board size, got {board_or_n!r}")
        return cls.empty(board_or_n)

    @classmethod
    def parse(cls, text: str) -> Board:
        """Read board text; raise ``BoardError`` naming line and column.

        >>> board = Board.parse('''. * . .
        ... . . . Q
        ... . . . .
        ... . . . .''')
        >>> board == Board.build(4, reserved=[(0, 1)], queens=[(1, 3)])
        True
        """
        return parse_board(text)

    # -- shape -------------------------------------------------------------

    @property
    def n(self) -> int:
        """The side of a square board (ValueError for a rectangle: use width and height).

        >>> Board(8).n
        8
        >>> Board(8, height=6).n
        Traceback (most recent call last):
        ...
        ValueError: the 8 x 6 board has no single size n (it is not square)
        """
        if self.width != self.height:
            raise ValueError(f"the {self.size_text} board has no single size n (it is not square)")
        return self.width

    @property
    def size(self) -> Size:
        """``(width, height)``.

        >>> Board(10, height=8).size
        (10, 8)
        """
        return self.width, self.height

    @property
    def size_text(self) -> str:
        """The shape as people write it: ``8 x 8``, ``10 x 8`` (width x height).

        >>> Board(10, height=8).size_text, Board(8).size_text
        ('10 x 8', '8 x 8')
        """
        return f"{self.width} x {self.height}"

    @property
    def is_square(self) -> bool:
        """True when the board is as wide as it is high.

        >>> Board(8).is_square, Board(10, height=8).is_square
        (True, False)
        """
        return self.width == self.height

    @property
    def is_full(self) -> bool:
        """True when every row holds a queen (``k`` equals the height).

        >>> Board(8).is_full, Board(8, k=5).is_full
        (True, False)
        """
        return self.k == self.height

    def with_queens(self, k: int | None) -> Board:
        """The same board with ``k`` queens to place (None: as many as fit).

        >>> Board(8).with_queens(5).k
        5
        """
        return Board(
            self.width, self.reserved, self.queens, height=self.height, k=k, rule=self.rule
        )

    def with_rule(self, rule: Rule) -> Board:
        """The same board under another attack rule (see ``queens.rules``).

        >>> Board(5).with_rule(Rule.TOROIDAL).rule
        <Rule.TOROIDAL: 'toroidal'>
        """
        return Board(
            self.width, self.reserved, self.queens, height=self.height, k=self.k, rule=rule
        )

    def transposed(self) -> Board:
        """The board mirrored in its main diagonal: rows become columns.

        >>> print(Board.build(3, reserved=[(0, 2)], height=2).transposed())
        . .
        . .
        * .
        """
        return Board(
            self.height,
            frozenset((c, r) for r, c in self.reserved),
            frozenset((c, r) for r, c in self.queens),
            height=self.width,
            k=self.k,
            rule=self.rule,
        )

    # -- what engines use -------------------------------------------------

    @property
    def is_plain(self) -> bool:
        """True for the classic board: n x n, n queens, no reserved squares or fixed queens.

        The fast paths (the symmetric counter, construction) take only these.

        >>> Board(8).is_plain, Board(8, reserved=[(0, 0)]).is_plain
        (True, False)
        """
        return (
            not self.reserved
            and not self.queens
            and self.is_square
            and self.is_full
            and self.rule is Rule.QUEEN
        )

    def allowed_masks(self) -> tuple[Mask, ...]:
        """Per row, the columns where a queen may stand.

        A row holding a fixed queen allows only that column (none if the row
        holds two); attacks between
        fixed queens are left for the search to find, so every engine sees
        the same simple constraint: one queen per row, inside its mask.
        Worked out once per board (the board is immutable), however many
        engines and checks ask.

        >>> [bin(mask) for mask in Board(3, reserved=[(0, 0)], queens=[(2, 1)]).allowed_masks()]
        ['0b110', '0b111', '0b10']
        """
        return self._allowed_masks

    @cached_property
    def _allowed_masks(self) -> tuple[Mask, ...]:
        full = (1 << self.width) - 1
        masks = [full] * self.height
        for row, col in self.reserved:
            masks[row] &= ~(1 << col)
        fixed: dict[int, Mask] = {}
        for row, col in self.queens:
            fixed[row] = fixed.get(row, 0) | (1 << col)
        for row, bits in fixed.items():
            single = bits & (bits - 1) == 0
            masks[row] &= bits if single else 0
        return tuple(masks)

    def required_rows(self) -> Mask:
        """The rows that must hold a queen, as a bitmask over rows: those of fixed
        queens (every row when ``k`` equals the height).

        >>> bin(Board.build(4, queens=[(2, 1)], k=2).required_rows())
        '0b100'
        """
        if self.is_full:
            return (1 << self.height) - 1
        return sum(1 << row for row in {row for row, _ in self.queens})

    def conflict(self) -> str | None:
        """Why the fixed queens alone rule out every solution, or None.

        Names the first offending pair, 1-based, for the "no solution" message.

        >>> Board(8).conflict() is None
        True
        >>> Board(8, queens=[(0, 0), (1, 1)]).conflict()
        'the queens at row 1, column 1 and row 2, column 2 share a diagonal'
        """
        if len(self.queens) > self.k:
            return f"{len(self.queens)} fixed queens, but only {self.k} are to be placed"
        queens = sorted(self.queens)
        for i, a in enumerate(queens):
            for b in queens[i + 1 :]:
                kind = rule_attack_kind(self.rule, a, b, self.width)
                if kind is not None:
                    verb = "attack by" if kind == "knight move" else "share"
                    return (
                        f"the queens at {describe_square(a)} and {describe_square(b)} "
                        f"{verb} a {kind}"
                    )
        return None

    # -- text --------------------------------------------------------------

    def cell(self, square: Square) -> str:
        """The board text's character for a ``(row, column)`` square: ``Q``, ``*`` or ``.``.

        >>> board = Board(3, reserved=[(0, 0)], queens=[(2, 1)])
        >>> board.cell((0, 0)), board.cell((2, 1)), board.cell((1, 1))
        ('*', 'Q', '.')
        """
        if square in self.queens:
            return QUEEN
        if square in self.reserved:
            return RESERVED
        return FREE

    def rows(self) -> list[str]:
        """Each row as cells separated by spaces, as the ``board`` format prints.

        >>> Board(3, reserved=[(0, 0)], queens=[(2, 1)]).rows()
        ['* . .', '. . .', '. Q .']
        """
        return [" ".join(self.cell((r, c)) for c in range(self.width)) for r in range(self.height)]

    def text(self) -> str:
        """Board text: a row a line, cells separated by spaces (what ``parse_board`` reads).

        >>> print(Board(3, reserved=[(0, 0)], queens=[(2, 1)]).text())
        * . .
        . . .
        . Q .
        """
        return "\n".join(self.rows())

    def __str__(self) -> str:
        """The board text, up to ``TEXT_MAX_SIDE`` a side; a summary above."""
        if max(self.width, self.height) > TEXT_MAX_SIDE:
            return self.summary(TEXT_MAX_SIDE, ".reserved and .queens for its squares")
        return self.text()

    def summary(self, limit: int, instead: str) -> str:
        """One line for a board too big to show whole: its shape and contents.

        >>> for part in Board(40, reserved=[(0, 0)]).summary(32, "queens render").split(": "):
        ...     print(part)
        a 40 x 40 board, 1 reserved square
        over 32 a side, too big to show here; use queens render
        """
        parts = [f"a {self.size_text} board"]
        if self.reserved:
            parts.append(_how_many(len(self.reserved), "reserved square"))
        if self.queens:
            parts.append(_how_many(len(self.queens), "queen") + " given")
        return f"{', '.join(parts)}: over {limit} a side, too big to show here; use {instead}"

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        """A checkered board in a rich console: reserved squares and fixed queens marked
        (a summary over ``PICTURE_MAX_SIDE`` a side)."""
        from queens.show.text import rich_board  # lazy: display (rich)

        if max(self.width, self.height) > PICTURE_MAX_SIDE:
            yield self.summary(PICTURE_MAX_SIDE, PICTURE_HINT)
            return
        yield rich_board(self)

    def _repr_svg_(self) -> str:
        """The board as SVG, for notebooks: reserved squares hatched, fixed queens in red
        (a summary over ``PICTURE_MAX_SIDE`` a side)."""
        from queens.show.svg import board_svg, summary_svg  # lazy: display (notebooks)

        if max(self.width, self.height) > PICTURE_MAX_SIDE:
            return summary_svg(self.summary(PICTURE_MAX_SIDE, PICTURE_HINT))
        return board_svg(self)


PICTURE_HINT = "queens.show.svg.board_svg() for a picture"
"""What a summary in place of a picture suggests."""


def _how_many(count: int, thing: str) -> str:
    return f"{count:,} {thing}{'' if count == 1 else 's'}"


def _squares_text(squares: frozenset[Square]) -> str:
    """``[(0, 1), (2, 3)]``, or the first ``SUMMARY_SQUARES`` and how many."""
    if len(squares) <= SUMMARY_SQUARES:
        return str(sorted(squares))
    first = ", ".join(map(str, sorted(squares)[:SUMMARY_SQUARES]))
    return f"[{first}, ...] ({len(squares):,} squares)"


def no_solution_message(board: Board) -> str:
    """What the command line and the web page say for a board without solutions,
    naming the clashing fixed queens when they are the reason.

    >>> no_solution_message(Board.empty(3))
    'no solution exists for this 3 x 3 board'
    >>> no_solution_message(Board.build(4, queens=[(0, 0), (1, 1)]))
    'no solution: the queens at row 1, column 1 and row 2, column 2 share a diagonal'
    >>> no_solution_message(Board(3, height=2, k=2))
    'no solution exists for 2 queens on this 3 x 2 board'
    >>> no_solution_message(Board(6, rule="toroidal"))
    'no solution exists for this 6 x 6 board under the toroidal rule'
    """
    reason = board.conflict()
    if reason is not None:
        return f"no solution: {reason}"
    rule = "" if board.rule is Rule.QUEEN else f" under the {board.rule.value} rule"
    if board.is_full and board.is_square:
        return f"no solution exists for this {board.size_text} board{rule}"
    return f"no solution exists for {board.k} queens on this {board.size_text} board{rule}"


# -- sizes as text: ASCII digits only -------------------------------------------

_DIGITS = re.compile(r"[0-9]+")  # not str.isdigit, which takes '²' and int() then fails
_MAX_DIGITS = 18  # far past any board that fits in memory; int() of huge text is slow


def shown_text(text: str) -> str:
    """``text`` quoted for a one-line message, cut to 40 characters.

    >>> shown_text("8x"), shown_text("9" * 50)
    ("'8x'", "'9999999999999999999999999999999999999...'")
    """
    return repr(text if len(text) <= 40 else text[:37] + "...")


def parse_whole(text: str, low: int = 0, high: int | None = None, wanted: str = "") -> int:
    """A whole number from ``low`` to ``high`` (no upper bound if None) written in ASCII
    digits; ValueError saying it ``must be`` ``wanted`` (default: the range in words).

    >>> parse_whole("007", 1)
    7
    >>> parse_whole("12", 1, 10)
    Traceback (most recent call last):
    ...
    ValueError: must be a whole number from 1 to 10, got '12'
    """
    if not wanted:
        wanted = whole_range(low, high)
    digits = text.lstrip("0") or "0"
    if not _DIGITS.fullmatch(text):
        raise ValueError(f"must be {wanted}, got {shown_text(text)}")
    if len(digits) > (_MAX_DIGITS if high is None else len(str(high))):
        if high is not None:
            raise ValueError(f"must be {wanted}, got {shown_text(text)}")
        raise ValueError(f"is far too big ({len(digits)} digits)")
    value = int(digits)
    if value < low or (high is not None and value > high):
        raise ValueError(f"must be {wanted}, got {shown_text(text)}")
    return value


def whole_range(low: int = 0, high: int | None = None) -> str:
    """The whole numbers from ``low`` to ``high`` in words, for messages.

    >>> whole_range(), whole_range(1), whole_range(0, 65535)
    ('a whole number', 'a whole number of at least 1', 'a whole number from 0 to 65,535')
    """
    if high is None:
        return "a whole number" if low == 0 else f"a whole number of at least {low:,}"
    return f"a whole number from {low:,} to {high:,}"


def parse_size(text: str) -> Size:
    """``N`` (N x N) or ``WxH`` (W columns, H rows) as ``(width, height)``; ValueError
    saying what is wrong (``must be ...``, ``is far too big ...``), as the command line
    and the web page show it after the field's name.

    >>> parse_size("8"), parse_size("10x8"), parse_size("3X2")
    ((8, 8), (10, 8), (3, 2))
    >>> parse_size("8x")
    Traceback (most recent call last):
    ...
    ValueError: must be N or WxH (width x height, e.g. 10x8), got '8x'
    """
    if "x" not in text.lower():
        side = parse_whole(text, 1)
        return side, side
    parts = text.lower().split("x")
    wanted = "N or WxH (width x height, e.g. 10x8)"
    if len(parts) != 2 or not all(_DIGITS.fullmatch(part) for part in parts):
        raise ValueError(f"must be {wanted}, got {shown_text(text)}")
    if max(len(part.lstrip("0")) for part in parts) > _MAX_DIGITS:  # before int(): no huge ints
        raise ValueError(f"is far too big ({shown_text(text)})")
    width, height = (int(part.lstrip("0") or "0") for part in parts)
    if width < 1 or height < 1:
        raise ValueError(f"must be at least 1 on each side, got {shown_text(text)}")
    return width, height


_CELLS = {FREE: FREE, RESERVED: RESERVED, "Q": QUEEN, "q": QUEEN}

MAX_TEXT_N = TEXT_MAX_SIDE
"""The largest board board text describes: the board format's limit too
(``queens.formats.BOARD_FORMAT_MAX_N``), so whatever queens prints reads back in."""


def text_limit(max_n: int = MAX_TEXT_N) -> int:
    """The most bytes a reader takes as board text of a board up to ``max_n`` rows
    (``queens.located.text_limit``).

    >>> text_limit(8)
    275
    """
    return located.text_limit(max_n)


def _split_cells(line: str, line_number: int) -> list[tuple[int, str]]:
    """The cells of one line with their 1-based columns (see ``split_cells``)."""
    cells = split_cells(line, line_number, BoardError, _CELLS, "'.', '*' or 'Q'")
    return [(column, _CELLS[char]) for column, char in cells]


def parse_board(text: str, first_line: int = 1, max_n: int = MAX_TEXT_N) -> Board:
    """Parse board text; line numbers in errors count from ``first_line``.

    One line a row: ``.`` free, ``*`` reserved, ``Q`` or ``q`` a fixed queen,
    cells packed or separated by single spaces; every line as long as the
    first (any rectangle: the width is the line's length, the height the
    number of lines).  Tolerated: a byte-order mark, CRLF line ends, trailing
    whitespace and trailing blank lines.  Boards wider than ``max_n`` are
    refused after reading their first line, taller ones at line ``max_n + 1``.

    >>> parse_board("Qx", first_line=5)
    Traceback (most recent call last):
    ...
    queens.board.BoardError: board line 5, column 2: unexpected 'x' (expected '.', '*' or 'Q')

    Text longer than ``text_limit`` allows for ``max_n`` is refused before it
    is split, and a line longer than a row of ``max_n`` cells before its cells are
    read, so no input costs more memory than a board of ``max_n`` rows.
    """
    lines = bounded_lines(text, BoardError, max_n, f"board of N = {max_n}")
    n = 0
    reserved: list[Square] = []
    queens: list[Square] = []
    for row, line in enumerate(lines):
        line_number = row + first_line
        if row == max_n:
            raise BoardError(
                f"more than {max_n} lines, but {BoardError.limited(max_n)}",
                line_number,
            )
        if not line:
            raise BoardError("empty line inside the board", line_number)
        check_line_length(line, line_number, BoardError, max_n)
        cells = _split_cells(line, line_number)
        if row == 0:
            n = len(cells)
            if n > max_n:
                raise BoardError(f"{n} cells, but {BoardError.limited(max_n)}", line_number)
        elif len(cells) != n:
            raise BoardError(f"{len(cells)} cells, but line {first_line} has {n}", line_number)
        for col, (_, cell) in enumerate(cells):
            if cell == RESERVED:
                reserved.append((row, col))
            elif cell == QUEEN:
                queens.append((row, col))
    return Board.build(n, reserved, queens, height=len(lines))
