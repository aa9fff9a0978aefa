"""Reading placements to check: every format ``queens solve`` writes.

List lines (``[1, 5, 8]``, ``1 5 8``, ``1,5,8``; 0 for an empty row), JSON
lines (``{"n": 3, "columns": [0, 4, 7]}`` or ``{"width": 5, "height": 3,
"columns": [0, null, 4]}``, 0-based, null for an empty row), letters
(``aehfcgbd``, ``-`` for an empty row) and
boards separated by blank lines, in any style: board text (``Q . .``),
unicode (``♛ · ·``) or coloured (terminal escape codes, two cells a square).
Placements are read one at a time from an iterable of lines, so a file of
any length is checked in the memory of its longest placement.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from queens import json_text
from queens.board import MAX_TEXT_N, BoardError, parse_board
from queens.engines.anyn import construct
from queens.notation import EMPTY_LETTER, LETTERS, parse_columns
from queens.rules import Rule, rule_clash
from queens.validate import EMPTY, placement_problem

_BOARD_CHARS = frozenset(".*Qq ")
_MINUS_ONE = (-1).__add__  # 1-based to 0-based; map() with it stays in C


Size = tuple[int, int]
"""A board's (width, height)."""


@dataclass(frozen=True)
class Placement:
    """A placement read from line ``line`` (1-based): columns, or why it has none.

    ``height`` is its number of rows; ``width`` the board's number of
    columns when the text says (board text, a JSON placement), None when it
    does not (a list, letters: square unless a size is required).

    >>> placement = read_placements('[2, 4, 1, 3]')[0]
    >>> placement.line, list(placement.columns), placement.height
    (1, [1, 3, 0, 2], 4)
    """

    line: int
    columns: Sequence[int]  # 0-based, -1 for an empty row; may hold out-of-range columns
    height: int  # the rows of the board the placement was written for
    missing: str | None = None  # a board row with two queens
    width: int | None = None

    @property
    def size(self) -> int:
        """The side of the board the placement was written for, when square.

        >>> read_placements('[2, 4, 1, 3]')[0].size
        4
        """
        return self.height

    def problem(
        self, size: int | Size | None = None, queens: int | None = None, rule: Rule = Rule.QUEEN
    ) -> str | None:
        """Why this is not a placement of ``queens`` queens (default: as many as
        fit) on a board of ``size`` (N or (width, height); default: its own)
        under ``rule`` (``queens.rules``), or None.

        >>> read_placements('[2, 4, 1, 3]')[0].problem() is None
        True
        >>> read_placements('[1, 2, 3, 4]')[0].problem()
        'queens at row 1, column 1 and row 2, column 2 share a diagonal'
        >>> read_placements('[2, 4, 1, 3]')[0].problem(size=5)
        'a placement for a board of size 4, expected 5'
        """
        own = (self.height if self.width is None else self.width, self.height)
        if size is None:
            wanted = own
        else:
            wanted = (size, size) if isinstance(size, int) else size
            if self.height != wanted[1] or (self.width is not None and self.width != wanted[0]):
                return _other_size(own, wanted)
        if self.missing is not None:
            return self.missing
        width, height = wanted
        if width != height and rule.needs_square:  # the shape first, as count says
            return f"the {rule.value} rule needs a square board, not {width} x {height}"
        problem = placement_problem(self.columns, height, width=width, queens=queens)
        if problem is None and rule is not Rule.QUEEN:
            problem = rule_clash(rule, list(self.columns), width)
        return problem


def _other_size(own: Size, wanted: Size) -> str:
    """What a placement for a board of another size than the one required is told."""
    if own[0] == own[1] and wanted[0] == wanted[1]:
        return f"a placement for a board of size {own[0]}, expected {wanted[0]}"
    return f"a placement for a {own[0]} x {own[1]} board, expected {wanted[0]} x {wanted[1]}"


