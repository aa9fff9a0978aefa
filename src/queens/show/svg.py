"""Board pictures as SVG, written with the standard library alone.

Modelled on python-chess's ``chess.svg``: the queen and the reserved-square
pattern are defined once in ``<defs>`` and placed with ``<use>``; every
option is a keyword; ``size`` sets the pixel width of one board.  Row and
column labels (``coordinates=True``) are numbered as the CLI numbers them:
1-based, row 1 at the top.  Reserved squares are hatched and fixed queens
drawn in their own colour, so a puzzle's givens stand out from the answer.
"""

from __future__ import annotations

import math
import textwrap
import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from queens.board import Board, Size

SQUARE = 45
"""The side of one square in SVG user units (the viewBox scales it to ``size``)."""

MARGIN = 20
"""Room for the row and column labels, in user units, when ``coordinates`` is on."""

GAP = 15
"""Space between boards of a grid, in user units."""

COLORS: dict[str, str] = {
    "light": "#f0d9b5",
    "dark": "#b58863",
    "reserved": "#8c8c8c",
    "queen": "#1e1e1e",
    "queen outline": "#ffffff",
    "fixed queen": "#b3261e",
    "coordinates": "#333333",
    "background": "#ffffff",
}
"""Default colours; pass ``colors={"dark": "#769656"}`` to change some of them."""

# The queen in a 100 x 100 box: a crown (polygon), five balls on its points, a base.
# Shared with the PNG renderer so both pictures show the same piece.
QUEEN_CROWN: tuple[tuple[int, int], ...] = (
    (22, 76), (12, 34), (31, 52), (32, 26), (44, 50), (50, 20),
    (56, 50), (68, 26), (69, 52), (88, 34), (78, 76),
)  # fmt: skip
QUEEN_BALLS: tuple[tuple[int, int], ...] = ((12, 31), (32, 23), (50, 16), (68, 23), (88, 31))
QUEEN_BALL_RADIUS = 6
QUEEN_BASE: tuple[int, int, int, int] = (20, 80, 80, 90)  # left, top, right, bottom

Columns = Sequence[int]


def _queen_symbol(ident: str, fill: str, outline: str) -> ET.Element:
    group = ET.Element("g", {"id": ident, "fill": fill, "stroke": outline, "stroke-width": "3"})
    points = " ".join(f"{x},{y}" for x, y in QUEEN_CROWN)
    ET.SubElement(group, "polygon", {"points": points, "stroke-linejoin": "round"})
    for x, y in QUEEN_BALLS:
        ET.SubElement(group, "circle", {"cx": str(x), "cy": str(y), "r": str(QUEEN_BALL_RADIUS)})
    left, top, right, bottom = QUEEN_BASE
    ET.SubElement(
        group,
        "rect",
        {"x": str(left), "y": str(top), "width": str(right - left), "height": str(bottom - top)},
    )
    return group


def _defs(colors: Mapping[str, str]) -> ET.Element:
    defs = ET.Element("defs")
    defs.append(_queen_symbol("queen", colors["queen"], colors["queen outline"]))
    defs.append(_queen_symbol("fixed-queen", colors["fixed queen"], colors["queen outline"]))
    pattern = ET.SubElement(
        defs,
        "pattern",
        {"id": "reserved", "width": "9", "height": "9", "patternUnits": "userSpaceOnUse",
         "patternTransform": "rotate(45)"},
    )  # fmt: skip
    ET.SubElement(pattern, "rect", {"width": "9", "height": "9", "fill": colors["reserved"]})
    ET.SubElement(
        pattern, "line", {"x1": "0", "y1": "0", "x2": "0", "y2": "9",
                          "stroke": colors["light"], "stroke-width": "3"},
    )  # fmt: skip
    return defs


def _label(parent: ET.Element, x: float, y: float, text: str, colors: Mapping[str, str]) -> None:
    element = ET.SubElement(
        parent,
        "text",
        {"x": f"{x:g}", "y": f"{y:g}", "text-anchor": "middle", "dominant-baseline": "central",
         "font-family": "sans-serif", "font-size": "13", "fill": colors["coordinates"]},
    )  # fmt: skip
    element.text = text


