"""Pictures of a region puzzle: coloured SVG (standard library), PNG (Pillow) and a
coloured terminal board (rich).

Each region has a colour of a fixed pastel palette, and its letter is written in every
cell, so the regions read without telling colours apart (colour-blind readers, print).
The queen is the one of ``queens.show.svg``.
"""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
from collections.abc import Sequence

from queens.puzzle.grid import Grid
from queens.show.png import MissingPillow, _queen
from queens.show.svg import QUEEN_BALL_RADIUS, QUEEN_BALLS, QUEEN_BASE, QUEEN_CROWN, SQUARE
from queens.show.text import QUEEN_GLYPH

PALETTE = (
    "#f9c97c",  # apricot
    "#a3c8f0",  # sky
    "#b8e0a8",  # sage
    "#f4a6a6",  # salmon
    "#d3b8e8",  # lavender
    "#f7e58d",  # butter
    "#9fdcd6",  # aqua
    "#e8b796",  # sand
    "#c9cfd6",  # grey
    "#f5b8d9",  # pink
    "#c2d88a",  # lime
    "#b3b7ee",  # periwinkle
    "#d879d8",  # orchid
    "#7979d8",  # iris
    "#79d879",  # fern
    "#d879a8",  # rose
    "#af86cb",  # heather
    "#79d8b2",  # mint
    "#e6d9a8",  # wheat
    "#d87979",  # coral
)
"""Region colours, in region order: one for each region of the largest grid (20), each
at least 11 CIELAB units from every other, so that a picture's regions read by colour
alone (``queens puzzle read``), even a region in two pieces; the letters tell them apart
for a reader who does not see the colours."""

QUEEN_BOX = (0.22, 0.24, 0.7)
"""Where a queen stands in its cell, in cell sides: left, top and size (clear of the
region letter in the top left corner)."""

INK = {"letter": "#4a4a4a", "border": "#2b2b2b", "line": "#ffffff80", "queen": "#1e1e1e"}

Columns = Sequence[int]


def region_color(region: int) -> str:
    return PALETTE[region % len(PALETTE)]


def _borders(grid: Grid) -> list[tuple[int, int, int, int]]:
    """The segments (x1, y1, x2, y2, in cells) between cells of different regions."""
    n = grid.n
    segments = []
    for row in range(n):
        for col in range(n):
            here = grid.region(row, col)
            if col + 1 < n and grid.region(row, col + 1) != here:
                segments.append((col + 1, row, col + 1, row + 1))
            if row + 1 < n and grid.region(row + 1, col) != here:
                segments.append((col, row + 1, col + 1, row + 1))
    return segments


def _marks(columns: Columns | None, stars: Sequence[Sequence[int]] | None) -> list[tuple[int, int]]:
    """The (row, column) cells to mark: a queen a row, or each row's stars (Star Battle)."""
    if stars is not None:
        return [(row, col) for row, cols in enumerate(stars) for col in cols]
    return list(enumerate(columns or ()))


