"""Output formats for solutions: board, list, letters, json.

Every format writes one solution at a time, so any number of solutions can
be streamed through it.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import TextIO

from queens.board import Board
from queens.notation import LETTERS
from queens.solution import Solution

FORMATS = ("board", "list", "letters", "json")

BOARD_FORMAT_MAX_N = 1000
"""Above this, a board is millions of characters nobody can read: use ``list``."""


def format_problem(fmt: str, width: int, height: int | None = None) -> str | None:
    """Why ``fmt`` cannot show a solution of a ``width`` x ``height`` board (default:
    square) as a usage error, or None.

    >>> format_problem("letters", 8) is None
    True
    >>> format_problem("letters", 30, 8)
    'the letters format takes at most 26 columns, got 30; use --format list'
    """
    height = width if height is None else height
    if fmt not in FORMATS:
        return f"unknown format {fmt!r} (choose from {', '.join(FORMATS)})"
    if fmt == "letters" and width > len(LETTERS):
        return (
            f"the letters format takes at most {len(LETTERS)} columns, got {width:,}; "
            "use --format list"
        )
    if fmt == "board" and max(width, height) > BOARD_FORMAT_MAX_N:
        shown = f"N = {width:,}" if width == height else f"{width:,} x {height:,}"
        return (
            f"the board format is limited to {BOARD_FORMAT_MAX_N} rows and columns "
            f"({shown} would print {width * height * 2:,} characters); use --format list"
        )
    return None


def render(
    solution: Solution, fmt: str, *, style: str = "plain", board: Board | None = None
) -> str:
    """One solution as text in ``fmt``, without a trailing newline.

    ``style`` (plain, unicode, color) applies to the ``board`` format; the
    other styles show ``board``'s reserved squares and fixed queens too.

    >>> solution = Solution([1, 3, 0, 2])
    >>> render(solution, "list"), render(solution, "letters")
    ('[2, 4, 1, 3]', 'bdac')
    >>> print(render(solution, "json"))
    {"n": 4, "columns": [1, 3, 0, 2]}
    """
    if fmt == "board":
        if style != "plain":
            from queens.show.text import styled_board  # display: rich, when styled

            shown = board or Board.empty(solution.width, solution.height, solution.queen_count)
            return styled_board(shown, solution, style)
        return solution.board()
    if fmt == "list":
        return solution.list_text()
    if fmt == "letters":
        return solution.letters()
    if fmt == "json":
        return json.dumps(solution.to_json())
    raise ValueError(f"unknown format {fmt!r}")


STREAM_CHUNK = 1 << 16
"""Queens written per piece by ``write_solution`` in the list and json formats."""


def write_solution(
    out: TextIO, solution: Solution, fmt: str, *, style: str = "plain", board: Board | None = None
) -> None:
    """One solution in ``fmt`` and a newline, streamed in pieces for list and json.

    Ten million queens never become one 80 MB string, and the digits are made
    by CPython's list ``repr`` (C speed) a chunk at a time.

    A row without a queen is ``0`` in a list, ``null`` in JSON; a board that
    is not square is ``{"width": w, "height": h, "columns": [...]}`` in JSON.

    >>> import sys
    >>> write_solution(sys.stdout, Solution([1, 3, 0, 2]), "json")
    {"n": 4, "columns": [1, 3, 0, 2]}
    >>> write_solution(sys.stdout, Solution([4, -1, 0], width=5), "json")
    {"width": 5, "height": 3, "columns": [4, null, 0]}
    >>> write_solution(sys.stdout, Solution([4, -1, 0], width=5), "list")
    [5, 0, 1]
    """
    if fmt == "list":  # an empty row's -1 becomes 0 with the others' + 1
        out.write("[")
        _write_numbers(out, solution, 1)
        out.write("]\n")
    elif fmt == "json" and (
        solution.width != solution.height or solution.queen_count < len(solution)
    ):
        out.write(json.dumps(solution.to_json()))  # short: no engine makes millions of these
        out.write("\n")
    elif fmt == "json":
        out.write(f'{{"n": {solution.n}, "columns": [')
        _write_numbers(out, solution, 0)
        out.write("]}\n")
    else:
        out.write(render(solution, fmt, style=style, board=board))
        out.write("\n")


def _write_numbers(out: TextIO, solution: Solution, offset: int) -> None:
    """The columns (plus ``offset``) separated by ", ", as ``json.dumps`` would write them."""
    shift = offset.__add__
    for start in range(0, len(solution), STREAM_CHUNK):
        chunk = solution[start : start + STREAM_CHUNK]
        numbers = list(map(shift, chunk)) if offset else list(chunk)
        if start:
            out.write(", ")
        out.write(repr(numbers)[1:-1])


def write_solutions(
    out: TextIO,
    solutions: Iterable[Solution],
    fmt: str,
    *,
    style: str = "plain",
    board: Board | None = None,
) -> int:
    """Write solutions as they come (boards separated by a blank line); return how many.

    >>> import sys
    >>> write_solutions(sys.stdout, [Solution([1, 3, 0, 2]), Solution([2, 0, 3, 1])], "board")
    . Q . .
    . . . Q
    Q . . .
    . . Q .
    <BLANKLINE>
    . . Q .
    Q . . .
    . . . Q
    . Q . .
    2
    """
    written = 0
    for solution in solutions:
        if written and fmt == "board":
            out.write("\n")
        write_solution(out, solution, fmt, style=style, board=board)
        written += 1
    return written


def write_chunks(out: TextIO, chunks: Iterable[tuple[int, str]]) -> int:
    """Write text already in a format, ``(count, text)`` chunks of ``count`` solutions
    each (as the compiled kernel writes them: ``queens.api.solution_text``); return
    how many solutions.

    >>> import sys
    >>> write_chunks(sys.stdout, [(2, "[1]\\n[2]\\n"), (1, "[3]\\n")])
    [1]
    [2]
    [3]
    3
    """
    written = 0
    for count, text in chunks:
        out.write(text)
        written += count
    return written