def _draw_board(
    parent: ET.Element,
    board: Board,
    columns: Columns | None,
    origin: tuple[float, float],
    coordinates: bool,
    colors: Mapping[str, str],
) -> None:
    """One board with its top-left corner (labels included) at ``origin``.

    ``columns`` holds a queen's column per row, -1 for a row left empty.
    """
    ox, oy = origin
    if coordinates:
        for i in range(max(board.size)):
            middle = MARGIN + i * SQUARE + SQUARE / 2
            if i < board.height:
                _label(parent, ox + MARGIN / 2, oy + middle, str(i + 1), colors)  # row i + 1
            if i < board.width:
                _label(parent, ox + middle, oy + MARGIN / 2, str(i + 1), colors)  # column i + 1
        ox += MARGIN
        oy += MARGIN
    group = ET.SubElement(parent, "g", {"class": "board"})
    queens = set(board.queens) | placed_squares(columns)
    for row in range(board.height):
        for col in range(board.width):
            x, y = ox + col * SQUARE, oy + row * SQUARE
            shade = "light" if (row + col) % 2 == 0 else "dark"
            fill = "url(#reserved)" if (row, col) in board.reserved else colors[shade]
            ET.SubElement(
                group,
                "rect",
                {"x": f"{x:g}", "y": f"{y:g}", "width": str(SQUARE), "height": str(SQUARE),
                 "class": f"square {shade}" + (" reserved" if (row, col) in board.reserved else ""),
                 "fill": fill},
            )  # fmt: skip
    scale = SQUARE / 100
    for row, col in sorted(queens):
        symbol = "#fixed-queen" if (row, col) in board.queens else "#queen"
        x, y = ox + col * SQUARE, oy + row * SQUARE
        ET.SubElement(
            group,
            "use",
            {"xlink:href": symbol, "transform": f"translate({x:g},{y:g}) scale({scale:g})"},
        )


def placed_squares(columns: Columns | None) -> set[tuple[int, int]]:
    """The ``(row, column)`` squares of a placement (-1: an empty row, no square).

    >>> sorted(placed_squares([1, -1, 0]))
    [(0, 1), (2, 0)]
    """
    if columns is None:
        return set()
    return {(row, col) for row, col in enumerate(columns) if col >= 0}


def board_extent(size: Size, coordinates: bool = False) -> tuple[int, int]:
    """The width and height of one board of ``size`` (columns, rows) in user units.

    >>> board_extent((10, 8)), board_extent((4, 4), coordinates=True)
    ((450, 360), (200, 200))
    """
    margin = MARGIN if coordinates else 0
    return size[0] * SQUARE + margin, size[1] * SQUARE + margin


def grid_shape(count: int, per_row: int | None = None) -> tuple[int, int]:
    """(columns, rows) of a grid of ``count`` boards: nearly square unless ``per_row`` is given."""
    across = per_row or max(1, math.ceil(math.sqrt(count)))
    across = min(across, max(count, 1))
    return across, max(1, math.ceil(count / across))


def picture_size(
    board_size: Size,
    count: int,
    size: int | None = None,
    coordinates: bool = False,
    per_row: int | None = None,
) -> tuple[int, int]:
    """Width and height in pixels of a grid of ``count`` boards of ``board_size``
    (columns, rows), each ``size`` pixels wide.

    The size ``solutions_svg`` declares and ``solutions_png``
    draws, known before anything is drawn.

    >>> picture_size((10, 8), 1, size=100)
    (100, 80)
    """
    across, down = grid_shape(max(count, 1), per_row)
    wide, high = board_extent(board_size, coordinates)
    scale = 1.0 if size is None else size / wide
    width = round((across * wide + (across - 1) * GAP) * scale)
    height = round((down * high + (down - 1) * GAP) * scale)
    return width, height