_ESCAPE = re.compile("\x1b\\[[0-9;]*m")
_COLOR_SQUARES = {"♛ ": "Q", "♕ ": "Q", "\u2573 ": "*", "  ": "."}
_UNICODE_CELLS = str.maketrans({"♛": "Q", "♕": "Q", "\u2573": "*", "·": "."})
_LETTERS = re.compile(f"[{LETTERS}{EMPTY_LETTER}]+")

MAX_PLACEMENT_N = construct.CONSTRUCT_MAX_N
"""The largest placement ``queens solve`` writes (``--method construct``)."""

COLOR_SQUARE_CHARS = 48
"""Characters of one square of a coloured board at most (two escape codes and two cells)."""


def _digits_total(n: int) -> int:
    """The number of decimal digits in 0, 1, ..., n - 1."""
    total, low, width = 0, 0, 1
    while low < n:
        high = min(n, 10**width)
        total += (high - low) * width
        low, width = high, width + 1
    return total


def _longest_json_line(n: int) -> int:
    return len(f'{{"n": {n}, "columns": []}}') + _digits_total(n) + 2 * (n - 1)


LIST_LINE_LIMIT = _longest_json_line(MAX_PLACEMENT_N)
BOARD_LINE_LIMIT = COLOR_SQUARE_CHARS * MAX_TEXT_N


def line_limit(start: str) -> int:
    """The longest line a placement starting with ``start`` may be, in characters.

    A list or JSON line may be as long as the longest ``queens solve`` writes
    (N = ``MAX_PLACEMENT_N`` in JSON, about 25 GB: memory runs out first);
    any other line (a board row, letters) as long as a coloured row of the
    largest board text, so a line of foreign text stops within 48,000 characters.
    """
    first = start.lstrip(" ")[:1]
    if first and first in "0123456789[{":
        return LIST_LINE_LIMIT
    return BOARD_LINE_LIMIT


def _plain_line(line: str) -> str:
    """A board row of any style as board text; other lines as they are (trailing blanks cut)."""
    if "\x1b" in line:
        cells = _ESCAPE.sub("", line).rstrip("\r\n")
        if len(cells) % 2 == 0:
            squares = [_COLOR_SQUARES.get(cells[i : i + 2]) for i in range(0, len(cells), 2)]
            if all(squares):
                return " ".join(square or "" for square in squares)
        return cells.rstrip()
    return line.rstrip().translate(_UNICODE_CELLS)


def _is_board_line(line: str) -> bool:
    # The first character settles it for list lines (a digit or '['), so a
    # million-column line is not turned into a set.
    if line.lstrip(" ")[:1] not in _BOARD_CHARS:
        return False
    chars = set(line)
    return chars <= _BOARD_CHARS and bool(chars - {" "})


def read_placements(text: str, width: int | None = None) -> list[Placement]:
    """Every placement in ``text``; ValueError naming the line that cannot be read.

    >>> [p.columns for p in read_placements('[2, 4, 1, 3]\\nbdac')]
    [[1, 3, 0, 2], [1, 3, 0, 2]]
    """
    return list(placements(text.splitlines(), width))


def placements(lines: Iterable[str], width: int | None = None) -> Iterator[Placement]:
    """The placements in ``lines``, one at a time; ValueError naming a line that cannot be read.

    A board ends at a blank line (or the end) and may have at most
    ``MAX_TEXT_N`` rows. ``width``, when the caller knows
    the board's width, settles the one line two formats share: ``q`` alone
    is a 1 x 1 board's queen, or on a board of 17 columns or more, the
    letters of a queen in column 17 (see ``_block_placement``).

    >>> [p.line for p in placements(['[2, 4, 1, 3]', '', '[3, 1, 4, 2]'])]
    [1, 3]
    """
    board: list[str] = []
    first = 0
    found = False
    number = 0
    for number, raw in enumerate(lines, 1):
        if number == 1:
            raw = raw.removeprefix("\ufeff")
        line = _plain_line(raw)
        if board:
            if line.strip():
                if len(board) == MAX_TEXT_N:
                    raise ValueError(
                        f"line {number}: a board of more than {MAX_TEXT_N} rows "
                        f"(boards are limited to N <= {MAX_TEXT_N})"
                    )
                board.append(line)
                continue
            yield _block_placement(board, first, width)
            found, board = True, []
        if not line.strip():
            continue
        if _is_board_line(line):
            board, first = [line], number
            continue
        yield _line_placement(line, number)
        found = True
    if board:
        yield _block_placement(board, first, width)
    elif not found:
        raise ValueError("no placements in the input")


