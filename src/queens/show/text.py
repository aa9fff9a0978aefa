"""Boards as text: plain, unicode, and coloured (rich) boards.

``plain`` is the ``board`` format of CONVENTIONS (``Q`` and ``.``, reads back
in as board text); ``unicode`` draws queens as ♛; ``color`` is a checkered
board in terminal colours, built as a rich ``Text`` (rich is
imported inside the functions that need it, so ``import queens`` stays fast).
The same rich board is what ``Solution`` and ``Board`` show in a rich console
and what the animation redraws.
"""

from __future__ import annotations

import io
import os
from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING, TextIO

from queens.board import Board, Square
from queens.rules import Rule, attack_kind

if TYPE_CHECKING:
    from rich.text import Text  # lazy: display (rich)

STYLES = ("auto", "plain", "unicode", "color")
"""Board styles; ``auto`` is ``color`` on a terminal that takes colour, else ``plain``."""

QUEEN_GLYPH = "♛"
FIXED_QUEEN_GLYPH = "♕"
RESERVED_GLYPH = "\u2573"  # a diagonal cross

PALETTE: dict[str, str] = {
    "light": "#f0d9b5",
    "dark": "#b58863",
    "light attacked": "#e9a89b",
    "dark attacked": "#c07a62",
    "reserved": "#8c8c8c",
    "queen": "#000000",
    "fixed queen": "#b3261e",
}
"""Terminal colours of the ``color`` style (rich colour names or ``#rrggbb``)."""

Columns = Sequence[int]


def wants_color(out: TextIO) -> bool:
    """Whether ``out`` takes colour: a terminal, not ``TERM=dumb``, and ``NO_COLOR``
    unset or empty (per no-color.org only a non-empty value turns colour off)."""
    isatty = getattr(out, "isatty", None)
    on_terminal = bool(isatty and isatty())
    dumb = os.environ.get("TERM", "").strip().lower() == "dumb"
    return on_terminal and not dumb and not os.environ.get("NO_COLOR")


def resolve_style(style: str, out: TextIO) -> str:
    """The style to use for ``out``: ``auto`` is ``color`` where ``wants_color``."""
    if style != "auto":
        return style
    return "color" if wants_color(out) else "plain"


def _queens(board: Board, columns: Columns | None) -> set[Square]:
    placed = set(board.queens)
    if columns is not None:
        placed |= {(row, col) for row, col in enumerate(columns) if col >= 0}
    return placed


def attacked_squares(
    queens: Collection[Square], width: int, height: int | None = None, rule: Rule = Rule.QUEEN
) -> set[Square]:
    """The squares some queen attacks under ``rule`` (its own square excluded), on a
    width x height board (``height`` defaults to ``width``).

    >>> sorted(attacked_squares([(0, 0)], 3, 2))
    [(0, 1), (0, 2), (1, 0), (1, 1)]
    >>> (1, 2) in attacked_squares([(0, 0)], 3, rule=Rule.SUPERQUEEN)
    True
    """
    rows = range(width if height is None else height)
    return {
        (row, col)
        for queen in queens
        for row in rows
        for col in range(width)
        if attack_kind(rule, queen, (row, col), width)
    }


def plain_board(board: Board, columns: Columns | None = None) -> str:
    """``Q`` queens, ``*`` reserved squares, ``.`` free ones, separated by spaces.

    ``columns`` may leave rows empty (-1):

    >>> print(plain_board(Board(3, height=2, k=1), [-1, 2]))
    . . .
    . . Q
    """
    queens = _queens(board, columns)
    return "\n".join(
        " ".join(
            "Q" if (r, c) in queens else "*" if (r, c) in board.reserved else "."
            for c in range(board.width)
        )
        for r in range(board.height)
    )


def unicode_board(board: Board, columns: Columns | None = None) -> str:
    """♛ queens, ♕ fixed queens, a cross on reserved squares, · free ones, separated by spaces."""
    queens = _queens(board, columns)

    def glyph(square: Square) -> str:
        if square in board.queens:
            return FIXED_QUEEN_GLYPH
        if square in queens:
            return QUEEN_GLYPH
        return RESERVED_GLYPH if square in board.reserved else "·"

    return "\n".join(
        " ".join(glyph((r, c)) for c in range(board.width)) for r in range(board.height)
    )


def rich_board(
    board: Board,
    columns: Columns | None = None,
    *,
    attacked: bool = False,
    palette: dict[str, str] | None = None,
) -> Text:
    """A checkered board as rich Text: two cells a square, queens ♛, fixed queens in red.

    ``columns`` may be a partial placement (the first rows only, or -1 for an
    empty row).  With ``attacked``, squares under attack (under the board's rule) are tinted.
    """
    from rich.text import Text  # lazy: display (rich)

    colors = {**PALETTE, **(palette or {})}
    queens = _queens(board, columns)
    under_attack = (
        attacked_squares(queens, board.width, board.height, board.rule) if attacked else set()
    )
    text = Text(no_wrap=True, overflow="crop")
    for row in range(board.height):
        if row:
            text.append("\n")
        for col in range(board.width):
            square = (row, col)
            shade = "light" if (row + col) % 2 == 0 else "dark"
            if square in under_attack and square not in queens:
                shade += " attacked"
            background = colors["reserved"] if square in board.reserved else colors[shade]
            if square in queens:
                ink = colors["fixed queen"] if square in board.queens else colors["queen"]
                text.append(QUEEN_GLYPH + " ", style=f"bold {ink} on {background}")
            elif square in board.reserved:
                text.append(RESERVED_GLYPH + " ", style=f"#dddddd on {background}")
            else:
                text.append("  ", style=f"on {background}")
    return text


def ansi_board(board: Board, columns: Columns | None = None) -> str:
    """The ``color`` style as a string with terminal escape codes (truecolor)."""
    from rich.console import Console  # lazy: display (rich)

    console = Console(
        file=io.StringIO(),
        force_terminal=True,
        color_system="truecolor",
        no_color=False,  # asked for explicitly: NO_COLOR only governs the default style
        width=4 * board.width + 2,
    )
    with console.capture() as capture:
        console.print(rich_board(board, columns), end="")
    return capture.get()


def styled_board(board: Board, columns: Columns | None, style: str) -> str:
    """A board in one of the concrete ``STYLES`` (not ``auto``)."""
    if style == "plain":
        return plain_board(board, columns)
    if style == "unicode":
        return unicode_board(board, columns)
    if style == "color":
        return ansi_board(board, columns)
    raise ValueError(f"unknown style {style!r} (choose from {', '.join(STYLES)})")