@dataclass(frozen=True)
class Layout:
    """Where the boards of a picture go, in user units: what the SVG writes and the PNG
    draws (``queens.show.png``), worked out once from the pictures' shared arguments.

    >>> layout = Layout.of(8, [[0] * 8] * 3, size=None, coordinates=False, per_row=None)
    >>> layout.across, layout.down, layout.extent, layout.origin(2)
    (2, 2, (735, 735), (0, 375))
    """

    board: Board
    placements: Sequence[Columns | None]
    """The solutions drawn, one a board; ``[None]`` (the bare board) when there are none."""
    palette: Mapping[str, str]
    across: int
    down: int
    wide: int
    """One board's width in user units (``board_extent``)."""
    high: int
    scale: float
    """Pixels a user unit."""

    @classmethod
    def of(
        cls,
        board: Board | int,
        solutions: Sequence[Columns],
        size: int | None,
        coordinates: bool,
        per_row: int | None,
        colors: Mapping[str, str] | None = None,
    ) -> Layout:
        """The layout of ``solutions_svg``'s picture (its arguments, as it takes them)."""
        if isinstance(board, int):
            board = Board.empty(board)
        placements: Sequence[Columns | None] = solutions or [None]
        across, down = grid_shape(len(placements), per_row)
        wide, high = board_extent(board.size, coordinates)
        scale = 1.0 if size is None else size / wide
        palette = {**COLORS, **(colors or {})}
        return cls(board, placements, palette, across, down, wide, high, scale)

    @property
    def extent(self) -> tuple[int, int]:
        """The width and height of the whole picture in user units."""
        return (
            self.across * self.wide + (self.across - 1) * GAP,
            self.down * self.high + (self.down - 1) * GAP,
        )

    def origin(self, index: int) -> tuple[int, int]:
        """The top left corner of board ``index`` (0-based, row by row) in user units."""
        down, across = divmod(index, self.across)
        return across * (self.wide + GAP), down * (self.high + GAP)


# solutions_png takes the arguments of solutions_svg, name for name, on purpose: one
# picture in two encodings, so a caller changes the format by changing the function.
def solutions_svg(
    board: Board | int,
    solutions: Sequence[Columns],
    *,
    size: int | None = None,
    coordinates: bool = False,
    per_row: int | None = None,
    colors: Mapping[str, str] | None = None,
) -> str:
    """Several solutions of one board as a grid of boards, in one SVG document.

    ``size`` is the pixel width of one board (default: its natural size of
    45 units a square; a board's height follows its shape); ``per_row`` boards
    go across (default: a near square).
    With no solutions, the bare board is drawn.
    """
    layout = Layout.of(board, solutions, size, coordinates, per_row, colors)
    board, palette, scale = layout.board, layout.palette, layout.scale
    width, height = layout.extent
    root = ET.Element(
        "svg",
        {"xmlns": "http://www.w3.org/2000/svg", "xmlns:xlink": "http://www.w3.org/1999/xlink",
         "version": "1.2", "baseProfile": "tiny", "viewBox": f"0 0 {width} {height}",
         "width": f"{width * scale:g}", "height": f"{height * scale:g}"},
    )  # fmt: skip
    root.append(_defs(palette))
    ET.SubElement(root, "rect", {"width": str(width), "height": str(height),
                                 "fill": palette["background"]})  # fmt: skip
    for index, columns in enumerate(layout.placements):
        _draw_board(root, board, columns, layout.origin(index), coordinates, palette)
    return ET.tostring(root, encoding="unicode")


def board_svg(
    board: Board | int,
    columns: Columns | None = None,
    *,
    size: int | None = None,
    coordinates: bool = False,
    colors: Mapping[str, str] | None = None,
) -> str:
    """One board as SVG, with the queens of ``columns`` (a solution) if given."""
    placements = [] if columns is None else [columns]
    return solutions_svg(board, placements, size=size, coordinates=coordinates, colors=colors)


def summary_svg(text: str, width: int = 640) -> str:
    """A small picture of ``text``, wrapped: what a notebook shows for a board too big
    to draw (``queens.board.PICTURE_MAX_SIDE``)."""
    lines = textwrap.wrap(text, 80)
    height = 20 * len(lines) + 16
    root = ET.Element(
        "svg",
        {
            "xmlns": "http://www.w3.org/2000/svg",
            "viewBox": f"0 0 {width} {height}",
            "width": str(width),
            "height": str(height),
        },
    )
    for number, line in enumerate(lines):
        ET.SubElement(
            root,
            "text",
            {"x": "8", "y": str(22 + 20 * number), "font-family": "sans-serif", "font-size": "13"},
        ).text = line
    return ET.tostring(root, encoding="unicode")