def puzzle_svg(
    grid: Grid,
    columns: Columns | None = None,
    *,
    size: int | None = None,
    stars: Sequence[Sequence[int]] | None = None,
) -> str:
    """The grid in its region colours with region letters, and the queens of ``columns``.

    >>> from queens.puzzle.grid import parse_grid
    >>> svg = puzzle_svg(parse_grid("AAB\\nCAB\\nCCB"), [0, 2, 1])
    >>> svg.count('class="cell"'), svg.count("<use ")
    (9, 3)
    """
    n = grid.n
    side = n * SQUARE
    width = side if size is None else size
    root = ET.Element(
        "svg",
        {"xmlns": "http://www.w3.org/2000/svg", "xmlns:xlink": "http://www.w3.org/1999/xlink",
         "viewBox": f"-2 -2 {side + 4} {side + 4}", "width": str(width), "height": str(width)},
    )  # fmt: skip
    defs = ET.SubElement(root, "defs")
    queen = ET.SubElement(defs, "g", {"id": "queen", "fill": INK["queen"], "stroke": "#ffffff",
                                      "stroke-width": "3"})  # fmt: skip
    ET.SubElement(queen, "polygon", {"points": " ".join(f"{x},{y}" for x, y in QUEEN_CROWN)})
    for x, y in QUEEN_BALLS:
        ET.SubElement(queen, "circle", {"cx": str(x), "cy": str(y), "r": str(QUEEN_BALL_RADIUS)})
    left, top, right, bottom = QUEEN_BASE
    ET.SubElement(queen, "rect", {"x": str(left), "y": str(top), "width": str(right - left),
                                  "height": str(bottom - top)})  # fmt: skip
    for row in range(n):
        for col in range(n):
            x, y = col * SQUARE, row * SQUARE
            region = grid.region(row, col)
            ET.SubElement(root, "rect", {"class": "cell", "x": str(x), "y": str(y),
                                         "width": str(SQUARE), "height": str(SQUARE),
                                         "fill": region_color(region), "stroke": "#ffffff",
                                         "stroke-width": "0.5"})  # fmt: skip
            label = ET.SubElement(root, "text", {"x": str(x + 6), "y": str(y + 14),
                                                 "font-family": "sans-serif", "font-size": "11",
                                                 "fill": INK["letter"]})  # fmt: skip
            label.text = grid.names[region]
    path = " ".join(
        f"M{a * SQUARE},{b * SQUARE}L{c * SQUARE},{d * SQUARE}" for a, b, c, d in _borders(grid)
    )
    if path:
        ET.SubElement(root, "path", {"d": path, "stroke": INK["border"], "stroke-width": "3",
                                     "stroke-linecap": "round", "fill": "none"})  # fmt: skip
    ET.SubElement(root, "rect", {"width": str(side), "height": str(side), "fill": "none",
                                 "stroke": INK["border"], "stroke-width": "4"})  # fmt: skip
    box_left, box_top, box_size = QUEEN_BOX
    scale = SQUARE / 100 * box_size
    for row, col in _marks(columns, stars):
        qx, qy = (col + box_left) * SQUARE, (row + box_top) * SQUARE
        place = f"translate({qx:g},{qy:g}) scale({scale:g})"
        ET.SubElement(root, "use", {"xlink:href": "#queen", "transform": place})
    return ET.tostring(root, encoding="unicode")


def puzzle_png(
    grid: Grid,
    columns: Columns | None = None,
    *,
    size: int | None = None,
    stars: Sequence[Sequence[int]] | None = None,
) -> bytes:
    """PNG bytes of the picture ``puzzle_svg`` draws (needs the png extra: Pillow)."""
    try:
        from PIL import Image, ImageDraw, ImageFont  # lazy: optional extra (png)
    except ImportError:
        raise MissingPillow() from None
    n = grid.n
    square = SQUARE if size is None else size / n
    side = round(square * n)
    image = Image.new("RGB", (side + 4, side + 4), "#ffffff")
    draw = ImageDraw.Draw(image)
    font = ImageFont.load_default(size=max(8, round(11 * square / SQUARE)))
    for row in range(n):
        for col in range(n):
            x, y = 2 + col * square, 2 + row * square
            region = grid.region(row, col)
            draw.rectangle([x, y, x + square, y + square], fill=region_color(region))
            draw.text(
                (x + square * 0.13, y + square * 0.05),
                grid.names[region],
                fill=INK["letter"],
                font=font,
            )
    width = max(2, round(3 * square / SQUARE))
    for a, b, c, d in _borders(grid):
        draw.line(
            [2 + a * square, 2 + b * square, 2 + c * square, 2 + d * square],
            fill=INK["border"],
            width=width,
        )
    draw.rectangle([0, 0, side + 3, side + 3], outline=INK["border"], width=width + 1)
    for row, col in _marks(columns, stars):
        box_left, box_top, box_size = QUEEN_BOX
        _queen(
            draw,
            2 + (col + box_left) * square,
            2 + (row + box_top) * square,
            square * box_size,
            INK["queen"],
            "#ffffff",
        )
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def rich_puzzle(grid: Grid, columns: Columns | None = None) -> object:
    """The grid as rich Text: each cell its region's letter on its region's colour, queens ♛."""
    from rich.text import Text  # lazy: display (rich)

    text = Text(no_wrap=True, overflow="crop")
    queens = set(enumerate(columns or ()))
    for row in range(grid.n):
        if row:
            text.append("\n")
        for col in range(grid.n):
            background = region_color(grid.region(row, col))
            if (row, col) in queens:
                text.append(f"{QUEEN_GLYPH} ", style=f"bold #000000 on {background}")
            else:
                text.append(f"{grid.name(row, col)} ", style=f"#6a6a6a on {background}")
    return text


def ansi_puzzle(grid: Grid, columns: Columns | None = None) -> str:
    """``rich_puzzle`` as a string with terminal escape codes (truecolor)."""
    from rich.console import Console  # lazy: display (rich)

    console = Console(file=io.StringIO(), force_terminal=True, color_system="truecolor",
                      no_color=False, width=2 * grid.n + 2)  # fmt: skip
    with console.capture() as capture:
        console.print(rich_puzzle(grid, columns), end="")
    return capture.get()