def _block_placement(board: list[str], first: int, width: int | None) -> Placement:
    """A board, or the letters line that looks like one.

    A line of lowercase ``q`` alone is both board text (queens) and letters
    (queens in column 17). It is read as letters only when the board is
    known to be wide enough for column 17 and not as wide as the line,
    where the board reading could not fit.
    """
    (line, *others) = board
    letters_fit = width is not None and width > LETTERS.index("q") and width != len(line)
    if not others and letters_fit and set(line) == {"q"}:
        return _line_placement(line, first)
    return _board_placement(board, first)


def _line_placement(line: str, number: int) -> Placement:
    """A list, JSON or letters line."""
    try:
        if line.lstrip().startswith("{"):
            return _json_placement(line, number)
        if _LETTERS.fullmatch(line.strip()):
            columns = [LETTERS.find(letter) for letter in line.strip()]  # '-' is -1
            return Placement(number, columns, len(columns))
        columns = list(map(_MINUS_ONE, parse_columns(line)))  # 0 (an empty row) is -1
    except ValueError as error:
        raise ValueError(f"line {number}: {error}") from None
    return Placement(number, columns, len(columns))


_JSON_SHAPES = ({"n", "columns"}, {"width", "height", "columns"})


def _json_placement(line: str, number: int) -> Placement:
    """``{"n": N, "columns": [...]}`` or ``{"width": W, "height": H, "columns": [...]}``
    as ``queens solve --format json`` writes it (0-based, null for an empty row)."""
    try:
        record = json_text.loads(line)
    except (ValueError, RecursionError):
        raise ValueError("not valid JSON") from None
    wanted = (
        'a JSON placement is {"n": N, "columns": [0-based columns]} or '
        '{"width": W, "height": H, "columns": [...]}'
    )
    if not isinstance(record, dict) or set(record) not in _JSON_SHAPES:
        raise ValueError(wanted)
    columns = record["columns"]
    sides = [record["n"]] * 2 if "n" in record else [record["width"], record["height"]]
    if not (all(type(side) is int and side >= 1 for side in sides) and isinstance(columns, list)):
        raise ValueError(wanted)
    if not all(type(column) is int or column is None for column in columns):
        raise ValueError(f"{wanted}: the columns must be whole numbers or null")
    read = [EMPTY if column is None else column for column in columns]
    return Placement(number, read, sides[1], width=sides[0])


def _board_placement(lines: list[str], first_line: int) -> Placement:
    try:
        board = parse_board("\n".join(lines), first_line)
    except BoardError as error:
        raise ValueError(str(error)) from None
    by_row: dict[int, list[int]] = {}
    for row, col in sorted(board.queens):
        by_row.setdefault(row, []).append(col)
    columns: list[int] = []
    missing = None
    for row in range(board.height):
        cols = by_row.get(row, [])
        if len(cols) > 1 and missing is None:
            missing = (
                f"queens at row {row + 1}, column {cols[0] + 1} and "
                f"row {row + 1}, column {cols[1] + 1} share a row"
            )
        columns.append(cols[0] if cols else EMPTY)
    return Placement(first_line, columns, board.height, missing, board.width)


__all__ = [
    "MAX_PLACEMENT_N",
    "Placement",
    "placements",
    "read_placements",
]
"""Reading placements back (the API page shows these); the rest serves them."""
